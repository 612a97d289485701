/* P-256's scalar multiplications on the Montgomery co-processor (fw/drivers/mont.h), for p256.c
 * in a build with the unit. The same point formulas (p256_internal.h's programs) are stored in
 * the unit as its programs, each run by one command over a register file in the unit's operand
 * memory, with the field in Montgomery form (x 2^256 mod p, converted at the edges): inside a
 * scalar multiplication only commands cross the bus, one per point operation. The affine
 * results are bit-identical to p256.c's.
 * Constant time like p256.c (verification aside): a command's cycles depend neither on its
 * operands nor on its slots, so a table entry is chosen by its slot number, computed with
 * masks, and the tables live in the unit. The generator's comb has 3 tables of 4 teeth (90
 * elements, precomputed in Montgomery form: p256_mont_tab.h): the CPU's 2 x 5 comb needs 124,
 * which leave too few of the 128 slots at 256 bits. */
#include <string.h>

#include "ec_internal.h"
#include "mont.h"
#include "p256_internal.h"
#include "p256_mont_tab.h"

/* Slots at 8 limbs (128). */
enum {
  S_ONE = VC_MONTU_SLOT_N + 1,   /* 1: a product by it leaves Montgomery form */
  S_RM,                          /* R mod p: Montgomery form of 1 */
  S_R2,                          /* R^2 mod p: a product by it enters the form */
  S_ZERO,
  S_B,                           /* b, Montgomery form */
  S_T,                           /* T0 .. T4 */
  S_ACC = S_T + 5,               /* two point buffers: the sum and the next one */
  S_TMP = S_ACC + 6,             /* a negated y, conversions */
  S_TAB = S_TMP + 3,             /* tables */
  S_INV = 128 - P256_INV_REGS,   /* the inversion's registers */
  NSLOTS = 128
};
_Static_assert(S_TAB + 2 * 15 * P256U_COMB_TABLES <= S_INV, "the comb and the inversion overlap");
_Static_assert(S_TAB + 2 * P256U_G_ODD + 3 * 8 <= S_INV, "verification's tables overlap");

typedef uint8_t upt[3];          /* a point: its coordinates' slots */

static void upt_at(upt r, unsigned base)
{
  r[0] = (uint8_t)base;
  r[1] = (uint8_t)(base + 1);
  r[2] = (uint8_t)(base + 2);
}

static int cmd(unsigned op, unsigned r, unsigned a, unsigned b)
{
  return vc_montu_cmd(vc_montu_word(op, r, a, b));
}

static int copy(unsigned r, unsigned a)
{
  return cmd(VC_MONTU_ADD, r, a, S_ZERO);
}

/* The formulas as the unit's programs, each from its own block: P's and Q's registers refer to
 * the run's P and Q bases, X3 .. Z3 to OUT, b and T0 .. T4 to their slots. The "neg" forms of
 * the verification's first parts add -Q (Q's y negated into S_NEG by a first word): a
 * negative wNAF digit costs one unit command, not a copy of the point. And the inversion's runs
 * of squarings: OUT = P^(2^k) for k = 32, 16 and 8 (P may be OUT). */
enum { S_NEG = S_TMP + 1 };
enum { PG_ADD, PG_MADD, PG_DBL, PG_JDBL, PG_JADD1, PG_JADD2, PG_JMADD1, PG_JMADD2, PG_JADD1N, PG_JMADD1N,
       PG_SQ32, PG_SQ16, PG_SQ8, PG_N };
static const struct {
  const p256_prog *prog;          /* NULL: squarings */
  uint8_t neg, sq;
} formulas[PG_N] = {{&vc_p256_add, 0, 0},   {&vc_p256_madd, 0, 0},   {&vc_p256_dbl, 0, 0},
                    {&vc_p256_jdbl, 0, 0},  {&vc_p256_jadd1, 0, 0},  {&vc_p256_jadd2, 0, 0},
                    {&vc_p256_jmadd1, 0, 0}, {&vc_p256_jmadd2, 0, 0}, {&vc_p256_jadd1, 1, 0},
                    {&vc_p256_jmadd1, 1, 0}, {NULL, 0, 32},           {NULL, 0, 16},
                    {NULL, 0, 8}};
