/* Oracle operations on the multiprecision library and public key. Numbers travel as
 * big-endian hex strings of any length (byte strings: digests, signatures, messages of the
 * padded operations, seeds, keys of HMAC, have even length); the design-space point is given by
 * the optional fields of CFG_MUL, CFG_EXP and CFG_VAR (below), each defaulting to
 * vc_mp_cfg_default. Values live
 * in static storage: the firmware serves one request at a time and a vc_mp is 1 KiB. */
#include <string.h>

#include "app.h"
#include "mont.h"
#include "platform.h"
#include "prims.h"
#include "repeat.h"
#include "vexcrypt/pk.h"

/* A modulus the library refused (VC_ERR_MODULUS): as sent, and zero, even or its size. */
static const char *bad_modulus(struct req *r, const char *key, const vc_mp *m)
{
  char got[64], what[24];
  unsigned bits = (unsigned)vc_mp_bits(m);
  str_fmt(what, sizeof(what), !bits ? " (zero)" : !vc_mp_bit(m, 0) ? " (even)" : bits == 1 ? " (1 bit)" : " (%u bits)", bits);
  return req_bad(r, key, str_append(req_value(req_get(r, key), got, sizeof(got) - sizeof(what)), sizeof(got), "%s", what), NULL);
}

/* The design-space point's fields an op takes: the product's, the exponentiation's, and how
 * the public-key operations treat secrets. */
enum { CFG_MUL = 1, CFG_EXP = 2, CFG_VAR = 4, CFG_ALL = 7 };

static const char *get_cfg(struct req *r, vc_mp_cfg *c, int what)
{
  static const char *const exps[] = {"lr", "rl", "window", "ladder"};
  const struct req_field *f;
  const char *e;
  uint32_t algo, radix, window;
  int sqr, var;
  *c = vc_mp_cfg_default;
  if ((e = req_uint(r, "algo", c->algo, 1, VC_MM_UNIT, &algo)) ||
      (e = req_uint(r, "radix", c->radix_bits, 1, 32, &radix)) || (e = req_bool(r, "sqr", c->sqr, &sqr)))
    return e;
  c->algo = (uint8_t)algo;
  c->radix_bits = (uint8_t)radix;
  c->sqr = (uint8_t)sqr;
  if (what & CFG_EXP) {
    if ((f = req_get(r, "exp"))) {
      uint8_t v = 0;
      while (v < 4 && !req_is(f, exps[v]))
        v++;
      if (v == 4)
        return req_bad(r, "exp", NULL, NULL);
      c->exp = (uint8_t)(VC_EXP_LR + v);
    }
    if ((e = req_uint(r, "window", c->window, 1, VC_MP_MAX_WINDOW, &window)))
      return e;
    c->window = (uint8_t)window;
  }
  if ((what & CFG_VAR) && (e = req_bool(r, "var", c->var, &var)))
    return e;
  if (what & CFG_VAR)
    c->var = (uint8_t)var;
  return NULL;
}

static vc_mp A, B, M, X, Y, Z, Q;

/* 0 < v < m; 1 < v < m - 1 (Q: scratch). */
static int below(const vc_mp *v, const vc_mp *m)
{
  return v->n && vc_mp_cmp_var(v, m) < 0;
}

static int inside(const vc_mp *v, const vc_mp *m)
{
  return vc_mp_cmp_u32_var(v, 1) > 0 && !vc_mp_sub_var(&Q, m, v) && vc_mp_cmp_u32_var(&Q, 1) > 0;
}

/* {"op":"mp","fn":"add|sub|mul|sqr|shl|shr|divmod|mod|mod_add|mod_sub|mod_mul|inv_euclid|
 *  inv_binary|inv_binary_ct|gcd","a","b","m","s"}: each fn with the operands it reads (b, m; s
 *  for the shifts) and what VC_ERR_RANGE means for it; inv_binary is
 *  vc_mp_mod_inv_binary_var, inv_binary_ct the constant-time vc_mp_mod_inv_binary. */
/* The descriptions give the capacity in words. */
_Static_assert(VC_MP_CAP_BITS == 8192 && VC_MP_MAX_BITS == 4096, "the op descriptions' sizes");
#define MP_FITS "a result of at most 8192 bits"
static const struct {
  const char *name;
  uint8_t b, m;
  const char *range;
} mp_fns[] = {
  {"add", 1, 0, MP_FITS}, {"sub", 1, 0, "a >= b (no negative numbers)"}, {"mul", 1, 0, MP_FITS},
  {"sqr", 0, 0, MP_FITS}, {"shl", 0, 0, MP_FITS}, {"shr", 0, 0, NULL}, {"divmod", 0, 1, NULL},
  {"mod", 0, 1, NULL}, {"mod_add", 1, 1, "a and b below m"}, {"mod_sub", 1, 1, "a and b below m"},
  {"mod_mul", 1, 1, NULL}, {"inv_euclid", 0, 1, NULL}, {"inv_binary", 0, 1, NULL},
  {"inv_binary_ct", 0, 1, "a below m"}, {"gcd", 1, 0, NULL},
};
#define MP_NFNS (sizeof(mp_fns) / sizeof(mp_fns[0]))

