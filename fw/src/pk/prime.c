/* Random numbers below a bound and the probabilistic primality test (pk.h): trial division by
 * the odd primes below 256, then Miller-Rabin with random bases. Variable time: the candidates
 * a key generator rejects tell nothing about the primes it keeps. */
#include <string.h>

#include "vexcrypt/pk.h"

#define RANDOM_DRAWS 64

int vc_mp_random_below(vc_mp *r, const vc_mp *bound, vc_drbg *rng)
{
  uint8_t buf[VC_MP_CAP_BITS / 8];
  vc_mp t;
  int rc;
  if (!r || !bound || !rng)
    return VC_ERR_NULL;
  size_t bits = vc_mp_bits(bound), len = (bits + 7) / 8;
  if (bits == 0)
    return VC_ERR_RANGE;
  /* Draws of bits(bound) bits: each lands below the bound with probability > 1/2, so 64
   * failures in a row mean a broken generator rather than bad luck. */
  for (int i = 0; i < RANDOM_DRAWS; i++) {
    if ((rc = vc_drbg_generate(rng, buf, len)))
      return rc;
    buf[0] &= 0xFF >> (8 * len - bits);
    vc_mp_from_bytes(&t, buf, len);
    if (vc_mp_cmp_var(&t, bound) < 0)
      return vc_mp_copy(r, &t);
  }
  return VC_ERR_RETRY;
}

/* The odd primes below 256: trial division leaves about a fifth of the odd numbers
 * (prod(1 - 1/p) ~ 0.2) for the exponentiations, at two 32-bit divisions per limb and prime. */
static const uint8_t small_primes[] = {
  3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
  101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191,
  193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251};
#define LAST_SMALL_PRIME 251u

/* a mod p for p < 2^16, in 16-bit steps so that the core's 32-bit division suffices. */
static uint32_t mod_small(const vc_mp *a, uint32_t p)
{
  uint32_t r = 0;
  for (size_t i = a->n; i-- > 0;) {
    r = (r << 16 | a->d[i] >> 16) % p;
    r = (r << 16 | (a->d[i] & 0xFFFF)) % p;
  }
  return r;
}

/* x == a - 1 for odd a > 1: a - 1 is a with bit 0 cleared (no vc_mp to hold it). */
static int is_minus_one(const vc_mp *x, const vc_mp *a)
{
  return x->n == a->n && x->d[0] == (a->d[0] ^ 1) &&
         !memcmp(x->d + 1, a->d + 1, 4 * (size_t)(a->n - 1));
}

int vc_mp_is_prime_var(const vc_mp *a, unsigned rounds, vc_drbg *rng, const vc_mp_cfg *cfg)
{
  vc_mont ctx;
  vc_mp d, x;
  size_t s;
  int rc;
  if (!a || !rng)
    return VC_ERR_NULL;
  if (rounds == 0)
    return VC_ERR_PARAM;
  if (vc_mp_bits(a) > VC_MP_MAX_BITS)
    return VC_ERR_RANGE;
  if (vc_mp_cmp_u32_var(a, 2) <= 0)
    return vc_mp_cmp_u32_var(a, 2) == 0;
  if (!(a->d[0] & 1))
    return 0;
  for (size_t i = 0; i < sizeof(small_primes); i++)
    if (mod_small(a, small_primes[i]) == 0)
      return vc_mp_cmp_u32_var(a, small_primes[i]) == 0;
  /* A composite has a prime factor at most its square root. */
  if (a->n == 1 && a->d[0] < LAST_SMALL_PRIME * LAST_SMALL_PRIME)
    return 1;

  if ((rc = vc_mont_init_var(&ctx, a, cfg, NULL, NULL)))
    return rc;
  vc_mp_set_u32(&x, 1);
  vc_mp_sub_var(&d, a, &x);
  for (s = 0; !vc_mp_bit(&d, s); s++)
    ;
  vc_mp_shr_var(&d, &d, s);                 /* a - 1 = 2^s * d, d odd */
  while (rounds--) {
    /* Base uniform in [2, a-2]: 0, 1 and a-1 prove nothing (a > 2^15 here, so rejecting
     * them costs a redraw once in 20000 tries at most). */
    do {
      if ((rc = vc_mp_random_below(&x, a, rng)))
        return rc;
    } while (vc_mp_cmp_u32_var(&x, 2) < 0 || is_minus_one(&x, a));
    if ((rc = vc_mp_modexp_var(&ctx, &x, &x, &d)))
      return rc;
    /* A prime has no square root of 1 but +-1: the sequence x, x^2, ..., x^(2^(s-1)) starts
     * at 1 or reaches -1. */
    int pass = vc_mp_cmp_u32_var(&x, 1) == 0 || is_minus_one(&x, a);
    for (size_t j = 1; j < s && !pass; j++) {
      if ((rc = vc_mp_mont_modmul_var(&ctx, &x, &x, &x)))
        return rc;
      pass = is_minus_one(&x, a);
    }
    if (!pass)
      return 0;
  }
  return 1;
}
