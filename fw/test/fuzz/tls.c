/* The TLS engine on hostile bytes: a client (after its ClientHello) or a server (first byte's
 * bit 0; bit 1: it asks for a client certificate) whose trust anchor, own certificate and
 * P-256 key come from the input's first three fields (seeds give valid ones), or, with bit 2, an
 * RSA server (the DHE suite) with a key made at start and an RSA certificate from the second
 * field; fed the rest of the input in pieces of the sizes the input picks, as a peer's records. Whatever arrives, the engine answers VC_OK or VC_ERR_PROTO (a
 * failed connection, with its alert), never writes past its buffers (ASan), keeps its output
 * within what take reports, and once failed stays failed. */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/pk.h"
#include "vexcrypt/tls.h"

static vc_tls t;
static vc_rsa_priv rsa;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  static const uint8_t seed[] = "vexcrypt/fuzz/tls/rsa";
  vc_drbg rng;
  (void)argc, (void)argv;
  FZ_CHECK(vc_drbg_init(&rng, seed, sizeof(seed)) == VC_OK);
  FZ_CHECK(vc_rsa_keygen(&rsa, 512, 65537, &rng, NULL) == VC_OK);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  unsigned mode = fz_u8(&f);
  const uint8_t *ca, *cert, *key;
  size_t calen = fz_field(&f, &ca, VC_TLS_CERT_CAP), certlen = fz_field(&f, &cert, VC_TLS_CERT_CAP);
  size_t keylen = fz_field(&f, &key, 32);
  uint8_t ec[32] = {1}, out[4096], app[4096];
  static const uint8_t seed[] = "vexcrypt/fuzz/tls";
  vc_drbg rng;
  FZ_CHECK(vc_drbg_init(&rng, seed, sizeof(seed)) == VC_OK);
  memcpy(ec, key, keylen);
  vc_tls_config cfg = {.role = (int)(mode & 1), .ca = ca, .calen = calen, .rng = &rng,
                       .require_client_cert = (mode >> 1) & 1, .dh_xbits = 160};
  if (cfg.role == VC_TLS_SERVER || certlen) {
    cfg.cert = cert;
    cfg.certlen = certlen;
    if (mode & 4)
      cfg.rsa_key = &rsa;
    else
      cfg.ec_key = ec;
  }
  if (vc_tls_init(&t, &cfg) != VC_OK)
    return 0;
  while (f.n) {
    size_t piece = 1 + fz_u8(&f) * 64u, used, n, got = 0;
    if (piece > f.n)
      piece = f.n;
    int rc = vc_tls_feed(&t, f.p, piece, &used);
    FZ_CHECK(rc == VC_OK || rc == VC_ERR_PROTO);
    FZ_CHECK(used <= piece);
    FZ_CHECK(rc == VC_OK || vc_tls_state(&t) == VC_TLS_FAILED);
    f.p += used;
    f.n -= used;
    do
      FZ_CHECK(vc_tls_take(&t, out, sizeof(out), &n) == VC_OK && n <= sizeof(out));
    while (n);
    do {
      FZ_CHECK(vc_tls_read(&t, app, sizeof(app), &n) == VC_OK && n <= sizeof(app));
      got += n;
    } while (n);
    if (rc != VC_OK || vc_tls_state(&t) >= VC_TLS_CLOSED || (!used && !got))
      break;
  }
  return 0;
}
