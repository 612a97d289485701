/* A DER reader (ITU-T X.690, 10) for the X.509 code: one TLV at a time from a cursor, the
 * span of bytes left to read, each value bounded by its enclosing TLV. Iterative: the caller
 * descends by reading a value as a new cursor, so no input can make it recurse. */
#ifndef VEXCRYPT_DER_INTERNAL_H
#define VEXCRYPT_DER_INTERNAL_H

#include "vexcrypt/x509.h"

enum {
  DER_BOOLEAN = 0x01, DER_INTEGER = 0x02, DER_BIT_STRING = 0x03, DER_OCTET_STRING = 0x04, DER_NULL = 0x05,
  DER_OID = 0x06, DER_UTC_TIME = 0x17, DER_GENERALIZED_TIME = 0x18, DER_SEQUENCE = 0x30, DER_SET = 0x31,
};

/* The tag byte of the TLV at the cursor, -1 when the cursor is empty. */
int vc_der_peek(const vc_span *cur);
/* Reads the TLV at the cursor, which must have the one-byte tag `tag` (numbers 0..30; a
 * high-tag-number form is refused): its value into *val and, when tlv is not NULL, the whole
 * TLV into *tlv; advances the cursor past it. VC_ERR_VERIFY, *cur untouched, for an empty
 * cursor, another tag, an indefinite or non-minimal length, a length of more than 4 bytes or
 * past the cursor's end. */
int vc_der_get(vc_span *cur, int tag, vc_span *val, vc_span *tlv);
/* vc_der_get of any tag: *tag the one read. */
int vc_der_get_any(vc_span *cur, int *tag, vc_span *val);
/* An INTEGER in minimal form (X.690 8.3.2): *val its two's-complement bytes. VC_ERR_VERIFY for
 * an empty or non-minimal one. */
int vc_der_get_int(vc_span *cur, vc_span *val);
/* A non-negative INTEGER in minimal form: *mag its magnitude, leading zero bytes stripped
 * (empty for 0). VC_ERR_VERIFY for a negative or non-minimal one. */
int vc_der_get_uint(vc_span *cur, vc_span *mag);
/* 1 when the span holds exactly the n bytes b. */
int vc_der_eq(const vc_span *a, const uint8_t *b, size_t n);

/* A DER writer that fills a buffer from its end towards its start, so that a TLV's length is
 * known when its header is written: the caller writes a structure's last field first, then the
 * header of the bytes written since a mark (w.pos before them). buf NULL counts without
 * writing (a dry run sizing the output). Running out of room sets err and writes nothing more;
 * the output is buf[pos..cap). */
typedef struct {
  uint8_t *buf;
  size_t pos;
  int err;
} vc_der_writer;
void vc_der_w_init(vc_der_writer *w, uint8_t *buf, size_t cap);
/* Prepends n bytes (p NULL: n bytes left for the caller to fill at buf + pos). */
void vc_der_w_put(vc_der_writer *w, const void *p, size_t n);
/* Prepends the header of a TLV with tag `tag` whose value is what was written since `mark`. */
void vc_der_w_tlv(vc_der_writer *w, int tag, size_t mark);

#endif
