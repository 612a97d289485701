"""The board x configuration table and the memory-fidelity table (boards/README.md).

`vexrun board-table` reads every passing `make bitstream` report under build/boards/ (utilization,
Fmax against the board's clock, build time), runs the headline requests on the simulation of
each built configuration with single-cycle RAM and with the board's memory system (`vexrun sim
--memory sdram`: the ULX3S's SDRAM behind the 8 KiB L2), and saves both in docs/boards.json;
the publisher renders the two tables from it.

A figure in milliseconds is the SDRAM simulation's cycles at the board's clock. The SDRAM model
is the ULX3S's (MT48LC16M16 behind the 8 KiB L2); the other boards' memories differ (a 32-bit
SDR SDRAM on the Colorlight i5, DDR3 on the OrangeCrab, a 128-byte L2 on the Tang Nano 20K), so
their figures are the ULX3S memory system's cycles at their clock. Each figure is the median of
`runs` calls of the same oracle request in one simulation; the first call warms the caches like
the benchmarks' runs do. A build with accelerators measures every request on them (the build's
default path) and with the software path forced ("impl": "sw").
"""

import hashlib
import json
import statistics
import time
from pathlib import Path

from hw.config import SocConfig

from vexrun.env import ROOT, ToolError, UsageError, git_commit
from vexrun.soc.build import Config, ensure_all
from vexrun.soc.sim import SimSession
from vexrun.suites.records import bench_iv, bench_key, bench_pattern
from vexrun.vectors import kat_ec, pkdata

BUILDS = ROOT / "build" / "boards"
MEMORIES = ("sram", "sdram")
# The board table's columns: (heading, the request's label).
COLUMNS = (("SHA-256 8 KiB", "SHA-256, 8 KiB"),
           ("AES-128 CBC 8 KiB", "AES-128 tab CBC encrypt, 8 KiB"),
           ("RSA-1024 sign", "RSA-1024 sign (CRT, SHA-256 digest)"),
           ("B-163 kG", "B-163 kG, optimized set"))
SW = ", software"          # the label suffix of a request with the software path forced


def hx(v: int) -> str:
    h = format(v, "x")
    return h if len(h) % 2 == 0 else "0" + h


def cases():
    """(label, request) of the headline figures."""
    msg = bench_pattern(8192).hex()
    k = pkdata.rsa_key(1024)
    m = k.n
    a, b = (k.d % m), (k.p * k.q - 12345) % m
    digest = hashlib.sha256(b"vexcrypt").hexdigest()
    scalar = (int.from_bytes(hashlib.sha256(b"kG").digest(), "big") % (1 << 162)).to_bytes(
        kat_ec.NLEN["B-163"], "big").hex()
    return [
        ("SHA-256, 8 KiB", {"op": "sha256", "msg": msg}),
        ("AES-128 tab CBC encrypt, 8 KiB", {"op": "aes_tab", "mode": "cbc", "key": bench_key(16).hex(),
                                            "iv": bench_iv(16).hex(), "msg": msg}),
        ("RC4, 8 KiB", {"op": "rc4", "key": bench_key(16).hex(), "msg": msg}),
        ("Montgomery product, 1024 bits", {"op": "montmul", "m": hx(m), "a": hx(a), "b": hx(b)}),
        ("RSA-1024 sign (CRT, SHA-256 digest)", {"op": "rsa", "fn": "sign", "hash": "sha256", "digest": digest,
                                                 "crt": "src", "n": hx(k.n), "e": hx(k.e), "d": hx(k.d),
                                                 "p": hx(k.p), "q": hx(k.q)}),
        ("B-163 kG, optimized set", {"op": "ec", "curve": "B-163", "fn": "mul", "k": scalar}),
    ]


def measure(cfg: Config, runs, log):
    """{label: median cycles} of the headline requests in one simulation of `cfg`."""
    reqs = cases()
    if cfg.soc.accelerators:
        reqs += [(label + SW, dict(req, impl="sw")) for label, req in reqs]
    ensure_all(cfg, log=log)
    figures = {}
    with SimSession(cfg, max_cycles=20_000_000_000, read_timeout=900) as s:
        for label, req in reqs:
            cyc = []
            for _ in range(runs):
                r = s.request(req)
                if not r.get("ok"):
                    raise ToolError(f"{cfg.name}: {label}: {r.get('error', r)}")
                cyc.append(r["cycles"])
            figures[label] = statistics.median(cyc)
            log(f"  {cfg.name}: {label}: {figures[label]:,.0f} cycles (runs {cyc})")
    return figures


