/* P-256 (FIPS 186-4 D.1.2.3) behind the vc_ec_impl interface, constant time.
 *
 * Field: 8-limb elements below p = 2^256 - 2^224 + 2^192 + 2^96 - 1 on the multiprecision limb
 * layer's carries (vc_mpn_add_n, vc_mpn_sub_n); products and squares by an unrolled 8-limb
 * product scanning (dedicated squaring), then the special reduction of FIPS 186-4 D.2.3 (p's sparse form turns the upper half into
 * sums and differences of its words). No secret-dependent branches: selections are masks.
 * Points: homogeneous projective coordinates with the complete formulas of Renes, Costello and
 * Batina (2016, Algorithms 4 and 6 for a = -3), which have no exceptional cases: the point at
 * infinity (0 : 1 : 0) and doubling need no branches.
 * Scalar multiplication: a fixed 4-bit window over a table of 16 multiples (variable base),
 * and a 4-tooth comb over a table of 15 precomputed affine points (the generator; spacing 64).
 * Every table lookup reads every entry. One inversion (Fermat) returns to affine. */
#include <string.h>

#include "../mp/mpn.h"
#include "ec_internal.h"

#define N 8
typedef uint32_t fe[N];
typedef struct {
  fe x, y, z;
} pt;

static const fe P = {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0, 0, 1, 0xFFFFFFFF};
static const fe B = {0x27D2604B, 0x3BCE3C3E, 0xCC53B0F6, 0x651D06B0,
                     0x769886BC, 0xB3EBBD55, 0xAA3A93E7, 0x5AC635D8};

/* ---- field ---- */

/* r = a - p if a >= p (a < 2^256 + carry * 2^256 with the carry given), without branches. */
static void fe_cond_sub(fe r, const uint32_t *a, uint32_t carry)
{
  fe t;
  uint32_t borrow = vc_mpn_sub_n(t, a, P, N);
  uint32_t keep = 0u - (borrow & (carry ^ 1));     /* a < p: keep a */
  for (int i = 0; i < N; i++)
    r[i] = (a[i] & keep) | (t[i] & ~keep);
}

static void fe_add(fe r, const fe a, const fe b)
{
  fe t;
  uint32_t c = vc_mpn_add_n(t, a, b, N);
  fe_cond_sub(r, t, c);
}

static void fe_sub(fe r, const fe a, const fe b)
{
  fe t, u;
  uint32_t m = 0u - vc_mpn_sub_n(t, a, b, N);
  for (int i = 0; i < N; i++)
    u[i] = P[i] & m;
  vc_mpn_add_n(r, t, u, N);
}

/* The reduction of a 512-bit c (FIPS 186-4 D.2.3): s1 + 2 s2 + 2 s3 + s4 + s5 - s6 - s7 - s8
 * - s9, per word as signed sums of c's upper words; 5p keeps it positive, so the carry out is
 * 0..12; it folds back twice through 2^256 = 2^224 - 2^192 - 2^96 + 1 (mod p). */
static void fe_reduce(fe r, const uint32_t *c)
{
  int64_t w[N];
  const int64_t c8 = c[8], c9 = c[9], c10 = c[10], c11 = c[11], c12 = c[12], c13 = c[13],
                c14 = c[14], c15 = c[15], ff = 0xFFFFFFFF;
  w[0] = (int64_t)c[0] + c8 + c9 - c11 - c12 - c13 - c14 + 5 * ff;
  w[1] = (int64_t)c[1] + c9 + c10 - c12 - c13 - c14 - c15 + 5 * ff;
  w[2] = (int64_t)c[2] + c10 + c11 - c13 - c14 - c15 + 5 * ff;
  w[3] = (int64_t)c[3] + 2 * (c11 + c12) + c13 - c15 - c8 - c9;
  w[4] = (int64_t)c[4] + 2 * (c12 + c13) + c14 - c9 - c10;
  w[5] = (int64_t)c[5] + 2 * (c13 + c14) + c15 - c10 - c11;
  w[6] = (int64_t)c[6] + 3 * c14 + 2 * c15 + c13 - c8 - c9 + 5;
  w[7] = (int64_t)c[7] + 3 * c15 + c8 - c10 - c11 - c12 - c13 + 5 * ff;
  int64_t carry = 0;
  for (int fold = 0; fold < 3; fold++) {
    w[0] += carry;
    w[3] -= carry;
    w[6] -= carry;
    w[7] += carry;
    for (int i = 0; i < N - 1; i++) {
      w[i + 1] += w[i] >> 32;            /* arithmetic shift: floor division by 2^32 */
      w[i] &= ff;
    }
    carry = w[7] >> 32;
    w[7] &= ff;
  }
  uint32_t t[N];
  for (int i = 0; i < N; i++)
    t[i] = (uint32_t)w[i];
  fe_cond_sub(r, t, 0);
}

