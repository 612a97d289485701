/* Benchmarks of the carry-less multiply unit (suite "clmul"): each instruction against its
 * software form, and the binary curves' scalar multiplication (optimized set) on and off the
 * unit, in one binary. The field operations and the protocols on and off the unit are the "ec"
 * suite's records (its impl field).
 *
 * An instruction's record times a loop of CLMUL_COUNT operations on the pairs drawn from
 * HMAC_DRBG("vexcrypt/clmul/insn") (a_i then b_i, 4 bytes each, little-endian) and reports
 * the XOR of the results ("out"); the loop's own load and XOR are in both forms' figures. A
 * scalar multiplication's record carries k (drawn from "vexcrypt/clmul/<curve>"), the result
 * kG and the field operations it made. The host checks every output (vexrun/suites/clmul.py). */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "clmul.h"
#include "vexcrypt/ec.h"

#define CLMUL_COUNT 64

struct clmul_ctx {
  uint32_t a[CLMUL_COUNT], b[CLMUL_COUNT], out;
  const vc_ec_curve *curve;
  uint8_t k[VC_EC_MAX_NLEN], p[VC_EC_MAX_POINT];
  vc_drbg rng;
  char label[40];
};

static void clmul_head(const struct bench_case *c, void *ctx, const struct bench_result *res,
                       uint32_t runs)
{
  const struct clmul_ctx *x = ctx;
  json_begin();
  json_str("suite", "clmul");
  json_str("prim", c->prim);
  json_str("impl", c->impl);
  json_str("op", c->op);
  if (c->arg) {
    json_str("curve", x->curve->name);
    json_measure(res, runs);
    json_u64("mul", vc_gf2m_stats.mul / runs);
    json_u64("sqr", vc_gf2m_stats.sqr / runs);
    json_u64("inv", vc_gf2m_stats.inv / runs);
  } else {
    json_u64("count", CLMUL_COUNT);
    json_str("seed", x->label);
    json_measure(res, runs);
  }
}

/* The field operations a scalar multiplication makes (counted over the measured runs; the
 * head reports them per run). */
static void clmul_start(const struct bench_case *c, void *ctx)
{
  (void)c;
  (void)ctx;
  memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));
}

static const struct bench_family clmul_family = {clmul_head, clmul_start};

static int has_unit(void *p)
{
  (void)p;
  return vc_accel_on(VC_ACCEL_CLMUL);
}

/* ---- the instructions ---- */

#define LOOP(x, expr)                           \
  do {                                          \
    uint32_t acc_ = 0;                          \
    for (int i_ = 0; i_ < CLMUL_COUNT; i_++) {  \
      uint32_t a = (x)->a[i_], b = (x)->b[i_];  \
      acc_ ^= (expr);                           \
    }                                           \
    (x)->out = acc_;                            \
  } while (0)

#define INSN(name, expr)                        \
  static int name(void *p)                      \
  {                                             \
    struct clmul_ctx *x = p;                    \
    LOOP(x, expr);                              \
    return VC_OK;                               \
  }
INSN(run_clmul_sw, vc_clmul_sw(a, b))
INSN(run_clmulh_sw, vc_clmulh_sw(a, b))
INSN(run_clmulr_sw, vc_clmulr_sw(a, b))
INSN(run_spread_sw, vc_cfu_sw(VC_CFU_SPREAD, 0, a, b))
#if VC_HAVE_CLMUL
INSN(run_clmul_hw, vc_clmul_hw(a, b))
INSN(run_clmulh_hw, vc_clmulh_hw(a, b))
INSN(run_clmulr_hw, vc_clmulr_hw(a, b))
INSN(run_spread_hw, VC_CFU_HW(VC_CFU_SPREAD, 0, a, b))
#define HW(f) f
#else
#define HW(f) NULL
#endif

