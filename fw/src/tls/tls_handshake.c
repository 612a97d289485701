/* The TLS 1.2 handshake of both sides (RFC 5246 7.3-7.4, RFC 4492 for ECDHE, RFC 5746's
 * renegotiation_info): each received message is checked and answered here; the engine
 * (tls_engine.c) reassembles, hashes and dispatches them. */
#include <string.h>

#include "tls_internal.h"

#define EXT_SUPPORTED_GROUPS 10
#define EXT_EC_POINT_FORMATS 11
#define EXT_SIGNATURE_ALGORITHMS 13
#define EXT_RENEGOTIATION_INFO 0xff01
#define SCSV_RENEGOTIATION 0x00ff
#define GROUP_P256 23
#define SIG_RSA_SHA256 0x0401
#define SIG_ECDSA_SHA256 0x0403
#define CERT_TYPE_RSA_SIGN 1
#define CERT_TYPE_ECDSA_SIGN 64

static const vc_ec_curve *p256(void)
{
  return vc_ec_curve_get(VC_EC_P256);
}

static int is_gcm(const vc_tls *t)
{
  return t->suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM;
}

static uint32_t suites(const vc_tls *t)
{
  return t->cfg->suites ? t->cfg->suites : VC_TLS_ECDHE_ECDSA_AES128_GCM | VC_TLS_DHE_RSA_AES256_CBC;
}

/* The next extension of a hello's list: its type (-1 at the end or on a malformed list) and
 * body. RFC 5746's renegotiation_info is handled here for both sides: on a first handshake it
 * must carry an empty renegotiated_connection (*reneg set; -2 when it does not). */
static int next_extension(tls_rd *ext, tls_rd *e, int *reneg)
{
  if (!ext->n || ext->bad)
    return -1;
  int type = (int)tls_get(ext, 2);
  *e = tls_vec(ext, 2, 0, 0xffff);
  if (ext->bad)
    return -1;
  if (type == EXT_RENEGOTIATION_INFO) {
    if (e->n != 1 || e->p[0] != 0)
      return -2;
    *reneg = 1;
  }
  return type;
}

static void put_vec(tls_wr *w, int bytes, const uint8_t *p, size_t n)
{
  size_t m = tls_open_vec(w, bytes);
  tls_put_bytes(w, p, n);
  tls_close_vec(w, m, bytes);
}

/* ---- signatures with the own key, and verifications with the peer's certificate ---- */

/* A digitally-signed struct (RFC 5246 4.7) over the SHA-256 digest d with the own key. */
static int sign(vc_tls *t, tls_wr *w, const uint8_t d[VC_SHA256_DIGEST_LEN])
{
  int rc;
  tls_step(t, "sign", 0);
  if (t->cfg->ec_key) {
    uint8_t r[32], s[32], der[80];
    size_t n;
    rc = vc_ecdsa_sign(p256(), VC_EC_OPTIMIZED, t->cfg->ec_key, &vc_sha256_class, d, r, s);
    if (!rc)
      rc = vc_der_ecdsa_sig_encode(r, s, 32, der, sizeof(der), &n);
    tls_put(w, SIG_ECDSA_SHA256, 2);
    put_vec(w, 2, der, rc ? 0 : n);
  } else {
    size_t n = (t->own.rsa_n.len);
    size_t m;
    tls_put(w, SIG_RSA_SHA256, 2);
    m = tls_open_vec(w, 2);
    rc = n > w->cap - w->n ? VC_ERR_LENGTH
                           : vc_rsa_pkcs1_sign(t->cfg->rsa_key, &vc_sha256_class, d, w->p + w->n, n, VC_RSA_SRC, tls_mp(t));
    w->n += rc ? 0 : n;
    tls_close_vec(w, m, 2);
  }
  tls_step(t, "sign", 1);
  return rc ? tls_fail(t, AL_INTERNAL_ERROR) : VC_OK;
}

