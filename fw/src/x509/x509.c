/* X.509 certificates (RFC 5280 4.1) read in strict DER, and their signatures. What is accepted
 * and what is not checked: x509.h. */
#include <string.h>

#include "der_internal.h"
#include "vexcrypt/ec.h"
#include "vexcrypt/pk.h"
#include "../internal.h"

#define BAD VC_ERR_VERIFY

/* The AlgorithmIdentifier TLVs known, whole: RSA with NULL parameters (RFC 4055 5), ECDSA
 * with none (RFC 5758 3.2). */
static const struct {
  int id;
  const vc_hash_class *h;
  uint8_t len;
  uint8_t der[15];
} sig_algs[] = {
  {VC_X509_SIG_RSA_SHA1, &vc_sha1_class, 15,
   {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x05, 0x05, 0x00}},
  {VC_X509_SIG_RSA_SHA256, &vc_sha256_class, 15,
   {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b, 0x05, 0x00}},
  {VC_X509_SIG_ECDSA_SHA256, &vc_sha256_class, 12,
   {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02}},
};
#define NSIGS (sizeof(sig_algs) / sizeof(sig_algs[0]))

/* rsaEncryption (NULL parameters) and id-ecPublicKey on prime256v1 (RFC 5480 2.1.1). */
static const uint8_t alg_rsa[] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                  0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};
static const uint8_t alg_p256[] = {0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
                                   0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07};
static const uint8_t oid_basic_constraints[] = {0x55, 0x1d, 0x13};
static const uint8_t oid_key_usage[] = {0x55, 0x1d, 0x0f};

/* AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }: *tlv the whole. */
static int get_alg(vc_span *cur, vc_span *tlv)
{
  vc_span v, x;
  int tag;
  if (vc_der_get(cur, DER_SEQUENCE, &v, tlv) || vc_der_get(&v, DER_OID, &x, NULL) || !x.len ||
      (v.len && vc_der_get_any(&v, &tag, &x)) || v.len)
    return BAD;
  return VC_OK;
}

/* Name ::= SEQUENCE OF SET OF SEQUENCE { type OID, value ANY } (RFC 5280 4.1.2.4): *tlv the
 * whole, compared byte for byte by vc_x509_verify. */
static int get_name(vc_span *cur, vc_span *tlv)
{
  vc_span name, rdn, atv, x;
  int tag;
  if (vc_der_get(cur, DER_SEQUENCE, &name, tlv))
    return BAD;
  while (name.len) {
    if (vc_der_get(&name, DER_SET, &rdn, NULL) || !rdn.len)
      return BAD;
    while (rdn.len)
      if (vc_der_get(&rdn, DER_SEQUENCE, &atv, NULL) || vc_der_get(&atv, DER_OID, &x, NULL) || !x.len ||
          vc_der_get_any(&atv, &tag, &x) || atv.len)
        return BAD;
  }
  return VC_OK;
}

/* Time ::= UTCTime YYMMDDHHMMSSZ | GeneralizedTime YYYYMMDDHHMMSSZ (RFC 5280 4.1.2.5.1-2:
 * seconds and Z always, no fraction) -> YYYYMMDDHHMMSS, read as pairs of digits (no 64-bit
 * division on the target). */
static int get_time(vc_span *cur, uint64_t *t)
{
  int gen = vc_der_peek(cur) == DER_GENERALIZED_TIME;
  size_t digits = gen ? 14 : 12, k = !gen;
  unsigned f[7];    /* century, year, month, day, hour, minute, second */
  uint64_t x = 0;
  vc_span v;
  if (vc_der_get(cur, gen ? DER_GENERALIZED_TIME : DER_UTC_TIME, &v, NULL) || v.len != digits + 1 ||
      v.p[digits] != 'Z')
    return BAD;
  for (size_t i = 0; i < digits; i += 2) {
    if (v.p[i] < '0' || v.p[i] > '9' || v.p[i + 1] < '0' || v.p[i + 1] > '9')
      return BAD;
    f[k++] = (v.p[i] - '0') * 10u + (v.p[i + 1] - '0');
  }
  if (!gen)
    f[0] = f[1] < 50 ? 20 : 19;
  if (f[2] < 1 || f[2] > 12 || f[3] < 1 || f[3] > 31 || f[4] > 23 || f[5] > 59 || f[6] > 59)
    return BAD;
  for (k = 0; k < 7; k++)
    x = x * 100 + f[k];
  *t = x;
  return VC_OK;
}

