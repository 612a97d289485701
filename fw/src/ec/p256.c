/* P-256 (FIPS 186-4 D.1.2.3) behind the vc_ec_impl interface. Constant time except the
 * verification's double multiplication (mul2_var), whose inputs are all public.
 *
 * Field: 8-limb elements below p = 2^256 - 2^224 + 2^192 + 2^96 - 1; products by rows with the
 * multiplier operand in registers, then the special reduction of FIPS 186-4 D.2.3 (p's sparse
 * form turns the upper half into sums and differences of its words). No secret-dependent
 * branches: selections are masks.
 * Code size decides speed on this core: the field code and the formula interpreter together
 * fit VexRiscv's 4 KiB direct-mapped instruction cache, in a linker section of their own.
 * Unrolled product scanning with per-call formulas (8 KiB of code) cost about 3,200 cycles a
 * field product inside a scalar multiplication, this code 1,370; a rolled dedicated squaring
 * was slower than the product.
 * Points: homogeneous projective coordinates with the complete formulas of Renes, Costello and
 * Batina (2016, Algorithms 4 and 6 for a = -3), which have no exceptional cases: the point at
 * infinity (0 : 1 : 0) and doubling need no branches.
 * Scalar multiplication: a fixed 4-bit window over a table of 16 multiples (variable base),
 * and for the generator a comb of two 5-tooth tables (26 doublings, 52 mixed additions).
 * Every table lookup reads every entry. One inversion (Fermat) returns to affine.
 * Verification: u1 G + u2 Q in Jacobian coordinates by interleaved NAF windows, compared with
 * r without an inversion (vc_p256_x_candidates).
 * In a build with the Montgomery co-processor, the scalar multiplications run on it instead
 * (p256_mont.c, unless the request turns it off). */
#include <string.h>

#include "../internal.h"
#include "../mp/mpn.h"
#include "accel.h"
#include "ec_internal.h"
#include "p256_internal.h"

typedef struct {
  fe x, y, z;
} pt;

/* ---- field ---- */

/* r = a + b and r = a - b on 8 words, returning the carry or borrow: unrolled here rather than
 * vc_mpn_add_n / vc_mpn_sub_n, whose calls were half of a 360-cycle field addition. */
static VC_INLINE uint32_t add8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t c = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; i++) {
    uint32_t s = a[i] + c;
    c = s < c;
    r[i] = s + b[i];
    c += r[i] < s;
  }
  return c;
}

static VC_INLINE uint32_t sub8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t borrow = 0;
#pragma GCC unroll 8
  for (int i = 0; i < N; i++) {
    uint32_t d = a[i] - b[i], b2 = a[i] < b[i];
    r[i] = d - borrow;
    borrow = b2 | (d < borrow);
  }
  return borrow;
}

/* r = a - p if a >= p (a < 2^256 + carry * 2^256 with the carry given), without branches. */
VC_HOT(p256) static void fe_cond_sub(fe r, const uint32_t *a, uint32_t carry)
{
  fe t;
  uint32_t keep = sub8(t, a, P) & (carry ^ 1);     /* a < p: keep a */
#pragma GCC unroll 8
  for (int i = 0; i < N; i++)
    r[i] = vc_ct_mux(keep, a[i], t[i]);
}

VC_HOT(p256) static void fe_add(fe r, const fe a, const fe b)
{
  fe t;
  uint32_t c = add8(t, a, b);
  fe_cond_sub(r, t, c);
}

/* r = a - b, plus p when that borrows. */
VC_HOT(p256) static void fe_sub(fe r, const fe a, const fe b)
{
  fe t, u;
  uint32_t m = vc_ct_mask(sub8(t, a, b));
#pragma GCC unroll 8
  for (int i = 0; i < N; i++)
    u[i] = P[i] & m;
  add8(r, t, u);
}

/* The reduction of a 512-bit c (FIPS 186-4 D.2.3): word j of s1 + 2 s2 + 2 s3 + s4 + s5 - s6
 * - s7 - s8 - s9 is c[j] plus and minus some of c's upper words. Each column sums into a signed
 * 64-bit accumulator kept as (hi : lo) 32-bit words, 3 instructions a term (GCC's int64 code
 * took 4 times as long). The signed carry out of the top word folds back twice through
 * 2^256 = 2^224 - 2^192 - 2^96 + 1 (mod p): the first leaves a carry of -1, 0 or 1, the
 * second none; the result is below 2^256 < 2p. */
