/* Optimized multiplication: the left-to-right comb with 4-bit windows (Lopez-Dahab; HMV
 * Algorithm 2.36), then the fast NIST reduction. A table of the 16 products u(z) * b(z),
 * deg u < 4, is built once; then, for each nibble position from the top, every word of a adds
 * the table entry its nibble selects at its word offset, and the accumulator shifts 4 bits.
 *
 * Specialised per field (n = 6 or 8 words, a constant after inlining) and written with named
 * accumulator words so the 2n-word accumulator stays in registers. An entry has n words: b has
 * m bits and u 4, so u b has fewer than 32 n bits. Word n - 1 of a has only m - 32 (n - 1) bits,
 * so it adds its entries for its low nibbles only.
 * No secret-dependent branches. The table index is a nibble of a, but every product first loads
 * all the table's cache lines (gf2m_internal.h, VC_GF2M_TABLE_ALIGN), so on this core the
 * cycles do not depend on a; a cache an attacker shares and probes within a product would
 * still see the index. */
#include "gf2m_internal.h"

/* The core stalls about 2 cycles when an instruction uses the load just before it. GCC's
 * pre-allocation scheduler, register-pressure aware so the accumulator stays in registers,
 * spaces the table loads from their XORs; without reassociation, which merges the rows' XORs
 * into chains of load, XOR, load, XOR. Measured: 116 -> 1 load-use pairs at 163 bits,
 * 237 -> 37 at 233. */
#define SCHED __attribute__((optimize("sched-pressure", "no-tree-reassoc")))

/* t is word-major (t[16 j + u] is word j of entry u, so entry u starts at byte 4u): entry u is
 * the sum of b z^i over the bits i of u, each b z^i a shift of b's words. */
static VC_INLINE void table(uint32_t *t, const uint32_t *b, const int n)
{
  uint32_t lo = 0;
  for (int j = 0; j < n; j++) {
    uint32_t b0 = b[j], b1 = b0 << 1 | lo >> 31, b2 = b0 << 2 | lo >> 30, b3 = b0 << 3 | lo >> 29;
    uint32_t *d = t + 16 * j;
    lo = b0;
    d[0] = 0;         d[1] = b0;             d[2] = b1;             d[3] = b1 ^ b0;
    d[4] = b2;        d[5] = b2 ^ b0;        d[6] = b2 ^ b1;        d[7] = b2 ^ b1 ^ b0;
    d[8] = b3;        d[9] = b3 ^ b0;        d[10] = b3 ^ b1;       d[11] = b3 ^ b1 ^ b0;
    d[12] = b3 ^ b2;  d[13] = b3 ^ b2 ^ b0;  d[14] = b3 ^ b2 ^ b1;  d[15] = b3 ^ b2 ^ b1 ^ b0;
  }
}

/* Word i of a adds the entry its nibble at k selects to the accumulator words x0.. at i. */
#define ROW(i, x0, x1, x2, x3, x4, x5, x6, x7)                                               \
  {                                                                                          \
    const uint32_t *p = (const uint32_t *)((const uint8_t *)t + (((a[i] >> k) << 2) & 60)); \
    x0 ^= p[0]; x1 ^= p[16]; x2 ^= p[32]; x3 ^= p[48]; x4 ^= p[64]; x5 ^= p[80];            \
    if (n > 6) {                                                                             \
      x6 ^= p[96]; x7 ^= p[112];                                                             \
    }                                                                                        \
  }
#define SH(j, k) c##j = (c##j << 4) | (c##k >> 28)

/* Loads every line of the table (gf2m_internal.h, VC_GF2M_TABLE_ALIGN). */
static VC_INLINE void load_lines(const uint32_t *t, const int n)
{
  const volatile uint32_t *v = t;
  for (int i = 0; i < 16 * n; i += 8)
    (void)v[i];
}

/* c = a b (unreduced, 2n - 1 words) with the table t of b. */
static VC_INLINE void comb(uint32_t *c, const uint32_t *t, const uint32_t *a, const int n)
{
  /* The last nibble position where a's top word has bits. */
  const int ktop = n > 6 ? 8 : 0;
  uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = 0, c9 = 0,
           c10 = 0, c11 = 0, c12 = 0, c13 = 0, c14 = 0;
  for (int k = 28;; k -= 4) {
    ROW(0, c0, c1, c2, c3, c4, c5, c6, c7)
    ROW(1, c1, c2, c3, c4, c5, c6, c7, c8)
    ROW(2, c2, c3, c4, c5, c6, c7, c8, c9)
    ROW(3, c3, c4, c5, c6, c7, c8, c9, c10)
    ROW(4, c4, c5, c6, c7, c8, c9, c10, c11)
    if (n > 6) {
      ROW(5, c5, c6, c7, c8, c9, c10, c11, c12)
      ROW(6, c6, c7, c8, c9, c10, c11, c12, c13)
    }
    if (k <= ktop) {
      if (n > 6)
        ROW(7, c7, c8, c9, c10, c11, c12, c13, c14)
      else
        ROW(5, c5, c6, c7, c8, c9, c10, c11, c12)
    }
    if (!k)
      break;
    if (n > 6) {
      SH(14, 13); SH(13, 12); SH(12, 11); SH(11, 10);
    }
    SH(10, 9); SH(9, 8); SH(8, 7); SH(7, 6); SH(6, 5); SH(5, 4); SH(4, 3); SH(3, 2); SH(2, 1);
    SH(1, 0);
    c0 <<= 4;
  }
  c[0] = c0; c[1] = c1; c[2] = c2; c[3] = c3; c[4] = c4; c[5] = c5; c[6] = c6; c[7] = c7;
  c[8] = c8; c[9] = c9; c[10] = c10;
  if (n > 6) {
    c[11] = c11; c[12] = c12; c[13] = c13; c[14] = c14;
  }
}

void vc_gf2m_comb_table(const vc_gf2m_field *f, uint32_t *t, const vc_gf2m b)
{
  table(t, b, f->m == 163 ? 6 : 8);
}

SCHED void vc_gf2m_mul_table(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const uint32_t *t)
{
  uint32_t c[2 * VC_GF2M_WORDS - 1];
  if (f->m == 163) {
    load_lines(t, 6);
    comb(c, t, a, 6);
    gf2m_reduce163(r, c);
  } else {
    load_lines(t, 8);
    comb(c, t, a, 8);
    gf2m_reduce233(r, c);
  }
}

void vc_gf2m_mul_comb(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  uint32_t t[VC_GF2M_TABLE] VC_GF2M_TABLE_ALIGN;
  vc_gf2m_comb_table(f, t, b);
  vc_gf2m_mul_table(f, r, a, t);
}
