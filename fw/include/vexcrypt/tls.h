/* vexcrypt TLS 1.2 (RFC 5246): an engine for the client and the server that does no I/O, in
 * BearSSL's manner: the caller feeds the bytes it received (vc_tls_feed), takes the bytes to
 * send (vc_tls_take), and reads and writes application data (vc_tls_read, vc_tls_write).
 *
 * What it speaks: full handshakes (no resumption, no renegotiation: a HelloRequest or a second
 * ClientHello is refused) with the secure renegotiation indication of RFC 5746 (OpenSSL 3
 * refuses a peer without it), mutual authentication with chains of one link (the peer's
 * certificate must be signed by the trust anchor `ca`; a peer that sends the anchor after its
 * leaf is fine), signatures over SHA-256, and the cipher suites
 *   TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256  (0xC02B): P-256 ephemeral keys, ECDSA
 *       certificates; GCM's GHASH on the carry-less multiply unit when the build has it;
 *   TLS_DHE_RSA_WITH_AES_256_CBC_SHA         (0x0039): finite-field DH over the group the
 *       server sends (VC_TLS_MIN_DH_BITS to VC_TLS_MAX_DH_BITS; the server here offers ffdhe2048 of
 *       RFC 7919), RSA certificates; HMAC-SHA-1 and CBC padding checked in constant time
 *       (Lucky Thirteen).
 * Secrets (ephemeral private keys, the pre-master and master secrets, the record keys, the own
 * private key's operations) stay on the library's constant-time paths.
 *
 * The target has no clock: certificate dates are checked only against `now`, a time the
 * caller passes (0: not checked). */
#ifndef VEXCRYPT_TLS_H
#define VEXCRYPT_TLS_H

#include "vexcrypt/common.h"
#include "vexcrypt/drbg.h"
#include "vexcrypt/ec.h"
#include "vexcrypt/gcm.h"
#include "vexcrypt/modes.h"
#include "vexcrypt/pk.h"
#include "vexcrypt/x509.h"

enum { VC_TLS_CLIENT = 0, VC_TLS_SERVER = 1 };

/* Cipher suites, as bits of vc_tls_config.suites, and their IANA numbers. */
enum { VC_TLS_ECDHE_ECDSA_AES128_GCM = 1, VC_TLS_DHE_RSA_AES256_CBC = 2 };
#define VC_TLS_ID_ECDHE_ECDSA_AES128_GCM 0xC02B
#define VC_TLS_ID_DHE_RSA_AES256_CBC 0x0039

#define VC_TLS_MAX_DH_BITS 2048
#define VC_TLS_MIN_DH_BITS 1024  /* smaller groups are refused (Logjam) */
/* dh_xbits: use the full length of the group's exponent (x uniform in [2, p-2]). */
#define VC_TLS_DH_FULL ((size_t)-1)

/* What a record carries at most (RFC 5246 6.2: 2^14 bytes of plaintext, 2^14 + 2048 of
 * ciphertext), and the largest records this engine writes (smaller, to keep memory low). */
#define VC_TLS_MAX_PLAIN 16384
#define VC_TLS_IN_CAP (5 + VC_TLS_MAX_PLAIN + 2048)
#define VC_TLS_OUT_FRAG 4096
#define VC_TLS_OUT_CAP 12288
#define VC_TLS_HS_CAP 8192      /* one handshake message (a certificate chain) at most */
#define VC_TLS_CERT_CAP 2048    /* the peer's certificate (DER) */

/* A step hook: called with end = 0 when the engine starts a costly step and 1 when it ends, so
 * the caller can time it; names: "verify_cert", "sign", "verify", "keygen", "shared",
 * "derive", "finished", "record". */
typedef void (*vc_tls_step_fn)(void *arg, const char *name, int end);

