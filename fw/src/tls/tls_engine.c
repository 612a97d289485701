/* The TLS engine without I/O: records received, handshake messages reassembled and dispatched,
 * alerts, application data, and the public calls of tls.h. */
#include <string.h>

#include "tls_internal.h"

/* ---- receiving ---- */

/* The handshake messages gathered in hs[]: each whole one is hashed into the transcript (the
 * hash before it kept for CertificateVerify and Finished) and handled. */
static int handshake_bytes(vc_tls *t, const uint8_t *p, size_t n)
{
  if (n > sizeof(t->hs) - t->hslen)
    return tls_fail(t, AL_UNEXPECTED_MESSAGE);   /* a message over VC_TLS_HS_CAP */
  memcpy(t->hs + t->hslen, p, n);
  t->hslen += n;
  while (t->hslen >= 4 && (t->state == VC_TLS_HANDSHAKE || t->hs[0] == HS_HELLO_REQUEST)) {
    size_t len = (size_t)t->hs[1] << 16 | (size_t)t->hs[2] << 8 | t->hs[3];
    if (len > sizeof(t->hs) - 4)
      return tls_fail(t, AL_UNEXPECTED_MESSAGE);
    if (t->hslen < 4 + len)
      break;
    int type = t->hs[0];
    if (type == HS_HELLO_REQUEST && len == 0 && t->cfg->role == VC_TLS_CLIENT) {
      /* RFC 5246 7.4.1.1: ignored (not hashed) by a client that does not renegotiate */
      memmove(t->hs, t->hs + 4, t->hslen - 4);
      t->hslen -= 4;
      continue;
    }
    /* A server's CertificateRequest is optional: the client expects it or ServerHelloDone. */
    int optional = type == HS_CERTIFICATE_REQUEST && t->expect == HS_SERVER_HELLO_DONE && !t->cert_requested &&
                   t->cfg->role == VC_TLS_CLIENT;
    if (type != t->expect && !optional)
      return tls_fail(t, type == HS_CLIENT_HELLO || type == 0 ? AL_NO_RENEGOTIATION : AL_UNEXPECTED_MESSAGE);
    uint8_t prior[VC_SHA256_DIGEST_LEN];
    tls_transcript_hash(t, prior);
    vc_sha256_update(&t->transcript, t->hs, 4 + len);
    int rc = tls_handle(t, type, t->hs + 4, len, prior);
    if (rc)
      return rc;
    memmove(t->hs, t->hs + 4 + len, t->hslen - 4 - len);
    t->hslen -= 4 + len;
  }
  if (t->hslen && t->state != VC_TLS_HANDSHAKE)
    return tls_fail(t, AL_UNEXPECTED_MESSAGE);   /* a HelloRequest or more after the handshake */
  return VC_OK;
}

static int record(vc_tls *t, uint8_t *rec, size_t len)
{
  int type = rec[0];
  const uint8_t *p;
  size_t n;
  if (t->rd.suite)
    tls_step(t, "record", 0);
  int rc = vc_tls_record_open(&t->rd, rec, len, &p, &n);
  if (t->rd.suite)
    tls_step(t, "record", 1);
  if (rc)
    return tls_fail(t, AL_BAD_RECORD_MAC);
  if (n > VC_TLS_MAX_PLAIN)
    return tls_fail(t, AL_RECORD_OVERFLOW);
  if (type != CT_HANDSHAKE && t->hslen)
    return tls_fail(t, AL_UNEXPECTED_MESSAGE);   /* messages may not be split around others */
  switch (type) {
  case CT_HANDSHAKE:
    if (n == 0)
      return tls_fail(t, AL_UNEXPECTED_MESSAGE);
    return handshake_bytes(t, p, n);
  case CT_CCS:
    if (t->state != VC_TLS_HANDSHAKE || t->expect != HS_CCS || n != 1 || p[0] != 1)
      return tls_fail(t, AL_UNEXPECTED_MESSAGE);
    tls_activate(&t->rd, &t->rd_next);
    t->expect = HS_FINISHED;
    return VC_OK;
  case CT_ALERT:
    if (n != 2)
      return tls_fail(t, AL_DECODE_ERROR);
    if (p[1] != AL_CLOSE_NOTIFY && p[0] == 1)      /* a warning: go on */
      return VC_OK;
    t->alert = p[1];
    t->alert_from_peer = 1;
    if (p[1] == AL_CLOSE_NOTIFY) {
      if (t->state == VC_TLS_OPEN) {
        uint8_t a[2] = {1, AL_CLOSE_NOTIFY};
        tls_send_record(t, CT_ALERT, a, sizeof(a));
      }
      t->state = VC_TLS_CLOSED;
      tls_wipe(t);
      return VC_OK;
    }
    t->state = VC_TLS_FAILED;
    tls_wipe(t);
    return VC_ERR_PROTO;
  case CT_APP:
    if (t->state != VC_TLS_OPEN)
      return tls_fail(t, AL_UNEXPECTED_MESSAGE);
    t->app = p;
    t->applen = n;
    return VC_OK;
  default:
    return tls_fail(t, AL_UNEXPECTED_MESSAGE);
  }
}

