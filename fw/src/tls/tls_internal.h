/* The TLS engine's state and the pieces its files share (internal). */
#ifndef VEXCRYPT_TLS_INTERNAL_H
#define VEXCRYPT_TLS_INTERNAL_H

#include "vexcrypt/tls.h"

/* Content types, handshake types and alerts (RFC 5246 6.2.1, 7.4, 7.2). */
enum { CT_CCS = 20, CT_ALERT = 21, CT_HANDSHAKE = 22, CT_APP = 23 };
enum {
  HS_HELLO_REQUEST = 0, HS_CLIENT_HELLO = 1, HS_SERVER_HELLO = 2, HS_CERTIFICATE = 11, HS_SERVER_KEY_EXCHANGE = 12,
  HS_CERTIFICATE_REQUEST = 13, HS_SERVER_HELLO_DONE = 14, HS_CERTIFICATE_VERIFY = 15,
  HS_CLIENT_KEY_EXCHANGE = 16, HS_FINISHED = 20, HS_CCS = 0x100 /* the ChangeCipherSpec, expected like a message */
};
enum {
  AL_CLOSE_NOTIFY = 0, AL_UNEXPECTED_MESSAGE = 10, AL_BAD_RECORD_MAC = 20, AL_RECORD_OVERFLOW = 22,
  AL_HANDSHAKE_FAILURE = 40, AL_BAD_CERTIFICATE = 42, AL_UNSUPPORTED_CERTIFICATE = 43,
  AL_CERTIFICATE_EXPIRED = 45, AL_ILLEGAL_PARAMETER = 47, AL_UNKNOWN_CA = 48, AL_DECODE_ERROR = 50,
  AL_DECRYPT_ERROR = 51, AL_PROTOCOL_VERSION = 70, AL_INSUFFICIENT_SECURITY = 71, AL_INTERNAL_ERROR = 80,
  AL_NO_RENEGOTIATION = 100, AL_UNSUPPORTED_EXTENSION = 110
};

#define TLS_VERSION 0x0303
#define TLS_RANDOM_LEN 32
#define TLS_MASTER_LEN 48
#define TLS_VERIFY_LEN 12
#define TLS_GCM_EXPLICIT 8      /* the record's explicit nonce */

/* Bounds-checked reading of a message: any read past the end sets bad and yields zeros. */
typedef struct {
  const uint8_t *p;
  size_t n;
  int bad;
} tls_rd;

uint32_t tls_get(tls_rd *r, int bytes);
const uint8_t *tls_take(tls_rd *r, size_t n);
/* The vector behind a length prefix of `bytes` bytes, at least lo and at most hi bytes long. */
tls_rd tls_vec(tls_rd *r, int bytes, size_t lo, size_t hi);

/* Writing a message into t->msg: a 4-byte header, then fields; vectors by mark and close. */
typedef struct {
  uint8_t *p;
  size_t n, cap;
  int bad;
} tls_wr;

void tls_put(tls_wr *w, uint32_t v, int bytes);
void tls_put_bytes(tls_wr *w, const uint8_t *p, size_t n);
size_t tls_open_vec(tls_wr *w, int bytes);
void tls_close_vec(tls_wr *w, size_t mark, int bytes);

/* The keys waiting in next take effect in d (ChangeCipherSpec); next is cleared. */
void tls_activate(vc_tls_dir *d, vc_tls_dir *next);

/* Sending handshake messages and records, failing with an alert (tls_io.c). */
tls_wr tls_msg_begin(vc_tls *t, int type);
int tls_msg_send(vc_tls *t, tls_wr *w);
int tls_send_record(vc_tls *t, int type, const uint8_t *p, size_t n);
int tls_fail(vc_tls *t, int alert);
/* Clears the secrets a connection holds (ephemeral keys, master secret, pending keys). */
void tls_wipe(vc_tls *t);
void tls_step(vc_tls *t, const char *name, int end);
/* SHA-256 of the transcript so far. */
void tls_transcript_hash(const vc_tls *t, uint8_t out[VC_SHA256_DIGEST_LEN]);
const vc_mp_cfg *tls_mp(const vc_tls *t);

/* The handshake (tls_handshake.c): the client's first flight, and one received message. */
int tls_client_hello(vc_tls *t);
int tls_handle(vc_tls *t, int type, const uint8_t *body, size_t len, const uint8_t prior[VC_SHA256_DIGEST_LEN]);
int tls_finished_send(vc_tls *t);

#endif
