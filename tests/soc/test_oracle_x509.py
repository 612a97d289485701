"""The X.509 reader through the target oracle (op x509) in the simulated SoC, on chains OpenSSL
makes in the test (vexrun/vectors/certs.py): RSA-2048 and P-256 in the plain build, each leaf
under its CA (verifies), under the other CA of the same name (does not), with a tampered
signature (does not), dates on both sides of now; the answers equal the host build's reading of
the same C and the keys pycryptodome's; a malformed certificate is an error and serving goes
on. In the MONT=1 build the RSA chain verifies on the unit and off it with the same answer."""

import pytest
from Crypto.PublicKey import ECC, RSA

from vexrun.native import x509
from vexrun.native.api import ERRORS
from vexrun.soc.build import Config, ensure_all
from vexrun.soc.oracle import answer_only
from vexrun.vectors import certs

pytestmark = pytest.mark.sim(minutes=1)

NAMES = {v: k for k, v in ERRORS.items()}


@pytest.fixture(scope="module")
def chains(tmp_path_factory):
    d = tmp_path_factory.mktemp("certs")
    return {k: certs.make_chain(d, k) for k in ("rsa2048-sha256", "p256-sha256")}


def tampered(der):
    b = bytearray(der)
    b[-1] ^= 1
    return bytes(b)


def cases(ch):
    """(cert, issuer, now) of one chain: the leaf under its CA (now inside its dates), under the
    other CA (now before them), tampered; the CA alone (now after its notBefore)."""
    return [(ch.leaf, ch.ca, "inside"), (ch.leaf, ch.other_ca, "before"), (tampered(ch.leaf), ch.ca, "after"),
            (ch.ca, None, None)]


def request(lib, cert, issuer, when):
    c = x509.parse(lib, cert)[1]
    now = {"inside": c.not_before, "before": c.not_before - 1, "after": c.not_after + 1, None: None}[when]
    req = {"op": "x509", "cert": cert.hex()}
    if issuer:
        req["issuer"] = issuer.hex()
    if now:
        req["now"] = now
    return req, now


def expected(lib, cert, issuer, now):
    """The host build's answer to the same request."""
    c = x509.parse(lib, cert)[1]
    out = {"ok": True, "op": "x509", "sig_alg": x509.SIG_ALGS[c.sig_alg], "key_type": x509.KEY_TYPES[c.key_type],
           "is_ca": bool(c.is_ca), "key_usage": c.key_usage, "not_before": c.not_before, "not_after": c.not_after,
           "tbs_at": c.offset("tbs"), "tbs_len": c.tbs.len,
           **{k: c.span(k).hex() for k in ("issuer", "subject", "sig", "rsa_n", "rsa_e", "ec_point")}}
    if now:
        out["time"] = NAMES[x509.check_time(lib, c, now)]
    if issuer:
        out["verify"] = NAMES[x509.verify(lib, c, x509.parse(lib, issuer)[1])]
    return out


def test_chains_in_the_plain_build(sim_config, lib, oracle, chains):
    reqs, exps = [], []
    for ch in chains.values():
        for cert, issuer, when in cases(ch):
            req, now = request(lib, cert, issuer, when)
            reqs.append(req)
            exps.append(expected(lib, cert, issuer, now))
    bad = {"op": "x509", "cert": chains["p256-sha256"].leaf[:-1].hex()}
    answers = oracle(reqs + [bad, reqs[0]])
    for req, exp, ans in zip(reqs, exps, answers):
        assert answer_only(ans) == exp, req
        assert ans["cycles"] > 0 and (ans["verify_cycles"] > 0 if "issuer" in req else "verify_cycles" not in ans)
    verdicts = [a.get("verify") for a in answers[:len(reqs)]]
    assert verdicts == ["VC_OK", "VC_ERR_VERIFY", "VC_ERR_VERIFY", None] * 2
    assert [a.get("time") for a in answers[:3]] == ["VC_OK", "VC_ERR_RANGE", "VC_ERR_RANGE"]
    rsa, p256 = answers[0], answers[4]
    k = RSA.import_key(chains["rsa2048-sha256"].leaf)
    assert (int(rsa["rsa_n"], 16), int(rsa["rsa_e"], 16)) == (k.n, k.e)
    q = ECC.import_key(chains["p256-sha256"].leaf).pointQ
    assert p256["ec_point"] == "04" + f"{int(q.x):064x}{int(q.y):064x}"
    assert answers[-2]["ok"] is False and "cert: VC_ERR_VERIFY" in answers[-2]["error"]
    assert answers[-1]["verify"] == "VC_OK"
    for a in (answers[0], answers[4]):
        print(f"{a['key_type']} {a['sig_alg']}: parse {a['cycles']:,} cycles, verify {a['verify_cycles']:,}")


def test_rsa_chain_on_the_montgomery_unit(lib, oracle, chains):
    ensure_all(Config.parse(mont=True), log=lambda m: None)
    ch = chains["rsa2048-sha256"]
    req, now = request(lib, ch.leaf, ch.ca, "inside")
    hw, sw = oracle([dict(req, impl="hw"), dict(req, impl="sw")], "--mont", "1")
    assert answer_only(hw) == answer_only(sw) == expected(lib, ch.leaf, ch.ca, now)
    assert hw["verify"] == "VC_OK" and hw["verify_cycles"] < sw["verify_cycles"] / 5
    print(f"MONT=1 RSA-2048 verify: unit {hw['verify_cycles']:,} cycles, software {sw['verify_cycles']:,}")
