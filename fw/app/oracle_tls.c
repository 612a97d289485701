/* The oracle's TLS op: one connection of the engine (vexcrypt/tls.h) at a time, driven by the
 * host, which relays its bytes to and from the peer (vexrun tls). A session is "start", then
 * any number of "feed" (bytes received), "write" (application data to send) and "close"; each
 * answer carries the bytes to send ("out"), the application data received ("app"), the state,
 * and the cycles of the engine's steps since "start". */
#include <string.h>

#include "app.h"
#include "platform.h"
#include "vexcrypt/tls.h"

#define DER_CAP VC_TLS_CERT_CAP

static vc_tls conn;
static vc_tls_config cfg;
static vc_rsa_priv rsa;
static vc_drbg rng;
static uint8_t own_cert[DER_CAP], ca_cert[DER_CAP], ec_key[32];
static uint8_t app_data[VC_TLS_MAX_PLAIN];
static int started;
static struct app_steps steps;

static const char *state_name(int s)
{
  static const char *const names[] = {"handshake", "open", "closed", "failed"};
  return names[s];
}

/* The answer: what to send, what arrived, the state and the steps' cycles so far. */
static void respond(uint64_t cycles, size_t used, size_t applen)
{
  static uint8_t out[VC_TLS_OUT_CAP];
  size_t n;
  vc_tls_take(&conn, out, sizeof(out), &n);
  json_ok("tls", cycles);
  json_u64("used", used);
  json_bytes("out", out, n);
  json_bytes("app", app_data, applen);
  json_str("state", state_name(vc_tls_state(&conn)));
  unsigned suite = vc_tls_suite(&conn);
  if (suite)
    json_str("suite", vc_tls_suite_name(suite));
  int from_peer, alert = vc_tls_alert(&conn, &from_peer);
  if (alert >= 0) {
    json_u64("alert", (uint64_t)alert);
    json_bool("alert_from_peer", from_peer);
  }
  json_steps("steps", &steps);
  json_end();
}

static const char *start(struct req *r)
{
  const char *err;
  uint32_t role, suites, xbits, full;
  int require;
  size_t certlen = 0, calen = 0;
  started = 0;
  memset(&cfg, 0, sizeof(cfg));
  memset(&steps, 0, sizeof(steps));
  if ((err = req_uint(r, "role", 0, 0, 1, &role)) || (err = req_uint(r, "suites", 0, 0, 3, &suites)) ||
      (err = req_bool(r, "require_client_cert", 0, &require)) ||
      (err = req_uint(r, "dh_xbits", 0, 0, VC_TLS_MAX_DH_BITS - 1, &xbits)) ||
      (err = req_uint(r, "dh_full", 0, 0, 1, &full)) || (err = req_hex_len(r, "ca", ca_cert, DER_CAP, &calen)))
    return err;
  if (req_get(r, "cert") && (err = req_hex_len(r, "cert", own_cert, DER_CAP, &certlen)))
    return err;
  if (req_get(r, "ec_key")) {
    if ((err = req_hex_exact(r, "ec_key", ec_key, sizeof(ec_key), "32 bytes of hex")))
      return err;
    cfg.ec_key = ec_key;
  } else if (req_get(r, "rsa_n")) {
    if ((err = req_rsa_fields(r, &rsa)))
      return err;
    int rc = vc_rsa_priv_complete(&rsa);
    if (rc)
      return req_code(r, rc);
    cfg.rsa_key = &rsa;
  }
  if ((err = req_rng(r, &rng)))
    return err;
  uint64_t now;
  if ((err = req_time(r, "now", &now)))
    return err;
  cfg.role = (int)role;
  cfg.suites = suites;
  cfg.cert = certlen ? own_cert : NULL;
  cfg.certlen = certlen;
  cfg.ca = ca_cert;
  cfg.calen = calen;
  cfg.require_client_cert = require;
  cfg.now = now;
  cfg.dh_xbits = full ? VC_TLS_DH_FULL : xbits;
  cfg.rng = &rng;
  cfg.step = app_step;
  cfg.step_arg = &steps;
  uint64_t t0 = plat_cycles();
  int rc = vc_tls_init(&conn, &cfg);
  uint64_t cycles = app_timed(plat_elapsed(t0, plat_cycles()));
  if (rc)
    return req_code(r, rc);
  started = 1;
  respond(cycles, 0, 0);
  return NULL;
}

