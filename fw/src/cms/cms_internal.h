/* What the CMS sources (cms.h) share: the DER of the OIDs and algorithm identifiers they write
 * and compare, the content ciphers, the own certificate and key, issuerAndSerialNumber, and the
 * opts' hooks. */
#ifndef VEXCRYPT_CMS_INTERNAL_H
#define VEXCRYPT_CMS_INTERNAL_H

#include "../x509/der_internal.h"
#include "vexcrypt/cms.h"
#include "vexcrypt/modes.h"

/* A whole TLV: an OID, or an AlgorithmIdentifier with its parameters. */
struct cms_der {
  uint8_t len;
  uint8_t b[15];
};
extern const struct cms_der cms_oid_data, cms_oid_signed_data, cms_oid_enveloped_data, cms_oid_content_type,
  cms_oid_message_digest, cms_oid_signing_time, cms_oid_sha256, cms_oid_sha1, cms_oid_rsa, cms_oid_rsa_sha256,
  cms_oid_rsa_sha1, cms_oid_ecdsa_sha256, cms_alg_sha256, cms_alg_rsa;

int cms_is(const vc_span *tlv, const struct cms_der *d);
void cms_put(vc_der_writer *w, const struct cms_der *d);

/* ContentInfo { contentType, [0] EXPLICIT content } around a SignedData or EnvelopedData
 * whose fields after its version were written since mark: writes the version INTEGER, the
 * content's SEQUENCE and the ContentInfo. */
void cms_put_content_info(vc_der_writer *w, const struct cms_der *type, uint8_t version, size_t mark);
/* The content of the ContentInfo der[0..len) of type `type` (VC_ERR_PARAM for another): *content
 * the SEQUENCE's contents. */
int cms_get_content_info(vc_cms_opts *o, const uint8_t *der, size_t len, const struct cms_der *type,
                         vc_span *content);

/* The content ciphers of cms.h: the OID, the key and IV (one block) lengths. */
union cms_ks {
  vc_des3_key des3;
  vc_aes_key aes;
};
struct cms_cipher {
  int id;
  const struct cms_der *oid;
  const vc_block_cipher *bc;
  size_t keylen;
  int (*setkey)(union cms_ks *ks, const uint8_t *key);
};
#define CMS_MAX_KEY 24
const struct cms_cipher *cms_cipher_by_id(int id);
const struct cms_cipher *cms_cipher_by_oid(const vc_span *oid);

/* The call's opts (NULL: none), and its failure: sets o->field, returns rc. */
int cms_fail(vc_cms_opts *o, const char *field, int rc);
void cms_step(vc_cms_opts *o, const char *name, int end);
const vc_mp_cfg *cms_mp(const vc_cms_opts *o);
/* 1 when [a, a + alen) and [b, b + blen) share a byte. */
int cms_overlap(const void *a, size_t alen, const void *b, size_t blen);

/* Parses cert (field "cert") into *c: an RSA certificate (VC_ERR_PARAM otherwise) whose modulus
 * fits VC_MP_MAX_BITS (VC_ERR_MODULUS), and with key (not NULL) the key's public half the
 * certificate's (field "key", VC_ERR_PARAM). */
int cms_own_cert(vc_cms_opts *o, vc_x509_cert *c, const uint8_t *cert, size_t certlen, const vc_rsa_priv *key);

/* AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }: *oid the OID's
 * TLV, *params the parameters' TLV (empty when absent). VC_ERR_VERIFY when malformed. */
int cms_get_alg(vc_span *cur, vc_span *oid, vc_span *params);
/* 1 when an RSA AlgorithmIdentifier's parameters are NULL or absent (RFC 4055 2.1). */
int cms_null_params(const vc_span *params);
/* IssuerAndSerialNumber ::= SEQUENCE { issuer Name, serialNumber INTEGER } of c, written; and
 * whether the value of one read (the SEQUENCE's contents) names c: 1, 0, or VC_ERR_VERIFY. */
void cms_put_sid(vc_der_writer *w, const vc_x509_cert *c);
int cms_sid_is(vc_span sid, const vc_x509_cert *c);

#endif
