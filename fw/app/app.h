/* The firmware application: a request server over the console (the target oracle), the
 * self-test suite and the benchmarks. Protocol: README.md, "The target oracle". */
#ifndef VEXCRYPT_APP_H
#define VEXCRYPT_APP_H

#include <stddef.h>
#include <stdint.h>

#include "accel.h"
#include "io.h"
#include "platform.h"
#include "vexcrypt/drbg.h"
#include "vexcrypt/hash.h"
#include "vexcrypt/mp.h"
#include "vexcrypt/pk.h"

/* Largest input of one oracle request and of one benchmark message. */
#define APP_MAX_INPUT 32768
#define APP_BENCH_MAX 65536
#define APP_BENCH_MAX_MSG (APP_BENCH_MAX - 32)     /* room for padding */
#define APP_MAX_RUNS 15
#define APP_MAX_SLICES 64             /* a sweep's tasks per suite (run request "slices") */
/* In the ops' params: a message's description; the field of a DRBG's seed (req_rng), `fns`
 * the variants that take it ("keygen; ", or ""). */
#define APP_MSG_DESC "bytes as hex, at most " IO_STR(APP_MAX_INPUT)
#define APP_SEED_FIELD(fns) "\"seed\":\"hex, at most 256 bytes: the DRBG's seed (" fns "default empty)\""

/* Buffers shared by the oracle and the benchmarks (128 KiB). */
extern uint8_t app_in[APP_BENCH_MAX];
extern uint8_t app_out[APP_BENCH_MAX];

/* An oracle operation. `params` declares its fields: groups of `"name":"description"` (what
 * the field takes, and for which variants), shared where ops share fields, the one list of what
 * the server accepts besides "op" and "impl" (REQ_IMPL), of what {"op":"ops"} shows and of the
 * "takes ..." of error messages. `run` reads the fields that apply to the variant asked, then
 * answers (one JSON line, or the lines of a run) and returns NULL, or returns an error message,
 * before it has written anything, for the server to send. A field given but not read when the
 * answer begins does not apply: the server answers with that error instead (oracle_request). */
struct oracle_op {
  const char *name;
  const char *const *params;      /* NULL-terminated */
  const char *desc;
  const char *(*run)(struct req *r);
};
/* An op's params: its groups of fields. */
#define APP_PARAMS(...) ((const char *const[]){__VA_ARGS__, NULL})
/* The field every op takes. */
#define REQ_IMPL "hw (the accelerators, the default) or sw (software only)"
extern const struct oracle_op oracle_ops[];        /* symmetric primitives (oracle.c) */
extern const size_t oracle_nops;
extern const struct oracle_op oracle_pk_ops[];     /* multiprecision, public key (oracle_pk.c) */
extern const size_t oracle_pk_nops;
extern const struct oracle_op oracle_ec_ops[];     /* binary fields, elliptic curves (oracle_ec.c) */
extern const size_t oracle_ec_nops;
extern const struct oracle_op oracle_x509_ops[];   /* X.509 certificates (oracle_x509.c) */
extern const size_t oracle_x509_nops;
extern const struct oracle_op oracle_tls_ops[];    /* the TLS engine's connection (oracle_tls.c) */
extern const size_t oracle_tls_nops;
extern const struct oracle_op oracle_ike_ops[];    /* both peers of an IKEv1 exchange (oracle_ike.c) */
extern const size_t oracle_ike_nops;
extern const struct oracle_op oracle_cms_ops[];    /* CMS for S/MIME (oracle_cms.c) */
extern const size_t oracle_cms_nops;
/* A table of ops for the server to look names up in. */
struct op_table {
  const struct oracle_op *ops;
  const size_t *n;
};
/* Answers one request line (parsed in place) with the first of the tables' ops that has its
 * name, or with an error line: the server's loop (main.c) and the request fuzzer. Fields the
 * op does not declare are refused before it runs. */
void oracle_request(char *line, const struct op_table *tables, size_t ntables);
/* The error line {"ok":false,"op":op,"error":msg} (op NULL: none). */
void json_error(const char *op, const char *msg);
extern const struct oracle_op oracle_ct_ops[];     /* constant-time evidence (ct.c) */
extern const size_t oracle_ct_nops;

/* Pass/fail tally of a run. */
struct tally {
  unsigned pass, fail;
};

struct run_opts {
  uint32_t runs;                    /* repetitions per measurement */
  const char *sizes;                /* benchmark sizes as "64,1024" or NULL for the default */
  size_t sizes_len;
  const char *modes;                /* block-cipher modes as "ecb,cbc,ctr" or NULL for the default */
  size_t modes_len;
  int all;                          /* every key size and variant, not only the quick set */
  int instret;                      /* one more run per measurement counting instructions */
  uint32_t slice, slices;           /* a sweep's task: slice `slice` of `slices` (bench.c) */
};

