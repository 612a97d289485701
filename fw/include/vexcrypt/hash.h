/* vexcrypt hash functions.
 *
 * Streaming API: init, then update any number of times, then final, which writes the digest
 * and invalidates the context (update/final on it return VC_ERR_STATE until the next init).
 * One-shot: vc_<hash>(data, len, out). `data` may be NULL only when `len` is 0. Inputs are
 * public (no secret-dependent timing matters for hashing a public message; all routines
 * here are nonetheless free of data-dependent branches and table lookups). */
#ifndef VEXCRYPT_HASH_H
#define VEXCRYPT_HASH_H

#include "vexcrypt/common.h"

/* SHA-256, FIPS 180-4. Messages up to 2^61 - 1 bytes. */
#define VC_SHA256_DIGEST_LEN 32
#define VC_SHA256_BLOCK_LEN 64

typedef struct {
  uint32_t h[8];
  uint64_t count;       /* bytes hashed so far */
  uint8_t buf[VC_SHA256_BLOCK_LEN];
  uint32_t magic;       /* set by init, cleared by final */
} vc_sha256_ctx;

int vc_sha256_init(vc_sha256_ctx *ctx);
int vc_sha256_update(vc_sha256_ctx *ctx, const void *data, size_t len);
int vc_sha256_final(vc_sha256_ctx *ctx, uint8_t out[VC_SHA256_DIGEST_LEN]);
int vc_sha256(const void *data, size_t len, uint8_t out[VC_SHA256_DIGEST_LEN]);

#endif