static int mp_call(size_t i, uint32_t s)
{
  switch (i) {
  case 0: return vc_mp_add_var(&Z, &A, &B);
  case 1: return vc_mp_sub_var(&Z, &A, &B);
  case 2: return vc_mp_mul_var(&Z, &A, &B);
  case 3: return vc_mp_sqr_var(&Z, &A);
  case 4: return vc_mp_shl_var(&Z, &A, s);
  case 5: return vc_mp_shr_var(&Z, &A, s);
  case 6: return vc_mp_divmod_var(&Q, &Z, &A, &M);
  case 7: return vc_mp_mod_var(&Z, &A, &M);
  case 8: return vc_mp_mod_add_var(&Z, &A, &B, &M);
  case 9: return vc_mp_mod_sub_var(&Z, &A, &B, &M);
  case 10: return vc_mp_mod_mul_var(&Z, &A, &B, &M);
  case 11: return vc_mp_mod_inv_euclid_var(&Z, &A, &M);
  case 12: return vc_mp_mod_inv_binary_var(&Z, &A, &M);
  case 13: return vc_mp_mod_inv_binary(&Z, &A, &M);
  default: return vc_mp_gcd_var(&Z, &A, &B);
  }
}

static const char *op_mp(struct req *r)
{
  const struct req_field *fn = req_get(r, "fn");
  const char *e;
  uint64_t cycles;
  uint32_t s = 0;
  size_t i;
  int rc;
  for (i = 0; i < MP_NFNS && !req_is(fn, mp_fns[i].name); i++)
    ;
  if (i == MP_NFNS)
    return req_bad(r, "fn", NULL, NULL);
  r->variant = mp_fns[i].name;
  if (((i == 4 || i == 5) && (e = req_uint(r, "s", 0, 0, VC_MP_CAP_BITS, &s))) || (e = req_mp(r, "a", &A)) ||
      (mp_fns[i].b && (e = req_mp(r, "b", &B))) || (mp_fns[i].m && (e = req_mp(r, "m", &M))))
    return e;
  REQ_PASSES TIMED(rc, mp_call(i, s));
  if (rc == VC_ERR_MODULUS)
    return bad_modulus(r, "m", &M);
  if (rc == VC_ERR_RANGE && mp_fns[i].range)
    return req_bad(r, i == 9 || i == 8 ? (vc_mp_cmp_var(&A, &M) >= 0 ? "a" : "b") : "a", vc_strerror(rc),
                   mp_fns[i].range);
  if (rc == VC_ERR_NOINV)
    return req_bad(r, "a", vc_strerror(rc), "a coprime to m");
  if (rc)
    return req_code(r, rc);
  json_ok("mp", cycles);
  json_mp("out", &Z);
  if (i == 6)
    json_mp("q", &Q);
  json_end();
  return NULL;
}

static vc_mont ctx;

/* Z = the n-limb value x. */
static void limbs_to_z(const uint32_t *x, size_t n)
{
  Z.n = (uint32_t)n;
  memcpy(Z.d, x, 4 * n);
  while (Z.n && !Z.d[Z.n - 1])
    Z.n--;
}

/* Sets up the Montgomery context for "m" with the request's design point (the fields `cfg`
 * names; 0: the default point); init cycles. */
static const char *mont_setup(struct req *r, int cfg, uint64_t *cycles)
{
  const char *e;
  vc_mp_cfg c = vc_mp_cfg_default;
  int rc;
  if ((e = req_mp(r, "m", &M)) || (cfg && (e = get_cfg(r, &c, cfg))))
    return e;
  uint64_t t0 = plat_cycles();
  rc = vc_mont_init_var(&ctx, &M, &c, NULL, NULL);
  *cycles = plat_elapsed(t0, plat_cycles());
  if (rc == VC_ERR_MODULUS)
    return bad_modulus(r, "m", &M);
  return rc ? req_code(r, rc) : NULL;
}

/* a and b below m. */
static const char *below_m(struct req *r)
{
  if (vc_mp_cmp_var(&A, &M) >= 0 || vc_mp_cmp_var(&B, &M) >= 0)
    return req_bad(r, vc_mp_cmp_var(&A, &M) >= 0 ? "a" : "b", "not below m", NULL);
  return NULL;
}

/* {"op":"montmul","m","a","b",cfg,"ct"}: a*b/R mod m for a, b < m by vc_mont_mul_var, or with "ct"
 * true by the constant-time vc_mont_mul; "r_bits" names R = 2^r_bits. */
static const char *op_montmul(struct req *r)
{
  static uint32_t a[VC_MP_LIMBS], b[VC_MP_LIMBS];
  const char *e;
  uint64_t init, cycles, instret;
  int rc, ct;
  if ((e = mont_setup(r, CFG_MUL, &init)) || (e = req_mp(r, "a", &A)) || (e = req_mp(r, "b", &B)) ||
      (e = below_m(r)) || (e = req_bool(r, "ct", 0, &ct)))
    return e;
  int (*mul)(const vc_mont *, uint32_t *, const uint32_t *, const uint32_t *) = ct ? vc_mont_mul : vc_mont_mul_var;
  /* Equal operands go in as one pointer: that is what selects the dedicated squaring. The
   * product runs twice on the same inputs: timed (into lr), then counting instructions (into
   * a, in place). */
  static uint32_t lr[VC_MP_LIMBS];
  const uint32_t *pb = vc_mp_cmp_var(&A, &B) ? b : a;
  REQ_PASSES {
    memset(a, 0, sizeof(a));
    memset(b, 0, sizeof(b));
    memcpy(a, A.d, 4 * A.n);
    memcpy(b, B.d, 4 * B.n);
    TIMED(rc, mul(&ctx, lr, a, pb));
    uint64_t i0 = plat_instret();
    rc |= mul(&ctx, a, a, pb);
    instret = plat_instret_elapsed(i0, plat_instret());
  }
  (void)rc;
  limbs_to_z(a, ctx.n);
  unsigned k = ctx.cfg.algo == VC_MM_ALGO5 ? 1 : ctx.cfg.radix_bits;
  json_ok("montmul", cycles);
  json_mp("out", &Z);
  json_u64("r_bits", (uint64_t)k * ctx.digits);
  json_u64("init_cycles", init);
  if (plat_has_instret())
    json_u64("instret", instret);
  json_end();
  return NULL;
}

