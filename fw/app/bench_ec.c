/* Benchmarks of the binary fields and the elliptic curves (suite "ec"): seed 001's EC-DH,
 * EC-ElGamal and EC-DSA at 163 and 233 bits in the three algorithm sets, each with the field
 * operations it made (the cost split); the field operations themselves; P-256 ECDH and ECDSA
 * for seed 002's comparison with DH and DSA. Suite mont reruns P-256's (bench_ec_curve).
 *
 * Keys and ephemeral scalars come from HMAC_DRBG seeded with labels ("vexcrypt/ec/<curve>"
 * for the peer, ".../party" for the measured EC-DH party, whose key generation is timed),
 * drawn outside the timing otherwise; every record carries its inputs and outputs, which the host
 * checks (vexrun/suites/ec.py). The cases are tables (app.h, struct bench_case) run by bench_run
 * on one context. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "prims.h"
#include "vexcrypt/ec.h"

/* The DSA benchmark's short message (seed 002: a 23-byte file), hashed inside the timing. */
#define EC_MSG_BYTES 23

struct ec_ctx {
  const char *suite;            /* the records' suite: "ec", or an accelerator's (bench_ec_curve) */
  /* the protocols: the curve and set measured, the peer's key (d2, q2), the measured party's
   * (d1, q1), the ephemeral scalar, the message point, the outputs */
  const vc_ec_curve *cur;
  vc_ec_set set;
  const char *impl;             /* "hw"/"sw" in a build with the clmul unit, else NULL */
  const vc_hash_class *hash;
  vc_drbg rng;
  char label[32], plabel[40];   /* the peer's and the measured party's DRBG labels */
  uint8_t d1[VC_EC_MAX_NLEN], d2[VC_EC_MAX_NLEN], reph[VC_EC_MAX_NLEN], sr[VC_EC_MAX_NLEN],
      ss[VC_EC_MAX_NLEN], dig[VC_HMAC_MAX_DIGEST];
  uint8_t q1[VC_EC_MAX_POINT], q2[VC_EC_MAX_POINT], mpt[VC_EC_MAX_POINT],
      c1[VC_EC_MAX_POINT], c2[VC_EC_MAX_POINT], out[VC_EC_MAX_POINT];
  size_t plen;                  /* the curve's point length */
  const vc_gf2m_field *fld;     /* the field operations' field */
};

/* The field operations' operands and result, placed on the data cache by the linker script
 * (section .bench.field, sets from 0xE00 up: apart from the timed call's stack frames and every
 * table). Inside the context their sets depended on the layout: in one they met the stack
 * frames', and a GF(2^163) product on the unit measured 40 cycles more. */
static struct {
  vc_gf2m a, b, r;
} fops __attribute__((section(".bench.field")));

/* The bit size a curve's name carries (163, 233, 256). */
static uint32_t curve_bits(const vc_ec_curve *c)
{
  uint32_t v = 0;
  for (const char *p = c->name + 2; *p; p++)
    v = v * 10 + (uint32_t)(*p - '0');
  return v;
}

static void seed_rng(struct ec_ctx *x, const char *l)
{
  vc_drbg_init(&x->rng, (const uint8_t *)l, strlen(l));
}

/* The start of every record: the suite, the case's labels, the implementation (NULL: the only
 * one), the curve (NULL: none), the set. */
static void ec_rec_open(const char *suite, const struct bench_case *c, const char *impl,
                        const vc_ec_curve *curve, vc_ec_set set)
{
  json_begin();
  json_str("suite", suite);
  json_str("prim", c->prim);
  if (impl)
    json_str("impl", impl);
  json_str("op", c->op);
  if (curve)
    json_str("curve", curve->name);
  json_str("set", app_ec_sets[set]);
}

/* ---- the protocols ---- */

/* A protocol's record: the curve, the set and, after the measurement, the dispatching forms'
 * field-operation counts and the Montgomery unit's time and commands (P-256 on it) over all
 * measured runs, per run. */
