/* The carry-less multiply unit's start-up self-test (builds with CLMUL=1): every operation on
 * the instruction against its software form (the C emulation, which the host tests hold to the
 * unit's golden model), on edge operands and a DRBG sweep, and the field products and squares on
 * the unit against the comb and the table, and GHASH on the unit against its constant-time
 * software form and the emulation, over DRBG keys and lengths. One record, "clmul"; none in a build without the
 * unit. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "clmul.h"
#include "vexcrypt/gcm.h"
#include "vexcrypt/gf2m.h"

#if VC_HAVE_CLMUL
static const uint32_t edges[] = {0, 1, 0xFFFFFFFFu, 0x80000000u, 0x55555555u, 0xAAAAAAAAu, 0x00010000u, 0x0000FFFFu};
#define NEDGES (sizeof(edges) / sizeof(edges[0]))

/* One pair through every operation: the instruction and the emulation agree. */
static int same(uint32_t a, uint32_t b)
{
  return vc_clmul_hw(a, b) == vc_clmul_sw(a, b) && vc_clmulh_hw(a, b) == vc_clmulh_sw(a, b) &&
         vc_clmulr_hw(a, b) == vc_clmulr_sw(a, b) &&
         VC_CFU_HW(VC_CFU_SPREAD, 0, a, b) == vc_cfu_sw(VC_CFU_SPREAD, 0, a, b) &&
         VC_CFU_HW(VC_CFU_SPREAD, 1, a, b) == vc_cfu_sw(VC_CFU_SPREAD, 1, a, b);
}

static uint32_t draw32(vc_drbg *rng)
{
  uint8_t b[4];
  vc_drbg_generate(rng, b, 4);
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void selftest_clmul(int quick, struct tally *t)
{
  static const vc_gf2m_field *const fields[] = {&vc_gf2m_163, &vc_gf2m_233};
  struct check c = {"clmul", 0, 0, NULL};
  vc_drbg rng;
  vc_drbg_init(&rng, (const uint8_t *)"vexcrypt/selftest/clmul", 23);
  for (size_t i = 0; i < NEDGES; i++)
    for (size_t j = 0; j < NEDGES; j++)
      check_result(&c, same(edges[i], edges[j]), "clmul instructions, edge operands");
  for (int i = 0; i < (quick ? 16 : 256); i++) {
    uint32_t a = draw32(&rng), b = draw32(&rng);
    check_result(&c, same(a, b), "clmul instructions, DRBG operands");
  }
  for (size_t i = 0; i < 2; i++) {
    const vc_gf2m_field *f = fields[i];
    uint8_t buf[32];
    size_t len = vc_gf2m_bytes(f);
    for (int j = 0; j < (quick ? 2 : 16); j++) {
      vc_gf2m a, b, r0, r1, r2;
      for (int k = 0; k < 2; k++) {
        vc_drbg_generate(&rng, buf, len);
        buf[0] &= (uint8_t)(0xFF >> (8 * len - f->m));
        vc_gf2m_from_bytes(f, k ? b : a, buf, len);
      }
      vc_gf2m_mul_clmul_hw(f, r0, a, b);
      vc_gf2m_mul_comb(f, r1, a, b);
      vc_gf2m_mul_clmul_sw(f, r2, a, b);
      int ok = vc_gf2m_equal(f, r0, r1) && vc_gf2m_equal(f, r0, r2);
      vc_gf2m_sqr_clmul_hw(f, r0, a);
      vc_gf2m_sqr_spread(f, r1, a);
      ok &= vc_gf2m_equal(f, r0, r1);
      check_result(&c, ok, f->m == 163 ? "GF(2^163) on the unit" : "GF(2^233) on the unit");
    }
  }
  for (int j = 0; j < (quick ? 2 : 16); j++) {
    static uint8_t data[100];
    uint8_t h[16], y0[16], y1[16], y2[16];
    vc_ghash_key k;
    size_t len = draw32(&rng) % (sizeof(data) + 1);
    vc_drbg_generate(&rng, h, 16);
    vc_drbg_generate(&rng, y0, 16);
    vc_drbg_generate(&rng, data, len);
    memcpy(y1, y0, 16);
    memcpy(y2, y0, 16);
    vc_ghash_init(&k, h);
    vc_ghash_clmul_hw(&k, y0, data, len);
    vc_ghash_ct(&k, y1, data, len);
    vc_ghash_clmul_sw(&k, y2, data, len);
    check_result(&c, !memcmp(y0, y1, 16) && !memcmp(y0, y2, 16), "GHASH on the unit");
  }
  check_report(&c, t);
}
#else
void selftest_clmul(int quick, struct tally *t)
{
  (void)quick;
  (void)t;
}
#endif
