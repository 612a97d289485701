#include <stdarg.h>
#include <string.h>

#include "accel.h"
#include "app.h"
#include "mont.h"
#include "prims.h"
#include "repeat.h"

static char msg[320];         /* the request path's messages: one at a time */

/* A hex field into buf; an integer's hex may have odd length (an implicit leading 0). Errors
 * say what was allowed: `allowed`, or the field's description when NULL. */
static long req_hex_field(struct req *r, const char *key, uint8_t *buf, size_t cap, int integer,
                          const char *allowed, const char **err)
{
  const struct req_field *f = req_get(r, key);
  char got[48];
  long n = 0;
  if (!f || f->type != 's') {
    *err = req_bad(r, key, NULL, allowed);
    return -1;
  }
  size_t odd = integer ? f->vallen & 1 : 0;
  if (odd) {
    const char lead[2] = {'0', f->val[0]};
    n = cap ? hex_decode(lead, 2, buf, cap) : -2;
  }
  if (n >= 0) {
    long m = hex_decode(f->val + odd, f->vallen - odd, buf + odd, cap - odd);
    n = m < 0 ? m : n + m;
  }
  if (n == -1 && (f->vallen & 1) && !integer)
    *err = req_bad(r, key, str_fmt(got, sizeof(got), f->vallen == 1 ? "%u hex digit, an odd count"
                                   : "%u hex digits, an odd count", (unsigned)f->vallen), allowed);
  else if (n == -1)
    *err = req_bad(r, key, str_append(req_value(f, got, sizeof(got)), sizeof(got), " is not hex"), allowed);
  else if (n == -2)
    *err = req_bad(r, key, req_bytes(got, sizeof(got), (f->vallen + 1) / 2), allowed);
  return n < 0 ? -1 : n;
}

long req_hex(struct req *r, const char *key, uint8_t *buf, size_t cap, const char **err)
{
  return req_hex_field(r, key, buf, cap, 0, NULL, err);
}

long req_hex_int(struct req *r, const char *key, uint8_t *buf, size_t cap, const char **err)
{
  return req_hex_field(r, key, buf, cap, 1, NULL, err);
}

const char *req_hex_exact(struct req *r, const char *key, uint8_t *buf, size_t len, const char *allowed)
{
  const char *err;
  char got[24];
  long n = req_hex_field(r, key, buf, len, 0, allowed, &err);
  if (n < 0)
    return err;
  return n == (long)len ? NULL : req_bad(r, key, req_bytes(got, sizeof(got), n), allowed);
}

