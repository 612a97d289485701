/* ISAKMP messages (RFC 2408 3): the header, generic payload headers, the SA payloads this
 * engine proposes, and the encryption of the payloads (RFC 2409 appendix B's padding); the step
 * hook every IKE source calls. */
#include <string.h>

#include "ike_internal.h"
#include "../internal.h"

void ike_step(const vc_ike *s, const char *name, int end)
{
  if (s->cfg.step)
    s->cfg.step(s->cfg.step_arg, name, end);
}

void ike_begin(vc_ike *s, ike_wr *w, uint8_t exch, uint8_t flags, uint32_t msgid)
{
  uint8_t h[IKE_HDR_LEN] = {0};
  memcpy(h, s->cky_i, 8);
  memcpy(h + 8, s->cky_r, 8);
  h[17] = IKE_VERSION;
  h[18] = exch;
  h[19] = flags;
  vc_st32be(h + 20, msgid);
  w->p = s->out;
  w->cap = sizeof(s->out);
  w->n = 0;
  w->err = 0;
  ike_put(w, h, sizeof(h));
  w->next_at = 16;
}

void ike_put(ike_wr *w, const void *b, size_t n)
{
  if (n > w->cap - w->n) {
    w->err = 1;
    return;
  }
  memcpy(w->p + w->n, b, n);
  w->n += n;
}

size_t ike_open(ike_wr *w, uint8_t type)
{
  static const uint8_t hdr[4] = {0};
  size_t at = w->n;
  if (w->next_at < w->n)
    w->p[w->next_at] = type;
  ike_put(w, hdr, sizeof(hdr));
  w->next_at = at;
  return at;
}

void ike_close(ike_wr *w, size_t at)
{
  if (!w->err)
    vc_st32be(w->p + at, (uint32_t)w->p[at] << 24 | (uint32_t)(w->n - at));
}

void ike_payload(ike_wr *w, uint8_t type, const uint8_t *b, size_t n)
{
  size_t at = ike_open(w, type);
  ike_put(w, b, n);
  ike_close(w, at);
}

/* SA payload bodies (RFC 2407 4.6.1, 4.4.1, 4.5; RFC 2409 appendix A): DOI IPsec, situation
 * SIT_IDENTITY_ONLY, one proposal with one transform, its attributes basic (type/value). */
size_t ike_sa_body(const vc_ike *s, uint8_t *out, const uint8_t *spi)
{
  static const uint8_t doi_sit[8] = {0, 0, 0, 1, 0, 0, 0, 1};
  size_t n = 0, prop, trans;
  memcpy(out, doi_sit, 8);
  n = 8;
  prop = n;
  memset(out + n, 0, 8);
  out[n + 4] = 1;                             /* proposal #1 */
  out[n + 5] = spi ? IKE_PROTO_ESP : 1;       /* PROTO_IPSEC_ESP or PROTO_ISAKMP */
  out[n + 6] = spi ? 4 : 0;                   /* SPI size */
  out[n + 7] = 1;                             /* one transform */
  n += 8;
  if (spi) {
    memcpy(out + n, spi, 4);
    n += 4;
  }
  trans = n;
  memset(out + n, 0, 8);
  out[n + 4] = 1;                             /* transform #1 */
  /* KEY_IKE; or ESP_DES (2), ESP_3DES (3) */
  out[n + 5] = spi ? (s->cfg.cipher == VC_IKE_DES ? 2 : 3) : 1;
  n += 8;
  if (spi) {
    /* SA life type seconds, duration 3600, encapsulation tunnel, HMAC-SHA */
    static const uint8_t attrs[16] = {0x80, 1, 0, 1, 0x80, 2, 0x0e, 0x10, 0x80, 4, 0, 1, 0x80, 5, 0, 2};
    memcpy(out + n, attrs, sizeof(attrs));
    n += sizeof(attrs);
  } else {
    /* encryption, hash, RSA signatures, group, life type seconds, duration 28800 in the
     * variable-length form (as Check Point's Firewall-1 writes it: ike-scan's psk-crack example) */
    const uint8_t attrs[28] = {0x80, 1, 0, (uint8_t)s->cfg.cipher, 0x80, 2, 0, (uint8_t)s->cfg.hash,
                               0x80, 3, 0, 3, 0x80, 4, 0, (uint8_t)s->cfg.group,
                               0x80, 11, 0, 1, 0, 12, 0, 4, 0, 0, 0x70, 0x80};
    memcpy(out + n, attrs, sizeof(attrs));
    n += sizeof(attrs);
  }
  vc_st32be(out + trans, (uint32_t)(n - trans));              /* 0 next: the last transform */
  vc_st32be(out + prop, (uint32_t)(n - prop));                /* 0 next: the last proposal */
  return n;
}

