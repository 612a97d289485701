/* Benchmarks of the binary fields and the elliptic curves (suite "ec"): seed 001's EC-DH,
 * EC-ElGamal and EC-DSA at 163 and 233 bits in both algorithm sets, each with the field
 * operations it made (the cost split); the field operations themselves; P-256 ECDH and ECDSA
 * for seed 002's comparison with DH and DSA.
 *
 * Keys and ephemeral scalars come from HMAC_DRBG seeded with labels ("vexcrypt/ec/<curve>"
 * for the peer, ".../party" for the measured EC-DH party, whose key generation is timed),
 * drawn outside the timing otherwise; every record carries its inputs and outputs, which the host
 * checks (vexrun/ecrefs.py). */
#include <string.h>

#include "app.h"
#include "prims.h"
#include "vexcrypt/ec.h"

/* The DSA benchmark's short message (seed 002: a 23-byte file), hashed inside the timing. */
#define EC_MSG_BYTES 23

static const vc_ec_curve *cur;
static vc_ec_set cset;
static const vc_hash_class *chash;
static vc_drbg rng;
static char label[32], plabel[40];   /* the peer's and the measured party's DRBG labels */
static uint8_t d1[VC_EC_MAX_NLEN], d2[VC_EC_MAX_NLEN], reph[VC_EC_MAX_NLEN], sr[VC_EC_MAX_NLEN],
    ss[VC_EC_MAX_NLEN], dig[VC_HMAC_MAX_DIGEST];
static uint8_t q1[VC_EC_MAX_POINT], q2[VC_EC_MAX_POINT], mpt[VC_EC_MAX_POINT],
    c1[VC_EC_MAX_POINT], c2[VC_EC_MAX_POINT], out[VC_EC_MAX_POINT];

static size_t plen(void) { return vc_ec_point_len(cur); }

/* The bit size a curve's name carries (163, 233, 256). */
static uint32_t curve_bits(const vc_ec_curve *c)
{
  uint32_t v = 0;
  for (const char *p = c->name + 2; *p; p++)
    v = v * 10 + (uint32_t)(*p - '0');
  return v;
}

static void rec_open(const char *prim, const char *op, const struct bench_result *res,
                     uint32_t runs)
{
  json_begin();
  json_str("suite", "ec");
  json_str("prim", prim);
  json_str("op", op);
  json_str("curve", cur->name);
  json_str("set", cset == VC_EC_BASIC ? "basic" : "optimized");
  json_u64("bits", curve_bits(cur));
  json_measure(res, runs);
  /* The dispatching forms' counts over all measured runs, per run. */
  uint32_t calls = runs + (res->instret ? 1 : 0);
  json_u64("mul", vc_gf2m_stats.mul / calls);
  json_u64("sqr", vc_gf2m_stats.sqr / calls);
  json_u64("inv", vc_gf2m_stats.inv / calls);
}

/* A protocol's measurement: no instruction-counting run (a basic-set protocol is up to 0.8 G
 * cycles; the field operations' records carry the instruction counts). */
static void measure(bench_fn fn, bench_prep prep, const struct run_opts *o,
                    struct bench_result *res)
{
  struct run_opts q = *o;
  q.instret = 0;
  memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));
  bench_measure(fn, prep, NULL, &q, res);
}

static void seed_rng(const char *l)
{
  vc_drbg_init(&rng, (const uint8_t *)l, strlen(l));
}

/* Every run of EC-DH draws the same key pair. */
static void party_prep(void *p)
{
  (void)p;
  seed_rng(plabel);
}

/* One party of EC-DH: its key pair, then the shared secret with the peer's public key q2. */
static int run_ecdh(void *p)
{
  (void)p;
  int rc = vc_ec_keygen(cur, cset, &rng, d1, q1);
  return rc ? rc : vc_ecdh(cur, cset, d1, cur->nlen, q2, plen(), out);
}

static int run_enc(void *p)
{
  (void)p;
  return vc_ec_elgamal_encrypt(cur, cset, q2, mpt, reph, c1, c2);
}

