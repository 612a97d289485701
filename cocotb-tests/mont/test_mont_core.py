"""The Montgomery co-processor core (hw/mont/mont_core.v) against its golden model
(hw/mont/model.py), in the SoC's two builds (MAX_BITS = 4096, 8 slots of 4096 bits): W = 32, the
default, and W = 64 (MONT_W=64: two bus words per word): the
cocotb tests of mont_tb.py, the known-answer file's freshness, and the functional coverage of
sizes x flags x operand classes (written to build/cocotb/mont-<params>/coverage.json)."""

import importlib.util
import json
from pathlib import Path

import pytest

from hw.mont import RTL

HERE = Path(__file__).resolve().parent
TESTS = ["random_products", "edge_operands", "shared_slots", "random_add_sub", "add_sub_edges", "back_to_back",
         "start_while_busy",
         "reset_in_the_middle_of_an_operation", "error_flags", "window_byte_writes", "known_answers"]
CONFIGS = {"w32": {"W": 32, "MAX_BITS": 4096, "SLOTS": 8}, "w64": {"W": 64, "MAX_BITS": 4096, "SLOTS": 8}}


@pytest.fixture(scope="module", params=list(CONFIGS))
def block(build_block, request):
    p = CONFIGS[request.param]
    b = build_block(f"mont-{request.param}", [RTL], "mont_core", HERE, parameters=p)
    for stale in b.build_dir.glob("coverage-*.json"):     # coverage counts this session's runs only
        stale.unlink()
    return b, p


def env(p):
    return {"MONT_W": str(p["W"]), "MONT_MAX_BITS": str(p["MAX_BITS"]), "MONT_SLOTS": str(p["SLOTS"])}


@pytest.mark.parametrize("test", TESTS)
def test_mont(block, test):
    b, p = block
    total, failed = b.run("mont_tb", env=env(p), testcase=test)
    assert total == 1 and failed == 0


def required_bins(p):
    """The coverage the tests above must reach: op/size/flags/operand class."""
    sizes = [x for x in ("32", "256", "512", "1024", "2048", "4096") if int(x) <= p["MAX_BITS"]]
    if p["W"] > 32:
        sizes.remove("32")                      # a 32-bit length is one 64-bit word: counted as "other"
    small = [x for x in ("32", "256", "1024") if x in sizes]
    bins = {f"mul/{x}/ok/random" for x in sizes} | {f"ninv/{x}/ok/random" for x in sizes}
    for x in small:
        bins |= {f"mul/{x}/ok/{c}" for c in ("zero", "n-1", "one", "equal", "mont-one", "unreduced", "n3",
                                             "mersenne", "n1", "square", "r=a", "r=b", "r=n", "a=b=r",
                                             "a=b=n=r", "swapped")}
        bins.add(f"mul/{x}/busy/busy")
    bins |= {"mul/256/ok/chain", "mul/256/ok/kat", "mul/1024/ok/kat", "mul/1024/ok/chain",
             f"mul/{p['MAX_BITS']}/ok/kat", f"mul/{p['MAX_BITS']}/ok/random"}
    # every flag, alone and with others
    bins |= {"mul/256/slot/errors", "ninv/256/slot/errors", "mul/256/mod/errors", "ninv/256/mod/errors",
             "mul/256/ninv/errors", "mul/badlen/len/errors", "ninv/badlen/len/errors", "undefined/256/op/errors",
             "undefined/badlen/op+len/errors", "mul/256/busy+mod/busy", "mul/badlen/busy+len/busy",
             "undefined/256/op/chain", "mul/badlen/len/chain", "mul/256/mod/chain", "ninv/256/mod/chain"}
    # ADD and SUB: sizes, edge operands and shared slots, busy, chained, every flag, reset
    for op in ("add", "sub"):
        bins |= {f"{op}/{x}/ok/random" for x in sizes}
        for x in small:
            bins |= {f"{op}/{x}/ok/{c}" for c in ("zero", "n-1", "equal", "n3", "mersenne", "n1", "r=a", "r=b",
                                                  "square", "a=b=r", "r=n", "swapped")}
            bins.add(f"{op}/{x}/busy/busy")
        bins |= {f"{op}/256/ok/chain", f"{op}/256/slot/chain", f"{op}/256/mod/chain", f"{op}/256/slot/errors",
                 f"{op}/256/mod/errors", f"{op}/badlen/len/errors", f"{op}/256/ok/errors", f"reset/{op}/compute",
                 f"reset/{op}/copy"}
    bins |= {f"busy/{w}/{t}" for w in ("start", "ninv") for t in ("first", "middle", "last")}
    bins |= {f"window/be{be:x}" for be in range(16)}
    bins |= {"reset/mul/compute", "reset/mul/copy", "reset/ninv/compute", "reset/mul/error"}
    return bins


def test_coverage(block):
    """Every required bin of sizes x flags x operand classes was hit (after the tests above)."""
    b, p = block
    hits = {}
    for f in b.build_dir.glob("coverage-*.json"):
        for k, v in json.loads(f.read_text()).items():
            hits[k] = hits.get(k, 0) + v
    holes = sorted(required_bins(p) - set(hits))
    (b.build_dir / "coverage.json").write_text(json.dumps({"hits": hits, "required": sorted(required_bins(p)),
                                                           "holes": holes}, indent=1, sort_keys=True))
    assert not holes, f"coverage holes: {holes}"


def test_known_answer_file_is_current():
    spec = importlib.util.spec_from_file_location("make_kat", HERE / "make_kat.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert (HERE / "mont_kat.txt").read_text() == "\n".join(mod.lines()) + "\n"
