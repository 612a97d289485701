/* vexcrypt modes of operation: ECB, CBC, CTR over any block cipher of block.h, and PKCS#7
 * padding.
 *
 * A cipher is named by a vc_block_cipher descriptor (vc_des, vc_des3, vc_aes_tab, vc_aes_ct,
 * vc_rc5) and used with its key schedule `ks` from the matching setkey; vc_aes_tab (named
 * after the cipher, like the others) runs the variable-time vc_aes_tab_*_var. Lengths are in
 * bytes. ECB and CBC take whole blocks (VC_ERR_LENGTH otherwise: pad first); CTR takes any
 * length. in == out is allowed; any other overlap returns VC_ERR_OVERLAP. CBC and CTR update
 * `iv` / `ctr` so that consecutive calls continue one message. */
#ifndef VEXCRYPT_MODES_H
#define VEXCRYPT_MODES_H

#include "vexcrypt/block.h"

#define VC_MAX_BLOCK_LEN 16

typedef int (*vc_block_fn)(const void *ks, const uint8_t *in, uint8_t *out);

typedef struct {
  const char *name;
  size_t block_len;
  vc_block_fn encrypt, decrypt;
} vc_block_cipher;

extern const vc_block_cipher vc_des, vc_des3, vc_aes_tab, vc_aes_ct, vc_rc5;

int vc_ecb_encrypt(const vc_block_cipher *c, const void *ks, const uint8_t *in, uint8_t *out, size_t len);
int vc_ecb_decrypt(const vc_block_cipher *c, const void *ks, const uint8_t *in, uint8_t *out, size_t len);
int vc_cbc_encrypt(const vc_block_cipher *c, const void *ks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                   size_t len);
int vc_cbc_decrypt(const vc_block_cipher *c, const void *ks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                   size_t len);
/* `ctr` is a block_len-byte big-endian counter, incremented (mod 2^(8*block_len)) per block;
 * the keystream of a final partial block is discarded. */
int vc_ctr_crypt(const vc_block_cipher *c, const void *ks, uint8_t *ctr, const uint8_t *in, uint8_t *out,
                 size_t len);

/* PKCS#7: pads buf[0..len) in place to a multiple of block_len (1..255) within cap bytes;
 * *padded_len receives the new length (always len + 1..block_len). */
int vc_pkcs7_pad(uint8_t *buf, size_t len, size_t cap, size_t block_len, size_t *padded_len);
/* Checks the padding of buf[0..len) in constant time; *unpadded_len receives the data length.
 * VC_ERR_PADDING when it is malformed, VC_ERR_LENGTH when len is not a positive multiple of
 * block_len. */
int vc_pkcs7_unpad(const uint8_t *buf, size_t len, size_t block_len, size_t *unpadded_len);

#endif
