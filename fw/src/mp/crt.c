/* Chinese remaindering for two coprime moduli, by mixed-radix (Garner) and single-radix
 * conversion (seed 004's MRC and SRC), and Garner's in constant time. */
#include "vexcrypt/mp.h"
#include "mpn.h"

int vc_mp_crt_var(vc_mp *x, const vc_mp *xp, const vc_mp *xq, const vc_mp *p, const vc_mp *q,
                  const vc_mp *qinv, const vc_mp *pinv, int algo)
{
  vc_mp t, u;
  int rc;
  if (!x || !xp || !xq || !p || !q || !qinv || (algo == VC_CRT_SRC && !pinv))
    return VC_ERR_NULL;
  if (algo != VC_CRT_MRC && algo != VC_CRT_SRC)
    return VC_ERR_PARAM;
  if (vc_mp_cmp_u32_var(p, 0) == 0 || vc_mp_cmp_u32_var(q, 0) == 0 ||
      vc_mp_bits(p) > VC_MP_MAX_BITS || vc_mp_bits(q) > VC_MP_MAX_BITS)
    return VC_ERR_MODULUS;
  if (vc_mp_cmp_var(xp, p) >= 0 || vc_mp_cmp_var(xq, q) >= 0)
    return VC_ERR_RANGE;
  VC_COST(CRT_VAR, algo, 0);
  if (algo == VC_CRT_MRC) {
    /* x = xq + q * ((xp - xq) * qinv mod p): one product mod p, one plain product. */
    if ((rc = vc_mp_mod_var(&t, xq, p)) || (rc = vc_mp_mod_sub_var(&t, xp, &t, p)) ||
        (rc = vc_mp_mod_mul_var(&t, &t, qinv, p)) || (rc = vc_mp_mul_var(&t, &t, q)))
      return rc;
    return vc_mp_add_var(x, &t, xq);
  }
  /* x = (xp * (q * qinv) + xq * (p * pinv)) mod pq: both residues weighted by their
   * idempotents in one radix, pq. */
  vc_mp pq;
  if ((rc = vc_mp_mul_var(&pq, p, q)) || (rc = vc_mp_mul_var(&t, q, qinv)) ||
      (rc = vc_mp_mul_var(&t, &t, xp)) || (rc = vc_mp_mul_var(&u, p, pinv)) ||
      (rc = vc_mp_mul_var(&u, &u, xq)) || (rc = vc_mp_add_var(&t, &t, &u)))
    return rc;
  return vc_mp_mod_var(x, &t, &pq);
}

/* Garner on fixed limb counts (p's, q's): h = (xp - xq) qinv mod p by Montgomery products in p's
 * context, from xp R - xq R = (xp R) + (p - xq R) and a masked subtraction; then x = xq + q h,
 * a schoolbook product and a sum, whose work depends on the lengths only. */
int vc_mp_crt(const vc_mont *cp, vc_mp *x, const vc_mp *xp, const vc_mp *xq, const vc_mp *q,
              const vc_mp *qinv)
{
  uint32_t u[VC_MP_LIMBS], h[VC_MP_LIMBS], v[VC_MP_LIMBS], t[2 * VC_MP_LIMBS];
  if (!cp || !x || !xp || !xq || !q || !qinv)
    return VC_ERR_NULL;
  size_t np = cp->n, nq = q->n;
  if (nq == 0 || nq > VC_MP_LIMBS)
    return VC_ERR_MODULUS;
  if (xp->n > np || xq->n > nq || qinv->n > np)
    return VC_ERR_RANGE;
  VC_COST(CRT, np, nq);
  vc_mp_limbs_ct(v, xq, nq);
  vc_mont_from_limbs_ct(cp, h, v, nq);              /* xq R mod p */
  vc_mpn_sub_n(h, cp->m, h, np);                    /* p - xq R, in [1, p] */
  vc_mp_limbs_ct(u, xp, np);
  vc_mont_from_limbs_ct(cp, u, u, np);              /* xp R mod p */
  vc_mpn_sub_m_ct(h, h, vc_mpn_add_n(h, h, u, np), cp->m, np);
  vc_mp_limbs_ct(u, qinv, np);
  vc_mont_mul(cp, h, h, u);                         /* (xp - xq) qinv mod p: qinv < 2^(32 np) */
  vc_mp_limbs_ct(u, q, nq);
  vc_mpn_mul(t, u, nq, h, np);
  vc_mpn_add(t, t, nq + np, v, nq);                 /* x < pq when xq < q: no carry out */
  x->n = (uint32_t)vc_mpn_norm(t, nq + np);
  vc_mpn_copy(x->d, t, x->n);
  return VC_OK;
}
