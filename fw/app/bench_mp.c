/* Suite "mp": the multiprecision library, seed 000's Tables 9-13 (reduction, addition,
 * multiplication, inverse, exponentiation) and seed 004's design space (every modular
 * multiplication algorithm, with "all" the radix and window sweeps). Also the records' head
 * and the inputs the pk and mont suites share (bench_pk.h). */
#include <string.h>

#include "bench_pk.h"

void pk_draw(vc_drbg *rng, vc_mp *r, size_t bits)
{
  uint8_t buf[VC_MP_CAP_BITS / 8];
  size_t len = (bits + 7) / 8;
  vc_drbg_generate(rng, buf, len);
  if (bits % 8)
    buf[0] &= (uint8_t)((1u << (bits % 8)) - 1);
  vc_mp_from_bytes(r, buf, len);
}

void pk_seed_rng(vc_drbg *rng, const char *label)
{
  vc_drbg_init(rng, (const uint8_t *)label, strlen(label));
}

void pk_rec_head(const struct bench_case *c, void *ctx, const struct bench_result *res,
                 uint32_t runs)
{
  static const char *const exp_names[] = {"", "lr", "rl", "window", "ladder"};
  const struct pk_head *h = ctx;
  json_begin();
  json_str("suite", h->suite);
  json_str("prim", c->prim);
  if (c->impl)
    json_str("impl", c->impl);
  json_str("op", c->op);
  json_u64("bits", h->bits);
  json_u64("bytes", h->bytes);
  if (h->xbits)
    json_u64("xbits", h->xbits);
  if (h->seed)
    json_str("seed", h->seed);
  if (h->cfg) {
    json_u64("algo", h->cfg->algo);
    json_u64("radix", h->cfg->radix_bits);
    json_bool("sqr", h->cfg->sqr);
    json_str("exp", exp_names[h->cfg->exp]);
    json_u64("window", h->cfg->window);
    json_bool("var", h->cfg->var);
  }
  if (h->crt)
    json_str("crt", h->crt);
  json_measure(res, runs);
  if (h->key)
    json_str("key", h->key);
  if (h->group)
    json_str("group", h->group);
  if (h->hash)
    json_str("hash", h->hash);
}

/* The measured operations' inputs for h.bits: m odd with its top bit set, a, b < m, a
 * double-length number, a full-length exponent, drawn in this order. */
static void mp_inputs(struct mp_ctx *x)
{
  vc_drbg rng;
  uint32_t bits = x->h.bits;
  x->h.seed = str_fmt(x->seed, sizeof(x->seed), "vexcrypt/mp/%u", (unsigned)bits);
  pk_seed_rng(&rng, x->seed);
  pk_draw(&rng, &x->m, bits - 1);
  vc_mp_set_u32(&x->r, 1);
  vc_mp_shl_var(&x->b, &x->r, bits - 1);
  vc_mp_add_var(&x->m, &x->m, &x->b);           /* m = 2^(bits-1) + draw(bits-1), made odd */
  x->m.d[0] |= 1;
  pk_draw(&rng, &x->a, bits);
  vc_mp_mod_var(&x->a, &x->a, &x->m);
  pk_draw(&rng, &x->b, bits);
  vc_mp_mod_var(&x->b, &x->b, &x->m);
  pk_draw(&rng, &x->big, 2 * bits);
  pk_draw(&rng, &x->e, bits);
}

static void mp_out(void *p)
{
  struct mp_ctx *x = p;
  json_mp("out", &x->r);
}

/* Seed 000, Tables 9-12: reduction, addition, multiplication, inverse; arg: the bits. */
static int run_mod_reduce(void *p)
{
  struct mp_ctx *x = p;
  return vc_mp_mod_var(&x->r, &x->big, &x->m);
}

static int run_mod_add(void *p)
{
  struct mp_ctx *x = p;
  return vc_mp_mod_add_var(&x->r, &x->a, &x->b, &x->m);
}

static int run_mod_mul(void *p)
{
  struct mp_ctx *x = p;
  return vc_mp_mod_mul_var(&x->r, &x->a, &x->b, &x->m);
}

