/* vexcrypt block ciphers: DES, 3DES (EDE), AES (table-based and constant-time), RC5.
 *
 * Each cipher has a key schedule (setkey) and single-block encrypt/decrypt. Blocks may be
 * processed in place (in == out); other overlaps are not allowed. Functions return VC_OK or a
 * negative VC_ERR_* (common.h) and leave their outputs untouched on error. Key schedules hold
 * secrets: clear them (memset) when done. The modes of operation are in modes.h. */
#ifndef VEXCRYPT_BLOCK_H
#define VEXCRYPT_BLOCK_H

#include "vexcrypt/common.h"

/* DES (FIPS 46-3). 8-byte key (parity bits ignored), 8-byte blocks. Variable time only in the
 * sense that the S-box lookups are table lookups (cache timing on cached cores). */
typedef struct {
  uint32_t sk[32];       /* 16 round subkeys, two words each, in encryption order (laid out
                            for the round function, see des.c) */
} vc_des_key;
int vc_des_setkey(vc_des_key *ks, const uint8_t key[8]);
int vc_des_encrypt(const vc_des_key *ks, const uint8_t in[8], uint8_t out[8]);
int vc_des_decrypt(const vc_des_key *ks, const uint8_t in[8], uint8_t out[8]);

/* Triple DES EDE (SP 800-67): 24-byte key K1|K2|K3, or 16-byte key K1|K2 with K3 = K1.
 * Keys that degenerate to single DES (K1 = K2 or K2 = K3) are accepted. */
typedef struct {
  vc_des_key k[3];
} vc_des3_key;
int vc_des3_setkey(vc_des3_key *ks, const uint8_t *key, size_t keylen);
int vc_des3_encrypt(const vc_des3_key *ks, const uint8_t in[8], uint8_t out[8]);
int vc_des3_decrypt(const vc_des3_key *ks, const uint8_t in[8], uint8_t out[8]);

/* AES (FIPS 197), 16-, 24- or 32-byte keys, 16-byte blocks.
 * aes_tab (vc_aes_tab_*_var): 32-bit T-tables, fast, variable time (table lookups indexed
 * by secret data).
 * aes_ct: bitsliced, constant time (no secret-dependent branches or memory indices).
 * Both variants share the key type but not its contents: a key schedule made by one variant's
 * setkey is refused by the other's encrypt/decrypt (VC_ERR_STATE), as is one never set up. */
typedef struct {
  uint32_t ek[60];       /* encryption round keys: aes_tab 4 words a round (little-endian
                            columns); aes_ct 4 words a round, bitsliced (see aes_ct.c) */
  uint32_t dk[60];       /* decryption round keys: aes_tab equivalent inverse cipher; aes_ct
                            bitsliced, in the order decryption uses them */
  unsigned rounds;       /* 10, 12 or 14 */
  unsigned impl;         /* which setkey filled ek/dk (internal tag) */
} vc_aes_key;
int vc_aes_tab_setkey_var(vc_aes_key *ks, const uint8_t *key, size_t keylen);
int vc_aes_tab_encrypt_var(const vc_aes_key *ks, const uint8_t in[16], uint8_t out[16]);
int vc_aes_tab_decrypt_var(const vc_aes_key *ks, const uint8_t in[16], uint8_t out[16]);
int vc_aes_ct_setkey(vc_aes_key *ks, const uint8_t *key, size_t keylen);        /* constant time */
int vc_aes_ct_encrypt(const vc_aes_key *ks, const uint8_t in[16], uint8_t out[16]);  /* constant time */
int vc_aes_ct_decrypt(const vc_aes_key *ks, const uint8_t in[16], uint8_t out[16]);  /* constant time */

/* RC5-32/r/b (Rivest 1994, RFC 2040): 32-bit words, 8-byte blocks, r = 0..255 rounds
 * (12 is the nominal choice), key of b = 0..255 bytes (key may be NULL when b = 0; more bytes
 * or rounds: VC_ERR_KEYLEN). Data-dependent rotations: variable time on cores with an
 * iterative shifter. */
#define VC_RC5_MAX_ROUNDS 255
typedef struct {
  uint32_t S[2 * VC_RC5_MAX_ROUNDS + 2];
  unsigned rounds;
} vc_rc5_key;
int vc_rc5_setkey(vc_rc5_key *ks, const uint8_t *key, size_t keylen, unsigned rounds);
int vc_rc5_encrypt(const vc_rc5_key *ks, const uint8_t in[8], uint8_t out[8]);
int vc_rc5_decrypt(const vc_rc5_key *ks, const uint8_t in[8], uint8_t out[8]);

#endif