/* Reads a digitally-signed struct and checks it against digest d with the peer's key. */
static int verify(vc_tls *t, tls_rd *r, const uint8_t d[VC_SHA256_DIGEST_LEN])
{
  uint32_t alg = tls_get(r, 2);
  tls_rd sig = tls_vec(r, 2, 1, 0xffff);
  if (r->bad || r->n)
    return tls_fail(t, AL_DECODE_ERROR);
  if (alg != (t->peer.key_type == VC_X509_KEY_P256 ? SIG_ECDSA_SHA256 : SIG_RSA_SHA256))
    return tls_fail(t, AL_ILLEGAL_PARAMETER);
  tls_step(t, "verify", 0);
  int rc = vc_x509_key_verify(&t->peer, &vc_sha256_class, d, sig.p, sig.n, tls_mp(t));
  tls_step(t, "verify", 1);
  return rc ? tls_fail(t, AL_DECRYPT_ERROR) : VC_OK;
}

/* The peer's Certificate message: its first certificate must be signed by the trust anchor
 * (and carry the key the suite needs, `want`; 0: any). An empty list is *none. */
static int certificate(vc_tls *t, const uint8_t *body, size_t len, int want, int *none)
{
  tls_rd r = {body, len, 0};
  tls_rd list = tls_vec(&r, 3, 0, 0xffffff);
  if (r.bad || r.n)
    return tls_fail(t, AL_DECODE_ERROR);
  *none = list.n == 0;
  if (*none)
    return VC_OK;
  tls_rd leaf = tls_vec(&list, 3, 1, 0xffffff);
  while (!list.bad && list.n)       /* the rest of the chain (the anchor, say) must be well formed */
    tls_vec(&list, 3, 1, 0xffffff);
  if (list.bad)
    return tls_fail(t, AL_DECODE_ERROR);
  if (leaf.n > sizeof(t->peer_der))
    return tls_fail(t, AL_BAD_CERTIFICATE);
  memcpy(t->peer_der, leaf.p, leaf.n);
  if (vc_x509_parse(&t->peer, t->peer_der, leaf.n))
    return tls_fail(t, AL_BAD_CERTIFICATE);
  tls_step(t, "verify_cert", 0);
  int rc = vc_x509_verify(&t->peer, &t->ca, tls_mp(t));
  tls_step(t, "verify_cert", 1);
  if (rc)
    return tls_fail(t, AL_UNKNOWN_CA);
  if (t->cfg->now && (vc_x509_check_time(&t->peer, t->cfg->now) || vc_x509_check_time(&t->ca, t->cfg->now)))
    return tls_fail(t, AL_CERTIFICATE_EXPIRED);
  if ((want && t->peer.key_type != want) || t->peer.key_type == VC_X509_KEY_UNKNOWN ||
      !(t->peer.key_usage & VC_X509_KU_DIGITAL_SIGNATURE))
    return tls_fail(t, AL_UNSUPPORTED_CERTIFICATE);     /* it must sign (ServerKeyExchange, CertificateVerify) */
  return VC_OK;
}

static int send_certificate(vc_tls *t)
{
  tls_wr w = tls_msg_begin(t, HS_CERTIFICATE);
  size_t m = tls_open_vec(&w, 3);
  if (t->cfg->cert)
    put_vec(&w, 3, t->cfg->cert, t->cfg->certlen);
  tls_close_vec(&w, m, 3);
  return tls_msg_send(t, &w);
}

/* ---- key exchange ---- */

static size_t dh_xbits(const vc_tls *t)
{
  if (t->cfg->dh_xbits == VC_TLS_DH_FULL)
    return 0;
  if (t->cfg->dh_xbits)
    return t->cfg->dh_xbits;
  return vc_dh_xbits_for(vc_mp_bits(&t->dh_p));
}

/* The own ephemeral key pair; its public value written as ClientKeyExchange or
 * ServerKeyExchange writes it (a point behind one length byte, a DH value behind two). */
