/* A request's "repeat" (the server's side: util.c): the field every op answering with "cycles"
 * declares, and the timed section each of those ops marks. */
#ifndef VEXCRYPT_APP_REPEAT_H
#define VEXCRYPT_APP_REPEAT_H

#include "io.h"

/* "repeat": n: the op answers once as without it (its first call: caches as the request left
 * them), then n more times, each answer checked equal to the first (timings aside) and
 * written nowhere; the first answer goes out with "warm_cycles", the median of the n. */
#define REQ_REPEAT_MAX 1000
#define REQ_REPEAT_FIELD                                                                        \
  "\"repeat\":\"an integer 1.." IO_STR(REQ_REPEAT_MAX) ": n more calls on warm caches, "         \
  "warm_cycles their median (default: none)\""

/* An op's timed section: REQ_PASSES { ... } around its timed calls and what they consume or
 * change (operands in place, a key schedule, a keystream's state, a length). It runs once; in
 * a repeat's answers twice, the first pass warming the caches for the second, which is timed
 * as a benchmark's loop times a call: nothing runs between them but the loop, and
 * req_rewind() when req_rng seeded a DRBG for the answer, putting it back as seeded. */
extern int req_passes, req_seeded;
int req_rewind(void);               /* returns 1 */
static inline int req_pass(int pass)
{
  return pass < req_passes && (!req_seeded || req_rewind());
}
#define REQ_PASSES for (int pass_ = 0; !pass_ || req_pass(pass_); pass_++)

#endif