enum { PROG_WORDS = 43 + 36 + 34 + 19 + 10 + 13 + 6 + 12 + 11 + 7 + 32 + 16 + 8 };
static uint32_t prog_words[PROG_WORDS];   /* the programs' words, built once */
static uint16_t prog_at[PG_N + 1];        /* PG_x: its first word; its program: its first block */
static uint8_t prog_block[PG_N];

/* Builds the programs' words (once) and loads them (the driver writes the unit only where
 * they differ from what it holds). */
static int load_programs(void)
{
  static const uint8_t ref[NREG] = {
      [PX] = VC_MONTU_REF(VC_MONTU_P, 0),   [PY] = VC_MONTU_REF(VC_MONTU_P, 1),
      [PZ] = VC_MONTU_REF(VC_MONTU_P, 2),   [QX] = VC_MONTU_REF(VC_MONTU_Q, 0),
      [QY] = VC_MONTU_REF(VC_MONTU_Q, 1),   [QZ] = VC_MONTU_REF(VC_MONTU_Q, 2),
      [BB] = VC_MONTU_REF(VC_MONTU_ABS, S_B), [T0] = VC_MONTU_REF(VC_MONTU_ABS, S_T),
      [T1] = VC_MONTU_REF(VC_MONTU_ABS, S_T + 1), [T2] = VC_MONTU_REF(VC_MONTU_ABS, S_T + 2),
      [T3] = VC_MONTU_REF(VC_MONTU_ABS, S_T + 3), [T4] = VC_MONTU_REF(VC_MONTU_ABS, S_T + 4),
      [X3] = VC_MONTU_REF(VC_MONTU_OUT, 0), [Y3] = VC_MONTU_REF(VC_MONTU_OUT, 1),
      [Z3] = VC_MONTU_REF(VC_MONTU_OUT, 2)};
  static const uint8_t opcode[] = {[ADD] = VC_MONTU_ADD, [SUB] = VC_MONTU_SUB, [MUL] = VC_MONTU_MUL};
  const unsigned neg = VC_MONTU_REF(VC_MONTU_ABS, S_NEG);
  int rc = VC_OK;
  if (!prog_at[PG_N]) {
    unsigned n = 0, block = 0;
    for (int f = 0; f < PG_N; f++) {
      const p256_prog *pg = formulas[f].prog;
      if (n + formulas[f].neg + (pg ? (unsigned)pg->len : 0) + formulas[f].sq > PROG_WORDS)
        return VC_ERR_LENGTH;                 /* PROG_WORDS is short: a library bug */
      prog_at[f] = (uint16_t)n;
      prog_block[f] = (uint8_t)block;
      if (formulas[f].neg)
        prog_words[n++] = vc_montu_word(VC_MONTU_SUB, neg, VC_MONTU_REF(VC_MONTU_ABS, S_ZERO), ref[QY]);
      for (int i = 0; pg && i < pg->len; i++) {
        const uint8_t *o = pg->op[i];
        unsigned a = ref[o[2]], b = ref[o[3]];
        if (formulas[f].neg) {
          a = o[2] == QY ? neg : a;
          b = o[3] == QY ? neg : b;
        }
        prog_words[n++] = vc_montu_word(opcode[o[0]], ref[o[1]], a, b);
      }
      for (int i = 0; i < formulas[f].sq; i++)
        prog_words[n++] = vc_montu_word(VC_MONTU_MUL, ref[X3], ref[i ? X3 : PX], ref[i ? X3 : PX]);
      block += (n - prog_at[f] + VC_MONTU_PROG_BLOCK - 1) / VC_MONTU_PROG_BLOCK;
    }
    prog_at[PG_N] = (uint16_t)n;
  }
  for (int f = 0; f < PG_N && !rc; f++)
    rc = vc_montu_program(prog_block[f], prog_words + prog_at[f], (size_t)(prog_at[f + 1] - prog_at[f]));
  return rc;
}
_Static_assert(S_NEG < 64 && S_T + 4 < 64, "a program's absolute slots are 0 .. 63");

