/* ElGamal (pk.h) as a Diffie-Hellman exchange with a fresh key pair per message: (k, c1 = g^k)
 * is the sender's ephemeral pair and c2 masks m with the shared value y^k. */
#include "vexcrypt/pk.h"
#include "pk_internal.h"

/* 0 < v < p: the nonzero residues, where messages and ciphertexts live. */
static int nonzero_below(const vc_mp *v, const vc_mp *p)
{
  return v->n != 0 && vc_mp_cmp_var(v, p) < 0;
}

int vc_elgamal_encrypt(const vc_mp *p, const vc_mp *g, const vc_mp *y, const vc_mp *m,
                       vc_drbg *rng, vc_mp *c1, vc_mp *c2, const vc_mp_cfg *cfg)
{
  vc_mont ctx;
  vc_mp k, a;
  int rc;
  if (!p || !g || !y || !m || !rng || !c1 || !c2)
    return VC_ERR_NULL;
  /* y is vc_dh_shared's to check, but checking it before k is drawn leaves the generator
   * where it was on error. p = 0 fails the subtraction. */
  vc_mp_set_u32(&a, 1);
  if (!nonzero_below(m, p) || vc_mp_sub_var(&a, p, &a) || vc_mp_cmp_u32_var(y, 1) <= 0 ||
      vc_mp_cmp_var(y, &a) >= 0)
    return VC_ERR_RANGE;
  /* k makes way for y^k, then for c2: two vc_mp beside the exponentiation's stack. The
   * product of two secrets (y^k, m) in p's context: constant time unless cfg.var. */
  if ((rc = vc_dh_keygen(p, g, 0, rng, &k, &a, cfg)) || (rc = vc_dh_shared(p, &k, 0, y, &k, cfg)) ||
      (rc = vc_mont_init_var(&ctx, p, cfg, NULL, NULL)) ||
      (rc = vc_pk_modmul_secret(&ctx, &k, &k, m)))
    return rc;
  vc_mp_copy(c1, &a);
  return vc_mp_copy(c2, &k);
}

int vc_elgamal_decrypt(const vc_mp *p, const vc_mp *x, const vc_mp *c1, const vc_mp *c2,
                       vc_mp *m, const vc_mp_cfg *cfg)
{
  vc_mont ctx;
  vc_mp e;
  int rc;
  if (!p || !x || !c1 || !c2 || !m)
    return VC_ERR_NULL;
  if ((rc = vc_mont_init_var(&ctx, p, cfg, NULL, NULL)))
    return rc;
  if (!nonzero_below(x, p) || !nonzero_below(c1, p) || !nonzero_below(c2, p))
    return VC_ERR_RANGE;
  /* c1^(p-1-x) = c1^-x (Fermat): the inverse costs no more than the exponentiation. */
  vc_mp_set_u32(&e, 1);
  vc_mp_sub_var(&e, p, &e);
  vc_mp_sub_var(&e, &e, x);
  if ((rc = vc_pk_exp_secret(&ctx, &e, c1, &e, vc_mp_bits(p))) ||
      (rc = vc_pk_modmul_secret(&ctx, &e, &e, c2)))
    return rc;
  return vc_mp_copy(m, &e);
}
