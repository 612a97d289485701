/* The Montgomery co-processor's start-up self-test (builds with MONT=1): the unit's products
 * against the driver's emulation (which the host tests hold to the unit's golden model) on a
 * sweep of lengths from 32 to 4096 bits with edge and DRBG operands, a stored program, the resident fixed-window
 * exponentiation on both, and the mp layer's exponentiation with the unit on and off. One
 * record, "mont"; none in a build without the unit. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "mont.h"
#include "vexcrypt/drbg.h"
#include "vexcrypt/mp.h"

#if VC_HAVE_MONT
/* Lengths in limbs: the edges of the slot strides and the RSA/DH sizes. */
static const uint8_t sweep[] = {1, 2, 3, 5, 8, 16, 17, 32, 64, 128};

static void draw(vc_drbg *rng, uint32_t *x, size_t n)
{
  vc_drbg_generate(rng, (uint8_t *)x, 4 * n);
}

/* Both forms set up for modulus m: products, sums and differences of slot pairs (edge values
 * 0, 1 and m - 1 among them; the stream of commands and a program's run waited for once) and,
 * with e, an exponentiation; the results equal. */
static int same_products(vc_drbg *rng, const uint32_t *m, size_t n, int with_exp)
{
  static uint32_t x[VC_MONTU_MAX_LIMBS], y[VC_MONTU_MAX_LIMBS], e[4];
  int ok = !vc_montu_setup_hw(n, m) && !vc_montu_setup_sw(n, m);
  for (unsigned s = 1; s < 4 && ok; s++) {
    draw(rng, x, n);
    if (s == 1)
      for (size_t i = 0; i < n; i++)
        x[i] = m[i] - (i == 0);            /* m - 1 */
    else
      x[n - 1] &= m[n - 1] >> 1;            /* below m */
    ok = !vc_montu_load_hw(s, x) && !vc_montu_load_sw(s, x);
  }
  static const uint8_t prods[][3] = {{4, 1, 2}, {5, 3, 3}, {1, 1, 3}, {2, 2, 2}, {3, 3, 1}};
  for (size_t i = 0; i < sizeof(prods) / sizeof(prods[0]) && ok; i++)
    ok = !vc_montu_mul_hw(prods[i][0], prods[i][1], prods[i][2]) &&
         !vc_montu_mul_sw(prods[i][0], prods[i][1], prods[i][2]);
  static const uint8_t cmds[][4] = {
    {VC_MONTU_ADD, 4, 1, 2}, {VC_MONTU_SUB, 5, 2, 1}, {VC_MONTU_ADD, 1, 1, 1}, {VC_MONTU_SUB, 2, 3, 3},
    {VC_MONTU_MUL, 3, 4, 5}, {VC_MONTU_SUB, 4, 2, 5}, {VC_MONTU_ADD, 5, 5, 3}};
  for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]) && ok; i++)
    ok = !vc_montu_cmd_hw(vc_montu_word(cmds[i][0], cmds[i][1], cmds[i][2], cmds[i][3])) &&
         !vc_montu_cmd_sw(vc_montu_word(cmds[i][0], cmds[i][1], cmds[i][2], cmds[i][3]));
  /* A program (P = 1, Q = 2, OUT = 3 .. 5 and slot 4 itself) run once in each form. */
  const uint32_t prog[] = {
    vc_montu_word(VC_MONTU_MUL, VC_MONTU_REF(VC_MONTU_OUT, 0), VC_MONTU_REF(VC_MONTU_P, 0), VC_MONTU_REF(VC_MONTU_Q, 1)),
    vc_montu_word(VC_MONTU_ADD, VC_MONTU_REF(VC_MONTU_OUT, 2), VC_MONTU_REF(VC_MONTU_OUT, 0), VC_MONTU_REF(VC_MONTU_ABS, 4)),
    vc_montu_word(VC_MONTU_SUB, VC_MONTU_REF(VC_MONTU_ABS, 4), VC_MONTU_REF(VC_MONTU_Q, 0), VC_MONTU_REF(VC_MONTU_OUT, 2)),
    vc_montu_word(VC_MONTU_MUL, VC_MONTU_REF(VC_MONTU_P, 1), VC_MONTU_REF(VC_MONTU_OUT, 1), VC_MONTU_REF(VC_MONTU_P, 0))};
  const size_t words = sizeof(prog) / sizeof(prog[0]);
  ok = ok && !vc_montu_program_hw(0, prog, words) && !vc_montu_program_sw(0, prog, words) &&
       !vc_montu_cmd_hw(vc_montu_run_word(0, 3, 1, 2)) && !vc_montu_cmd_sw(vc_montu_run_word(0, 3, 1, 2));
  ok = ok && !vc_montu_wait_hw() && !vc_montu_wait_sw();
  if (with_exp && ok) {
    draw(rng, e, 4);
    ok = !vc_montu_exp_hw(e, 128) && !vc_montu_exp_sw(e, 128);
  }
  for (unsigned s = 1; s < 6 && ok; s++)
    ok = !vc_montu_store_hw(s, x) && !vc_montu_store_sw(s, y) && !memcmp(x, y, 4 * n);
  return ok;
}

void selftest_mont(int quick, struct tally *t)
{
  struct check c = {"mont", 0, 0, NULL};
  static uint32_t m[VC_MONTU_MAX_LIMBS];
  vc_drbg rng;
  vc_drbg_init(&rng, (const uint8_t *)"vexcrypt/selftest/mont", 22);
  for (size_t i = 0; i < sizeof(sweep); i++) {
    size_t n = sweep[i];
    if (quick && n > 32 && n != 64)
      continue;
    draw(&rng, m, n);
    m[0] |= 1;
    m[n - 1] |= 0x80000000u;
    check_result(&c, same_products(&rng, m, n, n <= (quick ? 3 : 32)), "mont products, a program and exponentiation, unit vs emulation");
  }
  /* The mp layer: a 1024-bit exponentiation (a 32-bit exponent when quick) through the unit
   * and through ALGO2. */
  vc_mp mod, base, exp, r0, r1;
  vc_mont ctx;
  draw(&rng, mod.d, 32);
  mod.d[0] |= 1;
  mod.d[31] |= 0x80000000u;
  mod.n = 32;
  draw(&rng, base.d, 32);
  base.n = 32;
  vc_mp_shr_var(&base, &base, 1);
  draw(&rng, exp.d, quick ? 1 : 32);
  exp.d[quick ? 0 : 31] |= 0x80000000u;
  exp.n = quick ? 1 : 32;
  int ok = !vc_mont_init_var(&ctx, &mod, NULL, NULL, NULL) && ctx.cfg.algo == VC_MM_UNIT &&
           !vc_mp_modexp_var(&ctx, &r0, &base, &exp);
  uint32_t off = vc_accel_off;
  vc_accel_off |= VC_ACCEL_MONT;
  ok = ok && !vc_mp_modexp_var(&ctx, &r1, &base, &exp) && !vc_mp_cmp_var(&r0, &r1);
  vc_accel_off = off;
  check_result(&c, ok, "mp exponentiation, unit vs ALGO2");
  check_report(&c, t);
}
#else
void selftest_mont(int quick, struct tally *t)
{
  (void)quick;
  (void)t;
}
#endif
