/* GHASH's key and its dispatching form (gcm.h). */
#include "clmul.h"
#include "ghash_internal.h"

int vc_ghash_init(vc_ghash_key *k, const uint8_t h[16])
{
  if (!k || !h)
    return VC_ERR_NULL;
  uint32_t w[4];
  ghash_load(w, h);
  /* H x^-1: x^-1 = x^127 + x^6 + x + 1, so H's x^0 term becomes those bits (0xC2...01 in the
   * reflected order) and the rest moves one degree down, one bit up; masked, not branched on. */
  uint32_t m = vc_ct_mask(w[3] >> 31);
  k->hx[3] = (w[3] << 1 | w[2] >> 31) ^ (m & 0xC2000000u);
  k->hx[2] = w[2] << 1 | w[1] >> 31;
  k->hx[1] = w[1] << 1 | w[0] >> 31;
  k->hx[0] = (w[0] << 1) ^ (m & 1u);
  return VC_OK;
}

int vc_ghash(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len)
{
#if VC_HAVE_CLMUL
  if (vc_accel_on(VC_ACCEL_CLMUL))
    return vc_ghash_clmul_hw(k, y, data, len);
#endif
  return vc_ghash_ct(k, y, data, len);
}
