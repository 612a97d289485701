/* RSA PKCS#1 v1.5 decoding with a fixed 512-bit key, on encoded blocks EM the input chooses:
 * a signature made by raising EM to d must verify exactly when it is the signature
 * vc_rsa_pkcs1_sign gives for the digest (RSA is a permutation: EM is then the one valid
 * encoding), and a ciphertext made by raising EM to e must decrypt as a byte-by-byte reading of
 * RFC 8017 7.2.2 says. The input also picks the hash, the CRT mode, the output capacity and
 * lengths other than the modulus's. */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/hash.h"
#include "vexcrypt/pk.h"

#define K 64    /* modulus bytes */

static vc_rsa_priv key;
static vc_rsa_pub pub;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  static const uint8_t seed[] = "vexcrypt/fuzz/rsa";
  vc_drbg rng;
  (void)argc, (void)argv;
  FZ_CHECK(vc_drbg_init(&rng, seed, sizeof(seed)) == VC_OK);
  FZ_CHECK(vc_rsa_keygen(&key, 8 * K, 65537, &rng, NULL) == VC_OK);
  FZ_CHECK(vc_rsa_pub_from_priv(&pub, &key) == VC_OK);
  return 0;
}

/* RFC 8017 7.2.2 step 3 on EM: the message's offset, or 0 for a decryption error. */
static size_t eme_reference(const uint8_t *em)
{
  size_t i = 2;
  if (em[0] != 0 || em[1] != 2)
    return 0;
  while (i < K && em[i])
    i++;
  return i < K && i >= 10 ? i + 1 : 0;
}

static void check_verify(const vc_hash_class *h, const uint8_t *digest, const uint8_t *sig, int crt)
{
  uint8_t good[K];
  int rc = vc_rsa_pkcs1_sign(&key, h, digest, good, K, crt, NULL);
  if (rc == VC_ERR_PARAM) {    /* a hash without a DigestInfo */
    FZ_CHECK(vc_rsa_pkcs1_verify(&pub, h, digest, sig, K, NULL) == VC_ERR_PARAM);
    return;
  }
  FZ_CHECK(rc == VC_OK);
  rc = vc_rsa_pkcs1_verify(&pub, h, digest, sig, K, NULL);
  FZ_CHECK(rc == (memcmp(sig, good, K) ? VC_ERR_VERIFY : VC_OK));
}

static void check_decrypt(const uint8_t *em, const uint8_t *c, size_t cap, int crt)
{
  uint8_t out[K];
  size_t outlen = cap, at = eme_reference(em);
  int rc = vc_rsa_pkcs1_decrypt(&key, c, K, out, &outlen, crt, NULL);
  if (!at) {
    FZ_CHECK(rc == VC_ERR_PADDING && outlen == cap);
  } else if (K - at > cap) {
    FZ_CHECK(rc == VC_ERR_LENGTH && outlen == cap);
  } else {
    FZ_CHECK(rc == VC_OK && outlen == K - at && !memcmp(out, em + at, outlen));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const vc_hash_class *const hashes[] = {&vc_md2_class, &vc_md4_class, &vc_md5_class,
                                                &vc_sha1_class, &vc_sha256_class};
  struct fz f = {data, size};
  const vc_hash_class *h = hashes[fz_u8(&f) % 5];
  unsigned mode = fz_u8(&f), crt = mode % 3;
  size_t cap = fz_u8(&f) % (K + 1);
  uint8_t digest[32] = {0}, em[K] = {0}, c[K];
  const uint8_t *p;
  size_t len = fz_field(&f, &p, sizeof(digest));
  vc_mp x;
  memcpy(digest, p, len);
  len = fz_field(&f, &p, K + 1);
  if (len != K) {    /* the only length either accepts */
    FZ_CHECK(vc_rsa_pkcs1_verify(&pub, &vc_sha256_class, digest, p, len, NULL) == VC_ERR_LENGTH);
    FZ_CHECK(vc_rsa_pkcs1_decrypt(&key, p, len, em, &cap, crt, NULL) == VC_ERR_LENGTH);
    return 0;
  }
  memcpy(em, p, K);
  FZ_CHECK(vc_mp_from_bytes(&x, em, K) == VC_OK);
  if (vc_mp_cmp_var(&x, &key.n) >= 0) {
    FZ_CHECK(vc_rsa_pkcs1_decrypt(&key, em, K, c, &cap, crt, NULL) == VC_ERR_RANGE);
    return 0;
  }
  if (mode & 4) {
    FZ_CHECK(vc_rsa_private(&key, &x, &x, crt, NULL) == VC_OK && vc_mp_to_bytes(&x, c, K) == VC_OK);
    check_verify(h, digest, c, (int)crt);
  } else {
    FZ_CHECK(vc_rsa_public(&pub, &x, &x, NULL) == VC_OK && vc_mp_to_bytes(&x, c, K) == VC_OK);
    check_decrypt(em, c, cap, (int)crt);
  }
  return 0;
}
