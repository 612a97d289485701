/* The accelerators' common switch and names (accel.h). */
#include "accel.h"

uint32_t vc_accel_off;

const char *vc_accel_name(unsigned i)
{
#define VC_ACCEL_NAME(NAME, name, bit) #name,
  static const char *const names[VC_ACCEL_COUNT] = {VC_ACCELS(VC_ACCEL_NAME)};
#undef VC_ACCEL_NAME
  return i < VC_ACCEL_COUNT ? names[i] : 0;
}
