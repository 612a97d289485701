"""LiteX wrapper of vexsim_ctrl.v: a CSR the firmware writes its exit status to, one it writes
before it waits for console input (idle), which the UART module of the simulation
(sim/modules/vexuart) reads through the platform's "simctrl" pads, and the instruction classes of
the last timed section."""

from pathlib import Path

from migen import ClockSignal, Instance, Signal
from litex.gen import LiteXModule
from litex.soc.interconnect.csr import CSRField, CSRStatus, CSRStorage

RTL = Path(__file__).with_name("vexsim_ctrl.v")
RETIRE_RTL = Path(__file__).with_name("vexsim_retire.v")
CLASSES = ("compute", "memory", "control")


class SimControl(LiteXModule):
    """Ends the simulation from firmware with an exit status; cycle bound and trace window
    (plusargs of the model, see vexsim_ctrl.v); the idle handshake: the firmware, about to wait
    for input, writes how many bytes it has read from the UART, and the UART module blocks on
    its input while that is every byte it has delivered (no input pending anywhere), so an idle
    simulation sleeps instead of spinning (simulated idle time shrinks; no request's cycles
    change); the instructions retired by class between the last two pulses of `mark` (the
    cycle counter's latch: a timed section's ends). `platform` is LiteX's SimPlatform, with a
    "simctrl" resource of idle_valid and idle_count."""

    def __init__(self, platform, mark):
        self.exit = CSRStorage(32, description="Write the exit status (0 = pass) to end the simulation.",
                               fields=[CSRField("status", size=32, description="Exit status.")])
        self.idle = CSRStorage(32, description="Write before waiting for input: the simulation may block until input arrives.",
                               fields=[CSRField("count", size=32, description="Bytes read from the UART so far.")])
        spans = {}
        for c in CLASSES:
            csr = CSRStatus(64, name=f"icount_{c}", description=f"Instructions of class {c} retired between the "
                            "last two latches of the cycle counter (timer0 uptime_latch): a timed section's.")
            setattr(self, f"icount_{c}", csr)
            spans[f"o_span_{c}"] = csr.status
        trace, valid, insn = Signal(), Signal(), Signal(32)
        self.specials += Instance("vexsim_retire", o_valid=valid, o_insn=insn)
        self.specials += Instance("vexsim_ctrl",
            i_clk=ClockSignal("sys"),
            i_exit_valid=self.exit.re,
            i_exit_status=self.exit.storage,
            o_trace_on=trace,
            i_retire_valid=valid,
            i_retire_insn=insn,
            i_mark=mark,
            **spans)
        self.comb += platform.trace.eq(trace)
        pads = platform.request("simctrl")
        self.comb += [pads.idle_valid.eq(self.idle.re), pads.idle_count.eq(self.idle.storage)]
        platform.add_source(str(RTL))
        platform.add_source(str(RETIRE_RTL))
