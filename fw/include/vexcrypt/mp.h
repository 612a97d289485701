/* vexcrypt multiprecision integers: fixed-capacity non-negative integers, modular arithmetic,
 * the five modular-multiplication algorithms of seed 004 and modular exponentiation.
 *
 * Numbers (vc_mp) hold up to VC_MP_CAP_BITS bits with no heap: enough for the product of two
 * VC_MP_MAX_BITS-bit numbers. Moduli and exponents are at most VC_MP_MAX_BITS bits. A vc_mp is
 * normalised: n limbs in use, d[n-1] != 0, zero has n == 0; limbs are little-endian 32-bit
 * words; normalisation is a precondition of the type (not checked). Every function accepts its
 * output aliasing any input unless stated otherwise.
 *
 * Timing (common.h): a vc_mp's limb count is its length and is not hidden. The conversions,
 * vc_mp_set_u32, vc_mp_copy, vc_mp_bits and vc_mp_bit are constant time: their work depends on
 * lengths and limb counts only (no table; from_bytes's normalisation shows the limb count and
 * nothing else). The functions named _var are variable time: values decide the work through
 * normalisation, carries, comparisons, the division's quotient corrections, the modulus
 * (vc_mont_init_var), the Montgomery products' final subtraction and the exponent's bits
 * (VC_EXP_LADDER fixes the sequence of products but not the products' final subtractions).
 *
 * The constant-time contract (vc_mp_modexp, vc_mont_mul/sqr, vc_mp_mont_modmul/muladd,
 * vc_mp_crt, vc_mp_mod_inv_binary): which instructions run and which addresses they read depend
 * only on the modulus's limb count (ctx->n), on bounds the caller states (an exponent's ebits)
 * and on the limb counts of inputs longer than the modulus (a public input such as a message);
 * never on the values of the operands, of the exponent or of the modulus once its context is
 * set up. Secrets below the modulus are read in the modulus's limb count, limbs above their own
 * count masked. Products end in a masked final subtraction; exponentiation is a fixed window
 * whose table is read whole at every window. The result is returned normalised: its limb count
 * shows, as every vc_mp's. This holds for ALGO1 without the intra-MM cache, ALGO2 and ALGO3 at
 * radix 2^32, ALGO5 and UNIT (the default in every build); ALGO4's Karatsuba carries and the
 * radices below 2^32 (digits that skip work when zero) run the same sequence of products with
 * variable-time products, kept for the design-space study. Setting up a context for a secret
 * modulus (vc_mont_init: RSA's primes) is constant time in software for a modulus of 32n bits
 * with R = 2^(32n) unless cfg.var; otherwise it divides by the modulus, and with the unit
 * (UNIT) it divides and looks the modulus up in its two-key cache: a secret prime's set-up is
 * variable time there. vc_mont_init_var is for public moduli (RSA's n, DH, DSA and ElGamal
 * groups, curve orders) and for key generation's candidates, variable time by choice (pk.h
 * leaves key generation uncovered). The pre-ME cache is not constant time (vc_mp_modexp does not
 * use it). */
#ifndef VEXCRYPT_MP_H
#define VEXCRYPT_MP_H

#include "vexcrypt/common.h"

#define VC_MP_MAX_BITS 4096
#define VC_MP_LIMBS (VC_MP_MAX_BITS / 32)   /* limbs of a modulus at most */
#define VC_MP_CAP_BITS (2 * VC_MP_MAX_BITS)
#define VC_MP_CAP_LIMBS (2 * VC_MP_LIMBS)

typedef struct {
  uint32_t n;                     /* limbs in use; d[n-1] != 0 */
  uint32_t d[VC_MP_CAP_LIMBS];
} vc_mp;

/* Conversions. from_bytes reads a big-endian unsigned integer (leading zeros allowed):
 * VC_ERR_RANGE when its value exceeds VC_MP_CAP_BITS bits. to_bytes writes exactly len bytes,
 * big-endian, zero-padded: VC_ERR_LENGTH when the value does not fit. */