/* (X3 : Y3 : Z3) at OUT from P and Q (base slots of three coordinates each): one command. */
VC_HOT(mont) static int run(int f, unsigned p, unsigned q, unsigned out)
{
  return vc_montu_cmd(vc_montu_run_word(prog_block[f], out, p, q));
}

/* R^2 mod p = 2^512 mod p. */
static const fe R2 = {0x00000003, 0x00000000, 0xFFFFFFFF, 0xFFFFFFFB,
                      0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0x00000004};

/* The programs, the modulus and the constants; R mod p = 2^256 - p. */
static int begin(void)
{
  fe rm, x = {0};
  int rc;
  for (int i = 0; i < N; i++)
    rm[i] = ~P[i];
  rm[0] += 1;                                 /* p's low word is odd: no carry */
  if ((rc = load_programs()) || (rc = vc_montu_setup(N, P)) || (rc = vc_montu_load(S_ZERO, x)) ||
      (rc = vc_montu_load(S_RM, rm)) || (rc = vc_montu_load(S_R2, R2)) ||
      (rc = vc_montu_load(S_B, B)))
    return rc;
  x[0] = 1;
  return (rc = vc_montu_load(S_ONE, x)) ? rc : cmd(VC_MONTU_MUL, S_B, S_B, S_R2);
}

/* Slot `slot` = x (32 big-endian bytes) in Montgomery form. */
static int load_mont(unsigned slot, const uint8_t *xb)
{
  fe x;
  int rc;
  fe_from_bytes(x, xb);
  return (rc = vc_montu_load(slot, x)) ? rc : cmd(VC_MONTU_MUL, slot, slot, S_R2);
}

/* Affine (x, y) of an encoding into p, Montgomery form, z = 1. */
static int load_point(const upt p, const uint8_t *in)
{
  int rc;
  return (rc = load_mont(p[0], in + 1)) || (rc = load_mont(p[1], in + 33)) ? rc : copy(p[2], S_RM);
}

/* *z = whether slot `slot` is zero (after every queued command). */
static int is_zero(unsigned slot, uint32_t *z)
{
  fe x;
  uint32_t acc = 0;
  int rc;
  if ((rc = vc_montu_wait()) || (rc = vc_montu_store(slot, x)))
    return rc;
  for (int i = 0; i < N; i++)
    acc |= x[i];
  *z = vc_ct_eq0(acc);
  return VC_OK;
}

/* Slot S_INV + P256_INV_OUT = slot a^(p-2) by the chain vc_p256_inv_chain, its runs of
 * squarings as programs of 32, 16 and 8 and single products. */
static int inv(unsigned a)
{
  int rc = copy(S_INV, a);
  for (int i = 0; i < P256_INV_STEPS && !rc; i++) {
    const p256_chain_step *c = &vc_p256_inv_chain[i];
    unsigned d = S_INV + c->dst, s = S_INV + c->src;
    for (int left = c->sq, k; left && !rc; left -= k, s = d) {
      k = left >= 32 ? 32 : left >= 16 ? 16 : left >= 8 ? 8 : 1;
      rc = k == 1 ? cmd(VC_MONTU_MUL, d, s, s) : run(k == 32 ? PG_SQ32 : k == 16 ? PG_SQ16 : PG_SQ8, s, s, d);
    }
    if (!rc)
      rc = cmd(VC_MONTU_MUL, d, d, S_INV + c->mul);
  }
  return rc;
}

/* The affine encoding of projective (X : Y : Z), (X/Z, Y/Z): Z^-1 leaves Montgomery form (a
 * product by 1), so each product by it gives a coordinate out of the form. VC_ERR_POINT for
 * Z = 0 (infinity). */
