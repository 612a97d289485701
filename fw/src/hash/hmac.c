/* HMAC (RFC 2104) over any hash class: H((K ^ opad) || H((K ^ ipad) || m)).
 *
 * The context holds the inner and the outer hash after they have absorbed K ^ ipad and K ^ opad,
 * so a copy of it made before any data hashes under the key at no further cost. A context is
 * live while ctx->h is set: final wipes the whole context (key material included). */
#include <string.h>

#include "vexcrypt/drbg.h"

int vc_hmac_init(vc_hmac_ctx *ctx, const vc_hash_class *h, const uint8_t *key, size_t keylen)
{
  uint8_t kb[VC_HMAC_MAX_BLOCK];
  int err;
  if (!ctx || !h || (!key && keylen))
    return VC_ERR_NULL;
  /* A hashed key must fit a block, and the hash its slot in the context. */
  if (h->block_len > VC_HMAC_MAX_BLOCK || h->digest_len > VC_HMAC_MAX_DIGEST ||
      h->digest_len > h->block_len || h->ctx_size > sizeof(ctx->inner))
    return VC_ERR_PARAM;
  memset(kb, 0, sizeof(kb));
  err = keylen > h->block_len ? h->oneshot(key, keylen, kb) : VC_OK;
  if (!err && keylen <= h->block_len && keylen)
    memcpy(kb, key, keylen);
  for (size_t i = 0; i < h->block_len; i++)
    kb[i] ^= 0x36;
  if (!err && !(err = h->init(&ctx->inner)) && !(err = h->update(&ctx->inner, kb, h->block_len))) {
    for (size_t i = 0; i < h->block_len; i++)
      kb[i] ^= 0x36 ^ 0x5c;
    if (!(err = h->init(&ctx->outer)) && !(err = h->update(&ctx->outer, kb, h->block_len)))
      ctx->h = h;
  }
  memset(kb, 0, sizeof(kb));                 /* key material, on every exit */
  return err;
}

int vc_hmac_update(vc_hmac_ctx *ctx, const void *data, size_t len)
{
  if (!ctx || (!data && len))
    return VC_ERR_NULL;
  if (!ctx->h)
    return VC_ERR_STATE;
  return ctx->h->update(&ctx->inner, data, len);
}

int vc_hmac_final(vc_hmac_ctx *ctx, uint8_t *out)
{
  uint8_t ih[VC_HMAC_MAX_DIGEST];
  int err;
  if (!ctx || !out)
    return VC_ERR_NULL;
  if (!ctx->h)
    return VC_ERR_STATE;
  const vc_hash_class *h = ctx->h;
  if ((err = h->final(&ctx->inner, ih)) || (err = h->update(&ctx->outer, ih, h->digest_len)) ||
      (err = h->final(&ctx->outer, out)))
    return err;
  memset(ctx, 0, sizeof(*ctx));
  return VC_OK;
}

int vc_hmac(const vc_hash_class *h, const uint8_t *key, size_t keylen, const void *data,
            size_t len, uint8_t *out)
{
  vc_hmac_ctx ctx;
  int err;
  if (!h || !out || (!key && keylen) || (!data && len))
    return VC_ERR_NULL;
  if ((err = vc_hmac_init(&ctx, h, key, keylen)) || (err = vc_hmac_update(&ctx, data, len)))
    return err;
  return vc_hmac_final(&ctx, out);
}
