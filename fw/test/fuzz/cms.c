/* The CMS parsers and writers (cms.h) on hostile bytes. The input: a mode byte, a certificate,
 * an RSA key's n, e, d, p, q (seeds give a matching pair), a content, then the rest:
 *  - mode 0: the rest is a SignedData verified over the content under the certificate as CA;
 *  - mode 1: the rest is an EnvelopedData opened with the certificate and key;
 *  - mode 2: the content enveloped for the certificate and opened again gives it back, and
 *    signed with the key verifies under the certificate.
 * Every call gives a documented code, writes nothing past its buffers (ASan), reports no more
 * than its capacity, and leaves its output untouched on error. */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/cms.h"
#include "vexcrypt/x509.h"

#define CAP 8192

static vc_rsa_priv key;
static uint8_t out[CAP], back[CAP];

static int documented(int rc)
{
  return rc == VC_OK || rc == VC_ERR_VERIFY || rc == VC_ERR_PARAM || rc == VC_ERR_RANGE || rc == VC_ERR_PADDING ||
         rc == VC_ERR_LENGTH || rc == VC_ERR_MODULUS || rc == VC_ERR_POINT;
}

/* Capacity cap of a buffer filled with a sentinel: the call's rc, and on error the buffer unchanged. */
static void untouched(const uint8_t *buf, int rc)
{
  for (size_t i = 0; rc && i < CAP; i++)
    FZ_CHECK(buf[i] == 0xa5);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  unsigned mode = fz_u8(&f) % 3;
  const uint8_t *cert, *msg;
  size_t certlen = fz_field(&f, &cert, 4096), n;
  static const uint8_t seed[] = "vexcrypt/fuzz/cms";
  vc_drbg rng;
  vc_cms_opts o = {0};
  int rc, has_key;
  memset(&key, 0, sizeof(key));
  fz_mp(&f, &key.n, 256);
  fz_mp(&f, &key.e, 8);
  fz_mp(&f, &key.d, 256);
  fz_mp(&f, &key.p, 128);
  fz_mp(&f, &key.q, 128);
  has_key = vc_rsa_priv_complete(&key) == VC_OK;
  size_t msglen = fz_field(&f, &msg, 4096);
  FZ_CHECK(vc_drbg_init(&rng, seed, sizeof(seed)) == VC_OK);
  memset(out, 0xa5, CAP);
  if (mode == 0) {
    rc = vc_cms_verify(f.p, f.n, msg, msglen, cert, certlen, 0, &o);
    FZ_CHECK(documented(rc) && (rc == VC_OK) == (o.field == NULL));
    return 0;
  }
  if (!has_key)
    return 0;
  if (mode == 1) {
    rc = vc_cms_decrypt(f.p, f.n, cert, certlen, &key, &rng, out, CAP, &n, &o);
    FZ_CHECK(documented(rc) && (rc || n <= f.n));
    untouched(out, rc);
    return 0;
  }
  rc = vc_cms_encrypt(cert, certlen, VC_CMS_DES3 + (msglen & 1), &rng, msg, msglen, out, CAP, &n, &o);
  FZ_CHECK(documented(rc));
  untouched(out, rc);
  if (rc)
    return 0;
  size_t m;
  memset(back, 0xa5, CAP);
  rc = vc_cms_decrypt(out, n, cert, certlen, &key, &rng, back, CAP, &m, &o);
  /* The certificate's key may not be the key's (VC_ERR_PARAM); else the content comes back. */
  FZ_CHECK(rc == VC_ERR_PARAM || (rc == VC_OK && m == msglen && !memcmp(back, msg, m)));
  if (rc)
    return 0;
  memset(out, 0xa5, CAP);
  rc = vc_cms_sign(cert, certlen, &key, msg, msglen, 20260101000000ull, out, CAP, &n, &o);
  /* A certificate that may not sign is refused, as its verifier would refuse the signature. */
  vc_x509_cert c;
  FZ_CHECK(vc_x509_parse(&c, cert, certlen) == VC_OK);
  FZ_CHECK((c.key_usage & VC_X509_KU_DIGITAL_SIGNATURE) ? (rc == VC_OK || rc == VC_ERR_LENGTH) : rc == VC_ERR_PARAM);
  untouched(out, rc);
  if (!rc)
    FZ_CHECK(vc_cms_verify(out, n, msg, msglen, cert, certlen, 0, &o) == VC_OK);
  return 0;
}
