/* Optimized multiplication: the left-to-right comb with 4-bit windows (Lopez-Dahab; HMV
 * Algorithm 2.36), then the fast NIST reduction. A table of the 16 products u(z) * b(z),
 * deg u < 4, is built once; then, for each nibble position from the top, every word of a adds
 * the table entry its nibble selects at its word offset, and the accumulator shifts 4 bits.
 *
 * Specialised per field (n = 6 or 8 words, a constant after inlining) and written with named
 * accumulator words so the 2n-word accumulator stays in registers.
 * No secret-dependent branches; the table index is a nibble of a (the usual caveat of
 * table-based code on cores whose data cache an attacker shares). */
#include "gf2m_internal.h"

#define W (VC_GF2M_WORDS + 1)

/* GCC's pre-allocation scheduler hoists the table loads and spills the accumulator (about 25 %
 * more instructions on rv32); without it the accumulator stays in registers. */
#define NO_SCHED __attribute__((optimize("no-schedule-insns")))

/* Word i of a selects an entry (t is word-major: t[j][u] is word j of entry u, so the byte
 * offset of the entry is 4u) and adds its n + 1 words to the accumulator words x0.. at i. */
#define ROW(i, x0, x1, x2, x3, x4, x5, x6, x7, x8)                                  \
  if ((i) < n) {                                                                    \
    const uint32_t *p = (const uint32_t *)((const uint8_t *)t + (((a[i] >> k) << 2) & 60)); \
    x0 ^= p[0]; x1 ^= p[16]; x2 ^= p[32]; x3 ^= p[48]; x4 ^= p[64]; x5 ^= p[80];   \
    x6 ^= p[96];                                                                    \
    if (n > 6) {                                                                    \
      x7 ^= p[112]; x8 ^= p[128];                                                   \
    }                                                                               \
  }
#define SH(j, k) c##j = (c##j << 4) | (c##k >> 28)

static inline __attribute__((always_inline)) NO_SCHED void comb(uint32_t *out, const uint32_t *a,
                                                       const uint32_t *b, const int n)
{
  uint32_t t[W][16];
  /* Entry u = u(z) b(z): entry 2u = (entry u) z, entry 2u+1 = entry 2u + b. */
  for (int j = 0; j <= n; j++) {
    t[j][0] = 0;
    t[j][1] = j < n ? b[j] : 0;
  }
  for (int u = 2; u < 16; u += 2) {
    /* Word j of an entry is 16 words after word j - 1: constant offsets from two pointers. */
    const uint32_t *h = &t[0][u / 2];
    uint32_t *d = &t[0][u];
    d[0] = h[0] << 1;
    d[1] = d[0] ^ t[0][1];
#pragma GCC unroll 9
    for (int j = 1; j <= n; j++) {
      d[16 * j] = (h[16 * j] << 1) | (h[16 * (j - 1)] >> 31);
      d[16 * j + 1] = d[16 * j] ^ t[j][1];
    }
  }
  uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = 0, c9 = 0,
           c10 = 0, c11 = 0, c12 = 0, c13 = 0, c14 = 0, c15 = 0;
  for (int k = 28;; k -= 4) {
    ROW(0, c0, c1, c2, c3, c4, c5, c6, c7, c8)
    ROW(1, c1, c2, c3, c4, c5, c6, c7, c8, c9)
    ROW(2, c2, c3, c4, c5, c6, c7, c8, c9, c10)
    ROW(3, c3, c4, c5, c6, c7, c8, c9, c10, c11)
    ROW(4, c4, c5, c6, c7, c8, c9, c10, c11, c12)
    ROW(5, c5, c6, c7, c8, c9, c10, c11, c12, c13)
    ROW(6, c6, c7, c8, c9, c10, c11, c12, c13, c14)
    ROW(7, c7, c8, c9, c10, c11, c12, c13, c14, c15)
    if (!k)
      break;
    SH(15, 14); SH(14, 13); SH(13, 12); SH(12, 11); SH(11, 10); SH(10, 9); SH(9, 8); SH(8, 7);
    SH(7, 6); SH(6, 5); SH(5, 4); SH(4, 3); SH(3, 2); SH(2, 1); SH(1, 0);
    c0 <<= 4;
  }
  out[0] = c0; out[1] = c1; out[2] = c2; out[3] = c3; out[4] = c4; out[5] = c5; out[6] = c6;
  out[7] = c7; out[8] = c8; out[9] = c9; out[10] = c10; out[11] = c11;
  if (n > 6) {
    out[12] = c12; out[13] = c13; out[14] = c14; out[15] = c15;
  }
}

NO_SCHED void vc_gf2m_mul_comb(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  uint32_t c[2 * VC_GF2M_WORDS];
  if (f->m == 163) {
    comb(c, a, b, 6);
    gf2m_reduce163(r, c);
  } else {
    comb(c, a, b, 8);
    gf2m_reduce233(r, c);
  }
}
