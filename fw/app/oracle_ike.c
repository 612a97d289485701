/* The oracle's IKE op: both peers of an IKEv1 exchange (vexcrypt/ike.h) in the target, main mode
 * with RSA signatures then one quick mode, each message passed from one to the other here (a
 * byte of one flipped in transit when asked). The answer: every message, the keys each side
 * derived, each side's verdict, and each side's steps with their cycles, phase 1 and quick mode
 * apart. */
#include <string.h>

#include "app.h"
#include "ike_pair.h"
#include "platform.h"

static const char *const msg_names[IKE_MSGS] = {"m1", "m2", "m3", "m4", "m5", "m6", "qm1", "qm2", "qm3"};
static const char *const state_names[] = {"running", "phase1", "done", "failed"};

struct ike_side ike_sides[2];
uint8_t ike_msgs[IKE_MSGS][VC_IKE_MSG_CAP];
size_t ike_msglens[IKE_MSGS];

/* An RSA key as n | d | p | q (k, k, k/2, k/2 bytes; e = 65537). */
static const char *get_key(struct req *r, const char *field, vc_rsa_priv *k)
{
  const char *err;
  char got[24];
  long n = req_hex(r, field, app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  size_t len = (size_t)n, mod = len / 3;
  if (len % 6 || mod < 128 || mod > VC_MP_MAX_BITS / 8)
    return req_bad(r, field, req_bytes(got, sizeof(got), len), NULL);
  memset(k, 0, sizeof(*k));
  vc_mp_from_bytes(&k->n, app_in, mod);
  vc_mp_from_bytes(&k->d, app_in + mod, mod);
  vc_mp_from_bytes(&k->p, app_in + 2 * mod, mod / 2);
  vc_mp_from_bytes(&k->q, app_in + 2 * mod + mod / 2, mod / 2);
  vc_mp_set_u32(&k->e, 65537);
  if (vc_rsa_priv_complete(k))
    return req_bad(r, field, "not a consistent key", NULL);
  return NULL;
}

/* One side's fields: "<name>_<side>". */
static const char *side_fields(struct req *r, struct ike_side *s, const char *sfx)
{
  char key[16], seed[256];
  const char *err;
  long n;
  uint32_t spi;
  if ((err = get_key(r, str_fmt(key, sizeof(key), "key_%s", sfx), &s->key)) ||
      (err = req_hex_exact(r, str_fmt(key, sizeof(key), "cky_%s", sfx), s->cfg.cookie, 8, NULL)) ||
      (err = req_uint(r, str_fmt(key, sizeof(key), "spi_%s", sfx), 0, 256, 0xFFFFFFFFu, &spi)))
    return err;
  s->cfg.spi = spi;
  if ((n = req_hex(r, str_fmt(key, sizeof(key), "id_%s", sfx), s->id, sizeof(s->id), &err)) < 0)
    return err;
  s->cfg.idlen = (size_t)n;
  n = req_get(r, str_fmt(key, sizeof(key), "seed_%s", sfx)) ? req_hex(r, key, (uint8_t *)seed, sizeof(seed), &err) : 0;
  if (n < 0)
    return err;
  vc_drbg_init(&s->rng, (const uint8_t *)seed, (size_t)n);
  return NULL;
}

static const char *read_request(struct req *r, uint32_t *tamper, uint32_t *tamper_at)
{
  const char *err;
  uint32_t group, nonce_len, xbits, msgid;
  const struct req_field *f;
  memset(ike_sides, 0, sizeof(ike_sides));
  if ((err = req_uint(r, "group", 2, 2, 14, &group)) || (group != 2 && group != 14))
    return err ? err : req_bad(r, "group", NULL, NULL);
  unsigned cipher = VC_IKE_DES, hash = VC_IKE_SHA1;
  if ((f = req_get(r, "cipher")) && !req_is(f, "des") && !(req_is(f, "3des") && (cipher = VC_IKE_3DES)))
    return req_bad(r, "cipher", NULL, NULL);
  if ((f = req_get(r, "hash")) && !req_is(f, "sha1") && !(req_is(f, "sha256") && (hash = VC_IKE_SHA256)))
    return req_bad(r, "hash", NULL, NULL);
  if ((err = req_uint(r, "nonce_len", 16, VC_IKE_MIN_NONCE, VC_IKE_MAX_NONCE, &nonce_len)) ||
      (err = req_uint(r, "dh_xbits", 0, 0, 2047, &xbits)) ||
      (err = req_uint(r, "msgid", 1, 1, 0xFFFFFFFFu, &msgid)) ||
      (err = req_uint(r, "tamper", 0, 0, IKE_MSGS, tamper)) ||
      (err = req_uint(r, "tamper_at", 0xFFFFFFFFu, 0, 0xFFFFFFFFu, tamper_at)) ||
      (err = side_fields(r, &ike_sides[0], "i")) || (err = side_fields(r, &ike_sides[1], "r")))
    return err;
  ike_pair(cipher, hash, group, xbits, nonce_len, msgid);
  return NULL;
}

void ike_pair(unsigned cipher, unsigned hash, unsigned group, size_t xbits, size_t nonce_len, uint32_t msgid)
{
  for (int i = 0; i < 2; i++) {
    struct ike_side *s = &ike_sides[i];
    vc_rsa_pub_from_priv(&ike_sides[1 - i].pub, &s->key);
    s->cfg.role = i ? VC_IKE_RESPONDER : VC_IKE_INITIATOR;
    s->cfg.cipher = cipher;
    s->cfg.hash = hash;
    s->cfg.group = group;
    s->cfg.dh_xbits = xbits;
    s->cfg.nonce_len = nonce_len;
    s->cfg.id_type = 2;                 /* ID_FQDN */
    s->cfg.id = s->id;
    s->cfg.msgid = msgid;
    s->cfg.key = &s->key;
    s->cfg.peer_key = &s->pub;
    s->cfg.rng = &s->rng;
    s->cfg.step = app_step;
    s->cfg.step_arg = &s->steps;
  }
}

/* A call of one side, timed into its phase's total; its error kept. */
struct call {
  struct ike_side *s;
  int fn;                       /* 0 init, 1 feed, 2 quick */
  const uint8_t *msg;
  size_t len;
};

static int run_call(void *arg)
{
  struct call *c = arg;
  vc_ike *ike = &c->s->ike;
  return c->fn == 0 ? vc_ike_init(ike, &c->s->cfg) : c->fn == 1 ? vc_ike_feed(ike, c->msg, c->len) : vc_ike_quick(ike);
}

static int timed_call(struct ike_side *s, int fn, const uint8_t *msg, size_t len, int quick)
{
  struct call c = {s, fn, msg, len};
  uint64_t t0 = plat_cycles();
  int rc = plat_call(run_call, &c);
  uint64_t cycles = app_timed(plat_elapsed(t0, plat_cycles()));
  *(quick ? &s->quick : &s->phase1) += cycles;
  if (rc && !s->rc)
    s->rc = rc;
  return rc;
}

size_t ike_exchange(uint32_t tamper, uint32_t tamper_at)
{
  static const uint8_t from[IKE_MSGS] = {0, 1, 0, 1, 0, 1, 0, 1, 0};
  size_t k = 0;
  if (timed_call(&ike_sides[1], 0, NULL, 0, 0) || timed_call(&ike_sides[0], 0, NULL, 0, 0))
    return 0;
  for (k = 0; k < IKE_MSGS; k++) {
    struct ike_side *s = &ike_sides[from[k]], *peer = &ike_sides[1 - from[k]];
    if (k == 6 && timed_call(s, 2, NULL, 0, 1))            /* the initiator starts quick mode */
      break;
    if (vc_ike_take(&s->ike, ike_msgs[k], VC_IKE_MSG_CAP, &ike_msglens[k]) || !ike_msglens[k])
      break;
    if (tamper == k + 1) {
      size_t at = tamper_at < ike_msglens[k] ? tamper_at : ike_msglens[k] - 1;
      ike_msgs[k][at] ^= 1;
    }
    if (timed_call(peer, 1, ike_msgs[k], ike_msglens[k], k >= 6))
      return k + 1;
  }
  return k;
}

static void json_side(const char *sfx, struct ike_side *s)
{
  char key[24];
  vc_ike_keys keys;
  vc_ike_get_keys(&s->ike, &keys);
  int st = vc_ike_state(&s->ike);
  json_str(str_fmt(key, sizeof(key), "state_%s", sfx), st >= 0 ? state_names[st] : "none");
  json_i64(str_fmt(key, sizeof(key), "rc_%s", sfx), s->rc);
  json_bytes(str_fmt(key, sizeof(key), "skeyid_%s", sfx), keys.skeyid, keys.prf_len);
  json_bytes(str_fmt(key, sizeof(key), "skeyid_d_%s", sfx), keys.skeyid_d, keys.prf_len);
  json_bytes(str_fmt(key, sizeof(key), "skeyid_a_%s", sfx), keys.skeyid_a, keys.prf_len);
  json_bytes(str_fmt(key, sizeof(key), "skeyid_e_%s", sfx), keys.skeyid_e, keys.prf_len);
  json_bytes(str_fmt(key, sizeof(key), "enc_key_%s", sfx), keys.enc_key, keys.enc_len);
  json_bytes(str_fmt(key, sizeof(key), "keymat_in_%s", sfx), keys.keymat_in, keys.keymat_len);
  json_bytes(str_fmt(key, sizeof(key), "keymat_out_%s", sfx), keys.keymat_out, keys.keymat_len);
  json_u64(str_fmt(key, sizeof(key), "phase1_cycles_%s", sfx), s->phase1);
  json_u64(str_fmt(key, sizeof(key), "quick_cycles_%s", sfx), s->quick);
  json_steps(str_fmt(key, sizeof(key), "steps_%s", sfx), &s->steps);
  memset(&keys, 0, sizeof(keys));
}

static const char *op_ike(struct req *r)
{
  uint32_t tamper, tamper_at;
  const char *err = read_request(r, &tamper, &tamper_at);
  if (err)
    return err;
  memset(ike_msglens, 0, sizeof(ike_msglens));
  size_t n = ike_exchange(tamper, tamper_at);
  if (ike_sides[0].rc == VC_ERR_NULL || ike_sides[0].rc == VC_ERR_PARAM || ike_sides[0].rc == VC_ERR_LENGTH ||
      (!n && ike_sides[1].rc))
    return req_code(r, ike_sides[0].rc ? ike_sides[0].rc : ike_sides[1].rc);
  json_ok("ike", ike_sides[0].phase1 + ike_sides[0].quick + ike_sides[1].phase1 + ike_sides[1].quick);
  for (size_t k = 0; k < IKE_MSGS; k++)
    if (ike_msglens[k])
      json_bytes(msg_names[k], ike_msgs[k], ike_msglens[k]);
  json_side("i", &ike_sides[0]);
  json_side("r", &ike_sides[1]);
  json_end();
  return NULL;
}

const struct oracle_op oracle_ike_ops[] = {
  {"ike",
   APP_PARAMS("\"group\":\"2 (1024-bit MODP, the default) or 14 (2048-bit)\",\"cipher\":\"des (the default) or 3des\","
              "\"hash\":\"sha1 (the default) or sha256: the PRF is its HMAC\",\"nonce_len\":\"nonce bytes, 8..64 "
              "(default 16)\",\"dh_xbits\":\"DH exponent bits (default 0: 160 for group 2, 225 for 14)\","
              "\"msgid\":\"quick mode's M-ID, 1..2^32-1 (default 1)\"",
              "\"key_i\":\"the initiator's RSA key (e = 65537): n | d | p | q as hex, n and d of the modulus' k bytes, "
              "p and q of k/2\",\"cky_i\":\"its cookie, 8 bytes of hex\",\"spi_i\":\"its ESP SPI, 256..2^32-1\","
              "\"id_i\":\"its identity (ID_FQDN), 1..64 bytes of hex\",\"seed_i\":\"its DRBG's seed (DH exponent, "
              "nonces), hex, at most 256 bytes (default empty)\"",
              "\"key_r\":\"the responder's, as key_i\",\"cky_r\":\"its cookie\",\"spi_r\":\"its SPI\","
              "\"id_r\":\"its identity\",\"seed_r\":\"its DRBG's seed\"",
              "\"tamper\":\"message 1..9 (m1..m6, qm1..qm3) with one bit flipped in transit (default 0: none)\","
              "\"tamper_at\":\"the byte flipped (default: the last)\""),
   "IKEv1 main mode (RSA signatures) and quick mode, both peers (vexcrypt/ike.h)", op_ike},
};
const size_t oracle_ike_nops = sizeof(oracle_ike_ops) / sizeof(oracle_ike_ops[0]);
