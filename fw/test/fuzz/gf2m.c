/* The binary-field variants against each other (gf2m.h): shift-and-add, comb and the clmul
 * unit's emulation multiply alike; the table, the bit spreading, the emulation and
 * self-multiplication square
 * alike; the Euclidean, almost-inverse and Itoh-Tsujii inverses agree and invert; byte
 * decoding refuses bits at or above m and round-trips; a solved quadratic solves. */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/gf2m.h"

/* An element from up to the field's bytes; VC_ERR_RANGE (checked) for bits at or above m,
 * which the caller then clears to go on. */
static void element(struct fz *f, const vc_gf2m_field *F, vc_gf2m a)
{
  uint8_t b[32] = {0}, back[32];
  const uint8_t *p;
  size_t n = vc_gf2m_bytes(F), len = fz_field(f, &p, n);
  memcpy(b + n - len, p, len);
  int high = (b[0] >> (F->m % 8)) != 0;
  FZ_CHECK(vc_gf2m_from_bytes(F, a, b, n) == (high ? VC_ERR_RANGE : VC_OK));
  if (high) {
    b[0] &= (uint8_t)((1u << (F->m % 8)) - 1);
    FZ_CHECK(vc_gf2m_from_bytes(F, a, b, n) == VC_OK);
  }
  FZ_CHECK(vc_gf2m_to_bytes(F, a, back, n) == VC_OK && !memcmp(back, b, n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  const vc_gf2m_field *F = fz_u8(&f) & 1 ? &vc_gf2m_233 : &vc_gf2m_163;
  vc_gf2m a, b, r[3], s[4], t;
  element(&f, F, a);
  element(&f, F, b);
  vc_gf2m_mul_shiftadd(F, r[0], a, b);
  vc_gf2m_mul_comb(F, r[1], a, b);
  vc_gf2m_mul_clmul_sw(F, r[2], a, b);
  FZ_CHECK(vc_gf2m_equal(F, r[0], r[1]) && vc_gf2m_equal(F, r[0], r[2]));
  vc_gf2m_mul_shiftadd(F, s[0], a, a);
  vc_gf2m_sqr_tab_var(F, s[1], a);
  vc_gf2m_sqr_clmul_sw(F, s[2], a);
  vc_gf2m_sqr_spread(F, s[3], a);
  FZ_CHECK(vc_gf2m_equal(F, s[0], s[1]) && vc_gf2m_equal(F, s[0], s[2]) && vc_gf2m_equal(F, s[0], s[3]));

  int rc[3] = {vc_gf2m_inv_euclid_var(F, r[0], a), vc_gf2m_inv_almost_var(F, r[1], a),
               vc_gf2m_inv_itoh(F, r[2], a)};
  for (int i = 0; i < 3; i++)
    FZ_CHECK(rc[i] == (vc_gf2m_is_zero(F, a) ? VC_ERR_NOINV : VC_OK));
  if (!rc[0]) {
    FZ_CHECK(vc_gf2m_equal(F, r[0], r[1]) && vc_gf2m_equal(F, r[0], r[2]));
    vc_gf2m_mul_comb(F, t, a, r[0]);
    memset(s[0], 0, sizeof(s[0]));
    s[0][0] = 1;
    FZ_CHECK(vc_gf2m_equal(F, t, s[0]));
  }

  /* z^2 + z = b when Tr(b) = 0, in every set; VC_ERR_RANGE when Tr(b) = 1. */
  for (int set = VC_EC_BASIC; set < VC_EC_NSETS; set++) {
    int q = vc_gf2m_solve_quadratic(F, (vc_ec_set)set, r[0], b);
    FZ_CHECK(q == (vc_gf2m_trace(F, b) ? VC_ERR_RANGE : VC_OK));
    if (!q) {
      vc_gf2m_sqr_spread(F, t, r[0]);
      vc_gf2m_add(F, t, t, r[0]);
      FZ_CHECK(vc_gf2m_equal(F, t, b));
    }
  }
  return 0;
}
