/* RSA key generation (pk.h): two random bits/2-bit primes with the top two bits set, so that n
 * has exactly `bits` bits, and p-1, q-1 coprime to e; d = e^-1 mod lcm(p-1, q-1). */
#include <string.h>

#include "vexcrypt/pk.h"
#include "../internal.h"

/* FIPS 186-4 Table C.3, error probability 2^-100: Miller-Rabin rounds for 512-, 1024- and
 * 1536-bit primes. Smaller primes (toy keys) take the 512-bit count, sizes between rows the
 * smaller row's (more rounds). */
static unsigned mr_rounds(size_t pbits)
{
  return pbits >= 1536 ? 3 : pbits >= 1024 ? 4 : 7;
}

/* a mod m for a 32-bit m (64-bit division: libgcc on the core). */
static uint32_t mod_u32(const vc_mp *a, uint32_t m)
{
  uint64_t r = 0;
  for (size_t i = a->n; i-- > 0;)
    r = (r << 32 | a->d[i]) % m;
  return (uint32_t)r;
}

static uint32_t gcd_u32(uint32_t a, uint32_t b)
{
  while (b) {
    uint32_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static void set_bit(uint8_t *buf, size_t len, size_t i)
{
  buf[len - 1 - i / 8] |= (uint8_t)(1u << (i % 8));
}

/* A random `bits`-bit probable prime p with its top two bits set and gcd(e, p-1) = 1; buf
 * receives its (bits+7)/8 big-endian bytes. */
static int gen_prime(vc_mp *p, uint8_t *buf, size_t bits, uint32_t e, vc_drbg *rng, size_t tries,
                     const vc_mp_cfg *cfg)
{
  size_t len = (bits + 7) / 8;
  int rc;
  while (tries--) {
    if ((rc = vc_drbg_generate(rng, buf, len)))
      return rc;
    buf[0] &= 0xFF >> (8 * len - bits);
    set_bit(buf, len, bits - 1);
    set_bit(buf, len, bits - 2);
    set_bit(buf, len, 0);
    vc_mp_from_bytes(p, buf, len);
    /* gcd(e, p-1) from p mod e first: it is cheap and, for e = 3, rejects the third of the
     * candidates that are 1 mod 3 before any trial division. */
    uint32_t r = mod_u32(p, e);
    if (gcd_u32(e, r ? r - 1 : e - 1) != 1)
      continue;
    if ((rc = vc_mp_is_prime_var(p, mr_rounds(bits), rng, cfg)) != 0)
      return rc < 0 ? rc : VC_OK;
  }
  return VC_ERR_RETRY;
}

/* n, d and the CRT values from the primes' bytes (p > q), into k. Out of line: its vc_mp
 * temporaries stay off the stack under the search's exponentiations. */
static VC_NOINLINE int assemble(vc_rsa_priv *k, const uint8_t *pb, const uint8_t *qb,
                                size_t len, uint32_t e)
{
  vc_mp p, q, pm1, qm1, g;
  int rc;
  vc_mp_from_bytes(&p, pb, len);
  vc_mp_from_bytes(&q, qb, len);
  vc_mp_set_u32(&g, 1);
  vc_mp_sub_var(&pm1, &p, &g);
  vc_mp_sub_var(&qm1, &q, &g);
  /* lcm(p-1, q-1) into pm1, d into qm1 */
  if ((rc = vc_mp_gcd_var(&g, &pm1, &qm1)) || (rc = vc_mp_divmod_var(&pm1, NULL, &pm1, &g)) ||
      (rc = vc_mp_mul_var(&pm1, &pm1, &qm1)) || (rc = vc_mp_set_u32(&g, e)) ||
      (rc = vc_mp_mod_inv_euclid_var(&qm1, &g, &pm1)))
    return rc;
  vc_mp_mul_var(&k->n, &p, &q);
  vc_mp_copy(&k->e, &g);
  vc_mp_copy(&k->d, &qm1);
  vc_mp_copy(&k->p, &p);
  vc_mp_copy(&k->q, &q);
  vc_mp_set_u32(&k->dp, 0);
  vc_mp_set_u32(&k->dq, 0);
  vc_mp_set_u32(&k->qinv, 0);
  vc_mp_set_u32(&k->pinv, 0);
  return vc_rsa_priv_complete(k);
}

int vc_rsa_keygen(vc_rsa_priv *k, size_t bits, uint32_t e, vc_drbg *rng, const vc_mp_cfg *cfg)
{
  /* The primes are kept as bytes and only the candidate as a vc_mp: the search runs under
   * 24 KiB of exponentiation. */
  uint8_t pb[VC_MP_MAX_BITS / 16], qb[VC_MP_MAX_BITS / 16];
  vc_mp c;
  int rc;
  if (!k || !rng)
    return VC_ERR_NULL;
  if (bits < 256 || bits > VC_MP_MAX_BITS || bits % 2 || e < 3 || !(e & 1))
    return VC_ERR_PARAM;
  size_t half = bits / 2, len = (half + 7) / 8;
  if ((rc = gen_prime(&c, pb, half, e, rng, 100 * bits, cfg)))
    return rc;
  do {
    if ((rc = gen_prime(&c, qb, half, e, rng, 100 * bits, cfg)))
      return rc;
  } while (!memcmp(pb, qb, len));
  /* Big-endian strings of one length compare like the numbers. */
  return memcmp(pb, qb, len) > 0 ? assemble(k, pb, qb, len, e) : assemble(k, qb, pb, len, e);
}
