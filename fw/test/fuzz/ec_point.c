/* Elliptic-curve point decoding and validation on every curve (vc_ec_point_check, SP 800-56A
 * 5.6.2.3.2): a point it accepts is k P for k = 1 (itself), its double is the same in both
 * algorithm sets and by vc_ec_add, and (n-1) P + P is infinity (VC_ERR_POINT): the order
 * check; a point it refuses is refused with the same code by scalar multiplication and EC-DH. */
#include <string.h>

#include "fuzz.h"
#include "vexcrypt/ec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  const vc_ec_curve *c = vc_ec_curve_get((int)(fz_u8(&f) % VC_EC_NCURVES));
  const uint8_t *pt;
  size_t len = fz_field(&f, &pt, VC_EC_MAX_POINT + 1), plen = vc_ec_point_len(c);
  uint8_t k[VC_EC_MAX_NLEN] = {0}, out[VC_EC_NSETS][VC_EC_MAX_POINT], sum[VC_EC_MAX_POINT], msg[VC_EC_MAX_FLEN];
  vc_mp n, one;
  int rc = vc_ec_point_check(c, pt, len);
  k[c->nlen - 1] = 1;
  (void)vc_ec_unembed(c, pt, len, msg);    /* decoding only: anything but a crash will do */
  if (rc) {
    FZ_CHECK(rc == (len == plen ? VC_ERR_POINT : VC_ERR_LENGTH));
    for (int set = VC_EC_BASIC; set < VC_EC_NSETS; set++) {
      FZ_CHECK(vc_ec_mul(c, (vc_ec_set)set, out[0], k, c->nlen, pt, len) == rc);
      FZ_CHECK(vc_ecdh(c, (vc_ec_set)set, k, c->nlen, pt, len, out[0]) == rc);
    }
    return 0;
  }
  FZ_CHECK(len == plen && pt[0] == 4);
  for (int set = VC_EC_BASIC; set < VC_EC_NSETS; set++) {
    k[c->nlen - 1] = 1;
    FZ_CHECK(vc_ec_mul(c, (vc_ec_set)set, out[set], k, c->nlen, pt, len) == VC_OK && !memcmp(out[set], pt, plen));
    k[c->nlen - 1] = 2;
    FZ_CHECK(vc_ec_mul(c, (vc_ec_set)set, out[set], k, c->nlen, pt, len) == VC_OK);
    FZ_CHECK(vc_ec_add(c, (vc_ec_set)set, sum, pt, pt, plen) == VC_OK && !memcmp(sum, out[set], plen));
  }
  for (int set = 1; set < VC_EC_NSETS; set++)
    FZ_CHECK(!memcmp(out[0], out[set], plen));
  FZ_CHECK(vc_mp_from_bytes(&n, c->order, c->nlen) == VC_OK && vc_mp_set_u32(&one, 1) == VC_OK &&
           vc_mp_sub_var(&n, &n, &one) == VC_OK);
  FZ_CHECK(vc_mp_to_bytes(&n, k, c->nlen) == VC_OK);
  FZ_CHECK(vc_ec_mul(c, VC_EC_OPTIMIZED, out[0], k, c->nlen, pt, len) == VC_OK);
  FZ_CHECK(vc_ec_add(c, VC_EC_OPTIMIZED, sum, out[0], pt, plen) == VC_ERR_POINT);
  return 0;
}