uint64_t median_u64(uint64_t *v, size_t n)
{
  for (size_t i = 1; i < n; i++) {
    uint64_t x = v[i];
    size_t j = i;
    for (; j > 0 && v[j - 1] > x; j--)
      v[j] = v[j - 1];
    v[j] = x;
  }
  return n & 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void bench_fill(uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (uint8_t)(i * 167 + 13);
}

void bench_key(uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (uint8_t)(i * 29 + 101);
}

void bench_iv(uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (uint8_t)(i * 53 + 7);
}

int next_size(const char **p, const char *end, uint32_t *size)
{
  uint32_t v = 0;
  const char *q = *p;
  if (q >= end)
    return 0;
  if (*q < '0' || *q > '9')
    return -1;
  while (q < end && *q >= '0' && *q <= '9') {
    if (v > 100000000)
      return -1;
    v = v * 10 + (uint32_t)(*q++ - '0');
  }
  if (q < end && *q++ != ',')
    return -1;
  *p = q;
  *size = v;
  return 1;
}

/* Big-endian hex field of any length -> vc_mp. */
const char *req_mp(struct req *r, const char *key, vc_mp *out)
{
  const char *err;
  char got[24];
  long n = req_hex_int(r, key, app_in, VC_MP_CAP_BITS / 8 + 1, &err);
  if (n < 0)
    return err;
  if (vc_mp_from_bytes(out, app_in, (size_t)n))
    return req_bad(r, key, req_bytes(got, sizeof(got), n), NULL);
  return NULL;
}

void json_mp(const char *key, const vc_mp *a)
{
  static uint8_t be[VC_MP_CAP_BITS / 8];
  size_t len = (vc_mp_bits(a) + 7) / 8;
  if (!len)
    len = 1;
  vc_mp_to_bytes(a, be, len);
  json_bytes(key, be, len);
}

int req_is(const struct req_field *f, const char *s)
{
  return f && f->type == 's' && f->vallen == strlen(s) && !memcmp(f->val, s, f->vallen);
}

static int req_is_key(const struct req_field *f, const char *k)
{
  return f->keylen == strlen(k) && !memcmp(f->key, k, f->keylen);
}

const char *req_hash(struct req *r, const vc_hash_class **h)
{
  const struct req_field *f = req_get(r, "hash");
  *h = f && f->type == 's' ? app_find_hash(f->val, f->vallen) : NULL;
  return *h ? NULL : req_bad(r, "hash", NULL, NULL);
}

/* The passes of a timed section (repeat.h); whether req_rng seeded a DRBG for the answer being
 * made, which one, and its state as seeded. */
int req_passes = 1, req_seeded;
static vc_drbg *seeded, seed_state;

const char *req_rng(struct req *r, vc_drbg *d)
{
  const char *err;
  long n = req_get(r, "seed") ? req_hex(r, "seed", app_in, 256, &err) : 0;
  if (n < 0)
    return err;
  vc_drbg_init(d, app_in, (size_t)n);
  req_seeded = 1;
  seeded = d;
  seed_state = *d;
  return NULL;
}

int req_rewind(void)
{
  if (req_seeded)
    *seeded = seed_state;
  return 1;
}

void json_insn(const uint64_t insn[PLAT_ICLASSES])
{
  json_u64("insn_compute", insn[PLAT_ICLASS_COMPUTE]);
  json_u64("insn_memory", insn[PLAT_ICLASS_MEMORY]);
  json_u64("insn_control", insn[PLAT_ICLASS_CONTROL]);
}

struct app_timed app_last_timed;

uint64_t app_timed(uint64_t cycles)
{
  app_last_timed.cycles = cycles;
  app_last_timed.has_insn = plat_iclass(app_last_timed.insn);
#ifdef VC_COST_HOOK
  app_last_timed.ncost = plat_cost_section(app_last_timed.cost, APP_COST_MAX);
#endif
  return cycles;
}

void json_ok(const char *op, uint64_t cycles)
{
  json_begin();
  json_bool("ok", 1);
  json_str("op", op);
  json_u64("cycles", cycles);
  if (app_last_timed.has_insn && app_last_timed.cycles == cycles)
    json_insn(app_last_timed.insn);
#ifdef VC_COST_HOOK
  /* "cost": [event, a, b, count] of every event the timed section noted (vexrun explore). */
  if (app_last_timed.cycles != cycles)
    return;
  json_array_open("cost");
  for (size_t i = 0; i < app_last_timed.ncost; i++) {
    const struct app_cost *c = &app_last_timed.cost[i];
    json_array_open(NULL);
    json_str(NULL, c->event);
    json_u64(NULL, c->a);
    json_u64(NULL, c->b);
    json_u64(NULL, c->count);
    json_array_close();
  }
  json_array_close();
#endif
}

char *req_bytes(char *buf, size_t cap, size_t n)
{
  return str_fmt(buf, cap, n == 1 ? "%u byte" : "%u bytes", (unsigned)n);
}

/* Copies at most cap - 1 characters of s[0..n) into buf. */
static char *copy_cut(char *buf, size_t cap, const char *s, size_t n)
{
  if (n >= cap)
    n = cap - 1;
  memcpy(buf, s, n);
  buf[n] = 0;
  return buf;
}

char *req_value(const struct req_field *f, char *buf, size_t cap)
{
  size_t room = cap - 8;      /* quotes, "..." and the end */
  if (!f)
    return copy_cut(buf, cap, "missing", 7);
  buf[0] = '"';
  copy_cut(buf + (f->type == 's'), room, f->val, f->vallen);
  if (f->vallen >= room)
    str_append(buf, cap, "...");
  return f->type == 's' ? str_append(buf, cap, "\"") : buf;
}

/* The description of `key` in the op's declared fields ("" if none). */
static const char *req_desc(const struct req *r, const char *key, char *buf, size_t cap)
{
  size_t n = strlen(key);
  buf[0] = 0;
  for (int i = 0; r->decl && i < r->decl->n; i++)
    if (r->decl->f[i].keylen == n && !memcmp(r->decl->f[i].key, key, n))
      copy_cut(buf, cap, r->decl->f[i].val, r->decl->f[i].vallen);
  return buf;
}

const char *req_bad(struct req *r, const char *key, const char *got, const char *allowed)
{
  char val[40], desc[200];
  if (!got)
    got = req_value(req_get(r, key), val, sizeof(val));
  if (!allowed)
    allowed = req_desc(r, key, desc, sizeof(desc));
  str_fmt(msg, sizeof(msg), "%s: %s; %s", key, got, r->op);
  if (r->variant)
    str_append(msg, sizeof(msg), " %s", r->variant);
  return str_append(msg, sizeof(msg), " takes %s", allowed);
}

const char *req_code(struct req *r, int rc)
{
  str_fmt(msg, sizeof(msg), "%s", r->op);
  if (r->variant)
    str_append(msg, sizeof(msg), " %s", r->variant);
  return str_append(msg, sizeof(msg), ": %s", vc_strerror(rc));
}

const char *req_uint(struct req *r, const char *key, uint32_t dflt, uint32_t lo, uint32_t hi,
                     uint32_t *out)
{
  if (req_u32(r, key, dflt, out) || *out < lo || *out > hi)
    return req_bad(r, key, NULL, NULL);
  return NULL;
}

const char *req_bool(struct req *r, const char *key, int dflt, int *out)
{
  const struct req_field *f = req_get(r, key);
  if (f && f->type != 'b')
    return req_bad(r, key, NULL, NULL);
  *out = f ? f->val[0] == 't' : dflt;
  return NULL;
}

static void str_vappend(char *buf, size_t cap, const char *fmt, va_list ap)
{
  size_t n = strlen(buf);
  char digits[10];
  if (!cap)
    return;
  for (const char *f = fmt; *f && n + 1 < cap; f++) {
    const char *s = digits;
    size_t len = 1;
    if (*f != '%' || f[1] == '%') {
      s = f;
      f += *f == '%';
    } else if (*++f == 's') {
      s = va_arg(ap, const char *);
      len = strlen(s);
    } else if (*f == 'u') {
      unsigned v = va_arg(ap, unsigned);
      len = 0;
      do
        digits[sizeof(digits) - ++len] = (char)('0' + v % 10);
      while (v /= 10);
      s = digits + sizeof(digits) - len;
    } else {
      break;      /* not a conversion this knows: stop rather than guess */
    }
    if (len > cap - 1 - n)
      len = cap - 1 - n;
    memcpy(buf + n, s, len);
    n += len;
  }
  buf[n] = 0;
}

char *str_append(char *buf, size_t cap, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  str_vappend(buf, cap, fmt, ap);
  va_end(ap);
  return buf;
}

char *str_fmt(char *buf, size_t cap, const char *fmt, ...)
{
  va_list ap;
  if (cap)
    buf[0] = 0;
  va_start(ap, fmt);
  str_vappend(buf, cap, fmt, ap);
  va_end(ap);
  return buf;
}

const char *req_impl(struct req *r, uint32_t *off)
{
  const struct req_field *f = req_get(r, "impl");
  *off = 0;
  if (!f)
    return NULL;
  if (req_is(f, "sw")) {
    *off = ~0u;
    return NULL;
  }
  if (!req_is(f, "hw"))
    return req_bad(r, "impl", NULL, REQ_IMPL);
  return vc_accel_present() ? NULL : req_bad(r, "impl", "\"hw\" in a build with no accelerator", "sw only (" VC_ACCEL_SWITCHES " add the units)");
}

void json_accelerators(void)
{
  json_array_open("accelerators");
  for (unsigned i = 0; i < VC_ACCEL_COUNT; i++)
    if (vc_accel_present() >> i & 1)
      json_str(NULL, vc_accel_name(i));
  json_array_close();
}

#if VC_HAVE_MONT
static vc_montu_counts unit_at;
#endif

void unit_mark(void)
{
#if VC_HAVE_MONT
  vc_montu_counters_hw(&unit_at);
#endif
}

void json_unit(uint32_t calls)
{
#if VC_HAVE_MONT
  vc_montu_counts now;
  vc_montu_counters_hw(&now);
  if (now.commands != unit_at.commands) {
    json_u64("unit_busy", (now.busy - unit_at.busy) / calls);
    json_u64("unit_commands", (now.commands - unit_at.commands) / calls);
  }
#else
  (void)calls;
#endif
}

void json_error(const char *op, const char *msg)
{
  json_begin();
  json_bool("ok", 0);
  if (op)
    json_str("op", op);
  json_str("error", msg);
  json_end();
}

/* Optimal string alignment distance (edits and swaps of neighbours) of two names of at most
 * 32 characters. */
static unsigned distance(const char *a, size_t n, const char *b, size_t m)
{
  uint8_t d[33][33];
  for (size_t i = 0; i <= n; i++)
    for (size_t j = 0; j <= m; j++) {
      unsigned v = i && j ? d[i - 1][j - 1] + (unsigned)(a[i - 1] != b[j - 1]) : (unsigned)(i + j);
      if (i && d[i - 1][j] + 1u < v)
        v = d[i - 1][j] + 1u;
      if (j && d[i][j - 1] + 1u < v)
        v = d[i][j - 1] + 1u;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1u < v)
        v = d[i - 2][j - 2] + 1u;
      d[i][j] = (uint8_t)v;
    }
  return d[n][m];
}

