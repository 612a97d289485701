/* Oracle operations on the primitives: one entry per operation, answered with the output and
 * the cycles the primitive call took. */
#include "app.h"
#include "platform.h"
#include "vexcrypt/hash.h"

static void respond_out(const char *op, const uint8_t *out, size_t n, uint64_t cycles)
{
  json_begin();
  json_bool("ok", 1);
  json_str("op", op);
  json_bytes("out", out, n);
  json_u64("cycles", cycles);
  json_end();
}

static const char *op_sha256(const struct req *r)
{
  const char *err;
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  uint8_t md[VC_SHA256_DIGEST_LEN];
  if (n < 0)
    return err;
  uint64_t t0 = plat_cycles();
  int rc = vc_sha256(app_in, (size_t)n, md);
  uint64_t t1 = plat_cycles();
  if (rc)
    return vc_strerror(rc);
  respond_out("sha256", md, sizeof(md), plat_elapsed(t0, t1));
  return NULL;
}

const struct oracle_op oracle_ops[] = {
  {"sha256", "{\"msg\":\"hex\"}", "SHA-256 digest (FIPS 180-4)", op_sha256},
};
const size_t oracle_nops = sizeof(oracle_ops) / sizeof(oracle_ops[0]);
