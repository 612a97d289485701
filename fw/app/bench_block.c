/* Suite "block": each block cipher's key setup, then encryption and decryption in each of the
 * request's modes (default CBC) over its message sizes of bench_fill's data; in ECB and CBC the
 * PKCS#7 padding is part of the timing. "out" is the SHA-256 of the output. Then GHASH and
 * AES-128-GCM (aes_ct) sealing at the same sizes, on the carry-less multiply unit ("hw", in a
 * build with it) and off it ("sw"): GHASH's "out" is y from 0 under H = bench_key, GCM's the
 * SHA-256 of the ciphertext and the tag (key bench_key, IV bench_iv's 12 bytes, no AAD). */
#include <stddef.h>
#include <string.h>

#include "accel.h"
#include "bench_sym.h"
#include "prims.h"

static const char default_modes[] = "cbc";

struct block_cfg {
  const char *cipher, *prim, *impl;
  uint32_t keylen, rounds;
  int quick;       /* in the default (quick) set; the others run with "all" */
};

static const struct block_cfg block_cfgs[] = {
  {"des", "des", NULL, 8, 0, 1},
  {"3des", "3des", NULL, 24, 0, 0},
  {"aes_tab", "aes-128", "tab", 16, 0, 1},
  {"aes_tab", "aes-192", "tab", 24, 0, 0},
  {"aes_tab", "aes-256", "tab", 32, 0, 0},
  {"aes_ct", "aes-128", "ct", 16, 0, 0},
  {"aes_ct", "aes-192", "ct", 24, 0, 0},
  {"aes_ct", "aes-256", "ct", 32, 0, 0},
  {"rc5", "rc5-32/12/16", NULL, 16, 12, 1},
};

struct block_arg {
  struct sym_rec rec;
  struct app_block_call call;
  uint8_t key[32];
  uint32_t keylen, rounds;
  size_t outlen;
};

static int run_setkey(void *p)
{
  struct block_arg *a = p;
  return a->call.b->setkey(&app_ks, a->key, a->keylen, a->rounds);
}

/* Encryption pads app_in (ECB/CBC) and writes app_out; decryption reads app_out into app_in
 * and removes the padding (app_block_run). Every run starts from the same call. */
static void prep_encrypt(void *p)
{
  struct app_block_call *c = p;
  struct block_arg *a = (struct block_arg *)((char *)c - offsetof(struct block_arg, call));
  c->dec = 0;
  c->in = app_in;
  c->out = app_out;
  c->len = a->rec.bytes;
}

static void prep_decrypt(void *p)
{
  struct app_block_call *c = p;
  struct block_arg *a = (struct block_arg *)((char *)c - offsetof(struct block_arg, call));
  c->dec = 1;
  c->in = app_out;
  c->out = app_in;
  c->len = a->outlen;
}

static void *block_target(void *p)
{
  struct block_arg *a = p;
  return &a->call;
}

static int encrypt_check(void *p)           /* keeps the ciphertext's length for decryption */
{
  struct block_arg *a = p;
  a->outlen = a->call.len;
  return 1;
}

static void encrypt_out(void *p)
{
  struct block_arg *a = p;
  json_out_digest(app_out, a->outlen);
}

static void decrypt_out(void *p)        /* the host checks it is the plaintext's digest */
{
  struct block_arg *a = p;
  json_out_digest(app_in, a->rec.bytes);
}

/* A cipher's cases; the configuration names the primitive and the implementation. */
enum { BLOCK_SETKEY, BLOCK_ENC, BLOCK_DEC };
static const struct bench_case block_cases[] = {
  [BLOCK_SETKEY] = {.op = "setkey", .call = run_setkey},
  [BLOCK_ENC] = {.op = "enc", .call = app_block_run, .target = block_target, .prep = prep_encrypt,
                 .check = encrypt_check, .fields = encrypt_out},
  [BLOCK_DEC] = {.op = "dec", .call = app_block_run, .target = block_target, .prep = prep_decrypt,
                 .fields = decrypt_out},
};

static void block_case(const struct block_cfg *c, int which, struct block_arg *a,
                       const struct run_opts *o, struct tally *t)
{
  struct bench_case k = block_cases[which];
  k.prim = c->prim;
  k.impl = c->impl;
  bench_run(&sym_family, &k, a, o, t);
}

/* A cipher's cases: one group of a sweep's slices, as they share the key schedule and
 * decryption reads encryption's output. */