int vc_tls_feed(vc_tls *t, const uint8_t *in, size_t len, size_t *used)
{
  if (!t || (!in && len) || !used)
    return VC_ERR_NULL;
  if (!t->cfg)
    return VC_ERR_STATE;
  *used = 0;
  while (t->state == VC_TLS_HANDSHAKE || t->state == VC_TLS_OPEN) {
    if (t->applen)
      return VC_OK;
    if (t->app_rec) {               /* the record whose data was read: drop it */
      memmove(t->in, t->in + t->app_rec, t->inlen - t->app_rec);
      t->inlen -= t->app_rec;
      t->app_rec = 0;
    }
    size_t room = sizeof(t->in) - t->inlen, take = len - *used < room ? len - *used : room;
    if (take)
      memcpy(t->in + t->inlen, in + *used, take);
    t->inlen += take;
    *used += take;
    /* in[] holds the largest record: one not yet whole means every input byte was taken. */
    if (t->inlen < 5)
      return VC_OK;
    size_t rlen = (size_t)t->in[3] << 8 | t->in[4];
    /* The first record of a ClientHello may carry any TLS 1.x version (RFC 5246 E.1). */
    if (t->in[1] != 3 || (t->in[2] != 3 && (t->expect != HS_CLIENT_HELLO || t->in[2] > 3)))
      return tls_fail(t, AL_PROTOCOL_VERSION);
    if (rlen > VC_TLS_MAX_PLAIN + 2048)
      return tls_fail(t, AL_RECORD_OVERFLOW);
    if (t->inlen < 5 + rlen)
      return VC_OK;
    int rc = record(t, t->in, 5 + rlen);
    if (rc)
      return rc;
    if (t->applen)
      t->app_rec = 5 + rlen;
    else {
      memmove(t->in, t->in + 5 + rlen, t->inlen - 5 - rlen);
      t->inlen -= 5 + rlen;
    }
  }
  return t->state == VC_TLS_CLOSED ? VC_OK : VC_ERR_PROTO;
}

int vc_tls_read(vc_tls *t, uint8_t *out, size_t cap, size_t *n)
{
  if (!t || (!out && cap) || !n)
    return VC_ERR_NULL;
  if (!t->cfg)
    return VC_ERR_STATE;
  *n = t->applen < cap ? t->applen : cap;
  if (*n) {
    memcpy(out, t->app, *n);
    t->app += *n;
    t->applen -= *n;
  }
  return VC_OK;
}

int vc_tls_take(vc_tls *t, uint8_t *out, size_t cap, size_t *n)
{
  if (!t || (!out && cap) || !n)
    return VC_ERR_NULL;
  if (!t->cfg)
    return VC_ERR_STATE;
  *n = t->outlen < cap ? t->outlen : cap;
  if (*n)
    memcpy(out, t->out, *n);
  memmove(t->out, t->out + *n, t->outlen - *n);
  t->outlen -= *n;
  return VC_OK;
}

