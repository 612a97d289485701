/* GHASH on the carry-less multiply unit (hw/clmul/, fw/drivers/clmul.h): the unit keeps H x^-1
 * as its B operand for the whole call (LEN 4 and two LDB once), so a block is two LDA and the
 * eight words of the 256-bit product (PROD 0..7 in ascending order: the unit sums each of the
 * 16 word products once), then the reduction in software. Constant time: the instruction
 * sequence and the unit's timing depend on len only.
 *
 * _hw issues the instructions; _sw runs the same sequence on the unit's C emulation (the host
 * build's form, and the self-test's reference). */
#include "clmul.h"
#include "ghash_internal.h"

#define SW(f3, f7, x, y) vc_cfu_sw(f3, f7, x, y)
#define HW VC_CFU_HW

/* The body of a form for OP = the instruction or the emulation (funct3, funct7, rs1, rs2). */
#define GHASH_CLMUL(OP)                                                          \
  int rc = ghash_check(k, y, data, len);                                         \
  if (rc)                                                                        \
    return rc;                                                                   \
  uint32_t z[4];                                                                 \
  ghash_load(z, y);                                                              \
  OP(VC_CFU_LEN, 4, 0, 0);                                                       \
  OP(VC_CFU_LDB, 0, k->hx[0], k->hx[1]);                                         \
  OP(VC_CFU_LDB, 2, k->hx[2], k->hx[3]);                                         \
  for (size_t i = 0; i < len; i += 16) {                                         \
    uint32_t c[8];                                                               \
    ghash_xor_block(z, data + i, len - i < 16 ? len - i : 16);                   \
    OP(VC_CFU_LDA, 0, z[0], z[1]);                                               \
    OP(VC_CFU_LDA, 2, z[2], z[3]);                                               \
    c[0] = OP(VC_CFU_PROD, 0, 0, 0);                                             \
    c[1] = OP(VC_CFU_PROD, 1, 0, 0);                                             \
    c[2] = OP(VC_CFU_PROD, 2, 0, 0);                                             \
    c[3] = OP(VC_CFU_PROD, 3, 0, 0);                                             \
    c[4] = OP(VC_CFU_PROD, 4, 0, 0);                                             \
    c[5] = OP(VC_CFU_PROD, 5, 0, 0);                                             \
    c[6] = OP(VC_CFU_PROD, 6, 0, 0);                                             \
    c[7] = OP(VC_CFU_PROD, 7, 0, 0);                                             \
    ghash_reduce(z, c);                                                          \
  }                                                                              \
  ghash_store(y, z);                                                             \
  return VC_OK

int vc_ghash_clmul_sw(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len)
{
  GHASH_CLMUL(SW);
}

#if VC_HAVE_CLMUL
int vc_ghash_clmul_hw(const vc_ghash_key *k, uint8_t y[16], const uint8_t *data, size_t len)
{
  GHASH_CLMUL(HW);
}
#endif
