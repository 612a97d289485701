"""cocotb test of hw/simctrl/vexsim_ctrl.v against its model (hw/simctrl/model.py): the trace
window after every clock edge, for the plusargs test_simctrl.py passes in VEXSIM_PLUSARGS."""

import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

from hw.simctrl.model import VexsimCtrlModel


@cocotb.test()
async def trace_window_follows_the_model(dut):
    model = VexsimCtrlModel.from_plusargs(os.environ.get("VEXSIM_PLUSARGS", "").split())
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
