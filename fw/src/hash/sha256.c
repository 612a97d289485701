/* SHA-256 (FIPS 180-4), unrolled C.
 *
 * RV32IM has no rotate instruction, so each rotation costs three instructions and the round
 * function is instruction-bound: the working variables are renamed by the round macro instead
 * of moved, and Maj reuses the previous round's a^b. */
#include <string.h>

#include "md_common.h"

#define SHA256_MAGIC 0x53484132u

static VC_LUT(hash) const uint32_t K[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t H0[8] = {
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

#define BSIG0(x) (vc_rotr32((x), 2) ^ vc_rotr32((x), 13) ^ vc_rotr32((x), 22))
#define BSIG1(x) (vc_rotr32((x), 6) ^ vc_rotr32((x), 11) ^ vc_rotr32((x), 25))
#define SSIG0(x) (vc_rotr32((x), 7) ^ vc_rotr32((x), 18) ^ ((x) >> 3))
#define SSIG1(x) (vc_rotr32((x), 17) ^ vc_rotr32((x), 19) ^ ((x) >> 10))

/* One round; `ab` carries a^b of this round into the next round's Maj (as its b^c). */
#define ROUND(a, b, c, d, e, f, g, h, i, w) do {                       \
    uint32_t t1 = h + BSIG1(e) + (g ^ (e & (f ^ g))) + K[(i)] + (w);    \
    uint32_t ab_ = a ^ b;                                               \
    uint32_t t2 = BSIG0(a) + (b ^ (ab_ & bc));                          \
    bc = ab_;                                                           \
    d += t1;                                                            \
    h = t1 + t2;                                                        \
  } while (0)

#define ROUNDS8(i) do {                                  \
    ROUND(a, b, c, d, e, f, g, h, (i) + 0, W[(i) + 0]);   \
    ROUND(h, a, b, c, d, e, f, g, (i) + 1, W[(i) + 1]);   \
    ROUND(g, h, a, b, c, d, e, f, (i) + 2, W[(i) + 2]);   \
    ROUND(f, g, h, a, b, c, d, e, (i) + 3, W[(i) + 3]);   \
    ROUND(e, f, g, h, a, b, c, d, (i) + 4, W[(i) + 4]);   \
    ROUND(d, e, f, g, h, a, b, c, (i) + 5, W[(i) + 5]);   \
    ROUND(c, d, e, f, g, h, a, b, (i) + 6, W[(i) + 6]);   \
    ROUND(b, c, d, e, f, g, h, a, (i) + 7, W[(i) + 7]);   \
  } while (0)

/* The schedule is expanded up front and the rounds run 8 per loop iteration: a fully unrolled
 * block (about 7 KiB of code) does not fit VexRiscv full's 4 KiB instruction cache. */
static void sha256_blocks(uint32_t st[8], const uint8_t *p, size_t nblocks)
{
  uint32_t W[64];
  while (nblocks--) {
    uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
    uint32_t e = st[4], f = st[5], g = st[6], h = st[7];
    uint32_t bc = b ^ c;
    for (int i = 0; i < 16; i++)
      W[i] = vc_ld32be(p + 4 * i);
    for (int i = 16; i < 64; i++)
      W[i] = SSIG1(W[i - 2]) + W[i - 7] + SSIG0(W[i - 15]) + W[i - 16];
    for (int i = 0; i < 64; i += 8)
      ROUNDS8(i);
    st[0] += a; st[1] += b; st[2] += c; st[3] += d;
    st[4] += e; st[5] += f; st[6] += g; st[7] += h;
    p += VC_SHA256_BLOCK_LEN;
  }
}

VC_MD_DEFINE(sha256, SHA256, H0, 1, SHA256_MAGIC)
