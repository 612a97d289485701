"""IKEv1 in the simulated SoC (MONT=1 build): `vexrun ike` runs both peers of main mode and quick
mode through the oracle's `ike` op, on the Montgomery unit and off it ("impl":"sw", the same
binary), and compares every message, key and verdict with the host model
(vexrun/models/ike.py). The engine's own tests run on the host build: tests/host/test_ike.py."""

import json
import subprocess

import pytest

from tests.soc.conftest import VEXRUN

STEPS = {"dh_keygen", "dh_shared", "skeyid", "hash", "sign", "verify", "encrypt", "decrypt", "qm_hash", "qm_encrypt",
         "qm_decrypt", "keymat"}


@pytest.mark.sim(minutes=1)
@pytest.mark.parametrize("impl", [(), ("--impl", "sw")], ids=["mont", "sw"])
def test_both_peers_in_the_soc_match_the_model(impl):
    r = subprocess.run([VEXRUN, "ike", "--mont", "1", *impl], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["ok"] and summary["differs"] == [], summary
    for side in ("initiator", "responder"):
        s = summary[side]
        assert s["state"] == "done" and {t["step"] for t in s["steps"]} == STEPS
        cycles = {t["step"]: t["cycles"] for t in s["steps"]}
        assert 0 < s["quick_cycles"] < s["phase1_cycles"]
        assert cycles["sign"] > cycles["verify"] > 0 and sum(cycles.values()) <= s["phase1_cycles"] + s["quick_cycles"]
