"""Sweeps on Dask distributed: a benchmark as independent tasks, each one simulation of one
configuration running one slice of one suite (the firmware deals a suite's groups of cases round
robin: fw/app/bench.c), a pure function from its parameters to records.

The tasks run on a `distributed.LocalCluster` (one worker per core by default) or on an existing
cluster given its scheduler's address, whose workers run in a checkout of the same commit. The
client builds each configuration's model and firmware once; a worker's task calls the same
incremental build, which finds them up to date in a shared build folder (the local cluster's, or
a cluster's shared file system) and otherwise builds them once on that worker's machine.

DIR/tasks/<key>.json holds each finished task's records, written as it ends; `key` is a digest
of what determines a result (the model's and the firmware's digests, the configuration and the
task), so `--resume` re-runs only the tasks whose file is missing. DIR/records.json is every
finished task's records in task order, rewritten as each task ends.
"""

import hashlib
import json
import math
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from vexrun import suites
from vexrun.env import UsageError, git_commit

# Estimated cycles per task: small tasks balance the workers (a task's own cost is about a second:
# the model's start and the groups of other slices skipped, set-ups included).
TASK_CYCLES = 100e6
MAX_SLICES = 64                      # the firmware's APP_MAX_SLICES


@dataclass(frozen=True)
class Task:
    config: str                      # SocConfig name
    memory: str
    suite: str
    slice: int
    slices: int
    runs: int
    request: tuple                   # the run request's other fields, as sorted (key, value) pairs
    max_cycles: int
    commit: str

    @property
    def name(self):
        part = f"[{self.slice + 1}/{self.slices}]" if self.slices > 1 else ""
        return f"{self.build}:{self.suite}{part}"

    def sim_config(self):
        from hw.config import SocConfig
        from vexrun.soc.build import Config
        return Config(SocConfig.from_name(self.config), memory=self.memory)

    @property
    def build(self):
        """The simulation build it runs in (build/<name>): the configuration and the memory."""
        from vexrun.soc.memory import sim_build_name
        return sim_build_name(self.config, self.memory)

    def run_request(self):
        return dict({"op": "run", "suites": self.suite, "runs": self.runs, "exit": True,
                     "slices": self.slices, "slice": self.slice}, **dict(self.request))

    def command(self):
        """The command that runs this task alone."""
        from hw.config import SocConfig
        req = dict(self.request)
        # make's names of the configuration as vexrun's options: CLMUL=1 -> --clmul 1, CPU -> --cpu-variant.
        opts = [f"--{'cpu-variant' if k == 'CPU' else k.lower().replace('_', '-')} {v}"
                for k, v in (a.split("=") for a in SocConfig.from_name(self.config).make_args())]
        opts += [f"--suites {self.suite}", f"--slice {self.slice + 1}/{self.slices}", f"--runs {self.runs}"]
        opts += [f"--{k} {req[k]}" for k in ("sizes", "modes") if req.get(k)]
        opts += [f"--memory {self.memory}"] * (self.memory != "sram")
        return "vexrun bench " + " ".join(opts) + " --out DIR"


def plan(cfg, names, opts: suites.RunOptions, request, max_cycles, commit, slices=None, task_cycles=TASK_CYCLES,
         shares=None):
    """The tasks of a sweep of suites `names` on `cfg` (vexrun.soc.build.Config) and their
    estimated cycles: each suite in slices of about `task_cycles` estimated cycles (or `slices`:
    (slice, count) for one task alone), suite by suite, slices in order. A suite's estimate is
    split over its slices as the committed sweeps split it (`shares`, default slice_shares()),
    else evenly: slices hold whole groups of unequal cost, and run() starts the longest first."""
    shares = slice_shares() if shares is None else shares
    tasks = []
    for name in names:
        est = suites.estimate([name], opts, cfg.soc.name)
        n = min(MAX_SLICES, max(1, math.ceil(est / task_cycles)))
        picked = [slices[0]] if slices else range(n)
        n = slices[1] if slices else n
        split = shares.get((cfg.name, name, n)) or [1 / n] * n
        for i in picked:
            tasks.append((est * split[i], Task(cfg.soc.name, cfg.memory, name, i, n, opts.runs,
                                               tuple(sorted(request.items())), int(max_cycles), commit)))
    return [t for _, t in tasks], {t: e for e, t in tasks}


def slice_shares(data=None):
    """{(build, suite, slices): each slice's share of the suite's cycles}, from the committed
    sweeps' metadata (`sweep.task_cycles`, written by the publisher): the first file that has a
    suite's slicing wins."""
    from vexrun.pages.data import Data
    data = data or Data()
    out = {}
    for p in sorted(data.docs.glob("*.json")):
        d = data.get(p.name)
        by_suite = {}
        for t in (((d.get("meta") or {}) if isinstance(d, dict) else {}).get("sweep") or {}).get("task_cycles", []):
            by_suite.setdefault((t["build"], t["suite"], t["slices"]), {})[t["slice"]] = t["cycles"]
        for key, cycles in by_suite.items():
            total = sum(cycles.values())
            if len(cycles) == key[2] and total and key not in out:
                out[key] = [cycles[i] / total for i in range(key[2])]
    return out


