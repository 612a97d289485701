/* Shared by the IKEv1 sources (not part of the public API): ISAKMP's numbers (RFC 2408 3, RFC
 * 2407 4), the message writer and reader, the derivations, and the two modes' steps. */
#ifndef VEXCRYPT_IKE_INTERNAL_H
#define VEXCRYPT_IKE_INTERNAL_H

#include "vexcrypt/ike.h"

/* Payload types, exchange types, the header's size, version and encryption flag. */
enum { PL_NONE = 0, PL_SA = 1, PL_KE = 4, PL_ID = 5, PL_HASH = 8, PL_SIG = 9, PL_NONCE = 10 };
enum { EX_MAIN = 2, EX_QUICK = 32 };
#define IKE_HDR_LEN 28
#define IKE_VERSION 0x10
#define IKE_FLAG_ENC 0x01
#define IKE_PROTO_ESP 3

/* The message each side expects next (vc_ike.step). */
enum { IKE_M1 = 1, IKE_M2, IKE_M3, IKE_M4, IKE_M5, IKE_M6, IKE_QM1, IKE_QM2, IKE_QM3, IKE_NONE };

/* ---- ike_msg.c: building and reading messages ---- */

/* A message being written into s->out; err set when it would not fit. `next_at` is the byte
 * that gets the next payload's type (the header's, then each payload's). */
typedef struct {
  uint8_t *p;
  size_t n, cap, next_at;
  int err;
} ike_wr;
/* The header (length filled by ike_finish); the cookies are s's. */
void ike_begin(vc_ike *s, ike_wr *w, uint8_t exch, uint8_t flags, uint32_t msgid);
void ike_put(ike_wr *w, const void *b, size_t n);
/* Opens a payload of `type` (chained from the previous one); returns where it starts. */
size_t ike_open(ike_wr *w, uint8_t type);
/* Sets the length of the payload opened at `at` to what was written since. */
void ike_close(ike_wr *w, size_t at);
/* A whole payload of `type` with body b. */
void ike_payload(ike_wr *w, uint8_t type, const uint8_t *b, size_t n);
/* An SA payload's body: phase 1's (spi NULL) or quick mode's ESP proposal with the 4-byte spi. */
size_t ike_sa_body(const vc_ike *s, uint8_t *out, const uint8_t *spi);
/* Ends the message: pads and encrypts the payloads with iv when the header says so (the step
 * `step`), sets the length, and queues it (s->outlen). */
int ike_finish(vc_ike *s, ike_wr *w, uint8_t *iv, const char *step);

/* A message read: its payloads (after decryption, in s->in), in order. */
typedef struct {
  const uint8_t *p;      /* the payloads */
  size_t n;              /* their bytes, padding excluded once all are read */
  size_t at;             /* the next payload's offset */
  uint8_t next;          /* its type */
} ike_rd;
/* ike_read's `first`: the cookies known (0), or message 1 (CKY-I new, CKY-R zero) or 2 (CKY-R new). */
enum { IKE_KNOWN_CKY = 0, IKE_LEARN_CKY_I = 1, IKE_LEARN_CKY_R = 2 };
/* Checks the header (the cookies as `first` says, which learns the new one; the exchange, the flags, the M-ID, the length) and
 * decrypts the payloads with iv when `iv` is not NULL (the step `step`). VC_ERR_PROTO when any
 * of it is wrong. */
int ike_read(vc_ike *s, const uint8_t *msg, size_t len, uint8_t exch, uint32_t msgid, int first,
             uint8_t *iv, const char *step, ike_rd *r);
/* The next payload, which must be of `type`: its body and length (VC_ERR_PROTO otherwise). */
int ike_get(ike_rd *r, uint8_t type, const uint8_t **body, size_t *len);
/* After the last payload: no more chained, and only padding left (up to a block when the
 * message was encrypted, none otherwise). */
int ike_end(const vc_ike *s, ike_rd *r, int encrypted);

/* ---- ike_keys.c: the derivations ---- */

/* One piece of a PRF's or hash's input. */
typedef struct {
  const uint8_t *p;
  size_t n;
} ike_part;
/* out = prf(key, parts...) (HMAC with the negotiated hash), s->h->digest_len bytes. */
int ike_prf(const vc_ike *s, const uint8_t *key, size_t klen, const ike_part *parts, size_t n,
            uint8_t *out);
/* g^xy, then SKEYID, SKEYID_d/a/e, the cipher key and schedule, and the phase-1 IV. */
int ike_phase1_keys(vc_ike *s);
/* Quick mode's first IV from the last phase-1 block and the M-ID. */
int ike_quick_iv(vc_ike *s);
/* Both directions' KEYMAT. */
int ike_keymat(vc_ike *s);
/* 1 when a and b (n bytes) are equal, in time that depends on n only. */
int ike_equal(const uint8_t *a, const uint8_t *b, size_t n);

/* ---- the modes (ike_main.c, ike_quick.c); the step hook (ike_msg.c) ---- */
int ike_main_first(vc_ike *s);
int ike_main_feed(vc_ike *s, const uint8_t *msg, size_t len);
int ike_quick_first(vc_ike *s);
int ike_quick_feed(vc_ike *s, const uint8_t *msg, size_t len);
void ike_step(const vc_ike *s, const char *name, int end);
/* The DH exponent and the own public value, the nonce, then the KE and Nonce payloads. */
int ike_ke_nonce(vc_ike *s, ike_wr *w, uint8_t *own_gx, uint8_t *own_n, size_t *own_nlen);

#endif
