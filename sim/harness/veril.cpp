/* The Verilator side of LiteX's simulation harness (litex/build/sim/core/veril.cpp, same entry
 * points), without the per-step cost of tracing in a build that does not trace: LiteX's version
 * opens a VCD file and flushes it under a lock on every half clock period even when nothing is
 * dumped. Here a model built without --trace has no tracer at all, and a traced one flushes only
 * when the run ends.
 *
 * An untraced model is not evaluated at the clock's falling edge either: no logic of the SoC
 * acts on it (every process is clocked by the rising edge, sim/harness/Makefile checks the
 * generated triggers), and the modules read and drive the pads only after a rising edge, so the
 * next rising edge's evaluation settles the inputs they changed before it clocks anything, as
 * the skipped evaluation would have. Verilator remembers the clock's level from the last
 * evaluation to find edges; the harness records the low level it did not evaluate. */
#include <stdint.h>

#include "Vsim.h"
#include "Vsim___024root.h"
#include "verilated.h"

#if VM_TRACE
#ifdef TRACE_FST
#include "verilated_fst_c.h"
typedef VerilatedFstC Tracer;
static const char *const trace_file = "sim.fst";
#else
#include "verilated_vcd_c.h"
typedef VerilatedVcdC Tracer;
static const char *const trace_file = "sim.vcd";
#endif
static Tracer *tfp;
static uint64_t tfp_start, tfp_end;
static Vsim *g_sim;
#endif
static uint64_t main_time;

extern "C" void litex_sim_eval(void *vsim, uint64_t time_ps)
{
  Vsim *sim = (Vsim *)vsim;
  main_time = time_ps;
#if !VM_TRACE
  if (!sim->sys_clk) {
    sim->rootp->__Vtrigprevexpr___TOP__sys_clk__0 = 0;
    sim->rootp->__Vtrigprevexpr___TOP__sys_clk__1 = 0;
    return;
  }
#endif
  sim->eval();
}

extern "C" void litex_sim_init_cmdargs(int argc, char *argv[])
{
  Verilated::commandArgs(argc, argv);
}

extern "C" void litex_sim_init_tracer(void *vsim, long start, long end)
{
#if VM_TRACE
  tfp_start = start;
  tfp_end = end >= 0 ? (uint64_t)end : UINT64_MAX;
  Verilated::traceEverOn(true);
  tfp = new Tracer;
  ((Vsim *)vsim)->trace(tfp, 99);
  tfp->open(trace_file);
  tfp->set_time_unit("1ps");
  tfp->set_time_resolution("1ps");
  g_sim = (Vsim *)vsim;
#else
  (void)vsim;
  (void)start;
  (void)end;
#endif
}

/* Called by the generated sim_init.cpp of a traced build (the sim_trace pad gates the dump). */
extern "C" void litex_sim_tracer_dump()
{
#if VM_TRACE
  if (g_sim->sim_trace && tfp_start <= main_time && main_time <= tfp_end)
    tfp->dump(main_time);
#endif
}

extern "C" int litex_sim_got_finish()
{
  if (!Verilated::gotFinish())
    return 0;
#if VM_TRACE
  tfp->close();
#endif
  return 1;
}

double sc_time_stamp()
{
  return main_time;
}
