"""A sweep's slices of a suite (fw/app/bench.c, "slices"/"slice" of a run request) on the host
build: together they give the whole run's records, each once and with the same outputs, so a
group whose set-up runs only in its own slice (bench_group) depends on no other group's state."""

import json
import subprocess

import pytest

from vexrun.soc.build import ensure_host

SUITES = ("hash", "block", "stream", "mp", "pk", "ec", "clmul", "mont")


@pytest.fixture(scope="module")
def host_oracle():
    return ensure_host("host-oracle")


def records(oracle, suite, **fields):
    """The record lines of one run request (the host's cycles are a deterministic count)."""
    req = dict({"op": "run", "suites": suite, "runs": 1, "all": True, "exit": True}, **fields)
    r = subprocess.run([str(oracle)], input=json.dumps(req) + "\n", capture_output=True, text=True, timeout=300)
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    done = [a for a in lines if a.get("done")]
    assert r.returncode == 0 and done and done[0]["fail"] == 0, r.stdout[-2000:]
    return [a for a in lines if "suite" in a and "done" not in a]


@pytest.mark.parametrize("suite", SUITES)
@pytest.mark.parametrize("slices", [2, 5, 64])
def test_the_slices_give_the_whole_runs_records_once(host_oracle, suite, slices):
    whole = records(host_oracle, suite)
    parts = [records(host_oracle, suite, slices=slices, slice=i) for i in range(slices)]
    key = lambda r: json.dumps(r, sort_keys=True)
    assert sorted(map(key, sum(parts, []))) == sorted(map(key, whole))
    assert len(whole) > 1
    if len(whole) >= 2 * slices:
        assert all(parts), "a slice without records: the groups are not dealt round robin"
