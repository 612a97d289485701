/* SHA-1 (FIPS 180-4).
 *
 * As in sha256.c: the schedule is expanded up front, and each of the four 20-round stages is a
 * loop over groups of five rounds that rename a..e instead of moving them (about 2 KiB of RV32
 * code in all, inside VexRiscv's 4 KiB instruction cache; fully unrolled it would not fit). */
#include <string.h>

#include "md_common.h"

#define SHA1_MAGIC 0x53484131u

static const uint32_t H0[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define PARITY(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

#define ROUND(f, k, a, b, c, d, e, w) do {      \
    e += vc_rotl32(a, 5) + f(b, c, d) + (k) + (w);   \
    b = vc_rotl32(b, 30);                            \
  } while (0)

/* Schedule word W[t], t = (w - W) + j: (W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) rotated left by 1. */
#define EXPAND(j) w[j] = vc_rotl32(w[(j) - 3] ^ w[(j) - 8] ^ w[(j) - 14] ^ w[(j) - 16], 1)

/* Five rounds from W[i]; the rename brings a..e back. */
#define ROUNDS5(f, k, i) do {                     \
    ROUND(f, k, a, b, c, d, e, W[(i) + 0]);       \
    ROUND(f, k, e, a, b, c, d, W[(i) + 1]);       \
    ROUND(f, k, d, e, a, b, c, W[(i) + 2]);       \
    ROUND(f, k, c, d, e, a, b, W[(i) + 3]);       \
    ROUND(f, k, b, c, d, e, a, W[(i) + 4]);       \
  } while (0)

void vc_sha1_blocks(uint32_t st[5], const uint8_t *p, size_t nblocks)
{
  uint32_t W[80];
  while (nblocks--) {
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4];
    int i;
    for (i = 0; i < 16; i++)
      W[i] = vc_ld32be(p + 4 * i);
    /* 16 words per iteration: the compiler then keeps the last 16 in registers instead of
     * reloading four per word (or shuffling a window of them through registers). */
    for (uint32_t *w = W + 16; w < W + 80; w += 16) {
      EXPAND(0); EXPAND(1); EXPAND(2); EXPAND(3); EXPAND(4); EXPAND(5); EXPAND(6); EXPAND(7);
      EXPAND(8); EXPAND(9); EXPAND(10); EXPAND(11); EXPAND(12); EXPAND(13); EXPAND(14); EXPAND(15);
    }
    for (i = 0; i < 20; i += 5)
      ROUNDS5(CH, 0x5a827999u, i);
    for (; i < 40; i += 5)
      ROUNDS5(PARITY, 0x6ed9eba1u, i);
    for (; i < 60; i += 5)
      ROUNDS5(MAJ, 0x8f1bbcdcu, i);
    for (; i < 80; i += 5)
      ROUNDS5(PARITY, 0xca62c1d6u, i);
    st[0] += a; st[1] += b; st[2] += c; st[3] += d; st[4] += e;
    p += VC_SHA1_BLOCK_LEN;
  }
}

#define sha1_blocks vc_sha1_blocks
VC_MD_DEFINE(sha1, SHA1, H0, 1, SHA1_MAGIC)
