/* Quick mode without PFS (RFC 2409 5.5): HASH(1..3) under SKEYID_a, the ESP SA proposal with
 * each side's SPI, the nonces, every message encrypted, then both directions' KEYMAT. */
#include <string.h>

#include "ike_internal.h"
#include "../internal.h"

/* HASH(1) or HASH(2): prf(SKEYID_a, M-ID [| Ni_b] | the payloads after the HASH payload). */
static int qm_hash12(vc_ike *s, int with_ni, const uint8_t *after, size_t n, uint8_t *out)
{
  uint8_t m[4];
  vc_st32be(m, s->msgid);
  ike_part parts[] = {{m, 4}, {s->ni, with_ni ? s->ni_len : 0}, {after, n}};
  ike_step(s, "qm_hash", 0);
  int rc = ike_prf(s, s->keys.skeyid_a, s->keys.prf_len, parts, 3, out);
  ike_step(s, "qm_hash", 1);
  return rc;
}

/* HASH(3) = prf(SKEYID_a, 0 | M-ID | Ni_b | Nr_b). */
static int qm_hash3(vc_ike *s, uint8_t *out)
{
  static const uint8_t zero = 0;
  uint8_t m[4];
  vc_st32be(m, s->msgid);
  ike_part parts[] = {{&zero, 1}, {m, 4}, {s->ni, s->ni_len}, {s->nr, s->nr_len}};
  ike_step(s, "qm_hash", 0);
  int rc = ike_prf(s, s->keys.skeyid_a, s->keys.prf_len, parts, 4, out);
  ike_step(s, "qm_hash", 1);
  return rc;
}

/* QM1 or QM2: HASH, SA (own SPI), Nonce; the HASH filled in over what follows it. */
static int send_qm12(vc_ike *s)
{
  static const uint8_t blank[VC_IKE_MAX_PRF] = {0};
  uint8_t body[VC_IKE_SA_CAP], spi[4];
  int init = s->cfg.role == VC_IKE_INITIATOR, rc;
  size_t dl = s->h->digest_len;
  ike_wr w;
  vc_st32be(spi, s->cfg.spi);
  size_t n = ike_sa_body(s, body, spi);
  ike_begin(s, &w, EX_QUICK, IKE_FLAG_ENC, s->msgid);
  size_t hash_at = ike_open(&w, PL_HASH);
  ike_put(&w, blank, dl);
  ike_close(&w, hash_at);
  size_t after = w.n;
  ike_payload(&w, PL_SA, body, n);
  if ((rc = init ? ike_ke_nonce(s, &w, NULL, s->ni, &s->ni_len) : ike_ke_nonce(s, &w, NULL, s->nr, &s->nr_len)))
    return rc;
  if (w.err)
    return VC_ERR_LENGTH;
  if ((rc = qm_hash12(s, !init, w.p + after, w.n - after, w.p + hash_at + 4)))
    return rc;
  return ike_finish(s, &w, s->qiv, "qm_encrypt");
}

int ike_quick_first(vc_ike *s)
{
  int rc;
  s->msgid = s->cfg.msgid;
  if ((rc = ike_quick_iv(s)) || (rc = send_qm12(s)))
    return rc;
  s->step = IKE_QM2;
  return VC_OK;
}

/* QM1 or QM2 received: its HASH over the payloads after it, the SA (the configured proposal,
 * the peer's SPI taken), the nonce. */
static int recv_qm12(vc_ike *s, const uint8_t *msg, size_t len)
{
  ike_rd r;
  const uint8_t *hash, *sa, *nonce;
  size_t hlen, n, nlen, want_n;
  uint8_t want[VC_IKE_SA_CAP], mine[VC_IKE_MAX_PRF];
  int init = s->cfg.role == VC_IKE_INITIATOR, rc;
  if ((rc = ike_read(s, msg, len, EX_QUICK, s->msgid, IKE_KNOWN_CKY, s->qiv, "qm_decrypt", &r)) ||
      (rc = ike_get(&r, PL_HASH, &hash, &hlen)))
    return rc;
  size_t after = r.at;
  if ((rc = ike_get(&r, PL_SA, &sa, &n)) || (rc = ike_get(&r, PL_NONCE, &nonce, &nlen)) ||
      (rc = ike_end(s, &r, 1)))
    return rc;
  if (hlen != s->h->digest_len || nlen < VC_IKE_MIN_NONCE || nlen > VC_IKE_MAX_NONCE)
    return VC_ERR_PROTO;
  /* The proposal: the one this side makes, but for the SPI (bytes 16..19 of the body). */
  if (n < 20)
    return VC_ERR_PROTO;
  want_n = ike_sa_body(s, want, sa + 16);
  if (n != want_n || memcmp(sa, want, n))
    return VC_ERR_PROTO;
  s->keys.peer_spi = vc_ld32be(sa + 16);
  if (s->keys.peer_spi < 256)
    return VC_ERR_PROTO;
  memcpy(init ? s->nr : s->ni, nonce, nlen);
  *(init ? &s->nr_len : &s->ni_len) = nlen;
  if ((rc = qm_hash12(s, init, r.p + after, r.n - after, mine)))
    return rc;
  return ike_equal(mine, hash, hlen) ? VC_OK : VC_ERR_VERIFY;
}

/* QM3 (initiator): HASH(3). */
static int send_qm3(vc_ike *s)
{
  uint8_t hash[VC_IKE_MAX_PRF];
  ike_wr w;
  int rc;
  if ((rc = qm_hash3(s, hash)))
    return rc;
  ike_begin(s, &w, EX_QUICK, IKE_FLAG_ENC, s->msgid);
  ike_payload(&w, PL_HASH, hash, s->h->digest_len);
  return ike_finish(s, &w, s->qiv, "qm_encrypt");
}

static int recv_qm3(vc_ike *s, const uint8_t *msg, size_t len)
{
  ike_rd r;
  const uint8_t *hash;
  size_t hlen;
  uint8_t mine[VC_IKE_MAX_PRF];
  int rc;
  if ((rc = ike_read(s, msg, len, EX_QUICK, s->msgid, IKE_KNOWN_CKY, s->qiv, "qm_decrypt", &r)) ||
      (rc = ike_get(&r, PL_HASH, &hash, &hlen)) || (rc = ike_end(s, &r, 1)))
    return rc;
  if (hlen != s->h->digest_len)
    return VC_ERR_PROTO;
  if ((rc = qm_hash3(s, mine)))
    return rc;
  return ike_equal(mine, hash, hlen) ? VC_OK : VC_ERR_VERIFY;
}

int ike_quick_feed(vc_ike *s, const uint8_t *msg, size_t len)
{
  int rc;
  if (s->step == IKE_QM1) {          /* responder: the M-ID is the initiator's choice */
    if (len < IKE_HDR_LEN || !vc_ld32be(msg + 20))
      return VC_ERR_PROTO;
    s->msgid = vc_ld32be(msg + 20);
    if ((rc = ike_quick_iv(s)) || (rc = recv_qm12(s, msg, len)) || (rc = send_qm12(s)))
      return rc;
    s->step = IKE_QM3;
    return VC_OK;
  }
  if (s->step == IKE_QM2) {          /* initiator */
    if ((rc = recv_qm12(s, msg, len)) || (rc = ike_keymat(s)) || (rc = send_qm3(s)))
      return rc;
  } else if ((rc = recv_qm3(s, msg, len)) || (rc = ike_keymat(s))) {   /* responder, QM3 */
    return rc;
  }
  s->step = IKE_NONE;
  s->state = VC_IKE_DONE;
  return VC_OK;
}
