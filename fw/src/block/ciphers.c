/* Block-cipher descriptors for the modes of operation (modes.h): adapters from the generic
 * key-schedule pointer to each cipher's own type. */
#include "vexcrypt/modes.h"

#define ADAPT(name, keytype, encrypt, decrypt)                                       \
  static int name##_enc(const void *ks, const uint8_t *in, uint8_t *out)           \
  {                                                                                \
    return encrypt((const keytype *)ks, in, out);                                  \
  }                                                                                \
  static int name##_dec(const void *ks, const uint8_t *in, uint8_t *out)           \
  {                                                                                \
    return decrypt((const keytype *)ks, in, out);                                  \
  }

ADAPT(des, vc_des_key, vc_des_encrypt, vc_des_decrypt)
ADAPT(des3, vc_des3_key, vc_des3_encrypt, vc_des3_decrypt)
ADAPT(aes_tab, vc_aes_key, vc_aes_tab_encrypt_var, vc_aes_tab_decrypt_var)
ADAPT(aes_ct, vc_aes_key, vc_aes_ct_encrypt, vc_aes_ct_decrypt)
ADAPT(rc5, vc_rc5_key, vc_rc5_encrypt, vc_rc5_decrypt)

const vc_block_cipher vc_des = {"des", 8, des_enc, des_dec};
const vc_block_cipher vc_des3 = {"3des", 8, des3_enc, des3_dec};
const vc_block_cipher vc_aes_tab = {"aes_tab", 16, aes_tab_enc, aes_tab_dec};
const vc_block_cipher vc_aes_ct = {"aes_ct", 16, aes_ct_enc, aes_ct_dec};
const vc_block_cipher vc_rc5 = {"rc5", 8, rc5_enc, rc5_dec};
