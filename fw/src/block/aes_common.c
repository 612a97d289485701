/* AES key expansion (FIPS 197 section 5.2), shared by aes_tab and aes_ct. */
#include "aes_internal.h"

unsigned vc_aes_expand_key(uint32_t w[60], const uint8_t *key, size_t keylen,
                           uint32_t (*subword)(uint32_t))
{
  if (keylen != 16 && keylen != 24 && keylen != 32)
    return 0;
  unsigned nk = (unsigned)(keylen / 4), rounds = nk + 6, n = 4 * (rounds + 1);
  uint32_t rcon = 1;
  for (unsigned i = 0; i < nk; i++)
    w[i] = vc_ld32le(key + 4 * i, 0);
  for (unsigned i = nk, j = 0; i < n; i++) {   /* j = i mod nk */
    uint32_t t = w[i - 1];
    if (j == 0) {
      /* RotWord is a right rotation of the little-endian word. */
      t = subword(vc_rotr32(t, 8)) ^ rcon;
      rcon = (rcon << 1) ^ (0x11b & vc_ct_mask(rcon >> 7));
    } else if (nk == 8 && j == 4) {
      t = subword(t);
    }
    w[i] = w[i - nk] ^ t;
    if (++j == nk)
      j = 0;
  }
  return rounds;
}
