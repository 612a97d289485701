/* RFC 6979 deterministic nonces (section 3.2): HMAC_DRBG over the signature's hash, seeded with
 * int2octets(x) || bits2octets(h1), whose outputs are cut to qlen bits and kept when they fall
 * in [1, q-1].
 *
 * g->started is the context's state word: RFC6979_FRESH after init, RFC6979_STARTED once a
 * candidate has been drawn (the next one is preceded by step h's K, V update); anything else
 * is an uninitialised context. */
#include <string.h>

#include "vexcrypt/pk.h"
#include "pk_internal.h"

#define RFC6979_FRESH 0x36393730u     /* "6970" */
#define RFC6979_STARTED 0x36393731u   /* "6971" */
/* Candidates per next() call. q >= 2^(qlen-1), so a candidate is rejected with probability
 * at most 1/2 (3/4 for q = 2): 64 rejections in a row do not happen for a real group order. */
#define RFC6979_TRIES 64

/* bits2int (pk_internal.h); DSA's z is the same function of the digest. */
int vc_rfc6979_bits2int(vc_mp *r, const uint8_t *b, size_t len, size_t qlen)
{
  size_t n = (qlen + 7) / 8;
  int err;
  if (n > len)
    n = len;
  if ((err = vc_mp_from_bytes(r, b, n)))
    return err;
  return 8 * n > qlen ? vc_mp_shr_var(r, r, 8 * n - qlen) : VC_OK;
}

/* HMAC_K(V || sep || data) into out (sep < 0: none), with `key` keyed by K. A keyed context is
 * as secret as K: every copy is wiped (vc_hmac_final wipes on success). */
static int mac(const vc_hmac_ctx *key, const uint8_t *v, int sep, const uint8_t *data, size_t len, uint8_t *out)
{
  vc_hmac_ctx c = *key;
  uint8_t s = (uint8_t)sep;
  int err;
  if ((err = vc_hmac_update(&c, v, key->h->digest_len)) || (sep >= 0 && (err = vc_hmac_update(&c, &s, 1))) ||
      (err = vc_hmac_update(&c, data, len)) || (err = vc_hmac_final(&c, out)))
    memset(&c, 0, sizeof(c));
  return err;
}

/* K = HMAC_K(V || sep || data), V = HMAC_K(V): `key` keyed by the new K. */
static int step(vc_hmac_ctx *key, uint8_t *v, uint8_t sep, const uint8_t *data, size_t len)
{
  uint8_t k[VC_HMAC_MAX_DIGEST];
  const vc_hash_class *h = key->h;
  int err;
  err = mac(key, v, sep, data, len, k);
  if (!err)
    err = vc_hmac_init(key, h, k, h->digest_len);
  memset(k, 0, sizeof(k));
  return err ? err : mac(key, v, -1, NULL, 0, v);
}

/* `key` keyed by K = 0^hlen, the first K of every nonce under hash h: its keyed context is a
 * constant, computed once per hash (two of the nonce's 18 SHA-256 compressions). */
static int zero_key(vc_hmac_ctx *key, const vc_hash_class *h)
{
  static const uint8_t zero[VC_HMAC_MAX_DIGEST];
  static vc_hmac_ctx keyed;
  int err = VC_OK;
  if (keyed.h != h && (err = vc_hmac_init(&keyed, h, zero, h->digest_len)))
    keyed.h = NULL;
  *key = keyed;
  return err;
}

int vc_rfc6979_init(vc_rfc6979 *g, const vc_mp *q, const vc_mp *x, const vc_hash_class *h,
                    const uint8_t *digest)
{
  uint8_t seed[2 * (VC_MP_MAX_BITS / 8)];   /* int2octets(x) || bits2octets(h1) */
  uint8_t v[VC_HMAC_MAX_DIGEST];
  vc_hmac_ctx key;
  vc_mp z;
  int err;
  if (!g || !q || !x || !h || !digest)
    return VC_ERR_NULL;
  size_t qlen = vc_mp_bits(q), rlen = (qlen + 7) / 8, hlen = h->digest_len;
  if (qlen < 2 || qlen > VC_MP_MAX_BITS)
    return VC_ERR_MODULUS;
  if (!hlen || hlen > VC_HMAC_MAX_DIGEST)
    return VC_ERR_PARAM;
  if (!vc_mp_cmp_u32_var(x, 0) || vc_mp_cmp_var(x, q) >= 0)
    return VC_ERR_RANGE;
  /* bits2octets: bits2int(h1) < 2^qlen < 2q, so one subtraction reduces it. */
  if ((err = vc_rfc6979_bits2int(&z, digest, hlen, qlen)) ||
      (vc_mp_cmp_var(&z, q) >= 0 && (err = vc_mp_sub_var(&z, &z, q))) ||
      (err = vc_mp_to_bytes(x, seed, rlen)) ||
      (err = vc_mp_to_bytes(&z, seed + rlen, rlen)))
    return err;
  memset(v, 0x01, hlen);
  if (!(err = zero_key(&key, h)) && !(err = step(&key, v, 0x00, seed, 2 * rlen)) &&
      !(err = step(&key, v, 0x01, seed, 2 * rlen)) && !(err = vc_mp_copy(&g->q, q))) {
    g->key = key;
    memcpy(g->v, v, hlen);
    g->started = RFC6979_FRESH;
  }
  memset(&key, 0, sizeof(key));
  memset(seed, 0, sizeof(seed));
  return err;
}

int vc_rfc6979_next(vc_rfc6979 *g, vc_mp *k)
{
  uint8_t t[VC_MP_MAX_BITS / 8];
  vc_mp c;
  int err;
  if (!g || !k)
    return VC_ERR_NULL;
  if (g->started != RFC6979_FRESH && g->started != RFC6979_STARTED)
    return VC_ERR_STATE;
  size_t hlen = g->key.h->digest_len, qlen = vc_mp_bits(&g->q), rlen = (qlen + 7) / 8;
  for (unsigned i = 0; i < RFC6979_TRIES; i++) {
    if (g->started == RFC6979_STARTED && (err = step(&g->key, g->v, 0x00, NULL, 0)))
      return err;
    g->started = RFC6979_STARTED;
    /* T = V_1 || V_2 || ... up to qlen bits: only its first rlen bytes reach bits2int. */
    for (size_t off = 0; off < rlen; off += hlen) {
      if ((err = mac(&g->key, g->v, -1, NULL, 0, g->v)))
        return err;
      memcpy(t + off, g->v, rlen - off < hlen ? rlen - off : hlen);
    }
    if ((err = vc_rfc6979_bits2int(&c, t, rlen, qlen)))
      return err;
    if (vc_mp_cmp_u32_var(&c, 0) > 0 && vc_mp_cmp_var(&c, &g->q) < 0)
      return vc_mp_copy(k, &c);
  }
  return VC_ERR_RETRY;
}
