/* vexcrypt firmware: announces itself, then answers one JSON request per line. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "platform.h"

static char line[2 * APP_MAX_INPUT + 1024];

/* The suites, in the order a run runs them: each is defined beside its code; an accelerator's
 * suite (its row's quick suite, hw/config.py) comes from the generated list. */
#define VC_ACCEL_SUITE(name) &suite_##name,
const struct suite *const suites[] = {
  &suite_selftest, &suite_selftest_full, &suite_hash, &suite_block, &suite_stream, &suite_mp, &suite_pk, &suite_ec, &suite_factorial, &suite_proto,
  VC_ACCEL_SUITES(VC_ACCEL_SUITE)
};
#undef VC_ACCEL_SUITE
const size_t nsuites = sizeof(suites) / sizeof(suites[0]);

/* The op tables the server looks names up in: its own (below), then the primitives'. */
#define NTABLES 9
static const struct op_table tables[NTABLES];

static const char *op_ops(struct req *r)
{
  (void)r;
  json_begin();
  json_bool("ok", 1);
  json_str("op", "ops");
  json_array_open("ops");
  for (size_t t = 0; t < NTABLES; t++)
    for (size_t i = 0; i < *tables[t].n; i++) {
      const char *const *g = tables[t].ops[i].params;
      json_begin();
      json_str("op", tables[t].ops[i].name);
      json_raw("params", "{");
      for (; *g; g++) {
        if (g != tables[t].ops[i].params)
          io_puts(",");
        io_puts(*g);
      }
      io_puts("}");
      json_str("desc", tables[t].ops[i].desc);
      json_end();
    }
  json_array_close();
  json_array_open("suites");
  for (size_t i = 0; i < nsuites; i++) {
    json_begin();
    json_str("suite", suites[i]->name);
    json_str("desc", suites[i]->desc);
    json_end();
  }
  json_array_close();
  json_raw("common_params", "{\"impl\":\"" REQ_IMPL "\"}");
  json_accelerators();
  json_u64("max_input", APP_MAX_INPUT);
  json_u64("cycle_overhead", plat_cycle_overhead());    /* the greeting's, for a host that attaches later */
  json_end();
  return NULL;
}

static int list_has(const char *list, size_t len, const char *name)
{
  size_t n = strlen(name);
  const char *p = list, *end = list + len;
  while (p < end) {
    const char *q = p;
    while (q < end && *q != ',')
      q++;
    if ((size_t)(q - p) == n && !memcmp(p, name, n))
      return 1;
    p = q + 1;
  }
  return 0;
}

/* A string field as a list ("64,1024"), NULL when absent. */
static const char *req_list(struct req *r, const char *key, const char **list, size_t *len)
{
  const struct req_field *f = req_get(r, key);
  *list = NULL;
  *len = 0;
  if (!f)
    return NULL;
  if (f->type != 's')
    return req_bad(r, key, NULL, NULL);
  *list = f->val;
  *len = f->vallen;
  return NULL;
}

/* {"op":"run","suites":"selftest,hash","runs":5,"sizes":"64,1024","modes":"cbc","all":false,
 *  "instret":false,"exit":true,"slices":1,"slice":0} */
