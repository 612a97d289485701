/* The interface between the curve-independent protocols (ec.c, ecdsa.c) and a curve's
 * arithmetic (ec_gf2m.c for the binary curves, p256.c). Not part of the public API.
 *
 * The protocol layer has already checked pointers, lengths, the set and that scalars are in
 * [1, n-1]; points passed in are uncompressed encodings of the right length, and points
 * other than the one given to check() have passed check(..., 1) or come from the curve's own
 * operations. Byte encodings at this boundary keep each implementation's internal
 * representation private; the conversions cost nothing next to a scalar multiplication. */
#ifndef VEXCRYPT_EC_INTERNAL_H
#define VEXCRYPT_EC_INTERNAL_H

#include "vexcrypt/ec.h"
#include "../internal.h"

struct vc_ec_impl {
  /* VC_OK when pt is on the curve with coordinates in range (and, when full, not infinity and
   * of order n); VC_ERR_POINT otherwise. */
  int (*check)(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pt, int full);
  /* out = k * P (pt == NULL: the generator); VC_ERR_POINT if the result is infinity. */
  int (*mul)(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *k,
             const uint8_t *pt);
  /* out = P + Q (any points on the curve, P == Q and Q == -P included); VC_ERR_POINT if the
   * sum is infinity. */
  int (*add)(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *p,
             const uint8_t *q);
  /* out = -P. */
  void (*neg)(const vc_ec_curve *c, uint8_t *out, const uint8_t *p);
  /* A point with x-coordinate x (flen bytes), the root chosen as vc_ec_embed documents;
   * VC_ERR_RANGE when none exists. */
  int (*lift_x)(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *x);
  /* Verification's equation: VC_OK when R = k1 * G + k2 * P is not infinity and x(R) mod n
   * is r (nlen bytes, in [1, n-1]), else VC_ERR_VERIFY, or an accelerator's error (k1, k2 in
   * [0, n-1], public, like P: variable time). Optional (NULL: two mul and an add, and R's affine
   * x). */
  int (*mul2_eq_x_var)(const vc_ec_curve *c, vc_ec_set set, const uint8_t *k1, const uint8_t *k2,
                       const uint8_t *pt, const uint8_t *r);
  /* 1 when mul runs on the Montgomery unit when it is on, the CPU waiting on it (signing fills
   * the wait with the nonce's inverse). */
  int on_unit;
};

/* 1 when 1 <= k < n (k: nlen big-endian bytes); no branches on k. */
int vc_ec_scalar_ok(const vc_ec_curve *c, const uint8_t *k);

/* 1 for a set of vc_ec_set. */
int vc_ec_set_ok(vc_ec_set set);
/* A point argument: its length (VC_ERR_LENGTH), the uncompressed prefix, then the curve's
 * check (VC_ERR_POINT). */
int vc_ec_point_arg(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pt, size_t len, int full);

/* The curves (defined by their implementations). */
extern const vc_ec_curve vc_ec_b163, vc_ec_k163, vc_ec_b233, vc_ec_k233, vc_ec_p256;

#endif
