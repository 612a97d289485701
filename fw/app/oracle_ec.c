/* Oracle operations on the binary fields and the elliptic curves. Field elements, scalars and
 * points travel as big-endian hex strings of their exact encoded length (ec.h); answers carry
 * the cycles and, on the binary curves, the field operations the call made ("mul", "sqr",
 * "inv": the dispatching forms' counts, vc_gf2m_stats; P-256's field arithmetic counts
 * nothing, so its answers have no such fields) and, in builds with the Montgomery unit when
 * it ran, its busy cycles and commands ("unit_busy", "unit_commands": json_unit). */
#include <string.h>

#include "app.h"
#include "prims.h"
#include "repeat.h"
#include "vexcrypt/ec.h"

/* "set" into *set (default optimized). */
static const char *get_set(struct req *r, vc_ec_set *set)
{
  const struct req_field *f = req_get(r, "set");
  *set = VC_EC_OPTIMIZED;
  if (!f)
    return NULL;
  for (int i = 0; i < VC_EC_NSETS; i++)
    if (req_is(f, app_ec_sets[i])) {
      *set = (vc_ec_set)i;
      return NULL;
    }
  return req_bad(r, "set", NULL, NULL);
}

/* A hex field of exactly len bytes: a field element, a scalar or a point of the curve. Out of
 * line: op_ec reads a dozen. */
__attribute__((noinline)) static const char *get_exact(struct req *r, const char *key, uint8_t *out, size_t len, const char *what)
{
  char allowed[64];
  return req_hex_exact(r, key, out, len, str_fmt(allowed, sizeof(allowed), "%u bytes of hex (%s)", (unsigned)len, what));
}

static void json_counts(void)
{
  json_u64("mul", vc_gf2m_stats.mul);
  json_u64("sqr", vc_gf2m_stats.sqr);
  json_u64("inv", vc_gf2m_stats.inv);
}

/* An element with a bit at or above m. */
static const char *bad_element(struct req *r, const char *key, const vc_gf2m_field *f)
{
  char allowed[48];
  return req_bad(r, key, "a bit at or above m",
                 str_fmt(allowed, sizeof(allowed), "an element below 2^%u", (unsigned)f->m));
}

/* {"op":"gf2m","field":163|233,"fn":"mul|sqr|inv","alg":name,"set":name,"a","b"}: one field
 * operation by a named variant (mul: shiftadd|comb, sqr: self|spread|tab, inv:
 * euclid|almost|itoh) or, without "alg", by the set's dispatching form. */
static const char *op_gf2m(struct req *r)
{
  static const char *const algs[] = {"shiftadd", "comb", "self", "tab", "euclid", "almost", "itoh",
                                     "spread"};
  static const char fn_of[] = {'m', 'm', 's', 's', 'i', 'i', 'i', 's'};
  const struct req_field *fn = req_get(r, "fn"), *alg = req_get(r, "alg");
  const vc_gf2m_field *f;
  vc_gf2m a, b, z;
  uint8_t buf[32];
  vc_ec_set set = VC_EC_OPTIMIZED;
  const char *e;
  uint64_t cycles;
  uint32_t m;
  size_t i = 0;
  int rc = VC_OK;
  char op = req_is(fn, "mul") ? 'm' : req_is(fn, "sqr") ? 's' : req_is(fn, "inv") ? 'i' : 0;
  if ((e = req_uint(r, "field", 163, 163, 233, &m)))
    return e;
  if (m != 163 && m != 233)
    return req_bad(r, "field", NULL, NULL);
  f = m == 163 ? &vc_gf2m_163 : &vc_gf2m_233;
  if (!op)
    return req_bad(r, "fn", NULL, NULL);
  r->variant = op == 'm' ? "mul" : op == 's' ? "sqr" : "inv";
  if (alg) {
    for (i = 0; i < sizeof(algs) / sizeof(algs[0]) && !req_is(alg, algs[i]); i++)
      ;
    if (i == sizeof(algs) / sizeof(algs[0]) || fn_of[i] != op)
      return req_bad(r, "alg", NULL, NULL);
  } else if ((e = get_set(r, &set))) {
    return e;
  }
  size_t len = vc_gf2m_bytes(f);
  if ((e = get_exact(r, "a", buf, len, "a field element")))
    return e;
  if (vc_gf2m_from_bytes(f, a, buf, len))
    return bad_element(r, "a", f);
  if (op == 'm') {
    if ((e = get_exact(r, "b", buf, len, "a field element")))
      return e;
    if (vc_gf2m_from_bytes(f, b, buf, len))
      return bad_element(r, "b", f);
  }
  memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));
  REQ_PASSES {
    uint64_t t0 = plat_cycles();
    switch (alg ? (int)i : -1) {
    case 0: vc_gf2m_mul_shiftadd(f, z, a, b); break;
    case 1: vc_gf2m_mul_comb(f, z, a, b); break;
    case 2: vc_gf2m_mul_shiftadd(f, z, a, a); break;
    case 3: vc_gf2m_sqr_tab_var(f, z, a); break;
    case 4: rc = vc_gf2m_inv_euclid_var(f, z, a); break;
    case 5: rc = vc_gf2m_inv_almost_var(f, z, a); break;
    case 6: rc = vc_gf2m_inv_itoh(f, z, a); break;
    case 7: vc_gf2m_sqr_spread(f, z, a); break;
    default:
      if (op == 'm')
        vc_gf2m_mul(f, set, z, a, b);
      else if (op == 's')
        vc_gf2m_sqr(f, set, z, a);
      else
        rc = vc_gf2m_inv(f, set, z, a);
    }
    cycles = app_timed(plat_elapsed(t0, plat_cycles()));
  }
  if (rc == VC_ERR_NOINV)
    return req_bad(r, "a", vc_strerror(rc), "a nonzero element");
  if (rc)
    return req_code(r, rc);
  vc_gf2m_to_bytes(f, z, buf, len);
  json_ok("gf2m", cycles);
  json_bytes("r", buf, len);
  json_end();
  return NULL;
}

