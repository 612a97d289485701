/* SEAL 3.0 (Rogaway and Coppersmith, "A software-optimized encryption algorithm",
 * J. Cryptology 11(4), 1998).
 *
 * Key setup fills T (512 words), S (256) and R (4 per KiB of output) with
 * Gamma_a(i) = word i mod 5 of G_a(i div 5), where G_a(x) is the SHA-1 compression function
 * with the key as chaining value and the 512-bit block x || 0^480. A position n then expands
 * into up to VC_SEAL_MAX_LEN bytes: per KiB l, Initialize(n, l) and 64 iterations of eight
 * table rounds, each emitting four words. Words are emitted big-endian (the paper's bit
 * string y, most significant bit first; Crypto++ calls this SEAL-3.0-BE).
 *
 * Since R[k] does not depend on L, the output for any L is a prefix of the output for the
 * largest L: R is built once for VC_SEAL_MAX_LEN and serves every shorter length.
 *
 * RV32IM has no rotate, so each of the eight rotations per iteration costs three
 * instructions; table offsets are kept as byte offsets (the 0x7fc masks) so a lookup is
 * and + add + lw, with no shift. */
#include <string.h>

#include "vexcrypt/stream.h"
#include "../internal.h"

#define SEAL_MAGIC 0x5345414cu   /* "SEAL" */

#define ROTR9(x) vc_rotr32(x, 9)

/* G_a(x): the SHA-1 compression of the block x || 0^480 from chaining value a (FIPS 180-4
 * 6.1.2, one block, with the final addition). Key setup only, so written for size. */
static void sha1_g(uint32_t out[5], const uint32_t a[5], uint32_t x)
{
  uint32_t W[16] = { x };
  uint32_t v[5];
  memcpy(v, a, sizeof(v));
  for (int t = 0; t < 80; t++) {
    uint32_t w, f, k;
    if (t < 16) {
      w = W[t];
    } else {
      w = W[(t - 3) & 15] ^ W[(t - 8) & 15] ^ W[(t - 14) & 15] ^ W[t & 15];
      w = vc_rotl32(w, 1);
      W[t & 15] = w;
    }
    if (t < 20) {
      f = v[3] ^ (v[1] & (v[2] ^ v[3]));
      k = 0x5a827999;
    } else if (t < 40) {
      f = v[1] ^ v[2] ^ v[3];
      k = 0x6ed9eba1;
    } else if (t < 60) {
      f = (v[1] & v[2]) | (v[3] & (v[1] | v[2]));
      k = 0x8f1bbcdc;
    } else {
      f = v[1] ^ v[2] ^ v[3];
      k = 0xca62c1d6;
    }
    uint32_t tmp = vc_rotl32(v[0], 5) + f + v[4] + k + w;
    v[4] = v[3];
    v[3] = v[2];
    v[2] = vc_rotl32(v[1], 30);
    v[1] = v[0];
    v[0] = tmp;
  }
  for (int i = 0; i < 5; i++)
    out[i] = a[i] + v[i];
}

/* dst[k] = Gamma_a(base + k) for k < n. */
static void gamma_fill(uint32_t *dst, const uint32_t a[5], uint32_t base, unsigned n)
{
  uint32_t H[5];
  uint32_t blk = base / 5;
  unsigned r = base % 5;
  sha1_g(H, a, blk);
  for (unsigned k = 0; k < n; k++) {
    if (r == 5) {
      r = 0;
      sha1_g(H, a, ++blk);
    }
    dst[k] = H[r++];
  }
}

int vc_seal_setkey(vc_seal_ctx *ctx, const uint8_t key[20])
{
  if (!ctx || !key)
    return VC_ERR_NULL;
  uint32_t a[5];
  for (int i = 0; i < 5; i++)
    a[i] = vc_ld32be(key + 4 * i);
  gamma_fill(ctx->T, a, 0, 512);
  gamma_fill(ctx->S, a, 0x1000, 256);
  gamma_fill(ctx->R, a, 0x2000, VC_SEAL_R_WORDS);
  ctx->magic = SEAL_MAGIC;
  return VC_OK;
}

/* T by byte offset: p is already a multiple of 4 below 2048. */
#define TB(p) (*(const uint32_t *)((const uint8_t *)T + (p)))

#if VC_WORD_ACCESS
#define SEAL_WORDS 1
/* Big-endian keystream word as it lies in memory when loaded little-endian (no Zbb: 8 ops,
 * fewer than four byte loads, XORs and stores). */
static inline uint32_t bswap32(uint32_t x)
{
  x = (x << 16) | (x >> 16);
  return ((x & 0x00ff00ffu) << 8) | ((x >> 8) & 0x00ff00ffu);
}
#else
#define SEAL_WORDS 0
#endif

