/* Which accelerators the running build has, and the switch that turns them off.
 *
 * The accelerators are the rows of hw/config.py; build/gen/vc_accels.h, generated from them,
 * gives each a bit (VC_ACCEL_<NAME>), a name (VC_ACCELS) and whether this build has it
 * (VC_HAVE_<NAME>, from the CONFIG_VEXCRYPT_<NAME> that hw/soc.py puts in the SoC's soc.h; the
 * host build and a build without the unit get the software forms only). vc_accel_off is the
 * request option "impl":"sw": the application sets it around a call to force the software
 * path in an accelerated build, so a speedup is measured within one binary. The dispatching
 * forms (CFU Playground's convention: name_hw, name_sw, name) read it once per call. */
#ifndef VEXCRYPT_DRIVERS_ACCEL_H
#define VEXCRYPT_DRIVERS_ACCEL_H

#include <stdint.h>

#if defined(__riscv) && defined(__has_include)
#if __has_include(<generated/soc.h>)
#include <generated/soc.h>
#endif
#endif

#include "vc_accels.h"

/* Accelerators turned off (VC_ACCEL_* bits); 0 at start. */
extern uint32_t vc_accel_off;

/* A host build may count accelerators' software forms as the accelerators (-DVC_ACCEL_EMULATED=
 * their bits): the cost build (fw/src/cost.h) so takes the unit's paths, and its emulation notes
 * the unit's transfers and commands. */
#ifndef VC_ACCEL_EMULATED
#define VC_ACCEL_EMULATED 0u
#elif defined(__riscv)
#error "VC_ACCEL_EMULATED is for host builds"
#endif

/* The VC_ACCEL_* bits of the accelerators this build has. */
static inline uint32_t vc_accel_present(void)
{
#define VC_ACCEL_PRESENT_BIT(NAME, name, bit) | (VC_HAVE_##NAME ? VC_ACCEL_##NAME : 0u)
  return (0u VC_ACCELS(VC_ACCEL_PRESENT_BIT)) | (uint32_t)(VC_ACCEL_EMULATED);
#undef VC_ACCEL_PRESENT_BIT
}

/* 1 when calls should use the accelerator `bit`: the build has it and it is not turned off. */
static inline int vc_accel_on(uint32_t bit)
{
  return (vc_accel_present() & ~vc_accel_off & bit) != 0;
}

/* The name of the accelerator of bit number `i` (< VC_ACCEL_COUNT), as configurations name it. */
const char *vc_accel_name(unsigned i);

#endif
