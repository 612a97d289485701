/* What the binary field's variants call (gf2m_internal.h), below the dispatching forms
 * (gf2m.c): the zero test, and the inversions' start, degree and shifted addition. */
#include <string.h>

#include "gf2m_internal.h"

int vc_gf2m_is_zero(const vc_gf2m_field *f, const vc_gf2m a)
{
  uint32_t acc = 0;
  for (int i = 0; i < f->words; i++)
    acc |= a[i];
  return (int)vc_ct_eq0(acc);
}

int vc_gf2m_inv_start(const vc_gf2m_field *f, const vc_gf2m r, const vc_gf2m a, uint32_t *u,
                      uint32_t *v)
{
  if (!f || !r || !a)
    return VC_ERR_NULL;
  if (vc_gf2m_is_zero(f, a))
    return VC_ERR_NOINV;
  memset(u, 0, 4 * (VC_GF2M_WORDS + 1));
  memset(v, 0, 4 * (VC_GF2M_WORDS + 1));
  memcpy(u, a, 4 * (size_t)f->words);
  v[f->m / 32] = 1u << (f->m % 32);
  v[0] |= 1;
  for (int i = 0; i < 3 && f->k[i]; i++)
    v[f->k[i] / 32] |= 1u << (f->k[i] % 32);
  return VC_OK;
}

int vc_gf2m_deg_var(const uint32_t *a, int n)
{
  for (int i = n - 1; i >= 0; i--)
    if (a[i])
      return 32 * i + 31 - __builtin_clz(a[i]);
  return -1;
}

void vc_gf2m_addshift_var(uint32_t *a, const uint32_t *b, int n, int s)
{
  int w = s / 32, k = s % 32;
  if (k == 0) {
    for (int i = n - 1; i >= w; i--)
      a[i] ^= b[i - w];
    return;
  }
  for (int i = n - 1; i > w; i--)
    a[i] ^= (b[i - w] << k) | (b[i - w - 1] >> (32 - k));
  a[w] ^= b[0] << k;
}
