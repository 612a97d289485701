"""cocotb tests of sim/rtl/vexsim_ctrl.v against a Python model of its trace window and bound.

Run by test_vexsim_ctrl.py (pytest), which builds the RTL with Verilator and passes the plusargs.
"""

import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge


class VexsimCtrlModel:
    """What the block promises: after rising edge k (k = 0, 1, ...), `trace_on` is high exactly
    when trace_begin <= k < trace_end, and the run ends at edge max_cycles (0: never)."""

    def __init__(self, max_cycles=0, trace_begin=0, trace_end=0):
        self.max_cycles, self.begin, self.end = max_cycles, trace_begin, trace_end

    def trace_after_edge(self, k):
        return int(self.begin <= k < self.end)

    def ends_at_edge(self, k):
        return self.max_cycles != 0 and k >= self.max_cycles


def model_from_env():
    args = dict(a.lstrip("+").split("=") for a in os.environ.get("VEXSIM_PLUSARGS", "").split() if "=" in a)
    return VexsimCtrlModel(*(int(args.get(k, 0)) for k in ("max_cycles", "trace_begin", "trace_end")))


@cocotb.test()
async def trace_window_follows_the_model(dut):
    model = model_from_env()
    dut.exit_valid.value = 0
    dut.exit_status.value = 0
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    horizon = max(model.end + 10, 64)
    assert not any(model.ends_at_edge(k) for k in range(horizon)), "test horizon must stay below the bound"
    seen = []
    for k in range(horizon):
        await RisingEdge(dut.clk)
        await FallingEdge(dut.clk)
        seen.append(int(dut.trace_on.value))
    want = [model.trace_after_edge(k) for k in range(horizon)]
    assert seen == want, f"trace window differs from the model: {seen} vs {want}"
    assert sum(want) == max(0, model.end - model.begin)


def test_model_itself():
    m = VexsimCtrlModel(max_cycles=100, trace_begin=3, trace_end=5)
    assert [m.trace_after_edge(k) for k in range(7)] == [0, 0, 0, 1, 1, 0, 0]
    assert not m.ends_at_edge(99) and m.ends_at_edge(100)
    assert not VexsimCtrlModel().ends_at_edge(10**12)