static int keygen(vc_tls *t, tls_wr *w)
{
  int rc;
  tls_step(t, "keygen", 0);
  if (is_gcm(t)) {
    uint8_t pub[65];
    rc = vc_ec_keygen(p256(), VC_EC_OPTIMIZED, t->cfg->rng, t->ec_priv, pub);
    put_vec(w, 1, pub, rc ? 0 : sizeof(pub));
  } else {
    vc_mp y;
    size_t plen = (vc_mp_bits(&t->dh_p) + 7) / 8, m = tls_open_vec(w, 2);
    t->dh_xbits = dh_xbits(t);
    rc = vc_dh_keygen(&t->dh_p, &t->dh_g, t->dh_xbits, t->cfg->rng, &t->dh_x, &y, tls_mp(t));
    if (!rc && plen <= w->cap - w->n) {
      rc = vc_mp_to_bytes(&y, w->p + w->n, plen);
      w->n += plen;
    }
    tls_close_vec(w, m, 2);
  }
  tls_step(t, "keygen", 1);
  return rc ? tls_fail(t, AL_INTERNAL_ERROR) : VC_OK;
}

/* The pre-master secret from the peer's public value, then the master secret and the keys. */
static int agree(vc_tls *t, const uint8_t *peer, size_t len)
{
  uint8_t pms[VC_TLS_MAX_DH_BITS / 8];
  size_t n;
  int rc;
  tls_step(t, "shared", 0);
  if (is_gcm(t)) {
    n = 32;
    rc = vc_ecdh(p256(), VC_EC_OPTIMIZED, t->ec_priv, sizeof(t->ec_priv), peer, len, pms);
  } else {
    vc_mp z;
    rc = peer ? vc_mp_from_bytes(&t->dh_peer, peer, len) : VC_OK;   /* the client has it from the ServerKeyExchange */
    if (!rc)
      rc = vc_dh_shared(&t->dh_p, &t->dh_x, t->dh_xbits, &t->dh_peer, &z, tls_mp(t));
    /* Z with its leading zero bytes stripped (RFC 5246 8.1.2; the length that leaks is the
     * protocol's, Raccoon's, and vc_mp's limb count is public anyway). */
    n = rc ? 0 : (vc_mp_bits(&z) + 7) / 8;
    if (!rc) {
      rc = vc_mp_to_bytes(&z, pms, n);
      memset(&z, 0, sizeof(z));
    }
  }
  tls_step(t, "shared", 1);
  memset(t->ec_priv, 0, sizeof(t->ec_priv));
  memset(&t->dh_x, 0, sizeof(t->dh_x));
  if (rc)
    return tls_fail(t, AL_ILLEGAL_PARAMETER);
  tls_step(t, "derive", 0);
  uint8_t seed[2 * TLS_RANDOM_LEN];
  memcpy(seed, t->crand, TLS_RANDOM_LEN);
  memcpy(seed + TLS_RANDOM_LEN, t->srand, TLS_RANDOM_LEN);
  vc_tls_prf(pms, n, "master secret", seed, sizeof(seed), t->master, TLS_MASTER_LEN);
  memset(pms, 0, sizeof(pms));
  int client = t->cfg->role == VC_TLS_CLIENT;
  vc_tls_keys(t->master, t->suite, t->crand, t->srand, client ? &t->wr_next : &t->rd_next,
           client ? &t->rd_next : &t->wr_next);
  tls_step(t, "derive", 1);
  return VC_OK;
}

/* ---- Finished and ChangeCipherSpec ---- */

static void verify_data(vc_tls *t, int client, const uint8_t th[VC_SHA256_DIGEST_LEN], uint8_t out[TLS_VERIFY_LEN])
{
  vc_tls_prf(t->master, TLS_MASTER_LEN, client ? "client finished" : "server finished", th, VC_SHA256_DIGEST_LEN,
             out, TLS_VERIFY_LEN);
}

