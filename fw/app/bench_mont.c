/* Suite "mont": the Montgomery unit. Its driver's steps at 512-2048 bits, then the library's
 * product and exponentiation, RSA and (with "all") DH, DSA, ElGamal and P-256 on the unit and off
 * it, in one binary: suite mp's and pk's cases (bench_pk.h) and suite ec's P-256 protocols
 * (bench_ec.c) as records of suite "mont". */
#include <string.h>

#include "accel.h"
#include "bench_pk.h"
#include "kat.h"
#include "mont.h"
#include "vexcrypt/ec.h"

static int has_mont(void *p)
{
  (void)p;
  return vc_accel_on(VC_ACCEL_MONT);
}

/* The driver on the unit with resident operands, each step timed alone (impl "hw" only: the
 * emulation's figures would say nothing). Before every run: the modulus set up, X = a and
 * ACC = b loaded, their product into slot ONE; every record's "out" is that product. */
static void montu_prep(void *p)
{
  struct mp_ctx *x = p;
  if (!vc_montu_setup(x->mont.n, x->mont.m) && !vc_montu_load(VC_MONTU_SLOT_X, x->la) &&
      !vc_montu_load(VC_MONTU_SLOT_ACC, x->lb))
    vc_montu_mul(VC_MONTU_SLOT_ONE, VC_MONTU_SLOT_X, VC_MONTU_SLOT_ACC);
}

static int run_montu_setup(void *p)
{
  struct mp_ctx *x = p;
  return vc_montu_setup(x->mont.n, x->mont.m);
}

static int run_montu_load(void *p)
{
  struct mp_ctx *x = p;
  return vc_montu_load(VC_MONTU_SLOT_X, x->la);
}

static int run_montu_mul(void *p)
{
  (void)p;
  return vc_montu_mul(VC_MONTU_SLOT_ONE, VC_MONTU_SLOT_X, VC_MONTU_SLOT_ACC);
}

static int run_montu_store(void *p)
{
  struct mp_ctx *x = p;
  return vc_montu_store(VC_MONTU_SLOT_ONE, x->lr);
}

static void montu_out(void *p)
{
  struct mp_ctx *x = p;
  vc_montu_store(VC_MONTU_SLOT_ONE, x->lr);
  montmul_out(x);
}

/* The driver's fixed-window exponentiation (mont.h) of X = a, read as Montgomery form, by the
 * full-length e, with one = R mod m resident: "out" = a^e R^(1-e) mod m. */
static void montu_exp_prep(void *p)
{
  struct mp_ctx *x = p;
  if (!vc_montu_setup(x->mont.n, x->mont.m) && !vc_montu_load(VC_MONTU_SLOT_X, x->la))
    vc_montu_load(VC_MONTU_SLOT_ONE, x->mont.one);
}

static int run_montu_exp(void *p)
{
  struct mp_ctx *x = p;
  return vc_montu_exp(x->e.d, vc_mp_bits(&x->e));
}

static void montu_exp_out(void *p)
{
  struct mp_ctx *x = p;
  vc_montu_store(VC_MONTU_SLOT_ACC, x->lr);
  montmul_out(x);
}

static const struct bench_case montu_cases[] = {
  {.prim = "montu", .op = "setup", .impl = "hw", .call = run_montu_setup, .prep = montu_prep, .fields = montu_out,
   .when = has_mont},
  {.prim = "montu", .op = "load", .impl = "hw", .call = run_montu_load, .prep = montu_prep, .fields = montu_out,
   .when = has_mont},
  {.prim = "montu", .op = "mul", .impl = "hw", .call = run_montu_mul, .prep = montu_prep, .fields = montu_out,
   .when = has_mont},
  {.prim = "montu", .op = "store", .impl = "hw", .call = run_montu_store, .prep = montu_prep, .fields = montu_out,
   .when = has_mont},
};
static const struct bench_case montu_exp_case = {
  .prim = "montu", .op = "exp", .impl = "hw", .call = run_montu_exp, .prep = montu_exp_prep, .fields = montu_exp_out,
  .when = has_mont};

/* Runs of a step and of a product: at least 7, so the median is a warm-cache figure like a
 * product inside an exponentiation (the first run after the set-up misses in the I-cache: a
 * 1024-bit product on the unit took 2,401 cycles in one run, 2,338 as the median of three). */
#define MONTU_MIN_RUNS 7

/* At the default point (UNIT; its software form ALGO2 r=2^32 sqr window 6, the fastest the mp
 * suite measures): the driver's steps, then the library's product (on the unit the modulus and
 * operands are moved in and the result out at every call) and exponentiation on and off the
 * unit. */
static void mont_mp(struct mp_ctx *x, uint32_t bits, const struct run_opts *o, struct tally *t)
{
  struct run_opts q = *o;
  if (q.runs < MONTU_MIN_RUNS)
    q.runs = MONTU_MIN_RUNS;
  if (bench_group(o)) {     /* one group of a sweep's slices: the unit's state and the inputs */
    x->h = (struct pk_head){.suite = "mont", .bits = bits, .cfg = &vc_mp_cfg_default};
    bench_run_all(&mont_family, montu_cases, BENCH_N(montu_cases), x, &q, t);
    bench_run_impls(&mont_family, montmul_cases, 1, x, VC_ACCEL_MONT, &q, t);
    bench_run(&mont_family, &montu_exp_case, x, o, t);
    bench_run_impls(&mont_family, &modexp_cases[EXP_FULL], 1, x, VC_ACCEL_MONT, o, t);
  }
  bench_group_end();
}

static void bench_mont(const struct run_opts *o, struct tally *t)
{
  static const uint32_t sizes[] = {512, 1024, 2048};
  static struct mp_ctx m;
  static struct pk_ctx x;
  struct run_opts q = *o;
  q.instret = 0;            /* the unit's cycles are no instructions; the software rows are 1 G cycles a run */
  x.suite = "mont";
  x.accel = VC_ACCEL_MONT;
  /* The quick set: the unit's own figures and RSA-1024; "all" adds 2048 bits and the protocols. */
  for (size_t i = 0; i < BENCH_N(sizes); i++)
    if (o->all || sizes[i] < 2048)
      mont_mp(&m, sizes[i], &q, t);
  for (size_t i = 0; i < KAT_RSA_N; i++)
    if (o->all || kat_rsa[i].len <= 128)
      pk_rsa(&x, &kat_rsa[i], &vc_mp_cfg_default, VC_RSA_MRC, &q, t);
  if (!o->all)
    return;
  pk_dh(&x, vc_dh_group_find("modp1024"), 0, &vc_mp_cfg_default, &q, t);
  pk_dh(&x, vc_dh_group_find("modp2048"), 0, &vc_mp_cfg_default, &q, t);
  for (size_t i = 0; i < KAT_DSA_N; i++)
    pk_dsa(&x, &kat_dsa[i], 23, &vc_mp_cfg_default, &q, t);
  pk_elgamal(&x, vc_dh_group_find("modp1024"), &q, t);
  bench_ec_curve("mont", VC_EC_P256, &q, t);
}

const struct suite suite_mont = {"mont",
  "Montgomery unit: its driver's steps at 512-2048 bits, products, exponentiations, RSA-1024/2048, DH, DSA, ElGamal and P-256 on and off the unit (all: 2048 bits and the protocols; builds with MONT=1)",
  bench_mont};
