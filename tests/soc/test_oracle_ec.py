"""The binary fields and elliptic curves through the target oracle, in the simulated SoC: random
field elements, scalars and messages against the pure-Python models (vexrun/models/gf2m.py,
ec2m.py, ecp.py); bad inputs answered with errors while serving goes on. The same requests run
in a CLMUL=1 build on the carry-less multiply unit, a sample also with it turned off ("impl":"hw"
and "sw"): the same answers; and P-256's in a MONT=1 build, on the Montgomery unit and a sample
off it, with the exceptional sums of verification added."""

import hashlib
import random

import pytest

from vexrun.vectors import kat_ec
from vexrun.soc.build import Config, ensure_all
from vexrun.soc.oracle import answer_only
from vexrun.models import ec2m, ecp
from vexrun.models.gf2m import F163, F233

pytestmark = pytest.mark.sim(minutes=3)

NAMES = kat_ec.CURVES


def model(name):
    return ecp.curve(name) if name == "P-256" else ec2m.curve(name)


def enc(name, P):
    return kat_ec.point(name, P.x, P.y).hex()


def dec(name, h):
    b, f = bytes.fromhex(h), kat_ec.FLEN[name]
    M = model(name)
    return M.point(int.from_bytes(b[1:1 + f], "big"), int.from_bytes(b[1 + f:], "big"))


def sc(name, k):
    return k.to_bytes(kat_ec.NLEN[name], "big").hex()


def field_cases(rng):
    out = []
    for F in (F163, F233):
        for fn, alg in (("mul", "shiftadd"), ("mul", "comb"), ("sqr", "self"), ("sqr", "spread"), ("sqr", "tab"),
                        ("inv", "euclid"), ("inv", "almost"), ("inv", "itoh"), ("mul", None), ("inv", None)):
            for _ in range(2):
                a, b = rng.getrandbits(F.m) | 1, rng.getrandbits(F.m)
                req = {"op": "gf2m", "field": F.m, "fn": fn, "a": F.to_bytes(a).hex()}
                if fn == "mul":
                    req["b"] = F.to_bytes(b).hex()
                if alg:
                    req["alg"] = alg
                else:
                    req["set"] = rng.choice(["basic", "optimized", "affine-table"])
                want = F.mul(a, b) if fn == "mul" else F.sqr(a) if fn == "sqr" else F.inv(a)
                out.append((req, lambda r, w=want, F=F: r["ok"] and int(r["r"], 16) == w))
    return out


def curve_cases(rng):
    """Per curve: scalar multiplications of G and of another point, EC-DH, an RFC 6979
    signature (checked by the model's verification) and verifications, EC-ElGamal; the basic
    set once on K-163, with a 100-bit scalar (the full length costs 40 M cycles), and the
    affine-table set once on B-233 with a 64-bit one (one inversion a doubling or addition)."""
    out = []
    for name in NAMES:
        M = model(name)
        P = M.mul(rng.randrange(1, M.n), M.G)
        for pt in (None, P):
            k = rng.randrange(1, M.n)
            req = {"op": "ec", "curve": name, "fn": "mul", "k": sc(name, k)}
            if pt:
                req["p"] = enc(name, pt)
            want = enc(name, M.mul(k, pt or M.G))
            out.append((req, lambda r, w=want: r["ok"] and r["p"] == w))
        d, e = rng.randrange(1, M.n), rng.randrange(1, M.n)
        Q = M.mul(e, M.G)
        out.append(({"op": "ec", "curve": name, "fn": "ecdh", "d": sc(name, d), "q": enc(name, Q)},
                    lambda r, w=M.mul(d, Q).x, f=kat_ec.FLEN[name]: r["ok"] and r["secret"] == w.to_bytes(f, "big").hex()))
        h = rng.choice(["sha1", "sha256"])
        digest = hashlib.new(h, bytes(rng.getrandbits(8) for _ in range(40))).digest()
        Qd = M.mul(d, M.G)
        out.append(({"op": "ec", "curve": name, "fn": "sign", "d": sc(name, d), "hash": h, "digest": digest.hex()},
                    lambda r, M=M, Qd=Qd, dg=digest: r["ok"] and M.ecdsa_verify(Qd, dg, int(r["r"], 16), int(r["s"], 16))))
        k = rng.randrange(1, M.n)
        rr, ss = M.ecdsa_sign(d, digest, k)
        for s_, valid in ((ss, True), (ss ^ 1, False)):
            out.append(({"op": "ec", "curve": name, "fn": "verify", "q": enc(name, Qd), "digest": digest.hex(),
                         "r": sc(name, rr), "s": sc(name, s_)},
                        lambda r, v=valid: r["ok"] and r["valid"] is v))
        if name in ("B-163", "P-256"):
            m = M.lift_x(rng.getrandbits(8 * (kat_ec.FLEN[name] - 2)))
            while m is None:
                m = M.lift_x(rng.getrandbits(8 * (kat_ec.FLEN[name] - 2)))
            r_ = rng.randrange(1, M.n)
            c1, c2 = M.mul(r_, M.G), M.add(m, M.mul(r_, Qd))
            out.append(({"op": "ec", "curve": name, "fn": "encrypt", "q": enc(name, Qd), "m": enc(name, m),
                         "r": sc(name, r_)},
                        lambda r, w1=enc(name, c1), w2=enc(name, c2): r["ok"] and (r["c1"], r["c2"]) == (w1, w2)))
            out.append(({"op": "ec", "curve": name, "fn": "decrypt", "d": sc(name, d), "c1": enc(name, c1),
                         "c2": enc(name, c2)}, lambda r, w=enc(name, m): r["ok"] and r["p"] == w))
    M = model("K-163")
    k = rng.getrandbits(100) | 1 << 99          # its cost follows k's length: 150 inversions
    out.append(({"op": "ec", "curve": "K-163", "set": "basic", "fn": "mul", "k": sc("K-163", k)},
                lambda r, w=enc("K-163", M.mul(k, M.G)): r["ok"] and r["p"] == w and r["inv"] > 100))
    M = model("B-233")
    k = rng.getrandbits(64) | 1 << 63
    out.append(({"op": "ec", "curve": "B-233", "set": "affine-table", "fn": "mul", "k": sc("B-233", k)},
                lambda r, w=enc("B-233", M.mul(k, M.G)): r["ok"] and r["p"] == w and r["inv"] == 62 + bin(k).count("1")))
    return out


