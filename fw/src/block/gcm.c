/* AES-GCM (NIST SP 800-38D) over a 16-byte-block cipher of modes.h, its GHASH by vc_ghash (on
 * the carry-less multiply unit when the build has it and it is on). */
#include <string.h>

#include "ghash_internal.h"

/* Sealing counts and hashes this many bytes at a time, so the hash reads the ciphertext from
 * the 4 KiB data cache the counter mode just wrote it to. */
#define CHUNK 512

static int is_gcm_cipher(const vc_block_cipher *c)
{
  return c == &vc_aes_ct || c == &vc_aes_tab;
}

int vc_gcm_init(vc_gcm_ctx *g, const vc_block_cipher *c, const void *ks)
{
  if (!g || !c || !ks)
    return VC_ERR_NULL;
  if (!is_gcm_cipher(c))
    return VC_ERR_PARAM;
  uint8_t h[16] = {0};
  int rc = c->encrypt(ks, h, h);
  if (rc)
    return rc;
  vc_ghash_init(&g->gh, h);
  g->c = c;
  g->ks = ks;
  return VC_OK;
}

static int check(const vc_gcm_ctx *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                 const uint8_t *in, const uint8_t *out, size_t len, const uint8_t *tag, size_t taglen)
{
  if (!g || !iv || !tag || (!aad && aadlen) || ((!in || !out) && len))
    return VC_ERR_NULL;
  if (!is_gcm_cipher(g->c) || !g->ks)
    return VC_ERR_STATE;
  /* at most 2^32 - 2 blocks of message (the 32-bit counter's values after J0's) */
  if (ivlen < 1 || ivlen > VC_GCM_MAX_IV_LEN || taglen < 4 || taglen > VC_GCM_TAG_LEN ||
      len / 16 + (len % 16 != 0) > 0xFFFFFFFEu)
    return VC_ERR_LENGTH;
  if (len && vc_overlap(in, out, len))
    return VC_ERR_OVERLAP;
  return VC_OK;
}

/* What seal and open keep: the counter block (J0 at first), s = E(J0), which masks the tag,
 * and the hash y. */
struct run {
  uint32_t cb[4];
  uint8_t s[16], y[16];
};

/* The arguments checked, then J0 (SP 800-38D 7.1 step 2), s, and y over the AAD. The cipher's
 * error, if any, comes before anything is written: the later calls use the same schedule. */
static int begin(const vc_gcm_ctx *g, struct run *r, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
                 size_t aadlen, const uint8_t *in, const uint8_t *out, size_t len, const uint8_t *tag,
                 size_t taglen)
{
  uint8_t *j0 = (uint8_t *)r->cb;
  int rc = check(g, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
  if (rc)
    return rc;
  if (ivlen == 12) {
    memcpy(j0, iv, 12);
    vc_st32be(j0 + 12, 1);
  } else {
    uint8_t lens[16] = {0};
    vc_st64be(lens + 8, (uint64_t)ivlen * 8);
    memset(j0, 0, 16);
    vc_ghash(&g->gh, j0, iv, ivlen);
    vc_ghash(&g->gh, j0, lens, 16);
  }
  if ((rc = g->c->encrypt(g->ks, j0, r->s)))
    return rc;
  memset(r->y, 0, 16);
  return vc_ghash(&g->gh, r->y, aad, aadlen);
}

/* out = in ^ the key stream of the counter blocks after cb (SP 800-38D's GCTR from inc32(cb));
 * cb ends at the last block used. */
static void gctr(const vc_gcm_ctx *g, uint32_t cb[4], const uint8_t *in, uint8_t *out, size_t len)
{
  uint8_t *c = (uint8_t *)cb;
  uint32_t n = vc_ld32be(c + 12);
  for (size_t i = 0; i < len; i += 16) {
    uint32_t k[4];
    vc_st32be(c + 12, ++n);
    g->c->encrypt(g->ks, c, (uint8_t *)k);
    vc_xor_bytes(out + i, in + i, (uint8_t *)k, len - i < 16 ? len - i : 16);
  }
}

/* y = GHASH over the lengths block [8 aadlen]64 || [8 len]64, then the tag: y ^ s. */
static void finish(const vc_gcm_ctx *g, struct run *r, size_t aadlen, size_t len)
{
  uint8_t lens[16];
  vc_st64be(lens, (uint64_t)aadlen * 8);
  vc_st64be(lens + 8, (uint64_t)len * 8);
  vc_ghash(&g->gh, r->y, lens, 16);
  for (int i = 0; i < 16; i++)
    r->y[i] ^= r->s[i];
}

int vc_gcm_seal(const vc_gcm_ctx *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag, size_t taglen)
{
  struct run r;
  int rc = begin(g, &r, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
  if (rc)
    return rc;
  for (size_t i = 0; i < len; i += CHUNK) {
    size_t n = len - i < CHUNK ? len - i : CHUNK;
    gctr(g, r.cb, in + i, out + i, n);
    vc_ghash(&g->gh, r.y, out + i, n);
  }
  finish(g, &r, aadlen, len);
  memcpy(tag, r.y, taglen);
  return VC_OK;
}

int vc_gcm_open(const vc_gcm_ctx *g, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                const uint8_t *in, uint8_t *out, size_t len, const uint8_t *tag, size_t taglen)
{
  struct run r;
  int rc = begin(g, &r, iv, ivlen, aad, aadlen, in, out, len, tag, taglen);
  if (rc)
    return rc;
  vc_ghash(&g->gh, r.y, in, len);
  finish(g, &r, aadlen, len);
  uint32_t diff = 0;
  for (size_t i = 0; i < taglen; i++)
    diff |= (uint32_t)(r.y[i] ^ tag[i]);
  if (vc_ct_neq0(diff))
    return VC_ERR_VERIFY;
  gctr(g, r.cb, in, out, len);
  return VC_OK;
}
