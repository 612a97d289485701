/* The TLS 1.2 record protection of the two suites: AES-128-GCM (RFC 5288) and AES-256-CBC with
 * HMAC-SHA-1 (RFC 5246 6.2.3.2), whose receiving side checks padding and MAC in constant time
 * (Lucky Thirteen, AlFardan and Paterson 2013): the same work and memory accesses whatever the
 * padding length, valid or not. */
#include <string.h>

#include "tls_internal.h"
#include "../internal.h"

#define CBC_MIN (VC_MAX_BLOCK_LEN + 2 * VC_MAX_BLOCK_LEN)   /* IV + the smallest P (MAC + pad) */

int vc_tls_keys(const uint8_t master[TLS_MASTER_LEN], unsigned suite, const uint8_t crand[32], const uint8_t srand[32],
                vc_tls_dir *client, vc_tls_dir *server)
{
  uint8_t seed[64], kb[2 * VC_TLS_MAC_LEN + 2 * 32];
  if (!master || !crand || !srand || !client || !server)
    return VC_ERR_NULL;
  if (suite != VC_TLS_ID_ECDHE_ECDSA_AES128_GCM && suite != VC_TLS_ID_DHE_RSA_AES256_CBC)
    return VC_ERR_PARAM;
  memcpy(seed, srand, 32);
  memcpy(seed + 32, crand, 32);
  int gcm = suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM;
  size_t mac = gcm ? 0 : VC_TLS_MAC_LEN, key = gcm ? 16 : 32, iv = gcm ? VC_TLS_GCM_SALT : 0;
  vc_tls_prf(master, TLS_MASTER_LEN, "key expansion", seed, sizeof(seed), kb, 2 * (mac + key + iv));
  vc_tls_dir *d[2] = {client, server};
  for (int i = 0; i < 2; i++) {
    memset(d[i], 0, sizeof(*d[i]));
    d[i]->suite = suite;
    memcpy(d[i]->mac, kb + i * mac, mac);
    vc_aes_ct_setkey(&d[i]->ks, kb + 2 * mac + i * key, key);
    memcpy(d[i]->salt, kb + 2 * (mac + key) + i * iv, iv);
    if (gcm)
      vc_gcm_init(&d[i]->gcm, &vc_aes_ct, &d[i]->ks);
  }
  memset(kb, 0, sizeof(kb));
  return VC_OK;
}

void tls_activate(vc_tls_dir *d, vc_tls_dir *next)
{
  *d = *next;
  memset(next, 0, sizeof(*next));
  if (d->suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM)
    vc_gcm_init(&d->gcm, &vc_aes_ct, &d->ks);     /* GCM keeps the schedule by pointer */
}

static void header(uint8_t h[5], int type, size_t len)
{
  h[0] = (uint8_t)type;
  h[1] = TLS_VERSION >> 8;
  h[2] = TLS_VERSION & 0xff;
  h[3] = (uint8_t)(len >> 8);
  h[4] = (uint8_t)len;
}

/* The MAC's and GCM's additional data: seq_num || type || version || length. */
static void pseudo_header(uint8_t ad[13], uint64_t seq, int type, size_t len)
{
  vc_st64be(ad, seq);
  header(ad + 8, type, len);
}

/* HMAC-SHA-1 over ad || data[0..len) where len is secret in [lo, hi] and data holds hi bytes:
 * every block that any len in the range could need is compressed, the state kept only after
 * the block that ends this len's padded message. */
