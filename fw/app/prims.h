/* The primitives the application exposes (oracle, self-tests, benchmarks), as tables. Adding a
 * primitive to the firmware is adding it to one of these tables. */
#ifndef VEXCRYPT_APP_PRIMS_H
#define VEXCRYPT_APP_PRIMS_H

#include "vexcrypt/gcm.h"
#include "vexcrypt/gf2m.h"
#include "vexcrypt/hash.h"
#include "vexcrypt/modes.h"
#include "vexcrypt/stream.h"

/* Hashes: the library's hash classes. */
extern const vc_hash_class *const app_hashes[];
extern const size_t app_nhashes;
const vc_hash_class *app_find_hash(const char *name, size_t len);

/* Block ciphers: a mode-agnostic descriptor plus a setkey taking every cipher's parameters
 * (`rounds` is RC5's round count and ignored by the others). */
union app_block_key {
  vc_des_key des;
  vc_des3_key des3;
  vc_aes_key aes;
  vc_rc5_key rc5;
};
struct app_block {
  const char *name;
  const vc_block_cipher *bc;
  int (*setkey)(union app_block_key *ks, const uint8_t *key, size_t keylen, unsigned rounds);
};
extern const struct app_block app_blocks[];
extern const size_t app_nblocks;
const struct app_block *app_find_block(const char *name, size_t len);

/* Stream ciphers; `n` is SEAL's position and ignored by the others. */
union app_stream_ctx {
  vc_rc4_ctx rc4;
  vc_seal_ctx seal;
};
struct app_stream {
  const char *name;
  int (*setkey)(union app_stream_ctx *ctx, const uint8_t *key, size_t keylen);
  int (*crypt)(union app_stream_ctx *ctx, uint32_t n, const uint8_t *in, uint8_t *out, size_t len);
};
extern const struct app_stream app_streams[];
extern const size_t app_nstreams;
const struct app_stream *app_find_stream(const char *name, size_t len);

/* The timed calls the benchmarks and the oracle share, so a primitive is measured on the same
 * code, contexts, buffers and (through plat_call) stack addresses wherever it is measured:
 * these decide the data-cache sets, which move a figure by up to 25 % otherwise.
 *
 * A block-cipher call: with `pad`, encryption pads `in` (capacity APP_BENCH_MAX) before the
 * mode and decryption checks and removes the padding after it; `len` is the input length and
 * becomes the output's. The IV is copied, so every run does the same work. The key schedule
 * is app_ks. */
struct app_block_call {
  const struct app_block *b;
  int mode, dec, pad;
  uint8_t *in, *out;
  size_t len;
  uint8_t iv[VC_MAX_BLOCK_LEN];
};
extern union app_block_key app_ks;
int app_block_run(void *call);            /* struct app_block_call *; returns a VC_ERR_* */
/* A hash call: the digest of len bytes of in. */
struct app_hash_call {
  const vc_hash_class *h;
  const uint8_t *in;
  size_t len;
  uint8_t md[64];
};
int app_hash_run(void *call);             /* struct app_hash_call * */
/* A stream-cipher call: the keystream at position n XORed over len bytes of in into out, with
 * the state app_sctx. */
struct app_stream_call {
  const struct app_stream *s;
  uint32_t n;
  const uint8_t *in;
  uint8_t *out;
  size_t len;
};
extern union app_stream_ctx app_sctx;
int app_stream_run(void *call);           /* struct app_stream_call * */

/* A GCM call: seal (tag written, taglen bytes) or open (dec: tag checked) under app_gcm, which
 * app_gcm_setkey sets up over app_ks. */
struct app_gcm_call {
  int dec;
  const uint8_t *iv, *aad, *in;
  uint8_t *out;
  size_t ivlen, aadlen, len, taglen;
  uint8_t tag[VC_GCM_TAG_LEN];
};
extern vc_gcm_ctx app_gcm;
int app_gcm_setkey(const struct app_block *b, const uint8_t *key, size_t keylen);
int app_gcm_run(void *call);              /* struct app_gcm_call * */

/* Mode names "ecb", "cbc", "ctr" to 0, 1, 2; -1 when unknown. */
int app_mode(const char *name, size_t len);
/* Runs a mode over len bytes (whole blocks for ECB/CBC); iv is updated. */
int app_mode_crypt(const struct app_block *b, int mode, int decrypt, const union app_block_key *ks,
                   uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len);

/* The binary curves' algorithm sets by vc_ec_set, as requests and records name them. */
extern const char *const app_ec_sets[VC_EC_NSETS];

#endif
