/* The Merkle-Damgard layer shared by MD4, MD5, SHA-1 and SHA-256 (internal): message
 * buffering, padding with the 64-bit length, and the public init/update/final/one-shot
 * functions, generated per hash from its compression function so the four hashes differ only
 * in what is theirs. */
#ifndef VEXCRYPT_MD_COMMON_H
#define VEXCRYPT_MD_COMMON_H

#include <string.h>

#include "vexcrypt/hash.h"
#include "../internal.h"

#define VC_MD_BLOCK 64

/* The 16 little-endian words of a 64-byte block (MD4, MD5): the block itself when it is
 * aligned on a little-endian machine, else its words assembled into x. */
static inline const uint8_t *vc_md_le_words(const uint8_t *p, uint32_t x[16])
{
  if (vc_aligned4(p, p))
    return p;
  for (int i = 0; i < 16; i++)
    x[i] = vc_ld32le(p + 4 * i, 0);
  return (const uint8_t *)x;
}

typedef void (*vc_md_compress)(uint32_t *st, const uint8_t *p, size_t nblocks);

/* Adds len bytes (len > 0) to the state, buffering the partial block in buf. */
void vc_md_absorb(uint32_t *st, uint64_t *count, uint8_t *buf, const uint8_t *p, size_t len,
                  vc_md_compress f);
/* Pads with 0x80, zeros and the bit length (big-endian for SHA, little-endian for MD), then
 * writes the nwords state words to out in the same byte order. */
void vc_md_finish(uint32_t *st, uint64_t count, uint8_t *buf, int big_endian, size_t nwords, uint8_t *out,
                  vc_md_compress f);

/* The public API of hash `name` (vc_name_ctx with fields h, count, buf, magic). */
#define VC_MD_DEFINE(name, NAME, H0, big_endian, magic_value)                                   \
  int vc_##name##_init(vc_##name##_ctx *ctx)                                                    \
  {                                                                                             \
    if (!ctx)                                                                                   \
      return VC_ERR_NULL;                                                                       \
    memcpy(ctx->h, H0, sizeof(ctx->h));                                                         \
    ctx->count = 0;                                                                             \
    ctx->magic = magic_value;                                                                   \
    return VC_OK;                                                                               \
  }                                                                                             \
  int vc_##name##_update(vc_##name##_ctx *ctx, const void *data, size_t len)                    \
  {                                                                                             \
    if (!ctx || (!data && len))                                                                 \
      return VC_ERR_NULL;                                                                       \
    if (ctx->magic != magic_value)                                                              \
      return VC_ERR_STATE;                                                                      \
    if (len)                                                                                    \
      vc_md_absorb(ctx->h, &ctx->count, ctx->buf, data, len, name##_blocks);                    \
    return VC_OK;                                                                               \
  }                                                                                             \
  int vc_##name##_final(vc_##name##_ctx *ctx, uint8_t out[VC_##NAME##_DIGEST_LEN])              \
  {                                                                                             \
    if (!ctx || !out)                                                                           \
      return VC_ERR_NULL;                                                                       \
    if (ctx->magic != magic_value)                                                              \
      return VC_ERR_STATE;                                                                      \
    vc_md_finish(ctx->h, ctx->count, ctx->buf, big_endian, VC_##NAME##_DIGEST_LEN / 4, out,     \
                 name##_blocks);                                                                \
    memset(ctx, 0, sizeof(*ctx));                                                               \
    return VC_OK;                                                                               \
  }                                                                                             \
  int vc_##name(const void *data, size_t len, uint8_t out[VC_##NAME##_DIGEST_LEN])              \
  {                                                                                             \
    vc_##name##_ctx ctx;                                                                        \
    int err;                                                                                    \
    if (!out || (!data && len))                                                                 \
      return VC_ERR_NULL;                                                                       \
    if ((err = vc_##name##_init(&ctx)) || (err = vc_##name##_update(&ctx, data, len)))          \
      return err;                                                                               \
    return vc_##name##_final(&ctx, out);                                                        \
  }

#endif
