/* The symmetric suites' shared pieces (bench_sym.h). */
#include "bench_sym.h"

static const char default_sizes[] = "64,1024,8192";

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

const struct bench_family sym_family = {sym_head, NULL};

void json_out_digest(const uint8_t *p, size_t n)
{
  uint8_t md[32];
  vc_sha256(p, n, md);
  json_bytes("out", md, sizeof(md));
}

void bench_error(const char *suite, const char *msg, struct tally *t)
{
  json_begin();
  json_str("suite", suite);
  json_bool("ok", 0);
  json_str("error", msg);
  json_end();
  t->fail++;
}

void sizes_init(struct sizes *s, const struct run_opts *o)
{
  s->p = o->sizes ? o->sizes : default_sizes;
  s->end = o->sizes ? o->sizes + o->sizes_len : default_sizes + sizeof(default_sizes) - 1;
}

int sizes_next(struct sizes *s, const char *suite, uint32_t max, uint32_t *size, struct tally *t)
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
