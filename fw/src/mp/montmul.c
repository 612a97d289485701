/* Montgomery contexts and the five modular-multiplication algorithms of seed 004 (mp.h).
 *
 * All five return a*b/R mod m, fully reduced, for their own R = 2^(k*digits): k = 32 for
 * ALGO1 and ALGO4, the configured radix bits for ALGO2 and ALGO3, 1 for ALGO5. Radix-2^32
 * versions of ALGO2/ALGO3 take word-level paths (the fast ones on a 32-bit core); other radices
 * go digit by digit through the same limb primitives. */
#include <string.h>

#include "vexcrypt/mp.h"
#include "mont.h"
#include "mpn.h"

const vc_mp_cfg vc_mp_cfg_default = {VC_HAVE_MONT ? VC_MM_UNIT : VC_MM_ALGO2, 32, 1, VC_EXP_WINDOW, 6, 0};

#define T_LIMBS (2 * VC_MP_LIMBS + 3)
#define DIGIT_MASK(k) ((k) == 32 ? 0xFFFFFFFFu : (1u << (k)) - 1)

/* ---- reduction steps shared by the algorithms ---- */

/* Word-level Montgomery reduction (REDC) of the 2n-limb t: hi:r = t/2^(32n) mod m, below 2m,
 * a row t += q*m*2^(32i) per word (long rows: cheaper on VexRiscv than column by column). */
VC_HOT(mp) static uint32_t redc32(const vc_mont *c, uint32_t *r, uint32_t *t)
{
  size_t n = c->n;
  uint32_t carry = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t cy = vc_mpn_addmul_1(t + i, c->m, n, t[i] * c->m0inv);
    uint32_t s = t[i + n] + cy;
    uint32_t c1 = s < cy;
    t[i + n] = s + carry;
    carry = c1 + (t[i + n] < carry);
  }
  vc_mpn_copy(r, t + n, n);
  return carry;
}

/* t[w..len) += (q << s) * m, where q < 2^k, s < 32: split so each part fits a limb. */
static void addmul_shifted(uint32_t *t, size_t len, size_t w, unsigned s, uint32_t q,
                           const uint32_t *m, size_t n)
{
  uint32_t parts[2] = {s ? q << s : q, s ? q >> (32 - s) : 0};
  for (size_t p = 0; p < 2; p++, w++) {
    if (!parts[p])
      continue;
    uint32_t cy = vc_mpn_addmul_1(t + w, m, n, parts[p]);
    for (size_t i = w + n; cy && i < len; i++) {
      t[i] += cy;
      cy = t[i] < cy;
    }
  }
}

/* Bits [pos, pos+k) of t (k <= 32). */
static uint32_t digit_at(const uint32_t *t, size_t len, size_t pos, unsigned k)
{
  size_t w = pos / 32;
  unsigned s = pos % 32;
  uint32_t v = w < len ? t[w] >> s : 0;
  if (s && s + k > 32 && w + 1 < len)
    v |= t[w + 1] << (32 - s);
  return v & DIGIT_MASK(k);
}

/* Radix-2^k reduction of the product t (len limbs): one digit of t per step, then the shift
 * by k*digits bits (hi:r below 2m). k = 32 is redc32. */
static uint32_t redc_radix(const vc_mont *c, uint32_t *r, uint32_t *t, size_t len)
{
  unsigned k = c->cfg.radix_bits;
  uint32_t mask = DIGIT_MASK(k), m0 = c->m0inv & mask;
  for (size_t i = 0; i < c->digits; i++) {
    size_t pos = i * k;
    uint32_t q = (digit_at(t, len, pos, k) * m0) & mask;
    addmul_shifted(t, len, pos / 32, pos % 32, q, c->m, c->n);
  }
  size_t shift = (size_t)k * c->digits, w = shift / 32;
  vc_mpn_rshift(t + w, t + w, len - w, shift % 32);
  vc_mpn_copy(r, t + w, c->n);
  return t[w + c->n];
}

/* ---- the algorithms ---- */

