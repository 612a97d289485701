/* Oracle operations on the binary fields and the elliptic curves. Field elements, scalars and
 * points travel as big-endian hex strings of their exact encoded length (ec.h); answers carry
 * the cycles and the field operations the call made ("mul", "sqr", "inv": the dispatching
 * forms' counts, binary curves only). */
#include <string.h>

#include "app.h"
#include "vexcrypt/ec.h"

static const char *get_set(const struct req *r, vc_ec_set *set)
{
  const struct req_field *f = req_get(r, "set");
  *set = VC_EC_OPTIMIZED;
  if (!f || req_is(f, "optimized"))
    return NULL;
  if (req_is(f, "basic")) {
    *set = VC_EC_BASIC;
    return NULL;
  }
  return "\"set\" must be \"basic\" or \"optimized\"";
}

/* A hex field of exactly len bytes. */
static const char *get_exact(const struct req *r, const char *key, uint8_t *out, size_t len)
{
  const char *err;
  if (req_hex(r, key, out, len, &err) == (long)len)
    return NULL;
  return req_key_error("\"", key, "\": hex of the exact encoded length");
}

static void json_counts(void)
{
  json_u64("mul", vc_gf2m_stats.mul);
  json_u64("sqr", vc_gf2m_stats.sqr);
  json_u64("inv", vc_gf2m_stats.inv);
}

/* {"op":"gf2m","field":163|233,"fn":"mul|sqr|inv","alg":name,"set":name,"a","b"}: one field
 * operation by a named variant (mul: shiftadd|comb, sqr: self|spread|tab, inv:
 * euclid|almost|itoh)
 * or, without "alg", by the set's dispatching form. */
static const char *op_gf2m(const struct req *r)
{
  static const char *const algs[] = {"shiftadd", "comb", "self", "tab", "euclid", "almost", "itoh",
                                     "spread"};
  static const char fn_of[] = {'m', 'm', 's', 's', 'i', 'i', 'i', 's'};
  const struct req_field *fn = req_get(r, "fn"), *alg = req_get(r, "alg");
  const vc_gf2m_field *f;
  vc_gf2m a, b, z;
  uint8_t buf[32];
  vc_ec_set set;
  const char *e;
  uint64_t cycles;
  uint32_t m;
  size_t i = 0;
  int rc = VC_OK;
  char op = req_is(fn, "mul") ? 'm' : req_is(fn, "sqr") ? 's' : req_is(fn, "inv") ? 'i' : 0;
  if (req_u32(r, "field", 163, &m) || (m != 163 && m != 233))
    return "\"field\" must be 163 or 233";
  f = m == 163 ? &vc_gf2m_163 : &vc_gf2m_233;
  if (!op)
    return "\"fn\" must be mul, sqr or inv";
  if ((e = get_set(r, &set)))
    return e;
  if (alg) {
    for (i = 0; i < sizeof(algs) / sizeof(algs[0]) && !req_is(alg, algs[i]); i++)
      ;
    if (i == sizeof(algs) / sizeof(algs[0]) || fn_of[i] != op)
      return "\"alg\" must be shiftadd|comb (mul), self|spread|tab (sqr), euclid|almost|itoh (inv)";
  }
  size_t len = vc_gf2m_bytes(f);
  if ((e = get_exact(r, "a", buf, len)))
    return e;
  if (vc_gf2m_from_bytes(f, a, buf, len))
    return "\"a\" has a bit at or above m";
  if (op == 'm') {
    if ((e = get_exact(r, "b", buf, len)))
      return e;
    if (vc_gf2m_from_bytes(f, b, buf, len))
      return "\"b\" has a bit at or above m";
  }
  memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));
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
  cycles = plat_elapsed(t0, plat_cycles());
  if (rc)
    return vc_strerror(rc);
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

