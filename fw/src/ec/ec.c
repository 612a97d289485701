/* The curve-independent elliptic-curve operations: the curve table, argument checks, key
 * generation, EC-DH and EC-ElGamal over a curve's vc_ec_impl. */
#include <string.h>

#include "ec_internal.h"

static const vc_ec_curve *const curves[VC_EC_NCURVES] = {&vc_ec_b163, &vc_ec_k163, &vc_ec_b233,
                                                         &vc_ec_k233, &vc_ec_p256};

const vc_ec_curve *vc_ec_curve_get(int id)
{
  return id >= 0 && id < VC_EC_NCURVES ? curves[id] : NULL;
}

const vc_ec_curve *vc_ec_curve_by_name(const char *name)
{
  for (int i = 0; name && i < VC_EC_NCURVES; i++)
    if (!strcmp(curves[i]->name, name))
      return curves[i];
  return NULL;
}

size_t vc_ec_point_len(const vc_ec_curve *c)
{
  return c ? 1 + 2 * (size_t)c->flen : 0;
}

size_t vc_ec_msg_len(const vc_ec_curve *c)
{
  return c ? (size_t)c->flen - 2 : 0;
}

/* 1 when 1 <= k < n (nlen big-endian bytes each), without branches on k. */
int vc_ec_scalar_ok(const vc_ec_curve *c, const uint8_t *k)
{
  uint32_t borrow = 0, any = 0;
  for (size_t i = c->nlen; i-- > 0;) {
    borrow = vc_ct_lt(k[i], (uint32_t)c->order[i] + borrow);
    any |= k[i];
  }
  return (int)(borrow & vc_ct_neq0(any));
}

int vc_ec_set_ok(vc_ec_set set)
{
  return set >= VC_EC_BASIC && set < VC_EC_NSETS;
}

int vc_ec_point_arg(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pt, size_t len, int full)
{
  if (len != vc_ec_point_len(c))
    return VC_ERR_LENGTH;
  if (pt[0] != 0x04)
    return VC_ERR_POINT;
  return c->impl->check(c, set, pt, full);
}

int vc_ec_point_check(const vc_ec_curve *c, const uint8_t *pt, size_t len)
{
  if (!c || !pt)
    return VC_ERR_NULL;
  return vc_ec_point_arg(c, VC_EC_OPTIMIZED, pt, len, 1);
}

int vc_ec_mul(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *k, size_t klen,
              const uint8_t *pt, size_t ptlen)
{
  uint8_t t[VC_EC_MAX_POINT];
  int err;
  if (!c || !out || !k)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (klen != c->nlen)
    return VC_ERR_LENGTH;
  if (!vc_ec_scalar_ok(c, k))
    return VC_ERR_RANGE;
  if ((pt && (err = vc_ec_point_arg(c, set, pt, ptlen, 1))) || (err = c->impl->mul(c, set, t, k, pt)))
    return err;
  memcpy(out, t, vc_ec_point_len(c));
  return VC_OK;
}

int vc_ec_add(const vc_ec_curve *c, vc_ec_set set, uint8_t *out, const uint8_t *p,
              const uint8_t *q, size_t len)
{
  uint8_t t[VC_EC_MAX_POINT];
  int err;
  if (!c || !out || !p || !q)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if ((err = vc_ec_point_arg(c, set, p, len, 1)) || (err = vc_ec_point_arg(c, set, q, len, 1)) ||
      (err = c->impl->add(c, set, t, p, q)))
    return err;
  memcpy(out, t, len);
  return VC_OK;
}

/* Tries of fresh candidates: n > 2^(nbits-1) for every curve here, so each try succeeds with
 * probability above 1/2. */
#define EC_DRAW_TRIES 64

int vc_ec_scalar_draw(const vc_ec_curve *c, vc_drbg *rng, uint8_t *k)
{
  uint8_t t[VC_EC_MAX_NLEN];
  int err;
  if (!c || !rng || !k)
    return VC_ERR_NULL;
  for (unsigned i = 0; i < EC_DRAW_TRIES; i++) {
    if ((err = vc_drbg_generate(rng, t, c->nlen)))
      return err;
    t[0] &= 0xFF >> (8 * c->nlen - c->nbits);
    if (vc_ec_scalar_ok(c, t)) {
      memcpy(k, t, c->nlen);
      return VC_OK;
    }
  }
  return VC_ERR_RETRY;
}

