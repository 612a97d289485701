/* AES (FIPS 197), bitsliced and constant time: no table lookups and no branches on secret data.
 *
 * The state is eight 32-bit words q[0..7], word p holding bit p of every byte: byte (row r,
 * column c) at bit 8r + c, and again at bit 8r + 4 + c. With every row held twice in its byte,
 * "row r + 1 of the column k places further" is a plain word rotation by 8 + k (the bits that
 * rotate in from the second copy are the ones that wrap around), valid in the low nibbles; the
 * high nibbles are refilled from the low ones ("redup", three instructions a word) where the
 * next rotation needs them. Moving to and from this form is one 8x8 bit-matrix transposition
 * (ortho, 12 swap-moves) of the four columns given twice.
 *
 * SubBytes is the Boyar-Peralta-Calik circuit (113 gates, "SLP_AES_113"), evaluated on whole
 * words. Its four output complements (S(x) ^ 0x63 comes out) are folded into the round keys:
 * MixColumns maps a column of 0x63 bytes to itself, so adding 0x63 to every later round key
 * has the same effect. InvSubBytes reuses the same circuit between two copies of the linear
 * part L of the inverse affine map: S^-1(y) = L(B(L(y ^ 0x63))), 0x63 again in the keys.
 *
 * ShiftRows is never applied ("fixslicing", after Adomnicai and Peyrin 2020): after i rounds
 * the rows sit rotated by i columns, which only changes the rotation amounts MixColumns uses.
 * The round keys are stored in the same rotated arrangement, and the final state is put back
 * in place once (rows 1 and 3 for 10 and 14 rounds, nothing for 12).
 *
 * Round keys are kept in vc_aes_key as four words a round, word j carrying plane 2j in its low
 * nibbles and plane 2j + 1 in its high nibbles; AddRoundKey is four loads, four shifts and
 * eight XORs, the high nibbles getting junk that the next redup overwrites.
 *
 * Cost on RV32IM (GCC 12 -O2), the round inlined in one loop: 293 instructions an encryption
 * round, 381 a decryption round; about 3000 and 3900 for an AES-128 block, so some 190 and 250
 * cycles a byte expected on VexRiscv full. The loop bodies are 1.2 and 1.5 KiB. Nothing is
 * indexed by data but the round-key pointer, and there is no multiplication (libgcc's on rv32i
 * would not be constant time). */
#include "aes_internal.h"

/* Swap-move: exchanges the bits of b under m with the bits of a under m << n. */
#define SWAPMOVE(a, b, n, m) do {              \
    uint32_t t_ = (((a) >> (n)) ^ (b)) & (m);  \
    (b) ^= t_;                                 \
    (a) ^= t_ << (n);                          \
  } while (0)

/* Transposes the 8x8 bit matrix in each byte position of q[0..7]: word p bit 8r + j of the
 * result is bit p of byte r of word j. With columns 0..3 given twice in, word p holds bit p of
 * every byte out, in the layout above; its own inverse. */
static void ortho(uint32_t q[8])
{
  for (int i = 0; i < 8; i += 2)
    SWAPMOVE(q[i], q[i + 1], 1, 0x55555555u);
  for (int i = 0; i < 8; i += 4) {
    SWAPMOVE(q[i], q[i + 2], 2, 0x33333333u);
    SWAPMOVE(q[i + 1], q[i + 3], 2, 0x33333333u);
  }
  for (int i = 0; i < 4; i++)
    SWAPMOVE(q[i], q[i + 4], 4, 0x0f0f0f0fu);
}

/* The AES S-box without its final XOR with 0x63: the Boyar-Peralta-Calik circuit with its
 * four XNORs as XORs. Inputs u7..u0 are planes 0..7 (u0 is the most significant bit). */