static void protocol_head(const struct bench_case *c, void *ctx, const struct bench_result *res,
                          uint32_t runs)
{
  const struct ec_ctx *x = ctx;
  ec_rec_open(x->suite, c, x->impl, x->cur, x->set);
  json_u64("bits", curve_bits(x->cur));
  json_measure(res, runs);
  uint32_t calls = runs + (res->instret ? 1 : 0);
  json_u64("mul", vc_gf2m_stats.mul / calls);
  json_u64("sqr", vc_gf2m_stats.sqr / calls);
  json_u64("inv", vc_gf2m_stats.inv / calls);
  json_unit(calls);
}

static void protocol_start(const struct bench_case *c, void *ctx)
{
  (void)c;
  (void)ctx;
  memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));
  unit_mark();
}

static const struct bench_family protocol_family = {protocol_head, protocol_start};

/* Every run of EC-DH draws the same key pair. */
static void party_prep(void *p)
{
  struct ec_ctx *x = p;
  seed_rng(x, x->plabel);
}

/* One party of EC-DH: its key pair, then the shared secret with the peer's public key q2. */
static int run_ecdh(void *p)
{
  struct ec_ctx *x = p;
  int rc = vc_ec_keygen(x->cur, x->set, &x->rng, x->d1, x->q1);
  return rc ? rc : vc_ecdh(x->cur, x->set, x->d1, x->cur->nlen, x->q2, x->plen, x->out);
}

static void ecdh_out(void *p)
{
  struct ec_ctx *x = p;
  json_bytes("d", x->d1, x->cur->nlen);
  json_bytes("q", x->q1, x->plen);
  json_bytes("peer", x->q2, x->plen);
  json_bytes("secret", x->out, x->cur->flen);
}

static int run_enc(void *p)
{
  struct ec_ctx *x = p;
  return vc_ec_elgamal_encrypt(x->cur, x->set, x->q2, x->mpt, x->reph, x->c1, x->c2);
}

static void enc_out(void *p)
{
  struct ec_ctx *x = p;
  json_bytes("q", x->q2, x->plen);
  json_bytes("m", x->mpt, x->plen);
  json_bytes("r", x->reph, x->cur->nlen);
  json_bytes("c1", x->c1, x->plen);
  json_bytes("c2", x->c2, x->plen);
}

static int run_dec(void *p)
{
  struct ec_ctx *x = p;
  return vc_ec_elgamal_decrypt(x->cur, x->set, x->d2, x->c1, x->c2, x->out);
}

static int dec_check(void *p)
{
  struct ec_ctx *x = p;
  return !memcmp(x->out, x->mpt, x->plen);
}

static int run_sign(void *p)
{
  struct ec_ctx *x = p;
  int rc = x->hash->oneshot(app_in, EC_MSG_BYTES, x->dig);
  return rc ? rc : vc_ecdsa_sign(x->cur, x->set, x->d2, x->hash, x->dig, x->sr, x->ss);
}

static int run_verify(void *p)
{
  struct ec_ctx *x = p;
  int rc = x->hash->oneshot(app_in, EC_MSG_BYTES, x->dig);
  return rc ? rc : vc_ecdsa_verify(x->cur, x->set, x->q2, x->plen, x->dig, x->hash->digest_len,
                                   x->sr, x->ss);
}

static void verify_out(void *p)
{
  struct ec_ctx *x = p;
  json_str("hash", x->hash->name);
  json_u64("bytes", EC_MSG_BYTES);
}

static void sign_out(void *p)
{
  struct ec_ctx *x = p;
  verify_out(x);
  json_bytes("d", x->d2, x->cur->nlen);
  json_bytes("q", x->q2, x->plen);
  json_bytes("r", x->sr, x->cur->nlen);
  json_bytes("s", x->ss, x->cur->nlen);
}

