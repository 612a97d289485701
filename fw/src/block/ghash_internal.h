/* Internals shared by the GHASH forms (not part of the public API).
 *
 * A block is the 128-bit big-endian integer of its bytes, held as four words, least
 * significant first (w[3] is bytes 0..3): the coefficient of x^i is bit 127 - i, GCM's
 * reflected order. The carry-less product of two such integers is then the reflected product
 * shifted by one bit, a b x; multiplying by H x^-1 (the key's hx) instead of H cancels the x,
 * so no form shifts its 256-bit product. */
#ifndef VEXCRYPT_GHASH_INTERNAL_H
#define VEXCRYPT_GHASH_INTERNAL_H

#include "vexcrypt/gcm.h"
#include "../internal.h"

static VC_INLINE void ghash_load(uint32_t w[4], const uint8_t b[16])
{
  w[0] = vc_ld32be(b + 12);
  w[1] = vc_ld32be(b + 8);
  w[2] = vc_ld32be(b + 4);
  w[3] = vc_ld32be(b);
}

static VC_INLINE void ghash_store(uint8_t b[16], const uint32_t w[4])
{
  vc_st32be(b + 12, w[0]);
  vc_st32be(b + 8, w[1]);
  vc_st32be(b + 4, w[2]);
  vc_st32be(b, w[3]);
}

/* y ^= the block at data[0..n) (n <= 16), zero-padded. */
static VC_INLINE void ghash_xor_block(uint32_t y[4], const uint8_t *data, size_t n)
{
  uint8_t pad[16];
  if (n < 16) {
    for (size_t i = 0; i < 16; i++)
      pad[i] = i < n ? data[i] : 0;
    data = pad;
  }
  y[3] ^= vc_ld32be(data);
  y[2] ^= vc_ld32be(data + 4);
  y[1] ^= vc_ld32be(data + 8);
  y[0] ^= vc_ld32be(data + 12);
}

/* z = c mod P, P = x^128 + x^7 + x^2 + x + 1, c a 256-bit product (least significant word
 * first). In the reflected order the upper half holds x^0..x^127 and the lower half L holds
 * x^128..x^255, so L folds in as L (1 + x + x^2 + x^7), x being a right shift; the bits those
 * shifts push out (degrees 128..134) come from L's low 7 bits and fold once more, before the
 * shifts (Gueron and Kounavis, Intel's carry-less multiplication guide, algorithm 5). */
static VC_INLINE void ghash_reduce(uint32_t z[4], const uint32_t c[8])
{
  uint32_t d0 = c[0], d1 = c[1], d2 = c[2], d3 = c[3] ^ (c[0] << 31) ^ (c[0] << 30) ^ (c[0] << 25);
  z[3] = c[7] ^ d3 ^ (d3 >> 1) ^ (d3 >> 2) ^ (d3 >> 7);
  z[2] = c[6] ^ d2 ^ (d2 >> 1 | d3 << 31) ^ (d2 >> 2 | d3 << 30) ^ (d2 >> 7 | d3 << 25);
  z[1] = c[5] ^ d1 ^ (d1 >> 1 | d2 << 31) ^ (d1 >> 2 | d2 << 30) ^ (d1 >> 7 | d2 << 25);
  z[0] = c[4] ^ d0 ^ (d0 >> 1 | d1 << 31) ^ (d0 >> 2 | d1 << 30) ^ (d0 >> 7 | d1 << 25);
}

/* The arguments every GHASH form takes. */
static inline int ghash_check(const vc_ghash_key *k, const uint8_t *y, const uint8_t *data, size_t len)
{
  return !k || !y || (!data && len) ? VC_ERR_NULL : VC_OK;
}

#endif
