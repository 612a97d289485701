/* The NIST binary curves B-163, K-163, B-233, K-233 (FIPS 186-4 D.1.3): y^2 + xy = x^3 + a x^2 + b
 * over GF(2^m), behind the vc_ec_impl interface. The sets (gf2m.h for their field arithmetic):
 *   basic and affine-table  affine addition and doubling (one inversion each), left-to-right
 *              double-and-add;
 *   optimized  the Lopez-Dahab x-only Montgomery ladder in projective coordinates (HMV
 *              Algorithm 3.40: Madd 4M + 1S; Mdouble as (X^2 + sqrt(b) Z^2)^2, 2M + 3S, 1M
 *              less when b = 1), y recovered with one inversion at the end; the scalar is
 *              lengthened to k + n or k + 2n so the ladder always runs nbits steps, and its
 *              swaps are masked: constant time.
 * Field operations go through the dispatching forms (gf2m.h) with the set. */
#include <string.h>

#include "ec_internal.h"
#include "gf2m_internal.h"

typedef struct {
  const vc_gf2m_field *f;
  uint32_t a;              /* 0 or 1 */
  uint32_t b_one;          /* b = 1 (the Koblitz curves): Mdouble skips its multiplication */
  vc_gf2m b, sqrt_b;
} ec2m_params;

typedef struct {
  vc_gf2m x, y;
  int inf;
} aff;

static const uint8_t b163_n[21] = {
  0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x92, 0xfe, 0x77, 0xe7, 0x0c,
  0x12, 0xa4, 0x23, 0x4c, 0x33};
static const uint8_t b163_g[43] = {
  0x04, 0x03, 0xf0, 0xeb, 0xa1, 0x62, 0x86, 0xa2, 0xd5, 0x7e, 0xa0, 0x99, 0x11, 0x68, 0xd4, 0x99,
  0x46, 0x37, 0xe8, 0x34, 0x3e, 0x36, 0x00, 0xd5, 0x1f, 0xbc, 0x6c, 0x71, 0xa0, 0x09, 0x4f, 0xa2,
  0xcd, 0xd5, 0x45, 0xb1, 0x1c, 0x5c, 0x0c, 0x79, 0x73, 0x24, 0xf1};
static const uint8_t k163_n[21] = {
  0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x08, 0xa2, 0xe0, 0xcc,
  0x0d, 0x99, 0xf8, 0xa5, 0xef};
static const uint8_t k163_g[43] = {
  0x04, 0x02, 0xfe, 0x13, 0xc0, 0x53, 0x7b, 0xbc, 0x11, 0xac, 0xaa, 0x07, 0xd7, 0x93, 0xde, 0x4e,
  0x6d, 0x5e, 0x5c, 0x94, 0xee, 0xe8, 0x02, 0x89, 0x07, 0x0f, 0xb0, 0x5d, 0x38, 0xff, 0x58, 0x32,
  0x1f, 0x2e, 0x80, 0x05, 0x36, 0xd5, 0x38, 0xcc, 0xda, 0xa3, 0xd9};
static const uint8_t b233_n[30] = {
  0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13,
  0xe9, 0x74, 0xe7, 0x2f, 0x8a, 0x69, 0x22, 0x03, 0x1d, 0x26, 0x03, 0xcf, 0xe0, 0xd7};
static const uint8_t b233_g[61] = {
  0x04, 0x00, 0xfa, 0xc9, 0xdf, 0xcb, 0xac, 0x83, 0x13, 0xbb, 0x21, 0x39, 0xf1, 0xbb, 0x75, 0x5f,
  0xef, 0x65, 0xbc, 0x39, 0x1f, 0x8b, 0x36, 0xf8, 0xf8, 0xeb, 0x73, 0x71, 0xfd, 0x55, 0x8b, 0x01,
  0x00, 0x6a, 0x08, 0xa4, 0x19, 0x03, 0x35, 0x06, 0x78, 0xe5, 0x85, 0x28, 0xbe, 0xbf, 0x8a, 0x0b,
  0xef, 0xf8, 0x67, 0xa7, 0xca, 0x36, 0x71, 0x6f, 0x7e, 0x01, 0xf8, 0x10, 0x52};