/* {"op":"modexp","m","a","e",cfg,"ct","ebits"}: vc_mp_modexp_var with cfg's method, or with
 * "ct" true the constant-time vc_mp_modexp over "ebits" exponent bits (default m's length). */
static const char *op_modexp(struct req *r)
{
  const char *e;
  uint64_t init, cycles;
  uint32_t ebits = 0;
  int rc, ct;
  if ((e = mont_setup(r, CFG_MUL | CFG_EXP, &init)) || (e = req_mp(r, "a", &A)) || (e = req_mp(r, "e", &B)) ||
      (e = req_bool(r, "ct", 0, &ct)) ||
      (ct && (e = req_uint(r, "ebits", (uint32_t)vc_mp_bits(&M), 1, VC_MP_MAX_BITS, &ebits))))
    return e;
  REQ_PASSES {
    if (ct)
      TIMED(rc, vc_mp_modexp(&ctx, &Z, &A, &B, ebits));
    else
      TIMED(rc, vc_mp_modexp_var(&ctx, &Z, &A, &B));
  }
  if (rc == VC_ERR_RANGE && ct) {
    char got[32];
    return req_bad(r, "e", str_fmt(got, sizeof(got), "%u bits", (unsigned)vc_mp_bits(&B)),
                   "an exponent below 2^ebits with ct");
  }
  if (rc)
    return req_code(r, rc);
  json_ok("modexp", cycles);
  json_mp("out", &Z);
  json_u64("init_cycles", init);
  json_end();
  return NULL;
}

static vc_rsa_priv rsa;
static vc_rsa_pub pub;

/* n, e (and d, p, q for private operations). "fault": "dp" or "dq" flips a bit of that CRT
 * exponent after the key is checked: a fault injected into the stored key, which the private
 * operation's result check must catch. */
static const char *get_rsa(struct req *r, int private)
{
  const char *e;
  memset(&rsa, 0, sizeof(rsa));
  if ((e = req_mp(r, "n", &rsa.n)) || (e = req_mp(r, "e", &rsa.e)))
    return e;
  if (!private)
    return NULL;
  if ((e = req_mp(r, "d", &rsa.d)) || (e = req_mp(r, "p", &rsa.p)) || (e = req_mp(r, "q", &rsa.q)))
    return e;
  if (vc_rsa_priv_complete(&rsa))
    return req_bad(r, "d", "n, e, d, p, q do not make a private key", NULL);
  const struct req_field *f = req_get(r, "fault");
  if (f) {
    vc_mp *x = req_is(f, "dp") ? &rsa.dp : req_is(f, "dq") ? &rsa.dq : NULL;
    if (!x || !x->n)
      return req_bad(r, "fault", NULL, NULL);
    x->d[0] ^= 4;
  }
  return NULL;
}

static const char *get_crt(struct req *r, int *crt, int dflt)
{
  const struct req_field *f = req_get(r, "crt");
  *crt = !f ? dflt : req_is(f, "mrc") ? VC_RSA_MRC : req_is(f, "src") ? VC_RSA_SRC
         : req_is(f, "none") ? VC_RSA_NOCRT : -1;
  return *crt < 0 ? req_bad(r, "crt", NULL, NULL) : NULL;
}

/* The digest of the request's hash: *h and dig. */
static const char *get_digest(struct req *r, const vc_hash_class **h, uint8_t *dig)
{
  const char *e;
  char allowed[40];
  if ((e = req_hash(r, h)))
    return e;
  return req_hex_exact(r, "digest", dig, (*h)->digest_len,
                       str_fmt(allowed, sizeof(allowed), "%u bytes of hex (%s)", (unsigned)(*h)->digest_len, (*h)->name));
}

/* {"op":"rsa","fn":"block","n","e", and "d","p","q" for a private operation or the CRT,
 *  "private":false,"crt":"none|mrc|src" (default none),"block":128,"msg","cache":"none|pre|intra",
 *  the design-space point}: seed 004's block-wise RSA (vc_rsa_block), "out" every block's
 *  result; "hits" and "misses" of the cache (over both primes' with the CRT). Each call is a
 *  first one (vc_mont_forget): its cost does not depend on the requests before it, in the SoC
 *  or the cost build (vexrun explore). */
static const char *rsa_block(struct req *r, const vc_mp_cfg *c)
{
  static const char *const kinds[] = {"none", "pre", "intra"};
  static vc_mp_cache caches[2];
  const struct req_field *f = req_get(r, "cache");
  const char *e;
  char got[24];
  uint64_t cycles;
  uint32_t bits, hits = 0, misses = 0, h, m;
  int private, crt, kind = 0, rc;
  while (f && kind < 3 && !req_is(f, kinds[kind]))
    kind++;
  if (kind == 3)
    return req_bad(r, "cache", NULL, NULL);
  if ((e = req_bool(r, "private", 0, &private)) || (e = get_crt(r, &crt, VC_RSA_NOCRT)) ||
      (e = req_uint(r, "block", 128, 32, 512, &bits)) || (e = get_rsa(r, private || crt != VC_RSA_NOCRT)))
    return e;
  long n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &e);
  if (n < 0)
    return e;
  if (vc_mp_bits(&rsa.n) < 2)
    return bad_modulus(r, "n", &rsa.n);
  if (bits % 8 || bits >= vc_mp_bits(&rsa.n))
    return req_bad(r, "block", NULL, "a multiple of 8 from 32 to 512, below the modulus's bits");
  size_t klen = (vc_mp_bits(&rsa.n) + 7) / 8, outlen = ((size_t)n + bits / 8 - 1) / (bits / 8) * klen;
  if (!n || outlen > sizeof(app_out))
    return req_bad(r, "msg", req_bytes(got, sizeof(got), n), "1 byte at least, at most as many blocks as 64 KiB of results hold");
  memset(caches, 0, sizeof(caches));     /* a private operation in constant time leaves them alone */
  vc_mont_forget();
  REQ_PASSES TIMED(rc, vc_rsa_block(&rsa, private, crt, app_in, (size_t)n, bits, app_out, outlen, c,
                                    kind == 2 ? caches : NULL, kind == 1 ? caches : NULL));
  if (rc == VC_ERR_PARAM && !private && crt != VC_RSA_NOCRT)
    return req_bad(r, "crt", NULL, "none; src or mrc with var true (a public exponent through p and q, seed 004's study)");
  if (rc == VC_ERR_MODULUS)
    return bad_modulus(r, "n", &rsa.n);
  if (rc)
    return req_code(r, rc);
  for (int i = 0; kind && i < (crt == VC_RSA_NOCRT ? 1 : 2); i++) {
    vc_mp_cache_counts(&caches[i], &h, &m);
    hits += h;
    misses += m;
  }
  json_ok("rsa", cycles);
  json_bytes("out", app_out, outlen);
  json_u64("hits", hits);
  json_u64("misses", misses);
  json_end();
  return NULL;
}