static int run_inv_euclid(void *p)
{
  struct mp_ctx *x = p;
  return vc_mp_mod_inv_euclid_var(&x->r, &x->a, &x->m);
}

static int run_inv_binary(void *p)
{
  struct mp_ctx *x = p;
  return vc_mp_mod_inv_binary_var(&x->r, &x->a, &x->m);
}

static void mp_start(const struct bench_case *c, void *p)
{
  struct mp_ctx *x = p;
  x->h.bits = (uint32_t)c->arg;
  mp_inputs(x);
}

static const struct bench_family mp_family = {pk_rec_head, mp_start};
static const struct bench_case mp_cases[] = {
  {.prim = "mod_reduce", .op = "1024 mod 512", .call = run_mod_reduce, .fields = mp_out, .arg = 512},
  {.prim = "mod_add", .op = "add", .call = run_mod_add, .fields = mp_out, .arg = 512},
  {.prim = "mod_mul", .op = "mul+div", .call = run_mod_mul, .fields = mp_out, .arg = 512},
  {.prim = "mod_mul", .op = "mul+div", .call = run_mod_mul, .fields = mp_out, .arg = 1024},
  {.prim = "mod_inv", .op = "euclid", .call = run_inv_euclid, .fields = mp_out, .arg = 512},
  {.prim = "mod_inv", .op = "binary", .call = run_inv_binary, .fields = mp_out, .arg = 512},
};

/* The Montgomery products and exponentiations at the point h.cfg (mp_point): before each, the
 * inputs, the Montgomery context, the operands as limbs and the exponent (arg; 0: e). */
static void mont_start(const struct bench_case *c, void *p)
{
  struct mp_ctx *x = p;
  mp_inputs(x);
  vc_mont_init_var(&x->mont, &x->m, x->h.cfg, NULL, NULL);
  memset(x->la, 0, sizeof(x->la));
  memset(x->lb, 0, sizeof(x->lb));
  memcpy(x->la, x->a.d, 4 * x->a.n);
  memcpy(x->lb, x->b.d, 4 * x->b.n);
  x->exp = &x->e;
  if (c->arg) {
    vc_mp_set_u32(&x->esmall, (uint32_t)c->arg);
    x->exp = &x->esmall;
  }
}

const struct bench_family mont_family = {pk_rec_head, mont_start};

/* Seed 004: the Montgomery product, a*b and (with dedicated squaring) a*a. */
static int run_montmul(void *p)
{
  struct mp_ctx *x = p;
  return vc_mont_mul_var(&x->mont, x->lr, x->la, x->lb);
}

static int run_montsqr(void *p)
{
  struct mp_ctx *x = p;
  return vc_mont_mul_var(&x->mont, x->lr, x->la, x->la);
}

void montmul_out(void *p)
{
  struct mp_ctx *x = p;
  const vc_mont *ctx = &x->mont;
  x->r.n = ctx->n;
  memcpy(x->r.d, x->lr, 4 * ctx->n);
  while (x->r.n && !x->r.d[x->r.n - 1])
    x->r.n--;
  json_mp("out", &x->r);
  json_u64("r_bits", (uint64_t)(ctx->cfg.algo == VC_MM_ALGO5 ? 1 : ctx->cfg.radix_bits) * ctx->digits);
}

/* The points with a dedicated squaring. */
static int has_sqr(void *p)
{
  const vc_mp_cfg *c = ((struct mp_ctx *)p)->h.cfg;
  return c->sqr && c->algo != VC_MM_ALGO1 && c->algo != VC_MM_ALGO5 &&
         (c->algo != VC_MM_ALGO3 || c->radix_bits == 32);
}

const struct bench_case montmul_cases[2] = {
  {.prim = "montmul", .op = "mul", .call = run_montmul, .fields = montmul_out},
  {.prim = "montmul", .op = "sqr", .call = run_montsqr, .fields = montmul_out, .when = has_sqr},
};

/* Seed 000 Table 13: exponentiation with a full-length, a 3 and a 65537 exponent. */
static int run_modexp(void *p)
{
  struct mp_ctx *x = p;
  return vc_mp_modexp_var(&x->mont, &x->r, &x->a, x->exp);
}