/* A BIT STRING's bytes when it has no unused bits. */
static int get_bytes(vc_span *cur, vc_span *bytes)
{
  vc_span v;
  if (vc_der_get(cur, DER_BIT_STRING, &v, NULL) || !v.len || v.p[0])
    return BAD;
  bytes->p = v.p + 1;
  bytes->len = v.len - 1;
  return VC_OK;
}

/* SubjectPublicKeyInfo (RFC 5280 4.1.2.7): RSAPublicKey (RFC 8017 A.1.1) or an uncompressed
 * P-256 point; other keys are VC_X509_KEY_UNKNOWN. */
static int get_key(vc_span *cur, vc_x509_cert *c)
{
  vc_span spki, alg, key, seq;
  if (vc_der_get(cur, DER_SEQUENCE, &spki, NULL) || get_alg(&spki, &alg) || get_bytes(&spki, &key) || spki.len)
    return BAD;
  c->key_type = VC_X509_KEY_UNKNOWN;
  if (vc_der_eq(&alg, alg_rsa, sizeof(alg_rsa))) {
    if (vc_der_get(&key, DER_SEQUENCE, &seq, NULL) || key.len || vc_der_get_uint(&seq, &c->rsa_n) ||
        vc_der_get_uint(&seq, &c->rsa_e) || seq.len)
      return BAD;
    c->key_type = VC_X509_KEY_RSA;
  } else if (vc_der_eq(&alg, alg_p256, sizeof(alg_p256)) && key.len == 65 && key.p[0] == 0x04) {
    c->ec_point = key;
    c->key_type = VC_X509_KEY_P256;
  }
  return VC_OK;
}

/* BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER OPTIONAL }
 * (a DEFAULT value is absent in DER, so a cA present is TRUE). */
static int basic_constraints(vc_span v, vc_x509_cert *c)
{
  vc_span seq, x;
  if (vc_der_get(&v, DER_SEQUENCE, &seq, NULL) || v.len)
    return BAD;
  if (vc_der_peek(&seq) == DER_BOOLEAN) {
    if (vc_der_get(&seq, DER_BOOLEAN, &x, NULL) || x.len != 1 || x.p[0] != 0xff)
      return BAD;
    c->is_ca = 1;
  }
  if (seq.len && (vc_der_get_uint(&seq, &x) || seq.len))
    return BAD;
  return VC_OK;
}

/* KeyUsage ::= BIT STRING, named bits 0..8, in DER without trailing zero bits (X.690 11.2.2),
 * at least one set (RFC 5280 4.2.1.3). */
static int key_usage(vc_span v, vc_x509_cert *c)
{
  vc_span b;
  uint32_t ku = 0;
  if (vc_der_get(&v, DER_BIT_STRING, &b, NULL) || v.len || b.len < 2 || b.len > 3 || b.p[0] > 7 ||
      !(b.p[b.len - 1] & (1u << b.p[0])) || (b.p[b.len - 1] & ((1u << b.p[0]) - 1)))
    return BAD;
  for (unsigned i = 0; i < 8 * (b.len - 1); i++)
    ku |= (uint32_t)(b.p[1 + i / 8] >> (7 - i % 8) & 1) << i;
  if (ku > VC_X509_KU_ANY)
    return BAD;
  c->key_usage = ku;
  return VC_OK;
}

/* Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension { extnID OID, critical BOOLEAN DEFAULT
 * FALSE, extnValue OCTET STRING }, each extnID once (RFC 5280 4.2). *critical set when one it
 * does not read is critical: the parse goes on, so that a malformed certificate is BAD
 * whatever its extensions. */
