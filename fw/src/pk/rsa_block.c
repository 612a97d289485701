/* Block-wise RSA (pk.h), the workload of seed 004's design-space study: one set-up per message,
 * one exponentiation per block. */
#include <string.h>

#include "vexcrypt/pk.h"
#include "pk_internal.h"

int vc_rsa_block(const vc_rsa_priv *k, int private, int crt, const uint8_t *in, size_t len,
                 size_t block_bits, uint8_t *out, size_t outlen, const vc_mp_cfg *cfg,
                 vc_mp_cache *intra, vc_mp_cache *pre)
{
  vc_rsa_ctx x;
  vc_mp m, c;
  int rc;
  if (!k || !in || !out)
    return VC_ERR_NULL;
  if ((private != 0 && private != 1) || (crt != VC_RSA_NOCRT && crt != VC_RSA_MRC && crt != VC_RSA_SRC) ||
      block_bits % 8 || block_bits < 32 || block_bits > 512 || block_bits >= vc_mp_bits(&k->n))
    return VC_ERR_PARAM;
  size_t bb = block_bits / 8, klen = (vc_mp_bits(&k->n) + 7) / 8, blocks = (len + bb - 1) / bb;
  if (!len || outlen / klen != blocks || outlen % klen)
    return VC_ERR_LENGTH;
  uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;  /* an output block is longer than an input block */
  if (a < b + outlen && b < a + len)
    return VC_ERR_OVERLAP;
  if (private && !(cfg ? cfg : &vc_mp_cfg_default)->var)
    intra = pre = NULL;                  /* a hit would tell that a secret block repeats */
  if ((rc = vc_rsa_ctx_init(&x, k, crt, private, cfg, intra, pre)))
    return rc;
  VC_COST(RSA_BLOCK, blocks, 0);
  for (size_t i = 0; i < blocks; i++) {
    size_t n = i + 1 < blocks ? bb : len - i * bb;
    if ((rc = vc_mp_from_bytes(&m, in + i * bb, n)) || (rc = vc_rsa_ctx_exp(&x, k, &c, &m)) ||
        (rc = vc_mp_to_bytes(&c, out + i * klen, klen))) {
      memset(out, 0, outlen);
      return rc;
    }
  }
  return VC_OK;
}
