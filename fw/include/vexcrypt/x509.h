/* vexcrypt X.509 certificates (RFC 5280) for a TLS 1.2 peer with chains of one link: a strict
 * DER reader, the signature of an issuer over a certificate, a certificate's key over a
 * handshake digest, and the DER form of ECDSA signatures (SEC 1 4.1, RFC 5480).
 *
 * The reader copies nothing: every vc_span points into the caller's DER buffer, which must
 * outlive the vc_x509_cert. What it accepts: v1, v2 and v3 certificates in strict DER
 * (one-byte tags, definite minimal lengths, minimal INTEGERs, BOOLEANs 00 or FF, DEFAULT values
 * absent, no byte after the certificate); signatures sha1WithRSAEncryption,
 * sha256WithRSAEncryption (parameters NULL) and ecdsa-with-SHA256 (no parameters), the outer
 * algorithm equal byte for byte to the TBS one; keys rsaEncryption and id-ecPublicKey on
 * prime256v1 (uncompressed point). Another signature algorithm or key parses, as
 * VC_X509_SIG_UNKNOWN or VC_X509_KEY_UNKNOWN, and is refused when used (VC_ERR_PARAM).
 * Extensions: basicConstraints and keyUsage are read; any other may be present when not
 * critical; an extension may appear once.
 *
 * Not checked here: revocation, path building beyond one link, name constraints, policies,
 * extended key usage, the dates (the target has no clock: vc_x509_check_time compares them
 * with a time the caller passes). Certificates and signatures are public: nothing here is
 * constant time, nor needs to be. */
#ifndef VEXCRYPT_X509_H
#define VEXCRYPT_X509_H

#include "vexcrypt/hash.h"
#include "vexcrypt/mp.h"

typedef struct {
  const uint8_t *p;
  size_t len;
} vc_span;

enum vc_x509_sig { VC_X509_SIG_UNKNOWN = 0, VC_X509_SIG_RSA_SHA1, VC_X509_SIG_RSA_SHA256, VC_X509_SIG_ECDSA_SHA256 };
enum vc_x509_key { VC_X509_KEY_UNKNOWN = 0, VC_X509_KEY_RSA, VC_X509_KEY_P256 };

/* keyUsage's bits (RFC 5280 4.2.1.3): bit i of key_usage is the named bit i. */
#define VC_X509_KU_DIGITAL_SIGNATURE (1u << 0)
#define VC_X509_KU_KEY_CERT_SIGN (1u << 5)
#define VC_X509_KU_ANY 0x1ffu      /* key_usage when the extension is absent: every use */

typedef struct {
  vc_span tbs;                 /* the whole TBSCertificate TLV, what the signature covers */
  int sig_alg;                 /* enum vc_x509_sig (the outer signatureAlgorithm, which must equal the TBS one) */
  vc_span sig;                 /* the BIT STRING's bytes (no unused bits) */
  vc_span issuer, subject;     /* the Name TLVs, compared byte for byte */
  uint64_t not_before, not_after;  /* YYYYMMDDHHMMSS as a decimal number (UTCTime years 50..99 -> 19xx) */
  int key_type;                /* enum vc_x509_key */
  vc_span rsa_n, rsa_e;        /* RSA: big-endian magnitudes, leading zero bytes stripped */
  vc_span ec_point;            /* P-256: the uncompressed point 04||X||Y (65 bytes) */
  int is_ca;                   /* basicConstraints cA */
  uint32_t key_usage;          /* keyUsage's bits, VC_X509_KU_ANY without the extension */
  vc_span serial;              /* serialNumber: the INTEGER's value bytes (CMS names a certificate by
                                  issuer and serial) */
} vc_x509_cert;

/* Reads the certificate of len bytes at der into *c. VC_ERR_NULL for c or der NULL;
 * VC_ERR_VERIFY for any encoding that is not strict DER or not an X.509 certificate
 * (empty input, truncated, trailing bytes, a wrong tag, an indefinite or non-minimal length,
 * a length past its enclosing TLV, a bad version, time, key, BOOLEAN or INTEGER, algorithms that
 * differ, unused bits in the signature, a repeated extension); VC_ERR_PARAM for a critical
 * extension other than basicConstraints and keyUsage (RFC 5280 4.2: the certificate must be
 * rejected). *c is untouched on error. */
int vc_x509_parse(vc_x509_cert *c, const uint8_t *der, size_t len);

/* VC_OK when not_before <= now <= not_after (now: YYYYMMDDHHMMSS as a decimal number, UTC),
 * VC_ERR_RANGE otherwise, VC_ERR_NULL for c NULL. */
int vc_x509_check_time(const vc_x509_cert *c, uint64_t now);

/* cert issued by issuer, both filled by vc_x509_parse: cert's issuer equals issuer's subject,
 * issuer is a CA (basicConstraints cA, and keyCertSign when it has keyUsage) and issuer's key
 * verifies cert's signature over tbs. VC_OK; VC_ERR_VERIFY when any of these fails (a key of
 * another type than the signature's algorithm included); VC_ERR_PARAM for an unknown signature
 * algorithm or key; vc_x509_key_verify's codes for the key itself. cfg: the RSA public
 * operation's design-space point (NULL: vc_mp_cfg_default). */
int vc_x509_verify(const vc_x509_cert *cert, const vc_x509_cert *issuer, const vc_mp_cfg *cfg);

/* A signature by the certificate's subject key over a digest made with h (h->digest_len bytes):
 * RSA PKCS#1 v1.5 (sig: the modulus length), or ECDSA P-256 with sig a DER ECDSA-Sig-Value (as
 * TLS and X.509 carry it). VC_OK or VC_ERR_VERIFY (a signature of the wrong length or
 * encoding included); VC_ERR_NULL; VC_ERR_PARAM for an unknown key type or, with RSA, a hash
 * without a DigestInfo (pk.h); VC_ERR_MODULUS for an RSA modulus over VC_MP_MAX_BITS,
 * VC_ERR_LENGTH for one too short for the hash's DigestInfo; VC_ERR_POINT for an EC key that is
 * not a valid P-256 point. */
int vc_x509_key_verify(const vc_x509_cert *c, const vc_hash_class *h, const uint8_t *digest,
                       const uint8_t *sig, size_t siglen, const vc_mp_cfg *cfg);

/* DER ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } <-> r, s of nlen bytes each
 * (big-endian, 1 <= nlen <= VC_EC_MAX_NLEN = 32, else VC_ERR_LENGTH). encode writes at most
 * 6 + 2 (nlen + 1) bytes: VC_ERR_LENGTH when cap is less than the encoding needs, *outlen its
 * length. decode takes exactly one strict DER SEQUENCE (non-negative minimal INTEGERs, no
 * trailing byte) whose values fit in nlen bytes: VC_ERR_VERIFY otherwise. NULL pointers:
 * VC_ERR_NULL. */
int vc_der_ecdsa_sig_encode(const uint8_t *r, const uint8_t *s, size_t nlen, uint8_t *out, size_t cap, size_t *outlen);
int vc_der_ecdsa_sig_decode(const uint8_t *der, size_t len, size_t nlen, uint8_t *r, uint8_t *s);

#endif
