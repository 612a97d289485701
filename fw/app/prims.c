#include "prims.h"

#include <string.h>

#include "app.h"

const vc_hash_class *const app_hashes[] = {
  &vc_md2_class, &vc_md4_class, &vc_md5_class, &vc_sha1_class, &vc_sha256_class,
};
const size_t app_nhashes = sizeof(app_hashes) / sizeof(app_hashes[0]);

static int name_is(const char *name, const char *s, size_t len)
{
  return strlen(name) == len && !memcmp(name, s, len);
}

const vc_hash_class *app_find_hash(const char *s, size_t len)
{
  for (size_t i = 0; i < app_nhashes; i++)
    if (name_is(app_hashes[i]->name, s, len))
      return app_hashes[i];
  return NULL;
}

static int des_setkey(union app_block_key *ks, const uint8_t *key, size_t keylen, unsigned rounds)
{
  (void)rounds;
  return keylen == 8 ? vc_des_setkey(&ks->des, key) : VC_ERR_KEYLEN;
}

static int des3_setkey(union app_block_key *ks, const uint8_t *key, size_t keylen, unsigned rounds)
{
  (void)rounds;
  return vc_des3_setkey(&ks->des3, key, keylen);
}

static int aes_tab_setkey(union app_block_key *ks, const uint8_t *key, size_t keylen, unsigned rounds)
{
  (void)rounds;
  return vc_aes_tab_setkey_var(&ks->aes, key, keylen);
}

static int aes_ct_setkey(union app_block_key *ks, const uint8_t *key, size_t keylen, unsigned rounds)
{
  (void)rounds;
  return vc_aes_ct_setkey(&ks->aes, key, keylen);
}

static int rc5_setkey(union app_block_key *ks, const uint8_t *key, size_t keylen, unsigned rounds)
{
  return vc_rc5_setkey(&ks->rc5, key, keylen, rounds);
}

const struct app_block app_blocks[] = {
  {"des", &vc_des, des_setkey},
  {"3des", &vc_des3, des3_setkey},
  {"aes_tab", &vc_aes_tab, aes_tab_setkey},
  {"aes_ct", &vc_aes_ct, aes_ct_setkey},
  {"rc5", &vc_rc5, rc5_setkey},
};
const size_t app_nblocks = sizeof(app_blocks) / sizeof(app_blocks[0]);

const struct app_block *app_find_block(const char *s, size_t len)
{
  for (size_t i = 0; i < app_nblocks; i++)
    if (name_is(app_blocks[i].name, s, len))
      return &app_blocks[i];
  return NULL;
}

static int rc4_setkey(union app_stream_ctx *c, const uint8_t *key, size_t keylen)
{
  return vc_rc4_setkey(&c->rc4, key, keylen);
}

static int rc4_crypt(union app_stream_ctx *c, uint32_t n, const uint8_t *in, uint8_t *out, size_t len)
{
  (void)n;
  return vc_rc4_crypt(&c->rc4, in, out, len);
}

static int seal_setkey(union app_stream_ctx *c, const uint8_t *key, size_t keylen)
{
  return keylen == 20 ? vc_seal_setkey(&c->seal, key) : VC_ERR_KEYLEN;
}

static int seal_crypt(union app_stream_ctx *c, uint32_t n, const uint8_t *in, uint8_t *out, size_t len)
{
  return vc_seal_crypt(&c->seal, n, in, out, len);
}

const struct app_stream app_streams[] = {
  {"rc4", rc4_setkey, rc4_crypt},
  {"seal", seal_setkey, seal_crypt},
};
const size_t app_nstreams = sizeof(app_streams) / sizeof(app_streams[0]);

const struct app_stream *app_find_stream(const char *s, size_t len)
{
  for (size_t i = 0; i < app_nstreams; i++)
    if (name_is(app_streams[i].name, s, len))
      return &app_streams[i];
  return NULL;
}

int app_mode(const char *s, size_t len)
{
  static const char *const modes[] = {"ecb", "cbc", "ctr"};
  for (int i = 0; i < 3; i++)
    if (name_is(modes[i], s, len))
      return i;
  return -1;
}

int app_mode_crypt(const struct app_block *b, int mode, int decrypt, const union app_block_key *ks,
                   uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
  switch (mode) {
  case 0: return decrypt ? vc_ecb_decrypt(b->bc, ks, in, out, len) : vc_ecb_encrypt(b->bc, ks, in, out, len);
  case 1: return decrypt ? vc_cbc_decrypt(b->bc, ks, iv, in, out, len) : vc_cbc_encrypt(b->bc, ks, iv, in, out, len);
  case 2: return vc_ctr_crypt(b->bc, ks, iv, in, out, len);
  default: return VC_ERR_LENGTH;
  }
}

/* Placed on the data cache by the linker script (section .bench): the buffers the benchmarks and
 * the oracle share (app_out 2 KiB from app_in), the key schedule above the cipher tables' sets,
 * the stream state at a page start. */
__attribute__((section(".bench.in"))) uint8_t app_in[APP_BENCH_MAX];
__attribute__((section(".bench.out"))) uint8_t app_out[APP_BENCH_MAX];
__attribute__((section(".bench.ks"))) union app_block_key app_ks;
__attribute__((section(".bench.sctx"))) union app_stream_ctx app_sctx;

int app_block_run(void *p)
{
  struct app_block_call *c = p;
  size_t bl = c->b->bc->block_len, len = c->len;
  uint8_t iv[VC_MAX_BLOCK_LEN];
  int rc;
  memcpy(iv, c->iv, bl);
  if (c->pad && !c->dec && (rc = vc_pkcs7_pad(c->in, len, APP_BENCH_MAX, bl, &len)))
    return rc;
  if ((rc = app_mode_crypt(c->b, c->mode, c->dec, &app_ks, iv, c->in, c->out, len)))
    return rc;
  if (c->pad && c->dec)
    return vc_pkcs7_unpad(c->out, len, bl, &c->len);
  c->len = len;
  return VC_OK;
}

vc_gcm_ctx app_gcm;

int app_gcm_setkey(const struct app_block *b, const uint8_t *key, size_t keylen)
{
  int rc = b->setkey(&app_ks, key, keylen, 0);
  return rc ? rc : vc_gcm_init(&app_gcm, b->bc, &app_ks);
}

int app_gcm_run(void *p)
{
  struct app_gcm_call *c = p;
  if (c->dec)
    return vc_gcm_open(&app_gcm, c->iv, c->ivlen, c->aad, c->aadlen, c->in, c->out, c->len, c->tag, c->taglen);
  return vc_gcm_seal(&app_gcm, c->iv, c->ivlen, c->aad, c->aadlen, c->in, c->out, c->len, c->tag, c->taglen);
}

int app_hash_run(void *p)
{
  struct app_hash_call *c = p;
  return c->h->oneshot(c->in, c->len, c->md);
}

int app_stream_run(void *p)
{
  struct app_stream_call *c = p;
  return c->s->crypt(&app_sctx, c->n, c->in, c->out, c->len);
}

const char *const app_ec_sets[VC_EC_NSETS] = {"basic", "optimized", "affine-table"};
