"""What a suite is, for the host: the description the registry (suites/__init__.py) holds.

The firmware runs a suite and prints one JSON record per result; everything the host does with
those records is the suite's: the progress line, the check against an independent reference,
the rows of `make sim`'s table and the section of the performance page. Suites that share a
table or a page section (hash, block and stream) name the same function; it is rendered once
with all their records.
"""

from dataclasses import dataclass
from typing import Callable, Optional


def no_check(rec):
    return None


@dataclass(frozen=True)
class RunOptions:
    """The options of a run that decide how much a suite does (the firmware's run request)."""
    runs: int = 3
    all: bool = False
    sizes: tuple = (64, 1024, 8192)
    modes: tuple = ("cbc",)


@dataclass(frozen=True)
class Suite:
    name: str
    # Simulated cycles the suite takes with the given RunOptions, roughly (within a factor of
    # two): the runner announces how long a run will be.
    estimate: Callable[[RunOptions], float]
    # One progress line for a record (without the "[suite]" prefix).
    progress: Callable[[dict], str]
    # None when the record's output equals the host's reference, else the reason.
    check: Callable[[dict], Optional[str]] = no_check
    # (records of the suites sharing it, config name) -> lines of make sim's table, [] if none.
    table: Optional[Callable[[list, str], list]] = None
    # (all records, run metadata, the committed data: pages.publish.Data) -> lines of a
    # performance page, [] if none.
    page: Optional[Callable[[list, dict, object], list]] = None
    # The page under docs/ its section goes to (make bench writes every page it has sections for),
    # and the other suites whose records the section also reads (a comparison), if they ran.
    # An accelerator's suite: its cost section from the committed synthesis data (pages.publish.Data),
    # on its page and in its hardware README.
    cost: Optional[Callable[[object], list]] = None
    # An accelerator's suite: its README block (records, meta, data) -> lines, from its page's data.
    readme: Optional[Callable[[list, dict, object], list]] = None
    # An accelerator's page (its row in hw/config.py) is published from a build with it only.
    page_file: str = "performance.md"
    page_uses: tuple = ()
    # A plain page measured in a build with these accelerators (hw/config.py names), each case on
    # them and off them in one binary: make bench runs the suite when exactly these are on.
    accelerators: tuple = ()
    # Firmware symbols whose sizes its page reads (the run's metadata "symbols", from the ELF).
    symbols: tuple = ()


def source_line(meta, page):
    """The first line of a README block: where its figures come from."""
    return f"From [docs/{page}](/docs/{page}) (commit `{meta['commit'][:7]}`,\n`{meta['command']}`)."


def status(rec):
    """"ok" or "FAIL" for a benchmark record: it ran correctly and the host check agreed."""
    return "ok" if rec.get("ok") and not rec.get("check_error") else "FAIL"


def constant_time(records):
    """The records of constant-time calls: the pk and mp suites also measure variable-time twins
    ("var": true) of the operations that take a secret."""
    return [r for r in records if not r.get("var")]


def find(records, suite, **kw):
    """The records of `suite` (a name or a tuple of names) whose fields equal `kw`."""
    names = (suite,) if isinstance(suite, str) else suite
    return [r for r in records if r.get("suite") in names and all(r.get(k) == v for k, v in kw.items())]


def by_impl(records, fields):
    """{(values of `fields`): {impl: record}} of the timed records: the same case on a unit ("hw")
    and off it ("sw"; a record without impl is software), for the speedup tables and plots."""
    out = {}
    for r in records:
        if "cycles" in r:
            out.setdefault(tuple(r.get(f) for f in fields), {})[r.get("impl", "sw")] = r
    return out


def cycles(v):
    """A cycle count for a page cell: 1,234 or "-"."""
    return f"{v:,.0f}" if v is not None else "-"


def mcycles(v):
    """A large cycle count in millions: 1.23 M or "-"."""
    return f"{v / 1e6:,.2f} M" if v is not None else "-"


def _tool(data, name):
    """A tool's version, short: "Yosys 0.70", "nextpnr-0.11.1"."""
    v = data["tools"].get(name, "?")
    return v.split(" (git")[0].split("(Version ")[-1].rstrip(")").strip('"')


def speedup_table(title, rows, unit, footer=()):
    """make sim's table of an accelerator's suite, one build: (operation, what the software path
    ran, its cycles, the accelerator's cycles, the records' check) per row."""
    w_op = max([len("operation")] + [len(r[0]) for r in rows])
    w_sw = max([len("software (what ran)")] + [len(r[1]) for r in rows])
    head = f"{'operation':<{w_op}}  {'software (what ran)':<{w_sw}}  {'cycles':>12}  {unit:>12}  {'speedup':>7}  check"
    lines = [title, "", head, "-" * len(head)]
    for op, what, sw, hw, ok in rows:
        lines.append(f"{op:<{w_op}}  {what:<{w_sw}}  {sw:>12,.0f}  {hw:>12,.0f}  {sw / hw:>6.1f}x  {ok}")
    return lines + list(footer)


def synth_lines(data, lut_note):
    """An accelerator page's cost section from its synthesis report (docs/synth-<accel>.json,
    `vexrun cost --accel NAME --publish ...`): every row's cells, Fmax and verdict; `lut_note` says
    where the unit's memory is besides the LUT4 count."""
    out = ["", "### Cost on ECP5 (yosys and nextpnr-ecp5 from PyPI, LFE5U-45F-6 of the ULX3S)", "",
           f"From `{data['command']}` at commit `{data['commit'][:7]}` ({_tool(data, 'yosys')}, "
           f"{_tool(data, 'nextpnr-ecp5')}). LUT4: yosys `synth_ecp5` cells ({lut_note}); COMB: the LUT positions "
           f"nextpnr places (LUT4s, LUT RAM and carry chains). Fmax over placement "
           f"{'seeds' if len(data['seeds']) > 1 else 'seed'} {', '.join(map(str, data['seeds']))} for the SoC; "
           "a configuration the board refuses at its clock is built at the clock the refusal names "
           "(boards/__init__.py).", "",
           "| design | LUT4 | DPR16X4 | COMB | FF | MULT18X18D | DP16KD | Fmax (MHz) | clock | |",
           "|---|---:|---:|---:|---:|---:|---:|---|---:|---|"]
    for r in data["rows"]:
        fm = " / ".join(f"{f:.1f}" for f in r["fmax_mhz"])
        out.append(f"| {r['design']} | {cycles(r['lut4'])} | {cycles(r['dpr16x4'])} | {cycles(r['comb'])} | "
                   f"{r['ff']:,} | {r['mult18']} | {cycles(r.get('bram'))} | {fm} | {r['clock_mhz']:g} | "
                   f"{'meets' if r['pass'] else '**misses**'} the clock |")
    return out