static const struct bench_case protocol_cases[] = {
  {.prim = "ecdh", .op = "keypair+shared", .call = run_ecdh, .prep = party_prep, .fields = ecdh_out},
  {.prim = "ec_elgamal", .op = "encrypt", .call = run_enc, .fields = enc_out},
  {.prim = "ec_elgamal", .op = "decrypt", .call = run_dec, .check = dec_check},
  {.prim = "ecdsa", .op = "sign", .call = run_sign, .fields = sign_out},
  {.prim = "ecdsa", .op = "verify", .call = run_verify, .fields = verify_out},
};

/* The protocols on one curve in one set. The peer key (d2, q2), the ephemeral scalar and the
 * message point are drawn and computed before the timing, in the optimized set. No
 * instruction-counting run (a basic-set protocol is up to 0.8 G cycles; the field operations'
 * records carry the instruction counts). */
static void protocols_group(struct ec_ctx *x, const vc_ec_curve *c, vc_ec_set set,
                            const struct run_opts *o, struct tally *t)
{
  struct run_opts q = *o;
  q.instret = 0;
  x->cur = c;
  x->set = set;
  x->plen = vc_ec_point_len(c);
  x->hash = curve_bits(c) < 200 ? &vc_sha1_class : &vc_sha256_class;
  str_fmt(x->label, sizeof(x->label), "vexcrypt/ec/%s", c->name);
  str_fmt(x->plabel, sizeof(x->plabel), "%s/party", x->label);
  seed_rng(x, x->label);
  /* The signed message, and the embedded one (EC-ElGamal: the curve's message length). */
  bench_fill(app_in, vc_ec_msg_len(c) > EC_MSG_BYTES ? vc_ec_msg_len(c) : EC_MSG_BYTES);
  if (vc_ec_keygen(c, VC_EC_OPTIMIZED, &x->rng, x->d2, x->q2) ||
      vc_ec_scalar_draw(c, &x->rng, x->reph) ||
      vc_ec_embed(c, VC_EC_OPTIMIZED, app_in, vc_ec_msg_len(c), x->mpt)) {
    t->fail++;
    return;
  }
  /* The optimized set in a build with the curve's unit (the clmul unit for the binary curves,
   * the Montgomery unit for P-256): on it and off it (the speedup within one binary). */
  uint32_t unit = c == vc_ec_curve_get(VC_EC_P256) ? VC_ACCEL_MONT : VC_ACCEL_CLMUL;
  if (set == VC_EC_OPTIMIZED && vc_accel_on(unit)) {
    x->impl = "sw";
    vc_accel_off |= unit;
    bench_run_all(&protocol_family, protocol_cases, BENCH_N(protocol_cases), x, &q, t);
    vc_accel_off &= ~unit;
    x->impl = "hw";
  } else {
    x->impl = vc_accel_present() & unit ? "sw" : NULL;
  }
  bench_run_all(&protocol_family, protocol_cases, BENCH_N(protocol_cases), x, &q, t);
}

/* One group of the slices (bench_group): its set-up only in the slice that measures it. */
static void ec_protocols(struct ec_ctx *x, const vc_ec_curve *c, vc_ec_set set,
                         const struct run_opts *o, struct tally *t)
{
  if (bench_group(o))
    protocols_group(x, c, set, o, t);
  bench_group_end();
}

/* ---- the field operations ---- */

/* A field operation's record: the set of its variant (arg), the field's m. */
/* A field multiplication or squaring takes a few hundred cycles, not much more than the cache
 * refills the harness's own code between runs causes (its lines and the library's hot groups
 * share sets): a run times FIELD_REPS back-to-back calls and the record reports one call (cycles
 * and raw divided, "reps" says by how much). The refills cost about 190 cycles a run: at 8 calls
 * a 163-bit product on the unit measured 255 cycles, at 32 it measures 237 (about 6 of them
 * refills). Inversions are timed one call per run. */
#define FIELD_REPS 32