static VC_INLINE void sbox(uint32_t q[8])
{
  uint32_t u7 = q[0], u6 = q[1], u5 = q[2], u4 = q[3], u3 = q[4], u2 = q[5], u1 = q[6], u0 = q[7];
  uint32_t y14 = u3 ^ u5, y13 = u0 ^ u6, y12 = y13 ^ y14, t1 = u4 ^ y12, y15 = t1 ^ u5;
  uint32_t t2 = y12 & y15, y6 = y15 ^ u7, y20 = t1 ^ u1, y9 = u0 ^ u3, y11 = y20 ^ y9;
  uint32_t t12 = y9 & y11, y7 = u7 ^ y11, y8 = u0 ^ u5, t0 = u1 ^ u2, y10 = y15 ^ t0;
  uint32_t y17 = y10 ^ y11, t13 = y14 & y17, t14 = t13 ^ t12, y19 = y10 ^ y8;
  uint32_t t15 = y8 & y10, t16 = t15 ^ t12, y16 = t0 ^ y11, y21 = y13 ^ y16, t7 = y13 & y16;
  uint32_t y18 = u0 ^ y16, y1 = t0 ^ u7, y4 = y1 ^ u3, t5 = y4 & u7, t6 = t5 ^ t2;
  uint32_t t18 = t6 ^ t16, t22 = t18 ^ y19, y2 = y1 ^ u0, t10 = y2 & y7, t11 = t10 ^ t7;
  uint32_t t20 = t11 ^ t16, t24 = t20 ^ y18, y5 = y1 ^ u6, t8 = y5 & y1, t9 = t8 ^ t7;
  uint32_t t19 = t9 ^ t14, t23 = t19 ^ y21, y3 = y5 ^ y8, t3 = y3 & y6, t4 = t3 ^ t2;
  uint32_t t17 = t4 ^ y20, t21 = t17 ^ t14;
  /* Inversion in GF(2^4)^2 and the shared products. */
  uint32_t t26 = t21 & t23, t27 = t24 ^ t26, t31 = t22 ^ t26, t25 = t21 ^ t22;
  uint32_t t28 = t25 & t27, t29 = t28 ^ t22, z14 = t29 & y2, z5 = t29 & y7;
  uint32_t t30 = t23 ^ t24, t32 = t31 & t30, t33 = t32 ^ t24, t35 = t27 ^ t33;
  uint32_t t36 = t24 & t35, t38 = t27 ^ t36, t39 = t29 & t38, t40 = t25 ^ t39, t43 = t29 ^ t40;
  uint32_t z3 = t43 & y16, tc12 = z3 ^ z5, z12 = t43 & y13, z13 = t40 & y5, z4 = t40 & y1;
  uint32_t tc6 = z3 ^ z4, t34 = t23 ^ t33, t37 = t36 ^ t34, t41 = t40 ^ t37;
  uint32_t z8 = t41 & y10, z17 = t41 & y8, t44 = t33 ^ t37, z0 = t44 & y15, z9 = t44 & y12;
  uint32_t z10 = t37 & y3, z1 = t37 & y6, tc5 = z1 ^ z0, tc11 = tc6 ^ tc5, z11 = t33 & y4;
  uint32_t t42 = t29 ^ t33, t45 = t42 ^ t41, z7 = t45 & y17, tc8 = z7 ^ tc6, z16 = t45 & y14;
  uint32_t z6 = t42 & y11, tc16 = z6 ^ tc8, z15 = t42 & y9;
  /* Output linear layer. */
  uint32_t tc20 = z15 ^ tc16, tc1 = z15 ^ z16, tc2 = z10 ^ tc1, tc21 = tc2 ^ z11;
  uint32_t tc3 = z9 ^ tc2, s0 = tc3 ^ tc16, s3 = tc3 ^ tc11, s1 = s3 ^ tc16;
  uint32_t tc13 = z13 ^ tc1, z2 = t33 & u7, tc4 = z0 ^ z2, tc7 = z12 ^ tc4, tc9 = z8 ^ tc7;
  uint32_t tc10 = tc8 ^ tc9, tc17 = z14 ^ tc10, s5 = tc21 ^ tc17, tc26 = tc17 ^ tc20;
  uint32_t s2 = tc26 ^ z17, tc14 = tc4 ^ tc12, tc18 = tc13 ^ tc14;
  q[0] = z12 ^ tc18;     /* s7 */
  q[1] = tc10 ^ tc18;    /* s6 */
  q[2] = s5;
  q[3] = tc14 ^ s3;      /* s4 */
  q[4] = s3;
  q[5] = s2;
  q[6] = s1;
  q[7] = s0;
}

/* Linear part of the inverse affine map: bit p of the result is bits p-1, p-3, p-6 of y. */
static VC_INLINE void lmap(uint32_t q[8])
{
  uint32_t y0 = q[0], y1 = q[1], y2 = q[2], y3 = q[3], y4 = q[4], y5 = q[5], y6 = q[6], y7 = q[7];
  q[0] = y7 ^ y5 ^ y2;
  q[1] = y0 ^ y6 ^ y3;
  q[2] = y1 ^ y7 ^ y4;
  q[3] = y2 ^ y0 ^ y5;
  q[4] = y3 ^ y1 ^ y6;
  q[5] = y4 ^ y2 ^ y7;
  q[6] = y5 ^ y3 ^ y0;
  q[7] = y6 ^ y4 ^ y1;
}

