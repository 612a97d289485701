"""Result files and tables.

A result file (results/<where>/<config>/<UTC time>.json) holds the metadata of the run (commit,
SoC configuration, toolchain versions, sim or board, command) and every JSON line the firmware
printed, raw runs included. Tables are rendered from these files.
"""

import hashlib
import json
import time
from pathlib import Path

from . import pkrefs, refs
from .env import RESULTS, git_commit, toolchain_versions


def _pattern(n, mul, add):
    return bytes((i * mul + add) & 0xFF for i in range(n))


# The firmware's benchmark data, keys and IVs (fw/app/util.c bench_fill, bench_key, bench_iv).
def bench_pattern(n):
    return _pattern(n, 167, 13)


def bench_key(n):
    return _pattern(n, 29, 101)


def bench_iv(n):
    return _pattern(n, 53, 7)


def _block_ref(rec):
    """SHA-256 of what the firmware's block benchmark produced (enc: the ciphertext of the
    padded pattern; dec: the recovered plaintext)."""
    n, mode, prim = rec["bytes"], rec["mode"], rec["prim"]
    if rec["op"] == "dec":
        return hashlib.sha256(bench_pattern(n)).digest()
    bl = 16 if prim.startswith("aes") else 8
    data = bench_pattern(n) if mode == "ctr" else refs.pkcs7(bench_pattern(n), bl)
    cipher, keylen = {"des": ("des", 8), "3des": ("3des", 24), "aes-128": ("aes", 16), "aes-192": ("aes", 24),
                      "aes-256": ("aes", 32), "rc5-32/12/16": ("rc5", 16)}[prim]
    out = refs.block_mode(cipher, bench_key(keylen), mode, bench_iv(bl)).encrypt(data)
    return hashlib.sha256(out).digest()


def _stream_ref(rec):
    keylen = {"rc4": 16, "seal": 20}[rec["prim"]]
    return hashlib.sha256(refs.stream_crypt(rec["prim"], bench_key(keylen), bench_pattern(rec["bytes"]))).digest()


def reference(rec):
    """The output a benchmark record must report, as hex, or None for records without one
    (key setup)."""
    if "out" not in rec:
        return None
    suite = rec.get("suite")
    if suite == "hash":
        return refs.hash_digest(rec["prim"], bench_pattern(rec["bytes"])).hex()
    if suite == "block":
        return _block_ref(rec).hex()
    if suite == "stream":
        return _stream_ref(rec).hex()
    return None


def check_record(rec):
    """Returns None if a benchmark record's output equals the host's independent reference
    (hashlib, pycryptodome, vexrun.models), else a reason. A record with an output the host
    cannot check is a failure too: every benchmark must be checkable."""
    if rec.get("suite") in ("mp", "pk"):
        return pkrefs.check(rec)
    if rec.get("suite") == "ec":
        from . import ecrefs
        return ecrefs.check(rec)
    if "out" not in rec:
        return None
    try:
        want = reference(rec)
    except (KeyError, ValueError, ImportError) as e:
        return f"{rec.get('prim')}: no host reference ({e})"
    if want is None:
        return f"{rec.get('prim')}: no host reference for suite {rec.get('suite')!r}"
    if rec["out"] != want:
        return (f"{rec['prim']} {rec.get('mode', '')} {rec['op']} on {rec['bytes']} bytes: output "
                f"{rec['out'][:16]}..., expected {want[:16]}...")
    return None


def save(records, meta, where="sim"):
    out_dir = RESULTS / where / meta["config"]
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path = out_dir / f"{stamp}.json"
    path.write_text(json.dumps({"meta": meta, "records": records}, indent=1) + "\n")
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


def config_label(soc):
    acc = [n for n in ("clmul", "mont") if soc.get(n)] or ["no accel"]
    return f"VexRiscv {soc['cpu_variant']}, {'+'.join(acc)}, {soc['main_ram_bytes'] // 1024} KiB RAM"


def render_table(records, meta):
    """Plain-text table: one row per benchmark record, then the self-test lines."""
    soc = meta["soc"]
    lines = [f"vexcrypt results: {config_label(soc)}, measured in {meta['where']} "
             f"(commit {meta['commit']}; cycles are the median of the runs, counter overhead "
             f"of {meta.get('cycle_overhead', '?')} cycles subtracted)"]
    bench = [r for r in records if "cycles" in r and "bytes" in r and r.get("suite") not in ("mp", "pk", "ec")]
    if bench:
        head = (f"{'suite':<8} {'primitive':<12} {'op':<9} {'impl':<5} {'bytes':>8} {'cycles':>12} {'cycles/B':>9} "
                f"{'runs':>5}  {'config':<{len(meta['config'])}}  check")
        lines += ["", head, "-" * len(head)]
        for r in bench:
            cpb = f"{r['cycles'] / r['bytes']:.1f}" if r["bytes"] else "-"
            check = "ok" if r.get("ok") and not r.get("check_error") else "FAIL"
            op = f"{r['mode']} {r['op']}" if r.get("mode") else r["op"]
            lines.append(f"{r['suite']:<8} {r['prim']:<12} {op:<9} {r.get('impl', ''):<5} {r['bytes']:>8} "
                         f"{r['cycles']:>12,} {cpb:>9} {r['runs']:>5}  {meta['config']}  {check}")
    pk = [r for r in records if "cycles" in r and r.get("suite") in ("mp", "pk")]
    if pk:
        from .cli import pk_config
        head = f"{'suite':<6} {'primitive':<11} {'op':<12} {'bits':>5} {'bytes':>6} {'cycles':>14}  {'configuration':<34} check"
        lines += ["", head, "-" * len(head)]
        for r in pk:
            check = "ok" if r.get("ok") and not r.get("check_error") else "FAIL"
            lines.append(f"{r['suite']:<6} {r['prim']:<11} {r['op']:<12} {r['bits']:>5} {r.get('bytes') or '':>6} "
                         f"{r['cycles']:>14,}  {pk_config(r).strip():<34} {check}")
    ec = [r for r in records if "cycles" in r and r.get("suite") == "ec"]
    if ec:
        head = f"{'suite':<6} {'primitive':<11} {'op':<15} {'curve':<6} {'set':<10} {'cycles':>14} {'mul':>6} {'sqr':>6} {'inv':>5}  check"
        lines += ["", head, "-" * len(head)]
        for r in ec:
            check = "ok" if r.get("ok") and not r.get("check_error") else "FAIL"
            where = r.get("curve") or f"2^{r['bits']}"
            counts = " ".join(f"{r[k]:>{w}}" if k in r else " " * w for k, w in (("mul", 6), ("sqr", 6), ("inv", 5)))
            lines.append(f"{r['suite']:<6} {r['prim']:<11} {r['op']:<15} {where:<6} {r['set']:<10} "
                         f"{r['cycles']:>14,} {counts}  {check}")
    tests = [r for r in records if r.get("suite") == "selftest"]
    if tests:
        lines += ["", "self-tests (known-answer vectors from the installed vector packages; see vexrun/katgen.py):"]
        for r in tests:
            status = "ok" if r.get("ok") else "FAIL: " + r.get("error", "")
            lines.append(f"  {r['prim']:<12} {r['vectors']:>5} vectors  {status}")
    return "\n".join(lines)


def load(path):
    data = json.loads(Path(path).read_text())
    return data["records"], data["meta"]