static int cbc(vc_ike *s, int enc, uint8_t *iv, uint8_t *p, size_t n)
{
  return (enc ? vc_cbc_encrypt : vc_cbc_decrypt)(s->cipher, &s->ks, iv, p, p, n);
}

int ike_finish(vc_ike *s, ike_wr *w, uint8_t *iv, const char *step)
{
  int rc = VC_OK;
  if (iv) {
    /* Zeros, then the count of the zeros: at least one byte, up to a block. */
    static const uint8_t zeros[8] = {0};
    size_t body = w->n - IKE_HDR_LEN, pad = s->block - body % s->block;
    ike_put(w, zeros, pad - 1);
    uint8_t count = (uint8_t)(pad - 1);
    ike_put(w, &count, 1);
    if (w->err)
      return VC_ERR_LENGTH;
    ike_step(s, step, 0);
    rc = cbc(s, 1, iv, w->p + IKE_HDR_LEN, w->n - IKE_HDR_LEN);
    ike_step(s, step, 1);
  }
  if (w->err)
    return VC_ERR_LENGTH;
  vc_st32be(w->p + 24, (uint32_t)w->n);
  s->outlen = w->n;
  return rc;
}

int ike_read(vc_ike *s, const uint8_t *msg, size_t len, uint8_t exch, uint32_t msgid, int first,
             uint8_t *iv, const char *step, ike_rd *r)
{
  static const uint8_t zero[8] = {0};
  if (len < IKE_HDR_LEN || len > sizeof(s->in) || vc_ld32be(msg + 24) != len)
    return VC_ERR_PROTO;
  /* CKY-I: new (nonzero) in message 1, the known one after; CKY-R: zero in message 1, new
   * (nonzero) in message 2, the known one after. */
  int ci_new = first == IKE_LEARN_CKY_I, cr_new = first == IKE_LEARN_CKY_R;
  if ((ci_new ? !memcmp(msg, zero, 8) : !!memcmp(msg, s->cky_i, 8)) ||
      (ci_new ? !!memcmp(msg + 8, zero, 8) : cr_new ? !memcmp(msg + 8, zero, 8) : !!memcmp(msg + 8, s->cky_r, 8)))
    return VC_ERR_PROTO;
  if (msg[17] != IKE_VERSION || msg[18] != exch || msg[19] != (iv ? IKE_FLAG_ENC : 0) ||
      vc_ld32be(msg + 20) != msgid)
    return VC_ERR_PROTO;
  if (ci_new)
    memcpy(s->cky_i, msg, 8);
  if (cr_new)
    memcpy(s->cky_r, msg + 8, 8);
  r->next = msg[16];
  r->at = 0;
  r->n = len - IKE_HDR_LEN;
  if (!iv) {
    r->p = msg + IKE_HDR_LEN;
    return VC_OK;
  }
  if (r->n == 0 || r->n % s->block)
    return VC_ERR_PROTO;
  memcpy(s->in, msg + IKE_HDR_LEN, r->n);
  ike_step(s, step, 0);
  int rc = cbc(s, 0, iv, s->in, r->n);
  ike_step(s, step, 1);
  r->p = s->in;
  return rc;
}

int ike_get(ike_rd *r, uint8_t type, const uint8_t **body, size_t *len)
{
  if (r->next != type || r->n - r->at < 4)
    return VC_ERR_PROTO;
  const uint8_t *h = r->p + r->at;
  size_t plen = (size_t)h[2] << 8 | h[3];
  if (plen < 4 || plen > r->n - r->at || h[1])
    return VC_ERR_PROTO;
  r->next = h[0];
  *body = h + 4;
  *len = plen - 4;
  r->at += plen;
  return VC_OK;
}

int ike_end(const vc_ike *s, ike_rd *r, int encrypted)
{
  size_t left = r->n - r->at;
  if (r->next != PL_NONE || left > (encrypted ? s->block : 0))
    return VC_ERR_PROTO;
  r->n = r->at;
  return VC_OK;
}