/* ALGO1: T = a*b; M = T*N' mod R; U = (T + M*m)/R. The intra-MM cache remembers M by T. */
static uint32_t cache_hash(const uint32_t *k, size_t n)
{
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ k[i]) * 16777619u;
  return h;
}

VC_NOINLINE static uint32_t algo1(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  size_t n = c->n;
  uint32_t t[T_LIMBS], mm[2 * VC_MP_LIMBS], u[T_LIMBS];
  vc_mpn_mul(t, a, n, b, n);
  vc_mp_cache *ch = c->intra;
  uint32_t h = 0, way = 0;
  int hit = 0;
  if (ch) {
    h = cache_hash(t, 2 * n);
    way = h % VC_MP_CACHE_WAYS;
    hit = ch->valid[way] && ch->key_hash[way] == h && !memcmp(ch->key[way], t, 8 * n);
  }
  if (hit) {
    VC_COST(MM_HIT, n, 0);
    ch->hits++;
    vc_mpn_copy(mm, ch->val[way], n);
  } else {
    vc_mpn_mul(u, t, n, c->ninv, n);       /* M = T*N' mod R: the low half */
    vc_mpn_copy(mm, u, n);
    if (ch) {
      VC_COST(MM_MISS, n, 0);
      ch->misses++;
      ch->valid[way] = 1;
      ch->key_hash[way] = h;
      vc_mpn_copy(ch->key[way], t, 2 * n);
      vc_mpn_copy(ch->val[way], mm, n);
    }
  }
  vc_mpn_mul(u, mm, n, c->m, n);
  uint32_t carry = vc_mpn_add_n(u, u, t, 2 * n);
  vc_mpn_copy(r, u + n, n);
  return carry;
}

/* ALGO2: product (dedicated squaring when a == b and cfg.sqr), then the reduction. */
VC_HOT(mp) VC_NOINLINE static uint32_t algo2(const vc_mont *c, uint32_t *r, const uint32_t *a,
                                         const uint32_t *b)
{
  size_t n = c->n;
  uint32_t t[T_LIMBS];
  if (a == b && c->cfg.sqr)
    vc_mpn_sqr(t, a, n);
  else
    vc_mpn_mul(t, a, n, b, n);
  if (c->cfg.radix_bits == 32)
    return redc32(c, r, t);
  vc_mpn_zero(t + 2 * n, 3);
  return redc_radix(c, r, t, 2 * n + 3);
}

/* ALGO3, radix 2^32: product and reduction interleaved column by column (finely integrated
 * product scanning); with cfg.sqr a square sums each cross product once. */
VC_NOINLINE static uint32_t algo3_32(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t q[VC_MP_LIMBS];
  if (a == b && c->cfg.sqr)
    return vc_mpn_mont_sqr(r, a, c->m, c->n, c->m0inv, q);
  return vc_mpn_mont_mul(r, a, b, c->m, c->n, c->m0inv, q);
}

/* ALGO3, radix 2^k < 2^32: the same steps digit by digit, the division a k-bit shift. */
VC_NOINLINE static uint32_t algo3_radix(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  size_t n = c->n;
  unsigned k = c->cfg.radix_bits;
  uint32_t mask = DIGIT_MASK(k), m0 = c->m0inv & mask;
  uint32_t t[VC_MP_LIMBS + 3];
  vc_mpn_zero(t, n + 3);
  for (size_t i = 0; i < c->digits; i++) {
    uint32_t ai = digit_at(a, n, i * k, k);
    addmul_shifted(t, n + 3, 0, 0, ai, b, n);
    uint32_t q = ((t[0] & mask) * m0) & mask;
    addmul_shifted(t, n + 3, 0, 0, q, c->m, n);
    vc_mpn_rshift(t, t, n + 3, k);
  }
  vc_mpn_copy(r, t, n);
  return t[n];
}

