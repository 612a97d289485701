/* vexcrypt IKEv1 (RFC 2409 over RFC 2408's ISAKMP messages): the cryptography of main mode with
 * RSA signatures (section 5.1) and of one quick mode without PFS (5.5), for an initiator or a
 * responder whose state the caller holds. Like the TLS engine it does no I/O: the caller moves
 * each message from one peer to the other (vc_ike_take, vc_ike_feed); no retransmission, no
 * notifications, no cookies' anti-clogging exchange (RFC 2522), no certificates (each peer is
 * given the other's public key).
 *
 * The exchange:
 *   main mode   1 I->R  HDR, SA                 2 R->I  HDR, SA
 *               3 I->R  HDR, KE, Ni             4 R->I  HDR, KE, Nr
 *               5 I->R  HDR*, IDii, SIG_I       6 R->I  HDR*, IDir, SIG_R
 *   quick mode  1 I->R  HDR*, HASH(1), SA, Ni   2 R->I  HDR*, HASH(2), SA, Nr
 *               3 I->R  HDR*, HASH(3)                      (HDR*: the payloads encrypted)
 * One proposal with one transform each: phase 1 names the cipher, the hash (the PRF is its HMAC),
 * authentication by RSA signatures, the group and a life of 28800 seconds; quick mode an ESP SA
 * with the same cipher, HMAC-SHA-1 authentication, tunnel mode and a life of 3600 seconds. The
 * responder accepts exactly what its own configuration names.
 *
 * Derivations (RFC 2409 section 5 and appendix B): SKEYID = prf(Ni_b | Nr_b, g^xy);
 * SKEYID_d = prf(SKEYID, g^xy | CKY-I | CKY-R | 0), SKEYID_a = prf(SKEYID, SKEYID_d | g^xy |
 * CKY-I | CKY-R | 1), SKEYID_e = prf(SKEYID, SKEYID_a | g^xy | CKY-I | CKY-R | 2); g^xy and the
 * public values at the group's length in bytes. HASH_I = prf(SKEYID, g^xi | g^xr | CKY-I | CKY-R
 * | SAi_b | IDii_b), HASH_R alike; SIG_I and SIG_R are PKCS#1 v1.5 type-1 signatures of the HASH
 * without a DigestInfo (pk.h, vc_rsa_pkcs1_sign_raw: what IKEv1 implementations sign). The cipher
 * key is SKEYID_e's first bytes, expanded by appendix B (K1 = prf(SKEYID_e, 0), K2 =
 * prf(SKEYID_e, K1), ...) when the cipher needs more than the PRF gives. The phase-1 IV is
 * hash(g^xi | g^xr), then the last ciphertext block of each message; quick mode's first IV is
 * hash(the last phase-1 ciphertext block | M-ID). Encrypted payloads are padded per appendix B
 * (zeros, the last byte the count of the others, always at least one byte). HASH(1) =
 * prf(SKEYID_a, M-ID | the payloads after HASH(1)), HASH(2) = prf(SKEYID_a, M-ID | Ni_b | the
 * payloads after HASH(2)), HASH(3) = prf(SKEYID_a, 0 | M-ID | Ni_b | Nr_b). Each direction's
 * KEYMAT = prf(SKEYID_d, 3 | SPI | Ni_b | Nr_b), expanded as K1 | K2 | ... with K(n+1) =
 * prf(SKEYID_d, Kn | 3 | SPI | Ni_b | Nr_b), to the ESP cipher's key and HMAC-SHA-1's 20 bytes;
 * SPI is the receiving side's (its inbound SA).
 *
 * Randomness: the caller's vc_drbg gives, in this order, the DH exponent (vc_dh_keygen, an
 * exponent of dh_xbits bits) and Ni or Nr when message 3 or 4 is made, then the quick mode's
 * nonce. Secrets (the DH exponent, g^xy, the SKEYIDs, the own private key's operations) stay on
 * the library's constant-time paths; the comparisons of HASH(1..3) are constant time too. */
#ifndef VEXCRYPT_IKE_H
#define VEXCRYPT_IKE_H

#include "vexcrypt/common.h"
#include "vexcrypt/drbg.h"
#include "vexcrypt/modes.h"
#include "vexcrypt/pk.h"

