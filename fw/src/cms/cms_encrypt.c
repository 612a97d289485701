/* EnvelopedData (RFC 5652 6) as `openssl smime -encrypt` writes it: one KeyTransRecipientInfo
 * (RSA PKCS#1 v1.5 of a random content-encryption key), the content in CBC mode. */
#include <string.h>

#include "cms_internal.h"
#include "../internal.h"

#define MAX_EK (VC_MP_MAX_BITS / 8)

static const uint8_t version0[] = {DER_INTEGER, 1, 0};

/* ContentInfo { envelopedData, [0] EnvelopedData }, written last field first; the encrypted
 * content's padded bytes are left for the caller at the end. */
static void put_enveloped(vc_der_writer *w, const vc_x509_cert *c, const struct cms_cipher *ci, const uint8_t *iv,
                          const uint8_t *ek, size_t eklen, size_t padded)
{
  size_t m = w->pos, a;
  /* encryptedContentInfo { id-data, contentEncryptionAlgorithm { oid, iv }, [0] IMPLICIT } */
  vc_der_w_put(w, NULL, padded);
  vc_der_w_tlv(w, 0x80, m);
  a = w->pos;
  vc_der_w_put(w, iv, ci->bc->block_len);
  vc_der_w_tlv(w, DER_OCTET_STRING, a);
  cms_put(w, ci->oid);
  vc_der_w_tlv(w, DER_SEQUENCE, a);
  cms_put(w, &cms_oid_data);
  vc_der_w_tlv(w, DER_SEQUENCE, m);
  /* recipientInfos SET { KeyTransRecipientInfo { 0, issuerAndSerialNumber, rsaEncryption, encryptedKey } } */
  size_t set = w->pos;
  a = w->pos;
  vc_der_w_put(w, ek, eklen);
  vc_der_w_tlv(w, DER_OCTET_STRING, a);
  cms_put(w, &cms_alg_rsa);
  cms_put_sid(w, c);
  vc_der_w_put(w, version0, sizeof(version0));
  vc_der_w_tlv(w, DER_SEQUENCE, set);
  vc_der_w_tlv(w, DER_SET, set);
  cms_put_content_info(w, &cms_oid_enveloped_data, 0, m);
}

/* PKCS#1 v1.5 encryption of the key under the certificate's RSA key; out of line: the key's two
 * vc_mp (2 KiB) are on the stack only here. */
static VC_NOINLINE int key_transport(const vc_x509_cert *c, vc_drbg *rng, const uint8_t *key, size_t keylen,
                                     uint8_t *ek, const vc_mp_cfg *cfg)
{
  vc_rsa_pub k;
  if (c->rsa_e.len > VC_MP_MAX_BITS / 8)
    return VC_ERR_MODULUS;
  vc_mp_from_bytes(&k.n, c->rsa_n.p, c->rsa_n.len);
  vc_mp_from_bytes(&k.e, c->rsa_e.p, c->rsa_e.len);
  return vc_rsa_pkcs1_encrypt(&k, rng, key, keylen, ek, c->rsa_n.len, cfg);
}

/* DES keys carry odd parity in each byte's low bit (FIPS 46-3), as OpenSSL makes them. */
static void odd_parity(uint8_t *k, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    uint8_t b = k[i] & 0xfe, p = b ^ b >> 4;
    p ^= p >> 2;
    p ^= p >> 1;
    k[i] = b | (~p & 1);
  }
}

int vc_cms_encrypt(const uint8_t *cert, size_t certlen, int cipher, vc_drbg *rng, const uint8_t *msg, size_t len,
                   uint8_t *out, size_t cap, size_t *outlen, vc_cms_opts *opts)
{
  const struct cms_cipher *ci = cms_cipher_by_id(cipher);
  vc_x509_cert c;
  vc_der_writer w;
  union cms_ks ks;
  uint8_t key[CMS_MAX_KEY], iv[VC_MAX_BLOCK_LEN], ek[MAX_EK];
  int rc;
  if (!cert || !rng || (!msg && len) || !out || !outlen)
    return VC_ERR_NULL;
  if (!ci)
    return cms_fail(opts, "contentEncryptionAlgorithm", VC_ERR_PARAM);
  if (cms_overlap(out, cap, cert, certlen) || cms_overlap(out, cap, msg, len))
    return VC_ERR_OVERLAP;
  if ((rc = cms_own_cert(opts, &c, cert, certlen, NULL)))
    return rc;
  size_t bl = ci->bc->block_len, padded = len + bl - len % bl;
  if (padded < len)
    return VC_ERR_LENGTH;
  /* A dry run sizes the output: out stays untouched when it is too small. */
  vc_der_w_init(&w, NULL, 0);
  put_enveloped(&w, &c, ci, iv, ek, c.rsa_n.len, padded);
  size_t need = (size_t)-1 - w.pos;
  if (w.err || need > cap)
    return VC_ERR_LENGTH;
  if ((rc = vc_drbg_generate(rng, key, ci->keylen)) || (rc = vc_drbg_generate(rng, iv, bl)))
    return rc;
  if (ci->id == VC_CMS_DES3)
    odd_parity(key, ci->keylen);
  cms_step(opts, "key_transport", 0);
  rc = key_transport(&c, rng, key, ci->keylen, ek, cms_mp(opts));
  cms_step(opts, "key_transport", 1);
  if (rc) {
    memset(key, 0, sizeof(key));
    return cms_fail(opts, "cert", rc);
  }
  vc_der_w_init(&w, out, need);
  put_enveloped(&w, &c, ci, iv, ek, c.rsa_n.len, padded);
  uint8_t *content = out + need - padded;
  size_t n;
  memcpy(content, msg, len);
  vc_pkcs7_pad(content, len, padded, bl, &n);
  cms_step(opts, "encrypt", 0);
  if (!(rc = ci->setkey(&ks, key)))
    rc = vc_cbc_encrypt(ci->bc, &ks, iv, content, content, padded);
  cms_step(opts, "encrypt", 1);
  memset(key, 0, sizeof(key));
  memset(&ks, 0, sizeof(ks));
  if (rc)
    return rc;
  *outlen = need;
  return VC_OK;
}