/* The name a misspelt one probably meant: the nearest considered, at most 2 edits away and
 * under half the misspelt length, or one a prefix of the other (2 characters at least). */
struct near {
  const char *s, *name;
  size_t n, len;
  unsigned score;             /* lower is nearer; 4: none yet */
};

static void near_consider(struct near *b, const char *name, size_t m)
{
  unsigned d;
  if (b->n > 32 || m > 32)
    return;
  if ((b->n >= 2 && b->n < m && !memcmp(b->s, name, b->n)) || (m >= 2 && m < b->n && !memcmp(b->s, name, m)))
    d = 3;
  else if ((d = distance(b->s, b->n, name, m)) > 2 || 2 * d >= b->n)
    return;
  if (d < b->score) {
    b->score = d;
    b->name = name;
    b->len = m;
  }
}

/* " (did you mean <name>?)" to msg when there is one. */
static void near_append(const struct near *b, char *msg, size_t cap)
{
  char name[36];
  if (b->name)
    str_append(msg, cap, " (did you mean %s?)", copy_cut(name, sizeof(name), b->name, b->len));
}

/* A field the op does not declare: names it, the declared field it probably meant and the
 * op's fields. */
static const char *unknown_field(const struct req *r, const struct req_field *f)
{
  struct near b = {f->key, NULL, f->keylen, 0, 4};
  char key[36], name[36];
  near_consider(&b, "impl", 4);
  for (int i = 0; i < r->decl->n; i++)
    near_consider(&b, r->decl->f[i].key, r->decl->f[i].keylen);
  str_fmt(msg, sizeof(msg), "%s: not a field of %s", copy_cut(key, sizeof(key), f->key, f->keylen), r->op);
  near_append(&b, msg, sizeof(msg));
  str_append(msg, sizeof(msg), "; %s takes %s", r->op, r->decl->n ? "" : "no fields");
  for (int i = 0; i < r->decl->n; i++)
    str_append(msg, sizeof(msg), i ? ", %s" : "%s",
               copy_cut(name, sizeof(name), r->decl->f[i].key, r->decl->f[i].keylen));
  return msg;
}

