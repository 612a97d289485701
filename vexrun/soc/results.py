"""Result files and tables.

A result file (results/<where>/<config>/<UTC time>.json) holds the metadata of the run (commit,
SoC configuration, toolchain versions, sim or board, command) and every JSON line the firmware
printed, raw runs included. Tables are rendered from these files, suite by suite (vexrun/suites).
"""

import json
import time
from pathlib import Path

from vexrun import suites
from vexrun.env import RESULTS, git_commit, toolchain_versions
from vexrun.suites.records import config_label


def check_record(rec):
    """None if a benchmark record's output equals the host's independent reference (hashlib,
    pycryptodome, vexrun.models, Python integers), else a reason."""
    return suites.check(rec)


def new_path(meta, where="sim"):
    """results/<where>/<config>/<UTC time>.json"""
    out_dir = RESULTS / where / meta["config"]
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    return out_dir / f"{stamp}.json"


def save(records, meta, where="sim", path=None):
    """Writes the result file (a new one under results/, or `path`, replaced whole: a board run
    saves after every record, and a reader never sees half a file)."""
    path = Path(path) if path else new_path(meta, where)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"meta": meta, "records": records}, indent=1) + "\n")
    tmp.replace(path)
    return path


def metadata(cfg_info, where, command, extra=None, commit=None):
    """`commit`: the one the measured firmware was built from (read before the run)."""
    meta = {
        "commit": commit or git_commit(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "where": where,
        "command": command,
        "soc": cfg_info,
        "config": cfg_info["config"],
        "toolchain": toolchain_versions(),
    }
    meta.update(extra or {})
    return meta


def symbol_sizes(elf, names):
    """{name: bytes} of the ELF's symbols named in `names` (functions, tables; nm -S), for the
    pages that weigh code and tables."""
    import subprocess

    from vexrun.env import CROSS
    out = subprocess.run([CROSS + "nm", "-S", str(elf)], capture_output=True, text=True, check=True).stdout
    sizes = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[3] in names:
            sizes[f[3]] = sizes.get(f[3], 0) + int(f[1], 16)
    return sizes


def render_table(records, meta):
    """Plain-text tables: a header naming the configuration, then each suite's rows."""
    where = meta["where"] + (f" ({meta['board']}, {meta['sys_clk_hz'] / 1e6:g} MHz)" if meta.get("board") else "")
    if meta.get("complete") is False:
        where += f"; PARTIAL: suites done {', '.join(meta.get('suites_done', [])) or 'none'} of {meta.get('suites')}"
    lines = [f"vexcrypt results: {config_label(meta['soc'])}, measured in {where} "
             f"(commit {meta['commit']}; cycles are the median of the runs, counter overhead "
             f"of {meta.get('cycle_overhead', '?')} cycles subtracted)"]
    for block in suites.tables(records, meta["config"]):
        lines += [""] + block
    return "\n".join(lines)


def newest():
    """The newest result file under results/."""
    from vexrun.env import UsageError
    files = sorted(RESULTS.glob("*/*/*.json"), key=lambda p: p.stat().st_mtime)
    if not files:
        raise UsageError(f"no result files under {RESULTS} yet (run `make sim`)")
    return files[-1]


def load(path):
    data = json.loads(Path(path).read_text())
    return data["records"], data["meta"]