static int run_dec(void *p)
{
  (void)p;
  return vc_ec_elgamal_decrypt(cur, cset, d2, c1, c2, out);
}

static int run_sign(void *p)
{
  (void)p;
  int rc = chash->oneshot(app_in, EC_MSG_BYTES, dig);
  return rc ? rc : vc_ecdsa_sign(cur, cset, d2, chash, dig, sr, ss);
}

static int run_verify(void *p)
{
  (void)p;
  int rc = chash->oneshot(app_in, EC_MSG_BYTES, dig);
  return rc ? rc : vc_ecdsa_verify(cur, cset, q2, plen(), dig, chash->digest_len, sr, ss);
}

/* The protocols on one curve in one set. The peer key (d2, q2), the ephemeral scalar and the
 * message point are drawn and computed before the timing, in the optimized set. */
static void ec_protocols(const vc_ec_curve *c, vc_ec_set set, const struct run_opts *o,
                         struct tally *t)
{
  struct bench_result res;
  size_t n = strlen(c->name), nl = c->nlen;
  cur = c;
  cset = set;
  chash = curve_bits(c) < 200 ? &vc_sha1_class : &vc_sha256_class;
  memcpy(label, "vexcrypt/ec/", 12);
  memcpy(label + 12, c->name, n + 1);
  memcpy(plabel, label, 12 + n);
  memcpy(plabel + 12 + n, "/party", 7);
  seed_rng(label);
  bench_fill(app_in, EC_MSG_BYTES);
  if (vc_ec_keygen(c, VC_EC_OPTIMIZED, &rng, d2, q2) || vc_ec_scalar_draw(c, &rng, reph) ||
      vc_ec_embed(c, VC_EC_OPTIMIZED, app_in, vc_ec_msg_len(c), mpt)) {
    t->fail++;
    return;
  }
  measure(run_ecdh, party_prep, o, &res);
  rec_open("ecdh", "keypair+shared", &res, o->runs);
  json_bytes("d", d1, nl);
  json_bytes("q", q1, plen());
  json_bytes("peer", q2, plen());
  json_bytes("secret", out, c->flen);
  json_close(&res, t);

  measure(run_enc, NULL, o, &res);
  rec_open("ec_elgamal", "encrypt", &res, o->runs);
  json_bytes("q", q2, plen());
  json_bytes("m", mpt, plen());
  json_bytes("r", reph, nl);
  json_bytes("c1", c1, plen());
  json_bytes("c2", c2, plen());
  json_close(&res, t);
  measure(run_dec, NULL, o, &res);
  res.ok &= !memcmp(out, mpt, plen());
  rec_open("ec_elgamal", "decrypt", &res, o->runs);
  json_close(&res, t);

  measure(run_sign, NULL, o, &res);
  rec_open("ecdsa", "sign", &res, o->runs);
  json_str("hash", chash->name);
  json_u64("bytes", EC_MSG_BYTES);
  json_bytes("d", d2, nl);
  json_bytes("q", q2, plen());
  json_bytes("r", sr, nl);
  json_bytes("s", ss, nl);
  json_close(&res, t);
  measure(run_verify, NULL, o, &res);
  rec_open("ecdsa", "verify", &res, o->runs);
  json_str("hash", chash->name);
  json_u64("bytes", EC_MSG_BYTES);
  json_close(&res, t);
}

/* ---- the field operations ---- */

static const vc_gf2m_field *fld;
static vc_gf2m fa, fb, fr;

