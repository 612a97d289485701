/* Greatest common divisor and modular inverses (mp.h): the extended Euclidean algorithm on
 * whole numbers and the binary extended algorithm on limb arrays, both variable time, and the
 * binary algorithm in constant time. */
#include "vexcrypt/mp.h"
#include "../internal.h"
#include "mpn.h"

/* Euclid's remainder sequence r0 = x, r1 = y, r_{i+1} = r_{i-1} mod r_i down to gcd(x, y),
 * written to g when g != NULL. With inv != NULL it also follows the cofactors s_i of y
 * (r_i = s_i * y mod x, s0 = 0, s1 = 1, s_{i+1} = s_{i-1} - q_i s_i): their signs alternate,
 * so only the magnitudes u_{i+1} = u_{i-1} + q_i u_i are kept, none above x, and the sign of
 * the last one comes from the step count. inv = y^-1 mod x then, or VC_ERR_NOINV when the gcd
 * is not 1. 5 KiB of stack plus the division's 3 KiB. */
static int euclid(vc_mp *g, vc_mp *inv, const vc_mp *x, const vc_mp *y)
{
  vc_mp rv[2], uv[2], q;
  vc_mp *r0 = &rv[0], *r1 = &rv[1], *u0 = &uv[0], *u1 = &uv[1], *t;
  unsigned k = 0;
  vc_mp_copy(r0, x);
  vc_mp_copy(r1, y);
  vc_mp_set_u32(u0, 0);
  vc_mp_set_u32(u1, 1);
  while (r1->n) {
    vc_mp_divmod_var(&q, r0, r0, r1);
    t = r0, r0 = r1, r1 = t;
    if (inv) {
      int rc = vc_mp_mul_var(&q, &q, u1);
      if (rc || (rc = vc_mp_add_var(u0, u0, &q)))
        return rc;
      t = u0, u0 = u1, u1 = t;
    }
    k++;
  }
  if (inv) {
    if (vc_mp_cmp_u32_var(r0, 1) != 0)
      return VC_ERR_NOINV;
    /* s_k = (-1)^(k+1) u_k: negative ones map to x - u_k. */
    if (k % 2 == 0)
      vc_mp_sub_var(u0, x, u0);
    vc_mp_copy(inv, u0);
  }
  if (g)
    vc_mp_copy(g, r0);
  return VC_OK;
}

int vc_mp_gcd_var(vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  if (!r || !a || !b)
    return VC_ERR_NULL;
  return euclid(r, NULL, a, b);
}

/* Inverses need 1 < m < 2^VC_MP_MAX_BITS, and the binary algorithm an odd m. */
static int check_inv_args(const vc_mp *r, const vc_mp *a, const vc_mp *m, int odd)
{
  if (!r || !a || !m)
    return VC_ERR_NULL;
  if (m->n > VC_MP_LIMBS || vc_mp_cmp_u32_var(m, 1) <= 0 || (odd && !(m->d[0] & 1)))
    return VC_ERR_MODULUS;
  return VC_OK;
}

/* m0^-1 mod 2^32 for an odd m0, by Newton's iteration: 3, 6, 12, 24, 48 correct bits. */
static uint32_t inv32(uint32_t m0)
{
  uint32_t x = m0;
  for (int i = 0; i < 4; i++)
    x *= 2 - m0 * x;
  return x;
}

/* The binary algorithms' end: r = x2 when v (n limbs) is the gcd 1, else VC_ERR_NOINV. */
static int inv_result(vc_mp *r, const uint32_t *v, const uint32_t *x2, size_t n)
{
  uint32_t one = vc_ct_eq(v[0], 1);
  for (size_t i = 1; i < n; i++)
    one &= vc_ct_eq0(v[i]);
  if (!one)                              /* gcd(a, m) != 1: a public failure */
    return VC_ERR_NOINV;
  n = vc_mpn_norm(x2, n);
  vc_mpn_copy(r->d, x2, n);
  r->n = (uint32_t)n;
  return VC_OK;
}

int vc_mp_mod_inv_euclid_var(vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  int rc = check_inv_args(r, a, m, 0);
  if (rc)
    return rc;
  /* a >= m needs no reduction first: the first step swaps a and m with a zero quotient, and
   * the zero cofactor it leaves restarts the alternation; a = 0 leaves gcd m > 1. */
  return euclid(NULL, r, m, a);
}

