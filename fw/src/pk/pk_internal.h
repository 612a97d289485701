/* Helpers shared by the public-key sources (not part of the public API). */
#ifndef VEXCRYPT_PK_INTERNAL_H
#define VEXCRYPT_PK_INTERNAL_H

#include "../internal.h"
#include "vexcrypt/mp.h"
#include "vexcrypt/pk.h"

/* Leftmost qlen bits of b[0..len) as an integer (RFC 6979 bits2int; FIPS 186-4's z for DSA). */
int vc_rfc6979_bits2int(vc_mp *r, const uint8_t *b, size_t len, size_t qlen);

/* r = a^e mod ctx's modulus for a secret e below 2^ebits: vc_mp_modexp, or vc_mp_modexp_var
 * when ctx's configuration asks for variable time (mp.h, vc_mp_cfg.var). */
static inline int vc_pk_exp_secret(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *e,
                                   size_t ebits)
{
  return ctx->cfg.var ? vc_mp_modexp_var(ctx, r, a, e) : vc_mp_modexp(ctx, r, a, e, ebits);
}

/* r = a*b mod ctx's modulus with a secret operand: constant time unless cfg.var. */
static inline int vc_pk_modmul_secret(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  return (ctx->cfg.var ? vc_mp_mont_modmul_var : vc_mp_mont_modmul)(ctx, r, a, b);
}

/* A raw RSA operation's per-key state (rsa.c), set up once for any number of inputs: the
 * Montgomery contexts (of n without the CRT, else of p and q) and the CRT's exponents. `secret`:
 * the private exponent, in constant time unless cfg.var, the result checked (vc_rsa_private);
 * else e, also through p and q when crt asks (seed 004's study assumes that of a public
 * operation: it needs the private key's p and q). Caches: NULL, or one per context (two with
 * the CRT: p's, then q's). Errors as vc_rsa_private's. */
typedef struct {
  vc_mont cp, cq;
  vc_mp ep, eq;
  int crt, secret;
} vc_rsa_ctx;
int vc_rsa_ctx_init(vc_rsa_ctx *x, const vc_rsa_priv *k, int crt, int secret, const vc_mp_cfg *cfg,
                    vc_mp_cache *intra, vc_mp_cache *pre);
/* out = in^exponent mod n for in < n (not checked here). */
int vc_rsa_ctx_exp(const vc_rsa_ctx *x, const vc_rsa_priv *k, vc_mp *out, const vc_mp *in);

#endif
