/* Which accelerators the running build has, and the switch that turns them off.
 *
 * A build has an accelerator when the SoC's generated header says so (hw/soc.py adds
 * CONFIG_VEXCRYPT_CLMUL / CONFIG_VEXCRYPT_MONT to soc.h); the host build and a build without
 * the unit get the software forms only. vc_accel_off is the request option "impl":"sw": the
 * application sets it around a call to force the software path in an accelerated build, so a
 * speedup is measured within one binary. The dispatching forms (CFU Playground's convention:
 * name_hw, name_sw, name) read it once per call. */
#ifndef VEXCRYPT_DRIVERS_ACCEL_H
#define VEXCRYPT_DRIVERS_ACCEL_H

#include <stdint.h>

#if defined(__riscv) && defined(__has_include)
#if __has_include(<generated/soc.h>)
#include <generated/soc.h>
#endif
#endif

#ifdef CONFIG_VEXCRYPT_CLMUL
#define VC_HAVE_CLMUL 1
#else
#define VC_HAVE_CLMUL 0
#endif
#ifdef CONFIG_VEXCRYPT_MONT
#define VC_HAVE_MONT 1
#else
#define VC_HAVE_MONT 0
#endif

enum { VC_ACCEL_CLMUL = 1, VC_ACCEL_MONT = 2 };

/* Accelerators turned off (VC_ACCEL_* bits); 0 at start. */
extern uint32_t vc_accel_off;

/* The VC_ACCEL_* bits of the accelerators this build has. */
static inline uint32_t vc_accel_present(void)
{
  return (VC_HAVE_CLMUL ? VC_ACCEL_CLMUL : 0) | (VC_HAVE_MONT ? VC_ACCEL_MONT : 0);
}

/* 1 when calls should use the accelerator `bit`: the build has it and it is not turned off. */
static inline int vc_accel_on(uint32_t bit)
{
  return (vc_accel_present() & ~vc_accel_off & bit) != 0;
}

#endif