#define RSA_KEYGEN_E "an odd integer 3..4294967295 (default 65537)"

/* {"op":"rsa","fn":"keygen|public|private|sign|verify|encrypt|decrypt|block",...} */
enum { RSA_KEYGEN, RSA_PUBLIC, RSA_PRIVATE, RSA_SIGN, RSA_VERIFY, RSA_ENCRYPT, RSA_DECRYPT, RSA_BLOCK, RSA_NFNS };
static const char *op_rsa(struct req *r)
{
  static const char *const fns[RSA_NFNS] = {"keygen", "public", "private", "sign", "verify", "encrypt", "decrypt",
                                            "block"};
  static vc_drbg rng;
  static uint8_t sig[VC_MP_MAX_BITS / 8], dig[64];
  const struct req_field *fn = req_get(r, "fn");
  const vc_hash_class *h = NULL;
  vc_mp_cfg c;
  const char *e;
  char got[24], allowed[64];
  uint64_t cycles;
  uint32_t bits, pe;
  size_t i;
  int rc, crt = 0;
  for (i = 0; i < RSA_NFNS && !req_is(fn, fns[i]); i++)
    ;
  if (i == RSA_NFNS)
    return req_bad(r, "fn", NULL, NULL);
  r->variant = fns[i];
  int private = i == RSA_PRIVATE || i == RSA_SIGN || i == RSA_DECRYPT;
  if (i == RSA_BLOCK)
    return (e = get_cfg(r, &c, CFG_ALL)) ? e : rsa_block(r, &c);
  if ((e = get_cfg(r, &c, CFG_ALL)) || ((i == RSA_KEYGEN || i == RSA_ENCRYPT) && (e = req_rng(r, &rng))) ||
      (private && (e = get_crt(r, &crt, VC_RSA_MRC))))
    return e;
  if (i == RSA_KEYGEN) {
    if ((e = req_uint(r, "bits", 1024, 256, VC_MP_MAX_BITS, &bits)))
      return e;
    if (bits & 1)
      return req_bad(r, "bits", NULL, NULL);
    if (req_u32(r, "e", 65537, &pe) || pe < 3 || !(pe & 1))
      return req_bad(r, "e", NULL, RSA_KEYGEN_E);
    REQ_PASSES TIMED(rc, vc_rsa_keygen(&rsa, bits, pe, &rng, &c));
    if (rc)
      return req_code(r, rc);
    json_ok("rsa", cycles);
    json_mp("n", &rsa.n);
    json_mp("e", &rsa.e);
    json_mp("d", &rsa.d);
    json_mp("p", &rsa.p);
    json_mp("q", &rsa.q);
    json_end();
    return NULL;
  }
  if ((e = get_rsa(r, private)))
    return e;
  vc_rsa_pub_from_priv(&pub, &rsa);
  size_t klen = (vc_mp_bits(&rsa.n) + 7) / 8, outlen = klen;
  int valid = -1;
  long n = 0;
  if (i == RSA_PUBLIC || i == RSA_PRIVATE) {
    if ((e = req_mp(r, "msg", &A)))
      return e;
    REQ_PASSES {
      if (private)
        TIMED(rc, vc_rsa_private(&rsa, &Z, &A, crt, &c));
      else
        TIMED(rc, vc_rsa_public(&pub, &Z, &A, &c));
    }
    if (rc == VC_ERR_RANGE)
      return req_bad(r, "msg", "not below n", NULL);
    if (rc == VC_ERR_MODULUS)
      return bad_modulus(r, "n", &rsa.n);
    if (rc)
      return req_code(r, rc);
    json_ok("rsa", cycles);
    json_mp("out", &Z);
    json_end();
    return NULL;
  }
  if (i == RSA_SIGN || i == RSA_VERIFY) {
    if ((e = get_digest(r, &h, dig)) || (i == RSA_VERIFY && (n = req_hex(r, "sig", sig, sizeof(sig), &e)) < 0))
      return e;
    if (i == RSA_SIGN) {
      REQ_PASSES TIMED(rc, vc_rsa_pkcs1_sign(&rsa, h, dig, sig, klen, crt, &c));
    } else {
      REQ_PASSES TIMED(rc, vc_rsa_pkcs1_verify(&pub, h, dig, sig, (size_t)n, &c));
      valid = rc == VC_OK;
      if (rc == VC_ERR_VERIFY)
        rc = VC_OK;
      outlen = 0;
    }
    if (rc == VC_ERR_PARAM)
      return req_bad(r, "hash", NULL, NULL);
    if (rc == VC_ERR_LENGTH && i == RSA_VERIFY)
      return req_bad(r, "sig", req_bytes(got, sizeof(got), n),
                     str_fmt(allowed, sizeof(allowed), "%u bytes of hex (the modulus length)", (unsigned)klen));
    if (rc == VC_ERR_LENGTH)
      return req_bad(r, "n", str_fmt(got, sizeof(got), "%u bits", (unsigned)vc_mp_bits(&rsa.n)),
                     "a modulus 11 bytes longer than the hash's DigestInfo at least");
  } else if (i == RSA_ENCRYPT) {
    if ((n = req_hex(r, "msg", app_out, klen, &e)) < 0)
      return e;
    REQ_PASSES TIMED(rc, vc_rsa_pkcs1_encrypt(&pub, &rng, app_out, (size_t)n, sig, klen, &c));
    if (rc == VC_ERR_LENGTH)
      return req_bad(r, "msg", req_bytes(got, sizeof(got), n),
                     str_fmt(allowed, sizeof(allowed), "at most %u bytes (the key's %u less 11)",
                             (unsigned)(klen > 11 ? klen - 11 : 0), (unsigned)klen));
  } else {
    if ((n = req_hex(r, "msg", app_out, sizeof(sig), &e)) < 0)
      return e;
    REQ_PASSES {
      outlen = klen;      /* the capacity becomes the message's length */
      TIMED(rc, vc_rsa_pkcs1_decrypt(&rsa, app_out, (size_t)n, sig, &outlen, crt, &c));
    }
    if (rc == VC_ERR_RANGE)
      return req_bad(r, "msg", "not below n", NULL);
    if (rc == VC_ERR_LENGTH)
      return req_bad(r, "msg", req_bytes(got, sizeof(got), n),
                     str_fmt(allowed, sizeof(allowed), "%u bytes of hex (the modulus length)", (unsigned)klen));
    if (rc == VC_ERR_PADDING)
      return req_bad(r, "msg", "bad padding once decrypted", "a PKCS#1 v1.5 encryption block, encrypted");
  }
  if (rc == VC_ERR_MODULUS)
    return bad_modulus(r, "n", &rsa.n);
  if (rc)
    return req_code(r, rc);
  json_ok("rsa", cycles);
  if (valid >= 0)
    json_bool("valid", valid);
  else
    json_bytes("out", sig, outlen);
  json_end();
  return NULL;
}