int tls_finished_send(vc_tls *t)
{
  static const uint8_t ccs = 1;
  if (tls_send_record(t, CT_CCS, &ccs, 1))
    return tls_fail(t, AL_INTERNAL_ERROR);
  tls_activate(&t->wr, &t->wr_next);
  uint8_t th[VC_SHA256_DIGEST_LEN], vd[TLS_VERIFY_LEN];
  tls_step(t, "finished", 0);
  tls_transcript_hash(t, th);
  verify_data(t, t->cfg->role == VC_TLS_CLIENT, th, vd);
  tls_step(t, "finished", 1);
  tls_wr w = tls_msg_begin(t, HS_FINISHED);
  tls_put_bytes(&w, vd, sizeof(vd));
  return tls_msg_send(t, &w);
}

static int finished(vc_tls *t, const uint8_t *body, size_t len, const uint8_t prior[VC_SHA256_DIGEST_LEN])
{
  uint8_t vd[TLS_VERIFY_LEN];
  tls_step(t, "finished", 0);
  verify_data(t, t->cfg->role != VC_TLS_CLIENT, prior, vd);
  tls_step(t, "finished", 1);
  if (len != TLS_VERIFY_LEN)
    return tls_fail(t, AL_DECODE_ERROR);
  uint32_t diff = 0;
  for (size_t i = 0; i < TLS_VERIFY_LEN; i++)
    diff |= (uint32_t)(vd[i] ^ body[i]);
  if (diff)
    return tls_fail(t, AL_DECRYPT_ERROR);
  if (t->cfg->role == VC_TLS_SERVER) {
    int rc = tls_finished_send(t);
    if (rc)
      return rc;
  }
  t->state = VC_TLS_OPEN;
  t->expect = -1;
  memset(&t->dh_p, 0, sizeof(t->dh_p));
  memset(t->master, 0, sizeof(t->master));       /* no resumption, no renegotiation: not needed again */
  return VC_OK;
}

/* ---- the client ---- */

int tls_client_hello(vc_tls *t)
{
  uint32_t s = suites(t);
  int rc = vc_drbg_generate(t->cfg->rng, t->crand, sizeof(t->crand));
  if (rc)
    return rc;
  tls_wr w = tls_msg_begin(t, HS_CLIENT_HELLO);
  tls_put(&w, TLS_VERSION, 2);
  tls_put_bytes(&w, t->crand, sizeof(t->crand));
  tls_put(&w, 0, 1);                                    /* no session to resume */
  size_t m = tls_open_vec(&w, 2);
  if (s & VC_TLS_ECDHE_ECDSA_AES128_GCM)
    tls_put(&w, VC_TLS_ID_ECDHE_ECDSA_AES128_GCM, 2);
  if (s & VC_TLS_DHE_RSA_AES256_CBC)
    tls_put(&w, VC_TLS_ID_DHE_RSA_AES256_CBC, 2);
  tls_close_vec(&w, m, 2);
  tls_put(&w, 0x0100, 2);                               /* compression methods: null only */
  size_t ext = tls_open_vec(&w, 2);
  if (s & VC_TLS_ECDHE_ECDSA_AES128_GCM) {
    static const uint8_t groups[] = {0, 2, 0, GROUP_P256}, formats[] = {1, 0};
    tls_put(&w, EXT_SUPPORTED_GROUPS, 2);
    put_vec(&w, 2, groups, sizeof(groups));
    tls_put(&w, EXT_EC_POINT_FORMATS, 2);
    put_vec(&w, 2, formats, sizeof(formats));
  }
  static const uint8_t sigalgs[] = {0, 4, SIG_ECDSA_SHA256 >> 8, SIG_ECDSA_SHA256 & 0xff, SIG_RSA_SHA256 >> 8,
                                    SIG_RSA_SHA256 & 0xff};
  static const uint8_t reneg[] = {0};                   /* an empty renegotiated_connection */
  tls_put(&w, EXT_SIGNATURE_ALGORITHMS, 2);
  put_vec(&w, 2, sigalgs, sizeof(sigalgs));
  tls_put(&w, EXT_RENEGOTIATION_INFO, 2);
  put_vec(&w, 2, reneg, sizeof(reneg));
  tls_close_vec(&w, ext, 2);
  return tls_msg_send(t, &w);
}