static void field_head(const struct bench_case *c, void *ctx, const struct bench_result *res,
                       uint32_t runs)
{
  const struct ec_ctx *x = ctx;
  struct bench_result one = *res;
  uint32_t reps = c->op[0] == 'i' ? 1 : FIELD_REPS;
  ec_rec_open(x->suite, c, c->impl, NULL, (vc_ec_set)c->arg);
  json_u64("bits", x->fld->m);
  one.cycles /= reps;
  one.instret /= reps;
  for (int i = 0; i < PLAT_ICLASSES; i++)
    one.insn[i] /= reps;
  for (uint32_t i = 0; i < runs; i++)
    one.raw[i] /= reps;
  json_measure(&one, runs);
  if (reps > 1)
    json_u64("reps", reps);
}

static const struct bench_family field_family = {field_head, NULL};

/* The loops are part of the measurement harness (its code group: no hot library code shares
 * their cache lines). The field is read once, into a register: read from the context at every
 * call, its line shared a set with the 163-bit product's stack frame, and the product on the
 * unit measured 290 cycles instead of 247 (make bench CLMUL=1 at 4e3761d). */
#define FIELD_RUN(name, expr)                           \
  static PLAT_HOT int name(void *p)                     \
  {                                                     \
    const vc_gf2m_field *f = ((struct ec_ctx *)p)->fld; \
    for (int i = 0; i < FIELD_REPS; i++)                \
      expr;                                             \
    return VC_OK;                                       \
  }
FIELD_RUN(run_mul_shiftadd, vc_gf2m_mul_shiftadd(f, fops.r, fops.a, fops.b))
FIELD_RUN(run_mul_comb, vc_gf2m_mul_comb(f, fops.r, fops.a, fops.b))
FIELD_RUN(run_sqr_self, vc_gf2m_mul_shiftadd(f, fops.r, fops.a, fops.a))
FIELD_RUN(run_sqr_spread, vc_gf2m_sqr_spread(f, fops.r, fops.a))
FIELD_RUN(run_sqr_tab, vc_gf2m_sqr_tab_var(f, fops.r, fops.a))
FIELD_RUN(run_mul_clmul, vc_gf2m_mul_clmul(f, fops.r, fops.a, fops.b))
FIELD_RUN(run_sqr_clmul, vc_gf2m_sqr_clmul(f, fops.r, fops.a))

static int has_clmul(void *p)
{
  (void)p;
  return vc_accel_on(VC_ACCEL_CLMUL);
}

static int run_inv_euclid(void *p)
{
  struct ec_ctx *x = p;
  return vc_gf2m_inv_euclid_var(x->fld, fops.r, fops.a);
}

static int run_inv_almost(void *p)
{
  struct ec_ctx *x = p;
  return vc_gf2m_inv_almost_var(x->fld, fops.r, fops.a);
}

static int run_inv_itoh(void *p)
{
  struct ec_ctx *x = p;
  return vc_gf2m_inv_itoh(x->fld, fops.r, fops.a);
}

/* a, b and the result. */
static void field_out(void *p)
{
  struct ec_ctx *x = p;
  uint8_t buf[32];
  size_t len = vc_gf2m_bytes(x->fld);
  vc_gf2m_to_bytes(x->fld, fops.a, buf, len);
  json_bytes("a", buf, len);
  vc_gf2m_to_bytes(x->fld, fops.b, buf, len);
  json_bytes("b", buf, len);
  vc_gf2m_to_bytes(x->fld, fops.r, buf, len);
  json_bytes("out", buf, len);
}

