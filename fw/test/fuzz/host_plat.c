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
#include "mont.h"
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

void vc_cost_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *m, size_t n)
{
  enum { K = VC_MONTU_MAX_LIMBS / 2 };
  mp_limb_t x[K], y[K], md[K], p[2 * K], cy[K], inv;
  size_t k = n / 2;
  memcpy(x, a, n * sizeof(uint32_t));          /* little-endian: two limbs of 32 bits, one of 64 */
  memcpy(y, b, n * sizeof(uint32_t));
  memcpy(md, m, n * sizeof(uint32_t));
  if (a == b)
    mpn_sqr(p, x, k);
  else
    mpn_mul_n(p, x, y, k);
  inv = md[0];                                 /* m^-1 mod 2^64 by Newton: 3, 6, ..., 96 bits */
  for (int i = 0; i < 5; i++)
    inv *= 2 - md[0] * inv;
  for (size_t i = 0; i < k; i++)               /* REDC: q = -p[i] / m mod 2^64 clears limb i */
    cy[i] = mpn_addmul_1(p + i, md, k, -p[i] * inv);
  if (mpn_add_n(p + k, p + k, cy, k) || mpn_cmp(p + k, md, k) >= 0)
    mpn_sub_n(p + k, p + k, md, k);
  memcpy(r, p + k, n * sizeof(uint32_t));
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
