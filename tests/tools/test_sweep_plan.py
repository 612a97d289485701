"""The sweep's plan (vexrun/sweep.py): a suite's estimate split over its slices as the committed
sweeps measured them (run() submits the longest first); the publisher's metadata keeps what it needs."""

import json
from types import SimpleNamespace

from hw.config import SocConfig
from vexrun import suites, sweep
from vexrun.commands import sweep_meta
from vexrun.pages.data import Data
from vexrun.soc.build import Config

CFG = Config(SocConfig.from_name("full"))
OPTS = suites.RunOptions(runs=1)


def test_slices_are_estimated_by_their_measured_shares():
    tasks, est = sweep.plan(CFG, ["pk"], OPTS, {}, 10**9, "c0ffee", shares={})
    n = tasks[0].slices
    assert n > 2 and len({round(e) for e in est.values()}) == 1          # evenly without a measurement
    shares = [1.0] + [0.1] * (n - 1)
    shares = [x / sum(shares) for x in shares]
    tasks2, est2 = sweep.plan(CFG, ["pk"], OPTS, {}, 10**9, "c0ffee", shares={("full", "pk", n): shares})
    assert [t.slice for t in tasks2] == list(range(n))           # task order: what the records follow
    assert abs(sum(est2.values()) - sum(est.values())) < 1
    assert abs(est2[tasks2[0]] / est2[tasks2[1]] - 10) < 1e-9
    # another build's, or another slicing's, measurement does not apply
    other = sweep.plan(CFG, ["pk"], OPTS, {}, 10**9, "c0ffee", shares={("full-mont", "pk", n): shares,
                                                                        ("full", "pk", n + 1): shares + [0]})[1]
    assert other == est


def test_shares_come_from_the_committed_sweeps_task_cycles(tmp_path):
    tc = [{"build": "full", "suite": "pk", "slice": i, "slices": 3, "cycles": c} for i, c in enumerate((50, 30, 20))]
    tc += [{"build": "full", "suite": "ec", "slice": 0, "slices": 2, "cycles": 7}]    # a slice missing: unused
    (tmp_path / "performance.json").write_text(json.dumps({"meta": {"sweep": {"task_cycles": tc}}, "records": []}))
    (tmp_path / "boards.json").write_text("[]")
    assert sweep.slice_shares(Data(tmp_path)) == {("full", "pk", 3): [0.5, 0.3, 0.2]}


def test_sweep_metadata_keeps_each_tasks_cycles(tmp_path):
    t = sweep.Task("full", "sram", "pk", 1, 3, 1, (), 10**9, "c0ffee")
    s = SimpleNamespace(ran=1, invocations=[{"workers": 2}], cycles=42, wall_s=1.0, task_cycles=[(t, 42)])
    meta = sweep_meta(s, [t], tmp_path)
    assert meta["task_cycles"] == [{"build": "full", "suite": "pk", "slice": 1, "slices": 3, "cycles": 42}]
