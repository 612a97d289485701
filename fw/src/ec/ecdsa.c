/* ECDSA (FIPS 186-4 6.4) over a curve's vc_ec_impl, with RFC 6979 nonces; the arithmetic
 * modulo the order n on vc_mp. */
#include <string.h>

#include "../mp/mpn.h"
#include "../pk/pk_internal.h"
#include "accel.h"
#include "ec_internal.h"
#include "mont.h"
#include "vexcrypt/pk.h"

#define ECDSA_DIGEST_MAX 64      /* SHA-512 */
#define ECDSA_SIGN_TRIES 64      /* RFC 6979 candidates when r or s comes out zero */

/* e: the digest's leftmost nbits bits, reduced mod n. */
static int digest_int(const vc_ec_curve *c, vc_mp *e, const vc_mp *n, const uint8_t *digest,
                      size_t dlen)
{
  int err = vc_rfc6979_bits2int(e, digest, dlen, c->nbits);
  return err ? err : vc_mp_mod_var(e, e, n);
}

/* x(R) mod n for a point R. */
static int x_mod_n(const vc_ec_curve *c, vc_mp *r, const vc_mp *n, const uint8_t *pt)
{
  int err = vc_mp_from_bytes(r, pt + 1, c->flen);
  return err ? err : vc_mp_mod_var(r, r, n);
}

/* k^-1 mod n (n prime, 0 < k < n), in constant time when k is secret. On the Montgomery
 * unit: Fermat's k^(n-2), whose public exponent fixes the products and whose products take
 * the same cycles whatever their operands (62 k cycles at 256 bits and W = 32). Otherwise the
 * CPU's constant-time binary algorithm, for public k too: at these sizes it is faster than the
 * variable-time one (115 k cycles against 210 k at 256 bits). */
static int inverse_mod_n(vc_mp *r, const vc_mp *k, const vc_mp *n, int secret)
{
  vc_mont ctx;
  vc_mp e;
  int err;
  if (!vc_accel_on(VC_ACCEL_MONT))
    return vc_mp_mod_inv_binary(r, k, n);
  if ((err = vc_mp_set_u32(&e, 2)) || (err = vc_mp_sub_var(&e, n, &e)) ||
      (err = vc_mont_init_var(&ctx, n, NULL, NULL, NULL)))
    return err;
  return secret ? vc_mp_modexp(&ctx, r, k, &e, vc_mp_bits(n)) : vc_mp_modexp_var(&ctx, r, k, &e);
}

/* s = k^-1 (e + r d) mod n (k^-1, r, d, e below n; s may alias e) by four constant-time
 * Montgomery products, R = 2^(32 limbs): d R, r d, (e + r d) R, then by k^-1. */
static int s_value(vc_mp *s, const vc_mp *n, const vc_mp *kinv, const vc_mp *r, const vc_mp *d,
                   const vc_mp *e)
{
  uint32_t a[VC_MP_LIMBS], b[VC_MP_LIMBS], x[VC_MP_LIMBS];
  vc_mont mn;
  size_t l = n->n;
  int err = vc_mont_init_var(&mn, n, NULL, NULL, NULL);
  vc_mp_limbs_ct(a, d, l);
  vc_mp_limbs_ct(b, r, l);
  if (err || (err = vc_mont_mul(&mn, a, a, mn.r2)) || (err = vc_mont_mul(&mn, x, b, a)))
    return err;
  vc_mp_limbs_ct(b, e, l);
  vc_mpn_sub_m_ct(x, x, vc_mpn_add_n(x, x, b, l), mn.m, l);
  vc_mp_limbs_ct(b, kinv, l);
  if ((err = vc_mont_mul(&mn, x, x, mn.r2)) || (err = vc_mont_mul(&mn, x, x, b)))
    return err;
  s->n = (uint32_t)vc_mpn_norm(x, l);
  vc_mpn_copy(s->d, x, s->n);
  return VC_OK;
}

/* One slice of the nonce's inverse (vc_montu_background). */
static int inv_slice(void *job)
{
  return vc_mp_mod_inv_slice(job);
}

/* r = x(k G) mod n, s = k^-1 (e + r d) mod n; VC_ERR_RANGE when r or s is zero. When k G runs
 * on the Montgomery unit, the CPU computes k^-1 meanwhile, in slices while it waits on the
 * unit (P-256: k G keeps the unit busy 300 k cycles at W = 32 and 115 k at W = 64; the
 * inverse takes the CPU 115 k), instead of Fermat on the unit after k G. */
static int sign_with(const vc_ec_curve *c, vc_ec_set set, const vc_mp *n, const vc_mp *d,
                     const uint8_t *digest, size_t dlen, const uint8_t *k, uint8_t *r_out,
                     uint8_t *s_out)
{
  const int overlap = c->impl->on_unit && vc_accel_on(VC_ACCEL_MONT);
  uint8_t pt[VC_EC_MAX_POINT];
  vc_mp_inv_job inv;
  vc_mp r, s, t;
  int err, ierr;
  if ((err = vc_mp_from_bytes(&t, k, c->nlen)) ||
      (overlap && (err = vc_mp_mod_inv_start(&inv, &t, n))))
    return err;
  if (overlap)
    vc_montu_background(inv_slice, &inv);
  err = c->impl->mul(c, set, pt, k, NULL);
  vc_montu_background(NULL, NULL);
  if (overlap)
    ierr = vc_mp_mod_inv_end(&inv, &t);         /* always: it wipes the job */
  else
    ierr = err ? VC_OK : inverse_mod_n(&t, &t, n, 1);
  if (err || (err = ierr) || (err = x_mod_n(c, &r, n, pt)))
    return err;
  if (!vc_mp_cmp_u32_var(&r, 0))
    return VC_ERR_RANGE;
  if ((err = digest_int(c, &s, n, digest, dlen)) || (err = s_value(&s, n, &t, &r, d, &s)))
    return err;
  if (!vc_mp_cmp_u32_var(&s, 0))
    return VC_ERR_RANGE;
  vc_mp_to_bytes(&r, r_out, c->nlen);
  return vc_mp_to_bytes(&s, s_out, c->nlen);
}

