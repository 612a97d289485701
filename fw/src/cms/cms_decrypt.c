/* EnvelopedData (RFC 5652 6) read for one recipient: the KeyTransRecipientInfo that names its
 * certificate, the content-encryption key without a padding oracle (RFC 3218 2.3), the content
 * in CBC mode with its padding checked before anything is written. */
#include <string.h>

#include "cms_internal.h"
#include "../internal.h"

#define BAD VC_ERR_VERIFY
#define MAX_EK (VC_MP_MAX_BITS / 8)

struct enveloped {
  vc_span ek;                       /* the recipient's encryptedKey */
  const struct cms_cipher *ci;
  vc_span iv, content;              /* the IV and the encrypted content's bytes */
};

/* The KeyTransRecipientInfo among recipientInfos' contents whose issuerAndSerialNumber names c.
 * Other kinds (the tagged choices, and version 2's subjectKeyIdentifier) are passed over. */
static int recipient(vc_cms_opts *o, vc_span set, const vc_x509_cert *c, vc_span *ek)
{
  vc_span ri, x, oid, params;
  int tag, rc;
  while (set.len) {
    if (vc_der_peek(&set) != DER_SEQUENCE) {
      if (vc_der_get_any(&set, &tag, &x))
        return cms_fail(o, "recipientInfos", BAD);
      continue;
    }
    if (vc_der_get(&set, DER_SEQUENCE, &ri, NULL) || vc_der_get_int(&ri, &x))
      return cms_fail(o, "RecipientInfo", BAD);
    if (x.len != 1 || x.p[0] != 0 || vc_der_peek(&ri) != DER_SEQUENCE)
      continue;
    if (vc_der_get(&ri, DER_SEQUENCE, &x, NULL) || (rc = cms_sid_is(x, c)) < 0)
      return cms_fail(o, "rid", BAD);
    if (!rc)
      continue;
    if (cms_get_alg(&ri, &oid, &params) || vc_der_get(&ri, DER_OCTET_STRING, ek, NULL) || ri.len)
      return cms_fail(o, "RecipientInfo", BAD);
    if (!cms_is(&oid, &cms_oid_rsa) || !cms_null_params(&params))
      return cms_fail(o, "keyEncryptionAlgorithm", VC_ERR_PARAM);
    return VC_OK;
  }
  return cms_fail(o, "recipientInfos", BAD);     /* none for this certificate */
}

/* ContentInfo { envelopedData, [0] EXPLICIT EnvelopedData { version, originatorInfo [0]
 * OPTIONAL, recipientInfos, encryptedContentInfo, unprotectedAttrs [1] OPTIONAL } }. */
static int enveloped_data(vc_cms_opts *o, const uint8_t *der, size_t len, const vc_x509_cert *c, struct enveloped *e)
{
  vc_span oid, ed, x, set, eci, params;
  int rc;
  if ((rc = cms_get_content_info(o, der, len, &cms_oid_enveloped_data, &ed)))
    return rc;
  if (vc_der_get_int(&ed, &x))
    return cms_fail(o, "version", BAD);
  if (x.len != 1 || (x.p[0] != 0 && x.p[0] != 2) || vc_der_peek(&ed) == 0xa0)
    return cms_fail(o, "version", VC_ERR_PARAM);     /* other versions come with other recipients */
  if (vc_der_get(&ed, DER_SET, &set, NULL) || !set.len)
    return cms_fail(o, "recipientInfos", BAD);
  if (vc_der_get(&ed, DER_SEQUENCE, &eci, NULL) || (vc_der_peek(&ed) == 0xa1 && vc_der_get(&ed, 0xa1, &x, NULL)) ||
      ed.len)
    return cms_fail(o, "EnvelopedData", BAD);
  if ((rc = recipient(o, set, c, &e->ek)))
    return rc;
  /* EncryptedContentInfo { contentType, contentEncryptionAlgorithm, encryptedContent [0] IMPLICIT OPTIONAL } */
  if (vc_der_get(&eci, DER_OID, &x, &oid) || cms_get_alg(&eci, &x, &params))
    return cms_fail(o, "encryptedContentInfo", BAD);
  if (!cms_is(&oid, &cms_oid_data))
    return cms_fail(o, "encryptedContentInfo", VC_ERR_PARAM);
  if (!(e->ci = cms_cipher_by_oid(&x)))
    return cms_fail(o, "contentEncryptionAlgorithm", VC_ERR_PARAM);
  if (vc_der_get(&params, DER_OCTET_STRING, &e->iv, NULL) || params.len || e->iv.len != e->ci->bc->block_len)
    return cms_fail(o, "contentEncryptionAlgorithm", BAD);
  if (vc_der_peek(&eci) != 0x80)
    return cms_fail(o, "encryptedContent", VC_ERR_PARAM);    /* absent: not spoken here */
  if (vc_der_get(&eci, 0x80, &e->content, NULL) || eci.len || !e->content.len ||
      e->content.len % e->ci->bc->block_len)
    return cms_fail(o, "encryptedContent", BAD);
  return VC_OK;
}

