/* The carry-less multiply unit (hw/clmul/, a custom instruction on VexRiscv's CFU port): its
 * operations as _hw (the instruction), _sw (a C emulation of the unit, bit-exact, for the host
 * build and the self-test) and dispatching forms. The operation table: hw/clmul/README.md.
 *
 * The unit keeps state (operands A, B of up to 8 words, a length n, a column cache); the
 * emulation keeps the same state apart, so one program must use one form throughout a
 * product. Trap handlers must not use the unit (its state is not saved). */
#ifndef VEXCRYPT_DRIVERS_CLMUL_H
#define VEXCRYPT_DRIVERS_CLMUL_H

#include <stdint.h>

#include "accel.h"

/* funct3 of the operations; funct7 is the immediate (see hw/clmul/cfu.v). */
enum { VC_CFU_ZBC = 0, VC_CFU_LDA = 1, VC_CFU_LDB = 2, VC_CFU_LEN = 3, VC_CFU_PROD = 4, VC_CFU_SPREAD = 5 };
enum { VC_ZBC_CLMUL = 0, VC_ZBC_CLMULH = 1, VC_ZBC_CLMULR = 2 };

#if VC_HAVE_CLMUL
/* One custom-0 instruction: function id {funct7, funct3}; both must be constants. */
#define VC_CFU_HW(funct3, funct7, rs1, rs2)                                                     \
  ({                                                                                          \
    uint32_t r_;                                                                              \
    __asm__ volatile(".insn r 0x0B, %1, %2, %0, %z3, %z4"                                     \
                     : "=r"(r_)                                                               \
                     : "i"(funct3), "i"(funct7), "rJ"((uint32_t)(rs1)), "rJ"((uint32_t)(rs2))); \
    r_;                                                                                       \
  })
#endif

/* The emulation: one operation of the unit on the emulated state (any function id, the
 * undefined ones answer 0). */
uint32_t vc_cfu_sw(uint32_t funct3, uint32_t funct7, uint32_t rs1, uint32_t rs2);

/* Zbc: the low word, the high word and bits 62..31 of the 64-bit carry-less product. */
uint32_t vc_clmul_sw(uint32_t a, uint32_t b);
uint32_t vc_clmulh_sw(uint32_t a, uint32_t b);
uint32_t vc_clmulr_sw(uint32_t a, uint32_t b);
#if VC_HAVE_CLMUL
static inline uint32_t vc_clmul_hw(uint32_t a, uint32_t b) { return VC_CFU_HW(VC_CFU_ZBC, VC_ZBC_CLMUL, a, b); }
static inline uint32_t vc_clmulh_hw(uint32_t a, uint32_t b) { return VC_CFU_HW(VC_CFU_ZBC, VC_ZBC_CLMULH, a, b); }
static inline uint32_t vc_clmulr_hw(uint32_t a, uint32_t b) { return VC_CFU_HW(VC_CFU_ZBC, VC_ZBC_CLMULR, a, b); }
#endif
uint32_t vc_clmul(uint32_t a, uint32_t b);
uint32_t vc_clmulh(uint32_t a, uint32_t b);
uint32_t vc_clmulr(uint32_t a, uint32_t b);

#endif
