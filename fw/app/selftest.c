/* Known-answer self-tests. The vectors are generated at build time from the NIST CAVP files
 * of the cryptography-vectors package (vexrun/katgen.py); each primitive reports one line. */
#include <string.h>

#include "app.h"
#include "kat.h"
#include "vexcrypt/hash.h"

static void report(const char *prim, unsigned vectors, unsigned failed, const char *detail,
                   struct tally *t)
{
  json_begin();
  json_str("suite", "selftest");
  json_str("prim", prim);
  json_u64("vectors", vectors);
  json_u64("failed", failed);
  json_bool("ok", failed == 0);
  if (detail)
    json_str("error", detail);
  json_end();
  if (failed)
    t->fail++;
  else
    t->pass++;
}

/* Each vector one-shot, and streamed in two pieces split at len/3. */
static void selftest_sha256(struct tally *t)
{
  unsigned failed = 0;
  static char detail[64];
  const char *first = NULL;
  for (size_t i = 0; i < KAT_SHA256_N; i++) {
    const struct kat_hash *k = &kat_sha256[i];
    uint8_t md[VC_SHA256_DIGEST_LEN], md2[VC_SHA256_DIGEST_LEN];
    vc_sha256_ctx ctx;
    size_t cut = k->len / 3;
    int rc = vc_sha256(k->msg, k->len, md);
    rc |= vc_sha256_init(&ctx);
    rc |= vc_sha256_update(&ctx, k->msg, cut);
    rc |= vc_sha256_update(&ctx, k->msg + cut, k->len - cut);
    rc |= vc_sha256_final(&ctx, md2);
    if (rc || memcmp(md, k->md, sizeof(md)) || memcmp(md2, k->md, sizeof(md2))) {
      if (!failed++) {
        /* "vector N (NIST file line L) differs" */
        static const char pre[] = "first failing vector: ";
        memcpy(detail, pre, sizeof(pre) - 1);
        memcpy(detail + sizeof(pre) - 1, k->name, strlen(k->name) + 1);
        first = detail;
      }
    }
  }
  report("sha256", KAT_SHA256_N, failed, first, t);
}

void selftest_run(const struct run_opts *o, struct tally *t)
{
  (void)o;
  selftest_sha256(t);
}
