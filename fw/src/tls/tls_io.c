/* What the engine and the handshake share: bounds-checked reading and writing of messages,
 * sending handshake messages and records, the transcript, and failing with an alert. */
#include <string.h>

#include "tls_internal.h"

/* ---- reading and writing messages ---- */

uint32_t tls_get(tls_rd *r, int bytes)
{
  const uint8_t *p = tls_take(r, (size_t)bytes);
  uint32_t v = 0;
  for (int i = 0; p && i < bytes; i++)
    v = v << 8 | p[i];
  return v;
}

const uint8_t *tls_take(tls_rd *r, size_t n)
{
  if (r->bad || n > r->n) {
    r->bad = 1;
    return NULL;
  }
  const uint8_t *p = r->p;
  r->p += n;
  r->n -= n;
  return p;
}

tls_rd tls_vec(tls_rd *r, int bytes, size_t lo, size_t hi)
{
  size_t n = tls_get(r, bytes);
  tls_rd v = {NULL, 0, 1};
  if (r->bad || n < lo || n > hi) {
    r->bad = 1;
    return v;
  }
  v.p = tls_take(r, n);
  v.n = n;
  v.bad = r->bad;
  return v;
}

void tls_put(tls_wr *w, uint32_t v, int bytes)
{
  if (w->bad || w->n + (size_t)bytes > w->cap) {
    w->bad = 1;
    return;
  }
  for (int i = bytes - 1; i >= 0; i--)
    w->p[w->n++] = (uint8_t)(v >> (8 * i));
}

void tls_put_bytes(tls_wr *w, const uint8_t *p, size_t n)
{
  if (w->bad || n > w->cap - w->n) {
    w->bad = 1;
    return;
  }
  memcpy(w->p + w->n, p, n);
  w->n += n;
}

size_t tls_open_vec(tls_wr *w, int bytes)
{
  size_t mark = w->n;
  tls_put(w, 0, bytes);
  return mark;
}

void tls_close_vec(tls_wr *w, size_t mark, int bytes)
{
  if (w->bad)
    return;
  size_t n = w->n - mark - (size_t)bytes;
  if (bytes < 4 && n >> (8 * bytes)) {
    w->bad = 1;
    return;
  }
  for (int i = 0; i < bytes; i++)
    w->p[mark + (size_t)i] = (uint8_t)(n >> (8 * (bytes - 1 - i)));
}

/* ---- sending ---- */

void tls_step(vc_tls *t, const char *name, int end)
{
  if (t->cfg->step)
    t->cfg->step(t->cfg->step_arg, name, end);
}

const vc_mp_cfg *tls_mp(const vc_tls *t)
{
  return t->cfg->mp ? t->cfg->mp : &vc_mp_cfg_default;
}

int tls_send_record(vc_tls *t, int type, const uint8_t *p, size_t n)
{
  do {
    size_t frag = n < VC_TLS_OUT_FRAG ? n : VC_TLS_OUT_FRAG, len;
    if (t->wr.suite)
      tls_step(t, "record", 0);
    int rc = vc_tls_record_seal(&t->wr, t->cfg->rng, type, p, frag, t->out + t->outlen, sizeof(t->out) - t->outlen, &len);
    if (t->wr.suite)
      tls_step(t, "record", 1);
    if (rc)
      return rc;
    t->outlen += len;
    p += frag;
    n -= frag;
  } while (n);
  return VC_OK;
}

tls_wr tls_msg_begin(vc_tls *t, int type)
{
  tls_wr w = {t->msg, 0, sizeof(t->msg), 0};
  tls_put(&w, (uint32_t)type, 1);
  tls_put(&w, 0, 3);
  return w;
}

int tls_msg_send(vc_tls *t, tls_wr *w)
{
  tls_close_vec(w, 1, 3);
  if (w->bad)
    return tls_fail(t, AL_INTERNAL_ERROR);
  vc_sha256_update(&t->transcript, w->p, w->n);
  if (tls_send_record(t, CT_HANDSHAKE, w->p, w->n))
    return tls_fail(t, AL_INTERNAL_ERROR);
  return VC_OK;
}

void tls_transcript_hash(const vc_tls *t, uint8_t out[VC_SHA256_DIGEST_LEN])
{
  vc_sha256_ctx c = t->transcript;
  vc_sha256_final(&c, out);
}

void tls_wipe(vc_tls *t)
{
  memset(t->master, 0, sizeof(t->master));
  memset(t->ec_priv, 0, sizeof(t->ec_priv));
  memset(&t->dh_x, 0, sizeof(t->dh_x));
  memset(&t->rd_next, 0, sizeof(t->rd_next));
  memset(&t->wr_next, 0, sizeof(t->wr_next));
  /* the live keys too: nothing is read or written after a failure or a close */
  memset(&t->rd, 0, sizeof(t->rd));
  memset(&t->wr, 0, sizeof(t->wr));
}

/* A fatal alert from this side: queued (protected if keys are on), the connection failed. */
int tls_fail(vc_tls *t, int alert)
{
  if (t->state != VC_TLS_FAILED) {
    uint8_t a[2] = {2, (uint8_t)alert};
    t->state = VC_TLS_FAILED;
    t->alert = alert;
    t->alert_from_peer = 0;
    tls_send_record(t, CT_ALERT, a, sizeof(a));
    tls_wipe(t);
  }
  return VC_ERR_PROTO;
}
