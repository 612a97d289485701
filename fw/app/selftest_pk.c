/* Known-answer self-tests of the multiprecision library and public key (tables from kat.h):
 * exponentiation on every modular-multiplication algorithm and exponentiation method, CAVP
 * RSA PKCS#1 v1.5 signatures (signed and verified, a tampered one rejected), CAVP DSA
 * verification (passes and failures), DSA with RFC 6979 nonces, RFC 5114 Diffie-Hellman.
 * Sizes stay at or below 1024 bits where a private operation runs (simulation time).
 *
 * The quick self-test (quick != 0) keeps one check of each (11.5 M cycles in all, nearly
 * all of it the two 1024-bit exponentiations of DH and DSA): the first exponentiation vector
 * (64-bit) on every design-space point, the first RSA vector verified, the RFC 6979 DSA vector
 * signed (r, s compared; verifying it is 10 M cycles more), the RFC 5114 DH vector. */
#include <string.h>

#include "app.h"
#include "kat.h"
#include "prims.h"
#include "vexcrypt/pk.h"

static vc_mp A, B, C, D, R;
static vc_mont ctx;

/* The design-space points the exponentiation vectors run on, by the variable-time method named
 * and by the constant-time fixed window (vc_mp_modexp, its width from the point's window). */
static const vc_mp_cfg st_points[] = {
  {VC_MM_ALGO1, 32, 0, VC_EXP_WINDOW, 4, 1},
  {VC_MM_ALGO2, 32, 1, VC_EXP_WINDOW, 5, 1},
  {VC_MM_ALGO2, 8, 0, VC_EXP_LR, 1, 1},
  {VC_MM_ALGO2, 5, 1, VC_EXP_RL, 1, 1},
  {VC_MM_ALGO3, 32, 0, VC_EXP_LADDER, 1, 1},
  {VC_MM_ALGO3, 7, 0, VC_EXP_WINDOW, 3, 1},
  {VC_MM_ALGO4, 32, 1, VC_EXP_WINDOW, 6, 1},
  {VC_MM_ALGO5, 1, 0, VC_EXP_WINDOW, 2, 1},
};

static void selftest_modexp(int quick, struct tally *t)
{
  struct check c = {"modexp", 0, 0, NULL};
  for (size_t i = 0; i < KAT_MODEXP_N; i++) {
    const struct kat_modexp *k = &kat_modexp[i];
    int full = k->elen > 3;     /* full-length exponents: the fast points only */
    if (quick && i > 0)
      break;
    for (size_t j = 0; j < sizeof(st_points) / sizeof(st_points[0]); j++) {
      const vc_mp_cfg *p = &st_points[j];
      if (full && (p->algo == VC_MM_ALGO5 || p->algo == VC_MM_ALGO1 || p->radix_bits < 8))
        continue;
      int rc = vc_mp_from_bytes(&A, k->a, k->alen) | vc_mp_from_bytes(&B, k->e, k->elen) |
               vc_mp_from_bytes(&C, k->m, k->mlen) | vc_mp_from_bytes(&D, k->out, k->mlen);
      rc |= vc_mont_init_var(&ctx, &C, p, NULL, NULL) | vc_mp_modexp_var(&ctx, &R, &A, &B);
      check_result(&c, !rc && vc_mp_cmp_var(&R, &D) == 0, k->label);
      if (quick && j != 1)
        continue;                   /* quick: the constant-time form on ALGO2 alone (make sim's budget) */
      rc = vc_mp_modexp(&ctx, &R, &A, &B, vc_mp_bits(&B));
      check_result(&c, !rc && vc_mp_cmp_var(&R, &D) == 0, k->label);
    }
  }
  check_report(&c, t);
}

static vc_rsa_priv rsa;
static vc_rsa_pub pub;
static uint8_t sig[VC_MP_MAX_BITS / 8], md[32];

/* Signing vectors are signed with both CRT conversions and verified; verify-only vectors are
 * verified, and rejected after a one-bit change. */