static void insn_out(void *p)
{
  struct clmul_ctx *x = p;
  uint8_t be[4] = {(uint8_t)(x->out >> 24), (uint8_t)(x->out >> 16), (uint8_t)(x->out >> 8), (uint8_t)x->out};
  json_bytes("out", be, 4);
}

static const struct bench_case insn_cases[] = {
  {.prim = "insn", .op = "clmul", .impl = "sw", .call = run_clmul_sw, .fields = insn_out},
  {.prim = "insn", .op = "clmul", .impl = "hw", .call = HW(run_clmul_hw), .fields = insn_out, .when = has_unit},
  {.prim = "insn", .op = "clmulh", .impl = "sw", .call = run_clmulh_sw, .fields = insn_out},
  {.prim = "insn", .op = "clmulh", .impl = "hw", .call = HW(run_clmulh_hw), .fields = insn_out, .when = has_unit},
  {.prim = "insn", .op = "clmulr", .impl = "sw", .call = run_clmulr_sw, .fields = insn_out},
  {.prim = "insn", .op = "clmulr", .impl = "hw", .call = HW(run_clmulr_hw), .fields = insn_out, .when = has_unit},
  {.prim = "insn", .op = "spread", .impl = "sw", .call = run_spread_sw, .fields = insn_out},
  {.prim = "insn", .op = "spread", .impl = "hw", .call = HW(run_spread_hw), .fields = insn_out, .when = has_unit},
};

/* ---- the scalar multiplications ---- */

static int run_mul(void *p)
{
  struct clmul_ctx *x = p;
  return vc_ec_mul(x->curve, VC_EC_OPTIMIZED, x->p, x->k, x->curve->nlen, NULL, 0);
}

static void mul_out(void *p)
{
  struct clmul_ctx *x = p;
  json_bytes("k", x->k, x->curve->nlen);
  json_bytes("p", x->p, vc_ec_point_len(x->curve));
}

static const struct bench_case mul_cases[] = {
  {.prim = "ec_mul", .op = "mul", .impl = "sw", .call = run_mul, .fields = mul_out, .arg = 1},
  {.prim = "ec_mul", .op = "mul", .impl = "hw", .call = run_mul, .fields = mul_out, .when = has_unit, .arg = 1},
};

static void bench_clmul(const struct run_opts *o, struct tally *t)
{
  static struct clmul_ctx x;
  struct run_opts q = *o;
  uint8_t buf[8];
  q.instret = 0;                          /* a scalar multiplication's counts are per run */
  str_fmt(x.label, sizeof(x.label), "vexcrypt/clmul/insn");
  vc_drbg_init(&x.rng, (const uint8_t *)x.label, strlen(x.label));
  for (int i = 0; i < CLMUL_COUNT; i++) {
    vc_drbg_generate(&x.rng, buf, 8);
    x.a[i] = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 | (uint32_t)buf[3] << 24;
    x.b[i] = (uint32_t)buf[4] | (uint32_t)buf[5] << 8 | (uint32_t)buf[6] << 16 | (uint32_t)buf[7] << 24;
  }
  bench_run_all(&clmul_family, insn_cases, BENCH_N(insn_cases), &x, o, t);
  for (int id = 0; id < VC_EC_NCURVES; id++) {
    if (id == VC_EC_P256)
      continue;
    x.curve = vc_ec_curve_get(id);
    str_fmt(x.label, sizeof(x.label), "vexcrypt/clmul/%s", x.curve->name);
    vc_drbg_init(&x.rng, (const uint8_t *)x.label, strlen(x.label));
    vc_ec_scalar_draw(x.curve, &x.rng, x.k);
    bench_run_all(&clmul_family, mul_cases, BENCH_N(mul_cases), &x, &q, t);
  }
}

const struct suite suite_clmul = {"clmul",
  "carry-less multiply unit: each instruction against its software emulation, and the binary curves' scalar multiplication on and off the unit (builds with CLMUL=1)",
  bench_clmul};