typedef struct {
  int role;                          /* VC_TLS_CLIENT or VC_TLS_SERVER */
  uint32_t suites;                   /* bits offered (client) or accepted (server); 0: both */
  const uint8_t *cert;               /* own certificate, DER (NULL: none; a client asked for */
  size_t certlen;                    /*   one then sends an empty list) */
  const vc_rsa_priv *rsa_key;        /* its private key: RSA (complete, vc_rsa_priv_complete) */
  const uint8_t *ec_key;             /*   or P-256, 32 bytes */
  const uint8_t *ca;                 /* the trust anchor, DER */
  size_t calen;
  int require_client_cert;           /* server: ask for, and require, a client certificate */
  uint64_t now;                      /* YYYYMMDDHHMMSS for the certificates' dates; 0: none */
  size_t dh_xbits;                   /* DH exponent bits; 0: twice the group's security
                                      * strength (SP 800-57): 160 bits for groups up to 1024
                                      * bits, 225 above (RFC 7919 5.2's figure for ffdhe2048);
                                      * VC_TLS_DH_FULL: full length */
  vc_drbg *rng;                      /* randoms, ephemeral keys, explicit IVs */
  const vc_mp_cfg *mp;               /* NULL: vc_mp_cfg_default */
  vc_tls_step_fn step;               /* NULL: none */
  void *step_arg;
} vc_tls_config;

enum vc_tls_state { VC_TLS_HANDSHAKE = 0, VC_TLS_OPEN = 1, VC_TLS_CLOSED = 2, VC_TLS_FAILED = 3 };

#define VC_TLS_MSG_CAP 4096     /* a handshake message this side writes */
#define VC_TLS_MAC_LEN 20       /* HMAC-SHA-1 of the CBC suite */
#define VC_TLS_GCM_SALT 4

/* One direction of the record layer: the suite's keys once ChangeCipherSpec took effect. */
typedef struct {
  unsigned suite;               /* 0: no protection yet */
  uint64_t seq;
  vc_aes_key ks;
  vc_gcm_ctx gcm;
  uint8_t salt[VC_TLS_GCM_SALT];
  uint8_t mac[VC_TLS_MAC_LEN];
} vc_tls_dir;

/* The engine's state. Its fields are private (fw/src/tls/); it is declared here so callers can
 * allocate it (about 50 KiB: the record buffers, and four vc_mp for finite-field DH). */
typedef struct vc_tls {
  const vc_tls_config *cfg;
  int state, expect, alert, alert_from_peer;
  unsigned suite;                       /* the negotiated suite's IANA number */
  int cert_requested;                   /* a CertificateRequest was sent (server) or received (client) */
  int peer_has_cert, ec_formats;        /* the client sent a certificate; it sent ec_point_formats */
  uint8_t crand[32], srand[32], master[48];
  vc_sha256_ctx transcript;
  vc_tls_dir rd, wr, rd_next, wr_next;     /* _next: derived, waiting for ChangeCipherSpec */
  /* The key exchange: P-256 or finite-field DH (the group, our exponent, the peer's value). */
  uint8_t ec_priv[32], ec_peer[65];
  vc_mp dh_p, dh_g, dh_x, dh_peer;
  size_t dh_xbits;
  vc_x509_cert ca, own, peer;
  uint8_t peer_der[VC_TLS_CERT_CAP];
  size_t inlen, applen, hslen, outlen;
  const uint8_t *app;                   /* received application data, inside in[] */
  size_t app_rec;                       /* the bytes of in[] its record takes */
  uint8_t in[VC_TLS_IN_CAP];
  uint8_t hs[VC_TLS_HS_CAP];
  uint8_t out[VC_TLS_OUT_CAP];
  uint8_t msg[VC_TLS_MSG_CAP];
} vc_tls;


/* The calls below return VC_ERR_NULL for a NULL engine or buffer (an out buffer may be NULL
 * when its capacity is 0) and VC_ERR_STATE for an engine vc_tls_init never set up (zeroed).
 *
 * Starts a connection: a client queues its ClientHello. cfg (and what it points to) must
 * outlive t. VC_ERR_PARAM for no suite the own key can serve (a server's key type picks its
 * suite), a key without a certificate or a certificate without a key; VC_ERR_VERIFY when
 * `cert` or `ca` does not parse. */
