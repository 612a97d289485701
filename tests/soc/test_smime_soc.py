"""S/MIME in the simulated SoC (MONT=1: the RSA work on the Montgomery unit) against OpenSSL 3.0,
as a user runs `vexrun smime`: the SoC signs then envelopes seed 003's 2,092-byte message and
OpenSSL opens and verifies it; OpenSSL signs and envelopes it and the SoC opens and verifies
it. RSA-1024 keeps the simulation short; both sizes and every failure run on the host build:
tests/host/test_smime.py."""

import json
import subprocess

import pytest

from tests.host.test_smime import Pki, openssl_smime
from vexrun.models.cms import message
from tests.soc.conftest import VEXRUN


def soc(tmp_path, *args):
    r = subprocess.run([VEXRUN, "smime", *map(str, args), "--mont", "1"], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["ok"] and summary["total_cycles"] > sum(s["cycles"] for s in summary["steps"] if s["step"] in
                                                             ("sign", "verify", "key_transport")) > 0, summary
    return summary


@pytest.mark.sim(minutes=2)
def test_smime_both_ways_in_the_soc(tmp_path):
    p, msg = Pki(tmp_path, "rsa1024-sha256", 0x4000), message()
    (tmp_path / "m").write_bytes(msg)
    soc(tmp_path, "sign", "--cert", p.cert, "--key", p.key, "--in", tmp_path / "m", "--out", tmp_path / "s")
    soc(tmp_path, "encrypt", "--to", p.cert, "--in", tmp_path / "s", "--out", tmp_path / "e")
    inner = openssl_smime("-decrypt", "-recip", p.cert, "-inkey", p.key, "-in", tmp_path / "e")
    assert openssl_smime("-verify", "-CAfile", p.ca, data=inner) == msg
    (tmp_path / "e2").write_bytes(openssl_smime("-encrypt", "-des3", p.cert, data=openssl_smime(
        "-sign", "-signer", p.cert, "-inkey", p.key, data=msg)))
    soc(tmp_path, "decrypt", "--cert", p.cert, "--key", p.key, "--in", tmp_path / "e2", "--out", tmp_path / "s2")
    soc(tmp_path, "verify", "--ca", p.ca, "--in", tmp_path / "s2", "--out", tmp_path / "c")
    assert (tmp_path / "c").read_bytes() == msg
