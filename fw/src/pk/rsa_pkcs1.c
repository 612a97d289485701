/* PKCS#1 v1.5 (RFC 8017): signatures with appendix (EMSA-PKCS1-v1_5, section 9.2) and
 * encryption (RSAES-PKCS1-v1_5, section 7.2) on the raw operations of rsa.c.
 *
 * The encoded blocks live in helpers that are kept out of line, so that their byte buffers
 * are not on the stack under the exponentiation (itself some 24 KiB deep). */
#include <string.h>

#include "vexcrypt/pk.h"
#include "../internal.h"

#define MAX_BYTES (VC_MP_MAX_BITS / 8)

/* DER of DigestInfo up to the digest itself (RFC 8017 section 9.2, note 1). */
static const struct digest_info {
  const vc_hash_class *h;
  uint8_t len;
  uint8_t prefix[19];
} digest_infos[] = {
  {&vc_md2_class, 18, {0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
                       0x02, 0x02, 0x05, 0x00, 0x04, 0x10}},
  {&vc_md5_class, 18, {0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d,
                       0x02, 0x05, 0x05, 0x00, 0x04, 0x10}},
  {&vc_sha1_class, 15, {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05,
                        0x00, 0x04, 0x14}},
  {&vc_sha256_class, 19, {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03,
                          0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20}},
};

/* Modulus length in bytes; VC_ERR_MODULUS beyond VC_MP_MAX_BITS. */
static int modulus_len(const vc_mp *n, size_t *len)
{
  size_t bits = vc_mp_bits(n);
  if (bits > VC_MP_MAX_BITS)
    return VC_ERR_MODULUS;
  *len = (bits + 7) / 8;
  return VC_OK;
}

/* siglen is the modulus length, with room for a T of 1..tlen bytes behind 8 bytes of padding. */
static int raw_setup(const vc_mp *n, size_t tlen, size_t siglen)
{
  size_t k;
  int rc;
  if (!tlen)
    return VC_ERR_LENGTH;
  if ((rc = modulus_len(n, &k)))
    return rc;
  if (siglen != k || k < tlen + 11)
    return VC_ERR_LENGTH;
  return VC_OK;
}

/* The DigestInfo for h, after checking that siglen is the modulus length and leaves room for
 * the encoding's 8 bytes of padding at least. */
static int sig_setup(const vc_mp *n, const vc_hash_class *h, size_t siglen,
                     const struct digest_info **di)
{
  *di = NULL;
  for (size_t i = 0; i < sizeof(digest_infos) / sizeof(digest_infos[0]); i++)
    if (digest_infos[i].h == h)
      *di = &digest_infos[i];
  if (!*di)
    return VC_ERR_PARAM;
  return raw_setup(n, (size_t)(*di)->len + h->digest_len, siglen);
}

/* EM = 00 01 FF..FF 00 prefix T, k bytes (prefix: the DigestInfo up to the digest, or none). */
static void emsa_encode(uint8_t *em, size_t k, const uint8_t *prefix, size_t plen,
                        const uint8_t *t, size_t tlen)
{
  size_t all = plen + tlen;
  em[0] = 0x00;
  em[1] = 0x01;
  memset(em + 2, 0xFF, k - all - 3);
  em[k - all - 1] = 0x00;
  if (plen)
    memcpy(em + k - all, prefix, plen);
  memcpy(em + k - tlen, t, tlen);
}

static VC_NOINLINE int emsa_to_mp(vc_mp *m, size_t k, const uint8_t *prefix, size_t plen,
                                  const uint8_t *t, size_t tlen)
{
  uint8_t em[MAX_BYTES];
  emsa_encode(em, k, prefix, plen, t, tlen);
  return vc_mp_from_bytes(m, em, k);
}

/* Encoding and comparison (RFC 8017 section 8.2.2, steps 3 and 4) rather than parsing: a
 * parser lenient about the DigestInfo invites Bleichenbacher's e = 3 forgery. */
static VC_NOINLINE int emsa_match(const vc_mp *m, size_t k, const uint8_t *prefix, size_t plen,
                                  const uint8_t *t, size_t tlen)
{
  uint8_t em[MAX_BYTES], expect[MAX_BYTES];
  emsa_encode(expect, k, prefix, plen, t, tlen);
  if (vc_mp_to_bytes(m, em, k) || memcmp(em, expect, k))
    return VC_ERR_VERIFY;
  return VC_OK;
}

/* The private operation on the block of prefix T, into sig. */
static int sign_block(const vc_rsa_priv *k, const uint8_t *prefix, size_t plen, const uint8_t *t,
                      size_t tlen, uint8_t *sig, size_t siglen, int crt, const vc_mp_cfg *cfg)
{
  vc_mp m;
  int rc;
  if ((rc = emsa_to_mp(&m, siglen, prefix, plen, t, tlen)) ||
      (rc = vc_rsa_private(k, &m, &m, crt, cfg)))
    return rc;
  return vc_mp_to_bytes(&m, sig, siglen);
}

/* The public operation on sig, compared with the block of prefix T. */
static int verify_block(const vc_rsa_pub *k, const uint8_t *prefix, size_t plen, const uint8_t *t,
                        size_t tlen, const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg)
{
  vc_mp m;
  int rc;
  vc_mp_from_bytes(&m, sig, siglen);
  if (vc_mp_cmp_var(&m, &k->n) >= 0)
    return VC_ERR_VERIFY;
  if ((rc = vc_rsa_public(k, &m, &m, cfg)))
    return rc;
  return emsa_match(&m, siglen, prefix, plen, t, tlen);
}

