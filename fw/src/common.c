/* What the library says of itself (common.h): its error codes and the sizes of its types. */
#include <string.h>

#include "vexcrypt/block.h"
#include "vexcrypt/cms.h"
#include "vexcrypt/common.h"
#include "vexcrypt/drbg.h"
#include "vexcrypt/ec.h"
#include "vexcrypt/gcm.h"
#include "vexcrypt/gf2m.h"
#include "vexcrypt/hash.h"
#include "vexcrypt/ike.h"
#include "vexcrypt/modes.h"
#include "vexcrypt/mp.h"
#include "vexcrypt/pk.h"
#include "vexcrypt/stream.h"
#include "vexcrypt/tls.h"
#include "vexcrypt/x509.h"

#define ERR(code, text) {code, #code, text}
const vc_err_info vc_errors[] = {
  ERR(VC_OK, "ok"),
  ERR(VC_ERR_NULL, "null pointer"),
  ERR(VC_ERR_LENGTH, "length out of range"),
  ERR(VC_ERR_STATE, "context not initialised or already finalised"),
  ERR(VC_ERR_KEYLEN, "unsupported key length or round count"),
  ERR(VC_ERR_PADDING, "bad padding"),
  ERR(VC_ERR_OVERLAP, "input and output overlap"),
  ERR(VC_ERR_MODULUS, "modulus zero, even where it must be odd, or too large"),
  ERR(VC_ERR_RANGE, "value out of range"),
  ERR(VC_ERR_NOINV, "element not invertible"),
  ERR(VC_ERR_VERIFY, "signature or encoding does not verify"),
  ERR(VC_ERR_FAULT, "result check failed (fault): result withheld"),
  ERR(VC_ERR_PARAM, "unsupported parameter"),
  ERR(VC_ERR_RETRY, "search gave up after its bound"),
  ERR(VC_ERR_POINT, "invalid elliptic-curve point"),
  ERR(VC_ERR_HW, "accelerator error or timeout"),
  ERR(VC_ERR_PROTO, "protocol failure (alert)"),
  {0, NULL, NULL},
};

const char *vc_strerror(int err)
{
  for (const vc_err_info *e = vc_errors; e->name; e++)
    if (e->code == err)
      return e->text;
  return "unknown error";
}

#define TYPE(t) {#t, sizeof(t)}
static const struct {
  const char *name;
  size_t size;
} types[] = {
  TYPE(vc_err_info),
  TYPE(vc_md2_ctx), TYPE(vc_md4_ctx), TYPE(vc_md5_ctx), TYPE(vc_sha1_ctx), TYPE(vc_sha256_ctx),
  TYPE(vc_hash_class), TYPE(vc_hmac_hash), TYPE(vc_hmac_ctx), TYPE(vc_drbg),
  TYPE(vc_des_key), TYPE(vc_des3_key), TYPE(vc_aes_key), TYPE(vc_rc5_key), TYPE(vc_block_cipher),
  TYPE(vc_ghash_key), TYPE(vc_gcm_ctx),
  TYPE(vc_rc4_ctx), TYPE(vc_seal_ctx),
  TYPE(vc_mp), TYPE(vc_mp_cfg), TYPE(vc_mp_cache), TYPE(vc_mont), TYPE(vc_mp_inv_job),
  TYPE(vc_rsa_pub), TYPE(vc_rsa_priv), TYPE(vc_dh_group), TYPE(vc_dsa_params), TYPE(vc_rfc6979),
  TYPE(vc_gf2m), TYPE(vc_gf2m_field), TYPE(vc_gf2m_counts), TYPE(vc_ec_curve),
  TYPE(vc_tls_config), TYPE(vc_tls_dir), TYPE(vc_tls),
  TYPE(vc_span), TYPE(vc_x509_cert), TYPE(vc_cms_opts),
  TYPE(vc_ike_config), TYPE(vc_ike_keys), TYPE(vc_ike),
};

size_t vc_sizeof(const char *name)
{
  if (!name)
    return 0;
  for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
    if (!strcmp(types[i].name, name))
      return types[i].size;
  return 0;
}
