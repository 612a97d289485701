/* Modular exponentiation over a Montgomery context: binary left-to-right and right-to-left,
 * sliding window, Montgomery ladder; the pre-ME cache of seed 004. */
#include <string.h>

#include "vexcrypt/mp.h"
#include "mont.h"
#include "mpn.h"

/* Reduces a below m into n limbs (Montgomery inputs must be < m). */
static int load_reduced(const vc_mont *c, uint32_t *out, const vc_mp *a)
{
  vc_mp m, t;
  const vc_mp *src = a;
  if (a->n > c->n || (a->n == c->n && vc_mpn_cmp(a->d, c->m, c->n) >= 0)) {
    m.n = c->n;
    vc_mpn_copy(m.d, c->m, c->n);
    int rc = vc_mp_mod_var(&t, a, &m);
    if (rc)
      return rc;
    src = &t;
  }
  vc_mpn_zero(out, c->n);
  vc_mpn_copy(out, src->d, src->n);
  return VC_OK;
}

static void store(vc_mp *r, const uint32_t *x, size_t n)
{
  r->n = (uint32_t)vc_mpn_norm(x, n);
  vc_mpn_copy(r->d, x, r->n);
}

int vc_mp_mont_modmul_var(const vc_mont *c, vc_mp *r, const vc_mp *a, const vc_mp *b)
{
  uint32_t x[VC_MP_LIMBS], y[VC_MP_LIMBS];
  int rc;
  if (!c || !r || !a || !b)
    return VC_ERR_NULL;
  if ((rc = load_reduced(c, x, a)) || (rc = load_reduced(c, y, b)))
    return rc;
  vc_mont_mul_var(c, x, x, y);         /* a*b/R */
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
  size_t n = c->n, bits = vc_mp_bits_var(e);
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

/* UNIT: acc = base^e mod m in the unit: the modulus, R mod m and base*R^2/R (Montgomery form)
 * resident, the driver's fixed window (constant sequence), then a product by 1 out of
 * Montgomery form. An exponent of at most PUBLIC_BITS bits (RSA's e = 3, 65537) takes
 * square-and-multiply instead: no such exponent is a secret (2^32 trials find it), and the
 * window would multiply at every window. It raises to e - 1 and ends with a product by the
 * base as it is, not in Montgomery form, which leaves the form: one product fewer. */
#define PUBLIC_BITS 32
#define SLOT_BASE (VC_MONTU_SLOT_X + 1)     /* the exponentiation by square-and-multiply leaves it */
static int unit_exp(const vc_mont *c, uint32_t *acc, const uint32_t *base, const vc_mp *e)
{
  uint32_t one[VC_MP_LIMBS] = {1};
  size_t bits = vc_mp_bits_var(e);
  int rc;
  if ((rc = vc_montu_setup(c->n, c->m)) || (rc = vc_montu_load(VC_MONTU_SLOT_ACC, c->r2)))
    return rc;
  if (bits > PUBLIC_BITS || bits == 0 || vc_montu_slots(c->n) <= SLOT_BASE) {
    if ((rc = vc_montu_load(VC_MONTU_SLOT_X, base)) ||
        (rc = vc_montu_mul(VC_MONTU_SLOT_X, VC_MONTU_SLOT_X, VC_MONTU_SLOT_ACC)) ||
        (rc = vc_montu_load(VC_MONTU_SLOT_ONE, c->one)) ||
        (rc = (bits > PUBLIC_BITS ? vc_montu_exp : vc_montu_exp_var)(e->d, bits)) ||
        (rc = vc_montu_load(VC_MONTU_SLOT_ONE, one)) ||
        (rc = vc_montu_mul(VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_ONE)))
      return rc;
  } else {
    uint32_t e1 = e->d[0] - 1;                /* e < 2^32, e >= 1; one is read for e1 < 2 only */
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
  if ((rc = load_reduced(c, base, a)))
    return rc;
  size_t n = c->n;
  if ((pc = c->pre)) {
    pre_key(key, base, n, e);
    h = 2166136261u;
    for (size_t i = 0; i < 2 * VC_MP_LIMBS; i++)
      h = (h ^ key[i]) * 16777619u;
    way = h % VC_MP_CACHE_WAYS;
    if (pc->valid[way] && pc->key_hash[way] == h && !memcmp(pc->key[way], key, sizeof(key))) {
      pc->hits++;
      store(r, pc->val[way], n);
      return VC_OK;
    }
    pc->misses++;
  }
  if (vc_mont_unit_on(c)) {
    if ((rc = unit_exp(c, acc, base, e)))
      return rc;
  } else {
    vc_mont_mul_var(c, base, base, c->r2);        /* into Montgomery form */
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
