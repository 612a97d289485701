/* The pieces cms_internal.h declares. */
#include <string.h>

#include "cms_internal.h"
#include "../internal.h"

#define OID_PKCS(...) {11, {0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, __VA_ARGS__}}
const struct cms_der cms_oid_data = OID_PKCS(0x01, 0x07, 0x01), cms_oid_signed_data = OID_PKCS(0x01, 0x07, 0x02),
  cms_oid_enveloped_data = OID_PKCS(0x01, 0x07, 0x03), cms_oid_content_type = OID_PKCS(0x01, 0x09, 0x03),
  cms_oid_message_digest = OID_PKCS(0x01, 0x09, 0x04), cms_oid_signing_time = OID_PKCS(0x01, 0x09, 0x05),
  cms_oid_rsa = OID_PKCS(0x01, 0x01, 0x01), cms_oid_rsa_sha256 = OID_PKCS(0x01, 0x01, 0x0b),
  cms_oid_rsa_sha1 = OID_PKCS(0x01, 0x01, 0x05),
  cms_oid_sha256 = {11, {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01}},
  cms_oid_sha1 = {7, {0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a}},
  cms_oid_ecdsa_sha256 = {10, {0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02}},
  /* With NULL parameters, as OpenSSL writes them. */
  cms_alg_sha256 = {15, {0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00}},
  cms_alg_rsa = {15, {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00}};
static const struct cms_der oid_des3 = {10, {0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x03, 0x07}},
  oid_aes128 = {11, {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x02}};

int cms_is(const vc_span *tlv, const struct cms_der *d)
{
  return vc_der_eq(tlv, d->b, d->len);
}

void cms_put(vc_der_writer *w, const struct cms_der *d)
{
  vc_der_w_put(w, d->b, d->len);
}

void cms_put_content_info(vc_der_writer *w, const struct cms_der *type, uint8_t version, size_t mark)
{
  const uint8_t v[] = {DER_INTEGER, 1, version};
  vc_der_w_put(w, v, sizeof(v));
  vc_der_w_tlv(w, DER_SEQUENCE, mark);
  vc_der_w_tlv(w, 0xa0, mark);
  cms_put(w, type);
  vc_der_w_tlv(w, DER_SEQUENCE, mark);
}

int cms_get_content_info(vc_cms_opts *o, const uint8_t *der, size_t len, const struct cms_der *type,
                         vc_span *content)
{
  vc_span cur = {der, len}, ci, oid, ex, x;
  if (vc_der_get(&cur, DER_SEQUENCE, &ci, NULL) || cur.len || vc_der_get(&ci, DER_OID, &x, &oid) ||
      vc_der_get(&ci, 0xa0, &ex, NULL) || ci.len || vc_der_get(&ex, DER_SEQUENCE, content, NULL) || ex.len)
    return cms_fail(o, "ContentInfo", VC_ERR_VERIFY);
  return cms_is(&oid, type) ? VC_OK : cms_fail(o, "contentType", VC_ERR_PARAM);
}

static int des3_setkey(union cms_ks *ks, const uint8_t *key)
{
  return vc_des3_setkey(&ks->des3, key, 24);
}

static int aes128_setkey(union cms_ks *ks, const uint8_t *key)
{
  return vc_aes_ct_setkey(&ks->aes, key, 16);
}

static const struct cms_cipher ciphers[] = {
  {VC_CMS_DES3, &oid_des3, &vc_des3, 24, des3_setkey},
  {VC_CMS_AES128, &oid_aes128, &vc_aes_ct, 16, aes128_setkey},
};

const struct cms_cipher *cms_cipher_by_id(int id)
{
  for (size_t i = 0; i < sizeof(ciphers) / sizeof(ciphers[0]); i++)
    if (ciphers[i].id == id)
      return &ciphers[i];
  return NULL;
}