static const char *op_run(struct req *r)
{
  struct run_opts o = {0};
  struct tally t = {0, 0};
  const char *e, *list;
  size_t len;
  int ex;
  if ((e = req_list(r, "suites", &list, &len)) || (e = req_uint(r, "runs", 5, 1, APP_MAX_RUNS, &o.runs)) ||
      (e = req_list(r, "sizes", &o.sizes, &o.sizes_len)) || (e = req_list(r, "modes", &o.modes, &o.modes_len)) ||
      (e = req_bool(r, "all", 0, &o.all)) || (e = req_bool(r, "instret", 0, &o.instret)) ||
      (e = req_bool(r, "exit", 0, &ex)) || (e = req_uint(r, "slices", 1, 1, APP_MAX_SLICES, &o.slices)) ||
      (e = req_uint(r, "slice", 0, 0, o.slices - 1, &o.slice)))
    return e;
  if (!list)
    return req_bad(r, "suites", NULL, NULL);
  /* Every listed suite must exist before anything runs. */
  for (const char *p = list, *end = list + len; p < end;) {
    const char *q = p;
    size_t i;
    while (q < end && *q != ',')
      q++;
    for (i = 0; i < nsuites; i++)
      if (strlen(suites[i]->name) == (size_t)(q - p) && !memcmp(suites[i]->name, p, (size_t)(q - p)))
        break;
    if (i == nsuites) {
      char name[41], got[64];
      size_t n = (size_t)(q - p) < 40 ? (size_t)(q - p) : 40;
      memcpy(name, p, n);
      name[n] = 0;
      return req_bad(r, "suites", str_fmt(got, sizeof(got), "'%s' is not a suite", name), NULL);
    }
    p = q + 1;
  }
  /* Each suite's cycles, set-up and printing included: what the host announces a run from. */
  uint64_t cycles[sizeof(suites) / sizeof(suites[0])] = {0};
  for (size_t i = 0; i < nsuites; i++)
    if (list_has(list, len, suites[i]->name)) {
      uint64_t t0 = plat_cycles();
      bench_slice_start();
      suites[i]->run(&o, &t);
      cycles[i] = plat_cycles() - t0;
    }
  json_begin();
  json_bool("done", 1);
  json_u64("pass", t.pass);
  json_u64("fail", t.fail);
  json_array_open("suites");
  for (size_t i = 0; i < nsuites; i++)
    if (list_has(list, len, suites[i]->name)) {
      json_begin();
      json_str("suite", suites[i]->name);
      json_u64("cycles", cycles[i]);
      json_end();
    }
  json_array_close();
  json_end();
  if (ex)
    vc_exit(t.fail ? 1 : 0);
  return NULL;
}

/* {"op":"exit","status":0} ends the run (the simulation) with that status. */
static const char *op_exit(struct req *r)
{
  uint32_t status;
  const char *e = req_uint(r, "status", 0, 0, 255, &status);
  if (e)
    return e;
  json_begin();
  json_bool("ok", 1);
  json_str("op", "exit");
  json_end();
  vc_exit((int)status);
}

static const struct oracle_op server_ops[] = {
  {"ops", (const char *const[]){NULL}, "list the operations and suites", op_ops},
  {"run", APP_PARAMS("\"suites\":\"a list of suites (below)\",\"runs\":\"an integer 1.." IO_STR(APP_MAX_RUNS)
                     " (default 5)\",\"sizes\":\"a list of sizes in bytes (default: the suites')\","
                     "\"modes\":\"a list of ecb, cbc, ctr (default: the suites')\","
                     "\"all\":\"true or false: every key size and variant (default false)\","
                     "\"instret\":\"true or false: a run counting instructions too (default false)\","
                     "\"exit\":\"true or false: end after the done line (default false)\","
                     "\"slices\":\"an integer 1.." IO_STR(APP_MAX_SLICES) ": a sweep's tasks per suite (default 1)\","
                     "\"slice\":\"an integer 0..slices-1: this task's (default 0)\""),
   "run self-test and benchmark suites (lists are comma-separated), one JSON line per result, then a done line", op_run},
  {"exit", APP_PARAMS("\"status\":\"an integer 0..255 (default 0)\""), "end the run", op_exit},
};

static const size_t server_nops = sizeof(server_ops) / sizeof(server_ops[0]);
static const struct op_table tables[NTABLES] = {
  {server_ops, &server_nops},
  {oracle_ops, &oracle_nops},
  {oracle_pk_ops, &oracle_pk_nops},
  {oracle_ec_ops, &oracle_ec_nops},
  {oracle_x509_ops, &oracle_x509_nops},
  {oracle_ct_ops, &oracle_ct_nops},
  {oracle_tls_ops, &oracle_tls_nops},
  {oracle_ike_ops, &oracle_ike_nops},
  {oracle_cms_ops, &oracle_cms_nops},
};

static void serve(char *buf, long n)
{
  char msg[96];
  if (n < 0)
    json_error(NULL, str_fmt(msg, sizeof(msg), "request: over %u characters; a request takes at most %u bytes "
                             "of input as hex", (unsigned)sizeof(line) - 1, APP_MAX_INPUT));
  else if (n > 0)
    oracle_request(buf, tables, NTABLES);
}

int main(void)
{
  plat_set_trap_handler(app_trap);
  plat_init();
  io_puts("\n");
  json_begin();
  json_bool("ready", 1);
  json_str("fw", "vexcrypt");
  json_str("platform", plat_name());
  json_u64("cycle_overhead", plat_cycle_overhead());
  json_accelerators();
  json_u64("max_input", APP_MAX_INPUT);
  json_end();
  for (;;)
    serve(line, io_getline(line, sizeof(line)));
}
