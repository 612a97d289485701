/* Basic inversion (seed 001's basic set): the extended Euclidean algorithm for polynomials
 * (HMV Algorithm 2.48). Invariants a g1 = u, a g2 = v (mod f); each step cancels u's leading
 * term with v shifted by the degree difference. Variable time. */
#include <string.h>

#include "gf2m_internal.h"

/* One word more than an element: f itself has degree m. */
#define N (VC_GF2M_WORDS + 1)

int vc_gf2m_inv_euclid_var(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  uint32_t u[N], v[N], g1[N] = {1}, g2[N] = {0}, *pu = u, *pv = v, *p1 = g1, *p2 = g2;
  int err = vc_gf2m_inv_start(f, r, a, u, v);
  if (err)
    return err;
  const int n = f->words + 1;
  int du = vc_gf2m_deg_var(pu, n), dv = f->m;
  while (du > 0) {
    int j = du - dv;
    if (j < 0) {
      uint32_t *t = pu; pu = pv; pv = t;
      t = p1; p1 = p2; p2 = t;
      int d = du; du = dv; dv = d;
      j = -j;
    }
    vc_gf2m_addshift_var(pu, pv, n, j);
    vc_gf2m_addshift_var(p1, p2, n, j);
    du = vc_gf2m_deg_var(pu, n);
  }
  /* u = 1: g1 = a^-1, of degree below m. */
  memcpy(r, p1, sizeof(vc_gf2m));
  return VC_OK;
}
