/* Main mode with signature authentication (RFC 2409 5.1): the six messages, each side's
 * HASH_I/HASH_R, SIG_I/SIG_R and the encryption of messages 5 and 6. */
#include <string.h>

#include "ike_internal.h"
#include "../internal.h"

/* Message 1 or 2: the header and the SA payload (the one proposal); the initiator keeps its
 * SA body, SAi_b. */
static int send_sa(vc_ike *s)
{
  ike_wr w;
  uint8_t body[VC_IKE_SA_CAP];
  size_t n = ike_sa_body(s, body, NULL);
  ike_begin(s, &w, EX_MAIN, 0, 0);
  ike_payload(&w, PL_SA, body, n);
  if (s->cfg.role == VC_IKE_INITIATOR) {
    memcpy(s->sai_b, body, n);
    s->sai_len = n;
  }
  return ike_finish(s, &w, NULL, NULL);
}

int ike_main_first(vc_ike *s)
{
  s->step = IKE_M2;
  return send_sa(s);
}

int ike_ke_nonce(vc_ike *s, ike_wr *w, uint8_t *own_gx, uint8_t *own_n, size_t *own_nlen)
{
  vc_mp y;
  int rc;
  if (own_gx) {
    ike_step(s, "dh_keygen", 0);
    rc = vc_dh_keygen(&s->p, &s->g, s->xbits, s->cfg.rng, &s->x, &y, s->cfg.mp);
    if (!rc)
      rc = vc_mp_to_bytes(&y, own_gx, s->plen);
    ike_step(s, "dh_keygen", 1);
    if (rc)
      return rc;
  }
  *own_nlen = s->cfg.nonce_len;
  if ((rc = vc_drbg_generate(s->cfg.rng, own_n, *own_nlen)))
    return rc;
  if (own_gx)
    ike_payload(w, PL_KE, own_gx, s->plen);
  ike_payload(w, PL_NONCE, own_n, *own_nlen);
  return VC_OK;
}

/* Message 3 or 4. */
static int send_ke(vc_ike *s)
{
  ike_wr w;
  int init = s->cfg.role == VC_IKE_INITIATOR, rc;
  ike_begin(s, &w, EX_MAIN, 0, 0);
  if ((rc = init ? ike_ke_nonce(s, &w, s->gxi, s->ni, &s->ni_len)
                 : ike_ke_nonce(s, &w, s->gxr, s->nr, &s->nr_len)))
    return rc;
  return ike_finish(s, &w, NULL, NULL);
}

/* HASH_I (initiator's ID) or HASH_R: prf(SKEYID, g^x(own side first) | CKY(same) | SAi_b | ID_b). */
static int auth_hash(vc_ike *s, int of_initiator, const uint8_t *id_b, size_t idlen, uint8_t *out)
{
  ike_part gi = {s->gxi, s->plen}, gr = {s->gxr, s->plen}, ci = {s->cky_i, 8}, cr = {s->cky_r, 8};
  ike_part parts[] = {of_initiator ? gi : gr, of_initiator ? gr : gi, of_initiator ? ci : cr,
                      of_initiator ? cr : ci, {s->sai_b, s->sai_len}, {id_b, idlen}};
  ike_step(s, "hash", 0);
  int rc = ike_prf(s, s->keys.skeyid, s->keys.prf_len, parts, 6, out);
  ike_step(s, "hash", 1);
  return rc;
}

/* Message 5 or 6: the own ID payload and the signature of the own HASH, encrypted. */
static int send_auth(vc_ike *s)
{
  uint8_t id_b[4 + VC_IKE_MAX_ID], hash[VC_IKE_MAX_PRF], sig[VC_MP_MAX_BITS / 8];
  size_t idlen = 4 + s->cfg.idlen, siglen = (vc_mp_bits(&s->cfg.key->n) + 7) / 8;
  ike_wr w;
  int rc;
  id_b[0] = s->cfg.id_type;
  id_b[1] = 17;                 /* UDP, port 500 (RFC 2407 4.6.2) */
  id_b[2] = 500 >> 8;
  id_b[3] = 500 & 0xFF;
  memcpy(id_b + 4, s->cfg.id, s->cfg.idlen);
  if ((rc = auth_hash(s, s->cfg.role == VC_IKE_INITIATOR, id_b, idlen, hash)))
    return rc;
  ike_step(s, "sign", 0);
  rc = vc_rsa_pkcs1_sign_raw(s->cfg.key, hash, s->h->digest_len, sig, siglen, VC_RSA_MRC, s->cfg.mp);
  ike_step(s, "sign", 1);
  if (rc)
    return rc;
  ike_begin(s, &w, EX_MAIN, IKE_FLAG_ENC, 0);
  ike_payload(&w, PL_ID, id_b, idlen);
  ike_payload(&w, PL_SIG, sig, siglen);
  return ike_finish(s, &w, s->iv, "encrypt");
}

