/* SignedData (RFC 5652 5) as `openssl smime -sign` writes it, verified: the signer's
 * certificate under the CA, the content's digest against messageDigest, the signature over
 * the signed attributes (or, without them, over the content's digest). */
#include <string.h>

#include "cms_internal.h"

#define BAD VC_ERR_VERIFY

/* What the signerInfos' one SignerInfo holds. */
struct signer {
  vc_span sid, attrs, sig_oid, sig;      /* attrs: the [0] TLV, empty when absent */
  const vc_hash_class *h;
};

/* ContentInfo { signedData, [0] EXPLICIT SignedData } -> the SignedData's fields: the
 * certificates' contents and the one SignerInfo. */
static int signed_data(vc_cms_opts *o, const uint8_t *der, size_t len, vc_span *certs, struct signer *s)
{
  vc_span oid, ex, sd, x, set, si, params;
  int tag, rc;
  if ((rc = cms_get_content_info(o, der, len, &cms_oid_signed_data, &sd)))
    return rc;
  /* version 1 (issuerAndSerialNumber, id-data) or 3 (other choices OpenSSL may write). */
  if (vc_der_get_int(&sd, &x))
    return cms_fail(o, "version", BAD);
  if (x.len != 1 || (x.p[0] != 1 && x.p[0] != 3))
    return cms_fail(o, "version", VC_ERR_PARAM);
  if (vc_der_get(&sd, DER_SET, &x, NULL))
    return cms_fail(o, "digestAlgorithms", BAD);
  if (vc_der_get(&sd, DER_SEQUENCE, &ex, NULL) || vc_der_get(&ex, DER_OID, &x, &oid))
    return cms_fail(o, "encapContentInfo", BAD);
  if (!cms_is(&oid, &cms_oid_data) || ex.len)     /* another type, or eContent: not detached */
    return cms_fail(o, "encapContentInfo", VC_ERR_PARAM);
  certs->len = 0;
  if (vc_der_peek(&sd) == 0xa0 && vc_der_get(&sd, 0xa0, certs, NULL))
    return cms_fail(o, "certificates", BAD);
  if (vc_der_peek(&sd) == 0xa1 && vc_der_get(&sd, 0xa1, &x, NULL))
    return cms_fail(o, "crls", BAD);
  if (vc_der_get(&sd, DER_SET, &set, NULL) || sd.len || vc_der_get(&set, DER_SEQUENCE, &si, NULL))
    return cms_fail(o, "signerInfos", BAD);
  if (set.len)
    return cms_fail(o, "signerInfos", VC_ERR_PARAM);
  /* SignerInfo { version 1, sid issuerAndSerialNumber, digestAlgorithm, signedAttrs [0]
   * IMPLICIT OPTIONAL, signatureAlgorithm, signature OCTET STRING, unsignedAttrs [1] OPTIONAL } */
  if (vc_der_get_int(&si, &x))
    return cms_fail(o, "SignerInfo", BAD);
  if (x.len != 1 || x.p[0] != 1 || vc_der_peek(&si) != DER_SEQUENCE)    /* 3: a subjectKeyIdentifier */
    return cms_fail(o, "sid", VC_ERR_PARAM);
  if (vc_der_get(&si, DER_SEQUENCE, &s->sid, NULL))
    return cms_fail(o, "sid", BAD);
  if (cms_get_alg(&si, &oid, &params))
    return cms_fail(o, "digestAlgorithm", BAD);
  s->h = cms_is(&oid, &cms_oid_sha256) ? &vc_sha256_class : cms_is(&oid, &cms_oid_sha1) ? &vc_sha1_class : NULL;
  if (!s->h || !cms_null_params(&params))
    return cms_fail(o, "digestAlgorithm", VC_ERR_PARAM);
  s->attrs.len = 0;
  if (vc_der_peek(&si) == 0xa0 && vc_der_get(&si, 0xa0, &x, &s->attrs))
    return cms_fail(o, "signedAttrs", BAD);
  if (cms_get_alg(&si, &s->sig_oid, &params) || vc_der_get(&si, DER_OCTET_STRING, &s->sig, NULL) ||
      (vc_der_peek(&si) == 0xa1 && vc_der_get_any(&si, &tag, &x)) || si.len)
    return cms_fail(o, "SignerInfo", BAD);
  /* RSA's parameters NULL or absent, ECDSA's absent (RFC 5754 3.2, 5758 3.2). */
  if (cms_is(&s->sig_oid, &cms_oid_ecdsa_sha256) ? params.len != 0 : !cms_null_params(&params))
    return cms_fail(o, "signatureAlgorithm", VC_ERR_PARAM);
  return VC_OK;
}

/* The certificate among certs (the [0]'s contents) that sid names, into *c. Entries the reader
 * refuses, or of other kinds (tagged choices), are passed over. */
static int find_signer(vc_cms_opts *o, vc_span certs, const vc_span *sid, vc_x509_cert *c, vc_span *der)
{
  vc_span v;
  int tag, rc;
  while (certs.len) {
    vc_span at = certs;
    if (vc_der_get_any(&certs, &tag, &v))
      return cms_fail(o, "certificates", BAD);
    der->p = at.p;
    der->len = at.len - certs.len;
    if (tag == DER_SEQUENCE && !vc_x509_parse(c, der->p, der->len)) {
      if ((rc = cms_sid_is(*sid, c)) < 0)
        return cms_fail(o, "sid", rc);
      if (rc)
        return VC_OK;
    }
  }
  return cms_fail(o, "certificates", BAD);    /* no certificate of the signer */
}