int vc_mp_from_bytes(vc_mp *r, const uint8_t *in, size_t len);
int vc_mp_to_bytes(const vc_mp *a, uint8_t *out, size_t len);
int vc_mp_set_u32(vc_mp *r, uint32_t v);
int vc_mp_copy(vc_mp *r, const vc_mp *a);
/* Number of significant bits (0 for zero); bit i of a (0 or 1; 0 beyond the top). */
size_t vc_mp_bits(const vc_mp *a);
int vc_mp_bit(const vc_mp *a, size_t i);
/* -1, 0, 1 as a < b, a == b, a > b (a NULL operand compares as zero). */
int vc_mp_cmp_var(const vc_mp *a, const vc_mp *b);
int vc_mp_cmp_u32_var(const vc_mp *a, uint32_t b);

/* Integer arithmetic. Results beyond VC_MP_CAP_BITS bits give VC_ERR_RANGE; sub gives
 * VC_ERR_RANGE when a < b (no negative numbers); div by zero gives VC_ERR_MODULUS. */
int vc_mp_add_var(vc_mp *r, const vc_mp *a, const vc_mp *b);
int vc_mp_sub_var(vc_mp *r, const vc_mp *a, const vc_mp *b);
int vc_mp_mul_var(vc_mp *r, const vc_mp *a, const vc_mp *b);
int vc_mp_sqr_var(vc_mp *r, const vc_mp *a);
int vc_mp_shl_var(vc_mp *r, const vc_mp *a, size_t bits);
int vc_mp_shr_var(vc_mp *r, const vc_mp *a, size_t bits);
/* q = a / m, rem = a mod m (Knuth's algorithm D); either output may be NULL; q == rem gives
 * VC_ERR_OVERLAP. mod, divmod and gcd take numbers of any size up to the capacity. */
int vc_mp_divmod_var(vc_mp *q, vc_mp *rem, const vc_mp *a, const vc_mp *m);
int vc_mp_mod_var(vc_mp *r, const vc_mp *a, const vc_mp *m);

/* Modular arithmetic with 0 < m < 2^VC_MP_MAX_BITS (VC_ERR_MODULUS otherwise). add/sub need
 * a, b < m (VC_ERR_RANGE); mul reduces any a, b (product, then division). */
int vc_mp_mod_add_var(vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m);
int vc_mp_mod_sub_var(vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m);
int vc_mp_mod_mul_var(vc_mp *r, const vc_mp *a, const vc_mp *b, const vc_mp *m);
/* Inverse of a modulo m (m > 1): VC_ERR_NOINV when gcd(a, m) != 1. The extended Euclidean
 * algorithm works for any m < 2^VC_MP_MAX_BITS; the binary algorithm needs m odd
 * (VC_ERR_MODULUS). vc_mp_mod_inv_binary is constant time (its work depends on m's bit
 * length and on the limb counts of a and of the result only, which normalized vc_mp numbers
 * show anyway: a secret such as a nonce goes there) and needs a < m (VC_ERR_RANGE). */
int vc_mp_mod_inv_euclid_var(vc_mp *r, const vc_mp *a, const vc_mp *m);
int vc_mp_mod_inv_binary_var(vc_mp *r, const vc_mp *a, const vc_mp *m);
int vc_mp_mod_inv_binary(vc_mp *r, const vc_mp *a, const vc_mp *m);
/* vc_mp_mod_inv_binary in slices, for a caller with idle time to fill (the CPU waiting on an
 * accelerator): vc_mp_mod_inv_start takes its a and m and checks them as it does (the job keeps
 * m's address: m outlives the job); each vc_mp_mod_inv_slice runs a quarter of one of its
 * batches (about 1.5 k cycles at 256 bits; the slices depend on m's bit length only) and
 * returns 1 while slices remain, then 0; vc_mp_mod_inv_end runs the rest, writes r (VC_ERR_NOINV as
 * vc_mp_mod_inv_binary) and wipes the job. A job not started: VC_ERR_STATE. */