int vc_rsa_pkcs1_sign(const vc_rsa_priv *k, const vc_hash_class *h, const uint8_t *digest,
                      uint8_t *sig, size_t siglen, int crt, const vc_mp_cfg *cfg)
{
  const struct digest_info *di;
  int rc;
  if (!k || !h || !digest || !sig)
    return VC_ERR_NULL;
  if ((rc = sig_setup(&k->n, h, siglen, &di)))
    return rc;
  return sign_block(k, di->prefix, di->len, digest, h->digest_len, sig, siglen, crt, cfg);
}

int vc_rsa_pkcs1_verify(const vc_rsa_pub *k, const vc_hash_class *h, const uint8_t *digest,
                        const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg)
{
  const struct digest_info *di;
  int rc;
  if (!k || !h || !digest || !sig)
    return VC_ERR_NULL;
  if ((rc = sig_setup(&k->n, h, siglen, &di)))
    return rc;
  return verify_block(k, di->prefix, di->len, digest, h->digest_len, sig, siglen, cfg);
}

int vc_rsa_pkcs1_sign_raw(const vc_rsa_priv *k, const uint8_t *t, size_t tlen, uint8_t *sig,
                          size_t siglen, int crt, const vc_mp_cfg *cfg)
{
  int rc;
  if (!k || !t || !sig)
    return VC_ERR_NULL;
  if ((rc = raw_setup(&k->n, tlen, siglen)))
    return rc;
  return sign_block(k, NULL, 0, t, tlen, sig, siglen, crt, cfg);
}

int vc_rsa_pkcs1_verify_raw(const vc_rsa_pub *k, const uint8_t *t, size_t tlen, const uint8_t *sig,
                            size_t siglen, const vc_mp_cfg *cfg)
{
  int rc;
  if (!k || !t || !sig)
    return VC_ERR_NULL;
  if ((rc = raw_setup(&k->n, tlen, siglen)))
    return rc;
  return verify_block(k, NULL, 0, t, tlen, sig, siglen, cfg);
}

/* EM = 00 02 PS 00 M with PS nonzero random bytes, k bytes. */
static VC_NOINLINE int eme_encode(vc_mp *m, vc_drbg *rng, const uint8_t *msg, size_t msglen,
                               size_t k)
{
  uint8_t em[MAX_BYTES];
  size_t ps = k - 3 - msglen;
  int rc;
  em[0] = 0x00;
  em[1] = 0x02;
  if ((rc = vc_drbg_generate(rng, em + 2, ps)))
    return rc;
  for (size_t i = 2; i < 2 + ps; i++)
    while (em[i] == 0)
      if ((rc = vc_drbg_generate(rng, em + i, 1)))
        return rc;
  em[2 + ps] = 0x00;
  if (msglen)
    memcpy(em + 3 + ps, msg, msglen);
  return vc_mp_from_bytes(m, em, k);
}

/* Parses EM = 00 02 PS 00 M (PS at least 8 bytes) in one pass over the whole block: the
 * separator's position and the checks are gathered with masks, and only the verdict branches
 * (Bleichenbacher's oracle feeds on finer timing differences). */
static VC_NOINLINE int eme_decode(const vc_mp *m, size_t k, uint8_t *out, size_t *outlen)
{
  uint8_t em[MAX_BYTES];
  uint32_t sep = 0, found = 0;
  vc_mp_to_bytes(m, em, k);
  for (size_t i = 2; i < k; i++) {
    uint32_t zero = vc_ct_eq0(em[i]);
    sep |= (uint32_t)i & vc_ct_mask(zero & ~found);
    found |= zero;
  }
  /* No separator leaves sep = 0, short of the 8 bytes of PS like a separator too early. */
  uint32_t good = vc_ct_eq0(em[0]) & vc_ct_eq(em[1], 0x02) & vc_ct_lt(9, sep);
  if (!good)
    return VC_ERR_PADDING;
  size_t mlen = k - sep - 1;
  if (mlen > *outlen)
    return VC_ERR_LENGTH;
  if (mlen)
    memcpy(out, em + sep + 1, mlen);
  *outlen = mlen;
  return VC_OK;
}

int vc_rsa_pkcs1_encrypt(const vc_rsa_pub *k, vc_drbg *rng, const uint8_t *msg, size_t msglen,
                         uint8_t *out, size_t outlen, const vc_mp_cfg *cfg)
{
  vc_mp m;
  size_t klen;
  int rc;
  if (!k || !rng || !out || (!msg && msglen))
    return VC_ERR_NULL;
  if ((rc = modulus_len(&k->n, &klen)))
    return rc;
  if (outlen != klen || klen < 11 || msglen > klen - 11)
    return VC_ERR_LENGTH;
  if ((rc = eme_encode(&m, rng, msg, msglen, klen)) || (rc = vc_rsa_public(k, &m, &m, cfg)))
    return rc;
  return vc_mp_to_bytes(&m, out, klen);
}

int vc_rsa_pkcs1_decrypt(const vc_rsa_priv *k, const uint8_t *in, size_t inlen, uint8_t *out,
                         size_t *outlen, int crt, const vc_mp_cfg *cfg)
{
  vc_mp m;
  size_t klen;
  int rc;
  if (!k || !in || !outlen || (!out && *outlen))
    return VC_ERR_NULL;
  if ((rc = modulus_len(&k->n, &klen)))
    return rc;
  if (inlen != klen || klen < 11)
    return VC_ERR_LENGTH;
  vc_mp_from_bytes(&m, in, inlen);
  if ((rc = vc_rsa_private(k, &m, &m, crt, cfg)))
    return rc;
  return eme_decode(&m, klen, out, outlen);
}
