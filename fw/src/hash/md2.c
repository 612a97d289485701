/* MD2 (RFC 1319, with its errata: the checksum byte is C[j] ^= S[M[j] ^ L]).
 *
 * MD2 is byte-serial: each of the 18 x 48 state updates needs the previous one's S-box output,
 * so there is no word-level parallelism to exploit. The state lives in memory as bytes and the
 * inner loop is unrolled by 16, leaving about five instructions per state byte. Unlike the other
 * hashes here, the S-box lookups are indexed by message-dependent data. */
#include <string.h>

#include "../internal.h"
#include "vexcrypt/hash.h"

#define MD2_MAGIC 0x4d443221u

/* The permutation of 0..255 built from the digits of pi (RFC 1319, section 3.2). */
static VC_LUT(hash) const uint8_t S[256] = {
  41, 46, 67, 201, 162, 216, 124, 1, 61, 54, 84, 161, 236, 240, 6, 19,
  98, 167, 5, 243, 192, 199, 115, 140, 152, 147, 43, 217, 188, 76, 130, 202,
  30, 155, 87, 60, 253, 212, 224, 22, 103, 66, 111, 24, 138, 23, 229, 18,
  190, 78, 196, 214, 218, 158, 222, 73, 160, 251, 245, 142, 187, 47, 238, 122,
  169, 104, 121, 145, 21, 178, 7, 63, 148, 194, 16, 137, 11, 34, 95, 33,
  128, 127, 93, 154, 90, 144, 50, 39, 53, 62, 204, 231, 191, 247, 151, 3,
  255, 25, 48, 179, 72, 165, 181, 209, 215, 94, 146, 42, 172, 86, 170, 198,
  79, 184, 56, 210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4, 241,
  69, 157, 112, 89, 100, 113, 135, 32, 134, 91, 207, 101, 230, 45, 168, 2,
  27, 96, 37, 173, 174, 176, 185, 246, 28, 70, 97, 105, 52, 64, 126, 15,
  85, 71, 163, 35, 221, 81, 175, 58, 195, 92, 249, 206, 186, 197, 234, 38,
  44, 83, 13, 110, 133, 40, 132, 9, 211, 223, 205, 244, 65, 129, 77, 82,
  106, 220, 55, 200, 108, 193, 171, 250, 36, 225, 123, 8, 12, 189, 177, 74,
  120, 136, 149, 139, 227, 99, 232, 109, 233, 203, 213, 254, 59, 0, 29, 57,
  242, 239, 183, 14, 102, 88, 208, 228, 166, 119, 114, 248, 235, 117, 75, 10,
  49, 68, 80, 180, 143, 237, 31, 26, 219, 153, 141, 51, 159, 17, 131, 20,
};

#define MIX(i) t = q[i] ^= S[t]

/* The state transform of one 16-byte block m (also used for the final checksum block). */
static void md2_compress(uint8_t x[48], const uint8_t *m)
{
  for (int j = 0; j < 16; j++) {
    x[16 + j] = m[j];
    x[32 + j] = (uint8_t)(m[j] ^ x[j]);
  }
  unsigned t = 0;
  for (unsigned r = 0; r < 18; r++) {
    for (uint8_t *q = x; q < x + 48; q += 16) {
      MIX(0); MIX(1); MIX(2); MIX(3); MIX(4); MIX(5); MIX(6); MIX(7);
      MIX(8); MIX(9); MIX(10); MIX(11); MIX(12); MIX(13); MIX(14); MIX(15);
    }
    t = (t + r) & 0xff;
  }
}

/* One message block: checksum update, then the transform. L, the last checksum byte written,
 * is c[15] from the previous block (0 at the start, as c is). */
static void md2_block(vc_md2_ctx *ctx, const uint8_t *m)
{
  unsigned l = ctx->c[15];
  for (int j = 0; j < 16; j++)
    l = ctx->c[j] ^= S[m[j] ^ l];
  md2_compress(ctx->x, m);
}

int vc_md2_init(vc_md2_ctx *ctx)
{
  if (!ctx)
    return VC_ERR_NULL;
  memset(ctx->x, 0, sizeof(ctx->x));
  memset(ctx->c, 0, sizeof(ctx->c));
  ctx->used = 0;
  ctx->magic = MD2_MAGIC;
  return VC_OK;
}

int vc_md2_update(vc_md2_ctx *ctx, const void *data, size_t len)
{
  const uint8_t *p = data;
  if (!ctx || (!data && len))
    return VC_ERR_NULL;
  if (ctx->magic != MD2_MAGIC)
    return VC_ERR_STATE;
  if (!len)             /* data may be NULL: no memcpy from it, even of 0 bytes */
    return VC_OK;
  size_t used = ctx->used;
  if (used) {
    size_t take = VC_MD2_BLOCK_LEN - used;
    if (take > len)
      take = len;
    memcpy(ctx->buf + used, p, take);
    p += take;
    len -= take;
    if (used + take < VC_MD2_BLOCK_LEN) {
      ctx->used = (uint32_t)(used + take);
      return VC_OK;
    }
    md2_block(ctx, ctx->buf);
  }
  for (; len >= VC_MD2_BLOCK_LEN; len -= VC_MD2_BLOCK_LEN, p += VC_MD2_BLOCK_LEN)
    md2_block(ctx, p);
  memcpy(ctx->buf, p, len);
  ctx->used = (uint32_t)len;
  return VC_OK;
}

int vc_md2_final(vc_md2_ctx *ctx, uint8_t out[VC_MD2_DIGEST_LEN])
{
  if (!ctx || !out)
    return VC_ERR_NULL;
  if (ctx->magic != MD2_MAGIC)
    return VC_ERR_STATE;
  /* Pad with n bytes of value n, 1 <= n <= 16, then hash the checksum as a last block. */
  size_t n = VC_MD2_BLOCK_LEN - ctx->used;
  memset(ctx->buf + ctx->used, (int)n, n);
  md2_block(ctx, ctx->buf);
  md2_compress(ctx->x, ctx->c);
  memcpy(out, ctx->x, VC_MD2_DIGEST_LEN);
  memset(ctx, 0, sizeof(*ctx));
  return VC_OK;
}

int vc_md2(const void *data, size_t len, uint8_t out[VC_MD2_DIGEST_LEN])
{
  vc_md2_ctx ctx;
  int err;
  if (!out || (!data && len))
    return VC_ERR_NULL;
  if ((err = vc_md2_init(&ctx)) || (err = vc_md2_update(&ctx, data, len)))
    return err;
  return vc_md2_final(&ctx, out);
}
