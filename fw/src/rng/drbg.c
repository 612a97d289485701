/* HMAC_DRBG with SHA-256 (NIST SP 800-90A, section 10.1.2): instantiate and generate, without
 * reseeding, prediction resistance or additional input. The reseed counter is not kept: its
 * limit (2^48 requests) is out of reach of the firmware's runs. */
#include <string.h>

#include "vexcrypt/drbg.h"

#define DRBG_MAGIC 0x44524247u   /* "DRBG" */
#define DRBG_MAX_REQUEST 65536   /* bytes: max_number_of_bits_per_request = 2^19 */

/* HMAC_DRBG_Update: K = HMAC(K, V || 0x00 || data), V = HMAC(K, V), and again with 0x01 when
 * data is not empty. */
static void drbg_update(vc_drbg *d, const uint8_t *data, size_t len)
{
  for (uint8_t sep = 0; sep < 2; sep++) {
    vc_hmac_ctx c;
    vc_hmac_init(&c, &vc_sha256_class, d->k, sizeof(d->k));
    vc_hmac_update(&c, d->v, sizeof(d->v));
    vc_hmac_update(&c, &sep, 1);
    vc_hmac_update(&c, data, len);
    vc_hmac_final(&c, d->k);
    vc_hmac(&vc_sha256_class, d->k, sizeof(d->k), d->v, sizeof(d->v), d->v);
    if (!len)
      break;
  }
}

int vc_drbg_init(vc_drbg *d, const uint8_t *seed, size_t len)
{
  if (!d || (!seed && len))
    return VC_ERR_NULL;
  memset(d->k, 0x00, sizeof(d->k));
  memset(d->v, 0x01, sizeof(d->v));
  drbg_update(d, seed, len);
  d->magic = DRBG_MAGIC;
  return VC_OK;
}

int vc_drbg_generate(vc_drbg *d, uint8_t *out, size_t len)
{
  if (!d || (!out && len))
    return VC_ERR_NULL;
  if (d->magic != DRBG_MAGIC)
    return VC_ERR_STATE;
  if (len > DRBG_MAX_REQUEST)
    return VC_ERR_LENGTH;
  while (len) {
    size_t n = len < sizeof(d->v) ? len : sizeof(d->v);
    vc_hmac(&vc_sha256_class, d->k, sizeof(d->k), d->v, sizeof(d->v), d->v);
    memcpy(out, d->v, n);
    out += n;
    len -= n;
  }
  drbg_update(d, NULL, 0);
  return VC_OK;
}