struct suite {
  const char *name;
  const char *desc;
  void (*run)(const struct run_opts *o, struct tally *t);
};
extern const struct suite *const suites[];
/* Each suite's descriptor, defined beside its code (bench_<suite>.c, selftest.c); the
 * accelerators' from the registry's generated list (vc_accels.h). */
extern const struct suite suite_selftest, suite_selftest_full, suite_hash, suite_block, suite_stream, suite_mp,
  suite_pk, suite_ec, suite_factorial, suite_proto;
#define VC_ACCEL_SUITE_DECL(name) extern const struct suite suite_##name;
VC_ACCEL_SUITES(VC_ACCEL_SUITE_DECL)
#undef VC_ACCEL_SUITE_DECL
extern const size_t nsuites;

/* Self-test bookkeeping (check.c): one report line per primitive with its vector count and the
 * label of the first failing vector. */
struct check {
  const char *name;
  unsigned vectors, failed;
  const char *first;
};
void check_result(struct check *c, int pass, const char *label);
void check_report(const struct check *c, struct tally *t);
/* The quick self-test's pick among a primitive's n vectors: the first, the middle, the last. */
int selftest_spread(size_t j, size_t n);
/* quick: a few vectors of each family (suite "selftest"); 0: every vector ("selftest_full"). */
void selftest_pk(int quick, struct tally *t);
void selftest_ec(int quick, struct tally *t);
/* Each accelerator's self-test, selftest_<name> (selftest_<name>.c; it checks nothing in a
 * build without the unit). */
#define VC_ACCEL_SELFTEST_DECL(NAME, name, bit) void selftest_##name(int quick, struct tally *t);
VC_ACCELS(VC_ACCEL_SELFTEST_DECL)
#undef VC_ACCEL_SELFTEST_DECL

/* Suites. */
/* The protocols on curve `id` (vc_ec_curve_id) in the optimized set, on and off the curve's
 * unit when the build has it, as records of `suite` (bench_ec.c). */
void bench_ec_curve(const char *suite, int id, const struct run_opts *o, struct tally *t);

/* The trap report the application installs (plat_set_trap_handler): after a blank line, the
 * JSON line {"trap":true,"cause":..,"name":..,"mepc":..,"mtval":..,"sp":..} the host reads
 * (vexrun/soc/target.py). */
void app_trap(const struct plat_trap *t);

/* The cycles of a protocol engine's named steps (the step hooks of tls.h, ike.h, cms.h): app_step
 * is the hook (arg: a zeroed struct app_steps; end = 0 starts a step's timer, 1 adds its cycles,
 * summed by name; names past APP_STEPS are dropped), json_steps writes key: [{"step", "cycles"}]
 * in the order the steps first began. */
#define APP_STEPS 16
struct app_steps {
  struct app_step {
    const char *name;
    uint64_t cycles, t0;
  } s[APP_STEPS];
};
void app_step(void *arg, const char *name, int end);
void json_steps(const char *key, const struct app_steps *st);
/* The C name of a library code ("VC_OK", "VC_ERR_VERIFY"; "unknown" for another value). */
const char *code_name(int rc);
/* An integer field YYYYMMDDHHMMSS (up to 14 digits; a time in UTC) into *t, 0 when absent. */
const char *req_time(struct req *r, const char *key, uint64_t *t);

/* A multiprecision number as a JSON field: big-endian hex, at least one byte. */
void json_mp(const char *key, const vc_mp *a);
/* A big-endian hex field of any length as a vc_mp: NULL, or an error naming the field. */
const char *req_mp(struct req *r, const char *key, vc_mp *out);
/* An RSA private key's fields "rsa_n", "rsa_e", "rsa_d", "rsa_p", "rsa_q" into *k (zeroed first; the
 * caller completes it: vc_rsa_priv_complete). NULL or an error message. */
const char *req_rsa_fields(struct req *r, vc_rsa_priv *k);
/* Error messages of the request path name the field, what it got and what is allowed:
 *   "<field>: <got>; <op> [<variant>] takes <allowed>"
 * req_bad makes one: got NULL is the field's value as sent ("missing" when absent), allowed
 * NULL its description in the op's params. The message lives until the next one. */