/* ALGO5, radix 2: per bit of a, t = (t + a_i*b + q*m)/2 with masks instead of products. */
VC_NOINLINE static uint32_t algo5(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  size_t n = c->n;
  uint32_t t[VC_MP_LIMBS + 1];
  vc_mpn_zero(t, n + 1);
  for (size_t i = 0; i < 32 * n; i++) {
    uint32_t ma = vc_ct_mask((a[i / 32] >> (i % 32)) & 1), cy = 0;
    for (size_t j = 0; j < n; j++) {
      uint32_t s = t[j] + cy;
      cy = s < cy;
      t[j] = s + (b[j] & ma);
      cy += t[j] < s;
    }
    t[n] += cy;
    uint32_t mq = vc_ct_mask(t[0] & 1);
    cy = 0;
    for (size_t j = 0; j < n; j++) {
      uint32_t s = t[j] + cy;
      cy = s < cy;
      t[j] = s + (c->m[j] & mq);
      cy += t[j] < s;
    }
    t[n] += cy;
    vc_mpn_rshift(t, t, n + 1, 1);
  }
  vc_mpn_copy(r, t, n);
  return t[n];
}

/* ALGO4: Karatsuba-Ofman product (squaring when a == b and cfg.sqr), then REDC. */
VC_NOINLINE static uint32_t algo4(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t t[T_LIMBS], s[VC_MPN_KARATSUBA_SCRATCH(VC_MP_LIMBS)], bb[VC_MP_LIMBS];
  if (a == b && !c->cfg.sqr) {      /* the Karatsuba code squares whenever the pointers match */
    vc_mpn_copy(bb, b, c->n);
    b = bb;
  }
  vc_mpn_mul_karatsuba(t, a, b, c->n, s);
  return redc32(c, r, t);
}

/* The unit's R must be the context's 2^(32n), so that UNIT computes what ALGO2 does: at W = 64
 * a modulus of an odd number of limbs (DSA's 160- and 224-bit q) stays on the CPU. */
int vc_mont_unit_on(const vc_mont *c)
{
  return c->cfg.algo == VC_MM_UNIT && vc_accel_on(VC_ACCEL_MONT) && vc_montu_slots(c->n) >= 4 &&
         VC_MONTU_RLIMBS(c->n) == c->n;
}

/* UNIT: the modulus and both operands into the unit, one product, the result out. */
static int unit_mul(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  int rc;
  if ((rc = vc_montu_setup(c->n, c->m)) || (rc = vc_montu_load(VC_MONTU_SLOT_ACC, a)) ||
      (rc = vc_montu_load(VC_MONTU_SLOT_X, b)) ||
      (rc = vc_montu_mul(VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_X)))
    return rc;
  return vc_montu_store(VC_MONTU_SLOT_ACC, r);
}

/* The context's algorithm (not UNIT's unit): hi:out = a*b/R mod m, below 2m. */
VC_HOT(mp) static uint32_t product(const vc_mont *c, uint32_t *out, const uint32_t *a,
                                   const uint32_t *b)
{
  switch (c->cfg.algo) {
  case VC_MM_ALGO1:
    return algo1(c, out, a, b);
  case VC_MM_ALGO3:
    return c->cfg.radix_bits == 32 ? algo3_32(c, out, a, b) : algo3_radix(c, out, a, b);
  case VC_MM_ALGO4:
    return algo4(c, out, a, b);
  case VC_MM_ALGO5:
    return algo5(c, out, a, b);
  default:                    /* ALGO2, and UNIT's software form: ALGO2 at radix 2^32 */
    return algo2(c, out, a, b);
  }
}

/* The product, its final subtraction masked when `ct` (vc_mont_mul: constant time) or a branch
 * on the comparison (vc_mont_mul_var). */
VC_HOT(mp) static int mont_mul(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b,
                               int ct)
{
  uint32_t out[VC_MP_LIMBS];
  if (!c || !r || !a || !b)
    return VC_ERR_NULL;
  if (vc_mont_unit_on(c)) {
    VC_COST(MM_UNIT, c->n, 0);
    return unit_mul(c, r, a, b);
  }
  size_t n = c->n;
  VC_COST(MM, n, VC_COST_MM_FLAGS(c->cfg, a == b, ct));
  uint32_t hi = product(c, out, a, b);
  if (ct)
    vc_mpn_sub_m_ct(r, out, hi, c->m, n);
  else if (hi || vc_mpn_cmp(out, c->m, n) >= 0)
    vc_mpn_sub_n(r, out, c->m, n);
  else
    vc_mpn_copy(r, out, n);
  return VC_OK;
}

