"""The Montgomery co-processor's LiteX wrapper (hw/mont/core.py) with LiteX's CSR bank, as the
SoC builds them, against the golden model through the CSR bus and the Wishbone window: the
cocotb tests of wrapper_tb.py at the SoC's parameters (W = 32, MAX_BITS = 4096, 8 slots)."""

import json
from pathlib import Path

import pytest

from hw.mont import RTL
from wrapper_top import write_verilog

HERE = Path(__file__).resolve().parent
TESTS = ["products_through_the_bus", "queue_runs_back_to_back", "add_sub_through_the_queue",
         "a_third_command_is_dropped",
         "errors_and_ninv_while_busy", "ninv_write_while_queued", "window_bytes_and_wrap",
         "reset_with_a_queued_command"]
PARAMS = {"W": 32, "MAX_BITS": 4096, "SLOTS": 8}


@pytest.fixture(scope="module")
def wrapper(build_block, tmp_path_factory):
    top = tmp_path_factory.mktemp("mont_wrap") / "mont_wrap.v"
    csrs = write_verilog(top, **PARAMS)
    b = build_block("mont-wrapper", [top, RTL], "mont_wrap", HERE)
    env = {"MONT_W": str(PARAMS["W"]), "MONT_MAX_BITS": str(PARAMS["MAX_BITS"]),
           "MONT_SLOTS": str(PARAMS["SLOTS"]), "MONT_CSRS": json.dumps(csrs)}
    return b, env


@pytest.mark.parametrize("test", TESTS)
def test_mont_wrapper(wrapper, test):
    b, env = wrapper
    total, failed = b.run("wrapper_tb", env=env, testcase=test)
    assert total == 1 and failed == 0
