/* vexcrypt: error codes and conventions shared by every primitive.
 *
 * Every public function returns an int: VC_OK (0) on success, a negative VC_ERR_* code when
 * its arguments are invalid; outputs are left untouched on error. Functions marked
 * "constant time" have no secret-dependent branches or memory indices; variable-time
 * functions carry the suffix _var. */
#ifndef VEXCRYPT_COMMON_H
#define VEXCRYPT_COMMON_H

#include <stddef.h>
#include <stdint.h>

enum vc_err {
  VC_OK = 0,
  VC_ERR_NULL = -1,      /* a required pointer is NULL */
  VC_ERR_LENGTH = -2,    /* a length is out of range (too long, wrong size) */
  VC_ERR_STATE = -3,     /* the context is not initialised or already finalised */
  VC_ERR_KEYLEN = -4,    /* key length (or round count) not supported by the algorithm */
  VC_ERR_PADDING = -5,   /* bad padding found on decryption */
  VC_ERR_OVERLAP = -6,   /* input and output overlap where only in == out is allowed */
  VC_ERR_MODULUS = -7,   /* modulus zero, one, even where it must be odd, or too large */
  VC_ERR_RANGE = -8,     /* a value is out of range (not below its modulus, too large for the
                            capacity, a DH public value outside 1 < y < p-1, a zero scalar) */
  VC_ERR_NOINV = -9,     /* the element has no inverse modulo the modulus */
  VC_ERR_VERIFY = -10,   /* a signature does not verify or an encoding is malformed */
  VC_ERR_FAULT = -11,    /* a private-key result failed its check (fault?): result withheld */
  VC_ERR_PARAM = -12,    /* unsupported parameter (algorithm, radix, window, key size) */
  VC_ERR_RETRY = -13,    /* a randomized search (prime, nonce) gave up after its bound */
  VC_ERR_POINT = -14,    /* an elliptic-curve point is badly encoded, not on the curve, not in
                            the prime-order subgroup, or the point at infinity */
  VC_ERR_HW = -15,       /* an accelerator flagged an error or did not finish within its bound */
  VC_ERR_PROTO = -16,    /* a protocol failure: the peer broke the protocol or sent a fatal
                            alert (the engine says which alert) */
};

/* Human-readable name of an error code ("ok", "null pointer", ...). */
const char *vc_strerror(int err);

/* Every error code with its C name and vc_strerror's text, VC_OK first, ended by an entry
 * whose name is NULL: for messages and for callers that do not read this header (the host
 * tests, through ctypes). */
typedef struct {
  int code;
  const char *name;
  const char *text;
} vc_err_info;
extern const vc_err_info vc_errors[];

/* sizeof the public type `name` ("vc_mont", "vc_hmac_ctx": every struct and array type the
 * headers declare), 0 for a name it does not know: for callers that allocate the library's
 * types without their declarations (the host tests, through ctypes). */
size_t vc_sizeof(const char *name);

#endif
