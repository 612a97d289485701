/* RFC 2409's derivations: the PRF (HMAC with the negotiated hash), g^xy, SKEYID and its three
 * children, the cipher key (appendix B's expansion), the IVs and KEYMAT (5.5). */
#include <string.h>

#include "ike_internal.h"
#include "../internal.h"

int ike_prf(const vc_ike *s, const uint8_t *key, size_t klen, const ike_part *parts, size_t n,
            uint8_t *out)
{
  vc_hmac_ctx ctx;
  int rc = vc_hmac_init(&ctx, s->h, key, klen);
  for (size_t i = 0; i < n && !rc; i++)
    rc = vc_hmac_update(&ctx, parts[i].p, parts[i].n);
  if (!rc)
    rc = vc_hmac_final(&ctx, out);
  memset(&ctx, 0, sizeof(ctx));
  return rc;
}

/* out = hash(a | b), truncated to the cipher's block: the IVs. */
static int hash_iv(const vc_ike *s, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                   uint8_t *out)
{
  vc_hmac_hash ctx;
  uint8_t d[VC_IKE_MAX_PRF];
  int rc = s->h->init(&ctx);
  if (!rc)
    rc = s->h->update(&ctx, a, alen);
  if (!rc)
    rc = s->h->update(&ctx, b, blen);
  if (!rc)
    rc = s->h->final(&ctx, d);
  if (!rc)
    memcpy(out, d, s->block);
  return rc;
}

/* out (need bytes) = K1 | K2 | ... with K1 = prf(key, first), K(n+1) = prf(key, Kn | rest...):
 * appendix B's cipher key (first the octet 0, no rest) and 5.5's KEYMAT (no first, K1 over
 * rest too). */
static int expand(const vc_ike *s, const uint8_t *key, const ike_part *rest, size_t nrest,
                  const ike_part *first, uint8_t *out, size_t need)
{
  uint8_t k[VC_IKE_MAX_PRF];
  ike_part parts[6];
  size_t have = 0, dl = s->h->digest_len;
  int rc = VC_OK;
  while (have < need && !rc) {
    size_t np = 0;
    if (have)
      parts[np++] = (ike_part){k, dl};
    else if (first)
      parts[np++] = *first;
    if (have || !first)
      for (size_t i = 0; i < nrest; i++)
        parts[np++] = rest[i];
    rc = ike_prf(s, key, dl, parts, np, k);
    size_t take = need - have < dl ? need - have : dl;
    memcpy(out + have, k, take);
    have += take;
  }
  memset(k, 0, sizeof(k));
  return rc;
}

/* DES or 3DES keys: 8 or 24 bytes. */
static size_t cipher_key_len(const vc_ike *s)
{
  return s->cfg.cipher == VC_IKE_DES ? 8 : 24;
}

static int dh_shared(vc_ike *s)
{
  vc_mp peer, z;
  int rc;
  ike_step(s, "dh_shared", 0);
  rc = vc_mp_from_bytes(&peer, s->cfg.role == VC_IKE_INITIATOR ? s->gxr : s->gxi, s->plen);
  if (!rc)
    rc = vc_dh_shared(&s->p, &s->x, s->xbits, &peer, &z, s->cfg.mp);
  if (!rc)
    rc = vc_mp_to_bytes(&z, s->gxy, s->plen);     /* at the group's length (RFC 2409 5) */
  memset(&z, 0, sizeof(z));
  memset(&s->x, 0, sizeof(s->x));
  ike_step(s, "dh_shared", 1);
  return rc;
}

int ike_phase1_keys(vc_ike *s)
{
  static const uint8_t zero = 0, one = 1, two = 2;
  vc_ike_keys *k = &s->keys;
  uint8_t nonces[2 * VC_IKE_MAX_NONCE];
  int rc;
  if ((rc = dh_shared(s)))
    return rc;
  ike_step(s, "skeyid", 0);
  size_t dl = s->h->digest_len;
  memcpy(nonces, s->ni, s->ni_len);
  memcpy(nonces + s->ni_len, s->nr, s->nr_len);
  ike_part gxy = {s->gxy, s->plen}, ci = {s->cky_i, 8}, cr = {s->cky_r, 8};
  ike_part d[] = {gxy, ci, cr, {&zero, 1}};
  ike_part a[] = {{k->skeyid_d, dl}, gxy, ci, cr, {&one, 1}};
  ike_part e[] = {{k->skeyid_a, dl}, gxy, ci, cr, {&two, 1}};
  ike_part zero_octet = {&zero, 1};
  if (!(rc = ike_prf(s, nonces, s->ni_len + s->nr_len, &gxy, 1, k->skeyid)) &&
      !(rc = ike_prf(s, k->skeyid, dl, d, 4, k->skeyid_d)) &&
      !(rc = ike_prf(s, k->skeyid, dl, a, 5, k->skeyid_a)) &&
      !(rc = ike_prf(s, k->skeyid, dl, e, 5, k->skeyid_e))) {
    k->prf_len = dl;
    k->enc_len = cipher_key_len(s);
    if (k->enc_len <= dl)
      memcpy(k->enc_key, k->skeyid_e, k->enc_len);
    else
      rc = expand(s, k->skeyid_e, NULL, 0, &zero_octet, k->enc_key, k->enc_len);
  }
  if (!rc)
    rc = s->cfg.cipher == VC_IKE_DES ? vc_des_setkey(&s->ks.des, k->enc_key)
                                     : vc_des3_setkey(&s->ks.des3, k->enc_key, k->enc_len);
  if (!rc)
    rc = hash_iv(s, s->gxi, s->plen, s->gxr, s->plen, s->iv);
  memset(s->gxy, 0, sizeof(s->gxy));
  ike_step(s, "skeyid", 1);
  return rc;
}

int ike_quick_iv(vc_ike *s)
{
  uint8_t m[4];
  vc_st32be(m, s->msgid);
  return hash_iv(s, s->iv, s->block, m, 4, s->qiv);
}

int ike_keymat(vc_ike *s)
{
  static const uint8_t proto = IKE_PROTO_ESP;
  vc_ike_keys *k = &s->keys;
  uint8_t spi[2][4];
  size_t need = cipher_key_len(s) + 20;      /* the ESP cipher's key, then HMAC-SHA-1's */
  int rc = VC_OK;
  ike_step(s, "keymat", 0);
  vc_st32be(spi[0], s->cfg.spi);
  vc_st32be(spi[1], k->peer_spi);
  for (int i = 0; i < 2 && !rc; i++) {
    ike_part rest[] = {{&proto, 1}, {spi[i], 4}, {s->ni, s->ni_len}, {s->nr, s->nr_len}};
    rc = expand(s, k->skeyid_d, rest, 4, NULL, i ? k->keymat_out : k->keymat_in, need);
  }
  if (!rc)
    k->keymat_len = need;
  ike_step(s, "keymat", 1);
  return rc;
}

int ike_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
  uint32_t d = 0;
  for (size_t i = 0; i < n; i++)
    d |= (uint32_t)(a[i] ^ b[i]);
  return (int)vc_ct_eq0(d);
}
