/* DSA (FIPS 186-4) over the Montgomery exponentiation of the caller's configuration, with
 * RFC 6979 nonces. */
#include "vexcrypt/pk.h"
#include "pk_internal.h"

/* What every operation relies on: an (L, N) of FIPS 186-4, p and q odd, 1 < g < p. */
static int dsa_group(const vc_dsa_params *dp)
{
  static const uint16_t sizes[][2] = {{1024, 160}, {2048, 224}, {2048, 256}, {3072, 256}};
  size_t L = vc_mp_bits(&dp->p), N = vc_mp_bits(&dp->q);
  int known = 0;
  for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
    known |= L == sizes[i][0] && N == sizes[i][1];
  if (!known || !vc_mp_bit(&dp->p, 0) || !vc_mp_bit(&dp->q, 0) ||
      vc_mp_cmp_u32_var(&dp->g, 1) <= 0 || vc_mp_cmp_var(&dp->g, &dp->p) >= 0)
    return VC_ERR_PARAM;
  return VC_OK;
}

int vc_dsa_check_params(const vc_dsa_params *dp, const vc_mp_cfg *cfg)
{
  vc_mont m;
  vc_mp t;
  int err;
  if (!dp)
    return VC_ERR_NULL;
  if ((err = dsa_group(dp)))
    return err;
  /* q | p - 1 as p mod q = 1; g of order q (g != 1, so exactly q: q is meant to be prime). */
  if ((err = vc_mp_mod_var(&t, &dp->p, &dp->q)))
    return err;
  if (vc_mp_cmp_u32_var(&t, 1))
    return VC_ERR_PARAM;
  if ((err = vc_mont_init_var(&m, &dp->p, cfg, NULL, NULL)) ||
      (err = vc_mp_modexp_var(&m, &t, &dp->g, &dp->q)))
    return err;
  return vc_mp_cmp_u32_var(&t, 1) ? VC_ERR_PARAM : VC_OK;
}

int vc_dsa_keygen(const vc_dsa_params *dp, vc_drbg *rng, vc_mp *x, vc_mp *y, const vc_mp_cfg *cfg)
{
  vc_mont m;
  vc_mp a, b;
  int err;
  if (!dp || !rng || !x || !y)
    return VC_ERR_NULL;
  if ((err = dsa_group(dp)))
    return err;
  /* x = 1 + (uniform below q - 1); the configuration is checked before drawing. */
  if ((err = vc_mont_init_var(&m, &dp->p, cfg, NULL, NULL)) || (err = vc_mp_set_u32(&a, 1)) ||
      (err = vc_mp_sub_var(&b, &dp->q, &a)) || (err = vc_mp_random_below(&a, &b, rng)) ||
      (err = vc_mp_set_u32(&b, 1)) || (err = vc_mp_add_var(&a, &a, &b)) ||
      (err = vc_pk_exp_secret(&m, &b, &dp->g, &a, vc_mp_bits(&dp->q))))
    return err;
  vc_mp_copy(x, &a);
  return vc_mp_copy(y, &b);
}

/* Tries of fresh nonces when r or s comes out zero (probability about 2/q each). */
#define DSA_SIGN_TRIES 64

