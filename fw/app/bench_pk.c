/* Suite "pk": public key, seed 003's RSA table and seed 002's DH and DSA: RSA-1024/2048 sign and
 * verify, DH 512-1024, DSA, ElGamal, each at the default (constant-time) configuration and beside
 * it variable time; with "all", RSA across the CRT conversions and the design space. The set-ups
 * (bench_pk.h) serve suite mont too, on and off the Montgomery unit. */
#include <string.h>

#include "accel.h"
#include "bench_pk.h"
#include "kat.h"
#include "prims.h"

/* Each set-up below is a group's (bench_group): a sweep's task runs it only for its own groups. */

/* The suite's records: this suite runs each case once; an accelerator's suite (x->accel) on
 * the unit and off it. */
static void pk_run(struct pk_ctx *x, const struct bench_family *f, const struct bench_case *c, size_t n,
                   const struct run_opts *o, struct tally *t)
{
  if (x->accel)
    bench_run_impls(f, c, n, x, x->accel, o, t);
  else
    bench_run_all(f, c, n, x, o, t);
}

static const char *pk_suite(const struct pk_ctx *x)
{
  return x->suite ? x->suite : "pk";
}

static void json_sig(void *p)
{
  struct pk_ctx *x = p;
  json_bytes("sig", x->sig, x->klen);
}

/* RSA sign (PKCS#1 v1.5, SHA-256 digest of bench_fill's 23 bytes) and verify, e = 65537. */
static int run_rsa_sign(void *p)
{
  struct pk_ctx *x = p;
  return vc_rsa_pkcs1_sign(&x->rsa, &vc_sha256_class, x->dig, x->sig,
                           (vc_mp_bits(&x->rsa.n) + 7) / 8, x->crt, &x->cfg);
}

static int run_rsa_verify(void *p)
{
  struct pk_ctx *x = p;
  return vc_rsa_pkcs1_verify(&x->pub, &vc_sha256_class, x->dig, x->sig,
                             (vc_mp_bits(&x->rsa.n) + 7) / 8, &x->cfg);
}

/* arg 1: a private-key operation, whose record names the CRT conversion. */
static void rsa_start(const struct bench_case *c, void *p)
{
  static const char *const crt_names[] = {"none", "mrc", "src"};
  struct pk_ctx *x = p;
  x->h.crt = c->arg ? crt_names[x->crt] : NULL;
}

/* Verification (public, no CRT) is measured once per key: with the default configuration. */
static int rsa_default(void *p)
{
  struct pk_ctx *x = p;
  return x->crt == VC_RSA_MRC && !memcmp(&x->cfg, &vc_mp_cfg_default, sizeof(x->cfg));
}

/* An accelerator's suite (mont): the public operation alone on the signature (sig^e mod n into
 * z), before the verification, so that on the unit it is the first call under n (R^2 mod n
 * computed; sign used p and q), as an application's first verification under a key. */
static void rsa_public_prep(void *p)
{
  struct pk_ctx *x = p;
  vc_mp_from_bytes(&x->c1, x->sig, x->klen);
}

static int run_rsa_public(void *p)
{
  struct pk_ctx *x = p;
  return vc_rsa_public(&x->pub, &x->z, &x->c1, &x->cfg);
}

static void rsa_public_out(void *p)
{
  struct pk_ctx *x = p;
  json_sig(x);
  json_mp("out", &x->z);
}

static int rsa_accel_default(void *p)
{
  return ((struct pk_ctx *)p)->accel && rsa_default(p);
}

static const struct bench_family rsa_family = {pk_rec_head, rsa_start};
static const struct bench_case rsa_cases[] = {
  {.prim = "rsa", .op = "sign", .call = run_rsa_sign, .fields = json_sig, .arg = 1},
  {.prim = "rsa", .op = "public", .call = run_rsa_public, .prep = rsa_public_prep, .fields = rsa_public_out,
   .when = rsa_accel_default},
  {.prim = "rsa", .op = "verify", .call = run_rsa_verify, .when = rsa_default},
};

void pk_rsa_key(vc_rsa_priv *key, const struct kat_rsa *k)
{
  memset(key, 0, sizeof(*key));
  vc_mp_from_bytes(&key->n, k->n, k->len);
  vc_mp_from_bytes(&key->e, k->e, k->elen);
  vc_mp_from_bytes(&key->d, k->d, k->len);
  vc_mp_from_bytes(&key->p, k->p, k->len / 2);
  vc_mp_from_bytes(&key->q, k->q, k->len / 2);
  vc_rsa_priv_complete(key);
}