enum { VC_IKE_INITIATOR = 0, VC_IKE_RESPONDER = 1 };
/* The attribute values of RFC 2409 appendix A: encryption algorithm, hash algorithm. */
enum { VC_IKE_DES = 1, VC_IKE_3DES = 5 };
enum { VC_IKE_SHA1 = 2, VC_IKE_SHA256 = 4 };
/* The groups: Oakley group 2 (1024-bit MODP, RFC 2409 6.2) and group 14 (2048-bit, RFC 3526). */

#define VC_IKE_MAX_DH_BYTES 256
#define VC_IKE_MIN_NONCE 8        /* RFC 2409 5: nonces of 8 to 256 bytes; this engine takes */
#define VC_IKE_MAX_NONCE 64       /*   at most 64 */
#define VC_IKE_MAX_ID 64          /* identification data of an ID payload */
#define VC_IKE_MAX_PRF 32         /* HMAC-SHA-256's output */
#define VC_IKE_MAX_KEYMAT 44      /* 3DES's 24 bytes and HMAC-SHA-1's 20 */
#define VC_IKE_MSG_CAP 1024       /* one message, either way */
#define VC_IKE_SA_CAP 128         /* SAi_b: the initiator's SA payload body */

/* A step hook, as tls.h's: called with end = 0 when a costly step starts and 1 when it ends.
 * Names: "dh_keygen", "dh_shared", "skeyid" (SKEYID, SKEYID_d/a/e, the cipher key and IV),
 * "hash" (HASH_I or HASH_R, own or peer's), "sign", "verify", "encrypt", "decrypt" (messages 5
 * and 6), "qm_hash" (HASH(1..3), made or checked), "qm_encrypt", "qm_decrypt", "keymat". */
typedef void (*vc_ike_step_fn)(void *arg, const char *name, int end);

typedef struct {
  int role;                      /* VC_IKE_INITIATOR or VC_IKE_RESPONDER */
  unsigned cipher;               /* VC_IKE_DES or VC_IKE_3DES (phase 1 and the ESP SA) */
  unsigned hash;                 /* VC_IKE_SHA1 or VC_IKE_SHA256: the PRF is its HMAC */
  unsigned group;                /* 2 or 14 */
  size_t dh_xbits;               /* DH exponent bits; 0: vc_dh_xbits_for the group (160, 225) */
  size_t nonce_len;              /* VC_IKE_MIN_NONCE..VC_IKE_MAX_NONCE, both phases */
  uint8_t cookie[8];             /* own cookie: CKY-I or CKY-R; not all zero */
  uint8_t id_type;               /* the own ID payload: type (RFC 2407 4.6.2.1, 1..12), */
  const uint8_t *id;             /*   identification data, 1..VC_IKE_MAX_ID bytes */
  size_t idlen;
  uint32_t spi;                  /* own ESP SPI, the inbound SA's (RFC 2406: >= 256) */
  uint32_t msgid;                /* initiator: the quick mode's M-ID (not 0); responder: unused */
  const vc_rsa_priv *key;        /* own key (complete: vc_rsa_priv_complete), 1024..4096 bits */
  const vc_rsa_pub *peer_key;    /* the peer's public key */
  vc_drbg *rng;                  /* DH exponent and nonces */
  const vc_mp_cfg *mp;           /* NULL: vc_mp_cfg_default */
  vc_ike_step_fn step;           /* NULL: none */
  void *step_arg;
} vc_ike_config;

enum vc_ike_state { VC_IKE_RUNNING = 0, VC_IKE_PHASE1 = 1, VC_IKE_DONE = 2, VC_IKE_FAILED = 3 };

/* What the exchange derived: phase 1's keys once it is done (VC_IKE_PHASE1), quick mode's KEYMAT
 * once that is done (VC_IKE_DONE); lengths are 0 before. Secrets: wipe after use. */
typedef struct {
  uint8_t skeyid[VC_IKE_MAX_PRF], skeyid_d[VC_IKE_MAX_PRF], skeyid_a[VC_IKE_MAX_PRF],
    skeyid_e[VC_IKE_MAX_PRF];
  size_t prf_len;
  uint8_t enc_key[24];
  size_t enc_len;
  uint8_t keymat_in[VC_IKE_MAX_KEYMAT], keymat_out[VC_IKE_MAX_KEYMAT];  /* own SPI's, peer's */
  size_t keymat_len;
  uint32_t peer_spi;
} vc_ike_keys;