def reports(folder: Path):
    """The builds' reports at their board's default clock (not a -<MHz>mhz variant)."""
    out = []
    for f in sorted(folder.glob("*/report.json")):
        r = json.loads(f.read_text())
        if f.parent.name == f"{r['board']}-{r['config']}":
            out.append({k: r[k] for k in ("board", "title", "config", "pass", "fmax_mhz", "requested_mhz", "wall_s",
                                          "seed", "commit")}
                       | {"resources": {k: r["resources"][k] for k in ("lut", "ff", "dsp", "bram") if k in r["resources"]},
                          "critical_path": (r.get("critical_paths") or [None])[0]})
    return out


def collect(builds=BUILDS, runs=3, command="", log=print) -> dict:
    """docs/boards.json: the build reports and the figures of each built configuration."""
    rows = reports(Path(builds))
    if not rows:
        raise UsageError(f"no build reports in {builds}: run make bitstream BOARD=... first")
    commit = git_commit()
    figures = {}
    for name in sorted({r["config"] for r in rows}):
        soc = SocConfig.from_name(name)
        figures[name] = {mem: measure(Config(soc, memory=mem), runs, log) for mem in MEMORIES}
    return {"meta": {"commit": commit, "date": time.strftime("%Y-%m-%d", time.gmtime()), "runs": runs,
                     "command": command}, "builds": rows, "figures": figures}


def render_boards(data) -> str:
    """The board x configuration table."""
    if data is None:
        return "(no data yet: docs/boards.json, `vexrun board-table --publish docs`)"
    head = ("| board | config | LUT | FF | DSP | BRAM | Fmax / clock (MHz) | build | "
            + " | ".join(f"{c} (ms)" for c, _ in COLUMNS) + " |")
    lines = [head, "|" + "---|" * 8 + "---:|" * len(COLUMNS)]
    for r in sorted(data["builds"], key=lambda r: (r["title"], r["config"])):
        res = r["resources"]
        cell = lambda k: f"{res[k]['used']} ({res[k]['percent']:.0f} %)" if k in res else "-"  # noqa: E731
        figs = data["figures"][r["config"]]["sdram"]
        ms = [f"{figs[label] / (r['requested_mhz'] * 1e3):.2f}" for _, label in COLUMNS]
        fmax = "does not fit" if r["fmax_mhz"] is None else f"{r['fmax_mhz']:.1f}"   # no placement, no timing
        lines.append(f"| {r['title']} | {r['config']} | {cell('lut')} | {cell('ff')} | {cell('dsp')} | {cell('bram')} | "
                     f"{fmax} / {r['requested_mhz']:.0f}{'' if r['pass'] else ' FAIL'} | "
                     f"{r['wall_s']:.0f} s | " + " | ".join(ms) + " |")
    import boards
    refused = [f"- {b.title}, {lim.config}: {lim.found}"
               + (f"; it meets {lim.max_mhz} MHz (`SYS_CLK_MHZ={lim.max_mhz}`)." if lim.max_mhz else ".")
               for b in boards.BOARDS.values() for lim in b.limits]
    if refused:
        lines += ["", "Refused up front at the board's clock (`make bitstream` stops with the reason before "
                  "building; the limits are boards/__init__.py's, from these builds):", "", *refused]
    m = data["meta"]
    lines += ["", f"Builds at {', '.join(sorted({r['commit'] for r in data['builds']}))} (seed "
              f"{', '.join(sorted({str(r['seed']) for r in data['builds']}))}); figures at {m['commit']}, `{m['command']}`: "
              f"ms = cycles of one call (median of {m['runs']}, the SDRAM simulation, the build's default path) / the "
              "board's clock."]
    return "\n".join(lines)


def render_memory(data) -> str:
    """Each headline request on single-cycle RAM and on the board's memory system."""
    if data is None:
        return "(no data yet: docs/boards.json, `vexrun board-table --publish docs`)"
    configs = sorted(data["figures"])
    lines = ["| benchmark (cycles of one call) | " + " | ".join(f"`{c}` sram | `{c}` sdram | change" for c in configs)
             + " |", "|---|" + "---:|---:|---:|" * len(configs)]
    labels = list(dict.fromkeys(label for c in configs for label in data["figures"][c]["sram"]))
    for label in labels:
        cells = []
        for c in configs:
            a, b = data["figures"][c]["sram"].get(label), data["figures"][c]["sdram"].get(label)
            cells.append(f"{a:,.0f} | {b:,.0f} | {100 * (b - a) / a:+.1f} %" if a and b else " | | ")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    m = data["meta"]
    lines += ["", f"Median of {m['runs']} calls in one simulation, the first warming the caches; at {m['commit']}, "
              f"`{m['command']}`. A build with accelerators runs each request on them and again with the software "
              f"path forced (\"{SW[2:]}\")."]
    return "\n".join(lines)
