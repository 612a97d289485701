/* Diffie-Hellman (pk.h). Public values and exponents must lie in [2, p-2]: 1 and p-1 generate
 * the subgroups of order 1 and 2, and a peer sending one of them (or 0, or p) would fix the
 * shared secret to a value an eavesdropper can guess. */
#include "vexcrypt/pk.h"
#include "pk_internal.h"

/* 1 < v < p-1 */
static int in_range(const vc_mp *v, const vc_mp *pm1)
{
  return vc_mp_cmp_u32_var(v, 1) > 0 && vc_mp_cmp_var(v, pm1) < 0;
}

/* The context for p and p-1 for the range checks; p = 3 leaves [2, p-2] empty. */
static int setup(vc_mont *ctx, vc_mp *pm1, const vc_mp *p, const vc_mp_cfg *cfg)
{
  int rc;
  if (vc_mp_cmp_u32_var(p, 3) <= 0)
    return VC_ERR_MODULUS;
  if ((rc = vc_mont_init_var(ctx, p, cfg, NULL, NULL)))
    return rc;
  vc_mp_set_u32(pm1, 1);
  return vc_mp_sub_var(pm1, p, pm1);
}

int vc_dh_keygen(const vc_mp *p, const vc_mp *g, size_t xbits, vc_drbg *rng, vc_mp *x, vc_mp *y,
                 const vc_mp_cfg *cfg)
{
  vc_mont ctx;
  vc_mp a, t;
  int rc;
  if (!p || !g || !rng || !x || !y)
    return VC_ERR_NULL;
  if ((rc = setup(&ctx, &a, p, cfg)))
    return rc;
  if (!in_range(g, &a))
    return VC_ERR_RANGE;
  /* x = lo + r with r uniform below a span: lo = 2, span = p-3 for the whole range [2, p-2];
   * lo = span = 2^(xbits-1) for an xbits-bit exponent, which stays below 2^(bits(p)-1) < p-1.
   * One vc_mp holds the span, then lo: the exponentiation below needs the stack. */
  if (xbits == 0) {
    vc_mp_set_u32(&t, 3);
    vc_mp_sub_var(&a, p, &t);
  } else {
    if (xbits < 2 || xbits >= vc_mp_bits(p))
      return VC_ERR_PARAM;
    vc_mp_set_u32(&a, 1);
    vc_mp_shl_var(&a, &a, xbits - 1);
  }
  if ((rc = vc_mp_random_below(&t, &a, rng)))
    return rc;
  if (xbits == 0)
    vc_mp_set_u32(&a, 2);
  if ((rc = vc_mp_add_var(&t, &t, &a)) ||
      (rc = vc_pk_exp_secret(&ctx, &a, g, &t, xbits ? xbits : vc_mp_bits(p))))
    return rc;
  vc_mp_copy(x, &t);
  return vc_mp_copy(y, &a);
}

int vc_dh_shared(const vc_mp *p, const vc_mp *x, size_t xbits, const vc_mp *peer, vc_mp *z,
                 const vc_mp_cfg *cfg)
{
  vc_mont ctx;
  vc_mp pm1;
  int rc;
  if (!p || !x || !peer || !z)
    return VC_ERR_NULL;
  if ((rc = setup(&ctx, &pm1, p, cfg)))
    return rc;
  if (xbits && (xbits < 2 || xbits >= vc_mp_bits(p)))
    return VC_ERR_PARAM;
  if (!in_range(peer, &pm1) || !in_range(x, &pm1) || (xbits && vc_mp_bits(x) > xbits))
    return VC_ERR_RANGE;
  return vc_pk_exp_secret(&ctx, z, peer, x, xbits ? xbits : vc_mp_bits(p));
}

size_t vc_dh_xbits_for(size_t pbits)
{
  return pbits <= 1024 ? 160 : 225;
}
