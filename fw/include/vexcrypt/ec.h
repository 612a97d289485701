/* vexcrypt elliptic curves: the NIST binary curves B-163, K-163, B-233, K-233 (FIPS 186-4,
 * D.1.3) over GF(2^m) (gf2m.h) and the prime curve P-256; EC-DH, EC-ElGamal and ECDSA.
 *
 * Encodings (SEC 1, 2.3): scalars are big-endian, exactly nlen bytes (the order's length);
 * field elements are big-endian, exactly flen bytes; points are uncompressed, 0x04 || X || Y
 * (1 + 2 flen bytes). The point at infinity has no encoding: an operation whose result would
 * be infinity returns VC_ERR_POINT.
 *
 * Algorithm sets (binary curves; P-256 has one implementation and ignores the set):
 *   VC_EC_BASIC         affine coordinates, left-to-right double-and-add, basic field
 *                       arithmetic (variable time);
 *   VC_EC_AFFINE_TABLE  seed 001's optimized set: the same affine double-and-add over its
 *                       table-look-up field arithmetic and almost-inverse (variable time);
 *   VC_EC_OPTIMIZED     Lopez-Dahab projective x-only Montgomery ladder with y recovered at
 *                       the end, optimized field arithmetic (constant time in the scalar).
 * P-256 scalar multiplication is constant time (fixed windows, complete formulas, table
 * lookups that read every entry); a fixed-base comb serves the generator.
 *
 * Every function validates its arguments (VC_ERR_NULL, VC_ERR_PARAM for an unknown set,
 * VC_ERR_LENGTH for a wrong length, VC_ERR_RANGE for a scalar outside [1, n-1], VC_ERR_POINT
 * for a point that fails vc_ec_point_check) and leaves its outputs untouched on error. */
#ifndef VEXCRYPT_EC_H
#define VEXCRYPT_EC_H

#include "vexcrypt/drbg.h"
#include "vexcrypt/gf2m.h"
#include "vexcrypt/hash.h"

typedef enum { VC_EC_B163, VC_EC_K163, VC_EC_B233, VC_EC_K233, VC_EC_P256, VC_EC_NCURVES } vc_ec_curve_id;

#define VC_EC_MAX_FLEN 32
#define VC_EC_MAX_NLEN 32
#define VC_EC_MAX_POINT (1 + 2 * VC_EC_MAX_FLEN)

typedef struct vc_ec_impl vc_ec_impl;
typedef struct {
  vc_ec_curve_id id;
  const char *name;            /* "B-163", ..., "P-256" */
  uint16_t flen;               /* field element bytes */
  uint16_t nbits, nlen;        /* order n: bits, bytes */
  uint16_t cofactor;
  const uint8_t *order;        /* n, nlen bytes */
  const uint8_t *gen;          /* G, uncompressed */
  const vc_ec_impl *impl;      /* the curve's arithmetic (internal) */
  const void *params;          /* the implementation's parameters (internal) */
} vc_ec_curve;

/* The curve with this id or name ("B-163", "K-163", "B-233", "K-233", "P-256"); NULL if none. */
const vc_ec_curve *vc_ec_curve_get(int id);
const vc_ec_curve *vc_ec_curve_by_name(const char *name);
size_t vc_ec_point_len(const vc_ec_curve *c);

/* Public-key validation (SP 800-56A 5.6.2.3.2): encoding, coordinates below the field size,
 * on the curve, not infinity, and of order n: with cofactor 2 a point is in the subgroup when
 * it is a double, Tr(x) = Tr(a); K-233 (cofactor 4) also needs its half to be a double (one
 * quadratic solved, as in point halving). VC_OK or VC_ERR_POINT (VC_ERR_LENGTH for a wrong
 * length). */
int vc_ec_point_check(const vc_ec_curve *c, const uint8_t *pt, size_t len);

/* out = k * P (P == NULL: the generator); P is validated. VC_ERR_RANGE for k outside [1, n-1]. */
int vc_ec_mul(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *k, size_t klen,
              const uint8_t *pt, size_t ptlen);
/* out = P + Q for valid points (P == Q allowed); VC_ERR_POINT when the sum is infinity. */
int vc_ec_add(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *p,
              const uint8_t *q, size_t len);

/* A scalar uniform in [1, n-1] from rng (candidates of nbits bits, n-1 and above rejected:
 * VC_ERR_RETRY after 64). */
int vc_ec_scalar_draw(const vc_ec_curve *c, vc_drbg *rng, uint8_t *k);
/* Key pair: priv from vc_ec_scalar_draw, pub = priv * G. */
int vc_ec_keygen(const vc_ec_curve *c, vc_ec_set set, vc_drbg *rng, uint8_t *priv, uint8_t *pub);

/* EC-DH (SEC 1 3.3.1): the x-coordinate (flen bytes) of priv * peer, after validating peer. */
int vc_ecdh(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv, size_t privlen,
            const uint8_t *peer, size_t peerlen, uint8_t *secret);

/* EC-ElGamal on points. A message of exactly vc_ec_msg_len(c) = flen - 2 bytes is embedded as
 * the point with x = 0x00 || msg || j for the first j in 0..255 that gives one (y: the smaller
 * of the two roots in the binary case, the even one for P-256; VC_ERR_RETRY if no j does,
 * probability 2^-256). Encryption with the ephemeral scalar r in [1, n-1]:
 * C1 = r G, C2 = M + r Q; decryption M = C2 - priv C1 (C1 is validated, C2 must be on the
 * curve). */
size_t vc_ec_msg_len(const vc_ec_curve *c);
int vc_ec_embed(const vc_ec_curve *c, vc_ec_set set, const uint8_t *msg, size_t len, uint8_t *pt);
int vc_ec_unembed(const vc_ec_curve *c, const uint8_t *pt, size_t ptlen, uint8_t *msg);
int vc_ec_elgamal_encrypt(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pub,
                          const uint8_t *msg_pt, const uint8_t *r, uint8_t *c1, uint8_t *c2);
int vc_ec_elgamal_decrypt(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv,
                          const uint8_t *c1, const uint8_t *c2, uint8_t *msg_pt);

/* ECDSA (FIPS 186-4 6.4, SEC 1 4.1): the digest's leftmost nbits bits are the integer e;
 * r and s are nlen bytes each. sign uses the RFC 6979 nonce for the hash h that made the
 * digest (h->digest_len bytes); sign_k takes the nonce k in [1, n-1] (known-answer tests;
 * VC_ERR_RANGE when k gives r = 0 or s = 0). verify returns VC_OK or VC_ERR_VERIFY (r or s
 * outside [1, n-1] included) and VC_ERR_POINT for an invalid public key.
 * Timing (docs/ct.md measures it): the scalar multiplication and the nonce's inverse are
 * constant time, but the key and the nonce pass through vc_mp, whose limb count is public
 * (mp.h), and RFC 6979 draws a new candidate for each one at or above n, a count that depends
 * on the key and the message. On P-256 both happen with probability 2^-32 (its order fills
 * its top limb); on the binary curves a zero top limb is 1 in 8 and a rejected candidate about
 * 1 in 2, so their signatures are not constant time. */
int vc_ecdsa_sign(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv,
                  const vc_hash_class *h, const uint8_t *digest, uint8_t *r, uint8_t *s);
int vc_ecdsa_sign_k(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv,
                    const uint8_t *digest, size_t dlen, const uint8_t *k, uint8_t *r, uint8_t *s);
int vc_ecdsa_verify(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pub, size_t publen,
                    const uint8_t *digest, size_t dlen, const uint8_t *r, const uint8_t *s);

#endif