static int extensions(vc_span v, vc_x509_cert *c, int *critical)
{
  vc_span all, list, ext, oid, x, prev, poid;
  int crit;
  if (vc_der_get(&v, DER_SEQUENCE, &all, NULL) || v.len || !all.len)
    return BAD;
  for (list = all; list.len;) {
    if (vc_der_get(&list, DER_SEQUENCE, &ext, NULL) || vc_der_get(&ext, DER_OID, &oid, NULL) || !oid.len)
      return BAD;
    crit = vc_der_peek(&ext) == DER_BOOLEAN;
    if (crit && (vc_der_get(&ext, DER_BOOLEAN, &x, NULL) || x.len != 1 || x.p[0] != 0xff))
      return BAD;
    if (vc_der_get(&ext, DER_OCTET_STRING, &x, NULL) || ext.len)
      return BAD;
    /* The extensions up to this one, read (and found well formed) already. */
    for (prev = all; prev.p < oid.p && !vc_der_get(&prev, DER_SEQUENCE, &ext, NULL) &&
                     !vc_der_get(&ext, DER_OID, &poid, NULL);)
      if (poid.p != oid.p && vc_der_eq(&poid, oid.p, oid.len))
        return BAD;
    if (vc_der_eq(&oid, oid_basic_constraints, sizeof(oid_basic_constraints))) {
      if (basic_constraints(x, c))
        return BAD;
    } else if (vc_der_eq(&oid, oid_key_usage, sizeof(oid_key_usage))) {
      if (key_usage(x, c))
        return BAD;
    } else {
      *critical |= crit;
    }
  }
  return VC_OK;
}

/* TBSCertificate (RFC 5280 4.1.1.1, 4.1.2): *alg the TLV of its signature field; *critical as
 * extensions() sets it. */
static int tbs_fields(vc_span t, vc_x509_cert *c, vc_span *alg, int *critical)
{
  vc_span x, ver, validity;
  unsigned version = 1;
  if (vc_der_peek(&t) == 0xa0) {
    /* [0] EXPLICIT Version DEFAULT v1: present only for v2 (1) and v3 (2) in DER. */
    if (vc_der_get(&t, 0xa0, &ver, NULL) || vc_der_get_int(&ver, &x) || ver.len ||
        x.len != 1 || x.p[0] < 1 || x.p[0] > 2)
      return BAD;
    version = 1u + x.p[0];
  }
  if (vc_der_get_int(&t, &c->serial) || get_alg(&t, alg) || get_name(&t, &c->issuer) ||
      vc_der_get(&t, DER_SEQUENCE, &validity, NULL) || get_time(&validity, &c->not_before) ||
      get_time(&validity, &c->not_after) || validity.len || get_name(&t, &c->subject) || get_key(&t, c))
    return BAD;
  /* issuerUniqueID [1], subjectUniqueID [2]: IMPLICIT BIT STRINGs, v2 and v3. */
  for (int tag = 0x81; tag <= 0x82; tag++)
    if (vc_der_peek(&t) == tag && (version < 2 || vc_der_get(&t, tag, &x, NULL) || !x.len || x.p[0] > 7))
      return BAD;
  c->is_ca = 0;
  c->key_usage = VC_X509_KU_ANY;
  if (vc_der_peek(&t) == 0xa3 && (version < 3 || vc_der_get(&t, 0xa3, &x, NULL) || extensions(x, c, critical)))
    return BAD;
  return t.len ? BAD : VC_OK;
}

int vc_x509_parse(vc_x509_cert *c, const uint8_t *der, size_t len)
{
  vc_span cur = {der, len}, cert, tbs, tbs_alg, alg;
  vc_x509_cert t;
  int critical = 0;
  if (!c || !der)
    return VC_ERR_NULL;
  memset(&t, 0, sizeof(t));
  if (vc_der_get(&cur, DER_SEQUENCE, &cert, NULL) || cur.len || vc_der_get(&cert, DER_SEQUENCE, &tbs, &t.tbs))
    return BAD;
  if (tbs_fields(tbs, &t, &tbs_alg, &critical) || get_alg(&cert, &alg) || get_bytes(&cert, &t.sig) || cert.len || !vc_der_eq(&alg, tbs_alg.p, tbs_alg.len))
    return BAD;
  for (size_t i = 0; i < NSIGS; i++)
    if (vc_der_eq(&alg, sig_algs[i].der, sig_algs[i].len))
      t.sig_alg = sig_algs[i].id;
  if (critical)
    return VC_ERR_PARAM;
  *c = t;
  return VC_OK;
}

