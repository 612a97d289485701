"""The Montgomery co-processor core (hw/mont/mont_core.v) against its golden model."""

from pathlib import Path

import pytest

from hw.mont import RTL

HERE = Path(__file__).resolve().parent
TESTS = ["smoke"]


@pytest.fixture(scope="module")
def block(build_block):
    return build_block("mont-w32", [RTL], "mont_core", HERE, parameters={"W": 32, "MAX_BITS": 4096, "SLOTS": 8})


@pytest.mark.parametrize("test", TESTS)
def test_mont(block, test):
    total, failed = block.run("mont_tb", testcase=test)
    assert total == 1 and failed == 0