static int encode(uint8_t *out, const upt p)
{
  const unsigned zi = S_INV + P256_INV_OUT, zn = S_TMP;
  fe x, y;
  uint32_t z;
  int rc;
  if ((rc = is_zero(p[2], &z)))
    return rc;
  if (z)
    return VC_ERR_POINT;
  if ((rc = inv(p[2])))
    return rc;
  if ((rc = cmd(VC_MONTU_MUL, zn, zi, S_ONE)) || (rc = cmd(VC_MONTU_MUL, p[0], p[0], zn)) ||
      (rc = cmd(VC_MONTU_MUL, p[1], p[1], zn)) || (rc = vc_montu_wait()) ||
      (rc = vc_montu_store(p[0], x)) || (rc = vc_montu_store(p[1], y)))
    return rc;
  out[0] = 0x04;
  fe_to_bytes(out + 1, x);
  fe_to_bytes(out + 33, y);
  return VC_OK;
}

/* p = (0 : 1 : 0), infinity in projective coordinates. */
static int set_infinity(const upt p)
{
  int rc;
  return (rc = copy(p[0], S_ZERO)) || (rc = copy(p[1], S_RM)) ? rc : copy(p[2], S_ZERO);
}

/* Swaps the sum's and the next buffer's base slots when ctl is 1. */
static void swap_if(uint32_t ctl, unsigned *a, unsigned *b)
{
  unsigned t = (*a ^ *b) & vc_ct_mask(ctl);
  *a ^= t;
  *b ^= t;
}

/* k G by the comb: SPACING doublings, each followed by one mixed addition per table of the
 * entry that k's bits i + SPACING (j + TEETH t) select, into the next buffer, which becomes
 * the sum unless the digit is 0 (then entry 1 was added as a dummy). */
static int mul_gen(uint8_t *out, const uint8_t *k)
{
  enum { ENTRIES = (1 << P256U_COMB_TEETH) - 1 };
  unsigned cur = S_ACC, nxt = S_ACC + 3;
  upt a;
  int rc = VC_OK;
  for (int t = 0; t < P256U_COMB_TABLES && !rc; t++)
    for (int v = 0; v < ENTRIES && !rc; v++)
      for (int c = 0; c < 2 && !rc; c++)
        rc = vc_montu_load(S_TAB + 2 * (ENTRIES * t + v) + c, p256u_comb[t][v][c]);
  upt_at(a, cur);
  if (rc || (rc = set_infinity(a)))
    return rc;
  for (int i = P256U_COMB_SPACING - 1; i >= 0 && !rc; i--) {
    if ((rc = run(PG_DBL, cur, cur, nxt)))
      break;
    swap_if(1, &cur, &nxt);
    for (int t = 0; t < P256U_COMB_TABLES && !rc; t++) {
      uint32_t u = 0;
      for (int j = 0; j < P256U_COMB_TEETH; j++) {
        int bit = i + P256U_COMB_SPACING * (j + P256U_COMB_TEETH * t);
        if (bit < 256)                          /* public: the loop's position */
          u |= (uint32_t)((k[31 - bit / 8] >> (bit % 8)) & 1) << j;
      }
      uint32_t nz = vc_ct_neq0(u);
      rc = run(PG_MADD, cur, S_TAB + 2 * (ENTRIES * (unsigned)t + ((u - 1) & vc_ct_mask(nz))), nxt);
      swap_if(nz, &cur, &nxt);
    }
  }
  upt_at(a, cur);
  return rc ? rc : encode(out, a);
}

/* k P by a fixed 4-bit window over P's multiples 0 .. 15 in the unit: 64 windows of 4
 * doublings and the addition of the multiple the digit names (0: infinity, which the complete
 * formulas add like any other point). */
