/* The carry-less multiply unit's software forms and dispatching forms (clmul.h). The
 * emulation follows hw/clmul/model.py, the unit's golden model: the same results for every
 * function id. */
#include "clmul.h"

/* The 64-bit carry-less product of two words, bit by bit (no secret-dependent branch). */
static uint64_t clmul64(uint32_t a, uint32_t b)
{
  uint64_t r = 0, x = a;
  for (int i = 0; i < 32; i++)
    r ^= (x << i) & (0u - (uint64_t)((b >> i) & 1));
  return r;
}

uint32_t vc_clmul_sw(uint32_t a, uint32_t b) { return (uint32_t)clmul64(a, b); }
uint32_t vc_clmulh_sw(uint32_t a, uint32_t b) { return (uint32_t)(clmul64(a, b) >> 32); }
uint32_t vc_clmulr_sw(uint32_t a, uint32_t b) { return (uint32_t)(clmul64(a, b) >> 31); }

#if VC_HAVE_CLMUL
#define DISPATCH(name) \
  uint32_t name(uint32_t a, uint32_t b) { return vc_accel_on(VC_ACCEL_CLMUL) ? name##_hw(a, b) : name##_sw(a, b); }
#else
#define DISPATCH(name) \
  uint32_t name(uint32_t a, uint32_t b) { return name##_sw(a, b); }
#endif
DISPATCH(vc_clmul)
DISPATCH(vc_clmulh)
DISPATCH(vc_clmulr)

/* ---- the emulated unit ---- */

static struct {
  uint32_t a[8], b[8];
  uint32_t n;                       /* 1..8 */
  int cache_ok;                     /* hi is the high word of column col */
  uint32_t col, hi;
} u = {{0}, {0}, 8, 0, 0, 0};

static int empty(uint32_t c)
{
  return c + 1 >= 2 * u.n;
}

static uint64_t column(uint32_t c)
{
  uint64_t r = 0;
  uint32_t lo = c + 1 > u.n ? c + 1 - u.n : 0, hi = c < u.n ? c : u.n - 1;
  for (uint32_t i = lo; i <= hi; i++)
    r ^= clmul64(u.a[i], u.b[c - i]);
  return r;
}

static uint32_t spread16(uint32_t h)
{
  uint32_t r = 0;
  for (int i = 0; i < 16; i++)
    r |= ((h >> i) & 1) << (2 * i);
  return r;
}

uint32_t vc_cfu_sw(uint32_t funct3, uint32_t funct7, uint32_t rs1, uint32_t rs2)
{
  switch (funct3) {
  case VC_CFU_ZBC:
    if (funct7 <= VC_ZBC_CLMULR)
      u.cache_ok = 0;                 /* the product takes the unit's accumulator */
    if (funct7 == VC_ZBC_CLMUL)
      return vc_clmul_sw(rs1, rs2);
    if (funct7 == VC_ZBC_CLMULH)
      return vc_clmulh_sw(rs1, rs2);
    if (funct7 == VC_ZBC_CLMULR)
      return vc_clmulr_sw(rs1, rs2);
    return 0;
  case VC_CFU_LDA:
  case VC_CFU_LDB:
    if (funct7 < 8 && funct7 % 2 == 0) {
      uint32_t *r = funct3 == VC_CFU_LDA ? u.a : u.b;
      r[funct7] = rs1;
      r[funct7 + 1] = rs2;
      u.cache_ok = 0;
    }
    return 0;
  case VC_CFU_LEN:
    if (funct7 >= 1 && funct7 <= 8) {
      u.n = funct7;
      u.cache_ok = 0;
    }
    return 0;
  case VC_CFU_PROD: {
    uint32_t k = funct7, carry = 0, low = 0;
    if (k >= 16)
      return 0;
    if (k > 0 && !empty(k - 1)) {
      if (u.cache_ok && u.col == k - 1) {
        carry = u.hi;
      } else {
        carry = (uint32_t)(column(k - 1) >> 32);
        u.cache_ok = 1;
        u.col = k - 1;
        u.hi = carry;
      }
    }
    if (!empty(k)) {
      uint64_t c = column(k);
      low = (uint32_t)c;
      u.cache_ok = 1;
      u.col = k;
      u.hi = (uint32_t)(c >> 32);
    }
    return low ^ carry;
  }
  case VC_CFU_SPREAD:
    return funct7 <= 1 ? spread16(rs1 >> (16 * funct7) & 0xFFFF) : 0;
  default:
    return 0;
  }
}

