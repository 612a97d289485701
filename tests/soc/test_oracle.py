"""`vexrun oracle` end to end: JSON-lines requests on stdin run on the simulated SoC; random
SHA-256 inputs compared with hashlib; bad requests answered with errors while serving goes on."""

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.sim

VEXRUN = [str(Path(sys.executable).parent / "vexrun")]


def test_random_sha256_inputs_match_hashlib(sim_config, oracle):
    rng = random.Random(20261122)
    msgs = [b"", b"abc"] + [rng.randbytes(rng.choice([rng.randrange(0, 130), rng.randrange(0, 3000)]))
                            for _ in range(150)]
    resps = oracle([json.dumps({"op": "sha256", "msg": m.hex()}) for m in msgs])
    assert len(resps) == len(msgs)
    for m, r in zip(msgs, resps):
        assert r["ok"] and r["out"] == hashlib.sha256(m).hexdigest(), len(m)
        assert r["cycles"] > 1000


def test_errors_and_recovery(sim_config, oracle):
    lines = [
        '{"op":"ops"}',
        '{"op":"sha256","msg":"616263"',          # malformed JSON: the host answers
        '[1,2]',                                   # not an object
        '{"op":"sha256","msg":"6g"}',              # malformed hex: the firmware answers
        '{"op":"frobnicate"}',
        '{"op":"exit"}',
        '{"op":"sha256","msg":"' + "ab" * 40000 + '"}',  # oversized: refused before sending
        '{"op":"run","suites":"hash","sizes":"64","runs":1,"exit":true}',   # one answer; serving goes on
        '{"op":"sha256","msg":"616263"}',
    ]
    r = oracle(lines)
    assert len(r) == len(lines)
    assert r[0]["ok"] and any(op["op"] == "sha256" and "msg" in op["params"] for op in r[0]["ops"])
    assert [x["ok"] for x in r[1:7]] == [False] * 6
    assert "malformed JSON" in r[1]["error"]
    assert "JSON object" in r[2]["error"]
    assert 'msg: "6g" is not hex' in r[3]["error"]
    assert "unknown op" in r[4]["error"]
    assert "reserved" in r[5]["error"]
    assert "too long" in r[6]["error"]
    assert r[7]["ok"] and r[7]["fail"] == 0 and {x["prim"] for x in r[7]["results"]} >= {"md5", "sha256"}
    assert r[8]["ok"] and r[8]["out"] == hashlib.sha256(b"abc").hexdigest()


def test_usage_errors_are_one_line():
    for args in (["oracle", "--clmul", "2"], ["sim", "--cpu-variant", "huge"], ["sim", "--mont", "2"],
                 ["sim", "--cpu-variant", "lite", "--clmul", "1"],
                 ["sim", "--sizes", "64,abc"], ["sim", "--sizes", "70000"], ["bench", "--modes", "ecb,xts"],
                 ["sim", "--runs", "16"]):
        r = subprocess.run(VEXRUN + args, capture_output=True, text=True, timeout=60)
        assert r.returncode != 0
        err = r.stderr.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("vexrun: "), r.stderr
