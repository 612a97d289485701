"""Sweeps on Dask (vexrun/sweep.py): a small sweep's records are the same whether a task runs
alone, the tasks one after another, on two local workers or on a cluster started by hand; the
slices of a suite cover its cases once; resume runs only what is missing; a failed task is
reported and the others' records kept."""

import dataclasses
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vexrun import suites, sweep
from vexrun.env import UsageError, git_commit

pytestmark = pytest.mark.sim(minutes=1)

BIN = Path(sys.executable).parent
REQUEST = {"sizes": "64,1024", "all": True}


@pytest.fixture(scope="module")
def small(sim_config):
    """hash in three slices (dealt by the firmware) and stream whole: five short tasks."""
    opts = suites.RunOptions(runs=1, all=True, sizes=(64, 1024))
    commit = git_commit()
    tasks, est = [], {}
    for name, n in (("hash", 2.5), ("stream", 0.5)):
        t, e = sweep.plan(sim_config, [name], opts, REQUEST, 200_000_000, commit,
                          task_cycles=suites.estimate([name], opts, sim_config.soc.name) / n)
        tasks += t
        est.update(e)
    assert [t.slices for t in tasks] == [3, 3, 3, 1]
    return tasks, est, {sim_config.name: sweep.build_digests(sim_config, log=lambda m: None)}


def sweep_records(small, out, **kw):
    tasks, est, digests = small
    s = sweep.run(tasks, est, out, digests, **kw)
    assert not s.failures, s.failures
    return s


def test_same_records_alone_serially_and_on_two_workers(small, tmp_path):
    serial = sweep_records(small, tmp_path / "serial", workers=1)
    parallel = sweep_records(small, tmp_path / "parallel", workers=2)
    assert serial.records == parallel.records
    alone = sweep.run_task(small[0][0])
    assert alone["error"] is None
    assert alone["records"] == [r for r in serial.records if r["suite"] == small[0][0].suite
                                and r in alone["records"]] and alone["records"]
    # records.json is the list of records, each naming its configuration and commit
    saved = json.loads((tmp_path / "serial" / "records.json").read_text())
    assert saved == serial.records
    assert all(r["config"] == "full" and r["commit"] == small[0][0].commit and r["cycles"] > 0 for r in saved)


def test_the_slices_of_a_suite_cover_its_cases_once(small, sim_config, tmp_path):
    sliced = [r for r in sweep_records(small, tmp_path / "s", workers=1).records if r["suite"] == "hash"]
    whole = sweep.run_task(dataclasses.replace(small[0][0], slice=0, slices=1))["records"]
    case = lambda r: (r["prim"], r.get("op"), r.get("bytes"), r.get("impl"))
    assert sorted(map(case, sliced)) == sorted(map(case, whole)) and len(set(map(case, whole))) == len(whole)


def test_resume_runs_only_the_missing_tasks(small, tmp_path):
    first = sweep_records(small, tmp_path, workers=1)
    with pytest.raises(UsageError, match="--resume"):
        sweep.run(small[0], small[1], tmp_path, small[2])
    files = sorted((tmp_path / "tasks").glob("*.json"))
    files[1].unlink()
    again = sweep_records(small, tmp_path, workers=1, resume=True, command="vexrun bench --resume")
    assert again.ran == 1 and again.records == first.records
    # The totals are the whole sweep's, over both runs, each run named in DIR/sweep.json.
    assert [(i["command"], i["ran"]) for i in again.invocations] == [("", len(small[0])), ("vexrun bench --resume", 1)]
    idle = sweep_records(small, tmp_path, workers=1, resume=True, command="vexrun bench --resume")
    assert idle.ran == 0 and idle.invocations == again.invocations        # a run with nothing left adds none
    # A task's cycles are its session's total, which counts the waits for each request: they
    # move by some dozen cycles from run to run (docs/sweeps.md); its records do not.
    assert abs(again.cycles - first.cycles) < 1000 and again.wall_s >= first.wall_s
    assert json.loads((tmp_path / "sweep.json").read_text())["invocations"] == again.invocations


def test_a_failed_task_is_reported_and_the_others_kept(small, tmp_path):
    tasks, est, digests = small
    bad = dataclasses.replace(tasks[-1], max_cycles=20_000)
    s = sweep.run(tasks[:-1] + [bad], {**est, bad: est[tasks[-1]]}, tmp_path, digests, workers=1)
    assert [t for t, _ in s.failures] == [bad] and "cycle bound" in s.failures[0][1]
    assert {r["suite"] for r in s.records} == {t.suite for t in tasks[:-1]}
    assert "--slice" in bad.command() and bad.command().startswith("vexrun bench")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_cluster_started_by_hand_gives_the_serial_records(small, tmp_path):
    addr = f"tcp://127.0.0.1:{free_port()}"
    procs = [subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", addr.rsplit(":", 1)[1],
                               "--no-dashboard"], stderr=subprocess.DEVNULL)]
    try:
        time.sleep(2)
        procs += [subprocess.Popen([str(BIN / "dask"), "worker", addr, "--nthreads", "1", "--no-dashboard"],
                                   stderr=subprocess.DEVNULL) for _ in range(2)]
        by_hand = sweep_records(small, tmp_path / "cluster", scheduler=addr)
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=30)
    assert by_hand.records == sweep_records(small, tmp_path / "serial", workers=1).records


def test_bench_writes_records_and_fails_on_a_failed_task(sim_config, tmp_path):
    vexrun = str(BIN / "vexrun")
    ok = subprocess.run([vexrun, "bench", "--suites", "hash,stream", "--sizes", "64", "--runs", "1", "--workers", "2",
                         "--out", str(tmp_path / "ok")], capture_output=True, text=True, timeout=600)
    assert ok.returncode == 0, ok.stderr
    recs = json.loads((tmp_path / "ok" / "records.json").read_text())
    assert {r["suite"] for r in recs} == {"hash", "stream"} and all("cycles" in r and r["config"] == "full" for r in recs)
    bad = subprocess.run([vexrun, "bench", "--suites", "hash,stream", "--sizes", "64", "--runs", "1", "--workers", "1",
                          "--max-cycles", "20000", "--out", str(tmp_path / "bad")], capture_output=True, text=True,
                         timeout=600)
    assert bad.returncode == 1 and "FAIL full:" in bad.stderr and "rerun it alone: vexrun bench" in bad.stderr


def test_the_firmware_refuses_a_slice_outside_its_count(oracle):
    answers = oracle([{"op": "run", "suites": "hash", "slices": 2, "slice": 2},
                      {"op": "run", "suites": "hash", "slices": 0}, {"op": "run", "suites": "hash", "slices": 65}])
    assert [("slice" if i == 0 else "slices") in a.get("error", "") for i, a in enumerate(answers)] == [True] * 3, answers