typedef struct {
  uint32_t w[5][VC_MP_LIMBS];
  uint8_t at[5];
  const vc_mp *m;
  int32_t f[4];
  uint32_t minv, left, phase, state;
} vc_mp_inv_job;
int vc_mp_mod_inv_start(vc_mp_inv_job *j, const vc_mp *a, const vc_mp *m);
int vc_mp_mod_inv_slice(vc_mp_inv_job *j);
int vc_mp_mod_inv_end(vc_mp_inv_job *j, vc_mp *r);
/* gcd(a, b); gcd(0, 0) = 0. */
int vc_mp_gcd_var(vc_mp *r, const vc_mp *a, const vc_mp *b);

/* ---- Montgomery arithmetic and the modular-multiplication design space (seed 004) ---- */

/* Modular-multiplication algorithms. Each computes a*b/R mod m for its own R = 2^(k*digits).
 *  ALGO1: basic Montgomery on whole numbers: T = a*b, M = T*N' mod R, (T + M*N)/R.
 *  ALGO2: full product, then reduction in radix-2^k steps (one digit of the product each).
 *  ALGO3: product and reduction interleaved digit by digit in radix 2^k (k = 32: column by
 *         column, finely integrated product scanning).
 *  ALGO4: Karatsuba-Ofman product, then word-by-word Montgomery reduction.
 *  ALGO5: radix-2 interleaved (one bit of a per step: adds and shifts, no multiplier).
 *  UNIT:  the Montgomery co-processor (MONT=1, fw/drivers/mont.h), R = 2^(32n) as ALGO2's at
 *         radix 2^32, so results are bit-identical: products and exponentiations run in the
 *         unit (the modulus and operands loaded per call; an exponentiation by the driver's
 *         fixed window on resident operands, or square-and-multiply for exponents of at most
 *         32 bits, which are public; cfg.exp/window unused) when the unit is present,
 *         on (vc_accel_on) and holds the modulus with this R (at W = 64: n even); otherwise ALGO2 at radix 2^32 with cfg's
 *         sqr, exp and window. The default in MONT=1 builds. The set-up then computes
 *         R^2 mod m in the unit and keeps R mod m and R^2 mod m of the last two moduli (a
 *         per-key constant: a repeated key, or a CRT's two primes, skip the set-up). */
enum vc_mm_algo { VC_MM_ALGO1 = 1, VC_MM_ALGO2, VC_MM_ALGO3, VC_MM_ALGO4, VC_MM_ALGO5, VC_MM_UNIT };
/* Exponentiation: binary left-to-right, binary right-to-left, sliding window (left to right,
 * `window` bits), Montgomery ladder (a product and a square per exponent bit, constant
 * sequence). */
enum vc_exp_algo { VC_EXP_LR = 1, VC_EXP_RL, VC_EXP_WINDOW, VC_EXP_LADDER };

#define VC_MP_MAX_WINDOW 6
#define VC_MP_CACHE_WAYS 8

/* One point of the design space. radix_bits (k, 1..32) applies to ALGO2 and ALGO3; `sqr`
 * selects dedicated squaring (ALGO2, ALGO4, and ALGO3 at radix 2^32);
 * window (1..VC_MP_MAX_WINDOW) is VC_EXP_WINDOW's largest width (short exponents get the width
 * that costs fewest products). */
typedef struct {
  uint8_t algo;        /* enum vc_mm_algo */
  uint8_t radix_bits;  /* ALGO2/3: radix 2^k */
  uint8_t sqr;         /* dedicated squaring (ALGO2, ALGO4) */
  uint8_t exp;         /* enum vc_exp_algo */
  uint8_t window;      /* VC_EXP_WINDOW */
  uint8_t var;         /* 0: secrets through the constant-time functions; 1: the _var ones */
} vc_mp_cfg;

