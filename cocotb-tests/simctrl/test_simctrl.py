"""The simulation control block (hw/simctrl/vexsim_ctrl.v) against its models: the trace window
for several plusarg settings, the instruction classes on a random stream; the models' own tests."""

from pathlib import Path

import pytest

from hw.simctrl.core import RTL
from hw.simctrl.model import RetireCounterModel, VexsimCtrlModel, insn_class


@pytest.fixture(scope="module")
def block(build_block):
    return build_block("simctrl", [RTL], "vexsim_ctrl", Path(__file__).parent)


@pytest.mark.parametrize("plusargs", [
    [],                                               # no window, no bound
    ["+trace_begin=5", "+trace_end=12"],
    ["+trace_begin=0", "+trace_end=3", "+max_cycles=1000"],
    ["+trace_begin=40", "+trace_end=41"],
])
def test_vexsim_ctrl(block, plusargs):
    total, failed = block.run("simctrl_tb", plusargs, env={"VEXSIM_PLUSARGS": " ".join(plusargs)},
                              testcase="trace_window_follows_the_model")
    assert total == 1 and failed == 0


def test_instruction_classes(block):
    total, failed = block.run("simctrl_tb", testcase="instruction_classes_follow_the_model")
    assert total == 1 and failed == 0


def test_model_itself():
    m = VexsimCtrlModel(max_cycles=100, trace_begin=3, trace_end=5)
    assert [m.trace_after_edge(k) for k in range(7)] == [0, 0, 0, 1, 1, 0, 0]
    assert not m.ends_at_edge(99) and m.ends_at_edge(100)
    assert not VexsimCtrlModel().ends_at_edge(10**12)
    assert VexsimCtrlModel.from_plusargs(["+trace_begin=2", "+max_cycles=9"]).__dict__ == \
        {"max_cycles": 9, "begin": 2, "end": 0}


def test_class_model_itself():
    # lw, sw, mul, addi, lui, auipc, beq, jal, jalr, csrr minstret, fence, a CFU word.
    words = {0x0002A303: "memory", 0x0062A023: "memory", 0x02B50533: "compute", 0x00150513: "compute",
             0x123452B7: "compute", 0x00000297: "compute", 0x00B50463: "control", 0x0080006F: "control",
             0x00008067: "control", 0xB0202573: "control", 0x0FF0000F: "control", 0x0000000B: "compute"}
    assert {w: insn_class(w) for w in words} == words
    m = RetireCounterModel()
    for valid, insn, mark in [(1, 0x00150513, 0), (1, 0x0002A303, 1), (1, 0x00B50463, 0), (0, 0x00150513, 0),
                              (1, 0x00150513, 1), (0, 0, 1)]:
        m.edge(valid, insn, mark)
    # The first mark took the addi; the second the lw and the beq (the lw retired at the first
    # mark's edge: after it); the third the addi that retired at the second's.
    assert m.span == {"compute": 1, "memory": 0, "control": 0}
    assert m.total == {"compute": 2, "memory": 1, "control": 1}