/* The content-encryption key: the RSA decryption of ek when it is a well-formed PKCS#1 block
 * of keylen bytes, else the random key drawn before, chosen with masks (RFC 3218 2.3: whether
 * the block was good must not show). Errors of the public inputs (a length, a value >= n, a
 * fault) are returned. */
static VC_NOINLINE int transport(const vc_rsa_priv *k, const vc_span *ek, const uint8_t *rnd, size_t keylen,
                                 uint8_t *key, const vc_mp_cfg *cfg)
{
  uint8_t dec[MAX_EK] = {0};
  size_t declen = sizeof(dec);
  int rc = vc_rsa_pkcs1_decrypt(k, ek->p, ek->len, dec, &declen, VC_RSA_SRC, cfg);
  if (rc && rc != VC_ERR_PADDING)
    return rc;
  uint32_t good = vc_ct_eq0((uint32_t)-rc) & vc_ct_eq((uint32_t)declen, (uint32_t)keylen);
  uint32_t mask = vc_ct_mask(good);
  for (size_t i = 0; i < keylen; i++)
    key[i] = (uint8_t)((dec[i] & mask) | (rnd[i] & ~mask));
  memset(dec, 0, sizeof(dec));
  return VC_OK;
}

/* CBC decryption of the content into out: the last block first, into a buffer of its own, so
 * the padding is checked (in constant time, modes.h) before out is written. */
static int content(vc_cms_opts *o, const struct enveloped *e, const uint8_t *key, uint8_t *out, size_t cap,
                   size_t *outlen)
{
  const vc_block_cipher *bc = e->ci->bc;
  size_t bl = bc->block_len, n = e->content.len, keep;
  union cms_ks ks;
  uint8_t iv[VC_MAX_BLOCK_LEN], last[VC_MAX_BLOCK_LEN];
  int rc;
  if ((rc = e->ci->setkey(&ks, key)))
    return rc;
  memcpy(iv, n > bl ? e->content.p + n - 2 * bl : e->iv.p, bl);
  if ((rc = vc_cbc_decrypt(bc, &ks, iv, e->content.p + n - bl, last, bl)))
    goto out;
  if ((rc = vc_pkcs7_unpad(last, bl, bl, &keep))) {
    cms_fail(o, "encryptedContent", rc);
    goto out;
  }
  if (n - bl + keep > cap) {
    rc = VC_ERR_LENGTH;
    goto out;
  }
  memcpy(iv, e->iv.p, bl);
  if ((rc = vc_cbc_decrypt(bc, &ks, iv, e->content.p, out, n - bl)))
    goto out;
  memcpy(out + n - bl, last, keep);
  *outlen = n - bl + keep;
out:
  memset(&ks, 0, sizeof(ks));
  memset(last, 0, sizeof(last));
  return rc;
}

int vc_cms_decrypt(const uint8_t *der, size_t derlen, const uint8_t *cert, size_t certlen, const vc_rsa_priv *key,
                   vc_drbg *rng, uint8_t *out, size_t cap, size_t *outlen, vc_cms_opts *opts)
{
  vc_x509_cert c;
  struct enveloped e;
  uint8_t rnd[CMS_MAX_KEY], cek[CMS_MAX_KEY];
  int rc;
  if (!der || !cert || !key || !rng || !out || !outlen)
    return VC_ERR_NULL;
  if (cms_overlap(out, cap, der, derlen) || cms_overlap(out, cap, cert, certlen))
    return VC_ERR_OVERLAP;
  if ((rc = cms_own_cert(opts, &c, cert, certlen, key)) || (rc = enveloped_data(opts, der, derlen, &c, &e)))
    return rc;
  if ((rc = vc_drbg_generate(rng, rnd, e.ci->keylen)))
    return rc;
  cms_step(opts, "key_transport", 0);
  rc = transport(key, &e.ek, rnd, e.ci->keylen, cek, cms_mp(opts));
  cms_step(opts, "key_transport", 1);
  if (rc)
    return cms_fail(opts, "encryptedKey", rc);
  cms_step(opts, "decrypt", 0);
  rc = content(opts, &e, cek, out, cap, outlen);
  cms_step(opts, "decrypt", 1);
  memset(cek, 0, sizeof(cek));
  memset(rnd, 0, sizeof(rnd));
  return rc;
}
