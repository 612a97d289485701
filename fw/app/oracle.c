/* Oracle operations on the primitives: one op per hash, block cipher and stream cipher (the
 * tables of prims.c), answered with the output and the cycles the primitive took. */
#include <string.h>

#include "app.h"
#include "platform.h"
#include "prims.h"

static void respond_out(const char *op, const uint8_t *out, size_t n, uint64_t cycles, int64_t setup)
{
  json_begin();
  json_bool("ok", 1);
  json_str("op", op);
  json_bytes("out", out, n);
  json_u64("cycles", cycles);
  if (setup >= 0)
    json_u64("setup_cycles", (uint64_t)setup);
  json_end();
}

static const struct req_field *op_name(const struct req *r)
{
  return req_get(r, "op");
}

/* The timed call on the measurement stack, as the benchmarks time it (prims.h). */
static uint64_t timed(int (*fn)(void *), void *call, int *rc)
{
  uint64_t t0 = plat_cycles();
  *rc = plat_call(fn, call);
  return plat_elapsed(t0, plat_cycles());
}

/* {"op":"<hash>","msg":hex} */
static const char *op_hash(const struct req *r)
{
  static struct app_hash_call call;
  const struct req_field *op = op_name(r);
  const char *err;
  int rc;
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  call = (struct app_hash_call){app_find_hash(op->val, op->vallen), app_in, (size_t)n, {0}};
  uint64_t cycles = timed(app_hash_run, &call, &rc);
  if (rc)
    return vc_strerror(rc);
  respond_out(call.h->name, call.md, call.h->digest_len, cycles, -1);
  return NULL;
}

/* Parses "dir": "enc" (default) or "dec"; returns -1 when it is something else. */
static int req_dir(const struct req *r)
{
  const struct req_field *f = req_get(r, "dir");
  if (!f)
    return 0;
  if (f->type == 's' && f->vallen == 3 && !memcmp(f->val, "enc", 3))
    return 0;
  if (f->type == 's' && f->vallen == 3 && !memcmp(f->val, "dec", 3))
    return 1;
  return -1;
}

struct setkey_call {
  const struct app_block *b;
  const uint8_t *key;
  size_t keylen;
  uint32_t rounds;
};

static int run_setkey(void *p)
{
  struct setkey_call *c = p;
  return c->b->setkey(&app_ks, c->key, c->keylen, c->rounds);
}

/* {"op":"<cipher>","key":hex,"mode":"ecb|cbc|ctr","dir":"enc|dec","iv":hex,"msg":hex,
 *  "pad":bool,"rounds":int} */
static const char *op_block(const struct req *r)
{
  static struct app_block_call call;
  const struct req_field *op = op_name(r), *fm = req_get(r, "mode");
  const struct app_block *b = app_find_block(op->val, op->vallen);
  const char *err;
  uint8_t key[256];
  uint32_t rounds;
  int mode = fm && fm->type == 's' ? app_mode(fm->val, fm->vallen) : (fm ? -1 : 0);
  int dec = req_dir(r), pad = req_flag(r, "pad"), rc;
  size_t bl = b->bc->block_len;
  if (mode < 0)
    return "\"mode\" must be \"ecb\", \"cbc\" or \"ctr\"";
  if (dec < 0)
    return "\"dir\" must be \"enc\" or \"dec\"";
  if (pad && mode == 2)
    return "\"pad\" applies to ECB and CBC only";
  if (req_u32(r, "rounds", 12, &rounds) || rounds > 255)
    return "\"rounds\" must be an integer from 0 to 255";
  long keylen = req_hex(r, "key", key, sizeof(key), &err);
  if (keylen < 0)
    return "key: malformed or longer than 256 bytes";
  call = (struct app_block_call){b, mode, dec, pad, app_in, app_out, 0, {0}};
  if (mode && req_hex(r, "iv", call.iv, sizeof(call.iv), &err) != (long)bl)
    return bl == 8 ? "\"iv\" must be 8 bytes of hex" : "\"iv\" must be 16 bytes of hex";
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  call.len = (size_t)n;
  struct setkey_call sk = {b, key, (size_t)keylen, rounds};
  uint64_t setup = timed(run_setkey, &sk, &rc);
  if (rc)
    return vc_strerror(rc);
  uint64_t cycles = timed(app_block_run, &call, &rc);
  memset(&app_ks, 0, sizeof(app_ks));
  if (rc)
    return rc == VC_ERR_LENGTH ? "message length is not a multiple of the block size (set \"pad\")" : vc_strerror(rc);
  respond_out(b->name, app_out, call.len, cycles, (int64_t)setup);
  return NULL;
}

