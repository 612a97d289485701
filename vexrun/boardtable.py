"""Board x configuration table: each bitstream build's report (utilization, Fmax against the
board's clock, build time, pass) beside headline benchmarks in milliseconds at that board's
clock, from the simulation that mirrors a board's memory system (vexrun sim --memory sdram).
Prints a Markdown table (boards/README.md has it).

    python -m vexrun.boardtable [--builds build/boards] [--runs 3]

The milliseconds are simulated cycles divided by the board's clock. The SDRAM model is the
ULX3S's (MT48LC16M16 behind the 8 KiB L2); the other boards' memories differ (a 32-bit SDR
SDRAM on the Colorlight i5, DDR3 on the OrangeCrab, a 128-byte L2 on the Tang Nano 20K), so
their figures are the ULX3S memory system's cycles at their clock.
"""

import argparse
import json
import sys
from pathlib import Path

from .build import Config
from .env import ROOT
from .memcompare import cases, measure

# Columns: the headline figures of memcompare.cases; the kG is the build's default path.
COLUMNS = (("SHA-256 8 KiB", "SHA-256, 8 KiB"),
           ("AES-128 CBC 8 KiB", "AES-128 tab CBC encrypt, 8 KiB"),
           ("RSA-1024 sign", "RSA-1024 sign (CRT, SHA-256 digest)"),
           ("B-163 kG", "B-163 kG, optimized"))


def reports(folder: Path):
    """The passing builds' reports at their board's default clock, by (board, config)."""
    out = {}
    for f in sorted(folder.glob("*/report.json")):
        r = json.loads(f.read_text())
        if f.parent.name == f"{r['board']}-{r['config']}":     # not a -<MHz>mhz variant
            out[r["board"], r["config"]] = r
    return out


def figures(config_name, runs, log):
    """{label: cycles} of the headline requests on the SDRAM simulation of a configuration."""
    cfg = Config.parse("full", clmul="clmul" in config_name, mont="mont" in config_name, memory="sdram")
    got = measure(cfg, cases(cfg.soc.clmul), runs, log)
    if cfg.soc.clmul:      # the build's default path for kG is the unit
        got["B-163 kG, optimized"] = got["B-163 kG, optimized, clmul unit"]
    return got


def render(builds, figs):
    head = ("| board | config | LUT | FF | DSP | BRAM | Fmax / clock (MHz) | build | "
            + " | ".join(f"{c} (ms)" for c, _ in COLUMNS) + " |")
    lines = [head, "|" + "---|" * 8 + "---:|" * len(COLUMNS)]
    for (board, config), r in sorted(builds.items()):
        res = r["resources"]
        cell = lambda k: f"{res[k]['used']} ({res[k]['percent']:.0f} %)" if k in res else "-"  # noqa: E731
        ms = [f"{figs[config][label] / (r['requested_mhz'] * 1e3):.2f}" for _, label in COLUMNS]
        verdict = "" if r["pass"] else " FAIL"
        lines.append(f"| {r['title']} | {config} | {cell('lut')} | {cell('ff')} | {cell('dsp')} | {cell('bram')} | "
                     f"{r['fmax_mhz']:.1f} / {r['requested_mhz']:.0f}{verdict} | {r['wall_s']:.0f} s | "
                     + " | ".join(ms) + " |")
    commits = sorted({r["commit"] for r in builds.values()})
    lines.append("")
    lines.append(f"Builds at {', '.join(commits)}; ms = cycles of one call (median of the runs, SDRAM simulation) "
                 "/ the board's clock.")
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--builds", type=Path, default=ROOT / "build" / "boards", help="folder of make bitstream builds")
    p.add_argument("--runs", type=int, default=3, help="calls of each request (the median is kept)")
    args = p.parse_args(argv)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    builds = reports(args.builds)
    if not builds:
        print(f"vexrun.boardtable: no build reports in {args.builds}: run make bitstream BOARD=... first",
              file=sys.stderr)
        return 1
    figs = {c: figures(c, args.runs, log) for c in sorted({c for _, c in builds})}
    print(render(builds, figs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