static const uint8_t k233_n[29] = {
  0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06, 0x9d,
  0x5b, 0xb9, 0x15, 0xbc, 0xd4, 0x6e, 0xfb, 0x1a, 0xd5, 0xf1, 0x73, 0xab, 0xdf};
static const uint8_t k233_g[61] = {
  0x04, 0x01, 0x72, 0x32, 0xba, 0x85, 0x3a, 0x7e, 0x73, 0x1a, 0xf1, 0x29, 0xf2, 0x2f, 0xf4, 0x14,
  0x95, 0x63, 0xa4, 0x19, 0xc2, 0x6b, 0xf5, 0x0a, 0x4c, 0x9d, 0x6e, 0xef, 0xad, 0x61, 0x26, 0x01,
  0xdb, 0x53, 0x7d, 0xec, 0xe8, 0x19, 0xb7, 0xf7, 0x0f, 0x55, 0x5a, 0x67, 0xc4, 0x27, 0xa8, 0xcd,
  0x9b, 0xf1, 0x8a, 0xeb, 0x9b, 0x56, 0xe0, 0xc1, 0x10, 0x56, 0xfa, 0xe6, 0xa3};

static const ec2m_params b163_p = {
  &vc_gf2m_163, 1, 0,
  {0x4a3205fd, 0x512f7874, 0x1481eb10, 0xb8c953ca, 0x0a601907, 0x00000002},
  {0x69f34da5, 0xda89c039, 0x3d21c366, 0xdf892759, 0xc25b85ba, 0x00000002}};
static const ec2m_params k163_p = {&vc_gf2m_163, 1, 1, {1}, {1}};
static const ec2m_params b233_p = {
  &vc_gf2m_233, 1, 0,
  {0x7d8f90ad, 0x81fe115f, 0x20e9ce42, 0x213b333b, 0x0923bb58, 0x332c7f8c, 0x647ede6c, 0x00000066},
  {0x61da9138, 0xe5f946d0, 0x52f21253, 0x71caaeea, 0xee31e06d, 0x7874e747, 0xf85627b9, 0x00000187}};
static const ec2m_params k233_p = {&vc_gf2m_233, 0, 1, {1}, {1}};

#define P(c) ((const ec2m_params *)(c)->params)

static int decode(const vc_ec_curve *c, aff *p, const uint8_t *pt)
{
  const vc_gf2m_field *f = P(c)->f;
  p->inf = 0;
  return vc_gf2m_from_bytes(f, p->x, pt + 1, c->flen) || vc_gf2m_from_bytes(f, p->y, pt + 1 + c->flen, c->flen)
             ? VC_ERR_POINT : VC_OK;
}

static int encode(const vc_ec_curve *c, uint8_t *out, const aff *p)
{
  const vc_gf2m_field *f = P(c)->f;
  if (p->inf)
    return VC_ERR_POINT;
  out[0] = 0x04;
  vc_gf2m_to_bytes(f, p->x, out + 1, c->flen);
  vc_gf2m_to_bytes(f, p->y, out + 1 + c->flen, c->flen);
  return VC_OK;
}

/* y^2 + xy = x^3 + a x^2 + b. */
static int on_curve(const ec2m_params *e, vc_ec_set set, const aff *p)
{
  const vc_gf2m_field *f = e->f;
  vc_gf2m l, r, t;
  vc_gf2m_sqr(f, set, l, p->y);
  vc_gf2m_mul(f, set, t, p->x, p->y);
  vc_gf2m_add(f, l, l, t);
  vc_gf2m_sqr(f, set, t, p->x);              /* x^2 */
  vc_gf2m_mul(f, set, r, t, p->x);           /* x^3 */
  if (e->a)
    vc_gf2m_add(f, r, r, t);
  vc_gf2m_add(f, r, r, e->b);
  return vc_gf2m_equal(f, l, r);
}

