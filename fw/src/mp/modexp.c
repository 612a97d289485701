/* Modular exponentiation over a Montgomery context: the constant-time fixed window
 * (vc_mp_modexp) and the variable-time methods of the design space (binary left-to-right and
 * right-to-left, sliding window, Montgomery ladder; the pre-ME cache of seed 004). */
#include <string.h>

#include "vexcrypt/mp.h"
#include "mont.h"
#include "mpn.h"

/* a's n limbs below m (Montgomery inputs must be < m): a's own when it has n limbs and is below
 * m, else a reduced copy in buf; NULL with *rc set on an error. */
static const uint32_t *reduced(const vc_mont *c, uint32_t *buf, const vc_mp *a, int *rc)
{
  vc_mp m, t;
  const vc_mp *src = a;
  *rc = VC_OK;
  if (a->n == c->n && vc_mpn_cmp(a->d, c->m, c->n) < 0)
    return a->d;
  if (a->n >= c->n) {
    m.n = c->n;
    vc_mpn_copy(m.d, c->m, c->n);
    if ((*rc = vc_mp_mod_var(&t, a, &m)))
      return NULL;
    src = &t;
  }
  vc_mpn_zero(buf, c->n);
  vc_mpn_copy(buf, src->d, src->n);
  return buf;
}

static void store(vc_mp *r, const uint32_t *x, size_t n)
{
  r->n = (uint32_t)vc_mpn_norm(x, n);
  vc_mpn_copy(r->d, x, r->n);
}

int vc_mp_mont_modmul_var(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  uint32_t x[VC_MP_LIMBS], y[VC_MP_LIMBS];
  const uint32_t *xa, *yb;
  int rc;
  if (!c || !r || !a || !b)
    return VC_ERR_NULL;
  if (!(xa = reduced(c, x, a, &rc)) || !(yb = reduced(c, y, b, &rc)))
    return rc;
  vc_mont_mul_var(c, x, xa, yb);       /* a*b/R */
  vc_mont_mul_var(c, x, x, c->r2);     /* a*b */
  store(r, x, c->n);
  return VC_OK;
}

/* acc = x^e in Montgomery form; x is in Montgomery form and is clobbered (RL, LADDER). The
 * left-to-right methods start from the top bit or window instead of squaring a one. */
/* Sliding window: odd powers x, x^3, ..., x^(2^w - 1), then windows that start and end on a
 * one bit. The method the fastest configuration uses: in the hot section. */
VC_HOT(mp) VC_NOINLINE static void exp_window(const vc_mont *c, uint32_t *acc, const uint32_t *x,
                                       const vc_mp *e, size_t bits)
{
  size_t n = c->n;
  /* cfg.window is the largest width: a short exponent takes the width that minimises table
   * plus products, 2^(w-1) + bits/(w+1) (w = 1 for 65537). */
  unsigned w = 1;
  for (unsigned v = 2; v <= c->cfg.window; v++)
    if ((1u << (v - 1)) + bits / (v + 1) < (w > 1 ? 1u << (w - 1) : 0) + bits / (w + 1))
      w = v;
  uint32_t tab[1u << (VC_MP_MAX_WINDOW - 1)][VC_MP_LIMBS], x2[VC_MP_LIMBS];
  vc_mpn_copy(tab[0], x, n);
  if (w > 1)
    vc_mont_sqr_var(c, x2, x);
  for (size_t j = 1; j < (1u << (w - 1)); j++)
    vc_mont_mul_var(c, tab[j], tab[j - 1], x2);
  size_t i = bits;
  int fresh = 1;
  while (i > 0) {
    if (!vc_mp_bit(e, i - 1)) {
      vc_mont_sqr_var(c, acc, acc);
      i--;
      continue;
    }
    size_t lo = i > w ? i - w : 0;     /* window [lo, i), shrunk to end on a one */
    while (!vc_mp_bit(e, lo))
      lo++;
    uint32_t v = 0;
    for (size_t j = i; j-- > lo;) {
      v = v << 1 | (uint32_t)vc_mp_bit(e, j);
      if (!fresh)
        vc_mont_sqr_var(c, acc, acc);
    }
    if (fresh)
      vc_mpn_copy(acc, tab[v >> 1], n);
    else
      vc_mont_mul_var(c, acc, acc, tab[v >> 1]);
    fresh = 0;
    i = lo;
  }
}

