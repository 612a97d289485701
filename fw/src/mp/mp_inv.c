/* Greatest common divisor and modular inverses (mp.h): the extended Euclidean algorithm on
 * whole numbers and the binary extended algorithm on limb arrays. Both variable time. */
#include "vexcrypt/mp.h"
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

/* Inverses need 1 < m < 2^VC_MP_MAX_BITS. */
static int check_inv_args(const vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  if (!r || !a || !m)
    return VC_ERR_NULL;
  if (m->n > VC_MP_LIMBS || vc_mp_cmp_u32_var(m, 1) <= 0)
    return VC_ERR_MODULUS;
  return VC_OK;
}

int vc_mp_mod_inv_euclid_var(vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  int rc = check_inv_args(r, a, m);
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
  int rc = check_inv_args(r, a, m);
  if (rc)
    return rc;
  if (!(m->d[0] & 1))
    return VC_ERR_MODULUS;
  size_t n = m->n;
  vc_mp_mod_var(&t, a, m);
  vc_mpn_zero(u, n);
  vc_mpn_copy(u, t.d, t.n);
  vc_mpn_copy(v, m->d, n);
  vc_mpn_zero(x1, n);
  vc_mpn_zero(x2, n);
  x1[0] = 1;
  uint32_t minv = m->d[0];          /* Newton: 3, 6, 12, 24, 48 correct bits */
  for (int i = 0; i < 4; i++)
    minv *= 2 - m->d[0] * minv;
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
  if (v[0] != 1 || vc_mpn_norm(v, n) != 1)
    return VC_ERR_NOINV;
  n = vc_mpn_norm(x2, n);
  vc_mpn_copy(r->d, x2, n);
  r->n = (uint32_t)n;
  return VC_OK;
}
