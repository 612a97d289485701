"""Result files and tables.

A result file (results/<where>/<config>/<UTC time>.json) holds the metadata of the run (commit,
SoC configuration, toolchain versions, sim or board, command) and every JSON line the firmware
printed, raw runs included. Tables are rendered from these files.
"""

import hashlib
import json
import time
from pathlib import Path

from .env import RESULTS, git_commit, toolchain_versions


def bench_pattern(n):
    """The firmware's benchmark data (app/util.c bench_fill): byte i = (167 i + 13) mod 256."""
    return bytes((i * 167 + 13) & 0xFF for i in range(n))


# Host references for benchmark outputs: the firmware reports the output of each benchmark on
# bench_pattern(bytes) and the host checks it, so a benchmark of a wrong result cannot pass.
REFERENCES = {
    ("sha256", "hash"): lambda n: hashlib.sha256(bench_pattern(n)).hexdigest(),
}


def check_record(rec):
    """Returns None if a benchmark record's output is right (or has no host reference), else
    a reason."""
    ref = REFERENCES.get((rec.get("prim"), rec.get("op")))
    if ref is None or "out" not in rec:
        return None
    want = ref(rec["bytes"])
    if rec["out"] != want:
        return f"{rec['prim']} {rec['op']} on {rec['bytes']} bytes: output {rec['out'][:16]}..., expected {want[:16]}..."
    return None


def save(records, meta, where="sim"):
    out_dir = RESULTS / where / meta["config"]
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path = out_dir / f"{stamp}.json"
    path.write_text(json.dumps({"meta": meta, "records": records}, indent=1) + "\n")
    return path


def metadata(cfg_info, where, command, extra=None):
    meta = {
        "commit": git_commit(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "where": where,
        "command": command,
        "soc": cfg_info,
        "config": cfg_info["config"],
        "toolchain": toolchain_versions(),
    }
    meta.update(extra or {})
    return meta


def config_label(soc):
    acc = [n for n in ("clmul", "mont") if soc.get(n)] or ["no accel"]
    return f"VexRiscv {soc['cpu_variant']}, {'+'.join(acc)}, {soc['main_ram_bytes'] // 1024} KiB RAM"


def render_table(records, meta):
    """Plain-text table: one row per benchmark record, then the self-test lines."""
    soc = meta["soc"]
    lines = [f"vexcrypt results: {config_label(soc)}, measured in {meta['where']} "
             f"(commit {meta['commit']}; cycles are the median of the runs, counter overhead "
             f"of {meta.get('cycle_overhead', '?')} cycles subtracted)"]
    bench = [r for r in records if "cycles" in r and "bytes" in r]
    if bench:
        head = (f"{'suite':<8} {'primitive':<12} {'op':<8} {'impl':<5} {'bytes':>8} {'cycles':>12} {'cycles/B':>9} "
                f"{'runs':>5}  {'config':<{len(meta['config'])}}  check")
        lines += ["", head, "-" * len(head)]
        for r in bench:
            cpb = f"{r['cycles'] / r['bytes']:.1f}" if r["bytes"] else "-"
            check = "ok" if r.get("ok") and not r.get("check_error") else "FAIL"
            lines.append(f"{r['suite']:<8} {r['prim']:<12} {r['op']:<8} {r.get('impl', ''):<5} {r['bytes']:>8} "
                         f"{r['cycles']:>12,} {cpb:>9} {r['runs']:>5}  {meta['config']}  {check}")
    tests = [r for r in records if r.get("suite") == "selftest"]
    if tests:
        lines += ["", "self-tests (known-answer vectors from the NIST CAVP files):"]
        for r in tests:
            status = "ok" if r.get("ok") else "FAIL: " + r.get("error", "")
            lines.append(f"  {r['prim']:<12} {r['vectors']:>5} vectors  {status}")
    return "\n".join(lines)


def load(path):
    data = json.loads(Path(path).read_text())
    return data["records"], data["meta"]