/* The group: "group" by name, or "p" and (need_g) "g" as hex. */
static const char *get_group(struct req *r, int need_g)
{
  const struct req_field *f = req_get(r, "group");
  const char *e;
  if (f) {
    size_t i = 0;
    while (i < vc_dh_ngroups && !req_is(f, vc_dh_groups[i].name))
      i++;
    if (i == vc_dh_ngroups)
      return req_bad(r, "group", NULL, NULL);
    vc_dh_group_load(&vc_dh_groups[i], &M, &B);
    return NULL;
  }
  if ((e = req_mp(r, "p", &M)) || (need_g && (e = req_mp(r, "g", &B))))
    return e;
  return NULL;
}

/* {"op":"dh","fn":"keygen|shared","group"|("p","g"),"seed","xbits","x","peer"} */
static const char *op_dh(struct req *r)
{
  static vc_drbg rng;
  const struct req_field *fn = req_get(r, "fn");
  vc_mp_cfg c;
  const char *e;
  uint64_t cycles;
  uint32_t xbits;
  int rc;
  int keygen = req_is(fn, "keygen");
  if (!keygen && !req_is(fn, "shared"))
    return req_bad(r, "fn", NULL, NULL);
  r->variant = keygen ? "keygen" : "shared";
  if ((e = get_cfg(r, &c, CFG_ALL)) || (e = get_group(r, keygen)) ||
      (e = req_uint(r, "xbits", 0, 0, VC_MP_MAX_BITS, &xbits)))
    return e;
  if (keygen) {
    if ((e = req_rng(r, &rng)))
      return e;
    REQ_PASSES TIMED(rc, vc_dh_keygen(&M, &B, xbits, &rng, &X, &Y, &c));
    if (rc == VC_ERR_RANGE)
      return req_bad(r, "g", vc_strerror(rc), NULL);
  } else {
    if ((e = req_mp(r, "x", &X)) || (e = req_mp(r, "peer", &Y)))
      return e;
    REQ_PASSES TIMED(rc, vc_dh_shared(&M, &X, xbits, &Y, &Z, &c));
    if (rc == VC_ERR_RANGE)
      return req_bad(r, inside(&Y, &M) ? "x" : "peer", vc_strerror(rc), NULL);
  }
  if (rc == VC_ERR_PARAM) {
    char allowed[64];
    return req_bad(r, "xbits", NULL, str_fmt(allowed, sizeof(allowed), "0 (x below p) or 2..%u (under the bits of p)",
                                              (unsigned)vc_mp_bits(&M) - 1));
  }
  if (rc == VC_ERR_MODULUS)
    return bad_modulus(r, "p", &M);
  if (rc)
    return req_code(r, rc);
  json_ok("dh", cycles);
  if (keygen) {
    json_mp("x", &X);
    json_mp("y", &Y);
  } else {
    json_mp("z", &Z);
  }
  json_end();
  return NULL;
}

