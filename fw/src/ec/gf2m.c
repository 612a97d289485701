/* GF(2^163) and GF(2^233): descriptors, encodings, addition, trace, quadratic solving and the
 * dispatching forms of the algorithm sets, which call the variants (gf2m_*.c); what the
 * variants share is in gf2m_common.c. */
#include <string.h>

#include "gf2m_internal.h"

const vc_gf2m_field vc_gf2m_163 = {163, 6, {7, 6, 3}};
const vc_gf2m_field vc_gf2m_233 = {233, 8, {74, 0, 0}};

vc_gf2m_counts vc_gf2m_stats;

size_t vc_gf2m_bytes(const vc_gf2m_field *f)
{
  return f ? ((size_t)f->m + 7) / 8 : 0;
}

int vc_gf2m_from_bytes(const vc_gf2m_field *f, vc_gf2m r, const uint8_t *in, size_t len)
{
  vc_gf2m t = {0};
  if (!f || !r || !in)
    return VC_ERR_NULL;
  if (len != vc_gf2m_bytes(f))
    return VC_ERR_LENGTH;
  for (size_t i = 0; i < len; i++)
    t[i / 4] |= (uint32_t)in[len - 1 - i] << (8 * (i % 4));
  if (t[f->m / 32] >> (f->m % 32))
    return VC_ERR_RANGE;
  memcpy(r, t, sizeof(t));
  return VC_OK;
}

int vc_gf2m_to_bytes(const vc_gf2m_field *f, const vc_gf2m a, uint8_t *out, size_t len)
{
  if (!f || !a || !out)
    return VC_ERR_NULL;
  if (len != vc_gf2m_bytes(f))
    return VC_ERR_LENGTH;
  for (size_t i = 0; i < len; i++)
    out[len - 1 - i] = (uint8_t)(a[i / 4] >> (8 * (i % 4)));
  return VC_OK;
}

VC_HOT(gf2m) void vc_gf2m_add(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  for (int i = 0; i < f->words; i++)
    r[i] = a[i] ^ b[i];
}

int vc_gf2m_equal(const vc_gf2m_field *f, const vc_gf2m a, const vc_gf2m b)
{
  vc_gf2m t;
  vc_gf2m_add(f, t, a, b);
  return vc_gf2m_is_zero(f, t);
}

/* Tr(z^i) is 1 exactly for i = 0 and one more i for each NIST polynomial (HMV, Example 3.85's
 * method; tests/host/test_gf2m.py recomputes it from the definition). */
int vc_gf2m_trace(const vc_gf2m_field *f, const vc_gf2m a)
{
  unsigned i = f->m == 163 ? 157 : 159;
  return (int)((a[0] ^ (a[i / 32] >> (i % 32))) & 1);
}

int vc_gf2m_solve_quadratic(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m z, const vc_gf2m a)
{
  vc_gf2m h, x;
  if (!f || !z || !a)
    return VC_ERR_NULL;
  if ((unsigned)set >= VC_EC_NSETS)
    return VC_ERR_PARAM;
  if (vc_gf2m_trace(f, a))
    return VC_ERR_RANGE;
  /* The half-trace: the sum of a^(4^i) for i = 0 .. (m-1)/2. */
  memcpy(h, a, sizeof(h));
  memcpy(x, a, sizeof(x));
  for (int i = 0; i < (f->m - 1) / 2; i++) {
    vc_gf2m_sqr(f, set, x, x);
    vc_gf2m_sqr(f, set, x, x);
    vc_gf2m_add(f, h, h, x);
  }
  memcpy(z, h, sizeof(h));
  return VC_OK;
}

VC_HOT(gf2m) void vc_gf2m_mul(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  vc_gf2m_stats.mul++;
  if (set == VC_EC_BASIC)
    vc_gf2m_mul_shiftadd(f, r, a, b);
  else if (set == VC_EC_AFFINE_TABLE)
    vc_gf2m_mul_comb(f, r, a, b);
  else
    vc_gf2m_mul_opt(f, r, a, b, NULL);
}

void vc_gf2m_prepare(const vc_gf2m_field *f, vc_gf2m_prep *p, const vc_gf2m b)
{
  memcpy(p->b, b, sizeof(vc_gf2m));
  vc_gf2m_comb_table(f, p->t, b);
}

VC_HOT(gf2m) void vc_gf2m_mul_by(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m_prep *p)
{
  vc_gf2m_stats.mul++;
  vc_gf2m_mul_opt(f, r, a, p->b, p->t);
}

VC_HOT(gf2m) void vc_gf2m_sqr(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m r, const vc_gf2m a)
{
  vc_gf2m_stats.sqr++;
  if (set == VC_EC_BASIC)
    vc_gf2m_mul_shiftadd(f, r, a, a);
  else if (set == VC_EC_AFFINE_TABLE)
    vc_gf2m_sqr_tab_var(f, r, a);
  else
    vc_gf2m_sqr_opt(f, r, a);
}

int vc_gf2m_inv(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m r, const vc_gf2m a)
{
  vc_gf2m_stats.inv++;
  if (!f || !r || !a)
    return VC_ERR_NULL;
  if ((unsigned)set >= VC_EC_NSETS)
    return VC_ERR_PARAM;
  if (set == VC_EC_BASIC)
    return vc_gf2m_inv_euclid_var(f, r, a);
  return set == VC_EC_AFFINE_TABLE ? vc_gf2m_inv_almost_var(f, r, a) : vc_gf2m_inv_itoh(f, r, a);
}