/* {"op":"ec","curve":name,"set":name,"fn":...}: see the parameter list in oracle_ec_ops. */
static const char *op_ec(const struct req *r)
{
  static uint8_t k[VC_EC_MAX_NLEN], p[VC_EC_MAX_POINT], q[VC_EC_MAX_POINT], o1[VC_EC_MAX_POINT],
      o2[VC_EC_MAX_POINT], dig[64];
  static vc_drbg rng;
  const struct req_field *cf = req_get(r, "curve"), *fn = req_get(r, "fn");
  const vc_ec_curve *c = NULL;
  const vc_hash_class *h = NULL;
  vc_ec_set set;
  const char *e = NULL;
  uint64_t cycles;
  long dlen = 0;
  size_t i;
  int rc;
  for (i = 0; cf && i < VC_EC_NCURVES && !c; i++)
    if (req_is(cf, vc_ec_curve_get((int)i)->name))
      c = vc_ec_curve_get((int)i);
  if (!c)
    return "\"curve\" must be B-163, K-163, B-233, K-233 or P-256";
  for (i = 0; i < EC_NFNS && !req_is(fn, ec_fns[i]); i++)
    ;
  if (i == EC_NFNS)
    return "\"fn\" must be mul|add|check|keygen|ecdh|embed|unembed|encrypt|decrypt|sign|sign_k|verify";
  if ((e = get_set(r, &set)))
    return e;
  size_t plen = vc_ec_point_len(c), nlen = c->nlen;
  /* Operands by operation: k (scalar: "k", "d" or "r"), p and q (points), the digest. */
  switch (i) {
  case EC_MUL:
    if ((e = get_exact(r, "k", k, nlen)) || (req_get(r, "p") && (e = get_exact(r, "p", p, plen))))
      return e;
    break;
  case EC_ADD:
    if ((e = get_exact(r, "p", p, plen)) || (e = get_exact(r, "q", q, plen)))
      return e;
    break;
  case EC_CHECK: case EC_UNEMBED:
    if ((e = get_exact(r, "p", p, plen)))
      return e;
    break;
  case EC_KEYGEN:
    if ((e = req_rng(r, &rng)))
      return e;
    break;
  case EC_ECDH:
    if ((e = get_exact(r, "d", k, nlen)) || (e = get_exact(r, "q", q, plen)))
      return e;
    break;
  case EC_EMBED:
    if ((e = get_exact(r, "msg", p, vc_ec_msg_len(c))))
      return e;
    break;
  case EC_ENC:
    if ((e = get_exact(r, "q", q, plen)) || (e = get_exact(r, "m", p, plen)) ||
        (e = get_exact(r, "r", k, nlen)))
      return e;
    break;
  case EC_DEC:
    if ((e = get_exact(r, "d", k, nlen)) || (e = get_exact(r, "c1", p, plen)) ||
        (e = get_exact(r, "c2", q, plen)))
      return e;
    break;
  default:   /* the signatures */
    if (i == EC_SIGN && !(h = req_hash(r)))
      return "\"hash\" must name a hash (sha1, sha256, ...)";
    if ((dlen = req_hex(r, "digest", dig, sizeof(dig), &e)) < 0 ||
        (h && dlen != (long)h->digest_len))
      return "\"digest\": hex, the hash's length (at most 64 bytes)";
    if (i == EC_VERIFY) {
      if ((e = get_exact(r, "q", q, plen)) || (e = get_exact(r, "r", o1, nlen)) ||
          (e = get_exact(r, "s", o2, nlen)))
        return e;
    } else if ((e = get_exact(r, "d", k, nlen)) ||
               (i == EC_SIGN_K && (e = get_exact(r, "k", p, nlen)))) {
      return e;
    }
  }
  memset(&vc_gf2m_stats, 0, sizeof(vc_gf2m_stats));
  switch (i) {
  case EC_MUL: TIMED(rc, vc_ec_mul(c, set, o1, k, nlen, req_get(r, "p") ? p : NULL, plen)); break;
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
  /* check and verify answer with a verdict; everything else fails with its error. */
  if (rc && !(i == EC_CHECK && rc == VC_ERR_POINT) && !(i == EC_VERIFY && rc == VC_ERR_VERIFY))
    return vc_strerror(rc);
  json_ok("ec", cycles);
  json_counts();
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

const struct oracle_op oracle_ec_ops[] = {
  {"gf2m", "{\"field\":\"163|233\",\"fn\":\"mul|sqr|inv\",\"alg\":\"shiftadd|comb|self|spread|tab|euclid|almost|itoh\",\"set\":\"basic|optimized\",\"a\":\"hex\",\"b\":\"hex\"}",
   "binary-field operation by a named algorithm or by the set's dispatching form", op_gf2m},
  {"ec", "{\"curve\":\"B-163|K-163|B-233|K-233|P-256\",\"set\":\"basic|optimized\",\"fn\":\"mul|add|check|keygen|ecdh|embed|unembed|encrypt|decrypt|sign|sign_k|verify\",\"k\":\"hex\",\"d\":\"hex\",\"p\":\"hex point\",\"q\":\"hex point\",\"seed\":\"hex\",\"msg\":\"hex\",\"m\":\"hex point\",\"r\":\"hex\",\"c1\":\"hex\",\"c2\":\"hex\",\"hash\":\"name\",\"digest\":\"hex\",\"s\":\"hex\"}",
   "elliptic curves: scalar multiplication, validation, EC-DH, EC-ElGamal, ECDSA", op_ec},
};
const size_t oracle_ec_nops = sizeof(oracle_ec_ops) / sizeof(oracle_ec_ops[0]);
