/* GHASH in constant-time software: each 32 x 32 carry-less product from sixteen integer
 * multiplications of operands masked to every fourth bit (BearSSL's ghash_ctmul): the holes
 * keep the carries of a column's at most eight one-bits off the bits kept, so no table and no
 * data-dependent branch. Karatsuba makes a 128 x 128 product of nine of them (bmul32 is not
 * inlined: nine copies are larger than the 4 KiB instruction cache). Constant time as
 * the core's multiplier is (RV32IM's is). */
#include "ghash_internal.h"

#define MUL(x, y) ((uint64_t)(x) * (uint64_t)(y))

static VC_NOINLINE uint64_t bmul32(uint32_t x, uint32_t y)
{
  uint32_t x0 = x & 0x11111111u, x1 = x & 0x22222222u, x2 = x & 0x44444444u, x3 = x & 0x88888888u;
  uint32_t y0 = y & 0x11111111u, y1 = y & 0x22222222u, y2 = y & 0x44444444u, y3 = y & 0x88888888u;
  uint64_t z0 = MUL(x0, y0) ^ MUL(x1, y3) ^ MUL(x2, y2) ^ MUL(x3, y1);
  uint64_t z1 = MUL(x0, y1) ^ MUL(x1, y0) ^ MUL(x2, y3) ^ MUL(x3, y2);
  uint64_t z2 = MUL(x0, y2) ^ MUL(x1, y1) ^ MUL(x2, y0) ^ MUL(x3, y3);
  uint64_t z3 = MUL(x0, y3) ^ MUL(x1, y2) ^ MUL(x2, y1) ^ MUL(x3, y0);
  return (z0 & 0x1111111111111111u) | (z1 & 0x2222222222222222u) | (z2 & 0x4444444444444444u) |
         (z3 & 0x8888888888888888u);
}

/* r = a b, 64 x 64 bits (words least significant first), by Karatsuba. */
static VC_INLINE void mul64(uint32_t r[4], uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1)
{
  uint64_t lo = bmul32(a0, b0), hi = bmul32(a1, b1), mid = bmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
  r[0] = (uint32_t)lo;
  r[1] = (uint32_t)(lo >> 32) ^ (uint32_t)mid;
  r[2] = (uint32_t)hi ^ (uint32_t)(mid >> 32);
  r[3] = (uint32_t)(hi >> 32);
}

int vc_ghash_ct(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len)
{
  int rc = ghash_check(k, y, data, len);
  if (rc)
    return rc;
  const uint32_t *h = k->hx;
  uint32_t z[4];
  ghash_load(z, y);
  for (size_t i = 0; i < len; i += 16) {
    uint32_t p0[4], p1[4], p2[4], c[8];
    ghash_xor_block(z, data + i, len - i < 16 ? len - i : 16);
    mul64(p0, z[0], z[1], h[0], h[1]);
    mul64(p2, z[2], z[3], h[2], h[3]);
    mul64(p1, z[0] ^ z[2], z[1] ^ z[3], h[0] ^ h[2], h[1] ^ h[3]);
    for (int j = 0; j < 4; j++)
      p1[j] ^= p0[j] ^ p2[j];
    c[0] = p0[0];
    c[1] = p0[1];
    c[2] = p0[2] ^ p1[0];
    c[3] = p0[3] ^ p1[1];
    c[4] = p2[0] ^ p1[2];
    c[5] = p2[1] ^ p1[3];
    c[6] = p2[2];
    c[7] = p2[3];
    ghash_reduce(z, c);
  }
  ghash_store(y, z);
  return VC_OK;
}