/* The curve operations. */
enum { EC_MUL, EC_ADD, EC_CHECK, EC_KEYGEN, EC_ECDH, EC_EMBED, EC_UNEMBED, EC_ENC, EC_DEC,
       EC_SIGN, EC_SIGN_K, EC_VERIFY, EC_NFNS };
static const char *const ec_fns[EC_NFNS] = {"mul", "add", "check", "keygen", "ecdh", "embed",
                                            "unembed", "encrypt", "decrypt", "sign", "sign_k",
                                            "verify"};

/* A scalar in [1, n-1]. */
static int scalar_ok(const vc_ec_curve *c, const uint8_t *k)
{
  size_t i = 0;
  while (i < c->nlen && !k[i])
    i++;
  return i < c->nlen && memcmp(k, c->order, c->nlen) < 0;
}

/* {"op":"ec","curve":name,"set":name,"fn":...}: see the parameter list in oracle_ec_ops. "set"
 * is the binary curves' (P-256 has one implementation) and applies where the call takes one:
 * not to check and unembed. */
static const char *op_ec(struct req *r)
{
  static uint8_t k[VC_EC_MAX_NLEN], p[VC_EC_MAX_POINT], q[VC_EC_MAX_POINT], o1[VC_EC_MAX_POINT],
      o2[VC_EC_MAX_POINT], dig[64];
  static vc_drbg rng;
  static char variant[24];
  const struct req_field *cf = req_get(r, "curve"), *fn = req_get(r, "fn");
  const vc_ec_curve *c = NULL;
  const vc_hash_class *h = NULL;
  vc_ec_set set = VC_EC_OPTIMIZED;
  const char *e = NULL, *bad = NULL;
  uint64_t cycles;
  long dlen = 0;
  size_t i;
  int rc;
  for (i = 0; cf && i < VC_EC_NCURVES && !c; i++)
    if (req_is(cf, vc_ec_curve_get((int)i)->name))
      c = vc_ec_curve_get((int)i);
  if (!c)
    return req_bad(r, "curve", NULL, NULL);
  for (i = 0; i < EC_NFNS && !req_is(fn, ec_fns[i]); i++)
    ;
  if (i == EC_NFNS)
    return req_bad(r, "fn", NULL, NULL);
  r->variant = str_fmt(variant, sizeof(variant), "%s %s", c->name, ec_fns[i]);
  int binary = c->id != VC_EC_P256;
  if (binary && i != EC_CHECK && i != EC_UNEMBED && (e = get_set(r, &set)))
    return e;
  size_t plen = vc_ec_point_len(c), nlen = c->nlen;
  /* Operands by operation: k (scalar: "k", "d" or "r"), p and q (points), the digest. */
  switch (i) {
  case EC_MUL:
    if ((e = get_exact(r, "k", k, nlen, "a scalar")) || (req_get(r, "p") && (e = get_exact(r, "p", p, plen, "a point"))))
      return e;
    break;
  case EC_ADD:
    if ((e = get_exact(r, "p", p, plen, "a point")) || (e = get_exact(r, "q", q, plen, "a point")))
      return e;
    break;
  case EC_CHECK: case EC_UNEMBED:
    if ((e = get_exact(r, "p", p, plen, "a point")))
      return e;
    break;
  case EC_KEYGEN:
    if ((e = req_rng(r, &rng)))
      return e;
    break;
  case EC_ECDH:
    if ((e = get_exact(r, "d", k, nlen, "a scalar")) || (e = get_exact(r, "q", q, plen, "a point")))
      return e;
    break;
  case EC_EMBED:
    if ((e = get_exact(r, "msg", p, vc_ec_msg_len(c), "the field element's length less 2")))
      return e;
    break;
  case EC_ENC:
    if ((e = get_exact(r, "q", q, plen, "a point")) || (e = get_exact(r, "m", p, plen, "a point")) ||
        (e = get_exact(r, "r", k, nlen, "a scalar")))
      return e;
    break;
  case EC_DEC:
    if ((e = get_exact(r, "d", k, nlen, "a scalar")) || (e = get_exact(r, "c1", p, plen, "a point")) ||
        (e = get_exact(r, "c2", q, plen, "a point")))
      return e;
    break;
  default:   /* the signatures */
    if (i == EC_SIGN) {
      char allowed[40];
      if ((e = req_hash(r, &h)) ||
          (e = req_hex_exact(r, "digest", dig, h->digest_len, str_fmt(allowed, sizeof(allowed), "%u bytes of hex (%s)",
                                                                      (unsigned)h->digest_len, h->name))))
        return e;
      dlen = (long)h->digest_len;
    } else if ((dlen = req_hex(r, "digest", dig, sizeof(dig), &e)) < 0) {
      return e;
    }
    if (i == EC_VERIFY) {
      if ((e = get_exact(r, "q", q, plen, "a point")) || (e = get_exact(r, "r", o1, nlen, "a scalar")) ||
          (e = get_exact(r, "s", o2, nlen, "a scalar")))
        return e;
    } else if ((e = get_exact(r, "d", k, nlen, "a scalar")) ||
               (i == EC_SIGN_K && (e = get_exact(r, "k", p, nlen, "a scalar")))) {
      return e;
    }
  }
  const uint8_t *pin = req_get(r, "p") ? p : NULL;
  REQ_PASSES {
    memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));     /* the answered pass's counts */
    unit_mark();
    switch (i) {
    case EC_MUL: TIMED(rc, vc_ec_mul(c, set, o1, k, nlen, pin, plen)); break;
    case EC_ADD: TIMED(rc, vc_ec_add(c, set, o1, p, q, plen)); break;
    case EC_CHECK: TIMED(rc, vc_ec_point_check(c, p, plen)); break;
    case EC_KEYGEN: TIMED(rc, vc_ec_keygen(c, set, &rng, k, o1)); break;
    case EC_ECDH: TIMED(rc, vc_ecdh(c, set, k, nlen, q, plen, o1)); break;
    case EC_EMBED: TIMED(rc, vc_ec_embed(c, set, p, vc_ec_msg_len(c), o1)); break;
    case EC_UNEMBED: TIMED(rc, vc_ec_unembed(c, p, plen, o1)); break;
    case EC_ENC: TIMED(rc, vc_ec_elgamal_encrypt(c, set, q, p, k, o1, o2)); break;
    case EC_DEC: TIMED(rc, vc_ec_elgamal_decrypt(c, set, k, p, q, o1)); break;
    case EC_SIGN: TIMED(rc, vc_ecdsa_sign(c, set, k, h, dig, o1, o2)); break;
    case EC_SIGN_K: TIMED(rc, vc_ecdsa_sign_k(c, set, k, dig, (size_t)dlen, p, o1, o2)); break;
    default: TIMED(rc, vc_ecdsa_verify(c, set, q, plen, dig, (size_t)dlen, o1, o2)); break;
    }
  }
  /* check and verify answer with a verdict; everything else fails with its error, named by
   * the field it comes from where one does: a scalar outside [1, n-1], a point that fails
   * the check (of two, the first that does; both valid: their result is infinity). */
  if (rc == VC_ERR_RANGE)
    bad = i == EC_MUL ? "k" : i == EC_ENC ? "r" : i == EC_SIGN_K && scalar_ok(c, k) ? "k" : "d";
  else if (rc == VC_ERR_POINT && i != EC_CHECK)
    bad = i == EC_MUL || i == EC_UNEMBED ? "p" : i == EC_ECDH || i == EC_VERIFY ? "q"
          : i == EC_ADD ? (vc_ec_point_check(c, p, plen) ? "p" : vc_ec_point_check(c, q, plen) ? "q" : NULL)
          : i == EC_ENC ? (vc_ec_point_check(c, q, plen) ? "q" : "m")
          : i == EC_DEC ? (vc_ec_point_check(c, p, plen) ? "c1" : "c2") : NULL;
  if (bad)
    return req_bad(r, bad, vc_strerror(rc), NULL);
  if (rc && !(i == EC_CHECK && rc == VC_ERR_POINT) && !(i == EC_VERIFY && rc == VC_ERR_VERIFY))
    return req_code(r, rc);
  json_ok("ec", cycles);
  if (binary)
    json_counts();
  json_unit(1);
  switch (i) {
  case EC_CHECK: case EC_VERIFY: json_bool("valid", rc == VC_OK); break;
  case EC_KEYGEN: json_bytes("d", k, nlen); json_bytes("q", o1, plen); break;
  case EC_ECDH: json_bytes("secret", o1, c->flen); break;
  case EC_UNEMBED: json_bytes("msg", o1, vc_ec_msg_len(c)); break;
  case EC_ENC: json_bytes("c1", o1, plen); json_bytes("c2", o2, plen); break;
  case EC_SIGN: case EC_SIGN_K: json_bytes("r", o1, nlen); json_bytes("s", o2, nlen); break;
  default: json_bytes("p", o1, plen);
  }
  json_end();
  return NULL;
}

