/* SignedData (RFC 5652 5), written as `openssl smime -sign` writes it: detached content,
 * SHA-256, PKCS#1 v1.5, signed attributes, the signer's certificate. */
#include <string.h>

#include "cms_internal.h"

#define MAX_SIG (VC_MP_MAX_BITS / 8)
#define ATTRS_CAP 128     /* contentType 26, signingTime 32, messageDigest 49, the SET's header */

static const uint8_t version1[] = {DER_INTEGER, 1, 1};

/* Time ::= UTCTime for years 1950..2049, GeneralizedTime after (RFC 5280 4.1.2.5, which RFC
 * 5652 11.3 follows), with seconds and Z. t is YYYYMMDDHHMMSS; the digits are taken by
 * subtracting powers of ten (no 64-bit division on the target). */
static int put_time(vc_der_writer *w, uint64_t t)
{
  uint8_t d[15];
  uint64_t pw[14];
  unsigned f[7];
  pw[13] = 1;
  for (int i = 13; i > 0; i--)
    pw[i - 1] = pw[i] * 10;
  for (int i = 0; i < 14; i++) {
    d[i] = '0';
    while (t >= pw[i] && d[i] <= '9') {
      t -= pw[i];
      d[i]++;
    }
  }
  if (t || d[0] > '9')     /* more than 14 digits */
    return VC_ERR_RANGE;
  for (int i = 0; i < 7; i++)
    f[i] = (d[2 * i] - '0') * 10u + (d[2 * i + 1] - '0');
  unsigned year = f[0] * 100 + f[1];
  if (year < 1950 || f[2] < 1 || f[2] > 12 || f[3] < 1 || f[3] > 31 || f[4] > 23 || f[5] > 59 || f[6] > 59)
    return VC_ERR_RANGE;
  int utc = year < 2050;
  size_t mark = w->pos;
  d[14] = 'Z';
  vc_der_w_put(w, d + 2 * utc, 15 - 2 * utc);
  vc_der_w_tlv(w, utc ? DER_UTC_TIME : DER_GENERALIZED_TIME, mark);
  return VC_OK;
}

/* Attribute ::= SEQUENCE { attrType OID, attrValues SET OF ANY } of one value, which the caller
 * wrote since mark. */
static void close_attr(vc_der_writer *w, const struct cms_der *type, size_t mark)
{
  vc_der_w_tlv(w, DER_SET, mark);
  cms_put(w, type);
  vc_der_w_tlv(w, DER_SEQUENCE, mark);
}

/* SignedAttributes as the SET OF that the signature covers (RFC 5652 5.4). DER sorts a SET OF
 * by its elements' encodings: contentType (30 18), signingTime (30 1c or 30 1e), messageDigest
 * (30 2f) differ first in their lengths, in this order; written last first. */
static int put_attrs(vc_der_writer *w, const uint8_t *digest, uint64_t signing_time)
{
  size_t set = w->pos, mark = w->pos, m;
  int rc;
  vc_der_w_put(w, digest, VC_SHA256_DIGEST_LEN);
  vc_der_w_tlv(w, DER_OCTET_STRING, mark);
  close_attr(w, &cms_oid_message_digest, mark);
  if (signing_time) {
    m = w->pos;
    if ((rc = put_time(w, signing_time)))
      return rc;
    close_attr(w, &cms_oid_signing_time, m);
  }
  m = w->pos;
  cms_put(w, &cms_oid_data);
  close_attr(w, &cms_oid_content_type, m);
  vc_der_w_tlv(w, DER_SET, set);
  return VC_OK;
}

/* ContentInfo { signedData, [0] SignedData } around the signed attributes (a SET) and the
 * signature: written last field first. */
