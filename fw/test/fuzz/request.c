/* The oracle's request parser and hex decoding on whole request lines: fields must lie inside
 * the line and decode as documented (io.h, app.h). */
#include <string.h>

#include "app.h"
#include "fuzz.h"

static char line[4097];
static uint8_t buf[2048];

/* Reference hex digit value, -1 for anything else. */
static int digit(char c)
{
  const char *hex = "0123456789abcdef", *p;
  if (c >= 'A' && c <= 'F')
    c = (char)(c - 'A' + 'a');
  p = c ? strchr(hex, c) : NULL;
  return p ? (int)(p - hex) : -1;
}

/* Checks a decoded hex field against a digit-by-digit decoding (odd: a leading 0 digit). */
static void check_hex(const struct req_field *f, long n, int integer, size_t cap)
{
  size_t odd = integer ? f->vallen & 1 : 0, digits = f->vallen + odd;
  int good = (integer || !(f->vallen & 1)) && digits / 2 <= cap;
  for (size_t i = 0; i < f->vallen; i++)
    good &= digit(f->val[i]) >= 0;
  FZ_CHECK(good == (n >= 0));
  if (n < 0)
    return;
  FZ_CHECK((size_t)n == digits / 2);
  for (size_t i = 0; i < digits; i++) {
    int d = i < odd ? 0 : digit(f->val[i - odd]);
    FZ_CHECK(((buf[i / 2] >> (i & 1 ? 0 : 4)) & 15) == d);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct req r;
  const char *err;
  if (size >= sizeof(line) || memchr(data, 0, size))
    return 0;    /* io_getline's lines have no NUL and fit the buffer */
  memcpy(line, data, size);
  line[size] = 0;
  if (req_parse(line, &r))
    return 0;
  r.op = "request";     /* as the server names the op before one reads a field */
  FZ_CHECK(r.n >= 0 && r.n <= REQ_MAX_FIELDS);
  for (int i = 0; i < r.n; i++) {
    const struct req_field *f = &r.f[i];
    char key[64];
    uint32_t v;
    FZ_CHECK(f->key > line && f->key + f->keylen < line + size);
    FZ_CHECK(f->val > line && f->val + f->vallen <= line + size);
    FZ_CHECK(f->type == 's' || f->type == 'n' || f->type == 'r' || f->type == 'b');
    if (f->keylen >= sizeof(key) || memchr(f->key, 0, f->keylen))
      continue;
    memcpy(key, f->key, f->keylen);
    key[f->keylen] = 0;
    /* Each name once: req_get finds this field. */
    FZ_CHECK(req_get(&r, key) == f);
    /* A number of at most 10 digits below 2^32 (io.h), nothing else. */
    uint64_t ref = 0;
    for (size_t j = 0; j < f->vallen && j < 10; j++)
      ref = ref * 10 + (uint64_t)(f->val[j] - '0');
    int num = f->type == 'n' && f->vallen <= 10 && ref <= 0xffffffffu;
    FZ_CHECK((req_u32(&r, key, 7, &v) == 0) == num);
    FZ_CHECK(!num || v == ref);
    size_t cap = f->vallen % 7 == 3 ? f->vallen / 4 : sizeof(buf);   /* sometimes too small */
    if (f->type == 's') {
      check_hex(f, req_hex(&r, key, buf, cap, &err), 0, cap);
      check_hex(f, req_hex_int(&r, key, buf, cap, &err), 1, cap);
    }
  }
  return 0;
}
