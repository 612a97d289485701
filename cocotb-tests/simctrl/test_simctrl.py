"""The simulation control block (hw/simctrl/vexsim_ctrl.v) against its model, for several
plusarg settings, and the model's own test."""

from pathlib import Path

import pytest

from hw.simctrl.core import RTL
from hw.simctrl.model import VexsimCtrlModel


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
    total, failed = block.run("simctrl_tb", plusargs, env={"VEXSIM_PLUSARGS": " ".join(plusargs)})
    assert total == 1 and failed == 0


def test_model_itself():
    m = VexsimCtrlModel(max_cycles=100, trace_begin=3, trace_end=5)
    assert [m.trace_after_edge(k) for k in range(7)] == [0, 0, 0, 1, 1, 0, 0]
    assert not m.ends_at_edge(99) and m.ends_at_edge(100)
    assert not VexsimCtrlModel().ends_at_edge(10**12)
    assert VexsimCtrlModel.from_plusargs(["+trace_begin=2", "+max_cycles=9"]).__dict__ == \
        {"max_cycles": 9, "begin": 2, "end": 0}
