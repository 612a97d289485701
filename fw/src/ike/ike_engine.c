/* The IKE engine's entry points (ike.h): the configuration's checks, the state, and the
 * dispatch of each message to main mode (ike_main.c) or quick mode (ike_quick.c). */
#include <string.h>

#include "ike_internal.h"

static int key_ok(const vc_mp *n)
{
  size_t bits = vc_mp_bits(n);
  return bits >= 1024 && bits <= VC_MP_MAX_BITS;
}

static int check_config(const vc_ike_config *c)
{
  static const uint8_t zero[8] = {0};
  if (!c->key || !c->peer_key || !c->rng || !c->id)
    return VC_ERR_NULL;
  if ((c->role != VC_IKE_INITIATOR && c->role != VC_IKE_RESPONDER) ||
      (c->cipher != VC_IKE_DES && c->cipher != VC_IKE_3DES) ||
      (c->hash != VC_IKE_SHA1 && c->hash != VC_IKE_SHA256) || (c->group != 2 && c->group != 14) ||
      c->id_type < 1 || c->id_type > 12 || !memcmp(c->cookie, zero, 8))
    return VC_ERR_PARAM;
  if (c->nonce_len < VC_IKE_MIN_NONCE || c->nonce_len > VC_IKE_MAX_NONCE || c->idlen < 1 ||
      c->idlen > VC_IKE_MAX_ID)
    return VC_ERR_LENGTH;
  if (c->spi < 256 || (c->role == VC_IKE_INITIATOR && !c->msgid) || !key_ok(&c->key->n) ||
      !key_ok(&c->peer_key->n))
    return VC_ERR_PARAM;
  return VC_OK;
}

int vc_ike_init(vc_ike *s, const vc_ike_config *cfg)
{
  int rc;
  if (!s || !cfg)
    return VC_ERR_NULL;
  if ((rc = check_config(cfg)))
    return rc;
  const vc_dh_group *grp = vc_dh_group_find(cfg->group == 2 ? "modp1024" : "modp2048");
  vc_mp p, g;
  if ((rc = vc_dh_group_load(grp, &p, &g)))
    return rc;
  size_t xbits = cfg->dh_xbits ? cfg->dh_xbits : vc_dh_xbits_for(grp->bits);
  if (xbits < 2 || xbits >= grp->bits)
    return VC_ERR_PARAM;
  memset(s, 0, sizeof(*s));
  s->cfg = *cfg;
  s->h = cfg->hash == VC_IKE_SHA1 ? &vc_sha1_class : &vc_sha256_class;
  s->cipher = cfg->cipher == VC_IKE_DES ? &vc_des : &vc_des3;
  s->block = s->cipher->block_len;
  s->plen = grp->bits / 8;
  s->xbits = xbits;
  vc_mp_copy(&s->p, &p);
  vc_mp_copy(&s->g, &g);
  memcpy(cfg->role == VC_IKE_INITIATOR ? s->cky_i : s->cky_r, cfg->cookie, 8);
  s->state = VC_IKE_RUNNING;
  if (cfg->role == VC_IKE_RESPONDER) {
    s->step = IKE_M1;
    return VC_OK;
  }
  return ike_main_first(s);
}

/* A failure ends the exchange: the secrets are wiped, nothing stays queued. */
static int fail(vc_ike *s, int rc)
{
  memset(&s->x, 0, sizeof(s->x));
  memset(s->gxy, 0, sizeof(s->gxy));
  memset(&s->keys, 0, sizeof(s->keys));
  memset(&s->ks, 0, sizeof(s->ks));
  s->outlen = 0;
  s->state = VC_IKE_FAILED;
  s->step = IKE_NONE;
  return rc;
}

static int usable(const vc_ike *s)
{
  return s->step != 0 && s->state != VC_IKE_FAILED;
}

int vc_ike_feed(vc_ike *s, const uint8_t *msg, size_t len)
{
  if (!s || !msg)
    return VC_ERR_NULL;
  if (!usable(s) || s->step == IKE_NONE)
    return VC_ERR_STATE;
  int rc = s->step <= IKE_M6 ? ike_main_feed(s, msg, len) : ike_quick_feed(s, msg, len);
  return rc ? fail(s, rc) : VC_OK;
}

int vc_ike_take(vc_ike *s, uint8_t *out, size_t cap, size_t *n)
{
  if (!s || !n || (!out && cap))
    return VC_ERR_NULL;
  if (!s->step)
    return VC_ERR_STATE;
  if (s->outlen > cap)
    return VC_ERR_LENGTH;
  if (s->outlen)
    memcpy(out, s->out, s->outlen);
  *n = s->outlen;
  s->outlen = 0;
  return VC_OK;
}

int vc_ike_quick(vc_ike *s)
{
  if (!s)
    return VC_ERR_NULL;
  if (!usable(s) || s->cfg.role != VC_IKE_INITIATOR || s->state != VC_IKE_PHASE1 || s->step != IKE_NONE)
    return VC_ERR_STATE;
  int rc = ike_quick_first(s);
  return rc ? fail(s, rc) : VC_OK;
}

int vc_ike_state(const vc_ike *s)
{
  if (!s)
    return VC_ERR_NULL;
  return s->step ? s->state : VC_ERR_STATE;
}

int vc_ike_get_keys(const vc_ike *s, vc_ike_keys *k)
{
  if (!s || !k)
    return VC_ERR_NULL;
  if (!s->step)
    return VC_ERR_STATE;
  *k = s->keys;
  return VC_OK;
}
