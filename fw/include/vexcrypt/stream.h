/* vexcrypt stream ciphers: RC4, SEAL 3.0. (SSC2, the third stream cipher of seed 000, is not
 * here: its specification, the FSE 2000 paper, could not be obtained; see README.md.)
 *
 * A context is keyed with setkey, then crypt XORs the keystream onto `len` bytes of input
 * (encryption and decryption are the same operation). in == out is allowed; other overlaps
 * are not. Functions return VC_OK or a negative VC_ERR_* (common.h). */
#ifndef VEXCRYPT_STREAM_H
#define VEXCRYPT_STREAM_H

#include "vexcrypt/common.h"

/* RC4 / ARC4: key of 1..256 bytes; successive crypt calls continue the keystream. */
typedef struct {
  uint8_t S[256];
  uint8_t i, j;
  uint32_t magic;
} vc_rc4_ctx;
int vc_rc4_setkey(vc_rc4_ctx *ctx, const uint8_t *key, size_t keylen);
int vc_rc4_crypt(vc_rc4_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);

/* SEAL 3.0 (Rogaway and Coppersmith, J. Cryptology 1998): 160-bit key, 32-bit position n.
 * vc_seal_crypt XORs the keystream SEAL(a, n) from its start onto the input; at most
 * VC_SEAL_MAX_LEN bytes per position (the output length L of the specification, in bytes:
 * the paper allows L up to 64 KiB). Keystream words are serialised big-endian (the paper's
 * bit string; Crypto++'s "SEAL-3.0-BE"). The context is read-only after setkey, so one
 * keyed context serves any number of positions. T, S, R are the tables of the paper; R holds
 * 4 words per KiB of VC_SEAL_MAX_LEN (4 * ceil(L / 8192) words for L bits), and a shorter
 * output is a prefix of the longest one. The context is 4 KiB + 4 bytes. */
#define VC_SEAL_MAX_LEN 65536
#define VC_SEAL_R_WORDS (4 * ((VC_SEAL_MAX_LEN + 1023) / 1024))
typedef struct {
  uint32_t T[512], S[256], R[VC_SEAL_R_WORDS];
  uint32_t magic;
} vc_seal_ctx;
int vc_seal_setkey(vc_seal_ctx *ctx, const uint8_t key[20]);
int vc_seal_crypt(const vc_seal_ctx *ctx, uint32_t n, const uint8_t *in, uint8_t *out, size_t len);

#endif
