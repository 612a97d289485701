/* Raw RSA (pk.h): the public operation, the private one with or without the CRT, and private
 * key checks. A private result is released only after re-encryption gives the input back: a
 * fault in one CRT half yields s with s^e = m modulo one prime only, and gcd(s^e - m, n) then
 * factors n (Boneh, DeMillo, Lipton 1997). */
#include "vexcrypt/pk.h"
#include "pk_internal.h"

/* r = a^e mod m for a public e and m. */
static int powmod(vc_mp *r, const vc_mp *a, const vc_mp *e, const vc_mp *m, const vc_mp_cfg *cfg)
{
  vc_mont ctx;
  int rc = vc_mont_init_var(&ctx, m, cfg, NULL, NULL);
  return rc ? rc : vc_mp_modexp_var(&ctx, r, a, e);
}

int vc_rsa_pub_from_priv(vc_rsa_pub *pub, const vc_rsa_priv *k)
{
  if (!pub || !k)
    return VC_ERR_NULL;
  vc_mp_copy(&pub->n, &k->n);
  return vc_mp_copy(&pub->e, &k->e);
}

int vc_rsa_priv_complete(vc_rsa_priv *k)
{
  vc_mp pm1, qm1, t, u, crt[4];
  int rc;
  if (!k)
    return VC_ERR_NULL;
  vc_mp *const given[4] = {&k->dp, &k->dq, &k->qinv, &k->pinv};
  /* The CRT and Montgomery code take odd moduli only (p = 2 would pass the other checks). */
  if (vc_mp_cmp_u32_var(&k->p, 1) <= 0 || vc_mp_cmp_u32_var(&k->q, 1) <= 0 || !(k->p.d[0] & 1) ||
      !(k->q.d[0] & 1))
    return VC_ERR_RANGE;
  if ((rc = vc_mp_mul_var(&t, &k->p, &k->q)))
    return rc;
  if (vc_mp_cmp_var(&t, &k->n) || vc_mp_bits(&k->n) > VC_MP_MAX_BITS)
    return VC_ERR_RANGE;
  /* e*d = 1 mod lcm(p-1, q-1) = (p-1)(q-1) / gcd(p-1, q-1). */
  vc_mp_set_u32(&u, 1);
  vc_mp_sub_var(&pm1, &k->p, &u);
  vc_mp_sub_var(&qm1, &k->q, &u);
  if ((rc = vc_mp_gcd_var(&t, &pm1, &qm1)) || (rc = vc_mp_mul_var(&u, &pm1, &qm1)) ||
      (rc = vc_mp_divmod_var(&u, NULL, &u, &t)) || (rc = vc_mp_mul_var(&t, &k->e, &k->d)) ||
      (rc = vc_mp_mod_var(&t, &t, &u)))
    return rc;
  if (vc_mp_cmp_u32_var(&t, 1) != 0)
    return VC_ERR_RANGE;
  /* dp, dq are unique below p-1, q-1 (e^-1 there), the inverses below p, q; p and q not
   * coprime (p = q included) have none. */
  if ((rc = vc_mp_mod_var(&crt[0], &k->d, &pm1)) || (rc = vc_mp_mod_var(&crt[1], &k->d, &qm1)) ||
      (rc = vc_mp_mod_inv_euclid_var(&crt[2], &k->q, &k->p)) ||
      (rc = vc_mp_mod_inv_euclid_var(&crt[3], &k->p, &k->q)))
    return VC_ERR_RANGE;
  for (int i = 0; i < 4; i++)
    if (given[i]->n && vc_mp_cmp_var(given[i], &crt[i]))
      return VC_ERR_RANGE;
  for (int i = 0; i < 4; i++)
    vc_mp_copy(given[i], &crt[i]);
  return VC_OK;
}

int vc_rsa_public(const vc_rsa_pub *k, vc_mp *out, const vc_mp *in, const vc_mp_cfg *cfg)
{
  if (!k || !out || !in)
    return VC_ERR_NULL;
  if (vc_mp_cmp_var(in, &k->n) >= 0)
    return VC_ERR_RANGE;
  return powmod(out, in, &k->e, &k->n, cfg);
}

/* The CRT result's fault check, in the prime's own context: x^e = in (mod m). Together for p
 * and q (and p*q = n, against a corrupted stored prime) this is x^e = in (mod n), at half the
 * products of a check modulo n and without a third Montgomery set-up. The modulus is secret:
 * unless cfg.var, both sides in constant time (e is public, its length the bound). */
static int check_mod(const vc_mont *ctx, const vc_mp *x, const vc_rsa_priv *k, const vc_mp *in,
                     const vc_mp *m, vc_mp *t, vc_mp *u)
{
  int rc;
  if (ctx->cfg.var) {
    if ((rc = vc_mp_modexp_var(ctx, t, x, &k->e)) || (rc = vc_mp_mod_var(u, in, m)))
      return rc;
  } else if ((rc = vc_mp_modexp(ctx, t, x, &k->e, vc_mp_bits(&k->e))) ||
             (rc = vc_mp_set_u32(u, 1)) || (rc = vc_mp_mont_modmul(ctx, u, in, u))) {
    return rc;
  }
  return vc_mp_cmp_var(t, u) ? VC_ERR_FAULT : VC_OK;
}

