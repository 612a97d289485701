"""The performance pages (docs/performance*.md): a header naming the configuration, the commit
and the command, then each suite's section (vexrun/suites): every (primitive, variant, mode,
operation) at the sizes of seed 002's Table 3 plus 64 and 8192 bytes with least-squares lines,
the public-key design space, the curves, the accelerators' speedups, and the seeds' figures
converted to cycles beside ours. `save_run` writes a run's data for the pages it covers."""

from pathlib import Path

from hw.config import SocConfig

from vexrun import suites
from vexrun.pages.data import run_file, save_json


def accelerators(meta):
    """The accelerators of the build a run was measured on."""
    return tuple(SocConfig.from_soc_info(meta["soc"]).accelerators)


def page_names():
    """Every performance page, in the suite registry's order."""
    return list(suites.page_files())


def render_page(name, records, meta, data):
    """Page file `name` from the records of a run and its metadata (which names the command);
    `data` (pages.publish.Data) gives the committed data a section compares with."""
    return _header(meta) + "\n".join(suites.page(name, records, meta, data)) + "\n"


def run_pages(records, meta):
    """{page file: its records} of the pages a run covers: every suite of the page ran, in the
    build the page is measured on."""
    out = {}
    for name, (_, uses) in suites.pages({r.get("suite") for r in records}, accelerators(meta)).items():
        out[name] = [r for r in records if r.get("suite") in uses]
    return out


def save_run(records, meta, docs):
    """Writes docs/<page>.json (the run's metadata and the records the page is rendered from)
    for every page the run covers (data.run_file: a build off the registry's defaults has a file
    of its own); returns the files written."""
    written = []
    for name, recs in run_pages(records, meta).items():
        path = Path(docs) / run_file(name, meta.get("config"))
        save_json(path, {"meta": meta, "records": recs})
        written.append(path)
    return written


def _header(meta):
    soc = meta["soc"]
    lines = [
        "# vexcrypt performance",
        "",
        f"Measured in **{meta['where']}** on VexRiscv `{soc['cpu_variant']}` "
        f"({'+'.join(accelerators(meta)) or 'no accelerators'}, "
        f"{soc['main_ram_bytes'] // 1024} KiB main RAM, 4 KiB I/D caches on `full`), commit `{meta['commit']}`, "
        f"{meta['date']}. Cycles from the SoC's own 64-bit counter, median of {meta.get('runs', '?')} runs, "
        f"counter overhead subtracted; outputs checked against host references.",
        "",
        f"Reproduce with: `{meta['command']}`",
        "",
    ]
    return "\n".join(lines) + "\n"