/* {"op":"elgamal","fn":"encrypt|decrypt","group"|("p","g"),"y","m","seed","x","c1","c2"} */
static const char *op_elgamal(struct req *r)
{
  static vc_drbg rng;
  const struct req_field *fn = req_get(r, "fn");
  vc_mp_cfg c;
  const char *e;
  uint64_t cycles;
  int rc;
  int enc = req_is(fn, "encrypt");
  if (!enc && !req_is(fn, "decrypt"))
    return req_bad(r, "fn", NULL, NULL);
  r->variant = enc ? "encrypt" : "decrypt";
  if ((e = get_cfg(r, &c, CFG_ALL)) || (e = get_group(r, enc)))
    return e;
  if (enc) {
    if ((e = req_rng(r, &rng)) || (e = req_mp(r, "y", &Y)) || (e = req_mp(r, "m", &A)))
      return e;
    REQ_PASSES TIMED(rc, vc_elgamal_encrypt(&M, &B, &Y, &A, &rng, &X, &Z, &c));
  } else {
    if ((e = req_mp(r, "x", &X)) || (e = req_mp(r, "c1", &A)) || (e = req_mp(r, "c2", &Y)))
      return e;
    REQ_PASSES TIMED(rc, vc_elgamal_decrypt(&M, &X, &A, &Y, &Z, &c));
  }
  if (rc == VC_ERR_MODULUS)
    return bad_modulus(r, "p", &M);
  if (rc == VC_ERR_RANGE)      /* m, x, c1 in [1, p-1]; y in [2, p-2] */
    return req_bad(r, enc ? (below(&A, &M) ? "y" : "m") : !below(&X, &M) ? "x" : below(&A, &M) ? "c2" : "c1",
                   vc_strerror(rc), NULL);
  if (rc)
    return req_code(r, rc);
  json_ok("elgamal", cycles);
  if (enc) {
    json_mp("c1", &X);
    json_mp("c2", &Z);
  } else {
    json_mp("m", &Z);
  }
  json_end();
  return NULL;
}

static vc_dsa_params dsa;

/* {"op":"dsa","fn":"keygen|sign|verify","p","q","g","seed","x","y","hash","digest","r","s"} */
static const char *op_dsa(struct req *r)
{
  static const char *const fns[] = {"keygen", "sign", "verify"};
  static vc_drbg rng;
  static uint8_t dig[64];
  const struct req_field *fn = req_get(r, "fn");
  const vc_hash_class *h;
  vc_mp_cfg c;
  const char *e;
  uint64_t cycles;
  size_t i;
  int rc, valid = 0;
  for (i = 0; i < 3 && !req_is(fn, fns[i]); i++)
    ;
  if (i == 3)
    return req_bad(r, "fn", NULL, NULL);
  r->variant = fns[i];
  if ((e = get_cfg(r, &c, CFG_ALL)) || (e = req_mp(r, "p", &dsa.p)) || (e = req_mp(r, "q", &dsa.q)) ||
      (e = req_mp(r, "g", &dsa.g)))
    return e;
  if (i == 0) {
    if ((e = req_rng(r, &rng)))
      return e;
    REQ_PASSES TIMED(rc, vc_dsa_keygen(&dsa, &rng, &X, &Y, &c));
  } else if (i == 1) {
    if ((e = get_digest(r, &h, dig)) || (e = req_mp(r, "x", &X)))
      return e;
    REQ_PASSES TIMED(rc, vc_dsa_sign(&dsa, &X, h, dig, &A, &B, &c));
  } else {
    if ((e = get_digest(r, &h, dig)) || (e = req_mp(r, "y", &Y)) || (e = req_mp(r, "r", &A)) ||
        (e = req_mp(r, "s", &B)))
      return e;
    REQ_PASSES TIMED(rc, vc_dsa_verify(&dsa, &Y, h, dig, &A, &B, &c));
    valid = rc == VC_OK;
    if (rc == VC_ERR_VERIFY)
      rc = VC_OK;
  }
  if (rc == VC_ERR_PARAM) {
    char got[48];
    return req_bad(r, "p", str_fmt(got, sizeof(got), "%u bits with q of %u", (unsigned)vc_mp_bits(&dsa.p),
                                   (unsigned)vc_mp_bits(&dsa.q)), NULL);
  }
  if (rc == VC_ERR_RANGE)      /* the key: x in [1, q-1], y in (1, p) */
    return req_bad(r, i == 1 ? "x" : "y", vc_strerror(rc), NULL);
  if (rc)
    return req_code(r, rc);
  json_ok("dsa", cycles);
  if (i == 0) {
    json_mp("x", &X);
    json_mp("y", &Y);
  } else if (i == 1) {
    json_mp("r", &A);
    json_mp("s", &B);
  } else {
    json_bool("valid", valid);
  }
  json_end();
  return NULL;
}

/* {"op":"drbg","seed":hex,"n":int} */
static const char *op_drbg(struct req *r)
{
  static vc_drbg rng;
  const char *e;
  uint32_t n;
  if ((e = req_rng(r, &rng)) || (e = req_uint(r, "n", 32, 0, APP_MAX_INPUT, &n)))
    return e;
  uint64_t cycles;
  REQ_PASSES {
    uint64_t t0 = plat_cycles();
    vc_drbg_generate(&rng, app_out, n);
    cycles = app_timed(plat_elapsed(t0, plat_cycles()));
  }
  json_ok("drbg", cycles);
  json_bytes("out", app_out, n);
  json_end();
  return NULL;
}

/* {"op":"hmac","hash":name,"key":hex,"msg":hex} */
static const char *op_hmac(struct req *r)
{
  static uint8_t key[256], mac[VC_HMAC_MAX_DIGEST];
  const vc_hash_class *h;
  const char *e;
  long kl, n;
  if ((e = req_hash(r, &h)) || (kl = req_hex(r, "key", key, sizeof(key), &e)) < 0 ||
      (n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &e)) < 0)
    return e;
  uint64_t cycles;
  int rc;
  REQ_PASSES TIMED(rc, vc_hmac(h, key, (size_t)kl, app_in, (size_t)n, mac));
  if (rc)
    return req_code(r, rc);
  json_ok("hmac", cycles);
  json_bytes("out", mac, h->digest_len);
  json_end();
  return NULL;
}