#define ACC_ADD(x) do { uint32_t x_ = (x); lo += x_; hi += lo < x_; } while (0)
#define ACC_SUB(x) do { uint32_t x_ = (x); hi -= lo < x_; lo -= x_; } while (0)
#define ACC_SADD(v) \
  do { int32_t v_ = (v); lo += (uint32_t)v_; hi += (v_ >> 31) + (lo < (uint32_t)v_); } while (0)
#define COLUMN(j, terms)                    \
  do {                                      \
    lo = c[j];                              \
    hi = 0;                                 \
    ACC_SADD(carry);                        \
    terms;                                  \
    w[j] = lo;                              \
    carry = hi;                             \
  } while (0)

static const int8_t red_fold[N] = {1, 0, 0, -1, 0, 0, -1, 1};

VC_HOT(p256) static void fe_reduce(fe r, const uint32_t *c)
{
  uint32_t w[N], lo;
  int32_t hi, carry = 0;
  const uint32_t c8 = c[8], c9 = c[9], c10 = c[10], c11 = c[11], c12 = c[12], c13 = c[13],
                 c14 = c[14], c15 = c[15];
  COLUMN(0, ACC_ADD(c8); ACC_ADD(c9); ACC_SUB(c11); ACC_SUB(c12); ACC_SUB(c13); ACC_SUB(c14));
  COLUMN(1, ACC_ADD(c9); ACC_ADD(c10); ACC_SUB(c12); ACC_SUB(c13); ACC_SUB(c14); ACC_SUB(c15));
  COLUMN(2, ACC_ADD(c10); ACC_ADD(c11); ACC_SUB(c13); ACC_SUB(c14); ACC_SUB(c15));
  COLUMN(3, ACC_ADD(c11); ACC_ADD(c11); ACC_ADD(c12); ACC_ADD(c12); ACC_ADD(c13);
            ACC_SUB(c15); ACC_SUB(c8); ACC_SUB(c9));
  COLUMN(4, ACC_ADD(c12); ACC_ADD(c12); ACC_ADD(c13); ACC_ADD(c13); ACC_ADD(c14);
            ACC_SUB(c9); ACC_SUB(c10));
  COLUMN(5, ACC_ADD(c13); ACC_ADD(c13); ACC_ADD(c14); ACC_ADD(c14); ACC_ADD(c15);
            ACC_SUB(c10); ACC_SUB(c11));
  COLUMN(6, ACC_ADD(c14); ACC_ADD(c14); ACC_ADD(c14); ACC_ADD(c15); ACC_ADD(c15); ACC_ADD(c13);
            ACC_SUB(c8); ACC_SUB(c9));
  COLUMN(7, ACC_ADD(c15); ACC_ADD(c15); ACC_ADD(c15); ACC_ADD(c8); ACC_SUB(c10); ACC_SUB(c11);
            ACC_SUB(c12); ACC_SUB(c13));
#pragma GCC unroll 2
  for (int fold = 0; fold < 2; fold++) {
    int32_t top = carry;
    carry = 0;
#pragma GCC unroll 8
    for (int j = 0; j < N; j++) {
      lo = w[j];
      hi = 0;
      ACC_SADD(carry);
      ACC_SADD(red_fold[j] * top);
      w[j] = lo;
      carry = hi;
    }
  }
  fe_cond_sub(r, w, 0);
}

/* r = a b (16 words) by rows: b stays in registers and each row adds a[i] b at word i (row 0
 * writes r[0..8], so r needs no clearing: a memset call there left the hot group, and where the
 * linker put memset moved P-256's cycles). Rolled over i to stay small (see fe_reduce). */
#define MACW(j, bj, tj)                                          \
  do {                                                           \
    uint64_t p_ = (uint64_t)ai * (bj) + (tj) + cy;               \
    t[j] = (uint32_t)p_;                                         \
    cy = (uint32_t)(p_ >> 32);                                   \
  } while (0)

