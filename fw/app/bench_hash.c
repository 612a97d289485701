/* Suite "hash": each hash class of the library (prims.c) over the request's message sizes of
 * bench_fill's data; "out" is the digest. */
#include "bench_sym.h"
#include "prims.h"

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

static void bench_hash(const struct run_opts *o, struct tally *t)
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

const struct suite suite_hash = {"hash",
  "hash benchmarks: MD2, MD4, MD5, SHA-1, SHA-256",
  bench_hash};
