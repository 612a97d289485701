/* P-256's pieces shared by the CPU's field (p256.c) and the Montgomery unit's (p256_mont.c):
 * the point formulas as programs over a register file of field elements, the inversion's
 * addition chain and the wNAF recoding (p256_common.c), the constants and the scalar
 * decodings. */
#ifndef VEXCRYPT_EC_P256_INTERNAL_H
#define VEXCRYPT_EC_P256_INTERNAL_H

#include <stdint.h>

#include "../internal.h"

#define N 8
typedef uint32_t fe[N];

static const fe P = {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0, 0, 1, 0xFFFFFFFF};
static const fe B = {0x27D2604B, 0x3BCE3C3E, 0xCC53B0F6, 0x651D06B0,
                     0x769886BC, 0xB3EBBD55, 0xAA3A93E7, 0x5AC635D8};

/* Verification compares Jacobian coordinates without an inversion: x(R) = X/Z^2 reduces to
 * r mod n when X = c Z^2 for a candidate c: r, and r + n when that is below p (x(R) in
 * [n, p)). vc_p256_x_candidates gives them (r: 32 big-endian bytes below n) and their count. */
int vc_p256_x_candidates(fe c[2], const uint8_t *r);

/* Registers: P's and Q's coordinates, b, temporaries, the result. Programs never write P, Q
 * or b. */
enum { PX, PY, PZ, QX, QY, QZ, BB, T0, T1, T2, T3, T4, X3, Y3, Z3, NREG };
enum { ADD, SUB, MUL };
typedef uint8_t fop[4];                     /* op, destination, source, source */
typedef struct {
  const fop *op;
  int len;
} p256_prog;

/* Projective, complete (Renes-Costello-Batina, a = -3): P + Q, P + Q with Q affine (Z2 = 1),
 * 2P. Jacobian, for verification: 2P; P + Q in two parts (the first leaves H in Y3 and R in
 * T0, so that P = Q and P = -Q can be told apart), and the same with Q affine. */
extern const p256_prog vc_p256_add, vc_p256_madd, vc_p256_dbl;
extern const p256_prog vc_p256_jdbl, vc_p256_jadd1, vc_p256_jadd2, vc_p256_jmadd1, vc_p256_jmadd2;

/* a^(p-2) as steps r[dst] = r[src]^(2^sq) r[mul] over P256_INV_REGS registers, r[0] = a (never
 * written); the result in r[P256_INV_OUT]. 255 squarings, 14 products; mul is never dst. */
typedef struct {
  uint8_t dst, src, sq, mul;
} p256_chain_step;
enum { P256_INV_REGS = 9, P256_INV_OUT = 7, P256_INV_STEPS = 13 };
extern const p256_chain_step vc_p256_inv_chain[P256_INV_STEPS];

static inline void fe_from_bytes(fe r, const uint8_t *b)
{
  for (int i = 0; i < N; i++)
    r[i] = vc_ld32be(b + 28 - 4 * i);
}

static inline void fe_to_bytes(uint8_t *b, const fe a)
{
  for (int i = 0; i < N; i++)
    vc_st32be(b + 28 - 4 * i, a[i]);
}

/* Bits 4i .. 4i + 3 of a 32-byte big-endian scalar. */
static inline unsigned nibble(const uint8_t *k, int i)
{
  return (k[31 - i / 2] >> (4 * (i & 1))) & 0xF;
}

/* The width-w NAF of k (32 big-endian bytes): d[i] odd in (-2^(w-1), 2^(w-1)) or 0, at most
 * one nonzero digit in any w consecutive ones; 257 digits. */
void vc_p256_wnaf_var(int8_t *d, const uint8_t *k, int w);

/* The unit's scalar multiplications (p256_mont.c; they run on the driver's emulation in a build
 * without the unit): k G (in NULL) or k P (in: an affine encoding of a point on the curve) to an
 * affine encoding, VC_ERR_POINT for infinity; and the verification's k1 G + k2 P (variable
 * time) against r. VC_ERR_HW when the unit flags an error. */
int vc_p256u_mul(uint8_t *out, const uint8_t *k, const uint8_t *in);
/* Verification's equation on the unit (vc_ec_impl's mul2_eq_x_var): VC_OK, VC_ERR_VERIFY, or
 * the unit's error (VC_ERR_HW). */
int vc_p256u_mul2_eq_x_var(const uint8_t *k1, const uint8_t *k2, const uint8_t *in, const uint8_t *r);

#endif
