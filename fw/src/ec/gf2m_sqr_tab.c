/* Optimized squaring: squaring is linear in GF(2)[z], so a^2 spreads a's bits to the even
 * positions; a 256-entry table spreads a byte to 16 bits (HMV Algorithm 2.39), then the fast
 * reduction. Table indices are bytes of a (see gf2m_mul_comb.c on table-based code). */
#include "gf2m_internal.h"

static VC_LUT(gf2m) const uint16_t spread[256] = {
#define S1(x) (uint16_t)(((x) & 1) | ((x) & 2) << 1 | ((x) & 4) << 2 | ((x) & 8) << 3 | \
                         ((x) & 16) << 4 | ((x) & 32) << 5 | ((x) & 64) << 6 | ((x) & 128) << 7)
#define S4(x) S1(x), S1(x + 1), S1(x + 2), S1(x + 3)
#define S16(x) S4(x), S4(x + 4), S4(x + 8), S4(x + 12)
#define S64(x) S16(x), S16(x + 16), S16(x + 32), S16(x + 48)
  S64(0), S64(64), S64(128), S64(192)
#undef S64
#undef S16
#undef S4
#undef S1
};

/* c = a^2 unreduced, 2n - 1 words: a's top word has at most 16 bits (m - 32 (n - 1) is 3 or
 * 9), so it spreads into one word. */
static VC_INLINE void expand(uint32_t *c, const uint32_t *a, const int n)
{
#pragma GCC unroll 7
  for (int i = 0; i < n - 1; i++) {
    uint32_t w = a[i];
    c[2 * i] = spread[w & 0xFF] | (uint32_t)spread[(w >> 8) & 0xFF] << 16;
    c[2 * i + 1] = spread[(w >> 16) & 0xFF] | (uint32_t)spread[w >> 24] << 16;
  }
  uint32_t w = a[n - 1];
  c[2 * n - 2] = n > 6 ? spread[w & 0xFF] | (uint32_t)spread[w >> 8] << 16 : spread[w];
}

void vc_gf2m_sqr_tab(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  uint32_t c[2 * VC_GF2M_WORDS - 1];
  if (f->m == 163) {
    expand(c, a, 6);
    gf2m_reduce163(r, c);
  } else {
    expand(c, a, 8);
    gf2m_reduce233(r, c);
  }
}
