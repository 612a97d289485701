/* RC5-32/r/b (Rivest 1994; RFC 2040): 32-bit words, 64-bit blocks, 0..255 rounds, 0..255
 * key bytes.
 *
 * A half-round is an XOR, a data-dependent rotation (andi, neg, sll, srl, or; RV32IM has no
 * rotate) and an add of the next subkey: 8 instructions with the load. Two rounds per loop
 * iteration; r = 12 is about 17 instructions a round, some 250 a block, 31 cycles a byte
 * expected on VexRiscv full (aligned buffers are loaded and stored a word at a time). The
 * rotations take constant time only on a core with a single-cycle barrel shifter (VexRiscv
 * full has one; the lite variants shift iteratively). */
#include <string.h>

#include "vexcrypt/block.h"
#include "../internal.h"

#define P32 0xb7e15163u
#define Q32 0x9e3779b9u

int vc_rc5_setkey(vc_rc5_key *ks, const uint8_t *key, size_t keylen, unsigned rounds)
{
  uint32_t L[64];
  if (!ks || (!key && keylen))
    return VC_ERR_NULL;
  if (keylen > 255 || rounds > VC_RC5_MAX_ROUNDS)
    return VC_ERR_KEYLEN;
  /* c = max(1, ceil(b / 4)) little-endian words of key, then the P/Q table, then
   * 3 max(t, c) mixing steps. */
  unsigned c = keylen ? (unsigned)(keylen + 3) / 4 : 1, t = 2 * (rounds + 1);
  memset(L, 0, sizeof(L));
  for (size_t i = 0; i < keylen; i++)
    L[i / 4] |= (uint32_t)key[i] << (8 * (i % 4));
  ks->S[0] = P32;
  for (unsigned i = 1; i < t; i++)
    ks->S[i] = ks->S[i - 1] + Q32;
  uint32_t a = 0, b = 0;
  for (unsigned k = 0, i = 0, j = 0, n = 3 * (t > c ? t : c); k < n; k++) {
    a = ks->S[i] = vc_rotl32(ks->S[i] + a + b, 3);
    b = L[j] = vc_rotl32(L[j] + a + b, a + b);
    if (++i == t)
      i = 0;
    if (++j == c)
      j = 0;
  }
  ks->rounds = rounds;
  memset(L, 0, sizeof(L));
  return VC_OK;
}

static int check(const vc_rc5_key *ks, const uint8_t *in, const uint8_t *out)
{
  uintptr_t x = (uintptr_t)in, y = (uintptr_t)out;
  if (!ks || !in || !out)
    return VC_ERR_NULL;
  if (ks->rounds > VC_RC5_MAX_ROUNDS)
    return VC_ERR_STATE;
  if (x != y && x < y + 8 && y < x + 8)
    return VC_ERR_OVERLAP;
  return VC_OK;
}

int vc_rc5_encrypt(const vc_rc5_key *ks, const uint8_t in[8], uint8_t out[8])
{
  int err = check(ks, in, out);
  if (err)
    return err;
  const uint32_t *s = ks->S;
  int al = vc_aligned4(in, out);
  uint32_t a = vc_ld32le(in, al) + s[0], b = vc_ld32le(in + 4, al) + s[1];
  unsigned r = ks->rounds;
  s += 2;
  if (r & 1) {
    a = vc_rotl32(a ^ b, b) + s[0];
    b = vc_rotl32(b ^ a, a) + s[1];
    s += 2;
  }
  for (r >>= 1; r; r--, s += 4) {
    a = vc_rotl32(a ^ b, b) + s[0];
    b = vc_rotl32(b ^ a, a) + s[1];
    a = vc_rotl32(a ^ b, b) + s[2];
    b = vc_rotl32(b ^ a, a) + s[3];
  }
  vc_st32le(out, a, al);
  vc_st32le(out + 4, b, al);
  return VC_OK;
}

int vc_rc5_decrypt(const vc_rc5_key *ks, const uint8_t in[8], uint8_t out[8])
{
  int err = check(ks, in, out);
  if (err)
    return err;
  unsigned r = ks->rounds;
  const uint32_t *s = ks->S + 2 * r;
  int al = vc_aligned4(in, out);
  uint32_t a = vc_ld32le(in, al), b = vc_ld32le(in + 4, al);
  if (r & 1) {
    b = vc_rotr32(b - s[1], a) ^ a;
    a = vc_rotr32(a - s[0], b) ^ b;
    s -= 2;
  }
  for (r >>= 1; r; r--, s -= 4) {
    b = vc_rotr32(b - s[1], a) ^ a;
    a = vc_rotr32(a - s[0], b) ^ b;
    b = vc_rotr32(b - s[-1], a) ^ a;
    a = vc_rotr32(a - s[-2], b) ^ b;
  }
  vc_st32le(out, a - ks->S[0], al);
  vc_st32le(out + 4, b - ks->S[1], al);
  return VC_OK;
}