def p256_edge_cases(rng):
    """Verifications whose sums meet P = Q (Q = G, e = r: u1 = u2) and P = -Q (Q = -G: R is
    infinity, or the high digits cancel on the way to R = k G), and k G for k = n - 1."""
    M, name, out = ecp.P256, "P-256", []
    k = rng.randrange(1, M.n)
    r = M.mul(k, M.G).x % M.n
    s = pow(k, -1, M.n) * 2 * r % M.n
    for q, valid in ((M.G, True), (M.neg(M.G), False)):
        out.append(({"op": "ec", "curve": name, "fn": "verify", "q": enc(name, q), "digest": sc(name, r),
                     "r": sc(name, r), "s": sc(name, s)}, lambda resp, v=valid: resp["ok"] and resp["valid"] is v))
    r = M.mul(3, M.G).x % M.n
    e = rng.randrange(1, M.n)
    out.append(({"op": "ec", "curve": name, "fn": "verify", "q": enc(name, M.neg(M.G)), "digest": sc(name, e),
                 "r": sc(name, r), "s": sc(name, (e - r) * pow(3, -1, M.n) % M.n)},
                lambda resp: resp["ok"] and resp["valid"] is True))
    out.append(({"op": "ec", "curve": name, "fn": "mul", "k": sc(name, M.n - 1)},
                lambda resp, w=enc(name, M.neg(M.G)): resp["ok"] and resp["p"] == w))
    return out


@pytest.fixture(scope="module", params=["full", "full-clmul", "full-mont"])
def answered(sim_config, accel, oracle, request):
    """(case, answer) pairs; in the CLMUL=1 build every request of the binary curves (the
    affine sets aside: the unit is the optimized set's) runs on the unit,
    a sample also off it (conftest); in the MONT=1 build, P-256's."""
    rng = random.Random(20261122)
    cs = field_cases(rng) + curve_cases(rng)
    options = ()
    if request.param == "full-clmul":
        options = ("--clmul", "1")
        cs = accel.cases([(req, check) for req, check in cs
                          if req.get("curve", "B") != "P-256" and req.get("set", "optimized") == "optimized"])
    elif request.param == "full-mont":
        options = ("--mont", "1")
        ensure_all(Config.parse(mont=True), log=lambda m: None)
        cs = accel.cases([(req, check) for req, check in cs + p256_edge_cases(rng) if req.get("curve") == "P-256"])
    return list(zip(cs, oracle([req for req, _ in cs], *options, timeout=1500)))


@pytest.mark.parametrize("what", ["gf2m", "mul", "ecdh", "sign", "verify", "encrypt", "decrypt"])
def test_random_inputs_match_models(answered, what):
    seen = 0
    for (req, check), resp in answered:
        if what not in (req["op"], req.get("fn")):
            continue
        seen += 1
        assert check(resp), (req, resp)
    if not seen and what == "gf2m":
        pytest.skip("the MONT=1 build runs P-256 only")
    assert seen, f"no {what} request ran"


