/* The modular-multiplication design space (mp.h): two configurations picked by the input
 * (algorithm, radix, squaring, exponentiation, window, caches) must give the product and the
 * power a reference gets by division alone (vc_mp_mod_mul_var, square-and-multiply), and
 * the set-ups (vc_mont_init for the first, vc_mont_init_var for the second) must refuse exactly
 * the configurations and moduli mp.h rules out. */
#include "fuzz.h"

#define MAX_M 96      /* modulus bytes: ALGO5 takes one step per bit */
#define MAX_E 32

static vc_mp_cache intra, pre;

static int cfg_documented(const vc_mp_cfg *g)
{
  int radix = g->algo != VC_MM_ALGO2 && g->algo != VC_MM_ALGO3 ? 1 : g->radix_bits >= 1 && g->radix_bits <= 32;
  return g->algo >= VC_MM_ALGO1 && g->algo <= VC_MM_UNIT && radix && g->exp >= VC_EXP_LR &&
         g->exp <= VC_EXP_LADDER && (g->exp != VC_EXP_WINDOW || (g->window >= 1 && g->window <= VC_MP_MAX_WINDOW));
}

/* a^e mod m by left-to-right square-and-multiply on vc_mp_mod_mul_var. */
static void ref_exp(vc_mp *r, const vc_mp *a, const vc_mp *e, const vc_mp *m)
{
  vc_mp x;
  FZ_CHECK(vc_mp_mod_var(&x, a, m) == VC_OK && vc_mp_set_u32(r, 1) == VC_OK);
  for (size_t i = vc_mp_bits(e); i-- > 0;) {
    FZ_CHECK(vc_mp_mod_mul_var(r, r, r, m) == VC_OK);
    if (vc_mp_bit(e, i))
      FZ_CHECK(vc_mp_mod_mul_var(r, r, &x, m) == VC_OK);
  }
  FZ_CHECK(vc_mp_mod_var(r, r, m) == VC_OK);    /* m = 1 */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  vc_mp_cfg cfg[2];
  vc_mp m, a, b, e, ref_mul, ref_pow, r;
  vc_mont ctx;
  for (int i = 0; i < 2; i++)
    cfg[i] = (vc_mp_cfg){(uint8_t)(fz_u8(&f) % 8), (uint8_t)(fz_u8(&f) % 34), (uint8_t)(fz_u8(&f) & 1),
                         (uint8_t)(fz_u8(&f) % 6), (uint8_t)(fz_u8(&f) % 8), (uint8_t)(fz_u8(&f) & 1)};
  unsigned caches = fz_u8(&f);
  fz_mp(&f, &m, MAX_M);
  fz_mp(&f, &a, 2 * MAX_M);
  fz_mp(&f, &b, 2 * MAX_M);
  fz_mp(&f, &e, MAX_E);
  int mod_ok = m.n && (m.d[0] & 1) && vc_mp_cmp_u32_var(&m, 1) > 0;
  if (mod_ok) {
    FZ_CHECK(vc_mp_mod_mul_var(&ref_mul, &a, &b, &m) == VC_OK);
    ref_exp(&ref_pow, &a, &e, &m);
  }
  for (int i = 0; i < 2; i++) {
    int rc = (i ? vc_mont_init_var : vc_mont_init)(&ctx, &m, &cfg[i], caches & 1 ? &intra : NULL,
                                                   caches & 2 ? &pre : NULL);
    if (!mod_ok || !cfg_documented(&cfg[i])) {
      FZ_CHECK(rc == (mod_ok ? VC_ERR_PARAM : VC_ERR_MODULUS) || (rc == VC_ERR_PARAM && !cfg_documented(&cfg[i])));
      continue;
    }
    FZ_CHECK(rc == VC_OK);
    FZ_CHECK(vc_mp_mont_modmul_var(&ctx, &r, &a, &b) == VC_OK && vc_mp_cmp_var(&r, &ref_mul) == 0);
    /* Twice: the second exponentiation can hit the pre-ME cache. */
    for (int k = 0; k < 2; k++)
      FZ_CHECK(vc_mp_modexp_var(&ctx, &r, &a, &e) == VC_OK && vc_mp_cmp_var(&r, &ref_pow) == 0);
  }
  return 0;
}
