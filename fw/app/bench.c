/* Benchmarks: cycles of each primitive on deterministic data (bench_fill, bench_key), median of
 * `runs` repetitions, one JSON line per (primitive, operation, size) with the raw runs, the
 * retired instructions where the core counts them, and the output (its SHA-256 for ciphers) so
 * the host can check it. Block ciphers in ECB/CBC include PKCS#7 padding in the timing. */
#include <stddef.h>
#include <string.h>

#include "accel.h"
#include "app.h"
#include "platform.h"
#include "prims.h"

static const char default_sizes[] = "64,1024,8192";
static const char default_modes[] = "cbc";

PLAT_HOT void bench_measure(bench_fn fn, bench_prep prep, void *arg, const struct run_opts *o,
                            struct bench_result *res)
{
  uint32_t runs = o->runs;
  uint64_t sorted[APP_MAX_RUNS];
  res->ok = 1;
  for (uint32_t i = 0; i < runs; i++) {
    if (prep)
      prep(arg);
    uint64_t t0 = plat_cycles();
    res->ok &= plat_call(fn, arg) == VC_OK;
    uint64_t t1 = plat_cycles();
    res->raw[i] = plat_elapsed(t0, t1);
  }
  memcpy(sorted, res->raw, runs * sizeof(sorted[0]));
  res->cycles = median_u64(sorted, runs);
  res->instret = 0;
  if (o->instret && plat_has_instret()) {   /* one more run, counting instructions */
    if (prep)
      prep(arg);
    uint64_t i0 = plat_instret();
    res->ok &= plat_call(fn, arg) == VC_OK;
    uint64_t i1 = plat_instret();
    res->instret = plat_instret_elapsed(i0, i1);
  }
}

void json_measure(const struct bench_result *res, uint32_t runs)
{
  json_u64("cycles", res->cycles);
  if (res->instret)
    json_u64("instret", res->instret);
  json_u64("runs", runs);
  json_u64_array("raw", res->raw, runs);
}

void json_close(const struct bench_result *res, struct tally *t)
{
  json_bool("ok", res->ok);
  json_end();
  if (res->ok)
    t->pass++;
  else
    t->fail++;
}

void bench_run(const struct bench_family *f, const struct bench_case *c, void *ctx,
               const struct run_opts *o, struct tally *t)
{
  struct bench_result res;
  uint32_t off = vc_accel_off;
  if (c->when && !c->when(ctx))
    return;
  if (c->impl && !strcmp(c->impl, "sw"))     /* a software case runs with the accelerators off */
    vc_accel_off = ~0u;
  if (f->start)
    f->start(c, ctx);
  bench_measure(c->call, c->prep, c->target ? c->target(ctx) : ctx, o, &res);
  if (c->check)
    res.ok &= c->check(ctx) != 0;
  f->head(c, ctx, &res, o->runs);
  if (c->fields)
    c->fields(ctx);
  json_close(&res, t);
  vc_accel_off = off;
}

void bench_run_all(const struct bench_family *f, const struct bench_case *c, size_t n, void *ctx,
                   const struct run_opts *o, struct tally *t)
{
  for (size_t i = 0; i < n; i++)
    bench_run(f, &c[i], ctx, o, t);
}

void bench_run_impls(const struct bench_family *f, const struct bench_case *c, size_t n, void *ctx,
                     uint32_t accel, const struct run_opts *o, struct tally *t)
{
  for (size_t i = 0; i < n; i++) {
    struct bench_case k = c[i];
    if (vc_accel_present() & accel) {
      k.impl = "hw";
      bench_run(f, &k, ctx, o, t);
    }
    k.impl = "sw";
    bench_run(f, &k, ctx, o, t);
  }
}

/* The symmetric primitives' records: suite, prim, impl ("sw" unless named), mode (ciphers),
 * op, bytes (0 for a key setup), the measurement, then the case's "out". Each context starts
 * with this head. */
struct sym_rec {
  const char *suite, *mode;
  uint32_t bytes;
};

static void sym_head(const struct bench_case *c, void *ctx, const struct bench_result *res,
                     uint32_t runs)
{
  const struct sym_rec *r = ctx;
  json_begin();
  json_str("suite", r->suite);
  json_str("prim", c->prim);
  json_str("impl", c->impl ? c->impl : "sw");
  if (r->mode)
    json_str("mode", r->mode);
  json_str("op", c->op);
  json_u64("bytes", r->bytes);
  json_measure(res, runs);
}

static const struct bench_family sym_family = {sym_head, NULL};

/* "out": the SHA-256 of a cipher's n output bytes. */
static void json_out_digest(const uint8_t *p, size_t n)
{
  uint8_t md[32];
  vc_sha256(p, n, md);
  json_bytes("out", md, sizeof(md));
}

static void bench_error(const char *suite, const char *msg, struct tally *t)
{
  json_begin();
  json_str("suite", suite);
  json_bool("ok", 0);
  json_str("error", msg);
  json_end();
  t->fail++;
}

