/* The symmetric suites' shared pieces (bench_sym.c), for bench_hash.c, bench_block.c and
 * bench_stream.c: their records' head, the digest of a cipher's output, and the request's list
 * of message sizes. */
#ifndef VEXCRYPT_APP_BENCH_SYM_H
#define VEXCRYPT_APP_BENCH_SYM_H

#include "app.h"

/* The symmetric primitives' records: suite, prim, impl ("sw" unless named), mode (ciphers),
 * op, bytes (0 for a key setup), the measurement, then the case's "out". Each context starts
 * with this head. */
struct sym_rec {
  const char *suite, *mode;
  uint32_t bytes;
};
extern const struct bench_family sym_family;

/* "out": the SHA-256 of a cipher's n output bytes. */
void json_out_digest(const uint8_t *p, size_t n);
/* A failed record of `suite` with its error message, counted in the tally. */
void bench_error(const char *suite, const char *msg, struct tally *t);

/* Iterates the sizes of the request (or the default list); reports a bad list once. */
struct sizes {
  const char *p, *end;
};
void sizes_init(struct sizes *s, const struct run_opts *o);
/* The next size up to max into *size (1), or 0 at the end; a bad entry or a size above max is
 * an error record. */
int sizes_next(struct sizes *s, const char *suite, uint32_t max, uint32_t *size, struct tally *t);

#endif
