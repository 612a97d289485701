/* vexcrypt public key on the multiprecision library: primes and random numbers, RSA (raw,
 * CRT, PKCS#1 v1.5 signature and encryption, key generation), Diffie-Hellman, DSA with
 * RFC 6979 nonces, ElGamal.
 *
 * Every operation takes a `const vc_mp_cfg *cfg` naming the modular-multiplication and
 * exponentiation algorithms to use (NULL: vc_mp_cfg_default), so the benchmarks can run one
 * protocol across the design space. Randomness comes from a caller's vc_drbg (drbg.h: a
 * deterministic generator, not for production keys). Secrets (private exponents, DSA and
 * ElGamal nonces, the CRT halves, DSA's s) are handled in constant time by default (mp.h:
 * vc_mp_modexp over the bit length of their modulus or group order, vc_mp_crt,
 * vc_mp_mod_inv_binary, vc_mp_mont_muladd), whatever cfg.exp names; cfg.var = 1 sends them
 * through the variable-time functions and cfg.exp instead, for the design-space study only.
 * Not covered: key generation (vc_rsa_keygen, vc_mp_is_prime_var: the prime candidates go
 * through variable-time code) and range checks that compare a secret with a bound. */
#ifndef VEXCRYPT_PK_H
#define VEXCRYPT_PK_H

#include "vexcrypt/drbg.h"
#include "vexcrypt/mp.h"

/* ---- primes and random numbers ---- */

/* Uniform r in [0, bound) by rejection sampling; VC_ERR_RANGE for bound 0, VC_ERR_RETRY after
 * 64 draws. */
int vc_mp_random_below(vc_mp *r, const vc_mp *bound, vc_drbg *rng);
/* Miller-Rabin with `rounds` random bases (after trial division by small primes): 1 when a
 * is probably prime, 0 when composite, < 0 on error (VC_ERR_PARAM for rounds 0). a up to
 * VC_MP_MAX_BITS bits. */
int vc_mp_is_prime_var(const vc_mp *a, unsigned rounds, vc_drbg *rng, const vc_mp_cfg *cfg);

/* ---- RSA ---- */

typedef struct {
  vc_mp n, e;
} vc_rsa_pub;

typedef struct {
  vc_mp n, e, d, p, q, dp, dq, qinv, pinv;   /* pinv = p^-1 mod q, for SRC */
} vc_rsa_priv;

enum vc_rsa_crt { VC_RSA_NOCRT = 0, VC_RSA_MRC = 1, VC_RSA_SRC = 2 };

/* Key generation: bits in [256, VC_MP_MAX_BITS], even; e odd, 3 <= e < 2^32 (3 and 65537 are
 * the usual). p and q are `bits/2`-bit primes with the top two bits set (so n has exactly
 * `bits` bits), gcd(e, p-1) = gcd(e, q-1) = 1, p > q; d = e^-1 mod lcm(p-1, q-1). Miller-Rabin
 * rounds per FIPS 186-4 Table C.3. VC_ERR_PARAM for bits or e outside these ranges, VC_ERR_RETRY
 * if no prime is found in 100 * bits tries. */
int vc_rsa_keygen(vc_rsa_priv *k, size_t bits, uint32_t e, vc_drbg *rng, const vc_mp_cfg *cfg);
/* Fills the public half. */
int vc_rsa_pub_from_priv(vc_rsa_pub *pub, const vc_rsa_priv *k);
/* Checks a private key: n = pq, e*d = 1 mod lcm, CRT values consistent; VC_ERR_RANGE if not.
 * Fills dp, dq, qinv, pinv from n, e, d, p, q when they are zero. */
int vc_rsa_priv_complete(vc_rsa_priv *k);

/* Raw RSA: out = in^e mod n (public) or in^d mod n (private), in < n (VC_ERR_RANGE).
 * The private operation uses `crt` (enum vc_rsa_crt) and checks its result by raising it to e
 * before releasing it (with CRT: modulo p and modulo q in their own contexts, and p*q = n): a
 * mismatch (a fault during the computation or in the stored key) gives VC_ERR_FAULT and out is
 * left untouched. */
int vc_rsa_public(const vc_rsa_pub *k, vc_mp *out, const vc_mp *in, const vc_mp_cfg *cfg);
int vc_rsa_private(const vc_rsa_priv *k, vc_mp *out, const vc_mp *in, int crt,
                   const vc_mp_cfg *cfg);

