/* vexcrypt CMS (RFC 5652) for S/MIME (RFC 8551), in the form `openssl smime` writes and reads by
 * default: SignedData with detached content, and EnvelopedData for one RSA recipient.
 *
 * The split with the caller: the caller does MIME and base64 (the multipart/signed entity, the
 * application/pkcs7-signature and application/pkcs7-mime parts, the canonical CRLF line
 * endings of the content); these functions take the content as the exact bytes signed or
 * enveloped, build and parse the CMS DER (a ContentInfo), and do all the cryptography.
 *
 * What they speak:
 *   sign     SignedData v1, content type id-data, detached (no eContent); one SignerInfo v1:
 *            issuerAndSerialNumber, SHA-256, rsaEncryption (PKCS#1 v1.5), signed attributes
 *            contentType, messageDigest and, when a time is given, signingTime; the signer's
 *            certificate included.
 *   verify   the above as OpenSSL writes it (its signed attributes also carry
 *            smimeCapabilities, which is read past): exactly one SignerInfo identified by
 *            issuerAndSerialNumber, SHA-256 or SHA-1, signature rsaEncryption or
 *            sha256/sha1WithRSAEncryption (or ecdsa-with-SHA256 for a P-256 signer); signed
 *            attributes (the signature then covers their DER SET OF, RFC 5652 5.4) or none
 *            (it covers the content's digest). The signer's certificate must be among the
 *            certificates and be signed by the CA (x509.h: chains of one link), or be the CA.
 *   encrypt  EnvelopedData v0, one KeyTransRecipientInfo v0 (issuerAndSerialNumber,
 *            rsaEncryption: PKCS#1 v1.5 of a random content-encryption key), the content
 *            encrypted with des-ede3-cbc (OpenSSL's -des3; the key with odd parity) or
 *            aes-128-cbc, PKCS#7 padding; key and IV from the caller's DRBG.
 *   decrypt  the above (either cipher), the recipient whose issuerAndSerialNumber is the given
 *            certificate's among any number of RecipientInfos (other kinds are passed over).
 *            No padding oracle (RFC 3218 2.3, as OpenSSL does): a content-encryption key whose
 *            PKCS#1 block is malformed or of the wrong length is replaced, without a branch on
 *            it, by a random one, so the call fails only at the content's padding (and, 1 time
 *            in about 256, returns garbage, as OpenSSL does).
 * Parsing is strict DER (der_internal.h; OpenSSL 3.0's smime writes DER): indefinite lengths
 * (BER streaming) are refused.
 *
 * Preconditions, for every function here:
 *   - a NULL pointer gives VC_ERR_NULL (a content may be NULL when its length is 0; opts may
 *     be NULL);
 *   - certificates are DER (x509.h); one the reader refuses gives its code;
 *   - RSA private keys are complete (vc_rsa_priv_complete) and the certificate's own:
 *     VC_ERR_PARAM otherwise, and for a certificate whose key is not RSA;
 *   - out (capacity cap) overlaps no input (VC_ERR_OVERLAP); VC_ERR_LENGTH when cap is too
 *     small; *outlen the bytes written;
 *   - on error out is untouched (common.h), and opts->field names the structure being read or
 *     checked (RFC 5652's names: "signerInfos", "messageDigest", "encryptedContent", ...).
 * Codes: VC_ERR_VERIFY for malformed DER or a structure that is not what RFC 5652 says, a
 * signature, digest or certificate that does not verify, or a message with no recipient for
 * the certificate; VC_ERR_PARAM for what is well formed but not spoken here (another content
 * type, algorithm, version, a subjectKeyIdentifier, embedded content, several signers);
 * VC_ERR_RANGE for certificate dates outside `now`; VC_ERR_PADDING for the content's padding on
 * decryption; the primitives' own codes otherwise (pk.h, x509.h).
 *
 * Secrets (the private key's operations, the content-encryption key) stay on the library's
 * constant-time paths. Nothing here does I/O or allocates; buffers are the caller's. */
#ifndef VEXCRYPT_CMS_H
#define VEXCRYPT_CMS_H

#include "vexcrypt/common.h"
#include "vexcrypt/drbg.h"
#include "vexcrypt/pk.h"

/* A step hook: called with end = 0 when a costly step starts and 1 when it ends, so the caller
 * can time it. Names: "digest" (the content's and the signed attributes' hashes), "sign",
 * "verify_cert" (the CA's signature on the signer's certificate), "verify" (the signer's
 * signature), "key_transport" (the content-encryption key's RSA operation), "encrypt",
 * "decrypt" (the content's cipher). */
typedef void (*vc_cms_step_fn)(void *arg, const char *name, int end);

typedef struct {
  const vc_mp_cfg *mp;       /* the RSA operations' design-space point; NULL: vc_mp_cfg_default */
  vc_cms_step_fn step;       /* NULL: none */
  void *step_arg;
  const char *field;         /* out: on error, the structure at fault (NULL when no field is) */
} vc_cms_opts;

/* Content-encryption algorithms. */
enum { VC_CMS_DES3 = 1, VC_CMS_AES128 = 2 };

/* The largest CMS structure these functions write around a content: the signer's certificate
 * or the recipient's encrypted key, the algorithms, the attributes, the padding. */
#define VC_CMS_OVERHEAD 1024

/* A detached SignedData over msg[0..len) by key, whose certificate (DER) it includes;
 * VC_ERR_PARAM (field "cert") when the certificate's keyUsage excludes digitalSignature.
 * signing_time: YYYYMMDDHHMMSS (UTC) for the signingTime attribute, 0 for none; VC_ERR_RANGE
 * for a time that is not a valid date in years 1950..9999. out needs certlen + the modulus
 * length + VC_CMS_OVERHEAD bytes at most. */
int vc_cms_sign(const uint8_t *cert, size_t certlen, const vc_rsa_priv *key, const uint8_t *msg, size_t len,
                uint64_t signing_time, uint8_t *out, size_t cap, size_t *outlen, vc_cms_opts *opts);

/* VC_OK when der[0..derlen) is a SignedData whose signer, certified by ca, signed
 * msg[0..len). now: YYYYMMDDHHMMSS to check the signer's and the CA's dates against; 0: not
 * checked (the target has no clock). */
int vc_cms_verify(const uint8_t *der, size_t derlen, const uint8_t *msg, size_t len, const uint8_t *ca,
                  size_t calen, uint64_t now, vc_cms_opts *opts);

/* An EnvelopedData of msg[0..len) for the RSA key of cert, with cipher VC_CMS_DES3 or
 * VC_CMS_AES128 (VC_ERR_PARAM otherwise). out needs len + 16 + the modulus length +
 * certlen + VC_CMS_OVERHEAD bytes at most. */
int vc_cms_encrypt(const uint8_t *cert, size_t certlen, int cipher, vc_drbg *rng, const uint8_t *msg, size_t len,
                   uint8_t *out, size_t cap, size_t *outlen, vc_cms_opts *opts);

/* The content of the EnvelopedData der[0..derlen) for the recipient cert with its key; rng
 * draws the key that replaces a malformed one. The padding is checked before anything is
 * written; out needs the content's length. */
int vc_cms_decrypt(const uint8_t *der, size_t derlen, const uint8_t *cert, size_t certlen, const vc_rsa_priv *key,
                   vc_drbg *rng, uint8_t *out, size_t cap, size_t *outlen, vc_cms_opts *opts);

#endif
