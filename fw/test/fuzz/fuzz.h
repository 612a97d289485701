/* Shared by the libFuzzer targets (one per file here; built by `make -C fw fuzz`, run by
 * `vexrun fuzz`): a reader that splits the fuzzer's input into fields, and the check that
 * turns a wrong answer into a crash libFuzzer reports.
 *
 * Input layout, which vexrun/vectors/fuzzseeds.py writes for the seed corpora: a target reads bytes
 * (fz_u8) and fields, each a 2-byte big-endian length then that many bytes (fz_field; a length
 * past the input's end is cut to what is left). Missing bytes read as zero, so every input
 * means something. */
#ifndef VEXCRYPT_FUZZ_H
#define VEXCRYPT_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "vexcrypt/mp.h"

struct fz {
  const uint8_t *p;
  size_t n;
};

static inline unsigned fz_u8(struct fz *f)
{
  if (!f->n)
    return 0;
  f->n--;
  return *f->p++;
}

/* The next field (at most max bytes: longer ones are cut, the rest skipped); returns its length. */
static inline size_t fz_field(struct fz *f, const uint8_t **p, size_t max)
{
  size_t len = fz_u8(f) << 8;
  len |= fz_u8(f);
  if (len > f->n)
    len = f->n;
  *p = f->p;
  f->p += len;
  f->n -= len;
  return len < max ? len : max;
}

/* A field as a number: big-endian, at most max bytes. */
static inline void fz_mp(struct fz *f, vc_mp *r, size_t max)
{
  const uint8_t *p;
  size_t len = fz_field(f, &p, max);
  if (vc_mp_from_bytes(r, p, len))
    abort();    /* max is below the capacity: cannot fail */
}

/* The host platform (host_plat.c): set host_quiet to count the console's lines in host_lines
 * instead of writing them. */
extern int host_quiet;
extern unsigned long host_lines;

/* A property every answer must have: abort (a libFuzzer finding) with the condition. */
#define FZ_CHECK(cond)                                                              \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
      abort();                                                                      \
    }                                                                               \
  } while (0)

#endif