/* Block-wise RSA (rsa_block.c): seed 004's workload, reproduced for its design-space study; not a
 * way to protect data (no padding, no randomness: equal blocks give equal outputs). The len >= 1
 * bytes of `in` are cut into blocks of block_bits / 8 bytes (block_bits a multiple of 8 from 32 to
 * 512, below the modulus' bits: VC_ERR_PARAM otherwise), the last one shorter when they do not
 * divide len; each block, a big-endian number, is raised to e (`private` 0) or to d (1, through
 * `crt` as vc_rsa_private, each result checked) modulo n and written to out in modulus-length
 * big-endian bytes (outlen = blocks * modulus bytes, VC_ERR_LENGTH otherwise; in and out apart,
 * VC_ERR_OVERLAP otherwise). Errors in the arguments leave out untouched; an error while
 * computing the blocks (VC_ERR_FAULT) zeroes it. `private` 0 or 1 and crt one of enum
 * vc_rsa_crt, VC_ERR_PARAM otherwise. One set-up serves every block, so the caches (NULL, or an
 * array of one per Montgomery context: one without the CRT, p's and q's with it) see them all;
 * a private operation in constant time (cfg.var 0) leaves them unused. A public operation with
 * the CRT goes through p and q, as seed 004 assumes; it handles them in variable time, so it
 * takes cfg.var 1, and the private key's qinv (pinv for SRC; vc_rsa_priv_complete fills them):
 * VC_ERR_PARAM otherwise. Without the CRT a public operation reads only n and e. */
int vc_rsa_block(const vc_rsa_priv *k, int private, int crt, const uint8_t *in, size_t len,
                 size_t block_bits, uint8_t *out, size_t outlen, const vc_mp_cfg *cfg,
                 vc_mp_cache *intra, vc_mp_cache *pre);

/* PKCS#1 v1.5 (RFC 8017). Signatures over a digest computed with h (MD2, MD5, SHA-1, SHA-256:
 * VC_ERR_PARAM for a hash without a DigestInfo); sig is exactly the modulus length in bytes
 * (VC_ERR_LENGTH otherwise). verify returns VC_OK or VC_ERR_VERIFY. Encryption: msglen <=
 * modulus bytes - 11, outlen the modulus length (VC_ERR_LENGTH otherwise); decrypt writes the
 * message to out (capacity *outlen, updated; VC_ERR_LENGTH when too small), returns
 * VC_ERR_RANGE for a ciphertext >= n and VC_ERR_PADDING for a malformed block. A modulus too
 * short for the DigestInfo gives VC_ERR_LENGTH, one over VC_MP_MAX_BITS VC_ERR_MODULUS. */
int vc_rsa_pkcs1_sign(const vc_rsa_priv *k, const vc_hash_class *h, const uint8_t *digest,
                      uint8_t *sig, size_t siglen, int crt, const vc_mp_cfg *cfg);
int vc_rsa_pkcs1_verify(const vc_rsa_pub *k, const vc_hash_class *h, const uint8_t *digest,
                        const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg);
/* The same type-1 block over raw bytes T instead of a DigestInfo: EM = 00 01 FF..FF 00 T, the
 * signature IKEv1 implementations make of HASH_I and HASH_R (ike.h; OpenSSL's
 * RSA_private_encrypt with RSA_PKCS1_PADDING, which isakmpd and racoon call). 1 <= tlen <= modulus
 * bytes - 11 (VC_ERR_LENGTH otherwise); the other errors as above. */
int vc_rsa_pkcs1_sign_raw(const vc_rsa_priv *k, const uint8_t *t, size_t tlen, uint8_t *sig,
                          size_t siglen, int crt, const vc_mp_cfg *cfg);
int vc_rsa_pkcs1_verify_raw(const vc_rsa_pub *k, const uint8_t *t, size_t tlen, const uint8_t *sig,
                            size_t siglen, const vc_mp_cfg *cfg);
int vc_rsa_pkcs1_encrypt(const vc_rsa_pub *k, vc_drbg *rng, const uint8_t *msg, size_t msglen,
                         uint8_t *out, size_t outlen, const vc_mp_cfg *cfg);
int vc_rsa_pkcs1_decrypt(const vc_rsa_priv *k, const uint8_t *in, size_t inlen, uint8_t *out,
                         size_t *outlen, int crt, const vc_mp_cfg *cfg);

/* ---- Diffie-Hellman and ElGamal in the multiplicative group mod a prime p, generator g ---- */

/* The groups: RFC 2409 (Oakley 1 and 2: 768, 1024 bits), RFC 3526 (1536, 2048), RFC 7919's
 * ffdhe2048 (what a TLS server here offers) and a 512-bit
 * group for the seeds' tables, generated the way RFC 2409/3526 generate theirs:
 * p = 2^512 - 2^448 - 1 + 2^64 * (floor(2^382 * pi) + k), smallest k making p and (p-1)/2
 * prime (k = 131); g = 2. The modulus is big-endian bytes. group_load: VC_ERR_MODULUS for a
 * descriptor whose bits are 0, not a multiple of 8 or over VC_MP_MAX_BITS. */
typedef struct {
  const char *name;          /* "modp512", "modp768", ... */
  size_t bits;
  const uint8_t *p;          /* bits/8 bytes */
  uint32_t g;
} vc_dh_group;
extern const vc_dh_group vc_dh_groups[];
extern const size_t vc_dh_ngroups;
const vc_dh_group *vc_dh_group_find(const char *name);
int vc_dh_group_load(const vc_dh_group *grp, vc_mp *p, vc_mp *g);