/* (c2:c1:c0) += x y: one multiply-accumulate of product scanning. */
#define MAC(x, y)                                      \
  do {                                                 \
    uint64_t p_ = (uint64_t)(x) * (y);                 \
    uint32_t lo_ = (uint32_t)p_, hi_ = (uint32_t)(p_ >> 32); \
    c0 += lo_;                                         \
    hi_ += c0 < lo_;                                   \
    c1 += hi_;                                         \
    c2 += c1 < hi_;                                    \
  } while (0)

/* The 8 x 8-limb product by columns (Comba), unrolled (a P-256 scalar multiplication took
 * 7.76 M cycles on vc_mpn_mul / vc_mpn_sqr, 6.84 M with these). sqr: each cross product once,
 * doubled. */
static void mul8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t c0 = 0, c1 = 0, c2 = 0;
#pragma GCC unroll 15
  for (int k = 0; k < 2 * N - 1; k++) {
#pragma GCC unroll 8
    for (int i = k < N ? 0 : k - N + 1; i <= (k < N ? k : N - 1); i++)
      MAC(a[i], b[k - i]);
    r[k] = c0;
    c0 = c1;
    c1 = c2;
    c2 = 0;
  }
  r[2 * N - 1] = c0;
}

static void sqr8(uint32_t *r, const uint32_t *a)
{
  uint32_t c0 = 0, c1 = 0, c2 = 0;
#pragma GCC unroll 15
  for (int k = 0; k < 2 * N - 1; k++) {
    uint32_t d0 = c0, d1 = c1, d2 = c2;      /* the column's cross products, then doubled */
    c0 = c1 = c2 = 0;
#pragma GCC unroll 8
    for (int i = k < N ? 0 : k - N + 1; 2 * i < k; i++)
      MAC(a[i], a[k - i]);
    c2 = (c2 << 1) | (c1 >> 31);
    c1 = (c1 << 1) | (c0 >> 31);
    c0 <<= 1;
    c0 += d0;
    d1 += c0 < d0;
    c1 += d1;
    c2 += d2 + (c1 < d1);
    if (!(k & 1))
      MAC(a[k / 2], a[k / 2]);
    r[k] = c0;
    c0 = c1;
    c1 = c2;
    c2 = 0;
  }
  r[2 * N - 1] = c0;
}

static void fe_mul(fe r, const fe a, const fe b)
{
  uint32_t c[2 * N];
  mul8(c, a, b);
  fe_reduce(r, c);
}

static void fe_sqr(fe r, const fe a)
{
  uint32_t c[2 * N];
  sqr8(c, a);
  fe_reduce(r, c);
}

static void fe_sqr_n(fe r, const fe a, int n)
{
  memcpy(r, a, sizeof(fe));
  while (n-- > 0)
    fe_sqr(r, r);
}

/* a^(p-2) by a fixed chain: a^(2^k - 1) for k = 2, 4, 8, 16, 32 (and 30, 64, 94), then p - 2's
 * bits: 32 ones, 31 zeros, a one, 96 zeros, 94 ones, 0, 1. 255 squarings, 14 products. */
static void fe_inv(fe r, const fe a)
{
  fe t2, t4, t8, t16, t32, t30, t, u;
  fe_sqr(t, a);
  fe_mul(t2, t, a);
  fe_sqr_n(t, t2, 2);
  fe_mul(t4, t, t2);
  fe_sqr_n(t, t4, 4);
  fe_mul(t8, t, t4);
  fe_sqr_n(t, t8, 8);
  fe_mul(t16, t, t8);
  fe_sqr_n(t, t16, 16);
  fe_mul(t32, t, t16);
  fe_sqr_n(t, t16, 8);
  fe_mul(t, t, t8);          /* 24 */
  fe_sqr_n(t, t, 4);
  fe_mul(t, t, t4);          /* 28 */
  fe_sqr_n(t, t, 2);
  fe_mul(t30, t, t2);        /* 30 */
  fe_sqr_n(t, t32, 32);
  fe_mul(u, t, t32);         /* 64 */
  fe_sqr_n(u, u, 30);
  fe_mul(u, u, t30);         /* 94 ones */
  fe_sqr_n(t, t32, 32);
  fe_mul(t, t, a);           /* 32 ones, 31 zeros, 1 */
  fe_sqr_n(t, t, 96 + 94);
  fe_mul(t, t, u);
  fe_sqr_n(t, t, 2);
  fe_mul(r, t, a);
}