struct feed_call {
  const uint8_t *in;
  size_t len, used, applen;
  int rc;
};

/* Feeds every byte, taking the application data each record gives (at most what fits). */
static int run_feed(void *arg)
{
  struct feed_call *c = arg;
  while (c->rc == VC_OK) {
    size_t used, n;
    c->rc = vc_tls_feed(&conn, c->in + c->used, c->len - c->used, &used);
    c->used += used;
    vc_tls_read(&conn, app_data + c->applen, sizeof(app_data) - c->applen, &n);
    c->applen += n;
    if ((c->used == c->len && !n) || c->applen == sizeof(app_data) || vc_tls_state(&conn) >= VC_TLS_CLOSED)
      break;
  }
  return c->rc;
}

static int run_write(void *arg)
{
  struct feed_call *c = arg;
  return vc_tls_write(&conn, c->in, c->len);
}

/* {"op":"tls","cmd":"start|feed|write|close", ...} */
static const char *op_tls(struct req *r)
{
  const struct req_field *f = req_get(r, "cmd");
  const char *err;
  if (!f)
    return req_bad(r, "cmd", NULL, "start, feed, write or close");
  if (req_is(f, "start"))
    return start(r);
  if (!started)
    return req_bad(r, "cmd", NULL, "start first");
  if (req_is(f, "close")) {
    vc_tls_close(&conn);
    respond(0, 0, 0);
    return NULL;
  }
  int feed = req_is(f, "feed");
  if (!feed && !req_is(f, "write"))
    return req_bad(r, "cmd", NULL, "start, feed, write or close");
  long n = req_hex(r, "data", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  struct feed_call c = {app_in, (size_t)n, 0, 0, VC_OK};
  uint64_t t0 = plat_cycles();
  int rc = plat_call(feed ? run_feed : run_write, &c);
  uint64_t cycles = app_timed(plat_elapsed(t0, plat_cycles()));
  if (rc && rc != VC_ERR_PROTO)
    return req_code(r, rc);
  respond(cycles, feed ? c.used : (size_t)n, c.applen);
  return NULL;
}

const struct oracle_op oracle_tls_ops[] = {
  {"tls",
   APP_PARAMS("\"cmd\":\"start, feed, write or close\"",
              "\"role\":\"start: 0 client, 1 server (default 0)\",\"suites\":\"start: 1 ECDHE-ECDSA-AES128-GCM-SHA256, "
              "2 DHE-RSA-AES256-SHA, 3 or 0 both (default 0)\",\"ca\":\"start: the trust anchor, DER as hex\","
              "\"cert\":\"start: the own certificate, DER as hex\",\"ec_key\":\"start: its P-256 key, 32 bytes of hex\","
              "\"rsa_n\":\"start: or its RSA key's n as hex\",\"rsa_e\":\"start: e\",\"rsa_d\":\"start: d\","
              "\"rsa_p\":\"start: p\",\"rsa_q\":\"start: q\","
              "\"require_client_cert\":\"start: true or false (server)\",\"now\":\"start: YYYYMMDDHHMMSS (a number) for "
              "the certificates' dates (default: not checked)\",\"dh_xbits\":\"start: DH exponent bits (default 0: by the "
              "group)\",\"dh_full\":\"start: 1 for full-length DH exponents\",\"seed\":\"start: the DRBG's seed as hex\"",
              "\"data\":\"feed: bytes received; write: application data; as hex\""),
   "TLS 1.2 client or server (vexcrypt/tls.h), bytes relayed by the host", op_tls},
};
const size_t oracle_tls_nops = sizeof(oracle_tls_ops) / sizeof(oracle_tls_ops[0]);
