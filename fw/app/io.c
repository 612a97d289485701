#include "io.h"

#include <string.h>

#include "platform.h"

static int first_field;
static int depth;   /* open arrays of objects */

void io_puts(const char *s)
{
  while (*s)
    plat_putc(*s++);
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
  plat_putc('"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      plat_putc('\\');
      plat_putc(c);
    } else if (c < 0x20) {
      io_puts("\\u00");
      plat_putc(hex[c >> 4]);
      plat_putc(hex[c & 15]);
    } else {
      plat_putc(c);
    }
  }
  plat_putc('"');
}

static void key(const char *k)
{
  if (!first_field)
    plat_putc(',');
  first_field = 0;
  if (k) {
    put_escaped(k);
    plat_putc(':');
  }
}

void json_begin(void)
{
  if (depth)
    key(NULL);
  plat_putc('{');
  first_field = 1;
}

void json_end(void)
{
  plat_putc('}');
  if (depth)
    first_field = 0;
  else
    plat_putc('\n');
}

void json_array_open(const char *k)
{
  key(k);
  plat_putc('[');
  depth++;
  first_field = 1;
}

void json_array_close(void)
{
  plat_putc(']');
  depth--;
  first_field = 0;
}

void json_str(const char *k, const char *v) { key(k); put_escaped(v); }
void json_u64(const char *k, uint64_t v) { key(k); put_u64(v); }
void json_raw(const char *k, const char *v) { key(k); io_puts(v); }
void json_bool(const char *k, int v) { key(k); io_puts(v ? "true" : "false"); }

void json_i64(const char *k, int64_t v)
{
  key(k);
  if (v < 0) {
    plat_putc('-');
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
    plat_putc(hex[(v >> s) & 15]);
  plat_putc('"');
}

void json_bytes(const char *k, const uint8_t *p, size_t n)
{
  static const char hex[] = "0123456789abcdef";
  key(k);
  plat_putc('"');
  for (size_t i = 0; i < n; i++) {
    plat_putc(hex[p[i] >> 4]);
    plat_putc(hex[p[i] & 15]);
  }
  plat_putc('"');
}

void json_u64_array(const char *k, const uint64_t *v, size_t n)
{
  key(k);
  plat_putc('[');
  for (size_t i = 0; i < n; i++) {
    if (i)
      plat_putc(',');
    put_u64(v[i]);
  }
  plat_putc(']');
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

static char *skip_ws(char *p)
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
static char *parse_string(char *p, const char **s, size_t *len)
{
  char *q = ++p;
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

const char *req_parse(char *line, struct req *r)
{
  char *p = skip_ws(line);
  r->n = 0;
  if (*p++ != '{')
    return "malformed request: expected a JSON object";
  p = skip_ws(p);
  if (*p == '}')
    return NULL;
  for (;;) {
    struct req_field *f;
    if (r->n == REQ_MAX_FIELDS)
      return "malformed request: too many fields";
    f = &r->f[r->n];
    if (*p != '"' || !(p = parse_string(p, &f->key, &f->keylen)))
      return "malformed request: expected a field name (strings without escapes)";
    p = skip_ws(p);
    if (*p++ != ':')
      return "malformed request: expected ':'";
    p = skip_ws(p);
    if (*p == '"') {
      if (!(p = parse_string(p, &f->val, &f->vallen)))
        return "malformed request: bad string value (no escapes allowed)";
      f->type = 's';
    } else if (*p >= '0' && *p <= '9') {
      f->val = p;
      while (*p >= '0' && *p <= '9')
        p++;
      f->vallen = (size_t)(p - f->val);
      f->type = 'n';
    } else if (starts_with(p, "true") || starts_with(p, "false")) {
      f->val = p;
      f->vallen = *p == 't' ? 4 : 5;
      p += f->vallen;
      f->type = 'b';
    } else {
      return "malformed request: values must be strings, non-negative integers or booleans";
    }
    r->n++;
    p = skip_ws(p);
    if (*p == '}')
      break;
    if (*p++ != ',')
      return "malformed request: expected ',' or '}'";
    p = skip_ws(p);
  }
  p = skip_ws(p + 1);
  if (*p)
    return "malformed request: trailing characters after the object";
  return NULL;
}

const struct req_field *req_get(const struct req *r, const char *k)
{
  size_t kl = strlen(k);
  for (int i = 0; i < r->n; i++)
    if (r->f[i].keylen == kl && !memcmp(r->f[i].key, k, kl))
      return &r->f[i];
  return NULL;
}

int req_flag(const struct req *r, const char *k)
{
  const struct req_field *f = req_get(r, k);
  return f && f->type == 'b' && f->val[0] == 't';
}

int req_u32(const struct req *r, const char *k, uint32_t dflt, uint32_t *out)
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