/* Key pair: x uniform in [2, p-2] when xbits == 0, else an xbits-bit exponent (top bit set,
 * 2 <= xbits < bits(p); VC_ERR_PARAM otherwise); y = g^x mod p. VC_ERR_MODULUS for p <= 3,
 * VC_ERR_RANGE for g outside [2, p-2]. */
int vc_dh_keygen(const vc_mp *p, const vc_mp *g, size_t xbits, vc_drbg *rng, vc_mp *x, vc_mp *y,
                 const vc_mp_cfg *cfg);
/* The exponent length for a group of pbits bits that keeps twice its security strength
 * (SP 800-57 Part 1, Table 2): 160 bits for groups up to 1024 bits, 225 above (RFC 7919 5.2's
 * figure for 2048-bit groups). What the TLS engine and IKE use by default. */
size_t vc_dh_xbits_for(size_t pbits);
/* z = peer^x mod p after checking 1 < peer < p-1 and x (VC_ERR_RANGE): 1 < x < p-1 when
 * xbits == 0, else 1 < x < 2^xbits (2 <= xbits < bits(p); VC_ERR_PARAM otherwise), the key
 * pair's bound. The exponentiation runs over xbits bits (0: the bits of p), constant time for
 * every x under that public bound: a short exponent (RFC 7919 §5.2) costs its length. */
int vc_dh_shared(const vc_mp *p, const vc_mp *x, size_t xbits, const vc_mp *peer, vc_mp *z,
                 const vc_mp_cfg *cfg);

/* ElGamal: m in [1, p-1], y in [2, p-2]; c1 = g^k, c2 = m * y^k with k uniform in [2, p-2]
 * (arguments are checked before k is drawn). Decryption m = c2 * c1^(p-1-x), x in [1, p-1]
 * (VC_ERR_RANGE when c1, c2 or x is out of range). */
int vc_elgamal_encrypt(const vc_mp *p, const vc_mp *g, const vc_mp *y, const vc_mp *m,
                       vc_drbg *rng, vc_mp *c1, vc_mp *c2, const vc_mp_cfg *cfg);
int vc_elgamal_decrypt(const vc_mp *p, const vc_mp *x, const vc_mp *c1, const vc_mp *c2,
                       vc_mp *m, const vc_mp_cfg *cfg);

/* ---- DSA (FIPS 186-4) ---- */

typedef struct {
  vc_mp p, q, g;
} vc_dsa_params;

/* Checks the domain parameters cheaply: p, q odd, q | p-1, 1 < g < p, g^q = 1 mod p; and the
 * sizes (L, N) = (1024, 160), (2048, 224), (2048, 256) or (3072, 256): VC_ERR_PARAM if not.
 * keygen, sign and verify check the sizes, oddness and g range the same way. */
int vc_dsa_check_params(const vc_dsa_params *dp, const vc_mp_cfg *cfg);
/* x uniform in [1, q-1], y = g^x mod p. */
int vc_dsa_keygen(const vc_dsa_params *dp, vc_drbg *rng, vc_mp *x, vc_mp *y, const vc_mp_cfg *cfg);

/* RFC 6979 deterministic nonces (section 3.2) for a group order q, private key x and the
 * message digest h1 = H(m) with the same hash H used for HMAC. next() returns successive
 * candidates k in [1, q-1] (step h of 3.2 repeats until one is accepted; VC_ERR_RETRY after 64
 * rejections in one call). init: VC_ERR_MODULUS for q <= 1, VC_ERR_RANGE for x outside
 * [1, q-1]. The state word `started` tells a fresh generator from a running one. */
typedef struct {
  vc_mp q;
  vc_hmac_ctx key;                 /* keyed by K (vc_hmac_ctx's copies) */
  uint8_t v[VC_HMAC_MAX_DIGEST];
  uint32_t started;
} vc_rfc6979;
int vc_rfc6979_init(vc_rfc6979 *g, const vc_mp *q, const vc_mp *x, const vc_hash_class *h,
                    const uint8_t *digest);
int vc_rfc6979_next(vc_rfc6979 *g, vc_mp *k);

/* Signature (r, s) over a digest computed with h (the leftmost min(N, outlen) bits are used),
 * k from RFC 6979 with the same h (sign: VC_ERR_RETRY if 64 nonces give r or s = 0). verify
 * returns VC_OK or VC_ERR_VERIFY (r or s out of [1, q-1] included), VC_ERR_RANGE for y outside
 * (1, p). */
int vc_dsa_sign(const vc_dsa_params *dp, const vc_mp *x, const vc_hash_class *h,
                const uint8_t *digest, vc_mp *r, vc_mp *s, const vc_mp_cfg *cfg);
int vc_dsa_verify(const vc_dsa_params *dp, const vc_mp *y, const vc_hash_class *h,
                  const uint8_t *digest, const vc_mp *r, const vc_mp *s, const vc_mp_cfg *cfg);

#endif
