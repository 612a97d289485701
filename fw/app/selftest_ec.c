/* Known-answer self-tests of the binary fields and the elliptic curves (tables from kat.h):
 * the field variants against each other (the basic set is the optimized set's reference, as a
 * CFU's software path is its hardware path's), a CAVP key pair per curve, a CAVP ECDSA signature
 * per curve made with its nonce and verified, a CAVP failure rejected, EC-DH agreement and an
 * EC-ElGamal round trip on B-163. The optimized set runs every curve; the basic set (12-15x
 * slower per scalar multiplication: 43 M cycles on B-163) one key pair. Simulation time
 * decides the selection; the host tests run every vector in both sets, the oracle tests random
 * inputs on every curve.
 *
 * The quick self-test (quick != 0, about 6 M cycles) keeps one field-variant comparison per
 * field and the key pairs of B-163 and P-256 in the optimized set: the scalar multiplication
 * of a binary curve and of P-256. ECDSA, EC-DH and EC-ElGamal (2-11 M cycles each, the same
 * field and point code again) run in the full one only. */
#include <string.h>

#include "app.h"
#include "kat.h"
#include "prims.h"
#include "vexcrypt/ec.h"

/* The field operations of both sets on inputs drawn from a DRBG: mul, sqr and inv must agree
 * (each inverse also checked by a*inv(a) = 1). Quick: one comparison per field; GF(2^233)'s
 * inputs are then the DRBG's next draws, not those of the full test's first GF(2^233)
 * comparison (reaching those means drawing the 14 pairs between: 2.3 M cycles). */
static void selftest_gf2m(int quick, struct tally *t)
{
  static const vc_gf2m_field *const fields[] = {&vc_gf2m_163, &vc_gf2m_233};
  struct check c = {"gf2m", 0, 0, NULL};
  uint8_t buf[32];
  vc_drbg rng;
  vc_gf2m a, b, r0, r1, one = {1};
  vc_drbg_init(&rng, (const uint8_t *)"vexcrypt/selftest/gf2m", 22);
  for (size_t i = 0; i < 2; i++) {
    const vc_gf2m_field *f = fields[i];
    size_t len = vc_gf2m_bytes(f);
    for (int j = 0; j < (quick ? 1 : 8); j++) {
      int ok = 1;
      for (int k = 0; k < 2; k++) {
        vc_drbg_generate(&rng, buf, len);
        buf[0] &= (uint8_t)(0xFF >> (8 * len - f->m));
        ok &= vc_gf2m_from_bytes(f, k ? b : a, buf, len) == VC_OK;
      }
      vc_gf2m_mul_shiftadd(f, r0, a, b);
      vc_gf2m_mul_comb(f, r1, a, b);
      ok &= vc_gf2m_equal(f, r0, r1);
      vc_gf2m_mul_shiftadd(f, r0, a, a);
      vc_gf2m_sqr_spread(f, r1, a);
      ok &= vc_gf2m_equal(f, r0, r1);
      vc_gf2m_sqr_tab_var(f, r1, a);
      ok &= vc_gf2m_equal(f, r0, r1);
      ok &= vc_gf2m_inv_euclid_var(f, r0, a) == VC_OK && vc_gf2m_inv_itoh(f, r1, a) == VC_OK &&
            vc_gf2m_equal(f, r0, r1) && vc_gf2m_inv_almost_var(f, r1, a) == VC_OK &&
            vc_gf2m_equal(f, r0, r1);
      vc_gf2m_mul_comb(f, r1, a, r0);
      ok &= vc_gf2m_equal(f, r1, one);
      check_result(&c, ok, f->m == 163 ? "GF(2^163) variants" : "GF(2^233) variants");
    }
  }
  check_report(&c, t);
}

static const vc_ec_curve *curve_of(const char *name)
{
  return vc_ec_curve_by_name(name);
}

/* The curve EC-DH, EC-ElGamal and the CAVP failure run on (the protocol code is the same for
 * every curve; the oracle tests run them on P-256 too). */
static int protocol_curve(const char *curve)
{
  return !strcmp(curve, "B-163");
}

static void selftest_ec_keys(int quick, struct tally *t)
{
  struct check c = {"ec_keypair", 0, 0, NULL};
  uint8_t q[VC_EC_MAX_POINT];
  for (size_t i = 0; i < KAT_EC_KEY_N; i += 2) {    /* the first of each curve's pair */
    const struct kat_ec_key *k = &kat_ec_key[i];
    const vc_ec_curve *cv = curve_of(k->curve);
    int sets = i == 0 && !quick ? VC_EC_NSETS : 1;  /* B-163's in every set */
    if (quick && i != 0 && strcmp(k->curve, "P-256"))
      continue;
    for (int s = 0; s < sets; s++) {
      vc_ec_set set = (vc_ec_set)((VC_EC_OPTIMIZED + s) % VC_EC_NSETS);   /* optimized first */
      int ok = cv && vc_ec_mul(cv, set, q, k->d, cv->nlen, NULL, 0) == VC_OK &&
               !memcmp(q, k->q, vc_ec_point_len(cv)) &&
               vc_ec_point_check(cv, k->q, vc_ec_point_len(cv)) == VC_OK;
      check_result(&c, ok, k->label);
    }
  }
  check_report(&c, t);
}