void pk_rsa(struct pk_ctx *x, const struct kat_rsa *k, const vc_mp_cfg *c, int crt,
            const struct run_opts *o, struct tally *t)
{
  if (bench_group(o)) {
    x->h = (struct pk_head){.suite = pk_suite(x), .bits = (uint32_t)k->len * 8, .bytes = 23, .cfg = c,
                            .key = k->name};
    pk_rsa_key(&x->rsa, k);
    vc_rsa_pub_from_priv(&x->pub, &x->rsa);
    x->klen = k->len;
    x->cfg = *c;
    x->crt = crt;
    bench_fill(app_in, 23);
    vc_sha256(app_in, 23, x->dig);
    pk_run(x, &rsa_family, rsa_cases, BENCH_N(rsa_cases), o, t);
  }
  bench_group_end();
}

/* A group's set-up: p, g, the point c, the DRBG seeded from "vexcrypt/<what>/<group>". */
static void pk_group(struct pk_ctx *x, const char *what, const vc_dh_group *grp, const vc_mp_cfg *c)
{
  x->h = (struct pk_head){.suite = pk_suite(x), .bits = (uint32_t)grp->bits, .cfg = c, .group = grp->name};
  x->h.seed = str_fmt(x->seed, sizeof(x->seed), "vexcrypt/%s/%s", what, grp->name);
  vc_dh_group_load(grp, &x->p, &x->g);
  x->cfg = *c;
  pk_seed_rng(&x->rng, x->seed);
}

/* Diffie-Hellman: a key pair (every run draws a new x), then the shared secret with a second
 * party's public value. */
static int run_dh_keygen(void *p)
{
  struct pk_ctx *x = p;
  return vc_dh_keygen(&x->p, &x->g, x->h.xbits, &x->rng, &x->x, &x->y, &x->cfg);
}

static int run_dh_shared(void *p)
{
  struct pk_ctx *x = p;
  return vc_dh_shared(&x->p, &x->x, x->h.xbits, &x->peer_y, &x->z, &x->cfg);
}

static void dh_keypair_out(void *p)
{
  struct pk_ctx *x = p;
  json_mp("x", &x->x);
  json_mp("y", &x->y);
}

static void dh_shared_out(void *p)
{
  struct pk_ctx *x = p;
  json_mp("x", &x->x);
  json_mp("peer", &x->peer_y);
  json_mp("z", &x->z);
}

static const struct bench_family group_family = {pk_rec_head, NULL};
static const struct bench_case dh_cases[] = {
  {.prim = "dh", .op = "keypair", .call = run_dh_keygen, .fields = dh_keypair_out},
  {.prim = "dh", .op = "shared", .call = run_dh_shared, .fields = dh_shared_out},
};

void pk_dh(struct pk_ctx *x, const vc_dh_group *grp, uint32_t xbits, const vc_mp_cfg *c,
           const struct run_opts *o, struct tally *t)
{
  if (bench_group(o)) {
    pk_group(x, "dh", grp, c);
    x->h.xbits = xbits;
    vc_dh_keygen(&x->p, &x->g, xbits, &x->rng, &x->peer_x, &x->peer_y, &x->cfg);     /* the peer */
    pk_run(x, &group_family, dh_cases, BENCH_N(dh_cases), o, t);
  }
  bench_group_end();
}

/* ElGamal over a group: encryption of a drawn m to y = g^x, and its decryption (into z). */
static int run_elg_enc(void *p)
{
  struct pk_ctx *x = p;
  return vc_elgamal_encrypt(&x->p, &x->g, &x->y, &x->m, &x->rng, &x->c1, &x->c2, &x->cfg);
}

static int run_elg_dec(void *p)
{
  struct pk_ctx *x = p;
  return vc_elgamal_decrypt(&x->p, &x->x, &x->c1, &x->c2, &x->z, &x->cfg);
}

static void elg_enc_out(void *p)
{
  struct pk_ctx *x = p;
  json_mp("x", &x->x);
  json_mp("y", &x->y);
  json_mp("m", &x->m);
  json_mp("c1", &x->c1);
  json_mp("c2", &x->c2);
}

static void elg_dec_out(void *p)
{
  struct pk_ctx *x = p;
  json_mp("x", &x->x);
  json_mp("y", &x->y);
  json_mp("c1", &x->c1);
  json_mp("c2", &x->c2);
  json_mp("m", &x->z);
}

static const struct bench_case elgamal_cases[] = {
  {.prim = "elgamal", .op = "encrypt", .call = run_elg_enc, .fields = elg_enc_out},
  {.prim = "elgamal", .op = "decrypt", .call = run_elg_dec, .fields = elg_dec_out},
};

void pk_elgamal(struct pk_ctx *x, const vc_dh_group *grp, const struct run_opts *o,
                struct tally *t)
{
  if (bench_group(o)) {
    pk_group(x, "elgamal", grp, &vc_mp_cfg_default);
    vc_dh_keygen(&x->p, &x->g, 0, &x->rng, &x->x, &x->y, &x->cfg);
    pk_draw(&x->rng, &x->m, grp->bits - 1);
    pk_run(x, &group_family, elgamal_cases, BENCH_N(elgamal_cases), o, t);
  }
  bench_group_end();
}

/* DSA: sign and verify of bench_fill's first h.bytes bytes, the hash inside the timing; the
 * signature is (c1, c2). */
