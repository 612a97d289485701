/* Constant-time evidence (make ct, docs/ct.md), dudect style: op "ct" calls one routine of the
 * table below once per entry of the host's class sequence, on a secret of the fixed class (0)
 * or of the random class (1), and answers with each call's cycles; the host computes Welch's t
 * (vexrun/checks/ct.py, whose table mirrors this one by name).
 *
 * A secret is a big-endian string of `bits` bits, below a bound where there is one, with the
 * top bit set where its length is public (the multiprecision rows: a vc_mp shows its limb
 * count); a curve's scalar is uniform below the order (the ladders hide its length). The
 * fixed class is the sparse 2^(bits-1) + 1, where a leak of the secret's value shows most;
 * the random class draws from a generator seeded by the host. Both classes draw and go
 * through the same untimed preparation (`load`), so only the timed call sees the class. Public inputs (moduli, bases, points, digests) are the
 * same in both classes. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "mont.h"
#include "platform.h"
#include "vexcrypt/block.h"
#include "vexcrypt/ec.h"
#include "vexcrypt/gcm.h"
#include "vexcrypt/tls.h"

#define CT_MAX 512               /* measurements per request */
#define CT_WARMUP 2              /* unreported calls first (random class), timed as the others:
                                    the caches after the request's parsing */
#define CT_SECRET_MAX 32

struct ct_secret {
  size_t bits;
  const uint8_t *bound;          /* big-endian, (bits + 7) / 8 bytes; NULL: none */
  int top;                       /* 1: the top bit set */
};

/* A routine under test. setup (once per request) sets the public inputs and the secret's
 * shape from `arg`; load (untimed) puts the secret into the call's input form; call is timed
 * on the measurement stack, as the benchmarks time their calls. */
struct ct_routine {
  const char *name;
  const char *fn;                /* the library function(s) measured */
  int claimed;                   /* 1: its header says constant time */
  int (*when)(void);             /* 0: not in this build; NULL: every build */
  int (*setup)(int arg, struct ct_secret *s);
  int (*load)(const uint8_t *secret);
  int (*call)(void *unused);
  int arg;
};

/* ---- AES: the key and one block secret (setkey: the key) ---- */
static vc_aes_key ks;
static uint8_t blk[16], out[16], key[16];

static int aes_setup(int arg, struct ct_secret *s)
{
  s->bits = arg ? 256 : 128;
  return VC_OK;
}

static int aes_key_load(const uint8_t *secret)
{
  memcpy(key, secret, 16);
  return VC_OK;
}

static int aes_ct_load(const uint8_t *secret)
{
  memcpy(blk, secret + 16, 16);
  return vc_aes_ct_setkey(&ks, secret, 16);
}

static int aes_tab_load(const uint8_t *secret)
{
  memcpy(blk, secret + 16, 16);
  return vc_aes_tab_setkey_var(&ks, secret, 16);
}

static int aes_ct_setkey_call(void *u)
{
  (void)u;
  return vc_aes_ct_setkey(&ks, key, 16);
}

static int aes_ct_call(void *u)
{
  (void)u;
  return vc_aes_ct_encrypt(&ks, blk, out);
}

static int aes_tab_call(void *u)
{
  (void)u;
  return vc_aes_tab_encrypt_var(&ks, blk, out);
}

/* ---- GHASH and AES-128-GCM (aes_ct): the secret is H or the key, and a block of the message
 * (four copies of it, 64 bytes); the IV and 13 bytes of AAD fixed. open's ciphertext and tag
 * come from seal (untimed), so both classes verify. ---- */
static vc_ghash_key gk;
static vc_gcm_ctx gcm;
static uint8_t gmsg[64], gct[64], gy[16], gtag[16], giv[12], gaad[13];

static int have_clmul(void)
{
  return VC_HAVE_CLMUL;
}

static int ghash_load(const uint8_t *secret)
{
  for (int i = 0; i < 4; i++)
    memcpy(gmsg + 16 * i, secret + 16, 16);
  return vc_ghash_init(&gk, secret);
}

static int ghash_ct_call(void *u)
{
  (void)u;
  memset(gy, 0, sizeof(gy));
  return vc_ghash_ct(&gk, gy, gmsg, sizeof(gmsg));
}

