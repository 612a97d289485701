/* P-256's pieces both scalar multiplications run (p256_internal.h): p256.c's on the CPU and
 * p256_mont.c's on the Montgomery unit. The point formulas as programs, the inversion's addition
 * chain and the wNAF recoding of the verification's scalars. */
#include "p256_internal.h"
#include "../mp/mpn.h"

/* a^(p-2) by a fixed chain: a^(2^k - 1) for k = 2, 4, 8, 16, 32 (and 30, 64, 94), then p - 2's
 * bits: 32 ones, 31 zeros, a one, 96 zeros, 94 ones, 0, 1. */
enum { IA, I2, I4, I8, I16, I32, I30, IT, IU };
const p256_chain_step vc_p256_inv_chain[P256_INV_STEPS] = {
  {I2, IA, 1, IA},   {I4, I2, 2, I2},   {I8, I4, 4, I4},    {I16, I8, 8, I8},
  {I32, I16, 16, I16}, {IT, I16, 8, I8}, /* 24 */ {IT, IT, 4, I4}, /* 28 */ {I30, IT, 2, I2},
  {IU, I32, 32, I32}, /* 64 */ {IU, IU, 30, I30}, /* 94 ones */
  {IT, I32, 32, IA}, /* 32 ones, 31 zeros, 1 */ {IT, IT, 96 + 94, IU}, {IT, IT, 2, IA}};

/* The group's order n. */
static const fe ORDER = {0xFC632551, 0xF3B9CAC2, 0xA7179E84, 0xBCE6FAAD,
                         0xFFFFFFFF, 0xFFFFFFFF, 0x00000000, 0xFFFFFFFF};

int vc_p256_x_candidates(fe c[2], const uint8_t *r)
{
  fe_from_bytes(c[0], r);
  return vc_mpn_add_n(c[1], c[0], ORDER, N) || vc_mpn_cmp(c[1], P, N) >= 0 ? 1 : 2;
}

/* ---- points: complete projective formulas (Renes-Costello-Batina, a = -3) ---- */

