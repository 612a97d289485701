"""The firmware's layers: no two firmware files depend on each other both ways, the platform
includes nothing of the application, and the library includes nothing of the application and
only the drivers' headers it documents (fw/src/internal.h).

The file graph comes from the target objects (riscv64-unknown-elf-nm): file A depends on file B
when A's object uses a global symbol that B's defines. It is the union over three builds, since
the accelerated variants' calls exist only in their builds: the default one (sim_config) and the
CLMUL=1 and MONT=1 ones (those test_soc.py builds). The includes come from the sources, resolved
as the target build resolves them (the -I list of fw/Makefile's TARGET_CFLAGS), transitively."""

import re
import subprocess
from collections import defaultdict

import pytest

from vexrun.env import CROSS, ROOT

FW = ROOT / "fw"
# The firmware's own code: the library, the drivers, the application, the platform.
LAYERS = ("src", "drivers", "app", "platform")

# The drivers' headers the library may include (fw/src/internal.h): the accelerated variants
# reach their units through them.
LIB_DRIVER_HEADERS = {"accel.h", "clmul.h", "mont.h"}


def builds(sim_config):
    from vexrun.soc.build import Config, ensure_all
    return [sim_config] + [ensure_all(Config.parse(**o), log=lambda m: None)
                           for o in ({"clmul": True}, {"mont": True})]


def symbols(obj):
    """(defined, used) global symbols of an object file."""
    out = subprocess.run([CROSS + "nm", str(obj)], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 2 and f[0] == "U":
            used.add(f[1])
        elif len(f) == 3 and f[1] in "TDRBCGSVW":
            defined.add(f[2])
    return defined, used


def file_graph(obj_dirs):
    """{file: {file it depends on: the symbols}} over the firmware's objects of every build;
    files as paths under fw/ (their sources)."""
    uses = defaultdict(set)
    owner = defaultdict(set)
    for d in obj_dirs:
        for layer in LAYERS:
            for obj in sorted((d / layer).rglob("*.o")):
                name = obj.relative_to(d).with_suffix(".c").as_posix()
                if not (FW / name).is_file():      # left by a source since removed
                    continue
                defined, used = symbols(obj)
                uses[name] |= used
                for s in defined:
                    owner[s].add(name)
    graph = defaultdict(lambda: defaultdict(set))
    for a, syms in uses.items():
        for s in syms:
            for b in owner.get(s, ()):
                if b != a:
                    graph[a][b].add(s)
    return graph


def mutual_pairs(graph):
    return sorted({tuple(sorted((a, b))) for a in graph for b in graph[a] if a in graph.get(b, {})})


@pytest.fixture(scope="module")
def graph(sim_config):
    return file_graph([cfg.dir / "fw" / "obj" for cfg in builds(sim_config)])


def test_the_graph_sees_the_layers(graph):
    # The objects were found and their uses resolved: the application calls the library, the
    # library the drivers.
    assert "src/hash/sha256.c" in graph["app/prims.c"] or "src/hash/hash_class.c" in graph["app/prims.c"]
    assert "drivers/clmul.c" in graph["src/ec/gf2m_mul_clmul.c"]
    assert "drivers/mont.c" in graph["src/ec/p256_mont.c"]


def test_no_two_files_depend_on_each_other(graph):
    pairs = mutual_pairs(graph)
    assert not pairs, "files that depend on each other both ways:\n" + "\n".join(
        f"  {a} <-> {b}: {a} uses {sorted(graph[a][b])}; {b} uses {sorted(graph[b][a])}" for a, b in pairs)


def include_dirs():
    """The target build's quoted-include search list after the including file's folder: the -I
    options of fw/Makefile's TARGET_CFLAGS (the generated headers' folders excluded: nothing of
    the firmware's own is there)."""
    text = (FW / "Makefile").read_text().replace("\\\n", " ")
    flags = re.search(r"^TARGET_CFLAGS\s*:=(.*)$", text, re.M).group(1)
    return [FW / d for d in re.findall(r"-I(\S+)", flags) if "$" not in d]


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def includes(path, dirs, seen=None):
    """Every firmware header `path` includes, directly or through another."""
    seen = set() if seen is None else seen
    for name in INCLUDE.findall(path.read_text()):
        for d in [path.parent] + dirs:
            h = (d / name).resolve()
            if h.is_file():
                if h not in seen:
                    seen.add(h)
                    includes(h, dirs, seen)
                break
    return seen


def sources(layer):
    return sorted(p for p in (FW / layer).rglob("*") if p.suffix in (".c", ".h", ".S"))


def under(path, layer):
    return (FW / layer).resolve() in path.parents


def test_the_platform_includes_nothing_of_the_application():
    dirs = include_dirs()
    bad = [f"{p.relative_to(FW)} includes {h.relative_to(FW.resolve())}"
           for p in sources("platform") for h in sorted(includes(p, dirs)) if under(h, "app")]
    assert not bad, "\n".join(bad)


def test_the_library_includes_only_its_documented_driver_headers():
    dirs = include_dirs()
    bad = [f"{p.relative_to(FW)} includes {h.relative_to(FW.resolve())}"
           for p in sources("src") for h in sorted(includes(p, dirs))
           if under(h, "app") or (under(h, "drivers") and h.name not in LIB_DRIVER_HEADERS)]
    assert not bad, "\n".join(bad)
