/* Internals of the binary-field layer shared by its variants (not part of the public API). */
#ifndef VEXCRYPT_GF2M_INTERNAL_H
#define VEXCRYPT_GF2M_INTERNAL_H

#include "clmul.h"
#include "vexcrypt/gf2m.h"
#include "../internal.h"

/* Fast reduction for the NIST polynomials (Hankerson-Menezes-Vanstone, Algorithms 2.41 and
 * 2.42): c holds a product of 2 * f->words - 1 words (a product of two elements has degree at
 * most 2m - 2; c is clobbered); r gets c mod f. Each word above m folds into the words below it
 * by shifts of the polynomial's middle terms. Unrolled: every index is a constant. */
static VC_INLINE void gf2m_reduce163(uint32_t *r, uint32_t *c)
{
#pragma GCC unroll 5
  for (int i = 10; i >= 6; i--) {
    uint32_t t = c[i];
    c[i - 6] ^= t << 29;
    c[i - 5] ^= (t << 4) ^ (t << 3) ^ t ^ (t >> 3);
    c[i - 4] ^= (t >> 28) ^ (t >> 29);
  }
  uint32_t t = c[5] >> 3;
  r[0] = c[0] ^ (t << 7) ^ (t << 6) ^ (t << 3) ^ t;
  r[1] = c[1] ^ (t >> 25) ^ (t >> 26);
  r[2] = c[2];
  r[3] = c[3];
  r[4] = c[4];
  r[5] = c[5] & 0x7;
}

static VC_INLINE void gf2m_reduce233(uint32_t *r, uint32_t *c)
{
#pragma GCC unroll 7
  for (int i = 14; i >= 8; i--) {
    uint32_t t = c[i];
    c[i - 8] ^= t << 23;
    c[i - 7] ^= t >> 9;
    c[i - 5] ^= t << 1;
    c[i - 4] ^= t >> 31;
  }
  uint32_t t = c[7] >> 9;
  r[0] = c[0] ^ t;
  r[1] = c[1];
  r[2] = c[2] ^ t << 10;
  r[3] = c[3] ^ t >> 22;
  r[4] = c[4];
  r[5] = c[5];
  r[6] = c[6];
  r[7] = c[7] & 0x1FF;
}

/* The comb multiplication in two steps (gf2m_mul_comb.c), for products by an operand used
 * more than once (the ladder's x and sqrt(b)): t = the table of b (VC_GF2M_TABLE words), then
 * r = a b from t. */
#define VC_GF2M_TABLE (16 * VC_GF2M_WORDS)
/* Tables are 32-byte aligned, so each data-cache line holds 8 entries of one row, and a product
 * loads every line of its table (one word each) before the reads a's nibbles index: which lines
 * it loads, and what they evict, does not depend on a. Without that load a sparse a (2^162 + 1:
 * every nibble below 8) left the rows' upper lines out, and Itoh-Tsujii's cycles depended on
 * its input (vexrun ct: |t| 4.5 at 400 calls). */
#if defined(__GNUC__)
#define VC_GF2M_TABLE_ALIGN __attribute__((aligned(32)))
#else
#define VC_GF2M_TABLE_ALIGN
#endif
void vc_gf2m_comb_table(const vc_gf2m_field *f, uint32_t *t, const vc_gf2m b);
void vc_gf2m_mul_table(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const uint32_t *t);

/* A prepared operand of the optimized set: b and its comb table. vc_gf2m_mul_by (gf2m.c) is
 * vc_gf2m_mul's optimized branch through the table: the same product, counted the same. */
typedef struct {
  vc_gf2m b;
  uint32_t t[VC_GF2M_TABLE] VC_GF2M_TABLE_ALIGN;
} vc_gf2m_prep;
void vc_gf2m_prepare(const vc_gf2m_field *f, vc_gf2m_prep *p, const vc_gf2m b);
void vc_gf2m_mul_by(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m_prep *p);

/* The optimized set's product and square as the dispatching forms make them (on the clmul unit
 * when the build has it and it is on; else the comb, through the prepared table t of b when
 * not NULL, and the bit-spreading squaring), without counting the call: the operations inside
 * another operation (Itoh-Tsujii's inversion) are not the caller's. Inline, so that the
 * inversion (gf2m_inv_itoh.c) does not call back into the dispatching forms (gf2m.c), and these
 * make no more calls than before. */
static VC_INLINE void vc_gf2m_mul_opt(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a,
                                      const vc_gf2m b, const uint32_t *t)
{
#if VC_HAVE_CLMUL
  if (vc_accel_on(VC_ACCEL_CLMUL)) {
    vc_gf2m_mul_clmul_hw(f, r, a, b);
    return;
  }
#endif
  if (t)
    vc_gf2m_mul_table(f, r, a, t);
  else
    vc_gf2m_mul_comb(f, r, a, b);
}

static VC_INLINE void vc_gf2m_sqr_opt(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
#if VC_HAVE_CLMUL
  if (vc_accel_on(VC_ACCEL_CLMUL)) {
    vc_gf2m_sqr_clmul_hw(f, r, a);
    return;
  }
#endif
  vc_gf2m_sqr_spread(f, r, a);
}

/* The inversions' steps (gf2m_common.c). Their start (a, f): u = a and v = f(z) on
 * VC_GF2M_WORDS + 1 words (f has degree m). Returns VC_ERR_NULL or VC_ERR_NOINV (a = 0), else
 * VC_OK. */
int vc_gf2m_inv_start(const vc_gf2m_field *f, const vc_gf2m r, const vc_gf2m a, uint32_t *u,
                      uint32_t *v);
/* Degree of a[0..n) (-1 for zero). Variable time. */
int vc_gf2m_deg_var(const uint32_t *a, int n);
/* a ^= b * z^s on n words (the bits shifted beyond n words are dropped). Variable time in s. */
void vc_gf2m_addshift_var(uint32_t *a, const uint32_t *b, int n, int s);

#endif