def test_the_unit_changes_cycles_not_answers(answered, accel):
    """In the accelerated builds a request's two answers (on the unit, off it) agree but for
    the cycles, and every curve operation is faster on the unit; on the Montgomery unit a P-256
    answer also carries the unit's counters (busy cycles below the call's, a command each at
    least), which the software path has not."""
    pairs = accel.pairs(answered)
    if not pairs:
        pytest.skip("the build without accelerators: nothing to compare")
    for req, hw, sw in pairs:
        assert answer_only(hw) == answer_only(sw)
        if req["op"] == "ec":
            assert hw["cycles"] < sw["cycles"], req
        if "unit_busy" in hw:
            assert req["curve"] == "P-256" and 0 < hw["unit_commands"] <= hw["unit_busy"] < hw["cycles"], (req, hw)


G163 = kat_ec.point("B-163", ec2m.curve("B-163").G.x, ec2m.curve("B-163").G.y).hex()
BAD = [
    ({"op": "ec", "curve": "P-384", "fn": "mul", "k": "01"}, "curve"),
    ({"op": "ec", "curve": "B-163", "fn": "mul", "set": "fast", "k": "01"}, "set"),
    ({"op": "ec", "curve": "B-163", "fn": "twist", "k": "01"}, "fn"),
    ({"op": "ec", "curve": "B-163", "fn": "mul", "k": "01"}, "k: 1 byte; ec B-163 mul takes 21 bytes of hex (a scalar)"),
    # scalars, points and field elements are fixed-length encodings: an odd-length one (the
    # integers of the public-key ops may be) is refused
    ({"op": "ec", "curve": "B-163", "fn": "mul", "k": "0" * 40 + "1"}, "k: 41 hex digits, an odd count; ec B-163 mul takes 21 bytes"),
    ({"op": "ec", "curve": "B-163", "fn": "check", "p": G163[1:]}, "p: 85 hex digits, an odd count; ec B-163 check takes 43 bytes"),
    ({"op": "gf2m", "field": 163, "fn": "sqr", "a": "0" * 40 + "3"}, "a: 41 hex digits, an odd count; gf2m sqr takes 21 bytes"),
    ({"op": "ec", "curve": "B-163", "fn": "mul", "k": "00" * 21}, "out of range"),
    ({"op": "ec", "curve": "B-163", "fn": "mul", "k": "ff" * 21}, "out of range"),
    ({"op": "ec", "curve": "B-163", "fn": "mul", "k": "00" * 20 + "01", "p": G163[:-2] + "00"}, "invalid elliptic-curve point"),
    ({"op": "ec", "curve": "B-163", "fn": "ecdh", "d": "00" * 20 + "01", "q": "02" + G163[2:]}, "invalid elliptic-curve point"),
    ({"op": "ec", "curve": "B-163", "fn": "sign", "d": "00" * 20 + "01", "hash": "md7", "digest": "00"}, "hash"),
    ({"op": "ec", "curve": "B-163", "fn": "sign", "d": "00" * 20 + "01", "hash": "sha1", "digest": "00" * 19}, "digest"),
    ({"op": "ec", "curve": "B-163", "fn": "add", "p": G163, "q": G163[:-2] + "01"}, "invalid elliptic-curve point"),
    ({"op": "gf2m", "field": 191, "fn": "mul", "a": "00", "b": "00"}, "field"),
    ({"op": "gf2m", "field": 163, "fn": "mul", "alg": "tab", "a": "00" * 21, "b": "00" * 21}, "alg"),
    ({"op": "gf2m", "field": 163, "fn": "inv", "alg": "itoh", "a": "00" * 21}, "not invertible"),
    ({"op": "gf2m", "field": 163, "fn": "sqr", "a": "08" + "00" * 20}, "bit at or above m"),
]


def test_bad_inputs_get_errors_and_serving_goes_on(sim_config, oracle):
    good = {"op": "gf2m", "field": 163, "fn": "mul", "alg": "comb", "a": "00" * 20 + "03", "b": "00" * 20 + "05"}
    resps = oracle([q for req, _ in BAD for q in (req, good)])
    assert len(resps) == 2 * len(BAD)
    for (req, err), resp, after in zip(BAD, resps[0::2], resps[1::2]):
        assert resp["ok"] is False and err in resp["error"], (req, resp)
        assert after["ok"] and int(after["r"], 16) == 0xF, after
    # A point off the curve is a verdict of check, not an error.
    a, b = oracle([{"op": "ec", "curve": "B-163", "fn": "check", "p": G163[:-2] + "00"},
                   {"op": "ec", "curve": "B-163", "fn": "check", "p": G163}], timeout=300)
    assert a["ok"] and a["valid"] is False and b["ok"] and b["valid"] is True
