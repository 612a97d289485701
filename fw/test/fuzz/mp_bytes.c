/* Integer decoding and encoding (vc_mp_from_bytes, vc_mp_to_bytes, bits, bit) against
 * the bytes themselves: the value fits when its significant bytes do, normalised limbs, an
 * exact round trip, VC_ERR_LENGTH one byte short. */
#include <string.h>

#include "fuzz.h"

static uint8_t out[VC_MP_CAP_BITS / 8 + 64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  vc_mp a;
  size_t lead = 0, sig, bits;
  if (size > sizeof(out))
    return 0;
  while (lead < size && !data[lead])
    lead++;
  sig = size - lead;
  if (sig > VC_MP_CAP_BITS / 8) {
    FZ_CHECK(vc_mp_from_bytes(&a, data, size) == VC_ERR_RANGE);
    return 0;
  }
  FZ_CHECK(vc_mp_from_bytes(&a, data, size) == VC_OK);
  FZ_CHECK(a.n == (sig + 3) / 4 && (!a.n || a.d[a.n - 1]));
  bits = sig ? 8 * sig - (size_t)__builtin_clz(data[lead]) + 24 : 0;
  FZ_CHECK(vc_mp_bits(&a) == bits);
  for (size_t i = 0; i < bits + 40; i += 1 + i / 7) {
    size_t byte = size - 1 - i / 8;
    FZ_CHECK(vc_mp_bit(&a, i) == (i / 8 < size ? data[byte] >> (i % 8) & 1 : 0));
  }
  memset(out, 0xa5, sizeof(out));
  FZ_CHECK(vc_mp_to_bytes(&a, out, size) == VC_OK && !memcmp(out, data, size));
  /* The significant bytes alone, then one more zero in front, then one byte short. */
  FZ_CHECK(vc_mp_to_bytes(&a, out, sig) == VC_OK && !memcmp(out, data + lead, sig));
  FZ_CHECK(vc_mp_to_bytes(&a, out, sig + 1) == VC_OK && !out[0] && !memcmp(out + 1, data + lead, sig));
  if (sig) {
    memset(out, 0xa5, sizeof(out));
    FZ_CHECK(vc_mp_to_bytes(&a, out, sig - 1) == VC_ERR_LENGTH);
    FZ_CHECK(out[0] == 0xa5);    /* outputs untouched on error */
  }
  return 0;
}