/* The request being answered: every field given must have been read when its answer begins. */
static struct req *answering;
static const char *refusal;

static int check_answer(void)
{
  const struct req_field *f = req_unread(answering);
  char key[36], desc[200];
  if (!f)
    return 0;
  copy_cut(key, sizeof(key), f->key, f->keylen);
  str_fmt(msg, sizeof(msg), "%s: does not apply to %s", key, answering->op);
  if (answering->variant)
    str_append(msg, sizeof(msg), " %s", answering->variant);
  refusal = str_append(msg, sizeof(msg), "; %s takes it as %s", answering->op,
                       req_desc(answering, key, desc, sizeof(desc)));
  return 1;
}

/* An answer of o to r, in `passes` passes of its timed section. */
static const char *answer(const struct oracle_op *o, struct req *r, int n)
{
  req_seeded = 0;
  req_passes = n;
  return o->run(r);
}

/* The first call's answer, held while the repeats run: the longest an op taking "repeat"
 * writes (an output of APP_MAX_INPUT bytes as hex, and its fields), in whole pages so that the
 * statics after it keep their data-cache sets. */
static char held[2 * APP_MAX_INPUT + 4096];

/* "repeat": n (repeat.h). Each repeat is a whole answer, the request's fields read again, so
 * every call has the same inputs; its timed section runs twice, so the timed call follows the
 * same call, not the request's own code. */
