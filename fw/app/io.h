/* Console I/O of the firmware application: JSON-lines output, request lines, hex. */
#ifndef VEXCRYPT_APP_IO_H
#define VEXCRYPT_APP_IO_H

#include <stddef.h>
#include <stdint.h>

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

/* A parsed request: a flat JSON object of string, integer and boolean values. */
#define REQ_MAX_FIELDS 20
struct req_field {
  const char *key, *val;
  size_t keylen, vallen;
  char type;            /* 's' string, 'n' number, 'b' boolean */
};
struct req {
  struct req_field f[REQ_MAX_FIELDS];
  int n;
};

/* Parses `line` in place. Returns NULL on success or a static description of the error. */
const char *req_parse(char *line, struct req *r);
const struct req_field *req_get(const struct req *r, const char *key);
/* Boolean field: 1 when present and true. */
int req_flag(const struct req *r, const char *key);
/* Numeric field with a default; returns -1 (and sets *err) when present but not a number. */
int req_u32(const struct req *r, const char *key, uint32_t dflt, uint32_t *out);

#endif