static int mul_var_base(uint8_t *out, const uint8_t *k, const uint8_t *in)
{
  unsigned cur = S_ACC, nxt = S_ACC + 3;
  upt a, p1;
  int rc;
  upt_at(a, S_TAB);
  upt_at(p1, S_TAB + 3);
  if ((rc = set_infinity(a)) || (rc = load_point(p1, in)))
    return rc;
  for (unsigned i = 2; i < 16 && !rc; i++) {
    unsigned from = S_TAB + 3 * (i & 1 ? i - 1 : i / 2);
    rc = i & 1 ? run(PG_ADD, from, p1[0], S_TAB + 3 * i) : run(PG_DBL, from, from, S_TAB + 3 * i);
  }
  upt_at(a, cur);
  if (rc || (rc = set_infinity(a)))
    return rc;
  for (int i = 63; i >= 0 && !rc; i--) {
    for (int j = 0; j < 4 && !rc; j++) {
      rc = run(PG_DBL, cur, cur, nxt);
      swap_if(1, &cur, &nxt);
    }
    unsigned d = nibble(k, i);
    if (!rc)
      rc = run(PG_ADD, cur, S_TAB + d + 2 * d, nxt);
    swap_if(1, &cur, &nxt);
  }
  upt_at(a, cur);
  return rc ? rc : encode(out, a);
}

int vc_p256u_mul(uint8_t *out, const uint8_t *k, const uint8_t *in)
{
  int rc = begin();
  return rc ? rc : in ? mul_var_base(out, k, in) : mul_gen(out, k);
}

/* ---- verification: Jacobian coordinates, variable time (every input is public) ---- */

/* *inf: whether p is infinity (tracked on the CPU: no point of the group doubles to it);
 * fast: additions do not look for their exceptional cases (jadd_var). */
struct jsum {
  unsigned cur, nxt;
  int inf, fast;
};

/* out = p + q, or p - q when neg (Jacobian, base slots; q affine, z unused, when mixed), with
 * p = q and p = -q handled; out is neither p nor q. *inf is set when the sum is infinity.
 * fast: p = q and p = -q are not looked for (telling them apart reads the unit, which stops the
 * command stream); either gives Z = 0, which every later doubling and addition keeps, so the
 * result is infinity, and the caller, seeing it, computes again with them looked for. */
static int jadd_var(unsigned out, unsigned p, int p_inf, unsigned q, int mixed, int neg, int fast, int *inf)
{
  uint32_t z;
  int rc;
  *inf = 0;
  if (p_inf) {
    if ((rc = copy(out, q)) || (rc = neg ? cmd(VC_MONTU_SUB, out + 1, S_ZERO, q + 1) : copy(out + 1, q + 1)))
      return rc;
    return copy(out + 2, mixed ? S_RM : q + 2);
  }
  int first = mixed ? (neg ? PG_JMADD1N : PG_JMADD1) : (neg ? PG_JADD1N : PG_JADD1);
  if ((rc = run(first, p, q, out)) || (!fast && (rc = is_zero(out + 1, &z))))
    return rc;
  if (fast)
    z = 0;
  if (z) {                                          /* U1 = U2 */
    if ((rc = is_zero(S_T, &z)))
      return rc;
    if (z)                                          /* P = Q */
      return run(PG_JDBL, p, p, out);
    *inf = 1;                                       /* P = -Q */
    return VC_OK;
  }
  return run(mixed ? PG_JMADD2 : PG_JADD2, p, q, out);
}

/* The sum += q (or -= q). */
static int jsum_add(struct jsum *s, unsigned q, int mixed, int neg)
{
  int rc = jadd_var(s->nxt, s->cur, s->inf, q, mixed, neg, s->fast, &s->inf);
  swap_if(1, &s->cur, &s->nxt);
  return rc;
}

