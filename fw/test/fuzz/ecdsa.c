/* ECDSA verification on every curve, in both algorithm sets (ec.h), two ways the input picks:
 *  - the first CAVP key pair of the curve (kat.h), a digest of any length and a nonce from the
 *    input, the signature XOR an input difference: it verifies exactly when undisturbed or
 *    when it is (r, n - s), the other valid signature for that nonce;
 *  - a public key, digest and signature all from the input: the verdict follows the key's
 *    validation (vc_ec_point_check) and both sets give the same one. */
#include <string.h>

#include "fuzz.h"
#include "kat.h"
#include "vexcrypt/ec.h"

/* A scalar field: nlen bytes, the input's right-aligned, XORed into s. */
static void scalar(struct fz *f, const vc_ec_curve *c, uint8_t *s)
{
  const uint8_t *p;
  size_t len = fz_field(f, &p, c->nlen);
  for (size_t i = 0; i < len; i++)
    s[c->nlen - len + i] ^= p[i];
}

static void check_known_key(struct fz *f, const vc_ec_curve *c, const uint8_t *digest, size_t dlen)
{
  const struct kat_ec_key *key = NULL;
  uint8_t k[VC_EC_MAX_NLEN] = {0}, r0[VC_EC_MAX_NLEN], s0[VC_EC_MAX_NLEN], r[VC_EC_MAX_NLEN], s[VC_EC_MAX_NLEN];
  vc_mp n, neg;
  for (int i = 0; i < KAT_EC_KEY_N && !key; i++)
    if (!strcmp(kat_ec_key[i].curve, c->name))
      key = &kat_ec_key[i];
  FZ_CHECK(key);
  scalar(f, c, k);
  int rc = vc_ecdsa_sign_k(c, VC_EC_BASIC, key->d, digest, dlen, k, r0, s0);
  if (rc)
    return;    /* k outside [1, n-1] or giving r or s = 0: the signing fuzz's business */
  memcpy(r, r0, c->nlen);
  memcpy(s, s0, c->nlen);
  scalar(f, c, r);
  scalar(f, c, s);
  FZ_CHECK(vc_mp_from_bytes(&n, c->order, c->nlen) == VC_OK);
  FZ_CHECK(vc_mp_from_bytes(&neg, s0, c->nlen) == VC_OK && vc_mp_sub_var(&neg, &n, &neg) == VC_OK);
  uint8_t negb[VC_EC_MAX_NLEN];
  FZ_CHECK(vc_mp_to_bytes(&neg, negb, c->nlen) == VC_OK);
  int good = !memcmp(r, r0, c->nlen) && (!memcmp(s, s0, c->nlen) || !memcmp(s, negb, c->nlen));
  for (int set = VC_EC_BASIC; set < VC_EC_NSETS; set++)
    FZ_CHECK(vc_ecdsa_verify(c, (vc_ec_set)set, key->q, vc_ec_point_len(c), digest, dlen, r, s) ==
             (good ? VC_OK : VC_ERR_VERIFY));
}

static void check_any_key(struct fz *f, const vc_ec_curve *c, const uint8_t *digest, size_t dlen)
{
  uint8_t r[VC_EC_MAX_NLEN] = {0}, s[VC_EC_MAX_NLEN] = {0};
  const uint8_t *pub;
  size_t publen = fz_field(f, &pub, VC_EC_MAX_POINT + 1);
  scalar(f, c, r);
  scalar(f, c, s);
  int valid = vc_ec_point_check(c, pub, publen);
  int basic = vc_ecdsa_verify(c, VC_EC_BASIC, pub, publen, digest, dlen, r, s);
  for (int set = VC_EC_BASIC + 1; set < VC_EC_NSETS; set++)
    FZ_CHECK(vc_ecdsa_verify(c, (vc_ec_set)set, pub, publen, digest, dlen, r, s) == basic);
  FZ_CHECK(valid ? basic == valid : basic == VC_OK || basic == VC_ERR_VERIFY);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  const vc_ec_curve *c = vc_ec_curve_get((int)(fz_u8(&f) % VC_EC_NCURVES));
  unsigned mode = fz_u8(&f);
  uint8_t digest[64] = {0};
  const uint8_t *p;
  size_t dlen = fz_field(&f, &p, sizeof(digest));
  memcpy(digest, p, dlen);
  FZ_CHECK(c);
  if (mode & 1)
    check_any_key(&f, c, digest, dlen);
  else
    check_known_key(&f, c, digest, dlen);
  return 0;
}
