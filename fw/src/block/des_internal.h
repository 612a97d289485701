/* DES internals shared by des.c and des3.c (not part of the public API).
 *
 * The round function works on the two halves after the initial permutation, kept rotated
 * left by 3 bits: in that form both 6-bit S-box inputs of each byte-aligned group sit at bits
 * 2..7 of a byte, so a table index is one shift and one mask, already scaled by 4 (no shift
 * after the mask). 3DES runs IP and FP once around its three passes. */
#ifndef VEXCRYPT_DES_INTERNAL_H
#define VEXCRYPT_DES_INTERNAL_H

#include <stdint.h>

#include "vexcrypt/block.h"
#include "../internal.h"

/* 16 rounds on lr[0] = L, lr[1] = R (rotated form), subkeys in encryption order, walked
 * backwards when decrypt is set; leaves (R16, L16) in lr, ready for des_fp or another pass. */
void vc_des_rounds(uint32_t lr[2], const uint32_t sk[32], int decrypt);
/* Key schedule into the layout vc_des_rounds reads (see des.c). */
void vc_des_keysched(uint32_t sk[32], const uint8_t key[8]);

/* Swap-move: exchanges the bits of b under m with the bits of a under m << n. */
#define DES_SWAPMOVE(a, b, n, m) do {             \
    uint32_t t_ = (((a) >> (n)) ^ (b)) & (m);     \
    (b) ^= t_;                                    \
    (a) ^= t_ << (n);                             \
  } while (0)

/* Initial permutation as five swap-moves on the big-endian halves, then the rotation by 3. */
static inline void vc_des_ip(const uint8_t in[8], uint32_t lr[2])
{
  uint32_t l = vc_ld32be(in), r = vc_ld32be(in + 4);
  DES_SWAPMOVE(l, r, 4, 0x0f0f0f0fu);
  DES_SWAPMOVE(l, r, 16, 0x0000ffffu);
  DES_SWAPMOVE(r, l, 2, 0x33333333u);
  DES_SWAPMOVE(r, l, 8, 0x00ff00ffu);
  DES_SWAPMOVE(l, r, 1, 0x55555555u);
  lr[0] = vc_rotl32(l, 3);
  lr[1] = vc_rotl32(r, 3);
}

/* Final permutation (the inverse of vc_des_ip) of lr = (R16, L16). */
static inline void vc_des_fp(const uint32_t lr[2], uint8_t out[8])
{
  uint32_t l = vc_rotr32(lr[0], 3), r = vc_rotr32(lr[1], 3);
  DES_SWAPMOVE(l, r, 1, 0x55555555u);
  DES_SWAPMOVE(r, l, 8, 0x00ff00ffu);
  DES_SWAPMOVE(r, l, 2, 0x33333333u);
  DES_SWAPMOVE(l, r, 16, 0x0000ffffu);
  DES_SWAPMOVE(l, r, 4, 0x0f0f0f0fu);
  vc_st32be(out, l);
  vc_st32be(out + 4, r);
}

#endif