static int run_mul_shiftadd(void *p) { (void)p; vc_gf2m_mul_shiftadd(fld, fr, fa, fb); return VC_OK; }
static int run_mul_comb(void *p) { (void)p; vc_gf2m_mul_comb(fld, fr, fa, fb); return VC_OK; }
static int run_sqr_self(void *p) { (void)p; vc_gf2m_mul_shiftadd(fld, fr, fa, fa); return VC_OK; }
static int run_sqr_tab(void *p) { (void)p; vc_gf2m_sqr_tab(fld, fr, fa); return VC_OK; }
static int run_inv_euclid(void *p) { (void)p; return vc_gf2m_inv_euclid_var(fld, fr, fa); }
static int run_inv_almost(void *p) { (void)p; return vc_gf2m_inv_almost_var(fld, fr, fa); }
static int run_inv_itoh(void *p) { (void)p; return vc_gf2m_inv_itoh(fld, fr, fa); }

static const struct {
  const char *op;
  bench_fn fn;
  vc_ec_set set;   /* the set the variant belongs to */
} field_ops[] = {
  {"mul_shiftadd", run_mul_shiftadd, VC_EC_BASIC}, {"mul_comb", run_mul_comb, VC_EC_OPTIMIZED},
  {"sqr_self", run_sqr_self, VC_EC_BASIC},         {"sqr_tab", run_sqr_tab, VC_EC_OPTIMIZED},
  {"inv_euclid", run_inv_euclid, VC_EC_BASIC},     {"inv_almost", run_inv_almost, VC_EC_OPTIMIZED},
  {"inv_itoh", run_inv_itoh, VC_EC_OPTIMIZED},
};

/* a and b: the field's byte length drawn from "vexcrypt/gf2m/<m>", bits at and above m cleared. */
static void field_inputs(const vc_gf2m_field *f)
{
  uint8_t buf[32];
  size_t len = vc_gf2m_bytes(f);
  memcpy(label, "vexcrypt/gf2m/163", 18);
  if (f->m == 233)
    memcpy(label + 14, "233", 3);
  seed_rng(label);
  for (int i = 0; i < 2; i++) {
    vc_drbg_generate(&rng, buf, len);
    buf[0] &= (uint8_t)(0xFF >> (8 * len - f->m));
    vc_gf2m_from_bytes(f, i ? fb : fa, buf, len);
  }
}

/* Runs of each field operation: at least 7, so the median is a warm-cache figure like the
 * operations inside a protocol (the cost split multiplies it by the protocol's counts). */
#define FIELD_MIN_RUNS 7

static void ec_fields(const struct run_opts *o, struct tally *t)
{
  static const vc_gf2m_field *const fields[] = {&vc_gf2m_163, &vc_gf2m_233};
  uint8_t buf[32];
  struct bench_result res;
  struct run_opts q = *o;
  if (q.runs < FIELD_MIN_RUNS)
    q.runs = FIELD_MIN_RUNS;
  for (size_t i = 0; i < 2; i++) {
    fld = fields[i];
    size_t len = vc_gf2m_bytes(fld);
    field_inputs(fld);
    for (size_t j = 0; j < sizeof(field_ops) / sizeof(field_ops[0]); j++) {
      bench_measure(field_ops[j].fn, NULL, NULL, &q, &res);
      json_begin();
      json_str("suite", "ec");
      json_str("prim", "gf2m");
      json_str("op", field_ops[j].op);
      json_str("set", field_ops[j].set == VC_EC_BASIC ? "basic" : "optimized");
      json_u64("bits", fld->m);
      json_measure(&res, q.runs);
      vc_gf2m_to_bytes(fld, fa, buf, len);
      json_bytes("a", buf, len);
      vc_gf2m_to_bytes(fld, fb, buf, len);
      json_bytes("b", buf, len);
      vc_gf2m_to_bytes(fld, fr, buf, len);
      json_bytes("out", buf, len);
      json_close(&res, t);
    }
  }
}

void bench_ec(const struct run_opts *o, struct tally *t)
{
  ec_fields(o, t);
  for (int id = 0; id < VC_EC_NCURVES; id++) {
    const vc_ec_curve *c = vc_ec_curve_get(id);
    ec_protocols(c, VC_EC_OPTIMIZED, o, t);
    if (id != VC_EC_P256)
      ec_protocols(c, VC_EC_BASIC, o, t);
  }
}
