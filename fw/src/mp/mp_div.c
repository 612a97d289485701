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
  size_t na = a->n, nm = m->n, nq = na - nm + 1;
  unsigned s = (unsigned)__builtin_clz(m->d[nm - 1]);
  vc_mpn_lshift(v, m->d, nm, s);
  u[na] = vc_mpn_lshift(u, a->d, na, s);
  uint32_t vt = v[nm - 1];
  for (size_t j = nq; j-- > 0;) {
    /* Estimate from the top two limbs, corrected with the third so that it is at most one
     * too large; u[j + nm] <= vt keeps the 64-bit products in range. */
    uint64_t num = (uint64_t)u[j + nm] << 32 | u[j + nm - 1];
    uint64_t qh = num / vt;
    uint64_t rh = (uint32_t)num - (uint32_t)qh * vt;   /* < vt: the low word is enough */
    while (qh >> 32 || (nm > 1 && qh * v[nm - 2] > (rh << 32 | u[j + nm - 2]))) {
      qh--;
      rh += vt;
      if (rh >> 32)
        break;
    }
    uint32_t borrow = vc_mpn_submul_1(u + j, v, nm, (uint32_t)qh), top = u[j + nm];
    u[j + nm] = top - borrow;
    if (top < borrow) {             /* one too large (rare): add the divisor back */
      qh--;
      u[j + nm] += vc_mpn_add_n(u + j, u + j, v, nm);
    }
    qd[j] = (uint32_t)qh;
  }
  if (q)
    set_limbs(q, qd, nq);
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
