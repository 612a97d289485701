/* Greatest common divisor and modular inverses (mp.h): the extended Euclidean algorithm on
 * whole numbers and the binary extended algorithm on limb arrays, both variable time, and
 * Pornin's optimized binary algorithm in constant time, whole or in slices. */
#include <string.h>

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

/* Inverses need 1 < m < 2^VC_MP_MAX_BITS, and the binary algorithms an odd m (the result's
 * pointer, or the job's, is the caller's to check). */
static int check_inv_args(const vc_mp *a, const vc_mp *m, int odd)
{
  if (!a || !m)
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
  int rc = r ? check_inv_args(a, m, 0) : VC_ERR_NULL;
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
  int rc = r ? check_inv_args(a, m, 1) : VC_ERR_NULL;
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

/* The constant-time inverse: Pornin's optimized binary GCD (eprint 2020/972, Algorithm 2).
 * Values u = a and v = m, cofactors x1 = 1 and x2 = 0, with u = x1 a and v = x2 a (mod m). A
 * step subtracts v from an odd u (after swapping them when u < v) and halves u; v stays odd.
 * A batch runs INV_BATCH steps on 62-bit approximations of u and v (their low INV_BATCH bits,
 * which decide the parities exactly, below their 32 bits from the longer one's top), then
 * applies the steps' integer matrix, whose rows sum below 2^INV_BATCH in magnitude, to the
 * values exactly (divided by 2^INV_BATCH, made non-negative) and to the cofactors modulo m.
 * ceil((2 bits(m) - 1) / INV_BATCH) batches end at u = 0 and v = gcd(a, m), approximations
 * and all (the paper's bound). Which instructions run and which addresses they read depend
 * only on m's limb count and bit length: a batch costs 4 linear combinations of n limbs. */
#define INV_BATCH 30
#define INV_BATCHES(bits) ((2 * (bits) - 1 + INV_BATCH - 1) / INV_BATCH)

/* t = fa x + fb y in n + 1 limbs of two's complement (|fa|, |fb| <= 2^INV_BATCH). */
VC_HOT_TAIL(inv) static void inv_lincomb(uint32_t *t, int32_t fa, int32_t fb, const uint32_t *x, const uint32_t *y,
                        size_t n)
{
  uint32_t sa = (uint32_t)(fa >> 31), sb = (uint32_t)(fb >> 31);   /* sign masks */
  uint32_t a = ((uint32_t)fa ^ sa) - sa, b = ((uint32_t)fb ^ sb) - sb;
  uint32_t ca = sa & 1, cb = sb & 1, cs = 0;
  uint64_t pa = 0, pb = 0;
  for (size_t i = 0; i <= n; i++) {      /* |f| x, negated by its sign */
    pa = (i < n ? (uint64_t)a * x[i] : 0) + (pa >> 32);
    pb = (i < n ? (uint64_t)b * y[i] : 0) + (pb >> 32);
    uint32_t wa = ((uint32_t)pa ^ sa) + ca, wb = ((uint32_t)pb ^ sb) + cb;
    ca = wa < ca;
    cb = wb < cb;
    uint32_t s = wa + cs;
    cs = s < cs;
    t[i] = s + wb;
    cs += t[i] < wb;
  }
}

/* out = |fa u + fb v| / 2^INV_BATCH, a multiple of it by the steps (t: n + 1 limbs); returns
 * the sign mask of fa u + fb v. */
VC_HOT_TAIL(inv) static uint32_t inv_values(uint32_t *out, int32_t fa, int32_t fb, const uint32_t *u,
                           const uint32_t *v, size_t n, uint32_t *t)
{
  inv_lincomb(t, fa, fb, u, v, n);
  uint32_t neg = (uint32_t)((int32_t)t[n] >> 31), c = neg & 1;
  for (size_t i = 0; i < n; i++) {
    uint32_t w = ((t[i] >> INV_BATCH) | (t[i + 1] << (32 - INV_BATCH))) ^ neg;
    out[i] = w + c;
    c = out[i] < c;
  }
  return neg;
}

/* out = (fa X1 + fb X2) / 2^INV_BATCH mod m (X1, X2 < m, |fa| + |fb| <= 2^INV_BATCH, m odd,
 * minv = m^-1 mod 2^32, n limbs; t has n + 1), without branches, in four passes: the sum; plus
 * q m (q = -sum / m mod 2^INV_BATCH makes it a multiple of 2^INV_BATCH) shifted down, which
 * lies in (-m, 2m); that plus m when negative, else minus m; that, or the shifted sum when
 * the subtraction borrowed. Self-contained: it runs in the Montgomery unit's waits
 * (vc_montu_background), beside the driver's code in the instruction cache. */
VC_HOT_TAIL(inv) static void inv_apply(uint32_t *out, int32_t fa, int32_t fb, const uint32_t *x1,
                                   const uint32_t *x2, const uint32_t *m, uint32_t minv, size_t n,
                                   uint32_t *t)
{
  inv_lincomb(t, fa, fb, x1, x2, n);
  uint32_t q = (0u - t[0] * minv) & ((1u << INV_BATCH) - 1);
  uint64_t acc = (uint64_t)q * m[0] + t[0];
  uint32_t lo = (uint32_t)acc;
  for (size_t i = 1; i < n; i++) {
    acc = (acc >> 32) + (uint64_t)q * m[i] + t[i];
    t[i - 1] = (lo >> INV_BATCH) | ((uint32_t)acc << (32 - INV_BATCH));
    lo = (uint32_t)acc;
  }
  uint32_t top = t[n] + (uint32_t)(acc >> 32);       /* the sum's sign limb */
  t[n - 1] = (lo >> INV_BATCH) | (top << (32 - INV_BATCH));
  top = (uint32_t)((int32_t)top >> INV_BATCH);
  uint32_t pos = ~(uint32_t)((int32_t)top >> 31), c = pos & 1;   /* adds ~m + 1 = -m when pos */
  for (size_t i = 0; i < n; i++) {
    uint32_t mi = m[i] ^ pos, s = t[i] + c;
    c = s < c;
    out[i] = s + mi;
    c += out[i] < mi;
  }
  uint32_t keep = pos & (uint32_t)((int32_t)(top + pos + c) >> 31);   /* t - m < 0: t < m */
  for (size_t i = 0; i < n; i++)
    out[i] ^= keep & (out[i] ^ t[i]);
}

/* x's low INV_BATCH bits below its bits s .. s + 31 (s = 32 q + r), read without
 * secret-dependent addresses. */
VC_HOT_TAIL(inv) static uint64_t inv_approx(const uint32_t *x, size_t n, uint32_t q, uint32_t r)
{
  uint32_t lo = 0, hi = 0;
  for (size_t i = 0; i < n; i++) {
    lo |= x[i] & vc_ct_mask(vc_ct_eq((uint32_t)i, q));
    hi |= x[i] & vc_ct_mask(vc_ct_eq((uint32_t)i, q + 1));
  }
  uint32_t top = (lo >> r) | ((hi << 1) << (31 - r));
  return (uint64_t)top << INV_BATCH | (x[0] & ((1u << INV_BATCH) - 1));
}

#define INV_READY 0x696e7631u   /* "inv1" */

/* The job's numbers, by name: values, cofactors and a spare, in buffers that swap places
 * instead of copying. */
enum { U, V, X1, X2, Y, INV_BUFS };
_Static_assert(INV_BUFS == sizeof(((vc_mp_inv_job *)0)->at), "a buffer per number");
#define JOB(j, k) ((j)->w[(j)->at[k]])

static void inv_swap(vc_mp_inv_job *j, int a, int b)
{
  uint8_t t = j->at[a];
  j->at[a] = j->at[b];
  j->at[b] = t;
}

int vc_mp_mod_inv_start(vc_mp_inv_job *j, const vc_mp *a, const vc_mp *m)
{
  uint32_t t[VC_MP_LIMBS];
  int rc = j ? check_inv_args(a, m, 1) : VC_ERR_NULL;
  if (rc)
    return rc;
  size_t n = m->n;
  if (a->n > n)
    return VC_ERR_RANGE;
  vc_mpn_zero(t, n);
  vc_mpn_copy(t, a->d, a->n);
  if (!vc_mpn_sub_n(t, t, m->d, n))         /* a >= m (without a branch on a's limbs) */
    return VC_ERR_RANGE;
  for (int k = 0; k < INV_BUFS; k++)
    j->at[k] = (uint8_t)k;
  vc_mpn_zero(JOB(j, U), n);
  vc_mpn_copy(JOB(j, U), a->d, a->n);
  vc_mpn_copy(JOB(j, V), m->d, n);
  vc_mpn_zero(JOB(j, X1), n);
  vc_mpn_zero(JOB(j, X2), n);
  JOB(j, X1)[0] = 1;
  j->m = m;
  j->minv = inv32(m->d[0]);
  j->left = INV_BATCHES((uint32_t)vc_mp_bits(m));
  j->phase = 0;
  j->state = INV_READY;
  return VC_OK;
}

/* A batch's steps on the approximations: the matrix j->f = (f0, g0, f1, g1), new u = (f0 u +
 * g0 v) / 2^INV_BATCH and new v = (f1 u + g1 v) / 2^INV_BATCH. */
VC_HOT_TAIL(inv) static void inv_steps(vc_mp_inv_job *j, size_t n)
{
  const uint32_t *u = JOB(j, U), *v = JOB(j, V);
  uint32_t top = 0, word = 0;
  for (size_t i = 0; i < n; i++) {     /* the longer one's top limb */
    uint32_t w = u[i] | v[i], nz = vc_ct_neq0(w);
    top = vc_ct_mux(nz, (uint32_t)i, top);
    word = vc_ct_mux(nz, w, word);
  }
  uint32_t len = 32 * top + vc_ct_bitlen(word);
  uint32_t s = vc_ct_mux(vc_ct_lt(len, 2 * INV_BATCH + 2), 2 * INV_BATCH + 2, len) - 32;
  uint64_t ua = inv_approx(u, n, s >> 5, s & 31), va = inv_approx(v, n, s >> 5, s & 31);
  int32_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
  for (int step = 0; step < INV_BATCH; step++) {
    uint64_t d = ua - va;
    uint32_t odd = (uint32_t)ua & 1;
    uint32_t swap = odd & (uint32_t)(((~ua & va) | (~(ua ^ va) & d)) >> 63);   /* odd and u < v */
    uint32_t ms = vc_ct_mask(swap), mo = vc_ct_mask(odd);
    uint64_t x = (ua ^ va) & ((uint64_t)ms << 32 | ms);
    ua ^= x;
    va ^= x;
    ua = (ua - (va & ((uint64_t)mo << 32 | mo))) >> 1;
    int32_t e = (int32_t)(ms & (uint32_t)(f0 ^ f1));
    f0 ^= e, f1 ^= e;
    e = (int32_t)(ms & (uint32_t)(g0 ^ g1));
    g0 ^= e, g1 ^= e;
    f0 -= (int32_t)(mo & (uint32_t)f1);
    g0 -= (int32_t)(mo & (uint32_t)g1);
    f1 *= 2;
    g1 *= 2;
  }
  j->f[0] = f0, j->f[1] = g0, j->f[2] = f1, j->f[3] = g1;
}

/* A batch in four slices of about equal length: the steps; the values (their signs dropped
 * from the matrix's rows); x1's new value; x2's. */
VC_HOT_TAIL(inv) int vc_mp_mod_inv_slice(vc_mp_inv_job *j)
{
  uint32_t t[VC_MP_LIMBS + 1];
  if (!j)
    return VC_ERR_NULL;
  if (j->state != INV_READY)
    return VC_ERR_STATE;
  if (!j->left)
    return 0;
  size_t n = j->m->n;
  int32_t *f = j->f;
  switch (j->phase) {
  case 0:
    inv_steps(j, n);
    break;
  case 1: {
    uint32_t nu = inv_values(JOB(j, Y), f[0], f[1], JOB(j, U), JOB(j, V), n, t);
    uint32_t nv = inv_values(JOB(j, V), f[2], f[3], JOB(j, U), JOB(j, V), n, t);
    inv_swap(j, U, Y);
    for (int i = 0; i < 4; i++) {
      uint32_t neg = i < 2 ? nu : nv;
      f[i] = (int32_t)(((uint32_t)f[i] ^ neg) - neg);
    }
    break;
  }
  case 2:
    inv_apply(JOB(j, Y), f[0], f[1], JOB(j, X1), JOB(j, X2), j->m->d, j->minv, n, t);
    break;
  default:
    inv_apply(JOB(j, X2), f[2], f[3], JOB(j, X1), JOB(j, X2), j->m->d, j->minv, n, t);
    inv_swap(j, X1, Y);
    j->left--;
  }
  j->phase = (j->phase + 1) % 4;
  return j->left != 0;
}

int vc_mp_mod_inv_end(vc_mp_inv_job *j, vc_mp *r)
{
  int more;
  if (!j || !r)
    return VC_ERR_NULL;
  if (j->state != INV_READY)
    return VC_ERR_STATE;
  while ((more = vc_mp_mod_inv_slice(j)) > 0)
    ;
  int rc = inv_result(r, JOB(j, V), JOB(j, X2), j->m->n);
  memset(j, 0, sizeof(*j));
  return rc;
}

int vc_mp_mod_inv_binary(vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  vc_mp_inv_job j;
  int rc = r ? vc_mp_mod_inv_start(&j, a, m) : VC_ERR_NULL;
  return rc ? rc : vc_mp_mod_inv_end(&j, r);
}