/* SignedAttributes (RFC 5652 5.3, 11): contentType id-data and messageDigest the content's
 * digest, each once with one value; other attributes are read past. */
static int check_attrs(vc_cms_opts *o, const vc_span *attrs, const vc_hash_class *h, const uint8_t *digest)
{
  vc_span cur = *attrs, set, attr, type, vals, v, x;
  int seen_type = 0, seen_digest = 0;
  if (vc_der_get(&cur, 0xa0, &set, NULL) || !set.len)
    return cms_fail(o, "signedAttrs", BAD);
  while (set.len) {
    if (vc_der_get(&set, DER_SEQUENCE, &attr, NULL) || vc_der_get(&attr, DER_OID, &x, &type) ||
        vc_der_get(&attr, DER_SET, &vals, NULL) || attr.len || !vals.len)
      return cms_fail(o, "signedAttrs", BAD);
    if (cms_is(&type, &cms_oid_content_type)) {
      if (seen_type++ || vc_der_get(&vals, DER_OID, &x, &v) || vals.len || !cms_is(&v, &cms_oid_data))
        return cms_fail(o, "contentType", BAD);
    } else if (cms_is(&type, &cms_oid_message_digest)) {
      if (seen_digest++ || vc_der_get(&vals, DER_OCTET_STRING, &v, NULL) || vals.len)
        return cms_fail(o, "messageDigest", BAD);
      if (!vc_der_eq(&v, digest, h->digest_len))
        return cms_fail(o, "messageDigest", VC_ERR_VERIFY);
    }
  }
  if (!seen_type || !seen_digest)
    return cms_fail(o, seen_type ? "messageDigest" : "contentType", BAD);
  return VC_OK;
}

/* The digest of the signed attributes as the SET OF they are (RFC 5652 5.4: the [0]'s tag
 * replaced by SET's). */
static int attrs_digest(const vc_span *attrs, const vc_hash_class *h, uint8_t *out)
{
  static const uint8_t set_tag = DER_SET;
  vc_hmac_hash ctx;
  int rc;
  if ((rc = h->init(&ctx)) || (rc = h->update(&ctx, &set_tag, 1)) ||
      (rc = h->update(&ctx, attrs->p + 1, attrs->len - 1)))
    return rc;
  return h->final(&ctx, out);
}

int vc_cms_verify(const uint8_t *der, size_t derlen, const uint8_t *msg, size_t len, const uint8_t *ca,
                  size_t calen, uint64_t now, vc_cms_opts *opts)
{
  vc_x509_cert anchor, signer;
  vc_span certs, signer_der;
  struct signer s;
  uint8_t digest[VC_SHA256_DIGEST_LEN];
  int rc;
  if (!der || (!msg && len) || !ca)
    return VC_ERR_NULL;
  if ((rc = vc_x509_parse(&anchor, ca, calen)))
    return cms_fail(opts, "ca", rc);
  if ((rc = signed_data(opts, der, derlen, &certs, &s)) || (rc = find_signer(opts, certs, &s.sid, &signer, &signer_der)))
    return rc;
  if (now && vc_x509_check_time(&anchor, now))
    return cms_fail(opts, "ca", VC_ERR_RANGE);
  if (now && vc_x509_check_time(&signer, now))
    return cms_fail(opts, "certificates", VC_ERR_RANGE);
  /* The signer may be the anchor itself (a self-signed signer the caller trusts). */
  if (!vc_der_eq(&signer_der, ca, calen)) {
    cms_step(opts, "verify_cert", 0);
    rc = vc_x509_verify(&signer, &anchor, cms_mp(opts));
    cms_step(opts, "verify_cert", 1);
    if (rc)
      return cms_fail(opts, "certificates", rc);
  }
  int ecdsa = cms_is(&s.sig_oid, &cms_oid_ecdsa_sha256);
  if (!(cms_is(&s.sig_oid, &cms_oid_rsa) || (cms_is(&s.sig_oid, &cms_oid_rsa_sha256) && s.h == &vc_sha256_class) ||
        (cms_is(&s.sig_oid, &cms_oid_rsa_sha1) && s.h == &vc_sha1_class) || (ecdsa && s.h == &vc_sha256_class)))
    return cms_fail(opts, "signatureAlgorithm", VC_ERR_PARAM);
  if (ecdsa != (signer.key_type == VC_X509_KEY_P256))
    return cms_fail(opts, "signatureAlgorithm", VC_ERR_VERIFY);
  cms_step(opts, "digest", 0);
  rc = s.h->oneshot(msg, len, digest);
  cms_step(opts, "digest", 1);
  if (rc)
    return rc;
  if (s.attrs.len) {
    if ((rc = check_attrs(opts, &s.attrs, s.h, digest)))
      return rc;
    cms_step(opts, "digest", 0);
    rc = attrs_digest(&s.attrs, s.h, digest);
    cms_step(opts, "digest", 1);
    if (rc)
      return rc;
  }
  cms_step(opts, "verify", 0);
  rc = vc_x509_key_verify(&signer, s.h, digest, s.sig.p, s.sig.len, cms_mp(opts));
  cms_step(opts, "verify", 1);
  return rc ? cms_fail(opts, "signature", rc) : VC_OK;
}