/* Refills the high nibble of every byte from the low one. */
static VC_INLINE uint32_t redup(uint32_t x)
{
  x &= 0x0f0f0f0fu;
  return x | x << 4;
}

static VC_INLINE void redup_all(uint32_t q[8])
{
  q[0] = redup(q[0]);
  q[1] = redup(q[1]);
  q[2] = redup(q[2]);
  q[3] = redup(q[3]);
  q[4] = redup(q[4]);
  q[5] = redup(q[5]);
  q[6] = redup(q[6]);
  q[7] = redup(q[7]);
}

/* MixColumns on a duplicated state whose rows sit rotated by s columns (row r starts s*r
 * columns in). Row r + 1 of a column is then the word rotated by 8 + (-s & 3) and row r + 2 the
 * word rotated by 16 + (-2s & 3). out = 2 t ^ r1 ^ r2(t) with r1 = row + 1 and t = q ^ r1; 2 t
 * shifts the planes, with 0x1b coming in from plane 7. Low nibbles valid on return. */
static VC_INLINE void mix(uint32_t q[8], unsigned s)
{
  unsigned n1 = 8 + (-s & 3), n2 = 16 + ((0u - 2 * s) & 3);
#define MIX_STEP(i) \
  uint32_t r##i = vc_rotr32(q[i], n1), t##i = redup(q[i] ^ r##i); r##i ^= vc_rotr32(t##i, n2)
  MIX_STEP(0);
  MIX_STEP(1);
  MIX_STEP(2);
  MIX_STEP(3);
  MIX_STEP(4);
  MIX_STEP(5);
  MIX_STEP(6);
  MIX_STEP(7);
#undef MIX_STEP
  q[0] = t7 ^ r0;
  q[1] = t0 ^ t7 ^ r1;
  q[2] = t1 ^ r2;
  q[3] = t2 ^ t7 ^ r3;
  q[4] = t3 ^ t7 ^ r4;
  q[5] = t4 ^ r5;
  q[6] = t5 ^ r6;
  q[7] = t6 ^ r7;
}

/* InvMixColumns = MixColumns after x ^ 4 (x ^ (row + 2)): the circulant (14, 11, 13, 9) is
 * (2, 3, 1, 1) times (5, 0, 4, 0). Takes a duplicated state. */
static VC_INLINE void inv_mix(uint32_t q[8], unsigned s)
{
  unsigned n2 = 16 + ((0u - 2 * s) & 3);
  uint32_t u0 = q[0] ^ vc_rotr32(q[0], n2), u1 = q[1] ^ vc_rotr32(q[1], n2);
  uint32_t u2 = q[2] ^ vc_rotr32(q[2], n2), u3 = q[3] ^ vc_rotr32(q[3], n2);
  uint32_t u4 = q[4] ^ vc_rotr32(q[4], n2), u5 = q[5] ^ vc_rotr32(q[5], n2);
  uint32_t u6 = q[6] ^ vc_rotr32(q[6], n2), u7 = q[7] ^ vc_rotr32(q[7], n2);
  q[0] ^= u6;
  q[1] ^= u6 ^ u7;
  q[2] ^= u0 ^ u7;
  q[3] ^= u1 ^ u6;
  q[4] ^= u2 ^ u6 ^ u7;
  q[5] ^= u3 ^ u7;
  q[6] ^= u4;
  q[7] ^= u5;
  redup_all(q);
  mix(q, s);
}

static VC_INLINE void ark(uint32_t q[8], const uint32_t k[4])
{
  uint32_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3];
  q[0] ^= k0;
  q[1] ^= k0 >> 4;
  q[2] ^= k1;
  q[3] ^= k1 >> 4;
  q[4] ^= k2;
  q[5] ^= k2 >> 4;
  q[6] ^= k3;
  q[7] ^= k3 >> 4;
}

/* Out of line for the key schedule, which needs it only for SubWord. */
static void sbox_ks(uint32_t q[8])
{
  sbox(q);
}

static uint32_t subword_ct(uint32_t w)
{
  uint32_t q[8] = { w, w, w, w, w, w, w, w };
  ortho(q);
  sbox_ks(q);
  ortho(q);
  return q[0] ^ 0x63636363u;
}

