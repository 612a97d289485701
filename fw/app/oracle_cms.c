/* The oracle's CMS op (vexcrypt/cms.h): S/MIME's signing, verification, enveloping and opening
 * on the target, the host doing the MIME and base64 around them (vexrun smime). Each answer
 * gives the call's cycles and its steps': the library's costly steps (its hook), and "encode"
 * or "parse", the rest of the call (the DER, the certificates' parse, copies). */
#include <string.h>

#include "app.h"
#include "platform.h"
#include "vexcrypt/cms.h"

#define CERT_CAP 4096

static vc_rsa_priv rsa;
static vc_drbg rng;
static uint8_t cert_buf[CERT_CAP], ca_buf[CERT_CAP];
static struct app_steps steps;

/* One call of the library, run on the measurement stack (plat_call). */
struct cms_call {
  int fn;
  const uint8_t *in, *cert, *ca;
  size_t inlen, certlen, calen, msglen, outlen;
  uint64_t time;
  int cipher;
  vc_cms_opts opts;
};

enum { SIGN, VERIFY, ENCRYPT, DECRYPT };
static const char *const fns[] = {"sign", "verify", "encrypt", "decrypt"};

static int run(void *arg)
{
  struct cms_call *c = arg;
  switch (c->fn) {
  case SIGN:
    return vc_cms_sign(c->cert, c->certlen, &rsa, app_in, c->msglen, c->time, app_out, APP_BENCH_MAX, &c->outlen,
                       &c->opts);
  case VERIFY:
    return vc_cms_verify(c->in, c->inlen, app_in, c->msglen, c->ca, c->calen, c->time, &c->opts);
  case ENCRYPT:
    return vc_cms_encrypt(c->cert, c->certlen, c->cipher, &rng, app_in, c->msglen, app_out, APP_BENCH_MAX,
                          &c->outlen, &c->opts);
  default:
    return vc_cms_decrypt(c->in, c->inlen, c->cert, c->certlen, &rsa, &rng, app_out, APP_BENCH_MAX, &c->outlen,
                          &c->opts);
  }
}

static const char *get_key(struct req *r)
{
  const char *err;
  if ((err = req_rsa_fields(r, &rsa)))
    return err;
  int rc = vc_rsa_priv_complete(&rsa);
  return rc ? req_bad(r, "rsa_n", code_name(rc), "a complete RSA key: n, e, d, p, q") : NULL;
}

/* The fields of fn, read in this order: the seed first (req_rng decodes it in app_in), then the
 * content into app_in. */
static const char *get_fields(struct req *r, struct cms_call *c)
{
  const char *err;
  long n;
  if ((c->fn == SIGN || c->fn == DECRYPT) && (err = get_key(r)))
    return err;
  if ((c->fn == ENCRYPT || c->fn == DECRYPT) && (err = req_rng(r, &rng)))
    return err;
  if (c->fn != VERIFY && (err = req_hex_len(r, "cert", cert_buf, sizeof(cert_buf), &c->certlen)))
    return err;
  if (c->fn == VERIFY && (err = req_hex_len(r, "ca", ca_buf, sizeof(ca_buf), &c->calen)))
    return err;
  if ((c->fn == SIGN && (err = req_time(r, "time", &c->time))) || (c->fn == VERIFY && (err = req_time(r, "now", &c->time))))
    return err;
  if (c->fn == ENCRYPT) {
    const struct req_field *f = req_get(r, "cipher");
    c->cipher = !f || req_is(f, "des3") ? VC_CMS_DES3 : req_is(f, "aes128") ? VC_CMS_AES128 : 0;
    if (!c->cipher)
      return req_bad(r, "cipher", NULL, NULL);
  }
  if (c->fn == VERIFY || c->fn == DECRYPT) {
    /* The structure where the content does not go: verify's app_out, decrypt's app_in. */
    uint8_t *buf = c->fn == VERIFY ? app_out : app_in;
    if ((err = req_hex_len(r, "cms", buf, APP_MAX_INPUT, &c->inlen)))
      return err;
    c->in = buf;
  }
  if (c->fn != DECRYPT) {
    if ((n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err)) < 0)
      return err;
    c->msglen = (size_t)n;
  }
  c->cert = cert_buf;
  c->ca = ca_buf;
  return NULL;
}

/* {"op":"cms","fn":"sign|verify|encrypt|decrypt", ...} */
static const char *op_cms(struct req *r)
{
  static char msg[160];
  struct cms_call c;
  const struct req_field *f = req_get(r, "fn");
  const char *err;
  memset(&c, 0, sizeof(c));
  for (c.fn = 0; c.fn < 4 && !(f && req_is(f, fns[c.fn])); c.fn++)
    ;
  if (c.fn == 4)
    return req_bad(r, "fn", NULL, NULL);
  if ((err = get_fields(r, &c)))
    return err;
  memset(&steps, 0, sizeof(steps));
  c.opts.step = app_step;
  c.opts.step_arg = &steps;
  uint64_t t0 = plat_cycles();
  int rc = plat_call(run, &c);
  uint64_t cycles = app_timed(plat_elapsed(t0, plat_cycles()));
  if (rc)
    return str_fmt(msg, sizeof(msg), "cms %s: %s: %s (%s)", fns[c.fn], c.opts.field ? c.opts.field : "arguments",
                   code_name(rc), vc_strerror(rc));
  /* The rest of the call, after the library's steps: the DER and the certificates. */
  uint64_t rest = cycles;
  struct app_step *s = steps.s;
  for (; s < steps.s + APP_STEPS && s->name; s++)
    rest -= s->cycles;
  if (s < steps.s + APP_STEPS) {
    s->name = c.fn == SIGN || c.fn == ENCRYPT ? "encode" : "parse";
    s->cycles = rest;
  }
  json_ok("cms", cycles);
  if (c.fn != VERIFY)
    json_bytes("out", app_out, c.outlen);
  json_steps("steps", &steps);
  json_end();
  return NULL;
}

#define KEY_FIELDS(fns) \
  "\"rsa_n\":\"" fns ": the RSA private key's n as hex\",\"rsa_e\":\"" fns ": e\",\"rsa_d\":\"" fns ": d\"," \
  "\"rsa_p\":\"" fns ": p\",\"rsa_q\":\"" fns ": q\""

const struct oracle_op oracle_cms_ops[] = {
  {"cms",
   APP_PARAMS("\"fn\":\"sign|verify|encrypt|decrypt\"",
              "\"msg\":\"sign, verify, encrypt: the content (the MIME entity's canonical bytes), " APP_MSG_DESC "\","
              "\"cms\":\"verify, decrypt: the CMS ContentInfo, DER as hex\","
              "\"cert\":\"sign, decrypt: the own certificate; encrypt: the recipient's; DER as hex\","
              "\"ca\":\"verify: the trust anchor, DER as hex\"," KEY_FIELDS("sign, decrypt"),
              "\"time\":\"sign: an integer YYYYMMDDHHMMSS, UTC, for the signingTime attribute (default: none)\","
              "\"now\":\"verify: an integer YYYYMMDDHHMMSS, UTC, to check the certificates' dates against "
              "(default: not checked)\",\"cipher\":\"des3|aes128: encrypt's content cipher (default des3)\","
              APP_SEED_FIELD("encrypt: the key and IV; decrypt: the key replacing a malformed one; ")),
   "CMS SignedData and EnvelopedData for S/MIME (vexcrypt/cms.h): out (DER, or decrypt's content) and the steps' "
   "cycles", op_cms},
};
const size_t oracle_cms_nops = sizeof(oracle_cms_ops) / sizeof(oracle_cms_ops[0]);