/* ---- affine arithmetic (the affine sets', and addition in every set) ---- */

/* r = 2p: lambda = x + y/x, x3 = lambda^2 + lambda + a, y3 = x^2 + (lambda + 1) x3. */
static void aff_double(const ec2m_params *e, vc_ec_set set, aff *r, const aff *p)
{
  const vc_gf2m_field *f = e->f;
  vc_gf2m l, t, x3;
  if (p->inf || vc_gf2m_is_zero(f, p->x)) {   /* (0, sqrt b) has order 2 */
    r->inf = 1;
    return;
  }
  vc_gf2m_inv(f, set, t, p->x);
  vc_gf2m_mul(f, set, l, p->y, t);
  vc_gf2m_add(f, l, l, p->x);
  vc_gf2m_sqr(f, set, x3, l);
  vc_gf2m_add(f, x3, x3, l);
  x3[0] ^= e->a;
  vc_gf2m_sqr(f, set, t, p->x);
  l[0] ^= 1;
  vc_gf2m_mul(f, set, l, l, x3);
  vc_gf2m_add(f, r->y, t, l);
  memcpy(r->x, x3, sizeof(x3));
  r->inf = 0;
}

/* r = p + q: lambda = (y1 + y2)/(x1 + x2), x3 = lambda^2 + lambda + x1 + x2 + a,
 * y3 = lambda (x1 + x3) + x3 + y1. */
static void aff_add(const ec2m_params *e, vc_ec_set set, aff *r, const aff *p, const aff *q)
{
  const vc_gf2m_field *f = e->f;
  vc_gf2m l, t, dx, x3;
  if (p->inf || q->inf) {
    *r = p->inf ? *q : *p;
    return;
  }
  vc_gf2m_add(f, dx, p->x, q->x);
  if (vc_gf2m_is_zero(f, dx)) {
    if (vc_gf2m_equal(f, p->y, q->y))
      aff_double(e, set, r, p);
    else
      r->inf = 1;                              /* q = -p */
    return;
  }
  vc_gf2m_inv(f, set, t, dx);
  vc_gf2m_add(f, l, p->y, q->y);
  vc_gf2m_mul(f, set, l, l, t);
  vc_gf2m_sqr(f, set, x3, l);
  vc_gf2m_add(f, x3, x3, l);
  vc_gf2m_add(f, x3, x3, dx);
  x3[0] ^= e->a;
  vc_gf2m_add(f, t, p->x, x3);
  vc_gf2m_mul(f, set, t, l, t);
  vc_gf2m_add(f, t, t, x3);
  vc_gf2m_add(f, r->y, t, p->y);
  memcpy(r->x, x3, sizeof(x3));
  r->inf = 0;
}

/* Bit i of a big-endian scalar of len bytes. */
static unsigned kbit(const uint8_t *k, size_t len, unsigned i)
{
  return (k[len - 1 - i / 8] >> (i % 8)) & 1;
}

/* Left-to-right double-and-add from the scalar's top set bit (variable time). */
static void mul_affine(const vc_ec_curve *c, vc_ec_set set, aff *r, const uint8_t *k, const aff *p)
{
  const ec2m_params *e = P(c);
  unsigned i = 8u * c->nlen;
  aff acc = {{0}, {0}, 1};
  while (i-- > 0) {
    aff_double(e, set, &acc, &acc);
    if (kbit(k, c->nlen, i))
      aff_add(e, set, &acc, &acc, p);
  }
  *r = acc;
}

/* ---- the Lopez-Dahab Montgomery ladder (optimized set) ---- */

/* (X1, Z1) = P1 + P2 given x(P2 - P1) = x (tx: x prepared): Z1 = (X1 Z2 + X2 Z1)^2,
 * X1 = x Z1 + X1 Z2 X2 Z1. */