/* {"op":"montu","m","a","b","e"}: the Montgomery unit's driver (fw/drivers/mont.h; "impl":"sw":
 * its emulation) on resident operands, at the default design point (R = 2^r_bits, r_bits = 32
 * limbs of m rounded up to the unit's words):
 * a*b/R mod m (a, b < m) timed alone, the transfers timed apart (setup: the modulus and ninv;
 * load: one operand in; store: one out); with "e", the fixed-window exponentiation of X = a
 * (read as Montgomery form) with one = R mod m resident: "exp" = X^e in Montgomery form. Every
 * step runs before the answer begins. */
static const char *op_montu(struct req *r)
{
  static uint32_t a[VC_MP_LIMBS], b[VC_MP_LIMBS], one[VC_MP_LIMBS];
  const char *e;
  uint64_t cycles, setup, load, store, mul, exp = 0;
  struct app_timed mul_timed = {0};
  int rc, with_e = req_get(r, "e") != NULL;
  if ((e = mont_setup(r, 0, &cycles)) || (e = req_mp(r, "a", &A)) || (e = req_mp(r, "b", &B)) ||
      (with_e && (e = req_mp(r, "e", &X))) || (e = below_m(r)))
    return e;
  size_t n = ctx.n;
  if (with_e && VC_MONTU_RLIMBS(n) != n)      /* one = R mod m is the context's R */
    return "montu: \"e\" needs R = 2^(32 limbs of m): at W = 64 an even number of limbs";
  REQ_PASSES {      /* the product is in place: its operands loaded again */
    memset(a, 0, sizeof(a));
    memset(b, 0, sizeof(b));
    memcpy(a, A.d, 4 * A.n);
    memcpy(b, B.d, 4 * B.n);
    TIMED(rc, vc_montu_setup(n, ctx.m));
    setup = cycles;
    if (!rc)
      TIMED(rc, vc_montu_load(VC_MONTU_SLOT_X, a));
    load = cycles;
    if (!rc && !(rc = vc_montu_load(VC_MONTU_SLOT_ACC, b)))
      TIMED(rc, vc_montu_mul(VC_MONTU_SLOT_ACC, VC_MONTU_SLOT_X, VC_MONTU_SLOT_ACC));
    mul = cycles;
    mul_timed = app_last_timed;
    if (!rc)
      TIMED(rc, vc_montu_store(VC_MONTU_SLOT_ACC, a));
    store = cycles;
    if (!rc && with_e) {
      memset(one, 0, sizeof(one));
      memcpy(one, ctx.one, 4 * n);
      if (!(rc = vc_montu_load(VC_MONTU_SLOT_ONE, one)))
        TIMED(rc, vc_montu_exp(X.d, vc_mp_bits(&X)));
      exp = cycles;
      if (!rc)
        rc = vc_montu_store(VC_MONTU_SLOT_ACC, b);
    }
  }
  if (rc)
    return req_code(r, rc);
  app_last_timed = mul_timed;     /* the answer's cycles are the product's */
  json_ok("montu", mul);
  limbs_to_z(a, n);
  json_mp("out", &Z);
  json_u64("r_bits", 32 * (uint64_t)VC_MONTU_RLIMBS(n));
  json_u64("setup_cycles", setup);
  json_u64("load_cycles", load);
  json_u64("store_cycles", store);
  if (with_e) {
    limbs_to_z(b, n);
    json_mp("exp", &Z);
    json_u64("exp_cycles", exp);
  }
  json_end();
  return NULL;
}

/* The fields' descriptions; the design-space point's groups (get_cfg). */
#define INT "hex integer"
#define MOD_FIELD "\"m\":\"" INT ": the modulus, odd, 1 < m < 2^4096\""
#define CFG_MUL                                                                                 \
  "\"algo\":\"an integer 1..6: ALGO1..5, 6 the unit (ALGO2 without it; default: the fastest)\"," \
  "\"radix\":\"an integer 1..32: digit bits of ALGO2, 3 (default 32)\","                        \
  "\"sqr\":\"true or false: dedicated squaring (default true)\""
#define CFG_EXP "\"exp\":\"lr|rl|window|ladder (default window)\",\"window\":\"an integer 1..6 (default 6)\""
#define CFG_VAR "\"var\":\"true or false: secrets through _var functions (default false)\""
#define PK_CFG CFG_MUL, CFG_EXP, CFG_VAR
#define HASH_NAMES "md2|md4|md5|sha1|sha256"
#define PRIV " (private, sign, decrypt; block: private or with the CRT)"
#define GROUP_FIELDS "\"group\":\"modp512|modp768|modp1024|modp1536|modp2048, or p and g\"," \
                     "\"p\":\"" INT ": the prime, 3 < p < 2^4096\""

