"""`vexrun explore measure` in the simulated SoC: a public and a private stage of seed 004's
handshake at points off the defaults, the output checked block by block inside (a wrong one
fails the command), the answer's point in canonical form; the unit's build for algo=unit."""

import json
import subprocess

import pytest

from conftest import VEXRUN
from vexrun.explore import stages, study
from vexrun.models import mpcache

pytestmark = pytest.mark.sim(minutes=2)


def measure(stage, point):
    r = subprocess.run([VEXRUN, "explore", "measure", "--stage", stage, "--point", point], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.parametrize("stage,point,canonical,config", [
    ("3", "block=128", "algo=2,radix=32,block=128,crt=none,cache=none,exp=window,window=6", "full"),
    ("2", "algo=4,block=512", "algo=4,block=512,crt=mrc,cache=none,window=5,ct=1", "full"),
    ("txn", "algo=1,block=32,cache=pre,exp=lr", "algo=1,block=32,crt=none,cache=pre,exp=lr", "full"),
])
def test_measure(stage, point, canonical, config):
    ans = measure(stage, point)
    assert (ans["stage"], ans["point"], ans["config"], ans["where"]) == (stage, canonical, config, "sim")
    assert ans["cycles"] > 100_000
    if "cache=pre" in point:       # 64 blocks, 13 of them distinct, in a direct-mapped cache
        n, e = stages.key("server")[:2]
        data = stages.STAGES[stage].data()
        blocks = [int.from_bytes(data[i:i + 4], "big") for i in range(0, len(data), 4)]
        assert (ans["hits"], ans["misses"]) == mpcache.counts([mpcache.key(b, e, n) for b in blocks])


def test_reduced_run(tmp_path):
    """`vexrun explore run --reduced` (make explore's pipeline on stages 1 and 3 at 512-bit blocks,
    the committed characterization): the estimates' mean absolute error at most 5 %, none off by
    more than 10 %, the estimate's first choice within 3 % of the best measured of its top 2."""
    r = subprocess.run([VEXRUN, "explore", "run", "--reduced", "--workers", "1", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    data = json.loads((tmp_path / "explore.json").read_text())
    roles = {role for row in data["records"] for role in row["roles"]}
    assert roles == {"top", "conventional", "validation", "fixed"}
    errors = [abs(row["error"]) for row in data["records"]]
    assert sum(errors) / len(errors) <= 0.05 and max(errors) <= 0.10, data["records"]
    for st, v in study.summary(data)["stages"].items():
        assert v["choice_vs_best"] <= 0.03, (st, v)


def test_files_run(tmp_path):
    """`vexrun explore files` (seed 002's Figs 2-3) on two sizes on the unit: each size's public
    and private pass a record (their outputs checked against pow inside), the printed line through
    the two totals."""
    r = subprocess.run([VEXRUN, "explore", "files", "--sizes", "23,500", "--builds", "unit", "--workers", "2",
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    recs = json.loads((tmp_path / "explore-files.json").read_text())["records"]
    assert sorted((x["bytes"], x["private"]) for x in recs) == [(23, False), (23, True), (500, False), (500, True)]
    tot = json.loads(r.stdout)["unit"]["totals"]
    assert tot == {str(n): sum(x["cycles"] for x in recs if x["bytes"] == n) for n in (23, 500)}
    assert tot["500"] > 5 * tot["23"]          # 8 blocks against 1
