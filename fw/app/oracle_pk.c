/* Oracle operations on the multiprecision library and public key. Numbers travel as
 * big-endian hex strings of any length (byte strings: digests, signatures, messages of the
 * padded operations, seeds, keys of HMAC, have even length); the design-space point is given by the optional
 * fields "algo" (1..5, 6: the Montgomery unit with ALGO2 as its software form), "radix" (1..32), "sqr" (bool), "exp" ("lr|rl|window|ladder"),
 * "window" (1..6), "var" (bool: secrets of the pk ops through the variable-time paths, mp.h),
 * each defaulting to vc_mp_cfg_default. Values live in static storage: the
 * firmware serves one request at a time and a vc_mp is 1 KiB. */
#include <string.h>

#include "app.h"
#include "mont.h"
#include "platform.h"
#include "prims.h"
#include "vexcrypt/pk.h"

static const char *err_missing(const char *key)
{
  return req_key_error("missing or malformed \"", key, "\" (hex)");
}

/* Big-endian hex field of any length -> vc_mp. */
static const char *get_mp(const struct req *r, const char *key, vc_mp *out)
{
  const char *err;
  long n = req_hex_int(r, key, app_in, VC_MP_CAP_BITS / 8 + 1, &err);
  if (n < 0 || vc_mp_from_bytes(out, app_in, (size_t)n))
    return err_missing(key);
  return NULL;
}

static const char *get_cfg(const struct req *r, vc_mp_cfg *c)
{
  static const char *const exps[] = {"lr", "rl", "window", "ladder"};
  const struct req_field *f;
  uint32_t v;
  *c = vc_mp_cfg_default;
  if (req_u32(r, "algo", c->algo, &v) || v < 1 || v > VC_MM_UNIT)
    return "\"algo\" must be 1..6";
  c->algo = (uint8_t)v;
  if (req_u32(r, "radix", c->radix_bits, &v) || v < 1 || v > 32)
    return "\"radix\" must be a digit width of 1..32 bits";
  c->radix_bits = (uint8_t)v;
  if ((f = req_get(r, "sqr")))
    c->sqr = (uint8_t)req_flag(r, "sqr");
  if ((f = req_get(r, "exp"))) {
    for (v = 0; v < 4 && !req_is(f, exps[v]); v++)
      ;
    if (v == 4)
      return "\"exp\" must be \"lr\", \"rl\", \"window\" or \"ladder\"";
    c->exp = (uint8_t)(VC_EXP_LR + v);
  }
  if (req_u32(r, "window", c->window, &v) || v < 1 || v > VC_MP_MAX_WINDOW)
    return "\"window\" must be 1..6";
  c->window = (uint8_t)v;
  if (req_get(r, "var"))
    c->var = (uint8_t)req_flag(r, "var");
  return NULL;
}

static vc_mp A, B, M, X, Y, Z, Q;

/* {"op":"mp","fn":"add|sub|mul|sqr|shl|shr|divmod|mod|mod_add|mod_sub|mod_mul|inv_euclid|
 *  inv_binary|inv_binary_ct|gcd","a","b","m","s"}: each fn with the operands it reads (b, m);
 *  inv_binary is vc_mp_mod_inv_binary_var, inv_binary_ct the constant-time vc_mp_mod_inv_binary. */
static const struct {
  const char *name;
  uint8_t b, m;
} mp_fns[] = {
  {"add", 1, 0}, {"sub", 1, 0}, {"mul", 1, 0}, {"sqr", 0, 0}, {"shl", 0, 0}, {"shr", 0, 0},
  {"divmod", 0, 1}, {"mod", 0, 1}, {"mod_add", 1, 1}, {"mod_sub", 1, 1}, {"mod_mul", 1, 1},
  {"inv_euclid", 0, 1}, {"inv_binary", 0, 1}, {"inv_binary_ct", 0, 1}, {"gcd", 1, 0},
};

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

