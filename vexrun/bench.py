"""`make bench`: the long benchmark sweep and its performance page.

The page is a header naming the configuration, the commit and the command, then each suite's
section (vexrun/suites): every (primitive, variant, mode, operation) at the sizes of seed 002's
Table 3 plus 64 and 8192 bytes with least-squares lines, the public-key design space, the curves,
and the seeds' figures converted to cycles beside ours.
"""

import json
from pathlib import Path

from hw.config import SocConfig

from . import headline, suites


def accelerators(meta):
    """The accelerators of the build a run was measured on."""
    return tuple(SocConfig.from_soc_info(meta["soc"]).accelerators)


def render_page(name, records, meta):
    """Page file `name` from the records of a run and its metadata (which names the command)."""
    return _header(meta, meta["command"]) + "\n".join(suites.page(name, records, meta)) + "\n"


def publish(records, meta, docs, readme=None):
    """Writes every page whose suites all ran, each with its data (docs/<page>.json: the run's
    metadata and the records the page is rendered from), and rewrites the README's headline
    blocks from that data. Returns the files written."""
    docs = Path(docs).resolve()
    written = []
    ran = {r.get("suite") for r in records}
    for name, (_, uses) in suites.pages(ran, accelerators(meta)).items():
        recs = [r for r in records if r.get("suite") in uses]
        (docs / name).write_text(render_page(name, recs, meta))
        data = docs / Path(name).with_suffix(".json")
        data.write_text(json.dumps({"meta": meta, "records": recs}, indent=1) + "\n")
        written += [docs / name, data]
    if readme is not None and written:
        readme = Path(readme)
        readme.write_text(headline.update(readme.read_text(), docs, only={p.name for p in written}))
        written.append(readme)
    return written


def _header(meta, command):
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
        f"Reproduce with: `{command}`",
        "",
    ]
    return "\n".join(lines) + "\n"
