/* Known-answer self-tests. The vectors are generated at build time from the installed vector
 * packages (vexrun/vectors/katgen.py writes kat.h); each primitive reports one line with its vector
 * count and the label (source file and line) of the first failing vector. Suite
 * "selftest_full" runs every vector; "selftest" (make sim) a few of every family, a subset of
 * the same vectors: the first, middle and last of each hash and stream cipher, the first of
 * each mode, direction and key length of each block cipher (selftest_pk.c and selftest_ec.c
 * say theirs). */
#include <string.h>

#include "app.h"
#include "kat.h"
#include "prims.h"

static int same_name(const char *a, const char *b)
{
  return !strcmp(a, b);
}

/* Each vector one-shot, and streamed in two pieces split at len/3. */
static void selftest_hashes(int quick, struct tally *t)
{
  static uint64_t ctx[64];
  for (size_t h = 0; h < app_nhashes; h++) {
    const vc_hash_class *hc = app_hashes[h];
    struct check c = {hc->name, 0, 0, NULL};
    size_t n = 0, j = 0;
    if (hc->ctx_size > sizeof(ctx)) {
      check_result(&c, 0, "context larger than the self-test's buffer");
      check_report(&c, t);
      continue;
    }
    for (size_t i = 0; i < KAT_HASH_N; i++)
      n += same_name(kat_hash[i].prim, hc->name);
    for (size_t i = 0; i < KAT_HASH_N; i++) {
      const struct kat_hash *k = &kat_hash[i];
      uint8_t md[64], md2[64];
      size_t cut = k->len / 3;
      if (!same_name(k->prim, hc->name) || (quick && !selftest_spread(j++, n)))
        continue;
      int rc = hc->oneshot(k->msg, k->len, md);
      rc |= hc->init(ctx);
      rc |= hc->update(ctx, k->msg, cut);
      rc |= hc->update(ctx, k->msg + cut, k->len - cut);
      rc |= hc->final(ctx, md2);
      check_result(&c, !rc && !memcmp(md, k->md, hc->digest_len) && !memcmp(md2, k->md, hc->digest_len),
                   k->label);
    }
    check_report(&c, t);
  }
}

/* The quick self-test's block-cipher vectors: the first of each mode, direction and key
 * length (8, 16, 24, 32 bytes and the others in one class) of a cipher; seen holds the
 * classes met. */
static int block_first_of_class(const struct kat_block *k, uint32_t *seen)
{
  uint32_t len = k->keylen % 8 || k->keylen > 32 ? 0 : (uint32_t)k->keylen / 8;
  uint32_t bit = 1u << (((uint32_t)k->mode * 2 + (k->decrypt != 0)) * 5 + len);
  if (*seen & bit)
    return 0;
  *seen |= bit;
  return 1;
}

/* Each vector in its direction; encryption vectors are also decrypted back. */
static void selftest_blocks(int quick, struct tally *t)
{
  static union app_block_key ks;
  for (size_t b = 0; b < app_nblocks; b++) {
    const struct app_block *bc = &app_blocks[b];
    struct check c = {bc->name, 0, 0, NULL};
    uint32_t seen = 0;
    for (size_t i = 0; i < KAT_BLOCK_N; i++) {
      const struct kat_block *k = &kat_block[i];
      uint8_t iv[VC_MAX_BLOCK_LEN];
      int rc, pass;
      if (!same_name(k->prim, bc->name) || (quick && !block_first_of_class(k, &seen)))
        continue;
      rc = bc->setkey(&ks, k->key, k->keylen, k->rounds);
      if (k->iv)
        memcpy(iv, k->iv, bc->bc->block_len);
      rc |= app_mode_crypt(bc, k->mode, k->decrypt, &ks, iv, k->in, app_out, k->len);
      pass = !rc && !memcmp(app_out, k->out, k->len);
      if (pass && !k->decrypt) {
        if (k->iv)
          memcpy(iv, k->iv, bc->bc->block_len);
        rc = app_mode_crypt(bc, k->mode, 1, &ks, iv, k->out, app_out, k->len);
        pass = !rc && !memcmp(app_out, k->in, k->len);
      }
      check_result(&c, pass, k->label);
    }
    check_report(&c, t);
  }
}

static int same_stream_key(const struct kat_stream *a, const struct kat_stream *b)
{
  return a && a->keylen == b->keylen && a->n == b->n && !memcmp(a->key, b->key, a->keylen);
}

/* Keystream bytes [offset, offset + len) of each vector: encrypt zeros, compare the window.
 * katgen orders each key's vectors by decreasing end, so the keystream generated for a key's
 * first vector serves the rest. */
static void selftest_streams(int quick, struct tally *t)
{
  static union app_stream_ctx ctx;
  for (size_t s = 0; s < app_nstreams; s++) {
    const struct app_stream *sc = &app_streams[s];
    struct check c = {sc->name, 0, 0, NULL};
    const struct kat_stream *keyed = NULL;
    size_t generated = 0, n = 0, j = 0;
    int rc = 0;
    for (size_t i = 0; i < KAT_STREAM_N; i++)
      n += same_name(kat_stream[i].prim, sc->name);
    for (size_t i = 0; i < KAT_STREAM_N; i++) {
      const struct kat_stream *k = &kat_stream[i];
      size_t total = k->offset + k->len;
      if (!same_name(k->prim, sc->name) || (quick && !selftest_spread(j++, n)))
        continue;
      if (total > APP_BENCH_MAX) {
        check_result(&c, 0, k->label);
        continue;
      }
      if (!same_stream_key(keyed, k) || total > generated) {
        memset(app_in, 0, total);
        rc = sc->setkey(&ctx, k->key, k->keylen);
        rc |= sc->crypt(&ctx, k->n, app_in, app_out, total);
        keyed = k;
        generated = total;
      }
      check_result(&c, !rc && !memcmp(app_out + k->offset, k->out, k->len), k->label);
    }
    check_report(&c, t);
  }
}

static void selftest(int quick, struct tally *t)
{
  selftest_hashes(quick, t);
  selftest_blocks(quick, t);
  selftest_streams(quick, t);
  selftest_pk(quick, t);
  selftest_ec(quick, t);
#define VC_ACCEL_SELFTEST(NAME, name, bit) selftest_##name(quick, t);
  VC_ACCELS(VC_ACCEL_SELFTEST)          /* each accelerator's (a no-op in a build without it) */
#undef VC_ACCEL_SELFTEST
}

static void selftest_run(const struct run_opts *o, struct tally *t)
{
  (void)o;
  selftest(1, t);
}

static void selftest_full_run(const struct run_opts *o, struct tally *t)
{
  (void)o;
  selftest(0, t);
}

const struct suite suite_selftest = {"selftest",
  "quick known-answer tests: a few vectors of every family (hashes, block and stream ciphers, modexp, RSA, DSA, DH, GF(2^m), a binary curve, P-256)",
  selftest_run};

const struct suite suite_selftest_full = {"selftest_full",
  "known-answer tests of every primitive with every vector the firmware carries",
  selftest_full_run};