/* SigGen vectors: signed with their k (r, s as given) and verified; the SigVer failure of the
 * protocol curve rejected. */
static void selftest_ecdsa(struct tally *t)
{
  struct check c = {"ecdsa", 0, 0, NULL};
  uint8_t dig[32], r[VC_EC_MAX_NLEN], s[VC_EC_MAX_NLEN];
  for (size_t i = 0; i < KAT_EC_SIG_N; i++) {
    const struct kat_ec_sig *k = &kat_ec_sig[i];
    const vc_ec_curve *cv = curve_of(k->curve);
    const vc_hash_class *h = app_find_hash(k->hash, strlen(k->hash));
    if (!k->d && !protocol_curve(k->curve))
      continue;
    if (!cv || !h || h->oneshot(k->msg, k->msglen, dig)) {
      check_result(&c, 0, k->label);
      continue;
    }
    size_t nl = cv->nlen, pl = vc_ec_point_len(cv);
    if (!k->d) {
      check_result(&c, vc_ecdsa_verify(cv, VC_EC_OPTIMIZED, k->q, pl, dig, h->digest_len, k->r,
                                       k->s) == VC_ERR_VERIFY, k->label);
      continue;
    }
    int ok = vc_ecdsa_sign_k(cv, VC_EC_OPTIMIZED, k->d, dig, h->digest_len, k->k, r, s) == VC_OK &&
             !memcmp(r, k->r, nl) && !memcmp(s, k->s, nl) &&
             vc_ecdsa_verify(cv, VC_EC_OPTIMIZED, k->q, pl, dig, h->digest_len, r, s) == VC_OK;
    check_result(&c, ok, k->label);
  }
  check_report(&c, t);
}

/* EC-DH between the two CAVP key pairs of a protocol curve (both directions agree), and an
 * EC-ElGamal round trip to the first pair's key. */
static void selftest_ecdh_elgamal(struct tally *t)
{
  struct check c = {"ecdh_elgamal", 0, 0, NULL};
  uint8_t z1[VC_EC_MAX_FLEN], z2[VC_EC_MAX_FLEN], m[VC_EC_MAX_POINT], c1[VC_EC_MAX_POINT],
      c2[VC_EC_MAX_POINT], back[VC_EC_MAX_POINT], msg[VC_EC_MAX_FLEN];
  for (size_t i = 0; i + 1 < KAT_EC_KEY_N; i += 2) {
    const struct kat_ec_key *a = &kat_ec_key[i], *b = &kat_ec_key[i + 1];
    const vc_ec_curve *cv = curve_of(a->curve);
    if (!protocol_curve(a->curve))
      continue;
    if (!cv || strcmp(a->curve, b->curve)) {
      check_result(&c, 0, a->label);
      continue;
    }
    size_t pl = vc_ec_point_len(cv), ml = vc_ec_msg_len(cv);
    int ok = vc_ecdh(cv, VC_EC_OPTIMIZED, a->d, cv->nlen, b->q, pl, z1) == VC_OK &&
             vc_ecdh(cv, VC_EC_OPTIMIZED, b->d, cv->nlen, a->q, pl, z2) == VC_OK &&
             !memcmp(z1, z2, cv->flen);
    check_result(&c, ok, a->label);
    bench_fill(msg, ml);
    ok = vc_ec_embed(cv, VC_EC_OPTIMIZED, msg, ml, m) == VC_OK &&
         vc_ec_elgamal_encrypt(cv, VC_EC_OPTIMIZED, a->q, m, b->d, c1, c2) == VC_OK &&
         vc_ec_elgamal_decrypt(cv, VC_EC_OPTIMIZED, a->d, c1, c2, back) == VC_OK &&
         !memcmp(back, m, pl) && vc_ec_unembed(cv, back, pl, z1) == VC_OK && !memcmp(z1, msg, ml);
    check_result(&c, ok, b->label);
  }
  check_report(&c, t);
}

void selftest_ec(int quick, struct tally *t)
{
  selftest_gf2m(quick, t);
  selftest_ec_keys(quick, t);
  if (quick)
    return;
  selftest_ecdsa(t);
  selftest_ecdh_elgamal(t);
}