static void exp_core(const vc_mont *c, uint32_t *acc, uint32_t *x, const vc_mp *e)
{
  size_t n = c->n, bits = vc_mp_bits(e);
  vc_mpn_copy(acc, c->one, n);
  if (bits == 0)
    return;
  switch (c->cfg.exp) {
  case VC_EXP_LR:
    vc_mpn_copy(acc, x, n);
    for (size_t i = bits - 1; i-- > 0;) {
      vc_mont_sqr_var(c, acc, acc);
      if (vc_mp_bit(e, i))
        vc_mont_mul_var(c, acc, acc, x);
    }
    break;
  case VC_EXP_RL:
    for (size_t i = 0; i < bits; i++) {
      if (vc_mp_bit(e, i))
        vc_mont_mul_var(c, acc, acc, x);
      if (i + 1 < bits)
        vc_mont_sqr_var(c, x, x);
    }
    break;
  case VC_EXP_LADDER:
    /* Invariant acc1 = acc0 * x; one product and one square per bit, the bit only choosing
     * which register is which through a masked swap. */
    for (size_t i = bits; i-- > 0;) {
      uint32_t bit = (uint32_t)vc_mp_bit(e, i);
      vc_ct_swap(bit, acc, x, n);
      vc_mont_mul_var(c, x, acc, x);
      vc_mont_sqr_var(c, acc, acc);
      vc_ct_swap(bit, acc, x, n);
    }
    break;
  default:
    exp_window(c, acc, x, e, bits);
  }
}

/* UNIT: acc = base^e mod m in the unit (e: bits bits in ed): the modulus, R mod m and base*R^2/R
 * (Montgomery form) resident, the driver's fixed window (constant sequence), then a product by
 * 1 out of Montgomery form. `ct`: base is in Montgomery form already and the fixed window runs
 * on every exponent (vc_mp_modexp). Otherwise an exponent of at most PUBLIC_BITS bits (RSA's
 * e = 3, 65537) takes square-and-multiply instead: no such exponent is a secret (2^32 trials
 * find it), and the window would multiply at every window. It raises to e - 1 and ends with a
 * product by the base as it is, not in Montgomery form, which leaves the form: one product
 * fewer. */
#define PUBLIC_BITS 32
#define SLOT_BASE (VC_MONTU_SLOT_X + 1)     /* the exponentiation by square-and-multiply leaves it */
static int unit_exp(const vc_mont *c, uint32_t *acc, const uint32_t *base, const uint32_t *ed,
                    size_t bits, int ct)
{
  uint32_t one[VC_MP_LIMBS] = {1};
  int rc;
  VC_COST(EXP_UNIT, c->n, bits | (uint32_t)ct << 16);
  if (c->r2_epoch != vc_montu_epoch() &&       /* else the set-up's modulus and R^2 are there */
      ((rc = vc_montu_setup(c->n, c->m)) || (rc = vc_montu_load(VC_MONTU_SLOT_ACC, c->r2))))
    return rc;
  if (ct || bits > PUBLIC_BITS || bits == 0 || vc_montu_slots(c->n) <= SLOT_BASE) {
    if ((rc = vc_montu_load(VC_MONTU_SLOT_X, base)) ||
        (!ct && (rc = vc_montu_mul(VC_MONTU_SLOT_X, VC_MONTU_SLOT_X, VC_MONTU_SLOT_ACC))) ||
        (rc = vc_montu_load(VC_MONTU_SLOT_ONE, c->one)) ||
        (rc = (ct || bits > PUBLIC_BITS ? vc_montu_exp : vc_montu_exp_var)(ed, bits)) ||
        (rc = vc_montu_load(VC_MONTU_SLOT_ONE, one)) ||
        (rc = vc_montu_mul(VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_ONE)))
      return rc;
  } else {
    uint32_t e1 = ed[0] - 1;                  /* e < 2^32, e >= 1; one is read for e1 < 2 only */
    if ((rc = vc_montu_load(SLOT_BASE, base)) ||
        (rc = vc_montu_mul(VC_MONTU_SLOT_X, SLOT_BASE, VC_MONTU_SLOT_ACC)) ||
        (e1 < 2 && (rc = vc_montu_load(VC_MONTU_SLOT_ONE, c->one))) ||
        (rc = vc_montu_exp_var(&e1, e1 ? 32 - (size_t)__builtin_clz(e1) : 0)) ||
        (rc = vc_montu_mul(VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_ACC, SLOT_BASE)))
      return rc;
  }
  return vc_montu_store(VC_MONTU_SLOT_ACC, acc);
}