static void hmac_sha1_ct(const uint8_t key[VC_TLS_MAC_LEN], const uint8_t ad[13], const uint8_t *data, size_t len,
                         size_t lo, size_t hi, uint8_t out[VC_TLS_MAC_LEN])
{
  uint8_t pad[VC_SHA1_BLOCK_LEN], blk[VC_SHA1_BLOCK_LEN];
  vc_sha1_ctx c;
  memset(pad, 0x36, sizeof(pad));
  for (int i = 0; i < VC_TLS_MAC_LEN; i++)
    pad[i] ^= key[i];
  vc_sha1_init(&c);
  vc_sha1_update(&c, pad, sizeof(pad));    /* one block: the state is c.h */
  uint32_t st[5], res[5] = {0};
  memcpy(st, c.h, sizeof(st));
  /* Positions count from the end of the key block: ad (13 bytes), then data. Blocks wholly
   * before lo's end are public: hashed directly. */
  size_t m = 13 + len, m_lo = 13 + lo, m_hi = 13 + hi;
  size_t first = m_lo / VC_SHA1_BLOCK_LEN, last = (m_hi + 8) / VC_SHA1_BLOCK_LEN;
  size_t final = (m + 8) / VC_SHA1_BLOCK_LEN;          /* secret: the block holding the length */
  uint64_t bits = (uint64_t)(VC_SHA1_BLOCK_LEN + m) * 8;
  for (size_t b = 0; b <= last; b++) {
    for (size_t i = 0; i < VC_SHA1_BLOCK_LEN; i++) {
      size_t j = b * VC_SHA1_BLOCK_LEN + i;
      uint32_t v = j < 13 ? ad[j] : j < m_hi ? data[j - 13] : 0;
      if (b >= first) {
        v &= vc_ct_mask(vc_ct_lt((uint32_t)j, (uint32_t)m));
        v |= 0x80 & vc_ct_mask(vc_ct_eq((uint32_t)j, (uint32_t)m));
        if (i >= VC_SHA1_BLOCK_LEN - 8)
          v |= (uint32_t)(bits >> (8 * (VC_SHA1_BLOCK_LEN - 1 - i))) & 0xff &
               vc_ct_mask(vc_ct_eq((uint32_t)b, (uint32_t)final));
      }
      blk[i] = (uint8_t)v;
    }
    vc_sha1_blocks(st, blk, 1);
    if (b >= first)
      vc_ct_copy(vc_ct_eq((uint32_t)b, (uint32_t)final), res, st, 5);
  }
  uint8_t inner[VC_TLS_MAC_LEN];
  for (int i = 0; i < 5; i++)
    vc_st32be(inner + 4 * i, res[i]);
  for (size_t i = 0; i < sizeof(pad); i++)
    pad[i] ^= 0x36 ^ 0x5c;
  vc_sha1_init(&c);
  vc_sha1_update(&c, pad, sizeof(pad));
  vc_sha1_update(&c, inner, sizeof(inner));
  vc_sha1_final(&c, out);
  memset(pad, 0, sizeof(pad));
  memset(st, 0, sizeof(st));
  memset(res, 0, sizeof(res));
  memset(inner, 0, sizeof(inner));
  memset(&c, 0, sizeof(c));
}

int vc_tls_record_seal(vc_tls_dir *d, vc_drbg *rng, int type, const uint8_t *in, size_t len, uint8_t *out,
                       size_t cap, size_t *outlen)
{
  uint8_t ad[13];
  size_t n;
  if (!d || (!in && len) || !out || !outlen || (!rng && d->suite == VC_TLS_ID_DHE_RSA_AES256_CBC))
    return VC_ERR_NULL;
  if (d->suite == 0)
    n = len;
  else if (d->suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM)
    n = TLS_GCM_EXPLICIT + len + VC_GCM_TAG_LEN;
  else
    n = VC_MAX_BLOCK_LEN + (len + VC_TLS_MAC_LEN + VC_MAX_BLOCK_LEN) / VC_MAX_BLOCK_LEN * VC_MAX_BLOCK_LEN;
  if (len > VC_TLS_MAX_PLAIN || 5 + n > cap)
    return VC_ERR_LENGTH;
  header(out, type, n);
  uint8_t *f = out + 5;
  if (d->suite == 0) {
    memmove(f, in, len);
  } else if (d->suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM) {
    uint8_t nonce[VC_TLS_GCM_SALT + TLS_GCM_EXPLICIT];
    memcpy(nonce, d->salt, VC_TLS_GCM_SALT);
    vc_st64be(nonce + VC_TLS_GCM_SALT, d->seq);      /* the explicit part: the sequence number */
    memcpy(f, nonce + VC_TLS_GCM_SALT, TLS_GCM_EXPLICIT);
    pseudo_header(ad, d->seq, type, len);
    int rc = vc_gcm_seal(&d->gcm, nonce, sizeof(nonce), ad, sizeof(ad), in, f + TLS_GCM_EXPLICIT, len,
                         f + TLS_GCM_EXPLICIT + len, VC_GCM_TAG_LEN);
    if (rc)
      return rc;
  } else {
    uint8_t *p = f + VC_MAX_BLOCK_LEN, iv[VC_MAX_BLOCK_LEN];
    size_t plen = n - VC_MAX_BLOCK_LEN, padv = plen - len - VC_TLS_MAC_LEN - 1;
    int rc = vc_drbg_generate(rng, iv, sizeof(iv));
    if (rc)
      return rc;
    memcpy(f, iv, sizeof(iv));
    memmove(p, in, len);
    pseudo_header(ad, d->seq, type, len);
    vc_hmac_ctx h;
    vc_hmac_init(&h, &vc_sha1_class, d->mac, VC_TLS_MAC_LEN);
    vc_hmac_update(&h, ad, sizeof(ad));
    vc_hmac_update(&h, p, len);
    vc_hmac_final(&h, p + len);
    memset(&h, 0, sizeof(h));
    memset(p + len + VC_TLS_MAC_LEN, (int)padv, padv + 1);
    rc = vc_cbc_encrypt(&vc_aes_ct, &d->ks, iv, p, p, plen);
    if (rc)
      return rc;
  }
  d->seq++;
  *outlen = 5 + n;
  return VC_OK;
}

