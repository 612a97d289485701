/* LiteX's generated CSR accessors without its libbase (hw/common.h): plain 32-bit loads and
 * stores (csr_data_width 32). */
#ifndef VEXCRYPT_VC_CSR_H
#define VEXCRYPT_VC_CSR_H

#include <stdint.h>

static inline uint32_t csr_read_simple(unsigned long a) { return *(volatile uint32_t *)a; }
static inline void csr_write_simple(uint32_t v, unsigned long a) { *(volatile uint32_t *)a = v; }
#define CSR_ACCESSORS_DEFINED
#include <generated/csr.h>

#endif