#if VC_HAVE_CLMUL
static int ghash_clmul_hw_call(void *u)
{
  (void)u;
  memset(gy, 0, sizeof(gy));
  return vc_ghash_clmul_hw(&gk, gy, gmsg, sizeof(gmsg));
}
#define GHASH_HW ghash_clmul_hw_call
#else
#define GHASH_HW NULL
#endif

static int gcm_seal_call(void *u)
{
  (void)u;
  return vc_gcm_seal(&gcm, giv, sizeof(giv), gaad, sizeof(gaad), gmsg, gct, sizeof(gmsg), gtag, sizeof(gtag));
}

static int gcm_load(const uint8_t *secret)
{
  int rc;
  for (int i = 0; i < 4; i++)
    memcpy(gmsg + 16 * i, secret + 16, 16);
  bench_iv(giv, sizeof(giv));
  bench_fill(gaad, sizeof(gaad));
  if ((rc = vc_aes_ct_setkey(&ks, secret, 16)) || (rc = vc_gcm_init(&gcm, &vc_aes_ct, &ks)))
    return rc;
  return gcm_seal_call(NULL);
}

static int gcm_open_call(void *u)
{
  (void)u;
  return vc_gcm_open(&gcm, giv, sizeof(giv), gaad, sizeof(gaad), gct, gmsg, sizeof(gct), gtag, sizeof(gtag));
}

/* ---- TLS: the CBC record check (Lucky Thirteen) and the PRF. A record of 288 bytes of
 * plaintext whose padding length (0..255) is the secret's first byte and whose MAC is valid or
 * not as its second byte's low bit says: the check must cost the same whatever the padding and
 * the verdict. The PRF: the 48-byte master secret from a secret pre-master. ---- */
#define REC_PLAIN 288
static vc_tls_dir rec_w, rec_r;
static uint8_t rec[5 + 16 + REC_PLAIN], tls_secret[48], tls_seed[64], tls_out[48];

static int tls_setup(int arg, struct ct_secret *s)
{
  static const uint8_t z[48];
  s->bits = arg ? 8 * sizeof(tls_secret) : 16;
  return arg ? VC_OK : vc_tls_keys(z, VC_TLS_ID_DHE_RSA_AES256_CBC, z, z, &rec_w, &rec_r);
}

static int cbc_record_load(const uint8_t *secret)
{
  uint8_t *p = rec + 5 + 16, iv[16];
  size_t pad = secret[0], dlen = REC_PLAIN - VC_TLS_MAC_LEN - 1 - pad;
  uint8_t ad[13] = {0, 0, 0, 0, 0, 0, 0, 0, 23, 3, 3, (uint8_t)(dlen >> 8), (uint8_t)dlen};
  rec[0] = 23, rec[1] = 3, rec[2] = 3, rec[3] = (16 + REC_PLAIN) >> 8, rec[4] = (16 + REC_PLAIN) & 0xff;
  bench_fill(p, dlen);
  vc_hmac_ctx h;
  vc_hmac_init(&h, &vc_sha1_class, rec_w.mac, VC_TLS_MAC_LEN);
  vc_hmac_update(&h, ad, sizeof(ad));
  vc_hmac_update(&h, p, dlen);
  vc_hmac_final(&h, p + dlen);
  p[dlen] ^= secret[1] & 1;                      /* an invalid MAC when set */
  memset(p + dlen + VC_TLS_MAC_LEN, (int)pad, pad + 1);
  bench_iv(iv, sizeof(iv));
  memcpy(rec + 5, iv, sizeof(iv));
  rec_r.seq = 0;
  return vc_cbc_encrypt(&vc_aes_ct, &rec_w.ks, iv, p, p, REC_PLAIN);
}

static int cbc_record_call(void *u)
{
  const uint8_t *pt;
  size_t n;
  (void)u;
  int rc = vc_tls_record_open(&rec_r, rec, sizeof(rec), &pt, &n);
  return rc == VC_ERR_VERIFY ? VC_OK : rc;      /* both verdicts are expected */
}

static int tls_prf_load(const uint8_t *secret)
{
  memcpy(tls_secret, secret, sizeof(tls_secret));
  bench_fill(tls_seed, sizeof(tls_seed));
  return VC_OK;
}

