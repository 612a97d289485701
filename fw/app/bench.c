/* Benchmarks: cycles of each primitive on deterministic data (bench_fill), median of
 * `runs` repetitions, one JSON line per (primitive, size) with the raw runs. */
#include <string.h>

#include "app.h"
#include "platform.h"
#include "vexcrypt/hash.h"

static const char hash_default_sizes[] = "64,1024,8192";

static void bench_line(const char *suite, const char *prim, const char *op, uint32_t bytes,
                       uint64_t *runs, uint32_t n, const uint8_t *out, size_t outlen, int ok,
                       struct tally *t)
{
  uint64_t raw[APP_MAX_RUNS];
  memcpy(raw, runs, n * sizeof(raw[0]));
  json_begin();
  json_str("suite", suite);
  json_str("prim", prim);
  json_str("impl", "sw");
  json_str("op", op);
  json_u64("bytes", bytes);
  json_u64("cycles", median_u64(runs, n));
  json_u64("runs", n);
  json_u64_array("raw", raw, n);
  json_bytes("out", out, outlen);
  json_bool("ok", ok);
  json_end();
  if (ok)
    t->pass++;
  else
    t->fail++;
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

void bench_hash(const struct run_opts *o, struct tally *t)
{
  const char *p = o->sizes ? o->sizes : hash_default_sizes;
  const char *end = o->sizes ? o->sizes + o->sizes_len : hash_default_sizes + sizeof(hash_default_sizes) - 1;
  uint32_t size;
  int rc;
  while ((rc = next_size(&p, end, &size)) > 0) {
    uint64_t runs[APP_MAX_RUNS];
    uint8_t md[VC_SHA256_DIGEST_LEN], first[VC_SHA256_DIGEST_LEN];
    int ok = 1;
    if (size > APP_BENCH_MAX) {
      bench_error("hash", "benchmark size larger than the 65536-byte buffer", t);
      continue;
    }
    bench_fill(app_in, size);
    for (uint32_t i = 0; i < o->runs; i++) {
      uint64_t t0 = plat_cycles();
      ok &= vc_sha256(app_in, size, md) == VC_OK;
      uint64_t t1 = plat_cycles();
      runs[i] = plat_elapsed(t0, t1);
      if (i == 0)
        memcpy(first, md, sizeof(md));
      ok &= !memcmp(first, md, sizeof(md));
    }
    bench_line("hash", "sha256", "hash", size, runs, o->runs, md, sizeof(md), ok, t);
  }
  if (rc < 0)
    bench_error("hash", "bad \"sizes\" list (comma-separated integers)", t);
}