/* One iteration of the inner loop: eight table rounds on A..D, with P and Q as byte offsets. */
#define ROUNDS() do {                                                   \
    p = A & 0x7fc; B += TB(p); A = ROTR9(A); B ^= A;                    \
    q = B & 0x7fc; C ^= TB(q); B = ROTR9(B); C += B;                    \
    p = (p + C) & 0x7fc; D += TB(p); C = ROTR9(C); D ^= C;              \
    q = (q + D) & 0x7fc; A ^= TB(q); D = ROTR9(D); A += D;              \
    p = (p + A) & 0x7fc; B ^= TB(p); A = ROTR9(A);                      \
    q = (q + B) & 0x7fc; C += TB(q); B = ROTR9(B);                      \
    p = (p + C) & 0x7fc; D ^= TB(p); C = ROTR9(C);                      \
    q = (q + D) & 0x7fc; A += TB(q); D = ROTR9(D);                      \
  } while (0)

/* Emits y = B+S[4i] || C^S[4i+1] || D+S[4i+2] || A^S[4i+3] onto the data. */
#if SEAL_WORDS
#define XOR_WORD(o, i, y) do {                                          \
    uint32_t w_;                                                        \
    w_ = vc_ld32le(i, 1);                                        \
    w_ ^= bswap32(y);                                                   \
    vc_st32le(o, w_, 1);                                        \
  } while (0)
#else
#define XOR_WORD(o, i, y) do { } while (0)
#endif
/* Whole words while len >= lim: lim is 16 when in and out are 4-byte aligned on a
 * little-endian machine, SIZE_MAX (never reached) otherwise. The byte path takes the rest:
 * unaligned data and the last, partial 16 bytes. */
#define OUTPUT(S) do {                                                  \
    uint32_t y0 = B + (S)[0], y1 = C ^ (S)[1];                          \
    uint32_t y2 = D + (S)[2], y3 = A ^ (S)[3];                          \
    if (len >= lim) {                                                   \
      XOR_WORD(out, in, y0);                                            \
      XOR_WORD(out + 4, in + 4, y1);                                    \
      XOR_WORD(out + 8, in + 8, y2);                                    \
      XOR_WORD(out + 12, in + 12, y3);                                  \
      in += 16;                                                         \
      out += 16;                                                        \
      len -= 16;                                                        \
    } else {                                                            \
      const uint32_t y_[4] = { y0, y1, y2, y3 };                        \
      size_t n_ = len < 16 ? len : 16;                                  \
      for (size_t b_ = 0; b_ < n_; b_++)                                \
        out[b_] = in[b_] ^ (uint8_t)(y_[b_ >> 2] >> (24 - 8 * (b_ & 3))); \
      in += n_;                                                         \
      out += n_;                                                        \
      len -= n_;                                                        \
    }                                                                   \
  } while (0)

int vc_seal_crypt(const vc_seal_ctx *ctx, uint32_t n, const uint8_t *in, uint8_t *out, size_t len)
{
  if (!ctx || ((!in || !out) && len))
    return VC_ERR_NULL;
  if (ctx->magic != SEAL_MAGIC)
    return VC_ERR_STATE;
  if (len > VC_SEAL_MAX_LEN)
    return VC_ERR_LENGTH;
  if (len && vc_overlap(in, out, len))
    return VC_ERR_OVERLAP;
  const uint32_t *T = ctx->T;
  const uint32_t *R = ctx->R;
  const size_t lim = SEAL_WORDS && (((uintptr_t)in | (uintptr_t)out) & 3) == 0 ? 16 : (size_t)-1;
  uint32_t p, q;

  for (; len; R += 4) {
    /* Initialize(n, l): registers from n and R[4l..4l+3]; n1..n4 are taken after two passes
     * of four rounds, and a third pass gives the starting A..D. */
    uint32_t A = n ^ R[0];
    uint32_t B = vc_rotr32(n, 8) ^ R[1];
    uint32_t C = vc_rotr32(n, 16) ^ R[2];
    uint32_t D = vc_rotr32(n, 24) ^ R[3];
    uint32_t n1 = 0, n2 = 0, n3 = 0, n4 = 0;
    for (int pass = 0; pass < 3; pass++) {
      if (pass == 2) {
        n1 = D;
        n2 = B;
        n3 = A;
        n4 = C;
      }
      p = A & 0x7fc; B += TB(p); A = ROTR9(A);
      p = B & 0x7fc; C += TB(p); B = ROTR9(B);
      p = C & 0x7fc; D += TB(p); C = ROTR9(C);
      p = D & 0x7fc; A += TB(p); D = ROTR9(D);
    }

    /* 64 iterations of 16 bytes, two per loop: the paper's odd iterations (first of each
     * pair here) fold in n1, n2, the even ones n3, n4. */
    const uint32_t *S = ctx->S;
    for (int i = 0; i < 32 && len; i++, S += 8) {
      ROUNDS();
      OUTPUT(S);
      if (!len)
        break;
      A += n1; B += n2; C ^= n1; D ^= n2;
      ROUNDS();
      OUTPUT(S + 4);
      A += n3; B += n4; C ^= n3; D ^= n4;
    }
  }
  return VC_OK;
}
