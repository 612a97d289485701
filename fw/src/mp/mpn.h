/* Limb-array arithmetic under vc_mp and the Montgomery code (not part of the public API).
 * Little-endian 32-bit limbs; lengths in limbs; r may be the same array as an input (r == a
 * exactly, never a shifted overlap) unless stated otherwise. Carries and borrows are returned. */
#ifndef VEXCRYPT_MPN_H
#define VEXCRYPT_MPN_H

#include "../internal.h"
#include "vexcrypt/mp.h"

uint32_t vc_mpn_add_n(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);
uint32_t vc_mpn_sub_n(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n);
/* r = a + b (a: an limbs, b: bn <= an limbs); carry out. */
uint32_t vc_mpn_add(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn);
uint32_t vc_mpn_sub(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn);
/* r[0..n) = a * b; returns the high limb. */
uint32_t vc_mpn_mul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b);
/* r[0..n) += a * b; returns the carry limb. */
uint32_t vc_mpn_addmul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b);
uint32_t vc_mpn_submul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b);
/* r[0..an+bn) = a * b, schoolbook (product scanning); r must not overlap a or b. */
void vc_mpn_mul(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn);
/* r[0..2n) = a^2: each cross product once, doubled, plus the squares; r must not overlap a. */
void vc_mpn_sqr(uint32_t *r, const uint32_t *a, size_t n);
/* r[0..2n) = a * b by Karatsuba-Ofman (a squaring all the way down when a == b) above a
 * threshold (schoolbook below); r must not overlap a or b. Scratch t: VC_MPN_KARATSUBA_SCRATCH(n) limbs. */
#define VC_MPN_KARATSUBA_SCRATCH(n) (4 * (n) + 64)
void vc_mpn_mul_karatsuba(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n, uint32_t *t);
/* Montgomery product r + (returned bit)*2^(32n) = a*b/2^(32n) mod m, below 2m, by finely
 * integrated product scanning (mont_sqr: a*a, each cross product once). r must not overlap
 * a, b or m; q: n limbs of scratch. */
uint32_t vc_mpn_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *m,
                         size_t n, uint32_t m0inv, uint32_t *q);
uint32_t vc_mpn_mont_sqr(uint32_t *r, const uint32_t *a, const uint32_t *m, size_t n,
                         uint32_t m0inv, uint32_t *q);
/* Knuth's algorithm D (TAOCP vol. 2, 4.3.1) on limbs: u (nu + 1 limbs) by v (nv <= nu limbs, its
 * top bit set; u's top nv limbs below v): the nu - nv + 1 quotient limbs into q (NULL: not
 * kept), the remainder into u[0..nv); u's other limbs are left undefined. */
void vc_mpn_divrem(uint32_t *q, uint32_t *u, size_t nu, const uint32_t *v, size_t nv);
/* r = hi:t - m when hi:t >= m, else t, for hi:t < 2m (a Montgomery product's final
 * subtraction, a modular sum's): constant time. r may be t. */
void vc_mpn_sub_m_ct(uint32_t *r, const uint32_t *t, uint32_t hi, const uint32_t *m, size_t n);
int vc_mpn_cmp(const uint32_t *a, const uint32_t *b, size_t n);
/* Significant length of a[0..n): n minus the top zero limbs. */
size_t vc_mpn_norm(const uint32_t *a, size_t n);
void vc_mpn_zero(uint32_t *r, size_t n);
void vc_mpn_copy(uint32_t *r, const uint32_t *a, size_t n);
/* Shifts by 0 <= s < 32 bits; return the bits shifted out. */
uint32_t vc_mpn_lshift(uint32_t *r, const uint32_t *a, size_t n, unsigned s);
uint32_t vc_mpn_rshift(uint32_t *r, const uint32_t *a, size_t n, unsigned s);

/* Constant time (mp.h): out[0..len) = a's limbs, zero above a->n, every limb read whatever a->n
 * (len <= VC_MP_CAP_LIMBS); x = a*R mod m for a of len limbs (any value; x may be a). */
void vc_mp_limbs_ct(uint32_t *out, const vc_mp *a, size_t len);
void vc_mont_from_limbs_ct(const vc_mont *ctx, uint32_t *x, const uint32_t *a, size_t len);

/* 1 when ctx's products and exponentiations go to the Montgomery unit (VC_MM_UNIT, mp.h). */
int vc_mont_unit_on(const vc_mont *ctx);

#endif
