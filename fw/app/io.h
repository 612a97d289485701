/* Console I/O of the firmware application: JSON-lines output, request lines, hex. */
#ifndef VEXCRYPT_APP_IO_H
#define VEXCRYPT_APP_IO_H

#include <stddef.h>
#include <stdint.h>

#define IO_STR_(x) #x
#define IO_STR(x) IO_STR_(x)        /* a number macro as a string literal, for messages */

void io_puts(const char *s);

/* One JSON object per line: json_begin(), fields, json_end() (which writes "}\n"). */
void json_begin(void);
void json_end(void);
void json_str(const char *key, const char *val);
void json_u64(const char *key, uint64_t val);
void json_i64(const char *key, int64_t val);
void json_bool(const char *key, int val);
void json_hex32(const char *key, uint32_t val);          /* "0x1234abcd" */
void json_bytes(const char *key, const uint8_t *p, size_t n);  /* lower-case hex string */
void json_u64_array(const char *key, const uint64_t *v, size_t n);
void json_raw(const char *key, const char *json);          /* value written as is */
/* An array as a field: json_array_open(key), json_begin() ... json_end() for each object
 * element or json_str(NULL, s) for each string element, json_array_close(). */
void json_array_open(const char *key);
void json_array_close(void);

/* Reads one line (without its newline) into buf. Returns its length, or -1 when the line did
 * not fit (the rest of it is consumed and dropped). */
long io_getline(char *buf, size_t cap);

/* Hex decoding: returns the byte count, or -1 on odd length or a non-hex digit, -2 when it
 * would exceed cap. */
long hex_decode(const char *hex, size_t hexlen, uint8_t *out, size_t cap);

/* A parsed request: a flat JSON object of string, number and boolean values, each field
 * named once. The op's run marks what it reads (req_get), so the server can refuse a field
 * the op never read for the variant asked: it does not apply (app.h, oracle_request). */
#define REQ_MAX_FIELDS 24
struct req_field {
  const char *key, *val;
  size_t keylen, vallen;
  char type;            /* 's' string, 'n' non-negative integer, 'r' any other number, 'b' boolean */
};
struct req {
  struct req_field f[REQ_MAX_FIELDS];
  int n;
  uint32_t used;              /* bit i: f[i] was read */
  const char *op;             /* the op answering it, for messages */
  const char *variant;        /* its variant ("cbc", "keygen") once chosen, or NULL */
  const struct req *decl;     /* the op's declared fields, their descriptions as values */
};

/* Parses `line` in place (it is not written). Returns NULL on success or a static description
 * of the error. */
const char *req_parse(const char *line, struct req *r);
/* Appends the fields of a list `"name":value, ...` (an object without its braces) to r. */
const char *req_fields(const char *list, struct req *r);
/* The field `key` or NULL; marks it read. */
const struct req_field *req_get(struct req *r, const char *key);
/* Numeric field with a default; returns -1 when present but not an integer below 2^32. */
int req_u32(struct req *r, const char *key, uint32_t dflt, uint32_t *out);
/* The first field given and never read, or NULL. */
const struct req_field *req_unread(const struct req *r);

/* The answer to a request: `check` runs when the answer's first line begins, after the op
 * read its fields; when it returns nonzero, nothing more is written until io_answer_end(), so
 * the server's error line is the whole answer. */
void io_answer_begin(int (*check)(void));
void io_answer_end(void);

/* A tapped answer: between io_tap_begin(t) and io_tap_end() what the answer writes goes to
 * t->buf (its first cap characters; buf NULL: nowhere), not the console (t NULL: no tap). t->len counts
 * every character (over cap: the answer did not fit); t->digest is the answer's FNV-1a digest
 * without the values of its measurements ("cycles", "<name>_cycles", "instret"), which differ
 * from call to call while the answer does not; t->cycles is its "cycles". */
struct io_tap {
  char *buf;
  size_t cap, len;
  uint32_t digest;
  uint64_t cycles;
};
void io_tap_begin(struct io_tap *t);
void io_tap_end(void);

#endif
