/* Basic multiplication (seed 001's basic set): right-to-left shift-and-add (HMV Algorithm
 * 2.33), one bit of a per step, the shifted b reduced at every step. Generic over the field;
 * no secret-dependent branches (masks select the additions). */
#include <string.h>

#include "gf2m_internal.h"

void vc_gf2m_mul_shiftadd(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  vc_gf2m c = {0}, x;
  const int n = f->words, top = f->m % 32, tw = f->m / 32;
  memcpy(x, b, sizeof(x));
  for (int i = 0; i < f->m; i++) {
    uint32_t bit = vc_ct_mask((a[i / 32] >> (i % 32)) & 1);
    for (int j = 0; j < n; j++)
      c[j] ^= x[j] & bit;
    /* x = x * z mod f: shift, then fold the bit that reached z^m back in. */
    for (int j = n - 1; j > 0; j--)
      x[j] = (x[j] << 1) | (x[j - 1] >> 31);
    x[0] <<= 1;
    uint32_t over = vc_ct_mask((x[tw] >> top) & 1);
    x[tw] &= ~(1u << top);
    x[0] ^= over & 1;
    for (int k = 0; k < 3 && f->k[k]; k++)
      x[f->k[k] / 32] ^= over & (1u << (f->k[k] % 32));
  }
  memcpy(r, c, sizeof(c));
}
