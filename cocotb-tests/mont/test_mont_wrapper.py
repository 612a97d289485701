"""The Montgomery co-processor's LiteX wrapper (hw/mont/core.py) with LiteX's CSR bank, as the
SoC builds them, against the golden model through the CSR bus and the Wishbone window: the
cocotb tests of wrapper_tb.py at the SoC's parameters (MAX_BITS = 4096, 8 slots) at W = 32 with
the SoC's command FIFO of 4 entries and with one entry (the smallest; the tests scale with it),
and at W = 64 (MONT_W=64: a two-word ninv register, two bus words per word) with 4."""

import json
from pathlib import Path

import pytest

from hw.mont import RTL
from wrapper_top import write_verilog

HERE = Path(__file__).resolve().parent
TESTS = ["products_through_the_bus", "queue_runs_back_to_back", "add_sub_through_the_queue",
         "a_command_written_while_full_is_dropped", "space_counts_down_and_up",
         "errors_and_ninv_while_busy", "ninv_write_while_queued", "window_bytes_and_wrap",
         "reset_with_a_queued_command", "counters_count_busy_cycles_and_commands",
         "programs_run_their_commands", "program_errors_and_bounds"]
PARAMS = {"MAX_BITS": 4096, "SLOTS": 8}
BUILDS = {"q4": {"W": 32, "QUEUE": 4}, "q1": {"W": 32, "QUEUE": 1}, "w64-q4": {"W": 64, "QUEUE": 4}}


@pytest.fixture(scope="module", params=list(BUILDS))
def wrapper(build_block, tmp_path_factory, request):
    params = dict(PARAMS, **BUILDS[request.param])
    top = tmp_path_factory.mktemp("mont_wrap") / "mont_wrap.v"
    csrs = write_verilog(top, **params)
    b = build_block(f"mont-wrapper-{request.param}", [top, RTL], "mont_wrap", HERE)
    env = {f"MONT_{k}": str(v) for k, v in params.items()}
    return b, dict(env, MONT_CSRS=json.dumps(csrs))


@pytest.mark.parametrize("test", TESTS)
def test_mont_wrapper(wrapper, test):
    b, env = wrapper
    total, failed = b.run("wrapper_tb", env=env, testcase=test)
    assert total == 1 and failed == 0
