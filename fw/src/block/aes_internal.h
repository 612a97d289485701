/* AES internals shared by aes_tab.c and aes_ct.c (not part of the public API).
 *
 * Both variants hold the state as four little-endian column words (byte r of a word is row r),
 * which on RV32 is a plain word load of each column when the buffer is aligned. */
#ifndef VEXCRYPT_AES_INTERNAL_H
#define VEXCRYPT_AES_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "vexcrypt/block.h"

/* vc_aes_key.impl: which setkey filled the key schedule (the layouts differ). */
#define VC_AES_IMPL_TAB 0x41455354u   /* "AEST" */
#define VC_AES_IMPL_CT 0x41455343u    /* "AESC" */

/* FIPS 197 KeyExpansion into w[0 .. 4 * (rounds + 1)) (little-endian words), SubWord supplied
 * by the caller (table lookups for aes_tab, the bitsliced circuit for aes_ct). Returns the
 * number of rounds, or 0 if keylen is not 16, 24 or 32 (w untouched). */
unsigned vc_aes_expand_key(uint32_t w[60], const uint8_t *key, size_t keylen,
                           uint32_t (*subword)(uint32_t));

static inline int vc_aes_overlap(const uint8_t *in, const uint8_t *out)
{
  uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;
  return a != b && a < b + 16 && b < a + 16;
}

/* Word access to the data. Aligned buffers on little-endian GCC targets use one word load or
 * store per column (__builtin_memcpy: the firmware is built -ffreestanding, where plain memcpy
 * would be a call); anything else goes byte by byte. `aligned` is computed once per block. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define VC_AES_WORD_ACCESS 1
#else
#define VC_AES_WORD_ACCESS 0
#endif

static inline int vc_aes_aligned(const uint8_t *in, const uint8_t *out)
{
  return VC_AES_WORD_ACCESS && (((uintptr_t)in | (uintptr_t)out) & 3) == 0;
}

static inline uint32_t vc_aes_ld(const uint8_t *p, int aligned)
{
#if VC_AES_WORD_ACCESS
  if (aligned) {
    uint32_t v;
    __builtin_memcpy(&v, __builtin_assume_aligned(p, 4), 4);
    return v;
  }
#endif
  (void)aligned;
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void vc_aes_st(uint8_t *p, uint32_t v, int aligned)
{
#if VC_AES_WORD_ACCESS
  if (aligned) {
    __builtin_memcpy(__builtin_assume_aligned(p, 4), &v, 4);
    return;
  }
#endif
  (void)aligned;
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

#endif