static const char *op_mp(const struct req *r)
{
  const struct req_field *fn = req_get(r, "fn");
  const char *e;
  uint64_t cycles;
  uint32_t s;
  size_t i;
  int rc;
  for (i = 0; i < sizeof(mp_fns) / sizeof(mp_fns[0]) && !req_is(fn, mp_fns[i].name); i++)
    ;
  if (i == sizeof(mp_fns) / sizeof(mp_fns[0]))
    return "\"fn\" must be add, sub, mul, sqr, shl, shr, divmod, mod, mod_add, mod_sub, mod_mul, "
           "inv_euclid, inv_binary or gcd";
  if (req_u32(r, "s", 0, &s) || s > VC_MP_CAP_BITS)
    return "\"s\" must be a shift of 0..8192 bits";
  if ((e = get_mp(r, "a", &A)) || (mp_fns[i].b && (e = get_mp(r, "b", &B))) ||
      (mp_fns[i].m && (e = get_mp(r, "m", &M))))
    return e;
  TIMED(rc, mp_call(i, s));
  if (rc)
    return vc_strerror(rc);
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

/* Sets up the Montgomery context for "m" with the request's configuration; init cycles. */
static const char *mont_setup(const struct req *r, uint64_t *cycles)
{
  const char *e;
  vc_mp_cfg c;
  int rc;
  if ((e = get_mp(r, "m", &M)) || (e = get_cfg(r, &c)))
    return e;
  uint64_t t0 = plat_cycles();
  rc = vc_mont_init_var(&ctx, &M, &c, NULL, NULL);
  *cycles = plat_elapsed(t0, plat_cycles());
  return rc ? vc_strerror(rc) : NULL;
}

/* {"op":"montmul","m","a","b",cfg}: a*b/R mod m for a, b < m; "r_bits" names R = 2^r_bits. */
static const char *op_montmul(const struct req *r)
{
  static uint32_t a[VC_MP_LIMBS], b[VC_MP_LIMBS];
  const char *e;
  uint64_t init, cycles;
  int rc;
  if ((e = mont_setup(r, &init)) || (e = get_mp(r, "a", &A)) || (e = get_mp(r, "b", &B)))
    return e;
  if (vc_mp_cmp_var(&A, &M) >= 0 || vc_mp_cmp_var(&B, &M) >= 0)
    return "a and b must be below m";
  memset(a, 0, sizeof(a));
  memset(b, 0, sizeof(b));
  memcpy(a, A.d, 4 * A.n);
  memcpy(b, B.d, 4 * B.n);
  /* Equal operands go in as one pointer: that is what selects the dedicated squaring. The
   * product runs twice on the same inputs (into lr): timed, then counting instructions. */
  static uint32_t lr[VC_MP_LIMBS];
  const uint32_t *pb = vc_mp_cmp_var(&A, &B) ? b : a;
  TIMED(rc, vc_mont_mul_var(&ctx, lr, a, pb));
  uint64_t i0 = plat_instret();
  rc |= vc_mont_mul_var(&ctx, a, a, pb);
  uint64_t instret = plat_instret_elapsed(i0, plat_instret());
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
static const char *op_modexp(const struct req *r)
{
  const char *e;
  uint64_t init, cycles;
  uint32_t ebits;
  int rc;
  if ((e = mont_setup(r, &init)) || (e = get_mp(r, "a", &A)) || (e = get_mp(r, "e", &B)))
    return e;
  if (req_u32(r, "ebits", (uint32_t)vc_mp_bits(&M), &ebits))
    return "\"ebits\" must be a bit count";
  if (req_get(r, "ct") && req_flag(r, "ct"))
    TIMED(rc, vc_mp_modexp(&ctx, &Z, &A, &B, ebits));
  else
    TIMED(rc, vc_mp_modexp_var(&ctx, &Z, &A, &B));
  if (rc)
    return vc_strerror(rc);
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
static const char *get_rsa(const struct req *r, int private)
{
  const char *e;
  memset(&rsa, 0, sizeof(rsa));
  if ((e = get_mp(r, "n", &rsa.n)) || (e = get_mp(r, "e", &rsa.e)))
    return e;
  if (!private)
    return NULL;
  if ((e = get_mp(r, "d", &rsa.d)) || (e = get_mp(r, "p", &rsa.p)) || (e = get_mp(r, "q", &rsa.q)))
    return e;
  if (vc_rsa_priv_complete(&rsa))
    return "inconsistent private key";
  const struct req_field *f = req_get(r, "fault");
  if (f) {
    vc_mp *x = req_is(f, "dp") ? &rsa.dp : req_is(f, "dq") ? &rsa.dq : NULL;
    if (!x || !x->n)
      return "\"fault\" must be \"dp\" or \"dq\"";
    x->d[0] ^= 4;
  }
  return NULL;
}

static int get_crt(const struct req *r)
{
  const struct req_field *f = req_get(r, "crt");
  if (!f || req_is(f, "mrc"))
    return VC_RSA_MRC;
  if (req_is(f, "src"))
    return VC_RSA_SRC;
  if (req_is(f, "none"))
    return VC_RSA_NOCRT;
  return -1;
}

/* {"op":"rsa","fn":"keygen|public|private|sign|verify|encrypt|decrypt",...} */
static const char *op_rsa(const struct req *r)
{
  static vc_drbg rng;
  static uint8_t sig[VC_MP_MAX_BITS / 8], dig[64];
  const struct req_field *fn = req_get(r, "fn");
  const vc_hash_class *h = req_hash(r);
  vc_mp_cfg c;
  const char *e;
  uint64_t cycles;
  uint32_t bits, pe;
  int rc, crt = get_crt(r);
  if ((e = get_cfg(r, &c)) || (e = req_rng(r, &rng)))
    return e;
  if (crt < 0)
    return "\"crt\" must be \"none\", \"mrc\" or \"src\"";
  if (req_is(fn, "keygen")) {
    if (req_u32(r, "bits", 1024, &bits) || req_u32(r, "e", 65537, &pe))
      return "\"bits\" and \"e\" must be integers";
    TIMED(rc, vc_rsa_keygen(&rsa, bits, pe, &rng, &c));
    if (rc)
      return vc_strerror(rc);
    json_ok("rsa", cycles);
    json_mp("n", &rsa.n);
    json_mp("e", &rsa.e);
    json_mp("d", &rsa.d);
    json_mp("p", &rsa.p);
    json_mp("q", &rsa.q);
    json_end();
    return NULL;
  }
  int private = req_is(fn, "private") || req_is(fn, "sign") || req_is(fn, "decrypt");
  if ((e = get_rsa(r, private)))
    return e;
  vc_rsa_pub_from_priv(&pub, &rsa);
  size_t klen = (vc_mp_bits(&rsa.n) + 7) / 8, outlen = klen;
  int valid = -1;
  long n;
  if (req_is(fn, "public") || req_is(fn, "private")) {
    if ((e = get_mp(r, "msg", &A)))
      return e;
    if (private)
      TIMED(rc, vc_rsa_private(&rsa, &Z, &A, crt, &c));
    else
      TIMED(rc, vc_rsa_public(&pub, &Z, &A, &c));
    if (rc)
      return vc_strerror(rc);
    json_ok("rsa", cycles);
    json_mp("out", &Z);
    json_end();
    return NULL;
  }
  if (req_is(fn, "sign") || req_is(fn, "verify")) {
    if (!h)
      return "\"hash\" must name a hash (sha256, sha1, md5, md2)";
    if (req_hex(r, "digest", dig, sizeof(dig), &e) != (long)h->digest_len)
      return "\"digest\" must be the hash's digest length in hex";
    if (req_is(fn, "sign")) {
      TIMED(rc, vc_rsa_pkcs1_sign(&rsa, h, dig, sig, klen, crt, &c));
    } else {
      if ((n = req_hex(r, "sig", sig, sizeof(sig), &e)) < 0)
        return e;
      TIMED(rc, vc_rsa_pkcs1_verify(&pub, h, dig, sig, (size_t)n, &c));
      valid = rc == VC_OK;
      if (rc == VC_ERR_VERIFY)
        rc = VC_OK;
      outlen = 0;
    }
  } else if (req_is(fn, "encrypt")) {
    if ((n = req_hex(r, "msg", app_out, klen, &e)) < 0)
      return e;
    TIMED(rc, vc_rsa_pkcs1_encrypt(&pub, &rng, app_out, (size_t)n, sig, klen, &c));
  } else if (req_is(fn, "decrypt")) {
    if ((n = req_hex(r, "msg", app_out, sizeof(sig), &e)) < 0)
      return e;
    TIMED(rc, vc_rsa_pkcs1_decrypt(&rsa, app_out, (size_t)n, sig, &outlen, crt, &c));
  } else {
    return "\"fn\" must be keygen, public, private, sign, verify, encrypt or decrypt";
  }
  if (rc)
    return vc_strerror(rc);
  json_ok("rsa", cycles);
  if (valid >= 0)
    json_bool("valid", valid);
  else
    json_bytes("out", sig, outlen);
  json_end();
  return NULL;
}

/* The group: "group" by name, or "p" and "g" as hex. */
static const char *get_group(const struct req *r, int need_g)
{
  const struct req_field *f = req_get(r, "group");
  const char *e;
  if (f) {
    char name[16];
    if (f->type != 's' || f->vallen >= sizeof(name))
      return "unknown \"group\"";
    memcpy(name, f->val, f->vallen);
    name[f->vallen] = 0;
    const vc_dh_group *g = vc_dh_group_find(name);
    if (!g)
      return "unknown \"group\" (modp512, modp768, modp1024, modp1536, modp2048)";
    vc_dh_group_load(g, &M, &B);
    return NULL;
  }
  if ((e = get_mp(r, "p", &M)) || (need_g && (e = get_mp(r, "g", &B))))
    return e;
  return NULL;
}

/* {"op":"dh","fn":"keygen|shared","group"|("p","g"),"seed","xbits","x","peer"} */
static const char *op_dh(const struct req *r)
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
    return "\"fn\" must be keygen or shared";
  if ((e = get_cfg(r, &c)) || (e = req_rng(r, &rng)) || (e = get_group(r, keygen)))
    return e;
  if (keygen) {
    if (req_u32(r, "xbits", 0, &xbits))
      return "\"xbits\" must be an integer";
    TIMED(rc, vc_dh_keygen(&M, &B, xbits, &rng, &X, &Y, &c));
    if (rc)
      return vc_strerror(rc);
    json_ok("dh", cycles);
    json_mp("x", &X);
    json_mp("y", &Y);
  } else {
    if ((e = get_mp(r, "x", &X)) || (e = get_mp(r, "peer", &Y)))
      return e;
    TIMED(rc, vc_dh_shared(&M, &X, &Y, &Z, &c));
    if (rc)
      return vc_strerror(rc);
    json_ok("dh", cycles);
    json_mp("z", &Z);
  }
  json_end();
  return NULL;
}

/* {"op":"elgamal","fn":"encrypt|decrypt","group"|("p","g"),"y","m","seed","x","c1","c2"} */
static const char *op_elgamal(const struct req *r)
{
  static vc_drbg rng;
  const struct req_field *fn = req_get(r, "fn");
  vc_mp_cfg c;
  const char *e;
  uint64_t cycles;
  int rc;
  int enc = req_is(fn, "encrypt");
  if (!enc && !req_is(fn, "decrypt"))
    return "\"fn\" must be encrypt or decrypt";
  if ((e = get_cfg(r, &c)) || (e = req_rng(r, &rng)) || (e = get_group(r, enc)))
    return e;
  if (enc) {
    if ((e = get_mp(r, "y", &Y)) || (e = get_mp(r, "m", &A)))
      return e;
    TIMED(rc, vc_elgamal_encrypt(&M, &B, &Y, &A, &rng, &X, &Z, &c));
  } else {
    if ((e = get_mp(r, "x", &X)) || (e = get_mp(r, "c1", &A)) || (e = get_mp(r, "c2", &Y)))
      return e;
    TIMED(rc, vc_elgamal_decrypt(&M, &X, &A, &Y, &Z, &c));
  }
  if (rc)
    return vc_strerror(rc);
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
static const char *op_dsa(const struct req *r)
{
  static vc_drbg rng;
  static uint8_t dig[64];
  const struct req_field *fn = req_get(r, "fn");
  const vc_hash_class *h = req_hash(r);
  vc_mp_cfg c;
  const char *e;
  uint64_t cycles;
  int rc;
  if ((e = get_cfg(r, &c)) || (e = req_rng(r, &rng)) || (e = get_mp(r, "p", &dsa.p)) ||
      (e = get_mp(r, "q", &dsa.q)) || (e = get_mp(r, "g", &dsa.g)))
    return e;
  if (req_is(fn, "keygen")) {
    TIMED(rc, vc_dsa_keygen(&dsa, &rng, &X, &Y, &c));
    if (rc)
      return vc_strerror(rc);
    json_ok("dsa", cycles);
    json_mp("x", &X);
    json_mp("y", &Y);
    json_end();
    return NULL;
  }
  if (!h)
    return "\"hash\" must name a hash (sha256, sha1, ...)";
  if (req_hex(r, "digest", dig, sizeof(dig), &e) != (long)h->digest_len)
    return "\"digest\" must be the hash's digest length in hex";
  if (req_is(fn, "sign")) {
    if ((e = get_mp(r, "x", &X)))
      return e;
    TIMED(rc, vc_dsa_sign(&dsa, &X, h, dig, &A, &B, &c));
    if (rc)
      return vc_strerror(rc);
    json_ok("dsa", cycles);
    json_mp("r", &A);
    json_mp("s", &B);
  } else if (req_is(fn, "verify")) {
    if ((e = get_mp(r, "y", &Y)) || (e = get_mp(r, "r", &A)) || (e = get_mp(r, "s", &B)))
      return e;
    TIMED(rc, vc_dsa_verify(&dsa, &Y, h, dig, &A, &B, &c));
    if (rc && rc != VC_ERR_VERIFY)
      return vc_strerror(rc);
    json_ok("dsa", cycles);
    json_bool("valid", rc == VC_OK);
  } else {
    return "\"fn\" must be keygen, sign or verify";
  }
  json_end();
  return NULL;
}

/* {"op":"drbg","seed":hex,"n":int} */
static const char *op_drbg(const struct req *r)
{
  static vc_drbg rng;
  const char *e;
  uint32_t n;
  if ((e = req_rng(r, &rng)))
    return e;
  if (req_u32(r, "n", 32, &n) || n > APP_MAX_INPUT)
    return "\"n\" must be 0..32768";
  uint64_t t0 = plat_cycles();
  vc_drbg_generate(&rng, app_out, n);
  uint64_t t1 = plat_cycles();
  json_begin();
  json_bool("ok", 1);
  json_str("op", "drbg");
  json_bytes("out", app_out, n);
  json_u64("cycles", plat_elapsed(t0, t1));
  json_end();
  return NULL;
}

/* {"op":"hmac","hash":name,"key":hex,"msg":hex} */
static const char *op_hmac(const struct req *r)
{
  static uint8_t key[256], mac[VC_HMAC_MAX_DIGEST];
  const vc_hash_class *h = req_hash(r);
  const char *e;
  long kl, n;
  if (!h)
    return "\"hash\" must name a hash";
  if ((kl = req_hex(r, "key", key, sizeof(key), &e)) < 0)
    return "\"key\": hex, at most 256 bytes";
  if ((n = req_hex(r, "msg", app_in, APP_MAX_INPUT, &e)) < 0)
    return e;
  uint64_t t0 = plat_cycles();
  int rc = vc_hmac(h, key, (size_t)kl, app_in, (size_t)n, mac);
  uint64_t t1 = plat_cycles();
  if (rc)
    return vc_strerror(rc);
  json_begin();
  json_bool("ok", 1);
  json_str("op", "hmac");
  json_bytes("out", mac, h->digest_len);
  json_u64("cycles", plat_elapsed(t0, t1));
  json_end();
  return NULL;
}

#define CFG_PARAMS "\"algo\":\"int 1..6\",\"radix\":\"int 1..32\",\"sqr\":\"bool\",\"exp\":\"lr|rl|window|ladder\",\"window\":\"int 1..6\",\"var\":\"bool\""
/* {"op":"montu","m","a","b","e"}: the Montgomery unit's driver (fw/drivers/mont.h; "impl":"sw":
 * its emulation) on resident operands: a*b/R mod m (a, b < m, R = 2^(32 limbs of m)) timed
 * alone, the transfers timed apart (setup: the modulus and ninv; load: one operand in; store:
 * one out); with "e", the fixed-window exponentiation of X = a (read as Montgomery form) with
 * one = R mod m resident: "exp" = X^e in Montgomery form. */
static const char *op_montu(const struct req *r)
{
  static uint32_t a[VC_MP_LIMBS], b[VC_MP_LIMBS], one[VC_MP_LIMBS];
  const char *e;
  uint64_t cycles, setup, load, store, mul;
  int rc, with_e = req_get(r, "e") != NULL;
  if ((e = mont_setup(r, &cycles)) || (e = get_mp(r, "a", &A)) || (e = get_mp(r, "b", &B)) ||
      (with_e && (e = get_mp(r, "e", &X))))
    return e;
  if (vc_mp_cmp_var(&A, &M) >= 0 || vc_mp_cmp_var(&B, &M) >= 0)
    return "a and b must be below m";
  size_t n = ctx.n;
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
  if (!rc)
    TIMED(rc, vc_montu_store(VC_MONTU_SLOT_ACC, a));
  store = cycles;
  if (rc)
    return vc_strerror(rc);
  json_ok("montu", mul);
  limbs_to_z(a, n);
  json_mp("out", &Z);
  json_u64("r_bits", 32 * (uint64_t)n);
  json_u64("setup_cycles", setup);
  json_u64("load_cycles", load);
  json_u64("store_cycles", store);
  if (with_e) {
    memset(one, 0, sizeof(one));
    memcpy(one, ctx.one, 4 * n);
    if ((rc = vc_montu_load(VC_MONTU_SLOT_ONE, one)))
      return vc_strerror(rc);
    TIMED(rc, vc_montu_exp(X.d, vc_mp_bits(&X)));
    if (rc || (rc = vc_montu_store(VC_MONTU_SLOT_ACC, a)))
      return vc_strerror(rc);
    limbs_to_z(a, n);
    json_mp("exp", &Z);
    json_u64("exp_cycles", cycles);
  }
  json_end();
  return NULL;
}

const struct oracle_op oracle_pk_ops[] = {
  {"mp", "{\"fn\":\"add|sub|mul|sqr|shl|shr|divmod|mod|mod_add|mod_sub|mod_mul|inv_euclid|inv_binary|gcd\",\"a\":\"hex\",\"b\":\"hex\",\"m\":\"hex\",\"s\":\"int\"}",
   "multiprecision integer operation", op_mp},
  {"montmul", "{\"m\":\"hex\",\"a\":\"hex\",\"b\":\"hex\"," CFG_PARAMS "}",
   "Montgomery product a*b/R mod m (R = 2^r_bits) with the chosen algorithm", op_montmul},
  {"modexp", "{\"m\":\"hex (odd)\",\"a\":\"hex\",\"e\":\"hex\",\"ct\":\"bool\",\"ebits\":\"int\"," CFG_PARAMS "}",
   "modular exponentiation a^e mod m", op_modexp},
  {"montu", "{\"m\":\"hex (odd)\",\"a\":\"hex\",\"b\":\"hex\",\"e\":\"hex\"}",
   "the Montgomery unit's driver on resident operands: a product, transfers and a fixed-window exponentiation timed apart", op_montu},
  {"rsa", "{\"fn\":\"keygen|public|private|sign|verify|encrypt|decrypt\",\"bits\":\"int\",\"e\":\"hex (int for keygen)\",\"n\":\"hex\",\"d\":\"hex\",\"p\":\"hex\",\"q\":\"hex\",\"crt\":\"none|mrc|src\",\"fault\":\"dp|dq\",\"hash\":\"name\",\"digest\":\"hex\",\"sig\":\"hex\",\"msg\":\"hex\",\"seed\":\"hex\"}",
   "RSA: key generation, raw operations, PKCS#1 v1.5 signatures and encryption", op_rsa},
  {"dh", "{\"fn\":\"keygen|shared\",\"group\":\"modp512..modp2048\",\"p\":\"hex\",\"g\":\"hex\",\"xbits\":\"int\",\"seed\":\"hex\",\"x\":\"hex\",\"peer\":\"hex\"}",
   "Diffie-Hellman key pair and shared secret", op_dh},
  {"elgamal", "{\"fn\":\"encrypt|decrypt\",\"group\":\"name\",\"p\":\"hex\",\"g\":\"hex\",\"y\":\"hex\",\"m\":\"hex\",\"seed\":\"hex\",\"x\":\"hex\",\"c1\":\"hex\",\"c2\":\"hex\"}",
   "ElGamal encryption", op_elgamal},
  {"dsa", "{\"fn\":\"keygen|sign|verify\",\"p\":\"hex\",\"q\":\"hex\",\"g\":\"hex\",\"x\":\"hex\",\"y\":\"hex\",\"hash\":\"name\",\"digest\":\"hex\",\"r\":\"hex\",\"s\":\"hex\",\"seed\":\"hex\"}",
   "DSA (FIPS 186-4) with RFC 6979 nonces", op_dsa},
  {"drbg", "{\"seed\":\"hex\",\"n\":\"int\"}", "HMAC_DRBG (SHA-256) output: not for production keys", op_drbg},
  {"hmac", "{\"hash\":\"name\",\"key\":\"hex\",\"msg\":\"hex\"}", "HMAC (RFC 2104)", op_hmac},
};
const size_t oracle_pk_nops = sizeof(oracle_pk_ops) / sizeof(oracle_pk_ops[0]);