/* One point of the design space (above), and `var`: how the public-key operations (pk.h)
 * treat secrets (private exponents, nonces, CRT halves). 0, the default: in constant time
 * (vc_mp_modexp with a fixed window of at most 5 bits, vc_mp_crt, vc_mp_mod_inv_binary,
 * vc_mp_mont_muladd), whatever `exp` says; 1: variable time (vc_mp_modexp_var with `exp`, and
 * the other _var functions), for the design-space study and the comparison only.
 *
 * The default: ALGO2 at radix 2^32 with squaring, windows of 6 bits (the variable-time sliding
 * window's, the fastest measured: docs/performance.md) and 5 (the constant-time fixed window's),
 * constant time; UNIT with the same software fallback in MONT=1 builds. */
extern const vc_mp_cfg vc_mp_cfg_default;

/* Optional software caches of seed 004, direct-mapped with VC_MP_CACHE_WAYS entries:
 *  intra-MM: ALGO1's M = T*N' mod R, keyed by T (hits when products repeat, e.g. the same
 *            base exponentiated again);
 *  pre-ME:   an exponentiation's result keyed by (base, exponent) (hits on repeated blocks).
 * A cache belongs to one modulus: the set-up clears it. Counters are for the benchmarks. */
typedef struct {
  uint32_t key_hash[VC_MP_CACHE_WAYS];
  uint8_t valid[VC_MP_CACHE_WAYS];
  uint32_t key[VC_MP_CACHE_WAYS][2 * VC_MP_LIMBS];
  uint32_t val[VC_MP_CACHE_WAYS][VC_MP_LIMBS];
  uint32_t hits, misses;
} vc_mp_cache;

/* A Montgomery context for an odd modulus 1 < m < 2^VC_MP_MAX_BITS. */
typedef struct {
  uint32_t n;                     /* limbs of m */
  uint32_t m[VC_MP_LIMBS];
  uint32_t m0inv;                 /* -m^-1 mod 2^32 */
  uint32_t digits;                /* R = 2^(k * digits), k = 32 except ALGO2/3/5 */
  uint32_t r2[VC_MP_LIMBS];       /* R^2 mod m */
  uint32_t one[VC_MP_LIMBS];      /* R mod m: 1 in Montgomery form */
  uint32_t ninv[VC_MP_LIMBS];     /* ALGO1: N' = -m^-1 mod 2^(32n) */
  vc_mp_cfg cfg;
  vc_mp_cache *intra;             /* NULL: no intra-MM cache */
  vc_mp_cache *pre;               /* NULL: no pre-ME cache */
  uint32_t r2_epoch;              /* UNIT: vc_montu_epoch() when its set-up left R^2 mod m in the
                                   * unit's slot VC_MONTU_SLOT_ACC, else 0 */
} vc_mont;

/* Sets up ctx for modulus m with configuration cfg (NULL: vc_mp_cfg_default) and optional
 * caches (NULL: none; a cache is cleared here). VC_ERR_MODULUS for m even, m <= 1 or
 * m >= 2^VC_MP_MAX_BITS; VC_ERR_PARAM for a configuration outside the ranges above. Both give
 * the same context; vc_mont_init's set-up hides a secret modulus (above), _var's does not. */
int vc_mont_init(vc_mont *ctx, const vc_mp *m, const vc_mp_cfg *cfg, vc_mp_cache *intra,
                 vc_mp_cache *pre);
int vc_mont_init_var(vc_mont *ctx, const vc_mp *m, const vc_mp_cfg *cfg, vc_mp_cache *intra,
                     vc_mp_cache *pre);
/* UNIT: forgets the moduli whose set-up it keeps, so the next set-up of each is a first one (as
 * after a reset: a call's cost from cold). */
void vc_mont_forget(void);
/* What the set-up chose: the limbs of m (the length of the limb-level operands below) and the
 * bits of R (R = 2^vc_mont_r_bits: the algorithm's digit bits times its digits). 0 for NULL. */
