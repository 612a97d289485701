"""A request's "repeat": the first call's answer as without it, plus "warm_cycles", the median
of that many more calls on the same inputs, each timed after the same call (warm caches). Held
on the host build of the request path for every kind of state a call consumes (a DRBG, a
keystream, a length, an operand in place, the field-operation counts) and for the refusals; in
the SoC on the carry-less multiply build, where a short call's warm figure is below its first."""

import json
import subprocess

import pytest
from Crypto.Cipher import AES

from vexrun.soc.build import ensure_host
from vexrun.models import ec2m
from vexrun.vectors import kat_ec, pkdata

A163, B163 = "00" + "35" * 20, "00" + "53" * 20
G163 = kat_ec.point("B-163", ec2m.curve("B-163").G.x, ec2m.curve("B-163").G.y).hex()
RSA = pkdata.rsa_key(1024)
GCM_CT, GCM_TAG = AES.new(b"\x0f" * 16, AES.MODE_GCM, nonce=b"\x01" * 7).encrypt_and_digest(b"\x00" * 40)
PUB = {"n": format(RSA.n, "x"), "e": format(RSA.e, "x")}

# Requests whose calls change what they run on: each pass of a repeat must start from the same.
STATEFUL = [
    {"op": "sha256", "msg": "616263"},
    {"op": "aes_tab", "key": "0f" * 16, "mode": "cbc", "iv": "01" * 16, "msg": "00" * 5, "pad": True},
    {"op": "des", "key": "0f" * 8, "mode": "cbc", "dir": "dec", "iv": "01" * 8, "msg": "ab" * 8},
    {"op": "rc4", "key": "0102", "msg": "00" * 40},
    {"op": "seal", "key": "0f" * 20, "n": 3, "msg": "00" * 40},
    {"op": "gcm", "key": "0f" * 16, "iv": "01" * 12, "aad": "02" * 13, "msg": "00" * 40},
    {"op": "gcm", "cipher": "aes_tab", "key": "0f" * 16, "iv": "01" * 7, "msg": GCM_CT.hex(), "dir": "dec",
     "tag": GCM_TAG.hex()},
    {"op": "mp", "fn": "divmod", "a": "123456789abcdef", "m": "fedcb"},
    {"op": "montmul", "m": "f123456789abcdef1", "a": "1234567", "b": "89abc"},
    {"op": "montu", "m": "f123456789abcdef1", "a": "1234567", "b": "89abc", "e": "10001", "impl": "sw"},
    {"op": "modexp", "m": "f123456789abcdef1", "a": "1234567", "e": "10001", "ct": True},
    {"op": "rsa", "fn": "keygen", "bits": 256, "seed": "01"},
    {"op": "rsa", "fn": "encrypt", **PUB, "msg": "414243", "seed": "02"},
    {"op": "drbg", "seed": "0102", "n": 48},
    {"op": "hmac", "hash": "sha1", "key": "0b" * 20, "msg": "4869"},
    {"op": "gf2m", "fn": "mul", "a": A163, "b": B163},
    {"op": "ec", "curve": "B-163", "fn": "keygen", "seed": "06"},
    {"op": "ec", "curve": "B-163", "fn": "mul", "k": "00" * 20 + "05", "p": G163},
]


def timing_free(answer):
    return {k: v for k, v in answer.items() if not k.endswith("cycles")}


@pytest.fixture(scope="module")
def host_oracle():
    return ensure_host("host-oracle")


def ask_host(oracle, reqs):
    """The host oracle's answers to requests, one line each (no run among them); the greeting
    left out."""
    r = subprocess.run([str(oracle)], input="".join(json.dumps(q) + "\n" for q in reqs), capture_output=True,
                       text=True, timeout=300)
    got = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    got = [a for a in got if not a.get("ready")]
    assert len(got) == len(reqs), r.stdout[-2000:]
    return got