/* Divides the nonzero u by its factors of two and x by as many mod m (odd m, x < m, n limbs),
 * up to 31 at a time: with minv = m^-1 mod 2^32, x + t*m for t = -x*minv mod 2^k is a multiple
 * of 2^k below 2^k * m, so one multiply-add and one shift give x/2^k mod m. */
static void drop_twos(uint32_t *u, uint32_t *x, const uint32_t *m, uint32_t minv, size_t n)
{
  while (!(u[0] & 1)) {
    unsigned k = u[0] ? (unsigned)__builtin_ctz(u[0]) : 31;
    uint32_t t = (0u - x[0] * minv) & ((1u << k) - 1);
    uint32_t c = vc_mpn_addmul_1(x, m, n, t);
    vc_mpn_rshift(u, u, n, k);
    vc_mpn_rshift(x, x, n, k);
    x[n - 1] |= c << (32 - k);
  }
}

/* x = x - y mod m (x, y < m, n limbs). */
static void sub_mod(uint32_t *x, const uint32_t *y, const uint32_t *m, size_t n)
{
  if (vc_mpn_sub_n(x, x, y, n))
    vc_mpn_add_n(x, x, m, n);
}

int vc_mp_mod_inv_binary_var(vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  uint32_t u[VC_MP_LIMBS], v[VC_MP_LIMBS], x1[VC_MP_LIMBS], x2[VC_MP_LIMBS];
  vc_mp t;
  int rc = check_inv_args(r, a, m, 1);
  if (rc)
    return rc;
  size_t n = m->n;
  vc_mp_mod_var(&t, a, m);
  vc_mpn_zero(u, n);
  vc_mpn_copy(u, t.d, t.n);
  vc_mpn_copy(v, m->d, n);
  vc_mpn_zero(x1, n);
  vc_mpn_zero(x2, n);
  x1[0] = 1;
  uint32_t minv = inv32(m->d[0]);
  /* x1 a = u and x2 a = v (mod m); gcd(u, v) = gcd(a, m), v odd. Halving the even one and
   * subtracting the smaller odd one from the larger ends at u = 0, v = gcd. */
  while (vc_mpn_norm(u, n)) {
    drop_twos(u, x1, m->d, minv, n);
    drop_twos(v, x2, m->d, minv, n);
    if (vc_mpn_cmp(u, v, n) >= 0) {
      vc_mpn_sub_n(u, u, v, n);
      sub_mod(x1, x2, m->d, n);
    } else {
      vc_mpn_sub_n(v, v, u, n);
      sub_mod(x2, x1, m->d, n);
    }
  }
  return inv_result(r, v, x2, n);
}

/* Steps of the constant-time binary algorithm per batch: the cofactor matrix's entries stay
 * below 2^30 in magnitude, so they fit an int32_t. */
#define INV_BATCH 30

/* out = (fa X1 + fb X2) / 2^j mod m (X1, X2 < m, |fa| + |fb| <= 2^j, 1 <= j <= INV_BATCH, m
 * odd, minv = m^-1 mod 2^32, n limbs; t has n + 1), without branches. The sum, in n + 1 limbs
 * of two's complement, plus q m with q = -sum / m mod 2^j, is a multiple of 2^j; the quotient
 * lies in (-m, 2m) and is brought into [0, m) by masked additions. */
static void inv_apply(uint32_t *out, int32_t fa, int32_t fb, const uint32_t *x1,
                      const uint32_t *x2, const uint32_t *m, uint32_t minv, unsigned j, size_t n,
                      uint32_t *t)
{
  uint32_t sa = (uint32_t)(fa >> 31), sb = (uint32_t)(fb >> 31);   /* sign masks */
  uint32_t a = ((uint32_t)fa ^ sa) - sa, b = ((uint32_t)fb ^ sb) - sb;
  uint32_t ca = sa & 1, cb = sb & 1, cs = 0;
  uint64_t pa = 0, pb = 0;
  for (size_t i = 0; i <= n; i++) {      /* t = fa X1 + fb X2: |f| X, negated by its sign */
    pa = (i < n ? (uint64_t)a * x1[i] : 0) + (pa >> 32);
    pb = (i < n ? (uint64_t)b * x2[i] : 0) + (pb >> 32);
    uint32_t wa = ((uint32_t)pa ^ sa) + ca, wb = ((uint32_t)pb ^ sb) + cb;
    ca = wa < ca;
    cb = wb < cb;
    uint32_t s = wa + cs;
    cs = s < cs;
    t[i] = s + wb;
    cs += t[i] < wb;
  }
  uint32_t q = (0u - t[0] * minv) & ((1u << j) - 1);
  t[n] += vc_mpn_addmul_1(t, m, n, q);
  for (size_t i = 0; i < n; i++)         /* t >> j, arithmetic */
    t[i] = (t[i] >> j) | (t[i + 1] << (32 - j));
  t[n] = (uint32_t)((int32_t)t[n] >> j);
  uint32_t neg = (uint32_t)((int32_t)t[n] >> 31), c = 0;
  for (size_t i = 0; i < n; i++) {       /* + m when negative */
    uint32_t s = t[i] + c, mi = m[i] & neg;
    c = s < c;
    t[i] = s + mi;
    c += t[i] < mi;
  }
  t[n] += c;
  uint32_t bw = vc_mpn_sub_n(out, t, m, n);
  uint32_t keep = vc_ct_mask(vc_ct_lt(t[n], bw));   /* t - m < 0: t was below m */
  for (size_t i = 0; i < n; i++)
    out[i] ^= keep & (out[i] ^ t[i]);
}

