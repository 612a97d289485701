#include <stdarg.h>
#include <string.h>

#include "accel.h"
#include "app.h"
#include "prims.h"

/* A hex field into buf; an integer's hex may have odd length (an implicit leading 0). */
static long req_hex_field(const struct req *r, const char *key, uint8_t *buf, size_t cap, int integer,
                          const char **err)
{
  const struct req_field *f = req_get(r, key);
  long n = 0;
  if (!f || f->type != 's') {
    *err = "missing or non-string hex parameter";
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
  if (n == -1)
    *err = integer ? "malformed hex (a non-hex digit)" : "malformed hex (odd length or a non-hex digit)";
  else if (n == -2)
    *err = "input too long (max 32768 bytes)";
  return n < 0 ? -1 : n;
}

long req_hex(const struct req *r, const char *key, uint8_t *buf, size_t cap, const char **err)
{
  return req_hex_field(r, key, buf, cap, 0, err);
}

long req_hex_int(const struct req *r, const char *key, uint8_t *buf, size_t cap, const char **err)
{
  return req_hex_field(r, key, buf, cap, 1, err);
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

const vc_hash_class *req_hash(const struct req *r)
{
  const struct req_field *f = req_get(r, "hash");
  return f && f->type == 's' ? app_find_hash(f->val, f->vallen) : NULL;
}

const char *req_rng(const struct req *r, vc_drbg *d)
{
  const char *err;
  long n = req_get(r, "seed") ? req_hex(r, "seed", app_in, 256, &err) : 0;
  if (n < 0)
    return "\"seed\" must be hex, at most 256 bytes";
  vc_drbg_init(d, app_in, (size_t)n);
  return NULL;
}

void json_ok(const char *op, uint64_t cycles)
{
  json_begin();
  json_bool("ok", 1);
  json_str("op", op);
  json_u64("cycles", cycles);
}

const char *req_key_error(const char *prefix, const char *key, const char *suffix)
{
  static char msg[96];
  size_t a = strlen(prefix), n = strlen(key), b = strlen(suffix);
  if (n > 20)
    n = 20;
  if (a + n + b >= sizeof(msg))
    return suffix;
  memcpy(msg, prefix, a);
  memcpy(msg + a, key, n);
  memcpy(msg + a + n, suffix, b + 1);
  return msg;
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

const char *req_impl(const struct req *r, uint32_t *off)
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
    return "\"impl\" must be \"hw\" (the accelerators, the default) or \"sw\" (software only)";
  return vc_accel_present() ? NULL : "\"impl\":\"hw\": this build has no accelerator (" VC_ACCEL_SWITCHES ")";
}

void json_accelerators(void)
{
  json_array_open("accelerators");
  for (unsigned i = 0; i < VC_ACCEL_COUNT; i++)
    if (vc_accel_present() >> i & 1)
      json_str(NULL, vc_accel_name(i));
  json_array_close();
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

void oracle_request(char *line, const struct op_table *tables, size_t ntables)
{
  struct req r;
  const char *err;
  const struct req_field *op;
  if ((err = req_parse(line, &r))) {
    json_error(NULL, err);
    return;
  }
  op = req_get(&r, "op");
  if (!op || op->type != 's') {
    json_error(NULL, "missing \"op\" (send {\"op\":\"ops\"} for the list)");
    return;
  }
  for (size_t t = 0; t < ntables; t++) {
    const struct oracle_op *tab = tables[t].ops;
    for (size_t i = 0; i < *tables[t].n; i++) {
      if (strlen(tab[i].name) == op->vallen && !memcmp(tab[i].name, op->val, op->vallen)) {
        char name[32];
        memcpy(name, op->val, op->vallen);
        name[op->vallen] = 0;
        /* "impl":"sw" runs the request with the accelerators off (the speedup of a build,
         * measured within it); "hw" insists on them. */
        if ((err = req_impl(&r, &vc_accel_off)) || (err = tab[i].run(&r)))
          json_error(name, err);
        vc_accel_off = 0;
        return;
      }
    }
  }
  json_error(NULL, "unknown op (send {\"op\":\"ops\"} for the list)");
}