/* Pre-ME cache: key = reduced base (n limbs) || exponent (VC_MP_LIMBS limbs). */
static void pre_key(uint32_t *key, const uint32_t *base, size_t n, const vc_mp *e)
{
  vc_mpn_zero(key, 2 * VC_MP_LIMBS);
  vc_mpn_copy(key, base, n);
  vc_mpn_copy(key + n, e->d, e->n);
}

int vc_mp_modexp_var(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *e)
{
  uint32_t base[VC_MP_LIMBS], acc[VC_MP_LIMBS], key[2 * VC_MP_LIMBS];
  vc_mp_cache *pc;
  uint32_t h = 0, way = 0;
  int rc;
  if (!c || !r || !a || !e)
    return VC_ERR_NULL;
  if (e->n > VC_MP_LIMBS)
    return VC_ERR_RANGE;
  const uint32_t *b = reduced(c, base, a, &rc);
  if (!b)
    return rc;
  size_t n = c->n;
  VC_COST(EXP_VAR, n, vc_mp_bits(e) | (uint32_t)c->cfg.exp << 16 | (uint32_t)vc_mont_unit_on(c) << 20);
  if ((pc = c->pre)) {
    pre_key(key, b, n, e);
    h = 2166136261u;
    for (size_t i = 0; i < 2 * VC_MP_LIMBS; i++)
      h = (h ^ key[i]) * 16777619u;
    way = h % VC_MP_CACHE_WAYS;
    if (pc->valid[way] && pc->key_hash[way] == h && !memcmp(pc->key[way], key, sizeof(key))) {
      VC_COST(PRE_HIT, n, 0);
      pc->hits++;
      store(r, pc->val[way], n);
      return VC_OK;
    }
    VC_COST(PRE_MISS, n, 0);
    pc->misses++;
  }
  if (vc_mont_unit_on(c) && !pc) {               /* the result straight into r */
    if ((rc = unit_exp(c, r->d, b, e->d, vc_mp_bits(e), 0)))
      return rc;
    r->n = (uint32_t)vc_mpn_norm(r->d, n);
    return VC_OK;
  }
  if (vc_mont_unit_on(c)) {
    if ((rc = unit_exp(c, acc, b, e->d, vc_mp_bits(e), 0)))
      return rc;
  } else {
    vc_mont_mul_var(c, base, b, c->r2);           /* into Montgomery form */
    exp_core(c, acc, base, e);
    vc_mpn_zero(base, n);
    base[0] = 1;
    vc_mont_mul_var(c, acc, acc, base);           /* out of Montgomery form */
  }
  if (pc) {
    pc->valid[way] = 1;
    pc->key_hash[way] = h;
    memcpy(pc->key[way], key, sizeof(key));
    vc_mpn_copy(pc->val[way], acc, n);
  }
  store(r, acc, n);
  return VC_OK;
}

/* ---- constant time (mp.h) ---- */

/* out[0..len) = a's limbs, zero from a->n up, each read at its address whatever a->n is (len <=
 * VC_MP_CAP_LIMBS; limbs above a->n are masked, not skipped). */
void vc_mp_limbs_ct(uint32_t *out, const vc_mp *a, size_t len)
{
  for (size_t i = 0; i < len; i++)
    out[i] = a->d[i] & vc_ct_mask(vc_ct_lt((uint32_t)i, a->n));
}

/* x = a*R mod m for a of len limbs, in constant time: a Horner scheme on n-limb chunks of a from
 * the top, each chunk (below 2^(32n) <= R, so its product with R^2 mod m is below mR) brought
 * into Montgomery form by a product with R^2, the sum so far weighted by 2^(32n). */