def run_task(task: Task) -> dict:
    """Runs `task` in a simulation of its own (on a worker): its records, each checked against the
    host's reference and labelled with the configuration and commit, the simulated cycles and the
    error that failed it (None when it passed)."""
    from vexrun.soc import results, run
    from vexrun.soc.build import ensure_all
    from vexrun.soc.sim import SimSession
    out = {"records": [], "error": None, "cycles": 0, "wall_s": 0.0}
    cfg = task.sim_config()
    t0 = time.time()
    try:
        ensure_all(cfg, log=lambda m: None)
        with SimSession(cfg, task.max_cycles, read_timeout=run.read_timeout(task.max_cycles)) as sess:
            records, summary = sess.run(task.run_request(), check=results.check_record)
            status = sess.wait_exit()
            out["cycles"] = sess.cycles
            out["cycle_overhead"] = sess.hello.get("cycle_overhead")
    except Exception as e:             # the task fails with the reason; the sweep goes on
        out["error"] = f"{type(e).__name__}: {e}"
        out["wall_s"] = round(time.time() - t0, 1)
        return out
    out["wall_s"] = round(time.time() - t0, 1)
    out["records"] = [dict(r, config=cfg.name, commit=task.commit) for r in records]
    bad = run.failures_of(records, summary, status)
    if bad:
        r = bad[0]
        out["error"] = (f"{len(bad)} record(s) failed, first {r.get('prim', '')} {r.get('op', '')}: "
                        f"{r.get('check_error') or r.get('error') or 'not ok'}")
    return out


def call(fn, task):
    """`fn(task)` on a worker whose checkout is at the sweep's commit."""
    if git_commit() != task.commit:
        return {"records": [], "error": f"this worker's checkout is at {git_commit()}, the sweep's is {task.commit}",
                "cycles": 0, "wall_s": 0.0}
    return fn(task)


def digest(task: Task, model: str, firmware: str) -> str:
    """What determines a task's result: its parameters and the digests of its model and firmware."""
    h = hashlib.sha256(json.dumps([asdict(task), model, firmware], sort_keys=True).encode())
    return h.hexdigest()[:20]


def build_digests(cfg, log):
    """Builds `cfg`'s model and firmware (once, here) and returns their digests."""
    from vexrun.soc.build import ensure_all
    ensure_all(cfg, log=log)
    fw = hashlib.sha256((cfg.dir / "fw" / "vexcrypt.bin").read_bytes()).hexdigest()
    return (cfg.dir / "model.stamp").read_text().strip(), fw


class Progress:
    """One line for the whole sweep: tasks done of all, simulated cycles, the rate, time left,
    the last task to end; rewritten in place on a terminal, one line per task otherwise."""

    def __init__(self, total, estimates, stream=sys.stderr):
        self.total, self.done, self.failed = total, 0, []
        self.cycles, self.est_done = 0, 0.0
        self.left_est = sum(estimates)
        self.t0 = time.time()
        self.stream = stream
        self.tty = stream.isatty()

    def task_ended(self, task, res, estimate):
        self.done += 1
        self.cycles += res["cycles"] or 0
        self.est_done += estimate
        self.left_est -= estimate
        wall = max(time.time() - self.t0, 1e-3)
        rate = self.cycles / wall
        # Time left: the remaining tasks' estimates, corrected by how the finished ones compared.
        ratio = self.cycles / self.est_done if self.est_done and self.cycles else 1.0
        left = self.left_est * ratio / rate if rate else 0
        what = f"{task.name} FAILED: {res['error']}" if res["error"] else f"{task.name} done in {res['wall_s']:.0f} s"
        if res["error"]:
            self.failed.append((task, res["error"]))
        line = (f"sweep: {self.done}/{self.total} tasks, {self.cycles / 1e9:.2f} G cycles, "
                f"{rate / 1e6:.1f} M cycles/s, about {left / 60:.0f} min left; {what}")
        if self.tty and not res["error"]:
            self.stream.write("\r\033[K" + line)
        else:
            self.stream.write(("\r\033[K" if self.tty else "") + line + "\n")
        self.stream.flush()

    def close(self):
        if self.tty:
            self.stream.write("\n")
        wall = time.time() - self.t0
        self.stream.write(f"sweep: {self.done} tasks in {wall:.0f} s wall, {self.cycles / 1e9:.2f} G simulated cycles"
                          + (f", {len(self.failed)} failed" if self.failed else "") + "\n")


@dataclass
class Sweep:
    records: list
    failures: list                   # (task, reason)
    cycles: int
    wall_s: float
    cycle_overhead: object
    ran: int                         # tasks run now (the others were resumed)
    invocations: list                # {"command", "workers", "wall_s", "ran"} of each run that finished a task, the first first
    task_cycles: list                # (task, simulated cycles) of each finished task