def test_a_repeat_answers_as_one_call_does(host_oracle):
    """The same fields (outputs, counts) with and without repeat: every pass ran on the same
    inputs. The host's counter counts its own reads, so only presence is checked there."""
    once = ask_host(host_oracle, STATEFUL)
    again = ask_host(host_oracle, [dict(q, repeat=3) for q in STATEFUL])
    for q, a, b in zip(STATEFUL, once, again):
        assert a["ok"] and b["ok"], (q, a, b)
        assert timing_free(a) == timing_free(b), (q, a, b)
        assert set(b) - set(a) == {"warm_cycles"} and b["warm_cycles"] > 0, (q, b)


@pytest.mark.parametrize("value, got", [(0, "0"), (1001, "1001"), (-1, "-1"), (1.5, "1.5"), ("3", '"3"'),
                                        (True, "true")])
def test_a_bad_repeat_is_refused_and_serving_goes_on(host_oracle, value, got):
    bad, good = ask_host(host_oracle, [{"op": "sha256", "msg": "61", "repeat": value}, {"op": "sha256", "msg": "61"}])
    assert bad == {"ok": False, "op": "sha256",
                   "error": f"repeat: {got}; sha256 takes an integer 1..1000: n more calls on warm caches, "
                            "warm_cycles their median (default: none)"}
    assert good["ok"] and "warm_cycles" not in good


def test_repeat_is_a_field_of_the_timed_ops_only(host_oracle):
    """ops, run and ct answer with no one cycles figure (ct times each call itself): refused as
    any field they do not declare; and a field that does not apply is still refused."""
    reqs = [{"op": "ops", "repeat": 2}, {"op": "run", "suites": "hash", "repeat": 2},
            {"op": "ct", "list": True, "repeat": 2},
            {"op": "aes_tab", "key": "00" * 16, "iv": "00" * 16, "msg": "00" * 16, "repeat": 2}]
    answers = ask_host(host_oracle, reqs)
    for q, a in zip(reqs[:3], answers):
        assert a["ok"] is False and a["error"].startswith(f"repeat: not a field of {q['op']}"), a
    assert answers[3]["ok"] is False and answers[3]["error"].startswith("iv: does not apply to aes_tab ecb")


def test_the_ops_listing_declares_repeat(host_oracle):
    ops = {o["op"]: o["params"] for o in ask_host(host_oracle, [{"op": "ops"}])[0]["ops"]}
    assert {op for op, params in ops.items() if "repeat" in params} == set(ops) - {"ops", "run", "exit", "ct", "tls", "ike", "cms"}


@pytest.mark.sim
def test_in_the_soc_a_short_call_is_warm_below_its_first(oracle):
    """GF(2^163) products on the carry-less multiply unit and off it, a block with padding and
    an RC4 keystream: the repeat's answer is the one call's, its warm figure positive and (short
    calls, cold caches first) below the first call's; a bad repeat gets an error and the next
    request is served."""
    mul = {"op": "gf2m", "field": 163, "fn": "mul", "a": A163, "b": B163}
    short = [mul, dict(mul, impl="sw"), STATEFUL[1], STATEFUL[3]]
    reqs = short + [dict(q, repeat=8) for q in short] + [dict(mul, repeat=0), {"op": "sha256", "msg": "616263"}]
    answers = oracle(reqs, "--clmul", "1")
    n = len(short)
    for q, once, rep in zip(short, answers[:n], answers[n:2 * n]):
        assert once["ok"] and rep["ok"], (q, once, rep)
        assert timing_free(rep) == timing_free(once), (q, once, rep)
        assert 0 < rep["warm_cycles"] <= rep["cycles"], (q, rep)
    hw, sw = answers[n], answers[n + 1]
    assert hw["warm_cycles"] < sw["warm_cycles"]
    assert answers[-2]["ok"] is False and answers[-2]["error"].startswith("repeat: 0; gf2m takes an integer 1..1000")
    assert answers[-1]["ok"] and answers[-1]["out"].startswith("ba7816bf")