void vc_mont_from_limbs_ct(const vc_mont *c, uint32_t *x, const uint32_t *a, size_t len)
{
  size_t n = c->n, chunks = (len + n - 1) / n;
  uint32_t t[VC_MP_LIMBS], b[VC_MP_LIMBS], s[VC_MP_LIMBS];
  VC_COST(FROM_LIMBS, chunks, n);
  vc_mpn_zero(s, n);
  if (chunks > 1) {                     /* b = 2^(32n) R mod m, from 2^(32n-1) R doubled */
    vc_mpn_zero(t, n);
    t[n - 1] = 0x80000000u;
    vc_mont_mul(c, b, t, c->r2);
    vc_mpn_sub_m_ct(b, b, vc_mpn_add_n(b, b, b, n), c->m, n);
  }
  for (size_t k = chunks; k-- > 0;) {
    size_t lo = k * n, w = len - lo < n ? len - lo : n;
    vc_mpn_zero(t, n);
    vc_mpn_copy(t, a + lo, w);
    vc_mont_mul(c, t, t, c->r2);
    if (k + 1 < chunks)
      vc_mont_mul(c, s, s, b);
    vc_mpn_sub_m_ct(s, s, vc_mpn_add_n(s, s, t, n), c->m, n);
  }
  vc_mpn_copy(x, s, n);
}

/* a's limbs in the modulus's count when a fits it (a secret below m shows no length), else in
 * a's own: x = a*R mod m. */
static void from_mp_ct(const vc_mont *c, uint32_t *x, const vc_mp *a)
{
  uint32_t t[VC_MP_CAP_LIMBS];
  size_t len = a->n > c->n ? a->n : c->n;
  vc_mp_limbs_ct(t, a, len);
  vc_mont_from_limbs_ct(c, x, t, len);
}

/* Out of Montgomery form (a product by 1) into r. */
static void from_mont_ct(const vc_mont *c, vc_mp *r, uint32_t *x)
{
  uint32_t one[VC_MP_LIMBS];
  vc_mpn_zero(one, c->n);
  one[0] = 1;
  vc_mont_mul(c, x, x, one);
  store(r, x, c->n);
}

static int muladd(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *d)
{
  uint32_t x[VC_MP_LIMBS], y[VC_MP_LIMBS];
  if (!c || !r || !a || !b)
    return VC_ERR_NULL;
  size_t n = c->n;
  from_mp_ct(c, x, a);
  from_mp_ct(c, y, b);
  vc_mont_mul(c, x, x, y);                          /* ab R */
  if (d) {
    from_mp_ct(c, y, d);
    vc_mpn_sub_m_ct(x, x, vc_mpn_add_n(x, x, y, n), c->m, n);
  }
  from_mont_ct(c, r, x);
  return VC_OK;
}

int vc_mp_mont_modmul(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  return muladd(c, r, a, b, NULL);
}

int vc_mp_mont_muladd(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *d)
{
  return d ? muladd(c, r, a, b, d) : VC_ERR_NULL;
}

/* The fixed window's widest: a table of 2^5 entries (16 KiB at 4096 bits), every entry read at
 * every window. */
#define CT_MAX_WINDOW 5

/* The window width for ebits exponent bits: cfg.window for VC_EXP_WINDOW configurations (else
 * CT_MAX_WINDOW), at most CT_MAX_WINDOW, narrower when that costs fewer products (table plus one
 * product per window): 2 bits for RSA's e = 65537. Depends on public lengths only. */
static unsigned ct_width(const vc_mont *c, size_t ebits)
{
  unsigned top = c->cfg.exp == VC_EXP_WINDOW ? c->cfg.window : CT_MAX_WINDOW, w = 1;
  if (top > CT_MAX_WINDOW)
    top = CT_MAX_WINDOW;
  for (unsigned v = 2; v <= top; v++)
    if ((1u << v) + (ebits + v - 1) / v < (1u << w) + (ebits + w - 1) / w)
      w = v;
  return w;
}