/* One round key (4 little-endian columns) to bitsliced form, rows rotated by s columns (row r
 * of physical column c is row r of column c + s*r), 0x63 added if fold. */
static void key_bitslice(uint32_t out[4], const uint32_t col[4], unsigned s, int fold)
{
  uint32_t q[8] = { 0 };
  for (unsigned c = 0; c < 4; c++)
    for (unsigned r = 0; r < 4; r++)
      q[c] |= (col[(c + s * r) & 3] >> (8 * r) & 0xffu) << (8 * r);
  for (unsigned c = 0; c < 4; c++)
    q[c + 4] = q[c];
  ortho(q);
  if (fold) {
    q[0] = ~q[0];
    q[1] = ~q[1];
    q[5] = ~q[5];
    q[6] = ~q[6];
  }
  for (int j = 0; j < 4; j++)
    out[j] = (q[2 * j] & 0x0f0f0f0fu) | (q[2 * j + 1] & 0x0f0f0f0fu) << 4;
}

int vc_aes_ct_setkey(vc_aes_key *ks, const uint8_t *key, size_t keylen)
{
  uint32_t w[60];
  if (!ks || !key)
    return VC_ERR_NULL;
  unsigned rounds = vc_aes_expand_key(w, key, keylen, subword_ct);
  if (!rounds)
    return VC_ERR_KEYLEN;
  /* Encryption uses round key i with the rows rotated by -i; decryption uses round key
   * rounds - j at step j with the rows rotated by +j. All but round key 0 get the 0x63. */
  for (unsigned i = 0; i <= rounds; i++) {
    key_bitslice(ks->ek + 4 * i, w + 4 * i, -i & 3, i != 0);
    key_bitslice(ks->dk + 4 * i, w + 4 * (rounds - i), i & 3, i != rounds);
  }
  ks->rounds = rounds;
  ks->impl = VC_AES_IMPL_CT;
  memset(w, 0, sizeof(w));
  return VC_OK;
}

static void load(uint32_t q[8], const uint8_t *in, int al)
{
  for (int c = 0; c < 4; c++)
    q[c] = q[c + 4] = vc_ld32le(in + 4 * c, al);
  ortho(q);
}

/* Back to columns (low nibbles), rows put in place: after 10 or 14 rounds rows 1 and 3 sit
 * two columns away, after 12 in place. */
static void store(uint8_t *out, uint32_t q[8], unsigned rounds, int al)
{
  ortho(q);
  if (rounds != 12) {
    uint32_t t = (q[0] ^ q[2]) & 0xff00ff00u;
    q[0] ^= t;
    q[2] ^= t;
    t = (q[1] ^ q[3]) & 0xff00ff00u;
    q[1] ^= t;
    q[3] ^= t;
  }
  for (int c = 0; c < 4; c++)
    vc_st32le(out + 4 * c, q[c], al);
}

int vc_aes_ct_encrypt(const vc_aes_key *ks, const uint8_t in[16], uint8_t out[16])
{
  uint32_t q[8];
  int err = vc_aes_check(ks, VC_AES_IMPL_CT, in, out);
  if (err)
    return err;
  int al = vc_aligned4(in, out);
  unsigned rounds = ks->rounds;
  const uint32_t *rk = ks->ek;
  load(q, in, al);
  ark(q, rk);
  /* One round body for all rounds (the code stays near 1 KiB); the last skips MixColumns. */
  for (unsigned i = 1;; i++) {
    rk += 4;
    redup_all(q);
    sbox(q);
    if (i == rounds)
      break;
    mix(q, -i & 3);
    ark(q, rk);
  }
  ark(q, rk);
  store(out, q, rounds, al);
  return VC_OK;
}

int vc_aes_ct_decrypt(const vc_aes_key *ks, const uint8_t in[16], uint8_t out[16])
{
  uint32_t q[8];
  int err = vc_aes_check(ks, VC_AES_IMPL_CT, in, out);
  if (err)
    return err;
  int al = vc_aligned4(in, out);
  unsigned rounds = ks->rounds;
  const uint32_t *rk = ks->dk;
  load(q, in, al);
  ark(q, rk);
  for (unsigned j = 1;; j++) {
    rk += 4;
    lmap(q);
    sbox(q);
    lmap(q);
    if (j == rounds)
      break;
    ark(q, rk);
    redup_all(q);
    inv_mix(q, j & 3);
  }
  ark(q, rk);
  store(out, q, rounds, al);
  return VC_OK;
}
