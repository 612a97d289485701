"""A run of suites in one simulation (`vexrun sim`, `vexrun bench`): build what changed, say
how long it will take, run the suites with the host's checks and a progress line per record,
save the result file."""

import sys
import time
from dataclasses import dataclass
from pathlib import Path

from vexrun import suites
from vexrun.env import RESULTS, UsageError, git_commit
from vexrun.soc import results
from vexrun.soc.build import Config, ensure_all
from vexrun.soc.sim import SimSession

MIN_SIM_SPEED = 300_000               # cycles/s, for the wall-clock backstop of a run


@dataclass
class Run:
    records: list
    meta: dict
    path: Path
    failures: list


def stderr(m):
    print(m, file=sys.stderr, flush=True)


def check_suites(names):
    """Refuses an unknown suite before anything is built or announced."""
    unknown = [s for s in names if s not in suites.SUITES]
    if unknown:
        raise UsageError(f"unknown suite {unknown[0]!r}: valid suites are {', '.join(suites.SUITES)}")


def run_suites(cfg: Config, names, opts: suites.RunOptions, max_cycles, request=None, trace_window=None,
               where="sim", command=None, log=stderr) -> Run:
    """Runs suites `names` with `opts` in one simulation of `cfg` (extra run-request fields in
    `request`), checks every record against the host's reference and saves the result file."""
    t0 = time.time()
    check_suites(names)
    if max_cycles <= 0:
        raise UsageError("--max-cycles must be positive: every simulation run has a cycle bound")
    if trace_window and trace_window[1] <= trace_window[0]:
        raise UsageError("--trace-end must be larger than --trace-begin")
    commit = git_commit()
    ensure_all(cfg, log=log)
    build_s = time.time() - t0
    log(f"vexrun: running suites {','.join(names)} on {cfg.name}: {suites.announce(names, opts, cfg.soc.name)} "
        f"(cycle bound {max_cycles:,})")
    sess = SimSession(cfg, max_cycles, read_timeout=read_timeout(max_cycles), trace_window=trace_window)
    req = dict({"op": "run", "suites": ",".join(names), "runs": opts.runs, "exit": True}, **(request or {}))
    with sess:
        records, summary = sess.run(req, check=results.check_record, on_record=lambda r: log("  " + suites.progress(r)))
        status = sess.wait_exit()
    wall = sess.wall
    meta = results.metadata(cfg.soc_info(), "sim", command or "vexrun " + " ".join(sys.argv[1:]), {
        "runs": opts.runs, "request": req,
        "cycle_overhead": sess.hello.get("cycle_overhead"),
        "sim_cycles": sess.cycles, "sim_wall_s": round(wall, 2),
        "sim_cycles_per_s": round(sess.cycles / wall) if sess.cycles else None,
        "firmware_exit_status": status, "summary": summary,
        "build_s": round(build_s, 1), "wall_s": round(time.time() - t0, 1),
    }, commit=commit)
    path = results.save(records, meta, where=where)
    log(f"simulated {sess.cycles:,} cycles in {wall:.1f} s wall ({sess.cycles / wall / 1e6:.2f} M cycles/s); "
        f"raw results: {path.relative_to(RESULTS.parent)}")
    if trace_window and getattr(sess, "trace_file", None):
        log(f"waveform (cycles {trace_window[0]}..{trace_window[1]}): {sess.trace_file}")
    return Run(records, meta, path, failures_of(records, summary, status))


def read_timeout(max_cycles):
    """The wall-clock limit of one read of a run bounded at `max_cycles`."""
    return max_cycles / MIN_SIM_SPEED + 60


def failures_of(records, summary, status):
    """The records that failed (not ok, or refused by the host's check); a failed run without one
    is a record of its own."""
    failures = [r for r in records if not r.get("ok") or r.get("check_error")]
    if status != 0 or summary.get("fail"):
        failures = failures or [{"suite": "run", "error": f"firmware exit status {status}"}]
    return failures


def report_failures(failures, log=stderr):
    """One line per failure; the exit status (1 when any)."""
    for r in failures:
        log(f"vexrun: FAIL {r.get('suite')} {r.get('prim', '')}: {r.get('check_error') or r.get('error') or 'failed'}")
    return 1 if failures else 0
