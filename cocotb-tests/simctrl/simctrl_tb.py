"""cocotb tests of hw/simctrl/vexsim_ctrl.v against its models (hw/simctrl/model.py): the trace
window after every clock edge, for the plusargs test_simctrl.py passes in VEXSIM_PLUSARGS, and the
instruction classes of a random retirement stream."""

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

from hw.simctrl.model import CLASSES, RetireCounterModel, VexsimCtrlModel


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


# Instruction words of every class: a load, a store, an AMO, OP (mul), OP-IMM, LUI, AUIPC, a
# custom-0 (CFU) word; a branch, JAL, JALR, csrr minstret, a fence; and an unused opcode.
WORDS = (0x0002A303, 0x0062A023, 0x0062A2AF, 0x02B50533, 0x00150513, 0x123452B7, 0x00000297, 0x0000000B,
         0x00B50463, 0x0080006F, 0x00008067, 0xB0202573, 0x0FF0000F, 0x0000007F)


@cocotb.test()
async def instruction_classes_follow_the_model(dut):
    """A random retirement stream with marks (some back to back, some on a retiring edge): the
    spans after every edge equal RetireCounterModel's."""
    rng = random.Random(20261127)
    model = RetireCounterModel()
    dut.exit_valid.value = 0
    dut.exit_status.value = 0
    dut.retire_valid.value = 0
    dut.retire_insn.value = 0
    dut.mark.value = 0
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    await FallingEdge(dut.clk)
    marks = 0
    for k in range(600):
        valid = rng.random() < 0.8
        insn = rng.choice(WORDS) if rng.random() < 0.9 else rng.getrandbits(32)
        mark = rng.random() < 0.06 or k in (300, 301)
        marks += mark
        dut.retire_valid.value, dut.retire_insn.value, dut.mark.value = int(valid), insn, int(mark)
        await RisingEdge(dut.clk)
        model.edge(valid, insn, mark)
        await FallingEdge(dut.clk)
        got = {c: int(getattr(dut, f"span_{c}").value) for c in CLASSES}
        assert got == model.span, f"edge {k}: {got} vs the model's {model.span}"
    assert marks > 20 and all(model.total.values())
