"""The host package's structure: no import cycles in vexrun/ and hw/ (function-level imports
included), the suite registry covering every suite the firmware runs, and the configuration."""

import ast
import re
from pathlib import Path

import pytest

from hw.config import CPU_VARIANTS, ConfigError, SocConfig
from vexrun import suites
from vexrun.soc.build import Config
from vexrun.env import ROOT, ToolError

PACKAGES = ("vexrun", "hw")


def module_graph():
    """{module: {modules it imports}} over the project's packages, from every import statement
    anywhere in a file (top level or inside functions), relative imports resolved."""
    files = {}
    for pkg in PACKAGES:
        for f in (ROOT / pkg).rglob("*.py"):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            files[name] = (f, parts[-1] == "__init__")
    graph = {}
    for name, (f, is_pkg) in files.items():
        package = name if is_pkg else name.rpartition(".")[0]
        deps = set()
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # `from pkg import mod` imports the submodule when there is one.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            else:
                continue
            unresolved = [t for t in targets if t.split(".")[0] in PACKAGES and t not in files]
            assert not unresolved, f"{name} imports {unresolved}, which is not a module of the project"
            deps |= {t for t in targets if t in files and t != name}
        graph[name] = deps
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    graph = module_graph()
    assert "vexrun.cli" in graph and "hw.soc" in graph and "vexrun.suites.ec" in graph
    assert cycles(graph) == []


def test_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_sys_path_inserts():
    offenders = [str(f.relative_to(ROOT)) for d in ("vexrun", "hw", "sim", "boards", "tests", "cocotb-tests")
                 for f in (ROOT / d).rglob("*.py") if "sys.path.insert" in f.read_text()
                 and f.name != "test_host_package.py"]
    assert offenders == []


def test_registry_covers_the_firmware_suites():
    """Every suite the firmware defines (suite_<name> beside its code) has a host description, and no host suite is
    unknown to the firmware."""
    fw = {m.group(1): m.group(2) for f in (ROOT / "fw" / "app").glob("*.c")
          for m in re.finditer(r'const struct suite suite_(\w+) = \{"(\w+)"', f.read_text())}
    assert all(k == v for k, v in fw.items()) and set(fw) == set(suites.SUITES)


def test_registry_dispatches_checks_and_refuses_unknown_suites():
    assert "sha256" in suites.check({"suite": "hash", "prim": "sha256", "op": "hash", "bytes": 64, "out": "00" * 32})
    assert suites.check({"suite": "block", "prim": "des", "op": "setkey", "bytes": 0}) is None
    assert "no host reference" in suites.check({"suite": "mystery", "prim": "x"})
    assert suites.progress({"suite": "hash", "prim": "md5", "op": "hash", "bytes": 64, "cycles": 1234}) \
        == "[hash] md5 hash 64 B: 1,234 cycles"


def test_shared_tables_render_once():
    recs = [{"suite": s, "prim": "p", "op": "o", "bytes": 64, "cycles": 100, "runs": 1, "ok": True}
            for s in ("hash", "block", "stream")]
    blocks = suites.tables(recs, "full")
    assert len(blocks) == 1 and len(blocks[0]) == 2 + 3


def test_estimates_come_from_measured_suites():
    """A suite measured in a committed run is announced from its measurement, scaled by its model
    to the options asked; one never measured falls back to the model."""
    measured = {("hash", "full"): (1_000_000, suites.RunOptions(runs=1)),
                ("hash", "full-clmul"): (2_000_000, suites.RunOptions(runs=1))}
    assert suites.estimate(["hash"], suites.RunOptions(runs=1), "full", measured) == 1_000_000
    assert suites.estimate(["hash"], suites.RunOptions(runs=3), "full", measured) == 3_000_000
    assert suites.estimate(["hash"], suites.RunOptions(runs=1), "full-clmul", measured) == 2_000_000
    assert suites.estimate(["hash"], suites.RunOptions(runs=1), "lite", measured) == 1_000_000
    assert suites.estimate(["stream"], suites.RunOptions(), "full", measured) == suites.SUITES["stream"].estimate(
        suites.RunOptions())


def test_estimates_grow_with_runs_and_sizes():
    small = suites.estimate(["hash", "block"], suites.RunOptions(runs=1))
    assert 0 < small < suites.estimate(["hash", "block"], suites.RunOptions(runs=3))
    assert small < suites.estimate(["hash", "block"], suites.RunOptions(runs=1, sizes=(64, 65504)))


@pytest.mark.parametrize("variant,switches,name", [
    ("full", {}, "full"), ("full", {"clmul": 1}, "full-clmul"), ("full+cfu", {}, "full-clmul"),
    ("full", {"clmul": 1, "mont": 1}, "full-clmul-mont"), ("minimal", {}, "minimal"),
])
def test_config_names(variant, switches, name):
    cfg = SocConfig.parse(variant, **switches)
    assert cfg.name == name and cfg.cpu_variant in CPU_VARIANTS
    assert cfg.litex_cpu_variant == ("full+cfu" if cfg.clmul else cfg.cpu_variant)
    assert SocConfig.from_name(name) == cfg


def test_bad_configurations_get_one_line_reasons():
    with pytest.raises(ConfigError, match="valid are"):
        SocConfig.parse("huge")
    with pytest.raises(ToolError, match="CFU port"):
        Config.parse("lite", clmul=True)


def test_suite_checks_accept_right_outputs_and_refuse_wrong_ones():
    """The host checks of the ec and clmul suites on records made here from the models: right
    outputs pass, a flipped bit fails (so a check that cannot fail, or cannot run, shows)."""
    from hw.clmul import model
    from vexrun.models import ec2m
    from vexrun.models.gf2m import F163
    from vexrun.suites.clmul import insn_pairs

    a, b = 0x123456789ABCDEF0123456789ABCDEF012345678 >> 2, 0x7654321 << 100
    rec = {"suite": "ec", "prim": "gf2m", "op": "mul_clmul", "bits": 163, "a": f"{a:042x}", "b": f"{b:042x}",
           "out": f"{F163.mul(a, b):042x}"}
    assert suites.check(rec) is None
    assert "wrong" in suites.check(dict(rec, out=f"{F163.mul(a, b) ^ 1:042x}"))

    acc = 0
    for x, y in insn_pairs("vexcrypt/clmul/insn", 8):
        acc ^= model.ClmulUnit().execute(model.fid(model.ZBC, model.CLMULH), x, y)[0]
    rec = {"suite": "clmul", "prim": "insn", "op": "clmulh", "impl": "hw", "count": 8,
           "seed": "vexcrypt/clmul/insn", "out": f"{acc:08x}"}
    assert suites.check(rec) is None
    assert "differs" in suites.check(dict(rec, out=f"{acc ^ 4:08x}"))

    c = ec2m.curve("K-163")
    k = 0x1234567
    p = c.mul(k, c.G)
    rec = {"suite": "clmul", "prim": "ec_mul", "op": "mul", "curve": "K-163", "k": f"{k:042x}",
           "p": "04" + f"{p.x:042x}" + f"{p.y:042x}"}
    assert suites.check(rec) is None
    q = c.mul(k + 1, c.G)
    assert "wrong" in suites.check(dict(rec, p="04" + f"{q.x:042x}" + f"{q.y:042x}"))