/* Each variant with the set it belongs to (arg; the comb is the affine-table set's too). */
static const struct bench_case field_cases[] = {
  {.prim = "gf2m", .op = "mul_shiftadd", .call = run_mul_shiftadd, .fields = field_out, .arg = VC_EC_BASIC},
  {.prim = "gf2m", .op = "mul_comb", .call = run_mul_comb, .fields = field_out, .arg = VC_EC_OPTIMIZED},
  {.prim = "gf2m", .op = "sqr_self", .call = run_sqr_self, .fields = field_out, .arg = VC_EC_BASIC},
  {.prim = "gf2m", .op = "sqr_spread", .call = run_sqr_spread, .fields = field_out, .arg = VC_EC_OPTIMIZED},
  {.prim = "gf2m", .op = "sqr_tab", .call = run_sqr_tab, .fields = field_out, .arg = VC_EC_AFFINE_TABLE},
  {.prim = "gf2m", .op = "mul_clmul", .impl = "hw", .call = run_mul_clmul, .fields = field_out, .when = has_clmul,
   .arg = VC_EC_OPTIMIZED},
  {.prim = "gf2m", .op = "sqr_clmul", .impl = "hw", .call = run_sqr_clmul, .fields = field_out, .when = has_clmul,
   .arg = VC_EC_OPTIMIZED},
  {.prim = "gf2m", .op = "inv_euclid", .call = run_inv_euclid, .fields = field_out, .arg = VC_EC_BASIC},
  {.prim = "gf2m", .op = "inv_almost", .call = run_inv_almost, .fields = field_out, .arg = VC_EC_AFFINE_TABLE},
  {.prim = "gf2m", .op = "inv_itoh", .call = run_inv_itoh, .fields = field_out, .arg = VC_EC_OPTIMIZED},
};

/* a and b: the field's byte length drawn from "vexcrypt/gf2m/<m>", bits at and above m cleared. */
static void field_inputs(struct ec_ctx *x, const vc_gf2m_field *f)
{
  uint8_t buf[32];
  size_t len = vc_gf2m_bytes(f);
  x->fld = f;
  seed_rng(x, str_fmt(x->label, sizeof(x->label), "vexcrypt/gf2m/%u", (unsigned)f->m));
  for (int i = 0; i < 2; i++) {
    vc_drbg_generate(&x->rng, buf, len);
    buf[0] &= (uint8_t)(0xFF >> (8 * len - f->m));
    vc_gf2m_from_bytes(f, i ? fops.b : fops.a, buf, len);
  }
}

/* Runs of each field operation: at least 7, so the median is a warm-cache figure like the
 * operations inside a protocol (the cost split multiplies it by the protocol's counts). */
#define FIELD_MIN_RUNS 7

static void ec_fields(struct ec_ctx *x, const struct run_opts *o, struct tally *t)
{
  static const vc_gf2m_field *const fields[] = {&vc_gf2m_163, &vc_gf2m_233};
  struct run_opts q = *o;
  if (q.runs < FIELD_MIN_RUNS)
    q.runs = FIELD_MIN_RUNS;
  for (size_t i = 0; i < 2; i++) {
    field_inputs(x, fields[i]);
    bench_run_all(&field_family, field_cases, BENCH_N(field_cases), x, &q, t);
  }
}

static void bench_ec(const struct run_opts *o, struct tally *t)
{
  static struct ec_ctx x;
  x.suite = "ec";
  ec_fields(&x, o, t);
  for (int id = 0; id < VC_EC_NCURVES; id++) {
    const vc_ec_curve *c = vc_ec_curve_get(id);
    ec_protocols(&x, c, VC_EC_OPTIMIZED, o, t);
    if (id != VC_EC_P256) {
      ec_protocols(&x, c, VC_EC_BASIC, o, t);
      ec_protocols(&x, c, VC_EC_AFFINE_TABLE, o, t);
    }
  }
}

void bench_ec_curve(const char *suite, int id, const struct run_opts *o, struct tally *t)
{
  static struct ec_ctx x;
  x.suite = suite;
  ec_protocols(&x, vc_ec_curve_get(id), VC_EC_OPTIMIZED, o, t);
}

const struct suite suite_ec = {"ec",
  "elliptic-curve benchmarks: GF(2^163)/GF(2^233) operations, EC-DH, EC-ElGamal and ECDSA on B/K-163/233 in the three algorithm sets (the optimized one on and off the clmul unit when the build has it), P-256",
  bench_ec};
