/* Suite "stream": each stream cipher's key setup, then its keystream XORed over the request's
 * message sizes of bench_fill's data. "out" is the SHA-256 of the output. */
#include <string.h>

#include "bench_sym.h"
#include "prims.h"

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

static void bench_stream(const struct run_opts *o, struct tally *t)
{
  static struct stream_arg a;
  for (size_t i = 0; i < sizeof(stream_cfgs) / sizeof(stream_cfgs[0]); i++) {
    const struct stream_cfg *c = &stream_cfgs[i];
    const struct bench_case setkey = {.prim = c->name, .op = "setkey", .call = run_stream_setkey};
    const struct bench_case crypt = {.prim = c->name, .op = "crypt", .call = app_stream_run,
                                     .target = stream_target, .prep = prep_stream, .fields = stream_out};
    struct sizes sz;
    /* A cipher is one group of the slices: its cases share the keyed state. */
    if (bench_group(o)) {
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
    bench_group_end();
  }
}

const struct suite suite_stream = {"stream",
  "stream-cipher benchmarks: RC4, SEAL 3.0; key setup, keystream XOR",
  bench_stream};