int vc_tls_init(vc_tls *t, const vc_tls_config *cfg);
/* Takes up to len received bytes (*used: how many, set with VC_ERR_PROTO too). It stops early
 * while received application data waits to be read (vc_tls_read). A protocol failure answers
 * with a fatal alert (queued) and returns VC_ERR_PROTO (the state is then VC_TLS_FAILED); a
 * fatal alert from the peer gives VC_ERR_PROTO too. A close_notify gives VC_OK and the state
 * VC_TLS_CLOSED, during the handshake too: check the state. A client ignores HelloRequests. */
int vc_tls_feed(vc_tls *t, const uint8_t *in, size_t len, size_t *used);
/* Moves up to cap bytes to send into out (*n: how many). */
int vc_tls_take(vc_tls *t, uint8_t *out, size_t cap, size_t *n);
/* Application data received: up to cap bytes into out (*n: how many; 0 when none waits). */
int vc_tls_read(vc_tls *t, uint8_t *out, size_t cap, size_t *n);
/* Queues application data (VC_ERR_STATE unless open; VC_ERR_LENGTH when it would not fit in
 * what waits to be sent: take first). */
int vc_tls_write(vc_tls *t, const uint8_t *data, size_t len);
/* Queues a close_notify alert; the state becomes VC_TLS_CLOSED. */
int vc_tls_close(vc_tls *t);

/* enum vc_tls_state (VC_ERR_NULL for a NULL engine, VC_ERR_STATE for one never set up). */
int vc_tls_state(const vc_tls *t);
/* The negotiated suite's IANA number (0 before the ServerHello, and for a NULL engine). */
unsigned vc_tls_suite(const vc_tls *t);
/* The alert that ended the connection (fatal, or close_notify; warnings are ignored): its
 * description (RFC 5246 7.2) and whether the peer sent it (1) or this side (0; from_peer may be
 * NULL); -1 when none, for a NULL engine or one never set up. */
int vc_tls_alert(const vc_tls *t, int *from_peer);
/* The IANA name of a suite number ("TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"), NULL if unknown. */
const char *vc_tls_suite_name(unsigned id);

/* The record layer alone (the engine's; for tests and measurements of it). vc_tls_keys derives
 * both directions' keys from the master secret (RFC 5246 6.3; client: the client's writes) for
 * a suite's IANA number (VC_ERR_PARAM for another). vc_tls_record_seal writes one whole record
 * (header included) of `len` plaintext bytes (at most VC_TLS_MAX_PLAIN) at out, cap bytes
 * (VC_ERR_LENGTH when it does not fit); rng draws CBC's explicit IV. vc_tls_record_open checks
 * and decrypts in place the record at rec (header included, len bytes in all: at least 5) and
 * points *pt at its plaintext: VC_ERR_VERIFY for a bad MAC, tag or padding, which the CBC suite
 * checks in constant time (the padding's length is secret until the MAC is checked). Both
 * advance d's sequence number on success. A direction with suite 0 passes records through. */
int vc_tls_keys(const uint8_t master[48], unsigned suite, const uint8_t crand[32], const uint8_t srand[32],
                vc_tls_dir *client, vc_tls_dir *server);
int vc_tls_record_seal(vc_tls_dir *d, vc_drbg *rng, int type, const uint8_t *in, size_t len, uint8_t *out,
                       size_t cap, size_t *outlen);
int vc_tls_record_open(vc_tls_dir *d, uint8_t *rec, size_t len, const uint8_t **pt, size_t *ptlen);

/* The TLS 1.2 PRF with SHA-256 (RFC 5246 5): out = P_SHA256(secret, label || seed), outlen
 * bytes (any length; secret, seed and out may be NULL when their length is 0). */
int vc_tls_prf(const uint8_t *secret, size_t secretlen, const char *label, const uint8_t *seed,
               size_t seedlen, uint8_t *out, size_t outlen);

#endif