/* Iterates the sizes of the request (or the default list); reports a bad list once. */
struct sizes {
  const char *p, *end;
};

static void sizes_init(struct sizes *s, const struct run_opts *o)
{
  s->p = o->sizes ? o->sizes : default_sizes;
  s->end = o->sizes ? o->sizes + o->sizes_len : default_sizes + sizeof(default_sizes) - 1;
}

static int sizes_next(struct sizes *s, const char *suite, uint32_t max, uint32_t *size, struct tally *t)
{
  for (;;) {
    int rc = next_size(&s->p, s->end, size);
    if (rc < 0)
      bench_error(suite, "bad \"sizes\" list (comma-separated integers)", t);
    if (rc <= 0)
      return 0;
    if (*size <= max)
      return 1;
    bench_error(suite, "benchmark size larger than the benchmark buffer (65504 bytes)", t);
  }
}

/* ---- hashes ---- */

struct hash_arg {
  struct sym_rec rec;
  struct app_hash_call call;
};

static void *hash_target(void *p)
{
  struct hash_arg *a = p;
  a->call.len = a->rec.bytes;
  return &a->call;
}

static void hash_out(void *p)
{
  struct hash_arg *a = p;
  json_bytes("out", a->call.md, a->call.h->digest_len);
}

void bench_hash(const struct run_opts *o, struct tally *t)
{
  static struct hash_arg a;
  for (size_t i = 0; i < app_nhashes; i++) {
    struct sizes sz;
    const struct bench_case c = {.prim = app_hashes[i]->name, .op = "hash", .call = app_hash_run,
                                 .target = hash_target, .fields = hash_out};
    a.rec = (struct sym_rec){"hash", NULL, 0};
    a.call = (struct app_hash_call){app_hashes[i], app_in, 0, {0}};
    sizes_init(&sz, o);
    while (sizes_next(&sz, "hash", APP_BENCH_MAX_MSG, &a.rec.bytes, t)) {
      bench_fill(app_in, a.rec.bytes);
      bench_run(&sym_family, &c, &a, o, t);
    }
  }
}

/* ---- block ciphers ---- */

struct block_cfg {
  const char *cipher, *prim, *impl;
  uint32_t keylen, rounds;
  int quick;       /* in the default (quick) set; the others run with "all" */
};

static const struct block_cfg block_cfgs[] = {
  {"des", "des", NULL, 8, 0, 1},
  {"3des", "3des", NULL, 24, 0, 0},
  {"aes_tab", "aes-128", "tab", 16, 0, 1},
  {"aes_tab", "aes-192", "tab", 24, 0, 0},
  {"aes_tab", "aes-256", "tab", 32, 0, 0},
  {"aes_ct", "aes-128", "ct", 16, 0, 0},
  {"aes_ct", "aes-192", "ct", 24, 0, 0},
  {"aes_ct", "aes-256", "ct", 32, 0, 0},
  {"rc5", "rc5-32/12/16", NULL, 16, 12, 1},
};

struct block_arg {
  struct sym_rec rec;
  struct app_block_call call;
  uint8_t key[32];
  uint32_t keylen, rounds;
  size_t outlen;
};

static int run_setkey(void *p)
{
  struct block_arg *a = p;
  return a->call.b->setkey(&app_ks, a->key, a->keylen, a->rounds);
}

/* Encryption pads app_in (ECB/CBC) and writes app_out; decryption reads app_out into app_in
 * and removes the padding (app_block_run). Every run starts from the same call. */
static void prep_encrypt(void *p)
{
  struct app_block_call *c = p;
  struct block_arg *a = (struct block_arg *)((char *)c - offsetof(struct block_arg, call));
  c->dec = 0;
  c->in = app_in;
  c->out = app_out;
  c->len = a->rec.bytes;
}

static void prep_decrypt(void *p)
{
  struct app_block_call *c = p;
  struct block_arg *a = (struct block_arg *)((char *)c - offsetof(struct block_arg, call));
  c->dec = 1;
  c->in = app_out;
  c->out = app_in;
  c->len = a->outlen;
}

static void *block_target(void *p)
{
  struct block_arg *a = p;
  return &a->call;
}

static int encrypt_check(void *p)           /* keeps the ciphertext's length for decryption */
{
  struct block_arg *a = p;
  a->outlen = a->call.len;
  return 1;
}

static void encrypt_out(void *p)
{
  struct block_arg *a = p;
  json_out_digest(app_out, a->outlen);
}

static void decrypt_out(void *p)        /* the host checks it is the plaintext's digest */
{
  struct block_arg *a = p;
  json_out_digest(app_in, a->rec.bytes);
}