static int tls_prf_call(void *u)
{
  (void)u;
  return vc_tls_prf(tls_secret, sizeof(tls_secret), "master secret", tls_seed, sizeof(tls_seed), tls_out,
                    sizeof(tls_out));
}

/* ---- Multiprecision at 256 bits: modulus P-256's order n, a fixed base; the exponent or the
 * number inverted secret. ---- */
static vc_mp M, B, S, R;
static vc_mont ctx;
static uint32_t xm[VC_MP_LIMBS];

static int mp_setup(int arg, struct ct_secret *s)
{
  const vc_ec_curve *c = vc_ec_curve_get(VC_EC_P256);
  /* ALGO2 at radix 2^32 with squaring, the software default, named so that a MONT=1 build
   * measures the same code. */
  vc_mp_cfg cfg = {VC_MM_ALGO2, 32, 1, (uint8_t)(arg ? arg : VC_EXP_WINDOW), 6, 0};
  int rc;
  s->bits = 256;
  s->bound = c->order;
  s->top = 1;
  if ((rc = vc_mp_from_bytes(&M, c->order, c->nlen)) ||
      (rc = vc_mp_from_bytes(&B, c->gen + 1, c->flen)))    /* the base: G's x */
    return rc;
  return vc_mont_init_var(&ctx, &M, &cfg, NULL, NULL);
}

static int mp_load(const uint8_t *secret)
{
  return vc_mp_from_bytes(&S, secret, 32);
}

static int modexp_var_call(void *u)
{
  (void)u;
  return vc_mp_modexp_var(&ctx, &R, &B, &S);
}

static int modexp_call(void *u)
{
  (void)u;
  return vc_mp_modexp(&ctx, &R, &B, &S, 256);
}

static int inv_binary_call(void *u)
{
  (void)u;
  return vc_mp_mod_inv_binary(&R, &S, &M);
}

static int inv_binary_var_call(void *u)
{
  (void)u;
  return vc_mp_mod_inv_binary_var(&R, &S, &M);
}

static int inv_euclid_var_call(void *u)
{
  (void)u;
  return vc_mp_mod_inv_euclid_var(&R, &S, &M);
}

/* ---- The Montgomery unit's exponentiation (MONT=1): the same modulus and base, resident. ---- */
static int have_mont(void)
{
  return VC_HAVE_MONT;
}

static int montu_setup(int arg, struct ct_secret *s)
{
  int rc = mp_setup(0, s);
  (void)arg;
  if (rc)
    return rc;
  memset(xm, 0, sizeof(xm));
  memcpy(xm, B.d, 4 * B.n);
  vc_mont_mul_var(&ctx, xm, xm, ctx.r2);           /* the base in Montgomery form */
  return vc_montu_setup(ctx.n, ctx.m);
}

/* The exponent as limbs; X and one reloaded, as a caller sets them before each exponentiation. */
static int montu_load(const uint8_t *secret)
{
  int rc = mp_load(secret);
  if (rc || (rc = vc_montu_load(VC_MONTU_SLOT_X, xm)))
    return rc;
  return vc_montu_load(VC_MONTU_SLOT_ONE, ctx.one);
}

static int montu_exp_call(void *u)
{
  (void)u;
  return vc_montu_exp(S.d, 256);
}

static int montu_exp_var_call(void *u)
{
  (void)u;
  return vc_montu_exp_var(S.d, 256);
}

/* ---- GF(2^163) inversion: the element secret ---- */
static vc_gf2m ga, gr;

static int gf2m_setup(int arg, struct ct_secret *s)
{
  (void)arg;
  s->bits = vc_gf2m_163.m;
  return VC_OK;
}

static int gf2m_load(const uint8_t *secret)
{
  return vc_gf2m_from_bytes(&vc_gf2m_163, ga, secret, vc_gf2m_bytes(&vc_gf2m_163));
}

static int inv_itoh_call(void *u)
{
  (void)u;
  return vc_gf2m_inv_itoh(&vc_gf2m_163, gr, ga);
}

static int inv_almost_var_call(void *u)
{
  (void)u;
  return vc_gf2m_inv_almost_var(&vc_gf2m_163, gr, ga);
}

/* ---- Curves (optimized set): the private scalar secret; the peer is the generator, the digest
 * fixed. ---- */