static void put_signed_data(vc_der_writer *w, const vc_x509_cert *c, const uint8_t *cert, size_t certlen,
                            const vc_span *attrs, const uint8_t *sig, size_t siglen)
{
  size_t m = w->pos;
  static const uint8_t implicit0 = 0xa0;
  /* signerInfos SET { SignerInfo } */
  vc_der_w_put(w, sig, siglen);
  vc_der_w_tlv(w, DER_OCTET_STRING, m);
  cms_put(w, &cms_alg_rsa);
  vc_der_w_put(w, attrs->p + 1, attrs->len - 1);    /* signedAttrs [0] IMPLICIT: the SET's tag replaced */
  vc_der_w_put(w, &implicit0, 1);
  cms_put(w, &cms_alg_sha256);
  cms_put_sid(w, c);
  vc_der_w_put(w, version1, sizeof(version1));
  vc_der_w_tlv(w, DER_SEQUENCE, m);
  vc_der_w_tlv(w, DER_SET, m);
  /* certificates [0] IMPLICIT SET OF Certificate */
  size_t cm = w->pos;
  vc_der_w_put(w, cert, certlen);
  vc_der_w_tlv(w, 0xa0, cm);
  /* encapContentInfo { id-data } without eContent: detached */
  cm = w->pos;
  cms_put(w, &cms_oid_data);
  vc_der_w_tlv(w, DER_SEQUENCE, cm);
  cm = w->pos;
  cms_put(w, &cms_alg_sha256);
  vc_der_w_tlv(w, DER_SET, cm);
  cms_put_content_info(w, &cms_oid_signed_data, 1, m);
}

int vc_cms_sign(const uint8_t *cert, size_t certlen, const vc_rsa_priv *key, const uint8_t *msg, size_t len,
                uint64_t signing_time, uint8_t *out, size_t cap, size_t *outlen, vc_cms_opts *opts)
{
  vc_x509_cert c;
  vc_der_writer w;
  uint8_t digest[VC_SHA256_DIGEST_LEN], abuf[ATTRS_CAP], sig[MAX_SIG];
  vc_span attrs;
  int rc;
  if (!cert || !key || (!msg && len) || !out || !outlen)
    return VC_ERR_NULL;
  if (cms_overlap(out, cap, cert, certlen) || cms_overlap(out, cap, msg, len))
    return VC_ERR_OVERLAP;
  if ((rc = cms_own_cert(opts, &c, cert, certlen, key)))
    return rc;
  /* What vc_cms_verify demands: a signature its verifier refuses is not written (fuzz cms). */
  if (!(c.key_usage & VC_X509_KU_DIGITAL_SIGNATURE))
    return cms_fail(opts, "cert", VC_ERR_PARAM);
  cms_step(opts, "digest", 0);
  rc = vc_sha256(msg, len, digest);
  cms_step(opts, "digest", 1);
  if (rc)
    return rc;
  vc_der_w_init(&w, abuf, sizeof(abuf));
  if ((rc = put_attrs(&w, digest, signing_time)))
    return cms_fail(opts, "signingTime", rc);
  attrs.p = abuf + w.pos;
  attrs.len = sizeof(abuf) - w.pos;
  cms_step(opts, "digest", 0);
  rc = vc_sha256(attrs.p, attrs.len, digest);
  cms_step(opts, "digest", 1);
  if (rc)
    return rc;
  cms_step(opts, "sign", 0);
  rc = vc_rsa_pkcs1_sign(key, &vc_sha256_class, digest, sig, c.rsa_n.len, VC_RSA_SRC, cms_mp(opts));
  cms_step(opts, "sign", 1);
  if (rc)
    return cms_fail(opts, "signature", rc);
  /* A dry run sizes the output: out stays untouched when it is too small. */
  vc_der_w_init(&w, NULL, 0);
  put_signed_data(&w, &c, cert, certlen, &attrs, sig, c.rsa_n.len);
  size_t need = (size_t)-1 - w.pos;
  if (need > cap)
    return VC_ERR_LENGTH;
  vc_der_w_init(&w, out, need);
  put_signed_data(&w, &c, cert, certlen, &attrs, sig, c.rsa_n.len);
  *outlen = need;
  return VC_OK;
}