static VC_INLINE void madd(const ec2m_params *e, const vc_gf2m_prep *tx, uint32_t *x1, uint32_t *z1,
                 const uint32_t *x2, const uint32_t *z2)
{
  const vc_gf2m_field *f = e->f;
  vc_gf2m t1, t2;
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t1, x1, z2);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t2, x2, z1);
  vc_gf2m_add(f, z1, t1, t2);
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, z1, z1);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t1, t1, t2);
  vc_gf2m_mul_by(f, x1, z1, tx);
  vc_gf2m_add(f, x1, x1, t1);
}

/* (X, Z) = 2 (X, Z): X = X^4 + b Z^4 = (X^2 + sqrt(b) Z^2)^2, Z = X^2 Z^2 (tb: sqrt(b)
 * prepared). */
static VC_INLINE void mdouble(const ec2m_params *e, const vc_gf2m_prep *tb, uint32_t *x, uint32_t *z)
{
  const vc_gf2m_field *f = e->f;
  vc_gf2m t;
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, x, x);
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, z, z);
  if (e->b_one) {
    vc_gf2m_add(f, t, x, z);
  } else {
    vc_gf2m_mul_by(f, t, z, tb);
    vc_gf2m_add(f, t, t, x);
  }
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, z, x, z);
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, x, t);
}

/* Big-endian r = a + b over len bytes (b: len - 1 bytes, right-aligned); no branches. */
static void add_be(uint8_t *r, const uint8_t *a, const uint8_t *b, size_t len)
{
  uint32_t carry = 0;
  for (size_t i = len; i-- > 0;) {
    uint32_t s = a[i] + (i ? b[i - 1] : 0) + carry;
    r[i] = (uint8_t)s;
    carry = s >> 8;
  }
}

/* The ladder's steps for the bits of k below `top`: bit 1: (P1, P2) = (P1 + P2, 2 P2); bit 0:
 * (2 P1, P1 + P2). The pair is held swapped after a 1 bit and swapped back only when the next
 * bit differs; returns whether it ends swapped. In the hot group of the binary fields (with the
 * field products it calls), so a scalar multiplication runs from the instruction cache. */
static VC_HOT(gf2m) VC_NOINLINE uint32_t steps(const ec2m_params *e, const vc_gf2m_prep *tx,
                                               const vc_gf2m_prep *tb, uint32_t *x1, uint32_t *z1,
                                               uint32_t *x2, uint32_t *z2, const uint8_t *k,
                                               size_t klen, unsigned top)
{
  uint32_t swapped = 0;
  for (unsigned i = top; i-- > 0;) {
    uint32_t bit = kbit(k, klen, i);
    vc_ct_swap(bit ^ swapped, x1, x2, (size_t)e->f->words);
    vc_ct_swap(bit ^ swapped, z1, z2, (size_t)e->f->words);
    swapped = bit;
    madd(e, tx, x2, z2, x1, z1);
    mdouble(e, tb, x1, z1);
  }
  return swapped;
}

/* x(kP) and x((k+1)P) in projective form for the bits of k below its top bit `top` (which is
 * set), then Mxy: r = kP. */
