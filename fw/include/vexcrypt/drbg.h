/* vexcrypt HMAC (RFC 2104) over any hash class, and the deterministic random generator the
 * firmware uses for keys, nonces and padding.
 *
 * NOT FOR PRODUCTION KEYS. vc_drbg is HMAC_DRBG (NIST SP 800-90A, SHA-256, no reseed and no
 * prediction resistance) seeded by the caller: on the SoC the seed is fixed per run so that
 * every key, signature and benchmark is reproducible. A device that needs real keys must seed
 * it from a true entropy source, which this platform does not have. */
#ifndef VEXCRYPT_DRBG_H
#define VEXCRYPT_DRBG_H

#include "vexcrypt/hash.h"

#define VC_HMAC_MAX_BLOCK 64
#define VC_HMAC_MAX_DIGEST 32

/* Context big enough for any hash class of hash.h. */
typedef union {
  vc_md5_ctx md5;
  vc_sha1_ctx sha1;
  vc_sha256_ctx sha256;
  vc_md2_ctx md2;
  vc_md4_ctx md4;
} vc_hmac_hash;
typedef struct {
  const vc_hash_class *h;
  vc_hmac_hash inner, outer;       /* after absorbing K ^ ipad and K ^ opad */
} vc_hmac_ctx;

/* key may be NULL only when keylen is 0. VC_ERR_NULL for a NULL class or context,
 * VC_ERR_PARAM for a hash class larger than the context holds; final wipes the context and later
 * update/final calls give VC_ERR_STATE. A copy of a context made after init and before update
 * is a keyed context: each copy computes one HMAC under that key without hashing it again (RFC
 * 6979's steps reuse their keys so). */
int vc_hmac_init(vc_hmac_ctx *ctx, const vc_hash_class *h, const uint8_t *key, size_t keylen);
int vc_hmac_update(vc_hmac_ctx *ctx, const void *data, size_t len);
int vc_hmac_final(vc_hmac_ctx *ctx, uint8_t *out);   /* h->digest_len bytes */
int vc_hmac(const vc_hash_class *h, const uint8_t *key, size_t keylen, const void *data,
            size_t len, uint8_t *out);

/* HMAC_DRBG with SHA-256. init: Instantiate with seed = entropy || nonce || personalization
 * given as one string (any length, may be empty). generate: up to 65536 bytes per call
 * (VC_ERR_LENGTH beyond), no additional input. */
typedef struct {
  uint8_t k[32], v[32];
  uint32_t magic;
} vc_drbg;
int vc_drbg_init(vc_drbg *d, const uint8_t *seed, size_t len);
int vc_drbg_generate(vc_drbg *d, uint8_t *out, size_t len);

#endif
