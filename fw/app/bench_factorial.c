/* Suite "factorial": what seed 002's 2^3 factorial designs measure (its §4.5, Tables 5-8), at
 * the seed's two levels of its size factor: RC4 and SHA-1 at 23 bytes and 50 KB (suites stream
 * and hash at those sizes, their other ciphers and hashes with them: cheap), DH key pair +
 * shared secret at 512 and 1024 bits (with full-length and with 256-bit exponents) and DSA-1024
 * signing + verification of 23 bytes and 50 KB
 * (suite pk's groups). The records keep those suites' names and checks. The host runs the suite
 * on each level of the platform's two other factors, the CPU variant and the memory, and
 * computes the effects (vexrun factorial). */
#include <string.h>

#include "bench_pk.h"
#include "kat.h"

#define FACTORIAL_SIZES "23,51200"
#define FACTORIAL_XBITS 256

static void bench_factorial(const struct run_opts *o, struct tally *t)
{
  static struct pk_ctx x;
  struct run_opts q = *o;
  q.sizes = FACTORIAL_SIZES;
  q.sizes_len = strlen(FACTORIAL_SIZES);
  suite_stream.run(&q, t);
  suite_hash.run(&q, t);
  /* DH both ways seed 002's "256-bit information" reads: full-length exponents, 256-bit ones. */
  for (uint32_t xbits = 0; xbits <= FACTORIAL_XBITS; xbits += FACTORIAL_XBITS) {
    pk_dh(&x, vc_dh_group_find("modp512"), xbits, &vc_mp_cfg_default, o, t);
    pk_dh(&x, vc_dh_group_find("modp1024"), xbits, &vc_mp_cfg_default, o, t);
  }
  pk_dsa(&x, &kat_dsa[0], 23, &vc_mp_cfg_default, o, t);
  pk_dsa(&x, &kat_dsa[0], 51200, &vc_mp_cfg_default, o, t);
}

const struct suite suite_factorial = {"factorial",
  "seed 002's 2^3 factorial measurements: RC4 and SHA-1 at 23 B and 50 KB, DH-512/1024 key pair + shared (full-length and 256-bit exponents), DSA-1024 sign + verify at 23 B and 50 KB",
  bench_factorial};
