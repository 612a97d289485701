/* The DER reader and writer of der_internal.h. Lengths are read as size_t from at most 4 bytes,
 * so no length overflows on the 32-bit target, and each is checked against the bytes left. */
#include <string.h>

#include "der_internal.h"

int vc_der_peek(const vc_span *cur)
{
  return cur->len ? cur->p[0] : -1;
}

int vc_der_get_any(vc_span *cur, int *tag, vc_span *val)
{
  const uint8_t *p = cur->p;
  size_t left = cur->len, len, nb;
  if (left < 2 || (p[0] & 0x1f) == 0x1f)
    return VC_ERR_VERIFY;
  len = p[1];
  p += 2;
  left -= 2;
  if (len & 0x80) {
    nb = len & 0x7f;
    /* 0x80 is BER's indefinite form; a leading zero byte or a long form for a length under 128
     * is not minimal. */
    if (nb == 0 || nb > 4 || nb > left || p[0] == 0)
      return VC_ERR_VERIFY;
    for (len = 0; nb; nb--, left--)
      len = len << 8 | *p++;
    if (len < 0x80)
      return VC_ERR_VERIFY;
  }
  if (len > left)
    return VC_ERR_VERIFY;
  *tag = cur->p[0];
  val->p = p;
  val->len = len;
  cur->len -= (size_t)(p + len - cur->p);
  cur->p = p + len;
  return VC_OK;
}

int vc_der_get(vc_span *cur, int tag, vc_span *val, vc_span *tlv)
{
  vc_span c = *cur, v;
  int t;
  if (vc_der_get_any(&c, &t, &v) || t != tag)
    return VC_ERR_VERIFY;
  if (tlv) {
    tlv->p = cur->p;
    tlv->len = cur->len - c.len;
  }
  *val = v;
  *cur = c;
  return VC_OK;
}

int vc_der_get_int(vc_span *cur, vc_span *val)
{
  vc_span c = *cur, v;
  /* Minimal: the first nine bits are not all equal. */
  if (vc_der_get(&c, DER_INTEGER, &v, NULL) || !v.len ||
      (v.len > 1 && ((v.p[0] == 0 && !(v.p[1] & 0x80)) || (v.p[0] == 0xff && (v.p[1] & 0x80)))))
    return VC_ERR_VERIFY;
  *val = v;
  *cur = c;
  return VC_OK;
}

int vc_der_get_uint(vc_span *cur, vc_span *mag)
{
  vc_span c = *cur, v;
  if (vc_der_get_int(&c, &v) || (v.p[0] & 0x80))
    return VC_ERR_VERIFY;
  while (v.len && !v.p[0]) {
    v.p++;
    v.len--;
  }
  *mag = v;
  *cur = c;
  return VC_OK;
}

int vc_der_eq(const vc_span *a, const uint8_t *b, size_t n)
{
  return a->len == n && !memcmp(a->p, b, n);
}

void vc_der_w_init(vc_der_writer *w, uint8_t *buf, size_t cap)
{
  w->buf = buf;
  w->pos = buf ? cap : (size_t)-1;    /* a dry run has all the room there is */
  w->err = 0;
}

void vc_der_w_put(vc_der_writer *w, const void *p, size_t n)
{
  if (w->err || n > w->pos) {
    w->err = 1;
    return;
  }
  w->pos -= n;
  if (w->buf && p)
    memmove(w->buf + w->pos, p, n);
}

void vc_der_w_tlv(vc_der_writer *w, int tag, size_t mark)
{
  uint8_t h[6];
  size_t len = mark - w->pos, n = 0;
  /* X.690 8.1.3: the short form under 128, else the fewest length bytes. */
  for (size_t l = len; l >= 0x80 || (n && l); l >>= 8)
    n++;
  h[0] = (uint8_t)tag;
  h[1] = (uint8_t)(n ? 0x80 | n : len);
  for (size_t i = 0; i < n; i++)
    h[1 + n - i] = (uint8_t)(len >> (8 * i));
  vc_der_w_put(w, h, 2 + n);
}
