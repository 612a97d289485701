#include "io.h"

#include <string.h>

#include "platform.h"

static int first_field;
static int depth;   /* open arrays of objects */
static int (*answer_check)(void);
static int muted;
static struct io_tap *tap;
static int measurement;     /* writing a measurement's digits: left out of the tap's digest */

/* Out of line: a call per character as plat_putc was, not the flag's test at every site. */
__attribute__((noinline)) static void put(int c)
{
  if (muted)
    return;
  if (!tap) {
    plat_putc(c);
    return;
  }
  if (tap->len < tap->cap)
    tap->buf[tap->len] = (char)c;
  tap->len++;
  if (!measurement)
    tap->digest = (tap->digest ^ (uint8_t)c) * 16777619u;     /* FNV-1a */
}

void io_puts(const char *s)
{
  while (*s)
    put(*s++);
}

void io_answer_begin(int (*check)(void))
{
  answer_check = check;
  muted = 0;
}

void io_answer_end(void)
{
  answer_check = NULL;
  muted = 0;
}

void io_tap_begin(struct io_tap *t)
{
  if (t) {
    if (!t->buf)
      t->cap = 0;
    t->len = 0;
    t->digest = 2166136261u;
    t->cycles = 0;
  }
  tap = t;
}

void io_tap_end(void)
{
  tap = NULL;
}

/* A measurement field: "cycles", "<name>_cycles", "instret" and "insn_<class>" (which count a
 * unit's polls), and the Montgomery unit's counters "unit_<name>" (a first call under a new
 * modulus also computes its R^2 on the unit, a repeat finds it cached). */
static int is_measurement(const char *k)
{
  size_t n;
  if (!k)
    return 0;
  n = strlen(k);
  return !strcmp(k, "instret") || (n > 5 && !memcmp(k, "unit_", 5)) || (n > 5 && !memcmp(k, "insn_", 5)) ||
         (n >= 6 && !strcmp(k + n - 6, "cycles") && (n == 6 || k[n - 7] == '_'));
}

