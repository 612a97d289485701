/* Squaring: linear in GF(2)[z], so a^2 spreads a's bits to the even positions (bit i to bit 2i),
 * then the fast reduction. Two ways to spread 16 bits to 32:
 *   spread   shifts and masks (4 steps, each doubling the gaps), no memory access: the optimized
 *            set's, constant time on any core;
 *   tab_var  a 256-entry table per byte (HMV Algorithm 2.39, seed 001's): its reads are indexed
 *            by a's bytes, and on this core's direct-mapped data cache they evict other data by
 *            the value (the binary curves' EC-DH varied by about 1,500 cycles with the scalar
 *            while it squared this way: docs/ct.md). */
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

/* x < 2^16 spread to 32 bits. */
static VC_INLINE uint32_t spread16(uint32_t x, const int tab)
{
  if (tab)
    return spread[x & 0xFF] | (uint32_t)spread[x >> 8] << 16;
  x = (x | x << 8) & 0x00FF00FFu;
  x = (x | x << 4) & 0x0F0F0F0Fu;
  x = (x | x << 2) & 0x33333333u;
  return (x | x << 1) & 0x55555555u;
}

/* c = a^2 unreduced, 2n - 1 words: a's top word has at most 16 bits (m - 32 (n - 1) is 3 or
 * 9), so it spreads into one word. Kept a loop: unrolled (1.6 KB) it shared instruction-cache
 * sets with Itoh-Tsujii's loop, whose inversion took 88.6 k cycles instead of 72.6 k. */
static VC_INLINE void expand(uint32_t *c, const uint32_t *a, const int n, const int tab)
{
  for (int i = 0; i < n - 1; i++) {
    c[2 * i] = spread16(a[i] & 0xFFFF, tab);
    c[2 * i + 1] = spread16(a[i] >> 16, tab);
  }
  c[2 * n - 2] = spread16(a[n - 1], tab);
}

static VC_INLINE void sqr(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const int tab)
{
  uint32_t c[2 * VC_GF2M_WORDS - 1];
  if (f->m == 163) {
    expand(c, a, 6, tab);
    gf2m_reduce163(r, c);
  } else {
    expand(c, a, 8, tab);
    gf2m_reduce233(r, c);
  }
}

void vc_gf2m_sqr_spread(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  sqr(f, r, a, 0);
}

void vc_gf2m_sqr_tab_var(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  sqr(f, r, a, 1);
}
