/* LiteX SoC platform: UART console, the timer's 64-bit uptime counter (the cycle counter on
 * every VexRiscv variant), the trap report, and the end of a simulation run. */
#include <stdint.h>

#include "vc_csr.h"

#include "accel.h"
#include "platform.h"

#define UART_EV_RX 0x2

static uint64_t overhead, instret_overhead, iclass_overhead[PLAT_ICLASSES];

/* VexRiscv full implements minstret; the smaller variants trap on it. */
#ifdef CONFIG_CPU_VARIANT_FULL
int plat_has_instret(void) { return 1; }

uint64_t plat_instret(void)
{
  uint32_t hi, lo, hi2;
  do {
    __asm__ volatile("csrr %0, minstreth" : "=r"(hi));
    __asm__ volatile("csrr %0, minstret" : "=r"(lo));
    __asm__ volatile("csrr %0, minstreth" : "=r"(hi2));
  } while (hi != hi2);
  return (uint64_t)hi << 32 | lo;
}
#else
int plat_has_instret(void) { return 0; }
uint64_t plat_instret(void) { return 0; }
#endif

uint64_t plat_instret_overhead(void) { return instret_overhead; }

#ifdef CSR_SIMCTRL_ICOUNT_COMPUTE_ADDR
static void iclass_raw(uint64_t c[PLAT_ICLASSES])
{
  c[PLAT_ICLASS_COMPUTE] = simctrl_icount_compute_read();
  c[PLAT_ICLASS_MEMORY] = simctrl_icount_memory_read();
  c[PLAT_ICLASS_CONTROL] = simctrl_icount_control_read();
}

int plat_iclass(uint64_t c[PLAT_ICLASSES])
{
  iclass_raw(c);
  for (int i = 0; i < PLAT_ICLASSES; i++)
    c[i] = c[i] > iclass_overhead[i] ? c[i] - iclass_overhead[i] : 0;
  return 1;
}
#else
static void iclass_raw(uint64_t c[PLAT_ICLASSES]) { (void)c; }
int plat_iclass(uint64_t c[PLAT_ICLASSES]) { (void)c; return 0; }
#endif

PLAT_HOT uint64_t plat_cycles(void)
{
  timer0_uptime_latch_write(1);
  return timer0_uptime_cycles_read();
}

uint64_t plat_cycle_overhead(void) { return overhead; }

void plat_init(void)
{
#if VC_HAVE_CFU
  /* VexRiscv's CFU port is enabled by bit 31 of CSR 0xBC0 (shared with LiteX's interrupt mask:
   * keep it set in every later mask write), which resets to 0: until it is set, a CFU
   * instruction traps as illegal. The nop separates the enable from the first use. */
  __asm__ volatile("csrs 0xBC0, %0\n\tnop" : : "r"(1u << 31));
#endif
  /* Overhead of one measurement: the smallest difference of back-to-back reads. */
  uint64_t best = UINT64_MAX;
  for (int i = 0; i < 16; i++) {
    uint64_t t0 = plat_cycles(), t1 = plat_cycles();
    if (t1 - t0 < best)
      best = t1 - t0;
  }
  overhead = best;
  /* The instruction classes' overhead: a pair of calls made out of line, as a timed section
   * makes them (the loop above inlines plat_cycles). */
  uint64_t (*volatile cycles_fn)(void) = plat_cycles;
  cycles_fn();
  cycles_fn();
  iclass_raw(iclass_overhead);
  best = UINT64_MAX;
  for (int i = 0; i < 16; i++) {
    uint64_t i0 = plat_instret(), i1 = plat_instret();
    if (i1 - i0 < best)
      best = i1 - i0;
  }
  instret_overhead = best;
}

int plat_getc(void)
{
  static uint32_t taken;
  while (uart_rxempty_read()) {
#ifdef CSR_SIMCTRL_IDLE_ADDR
    simctrl_idle_write(taken);    /* the simulation may sleep until input comes (hw/simctrl) */
#endif
  }
  taken++;
  int c = (int)(uart_rxtx_read() & 0xff);
  uart_ev_pending_write(UART_EV_RX);
  return c;
}

void plat_putc(int c)
{
  while (uart_txfull_read())
    ;
  uart_rxtx_write((uint32_t)c & 0xff);
}

const char *plat_name(void)
{
#ifdef CSR_SIMCTRL_BASE
  return "sim";
#else
  return "board";
#endif
}

void vc_exit(int status)
{
  while (!uart_txempty_read())
    ;
#ifdef CSR_SIMCTRL_BASE
  simctrl_exit_write((uint32_t)status);
#else
  (void)status;      /* on a board the run just stops; the host has read the summary line */
#endif
  for (;;)
    ;
}

static const char *trap_name(uint32_t cause)
{
  static const char *const names[] = {
    "instruction address misaligned", "instruction access fault", "illegal instruction",
    "breakpoint", "load address misaligned", "load access fault", "store address misaligned",
    "store access fault", "environment call from U-mode", "environment call from S-mode",
    "reserved", "environment call from M-mode",
  };
  if (cause & 0x80000000u)
    return "unexpected interrupt";
  return cause < sizeof(names) / sizeof(names[0]) ? names[cause] : "reserved";
}

static void (*trap_handler)(const struct plat_trap *t);

void plat_set_trap_handler(void (*fn)(const struct plat_trap *t))
{
  trap_handler = fn;
}

static void put_str(const char *s)
{
  while (*s)
    plat_putc(*s++);
}

static void put_hex(const char *label, uint32_t v)
{
  put_str(label);
  for (int i = 28; i >= 0; i -= 4)
    plat_putc("0123456789abcdef"[(v >> i) & 0xF]);
}

/* Called by crt0.S's trap entry, on the main stack. */
void vc_trap(uint32_t cause, uint32_t epc, uint32_t tval, uint32_t sp)
{
  const struct plat_trap t = {cause, epc, tval, sp, trap_name(cause)};
  if (trap_handler) {
    trap_handler(&t);
  } else {
    put_str("\ntrap: ");
    put_str(t.name);
    put_hex(" mcause 0x", cause);
    put_hex(" mepc 0x", epc);
    put_hex(" mtval 0x", tval);
    put_hex(" sp 0x", sp);
    put_str("\n");
  }
  vc_exit(3);
}
