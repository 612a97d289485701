/* AES internals shared by aes_tab.c and aes_ct.c (not part of the public API).
 *
 * Both variants hold the state as four little-endian column words (byte r of a word is row r),
 * which on RV32 is a plain word load of each column when the buffer is aligned. */
#ifndef VEXCRYPT_AES_INTERNAL_H
#define VEXCRYPT_AES_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "vexcrypt/block.h"
#include "../internal.h"

/* vc_aes_key.impl: which setkey filled the key schedule (the layouts differ). */
#define VC_AES_IMPL_TAB 0x41455354u   /* "AEST" */
#define VC_AES_IMPL_CT 0x41455343u    /* "AESC" */

/* FIPS 197 KeyExpansion into w[0 .. 4 * (rounds + 1)) (little-endian words), SubWord supplied
 * by the caller (table lookups for aes_tab, the bitsliced circuit for aes_ct). Returns the
 * number of rounds, or 0 if keylen is not 16, 24 or 32 (w untouched). */
unsigned vc_aes_expand_key(uint32_t w[60], const uint8_t *key, size_t keylen,
                           uint32_t (*subword)(uint32_t));

/* Arguments of a block operation: VC_ERR_NULL, VC_ERR_STATE (key schedule not set up by the
 * variant `impl`), VC_ERR_OVERLAP, or VC_OK. */
static inline int vc_aes_check(const vc_aes_key *ks, uint32_t impl, const uint8_t *in, const uint8_t *out)
{
  if (!ks || !in || !out)
    return VC_ERR_NULL;
  if (ks->impl != impl || (ks->rounds != 10 && ks->rounds != 12 && ks->rounds != 14))
    return VC_ERR_STATE;
  if (vc_overlap(in, out, 16))
    return VC_ERR_OVERLAP;
  return VC_OK;
}

#endif
