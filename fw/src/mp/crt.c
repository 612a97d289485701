/* Chinese remaindering for two coprime moduli, by mixed-radix (Garner) and single-radix
 * conversion (seed 004's MRC and SRC). */
#include "vexcrypt/mp.h"

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
      vc_mp_bits_var(p) > VC_MP_MAX_BITS || vc_mp_bits_var(q) > VC_MP_MAX_BITS)
    return VC_ERR_MODULUS;
  if (vc_mp_cmp_var(xp, p) >= 0 || vc_mp_cmp_var(xq, q) >= 0)
    return VC_ERR_RANGE;
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