def client(workers=None, scheduler=None):
    """A Dask client: of the cluster at `scheduler` (tcp://HOST:PORT), else of a new local
    cluster of `workers` processes (default: one per core), one task at a time each."""
    import logging

    import dask
    from distributed import Client, LocalCluster
    if scheduler:
        return Client(scheduler, timeout="30s")
    if workers is not None and workers < 1:
        raise UsageError("--workers must be at least 1")
    # A worker holds only the task it runs (Dask's default 1.1 queues a second one behind it).
    with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
        cluster = LocalCluster(n_workers=workers or os.cpu_count(), threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=logging.ERROR)
    return Client(cluster)


def run(tasks, estimates, out, digests, fn=run_task, workers=None, scheduler=None, resume=False, log=None,
        command=""):
    """Runs `fn` (run_task, or another pure function of a task to {"records", "error", "cycles",
    "wall_s"}: the constant-time test's) on the tasks not already in `out` (with `resume`) on Dask;
    returns a Sweep of every task's records in task order, its cycles and wall time over every
    run of the sweep (`command`: this run's, kept in DIR/sweep.json with its wall time as each
    task ends). A task has `build` (the simulation build it runs in), `name` and `command()`;
    `digests`: {build name: (model, firmware)}."""
    from distributed import as_completed
    out = Path(out)
    done_dir = out / "tasks"
    keys = {t: digest(t, *digests[t.build]) for t in tasks}
    if not resume and done_dir.exists() and any(done_dir.iterdir()):
        raise UsageError(f"{out} holds a sweep already: add --resume to complete it, or choose another --out")
    done_dir.mkdir(parents=True, exist_ok=True)
    plan_file = out / "sweep.json"
    before = json.loads(plan_file.read_text()).get("invocations", []) if resume and plan_file.exists() else []
    pending = [t for t in tasks if not (done_dir / f"{keys[t]}.json").exists()]
    if log and len(pending) < len(tasks):
        log(f"vexrun: resuming {out}: {len(tasks) - len(pending)} of {len(tasks)} tasks done, {len(pending)} to run")
    prog = Progress(len(pending), [estimates[t] for t in pending])
    # This run, once it has finished a task ("ran": the tasks it finished).
    this = {"command": command, "workers": scheduler or workers or os.cpu_count(), "wall_s": 0.0, "ran": 0}

    def runs():
        return before + [this] if this["ran"] or not before else before

    def save_plan():
        this["wall_s"] = round(time.time() - prog.t0, 1)
        _write(plan_file, {"tasks": [dict(asdict(t), key=keys[t]) for t in tasks], "invocations": runs()})
    save_plan()
    if pending:
        with client(workers, scheduler) as c:
            if log:
                log(f"vexrun: {len(pending)} tasks on {len(c.scheduler_info()['workers'])} Dask workers "
                    f"({scheduler or 'a local cluster'}); results in {out}")
            # One task group, so the scheduler queues the tasks and hands the next to whichever
            # worker frees up (with a group per task Dask assigns them all at once, and a free
            # worker waits for work stealing: docs/sweeps.md).
            # The longest estimate first; records stay in task order, whatever ran first.
            order = sorted(pending, key=lambda t: -estimates[t])
            futures = {c.submit(call, fn, t, key=("vexrun-task", t.name, keys[t]), pure=False,
                                priority=len(order) - i): t for i, t in enumerate(order)}
            for fut in as_completed(futures):
                t = futures[fut]
                try:
                    res = fut.result()
                except Exception as e:         # the worker died or the task could not run there
                    res = {"records": [], "error": f"{type(e).__name__}: {e}", "cycles": 0, "wall_s": 0.0}
                if not res["error"]:
                    _write(done_dir / f"{keys[t]}.json", res)
                    this["ran"] += 1
                prog.task_ended(t, res, estimates[t])
                _write(out / "records.json", _records(_done(tasks, keys, done_dir)))
                save_plan()
        prog.close()
    save_plan()
    done = _done(tasks, keys, done_dir)
    records = _records(done)
    _write(out / "records.json", records)
    overhead = next((d["cycle_overhead"] for _, d in done if d.get("cycle_overhead") is not None), None)
    return Sweep(records, prog.failed, sum(d["cycles"] or 0 for _, d in done), round(sum(r["wall_s"] for r in runs()), 1),
                 overhead, len(pending), runs(), [(t, d["cycles"]) for t, d in done])


def _done(tasks, keys, done_dir):
    """The finished tasks and their results, in task order."""
    return [(t, json.loads(f.read_text())) for t in tasks if (f := done_dir / f"{keys[t]}.json").exists()]


def _records(done):
    return [r for _, d in done for r in d["records"]]


def _write(path, obj):
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(obj, indent=1) + "\n")
    tmp.replace(path)