static void fe_select(uint32_t *r, const uint32_t *a, uint32_t mask, int words)
{
  for (int i = 0; i < words; i++)
    r[i] ^= mask & (r[i] ^ a[i]);
}

static uint32_t fe_is_zero(const fe a)
{
  uint32_t acc = 0;
  for (int i = 0; i < N; i++)
    acc |= a[i];
  return ((acc | (0u - acc)) >> 31) ^ 1;
}

/* ---- points: complete projective formulas (Renes-Costello-Batina, a = -3) ---- */

static void pt_add(pt *r, const pt *p, const pt *q)
{
  fe t0, t1, t2, t3, t4, x3, y3, z3;
  fe_mul(t0, p->x, q->x);
  fe_mul(t1, p->y, q->y);
  fe_mul(t2, p->z, q->z);
  fe_add(t3, p->x, p->y);
  fe_add(t4, q->x, q->y);
  fe_mul(t3, t3, t4);
  fe_add(t4, t0, t1);
  fe_sub(t3, t3, t4);
  fe_add(t4, p->y, p->z);
  fe_add(x3, q->y, q->z);
  fe_mul(t4, t4, x3);
  fe_add(x3, t1, t2);
  fe_sub(t4, t4, x3);
  fe_add(x3, p->x, p->z);
  fe_add(y3, q->x, q->z);
  fe_mul(x3, x3, y3);
  fe_add(y3, t0, t2);
  fe_sub(y3, x3, y3);
  fe_mul(z3, B, t2);
  fe_sub(x3, y3, z3);
  fe_add(z3, x3, x3);
  fe_add(x3, x3, z3);
  fe_sub(z3, t1, x3);
  fe_add(x3, t1, x3);
  fe_mul(y3, B, y3);
  fe_add(t1, t2, t2);
  fe_add(t2, t1, t2);
  fe_sub(y3, y3, t2);
  fe_sub(y3, y3, t0);
  fe_add(t1, y3, y3);
  fe_add(y3, t1, y3);
  fe_add(t1, t0, t0);
  fe_add(t0, t1, t0);
  fe_sub(t0, t0, t2);
  fe_mul(t1, t4, y3);
  fe_mul(t2, t0, y3);
  fe_mul(y3, x3, z3);
  fe_add(y3, y3, t2);
  fe_mul(x3, t3, x3);
  fe_sub(x3, x3, t1);
  fe_mul(z3, t4, z3);
  fe_mul(t1, t3, t0);
  fe_add(z3, z3, t1);
  memcpy(r->x, x3, sizeof(fe));
  memcpy(r->y, y3, sizeof(fe));
  memcpy(r->z, z3, sizeof(fe));
}

static void pt_double(pt *r, const pt *p)
{
  fe t0, t1, t2, t3, x3, y3, z3;
  fe_sqr(t0, p->x);
  fe_sqr(t1, p->y);
  fe_sqr(t2, p->z);
  fe_mul(t3, p->x, p->y);
  fe_add(t3, t3, t3);
  fe_mul(z3, p->x, p->z);
  fe_add(z3, z3, z3);
  fe_mul(y3, B, t2);
  fe_sub(y3, y3, z3);
  fe_add(x3, y3, y3);
  fe_add(y3, x3, y3);
  fe_sub(x3, t1, y3);
  fe_add(y3, t1, y3);
  fe_mul(y3, x3, y3);
  fe_mul(x3, x3, t3);
  fe_add(t3, t2, t2);
  fe_add(t2, t2, t3);
  fe_mul(z3, B, z3);
  fe_sub(z3, z3, t2);
  fe_sub(z3, z3, t0);
  fe_add(t3, z3, z3);
  fe_add(z3, z3, t3);
  fe_add(t3, t0, t0);
  fe_add(t0, t3, t0);
  fe_sub(t0, t0, t2);
  fe_mul(t0, t0, z3);
  fe_add(y3, y3, t0);
  fe_mul(t0, p->y, p->z);
  fe_add(t0, t0, t0);
  fe_mul(z3, t0, z3);
  fe_sub(x3, x3, z3);
  fe_mul(z3, t0, t1);
  fe_add(z3, z3, z3);
  fe_add(z3, z3, z3);
  memcpy(r->x, x3, sizeof(fe));
  memcpy(r->y, y3, sizeof(fe));
  memcpy(r->z, z3, sizeof(fe));
}

static void fe_from_bytes(fe r, const uint8_t *b)
{
  for (int i = 0; i < N; i++)
    r[i] = (uint32_t)b[31 - 4 * i] | (uint32_t)b[30 - 4 * i] << 8 | (uint32_t)b[29 - 4 * i] << 16 |
           (uint32_t)b[28 - 4 * i] << 24;
}

