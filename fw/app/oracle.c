/* Oracle operations on the primitives: one op per hash, block cipher and stream cipher (the
 * tables of prims.c), answered with the output and the cycles the primitive took. */
#include <string.h>

#include "app.h"
#include "platform.h"
#include "prims.h"
#include "repeat.h"

static void respond_out(const char *op, const uint8_t *out, size_t n, uint64_t cycles, int64_t setup)
{
  json_ok(op, cycles);
  json_bytes("out", out, n);
  if (setup >= 0)
    json_u64("setup_cycles", (uint64_t)setup);
  json_end();
}

/* The timed call on the measurement stack, as the benchmarks time it (prims.h). */
static uint64_t timed(int (*fn)(void *), void *call, int *rc)
{
  uint64_t t0 = plat_cycles();
  *rc = plat_call(fn, call);
  return app_timed(plat_elapsed(t0, plat_cycles()));
}

/* {"op":"<hash>","msg":hex} */
static const char *op_hash(struct req *r)
{
  static struct app_hash_call call;
  const char *err;
  int rc;
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  call = (struct app_hash_call){app_find_hash(r->op, strlen(r->op)), app_in, (size_t)n, {0}};
  uint64_t cycles;
  REQ_PASSES cycles = timed(app_hash_run, &call, &rc);
  if (rc)
    return req_code(r, rc);
  respond_out(call.h->name, call.md, call.h->digest_len, cycles, -1);
  return NULL;
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

/* A key the cipher refused: its length. */
static const char *bad_key(struct req *r, long keylen, int rc)
{
  char got[24];
  if (rc != VC_ERR_KEYLEN)
    return req_code(r, rc);
  return req_bad(r, "key", req_bytes(got, sizeof(got), keylen), NULL);
}

/* {"op":"<cipher>","key":hex,"mode":"ecb|cbc|ctr","dir":"enc|dec","iv":hex,"msg":hex,
 *  "pad":bool,"rounds":int}: iv for CBC and CTR, pad for ECB and CBC, rounds for RC5 (the
 * others do not declare it). */
static const char *op_block(struct req *r)
{
  static const char *const modes[] = {"ecb", "cbc", "ctr"}, *const dirs[] = {"enc", "dec"};
  static struct app_block_call call;
  const struct app_block *b = app_find_block(r->op, strlen(r->op));
  const struct req_field *fm = req_get(r, "mode"), *fd = req_get(r, "dir");
  const char *err;
  char got[48], allowed[80];
  uint8_t key[256];
  uint32_t rounds;
  int mode = fm ? -1 : 0, dec = fd ? -1 : 0, pad = 0, rc;
  size_t bl = b->bc->block_len;
  for (int i = 0; i < 3; i++)
    if (req_is(fm, modes[i]))
      mode = i;
  for (int i = 0; i < 2; i++)
    if (req_is(fd, dirs[i]))
      dec = i;
  if (mode < 0)
    return req_bad(r, "mode", NULL, NULL);
  r->variant = modes[mode];
  if (dec < 0)
    return req_bad(r, "dir", NULL, NULL);
  if ((mode != 2 && (err = req_bool(r, "pad", 0, &pad))) || (err = req_uint(r, "rounds", 12, 0, 255, &rounds)))
    return err;
  long keylen = req_hex(r, "key", key, sizeof(key), &err);
  if (keylen < 0)
    return err;
  call = (struct app_block_call){b, mode, dec, pad, app_in, app_out, 0, {0}};
  if (mode && (err = req_hex_exact(r, "iv", call.iv, bl, str_fmt(allowed, sizeof(allowed), "%u bytes of hex (a block)",
                                                                   (unsigned)bl))))
    return err;
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  struct setkey_call sk = {b, key, (size_t)keylen, rounds};
  uint64_t setup, cycles;
  REQ_PASSES {
    call.len = (size_t)n;       /* the padding's length becomes the output's */
    setup = timed(run_setkey, &sk, &rc);
    if (rc)
      return bad_key(r, keylen, rc);
    cycles = timed(app_block_run, &call, &rc);
    memset(&app_ks, 0, sizeof(app_ks));
  }
  if (rc == VC_ERR_LENGTH)
    return req_bad(r, "msg", req_bytes(got, sizeof(got), n),
                   str_fmt(allowed, sizeof(allowed), dec ? "whole %u-byte blocks"
                           : "whole %u-byte blocks, or any length with pad true", (unsigned)bl));
  if (rc == VC_ERR_PADDING)
    return req_bad(r, "msg", "bad padding once decrypted", "the ciphertext of PKCS#7-padded plaintext with pad true");
  if (rc)
    return req_code(r, rc);
  respond_out(b->name, app_out, call.len, cycles, (int64_t)setup);
  return NULL;
}

static int run_gcm_setkey(void *p)    /* struct setkey_call *, rounds unused */
{
  struct setkey_call *c = p;
  return app_gcm_setkey(c->b, c->key, c->keylen);
}

/* {"op":"gcm","cipher":"aes_ct|aes_tab","key":hex,"iv":hex,"aad":hex,"msg":hex,"dir":"enc|dec",
 *  "taglen":int (enc),"tag":hex (dec)}: iv, aad and msg share the input buffer, in that order. */
static const char *op_gcm(struct req *r)
{
  static const char *const dirs[] = {"enc", "dec"}, *const ciphers[] = {"aes_ct", "aes_tab"};
  static struct app_gcm_call call;
  const struct req_field *fd = req_get(r, "dir"), *fc = req_get(r, "cipher");
  const char *err;
  char got[24];
  uint8_t key[32];
  uint32_t taglen = VC_GCM_TAG_LEN;
  int dec = fd ? -1 : 0, cipher = fc ? -1 : 0, rc;
  for (int i = 0; i < 2; i++) {
    if (req_is(fd, dirs[i]))
      dec = i;
    if (req_is(fc, ciphers[i]))
      cipher = i;
  }
  if (dec < 0)
    return req_bad(r, "dir", NULL, NULL);
  r->variant = dirs[dec];
  if (cipher < 0)
    return req_bad(r, "cipher", NULL, NULL);
  long keylen = req_hex(r, "key", key, sizeof(key), &err);
  if (keylen < 0)
    return err;
  long ivlen = req_hex(r, "iv", app_in, APP_MAX_INPUT, &err);
  if (ivlen < 0)
    return err;
  long aadlen = req_get(r, "aad") ? req_hex(r, "aad", app_in + ivlen, APP_MAX_INPUT - (size_t)ivlen, &err) : 0;
  if (aadlen < 0)
    return err;
  long n = req_hex(r, "msg", app_in + ivlen + aadlen, APP_MAX_INPUT - (size_t)(ivlen + aadlen), &err);
  if (n < 0)
    return err;
  call = (struct app_gcm_call){dec, app_in, app_in + ivlen, app_in + ivlen + aadlen, app_out,
                               (size_t)ivlen, (size_t)aadlen, (size_t)n, 0, {0}};
  if (dec) {
    long t = req_hex(r, "tag", call.tag, sizeof(call.tag), &err);
    if (t < 0)
      return err;
    call.taglen = (size_t)t;
  } else {
    if ((err = req_uint(r, "taglen", VC_GCM_TAG_LEN, 4, VC_GCM_TAG_LEN, &taglen)))
      return err;
    call.taglen = taglen;
  }
  struct setkey_call sk = {app_find_block(ciphers[cipher], strlen(ciphers[cipher])), key, (size_t)keylen, 0};
  uint64_t setup, cycles;
  REQ_PASSES {
    setup = timed(run_gcm_setkey, &sk, &rc);
    if (rc)
      return bad_key(r, keylen, rc);
    cycles = timed(app_gcm_run, &call, &rc);
    memset(&app_ks, 0, sizeof(app_ks));
    memset(&app_gcm, 0, sizeof(app_gcm));
  }
  if (rc == VC_ERR_LENGTH && (ivlen < 1 || ivlen > (long)VC_GCM_MAX_IV_LEN))
    return req_bad(r, "iv", req_bytes(got, sizeof(got), ivlen), NULL);
  if (rc == VC_ERR_LENGTH)
    return req_bad(r, "tag", req_bytes(got, sizeof(got), call.taglen), NULL);
  if (rc)
    return req_code(r, rc);
  json_ok("gcm", cycles);
  json_bytes("out", app_out, (size_t)n);
  if (!dec)
    json_bytes("tag", call.tag, call.taglen);
  json_u64("setup_cycles", setup);
  json_end();
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

/* {"op":"<stream cipher>","key":hex,"msg":hex,"n":int (SEAL's position; RC4 does not declare
 * it)} */
static const char *op_stream(struct req *r)
{
  static struct app_stream_call call;
  const struct app_stream *s = app_find_stream(r->op, strlen(r->op));
  const char *err;
  uint8_t key[256];
  uint32_t pos;
  int rc;
  if ((err = req_uint(r, "n", 0, 0, 0xffffffffu, &pos)))
    return err;
  long keylen = req_hex(r, "key", key, sizeof(key), &err);
  if (keylen < 0)
    return err;
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &err);
  if (n < 0)
    return err;
  struct stream_setkey_call sk = {s, key, (size_t)keylen};
  uint64_t setup, cycles;
  call = (struct app_stream_call){s, pos, app_in, app_out, (size_t)n};
  REQ_PASSES {      /* the key set up again: the call advances the keystream's state */
    setup = timed(run_stream_setkey, &sk, &rc);
    if (rc)
      return bad_key(r, keylen, rc);
    cycles = timed(app_stream_run, &call, &rc);
    memset(&app_sctx, 0, sizeof(app_sctx));
  }
  if (rc)
    return req_code(r, rc);
  respond_out(s->name, app_out, (size_t)n, cycles, (int64_t)setup);
  return NULL;
}

#define MSG_FIELD "\"msg\":\"" APP_MSG_DESC "\""
#define HASH_OP(n, d) {n, APP_PARAMS(MSG_FIELD, REQ_REPEAT_FIELD), d, op_hash}
/* A block cipher's fields: its key's, RC5's rounds, then the modes'. */
#define BLOCK_OP(n, key, d) {n, APP_PARAMS("\"key\":\"" key " bytes of hex\"", BLOCK_FIELDS, REQ_REPEAT_FIELD), d, op_block}
#define BLOCK_FIELDS                                                                           \
  "\"mode\":\"ecb|cbc|ctr (default ecb)\",\"dir\":\"enc|dec (default enc)\",\"iv\":\"one block " \
  "of hex: the IV (cbc) or the initial counter block, big-endian (ctr)\",\"msg\":\""           \
  APP_MSG_DESC "; whole blocks in ecb and cbc unless pad\",\"pad\":\"true or false: PKCS#7 "  \
  "padding (ecb, cbc; default false)\""

const struct oracle_op oracle_ops[] = {
  HASH_OP("md2", "MD2 digest (RFC 1319)"),
  HASH_OP("md4", "MD4 digest (RFC 1320)"),
  HASH_OP("md5", "MD5 digest (RFC 1321)"),
  HASH_OP("sha1", "SHA-1 digest (FIPS 180-4)"),
  HASH_OP("sha256", "SHA-256 digest (FIPS 180-4)"),
  BLOCK_OP("des", "8", "DES (FIPS 46-3), 8-byte blocks"),
  BLOCK_OP("3des", "16 or 24", "Triple DES EDE (SP 800-67), 8-byte blocks"),
  BLOCK_OP("aes_tab", "16, 24 or 32", "AES-128/192/256 (FIPS 197), table-based, variable time, 16-byte blocks"),
  BLOCK_OP("aes_ct", "16, 24 or 32", "AES-128/192/256 (FIPS 197), constant time, 16-byte blocks"),
  {"rc5", APP_PARAMS("\"key\":\"0..255 bytes of hex\",\"rounds\":\"an integer 0..255 (default 12)\"", BLOCK_FIELDS, REQ_REPEAT_FIELD),
   "RC5-32/r/b (RFC 2040), 8-byte blocks", op_block},
  {"gcm", APP_PARAMS("\"cipher\":\"aes_ct (constant time, the default) or aes_tab\",\"key\":\"16, 24 or 32 bytes "
                     "of hex\",\"iv\":\"1..65536 bytes of hex (12 is the usual)\",\"aad\":\"bytes as hex: "
                     "authenticated, not encrypted (default none)\",\"msg\":\"bytes as hex; iv, aad and msg "
                     "at most " IO_STR(APP_MAX_INPUT) " bytes together\",\"dir\":\"enc|dec (default enc)\","
                     "\"taglen\":\"an integer 4..16: the tag's bytes (enc; default 16)\",\"tag\":\"4..16 "
                     "bytes of hex (dec): checked before anything is decrypted\"", REQ_REPEAT_FIELD),
   "AES-GCM (SP 800-38D): out and tag, or the plaintext once the tag verifies; GHASH on the "
   "carry-less multiply unit when the build has it", op_gcm},
  {"rc4", APP_PARAMS("\"key\":\"1..256 bytes of hex\"", MSG_FIELD, REQ_REPEAT_FIELD), "RC4/ARC4 keystream XOR", op_stream},
  {"seal", APP_PARAMS("\"key\":\"20 bytes of hex\",\"n\":\"an integer 0..4294967295: the position in the "
                      "keystream (default 0)\"", MSG_FIELD, REQ_REPEAT_FIELD), "SEAL 3.0 keystream XOR at position n", op_stream},
};
const size_t oracle_nops = sizeof(oracle_ops) / sizeof(oracle_ops[0]);