int vc_x509_check_time(const vc_x509_cert *c, uint64_t now)
{
  if (!c)
    return VC_ERR_NULL;
  return now < c->not_before || now > c->not_after ? VC_ERR_RANGE : VC_OK;
}

/* PKCS#1 v1.5 under the certificate's RSA key; out of line: the key's two vc_mp (2 KiB) are on
 * the stack only for this path. */
static VC_NOINLINE int rsa_verify(const vc_x509_cert *c, const vc_hash_class *h, const uint8_t *digest,
                                  const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg)
{
  vc_rsa_pub k;
  if (c->rsa_n.len > VC_MP_MAX_BITS / 8 || c->rsa_e.len > VC_MP_MAX_BITS / 8)
    return VC_ERR_MODULUS;
  if (siglen != c->rsa_n.len)
    return BAD;
  vc_mp_from_bytes(&k.n, c->rsa_n.p, c->rsa_n.len);
  vc_mp_from_bytes(&k.e, c->rsa_e.p, c->rsa_e.len);
  return vc_rsa_pkcs1_verify(&k, h, digest, sig, siglen, cfg);
}

/* vc_x509_key_verify without the keyUsage check (an issuer's key signs certificates). */
static int key_verify(const vc_x509_cert *c, const vc_hash_class *h, const uint8_t *digest,
                      const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg)
{
  uint8_t r[32], s[32];
  if (c->key_type == VC_X509_KEY_RSA)
    return rsa_verify(c, h, digest, sig, siglen, cfg);
  if (c->key_type != VC_X509_KEY_P256)
    return VC_ERR_PARAM;
  if (vc_der_ecdsa_sig_decode(sig, siglen, sizeof(r), r, s))
    return BAD;
  return vc_ecdsa_verify(vc_ec_curve_get(VC_EC_P256), VC_EC_OPTIMIZED, c->ec_point.p, c->ec_point.len, digest,
                         h->digest_len, r, s);
}

int vc_x509_key_verify(const vc_x509_cert *c, const vc_hash_class *h, const uint8_t *digest,
                       const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg)
{
  if (!c || !h || !digest || !sig)
    return VC_ERR_NULL;
  if (!(c->key_usage & VC_X509_KU_DIGITAL_SIGNATURE))
    return BAD;
  return key_verify(c, h, digest, sig, siglen, cfg);
}

int vc_x509_verify(const vc_x509_cert *cert, const vc_x509_cert *issuer, const vc_mp_cfg *cfg)
{
  uint8_t digest[VC_SHA256_DIGEST_LEN];
  const vc_hash_class *h = NULL;
  int rc;
  if (!cert || !issuer)
    return VC_ERR_NULL;
  for (size_t i = 0; i < NSIGS; i++)
    if (cert->sig_alg == sig_algs[i].id)
      h = sig_algs[i].h;
  if (!h || issuer->key_type == VC_X509_KEY_UNKNOWN)
    return VC_ERR_PARAM;
  if (!vc_der_eq(&cert->issuer, issuer->subject.p, issuer->subject.len) || !issuer->is_ca ||
      !(issuer->key_usage & VC_X509_KU_KEY_CERT_SIGN) ||
      (issuer->key_type == VC_X509_KEY_P256) != (cert->sig_alg == VC_X509_SIG_ECDSA_SHA256))
    return BAD;
  if ((rc = h->oneshot(cert->tbs.p, cert->tbs.len, digest)))
    return rc;
  return key_verify(issuer, h, digest, cert->sig.p, cert->sig.len, cfg);
}