VC_HOT(mp) int vc_mont_mul_var(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  return mont_mul(c, r, a, b, 0);
}

VC_HOT(mp) int vc_mont_mul(const vc_mont *c, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  return mont_mul(c, r, a, b, 1);
}

VC_HOT(mp) int vc_mont_sqr_var(const vc_mont *c, uint32_t *r, const uint32_t *a)
{
  return mont_mul(c, r, a, a, 0);
}

VC_HOT(mp) int vc_mont_sqr(const vc_mont *c, uint32_t *r, const uint32_t *a)
{
  return mont_mul(c, r, a, a, 1);
}

/* ---- context ---- */

/* r = a (below 2^(32n)) in n limbs. */
static void limbs_of(uint32_t *r, const vc_mp *a, size_t n)
{
  vc_mpn_copy(r, a->d, a->n);
  vc_mpn_zero(r + a->n, n - a->n);
}

/* UNIT: R^2 mod m as the Montgomery form of 2^(32n): 2^(32w) R mod m on the CPU (w = n / 2^k,
 * halved while above R2_LIMBS and even: a quotient of w limbs), then in the unit its 2^k-th
 * power, k squarings queued back to back, each doubling the exponent of 2 (none when w = n: the
 * division gives R^2). A
 * quotient limb costs the CPU an eighth of a product at 2048 bits and W = 32: two squarings and
 * 16 limbs are the cheapest there (RSA-2048 public on a new key: 196.6 k cycles against 197.8 k
 * with 8 limbs and 202.5 k with 32); at W = 64 a product costs a quarter, and four squarings
 * and 4 limbs are (67.3 k against 68.8 k with 8 limbs and 73.8 k with 16). When m's top bit is
 * set (RSA, DH, DSA moduli), R mod m is `one` and the division runs on its limbs in place; else
 * on numbers. */
#define R2_LIMBS (16 / (VC_MONTU_WORD_LIMBS * VC_MONTU_WORD_LIMBS))
static int unit_r2(vc_mont *c, const vc_mp *m)
{
  size_t n = c->n, w = n;
  unsigned k = 0;
  uint32_t u[2 * VC_MP_LIMBS];        /* n + w limbs, w <= n */
  int rc;
  while (w > R2_LIMBS && w % 2 == 0) {
    w /= 2;
    k++;
  }
  if (m->d[n - 1] >> 31) {
    vc_mpn_zero(u, w);
    vc_mpn_copy(u + w, c->one, n);
    vc_mpn_divrem(NULL, u, n + w - 1, c->m, n);
  } else {
    vc_mp y, one;
    vc_mp_set_u32(&one, 1);
    if ((rc = vc_mp_shl_var(&y, &one, 32 * (n + w))) || (rc = vc_mp_mod_var(&y, &y, m)))
      return rc;
    limbs_of(u, &y, n);
  }
  if (k == 0) {
    vc_mpn_copy(c->r2, u, n);
    return VC_OK;
  }
  uint32_t e = 1u << k;
  if ((rc = vc_montu_setup(n, c->m)) || (rc = vc_montu_load(VC_MONTU_SLOT_X, u)) ||
      (rc = vc_montu_exp_var(&e, k + 1)))
    return rc;
  if ((rc = vc_montu_store(VC_MONTU_SLOT_ACC, c->r2)))
    return rc;
  c->r2_epoch = vc_montu_epoch();
  return VC_OK;
}

static int cfg_valid(const vc_mp_cfg *g)
{
  if (g->algo < VC_MM_ALGO1 || g->algo > VC_MM_UNIT)
    return 0;
  if ((g->algo == VC_MM_ALGO2 || g->algo == VC_MM_ALGO3) && (g->radix_bits < 1 || g->radix_bits > 32))
    return 0;
  if (g->exp < VC_EXP_LR || g->exp > VC_EXP_LADDER)
    return 0;
  return g->exp != VC_EXP_WINDOW || (g->window >= 1 && g->window <= VC_MP_MAX_WINDOW);
}

