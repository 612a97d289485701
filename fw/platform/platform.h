/* What the firmware application needs from the target it runs on: the console, the counters,
 * the measurement stack, the end of a run and the trap report. Implemented by platform/rv32/
 * (the SoC) and, for the oracle's code in the fuzz targets, test/fuzz/host_plat.c. */
#ifndef VEXCRYPT_PLATFORM_H
#define VEXCRYPT_PLATFORM_H

#include <stdint.h>

/* The measurement harness's code (bench_measure, plat_call, the counter) goes in one small
 * group at the start of the image (platform/rv32/linker.ld). */
#if defined(__riscv)
#define PLAT_HOT __attribute__((section(".text.hot.bench")))
#else
#define PLAT_HOT
#endif

void plat_init(void);
/* fn(arg) on the measurement stack: a timed call's frames at the same addresses wherever it is
 * called from (crt0.S). */
int plat_call(int (*fn)(void *), void *arg);
int plat_getc(void);                 /* blocking read of one byte from the console */
void plat_putc(int c);
uint64_t plat_cycles(void);          /* raw cycle counter */
uint64_t plat_cycle_overhead(void);  /* cycles one plat_cycles() pair adds, measured at init */
/* Retired-instruction counter (minstret); plat_has_instret() is 0 on cores without one, and
 * plat_instret() then returns 0. */
int plat_has_instret(void);
uint64_t plat_instret(void);
uint64_t plat_instret_overhead(void);
/* Retired instructions by class, PLAT_ICLASS_COMPUTE, _MEMORY, _CONTROL (seed 001's split:
 * hw/simctrl/vexsim_ctrl.v), between the last two plat_cycles() calls (a timed section), less
 * what a back-to-back pair retires; 0 and c untouched where nothing counts them (on a board:
 * the counter is the simulation's). */
enum { PLAT_ICLASS_COMPUTE, PLAT_ICLASS_MEMORY, PLAT_ICLASS_CONTROL, PLAT_ICLASSES };
int plat_iclass(uint64_t c[PLAT_ICLASSES]);
const char *plat_name(void);
void vc_exit(int status) __attribute__((noreturn));

/* A trap (any trap ends the run): its cause (mcause) and the cause's name, and where it
 * happened (mepc, mtval, the stack pointer). */
struct plat_trap {
  uint32_t cause, epc, tval, sp;
  const char *name;
};
/* fn reports a trap (NULL: the platform's plain line on the console); the run then ends with
 * status 3. */
void plat_set_trap_handler(void (*fn)(const struct plat_trap *t));

/* Cycles between two reads, with the counter's own overhead removed. */
static inline uint64_t plat_elapsed(uint64_t t0, uint64_t t1)
{
  uint64_t d = t1 - t0, o = plat_cycle_overhead();
  return d > o ? d - o : 0;
}

static inline uint64_t plat_instret_elapsed(uint64_t i0, uint64_t i1)
{
  uint64_t d = i1 - i0, o = plat_instret_overhead();
  return d > o ? d - o : 0;
}

#endif
