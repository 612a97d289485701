/* DSA verification with the CAVP keys the firmware carries (kat.h): signatures are the
 * RFC 6979 one for the input's digest XOR a difference the input chooses, so the fuzzer works
 * on near misses; vc_dsa_verify must accept exactly the undisturbed signature (any other valid
 * one needs another nonce, which only the private key gives) and call values outside
 * [1, q-1] VC_ERR_VERIFY. */
#include <string.h>

#include "fuzz.h"
#include "kat.h"
#include "vexcrypt/hash.h"
#include "vexcrypt/pk.h"

static vc_dsa_params dp[KAT_DSA_N];
static vc_mp x[KAT_DSA_N], y[KAT_DSA_N];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc, (void)argv;
  for (int i = 0; i < KAT_DSA_N; i++) {
    const struct kat_dsa *k = &kat_dsa[i];
    FZ_CHECK(vc_mp_from_bytes(&dp[i].p, k->p, k->plen) == VC_OK &&
             vc_mp_from_bytes(&dp[i].q, k->q, k->qlen) == VC_OK &&
             vc_mp_from_bytes(&dp[i].g, k->g, k->plen) == VC_OK &&
             vc_mp_from_bytes(&x[i], k->x, k->qlen) == VC_OK &&
             vc_mp_from_bytes(&y[i], k->y, k->plen) == VC_OK);
  }
  return 0;
}

/* v XOR the field's bytes (right-aligned; up to qlen + 1 bytes, so values past q too). */
static void disturb(struct fz *f, vc_mp *v, size_t qlen)
{
  uint8_t b[64] = {0};
  const uint8_t *p;
  size_t len = fz_field(f, &p, qlen + 1);
  FZ_CHECK(vc_mp_to_bytes(v, b, qlen + 1) == VC_OK);
  for (size_t i = 0; i < len; i++)
    b[qlen + 1 - len + i] ^= p[i];
  FZ_CHECK(vc_mp_from_bytes(v, b, qlen + 1) == VC_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  unsigned i = fz_u8(&f) % KAT_DSA_N;
  const vc_hash_class *h = fz_u8(&f) & 1 ? &vc_sha256_class : &vc_sha1_class;
  uint8_t digest[32] = {0};
  const uint8_t *p;
  vc_mp r, s, r0, s0;
  size_t len = fz_field(&f, &p, h->digest_len);
  memcpy(digest, p, len);
  FZ_CHECK(vc_dsa_sign(&dp[i], &x[i], h, digest, &r0, &s0, NULL) == VC_OK);
  FZ_CHECK(vc_dsa_verify(&dp[i], &y[i], h, digest, &r0, &s0, NULL) == VC_OK);
  r = r0;
  s = s0;
  disturb(&f, &r, kat_dsa[i].qlen);
  disturb(&f, &s, kat_dsa[i].qlen);
  int same = !vc_mp_cmp_var(&r, &r0) && !vc_mp_cmp_var(&s, &s0);
  FZ_CHECK(vc_dsa_verify(&dp[i], &y[i], h, digest, &r, &s, NULL) == (same ? VC_OK : VC_ERR_VERIFY));
  return 0;
}