/* A cipher's cases; the configuration names the primitive and the implementation. */
enum { BLOCK_SETKEY, BLOCK_ENC, BLOCK_DEC };
static const struct bench_case block_cases[] = {
  [BLOCK_SETKEY] = {.op = "setkey", .call = run_setkey},
  [BLOCK_ENC] = {.op = "enc", .call = app_block_run, .target = block_target, .prep = prep_encrypt,
                 .check = encrypt_check, .fields = encrypt_out},
  [BLOCK_DEC] = {.op = "dec", .call = app_block_run, .target = block_target, .prep = prep_decrypt,
                 .fields = decrypt_out},
};

static void block_case(const struct block_cfg *c, int which, struct block_arg *a,
                       const struct run_opts *o, struct tally *t)
{
  struct bench_case k = block_cases[which];
  k.prim = c->prim;
  k.impl = c->impl;
  bench_run(&sym_family, &k, a, o, t);
}

void bench_block(const struct run_opts *o, struct tally *t)
{
  static const char *const mode_names[] = {"ecb", "cbc", "ctr"};
  static struct block_arg a;
  const char *modes = o->modes ? o->modes : default_modes;
  const char *mend = o->modes ? o->modes + o->modes_len : default_modes + sizeof(default_modes) - 1;
  for (size_t i = 0; i < sizeof(block_cfgs) / sizeof(block_cfgs[0]); i++) {
    const struct block_cfg *c = &block_cfgs[i];
    if (!c->quick && !o->all)
      continue;
    a.rec = (struct sym_rec){"block", NULL, 0};
    a.call.b = app_find_block(c->cipher, strlen(c->cipher));
    a.keylen = c->keylen;
    a.rounds = c->rounds;
    bench_key(a.key, c->keylen);
    bench_iv(a.call.iv, a.call.b->bc->block_len);
    block_case(c, BLOCK_SETKEY, &a, o, t);
    for (const char *p = modes; p < mend;) {
      const char *q = p;
      while (q < mend && *q != ',')
        q++;
      a.call.mode = app_mode(p, (size_t)(q - p));
      a.call.pad = a.call.mode != 2;
      if (a.call.mode < 0) {
        bench_error("block", "bad \"modes\" list (ecb, cbc, ctr)", t);
      } else {
        struct sizes sz;
        a.rec.mode = mode_names[a.call.mode];
        sizes_init(&sz, o);
        while (sizes_next(&sz, "block", APP_BENCH_MAX_MSG, &a.rec.bytes, t)) {
          bench_fill(app_in, a.rec.bytes);
          block_case(c, BLOCK_ENC, &a, o, t);
          block_case(c, BLOCK_DEC, &a, o, t);
        }
      }
      p = q + 1;
    }
  }
}

/* ---- stream ciphers ---- */

struct stream_cfg {
  const char *name;
  uint32_t keylen;
};

static const struct stream_cfg stream_cfgs[] = {{"rc4", 16}, {"seal", 20}};

struct stream_arg {
  struct sym_rec rec;
  struct app_stream_call call;
  union app_stream_ctx keyed;
  uint8_t key[32];
  uint32_t keylen;
};

static int run_stream_setkey(void *p)
{
  struct stream_arg *a = p;
  return a->call.s->setkey(&a->keyed, a->key, a->keylen);
}

static void *stream_target(void *p)
{
  struct stream_arg *a = p;
  a->call.len = a->rec.bytes;
  return &a->call;
}

/* Each run starts from the freshly keyed state (copied untimed), so all runs do the same work. */
static void prep_stream(void *p)
{
  struct app_stream_call *c = p;
  struct stream_arg *a = (struct stream_arg *)((char *)c - offsetof(struct stream_arg, call));
  memcpy(&app_sctx, &a->keyed, sizeof(app_sctx));
}

static void stream_out(void *p)
{
  struct stream_arg *a = p;
  json_out_digest(app_out, a->rec.bytes);
}

void bench_stream(const struct run_opts *o, struct tally *t)
{
  static struct stream_arg a;
  for (size_t i = 0; i < sizeof(stream_cfgs) / sizeof(stream_cfgs[0]); i++) {
    const struct stream_cfg *c = &stream_cfgs[i];
    const struct bench_case setkey = {.prim = c->name, .op = "setkey", .call = run_stream_setkey};
    const struct bench_case crypt = {.prim = c->name, .op = "crypt", .call = app_stream_run,
                                     .target = stream_target, .prep = prep_stream, .fields = stream_out};
    struct sizes sz;
    a.rec = (struct sym_rec){"stream", NULL, 0};
    a.call = (struct app_stream_call){app_find_stream(c->name, strlen(c->name)), 0, app_in, app_out, 0};
    a.keylen = c->keylen;
    bench_key(a.key, c->keylen);
    bench_run(&sym_family, &setkey, &a, o, t);
    sizes_init(&sz, o);
    while (sizes_next(&sz, "stream", APP_BENCH_MAX_MSG, &a.rec.bytes, t)) {
      bench_fill(app_in, a.rec.bytes);
      bench_run(&sym_family, &crypt, &a, o, t);
    }
  }
}
