/* ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 5480 2.2.3, RFC 5246 4.7) and
 * the fixed-length r, s of ec.h. Signatures are public: no constant-time concern. With
 * nlen <= 32 every length is under 128, the short form. */
#include <string.h>

#include "der_internal.h"
#include "vexcrypt/ec.h"

/* The INTEGER of the nlen-byte magnitude v at out (when out is not NULL); returns its length. */
static size_t put_uint(const uint8_t *v, size_t nlen, uint8_t *out)
{
  size_t skip = 0;
  while (skip < nlen - 1 && !v[skip])
    skip++;
  size_t pad = v[skip] >> 7, len = nlen - skip + pad;
  if (out) {
    out[0] = DER_INTEGER;
    out[1] = (uint8_t)len;
    out[2] = 0;
    memcpy(out + 2 + pad, v + skip, nlen - skip);
  }
  return 2 + len;
}

int vc_der_ecdsa_sig_encode(const uint8_t *r, const uint8_t *s, size_t nlen, uint8_t *out, size_t cap, size_t *outlen)
{
  if (!r || !s || !out || !outlen)
    return VC_ERR_NULL;
  if (nlen < 1 || nlen > VC_EC_MAX_NLEN)
    return VC_ERR_LENGTH;
  size_t rl = put_uint(r, nlen, NULL), body = rl + put_uint(s, nlen, NULL);
  if (cap < 2 + body)
    return VC_ERR_LENGTH;
  out[0] = DER_SEQUENCE;
  out[1] = (uint8_t)body;
  put_uint(r, nlen, out + 2);
  put_uint(s, nlen, out + 2 + rl);
  *outlen = 2 + body;
  return VC_OK;
}

int vc_der_ecdsa_sig_decode(const uint8_t *der, size_t len, size_t nlen, uint8_t *r, uint8_t *s)
{
  vc_span cur = {der, len}, seq, vr, vs;
  if (!der || !r || !s)
    return VC_ERR_NULL;
  if (nlen < 1 || nlen > VC_EC_MAX_NLEN)
    return VC_ERR_LENGTH;
  if (vc_der_get(&cur, DER_SEQUENCE, &seq, NULL) || cur.len || vc_der_get_uint(&seq, &vr) ||
      vc_der_get_uint(&seq, &vs) || seq.len || vr.len > nlen || vs.len > nlen)
    return VC_ERR_VERIFY;
  memset(r, 0, nlen - vr.len);
  memcpy(r + nlen - vr.len, vr.p, vr.len);
  memset(s, 0, nlen - vs.len);
  memcpy(s + nlen - vs.len, vs.p, vs.len);
  return VC_OK;
}