int vc_tls_write(vc_tls *t, const uint8_t *data, size_t len)
{
  if (!t || (!data && len))
    return VC_ERR_NULL;
  if (!t->cfg || t->state != VC_TLS_OPEN)
    return VC_ERR_STATE;
  size_t frags = (len + VC_TLS_OUT_FRAG - 1) / VC_TLS_OUT_FRAG;
  if (len > sizeof(t->out) || len + frags * (5 + VC_MAX_BLOCK_LEN + VC_TLS_MAC_LEN + VC_MAX_BLOCK_LEN) > sizeof(t->out) - t->outlen)
    return VC_ERR_LENGTH;
  return len ? tls_send_record(t, CT_APP, data, len) : VC_OK;
}

int vc_tls_close(vc_tls *t)
{
  if (!t)
    return VC_ERR_NULL;
  if (!t->cfg)
    return VC_ERR_STATE;
  if (t->state == VC_TLS_OPEN || t->state == VC_TLS_HANDSHAKE) {
    uint8_t a[2] = {1, AL_CLOSE_NOTIFY};
    tls_send_record(t, CT_ALERT, a, sizeof(a));
    t->state = VC_TLS_CLOSED;
    tls_wipe(t);
  }
  return VC_OK;
}

int vc_tls_state(const vc_tls *t)
{
  return !t ? VC_ERR_NULL : !t->cfg ? VC_ERR_STATE : t->state;
}

unsigned vc_tls_suite(const vc_tls *t)
{
  return t ? t->suite : 0;
}

int vc_tls_alert(const vc_tls *t, int *from_peer)
{
  if (!t || !t->cfg)
    return -1;
  if (from_peer)
    *from_peer = t->alert_from_peer;
  return t->alert;
}

const char *vc_tls_suite_name(unsigned id)
{
  switch (id) {
  case VC_TLS_ID_ECDHE_ECDSA_AES128_GCM: return "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
  case VC_TLS_ID_DHE_RSA_AES256_CBC: return "TLS_DHE_RSA_WITH_AES_256_CBC_SHA";
  default: return NULL;
  }
}

int vc_tls_init(vc_tls *t, const vc_tls_config *cfg)
{
  vc_x509_cert ca, own = {0};
  if (!t || !cfg || !cfg->rng || !cfg->ca)
    return VC_ERR_NULL;
  if ((cfg->role != VC_TLS_CLIENT && cfg->role != VC_TLS_SERVER) || (cfg->cert != NULL) != (cfg->rsa_key || cfg->ec_key) ||
      (cfg->rsa_key && cfg->ec_key) || (cfg->role == VC_TLS_SERVER && !cfg->cert) ||
      cfg->suites & ~(uint32_t)(VC_TLS_ECDHE_ECDSA_AES128_GCM | VC_TLS_DHE_RSA_AES256_CBC))
    return VC_ERR_PARAM;
  if (vc_x509_parse(&ca, cfg->ca, cfg->calen) || (cfg->cert && vc_x509_parse(&own, cfg->cert, cfg->certlen)))
    return VC_ERR_VERIFY;
  if (cfg->cert && own.key_type != (cfg->ec_key ? VC_X509_KEY_P256 : VC_X509_KEY_RSA))
    return VC_ERR_PARAM;                            /* a key that is not the certificate's kind */
  /* The server's key picks its suite. */
  uint32_t bit = cfg->ec_key ? VC_TLS_ECDHE_ECDSA_AES128_GCM : VC_TLS_DHE_RSA_AES256_CBC;
  if (cfg->role == VC_TLS_SERVER && cfg->suites && !(cfg->suites & bit))
    return VC_ERR_PARAM;
  memset(t, 0, sizeof(*t));
  t->cfg = cfg;
  t->alert = -1;
  t->ca = ca;
  t->own = own;
  vc_sha256_init(&t->transcript);
  t->state = VC_TLS_HANDSHAKE;
  if (cfg->role == VC_TLS_SERVER) {
    t->expect = HS_CLIENT_HELLO;
    return VC_OK;
  }
  t->expect = HS_SERVER_HELLO;
  return tls_client_hello(t);
}