static int run_dsa_sign(void *p)
{
  struct pk_ctx *x = p;
  int rc = x->hash->oneshot(app_in, x->h.bytes, x->dig);
  return rc ? rc : vc_dsa_sign(&x->dsa, &x->x, x->hash, x->dig, &x->c1, &x->c2, &x->cfg);
}

static int run_dsa_verify(void *p)
{
  struct pk_ctx *x = p;
  int rc = x->hash->oneshot(app_in, x->h.bytes, x->dig);
  return rc ? rc : vc_dsa_verify(&x->dsa, &x->y, x->hash, x->dig, &x->c1, &x->c2, &x->cfg);
}

static void dsa_sign_out(void *p)
{
  struct pk_ctx *x = p;
  json_mp("r", &x->c1);
  json_mp("s", &x->c2);
}

static const struct bench_case dsa_cases[] = {
  {.prim = "dsa", .op = "sign", .call = run_dsa_sign, .fields = dsa_sign_out},
  {.prim = "dsa", .op = "verify", .call = run_dsa_verify},
};

void pk_dsa(struct pk_ctx *x, const struct kat_dsa *k, uint32_t bytes, const vc_mp_cfg *c,
            const struct run_opts *o, struct tally *t)
{
  if (bench_group(o)) {
    x->h = (struct pk_head){.suite = pk_suite(x), .bits = (uint32_t)k->plen * 8, .bytes = bytes, .cfg = c,
                            .key = k->name, .hash = k->hash};
    vc_mp_from_bytes(&x->dsa.p, k->p, k->plen);
    vc_mp_from_bytes(&x->dsa.q, k->q, k->qlen);
    vc_mp_from_bytes(&x->dsa.g, k->g, k->plen);
    vc_mp_from_bytes(&x->x, k->x, k->qlen);
    vc_mp_from_bytes(&x->y, k->y, k->plen);
    x->hash = app_find_hash(k->hash, strlen(k->hash));
    x->cfg = *c;
    bench_fill(app_in, bytes);
    pk_run(x, &group_family, dsa_cases, BENCH_N(dsa_cases), o, t);
  }
  bench_group_end();
}

static void bench_pk(const struct run_opts *o, struct tally *t)
{
  static struct pk_ctx x;
  static vc_mp_cfg var;        /* the default point with secrets through the _var paths */
  var = vc_mp_cfg_default;
  var.var = 1;
  /* Constant time (the default) and, beside it, variable time: RSA CRT, DH-1024 (DH-2048 with
   * "all": 0.8 G cycles a run), DSA signing. */
  for (size_t i = 0; i < KAT_RSA_N; i++) {
    pk_rsa(&x, &kat_rsa[i], &vc_mp_cfg_default, VC_RSA_MRC, o, t);
    pk_rsa(&x, &kat_rsa[i], &var, VC_RSA_MRC, o, t);
  }
  for (size_t i = 0; i < vc_dh_ngroups && vc_dh_groups[i].bits <= (o->all ? 2048 : 1024); i++) {
    pk_dh(&x, &vc_dh_groups[i], 0, &vc_mp_cfg_default, o, t);
    if (vc_dh_groups[i].bits >= 1024)
      pk_dh(&x, &vc_dh_groups[i], 0, &var, o, t);
  }
  for (size_t i = 0; i < KAT_DSA_N; i++) {
    pk_dsa(&x, &kat_dsa[i], 23, &vc_mp_cfg_default, o, t);
    pk_dsa(&x, &kat_dsa[i], 23, &var, o, t);
    pk_dsa(&x, &kat_dsa[i], 51200, &vc_mp_cfg_default, o, t);
  }
  pk_elgamal(&x, vc_dh_group_find("modp1024"), o, t);
  if (!o->all)
    return;
  /* The RSA private operation across CRT conversions (both keys) and the design space
   * (RSA-1024; RSA-2048 on the word-radix points, each about 70 M cycles). */
  for (size_t i = 0; i < KAT_RSA_N; i++) {
    pk_rsa(&x, &kat_rsa[i], &vc_mp_cfg_default, VC_RSA_NOCRT, o, t);
    pk_rsa(&x, &kat_rsa[i], &vc_mp_cfg_default, VC_RSA_SRC, o, t);
    for (size_t j = 0; j < mm_npoints; j++) {
      const vc_mp_cfg *c = &mm_points[j];
      if (c->algo == VC_MM_ALGO5 || !memcmp(c, &var, sizeof(*c)) ||
          (kat_rsa[i].len > 128 && (c->radix_bits < 32 || c->algo == VC_MM_ALGO1)))
        continue;
      pk_rsa(&x, &kat_rsa[i], c, VC_RSA_MRC, o, t);
    }
  }
}

const struct suite suite_pk = {"pk",
  "public-key benchmarks: RSA-1024/2048 sign and verify, DH 512-1024, DSA, ElGamal (all: RSA across CRT modes and algorithms)",
  bench_pk};
