/* MD4 (RFC 1320).
 *
 * Each of the three rounds is a loop over groups of four steps, which rename a, b, c, d instead
 * of moving them (about 0.8 KiB of RV32 code). Every group reads four message words at fixed
 * distances from its base, so no index arithmetic is needed. On a little-endian machine an
 * aligned block is read in place as words, other blocks are assembled byte by byte first. */
#include <string.h>

#include "vexcrypt/hash.h"

#define MD4_MAGIC 0x4d443421u

static const uint32_t H0[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };

#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define H(x, y, z) ((x) ^ (y) ^ (z))

#define STEP(f, a, b, c, d, m, k, s) do {   \
    a += f(b, c, d) + (m) + (k);            \
    a = ROTL(a, s);                         \
  } while (0)

/* Message word at byte offset `off` of the block (m is 4-byte aligned). Reading the caller's
 * bytes as uint32_t bends C's effective-type rule; it is safe in practice because those bytes
 * are only ever written by char-typed stores (memcpy, memset, byte stores), which alias all. */
#define M(off) (*(const uint32_t *)(const void *)(m + (off)))

/* Four steps reading the words at byte offsets o + d0..d3, with round constant k and shifts
 * s0..s3; the rename brings a, b, c, d back. */
#define GROUP(f, k, d0, d1, d2, d3, s0, s1, s2, s3) do {  \
    STEP(f, a, b, c, d, M(o + (d0)), k, s0);              \
    STEP(f, d, a, b, c, M(o + (d1)), k, s1);              \
    STEP(f, c, d, a, b, M(o + (d2)), k, s2);              \
    STEP(f, b, c, d, a, M(o + (d3)), k, s3);              \
  } while (0)

static inline uint32_t load_le32(const uint8_t *p)
{
  return p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline void store_le32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

static void md4_blocks(uint32_t st[4], const uint8_t *p, size_t nblocks)
{
  uint32_t x[16];
  for (; nblocks--; p += VC_MD4_BLOCK_LEN) {
    const uint8_t *m = (const uint8_t *)x;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (((uintptr_t)p & 3) == 0)
      m = p;
    else
#endif
      for (int i = 0; i < 16; i++)
        x[i] = load_le32(p + 4 * i);
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
    unsigned o;
    /* Round 1 reads words 0..15 in order, round 2 by columns (0, 4, 8, 12, 1, 5, ...), round 3
     * in the order 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 (o is a byte offset). */
    for (o = 0; o < 64; o += 16)
      GROUP(F, 0, 0, 4, 8, 12, 3, 7, 11, 19);
    for (o = 0; o < 16; o += 4)
      GROUP(G, 0x5a827999u, 0, 16, 32, 48, 3, 5, 9, 13);
    for (unsigned q = 0; q < 8; q += 4)
      for (unsigned r = 0; r < 16; r += 8) {
        o = q + r;
        GROUP(H, 0x6ed9eba1u, 0, 32, 16, 48, 3, 9, 11, 15);
      }
    st[0] += a; st[1] += b; st[2] += c; st[3] += d;
  }
}

int vc_md4_init(vc_md4_ctx *ctx)
{
  if (!ctx)
    return VC_ERR_NULL;
  memcpy(ctx->h, H0, sizeof(H0));
  ctx->count = 0;
  ctx->magic = MD4_MAGIC;
  return VC_OK;
}

int vc_md4_update(vc_md4_ctx *ctx, const void *data, size_t len)
{
  const uint8_t *p = data;
  if (!ctx || (!data && len))
    return VC_ERR_NULL;
  if (ctx->magic != MD4_MAGIC)
    return VC_ERR_STATE;
  if (!len)             /* data may be NULL: no memcpy from it, even of 0 bytes */
    return VC_OK;
  size_t used = (size_t)(ctx->count % VC_MD4_BLOCK_LEN);
  ctx->count += len;
  if (used) {
    size_t take = VC_MD4_BLOCK_LEN - used;
    if (take > len)
      take = len;
    memcpy(ctx->buf + used, p, take);
    p += take;
    len -= take;
    if (used + take < VC_MD4_BLOCK_LEN)
      return VC_OK;
    md4_blocks(ctx->h, ctx->buf, 1);
  }
  md4_blocks(ctx->h, p, len / VC_MD4_BLOCK_LEN);
  p += len & ~(size_t)(VC_MD4_BLOCK_LEN - 1);
  memcpy(ctx->buf, p, len % VC_MD4_BLOCK_LEN);
  return VC_OK;
}

int vc_md4_final(vc_md4_ctx *ctx, uint8_t out[VC_MD4_DIGEST_LEN])
{
  if (!ctx || !out)
    return VC_ERR_NULL;
  if (ctx->magic != MD4_MAGIC)
    return VC_ERR_STATE;
  size_t used = (size_t)(ctx->count % VC_MD4_BLOCK_LEN);
  uint64_t bits = ctx->count << 3;
  ctx->buf[used++] = 0x80;
  if (used > VC_MD4_BLOCK_LEN - 8) {
    memset(ctx->buf + used, 0, VC_MD4_BLOCK_LEN - used);
    md4_blocks(ctx->h, ctx->buf, 1);
    used = 0;
  }
  memset(ctx->buf + used, 0, VC_MD4_BLOCK_LEN - 8 - used);
  store_le32(ctx->buf + 56, (uint32_t)bits);
  store_le32(ctx->buf + 60, (uint32_t)(bits >> 32));
  md4_blocks(ctx->h, ctx->buf, 1);
  for (int i = 0; i < 4; i++)
    store_le32(out + 4 * i, ctx->h[i]);
  memset(ctx, 0, sizeof(*ctx));
  return VC_OK;
}

int vc_md4(const void *data, size_t len, uint8_t out[VC_MD4_DIGEST_LEN])
{
  vc_md4_ctx ctx;
  int err;
  if (!out || (!data && len))
    return VC_ERR_NULL;
  if ((err = vc_md4_init(&ctx)) || (err = vc_md4_update(&ctx, data, len)))
    return err;
  return vc_md4_final(&ctx, out);
}