/* R mod m and R^2 mod m into c (R = 2^(k*digits) <= 2^(32n + 31)): R - m when R = 2^(32n) and
 * m's top bit is set (m < R < 2m: an RSA modulus of 32n bits), else a division; R^2 by the unit
 * when `unit`, else, for such an m when `ct` (a secret prime), in constant time: 2^a R by a
 * masked doublings of R mod m, then j Montgomery squarings, each doubling the exponent of 2,
 * with a 2^j = 32n (RSA-2048's primes: one doubling, ten squarings); otherwise a product and a
 * division. */
static int r_constants(vc_mont *c, const vc_mp *m, unsigned k, int unit, int ct)
{
  size_t n = c->n;
  vc_mp one, rm;
  int rc, word_r = k * c->digits == 32 * n && m->d[n - 1] >> 31;
  if (word_r) {
    uint32_t carry = 1;                      /* 2^(32n) - m = ~m + 1 */
    for (size_t i = 0; i < n; i++) {
      c->one[i] = ~m->d[i] + carry;
      carry = c->one[i] < carry;
    }
  } else {
    vc_mp_set_u32(&one, 1);
    if ((rc = vc_mp_shl_var(&rm, &one, (size_t)k * c->digits)) || (rc = vc_mp_mod_var(&rm, &rm, m)))
      return rc;
    limbs_of(c->one, &rm, n);
  }
  if (unit)
    return unit_r2(c, m);
  if (word_r && ct) {
    size_t a = n;
    unsigned j = 5;
    for (; a % 2 == 0; a /= 2)
      j++;
    vc_mpn_copy(c->r2, c->one, n);
    for (size_t i = 0; i < a; i++)
      vc_mpn_sub_m_ct(c->r2, c->r2, vc_mpn_lshift(c->r2, c->r2, n, 1), c->m, n);
    for (unsigned i = 0; i < j; i++)
      vc_mont_sqr(c, c->r2, c->r2);
    return VC_OK;
  }
  vc_mpn_copy(rm.d, c->one, n);
  rm.n = (uint32_t)vc_mpn_norm(rm.d, n);
  if ((rc = vc_mp_mod_mul_var(&rm, &rm, &rm, m)))
    return rc;
  limbs_of(c->r2, &rm, n);
  return VC_OK;
}

/* UNIT: R mod m and R^2 mod m of the last two moduli, a per-key constant (as a key's stored R^2
 * elsewhere): repeated operations under one key, or a CRT's two primes, skip the set-up's
 * division and squarings. */
static struct {
  uint32_t n, m[VC_MP_LIMBS], one[VC_MP_LIMBS], r2[VC_MP_LIMBS];
} unit_keys[2];
static unsigned unit_next;

static int unit_key_get(vc_mont *c)
{
  for (unsigned i = 0; i < 2; i++)
    if (unit_keys[i].n == c->n && !vc_mpn_cmp(unit_keys[i].m, c->m, c->n)) {
      vc_mpn_copy(c->one, unit_keys[i].one, c->n);
      vc_mpn_copy(c->r2, unit_keys[i].r2, c->n);
      return 1;
    }
  return 0;
}

void vc_mont_forget(void)
{
  memset(unit_keys, 0, sizeof(unit_keys));
  unit_next = 0;
}

static void unit_key_put(const vc_mont *c)
{
  unit_keys[unit_next].n = c->n;
  vc_mpn_copy(unit_keys[unit_next].m, c->m, c->n);
  vc_mpn_copy(unit_keys[unit_next].one, c->one, c->n);
  vc_mpn_copy(unit_keys[unit_next].r2, c->r2, c->n);
  unit_next ^= 1;
}