#define EC_POINT "a point, hex"
#define EC_SCALAR "a scalar, hex"
const struct oracle_op oracle_ec_ops[] = {
  {"gf2m", APP_PARAMS("\"field\":\"163 or 233 (default 163)\",\"fn\":\"mul|sqr|inv\","
                      "\"alg\":\"shiftadd|comb|self|spread|tab|euclid|almost|itoh: 2 mul, 3 sqr, 3 inv (default: the set's)\","
                      "\"set\":\"basic|optimized|affine-table (without alg; default optimized)\","
                      "\"a\":\"hex: an element, 21 bytes (163) or 30 (233)\",\"b\":\"hex: an element (mul)\"", REQ_REPEAT_FIELD),
   "binary-field operation by a named algorithm or by the set's dispatching form", op_gf2m},
  {"ec", APP_PARAMS("\"curve\":\"B-163|K-163|B-233|K-233|P-256\","
                    "\"set\":\"basic|optimized|affine-table (binary curves; default optimized)\","
                    "\"fn\":\"mul|add|check|keygen|ecdh|embed|unembed|encrypt|decrypt|sign|sign_k|verify\","
                    "\"k\":\"" EC_SCALAR " (mul; sign_k: the nonce)\",\"d\":\"" EC_SCALAR ": the private key (ecdh, "
                    "decrypt, sign, sign_k)\",\"p\":\"" EC_POINT ", 04 || x || y (mul: default G; add, check, unembed)\","
                    "\"q\":\"" EC_POINT " (add, ecdh, encrypt, verify)\","
                    APP_SEED_FIELD("keygen; ") ",\"msg\":\"hex of the field's length less 2 (embed)\","
                    "\"m\":\"" EC_POINT " (encrypt)\",\"r\":\"" EC_SCALAR " (encrypt, verify)\","
                    "\"c1\":\"" EC_POINT " (decrypt)\",\"c2\":\"" EC_POINT " (decrypt)\","
                    "\"hash\":\"md2|md4|md5|sha1|sha256 (sign)\","
                    "\"digest\":\"hex, at most 64 bytes (sign: the hash's length; sign_k, verify)\","
                    "\"s\":\"" EC_SCALAR " (verify)\"", REQ_REPEAT_FIELD),
   "elliptic curves: scalar multiplication, validation, EC-DH, EC-ElGamal, ECDSA", op_ec},
};
const size_t oracle_ec_nops = sizeof(oracle_ec_ops) / sizeof(oracle_ec_ops[0]);
