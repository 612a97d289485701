/* Triple DES, EDE (SP 800-67): E(K3, D(K2, E(K1, x))) with keying option 1 (24-byte key) or 2
 * (16-byte key, K3 = K1). The inner final and initial permutations cancel, so IP and FP run
 * once around 48 rounds (about 2400 instructions a block, some 300 cycles a byte expected on
 * VexRiscv full). Degenerate keys (K1 = K2 or K2 = K3, i.e. single DES) are accepted,
 * as the NIST known-answer tests use them; refusing them is a policy for the caller. */
#include <string.h>

#include "des_internal.h"

int vc_des3_setkey(vc_des3_key *ks, const uint8_t *key, size_t keylen)
{
  if (!ks || !key)
    return VC_ERR_NULL;
  if (keylen != 16 && keylen != 24)
    return VC_ERR_KEYLEN;
  vc_des_keysched(ks->k[0].sk, key);
  vc_des_keysched(ks->k[1].sk, key + 8);
  if (keylen == 24)
    vc_des_keysched(ks->k[2].sk, key + 16);
  else
    memcpy(ks->k[2].sk, ks->k[0].sk, sizeof(ks->k[2].sk));
  return VC_OK;
}

static int des3_crypt(const vc_des3_key *ks, const uint8_t *in, uint8_t *out, int decrypt)
{
  uint32_t lr[2];
  if (!ks || !in || !out)
    return VC_ERR_NULL;
  if (vc_overlap(in, out, 8))
    return VC_ERR_OVERLAP;
  vc_des_ip(in, lr);
  /* Encryption: E with K1, D with K2, E with K3; decryption walks back. */
  vc_des_rounds(lr, ks->k[decrypt ? 2 : 0].sk, decrypt);
  vc_des_rounds(lr, ks->k[1].sk, !decrypt);
  vc_des_rounds(lr, ks->k[decrypt ? 0 : 2].sk, decrypt);
  vc_des_fp(lr, out);
  return VC_OK;
}

int vc_des3_encrypt(const vc_des3_key *ks, const uint8_t in[8], uint8_t out[8])
{
  return des3_crypt(ks, in, out, 0);
}

int vc_des3_decrypt(const vc_des3_key *ks, const uint8_t in[8], uint8_t out[8])
{
  return des3_crypt(ks, in, out, 1);
}