static int server_hello(vc_tls *t, const uint8_t *body, size_t len)
{
  tls_rd r = {body, len, 0};
  uint32_t version = tls_get(&r, 2);
  const uint8_t *srand = tls_take(&r, TLS_RANDOM_LEN);
  tls_vec(&r, 1, 0, 32);                                /* the session id: not resumed */
  uint32_t suite = tls_get(&r, 2), comp = tls_get(&r, 1);
  int reneg = 0;
  tls_rd ext = r.n ? tls_vec(&r, 2, 0, 0xffff) : (tls_rd){NULL, 0, 0};
  if (r.bad || r.n)
    return tls_fail(t, AL_DECODE_ERROR);
  if (version != TLS_VERSION)
    return tls_fail(t, AL_PROTOCOL_VERSION);
  uint32_t bit = suite == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM ? VC_TLS_ECDHE_ECDSA_AES128_GCM
                 : suite == VC_TLS_ID_DHE_RSA_AES256_CBC  ? VC_TLS_DHE_RSA_AES256_CBC
                                                          : 0;
  if (!(bit & suites(t)) || comp != 0)
    return tls_fail(t, AL_ILLEGAL_PARAMETER);
  tls_rd e;
  int type;
  while ((type = next_extension(&ext, &e, &reneg)) >= 0) {
    if (type == EXT_EC_POINT_FORMATS && bit == VC_TLS_ECDHE_ECDSA_AES128_GCM) {
      tls_rd f = tls_vec(&e, 1, 1, 255);
      int ok = 0;
      while (f.n && !f.bad)
        ok |= tls_get(&f, 1) == 0;
      if (!ok)
        return tls_fail(t, AL_ILLEGAL_PARAMETER);
    } else if (type != EXT_RENEGOTIATION_INFO) {
      return tls_fail(t, AL_UNSUPPORTED_EXTENSION);   /* one the client did not offer */
    }
  }
  if (type == -2)
    return tls_fail(t, AL_HANDSHAKE_FAILURE);
  if (ext.bad)
    return tls_fail(t, AL_DECODE_ERROR);
  if (!reneg)
    return tls_fail(t, AL_HANDSHAKE_FAILURE);           /* RFC 5746: a server without it */
  memcpy(t->srand, srand, TLS_RANDOM_LEN);
  t->suite = suite;
  t->expect = HS_CERTIFICATE;
  return VC_OK;
}

static int server_key_exchange(vc_tls *t, const uint8_t *body, size_t len)
{
  tls_rd r = {body, len, 0};
  if (is_gcm(t)) {
    uint32_t type = tls_get(&r, 1), group = tls_get(&r, 2);
    tls_rd pt = tls_vec(&r, 1, 1, 255);
    if (r.bad)
      return tls_fail(t, AL_DECODE_ERROR);
    if (type != 3 || group != GROUP_P256 || pt.n != sizeof(t->ec_peer) || pt.p[0] != 4)
      return tls_fail(t, AL_ILLEGAL_PARAMETER);
    memcpy(t->ec_peer, pt.p, pt.n);
  } else {
    tls_rd p = tls_vec(&r, 2, 1, 0xffff), g = tls_vec(&r, 2, 1, 0xffff), y = tls_vec(&r, 2, 1, 0xffff);
    if (r.bad)
      return tls_fail(t, AL_DECODE_ERROR);
    if (p.n > VC_TLS_MAX_DH_BITS / 8 || y.n > p.n || g.n > p.n)
      return tls_fail(t, AL_INSUFFICIENT_SECURITY);     /* a group over VC_TLS_MAX_DH_BITS */
    vc_mp_from_bytes(&t->dh_p, p.p, p.n);
    vc_mp_from_bytes(&t->dh_g, g.p, g.n);
    vc_mp_from_bytes(&t->dh_peer, y.p, y.n);
    if (vc_mp_bits(&t->dh_p) < VC_TLS_MIN_DH_BITS)
      return tls_fail(t, AL_INSUFFICIENT_SECURITY);     /* Logjam-sized groups */
    /* p odd, and g and Ys in [2, p-2] (vc_dh_keygen and vc_dh_shared check them again). */
    vc_mp pm2;
    vc_mp_set_u32(&pm2, 2);
    vc_mp_sub_var(&pm2, &t->dh_p, &pm2);
    if (!vc_mp_bit(&t->dh_p, 0) || vc_mp_cmp_u32_var(&t->dh_g, 2) < 0 || vc_mp_cmp_var(&t->dh_g, &pm2) > 0 ||
        vc_mp_cmp_u32_var(&t->dh_peer, 2) < 0 || vc_mp_cmp_var(&t->dh_peer, &pm2) > 0)
      return tls_fail(t, AL_ILLEGAL_PARAMETER);
  }
  /* The signature covers client_random || server_random || the parameters. */
  uint8_t d[VC_SHA256_DIGEST_LEN];
  vc_sha256_ctx c;
  vc_sha256_init(&c);
  vc_sha256_update(&c, t->crand, TLS_RANDOM_LEN);
  vc_sha256_update(&c, t->srand, TLS_RANDOM_LEN);
  vc_sha256_update(&c, body, len - r.n);
  vc_sha256_final(&c, d);
  int rc = verify(t, &r, d);
  if (rc)
    return rc;
  t->expect = HS_SERVER_HELLO_DONE;                     /* or a CertificateRequest */
  return VC_OK;
}

