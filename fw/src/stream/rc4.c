/* RC4 / ARC4: the key-scheduling algorithm and the keystream generator (as in RFC 6229).
 *
 * The generator is instruction-bound on RV32IM: per byte two loads and two stores into S, the
 * j and output-index computations and the output lookup are unavoidable (11 instructions).
 * Everything else is overhead removed here. When in and out have the same alignment mod 4,
 * a few leading bytes align them and the rest goes by words: four keystream bytes are packed
 * into one word, so the data is loaded, XORed and stored once per word, not per byte. i is
 * not masked over a run of words that cannot wrap it (its S[i] are fixed offsets from one
 * pointer), and the run loop does two words per iteration: about 14 instructions per byte on
 * RV32IM, against about 20 for the plain byte loop. */
#include <string.h>

#include "vexcrypt/stream.h"
#include "../internal.h"

#define RC4_MAGIC 0x41524334u   /* "ARC4" */

#if VC_WORD_ACCESS
#define RC4_WORDS 1   /* keystream byte k of a word is its bits 8k..8k+7 */
#else
#define RC4_WORDS 0
#endif

int vc_rc4_setkey(vc_rc4_ctx *ctx, const uint8_t *key, size_t keylen)
{
  if (!ctx || !key)
    return VC_ERR_NULL;
  if (keylen < 1 || keylen > 256)
    return VC_ERR_KEYLEN;
  uint8_t *S = ctx->S;
  for (unsigned i = 0; i < 256; i++)
    S[i] = (uint8_t)i;
  unsigned j = 0;
  size_t k = 0;
  for (unsigned i = 0; i < 256; i++) {
    unsigned t = S[i];
    j = (j + t + key[k]) & 255;
    S[i] = S[j];
    S[j] = (uint8_t)t;
    if (++k == keylen)
      k = 0;
  }
  ctx->i = 0;
  ctx->j = 0;
  ctx->magic = RC4_MAGIC;
  return VC_OK;
}

/* One generator step on the already-advanced S[i] at `si_p`: swap with S[j], output byte in k. */
#define STEP(si_p, k) do {                    \
    unsigned si_ = *(si_p);                   \
    j = (j + si_) & 255;                      \
    unsigned sj_ = S[j];                      \
    *(si_p) = (uint8_t)sj_;                   \
    S[j] = (uint8_t)si_;                      \
    (k) = S[(si_ + sj_) & 255];               \
  } while (0)

#if RC4_WORDS
/* Four steps on S[p+1..p+4] (no wrap), XORed as one little-endian word onto aligned in/out. */
#define WORD(p, in, out) do {                                                            \
    unsigned k0, k1, k2, k3;                                                              \
    STEP((p) + 1, k0);                                                                    \
    STEP((p) + 2, k1);                                                                    \
    STEP((p) + 3, k2);                                                                    \
    STEP((p) + 4, k3);                                                                    \
    uint32_t w_;                                                                          \
    w_ = vc_ld32le(in, 1);                                                         \
    w_ ^= (uint32_t)k0 | (uint32_t)k1 << 8 | (uint32_t)k2 << 16 | (uint32_t)k3 << 24;     \
    vc_st32le(out, w_, 1);                                                        \
  } while (0)
#endif

int vc_rc4_crypt(vc_rc4_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
  if (!ctx || ((!in || !out) && len))
    return VC_ERR_NULL;
  if (ctx->magic != RC4_MAGIC)
    return VC_ERR_STATE;
  if (len && vc_overlap(in, out, len))
    return VC_ERR_OVERLAP;
  uint8_t *S = ctx->S;
  unsigned i = ctx->i, j = ctx->j, k;

#if RC4_WORDS
  if ((((uintptr_t)in ^ (uintptr_t)out) & 3) == 0) {
    for (; len && ((uintptr_t)out & 3); len--) {
      i = (i + 1) & 255;
      STEP(&S[i], k);
      *out++ = *in++ ^ (uint8_t)k;
    }
    while (len >= 4) {
      /* Words whose four S[i] lie in i+1..255: a run of them needs no index masking. */
      size_t run = (255 - i) >> 2;
      if (run > len >> 2)
        run = len >> 2;
      if (run) {
        uint8_t *p = S + i;
        i += 4 * (unsigned)run;
        len -= 4 * run;
        for (; run >= 2; run -= 2) {    /* two words per iteration halve the loop overhead */
          WORD(p, in, out);
          WORD(p + 4, in + 4, out + 4);
          p += 8;
          in += 8;
          out += 8;
        }
        if (run) {
          WORD(p, in, out);
          in += 4;
          out += 4;
        }
      } else {                  /* the word in which i wraps from 255 to 0 */
        uint8_t kb[4];
        for (int n = 0; n < 4; n++) {
          i = (i + 1) & 255;
          STEP(&S[i], k);
          kb[n] = (uint8_t)k;
        }
        for (int n = 0; n < 4; n++)
          out[n] = in[n] ^ kb[n];
        in += 4;
        out += 4;
        len -= 4;
      }
    }
  }
#endif
  for (; len; len--) {
    i = (i + 1) & 255;
    STEP(&S[i], k);
    *out++ = *in++ ^ (uint8_t)k;
  }
  ctx->i = (uint8_t)i;
  ctx->j = (uint8_t)j;
  return VC_OK;
}
