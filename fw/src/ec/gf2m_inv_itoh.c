/* Optimized inversion: Itoh-Tsujii. a^-1 = a^(2^m - 2) = (a^(2^(m-1) - 1))^2, and
 * b_k = a^(2^k - 1) follows an addition chain for m - 1 by b_(i+j) = b_i^(2^j) b_j: the chain
 * doubles k along the bits of m - 1 (b_2k = b_k^(2^k) b_k) and adds 1 on each set bit
 * (b_(2k+1) = b_2k^2 a). m - 1 = 162 costs 9 multiplications and 162 squarings, 232 costs
 * 10 and 232. The sequence depends on m only: constant time. The products and squares are
 * the optimized set's (on the clmul unit when the build has it). */
#include <string.h>

#include "gf2m_internal.h"

int vc_gf2m_inv_itoh(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  vc_gf2m b, t;
  if (!f || !r || !a)
    return VC_ERR_NULL;
  if (vc_gf2m_is_zero(f, a))
    return VC_ERR_NOINV;
  const unsigned e = f->m - 1u;
  int top = 31 - __builtin_clz(e);
  unsigned k = 1;
  memcpy(b, a, sizeof(b));
  for (int i = top - 1; i >= 0; i--) {
    memcpy(t, b, sizeof(t));
    for (unsigned j = 0; j < k; j++)
      vc_gf2m_sqr_opt(f, t, t);
    vc_gf2m_mul_opt(f, b, t, b, NULL);
    k *= 2;
    if ((e >> i) & 1) {
      vc_gf2m_sqr_opt(f, b, b);
      vc_gf2m_mul_opt(f, b, b, a, NULL);
      k++;
    }
  }
  vc_gf2m_sqr_opt(f, r, b);
  return VC_OK;
}