struct stream_setkey_call {
  const struct app_stream *s;
  const uint8_t *key;
  size_t keylen;
};

static int run_stream_setkey(void *p)
{
  struct stream_setkey_call *c = p;
  return c->s->setkey(&app_sctx, c->key, c->keylen);
}

/* {"op":"<stream cipher>","key":hex,"msg":hex,"n":int (SEAL's position)} */
static const char *op_stream(const struct req *r)
{
  static struct app_stream_call call;
  const struct req_field *op = op_name(r);
  const struct app_stream *s = app_find_stream(op->val, op->vallen);
  const char *err;
  uint8_t key[256];
  uint32_t pos;
  int rc;
  if (req_u32(r, "n", 0, &pos))
    return "\"n\" must be a non-negative 32-bit integer";
  long keylen = req_hex(r, "key", key, sizeof(key), &err);
  if (keylen < 0)
    return "key: malformed or longer than 256 bytes";
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  struct stream_setkey_call sk = {s, key, (size_t)keylen};
  uint64_t setup = timed(run_stream_setkey, &sk, &rc);
  if (rc)
    return vc_strerror(rc);
  call = (struct app_stream_call){s, pos, app_in, app_out, (size_t)n};
  uint64_t cycles = timed(app_stream_run, &call, &rc);
  memset(&app_sctx, 0, sizeof(app_sctx));
  if (rc)
    return vc_strerror(rc);
  respond_out(s->name, app_out, (size_t)n, cycles, (int64_t)setup);
  return NULL;
}

#define HASH_OP(n, d) {n, "{\"msg\":\"hex\"}", d, op_hash}
#define BLOCK_PARAMS "{\"key\":\"hex\",\"mode\":\"ecb|cbc|ctr\",\"dir\":\"enc|dec\",\"iv\":\"hex\",\"msg\":\"hex\",\"pad\":\"bool\"}"

const struct oracle_op oracle_ops[] = {
  HASH_OP("md2", "MD2 digest (RFC 1319)"),
  HASH_OP("md4", "MD4 digest (RFC 1320)"),
  HASH_OP("md5", "MD5 digest (RFC 1321)"),
  HASH_OP("sha1", "SHA-1 digest (FIPS 180-4)"),
  HASH_OP("sha256", "SHA-256 digest (FIPS 180-4)"),
  {"des", BLOCK_PARAMS, "DES (FIPS 46-3), 8-byte key", op_block},
  {"3des", BLOCK_PARAMS, "Triple DES EDE (SP 800-67), 16- or 24-byte key", op_block},
  {"aes_tab", BLOCK_PARAMS, "AES-128/192/256 (FIPS 197), table-based, variable time", op_block},
  {"aes_ct", BLOCK_PARAMS, "AES-128/192/256 (FIPS 197), constant time", op_block},
  {"rc5", "{\"key\":\"hex\",\"rounds\":\"int 0..255 (12)\",\"mode\":\"ecb|cbc|ctr\",\"dir\":\"enc|dec\",\"iv\":\"hex\",\"msg\":\"hex\",\"pad\":\"bool\"}",
   "RC5-32/r/b (RFC 2040), 0..255-byte key", op_block},
  {"rc4", "{\"key\":\"hex\",\"msg\":\"hex\"}", "RC4/ARC4 keystream XOR, 1..256-byte key", op_stream},
  {"seal", "{\"key\":\"hex\",\"n\":\"int\",\"msg\":\"hex\"}", "SEAL 3.0 keystream XOR at position n, 20-byte key", op_stream},
};
const size_t oracle_nops = sizeof(oracle_ops) / sizeof(oracle_ops[0]);
