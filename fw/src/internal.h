/* Helpers shared by the library's sources (not part of the public API): code placement and
 * inlining, constant-time selection and comparison, buffer overlap, byte order, rotations.
 *
 * The library includes nothing of the application (fw/app/) and, of the drivers (fw/drivers/),
 * only accel.h, clmul.h and mont.h: the accelerated variants reach their units through them.
 * No two of the firmware's files call each other both ways (tests/tools/test_fw_layering.py). */
#ifndef VEXCRYPT_INTERNAL_H
#define VEXCRYPT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "cost.h"

/* ---- code placement and inlining ----
 * VC_HOT(group) puts a function in section .text.hot.<group>. The firmware's linker script
 * (platform/rv32/linker.ld) lays each group out contiguously at the start of .text, so a
 * group under 4 KiB never evicts its own code from VexRiscv's 4 KiB direct-mapped
 * instruction cache (cycle counts otherwise move by 5-10 % with unrelated layout). Groups,
 * each with its line in linker.ld: mp, the exponentiation's Montgomery products and limb
 * loops; mpct, the constant-time exponentiation's own (placed after mp, wrapping onto its
 * sliding window); p256, the P-256 field code and formula interpreter; gf2m, the binary curves' ladder
 * steps and the field operations they call; mont, the Montgomery unit's command loop.
 * VC_HOT_TAIL(group) places a group after all other code, in the cache sets right after the
 * mont group's: inv, the constant-time inverse's slices that run in the unit's waits
 * (vc_montu_background); at the tail, adding it moves no other function. A no-op off ELF
 * targets. */
#if defined(__GNUC__) && defined(__ELF__)
#define VC_HOT(group) __attribute__((hot, section(".text.hot." #group)))
#define VC_HOT_TAIL(group) __attribute__((hot, section(".tail.hot." #group)))
#else
#define VC_HOT(group)
#define VC_HOT_TAIL(group)
#endif
/* VC_LUT(group) puts a lookup table in section .rodata.lut.<group>; the linker script starts
 * each group on a 4 KiB boundary, so a primitive's tables occupy the low sets of the
 * direct-mapped 4 KiB data cache and its key schedule and stack frames (placed above them)
 * never evict them. Groups: aes_enc, aes_dec, des, hash (MD2's S-box, MD5's and SHA-256's
 * constants), gf2m (the variable-time squaring table). */
#if defined(__GNUC__) && defined(__ELF__)
#define VC_LUT(group) __attribute__((section(".rodata.lut." #group)))
#else
#define VC_LUT(group)
#endif
#if defined(__GNUC__)
#define VC_NOINLINE __attribute__((noinline))
#define VC_INLINE inline __attribute__((always_inline))
#else
#define VC_NOINLINE
#define VC_INLINE inline
#endif

/* ---- constant time ----
 * Conditions (ctl) and comparison results are words 0 or 1, masks 0 or all ones. Comparisons
 * are arithmetic on sign bits rather than C's relational operators, which a compiler may turn
 * into branches; no memory index depends on the data. */
static inline uint32_t vc_ct_mask(uint32_t ctl)
{
  return 0u - ctl;
}

/* x when ctl is 1, y when it is 0. */
static inline uint32_t vc_ct_mux(uint32_t ctl, uint32_t x, uint32_t y)
{
  return y ^ (vc_ct_mask(ctl) & (x ^ y));
}

static inline uint32_t vc_ct_neq0(uint32_t x)
{
  return (x | (0u - x)) >> 31;
}

static inline uint32_t vc_ct_eq0(uint32_t x)
{
  return vc_ct_neq0(x) ^ 1;
}

static inline uint32_t vc_ct_eq(uint32_t x, uint32_t y)
{
  return vc_ct_eq0(x ^ y);
}

static inline uint32_t vc_ct_neq(uint32_t x, uint32_t y)
{
  return vc_ct_neq0(x ^ y);
}

/* 1 when x < y (unsigned): the borrow of x - y. */
static inline uint32_t vc_ct_lt(uint32_t x, uint32_t y)
{
  uint32_t z = x - y;
  return (z ^ ((x ^ y) & (y ^ z))) >> 31;
}

/* Bit length of x (0 for 0) by halving, without a table or a branch: libgcc's __builtin_clz
 * on RV32IM reads a 256-byte table at x's top byte, an address that depends on the value. */
