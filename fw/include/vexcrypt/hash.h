/* vexcrypt hash functions.
 *
 * Streaming API: init, then update any number of times, then final, which writes the digest
 * and invalidates the context (update/final on it return VC_ERR_STATE until the next init).
 * One-shot: vc_<hash>(data, len, out). `data` may be NULL only when `len` is 0. Inputs are
 * public (no secret-dependent timing matters for hashing a public message; all routines
 * here except MD2, whose S-box is indexed by message-dependent bytes, are nonetheless free of
 * data-dependent branches and table lookups). */
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

/* MD2, RFC 1319. Broken and slow (byte-serial): for compatibility only. No length limit. */
#define VC_MD2_DIGEST_LEN 16
#define VC_MD2_BLOCK_LEN 16

typedef struct {
  uint8_t x[48];                  /* state; the digest is x[0..15] */
  uint8_t c[VC_MD2_BLOCK_LEN];    /* running checksum */
  uint8_t buf[VC_MD2_BLOCK_LEN];
  uint32_t used;                  /* bytes in buf, 0..15 */
  uint32_t magic;                 /* set by init, cleared by final */
} vc_md2_ctx;

int vc_md2_init(vc_md2_ctx *ctx);
int vc_md2_update(vc_md2_ctx *ctx, const void *data, size_t len);
int vc_md2_final(vc_md2_ctx *ctx, uint8_t out[VC_MD2_DIGEST_LEN]);
int vc_md2(const void *data, size_t len, uint8_t out[VC_MD2_DIGEST_LEN]);

/* MD4, RFC 1320. Broken: for compatibility only. */
#define VC_MD4_DIGEST_LEN 16
#define VC_MD4_BLOCK_LEN 64

typedef struct {
  uint32_t h[4];
  uint64_t count;       /* bytes hashed so far */
  uint8_t buf[VC_MD4_BLOCK_LEN];
  uint32_t magic;       /* set by init, cleared by final */
} vc_md4_ctx;

int vc_md4_init(vc_md4_ctx *ctx);
int vc_md4_update(vc_md4_ctx *ctx, const void *data, size_t len);
int vc_md4_final(vc_md4_ctx *ctx, uint8_t out[VC_MD4_DIGEST_LEN]);
int vc_md4(const void *data, size_t len, uint8_t out[VC_MD4_DIGEST_LEN]);

/* MD5, RFC 1321. Broken for collision resistance: for compatibility only. */
#define VC_MD5_DIGEST_LEN 16
#define VC_MD5_BLOCK_LEN 64

typedef struct {
  uint32_t h[4];
  uint64_t count;       /* bytes hashed so far */
  uint8_t buf[VC_MD5_BLOCK_LEN];
  uint32_t magic;       /* set by init, cleared by final */
} vc_md5_ctx;

int vc_md5_init(vc_md5_ctx *ctx);
int vc_md5_update(vc_md5_ctx *ctx, const void *data, size_t len);
int vc_md5_final(vc_md5_ctx *ctx, uint8_t out[VC_MD5_DIGEST_LEN]);
int vc_md5(const void *data, size_t len, uint8_t out[VC_MD5_DIGEST_LEN]);

/* SHA-1, FIPS 180-4. Broken for collision resistance: for compatibility only. Messages up to
 * 2^61 - 1 bytes. */
#define VC_SHA1_DIGEST_LEN 20
#define VC_SHA1_BLOCK_LEN 64

typedef struct {
  uint32_t h[5];
  uint64_t count;       /* bytes hashed so far */
  uint8_t buf[VC_SHA1_BLOCK_LEN];
  uint32_t magic;       /* set by init, cleared by final */
} vc_sha1_ctx;

int vc_sha1_init(vc_sha1_ctx *ctx);
int vc_sha1_update(vc_sha1_ctx *ctx, const void *data, size_t len);
int vc_sha1_final(vc_sha1_ctx *ctx, uint8_t out[VC_SHA1_DIGEST_LEN]);
int vc_sha1(const void *data, size_t len, uint8_t out[VC_SHA1_DIGEST_LEN]);

/* Hash classes (hash_class.c): a descriptor per hash for code that takes a hash as a
 * parameter. `ctx` points to ctx_size bytes aligned like the hash's context type. */
typedef struct {
  const char *name;
  size_t digest_len, block_len, ctx_size;
  int (*init)(void *ctx);
  int (*update)(void *ctx, const void *data, size_t len);
  int (*final)(void *ctx, uint8_t *out);
  int (*oneshot)(const void *data, size_t len, uint8_t *out);
} vc_hash_class;

extern const vc_hash_class vc_md2_class, vc_md4_class, vc_md5_class, vc_sha1_class, vc_sha256_class;

#endif
