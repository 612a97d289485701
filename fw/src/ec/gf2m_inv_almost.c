/* Inversion by the almost-inverse algorithm in its modified form (HMV Algorithm 2.50), which
 * divides by z as it goes and so returns a^-1 itself: b a = u, c a = v (mod f); while z
 * divides u, u /= z and b /= z (b + f when b is odd). Variable time. */
#include <string.h>

#include "gf2m_internal.h"

#define N (VC_GF2M_WORDS + 1)

static void half(uint32_t *x, int n)
{
  for (int i = 0; i < n - 1; i++)
    x[i] = (x[i] >> 1) | (x[i + 1] << 31);
  x[n - 1] >>= 1;
}

int vc_gf2m_inv_almost_var(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  uint32_t u[N], v[N], b[N] = {1}, c[N] = {0}, fp[N];
  uint32_t *pu = u, *pv = v, *pb = b, *pc = c;
  int err = vc_gf2m_inv_start(f, r, a, u, fp);
  if (err)
    return err;
  const int n = f->words + 1;
  memcpy(v, fp, sizeof(fp));
  for (;;) {
    while (!(pu[0] & 1)) {
      half(pu, n);
      if (pb[0] & 1)
        for (int i = 0; i < n; i++)
          pb[i] ^= fp[i];
      half(pb, n);
    }
    if (vc_gf2m_deg_var(pu, n) == 0)
      break;
    if (vc_gf2m_deg_var(pu, n) < vc_gf2m_deg_var(pv, n)) {
      uint32_t *t = pu; pu = pv; pv = t;
      t = pb; pb = pc; pc = t;
    }
    for (int i = 0; i < n; i++) {
      pu[i] ^= pv[i];
      pb[i] ^= pc[i];
    }
  }
  memcpy(r, pb, sizeof(vc_gf2m));
  return VC_OK;
}