static void fe_to_bytes(uint8_t *b, const fe a)
{
  for (int i = 0; i < N; i++) {
    b[31 - 4 * i] = (uint8_t)a[i];
    b[30 - 4 * i] = (uint8_t)(a[i] >> 8);
    b[29 - 4 * i] = (uint8_t)(a[i] >> 16);
    b[28 - 4 * i] = (uint8_t)(a[i] >> 24);
  }
}

/* Affine encoding of a projective point; VC_ERR_POINT for infinity (z = 0). */
static int pt_encode(uint8_t *out, const pt *p)
{
  fe zi, x, y;
  if (fe_is_zero(p->z))
    return VC_ERR_POINT;
  fe_inv(zi, p->z);
  fe_mul(x, p->x, zi);
  fe_mul(y, p->y, zi);
  out[0] = 0x04;
  fe_to_bytes(out + 1, x);
  fe_to_bytes(out + 33, y);
  return VC_OK;
}

/* Coordinates below p (VC_ERR_POINT otherwise); z = 1. */
static int pt_decode(pt *p, const uint8_t *in)
{
  fe_from_bytes(p->x, in + 1);
  fe_from_bytes(p->y, in + 33);
  memset(p->z, 0, sizeof(fe));
  p->z[0] = 1;
  return vc_mpn_cmp(p->x, P, N) < 0 && vc_mpn_cmp(p->y, P, N) < 0 ? VC_OK : VC_ERR_POINT;
}

/* x^3 - 3x + b. */
static void rhs(fe r, const fe x)
{
  fe t;
  fe_sqr(t, x);
  fe_mul(t, t, x);
  fe_sub(t, t, x);
  fe_sub(t, t, x);
  fe_sub(t, t, x);
  fe_add(r, t, B);
}

/* Constant-time read of entry `idx` of a table of n points: every entry is read. */
static void pt_lookup(pt *r, const pt *tab, int n, uint32_t idx)
{
  memset(r, 0, sizeof(*r));
  for (int i = 0; i < n; i++) {
    uint32_t d = (uint32_t)i ^ idx;
    uint32_t m = ((d | (0u - d)) >> 31) - 1u;    /* all ones when i == idx */
    fe_select((uint32_t *)r, (const uint32_t *)&tab[i], m, 3 * N);
  }
}

static unsigned nibble(const uint8_t *k, int i)
{
  return (k[31 - i / 2] >> (4 * (i & 1))) & 0xF;
}

/* kP by a fixed 4-bit window: 64 windows, each 4 doublings and the addition of table[digit]
 * (table[0] is infinity; the complete formulas add it like any other point). */
static void mul_var_base(pt *r, const uint8_t *k, const pt *p)
{
  pt tab[16], e;
  memset(&tab[0], 0, sizeof(pt));
  tab[0].y[0] = 1;
  tab[1] = *p;
  for (int i = 2; i < 16; i++) {
    if (i & 1)
      pt_add(&tab[i], &tab[i - 1], p);
    else
      pt_double(&tab[i], &tab[i / 2]);
  }
  *r = tab[0];
  for (int i = 63; i >= 0; i--) {
    for (int j = 0; j < 4; j++)
      pt_double(r, r);
    pt_lookup(&e, tab, 16, nibble(k, i));
    pt_add(r, r, &e);
  }
}

/* The comb for G: entry u (1..15) = sum of u's bits b_j 2^(64 j) G, affine (z = 1); entry 0
 * is infinity. Generated with vexrun/models/ecp.py (tests/test_p256.py recomputes it). */
#include "p256_comb.h"

static void mul_gen(pt *r, const uint8_t *k)
{
  pt e;
  memset(r, 0, sizeof(*r));
  r->y[0] = 1;
  for (int i = 63; i >= 0; i--) {
    uint32_t u = 0;
    for (int j = 0; j < 4; j++)
      u |= (uint32_t)((k[31 - (i + 64 * j) / 8] >> ((i + 64 * j) % 8)) & 1) << j;
    pt_double(r, r);
    memset(&e, 0, sizeof(e));
    e.y[0] = 1;                                  /* infinity unless an entry is selected */
    for (uint32_t v = 1; v < 16; v++) {
      uint32_t d = v ^ u, m = ((d | (0u - d)) >> 31) - 1u;
      fe_select(e.x, p256_comb[v - 1][0], m, N);
      fe_select(e.y, p256_comb[v - 1][1], m, N);
      fe_select(e.z, (const uint32_t[N]){1}, m, N);
    }
    pt_add(r, r, &e);
  }
}