static inline uint32_t vc_ct_bitlen(uint32_t x)
{
  uint32_t k = vc_ct_neq0(x);
  for (unsigned s = 16; s; s >>= 1) {
    uint32_t c = vc_ct_neq0(x >> s);
    x = vc_ct_mux(c, x >> s, x);
    k += vc_ct_mask(c) & s;
  }
  return k;
}

/* dst = src (n words) when ctl is 1; dst unchanged when it is 0. */
static inline void vc_ct_copy(uint32_t ctl, uint32_t *dst, const uint32_t *src, size_t n)
{
  uint32_t m = vc_ct_mask(ctl);
  for (size_t i = 0; i < n; i++)
    dst[i] ^= m & (dst[i] ^ src[i]);
}

/* Exchanges a and b (n words each) when ctl is 1. */
static inline void vc_ct_swap(uint32_t ctl, uint32_t *a, uint32_t *b, size_t n)
{
  uint32_t m = vc_ct_mask(ctl);
  for (size_t i = 0; i < n; i++) {
    uint32_t d = m & (a[i] ^ b[i]);
    a[i] ^= d;
    b[i] ^= d;
  }
}

/* True when [in, in+len) and [out, out+len) overlap without being the same buffer: the only
 * overlap the library allows is in == out. */
static inline int vc_overlap(const void *in, const void *out, size_t len)
{
  uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;
  return a != b && a < b + len && b < a + len;
}

/* Little-endian word access. Aligned buffers on little-endian GCC targets use one word load or
 * store (__builtin_memcpy: the firmware is built -ffreestanding, where plain memcpy would be a
 * call); anything else goes byte by byte. `aligned` comes from vc_aligned4, once per call. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define VC_WORD_ACCESS 1
#else
#define VC_WORD_ACCESS 0
#endif

static inline int vc_aligned4(const void *a, const void *b)
{
  return VC_WORD_ACCESS && (((uintptr_t)a | (uintptr_t)b) & 3) == 0;
}

static inline uint32_t vc_ld32le(const uint8_t *p, int aligned)
{
#if VC_WORD_ACCESS
  if (aligned) {
    uint32_t v;
    __builtin_memcpy(&v, __builtin_assume_aligned(p, 4), 4);
    return v;
  }
#endif
  (void)aligned;
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void vc_st32le(uint8_t *p, uint32_t v, int aligned)
{
#if VC_WORD_ACCESS
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

static inline void vc_st64le(uint8_t *p, uint64_t v)
{
  vc_st32le(p, (uint32_t)v, 0);
  vc_st32le(p + 4, (uint32_t)(v >> 32), 0);
}

/* d = a ^ b over n bytes; a word at a time when the three are aligned (the block buffers of
 * the modes are, and so are most callers' data): the per-block cost of the modes on top of the
 * cipher is mostly these XORs and copies. */
static inline void vc_xor_bytes(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
  size_t i = 0;
  if (vc_aligned4(d, a) && vc_aligned4(b, b))
    for (; i + 4 <= n; i += 4)
      vc_st32le(d + i, vc_ld32le(a + i, 1) ^ vc_ld32le(b + i, 1), 1);
  for (; i < n; i++)
    d[i] = a[i] ^ b[i];
}

/* Big-endian word access, byte by byte (RV32IM has no byte swap). */
static inline uint32_t vc_ld32be(const uint8_t *p)
{
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void vc_st32be(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static inline void vc_st64be(uint8_t *p, uint64_t v)
{
  vc_st32be(p, (uint32_t)(v >> 32));
  vc_st32be(p + 4, (uint32_t)v);
}

/* Rotations by any n (taken mod 32). RV32IM has no rotate: three instructions for a constant
 * n, five for a variable one (constant time only on cores with a single-cycle shifter). */
static inline uint32_t vc_rotl32(uint32_t x, unsigned n)
{
  return x << (n & 31) | x >> (-n & 31);
}

static inline uint32_t vc_rotr32(uint32_t x, unsigned n)
{
  return x >> (n & 31) | x << (-n & 31);
}

/* SHA-1's compression function over nblocks 64-byte blocks (hash/sha1.c), for the TLS record
 * layer's constant-time HMAC, which must run a number of blocks that does not depend on the
 * secret message length. */
void vc_sha1_blocks(uint32_t st[5], const uint8_t *p, size_t nblocks);

#endif