static void ladder(const vc_ec_curve *c, aff *r, const uint8_t *k, size_t klen, unsigned top,
                   const aff *p)
{
  const ec2m_params *e = P(c);
  const vc_gf2m_field *f = e->f;
  vc_gf2m x1, z1 = {1}, x2, z2, t1, t2, t3;
  /* The fixed operands prepared once: a product by x or sqrt(b) skips building its table. */
  vc_gf2m_prep tx, tb;
  vc_gf2m_prepare(f, &tx, p->x);
  if (!e->b_one)
    vc_gf2m_prepare(f, &tb, e->sqrt_b);
  /* P1 = P, P2 = 2P: X2 = x^4 + b, Z2 = x^2. */
  memcpy(x1, p->x, sizeof(x1));
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, z2, p->x);
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, x2, z2);
  vc_gf2m_add(f, x2, x2, e->b);
  uint32_t swapped = steps(e, &tx, &tb, x1, z1, x2, z2, k, klen, top);
  vc_ct_swap(swapped, x1, x2, (size_t)f->words);
  vc_ct_swap(swapped, z1, z2, (size_t)f->words);
  /* Mxy: x3 = X1/Z1, y3 = (x + x3)[(X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2] / (x Z1 Z2) + y. */
  if (vc_gf2m_is_zero(f, z1)) {
    r->inf = 1;
    return;
  }
  r->inf = 0;
  if (vc_gf2m_is_zero(f, z2)) {                  /* (k + 1) P = O: kP = -P */
    memcpy(r->x, p->x, sizeof(r->x));
    vc_gf2m_add(f, r->y, p->x, p->y);
    return;
  }
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t1, z1, z2);
  vc_gf2m_mul_by(f, t2, t1, &tx);
  vc_gf2m_inv(f, VC_EC_OPTIMIZED, t2, t2);
  vc_gf2m_mul_by(f, t3, z1, &tx);
  vc_gf2m_add(f, t3, t3, x1);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, x1, x1, z2);
  vc_gf2m_mul_by(f, x1, x1, &tx);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, r->x, x1, t2);            /* x3 */
  vc_gf2m_mul_by(f, z2, z2, &tx);
  vc_gf2m_add(f, z2, z2, x2);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t3, t3, z2);
  vc_gf2m_sqr(f, VC_EC_OPTIMIZED, z2, p->x);
  vc_gf2m_add(f, z2, z2, p->y);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, z2, z2, t1);
  vc_gf2m_add(f, t3, t3, z2);
  vc_gf2m_add(f, z2, p->x, r->x);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t3, t3, z2);
  vc_gf2m_mul(f, VC_EC_OPTIMIZED, t3, t3, t2);
  vc_gf2m_add(f, r->y, t3, p->y);
}

/* kP for P of order n, constant time in k: k + n or k + 2n, whichever has bit nbits set (the
 * same point), so the ladder always runs nbits steps. */
static void mul_opt(const vc_ec_curve *c, aff *r, const uint8_t *k, const aff *p)
{
  uint8_t k1[VC_EC_MAX_NLEN + 1], k2[VC_EC_MAX_NLEN + 1], z[VC_EC_MAX_NLEN + 1] = {0};
  size_t len = c->nlen + 1u;
  memcpy(z + 1, k, c->nlen);
  add_be(k1, z, c->order, len);
  add_be(k2, k1, c->order, len);
  uint32_t m = kbit(k1, len, c->nbits) - 1u;       /* all ones when k + n is too short */
  for (size_t i = 0; i < len; i++)
    k1[i] ^= (uint8_t)(m & (k1[i] ^ k2[i]));
  ladder(c, r, k1, len, c->nbits, p);
}

/* ---- the vc_ec_impl functions ---- */

static int e2_check(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pt, int full)
{
  const ec2m_params *e = P(c);
  aff p;
  if (decode(c, &p, pt) || !on_curve(e, set, &p))
    return VC_ERR_POINT;
  if (!full)
    return VC_OK;
  if (vc_gf2m_is_zero(e->f, p.x))
    return VC_ERR_POINT;                          /* (0, sqrt b) has order 2 */
  /* P = 2Q for a point Q exactly when Tr(x) = Tr(a); with cofactor 2 that is the subgroup. */
  if (vc_gf2m_trace(e->f, p.x) != (int)e->a)
    return VC_ERR_POINT;
  if (c->cofactor == 2)
    return VC_OK;
  /* Cofactor 4 (K-233; the 2-part of the group is cyclic): P must be 4R. A half Q of P has
   * lambda^2 + lambda = x + a (lambda = x(Q) + y(Q)/x(Q)) and x(Q)^2 = y + (lambda + 1) x
   * (the doubling formulas solved backwards, as in point halving); both halves are doubles or
   * neither, and Tr(x(Q)) = Tr(x(Q)^2). Public data: no need for constant time. */
  vc_gf2m l, s;
  memcpy(s, p.x, sizeof(s));
  s[0] ^= e->a;
  vc_gf2m_solve_quadratic(e->f, set, l, s);      /* Tr(x + a) = 0 here */
  l[0] ^= 1;
  vc_gf2m_mul(e->f, set, s, l, p.x);
  vc_gf2m_add(e->f, s, s, p.y);
  return vc_gf2m_trace(e->f, s) == (int)e->a ? VC_OK : VC_ERR_POINT;
}