const struct bench_case modexp_cases[3] = {
  [EXP_FULL] = {.prim = "modexp", .op = "e=full", .call = run_modexp, .fields = mp_out, .arg = 0},
  [EXP_3] = {.prim = "modexp", .op = "e=3", .call = run_modexp, .fields = mp_out, .arg = 3},
  [EXP_65537] = {.prim = "modexp", .op = "e=65537", .call = run_modexp, .fields = mp_out, .arg = 65537},
};

/* Points of the design space measured by default; "all" adds the radix sweep. The study's
 * exponentiation is the variable-time sliding window (var = 1: RSA across the points below
 * measures it, the default ALGO2 point included, beside the constant-time default). */
const vc_mp_cfg mm_points[] = {
  {VC_MM_ALGO1, 32, 0, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO2, 32, 0, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO2, 32, 1, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO2, 8, 1, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO3, 32, 0, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO3, 32, 1, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO3, 8, 0, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO4, 32, 0, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO4, 32, 1, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO5, 1, 0, VC_EXP_WINDOW, 6, 1},
};
const size_t mm_npoints = sizeof(mm_points) / sizeof(mm_points[0]);

/* The head of the records at a design-space point. */
static void mp_point(struct mp_ctx *x, uint32_t bits, const vc_mp_cfg *c)
{
  x->h = (struct pk_head){.suite = "mp", .bits = bits, .cfg = c};
}

static void mp_montmul(struct mp_ctx *x, uint32_t bits, const vc_mp_cfg *c,
                       const struct run_opts *o, struct tally *t)
{
  mp_point(x, bits, c);
  bench_run_all(&mont_family, montmul_cases, BENCH_N(montmul_cases), x, o, t);
}

static void bench_mp(const struct run_opts *o, struct tally *t)
{
  static struct mp_ctx x;
  x.h = (struct pk_head){.suite = "mp"};
  bench_run_all(&mp_family, mp_cases, BENCH_N(mp_cases), &x, o, t);
  /* Seed 004: every algorithm's Montgomery product; seed 000 Table 13: 512-bit
   * exponentiation with a full, a 3 and a 65537 exponent, for every algorithm. */
  for (size_t i = 0; i < mm_npoints; i++) {
    mp_montmul(&x, 512, &mm_points[i], o, t);
    mp_montmul(&x, 1024, &mm_points[i], o, t);
  }
  for (size_t i = 0; i < mm_npoints; i++) {
    mp_point(&x, 512, &mm_points[i]);
    bench_run_all(&mont_family, modexp_cases, BENCH_N(modexp_cases), &x, o, t);
  }
  if (!o->all)
    return;
  /* Seed 004 Fig. 1(b): the radix 8..512 (and the word sizes) for ALGO2 and ALGO3; the
   * exponentiation methods and windows. */
  static const uint8_t radices[] = {3, 4, 5, 6, 7, 8, 9, 16, 32};
  for (int algo = VC_MM_ALGO2; algo <= VC_MM_ALGO3; algo++)
    for (size_t i = 0; i < sizeof(radices); i++) {
      vc_mp_cfg c = {(uint8_t)algo, radices[i], 1, VC_EXP_WINDOW, 6, 1};
      mp_montmul(&x, 1024, &c, o, t);
    }
  for (uint8_t ex = VC_EXP_LR; ex <= VC_EXP_LADDER; ex++)
    for (uint8_t w = 1; w <= (ex == VC_EXP_WINDOW ? VC_MP_MAX_WINDOW : 1); w++) {
      vc_mp_cfg c = vc_mp_cfg_default;
      c.exp = ex;
      c.window = w;
      mp_point(&x, 512, &c);
      bench_run(&mont_family, &modexp_cases[EXP_FULL], &x, o, t);
    }
}

const struct suite suite_mp = {"mp",
  "multiprecision benchmarks: seed 000 Tables 9-13, every modular-multiplication algorithm (all: radix and window sweeps)",
  bench_mp};