VC_HOT(p256) static void mul8(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  const uint32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6],
                 b7 = b[7];
  uint32_t *t = r, ai = a[0], cy = 0;
  MACW(0, b0, 0); MACW(1, b1, 0); MACW(2, b2, 0); MACW(3, b3, 0);
  MACW(4, b4, 0); MACW(5, b5, 0); MACW(6, b6, 0); MACW(7, b7, 0);
  t[8] = cy;
  for (int i = 1; i < N; i++) {
    t = r + i, ai = a[i], cy = 0;
    MACW(0, b0, t[0]); MACW(1, b1, t[1]); MACW(2, b2, t[2]); MACW(3, b3, t[3]);
    MACW(4, b4, t[4]); MACW(5, b5, t[5]); MACW(6, b6, t[6]); MACW(7, b7, t[7]);
    t[8] = cy;
  }
}

VC_HOT(p256) static void fe_mul(fe r, const fe a, const fe b)
{
  uint32_t c[2 * N];
  mul8(c, a, b);
  fe_reduce(r, c);
}

static void fe_sqr(fe r, const fe a)
{
  fe_mul(r, a, a);
}

static void fe_sqr_n(fe r, const fe a, int n)
{
  memcpy(r, a, sizeof(fe));
  while (n-- > 0)
    fe_sqr(r, r);
}

/* a^(p-2) by the chain vc_p256_inv_chain. */
static void fe_inv(fe r, const fe a)
{
  fe reg[P256_INV_REGS];
  memcpy(reg[0], a, sizeof(fe));
  for (int i = 0; i < P256_INV_STEPS; i++) {
    const p256_chain_step *c = &vc_p256_inv_chain[i];
    fe_sqr_n(reg[c->dst], reg[c->src], c->sq);
    fe_mul(reg[c->dst], reg[c->dst], reg[c->mul]);
  }
  memcpy(r, reg[P256_INV_OUT], sizeof(fe));
}

/* r = a (`words` words) when ctl is 1: out of line, in the hot group. */
VC_HOT(p256) static void fe_select(uint32_t *r, const uint32_t *a, uint32_t ctl, int words)
{
  vc_ct_copy(ctl, r, a, (size_t)words);
}

static uint32_t fe_is_zero(const fe a)
{
  uint32_t acc = 0;
  for (int i = 0; i < N; i++)
    acc |= a[i];
  return vc_ct_eq0(acc);
}

/* ---- points: complete projective formulas (Renes-Costello-Batina, a = -3) ----
 * Run as programs (p256_common.c) over a register file of field elements: one small
 * interpreter instead of ~80 inlined calls keeps the formulas inside the instruction cache with
 * the field code. */

/* The register file: P's and Q's coordinates and b in place (programs never write them), the
 * temporaries local. */
typedef struct {
  uint32_t *reg[NREG];
  fe tmp[NREG - T0];
} vm;

VC_HOT(p256) static void vm_init(vm *v, const pt *p, const pt *q)
{
  const uint32_t *in[T0] = {p->x, p->y, p->z, q->x, q->y, q->z, B};
  for (int i = 0; i < T0; i++)
    v->reg[i] = (uint32_t *)in[i];
  for (int i = T0; i < NREG; i++)
    v->reg[i] = v->tmp[i - T0];
}

VC_HOT(p256) static void vm_run(vm *v, const p256_prog *prog)
{
  for (const fop *o = prog->op; o < prog->op + prog->len; o++) {
    uint32_t *d = v->reg[(*o)[1]], *a = v->reg[(*o)[2]], *b = v->reg[(*o)[3]];
    if ((*o)[0] == MUL)
      fe_mul(d, a, b);
    else if ((*o)[0] == ADD)
      fe_add(d, a, b);
    else
      fe_sub(d, a, b);
  }
}

VC_HOT(p256) static void vm_out(const vm *v, pt *r)
{
  memcpy(r->x, v->reg[X3], sizeof(fe));
  memcpy(r->y, v->reg[Y3], sizeof(fe));
  memcpy(r->z, v->reg[Z3], sizeof(fe));
}


VC_HOT(p256) static void pt_run(pt *r, const pt *p, const pt *q, const p256_prog *prog)
{
  vm v;
  vm_init(&v, p, q);
  vm_run(&v, prog);
  vm_out(&v, r);
}

static void pt_add(pt *r, const pt *p, const pt *q)
{
  pt_run(r, p, q, &vc_p256_add);
}

static void pt_madd(pt *r, const pt *p, const pt *q)
{
  pt_run(r, p, q, &vc_p256_madd);
}

static void pt_double(pt *r, const pt *p)
{
  pt_run(r, p, p, &vc_p256_dbl);
}