static int e2_mul(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *k,
                  const uint8_t *pt)
{
  aff p, r;
  decode(c, &p, pt ? pt : c->gen);
  if (set == VC_EC_OPTIMIZED)
    mul_opt(c, &r, k, &p);
  else
    mul_affine(c, set, &r, k, &p);
  return encode(c, out, &r);
}

static int e2_add(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *p,
                  const uint8_t *q)
{
  aff a, b;
  decode(c, &a, p);
  decode(c, &b, q);
  aff_add(P(c), set, &a, &a, &b);
  return encode(c, out, &a);
}

static void e2_neg(const vc_ec_curve *c, uint8_t *out, const uint8_t *p)
{
  const vc_gf2m_field *f = P(c)->f;
  aff a;
  decode(c, &a, p);
  vc_gf2m_add(f, a.y, a.x, a.y);
  encode(c, out, &a);
}

/* y = x z with z^2 + z = x + a + b/x^2 (y^2 + xy = x^3 + a x^2 + b divided by x^2); the two
 * roots x z and x (z + 1) differ by x, so the smaller as an integer is the one without x's top
 * bit (variable time in x, like the embedding's search). x = 0: y = sqrt(b). */
static int e2_lift_x(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *xb)
{
  const ec2m_params *e = P(c);
  const vc_gf2m_field *f = e->f;
  aff p = {{0}, {0}, 0};
  vc_gf2m t;
  if (vc_gf2m_from_bytes(f, p.x, xb, c->flen))
    return VC_ERR_RANGE;
  if (vc_gf2m_is_zero(f, p.x)) {
    memcpy(p.y, e->sqrt_b, sizeof(p.y));
    return encode(c, out, &p);
  }
  vc_gf2m_sqr(f, set, t, p.x);
  vc_gf2m_inv(f, set, t, t);
  vc_gf2m_mul(f, set, t, t, e->b);
  vc_gf2m_add(f, t, t, p.x);
  t[0] ^= e->a;
  if (vc_gf2m_solve_quadratic(f, set, t, t))
    return VC_ERR_RANGE;
  vc_gf2m_mul(f, set, p.y, p.x, t);
  int top = vc_gf2m_deg_var(p.x, f->words);
  if ((p.y[top / 32] >> (top % 32)) & 1)
    vc_gf2m_add(f, p.y, p.y, p.x);
  return encode(c, out, &p);
}

static const vc_ec_impl ec2m_impl = {e2_check, e2_mul, e2_add, e2_neg, e2_lift_x, NULL, 0};

const vc_ec_curve vc_ec_b163 = {VC_EC_B163, "B-163", 21, 163, 21, 2, b163_n, b163_g, &ec2m_impl, &b163_p};
const vc_ec_curve vc_ec_k163 = {VC_EC_K163, "K-163", 21, 163, 21, 2, k163_n, k163_g, &ec2m_impl, &k163_p};
const vc_ec_curve vc_ec_b233 = {VC_EC_B233, "B-233", 30, 233, 30, 2, b233_n, b233_g, &ec2m_impl, &b233_p};
const vc_ec_curve vc_ec_k233 = {VC_EC_K233, "K-233", 30, 232, 29, 4, k233_n, k233_g, &ec2m_impl, &k233_p};