#define NOPS(ops) ((int)(sizeof(ops) / sizeof((ops)[0])))
#define PROG(name, ...)                      \
  static const fop name##_ops[] = __VA_ARGS__; \
  const p256_prog name = {name##_ops, NOPS(name##_ops)}

/* Algorithm 4: (X3 : Y3 : Z3) = P + Q. */
PROG(vc_p256_add, {
  {MUL, T0, PX, QX}, {MUL, T1, PY, QY}, {MUL, T2, PZ, QZ}, {ADD, T3, PX, PY}, {ADD, T4, QX, QY},
  {MUL, T3, T3, T4}, {ADD, T4, T0, T1}, {SUB, T3, T3, T4}, {ADD, T4, PY, PZ}, {ADD, X3, QY, QZ},
  {MUL, T4, T4, X3}, {ADD, X3, T1, T2}, {SUB, T4, T4, X3}, {ADD, X3, PX, PZ}, {ADD, Y3, QX, QZ},
  {MUL, X3, X3, Y3}, {ADD, Y3, T0, T2}, {SUB, Y3, X3, Y3}, {MUL, Z3, BB, T2}, {SUB, X3, Y3, Z3},
  {ADD, Z3, X3, X3}, {ADD, X3, X3, Z3}, {SUB, Z3, T1, X3}, {ADD, X3, T1, X3}, {MUL, Y3, BB, Y3},
  {ADD, T1, T2, T2}, {ADD, T2, T1, T2}, {SUB, Y3, Y3, T2}, {SUB, Y3, Y3, T0}, {ADD, T1, Y3, Y3},
  {ADD, Y3, T1, Y3}, {ADD, T1, T0, T0}, {ADD, T0, T1, T0}, {SUB, T0, T0, T2}, {MUL, T1, T4, Y3},
  {MUL, T2, T0, Y3}, {MUL, Y3, X3, Z3}, {ADD, Y3, Y3, T2}, {MUL, X3, T3, X3}, {SUB, X3, X3, T1},
  {MUL, Z3, T4, Z3}, {MUL, T1, T3, T0}, {ADD, Z3, Z3, T1}});

/* Algorithm 6: (X3 : Y3 : Z3) = 2P (Q unused). */
PROG(vc_p256_dbl, {
  {MUL, T0, PX, PX}, {MUL, T1, PY, PY}, {MUL, T2, PZ, PZ}, {MUL, T3, PX, PY}, {ADD, T3, T3, T3},
  {MUL, Z3, PX, PZ}, {ADD, Z3, Z3, Z3}, {MUL, Y3, BB, T2}, {SUB, Y3, Y3, Z3}, {ADD, X3, Y3, Y3},
  {ADD, Y3, X3, Y3}, {SUB, X3, T1, Y3}, {ADD, Y3, T1, Y3}, {MUL, Y3, X3, Y3}, {MUL, X3, X3, T3},
  {ADD, T3, T2, T2}, {ADD, T2, T2, T3}, {MUL, Z3, BB, Z3}, {SUB, Z3, Z3, T2}, {SUB, Z3, Z3, T0},
  {ADD, T3, Z3, Z3}, {ADD, Z3, Z3, T3}, {ADD, T3, T0, T0}, {ADD, T0, T3, T0}, {SUB, T0, T0, T2},
  {MUL, T0, T0, Z3}, {ADD, Y3, Y3, T0}, {MUL, T0, PY, PZ}, {ADD, T0, T0, T0}, {MUL, Z3, T0, Z3},
  {SUB, X3, X3, Z3}, {MUL, Z3, T0, T1}, {ADD, Z3, Z3, Z3}, {ADD, Z3, Z3, Z3}});

/* Algorithm 4 with Z2 = 1 (Q affine, not infinity; still complete in P): the products
 * (Y1 + Z1)(Y2 + Z2) and (X1 + Z1)(X2 + Z2) become Y2 Z1 and X2 Z1, and Z1 Z2 is Z1. */
PROG(vc_p256_madd, {
  {MUL, T0, PX, QX}, {MUL, T1, PY, QY}, {ADD, T3, PX, PY}, {ADD, T4, QX, QY}, {MUL, T3, T3, T4},
  {ADD, T4, T0, T1}, {SUB, T3, T3, T4}, {MUL, T4, QY, PZ}, {ADD, T4, T4, PY}, {MUL, Y3, QX, PZ},
  {ADD, Y3, Y3, PX}, {MUL, Z3, BB, PZ}, {SUB, X3, Y3, Z3}, {ADD, Z3, X3, X3}, {ADD, X3, X3, Z3},
  {SUB, Z3, T1, X3}, {ADD, X3, T1, X3}, {MUL, Y3, BB, Y3}, {ADD, T1, PZ, PZ}, {ADD, T2, T1, PZ},
  {SUB, Y3, Y3, T2}, {SUB, Y3, Y3, T0}, {ADD, T1, Y3, Y3}, {ADD, Y3, T1, Y3}, {ADD, T1, T0, T0},
  {ADD, T0, T1, T0}, {SUB, T0, T0, T2}, {MUL, T1, T4, Y3}, {MUL, T2, T0, Y3}, {MUL, Y3, X3, Z3},
  {ADD, Y3, Y3, T2}, {MUL, X3, T3, X3}, {SUB, X3, X3, T1}, {MUL, Z3, T4, Z3}, {MUL, T1, T3, T0},
  {ADD, Z3, Z3, T1}});

/* ---- verification: Jacobian coordinates (not complete: the callers branch on the
 * exceptional cases) ---- */

/* dbl-2001-b for a = -3 (delta = Z^2, gamma = Y^2, beta = X gamma, alpha = 3 (X - delta)
 * (X + delta); X3 = alpha^2 - 8 beta, Y3 = alpha (4 beta - X3) - 8 gamma^2), with Z3 = 2 Y Z
 * for (Y + Z)^2 - gamma - delta and gamma kept doubled (2 gamma = 2Y Y): a product costs what a
 * square does on both the CPU and the unit, and this takes 8 products and 11 additions and
 * subtractions where the squares' form takes 16. */
PROG(vc_p256_jdbl, {
  {MUL, T0, PZ, PZ}, {ADD, T4, PY, PY}, {MUL, Z3, T4, PZ}, {MUL, T1, T4, PY}, {MUL, T2, PX, T1},
  {SUB, T3, PX, T0}, {ADD, T4, PX, T0}, {MUL, T3, T3, T4}, {ADD, T4, T3, T3}, {ADD, T3, T4, T3},
  {ADD, T2, T2, T2}, {ADD, T0, T2, T2}, {MUL, X3, T3, T3}, {SUB, X3, X3, T0}, {SUB, T2, T2, X3},
  {MUL, Y3, T3, T2}, {MUL, T1, T1, T1}, {ADD, T1, T1, T1}, {SUB, Y3, Y3, T1}});

/* Addition (add-1998-cmo-2, 12M + 4S) in two parts: the first leaves H = U2 - U1 in Y3 and
 * R = S2 - S1 in T0 (U1 in X3, S1 in T1), so that P = Q and P = -Q can be told apart. */
PROG(vc_p256_jadd1, {
  {MUL, T0, PZ, PZ}, {MUL, T1, QZ, QZ}, {MUL, X3, PX, T1}, {MUL, Y3, QX, T0}, {SUB, Y3, Y3, X3},
  {MUL, T1, T1, QZ}, {MUL, T1, T1, PY}, {MUL, T0, T0, PZ}, {MUL, T0, T0, QY}, {SUB, T0, T0, T1}});
PROG(vc_p256_jadd2, {
  {MUL, T2, Y3, Y3}, {MUL, T3, T2, Y3}, {MUL, T2, X3, T2}, {MUL, Z3, PZ, QZ}, {MUL, Z3, Z3, Y3},
  {MUL, X3, T0, T0}, {SUB, X3, X3, T3}, {SUB, X3, X3, T2}, {SUB, X3, X3, T2}, {SUB, T2, T2, X3},
  {MUL, Y3, T0, T2}, {MUL, T1, T1, T3}, {SUB, Y3, Y3, T1}});

/* The same with Z2 = 1 (madd, 8M + 3S): U1 = X1 and S1 = Y1. */
PROG(vc_p256_jmadd1, {
  {MUL, T0, PZ, PZ}, {MUL, Y3, QX, T0}, {SUB, Y3, Y3, PX}, {MUL, T0, T0, PZ}, {MUL, T0, T0, QY},
  {SUB, T0, T0, PY}});
PROG(vc_p256_jmadd2, {
  {MUL, T2, Y3, Y3}, {MUL, T3, T2, Y3}, {MUL, T2, PX, T2}, {MUL, Z3, PZ, Y3}, {MUL, X3, T0, T0},
  {SUB, X3, X3, T3}, {SUB, X3, X3, T2}, {SUB, X3, X3, T2}, {SUB, T2, T2, X3}, {MUL, Y3, T0, T2},
  {MUL, T1, PY, T3}, {SUB, Y3, Y3, T1}});

/* Bits i .. i + w - 1 of x (0 above bit 255). */
static uint32_t bits_at(const fe x, int i, int w)
{
  int l = i >> 5, o = i & 31;
  uint32_t v = l < N ? x[l] >> o : 0;
  if (o + w > 32 && l + 1 < N)
    v |= x[l + 1] << (32 - o);
  return v & ((1u << w) - 1);
}

/* The canonical width-w NAF by a carry instead of subtracting each digit from k: where the rest
 * of k plus the carry is odd, its low w bits plus the carry, taken in (-2^(w-1), 2^(w-1)), are
 * the digit, a negative one carrying 1 into position i + w; the w - 1 positions after a digit
 * are 0. */
void vc_p256_wnaf_var(int8_t *d, const uint8_t *k, int w)
{
  fe x;
  uint32_t carry = 0;
  fe_from_bytes(x, k);
  for (int i = 0; i <= 256; i++)
    d[i] = 0;
  for (int i = 0; i <= 256;) {
    if ((bits_at(x, i, 1)) == carry) {
      i++;
      continue;
    }
    int32_t v = (int32_t)(bits_at(x, i, w) + carry);
    carry = (uint32_t)v >> (w - 1) & 1;
    d[i] = (int8_t)(v - (int32_t)(carry << w));
    i += w;
  }
}
