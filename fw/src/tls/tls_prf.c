/* The TLS 1.2 PRF with SHA-256 (RFC 5246 5): P_SHA256(secret, label || seed). */
#include <string.h>

#include "vexcrypt/tls.h"

int vc_tls_prf(const uint8_t *secret, size_t secretlen, const char *label, const uint8_t *seed,
               size_t seedlen, uint8_t *out, size_t outlen)
{
  if ((!secret && secretlen) || !label || (!seed && seedlen) || (!out && outlen))
    return VC_ERR_NULL;
  const vc_hash_class *h = &vc_sha256_class;
  size_t lablen = strlen(label);
  uint8_t a[VC_SHA256_DIGEST_LEN], blk[VC_SHA256_DIGEST_LEN];
  vc_hmac_ctx c;
  /* A(1) = HMAC(secret, label || seed); A(i+1) = HMAC(secret, A(i)) */
  vc_hmac_init(&c, h, secret, secretlen);
  vc_hmac_update(&c, label, lablen);
  vc_hmac_update(&c, seed, seedlen);
  vc_hmac_final(&c, a);
  for (size_t done = 0; done < outlen;) {
    vc_hmac_init(&c, h, secret, secretlen);
    vc_hmac_update(&c, a, sizeof(a));
    vc_hmac_update(&c, label, lablen);
    vc_hmac_update(&c, seed, seedlen);
    vc_hmac_final(&c, blk);
    size_t n = outlen - done < sizeof(blk) ? outlen - done : sizeof(blk);
    memcpy(out + done, blk, n);
    done += n;
    vc_hmac(h, secret, secretlen, a, sizeof(a), a);
  }
  memset(blk, 0, sizeof(blk));
  memset(a, 0, sizeof(a));
  memset(&c, 0, sizeof(c));
  return VC_OK;
}
