/* MD4 (RFC 1320).
 *
 * Each of the three rounds is a loop over groups of four steps, which rename a, b, c, d instead
 * of moving them (about 0.8 KiB of RV32 code). Every group reads four message words at fixed
 * distances from its base, so no index arithmetic is needed. On a little-endian machine an
 * aligned block is read in place as words, other blocks are assembled byte by byte first. */
#include <string.h>

#include "md_common.h"

#define MD4_MAGIC 0x4d443421u

static const uint32_t H0[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };

#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define H(x, y, z) ((x) ^ (y) ^ (z))

#define STEP(f, a, b, c, d, m, k, s) do {   \
    a += f(b, c, d) + (m) + (k);            \
    a = vc_rotl32(a, s);                         \
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

static void md4_blocks(uint32_t st[4], const uint8_t *p, size_t nblocks)
{
  uint32_t x[16];
  for (; nblocks--; p += VC_MD4_BLOCK_LEN) {
    const uint8_t *m = vc_md_le_words(p, x);
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

VC_MD_DEFINE(md4, MD4, H0, 0, MD4_MAGIC)