/* ---- the vc_ec_impl functions ---- */

static int p_check(const vc_ec_curve *c, vc_ec_set set, const uint8_t *in, int full)
{
  pt p;
  fe l, r;
  (void)c;
  (void)set;
  (void)full;                                    /* cofactor 1: on the curve is in the group */
  if (pt_decode(&p, in))
    return VC_ERR_POINT;
  fe_sqr(l, p.y);
  rhs(r, p.x);
  return vc_mpn_cmp(l, r, N) ? VC_ERR_POINT : VC_OK;
}

static int p_mul(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *k,
                 const uint8_t *in)
{
  pt p, r;
  (void)c;
  (void)set;
  if (in) {
    pt_decode(&p, in);
    mul_var_base(&r, k, &p);
  } else {
    mul_gen(&r, k);
  }
  return pt_encode(out, &r);
}

static int p_add(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *a,
                 const uint8_t *b)
{
  pt p, q;
  (void)c;
  (void)set;
  pt_decode(&p, a);
  pt_decode(&q, b);
  pt_add(&p, &p, &q);
  return pt_encode(out, &p);
}

static void p_neg(const vc_ec_curve *c, uint8_t *out, const uint8_t *in)
{
  fe y, zero = {0};
  (void)c;
  memmove(out, in, 33);
  fe_from_bytes(y, in + 33);
  fe_sub(y, zero, y);
  fe_to_bytes(out + 33, y);
}

/* y = (x^3 - 3x + b)^((p+1)/4) (p = 3 mod 4), the even root; VC_ERR_RANGE for x >= p or a
 * non-residue. (p+1)/4 = 2^254 - 2^222 + 2^190 + 2^94: a^(2^32 - 1) squared in place. */
static int p_lift_x(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *xb)
{
  fe x, a, t, t32, y;
  (void)c;
  (void)set;
  fe_from_bytes(x, xb);
  if (vc_mpn_cmp(x, P, N) >= 0)
    return VC_ERR_RANGE;
  rhs(a, x);
  /* (p+1)/4 in binary: 32 ones, 31 zeros, a one, 95 zeros, a one, 94 zeros. */
  fe_sqr(t, a);
  fe_mul(t, t, a);                              /* 2 ones */
  fe_sqr_n(y, t, 2);
  fe_mul(t, y, t);                              /* 4 */
  fe_sqr_n(y, t, 4);
  fe_mul(t, y, t);                              /* 8 */
  fe_sqr_n(y, t, 8);
  fe_mul(t, y, t);                              /* 16 */
  fe_sqr_n(y, t, 16);
  fe_mul(t32, y, t);                            /* 32 */
  fe_sqr_n(y, t32, 32);
  fe_mul(y, y, a);
  fe_sqr_n(y, y, 96);
  fe_mul(y, y, a);
  fe_sqr_n(y, y, 94);
  fe_sqr(t, y);
  if (vc_mpn_cmp(t, a, N))
    return VC_ERR_RANGE;
  if (y[0] & 1) {
    fe zero = {0};
    fe_sub(y, zero, y);
  }
  out[0] = 0x04;
  fe_to_bytes(out + 1, x);
  fe_to_bytes(out + 33, y);
  return VC_OK;
}

static const vc_ec_impl p256_impl = {p_check, p_mul, p_add, p_neg, p_lift_x};

static const uint8_t p256_n[32] = {
  0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51};
static const uint8_t p256_g[65] = {
  0x04, 0x6b, 0x17, 0xd1, 0xf2, 0xe1, 0x2c, 0x42, 0x47, 0xf8, 0xbc, 0xe6, 0xe5, 0x63, 0xa4, 0x40,
  0xf2, 0x77, 0x03, 0x7d, 0x81, 0x2d, 0xeb, 0x33, 0xa0, 0xf4, 0xa1, 0x39, 0x45, 0xd8, 0x98, 0xc2,
  0x96, 0x4f, 0xe3, 0x42, 0xe2, 0xfe, 0x1a, 0x7f, 0x9b, 0x8e, 0xe7, 0xeb, 0x4a, 0x7c, 0x0f, 0x9e,
  0x16, 0x2b, 0xce, 0x33, 0x57, 0x6b, 0x31, 0x5e, 0xce, 0xcb, 0xb6, 0x40, 0x68, 0x37, 0xbf, 0x51,
  0xf5};

const vc_ec_curve vc_ec_p256 = {VC_EC_P256, "P-256", 32, 256, 32, 1, p256_n, p256_g, &p256_impl, NULL};