/* ---- verification: Jacobian coordinates, variable time (every input is public) ----
 * (X : Y : Z) is (X / Z^2, Y / Z^3); Z = 0 is infinity. These formulas (p256_common.c) are not
 * complete: the additions branch on their exceptional cases. */

static void jac_double(pt *r, const pt *p)
{
  pt_run(r, p, p, &vc_p256_jdbl);
}

/* r = p + q; q affine (z = 1) when mixed. */
static void jac_add_var(pt *r, const pt *p, const pt *q, int mixed)
{
  vm v;
  if (fe_is_zero(p->z)) {
    *r = *q;
    return;
  }
  vm_init(&v, p, q);
  if (mixed)
    vm_run(&v, &vc_p256_jmadd1);
  else
    vm_run(&v, &vc_p256_jadd1);
  if (fe_is_zero(v.reg[Y3])) {
    if (fe_is_zero(v.reg[T0]))
      jac_double(r, p);                        /* P = Q */
    else
      memset(r, 0, sizeof(*r));                /* P = -Q */
    return;
  }
  if (mixed)
    vm_run(&v, &vc_p256_jmadd2);
  else
    vm_run(&v, &vc_p256_jadd2);
  vm_out(&v, r);
}

/* Affine encoding of a projective point; VC_ERR_POINT for infinity (z = 0). */
static int pt_encode(uint8_t *out, const pt *p)
{
  fe zi, x, y;
  if (fe_is_zero(p->z))
    return VC_ERR_POINT;
  fe_inv(zi, p->z);
  fe_mul(x, p->x, zi);
  fe_mul(y, p->y, zi);
  out[0] = 0x04;
  fe_to_bytes(out + 1, x);
  fe_to_bytes(out + 33, y);
  return VC_OK;
}

/* Coordinates below p (VC_ERR_POINT otherwise); z = 1. */
static int pt_decode(pt *p, const uint8_t *in)
{
  fe_from_bytes(p->x, in + 1);
  fe_from_bytes(p->y, in + 33);
  memset(p->z, 0, sizeof(fe));
  p->z[0] = 1;
  return vc_mpn_cmp(p->x, P, N) < 0 && vc_mpn_cmp(p->y, P, N) < 0 ? VC_OK : VC_ERR_POINT;
}

/* x^3 - 3x + b. */
static void rhs(fe r, const fe x)
{
  fe t;
  fe_sqr(t, x);
  fe_mul(t, t, x);
  fe_sub(t, t, x);
  fe_sub(t, t, x);
  fe_sub(t, t, x);
  fe_add(r, t, B);
}

/* Constant-time read of entry `idx` of a table of n points: every entry is read. */
static void pt_lookup(pt *r, const pt *tab, int n, uint32_t idx)
{
  memset(r, 0, sizeof(*r));
  for (int i = 0; i < n; i++)
    fe_select((uint32_t *)r, (const uint32_t *)&tab[i], vc_ct_eq((uint32_t)i, idx), 3 * N);
}


/* kP by a fixed 4-bit window: 64 windows, each 4 doublings and the addition of table[digit]
 * (table[0] is infinity; the complete formulas add it like any other point). */
static void mul_var_base(pt *r, const uint8_t *k, const pt *p)
{
  pt tab[16], e;
  memset(&tab[0], 0, sizeof(pt));
  tab[0].y[0] = 1;
  tab[1] = *p;
  for (int i = 2; i < 16; i++) {
    if (i & 1)
      pt_add(&tab[i], &tab[i - 1], p);
    else
      pt_double(&tab[i], &tab[i / 2]);
  }
  *r = tab[0];
  for (int i = 63; i >= 0; i--) {
    for (int j = 0; j < 4; j++)
      pt_double(r, r);
    pt_lookup(&e, tab, 16, nibble(k, i));
    pt_add(r, r, &e);
  }
}

/* The generator's tables, generated with vexrun/models/ecp.py (tests/host/test_p256.py recomputes
 * them): a comb of P256_COMB_TABLES tables of P256_COMB_TEETH teeth, and G's odd multiples. */
#include "p256_comb.h"

#define COMB_ENTRIES ((1 << P256_COMB_TEETH) - 1)

/* kG by the comb: P256_COMB_SPACING doublings, each followed by one mixed addition per table of
 * the entry that k's bits i + SPACING (j + TEETH t) select. Digit 0 adds a dummy entry and
 * keeps the old sum. */