const char *req_bad(struct req *r, const char *key, const char *got, const char *allowed);
/* A library error no field explains: "<op> [<variant>]: <vc_strerror(rc)>". */
const char *req_code(struct req *r, int rc);
/* "1 byte", "<n> bytes": a length as a message's <got>. */
char *req_bytes(char *buf, size_t cap, size_t n);
/* A field's value as sent, for a message: strings quoted, cut to fit cap; "missing" for NULL. */
char *req_value(const struct req_field *f, char *buf, size_t cap);
/* Decodes the hex field `key` of r into buf; returns the length or -1 with *err set. req_hex
 * is for byte strings (even length); req_hex_int for integers, big-endian, any length (an odd
 * one reads as if it had a leading 0). */
long req_hex(struct req *r, const char *key, uint8_t *buf, size_t cap, const char **err);
long req_hex_int(struct req *r, const char *key, uint8_t *buf, size_t cap, const char **err);
/* req_hex with the length into *len: NULL or an error message. */
const char *req_hex_len(struct req *r, const char *key, uint8_t *buf, size_t cap, size_t *len);
/* A byte string of exactly len bytes into buf; NULL or an error message saying `allowed` (NULL:
 * the field's description). */
const char *req_hex_exact(struct req *r, const char *key, uint8_t *buf, size_t len, const char *allowed);
/* An integer field in lo..hi, dflt when absent; NULL or an error message. */
const char *req_uint(struct req *r, const char *key, uint32_t dflt, uint32_t lo, uint32_t hi,
                     uint32_t *out);
/* A boolean field, dflt when absent; NULL or an error message. */
const char *req_bool(struct req *r, const char *key, int dflt, int *out);
/* 1 when the field is the string s. */
int req_is(const struct req_field *f, const char *s);
/* *h: the hash named by the request's "hash" field (md5, sha1, sha256, ...); NULL or an error
 * message. */
const char *req_hash(struct req *r, const vc_hash_class **h);
/* A DRBG seeded from the request's "seed" (hex, default empty): reproducible from the host.
 * Returns NULL or an error message. */
const char *req_rng(struct req *r, vc_drbg *d);
/* The request's "impl": "sw" sets *off to turn every accelerator off (fw/drivers/accel.h),
 * "hw" or none leaves them on; returns NULL or an error message ("hw" in a build without). */
const char *req_impl(struct req *r, uint32_t *off);
/* "accelerators": the names of the accelerators this build has (a JSON array field). */
void json_accelerators(void);
/* The Montgomery unit's counters around calls (fw/drivers/mont.h; builds with the unit):
 * unit_mark() before them, json_unit(calls) after, with "unit_busy" (its cycles computing) and
 * "unit_commands" per call; no field when the unit started no command. */
void unit_mark(void);
void json_unit(uint32_t calls);
/* Opens a successful answer: {"ok":true,"op":op,"cycles":cycles ... and, when `cycles` is the
 * request's last noted timed section's (app_timed), that section's instructions by class (the
 * caller adds its fields and json_end()). */
void json_ok(const char *op, uint64_t cycles);
/* "insn_compute", "insn_memory", "insn_control": instructions by class (platform.h). */
void json_insn(const uint64_t insn[PLAT_ICLASSES]);
/* The oracle's timed sections (TIMED and the ops' own timers) note each section's cycles and
 * instruction classes with app_timed (returns cycles); a request starts with none noted. An op
 * whose answer reports another section than its last saves and restores app_last_timed (montu). */
struct app_cost {
  const char *event;                    /* its name (fw/src/cost.h) */
  uint32_t a, b;
  uint64_t count;
};
#define APP_COST_MAX 256
struct app_timed {
  uint64_t cycles, insn[PLAT_ICLASSES];
  int has_insn;
#ifdef VC_COST_HOOK
  struct app_cost cost[APP_COST_MAX];   /* the cost build's events (fw/src/cost.h) */
  size_t ncost;
#endif
};
#ifdef VC_COST_HOOK
/* The cost build's platform (test/fuzz/host_plat.c): each read of the cycle counter ends a
 * section; the events noted in the last section ended, at most cap of them. */
size_t plat_cost_section(struct app_cost *out, size_t cap);
#endif
extern struct app_timed app_last_timed;
uint64_t app_timed(uint64_t cycles);
/* rc = call, with the call's cycles in `cycles`. */
#define TIMED(rc, call)                        \
  do {                                         \
    uint64_t t0_ = plat_cycles();              \
    rc = (call);                               \
    cycles = app_timed(plat_elapsed(t0_, plat_cycles())); \
  } while (0)

/* Benchmark helpers. One measurement: `prep` (untimed, may be NULL) then `fn` (timed) once per
 * repetition, the median of the runs, and one more run counting instructions when asked. */
