/* The platform (platform/platform.h) of the application's code on the host, for the fuzz targets
 * that drive the oracle: output is dropped, the cycle counter counts its own reads. */
#include <stdlib.h>

#include "app.h"

uint8_t app_in[APP_BENCH_MAX];
uint8_t app_out[APP_BENCH_MAX];

static uint64_t ticks;

void plat_init(void) {}
int plat_call(int (*fn)(void *), void *arg) { return fn(arg); }
int plat_getc(void) { return '\n'; }
void plat_putc(int c) { (void)c; }
uint64_t plat_cycles(void) { return ticks++; }
uint64_t plat_cycle_overhead(void) { return 0; }
int plat_has_instret(void) { return 0; }
uint64_t plat_instret(void) { return 0; }
uint64_t plat_instret_overhead(void) { return 0; }
const char *plat_name(void) { return "host"; }
void vc_exit(int status) { exit(status); }
