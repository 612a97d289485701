"""Suite proto (fw/app/bench_proto.c) in the host build of the firmware: the TLS engine's client
and server shake hands in memory over the fixed PKI (vexrun/vectors/pki.py) in every suite and
key kind, S/MIME signs, verifies, envelopes and opens, both IKE peers run main and quick mode, and the record layer's payloads are sealed and
opened; every record passes the host's check (vexrun/suites/proto.py: a mutually authenticated
handshake's steps on each side, the S/MIME output read by openssl cms and pycryptodome, the IKE
messages rebuilt by the host model, the last sealed record
by the record model), and the check refuses what it must. The cycles here
are the host's counter reads; the SoC's figures come from make bench (docs/protocols.md)."""

import json
import subprocess

import pytest

from vexrun import suites
from vexrun.soc.build import ensure_host
from vexrun.vectors import pki


@pytest.fixture(scope="module")
def records():
    req = json.dumps({"op": "run", "suites": "proto", "runs": 1, "all": True})
    out = subprocess.run([str(ensure_host("host-oracle"))], input=req + "\n", capture_output=True, text=True,
                         timeout=600, check=True).stdout
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert lines[-1].get("done") and lines[-1]["fail"] == 0, lines[-1]
    return [r for r in lines if r.get("suite") == "proto"]


def test_every_handshake_and_payload_ran_and_checks(records):
    hs = {(r["cipher"], r["key"], r["side"]) for r in records if r["prim"] == "tls"}
    assert hs == {(c, k, s) for c, k in (("ECDHE-ECDSA-AES128-GCM-SHA256", "p256"), ("DHE-RSA-AES256-SHA", "rsa1024"),
                                         ("DHE-RSA-AES256-SHA", "rsa2048")) for s in ("client", "server")}
    ike = {(r["key"], r["group"], r["side"]) for r in records if r["prim"] == "ike"}
    assert ike == {(k, g, s) for k, g in (("rsa1024", 2), ("rsa2048", 14)) for s in ("initiator", "responder")}
    smime = {(r["key"], r["op"]) for r in records if r["prim"] == "smime"}
    assert smime == {(k, op) for k in ("rsa1024", "rsa2048") for op in ("sign", "verify", "encrypt", "decrypt")}
    payloads = {(r["cipher"], r["bytes"], r["op"]) for r in records if r["prim"] == "record"}
    assert len(payloads) == 8
    for r in records:
        assert r["ok"] and suites.check(r) is None, r


def test_the_check_refuses_a_wrong_record_or_a_missing_step(records):
    seal = next(r for r in records if r.get("op") == "seal" and r["cipher"].startswith("DHE"))
    assert suites.check(dict(seal, last="00" * 32))
    assert suites.check(dict(seal, records=seal["records"] - 1))      # another IV, another record
    hs = next(r for r in records if r["prim"] == "tls")
    assert suites.check(dict(hs, steps=[s for s in hs["steps"] if s["step"] != "sign"]))
    assert all(suites.check(dict(r, ok=False)) for r in records)          # a failed run is never checked good
    opened = next(r for r in records if r["prim"] == "record" and r["op"] == "open")
    assert suites.check(dict(opened, records=opened["records"] + 1))
    for op in ("sign", "encrypt", "decrypt"):      # openssl and pycryptodome refuse a flipped bit
        rec = next(r for r in records if r["prim"] == "smime" and r["op"] == op)
        out = bytearray.fromhex(rec["out"])
        out[-5] ^= 1
        assert suites.check(dict(rec, out=out.hex()))
    ike = next(r for r in records if r["prim"] == "ike")
    assert suites.check(dict(ike, group=14 if ike["group"] == 2 else 2))     # the other group's exchange


@pytest.mark.parametrize("kind", pki.KINDS)
def test_the_fixed_pki_verifies_with_openssl(tmp_path, kind):
    """The certificates the firmware carries chain as OpenSSL reads them."""
    pems = {}
    for role in pki.ROLES:
        der = tmp_path / f"{role}.der"
        der.write_bytes(pki.cert(kind, role))
        pems[role] = tmp_path / f"{role}.pem"
        subprocess.run(["openssl", "x509", "-inform", "DER", "-in", der, "-out", pems[role]], check=True)
    for leaf in ("server", "client"):
        out = subprocess.run(["openssl", "verify", "-CAfile", pems["ca"], pems[leaf]],
                             capture_output=True, text=True)
        assert out.returncode == 0 and out.stdout.strip().endswith("OK"), out.stdout + out.stderr
