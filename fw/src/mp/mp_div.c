/* Division with remainder (Knuth, TAOCP vol. 2, 4.3.1, algorithm D) and the modular
 * operations built on it (mp.h). */
#include "vexcrypt/mp.h"
#include "mpn.h"

/* r = the n limbs of t, normalised. */
static void set_limbs(vc_mp *r, const uint32_t *t, size_t n)
{
  n = vc_mpn_norm(t, n);
  vc_mpn_copy(r->d, t, n);
  r->n = (uint32_t)n;
}

/* (u1 u0) / d for u1 < d, d's top bit set, by the reciprocal v = floor((2^64 - 1) / d) - 2^32
 * (Moller and Granlund, "Improved division by invariant integers", 2011, algorithm 4): two
 * multiplications instead of a 64-bit division (libgcc's, about 400 cycles on VexRiscv). The
 * first sum is taken mod 2^64, as the algorithm allows. Remainder in *r. */
static uint32_t div_2by1(uint32_t *r, uint32_t u1, uint32_t u0, uint32_t d, uint32_t v)
{
  uint64_t p = (uint64_t)v * u1 + ((uint64_t)u1 << 32 | u0);
  uint32_t q = (uint32_t)(p >> 32) + 1, rem = u0 - q * d;
  if (rem > (uint32_t)p) {
    q--;
    rem += d;
  }
  if (rem >= d) {
    q++;
    rem -= d;
  }
  *r = rem;
  return q;
}

void vc_mpn_divrem(uint32_t *q, uint32_t *u, size_t nu, const uint32_t *v, size_t nv)
{
  uint32_t vt = v[nv - 1], inv = (uint32_t)(((uint64_t)~vt << 32 | 0xFFFFFFFFu) / vt);
  for (size_t j = nu - nv + 1; j-- > 0;) {
    /* Estimate from the top two limbs (2^32 - 1 when the top one is vt), corrected with the
     * third so that it is at most one too large. */
    uint32_t u1 = u[j + nv], u0 = u[j + nv - 1], qh, r;
    uint64_t rh;
    if (u1 >= vt) {                 /* u1 == vt */
      qh = 0xFFFFFFFFu;
      rh = (uint64_t)u0 + vt;
    } else {
      qh = div_2by1(&r, u1, u0, vt, inv);
      rh = r;
    }
    while (!(rh >> 32) && nv > 1 && (uint64_t)qh * v[nv - 2] > (rh << 32 | u[j + nv - 2])) {
      qh--;
      rh += vt;
    }
    uint32_t borrow = vc_mpn_submul_1(u + j, v, nv, qh), top = u[j + nv];
    u[j + nv] = top - borrow;
    if (top < borrow) {             /* one too large (rare): add the divisor back */
      qh--;
      u[j + nv] += vc_mpn_add_n(u + j, u + j, v, nv);
    }
    if (q)
      q[j] = qh;
  }
}

int vc_mp_divmod_var(vc_mp *q, vc_mp *rem, const vc_mp *a, const vc_mp *m)
{
  /* Both operands shifted left so the divisor's top bit is set (u gains a limb), and the
   * quotient: 3 KiB of stack, written to q and rem only at the end since they may alias. */
  uint32_t u[VC_MP_CAP_LIMBS + 1], v[VC_MP_CAP_LIMBS], qd[VC_MP_CAP_LIMBS];
  if (!a || !m)
    return VC_ERR_NULL;
  if (q && q == rem)
    return VC_ERR_OVERLAP;
  if (m->n == 0)
    return VC_ERR_MODULUS;
  if (vc_mp_cmp_var(a, m) < 0) {
    /* rem before q: q may alias a. */
    if (rem)
      vc_mp_copy(rem, a);
    if (q)
      q->n = 0;
    return VC_OK;
  }
  size_t na = a->n, nm = m->n;
  VC_COST(DIV, na, nm);
  unsigned s = (unsigned)__builtin_clz(m->d[nm - 1]);
  vc_mpn_lshift(v, m->d, nm, s);
  u[na] = vc_mpn_lshift(u, a->d, na, s);
  vc_mpn_divrem(qd, u, na, v, nm);
  if (q)
    set_limbs(q, qd, na - nm + 1);
  if (rem) {
    vc_mpn_rshift(u, u, nm, s);
    set_limbs(rem, u, nm);
  }
  return VC_OK;
}

int vc_mp_mod_var(vc_mp *r, const vc_mp *a, const vc_mp *m)
{
  if (!r)
    return VC_ERR_NULL;
  return vc_mp_divmod_var(NULL, r, a, m);
}

/* 0 < m < 2^VC_MP_MAX_BITS. */
static int check_modulus(const vc_mp *m)
{
  return m->n == 0 || m->n > VC_MP_LIMBS ? VC_ERR_MODULUS : VC_OK;
}

/* Common checks of mod_add and mod_sub: pointers, modulus, a, b < m. */
static int check_mod_args(const vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m)
{
  if (!r || !a || !b || !m)
    return VC_ERR_NULL;
  if (check_modulus(m))
    return VC_ERR_MODULUS;
  if (vc_mp_cmp_var(a, m) >= 0 || vc_mp_cmp_var(b, m) >= 0)
    return VC_ERR_RANGE;
  return VC_OK;
}

int vc_mp_mod_add_var(vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m)
{
  vc_mp t;                          /* r may alias m */
  int rc = check_mod_args(r, a, b, m);
  if (rc)
    return rc;
  vc_mp_add_var(&t, a, b);
  if (vc_mp_cmp_var(&t, m) >= 0)
    vc_mp_sub_var(&t, &t, m);
  return vc_mp_copy(r, &t);
}

int vc_mp_mod_sub_var(vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m)
{
  vc_mp t;
  int rc = check_mod_args(r, a, b, m);
  if (rc)
    return rc;
  if (vc_mp_cmp_var(a, b) >= 0) {
    vc_mp_sub_var(&t, a, b);
  } else {
    vc_mp_add_var(&t, a, m);
    vc_mp_sub_var(&t, &t, b);
  }
  return vc_mp_copy(r, &t);
}

int vc_mp_mod_mul_var(vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m)
{
  vc_mp ta, tb, t;
  if (!r || !a || !b || !m)
    return VC_ERR_NULL;
  if (check_modulus(m))
    return VC_ERR_MODULUS;
  /* Operands reduced first so the product (below m^2) always fits; a == b stays a square. */
  int same = a == b;
  if (vc_mp_cmp_var(a, m) >= 0) {
    vc_mp_mod_var(&ta, a, m);
    a = &ta;
  }
  if (same) {
    b = a;
  } else if (vc_mp_cmp_var(b, m) >= 0) {
    vc_mp_mod_var(&tb, b, m);
    b = &tb;
  }
  vc_mp_mul_var(&t, a, b);
  return vc_mp_mod_var(r, &t, m);
}