/* The peer's state. Its fields are private (fw/src/ike/); declared here so callers can allocate
 * it (about 6 KiB). */
typedef struct vc_ike {
  vc_ike_config cfg;
  int state, step;                     /* enum vc_ike_state; the next message expected */
  const vc_hash_class *h;
  const vc_block_cipher *cipher;
  size_t plen, block;                  /* the group's bytes, the cipher's block */
  vc_mp p, g, x;
  size_t xbits;
  uint8_t cky_i[8], cky_r[8];
  uint8_t gxi[VC_IKE_MAX_DH_BYTES], gxr[VC_IKE_MAX_DH_BYTES], gxy[VC_IKE_MAX_DH_BYTES];
  uint8_t sai_b[VC_IKE_SA_CAP];
  size_t sai_len;
  uint8_t ni[VC_IKE_MAX_NONCE], nr[VC_IKE_MAX_NONCE];
  size_t ni_len, nr_len;
  uint8_t iv[8];                       /* the running CBC IV of phase 1 (quick mode's base) */
  uint8_t qiv[8];                      /* quick mode's */
  uint32_t msgid;
  vc_ike_keys keys;
  union {
    vc_des_key des;
    vc_des3_key des3;
  } ks;
  size_t outlen;
  uint8_t out[VC_IKE_MSG_CAP];         /* the message queued */
  uint8_t in[VC_IKE_MSG_CAP];          /* the message received, decrypted */
} vc_ike;

/* The calls below return VC_ERR_NULL for a NULL state or buffer and VC_ERR_STATE for a state
 * vc_ike_init never set up (zeroed) or one that failed.
 *
 * Sets up a peer; an initiator queues message 1. cfg is copied, what it points to must outlive
 * s. VC_ERR_NULL for a missing key, peer key, rng or id; VC_ERR_PARAM for a role, cipher, hash or
 * group outside the lists above, an id type outside 1..12 or an all-zero cookie; VC_ERR_LENGTH for
 * a nonce length or id length out of range; VC_ERR_PARAM for an SPI under 256, an initiator's M-ID
 * 0, a dh_xbits the group cannot take (pk.h, vc_dh_keygen), or an own or peer key of fewer than
 * 1024 or more than 4096 bits. */
int vc_ike_init(vc_ike *s, const vc_ike_config *cfg);
/* Takes the peer's next message (len bytes) and queues the answer, if any. Main mode's last
 * message makes the state VC_IKE_PHASE1, quick mode's (HASH(3) at the responder, QM2 at the
 * initiator once it queued HASH(3)) VC_IKE_DONE. Errors (the state then VC_IKE_FAILED):
 * VC_ERR_PROTO for a message that is not the one expected or does not parse (wrong cookies,
 * exchange type, message ID, payload order or lengths; a proposal other than the configured one);
 * VC_ERR_RANGE for a peer DH value outside [2, p-2]; VC_ERR_VERIFY for a SIG or HASH that does not
 * verify; VC_ERR_STATE when no message is expected (queue taken or not). */
int vc_ike_feed(vc_ike *s, const uint8_t *msg, size_t len);
/* Moves the queued message into out (capacity cap; *n its length, 0 when none is queued).
 * VC_ERR_LENGTH when it does not fit (it stays queued). */
int vc_ike_take(vc_ike *s, uint8_t *out, size_t cap, size_t *n);
/* Initiator, after main mode (VC_IKE_PHASE1): queues quick mode's first message. VC_ERR_STATE
 * before main mode is done, after quick mode started, or for a responder. */
int vc_ike_quick(vc_ike *s);
/* enum vc_ike_state (VC_ERR_NULL, VC_ERR_STATE for a state never set up). */
int vc_ike_state(const vc_ike *s);
/* Copies the keys derived so far into k (VC_ERR_STATE for a state never set up). */
int vc_ike_get_keys(const vc_ike *s, vc_ike_keys *k);

#endif
