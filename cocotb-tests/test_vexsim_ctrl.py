"""Builds sim/rtl/vexsim_ctrl.v with Verilator and runs the cocotb tests of vexsim_ctrl_tb.py
for several plusarg settings."""

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from vexrun.env import BUILD, tool_env  # noqa: E402
from vexsim_ctrl_tb import test_model_itself  # noqa: E402,F401  (the model's own test, run by pytest)

BUILD_DIR = BUILD / "cocotb" / "vexsim_ctrl"


@pytest.fixture(scope="module")
def runner():
    os.environ.update(tool_env())
    from cocotb_tools.runner import get_runner
    r = get_runner("verilator")
    r.build(sources=[ROOT / "sim" / "rtl" / "vexsim_ctrl.v"], hdl_toplevel="vexsim_ctrl",
            build_dir=BUILD_DIR, timescale=("1ns", "1ps"),
            build_args=["-Wno-fatal"], always=False)
    return r


@pytest.mark.parametrize("plusargs", [
    [],                                               # no window, no bound
    ["+trace_begin=5", "+trace_end=12"],
    ["+trace_begin=0", "+trace_end=3", "+max_cycles=1000"],
    ["+trace_begin=40", "+trace_end=41"],
])
def test_vexsim_ctrl(runner, plusargs):
    from cocotb_tools.check_results import get_results
    os.environ["VEXSIM_PLUSARGS"] = " ".join(plusargs)
    # Runs in the build tree (results, logs); the test module is found through PYTHONPATH.
    pythonpath = os.pathsep.join([str(HERE)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    results = runner.test(hdl_toplevel="vexsim_ctrl", test_module="vexsim_ctrl_tb", test_dir=BUILD_DIR,
                          plusargs=plusargs,
                          extra_env={"VEXSIM_PLUSARGS": " ".join(plusargs), "PYTHONPATH": pythonpath})
    total, failed = get_results(results)
    assert total == 1 and failed == 0