int vc_ec_keygen(const vc_ec_curve *c, vc_ec_set set, vc_drbg *rng, uint8_t *priv, uint8_t *pub)
{
  uint8_t d[VC_EC_MAX_NLEN], q[VC_EC_MAX_POINT];
  int err;
  if (!c || !rng || !priv || !pub)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if ((err = vc_ec_scalar_draw(c, rng, d)) || (err = c->impl->mul(c, set, q, d, NULL)))
    return err;
  memcpy(priv, d, c->nlen);
  memcpy(pub, q, vc_ec_point_len(c));
  return VC_OK;
}

int vc_ecdh(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv, size_t privlen,
            const uint8_t *peer, size_t peerlen, uint8_t *secret)
{
  uint8_t t[VC_EC_MAX_POINT];
  int err;
  if (!c || !priv || !peer || !secret)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (privlen != c->nlen)
    return VC_ERR_LENGTH;
  if (!vc_ec_scalar_ok(c, priv))
    return VC_ERR_RANGE;
  if ((err = vc_ec_point_arg(c, set, peer, peerlen, 1)) || (err = c->impl->mul(c, set, t, priv, peer)))
    return err;
  memcpy(secret, t + 1, c->flen);
  return VC_OK;
}

/* Candidates j of the embedding: each x gives a point with probability about 1/2. */
#define EC_EMBED_TRIES 256

int vc_ec_embed(const vc_ec_curve *c, vc_ec_set set, const uint8_t *msg, size_t len, uint8_t *pt)
{
  uint8_t x[VC_EC_MAX_FLEN], t[VC_EC_MAX_POINT];
  int err;
  if (!c || !msg || !pt)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (len != vc_ec_msg_len(c))
    return VC_ERR_LENGTH;
  x[0] = 0;
  memcpy(x + 1, msg, len);
  for (unsigned j = 0; j < EC_EMBED_TRIES; j++) {
    x[c->flen - 1] = (uint8_t)j;
    err = c->impl->lift_x(c, set, t, x);
    if (err == VC_OK) {
      memcpy(pt, t, vc_ec_point_len(c));
      return VC_OK;
    }
    if (err != VC_ERR_RANGE)
      return err;
  }
  return VC_ERR_RETRY;
}

int vc_ec_unembed(const vc_ec_curve *c, const uint8_t *pt, size_t ptlen, uint8_t *msg)
{
  int err;
  if (!c || !pt || !msg)
    return VC_ERR_NULL;
  if ((err = vc_ec_point_arg(c, VC_EC_OPTIMIZED, pt, ptlen, 0)))
    return err;
  if (pt[1])
    return VC_ERR_RANGE;   /* not an embedded message: its x starts with a zero byte */
  memcpy(msg, pt + 2, vc_ec_msg_len(c));
  return VC_OK;
}

int vc_ec_elgamal_encrypt(const vc_ec_curve *c, vc_ec_set set, const uint8_t *pub,
                          const uint8_t *msg_pt, const uint8_t *r, uint8_t *c1, uint8_t *c2)
{
  uint8_t t1[VC_EC_MAX_POINT], t2[VC_EC_MAX_POINT];
  size_t len;
  int err;
  if (!c || !pub || !msg_pt || !r || !c1 || !c2)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (!vc_ec_scalar_ok(c, r))
    return VC_ERR_RANGE;
  len = vc_ec_point_len(c);
  /* The message point need not be in the order-n subgroup (embedding picks any x). */
  if ((err = vc_ec_point_arg(c, set, pub, len, 1)) || (err = vc_ec_point_arg(c, set, msg_pt, len, 0)) ||
      (err = c->impl->mul(c, set, t1, r, NULL)) || (err = c->impl->mul(c, set, t2, r, pub)) ||
      (err = c->impl->add(c, set, t2, msg_pt, t2)))
    return err;
  memcpy(c1, t1, len);
  memcpy(c2, t2, len);
  return VC_OK;
}

int vc_ec_elgamal_decrypt(const vc_ec_curve *c, vc_ec_set set, const uint8_t *priv,
                          const uint8_t *c1, const uint8_t *c2, uint8_t *msg_pt)
{
  uint8_t t[VC_EC_MAX_POINT];
  size_t len;
  int err;
  if (!c || !priv || !c1 || !c2 || !msg_pt)
    return VC_ERR_NULL;
  if (!vc_ec_set_ok(set))
    return VC_ERR_PARAM;
  if (!vc_ec_scalar_ok(c, priv))
    return VC_ERR_RANGE;
  len = vc_ec_point_len(c);
  if ((err = vc_ec_point_arg(c, set, c1, len, 1)) || (err = vc_ec_point_arg(c, set, c2, len, 0)) ||
      (err = c->impl->mul(c, set, t, priv, c1)))
    return err;
  c->impl->neg(c, t, t);
  if ((err = c->impl->add(c, set, t, c2, t)))
    return err;
  memcpy(msg_pt, t, len);
  return VC_OK;
}
