/* Internals of the binary-field layer shared by its variants (not part of the public API). */
#ifndef VEXCRYPT_GF2M_INTERNAL_H
#define VEXCRYPT_GF2M_INTERNAL_H

#include "vexcrypt/gf2m.h"

/* Fast reduction for the NIST polynomials (Hankerson-Menezes-Vanstone, Algorithms 2.41 and
 * 2.42): c holds a product of 2 * f->words words (c is clobbered); r gets c mod f. Each word
 * above m folds into the words below it by shifts of the polynomial's middle terms. */
static inline void gf2m_reduce163(uint32_t *r, uint32_t *c)
{
  for (int i = 10; i >= 6; i--) {
    uint32_t t = c[i];
    c[i - 6] ^= t << 29;
    c[i - 5] ^= (t << 4) ^ (t << 3) ^ t ^ (t >> 3);
    c[i - 4] ^= (t >> 28) ^ (t >> 29);
  }
  uint32_t t = c[5] >> 3;
  c[0] ^= (t << 7) ^ (t << 6) ^ (t << 3) ^ t;
  c[1] ^= (t >> 25) ^ (t >> 26);
  for (int i = 0; i < 5; i++)
    r[i] = c[i];
  r[5] = c[5] & 0x7;
}

static inline void gf2m_reduce233(uint32_t *r, uint32_t *c)
{
  for (int i = 15; i >= 8; i--) {
    uint32_t t = c[i];
    c[i - 8] ^= t << 23;
    c[i - 7] ^= t >> 9;
    c[i - 5] ^= t << 1;
    c[i - 4] ^= t >> 31;
  }
  uint32_t t = c[7] >> 9;
  c[0] ^= t;
  c[2] ^= t << 10;
  c[3] ^= t >> 22;
  for (int i = 0; i < 7; i++)
    r[i] = c[i];
  r[7] = c[7] & 0x1FF;
}

/* The reduction for f (163 or 233): the optimized variants' common last step. */
void vc_gf2m_reduce(const vc_gf2m_field *f, vc_gf2m r, uint32_t *c);

/* The inversions' start (a, f): u = a and v = f(z) on VC_GF2M_WORDS + 1 words (f has degree
 * m). Returns VC_ERR_NULL or VC_ERR_NOINV (a = 0), else VC_OK. */
int vc_gf2m_inv_start(const vc_gf2m_field *f, const vc_gf2m r, const vc_gf2m a, uint32_t *u,
                      uint32_t *v);
/* Degree of a[0..n) (-1 for zero). Variable time. */
int vc_gf2m_deg_var(const uint32_t *a, int n);
/* a ^= b * z^s on n words (the bits shifted beyond n words are dropped). Variable time in s. */
void vc_gf2m_addshift_var(uint32_t *a, const uint32_t *b, int n, int s);

#endif