static const vc_ec_curve *curve;
static uint8_t priv[VC_EC_MAX_NLEN], ec_o1[VC_EC_MAX_POINT], ec_o2[VC_EC_MAX_NLEN], digest[32];

static int ec_setup(int arg, struct ct_secret *s)
{
  curve = vc_ec_curve_get(arg);
  s->bits = curve->nbits;
  s->bound = curve->order;
  bench_fill(digest, sizeof(digest));
  return VC_OK;
}

static int ec_load(const uint8_t *secret)
{
  memcpy(priv, secret, curve->nlen);
  return VC_OK;
}

static int ecdh_call(void *u)
{
  (void)u;
  return vc_ecdh(curve, VC_EC_OPTIMIZED, priv, curve->nlen, curve->gen, vc_ec_point_len(curve), ec_o1);
}

static int ecdsa_sign_call(void *u)
{
  (void)u;
  return vc_ecdsa_sign(curve, VC_EC_OPTIMIZED, priv, &vc_sha256_class, digest, ec_o1, ec_o2);
}

/* The signature given its nonce: the secret is both the private key and the nonce (both in
 * [1, n-1]; what matters is that both classes' secrets are fixed or random together). */
static int ecdsa_sign_k_call(void *u)
{
  (void)u;
  return vc_ecdsa_sign_k(curve, VC_EC_OPTIMIZED, priv, digest, sizeof(digest), priv, ec_o1, ec_o2);
}