size_t vc_mont_limbs(const vc_mont *ctx);
size_t vc_mont_r_bits(const vc_mont *ctx);
/* A cache's hits and misses since its set-up cleared it. VC_ERR_NULL for a NULL pointer. */
int vc_mp_cache_counts(const vc_mp_cache *c, uint32_t *hits, uint32_t *misses);

/* Limb-level Montgomery product r = a*b/R mod m on ctx->n-limb arrays, with the context's
 * algorithm. Preconditions (not checked, for speed): a, b < m; r may alias a or b. Returns
 * VC_ERR_NULL for a NULL pointer, else VC_OK. vc_mont_sqr_var is the same with b = a (it uses
 * the dedicated squaring when cfg.sqr is set). */
int vc_mont_mul_var(const vc_mont *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b);
int vc_mont_sqr_var(const vc_mont *ctx, uint32_t *r, const uint32_t *a);
/* The same in constant time: the final subtraction masked. Besides a, b < m, any a < 2^(32n)
 * with b < m gives a*b/R mod m. */
int vc_mont_mul(const vc_mont *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b);
int vc_mont_sqr(const vc_mont *ctx, uint32_t *r, const uint32_t *a);

/* a*b mod m through Montgomery form (a, b any size: reduced first). vc_mp_mont_modmul is the
 * constant-time form, and vc_mp_mont_muladd gives a*b + d mod m (d any size) in constant time. */
int vc_mp_mont_modmul_var(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *b);
int vc_mp_mont_modmul(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *b);
int vc_mp_mont_muladd(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *b,
                      const vc_mp *d);

/* r = a^e mod m with the context's exponentiation algorithm (a of any size: reduced first;
 * e up to VC_MP_MAX_BITS bits; a^0 = 1). Uses and fills the pre-ME cache when ctx has one. */
int vc_mp_modexp_var(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *e);
/* r = a^e mod m in constant time for a secret e below 2^ebits (ebits <= VC_MP_MAX_BITS, a
 * public bound such as the bit length of the modulus or of a group order; VC_ERR_RANGE when e
 * is not below it): a fixed window over ebits bits, of width cfg.window for VC_EXP_WINDOW
 * configurations (else 5), at most 5, narrower when short exponents need fewer products; in
 * MONT=1 builds with the unit (and ctx on it: UNIT above), the unit's fixed window (vc_montu_exp)
 * over ebits bits. cfg.exp and the pre-ME cache are not used. a of any size (reduced in
 * constant time). */
int vc_mp_modexp(const vc_mont *ctx, vc_mp *r, const vc_mp *a, const vc_mp *e, size_t ebits);

/* Chinese remaindering: given xp = x mod p, xq = x mod q (p, q coprime, xp < p, xq < q) and
 * qinv = q^-1 mod p, returns x mod pq.
 *  MRC (Garner, mixed radix): x = xq + q * ((xp - xq) * qinv mod p).
 *  SRC (single radix): x = (xp * q * qinv + xq * p * pinv) mod pq with pinv = p^-1 mod q. */
enum vc_crt_algo { VC_CRT_MRC = 1, VC_CRT_SRC };
int vc_mp_crt_var(vc_mp *x, const vc_mp *xp, const vc_mp *xq, const vc_mp *p, const vc_mp *q,
                  const vc_mp *qinv, const vc_mp *pinv, int algo);
/* Garner's conversion in constant time, in p's Montgomery context cp: x = xq + q * ((xp - xq) *
 * qinv mod p), so x = xp mod p and x = xq mod q, and x < pq when xq < q (not checked: a
 * comparison would not be constant time). Limb counts: xp and qinv at most p's, xq at most q's
 * (VC_ERR_RANGE otherwise); q nonzero (VC_ERR_MODULUS). */
int vc_mp_crt(const vc_mont *cp, vc_mp *x, const vc_mp *xp, const vc_mp *xq, const vc_mp *q,
              const vc_mp *qinv);

#endif