/* Message 5 or 6 received: the peer's ID and SIG over the peer's HASH. */
static int recv_auth(vc_ike *s, const uint8_t *msg, size_t len)
{
  ike_rd r;
  const uint8_t *id_b, *sig;
  size_t idlen, siglen;
  uint8_t hash[VC_IKE_MAX_PRF];
  int rc;
  if ((rc = ike_read(s, msg, len, EX_MAIN, 0, IKE_KNOWN_CKY, s->iv, "decrypt", &r)) ||
      (rc = ike_get(&r, PL_ID, &id_b, &idlen)) || (rc = ike_get(&r, PL_SIG, &sig, &siglen)) ||
      (rc = ike_end(s, &r, 1)))
    return rc;
  if (idlen < 5 || idlen > 4 + VC_IKE_MAX_ID)
    return VC_ERR_PROTO;
  if ((rc = auth_hash(s, s->cfg.role == VC_IKE_RESPONDER, id_b, idlen, hash)))
    return rc;
  ike_step(s, "verify", 0);
  rc = vc_rsa_pkcs1_verify_raw(s->cfg.peer_key, hash, s->h->digest_len, sig, siglen, s->cfg.mp);
  ike_step(s, "verify", 1);
  /* A signature of the wrong length is one that does not verify. */
  return rc == VC_ERR_LENGTH ? VC_ERR_VERIFY : rc;
}

/* Message 1 or 2 received: the SA must be the one proposal this side makes. */
static int recv_sa(vc_ike *s, const uint8_t *msg, size_t len)
{
  ike_rd r;
  const uint8_t *sa;
  size_t n, want_n;
  uint8_t want[VC_IKE_SA_CAP];
  int init = s->cfg.role == VC_IKE_INITIATOR, rc;
  if ((rc = ike_read(s, msg, len, EX_MAIN, 0, init ? IKE_LEARN_CKY_R : IKE_LEARN_CKY_I, NULL, NULL, &r)) ||
      (rc = ike_get(&r, PL_SA, &sa, &n)) || (rc = ike_end(s, &r, 0)))
    return rc;
  want_n = ike_sa_body(s, want, NULL);
  if (n != want_n || memcmp(sa, want, n))
    return VC_ERR_PROTO;
  if (!init) {
    memcpy(s->sai_b, sa, n);
    s->sai_len = n;
  }
  return VC_OK;
}

/* Message 3 or 4 received: the peer's public value (the group's length) and nonce. */
static int recv_ke(vc_ike *s, const uint8_t *msg, size_t len)
{
  ike_rd r;
  const uint8_t *ke, *nonce;
  size_t kelen, nlen;
  int init = s->cfg.role == VC_IKE_INITIATOR, rc;
  if ((rc = ike_read(s, msg, len, EX_MAIN, 0, IKE_KNOWN_CKY, NULL, NULL, &r)) ||
      (rc = ike_get(&r, PL_KE, &ke, &kelen)) || (rc = ike_get(&r, PL_NONCE, &nonce, &nlen)) ||
      (rc = ike_end(s, &r, 0)))
    return rc;
  if (kelen != s->plen || nlen < VC_IKE_MIN_NONCE || nlen > VC_IKE_MAX_NONCE)
    return VC_ERR_PROTO;
  memcpy(init ? s->gxr : s->gxi, ke, kelen);
  memcpy(init ? s->nr : s->ni, nonce, nlen);
  *(init ? &s->nr_len : &s->ni_len) = nlen;
  return VC_OK;
}

int ike_main_feed(vc_ike *s, const uint8_t *msg, size_t len)
{
  int rc;
  switch (s->step) {
  case IKE_M1:            /* responder */
    if ((rc = recv_sa(s, msg, len)) || (rc = send_sa(s)))
      return rc;
    s->step = IKE_M3;
    return VC_OK;
  case IKE_M2:            /* initiator */
    if ((rc = recv_sa(s, msg, len)) || (rc = send_ke(s)))
      return rc;
    s->step = IKE_M4;
    return VC_OK;
  case IKE_M3:            /* responder: its own KE and nonce, then the keys */
    if ((rc = recv_ke(s, msg, len)) || (rc = send_ke(s)) || (rc = ike_phase1_keys(s)))
      return rc;
    s->step = IKE_M5;
    return VC_OK;
  case IKE_M4:            /* initiator */
    if ((rc = recv_ke(s, msg, len)) || (rc = ike_phase1_keys(s)) || (rc = send_auth(s)))
      return rc;
    s->step = IKE_M6;
    return VC_OK;
  case IKE_M5:            /* responder */
    if ((rc = recv_auth(s, msg, len)) || (rc = send_auth(s)))
      return rc;
    break;
  default:                /* IKE_M6: initiator */
    if ((rc = recv_auth(s, msg, len)))
      return rc;
    break;
  }
  s->step = s->cfg.role == VC_IKE_INITIATOR ? IKE_NONE : IKE_QM1;
  s->state = VC_IKE_PHASE1;
  return VC_OK;
}