typedef int (*bench_fn)(void *arg);
typedef void (*bench_prep)(void *arg);
struct bench_result {
  uint64_t raw[APP_MAX_RUNS];
  uint64_t cycles, instret;
  uint64_t insn[PLAT_ICLASSES];    /* the last run's instructions by class (plat_iclass) */
  int ok, has_insn;
};
void bench_measure(bench_fn fn, bench_prep prep, void *arg, const struct run_opts *o,
                   struct bench_result *res);
/* A measurement's fields of a benchmark record: cycles (median), instret, the instructions by
 * class (json_insn's fields), runs, raw. */
void json_measure(const struct bench_result *res, uint32_t runs);
/* Ends a benchmark record with its "ok" and counts it in the tally. */
void json_close(const struct bench_result *res, struct tally *t);

/* A benchmark case: the record's primitive and operation, the implementation, the timed call
 * and the fields it reports. Every callback gets the family's context (its inputs and outputs)
 * as the argument. An accelerated variant of a case is one more row with its own impl, call
 * and `when` (e.g. impl "hw" beside "sw", run when the accelerator is there); a case with impl
 * "sw" runs with the accelerators off (fw/drivers/accel.h). */
struct bench_case {
  const char *prim, *op;
  const char *impl;           /* NULL: the one implementation; the family's head decides
                                 whether and how the record names it */
  bench_fn call;              /* timed */
  void *(*target)(void *ctx); /* the timed call's (and prep's) argument; NULL: ctx itself */
  bench_prep prep;            /* untimed, before every run; NULL: none */
  void (*fields)(void *ctx);  /* the record's fields after the measurement's; NULL: none */
  int (*check)(void *ctx);    /* 0 fails the record (an output the host cannot check); NULL: none */
  int (*when)(void *ctx);     /* 0: the case does not apply here (no record); NULL: always */
  int arg;                    /* the family's parameter of the case (an exponent, a set, a flag) */
};
/* A family of cases: how its records begin and what each measurement needs first. */
struct bench_family {
  /* json_begin(), the family's fields, json_measure() and any field every record of the
   * family carries after it. */
  void (*head)(const struct bench_case *c, void *ctx, const struct bench_result *res,
               uint32_t runs);
  void (*start)(const struct bench_case *c, void *ctx);   /* untimed, before the measurement; NULL: none */
};
/* The one benchmark runner: unless the case does not apply, start, measure (bench_measure),
 * check, write the record (head, then the case's fields) and close it (json_close, counted in
 * the tally). */
void bench_run(const struct bench_family *f, const struct bench_case *c, void *ctx,
               const struct run_opts *o, struct tally *t);
/* bench_run on cases [0, n). */
void bench_run_all(const struct bench_family *f, const struct bench_case *c, size_t n, void *ctx,
                   const struct run_opts *o, struct tally *t);
/* bench_run on cases [0, n) (whose impl is NULL), each on the build's accelerators (impl "hw";
 * only when `accel`, a VC_ACCEL_* bit, is present) then off them ("sw"): a speedup in one binary. */
void bench_run_impls(const struct bench_family *f, const struct bench_case *c, size_t n, void *ctx,
                     uint32_t accel, const struct run_opts *o, struct tally *t);
#define BENCH_N(table) (sizeof(table) / sizeof((table)[0]))
/* Before each suite of a run: its groups of cases are counted from 0 for the slice (bench.c). */
void bench_slice_start(void);
/* The cases run until bench_group_end are one group of the slice (and one within an enclosing
 * group); it returns whether the group is this slice's: call it before the group's set-up and
 * skip the set-up when it returns 0. Every call is paired with bench_group_end. */
int bench_group(const struct run_opts *o);
void bench_group_end(void);

/* Formats into buf (capacity cap; always terminated, cut at the end): fmt with %s (a string),
 * %u (unsigned) and %% only. str_append adds to what buf holds. Both return buf. */
char *str_fmt(char *buf, size_t cap, const char *fmt, ...);
char *str_append(char *buf, size_t cap, const char *fmt, ...);
uint64_t median_u64(uint64_t *v, size_t n);          /* sorts v */
void bench_fill(uint8_t *p, size_t n);               /* byte i = (i*167 + 13) mod 256 */
void bench_key(uint8_t *p, size_t n);                /* byte i = (i*29 + 101) mod 256 */
void bench_iv(uint8_t *p, size_t n);                 /* byte i = (i*53 + 7) mod 256 */
/* Parses the next size from a "64,1024" list; returns 0 at the end, -1 on a bad entry. */
int next_size(const char **p, const char *end, uint32_t *size);

#endif