static int certificate_request(vc_tls *t, const uint8_t *body, size_t len)
{
  tls_rd r = {body, len, 0};
  tls_vec(&r, 1, 1, 255);                               /* certificate types */
  tls_vec(&r, 2, 2, 0xfffe);                            /* signature algorithms */
  tls_vec(&r, 2, 0, 0xffff);                            /* acceptable CAs */
  if (r.bad || r.n)
    return tls_fail(t, AL_DECODE_ERROR);
  t->cert_requested = 1;
  t->expect = HS_SERVER_HELLO_DONE;
  return VC_OK;
}

/* The client's second flight: [Certificate], ClientKeyExchange, [CertificateVerify],
 * ChangeCipherSpec, Finished. */
static int server_hello_done(vc_tls *t, size_t len)
{
  int rc;
  if (len)
    return tls_fail(t, AL_DECODE_ERROR);
  if (t->cert_requested && (rc = send_certificate(t)))
    return rc;
  tls_wr w = tls_msg_begin(t, HS_CLIENT_KEY_EXCHANGE);
  if ((rc = keygen(t, &w)))
    return rc;
  if ((rc = tls_msg_send(t, &w)))
    return rc;
  if ((rc = agree(t, is_gcm(t) ? t->ec_peer : NULL, is_gcm(t) ? sizeof(t->ec_peer) : 0)))
    return rc;
  if (t->cert_requested && t->cfg->cert) {
    uint8_t th[VC_SHA256_DIGEST_LEN];
    tls_transcript_hash(t, th);
    w = tls_msg_begin(t, HS_CERTIFICATE_VERIFY);
    if ((rc = sign(t, &w, th)) || (rc = tls_msg_send(t, &w)))
      return rc;
  }
  t->expect = HS_CCS;
  return tls_finished_send(t);
}

/* ---- the server ---- */

