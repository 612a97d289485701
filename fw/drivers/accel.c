/* The accelerators' common switch (accel.h). */
#include "accel.h"

uint32_t vc_accel_off;