static void mul_gen(pt *r, const uint8_t *k)
{
  pt e, s;
  memset(r, 0, sizeof(*r));
  r->y[0] = 1;
  memset(&e, 0, sizeof(e));
  e.z[0] = 1;
  for (int i = P256_COMB_SPACING - 1; i >= 0; i--) {
    pt_double(r, r);
    for (int t = 0; t < P256_COMB_TABLES; t++) {
      uint32_t u = 0;
      for (int j = 0; j < P256_COMB_TEETH; j++) {
        int bit = i + P256_COMB_SPACING * (j + P256_COMB_TEETH * t);
        if (bit < 256)                          /* public: the loop's position */
          u |= (uint32_t)((k[31 - bit / 8] >> (bit % 8)) & 1) << j;
      }
      for (uint32_t v = 0; v < COMB_ENTRIES; v++) {
        uint32_t hit = vc_ct_eq(v, u - 1);
        fe_select(e.x, p256_comb[t][v][0], hit, N);
        fe_select(e.y, p256_comb[t][v][1], hit, N);
      }
      pt_madd(&s, r, &e);
      fe_select((uint32_t *)r, (const uint32_t *)&s, vc_ct_neq0(u), 3 * N);
    }
  }
}

/* k1 G + k2 P by interleaved windows (Straus): one chain of 256 doublings, G's width-6 NAF
 * digits added from p256_g_odd (mixed additions), P's width-5 digits from 8 odd multiples
 * computed here. Variable time. */
static void mul2_var(pt *r, const uint8_t *k1, const uint8_t *k2, const pt *p)
{
  int8_t d1[257], d2[257];
  pt tab[8], p2, g, e;
  fe zero = {0};
  vc_p256_wnaf_var(d1, k1, 6);
  vc_p256_wnaf_var(d2, k2, 5);
  tab[0] = *p;
  jac_double(&p2, p);
  for (int i = 1; i < 8; i++)
    jac_add_var(&tab[i], &tab[i - 1], &p2, 0);
  memset(r, 0, sizeof(*r));
  memset(&g, 0, sizeof(g));
  g.z[0] = 1;
  for (int i = 256; i >= 0; i--) {
    if (!fe_is_zero(r->z))
      jac_double(r, r);
    if (d1[i]) {
      int j = (d1[i] < 0 ? -d1[i] : d1[i]) / 2;
      memcpy(g.x, p256_g_odd[j][0], sizeof(fe));
      memcpy(g.y, p256_g_odd[j][1], sizeof(fe));
      if (d1[i] < 0)
        fe_sub(g.y, zero, g.y);
      jac_add_var(r, r, &g, 1);
    }
    if (d2[i]) {
      e = tab[(d2[i] < 0 ? -d2[i] : d2[i]) / 2];
      if (d2[i] < 0)
        fe_sub(e.y, zero, e.y);
      jac_add_var(r, r, &e, 0);
    }
  }
}

/* ---- the vc_ec_impl functions ---- */

static int p_check(const vc_ec_curve *c, vc_ec_set set, const uint8_t *in, int full)
{
  pt p;
  fe l, r;
  (void)c;
  (void)set;
  (void)full;                                    /* cofactor 1: on the curve is in the group */
  if (pt_decode(&p, in))
    return VC_ERR_POINT;
  fe_sqr(l, p.y);
  rhs(r, p.x);
  return vc_mpn_cmp(l, r, N) ? VC_ERR_POINT : VC_OK;
}

static int p_mul(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *k,
                 const uint8_t *in)
{
  pt p, r;
  (void)c;
  (void)set;
  if (vc_accel_on(VC_ACCEL_MONT))
    return vc_p256u_mul(out, k, in);
  if (in) {
    pt_decode(&p, in);
    mul_var_base(&r, k, &p);
  } else {
    mul_gen(&r, k);
  }
  return pt_encode(out, &r);
}

static int p_add(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *a,
                 const uint8_t *b)
{
  pt p, q;
  (void)c;
  (void)set;
  pt_decode(&p, a);
  pt_decode(&q, b);
  pt_add(&p, &p, &q);
  return pt_encode(out, &p);
}

