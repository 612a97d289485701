/* The platform (platform/platform.h) of the application's code on the host: the console is stdin
 * and stdout (the host oracle, make -C fw host-oracle); the fuzz targets that drive the oracle
 * set host_quiet and get the lines counted, not written. The cycle counter counts its own
 * reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#ifdef VC_COST_HOOK
#include <gmp.h>

#include "../../src/cost.h"
#endif

/* main.c's buffers in the host oracle, these in the fuzz targets (which leave main.c out). */
__attribute__((weak)) uint8_t app_in[APP_BENCH_MAX];
__attribute__((weak)) uint8_t app_out[APP_BENCH_MAX];

int host_quiet;
unsigned long host_lines;
static uint64_t ticks;

void plat_init(void) {}
int plat_call(int (*fn)(void *), void *arg) { return fn(arg); }

#ifdef VC_COST_HOOK
/* The cost hook's counts (fw/src/cost.h): per (event, a, b), open addressing; a section ends at
 * each read of the cycle counter (a timed call is the section between its two reads). */
#define COST_SLOTS 1024
struct cost_slot {
  uint32_t event, a, b, count;
};
static struct cost_slot cost_cur[COST_SLOTS], cost_last[COST_SLOTS];
static int cost_full;
static const char *const cost_names[] = {
#define COST_NAME(NAME, name) #name,
  VC_COST_EVENTS(COST_NAME)
#undef COST_NAME
};

void vc_cost(unsigned event, uint32_t a, uint32_t b)
{
  uint32_t h = ((event * 0x9E3779B1u) ^ (a * 0x85EBCA77u) ^ (b * 0xC2B2AE3Du)) % COST_SLOTS;
  for (unsigned i = 0; i < COST_SLOTS; i++, h = (h + 1) % COST_SLOTS) {
    if (!cost_cur[h].count) {
      cost_cur[h].event = event;
      cost_cur[h].a = a;
      cost_cur[h].b = b;
    }
    struct cost_slot *c = &cost_cur[h];
    if (c->event == event && c->a == a && c->b == b) {
      c->count++;
      return;
    }
  }
  cost_full = 1;
}

size_t plat_cost_section(struct app_cost *out, size_t cap)
{
  size_t n = 0;
  if (cost_full) {        /* never at the design space's sizes: a lost count would be a wrong estimate */
    fprintf(stderr, "cost: more than %d kinds of event in one section\n", COST_SLOTS);
    exit(2);
  }
  for (unsigned i = 0; i < COST_SLOTS; i++)
    if (cost_last[i].count) {
      if (n == cap) {
        fputs("cost: a section's events overflow the answer\n", stderr);
        exit(2);
      }
      out[n++] = (struct app_cost){cost_names[cost_last[i].event], cost_last[i].a, cost_last[i].b, cost_last[i].count};
    }
  return n;
}

/* GMP's exponentiation stands for the sequence's products, which the emulation only noted. */
void vc_cost_exp(uint32_t *acc, const uint32_t *x, const uint32_t *m, size_t n, const uint32_t *e, size_t ebits)
{
  mpz_t a, md, ex;
  mpz_inits(a, md, ex, NULL);
  mpz_import(a, n, -1, sizeof(uint32_t), 0, 0, x);
  mpz_import(md, n, -1, sizeof(uint32_t), 0, 0, m);
  mpz_import(ex, (ebits + 31) / 32, -1, sizeof(uint32_t), 0, 0, e);
  mpz_fdiv_r_2exp(ex, ex, ebits);                    /* bits at and above ebits are not read */
  mpz_powm(a, a, ex, md);
  mpz_mul_2exp(a, a, 32 * n);
  mpz_mod(a, a, md);
  memset(acc, 0, n * sizeof(uint32_t));
  mpz_export(acc, NULL, -1, sizeof(uint32_t), 0, 0, a);
  mpz_clears(a, md, ex, NULL);
}
#endif

uint64_t plat_cycles(void)
{
#ifdef VC_COST_HOOK
  memcpy(cost_last, cost_cur, sizeof(cost_cur));
  memset(cost_cur, 0, sizeof(cost_cur));
#endif
  return ticks++;
}
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
