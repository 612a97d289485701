/* vexcrypt AES-GCM (NIST SP 800-38D) and its GHASH.
 *
 * GHASH multiplies in GF(2^128) by a hash key H: in constant-time software (vc_ghash_ct,
 * 32 x 32 carry-less products from integer multiplications with holes, BearSSL's ctmul), on
 * the carry-less multiply unit (vc_ghash_clmul_hw, hw/clmul/: one 128 x 128 product a block),
 * and dispatching (vc_ghash: the unit when the build has it and it is on, fw/drivers/accel.h,
 * else vc_ghash_ct). vc_ghash_clmul_sw runs the unit's sequence on its C emulation (the host
 * build's form and the self-test's reference). All are constant time.
 *
 * GCM runs over a 16-byte-block cipher of modes.h (vc_aes_ct, constant time; vc_aes_tab,
 * variable time), whose key schedule the context keeps by pointer: it must outlive the context
 * and not change under it. The context holds H (secret): clear it when done. Lengths are in
 * bytes. Functions return VC_OK or a negative VC_ERR_* (common.h) and leave their outputs
 * untouched on error; seal and open report VC_ERR_STATE for a context never set up. */
#ifndef VEXCRYPT_GCM_H
#define VEXCRYPT_GCM_H

#include "vexcrypt/modes.h"

#define VC_GCM_TAG_LEN 16
#define VC_GCM_MAX_IV_LEN 65536u

/* The hash key as the GHASH forms use it (private: H x^-1, see ghash_internal.h). */
typedef struct {
  uint32_t hx[4];
} vc_ghash_key;

/* k from H = E_K(0^128). */
int vc_ghash_init(vc_ghash_key *k, const uint8_t h[16]);
/* y = (...((y ^ X1) H ^ X2) H ...) H over the 16-byte blocks Xi of data[0..len), the last one
 * padded with zeros (data may be NULL when len is 0). */
int vc_ghash(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len);
int vc_ghash_ct(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len);
int vc_ghash_clmul_sw(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len);
/* Defined in builds with the unit only (VC_HAVE_CLMUL). */
int vc_ghash_clmul_hw(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len);

typedef struct {
  const vc_block_cipher *c;   /* private: the cipher, its key schedule and GHASH's key */
  const void *ks;
  vc_ghash_key gh;
} vc_gcm_ctx;

/* c: a 16-byte-block cipher of modes.h (vc_aes_ct, vc_aes_tab; VC_ERR_PARAM otherwise), ks its
 * key schedule (kept by pointer); the cipher's own error (VC_ERR_STATE) for a schedule it did
 * not make. */
int vc_gcm_init(vc_gcm_ctx *g, const vc_block_cipher *c, const void *ks);
/* iv: 1..2^16 bytes (12 is the fast, usual case); tag: 4..16 bytes (taglen); both else
 * VC_ERR_LENGTH, as is a message over 2^36 - 32 bytes. in == out allowed (VC_ERR_OVERLAP for
 * any other overlap); aad, in and out may be NULL when their length is 0. */
int vc_gcm_seal(const vc_gcm_ctx *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag, size_t taglen);
/* VC_ERR_VERIFY when the tag does not match (compared in constant time); out is written only
 * after the tag is checked. */
int vc_gcm_open(const vc_gcm_ctx *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                const uint8_t *in, uint8_t *out, size_t len, const uint8_t *tag, size_t taglen);

#endif
