/* Division, reduction, inverses and gcd of the multiprecision library against each other and
 * against the identities that define them: q*m + r == a with r < m; a*inv == 1 mod m from the
 * extended Euclidean, binary and constant-time binary inverses, which must agree; the gcd
 * divides both numbers and is 1 exactly when an inverse exists; (a + b) - b == a; shifts. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  struct fz f = {data, size};
  vc_mp a, m, q, r, t, g, inv[3];
  int rc[3];
  size_t sh = fz_u8(&f) * 37u;
  fz_mp(&f, &a, VC_MP_CAP_BITS / 8);
  fz_mp(&f, &m, VC_MP_CAP_BITS / 8);

  rc[0] = vc_mp_divmod_var(&q, &r, &a, &m);
  if (!m.n) {
    FZ_CHECK(rc[0] == VC_ERR_MODULUS);
  } else {
    FZ_CHECK(rc[0] == VC_OK && vc_mp_cmp_var(&r, &m) < 0);
    FZ_CHECK(vc_mp_mul_var(&t, &q, &m) == VC_OK && vc_mp_add_var(&t, &t, &r) == VC_OK);
    FZ_CHECK(vc_mp_cmp_var(&t, &a) == 0);
    FZ_CHECK(vc_mp_mod_var(&t, &a, &m) == VC_OK && vc_mp_cmp_var(&t, &r) == 0);
  }

  if (vc_mp_add_var(&t, &a, &m) == VC_OK)
    FZ_CHECK(vc_mp_sub_var(&t, &t, &m) == VC_OK && vc_mp_cmp_var(&t, &a) == 0);
  else
    FZ_CHECK(vc_mp_bits(&a) >= VC_MP_CAP_BITS || vc_mp_bits(&m) >= VC_MP_CAP_BITS);
  FZ_CHECK((vc_mp_sub_var(&t, &a, &m) == VC_OK) == (vc_mp_cmp_var(&a, &m) >= 0));
  if (vc_mp_shl_var(&t, &a, sh) == VC_OK) {
    FZ_CHECK(vc_mp_bits(&t) == (a.n ? vc_mp_bits(&a) + sh : 0));
    FZ_CHECK(vc_mp_shr_var(&t, &t, sh) == VC_OK && vc_mp_cmp_var(&t, &a) == 0);
  } else {
    FZ_CHECK(vc_mp_bits(&a) + sh > VC_MP_CAP_BITS);
  }

  FZ_CHECK(vc_mp_gcd_var(&g, &a, &m) == VC_OK);
  if (g.n) {
    FZ_CHECK(vc_mp_mod_var(&t, &a, &g) == VC_OK && !t.n);
    FZ_CHECK(vc_mp_mod_var(&t, &m, &g) == VC_OK && !t.n);
  } else {
    FZ_CHECK(!a.n && !m.n);
  }

  /* Inverses: moduli up to VC_MP_MAX_BITS; the binary ones need m odd, the constant-time one
   * a < m. */
  if (vc_mp_bits(&m) > VC_MP_MAX_BITS || vc_mp_cmp_u32_var(&m, 1) <= 0) {
    FZ_CHECK(vc_mp_mod_inv_euclid_var(&t, &a, &m) == VC_ERR_MODULUS);
    return 0;
  }
  rc[0] = vc_mp_mod_inv_euclid_var(&inv[0], &a, &m);
  FZ_CHECK(rc[0] == (vc_mp_cmp_u32_var(&g, 1) == 0 ? VC_OK : VC_ERR_NOINV));
  if (rc[0] == VC_OK) {
    FZ_CHECK(vc_mp_cmp_var(&inv[0], &m) < 0);
    FZ_CHECK(vc_mp_mod_mul_var(&t, &r, &inv[0], &m) == VC_OK && vc_mp_cmp_u32_var(&t, 1) == 0);
  }
  rc[1] = vc_mp_mod_inv_binary_var(&inv[1], &a, &m);
  rc[2] = vc_mp_mod_inv_binary(&inv[2], &a, &m);
  if (!(m.d[0] & 1)) {
    FZ_CHECK(rc[1] == VC_ERR_MODULUS && rc[2] == VC_ERR_MODULUS);
    return 0;
  }
  FZ_CHECK(rc[1] == rc[0]);
  FZ_CHECK(rc[1] || vc_mp_cmp_var(&inv[1], &inv[0]) == 0);
  if (vc_mp_cmp_var(&a, &m) >= 0) {
    FZ_CHECK(rc[2] == VC_ERR_RANGE);
    return 0;
  }
  FZ_CHECK(rc[2] == rc[0]);
  FZ_CHECK(rc[2] || vc_mp_cmp_var(&inv[2], &inv[0]) == 0);
  return 0;
}