static const char *answer_repeated(const struct oracle_op *o, struct req *r, uint32_t n)
{
  static uint64_t warm[REQ_REPEAT_MAX];
  struct io_tap first = {held, sizeof(held), 0, 0, 0}, again = {NULL, 0, 0, 0, 0};
  const char *err;
  io_tap_begin(&first);
  err = answer(o, r, 1);
  io_tap_end();
  if (err || refusal)
    return err;
  if (first.len > first.cap || first.len < 2 || held[first.len - 2] != '}' || held[first.len - 1] != '\n')
    return "repeat: the first answer is not one line that fits; repeat takes ops answering with one";
  for (uint32_t i = 0; i < n; i++) {
    io_tap_begin(&again);
    err = answer(o, r, 2);
    io_tap_end();
    if (err || again.digest != first.digest) {
      str_fmt(msg, sizeof(msg), "repeat: call %u of %u answered other than the first", i + 2, n + 1);
      return err ? str_append(msg, sizeof(msg), " (%s)", err) : msg;
    }
    warm[i] = again.cycles;
  }
  held[first.len - 2] = 0;      /* the first answer without its "}\n", then the warm figure */
  io_puts(held);
  json_u64("warm_cycles", median_u64(warm, n));
  json_end();
  return NULL;
}

void oracle_request(char *line, const struct op_table *tables, size_t ntables)
{
  struct req r, decl;
  const struct oracle_op *o = NULL;
  const struct req_field *f;
  const char *err = req_parse(line, &r);
  app_last_timed.has_insn = 0;        /* no timed section of an earlier request answers this one */
  if (err) {
    json_error(NULL, err);
    return;
  }
  f = req_get(&r, "op");
  if (!f || f->type != 's') {
    json_error(NULL, "op: missing or not a string; a request takes an op ({\"op\":\"ops\"} lists them)");
    return;
  }
  struct near b = {f->val, NULL, f->vallen, 0, 4};
  for (size_t t = 0; t < ntables && !o; t++)
    for (size_t i = 0; i < *tables[t].n && !o; i++) {
      const char *name = tables[t].ops[i].name;
      if (strlen(name) == f->vallen && !memcmp(name, f->val, f->vallen))
        o = &tables[t].ops[i];
      near_consider(&b, name, strlen(name));
    }
  if (!o) {
    char val[40];
    str_fmt(msg, sizeof(msg), "op: %s is an unknown op", req_value(f, val, sizeof(val)));
    near_append(&b, msg, sizeof(msg));
    json_error(NULL, str_append(msg, sizeof(msg), "; a request takes one that {\"op\":\"ops\"} lists"));
    return;
  }
  r.op = o->name;
  decl.n = 0;
  for (const char *const *g = o->params; *g; g++)
    if (req_fields(*g, &decl)) {
      json_error(o->name, "internal: the op's params do not parse");
      return;
    }
  r.decl = &decl;
  for (int i = 0; i < r.n; i++) {
    const struct req_field *g = &r.f[i];
    int known = req_is_key(g, "op") || req_is_key(g, "impl");
    for (int j = 0; j < decl.n && !known; j++)
      known = g->keylen == decl.f[j].keylen && !memcmp(g->key, decl.f[j].key, g->keylen);
    if (!known) {
      json_error(o->name, unknown_field(&r, g));
      return;
    }
  }
  /* "impl":"sw" runs the request with the accelerators off (the speedup of a build, measured
   * within it); "hw" insists on them. */
  answering = &r;
  refusal = NULL;
  io_answer_begin(check_answer);
  uint32_t repeat = 0;
  if (!(err = req_impl(&r, &vc_accel_off)) &&
      !(req_get(&r, "repeat") && (err = req_uint(&r, "repeat", 0, 1, REQ_REPEAT_MAX, &repeat))))
    err = repeat ? answer_repeated(o, &r, repeat) : answer(o, &r, 1);
  io_answer_end();
  vc_accel_off = 0;
  if (refusal || err)
    json_error(o->name, refusal ? refusal : err);
}