/* The binary algorithm with a fixed step count and masks: u = x1 a and v = x2 a (mod m). Each
 * step subtracts v from an odd u (after swapping them when u < v, so u >= v) and halves u,
 * which shortens u or v by a bit until u = 0: 2 * bits(m) steps suffice. The steps act on
 * (x1, x2) as a 2 x 2 integer matrix over 2^j (a swap swaps its rows, the subtraction subtracts
 * them, the halving doubles the second row), applied to the cofactors every INV_BATCH steps:
 * a step costs two passes over u and v. Which operations run, and where they read, depend only
 * on m's length. */
int vc_mp_mod_inv_binary(vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  uint32_t u[VC_MP_LIMBS], v[VC_MP_LIMBS], x1[VC_MP_LIMBS], x2[VC_MP_LIMBS];
  uint32_t t[VC_MP_LIMBS + 1], y[VC_MP_LIMBS];
  int rc = check_inv_args(r, a, m, 1);
  if (rc)
    return rc;
  size_t n = m->n;
  const uint32_t *md = m->d;
  if (a->n > n)
    return VC_ERR_RANGE;
  vc_mpn_zero(u, n);
  vc_mpn_copy(u, a->d, a->n);
  if (!vc_mpn_sub_n(t, u, md, n))         /* a >= m */
    return VC_ERR_RANGE;
  vc_mpn_copy(v, md, n);
  vc_mpn_zero(x1, n);
  vc_mpn_zero(x2, n);
  x1[0] = 1;
  uint32_t minv = inv32(md[0]);
  for (size_t left = 2 * vc_mp_bits(m); left;) {
    unsigned j = left < INV_BATCH ? (unsigned)left : INV_BATCH;
    int32_t f00 = 1, f01 = 0, f10 = 0, f11 = 1;
    left -= j;
    for (unsigned step = 0; step < j; step++) {
      uint32_t odd = u[0] & 1, bt = 0;
      for (size_t i = 0; i < n; i++) {   /* t = u - v */
        uint32_t p = u[i], q = v[i], s = p - q;
        t[i] = s - bt;
        bt = (p < q) | (s < bt);
      }
      /* swap (u odd, u < v): v = u, u = v - u = -t; else an odd u takes t. Then u / 2. */
      uint32_t swap = odd & bt, ms = vc_ct_mask(swap), mo = vc_ct_mask(odd), c = swap, pu = 0;
      for (size_t i = 0; i < n; i++) {
        uint32_t ui = u[i], w = (t[i] ^ ms) + c;
        c = w < c;
        v[i] ^= ms & (v[i] ^ ui);
        w = ui ^ (mo & (ui ^ w));
        if (i)
          u[i - 1] = (pu >> 1) | (w << 31);
        pu = w;
      }
      u[n - 1] = pu >> 1;
      int32_t d = (int32_t)(ms & (uint32_t)(f00 ^ f10));   /* the same on the matrix */
      f00 ^= d, f10 ^= d;
      d = (int32_t)(ms & (uint32_t)(f01 ^ f11));
      f01 ^= d, f11 ^= d;
      f00 -= (int32_t)(mo & (uint32_t)f10);
      f01 -= (int32_t)(mo & (uint32_t)f11);
      f10 *= 2;
      f11 *= 2;
    }
    inv_apply(y, f00, f01, x1, x2, md, minv, j, n, t);
    inv_apply(x2, f10, f11, x1, x2, md, minv, j, n, t);
    vc_mpn_copy(x1, y, n);
  }
  return inv_result(r, v, x2, n);
}
