/* ECB, CBC, CTR and PKCS#7 over the block-cipher descriptors of modes.h. */
#include <string.h>

#include "vexcrypt/modes.h"
#include "../internal.h"

static int check(const vc_block_cipher *c, const void *ks, const uint8_t *in, const uint8_t *out,
                 size_t len, int whole_blocks)
{
  if (!c || !ks || ((!in || !out) && len))
    return VC_ERR_NULL;
  if (whole_blocks && len % c->block_len)
    return VC_ERR_LENGTH;
  if (len && vc_overlap(in, out, len))
    return VC_ERR_OVERLAP;
  return VC_OK;
}

static int ecb(int decrypt, const vc_block_cipher *c, const void *ks, const uint8_t *in, uint8_t *out,
               size_t len)
{
  int rc = check(c, ks, in, out, len, 1);
  if (rc)
    return rc;
  vc_block_fn fn = decrypt ? c->decrypt : c->encrypt;
  for (size_t i = 0; !rc && i < len; i += c->block_len)
    rc = fn(ks, in + i, out + i);
  return rc;
}

int vc_ecb_encrypt(const vc_block_cipher *c, const void *ks, const uint8_t *in, uint8_t *out, size_t len)
{
  return ecb(0, c, ks, in, out, len);
}

int vc_ecb_decrypt(const vc_block_cipher *c, const void *ks, const uint8_t *in, uint8_t *out, size_t len)
{
  return ecb(1, c, ks, in, out, len);
}

static void copy_block(uint8_t *d, const uint8_t *a, size_t n)
{
  size_t i = 0;
  if (vc_aligned4(d, a))
    for (; i + 4 <= n; i += 4)
      vc_st32le(d + i, vc_ld32le(a + i, 1), 1);
  for (; i < n; i++)
    d[i] = a[i];
}

int vc_cbc_encrypt(const vc_block_cipher *c, const void *ks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                   size_t len)
{
  int rc = check(c, ks, in, out, len, 1);
  if (!rc && !iv)
    rc = VC_ERR_NULL;
  for (size_t i = 0; !rc && i < len; i += c->block_len) {
    uint32_t x[VC_MAX_BLOCK_LEN / 4];
    vc_xor_bytes((uint8_t *)x, in + i, iv, c->block_len);
    if ((rc = c->encrypt(ks, (uint8_t *)x, out + i)))
      break;                                                /* iv untouched on error */
    copy_block(iv, out + i, c->block_len);
  }
  return rc;
}

int vc_cbc_decrypt(const vc_block_cipher *c, const void *ks, uint8_t *iv, const uint8_t *in, uint8_t *out,
                   size_t len)
{
  int rc = check(c, ks, in, out, len, 1);
  if (!rc && !iv)
    rc = VC_ERR_NULL;
  for (size_t i = 0; !rc && i < len; i += c->block_len) {
    uint32_t x[VC_MAX_BLOCK_LEN / 4], saved[VC_MAX_BLOCK_LEN / 4];
    copy_block((uint8_t *)saved, in + i, c->block_len);   /* in == out overwrites the ciphertext */
    if ((rc = c->decrypt(ks, (uint8_t *)saved, (uint8_t *)x)))
      break;                                                /* out and iv untouched on error */
    vc_xor_bytes(out + i, (uint8_t *)x, iv, c->block_len);
    copy_block(iv, (uint8_t *)saved, c->block_len);
  }
  return rc;
}

int vc_ctr_crypt(const vc_block_cipher *c, const void *ks, uint8_t *ctr, const uint8_t *in, uint8_t *out,
                 size_t len)
{
  int rc = check(c, ks, in, out, len, 0);
  if (!rc && !ctr)
    rc = VC_ERR_NULL;
  for (size_t i = 0; !rc && i < len; i += c->block_len) {
    uint32_t stream[VC_MAX_BLOCK_LEN / 4];
    size_t n = len - i < c->block_len ? len - i : c->block_len;
    if ((rc = c->encrypt(ks, ctr, (uint8_t *)stream)))
      break;                                                /* out and ctr untouched on error */
    vc_xor_bytes(out + i, in + i, (uint8_t *)stream, n);
    for (size_t k = c->block_len; k-- > 0 && ++ctr[k] == 0;)
      ;
  }
  return rc;
}

int vc_pkcs7_pad(uint8_t *buf, size_t len, size_t cap, size_t block_len, size_t *padded_len)
{
  if (!buf || !padded_len)
    return VC_ERR_NULL;
  if (block_len == 0 || block_len > 255)
    return VC_ERR_LENGTH;
  size_t pad = block_len - len % block_len;
  if (len > cap || cap - len < pad)
    return VC_ERR_LENGTH;
  memset(buf + len, (int)pad, pad);
  *padded_len = len + pad;
  return VC_OK;
}

int vc_pkcs7_unpad(const uint8_t *buf, size_t len, size_t block_len, size_t *unpadded_len)
{
  if (!buf || !unpadded_len)
    return VC_ERR_NULL;
  if (block_len == 0 || block_len > 255 || len == 0 || len % block_len)
    return VC_ERR_LENGTH;
  /* Constant time over the last block: no branch on the padding bytes. A valid pad value p
   * is 1..block_len and the last p bytes all equal p. */
  uint32_t pad = buf[len - 1];
  uint32_t bad = vc_ct_eq0(pad) | vc_ct_lt((uint32_t)block_len, pad);
  for (size_t i = 1; i <= block_len; i++) {
    uint32_t in_pad = vc_ct_lt((uint32_t)i - 1, pad);   /* 1 when i <= pad */
    bad |= in_pad & vc_ct_neq(buf[len - i], pad);
  }
  if (bad)
    return VC_ERR_PADDING;
  *unpadded_len = len - pad;
  return VC_OK;
}
