"""LiteX wrapper of vexsim_ctrl.v: a CSR the firmware writes its exit status to."""

from pathlib import Path

from migen import ClockSignal, Instance, Signal
from litex.gen import LiteXModule
from litex.soc.interconnect.csr import CSRField, CSRStorage

RTL = Path(__file__).with_name("vexsim_ctrl.v")


class SimControl(LiteXModule):
    """Ends the simulation from firmware with an exit status; cycle bound and trace window
    (plusargs of the model, see vexsim_ctrl.v). `platform` is LiteX's SimPlatform."""

    def __init__(self, platform):
        self.exit = CSRStorage(32, description="Write the exit status (0 = pass) to end the simulation.",
                               fields=[CSRField("status", size=32, description="Exit status.")])
        trace = Signal()
        self.specials += Instance("vexsim_ctrl",
            i_clk=ClockSignal("sys"),
            i_exit_valid=self.exit.re,
            i_exit_status=self.exit.storage,
            o_trace_on=trace)
        self.comb += platform.trace.eq(trace)
        platform.add_source(str(RTL))
