"""The carry-less multiply unit (hw/clmul/cfu.v) against its golden model, for the multiplier
widths the SoC can use (PARTS = 2, the default, and the single-cycle PARTS = 1): the cocotb
tests of clmul_tb.py, the known-answer file's freshness, and the functional coverage of function
ids x operand classes (written to build/cocotb/clmul-<parts>/coverage.json)."""

import importlib.util
import json
from pathlib import Path

import pytest

from hw.clmul import RTL

HERE = Path(__file__).resolve().parent
TESTS = ["zbc_random_and_edge_operands", "field_products_in_every_order_with_back_pressure",
         "replayed_writes_and_reads", "every_function_id", "spread_squares",
         "reset_in_the_middle_of_an_operation", "known_answers"]


@pytest.fixture(scope="module", params=[2, 1], ids=lambda p: f"parts{p}")
def block(build_block, request):
    return build_block(f"clmul-{request.param}", [RTL], "Cfu", HERE, parameters={"PARTS": request.param}), request.param


@pytest.mark.parametrize("test", TESTS)
def test_clmul(block, test):
    b, parts = block
    total, failed = b.run("clmul_tb", env={"CLMUL_PARTS": str(parts)}, testcase=test)
    assert total == 1 and failed == 0


def test_coverage(block):
    """Every function-id class met every operand class it can take (after the tests above)."""
    b, parts = block
    hits = {}
    for f in b.build_dir.glob("coverage-*.json"):
        for k, v in json.loads(f.read_text()).items():
            hits[k] = hits.get(k, 0) + v
    (b.build_dir / "coverage.json").write_text(json.dumps(hits, indent=1, sort_keys=True))
    classes = {"zbc-clmul", "zbc-clmulh", "zbc-clmulr", "spread", "lda", "ldb", "len", "prod", "undefined",
               "zbc-undefined", "lda-undefined", "ldb-undefined", "len-undefined", "prod-undefined", "spread-undefined"}
    operands = {"zero", "one", "ones", "bit", "random"}
    missing = sorted(f"{c}/{o}" for c in classes for o in operands
                     if f"{c}/{o}" not in hits and (c.startswith(("zbc-cl", "spread")) or o in ("zero", "random")))
    assert not missing, f"coverage holes: {missing}"


def test_known_answer_file_is_current():
    spec = importlib.util.spec_from_file_location("make_kat", HERE / "make_kat.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert (HERE / "clmul_kat.txt").read_text() == "\n".join(mod.lines()) + "\n"