static int client_hello(vc_tls *t, const uint8_t *body, size_t len)
{
  tls_rd r = {body, len, 0};
  uint32_t version = tls_get(&r, 2);
  const uint8_t *crand = tls_take(&r, TLS_RANDOM_LEN);
  tls_vec(&r, 1, 0, 32);
  tls_rd cs = tls_vec(&r, 2, 2, 0xfffe), comp = tls_vec(&r, 1, 1, 255);
  tls_rd ext = r.n ? tls_vec(&r, 2, 0, 0xffff) : (tls_rd){NULL, 0, 0};
  if (r.bad || r.n)
    return tls_fail(t, AL_DECODE_ERROR);
  if (version < TLS_VERSION)
    return tls_fail(t, AL_PROTOCOL_VERSION);
  unsigned want = t->cfg->ec_key ? VC_TLS_ID_ECDHE_ECDSA_AES128_GCM : VC_TLS_ID_DHE_RSA_AES256_CBC;
  int offered = 0, reneg = 0, null_comp = 0, sigalg = 0, p256_ok = 1;
  while (cs.n && !cs.bad) {
    uint32_t s = tls_get(&cs, 2);
    offered |= s == want;
    reneg |= s == SCSV_RENEGOTIATION;
  }
  while (comp.n && !comp.bad)
    null_comp |= tls_get(&comp, 1) == 0;
  tls_rd e;
  int type;
  while ((type = next_extension(&ext, &e, &reneg)) >= 0) {
    if (type == EXT_SIGNATURE_ALGORITHMS) {
      tls_rd l = tls_vec(&e, 2, 2, 0xfffe);
      while (l.n && !l.bad)
        sigalg |= tls_get(&l, 2) == (t->cfg->ec_key ? SIG_ECDSA_SHA256 : SIG_RSA_SHA256);
    } else if (type == EXT_SUPPORTED_GROUPS) {
      tls_rd l = tls_vec(&e, 2, 2, 0xfffe);
      p256_ok = 0;
      while (l.n && !l.bad)
        p256_ok |= tls_get(&l, 2) == GROUP_P256;
    } else if (type == EXT_EC_POINT_FORMATS) {
      t->ec_formats = 1;
    }
  }
  if (type == -2)
    return tls_fail(t, AL_HANDSHAKE_FAILURE);
  if (cs.bad || comp.bad || ext.bad)
    return tls_fail(t, AL_DECODE_ERROR);
  /* Without signature_algorithms TLS 1.2 means SHA-1 (7.4.1.4.1), which this side does not sign. */
  if (!offered || !reneg || !null_comp || !sigalg || (want == VC_TLS_ID_ECDHE_ECDSA_AES128_GCM && !p256_ok))
    return tls_fail(t, AL_HANDSHAKE_FAILURE);
  memcpy(t->crand, crand, TLS_RANDOM_LEN);
  t->suite = want;
  if (vc_drbg_generate(t->cfg->rng, t->srand, sizeof(t->srand)))
    return tls_fail(t, AL_INTERNAL_ERROR);

  int rc;
  tls_wr w = tls_msg_begin(t, HS_SERVER_HELLO);
  tls_put(&w, TLS_VERSION, 2);
  tls_put_bytes(&w, t->srand, sizeof(t->srand));
  tls_put(&w, 0, 1);
  tls_put(&w, want, 2);
  tls_put(&w, 0, 1);
  size_t m = tls_open_vec(&w, 2);
  static const uint8_t reneg_info[] = {0}, formats[] = {1, 0};
  tls_put(&w, EXT_RENEGOTIATION_INFO, 2);
  put_vec(&w, 2, reneg_info, sizeof(reneg_info));
  if (is_gcm(t) && t->ec_formats) {
    tls_put(&w, EXT_EC_POINT_FORMATS, 2);
    put_vec(&w, 2, formats, sizeof(formats));
  }
  tls_close_vec(&w, m, 2);
  if ((rc = tls_msg_send(t, &w)) || (rc = send_certificate(t)))
    return rc;

  /* ServerKeyExchange: the ephemeral key's parameters, signed with the randoms. */
  w = tls_msg_begin(t, HS_SERVER_KEY_EXCHANGE);
  size_t params = w.n;
  if (is_gcm(t)) {
    tls_put(&w, 3, 1);
    tls_put(&w, GROUP_P256, 2);
  } else {
    const vc_dh_group *grp = vc_dh_group_find("ffdhe2048");
    vc_dh_group_load(grp, &t->dh_p, &t->dh_g);
    put_vec(&w, 2, grp->p, grp->bits / 8);
    tls_put(&w, 1, 2);
    tls_put(&w, grp->g, 1);
  }
  if ((rc = keygen(t, &w)))
    return rc;
  uint8_t d[VC_SHA256_DIGEST_LEN];
  vc_sha256_ctx c;
  vc_sha256_init(&c);
  vc_sha256_update(&c, t->crand, TLS_RANDOM_LEN);
  vc_sha256_update(&c, t->srand, TLS_RANDOM_LEN);
  vc_sha256_update(&c, w.p + params, w.n - params);
  vc_sha256_final(&c, d);
  if ((rc = sign(t, &w, d)) || (rc = tls_msg_send(t, &w)))
    return rc;

  if (t->cfg->require_client_cert) {
    static const uint8_t types[] = {CERT_TYPE_RSA_SIGN, CERT_TYPE_ECDSA_SIGN},
                         sigalgs[] = {SIG_ECDSA_SHA256 >> 8, SIG_ECDSA_SHA256 & 0xff, SIG_RSA_SHA256 >> 8,
                                      SIG_RSA_SHA256 & 0xff};
    w = tls_msg_begin(t, HS_CERTIFICATE_REQUEST);
    put_vec(&w, 1, types, sizeof(types));
    put_vec(&w, 2, sigalgs, sizeof(sigalgs));
    size_t cas = tls_open_vec(&w, 2);
    put_vec(&w, 2, t->ca.subject.p, t->ca.subject.len);
    tls_close_vec(&w, cas, 2);
    if ((rc = tls_msg_send(t, &w)))
      return rc;
    t->cert_requested = 1;
  }
  w = tls_msg_begin(t, HS_SERVER_HELLO_DONE);
  if ((rc = tls_msg_send(t, &w)))
    return rc;
  t->expect = t->cert_requested ? HS_CERTIFICATE : HS_CLIENT_KEY_EXCHANGE;
  return VC_OK;
}

