/* vc_mp: conversions, comparisons and integer arithmetic on normalised fixed-capacity numbers
 * (mp.h), over the limb layer. Outputs may alias inputs: the limb loops read each limb before
 * writing the same or a lower index, and products go through a local buffer. */
#include <string.h>

#include "vexcrypt/mp.h"
#include "mpn.h"

int vc_mp_from_bytes(vc_mp *r, const uint8_t *in, size_t len)
{
  if (!r || (!in && len))
    return VC_ERR_NULL;
  uint32_t over = 0;                   /* bytes beyond the capacity, allowed when zero */
  for (; len > 4 * VC_MP_CAP_LIMBS; len--)
    over |= *in++;
  if (over)
    return VC_ERR_RANGE;
  VC_COST(FROM_BYTES, len, 0);
  size_t n = (len + 3) / 4;
  memset(r->d, 0, 4 * n);
  for (size_t i = 0; i < len; i++)
    r->d[i / 4] |= (uint32_t)in[len - 1 - i] << (8 * (i % 4));
  r->n = (uint32_t)vc_mpn_norm(r->d, n);
  return VC_OK;
}

int vc_mp_to_bytes(const vc_mp *a, uint8_t *out, size_t len)
{
  if (!a || (!out && len))
    return VC_ERR_NULL;
  if ((vc_mp_bits(a) + 7) / 8 > len)
    return VC_ERR_LENGTH;
  VC_COST(TO_BYTES, len, 0);
  size_t nb = 4 * (size_t)a->n;
  for (size_t i = 0; i < len; i++)
    out[len - 1 - i] = i < nb ? (uint8_t)(a->d[i / 4] >> (8 * (i % 4))) : 0;
  return VC_OK;
}

int vc_mp_set_u32(vc_mp *r, uint32_t v)
{
  if (!r)
    return VC_ERR_NULL;
  r->d[0] = v;
  r->n = v != 0;
  return VC_OK;
}

int vc_mp_copy(vc_mp *r, const vc_mp *a)
{
  if (!r || !a)
    return VC_ERR_NULL;
  if (r != a) {
    memcpy(r->d, a->d, 4 * (size_t)a->n);
    r->n = a->n;
  }
  return VC_OK;
}

size_t vc_mp_bits(const vc_mp *a)
{
  if (!a || a->n == 0)
    return 0;
  return 32 * ((size_t)a->n - 1) + vc_ct_bitlen(a->d[a->n - 1]);
}

int vc_mp_bit(const vc_mp *a, size_t i)
{
  if (!a || i / 32 >= a->n)
    return 0;
  return (int)(a->d[i / 32] >> (i % 32) & 1);
}

int vc_mp_cmp_var(const vc_mp *a, const vc_mp *b)
{
  size_t an = a ? a->n : 0, bn = b ? b->n : 0;
  if (an != bn)
    return an < bn ? -1 : 1;
  return an ? vc_mpn_cmp(a->d, b->d, an) : 0;
}

int vc_mp_cmp_u32_var(const vc_mp *a, uint32_t b)
{
  size_t an = a ? a->n : 0;
  if (an > 1)
    return 1;
  uint32_t v = an ? a->d[0] : 0;
  return (v > b) - (v < b);
}

/* For a->n == VC_MP_CAP_LIMBS: a + b >= 2^VC_MP_CAP_BITS exactly when a > ~b, b zero-extended
 * to the capacity; the comparison settles at the top limbs in practice. */
static int add_overflows(const vc_mp *a, const vc_mp *b)
{
  for (size_t i = VC_MP_CAP_LIMBS; i-- > 0;) {
    uint32_t nb = ~(i < b->n ? b->d[i] : 0);
    if (a->d[i] != nb)
      return a->d[i] > nb;
  }
  return 0;
}

int vc_mp_add_var(vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  if (!r || !a || !b)
    return VC_ERR_NULL;
  if (a->n < b->n) {
    const vc_mp *t = a;
    a = b;
    b = t;
  }
  size_t n = a->n;
  if (n == VC_MP_CAP_LIMBS && add_overflows(a, b))
    return VC_ERR_RANGE;
  VC_COST(ADD, a->n, b->n);
  uint32_t c = vc_mpn_add(r->d, a->d, n, b->d, b->n);
  if (c)
    r->d[n++] = c;
  r->n = (uint32_t)n;
  return VC_OK;
}

int vc_mp_sub_var(vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  if (!r || !a || !b)
    return VC_ERR_NULL;
  if (vc_mp_cmp_var(a, b) < 0)
    return VC_ERR_RANGE;
  VC_COST(SUB, a->n, b->n);
  vc_mpn_sub(r->d, a->d, a->n, b->d, b->n);
  r->n = (uint32_t)vc_mpn_norm(r->d, a->n);
  return VC_OK;
}

int vc_mp_mul_var(vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  uint32_t t[VC_MP_CAP_LIMBS + 1];  /* an + bn limbs fit when the product may fit */
  if (!r || !a || !b)
    return VC_ERR_NULL;
  size_t n = (size_t)a->n + b->n;
  if (n > VC_MP_CAP_LIMBS + 1)
    return VC_ERR_RANGE;
  if (a == b)
    VC_COST(SQR, a->n, 0);
  else
    VC_COST(MUL, a->n, b->n);
  if (a == b)
    vc_mpn_sqr(t, a->d, a->n);
  else if (a->n >= b->n)            /* fewer, longer rows */
    vc_mpn_mul(t, a->d, a->n, b->d, b->n);
  else
    vc_mpn_mul(t, b->d, b->n, a->d, a->n);
  n = vc_mpn_norm(t, n);
  if (n > VC_MP_CAP_LIMBS)
    return VC_ERR_RANGE;
  memcpy(r->d, t, 4 * n);
  r->n = (uint32_t)n;
  return VC_OK;
}

int vc_mp_sqr_var(vc_mp *r, const vc_mp *a)
{
  return vc_mp_mul_var(r, a, a);
}

int vc_mp_shl_var(vc_mp *r, const vc_mp *a, size_t bits)
{
  if (!r || !a)
    return VC_ERR_NULL;
  size_t nb = vc_mp_bits(a), n = a->n, w = bits / 32;
  if (nb == 0)
    return vc_mp_set_u32(r, 0);
  if (bits > VC_MP_CAP_BITS - nb)
    return VC_ERR_RANGE;
  /* Limbs move up: both paths write from the top down, ahead of the limbs still to read. */
  uint32_t top = 0;
  if (bits % 32)
    top = vc_mpn_lshift(r->d + w, a->d, n, bits % 32);
  else
    memmove(r->d + w, a->d, 4 * n);
  memset(r->d, 0, 4 * w);
  n += w;
  if (top)
    r->d[n++] = top;
  r->n = (uint32_t)n;
  return VC_OK;
}

int vc_mp_shr_var(vc_mp *r, const vc_mp *a, size_t bits)
{
  if (!r || !a)
    return VC_ERR_NULL;
  size_t w = bits / 32;
  if (w >= a->n)
    return vc_mp_set_u32(r, 0);
  /* Limbs move down: rshift reads ahead of what it writes. */
  size_t n = a->n - w;
  vc_mpn_rshift(r->d, a->d + w, n, bits % 32);
  r->n = (uint32_t)vc_mpn_norm(r->d, n);
  return VC_OK;
}
