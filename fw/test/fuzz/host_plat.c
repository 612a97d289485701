/* The platform (platform/platform.h) of the application's code on the host: the console is stdin
 * and stdout (the host oracle, make -C fw host-oracle); the fuzz targets that drive the oracle
 * set host_quiet and get the lines counted, not written. The cycle counter counts its own
 * reads. */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"

/* main.c's buffers in the host oracle, these in the fuzz targets (which leave main.c out). */
__attribute__((weak)) uint8_t app_in[APP_BENCH_MAX];
__attribute__((weak)) uint8_t app_out[APP_BENCH_MAX];

int host_quiet;
unsigned long host_lines;
static uint64_t ticks;

void plat_init(void) {}
int plat_call(int (*fn)(void *), void *arg) { return fn(arg); }
uint64_t plat_cycles(void) { return ticks++; }
uint64_t plat_cycle_overhead(void) { return 0; }
int plat_has_instret(void) { return 0; }
uint64_t plat_instret(void) { return 0; }
uint64_t plat_instret_overhead(void) { return 0; }
int plat_iclass(uint64_t c[PLAT_ICLASSES]) { (void)c; return 0; }
const char *plat_name(void) { return "host"; }
void vc_exit(int status) { exit(status); }

/* End of input ends the run, as the host closing the simulation's stdin does. */
int plat_getc(void)
{
  int c = getchar();
  if (c == EOF)
    exit(0);
  return c;
}

void plat_putc(int c)
{
  host_lines += c == '\n';
  if (host_quiet)
    return;
  putchar(c);
  if (c == '\n')
    fflush(stdout);
}

/* A host process has no traps to report: a fault ends it (the sanitizers say where). */
void plat_set_trap_handler(void (*fn)(const struct plat_trap *t)) { (void)fn; }