const struct oracle_op oracle_pk_ops[] = {
  {"mp", APP_PARAMS("\"fn\":\"add|sub|mul|sqr|shl|shr|divmod|mod|mod_add|mod_sub|mod_mul|inv_euclid|inv_binary|"
                    "inv_binary_ct|gcd\",\"a\":\"" INT ", at most 8192 bits\",\"b\":\"" INT " (add, sub, mul, "
                    "mod_*, gcd)\",\"m\":\"" INT ": the divisor or modulus, nonzero, under 2^4096 (mod_*, inv_*), "
                    "odd for inv_binary*\",\"s\":\"an integer 0..8192: the shift (shl, shr; default 0)\"", REQ_REPEAT_FIELD),
   "multiprecision integer operation", op_mp},
  {"montmul", APP_PARAMS(MOD_FIELD ",\"a\":\"" INT " below m\",\"b\":\"" INT " below m\",\"ct\":\"true or false: the "
                         "constant-time product (default false)\"", CFG_MUL, REQ_REPEAT_FIELD),
   "Montgomery product a*b/R mod m (R = 2^r_bits) with the chosen algorithm", op_montmul},
  {"modexp", APP_PARAMS(MOD_FIELD ",\"a\":\"" INT "\",\"e\":\"" INT ", at most 4096 bits\",\"ct\":\"true or false: "
                        "constant time over ebits bits (default false)\",\"ebits\":\"an integer 1..4096 (with ct; "
                        "default: m's bits)\"", CFG_MUL, CFG_EXP, REQ_REPEAT_FIELD),
   "modular exponentiation a^e mod m", op_modexp},
  {"montu", APP_PARAMS(MOD_FIELD ",\"a\":\"" INT " below m\",\"b\":\"" INT " below m\",\"e\":\"" INT ": exponentiate "
                       "a (optional)\"", REQ_REPEAT_FIELD),
   "the Montgomery unit's driver on resident operands: a product, transfers and a fixed-window exponentiation timed apart", op_montu},
  {"rsa", APP_PARAMS("\"fn\":\"keygen|public|private|sign|verify|encrypt|decrypt|block\","
                     "\"bits\":\"an even integer 256..4096 (keygen; default 1024)\",\"e\":\"" INT "; keygen: " RSA_KEYGEN_E "\",\"n\":\"" INT ": the modulus, odd, under 2^4096\","
                     "\"d\":\"" INT PRIV "\",\"p\":\"" INT PRIV "\",\"q\":\"" INT PRIV "\","
                     "\"crt\":\"none|mrc|src (private, sign, decrypt: default mrc; block: default none)\","
                     "\"private\":\"true or false: d, else e (block; default false)\","
                     "\"block\":\"input block bits: a multiple of 8, 32..512, below n's bits (block; default 128)\","
                     "\"cache\":\"none|pre|intra: seed 004's pre-ME or intra-MM cache (block; default none)\","
                     "\"fault\":\"dp|dq: a bit flipped" PRIV "\","
                     "\"hash\":\"md2|md5|sha1|sha256 (sign, verify)\",\"digest\":\"hex of the hash's length (sign, verify)\","
                     "\"sig\":\"hex (verify)\",\"msg\":\"hex (public, private: below n; encrypt: up to the key's "
                     "length less 11; decrypt; block: 1 byte at least)\"," APP_SEED_FIELD("keygen, encrypt; "), PK_CFG, REQ_REPEAT_FIELD),
   "RSA: key generation, raw operations, PKCS#1 v1.5 signatures and encryption, seed 004's block-wise RSA", op_rsa},
  {"dh", APP_PARAMS("\"fn\":\"keygen|shared\"," GROUP_FIELDS ",\"g\":\"" INT " (keygen)\",\"xbits\":\"an integer: 0 "
                    "(x below p, the default) or 2.. under p's bits: x's bound\"," APP_SEED_FIELD("keygen; ")
                    ",\"x\":\"" INT ", 1 < x < p-1, below 2^xbits with xbits (shared)\",\"peer\":\"" INT ", 1 < peer < p-1 (shared)\"", PK_CFG, REQ_REPEAT_FIELD),
   "Diffie-Hellman key pair and shared secret", op_dh},
  {"elgamal", APP_PARAMS("\"fn\":\"encrypt|decrypt\"," GROUP_FIELDS ",\"g\":\"" INT " (encrypt)\",\"y\":\"" INT ", "
                         "2..p-2 (encrypt)\",\"m\":\"" INT ", 1..p-1 (encrypt)\"," APP_SEED_FIELD("encrypt; ")
                         ",\"x\":\"" INT ", 1..p-1 (decrypt)\",\"c1\":\"" INT " (decrypt)\",\"c2\":\"" INT " (decrypt)\"",
                         PK_CFG, REQ_REPEAT_FIELD),
   "ElGamal encryption", op_elgamal},
  {"dsa", APP_PARAMS("\"fn\":\"keygen|sign|verify\",\"p\":\"" INT ": L bits, (L, N) = (1024, 160), (2048, 224), "
                     "(2048, 256) or (3072, 256)\",\"q\":\"" INT ": N bits\",\"g\":\"" INT "\"," APP_SEED_FIELD("keygen; ")
                     ",\"x\":\"" INT " (sign)\",\"y\":\"" INT " (verify)\",\"hash\":\"" HASH_NAMES " (sign, verify)\","
                     "\"digest\":\"hex of the hash's length (sign, verify)\",\"r\":\"" INT " (verify)\","
                     "\"s\":\"" INT " (verify)\"", PK_CFG, REQ_REPEAT_FIELD),
   "DSA (FIPS 186-4) with RFC 6979 nonces", op_dsa},
  {"drbg", APP_PARAMS(APP_SEED_FIELD("") ",\"n\":\"an integer 0.." IO_STR(APP_MAX_INPUT) ": output bytes (default 32)\"", REQ_REPEAT_FIELD),
   "HMAC_DRBG (SHA-256) output: not for production keys", op_drbg},
  {"hmac", APP_PARAMS("\"hash\":\"" HASH_NAMES "\",\"key\":\"hex, at most 256 bytes\",\"msg\":\"" APP_MSG_DESC "\"", REQ_REPEAT_FIELD),
   "HMAC (RFC 2104)", op_hmac},
};
const size_t oracle_pk_nops = sizeof(oracle_pk_ops) / sizeof(oracle_pk_ops[0]);
