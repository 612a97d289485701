/* Helpers shared by the public-key sources (not part of the public API). */
#ifndef VEXCRYPT_PK_INTERNAL_H
#define VEXCRYPT_PK_INTERNAL_H

#include "vexcrypt/mp.h"

/* Leftmost qlen bits of b[0..len) as an integer (RFC 6979 bits2int; FIPS 186-4's z for DSA). */
int vc_rfc6979_bits2int(vc_mp *r, const uint8_t *b, size_t len, size_t qlen);

#endif