int vc_dsa_sign(const vc_dsa_params *dp, const vc_mp *x, const vc_hash_class *h,
                const uint8_t *digest, vc_mp *r, vc_mp *s, const vc_mp_cfg *cfg)
{
  vc_rfc6979 gen;
  vc_mont m, mq;
  vc_mp k, a, b;
  int err;
  if (!dp || !x || !h || !digest || !r || !s)
    return VC_ERR_NULL;
  if ((err = dsa_group(dp)))
    return err;
  const vc_mp *q = &dp->q;
  /* rfc6979_init checks x in [1, q-1] and the hash. */
  if ((err = vc_rfc6979_init(&gen, q, x, h, digest)) ||
      (err = vc_mont_init_var(&m, &dp->p, cfg, NULL, NULL)))
    return err;
  if (!m.cfg.var && (err = vc_mont_init_var(&mq, q, cfg, NULL, NULL)))
    return err;
  size_t qbits = vc_mp_bits(q);
  for (unsigned i = 0; i < DSA_SIGN_TRIES; i++) {
    /* r = (g^k mod p) mod q in a; s = k^-1 z + (k^-1 x) r mod q in b (three numbers on the
     * stack, not four). */
    if ((err = vc_rfc6979_next(&gen, &k)) || (err = vc_pk_exp_secret(&m, &a, &dp->g, &k, qbits)) ||
        (err = vc_mp_mod_var(&a, &a, q)))
      return err;
    if (!vc_mp_cmp_u32_var(&a, 0))
      continue;
    if ((err = vc_rfc6979_bits2int(&b, digest, h->digest_len, qbits)))
      return err;
    /* s = k^-1 (z + x r): the nonce and the key in constant time unless cfg.var */
    if (m.cfg.var) {
      if ((err = vc_mp_mod_inv_binary_var(&k, &k, q)) || (err = vc_mp_mod_mul_var(&b, &b, &k, q)) ||
          (err = vc_mp_mod_mul_var(&k, &k, x, q)) || (err = vc_mp_mod_mul_var(&k, &k, &a, q)) ||
          (err = vc_mp_mod_add_var(&b, &b, &k, q)))
        return err;
    } else if ((err = vc_mp_mod_inv_binary(&k, &k, q)) ||
               (err = vc_mp_mont_muladd(&mq, &b, &a, x, &b)) ||
               (err = vc_mp_mont_modmul(&mq, &b, &b, &k))) {
      return err;
    }
    if (!vc_mp_cmp_u32_var(&b, 0))
      continue;
    vc_mp_copy(r, &a);
    return vc_mp_copy(s, &b);
  }
  return VC_ERR_RETRY;
}

int vc_dsa_verify(const vc_dsa_params *dp, const vc_mp *y, const vc_hash_class *h,
                  const uint8_t *digest, const vc_mp *r, const vc_mp *s, const vc_mp_cfg *cfg)
{
  vc_mont m;
  vc_mp w, u1, u2;
  int err;
  if (!dp || !y || !h || !digest || !r || !s)
    return VC_ERR_NULL;
  if ((err = dsa_group(dp)))
    return err;
  const vc_mp *q = &dp->q;
  if (vc_mp_cmp_u32_var(y, 1) <= 0 || vc_mp_cmp_var(y, &dp->p) >= 0)
    return VC_ERR_RANGE;
  if (!vc_mp_cmp_u32_var(r, 0) || vc_mp_cmp_var(r, q) >= 0 || !vc_mp_cmp_u32_var(s, 0) ||
      vc_mp_cmp_var(s, q) >= 0)
    return VC_ERR_VERIFY;
  /* w = s^-1, u1 = z w, u2 = r w (mod q); v = (g^u1 y^u2 mod p) mod q, ending in w */
  if ((err = vc_mont_init_var(&m, &dp->p, cfg, NULL, NULL)) ||
      (err = vc_mp_mod_inv_binary_var(&w, s, q)) ||
      (err = vc_rfc6979_bits2int(&u1, digest, h->digest_len, vc_mp_bits(q))) ||
      (err = vc_mp_mod_mul_var(&u1, &u1, &w, q)) || (err = vc_mp_mod_mul_var(&u2, r, &w, q)) ||
      (err = vc_mp_modexp_var(&m, &w, &dp->g, &u1)) || (err = vc_mp_modexp_var(&m, &u1, y, &u2)) ||
      (err = vc_mp_mont_modmul_var(&m, &w, &w, &u1)) || (err = vc_mp_mod_var(&w, &w, q)))
    return err;
  return vc_mp_cmp_var(&w, r) ? VC_ERR_VERIFY : VC_OK;
}