/* k1 G + k2 P by interleaved windows (Straus), as p256.c's mul2_var: G's width-6 NAF digits
 * from its odd multiples (affine, Montgomery form, loaded), P's width-5 digits from its 8 odd
 * multiples computed here; a negative digit subtracts the entry (the "neg" programs). Then the
 * sum against r (vc_p256_x_candidates): VC_OK, VC_ERR_VERIFY, or VC_ERR_POINT when it is
 * infinity. fast: the additions' exceptional cases are not looked for (jadd_var). */
static int mul2_var(const uint8_t *k1, const uint8_t *k2, const uint8_t *in, const uint8_t *r, int fast)
{
  const unsigned gtab = S_TAB, ptab = S_TAB + 2 * P256U_G_ODD, p2 = S_ACC;
  struct jsum s = {S_ACC, S_ACC + 3, 1, fast};
  int8_t d1[257], d2[257];
  upt a;
  int rc = begin(), inf;
  upt_at(a, ptab);
  if (rc || (rc = load_point(a, in)) || (rc = run(PG_JDBL, ptab, ptab, p2)))
    return rc;
  /* P's multiples on the unit while the CPU recodes the scalars and loads G's: (2i - 1) P + 2P
   * is neither infinity nor an exceptional sum (P has the group's prime order). */
  for (unsigned i = 1; i < 8 && !rc; i++) {
    rc = jadd_var(ptab + 3 * i, ptab + 3 * (i - 1), 0, p2, 0, 0, 1, &inf);
    if (i == 2) {
      vc_p256_wnaf_var(d1, k1, 6);
      vc_p256_wnaf_var(d2, k2, 5);
    }
  }
  for (int i = 0; i < P256U_G_ODD && !rc; i++)
    for (int c = 0; c < 2 && !rc; c++)
      rc = vc_montu_load(gtab + 2 * i + c, p256u_g_odd[i][c]);
  for (int i = 256; i >= 0 && !rc; i--) {
    if (!s.inf) {
      rc = run(PG_JDBL, s.cur, s.cur, s.nxt);
      swap_if(1, &s.cur, &s.nxt);
    }
    for (int g = 0; g < 2 && !rc; g++) {
      int d = g ? d2[i] : d1[i];
      if (!d)
        continue;
      unsigned j = (unsigned)(d < 0 ? -d : d) / 2;
      rc = jsum_add(&s, g ? ptab + 3 * j : gtab + 2 * j, !g, d < 0);
    }
  }
  uint32_t z;
  if (rc || (rc = is_zero(s.cur + 2, &z)))
    return rc;
  if (s.inf || z)
    return VC_ERR_POINT;
  /* X = c Z^2 for a candidate c (vc_p256_x_candidates), in Montgomery form. */
  fe cand[2];
  const unsigned z2 = S_TMP, c = S_TMP + 1, d = S_TMP + 2;
  rc = cmd(VC_MONTU_MUL, z2, s.cur + 2, s.cur + 2);
  for (int i = 0, n = vc_p256_x_candidates(cand, r); i < n && !rc; i++) {
    if ((rc = vc_montu_load(c, cand[i])) || (rc = cmd(VC_MONTU_MUL, c, c, S_R2)) ||
        (rc = cmd(VC_MONTU_MUL, d, z2, c)) || (rc = cmd(VC_MONTU_SUB, d, s.cur, d)) ||
        (rc = is_zero(d, &z)))
      return rc;
    if (z)
      return VC_OK;
  }
  return rc ? rc : VC_ERR_VERIFY;
}

/* Without looking for the exceptional additions first: but for crafted inputs they do not occur
 * (by chance, with odds of about one in the group's order an addition), and the stream of
 * commands runs without a stop; an infinite sum is computed again with them looked for. */
int vc_p256u_mul2_eq_x_var(const uint8_t *k1, const uint8_t *k2, const uint8_t *in, const uint8_t *r)
{
  int rc = mul2_var(k1, k2, in, r, 1);
  if (rc == VC_ERR_POINT)
    rc = mul2_var(k1, k2, in, r, 0);
  return rc == VC_ERR_POINT ? VC_ERR_VERIFY : rc;
}