/* The checks every signing call shares; n and d as numbers. */
static int sign_args(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv, vc_mp *n, vc_mp *d)
{
  int err;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (!vc_ec_scalar_ok(c, priv))
    return VC_ERR_RANGE;
  if ((err = vc_mp_from_bytes(n, c->order, c->nlen)))
    return err;
  return vc_mp_from_bytes(d, priv, c->nlen);
}

int vc_ecdsa_sign_k(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv,
                    const uint8_t *digest, size_t dlen, const uint8_t *k, uint8_t *r, uint8_t *s)
{
  uint8_t rb[VC_EC_MAX_NLEN], sb[VC_EC_MAX_NLEN];
  vc_mp n, d;
  int err;
  if (!c || !priv || !digest || !k || !r || !s)
    return VC_ERR_NULL;
  if (dlen > ECDSA_DIGEST_MAX)
    return VC_ERR_LENGTH;
  if ((err = sign_args(c, set, priv, &n, &d)))
    return err;
  if (!vc_ec_scalar_ok(c, k))
    return VC_ERR_RANGE;
  if ((err = sign_with(c, set, &n, &d, digest, dlen, k, rb, sb)))
    return err;
  memcpy(r, rb, c->nlen);
  memcpy(s, sb, c->nlen);
  return VC_OK;
}

int vc_ecdsa_sign(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv,
                  const vc_hash_class *h, const uint8_t *digest, uint8_t *r, uint8_t *s)
{
  uint8_t kb[VC_EC_MAX_NLEN], rb[VC_EC_MAX_NLEN], sb[VC_EC_MAX_NLEN];
  vc_rfc6979 gen;
  vc_mp n, d, k;
  int err;
  if (!c || !priv || !h || !digest || !r || !s)
    return VC_ERR_NULL;
  if ((err = sign_args(c, set, priv, &n, &d)) ||
      (err = vc_rfc6979_init(&gen, &n, &d, h, digest)))
    return err;
  for (unsigned i = 0; i < ECDSA_SIGN_TRIES; i++) {
    if ((err = vc_rfc6979_next(&gen, &k)) || (err = vc_mp_to_bytes(&k, kb, c->nlen)))
      return err;
    err = sign_with(c, set, &n, &d, digest, h->digest_len, kb, rb, sb);
    if (err == VC_ERR_RANGE)
      continue;
    if (err)
      return err;
    memcpy(r, rb, c->nlen);
    memcpy(s, sb, c->nlen);
    return VC_OK;
  }
  return VC_ERR_RETRY;
}

int vc_ecdsa_verify(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pub, size_t publen,
                    const uint8_t *digest, size_t dlen, const uint8_t *r, const uint8_t *s)
{
  uint8_t u1b[VC_EC_MAX_NLEN], u2b[VC_EC_MAX_NLEN], p1[VC_EC_MAX_POINT], p2[VC_EC_MAX_POINT];
  vc_mp n, w, u1, u2;
  int err;
  if (!c || !pub || !digest || !r || !s)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (dlen > ECDSA_DIGEST_MAX)
    return VC_ERR_LENGTH;
  if ((err = vc_ec_point_arg(c, set, pub, publen, 1)))
    return err;
  if (!vc_ec_scalar_ok(c, r) || !vc_ec_scalar_ok(c, s))
    return VC_ERR_VERIFY;
  /* w = s^-1, u1 = e w, u2 = r w (mod n); R = u1 G + u2 Q, accepted when x(R) = r mod n. */
  if ((err = vc_mp_from_bytes(&n, c->order, c->nlen)) ||
      (err = vc_mp_from_bytes(&u2, s, c->nlen)) ||
      (err = inverse_mod_n(&w, &u2, &n, 0)) ||
      (err = digest_int(c, &u1, &n, digest, dlen)) || (err = vc_mp_mod_mul_var(&u1, &u1, &w, &n)) ||
      (err = vc_mp_from_bytes(&u2, r, c->nlen)) ||
      (err = vc_mp_mod_mul_var(&u2, &u2, &w, &n)) ||
      (err = vc_mp_to_bytes(&u1, u1b, c->nlen)) ||
      (err = vc_mp_to_bytes(&u2, u2b, c->nlen)))
    return err;
  if (c->impl->mul2_eq_x_var)
    return c->impl->mul2_eq_x_var(c, set, u1b, u2b, pub, r);
  if (!(err = c->impl->mul(c, set, p2, u2b, pub)) && vc_mp_cmp_u32_var(&u1, 0) &&
           !(err = c->impl->mul(c, set, p1, u1b, NULL)))
    err = c->impl->add(c, set, p2, p1, p2);   /* u1 = 0 (e = 0 mod n) leaves R = u2 Q */
  if (err == VC_ERR_POINT)
    return VC_ERR_VERIFY;                      /* R is infinity */
  if (err)
    return err;
  if ((err = x_mod_n(c, &w, &n, p2)) || (err = vc_mp_from_bytes(&u1, r, c->nlen)))
    return err;
  return vc_mp_cmp_var(&w, &u1) ? VC_ERR_VERIFY : VC_OK;
}