int vc_rsa_ctx_init(vc_rsa_ctx *x, const vc_rsa_priv *k, int crt, int secret, const vc_mp_cfg *cfg,
                    vc_mp_cache *intra, vc_mp_cache *pre)
{
  vc_mp one;
  int rc;
  x->crt = crt;
  x->secret = secret;
  VC_COST(RSA_INIT, crt, secret);
  if (crt == VC_RSA_NOCRT)
    return vc_mont_init_var(&x->cp, &k->n, cfg, intra, pre);
  if ((rc = vc_mont_init(&x->cp, &k->p, cfg, intra, pre)) ||
      (rc = vc_mont_init(&x->cq, &k->q, cfg, intra ? intra + 1 : NULL, pre ? pre + 1 : NULL)))
    return rc;
  if (secret)
    return (rc = vc_mp_copy(&x->ep, &k->dp)) ? rc : vc_mp_copy(&x->eq, &k->dq);
  /* A public exponent through the CRT: e mod (p-1), e mod (q-1) (p and q are odd, above 1). It
   * handles p and q in variable time (no fault check either): for the study only, asked for by
   * cfg.var; without the key's qinv (pinv for SRC) the recombination could not be right. */
  if (!x->cp.cfg.var || !k->qinv.n || (crt == VC_RSA_SRC && !k->pinv.n))
    return VC_ERR_PARAM;
  vc_mp_set_u32(&one, 1);
  if ((rc = vc_mp_sub_var(&x->ep, &k->p, &one)) || (rc = vc_mp_mod_var(&x->ep, &k->e, &x->ep)) ||
      (rc = vc_mp_sub_var(&x->eq, &k->q, &one)) || (rc = vc_mp_mod_var(&x->eq, &k->e, &x->eq)))
    return rc;
  return VC_OK;
}

int vc_rsa_ctx_exp(const vc_rsa_ctx *x, const vc_rsa_priv *k, vc_mp *out, const vc_mp *in)
{
  vc_mp r, t, u;
  int rc, ct;
  VC_COST(RSA_EXP, x->crt, x->secret | x->cp.cfg.var << 1);
  if (x->crt == VC_RSA_NOCRT) {
    if (!x->secret)
      return vc_mp_modexp_var(&x->cp, out, in, &k->e);
    if ((rc = vc_pk_exp_secret(&x->cp, &r, in, &k->d, vc_mp_bits(&k->n))) ||
        (rc = vc_mp_modexp_var(&x->cp, &t, &r, &k->e)))
      return rc;
    if (vc_mp_cmp_var(&t, in) != 0)
      return VC_ERR_FAULT;
    return vc_mp_copy(out, &r);
  }
  /* dp < p and dq < q: their primes' lengths bound them. Garner in constant time for a secret
   * unless cfg.var; single-radix conversion (the study's) is variable time. */
  if (x->secret ? (rc = vc_pk_exp_secret(&x->cp, &r, in, &x->ep, vc_mp_bits(&k->p))) ||
                      (rc = vc_pk_exp_secret(&x->cq, &t, in, &x->eq, vc_mp_bits(&k->q)))
                : (rc = vc_mp_modexp_var(&x->cp, &r, in, &x->ep)) ||
                      (rc = vc_mp_modexp_var(&x->cq, &t, in, &x->eq)))
    return rc;
  ct = x->secret && !x->cp.cfg.var && x->crt == VC_RSA_MRC;
  if ((rc = ct ? vc_mp_crt(&x->cp, &r, &r, &t, &k->q, &k->qinv)
               : vc_mp_crt_var(&r, &r, &t, &k->p, &k->q, &k->qinv, &k->pinv,
                               x->crt == VC_RSA_MRC ? VC_CRT_MRC : VC_CRT_SRC)))
    return rc;
  if (!x->secret)
    return vc_mp_copy(out, &r);
  if ((rc = check_mod(&x->cp, &r, k, in, &k->p, &t, &u)) || (rc = check_mod(&x->cq, &r, k, in, &k->q, &t, &u)))
    return rc;
  if ((rc = vc_mp_mul_var(&t, &k->p, &k->q)))
    return rc;
  if (vc_mp_cmp_var(&t, &k->n) != 0 || vc_mp_cmp_var(&r, &k->n) >= 0)
    return VC_ERR_FAULT;
  return vc_mp_copy(out, &r);
}

int vc_rsa_private(const vc_rsa_priv *k, vc_mp *out, const vc_mp *in, int crt,
                   const vc_mp_cfg *cfg)
{
  vc_rsa_ctx x;
  int rc;
  if (!k || !out || !in)
    return VC_ERR_NULL;
  if (crt != VC_RSA_NOCRT && crt != VC_RSA_MRC && crt != VC_RSA_SRC)
    return VC_ERR_PARAM;
  if (vc_mp_cmp_var(in, &k->n) >= 0)
    return VC_ERR_RANGE;
  return (rc = vc_rsa_ctx_init(&x, k, crt, 1, cfg, NULL, NULL)) ? rc : vc_rsa_ctx_exp(&x, k, out, in);
}
