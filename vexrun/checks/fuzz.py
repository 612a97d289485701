"""libFuzzer runs of the firmware's C code on the host (fw/test/fuzz/, one target per file):
build them (make -C fw fuzz), write their seed corpora (fuzzseeds.py), run each for a bounded
time in one process, report a table and keep every crashing input with the command that
reproduces it (results/fuzz/<UTC time>/)."""

import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from vexrun.env import BUILD, RESULTS, ROOT, ToolError
from vexrun.vectors.fuzzseeds import write_seeds

FUZZ_DIR = ROOT / "fw/test/fuzz"
# Longest input per target: what its fields can use (fw/test/fuzz/<target>.c), no more, so the
# fuzzer does not spend its time on tails the target ignores. The oracle's requests stop at 1200
# bytes (an RSA-1024 private key fits): a 4096-bit exponentiation at a small radix takes
# minutes under the sanitizers, which libFuzzer would report as a hang.
MAX_LEN = {"request": 4096, "oracle": 1200, "mp_bytes": 1100, "mp_div": 2100, "mp_mont": 800,
           "rsa_pkcs1": 160, "dsa": 120, "ecdsa": 300, "ec_point": 80, "gf2m": 70, "x509": 2048,
           "tls": 8192, "ike": 2100, "cms": 4096}
TIMEOUT = 60            # seconds for one input before libFuzzer calls it a hang (a finding)
RSS_LIMIT_MB = 2048


def targets() -> list[str]:
    """The targets: every C file of fw/test/fuzz except the host platform."""
    return sorted(p.stem for p in FUZZ_DIR.glob("*.c") if p.stem != "host_plat")


def build(out: Path = BUILD / "fuzz") -> Path:
    from vexrun.soc.build import build_lock
    with build_lock("fw"):
        r = subprocess.run(["make", "-s", "-j2", "-C", str(ROOT / "fw"), "fuzz", f"FUZZ_OUT={out}",
                            f"PYTHON={sys.executable}"], capture_output=True, text=True)
    if r.returncode != 0:
        raise ToolError("fuzz targets build failed:\n" + (r.stdout + r.stderr).strip())
    return out / "bin"


@dataclass
class Run:
    target: str
    seconds: int
    runs: int = 0
    execs_per_s: int = 0
    findings: list = field(default_factory=list)    # saved crashing inputs
    slow: list = field(default_factory=list)        # inputs over 10 s, saved by libFuzzer: not findings
    error: str = ""                                 # the sanitizer's or the check's report line
    command: str = ""


def _stat(text, name):
    m = re.search(rf"stat::{name}:\s*(\d+)", text)
    return int(m.group(1)) if m else 0


def run_target(target: str, seconds: int, bindir: Path, out: Path, corpus_root: Path = BUILD / "fuzz/corpus") -> Run:
    """Runs one target for `seconds` on its corpus (seeds added, new inputs kept between runs);
    the log and any crashing input go to `out`."""
    corpus = corpus_root / target
    write_seeds(target, corpus)
    out.mkdir(parents=True, exist_ok=True)
    binary = bindir / target
    cmd = [str(binary), f"-max_total_time={seconds}", f"-max_len={MAX_LEN.get(target, 4096)}",
           f"-timeout={TIMEOUT}", f"-rss_limit_mb={RSS_LIMIT_MB}", "-print_final_stats=1",
           f"-artifact_prefix={out}/{target}-", str(corpus)]
    run = Run(target, seconds, command=shlex.join(cmd))
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=seconds + TIMEOUT + 300)
        text, rc = r.stderr + r.stdout, r.returncode
    except subprocess.TimeoutExpired as e:
        err = e.stderr or ""
        text = (err.decode(errors="replace") if isinstance(err, bytes) else err) + "\nvexrun: the fuzzer did not stop on time"
        rc = -1
    (out / f"{target}.log").write_text(text)
    run.runs = _stat(text, "number_of_executed_units")
    run.execs_per_s = _stat(text, "average_exec_per_sec")
    written = re.findall(r"Test unit written to (\S+)", text)
    run.slow = [f for f in written if Path(f).name.startswith(f"{target}-slow-unit-")]
    run.findings = [f for f in written if f not in run.slow]
    if rc != 0 or run.findings:
        reports = [l for l in text.splitlines()
                   if re.search(r"ERROR: |check failed|runtime error|SUMMARY|did not stop", l)]
        run.error = reports[0].strip() if reports else f"exit status {rc}"
        if not run.findings:
            run.findings = ["(no input saved: see the log)"]
        repro = [f"# {run.error}", f"# log: {out / (target + '.log')}"]
        repro += [shlex.join([str(binary), f]) for f in run.findings if not f.startswith("(")]
        (out / f"{target}-reproduce.sh").write_text("\n".join(repro) + "\n")
    return run


def table(runs: list[Run]) -> str:
    rows = [("target", "seconds", "runs", "execs/s", "findings")]
    rows += [(r.target, str(r.seconds), f"{r.runs:,}", f"{r.execs_per_s:,}", str(len(r.findings))) for r in runs]
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
             for row in rows]
    for r in runs:
        if r.findings:
            lines.append(f"{r.target}: {r.error}")
            lines += [f"  input: {f}" for f in r.findings]
        lines += [f"{r.target}: slow input (not a finding): {f}" for f in r.slow]
    return "\n".join(lines)


def run_all(seconds: int, names=None, log=print) -> tuple[list[Run], Path]:
    if seconds < 1:
        raise ToolError("fuzz: at least 1 second per target (libFuzzer reads 0 as no limit)")
    unknown = sorted(set(names or ()) - set(targets()))
    if unknown:
        raise ToolError(f"unknown fuzz target(s) {', '.join(unknown)}: valid are {', '.join(targets())}")
    bindir = build()
    out = RESULTS / "fuzz" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    runs = []
    for t in names or targets():
        log(f"vexrun: fuzzing {t} for {seconds} s")
        runs.append(run_target(t, seconds, bindir, out))
    (out / "table.txt").write_text(table(runs) + "\n")
    return runs, out
