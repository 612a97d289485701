/* Helpers shared by the public-key sources (not part of the public API). */
#ifndef VEXCRYPT_PK_INTERNAL_H
#define VEXCRYPT_PK_INTERNAL_H

#include "vexcrypt/mp.h"

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

#endif
