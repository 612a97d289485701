/* Oracle operation on X.509 certificates (x509.h): a certificate read, and optionally its
 * dates against a time the host passes and its signature under an issuer certificate. The
 * certificates stay in the request buffers, which the parsed structures point into: the
 * certificate in app_in, the issuer in app_out (no output here needs it). */
#include "app.h"
#include "repeat.h"
#include "vexcrypt/x509.h"

static vc_x509_cert cert, issuer;

static const char *const sig_names[] = {"unknown", "rsa-sha1", "rsa-sha256", "ecdsa-sha256"};
static const char *const key_names[] = {"unknown", "rsa", "p256"};

/* {"op":"x509","cert":hex,"issuer":hex,"now":n}: the fields of cert, its dates against now,
 * and vc_x509_verify(cert, issuer) as a code name with its cycles ("verify_cycles"); "cycles"
 * is the parse's. A certificate the reader refuses is an error naming the field. */
static const char *op_x509(struct req *r)
{
  struct app_timed parse_timed;
  const char *e;
  uint64_t cycles, parse_cycles, verify_cycles = 0, now;
  long n, ni = 0;
  int rc, vrc = VC_OK, has_now, has_issuer = req_get(r, "issuer") != NULL;
  if ((n = req_hex(r, "cert", app_in, APP_MAX_INPUT, &e)) < 0 ||
      (has_issuer && (ni = req_hex(r, "issuer", app_out, APP_MAX_INPUT, &e)) < 0))
    return e;
  if ((e = req_time(r, "now", &now)))
    return e;
  has_now = req_get(r, "now") != NULL;
  REQ_PASSES TIMED(rc, vc_x509_parse(&cert, app_in, (size_t)n));
  if (rc)
    return req_bad(r, "cert", code_name(rc), NULL);
  parse_cycles = cycles;
  parse_timed = app_last_timed;
  if (has_issuer) {
    if ((rc = vc_x509_parse(&issuer, app_out, (size_t)ni)))
      return req_bad(r, "issuer", code_name(rc), NULL);
    REQ_PASSES TIMED(vrc, vc_x509_verify(&cert, &issuer, NULL));
    verify_cycles = cycles;
  }
  app_last_timed = parse_timed;     /* the answer's cycles are the parse's */
  json_ok("x509", parse_cycles);
  json_str("sig_alg", sig_names[cert.sig_alg]);
  json_str("key_type", key_names[cert.key_type]);
  json_bool("is_ca", cert.is_ca);
  json_u64("key_usage", cert.key_usage);
  json_u64("not_before", cert.not_before);
  json_u64("not_after", cert.not_after);
  json_u64("tbs_at", (uint64_t)(cert.tbs.p - app_in));
  json_u64("tbs_len", cert.tbs.len);
  json_bytes("issuer", cert.issuer.p, cert.issuer.len);
  json_bytes("subject", cert.subject.p, cert.subject.len);
  json_bytes("sig", cert.sig.p, cert.sig.len);
  json_bytes("rsa_n", cert.rsa_n.p, cert.rsa_n.len);
  json_bytes("rsa_e", cert.rsa_e.p, cert.rsa_e.len);
  json_bytes("ec_point", cert.ec_point.p, cert.ec_point.len);
  if (has_now)
    json_str("time", code_name(vc_x509_check_time(&cert, now)));
  if (has_issuer) {
    json_str("verify", code_name(vrc));
    json_u64("verify_cycles", verify_cycles);
  }
  json_end();
  return NULL;
}

const struct oracle_op oracle_x509_ops[] = {
  {"x509", APP_PARAMS("\"cert\":\"hex: a DER certificate\",\"issuer\":\"hex: the DER certificate of its issuer "
                      "(default none: no verification)\",\"now\":\"an integer YYYYMMDDHHMMSS, UTC: the time to check "
                      "the dates against (default none)\"", REQ_REPEAT_FIELD),
   "X.509: a certificate's fields, its dates against now, its signature under an issuer", op_x509},
};
const size_t oracle_x509_nops = sizeof(oracle_x509_ops) / sizeof(oracle_x509_ops[0]);