/* The rows. A new routine is one row here and one in vexrun/checks/ct.py. */
static const struct ct_routine routines[] = {
  {"aes_ct_setkey", "vc_aes_ct_setkey (AES-128)", 1, NULL, aes_setup, aes_key_load, aes_ct_setkey_call, 0},
  {"aes_ct_encrypt", "vc_aes_ct_encrypt (AES-128)", 1, NULL, aes_setup, aes_ct_load, aes_ct_call, 1},
  {"aes_tab_encrypt_var", "vc_aes_tab_encrypt_var (AES-128)", 0, NULL, aes_setup, aes_tab_load, aes_tab_call, 1},
  {"ghash_ct", "vc_ghash_ct (64 bytes)", 1, NULL, aes_setup, ghash_load, ghash_ct_call, 1},
  {"ghash_clmul_hw", "vc_ghash_clmul_hw (64 bytes, clmul unit)", 1, have_clmul, aes_setup, ghash_load, GHASH_HW, 1},
  {"gcm_seal", "vc_gcm_seal (AES-128 aes_ct, 64 bytes, 13 of AAD; GHASH on the clmul unit in its build)", 1, NULL, aes_setup, gcm_load, gcm_seal_call, 1},
  {"gcm_open", "vc_gcm_open (AES-128 aes_ct, 64 bytes, 13 of AAD; GHASH on the clmul unit in its build)", 1, NULL, aes_setup, gcm_load, gcm_open_call, 1},
  {"tls_cbc_open", "vc_tls_record_open (AES-256-CBC + HMAC-SHA-1, 288 bytes: secret padding length and MAC verdict)", 1, NULL, tls_setup, cbc_record_load, cbc_record_call, 0},
  {"tls_prf", "vc_tls_prf (the master secret from a 48-byte pre-master)", 1, NULL, tls_setup, tls_prf_load, tls_prf_call, 1},
  {"mp_modexp", "vc_mp_modexp, fixed window (the default for secret exponents)", 1, NULL, mp_setup, mp_load, modexp_call, 0},
  {"mp_modexp_var_window", "vc_mp_modexp_var, sliding window 6 (the old default)", 0, NULL, mp_setup, mp_load, modexp_var_call, VC_EXP_WINDOW},
  {"mp_modexp_var_ladder", "vc_mp_modexp_var, Montgomery ladder", 0, NULL, mp_setup, mp_load, modexp_var_call, VC_EXP_LADDER},
  {"mp_mod_inv_binary", "vc_mp_mod_inv_binary", 1, NULL, mp_setup, mp_load, inv_binary_call, 0},
  {"mp_mod_inv_binary_var", "vc_mp_mod_inv_binary_var", 0, NULL, mp_setup, mp_load, inv_binary_var_call, 0},
  {"mp_mod_inv_euclid_var", "vc_mp_mod_inv_euclid_var", 0, NULL, mp_setup, mp_load, inv_euclid_var_call, 0},
  {"montu_exp", "vc_montu_exp (Montgomery unit, fixed window)", 1, have_mont, montu_setup, montu_load, montu_exp_call, 0},
  {"montu_exp_var", "vc_montu_exp_var (Montgomery unit, square-and-multiply)", 0, have_mont, montu_setup, montu_load, montu_exp_var_call, 0},
  {"gf2m_inv_itoh", "vc_gf2m_inv_itoh (GF(2^163))", 1, NULL, gf2m_setup, gf2m_load, inv_itoh_call, 0},
  {"gf2m_inv_almost_var", "vc_gf2m_inv_almost_var (GF(2^163))", 0, NULL, gf2m_setup, gf2m_load, inv_almost_var_call, 0},
  {"ecdh_B-163", "vc_ecdh, B-163, Lopez-Dahab ladder", 1, NULL, ec_setup, ec_load, ecdh_call, VC_EC_B163},
  {"ecdh_K-163", "vc_ecdh, K-163, Lopez-Dahab ladder", 1, NULL, ec_setup, ec_load, ecdh_call, VC_EC_K163},
  {"ecdh_B-233", "vc_ecdh, B-233, Lopez-Dahab ladder", 1, NULL, ec_setup, ec_load, ecdh_call, VC_EC_B233},
  {"ecdh_K-233", "vc_ecdh, K-233, Lopez-Dahab ladder", 1, NULL, ec_setup, ec_load, ecdh_call, VC_EC_K233},
  {"ecdsa_sign_k_B-163", "vc_ecdsa_sign_k, B-163 (the nonce given; key and nonce pass through vc_mp, whose limb count is public: 1 in 8 has a zero top limb)", 0, NULL, ec_setup, ec_load, ecdsa_sign_k_call, VC_EC_B163},
  {"ecdsa_sign_B-163", "vc_ecdsa_sign, B-163 (RFC 6979: about half the candidates rejected, a count that depends on key and message)", 0, NULL, ec_setup, ec_load, ecdsa_sign_call, VC_EC_B163},
  {"ecdh_P-256", "vc_ecdh, P-256", 1, NULL, ec_setup, ec_load, ecdh_call, VC_EC_P256},
  {"ecdsa_sign_k_P-256", "vc_ecdsa_sign_k, P-256 (the nonce given)", 1, NULL, ec_setup, ec_load, ecdsa_sign_k_call, VC_EC_P256},
  {"ecdsa_sign_P-256", "vc_ecdsa_sign, P-256 (RFC 6979 nonce, SHA-256: a candidate is rejected with probability 2^-32)", 1, NULL, ec_setup, ec_load, ecdsa_sign_call, VC_EC_P256},
};
#define NROUTINES (sizeof(routines) / sizeof(routines[0]))

/* The secrets' generator: splitmix64, seeded by the host (statistics, not keys). */
static uint64_t rng_state;

static uint8_t rng_byte(void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint8_t)((z ^ (z >> 31)) >> 56);
}

/* The class's secret: both classes draw (until below the bound) and read the fixed secret
 * 2^(bits-1) + 1, which a mask selects: the same instructions and the same loads in both, or
 * the preparation itself leaves the caches in a class-dependent state (with a memset for the
 * fixed class alone, aes_ct_encrypt's fixed class measured 40 to 60 cycles more). */
static void draw(const struct ct_secret *s, int cls, uint8_t *out)
{
  static uint8_t fixed[CT_SECRET_MAX];
  size_t len = (s->bits + 7) / 8;
  uint8_t top = (uint8_t)(1u << ((s->bits - 1) % 8)), m = (uint8_t)-(uint8_t)(cls ^ 1);
  do {
    for (size_t i = 0; i < len; i++)
      out[i] = rng_byte();
    out[0] = (uint8_t)((out[0] & (2 * top - 1)) | (s->top ? top : 0));
  } while (s->bound && memcmp(out, s->bound, len) >= 0);
  for (size_t i = 0; i < len; i++)
    fixed[i] = (uint8_t)((i == 0 ? top : 0) | (i == len - 1));
  for (size_t i = 0; i < len; i++)
    out[i] ^= m & (out[i] ^ fixed[i]);
}