static void put_u64(uint64_t v)
{
  char buf[21];
  int i = 20;
  buf[i] = 0;
  do {
    buf[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  io_puts(buf + i);
}

static void put_escaped(const char *s)
{
  static const char hex[] = "0123456789abcdef";
  put('"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      put('\\');
      put(c);
    } else if (c < 0x20) {
      io_puts("\\u00");
      put(hex[c >> 4]);
      put(hex[c & 15]);
    } else {
      put(c);
    }
  }
  put('"');
}

static void key(const char *k)
{
  if (!first_field)
    put(',');
  first_field = 0;
  if (k) {
    put_escaped(k);
    put(':');
  }
}

void json_begin(void)
{
  if (!depth && answer_check) {
    muted = answer_check();
    answer_check = NULL;
  }
  if (depth)
    key(NULL);
  put('{');
  first_field = 1;
}

void json_end(void)
{
  put('}');
  if (depth)
    first_field = 0;
  else
    put('\n');
}

void json_array_open(const char *k)
{
  key(k);
  put('[');
  depth++;
  first_field = 1;
}

void json_array_close(void)
{
  put(']');
  depth--;
  first_field = 0;
}

void json_str(const char *k, const char *v) { key(k); put_escaped(v); }
void json_u64(const char *k, uint64_t v)
{
  key(k);
  measurement = tap && is_measurement(k);
  if (measurement && !depth && !strcmp(k, "cycles"))
    tap->cycles = v;
  put_u64(v);
  measurement = 0;
}

void json_raw(const char *k, const char *v) { key(k); io_puts(v); }
void json_bool(const char *k, int v) { key(k); io_puts(v ? "true" : "false"); }

void json_i64(const char *k, int64_t v)
{
  key(k);
  if (v < 0) {
    put('-');
    put_u64((uint64_t)0 - (uint64_t)v);
  } else {
    put_u64((uint64_t)v);
  }
}

void json_hex32(const char *k, uint32_t v)
{
  static const char hex[] = "0123456789abcdef";
  key(k);
  io_puts("\"0x");
  for (int s = 28; s >= 0; s -= 4)
    put(hex[(v >> s) & 15]);
  put('"');
}

void json_bytes(const char *k, const uint8_t *p, size_t n)
{
  static const char hex[] = "0123456789abcdef";
  key(k);
  put('"');
  for (size_t i = 0; i < n; i++) {
    put(hex[p[i] >> 4]);
    put(hex[p[i] & 15]);
  }
  put('"');
}

void json_u64_array(const char *k, const uint64_t *v, size_t n)
{
  key(k);
  put('[');
  for (size_t i = 0; i < n; i++) {
    if (i)
      put(',');
    put_u64(v[i]);
  }
  put(']');
}

long io_getline(char *buf, size_t cap)
{
  size_t n = 0;
  int overflow = 0;
  for (;;) {
    int c = plat_getc();
    if (c == '\n')
      break;
    if (c == '\r')
      continue;
    if (n + 1 < cap)
      buf[n++] = (char)c;
    else
      overflow = 1;
  }
  buf[n] = 0;
  return overflow ? -1 : (long)n;
}

static int hexval(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

long hex_decode(const char *hex, size_t hexlen, uint8_t *out, size_t cap)
{
  if (hexlen & 1)
    return -1;
  if (hexlen / 2 > cap)
    return -2;
  for (size_t i = 0; i < hexlen; i += 2) {
    int hi = hexval(hex[i]), lo = hexval(hex[i + 1]);
    if (hi < 0 || lo < 0)
      return -1;
    out[i / 2] = (uint8_t)(hi << 4 | lo);
  }
  return (long)(hexlen / 2);
}

static const char *skip_ws(const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

static int starts_with(const char *p, const char *word)
{
  while (*word)
    if (*p++ != *word++)
      return 0;
  return 1;
}

/* Parses a string token at p (which points at the opening quote); no escapes. */
static const char *parse_string(const char *p, const char **s, size_t *len)
{
  const char *q = ++p;
  while (*q && *q != '"') {
    if (*q == '\\')
      return NULL;
    q++;
  }
  if (*q != '"')
    return NULL;
  *s = p;
  *len = (size_t)(q - p);
  return q + 1;
}

static const char *digits(const char *p)
{
  while (*p >= '0' && *p <= '9')
    p++;
  return p;
}

/* A JSON number at p: -?digits(.digits)?([eE][+-]?digits)?; NULL if there is none. */
static const char *parse_number(const char *p)
{
  const char *q = p + (*p == '-');
  if (digits(q) == q)
    return NULL;
  q = digits(q);
  if (*q == '.' && digits(q + 1) != q + 1)
    q = digits(q + 1);
  if (*q == 'e' || *q == 'E') {
    const char *e = q + 1 + (q[1] == '+' || q[1] == '-');
    if (digits(e) != e)
      q = digits(e);
  }
  return q;
}

/* "<key>: <what><more>" (the key cut at 32 characters): the parser's messages about a field. */
static const char *field_error(const struct req_field *f, const char *what, const char *more)
{
  static char msg[160];
  size_t k = f->keylen < 32 ? f->keylen : 32, w = strlen(what), m = strlen(more);
  memcpy(msg, f->key, k);
  memcpy(msg + k, ": ", 2);
  memcpy(msg + k + 2, what, w);
  memcpy(msg + k + 2 + w, more, m + 1);
  return msg;
}

/* Parses the fields `"name":value, ...` at *pp up to `end` ('}' of an object, or the end of a
 * field list), appending them to r; *pp then points at `end`. */
static const char *parse_fields(const char **pp, struct req *r, char end)
{
  const char *p = skip_ws(*pp);
  while (*p != end) {         /* a field, then ',' and the next or `end` */
    struct req_field *f;
    if (r->n == REQ_MAX_FIELDS)
      return "request: more than " IO_STR(REQ_MAX_FIELDS) " fields; a request takes at most " IO_STR(REQ_MAX_FIELDS);
    f = &r->f[r->n];
    if (*p != '"' || !(p = parse_string(p, &f->key, &f->keylen)))
      return "request: expected a field name; field names are strings without escapes";
    for (int i = 0; i < r->n; i++)
      if (r->f[i].keylen == f->keylen && !memcmp(r->f[i].key, f->key, f->keylen))
        return field_error(f, "given twice", "; a request names each field once");
    p = skip_ws(p);
    if (*p++ != ':')
      return field_error(f, "expected ':' after the field name", "");
    p = skip_ws(p);
    const char *q;
    if (*p == '"') {
      if (!(p = parse_string(p, &f->val, &f->vallen)))
        return field_error(f, "a string with an escape or without its closing quote",
                           "; request strings take no escapes");
      f->type = 's';
    } else if ((q = parse_number(p))) {
      f->val = p;
      f->vallen = (size_t)(q - p);
      f->type = digits(p) == q ? 'n' : 'r';
      p = q;
    } else if (starts_with(p, "true") || starts_with(p, "false")) {
      f->val = p;
      f->vallen = *p == 't' ? 4 : 5;
      p += f->vallen;
      f->type = 'b';
    } else {
      return field_error(f, *p == '[' ? "an array" : *p == '{' ? "an object" : starts_with(p, "null") ? "null"
                            : "not a JSON value", "; request values are strings, numbers or booleans");
    }
    r->n++;
    p = skip_ws(p);
    if (*p == end)
      break;
    if (*p++ != ',')
      return field_error(f, "expected ',' or '}' after the value", "");
    p = skip_ws(p);
    if (*p == end)
      return field_error(f, "followed by a ',' and no field", "");
  }
  *pp = p;
  return NULL;
}

const char *req_parse(const char *line, struct req *r)
{
  const char *p = skip_ws(line), *err;
  r->n = 0;
  r->used = 0;
  r->op = r->variant = NULL;
  r->decl = NULL;
  if (*p++ != '{')
    return "request: not a JSON object; a request is one JSON object per line";
  if ((err = parse_fields(&p, r, '}')))
    return err;
  p = skip_ws(p + 1);
  if (*p)
    return "request: characters after the object; a request is one JSON object per line";
  return NULL;
}

const char *req_fields(const char *list, struct req *r)
{
  return parse_fields(&list, r, 0);
}

const struct req_field *req_get(struct req *r, const char *k)
{
  size_t kl = strlen(k);
  for (int i = 0; i < r->n; i++)
    if (r->f[i].keylen == kl && !memcmp(r->f[i].key, k, kl)) {
      r->used |= 1u << i;
      return &r->f[i];
    }
  return NULL;
}

const struct req_field *req_unread(const struct req *r)
{
  for (int i = 0; i < r->n; i++)
    if (!(r->used >> i & 1))
      return &r->f[i];
  return NULL;
}

int req_u32(struct req *r, const char *k, uint32_t dflt, uint32_t *out)
{
  const struct req_field *f = req_get(r, k);
  uint64_t v = 0;
  if (!f) {
    *out = dflt;
    return 0;
  }
  if (f->type != 'n' || f->vallen > 10)
    return -1;
  for (size_t i = 0; i < f->vallen; i++)
    v = v * 10 + (uint64_t)(f->val[i] - '0');
  if (v > 0xffffffffu)
    return -1;
  *out = (uint32_t)v;
  return 0;
}