/* Bits [pos, pos + w) of e (limbs zero above the exponent, one spare). */
static uint32_t ct_digit(const uint32_t *e, size_t pos, unsigned w)
{
  size_t i = pos / 32;
  unsigned s = pos % 32;
  uint32_t v = e[i] >> s;
  if (s + w > 32)
    v |= e[i + 1] << (32 - s);
  return v & ((1u << w) - 1);
}

/* out = tab[d], reading every entry whole and keeping one by a mask. */
VC_HOT(mpct) static void ct_lookup(uint32_t *out, const uint32_t (*tab)[VC_MP_LIMBS], size_t size,
                                 uint32_t d, size_t n)
{
  VC_COST(LOOKUP, size, n);
  vc_mpn_zero(out, n);
  for (size_t j = 0; j < size; j++) {
    uint32_t m = vc_ct_mask(vc_ct_eq((uint32_t)j, d));
    for (size_t i = 0; i < n; i++)
      out[i] |= tab[j][i] & m;
  }
}

/* acc = x^e in Montgomery form by a fixed window of w bits: the table x^0 .. x^(2^w - 1), then
 * per window from the top w squarings and a product by the entry the window's bits pick (the
 * first window: the entry itself). The sequence of products depends on ebits and n only. */
VC_HOT(mpct) VC_NOINLINE static void exp_fixed(const vc_mont *c, uint32_t *acc, const uint32_t *x,
                                             const uint32_t *e, size_t ebits)
{
  uint32_t tab[1u << CT_MAX_WINDOW][VC_MP_LIMBS], t[VC_MP_LIMBS];
  size_t n = c->n;
  unsigned w = ct_width(c, ebits);
  size_t size = (size_t)1 << w, wins = (ebits + w - 1) / w;
  vc_mpn_copy(tab[0], c->one, n);
  vc_mpn_copy(tab[1], x, n);
  for (size_t j = 2; j < size; j++) {
    if (j % 2)
      vc_mont_mul(c, tab[j], tab[j - 1], x);
    else
      vc_mont_sqr(c, tab[j], tab[j / 2]);
  }
  ct_lookup(acc, tab, size, wins ? ct_digit(e, (wins - 1) * w, w) : 0, n);
  for (size_t i = wins; i-- > 1;) {
    for (unsigned k = 0; k < w; k++)
      vc_mont_sqr(c, acc, acc);
    ct_lookup(t, tab, size, ct_digit(e, (i - 1) * w, w), n);
    vc_mont_mul(c, acc, acc, t);
  }
}

int vc_mp_modexp(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *e, size_t ebits)
{
  uint32_t x[VC_MP_LIMBS], acc[VC_MP_LIMBS], ed[VC_MP_LIMBS + 2], over = 0;
  int rc;
  if (!c || !r || !a || !e)
    return VC_ERR_NULL;
  if (ebits > VC_MP_MAX_BITS)
    return VC_ERR_RANGE;
  VC_COST(EXP_CT, c->n, ebits | (uint32_t)vc_mont_unit_on(c) << 20);
  /* e's limbs up to ebits, and whether any bit lies above: every limb of the capacity read */
  size_t elen = (ebits + 31) / 32;
  uint32_t top = ebits % 32 ? (1u << (ebits % 32)) - 1 : 0xFFFFFFFFu;
  for (size_t i = 0; i < VC_MP_CAP_LIMBS; i++) {
    uint32_t v = e->d[i] & vc_ct_mask(vc_ct_lt((uint32_t)i, e->n));
    if (i + 1 < elen) {
      ed[i] = v;
    } else if (i + 1 == elen) {
      ed[i] = v & top;
      over |= v & ~top;
    } else {
      over |= v;
    }
  }
  if (over)                             /* e >= 2^ebits: the caller's bound is wrong */
    return VC_ERR_RANGE;
  ed[elen] = ed[elen + 1] = 0;
  from_mp_ct(c, x, a);
  if (vc_mont_unit_on(c)) {
    if ((rc = unit_exp(c, acc, x, ed, ebits, 1)))
      return rc;
    store(r, acc, c->n);
    return VC_OK;
  }
  exp_fixed(c, acc, x, ed, ebits);
  from_mont_ct(c, r, acc);
  return VC_OK;
}