const struct cms_cipher *cms_cipher_by_oid(const vc_span *oid)
{
  for (size_t i = 0; i < sizeof(ciphers) / sizeof(ciphers[0]); i++)
    if (cms_is(oid, ciphers[i].oid))
      return &ciphers[i];
  return NULL;
}

int cms_fail(vc_cms_opts *o, const char *field, int rc)
{
  if (o)
    o->field = field;
  return rc;
}

void cms_step(vc_cms_opts *o, const char *name, int end)
{
  if (o && o->step)
    o->step(o->step_arg, name, end);
}

const vc_mp_cfg *cms_mp(const vc_cms_opts *o)
{
  return o ? o->mp : NULL;
}

int cms_overlap(const void *a, size_t alen, const void *b, size_t blen)
{
  const uint8_t *x = a, *y = b;
  return alen && blen && x < y + blen && y < x + alen;
}

/* The certificate's public key is the key's: n and e (a certificate with another e would take
 * encryptions the key cannot open: found by the cms fuzz target). Out of line: the vc_mp
 * (1 KiB) is on the stack only here. */
static VC_NOINLINE int same_key(const vc_x509_cert *c, const vc_rsa_priv *key)
{
  vc_mp x;
  if (c->rsa_e.len > VC_MP_MAX_BITS / 8)
    return 0;
  vc_mp_from_bytes(&x, c->rsa_n.p, c->rsa_n.len);
  if (vc_mp_cmp_var(&x, &key->n))
    return 0;
  vc_mp_from_bytes(&x, c->rsa_e.p, c->rsa_e.len);
  return vc_mp_cmp_var(&x, &key->e) == 0;
}

int cms_own_cert(vc_cms_opts *o, vc_x509_cert *c, const uint8_t *cert, size_t certlen, const vc_rsa_priv *key)
{
  int rc = vc_x509_parse(c, cert, certlen);
  if (rc)
    return cms_fail(o, "cert", rc);
  if (c->key_type != VC_X509_KEY_RSA)
    return cms_fail(o, "cert", VC_ERR_PARAM);
  if (c->rsa_n.len > VC_MP_MAX_BITS / 8)
    return cms_fail(o, "cert", VC_ERR_MODULUS);
  if (key && !same_key(c, key))
    return cms_fail(o, "key", VC_ERR_PARAM);
  return VC_OK;
}

int cms_get_alg(vc_span *cur, vc_span *oid, vc_span *params)
{
  vc_span c = *cur, seq, v;
  int tag;
  if (vc_der_get(&c, DER_SEQUENCE, &seq, NULL) || vc_der_get(&seq, DER_OID, &v, oid) || !v.len)
    return VC_ERR_VERIFY;
  params->p = seq.p;
  params->len = seq.len;
  if (seq.len && (vc_der_get_any(&seq, &tag, &v) || seq.len))
    return VC_ERR_VERIFY;
  *cur = c;
  return VC_OK;
}

int cms_null_params(const vc_span *params)
{
  static const uint8_t null[] = {DER_NULL, 0};
  return !params->len || vc_der_eq(params, null, sizeof(null));
}

void cms_put_sid(vc_der_writer *w, const vc_x509_cert *c)
{
  size_t mark = w->pos, m;
  m = w->pos;
  vc_der_w_put(w, c->serial.p, c->serial.len);
  vc_der_w_tlv(w, DER_INTEGER, m);
  vc_der_w_put(w, c->issuer.p, c->issuer.len);
  vc_der_w_tlv(w, DER_SEQUENCE, mark);
}

int cms_sid_is(vc_span sid, const vc_x509_cert *c)
{
  vc_span name, nv, serial;
  if (vc_der_get(&sid, DER_SEQUENCE, &nv, &name) || vc_der_get_int(&sid, &serial) || sid.len)
    return VC_ERR_VERIFY;
  return vc_der_eq(&name, c->issuer.p, c->issuer.len) && vc_der_eq(&serial, c->serial.p, c->serial.len);
}