/* CBC: the plaintext P (plen bytes, a multiple of the block, at least two blocks) is data ||
 * MAC || padding; the padding's length byte is secret until the MAC is checked. */
static int open_cbc(vc_tls_dir *d, int type, uint8_t *p, size_t plen, size_t *len)
{
  uint32_t padv = p[plen - 1];
  uint32_t good = vc_ct_lt(padv + VC_TLS_MAC_LEN, (uint32_t)plen);   /* room for data >= 0 */
  /* Every byte of the padding equals its length: the last 256 bytes are read whatever padv. */
  size_t span = plen < 256 ? plen : 256;
  for (size_t i = 1; i < span; i++) {
    uint32_t in_pad = vc_ct_lt((uint32_t)i, padv + 1);
    good &= ~in_pad | vc_ct_eq(p[plen - 1 - i], padv);
  }
  good &= 1;
  /* A bad padding is treated as none, so the MAC is computed over as much data and fails. */
  size_t dlen = plen - VC_TLS_MAC_LEN - 1 - (padv & vc_ct_mask(good));
  size_t hi = plen - VC_TLS_MAC_LEN - 1, lo = hi > 255 ? hi - 255 : 0;
  uint8_t ad[13], mac[VC_TLS_MAC_LEN], got[VC_TLS_MAC_LEN] = {0};
  pseudo_header(ad, d->seq, type, dlen);
  hmac_sha1_ct(d->mac, ad, p, dlen, lo, hi, mac);
  /* The received MAC at the secret offset dlen, read by scanning every offset it can have. */
  for (size_t j = lo; j <= hi; j++) {
    uint32_t at = vc_ct_mask(vc_ct_eq((uint32_t)j, (uint32_t)dlen));
    for (size_t k = 0; k < VC_TLS_MAC_LEN; k++)
      got[k] |= (uint8_t)(p[j + k] & at);
  }
  uint32_t diff = 0;
  for (size_t k = 0; k < VC_TLS_MAC_LEN; k++)
    diff |= (uint32_t)(mac[k] ^ got[k]);
  good &= vc_ct_eq0(diff);
  *len = dlen;
  return good ? VC_OK : VC_ERR_VERIFY;
}

int vc_tls_record_open(vc_tls_dir *d, uint8_t *rec, size_t len, const uint8_t **pt, size_t *ptlen)
{
  if (!d || !rec || !pt || !ptlen)
    return VC_ERR_NULL;
  if (len < 5 || len - 5 != ((size_t)rec[3] << 8 | rec[4]))
    return VC_ERR_LENGTH;
  int type = rec[0], rc = VC_OK;
  uint8_t *f = rec + 5, *p = f;
  size_t n = len - 5, plen = n;
  if (d->suite == 0) {
    /* no protection yet */
  } else if (d->suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM) {
    if (n < TLS_GCM_EXPLICIT + VC_GCM_TAG_LEN)
      return VC_ERR_VERIFY;
    size_t clen = n - TLS_GCM_EXPLICIT - VC_GCM_TAG_LEN;
    uint8_t nonce[VC_TLS_GCM_SALT + TLS_GCM_EXPLICIT], ad[13];
    memcpy(nonce, d->salt, VC_TLS_GCM_SALT);
    memcpy(nonce + VC_TLS_GCM_SALT, f, TLS_GCM_EXPLICIT);
    pseudo_header(ad, d->seq, type, clen);
    p = f + TLS_GCM_EXPLICIT;
    plen = clen;
    rc = vc_gcm_open(&d->gcm, nonce, sizeof(nonce), ad, sizeof(ad), p, p, clen, p + clen, VC_GCM_TAG_LEN);
  } else {
    if (n < CBC_MIN || n % VC_MAX_BLOCK_LEN)
      return VC_ERR_VERIFY;
    uint8_t iv[VC_MAX_BLOCK_LEN];
    memcpy(iv, f, sizeof(iv));
    p = f + VC_MAX_BLOCK_LEN;
    rc = vc_cbc_decrypt(&vc_aes_ct, &d->ks, iv, p, p, n - VC_MAX_BLOCK_LEN);
    if (rc == VC_OK)
      rc = open_cbc(d, type, p, n - VC_MAX_BLOCK_LEN, &plen);
  }
  if (rc)
    return VC_ERR_VERIFY;
  if (d->suite)
    d->seq++;
  *pt = p;
  *ptlen = plen;
  return VC_OK;
}