static void block_cipher(const struct block_cfg *c, struct block_arg *a, const char *modes, const char *mend,
                         const struct run_opts *o, struct tally *t)
{
  static const char *const mode_names[] = {"ecb", "cbc", "ctr"};
  a->rec = (struct sym_rec){"block", NULL, 0};
  a->call.b = app_find_block(c->cipher, strlen(c->cipher));
  a->keylen = c->keylen;
  a->rounds = c->rounds;
  bench_key(a->key, c->keylen);
  bench_iv(a->call.iv, a->call.b->bc->block_len);
  block_case(c, BLOCK_SETKEY, a, o, t);
  for (const char *p = modes; p < mend;) {
    const char *q = p;
    while (q < mend && *q != ',')
      q++;
    a->call.mode = app_mode(p, (size_t)(q - p));
    a->call.pad = a->call.mode != 2;
    if (a->call.mode < 0) {
      bench_error("block", "bad \"modes\" list (ecb, cbc, ctr)", t);
    } else {
      struct sizes sz;
      a->rec.mode = mode_names[a->call.mode];
      sizes_init(&sz, o);
      while (sizes_next(&sz, "block", APP_BENCH_MAX_MSG, &a->rec.bytes, t)) {
        bench_fill(app_in, a->rec.bytes);
        block_case(c, BLOCK_ENC, a, o, t);
        block_case(c, BLOCK_DEC, a, o, t);
      }
    }
    p = q + 1;
  }
}

/* ---- GHASH and AES-128-GCM ---- */

struct gcm_arg {
  struct sym_rec rec;
  vc_ghash_key k;
  uint8_t y[16], iv[12];
  struct app_gcm_call call;
};

static int run_ghash(void *p)
{
  struct gcm_arg *a = p;
  memset(a->y, 0, sizeof(a->y));
  return vc_ghash(&a->k, a->y, app_in, a->rec.bytes);
}

static void ghash_out(void *p)
{
  struct gcm_arg *a = p;
  json_bytes("out", a->y, sizeof(a->y));
}

static void *gcm_target(void *p)
{
  struct gcm_arg *a = p;
  return &a->call;
}

static void seal_out(void *p)              /* the ciphertext, then the tag */
{
  struct gcm_arg *a = p;
  memcpy(app_out + a->rec.bytes, a->call.tag, VC_GCM_TAG_LEN);
  json_out_digest(app_out, a->rec.bytes + VC_GCM_TAG_LEN);
}

static const struct bench_case ghash_case = {.prim = "ghash", .op = "hash", .call = run_ghash, .fields = ghash_out};
static const struct bench_case gcm_case = {.prim = "aes-128-gcm", .op = "seal", .call = app_gcm_run,
                                           .target = gcm_target, .fields = seal_out};

static void bench_gcm(struct gcm_arg *a, const struct run_opts *o, struct tally *t)
{
  uint8_t key[16];
  struct sizes sz;
  a->rec = (struct sym_rec){"block", NULL, 0};
  bench_key(key, sizeof(key));
  bench_iv(a->iv, sizeof(a->iv));
  vc_ghash_init(&a->k, key);
  if (app_gcm_setkey(app_find_block("aes_ct", 6), key, sizeof(key))) {
    bench_error("block", "AES-128-GCM: key set-up failed", t);
    return;
  }
  sizes_init(&sz, o);
  while (sizes_next(&sz, "block", APP_BENCH_MAX_MSG, &a->rec.bytes, t)) {
    bench_fill(app_in, a->rec.bytes);
    a->call = (struct app_gcm_call){0, a->iv, NULL, app_in, app_out, sizeof(a->iv), 0, a->rec.bytes,
                                    VC_GCM_TAG_LEN, {0}};
    bench_run_impls(&sym_family, &ghash_case, 1, a, VC_ACCEL_CLMUL, o, t);
    bench_run_impls(&sym_family, &gcm_case, 1, a, VC_ACCEL_CLMUL, o, t);
  }
  memset(&app_gcm, 0, sizeof(app_gcm));
}

static void bench_block(const struct run_opts *o, struct tally *t)
{
  static struct gcm_arg g;
  static struct block_arg a;
  const char *modes = o->modes ? o->modes : default_modes;
  const char *mend = o->modes ? o->modes + o->modes_len : default_modes + sizeof(default_modes) - 1;
  for (size_t i = 0; i < sizeof(block_cfgs) / sizeof(block_cfgs[0]); i++) {
    const struct block_cfg *c = &block_cfgs[i];
    if (!c->quick && !o->all)
      continue;
    if (bench_group(o))
      block_cipher(c, &a, modes, mend, o, t);
    bench_group_end();
  }
  if (bench_group(o))
    bench_gcm(&g, o, t);
  bench_group_end();
}

const struct suite suite_block = {"block",
  "block-cipher benchmarks: DES, 3DES, AES (tab, ct), RC5; key setup, encrypt, decrypt; GHASH and AES-128-GCM sealing on and off the clmul unit",
  bench_block};
