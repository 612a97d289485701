/* MD5 (RFC 1321).
 *
 * Each of the four passes is a loop over groups of four steps, which rename a, b, c, d instead
 * of moving them: the compression function is about 1.2 KiB of RV32 code and stays in
 * VexRiscv's 4 KiB instruction cache (fully unrolled it would be over 3 KiB). Passes 2-4 read
 * the message words in a rotated order, modulo 16 from the group's base: a mask per load,
 * cheaper than copying the block twice to the stack. On a little-endian machine an aligned
 * block is read in place as words, other blocks are assembled byte by byte first. */
#include <string.h>

#include "md_common.h"

#define MD5_MAGIC 0x4d443521u

/* K[i] = floor(abs(sin(i + 1)) * 2^32), in step order. */
static VC_LUT(hash) const uint32_t K[64] = {
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

static const uint32_t H0[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };

#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | ~(z)))

#define STEP(f, a, b, c, d, m, k, s) do {   \
    a += f(b, c, d) + (m) + (k);            \
    a = vc_rotl32(a, s) + b;                     \
  } while (0)

/* Message word at byte offset `off` of the block (m is 4-byte aligned). Reading the caller's
 * bytes as uint32_t bends C's effective-type rule; it is safe in practice because those bytes
 * are only ever written by char-typed stores (memcpy, memset, byte stores), which alias all. */
#define M(off) (*(const uint32_t *)(const void *)(m + (off)))

/* Four steps reading words w0..w3 with shifts s0..s3; the rename brings a, b, c, d back. */
#define GROUP(f, w0, w1, w2, w3, s0, s1, s2, s3) do {  \
    STEP(f, a, b, c, d, w0, k[0], s0);                  \
    STEP(f, d, a, b, c, w1, k[1], s1);                  \
    STEP(f, c, d, a, b, w2, k[2], s2);                  \
    STEP(f, b, c, d, a, w3, k[3], s3);                  \
    k += 4;                                             \
  } while (0)

static void md5_blocks(uint32_t st[4], const uint8_t *p, size_t nblocks)
{
  uint32_t x[16];
  for (; nblocks--; p += VC_MD5_BLOCK_LEN) {
    const uint8_t *m = vc_md_le_words(p, x);
    const uint32_t *k = K;
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
    unsigned o;
    /* Step i (0..63) reads word i, 5i + 1, 3i + 5 or 7i (mod 16) in passes 1 to 4. As byte
     * offsets from the group's base o: passes 1-2 step o by +16 from 0, passes 3-4 by -16
     * (o = 64, 48, 32, 16, i.e. words 0, 12, 8, 4 modulo 16). */
    for (o = 0; o < 64; o += 16)
      GROUP(F, M(o), M(o + 4), M(o + 8), M(o + 12), 7, 12, 17, 22);
    for (o = 0; o < 64; o += 16)
      GROUP(G, M(o + 4), M((o + 24) & 63), M((o + 44) & 63), M(o), 5, 9, 14, 20);
    for (o = 64; o > 0; o -= 16)
      GROUP(H, M((o + 20) & 63), M((o + 32) & 63), M((o + 44) & 63), M((o + 56) & 63),
            4, 11, 16, 23);
    for (o = 64; o > 0; o -= 16)
      GROUP(I, M(o & 63), M((o + 28) & 63), M((o + 56) & 63), M((o + 20) & 63),
            6, 10, 15, 21);
    st[0] += a; st[1] += b; st[2] += c; st[3] += d;
  }
}

VC_MD_DEFINE(md5, MD5, H0, 0, MD5_MAGIC)
