/* vexclock: LiteX simulator module driving the SoC's one clock, the edges of LiteX's clocker
 * without its cost. The harness ticks every module once per timebase step; with one clock at
 * phase 0 (the SoC's sys_clk) the timebase is half its period (litex/build/sim/config.py), so
 * the clock is high at time 0 and toggles at every step, exactly as clocker sets it. clocker
 * recomputes the level from the time with two 64-bit divisions per step: 7 % of a simulation's
 * time. sim/build.py names this module in clocker's place. */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "modules.h"

struct session_s {
  char *clk;
  char level;
};

static int vexclock_start(void *b)
{
  (void)b;
  return RC_OK;
}

static int vexclock_new(void **sess, char *args)
{
  struct session_s *s = calloc(1, sizeof(*s));
  (void)args;
  if (!sess || !s)
    return RC_NOENMEM;
  s->level = 1;
  *sess = s;
  return RC_OK;
}

static int vexclock_add_pads(void *sess, struct pad_list_s *plist)
{
  struct session_s *s = sess;
  if (!s || !plist)
    return RC_INVARG;
  for (int i = 0; plist->pads[i].name; i++)
    if (!strcmp(plist->pads[i].name, plist->name))
      s->clk = plist->pads[i].signal;
  if (!s->clk)
    return RC_INVARG;
  *s->clk = 0;
  return RC_OK;
}

static int vexclock_tick(void *sess, uint64_t time_ps)
{
  struct session_s *s = sess;
  (void)time_ps;
  *s->clk = s->level;
  s->level ^= 1;
  return RC_OK;
}

static int vexclock_close(void *sess)
{
  free(sess);
  return RC_OK;
}

static struct ext_module_s ext_mod = {
  "vexclock", vexclock_start, vexclock_new, vexclock_add_pads, vexclock_close, vexclock_tick,
};

int litex_sim_ext_module_init(int (*register_module)(struct ext_module_s *))
{
  return register_module(&ext_mod);
}