static void selftest_rsa(int quick, struct tally *t)
{
  struct check c = {"rsa", 0, 0, NULL};
  for (size_t i = 0; i < KAT_RSA_SIG_N; i++) {
    const struct kat_rsa_sig *k = &kat_rsa_sig[i];
    const vc_hash_class *h = app_find_hash(k->hash, strlen(k->hash));
    memset(&rsa, 0, sizeof(rsa));
    int rc = vc_mp_from_bytes(&rsa.n, k->n, k->len) | vc_mp_from_bytes(&rsa.e, k->e, k->elen);
    rc |= h->oneshot(k->msg, k->msglen, md);
    vc_rsa_pub_from_priv(&pub, &rsa);
    if (k->d && !quick) {
      rc |= vc_mp_from_bytes(&rsa.d, k->d, k->len) | vc_mp_from_bytes(&rsa.p, k->p, k->len / 2) |
            vc_mp_from_bytes(&rsa.q, k->q, k->len / 2) | vc_rsa_priv_complete(&rsa);
      for (int crt = VC_RSA_MRC; crt <= VC_RSA_SRC; crt++) {   /* no-CRT: host and oracle tests */
        int r = vc_rsa_pkcs1_sign(&rsa, h, md, sig, k->len, crt, NULL);
        check_result(&c, !rc && !r && !memcmp(sig, k->sig, k->len), k->label);
      }
    }
    memcpy(sig, k->sig, k->len);
    check_result(&c, !rc && vc_rsa_pkcs1_verify(&pub, h, md, sig, k->len, NULL) == VC_OK, k->label);
    if (quick)
      break;
    sig[k->len / 2] ^= 0x10;
    check_result(&c, vc_rsa_pkcs1_verify(&pub, h, md, sig, k->len, NULL) == VC_ERR_VERIFY, k->label);
  }
  check_report(&c, t);
}

static vc_dsa_params dsa;

static void selftest_dsa(int quick, struct tally *t)
{
  struct check c = {"dsa", 0, 0, NULL};
  for (size_t i = 0; i < (quick ? 0 : KAT_DSA_VER_N); i++) {
    const struct kat_dsa_ver *k = &kat_dsa_ver[i];
    const vc_hash_class *h = app_find_hash(k->hash, strlen(k->hash));
    int rc = vc_mp_from_bytes(&dsa.p, k->p, k->plen) | vc_mp_from_bytes(&dsa.q, k->q, k->qlen) |
             vc_mp_from_bytes(&dsa.g, k->g, k->plen) | vc_mp_from_bytes(&A, k->y, k->plen) |
             vc_mp_from_bytes(&B, k->r, k->qlen) | vc_mp_from_bytes(&C, k->s, k->qlen);
    rc |= h->oneshot(k->msg, k->msglen, md);
    int v = vc_dsa_verify(&dsa, &A, h, md, &B, &C, NULL);
    check_result(&c, !rc && v == (k->valid ? VC_OK : VC_ERR_VERIFY), k->label);
  }
  for (size_t i = 0; i < KAT_DSA_SIGN_N; i++) {
    const struct kat_dsa_sign *k = &kat_dsa_sign[i];
    const struct kat_dsa *key = NULL;
    for (size_t j = 0; j < KAT_DSA_N; j++)
      if (!strcmp(kat_dsa[j].name, k->key))
        key = &kat_dsa[j];
    const vc_hash_class *h = app_find_hash(k->hash, strlen(k->hash));
    int rc = vc_mp_from_bytes(&dsa.p, key->p, key->plen) | vc_mp_from_bytes(&dsa.q, key->q, key->qlen) |
             vc_mp_from_bytes(&dsa.g, key->g, key->plen) | vc_mp_from_bytes(&A, key->x, key->qlen) |
             vc_mp_from_bytes(&D, key->y, key->plen);
    rc |= h->oneshot(k->msg, k->msglen, md);
    rc |= vc_dsa_sign(&dsa, &A, h, md, &B, &C, NULL);
    int ok = !rc && vc_mp_to_bytes(&B, sig, k->qlen) == VC_OK && !memcmp(sig, k->r, k->qlen) &&
             vc_mp_to_bytes(&C, sig, k->qlen) == VC_OK && !memcmp(sig, k->s, k->qlen);
    check_result(&c, ok && (quick || vc_dsa_verify(&dsa, &D, h, md, &B, &C, NULL) == VC_OK), k->label);
  }
  check_report(&c, t);
}

static void selftest_dh(struct tally *t)
{
  struct check c = {"dh", 0, 0, NULL};
  for (size_t i = 0; i < KAT_DH_N; i++) {
    const struct kat_dh *k = &kat_dh[i];
    int rc = vc_mp_from_bytes(&A, k->p, k->plen) | vc_mp_from_bytes(&B, k->x, k->xlen) |
             vc_mp_from_bytes(&C, k->peer, k->plen) | vc_mp_from_bytes(&D, k->z, k->plen);
    /* The exponent's encoded length is its public bound (RFC 5114's are the subgroup order's). */
    rc |= vc_dh_shared(&A, &B, k->xlen < k->plen ? 8 * k->xlen : 0, &C, &R, NULL);
    check_result(&c, !rc && vc_mp_cmp_var(&R, &D) == 0, k->label);
  }
  check_report(&c, t);
}

void selftest_pk(int quick, struct tally *t)
{
  selftest_modexp(quick, t);
  selftest_rsa(quick, t);
  selftest_dsa(quick, t);
  selftest_dh(t);
}
