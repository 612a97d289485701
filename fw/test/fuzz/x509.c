/* The X.509 reader and the ECDSA signature codec (x509.h) on bytes from the network. The
 * first byte picks:
 *  - below 0x80: the rest is a certificate. An accepted one has its spans inside the input, a
 *    TLV at each of tbs, issuer and subject, dates in order for check_time, and a sig that
 *    decodes as the certificate's ECDSA signature exactly when its DER re-encodes to itself;
 *    it is verified against itself (self-signed), its key used on the TBS digest, and the same
 *    bytes with a byte more or less are refused (nothing may follow a certificate, and a
 *    truncated one is malformed). Every call gives a documented code.
 *  - 0x80 and above: the rest is an ECDSA-Sig-Value with nlen = (byte & 31) + 1; an accepted
 *    one re-encodes to the same bytes (DER has one encoding per value). */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/x509.h"

static int inside(const vc_span *s, const uint8_t *p, size_t n)
{
  return s->p >= p && s->len <= n && (size_t)(s->p - p) <= n - s->len;
}

/* decode, then encode gives the input back. */
static void sig_round_trip(const uint8_t *p, size_t n, size_t nlen)
{
  uint8_t r[32], s[32], out[80];
  size_t outlen = 0;
  int rc = vc_der_ecdsa_sig_decode(p, n, nlen, r, s);
  FZ_CHECK(rc == VC_OK || rc == VC_ERR_VERIFY);
  if (rc)
    return;
  FZ_CHECK(vc_der_ecdsa_sig_encode(r, s, nlen, out, sizeof(out), &outlen) == VC_OK);
  FZ_CHECK(outlen == n && !memcmp(out, p, n));
}

static void check_cert(const vc_x509_cert *c, const uint8_t *p, size_t n)
{
  const vc_span *spans[] = {&c->tbs, &c->sig, &c->issuer, &c->subject, &c->rsa_n, &c->rsa_e, &c->ec_point, &c->serial};
  uint8_t digest[32];
  int rc;
  for (size_t i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
    FZ_CHECK(!spans[i]->len || inside(spans[i], p, n));
  FZ_CHECK(c->tbs.p[0] == 0x30 && c->issuer.p[0] == 0x30 && c->subject.p[0] == 0x30);
  FZ_CHECK(c->key_type != VC_X509_KEY_P256 || (c->ec_point.len == 65 && c->ec_point.p[0] == 4));
  FZ_CHECK(vc_x509_check_time(c, c->not_before) == (c->not_before <= c->not_after ? VC_OK : VC_ERR_RANGE));
  FZ_CHECK(vc_x509_check_time(c, c->not_after + 1) == VC_ERR_RANGE);
  if (c->sig_alg == VC_X509_SIG_ECDSA_SHA256)
    sig_round_trip(c->sig.p, c->sig.len, 32);
  rc = vc_x509_verify(c, c, NULL);
  FZ_CHECK(rc == VC_OK || rc == VC_ERR_VERIFY || rc == VC_ERR_PARAM || rc == VC_ERR_MODULUS ||
           rc == VC_ERR_LENGTH || rc == VC_ERR_POINT);
  FZ_CHECK(vc_sha256(c->tbs.p, c->tbs.len, digest) == VC_OK);
  rc = vc_x509_key_verify(c, &vc_sha256_class, digest, c->sig.p, c->sig.len, NULL);
  FZ_CHECK(rc == VC_OK || rc == VC_ERR_VERIFY || rc == VC_ERR_PARAM || rc == VC_ERR_MODULUS ||
           rc == VC_ERR_LENGTH || rc == VC_ERR_POINT);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  unsigned mode = fz_u8(&f);
  vc_x509_cert c;
  uint8_t *more;
  int rc;
  if (mode & 0x80) {
    sig_round_trip(f.p, f.n, (mode & 31) + 1);
    return 0;
  }
  rc = vc_x509_parse(&c, f.p, f.n);
  FZ_CHECK(rc == VC_OK || rc == VC_ERR_VERIFY || rc == VC_ERR_PARAM);
  if (rc)
    return 0;
  check_cert(&c, f.p, f.n);
  FZ_CHECK(vc_x509_parse(&c, f.p, f.n - 1) == VC_ERR_VERIFY);
  more = malloc(f.n + 1);
  FZ_CHECK(more);
  memcpy(more, f.p, f.n);
  more[f.n] = 0;
  FZ_CHECK(vc_x509_parse(&c, more, f.n + 1) == VC_ERR_VERIFY);
  free(more);
  return 0;
}
