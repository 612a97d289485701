/* The IKE engine (vexcrypt/ike.h) on hostile messages: an honest exchange between two peers is
 * run once at start and each receiver's state kept before each of the nine messages; an input
 * picks a message (first byte mod 9) and replaces it with its second field, fed to that
 * receiver's saved state. With bit 4 of the first byte, and for the encrypted messages (5, 6 and
 * quick mode's), the field is the plaintext: the harness pads it to whole blocks and encrypts it
 * as the sender would (the receiver's key and IV), so the fuzzer reaches the payload parsers
 * behind the decryption. Whatever arrives, feed answers VC_OK, VC_ERR_PROTO, VC_ERR_VERIFY or
 * VC_ERR_RANGE, a failed peer stays failed, and what take gives fits its buffer (ASan watches
 * the buffers). */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/ike.h"

#define MSGS 9

static vc_rsa_priv keys[2];
static vc_rsa_pub pubs[2];
static vc_drbg rngs[2];
static const uint8_t ids[2][8] = {"alice.ex", "bob.exam"};
static vc_ike_config cfgs[2];
static struct snap {
  vc_ike ike;
  vc_drbg rng;
} before[MSGS];
static uint8_t honest[MSGS][VC_IKE_MSG_CAP];
static size_t honest_len[MSGS];
static vc_ike live;

static const int receiver[MSGS] = {1, 0, 1, 0, 1, 0, 1, 0, 1};

static void take(vc_ike *s, int k)
{
  FZ_CHECK(vc_ike_take(s, honest[k], VC_IKE_MSG_CAP, &honest_len[k]) == VC_OK && honest_len[k]);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  static const uint8_t seed[] = "vexcrypt/fuzz/ike";
  static vc_ike peers[2];
  vc_drbg rng;
  (void)argc, (void)argv;
  FZ_CHECK(vc_drbg_init(&rng, seed, sizeof(seed)) == VC_OK);
  for (int i = 0; i < 2; i++) {
    FZ_CHECK(vc_rsa_keygen(&keys[i], 1024, 65537, &rng, NULL) == VC_OK);
    FZ_CHECK(vc_rsa_pub_from_priv(&pubs[i], &keys[i]) == VC_OK);
  }
  for (int i = 0; i < 2; i++) {
    FZ_CHECK(vc_drbg_init(&rngs[i], ids[i], 8) == VC_OK);
    cfgs[i] = (vc_ike_config){.role = i, .cipher = VC_IKE_DES, .hash = VC_IKE_SHA1, .group = 2, .nonce_len = 16,
                              .cookie = {1, 2, 3, 4, 5, 6, 7, (uint8_t)(8 + i)}, .id_type = 2, .id = ids[i],
                              .idlen = 8, .spi = 0x1000u + (uint32_t)i, .msgid = 0x55aa, .key = &keys[i],
                              .peer_key = &pubs[1 - i], .rng = &rngs[i]};
    FZ_CHECK(vc_ike_init(&peers[i], &cfgs[i]) == VC_OK);
  }
  for (int k = 0; k < MSGS; k++) {
    int from = 1 - receiver[k];
    if (k == 6)
      FZ_CHECK(vc_ike_quick(&peers[0]) == VC_OK);
    take(&peers[from], k);
    before[k].ike = peers[receiver[k]];
    before[k].rng = rngs[receiver[k]];
    FZ_CHECK(vc_ike_feed(&peers[receiver[k]], honest[k], honest_len[k]) == VC_OK);
  }
  FZ_CHECK(vc_ike_state(&peers[0]) == VC_IKE_DONE && vc_ike_state(&peers[1]) == VC_IKE_DONE);
  return 0;
}

/* The field as a message encrypted for s: the header as given (28 bytes, zeros if short), the
 * rest padded with zeros to whole blocks and CBC-encrypted under s's key and the IV it expects
 * (quick mode's first: hash(the last phase-1 block | M-ID)). */
static size_t seal_for(const vc_ike *s, int k, const uint8_t *p, size_t n, uint8_t *out)
{
  uint8_t iv[8], d[20], m[12];
  size_t body = n > 28 ? n - 28 : 0;
  body = (body + 7) / 8 * 8;
  if (28 + body > VC_IKE_MSG_CAP)
    body = (VC_IKE_MSG_CAP - 28) / 8 * 8;
  memset(out, 0, 28 + body);
  memcpy(out, p, n < 28 + body ? n : 28 + body);
  if (k == 6) {
    memcpy(m, s->iv, 8);
    memcpy(m + 8, out + 20, 4);
    vc_sha1(m, 12, d);
    memcpy(iv, d, 8);
  } else {
    memcpy(iv, k > 6 ? s->qiv : s->iv, 8);
  }
  if (body)
    FZ_CHECK(vc_cbc_encrypt(&vc_des, &s->ks.des, iv, out + 28, out + 28, body) == VC_OK);
  return 28 + body;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  unsigned mode = fz_u8(&f);
  int k = (int)(mode & 0x0f) % MSGS, r = receiver[k];
  const uint8_t *p;
  size_t n = fz_field(&f, &p, 2 * VC_IKE_MSG_CAP);
  static uint8_t msg[2 * VC_IKE_MSG_CAP], out[VC_IKE_MSG_CAP];
  live = before[k].ike;
  rngs[r] = before[k].rng;
  if ((mode & 0x10) && k >= 4)
    n = seal_for(&live, k, p, n, msg);
  else
    memcpy(msg, p, n);
  int rc = vc_ike_feed(&live, msg, n);
  FZ_CHECK(rc == VC_OK || rc == VC_ERR_PROTO || rc == VC_ERR_VERIFY || rc == VC_ERR_RANGE);
  size_t got;
  FZ_CHECK(vc_ike_take(&live, out, sizeof(out), &got) == VC_OK && got <= sizeof(out));
  if (rc != VC_OK) {
    FZ_CHECK(vc_ike_state(&live) == VC_IKE_FAILED && got == 0);
    FZ_CHECK(vc_ike_feed(&live, msg, n) == VC_ERR_STATE);
  }
  return 0;
}