/* The bits of one digit at cfg: R = 2^(k * digits). */
static unsigned digit_bits(const vc_mp_cfg *cfg)
{
  if (cfg->algo == VC_MM_ALGO2 || cfg->algo == VC_MM_ALGO3)
    return cfg->radix_bits;
  return cfg->algo == VC_MM_ALGO5 ? 1 : 32;
}

/* The set-up of both forms; `secret`: vc_mont_init's (a secret modulus). */
static int init(vc_mont *c, const vc_mp *m, const vc_mp_cfg *cfg, vc_mp_cache *intra,
                vc_mp_cache *pre, int secret)
{
  if (!c || !m)
    return VC_ERR_NULL;
  if (!cfg)
    cfg = &vc_mp_cfg_default;
  if (m->n == 0 || m->n > VC_MP_LIMBS || !(m->d[0] & 1) || vc_mp_cmp_u32_var(m, 1) <= 0)
    return VC_ERR_MODULUS;
  if (!cfg_valid(cfg))
    return VC_ERR_PARAM;
  size_t n = m->n;
  /* Every field is set below (the limb arrays to n limbs, all that is read): clearing the
   * context first would be 2 KiB of stores, 2,300 cycles on VexRiscv. */
  c->n = (uint32_t)n;
  c->cfg = *cfg;
  vc_mpn_copy(c->m, m->d, n);
  /* -m^-1 mod 2^32 by Newton's iteration: each step doubles the correct low bits (m odd:
   * m*m = 1 mod 8 gives three to start). */
  uint32_t inv = m->d[0];
  for (int i = 0; i < 4; i++)
    inv *= 2 - m->d[0] * inv;
  c->m0inv = -inv;
  unsigned k = digit_bits(cfg);
  if (k == 32)
    c->cfg.radix_bits = 32;
  c->digits = (uint32_t)((32 * n + k - 1) / k);
  c->intra = c->pre = NULL;                /* the set-up's own products: no cache */
  c->r2_epoch = 0;
  if (cfg->algo == VC_MM_ALGO1) {
    /* N' = -m^-1 mod 2^(32n), word by word: choose x_i to clear word i of m*x + 1. */
    VC_COST(NINV, n, 0);
    uint32_t w[VC_MP_LIMBS];
    for (size_t i = 0; i < n; i++)
      w[i] = 0xFFFFFFFFu;                  /* -1 mod 2^(32n) */
    for (size_t i = 0; i < n; i++) {
      c->ninv[i] = w[i] * -c->m0inv;
      vc_mpn_submul_1(w + i, c->m, n - i, c->ninv[i]);
    }
  }
  int rc, unit = vc_mont_unit_on(c);
  VC_COST(INIT, n, (secret && !cfg->var) | unit << 1 | (intra || pre) << 2);
  if (!unit || !unit_key_get(c)) {
    if ((rc = r_constants(c, m, k, unit, secret && !cfg->var)))
      return rc;
    if (unit)
      unit_key_put(c);
  }
  c->intra = intra;
  c->pre = pre;
  if (intra)
    memset(intra, 0, sizeof(*intra));
  if (pre)
    memset(pre, 0, sizeof(*pre));
  return VC_OK;
}

int vc_mont_init(vc_mont *c, const vc_mp *m, const vc_mp_cfg *cfg, vc_mp_cache *intra,
                 vc_mp_cache *pre)
{
  return init(c, m, cfg, intra, pre, 1);
}

int vc_mont_init_var(vc_mont *c, const vc_mp *m, const vc_mp_cfg *cfg, vc_mp_cache *intra,
                     vc_mp_cache *pre)
{
  return init(c, m, cfg, intra, pre, 0);
}

size_t vc_mont_limbs(const vc_mont *c)
{
  return c ? c->n : 0;
}

size_t vc_mont_r_bits(const vc_mont *c)
{
  return c ? (size_t)digit_bits(&c->cfg) * c->digits : 0;
}

int vc_mp_cache_counts(const vc_mp_cache *ch, uint32_t *hits, uint32_t *misses)
{
  if (!ch || !hits || !misses)
    return VC_ERR_NULL;
  *hits = ch->hits;
  *misses = ch->misses;
  return VC_OK;
}