static void p_neg(const vc_ec_curve *c, uint8_t *out, const uint8_t *in)
{
  fe y, zero = {0};
  (void)c;
  memmove(out, in, 33);
  fe_from_bytes(y, in + 33);
  fe_sub(y, zero, y);
  fe_to_bytes(out + 33, y);
}

/* y = (x^3 - 3x + b)^((p+1)/4) (p = 3 mod 4), the even root; VC_ERR_RANGE for x >= p or a
 * non-residue. (p+1)/4 = 2^254 - 2^222 + 2^190 + 2^94: a^(2^32 - 1) squared in place. */
static int p_lift_x(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *xb)
{
  fe x, a, t, t32, y;
  (void)c;
  (void)set;
  fe_from_bytes(x, xb);
  if (vc_mpn_cmp(x, P, N) >= 0)
    return VC_ERR_RANGE;
  rhs(a, x);
  /* (p+1)/4 in binary: 32 ones, 31 zeros, a one, 95 zeros, a one, 94 zeros. */
  fe_sqr(t, a);
  fe_mul(t, t, a);                              /* 2 ones */
  fe_sqr_n(y, t, 2);
  fe_mul(t, y, t);                              /* 4 */
  fe_sqr_n(y, t, 4);
  fe_mul(t, y, t);                              /* 8 */
  fe_sqr_n(y, t, 8);
  fe_mul(t, y, t);                              /* 16 */
  fe_sqr_n(y, t, 16);
  fe_mul(t32, y, t);                            /* 32 */
  fe_sqr_n(y, t32, 32);
  fe_mul(y, y, a);
  fe_sqr_n(y, y, 96);
  fe_mul(y, y, a);
  fe_sqr_n(y, y, 94);
  fe_sqr(t, y);
  if (vc_mpn_cmp(t, a, N))
    return VC_ERR_RANGE;
  if (y[0] & 1) {
    fe zero = {0};
    fe_sub(y, zero, y);
  }
  out[0] = 0x04;
  fe_to_bytes(out + 1, x);
  fe_to_bytes(out + 33, y);
  return VC_OK;
}

/* X = c Z^2 for a candidate c of vc_p256_x_candidates: no inversion. */
static int p_mul2_eq_x_var(const vc_ec_curve *c, vc_ec_set set, const uint8_t *k1, const uint8_t *k2,
                           const uint8_t *in, const uint8_t *r)
{
  pt p, s;
  fe cand[2], z2, t;
  (void)c;
  (void)set;
  if (vc_accel_on(VC_ACCEL_MONT))
    return vc_p256u_mul2_eq_x_var(k1, k2, in, r);
  pt_decode(&p, in);
  mul2_var(&s, k1, k2, &p);
  if (fe_is_zero(s.z))
    return VC_ERR_VERIFY;                      /* infinity */
  fe_sqr(z2, s.z);
  for (int i = 0, n = vc_p256_x_candidates(cand, r); i < n; i++) {
    fe_mul(t, cand[i], z2);
    if (!vc_mpn_cmp(t, s.x, N))
      return VC_OK;
  }
  return VC_ERR_VERIFY;
}

static const vc_ec_impl p256_impl = {p_check, p_mul, p_add, p_neg, p_lift_x, p_mul2_eq_x_var, 1};

static const uint8_t p256_n[32] = {
  0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51};
static const uint8_t p256_g[65] = {
  0x04, 0x6b, 0x17, 0xd1, 0xf2, 0xe1, 0x2c, 0x42, 0x47, 0xf8, 0xbc, 0xe6, 0xe5, 0x63, 0xa4, 0x40,
  0xf2, 0x77, 0x03, 0x7d, 0x81, 0x2d, 0xeb, 0x33, 0xa0, 0xf4, 0xa1, 0x39, 0x45, 0xd8, 0x98, 0xc2,
  0x96, 0x4f, 0xe3, 0x42, 0xe2, 0xfe, 0x1a, 0x7f, 0x9b, 0x8e, 0xe7, 0xeb, 0x4a, 0x7c, 0x0f, 0x9e,
  0x16, 0x2b, 0xce, 0x33, 0x57, 0x6b, 0x31, 0x5e, 0xce, 0xcb, 0xb6, 0x40, 0x68, 0x37, 0xbf, 0x51,
  0xf5};

const vc_ec_curve vc_ec_p256 = {VC_EC_P256, "P-256", 32, 256, 32, 1, p256_n, p256_g, &p256_impl, NULL};