void app_step(void *arg, const char *name, int end)
{
  struct app_steps *st = arg;
  uint64_t now = plat_cycles();
  size_t i = 0;
  while (i < APP_STEPS && st->s[i].name && strcmp(st->s[i].name, name))
    i++;
  if (i == APP_STEPS)
    return;
  st->s[i].name = name;
  if (end)
    st->s[i].cycles += app_timed(plat_elapsed(st->s[i].t0, now));
  else
    st->s[i].t0 = now;
}

void json_steps(const char *key, const struct app_steps *st)
{
  json_array_open(key);
  for (size_t i = 0; i < APP_STEPS && st->s[i].name; i++) {
    json_begin();
    json_str("step", st->s[i].name);
    json_u64("cycles", st->s[i].cycles);
    json_end();
  }
  json_array_close();
}

const char *code_name(int rc)
{
  const vc_err_info *e = vc_errors;
  while (e->name && e->code != rc)
    e++;
  return e->name ? e->name : "unknown";
}

const char *req_time(struct req *r, const char *key, uint64_t *t)
{
  const struct req_field *f = req_get(r, key);
  *t = 0;
  if (!f)
    return NULL;
  if (f->type != 'n' || f->vallen > 14)
    return req_bad(r, key, NULL, NULL);
  for (size_t i = 0; i < f->vallen; i++)
    *t = *t * 10 + (uint64_t)(f->val[i] - '0');
  return NULL;
}

const char *req_hex_len(struct req *r, const char *key, uint8_t *buf, size_t cap, size_t *len)
{
  const char *err;
  long n = req_hex(r, key, buf, cap, &err);
  if (n < 0)
    return err;
  *len = (size_t)n;
  return NULL;
}

const char *req_rsa_fields(struct req *r, vc_rsa_priv *k)
{
  const char *err;
  memset(k, 0, sizeof(*k));
  if ((err = req_mp(r, "rsa_n", &k->n)) || (err = req_mp(r, "rsa_e", &k->e)) || (err = req_mp(r, "rsa_d", &k->d)) ||
      (err = req_mp(r, "rsa_p", &k->p)) || (err = req_mp(r, "rsa_q", &k->q)))
    return err;
  return NULL;
}