static int client_key_exchange(vc_tls *t, const uint8_t *body, size_t len)
{
  tls_rd r = {body, len, 0};
  tls_rd v = is_gcm(t) ? tls_vec(&r, 1, 1, 255) : tls_vec(&r, 2, 1, VC_TLS_MAX_DH_BITS / 8);
  if (r.bad || r.n)
    return tls_fail(t, AL_DECODE_ERROR);
  int rc = agree(t, v.p, v.n);
  if (rc)
    return rc;
  t->expect = t->peer_has_cert ? HS_CERTIFICATE_VERIFY : HS_CCS;
  return VC_OK;
}

/* ---- dispatch ---- */

int tls_handle(vc_tls *t, int type, const uint8_t *body, size_t len, const uint8_t prior[VC_SHA256_DIGEST_LEN])
{
  int client = t->cfg->role == VC_TLS_CLIENT, none, rc;
  switch (type) {
  case HS_SERVER_HELLO:
    return server_hello(t, body, len);
  case HS_CERTIFICATE:
    rc = certificate(t, body, len, client ? (is_gcm(t) ? VC_X509_KEY_P256 : VC_X509_KEY_RSA) : 0, &none);
    if (rc)
      return rc;
    if (client && none)
      return tls_fail(t, AL_DECODE_ERROR);
    if (!client && none)                                /* the server asked and requires one */
      return tls_fail(t, AL_HANDSHAKE_FAILURE);
    t->peer_has_cert = !none;
    t->expect = client ? HS_SERVER_KEY_EXCHANGE : HS_CLIENT_KEY_EXCHANGE;
    return VC_OK;
  case HS_SERVER_KEY_EXCHANGE:
    return server_key_exchange(t, body, len);
  case HS_CERTIFICATE_REQUEST:
    return certificate_request(t, body, len);
  case HS_SERVER_HELLO_DONE:
    return server_hello_done(t, len);
  case HS_CLIENT_HELLO:
    return client_hello(t, body, len);
  case HS_CLIENT_KEY_EXCHANGE:
    return client_key_exchange(t, body, len);
  case HS_CERTIFICATE_VERIFY: {
    tls_rd r = {body, len, 0};
    if ((rc = verify(t, &r, prior)))
      return rc;
    t->expect = HS_CCS;
    return VC_OK;
  }
  case HS_FINISHED:
    return finished(t, body, len, prior);
  default:
    return tls_fail(t, AL_UNEXPECTED_MESSAGE);
  }
}