static void list(void)
{
  json_begin();
  json_bool("ok", 1);
  json_str("op", "ct");
  json_array_open("routines");
  for (size_t i = 0; i < NROUTINES; i++) {
    json_begin();
    json_str("name", routines[i].name);
    json_str("fn", routines[i].fn);
    json_bool("claimed", routines[i].claimed);
    json_bool("here", !routines[i].when || routines[i].when());
    json_end();
  }
  json_array_close();
  json_end();
}

/* {"op":"ct","list":true} or {"op":"ct","routine":name,"seed":int,"classes":hex} (one byte per
 * measurement, 0 or 1, at most CT_MAX). */
static const char *op_ct(struct req *r)
{
  static uint8_t cls[CT_WARMUP + CT_MAX];
  static uint64_t cycles[CT_WARMUP + CT_MAX];
  const struct req_field *f;
  const struct ct_routine *rt = NULL;
  struct ct_secret s = {0, NULL, 0};
  uint8_t secret[CT_SECRET_MAX];
  const char *err;
  uint32_t seed;
  int rc, all;
  if ((err = req_bool(r, "list", 0, &all)))
    return err;
  if (all) {
    r->variant = "list";
    list();
    return NULL;
  }
  f = req_get(r, "routine");
  for (size_t i = 0; i < NROUTINES && !rt; i++)
    if (req_is(f, routines[i].name))
      rt = &routines[i];
  if (!rt)
    return req_bad(r, "routine", NULL, NULL);
  r->variant = rt->name;
  if (rt->when && !rt->when())
    return req_bad(r, "routine", NULL, "a routine whose accelerator this build has (list: here)");
  if ((err = req_uint(r, "seed", 0, 0, 0xffffffffu, &seed)))
    return err;
  long n = req_hex(r, "classes", cls + CT_WARMUP, CT_MAX, &err);
  if (n < 0)
    return err;
  for (long i = 0; i < n; i++)
    if (cls[CT_WARMUP + i] > 1)
      return req_bad(r, "classes", "a byte other than 00 and 01", NULL);
  if (!n)
    return req_bad(r, "classes", "0 bytes", NULL);
  if ((rc = rt->setup(rt->arg, &s)))
    return req_code(r, rc);
  rng_state = seed;
  memset(cls, 1, CT_WARMUP);
  for (long i = 0; i < CT_WARMUP + n; i++) {
    draw(&s, cls[i], secret);
    if ((rc = rt->load(secret)))
      return req_code(r, rc);
    /* Every line of the class sequence read, not only cls[i]'s: the calls start from the same
     * cache state whatever i is (one line walking the sets with i made some calls 20 cycles
     * slower, both classes alike, depending on where the linker put cls). */
    for (long j = 0; j < CT_WARMUP + n; j += 32)      /* 32-byte lines: one byte of each, */
      (void)*(volatile const uint8_t *)&cls[j];
    (void)*(volatile const uint8_t *)&cls[CT_WARMUP + n - 1];    /* the last's too */
    uint64_t t0 = plat_cycles();
    rc = plat_call(rt->call, NULL);
    uint64_t dt = plat_elapsed(t0, plat_cycles());
    if (rc)
      return req_code(r, rc);
    cycles[i] = dt;
  }
  json_begin();
  json_bool("ok", 1);
  json_str("op", "ct");
  json_str("routine", rt->name);
  json_u64_array("cycles", cycles + CT_WARMUP, (size_t)n);
  json_end();
  return NULL;
}

const struct oracle_op oracle_ct_ops[] = {
  {"ct", APP_PARAMS("\"routine\":\"a routine's name, as list gives them\",\"seed\":\"an integer 0..4294967295: the "
                    "secrets' generator (default 0)\",\"classes\":\"hex, 1 to 512 bytes, each 00 or 01: a measurement on "
                    "the fixed secret (00) or a random one (01)\",\"list\":\"true or false: list the routines instead "
                    "(default false)\""),
   "dudect-style timing of a routine labelled constant time or _var: cycles per call, fixed (00) or random (01) secret", op_ct},
};
const size_t oracle_ct_nops = sizeof(oracle_ct_ops) / sizeof(oracle_ct_ops[0]);
