/* The benchmark runner every suite shares (app.h): a measurement is the median of `runs`
 * repetitions of a timed call on deterministic data, with the raw runs and the retired
 * instructions where the core counts them; a record is a case of a family (struct bench_case),
 * written by the family's head, checked and counted. One file per suite: bench_<suite>.c. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "platform.h"

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
  if (res->has_insn)
    json_insn(res->insn);
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

/* A sweep's task runs one slice of a suite (the run request's "slice" of "slices"): the suite's
 * groups of cases are dealt round robin, a group being a table of cases (bench_run_all,
 * bench_run_impls), one bench_run, or what a suite brackets with bench_group: whole because a
 * case may read an earlier case's output (verify a signature), and a group with a costly set-up
 * (a key pair) runs its set-up only in the slice that measures it. */
static uint32_t group_seq, group_depth;
static int group_taken;

void bench_slice_start(void)
{
  group_seq = 0;
  group_depth = 0;
}

static int in_slice(const struct run_opts *o)
{
  if (group_depth)
    return group_taken;
  return o->slices <= 1 || group_seq++ % o->slices == o->slice;
}

int bench_group(const struct run_opts *o)
{
  if (!group_depth)
    group_taken = in_slice(o);
  group_depth++;
  return group_taken;
}

void bench_group_end(void)
{
  group_depth--;
}

static void run_case(const struct bench_family *f, const struct bench_case *c, void *ctx,
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
  res.has_insn = plat_iclass(res.insn);     /* the last run's: nothing has read the counter since */
  if (c->check)
    res.ok &= c->check(ctx) != 0;
  f->head(c, ctx, &res, o->runs);
  if (c->fields)
    c->fields(ctx);
  json_close(&res, t);
  vc_accel_off = off;
}

void bench_run(const struct bench_family *f, const struct bench_case *c, void *ctx,
               const struct run_opts *o, struct tally *t)
{
  if (in_slice(o))
    run_case(f, c, ctx, o, t);
}

void bench_run_all(const struct bench_family *f, const struct bench_case *c, size_t n, void *ctx,
                   const struct run_opts *o, struct tally *t)
{
  if (!in_slice(o))
    return;
  for (size_t i = 0; i < n; i++)
    run_case(f, &c[i], ctx, o, t);
}

void bench_run_impls(const struct bench_family *f, const struct bench_case *c, size_t n, void *ctx,
                     uint32_t accel, const struct run_opts *o, struct tally *t)
{
  if (!in_slice(o))
    return;
  for (size_t i = 0; i < n; i++) {
    struct bench_case k = c[i];
    if (vc_accel_present() & accel) {
      k.impl = "hw";
      run_case(f, &k, ctx, o, t);
    }
    k.impl = "sw";
    run_case(f, &k, ctx, o, t);
  }
}
