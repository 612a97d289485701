"""The oracle's fields: every op declares them once (the `params` of its entry in fw/app, which
{"op":"ops"} lists), and the server refuses what they do not cover: a field the op does not
declare (naming the field it probably meant), a field given twice, a field that does not apply
to the variant asked (an "iv" in ECB mode); errors name the field, what it got and what is
allowed. Held on the host build of the request path (`make -C fw host-oracle`: the firmware's
own code, stdin and stdout for the UART), and the same answers in the SoC (one simulation).

The listing against the parser, both ways: every field an op lists (and every choice of an
"a|b|c" description) is taken by some valid request below, and those requests use nothing
unlisted; a field an op does not list is refused before the op runs, so reading one is
impossible by construction."""

import functools
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from Crypto.Cipher import AES
from Crypto.PublicKey import ECC
from Crypto.PublicKey import RSA as RSA_KEYS

from vexrun.vectors import certs, kat_ec, pkdata
from vexrun.env import ROOT
from vexrun.soc.build import ensure_host
from vexrun.soc.oracle import answer_only
from vexrun.models import ec2m, ecp

VEXRUN = [str(Path(sys.executable).parent / "vexrun"), "oracle"]


@pytest.fixture(scope="module")
def host_oracle():
    return ensure_host("host-oracle")


def answers(lines):
    """The answers to request lines from an oracle's output: a run's records and its done line
    as one answer; the greeting left out."""
    out, run = [], None
    for line in lines:
        if not line.strip():
            continue
        obj = json.loads(line)
        if obj.get("ready"):
            continue
        if "suite" in obj or obj.get("done"):
            run = (run or []) + [obj]
            if obj.get("done"):
                out.append({"ok": True, "op": "run", "results": run})
                run = None
            continue
        out.append(obj)
    return out


def ask(oracle, reqs):
    """The host oracle's answers to requests (dicts or raw lines), one each."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in reqs]
    r = subprocess.run([str(oracle)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=600)
    got = answers(r.stdout.splitlines())
    assert len(got) == len(lines), r.stdout[-2000:]
    return got


def hx(v):
    return format(v, "x")


def model(name):
    return ecp.curve(name) if name == "P-256" else ec2m.curve(name)


def enc(name, P):
    return kat_ec.point(name, P.x, P.y).hex()


def sc(name, k):
    return k.to_bytes(kat_ec.NLEN[name], "big").hex()


def pkcs1_block(k, msg):
    """A PKCS#1 v1.5 encryption block of msg under k, encrypted."""
    nlen = (k.n.bit_length() + 7) // 8
    em = b"\x00\x02" + b"\x5a" * (nlen - 3 - len(msg)) + b"\x00" + msg
    return pow(int.from_bytes(em, "big"), k.e, k.n).to_bytes(nlen, "big").hex()


DIGEST = {"md2": "11" * 16, "md4": "22" * 16, "md5": "33" * 16, "sha1": "44" * 20, "sha256": "55" * 32}


@functools.lru_cache(maxsize=None)
def x509_chain():
    """An RSA-1024 chain OpenSSL makes (vexrun/vectors/certs.py): its verification is the cheapest."""
    with tempfile.TemporaryDirectory(prefix="vc-fields-") as d:
        return certs.make_chain(Path(d), "rsa1024-sha256")


def tls_requests():
    """One connection of each kind started (a P-256 client with its certificate, an RSA server with
    every option), fed nothing, closed: the tls op's fields (its handshakes: tests/host/test_tls.py)."""
    with tempfile.TemporaryDirectory(prefix="vc-fields-") as d:
        p256, rsa_chain = (certs.make_chain(Path(d), k) for k in ("p256-sha256", "rsa1024-sha256"))
        ec = int(ECC.import_key(p256.leaf_key.read_bytes()).d).to_bytes(32, "big")
        rsa = RSA_KEYS.import_key(rsa_chain.leaf_key.read_bytes())
    state = lambda want: lambda r: r.get("ok") is True and r.get("state") == want  # noqa: E731
    return [({"op": "tls", "cmd": "start", "role": 0, "suites": 1, "ca": p256.ca.hex(), "cert": p256.leaf.hex(),
              "ec_key": ec.hex(), "dh_full": 1, "seed": "01"}, lambda r: state("handshake")(r) and len(r["out"]) > 100),
            ({"op": "tls", "cmd": "start", "role": 1, "suites": 2, "ca": rsa_chain.ca.hex(), "cert": rsa_chain.leaf.hex(),
              **{f"rsa_{n}": format(getattr(rsa, n), "x") for n in "nedpq"}, "require_client_cert": True,
              "now": 20300101000000, "dh_xbits": 200, "seed": "02"}, state("handshake")),
            ({"op": "tls", "cmd": "feed", "data": ""}, state("handshake")),
            ({"op": "tls", "cmd": "close"}, state("closed"))]


def ike_requests():
    """One exchange with every field given (3DES, HMAC-SHA-256, QM3 tampered): the ike op's fields
    (its exchanges against the host model: tests/host/test_ike.py)."""
    from vexrun.proto import ike
    req, _ = ike.inputs(cipher="3des", hash="sha256", nonce_len=8, seed=b"fields")
    req.update(dh_xbits=161, tamper=9, tamper_at=39)
    return [(req, lambda r: r.get("ok") is True and r.get("state_i") == "done" and r.get("rc_r") == -10)]


CMS_MSG = b"Content-Type: text/plain\r\n\r\nfields\r\n".hex()


@functools.lru_cache(maxsize=None)
def cms_chain():
    """An RSA-1024 chain and its leaf's key as the cms op's fields."""
    with tempfile.TemporaryDirectory(prefix="vc-fields-") as d:
        ch = certs.make_chain(Path(d), "rsa1024-sha256")
        k = RSA_KEYS.import_key(ch.leaf_key.read_bytes())
    return ch, {f"rsa_{n}": format(getattr(k, n), "x") for n in "nedpq"}


def cms_requests():
    """Each fn of the cms op with every field it takes, on an RSA-1024 chain: a signature then its
    verification, an envelope then its opening (the interop: tests/host/test_smime.py)."""
    ch, key = cms_chain()
    msg = CMS_MSG
    ok = lambda r: r.get("ok") is True and r.get("cycles", 0) > 0 and r.get("steps")  # noqa: E731
    return [({"op": "cms", "fn": "sign", "cert": ch.leaf.hex(), **key, "msg": msg, "time": 20260101000000}, ok),
            ({"op": "cms", "fn": "encrypt", "cert": ch.leaf.hex(), "cipher": "des3", "msg": msg, "seed": "01"}, ok),
            ({"op": "cms", "fn": "encrypt", "cert": ch.leaf.hex(), "cipher": "aes128", "msg": msg, "seed": "02"}, ok)]


def cms_followups(answers):
    """verify and decrypt on what sign and encrypt answered."""
    (ch, key), msg = cms_chain(), CMS_MSG
    sig, env = answers[0]["out"], answers[1]["out"]
    return [({"op": "cms", "fn": "verify", "cms": sig, "msg": msg, "ca": ch.ca.hex(), "now": 20300101000000},
             lambda r: r.get("error", "").startswith("cms verify: certificates: VC_ERR_RANGE")),
            ({"op": "cms", "fn": "verify", "cms": sig, "msg": msg, "ca": ch.ca.hex()}, lambda r: r.get("ok") is True),
            ({"op": "cms", "fn": "decrypt", "cms": env, "cert": ch.leaf.hex(), **key, "seed": "03"},
             lambda r, w=msg: r.get("out") == w)]


def valid_requests():
    """(request, check of the answer): the valid requests. Together they give every field each op
    lists and every choice of its "a|b|c" descriptions, and nothing else."""
    ok = lambda r: r.get("ok") is True  # noqa: E731
    out = [({"op": "ops"}, ok),
           ({"op": "run", "suites": "hash,block", "runs": 1, "sizes": "64", "modes": "cbc", "all": False,
             "instret": False, "exit": False, "slices": 2, "slice": 1}, ok)]
    out += [({"op": h, "msg": "616263"}, ok) for h in ("md2", "md4", "md5", "sha1", "sha256")]
    keys = {"des": 8, "3des": 24, "aes_tab": 16, "aes_ct": 32, "rc5": 16}
    for op, kl in keys.items():
        bl = 16 if op.startswith("aes") else 8
        extra = {"rounds": 12} if op == "rc5" else {}
        out += [({"op": op, "key": "0f" * kl, "msg": "00" * bl, **extra}, ok),
                ({"op": op, "key": "0f" * kl, "mode": "ecb", "dir": "dec", "msg": "00" * bl}, ok),
                ({"op": op, "key": "0f" * kl, "mode": "cbc", "dir": "enc", "iv": "01" * bl, "msg": "00" * 5, "pad": True}, ok),
                ({"op": op, "key": "0f" * kl, "mode": "ctr", "iv": "01" * bl, "msg": "00" * 5}, ok)]
    out += [({"op": "rc4", "key": "0102", "msg": "00" * 5}, ok),
            ({"op": "seal", "key": "0f" * 20, "n": 3, "msg": "00" * 5}, ok)]
    m, a, b = 0xF123456789ABCDEF1, 0x1234567, 0x89ABC
    for fn, two, mod in (("add", 1, 0), ("sub", 1, 0), ("mul", 1, 0), ("sqr", 0, 0), ("divmod", 0, 1), ("mod", 0, 1),
                         ("mod_add", 1, 1), ("mod_sub", 1, 1), ("mod_mul", 1, 1), ("inv_euclid", 0, 1),
                         ("inv_binary", 0, 1), ("inv_binary_ct", 0, 1), ("gcd", 1, 0)):
        out.append(({"op": "mp", "fn": fn, "a": hx(a), **({"b": hx(b)} if two else {}), **({"m": hx(m)} if mod else {})}, ok))
    out += [({"op": "mp", "fn": "shl", "a": hx(a), "s": 9}, ok), ({"op": "mp", "fn": "shr", "a": hx(a), "s": 3}, ok),
            ({"op": "montmul", "m": hx(m), "a": hx(a), "b": hx(b), "algo": 3, "radix": 8, "sqr": False}, ok),
            ({"op": "montmul", "m": hx(m), "a": hx(a), "b": hx(a), "algo": 4, "ct": True}, ok),
            ({"op": "montu", "m": hx(m), "a": hx(a), "b": hx(b), "e": "10001", "impl": "sw"}, ok),
            ({"op": "modexp", "m": hx(m), "a": hx(a), "e": "10001", "ct": True, "ebits": 17}, ok)]
    out += [({"op": "modexp", "m": hx(m), "a": hx(a), "e": "10001", "exp": e, "window": 3, "algo": 2, "radix": 16,
              "sqr": True}, ok) for e in ("lr", "rl", "window", "ladder")]
    k = pkdata.rsa_key(1024)
    pub = {"n": hx(k.n), "e": hx(k.e)}
    priv = {**pub, "d": hx(k.d), "p": hx(k.p), "q": hx(k.q)}
    cfg = {"algo": 2, "radix": 32, "sqr": True, "exp": "window", "window": 5, "var": False}
    out += [({"op": "rsa", "fn": "keygen", "bits": 512, "e": 3, "seed": "01", **cfg}, ok),
            ({"op": "rsa", "fn": "public", **pub, "msg": "1234"}, ok),
            ({"op": "rsa", "fn": "verify", **pub, "hash": "sha1", "digest": DIGEST["sha1"], "sig": "00" * 128},
             lambda r: r.get("valid") is False),
            ({"op": "rsa", "fn": "encrypt", **pub, "msg": "414243", "seed": "02"}, ok),
            ({"op": "rsa", "fn": "decrypt", **priv, "msg": pkcs1_block(k, b"ABC"), "crt": "none"},
             lambda r: r.get("out") == "414243")]
    out += [({"op": "rsa", "fn": "private", **priv, "msg": "1234", "crt": crt}, ok) for crt in ("none", "mrc", "src")]
    out += [({"op": "rsa", "fn": "sign", **priv, "hash": h, "digest": DIGEST[h]}, ok) for h in ("md2", "md5", "sha1", "sha256")]
    out += [({"op": "rsa", "fn": "block", **priv, "msg": "00112233445566", "block": 32, "private": True, "crt": "src",
              "var": True, "algo": 1, "cache": c}, ok) for c in ("none", "pre", "intra")]
    out += [({"op": "rsa", "fn": "block", **pub, "msg": "0011223344", "private": False}, ok)]
    out += [({"op": "rsa", "fn": "private", **priv, "msg": "1234", "fault": f},
             lambda r: "result check failed (fault)" in r.get("error", "")) for f in ("dp", "dq")]
    p512 = pkdata.dh_group("modp512")
    out += [({"op": "dh", "fn": "keygen", "group": g, "seed": "03"}, ok)
            for g in ("modp512", "modp768", "modp1024", "modp1536", "modp2048")]
    out += [({"op": "dh", "fn": "keygen", "p": hx(p512), "g": "2", "xbits": 160, "seed": "03", **cfg}, ok),
            ({"op": "dh", "fn": "shared", "group": "modp512", "x": "1234", "peer": "5678"}, ok),
            ({"op": "dh", "fn": "shared", "p": hx(p512), "x": "1234", "peer": "5678"}, ok)]
    y, kk, msg = pow(2, 0x1234, p512), 0x777, 0x4242
    out += [({"op": "elgamal", "fn": "encrypt", "group": "modp512", "y": hx(y), "m": hx(msg), "seed": "04", **cfg}, ok),
            ({"op": "elgamal", "fn": "encrypt", "p": hx(p512), "g": "2", "y": hx(y), "m": hx(msg)}, ok),
            *[({"op": "elgamal", "fn": "encrypt", "group": g, "y": "05", "m": "07"}, ok)
              for g in ("modp768", "modp1024", "modp1536", "modp2048")],
            ({"op": "elgamal", "fn": "decrypt", "group": "modp512", "x": "1234", "c1": hx(pow(2, kk, p512)),
              "c2": hx(msg * pow(y, kk, p512) % p512)}, lambda r, w=hx(msg): r.get("m") == w)]
    name, _, v, _ = pkdata.dsa_keys()[0]
    dom = {"p": hx(v["P"]), "q": hx(v["Q"]), "g": hx(v["G"])}
    out += [({"op": "dsa", "fn": "keygen", **dom, "seed": "05", **cfg}, ok),
            ({"op": "dsa", "fn": "verify", **dom, "y": hx(v["Y"]), "hash": "sha1", "digest": DIGEST["sha1"], "r": "05",
              "s": "07"}, lambda r: r.get("valid") is False)]
    out += [({"op": "dsa", "fn": "sign", **dom, "x": hx(v["X"]), "hash": h, "digest": DIGEST[h]}, ok) for h in DIGEST]
    # Each exponentiation of the design space, on each public-key op.
    for e in ("lr", "rl", "ladder"):
        out += [({"op": "rsa", "fn": "public", **pub, "msg": "1234", "exp": e}, ok),
                ({"op": "dh", "fn": "shared", "group": "modp512", "x": "1234", "peer": "5678", "exp": e}, ok),
                ({"op": "elgamal", "fn": "encrypt", "group": "modp512", "y": hx(y), "m": hx(msg), "exp": e}, ok),
                ({"op": "dsa", "fn": "keygen", **dom, "exp": e}, ok)]
    out += [({"op": "drbg", "seed": "0102", "n": 16}, ok)]
    out += [({"op": "hmac", "hash": h, "key": "0b" * 20, "msg": "4869"}, ok) for h in ("md2", "md4", "md5", "sha1", "sha256")]
    for field, alg in ((163, "shiftadd"), (163, "comb"), (233, "self"), (233, "spread"), (163, "tab"), (163, "euclid"),
                       (233, "almost"), (163, "itoh")):
        fn = "mul" if alg in ("shiftadd", "comb") else "sqr" if alg in ("self", "spread", "tab") else "inv"
        n = 21 if field == 163 else 30
        out.append(({"op": "gf2m", "field": field, "fn": fn, "alg": alg, "a": "00" + "35" * (n - 1),
                     **({"b": "00" + "53" * (n - 1)} if fn == "mul" else {})}, ok))
    out += [({"op": "gf2m", "fn": fn, "set": s, "a": "00" + "35" * 20, **({"b": "00" + "01" * 20} if fn == "mul" else {})}, ok)
            for fn, s in (("mul", "basic"), ("sqr", "optimized"), ("inv", "basic"), ("sqr", "affine-table"))]
    for c in kat_ec.CURVES:
        M = model(c)
        out.append(({"op": "ec", "curve": c, "fn": "mul", "k": sc(c, 12345)},
                    lambda r, w=enc(c, M.mul(12345, M.G)): r.get("p") == w))
    c, M = "B-163", model("B-163")
    G, d = M.G, 0x1234567
    Q, P2 = M.mul(d, G), M.mul(99, G)
    digest = hashlib.sha256(b"z").hexdigest()
    rr, ss = M.ecdsa_sign(d, bytes.fromhex(digest), 777)
    msg = "42" * (kat_ec.FLEN[c] - 2)
    out += [({"op": "ec", "curve": c, "set": "basic", "fn": "mul", "k": sc(c, 5), "p": enc(c, P2)}, ok),
            ({"op": "ec", "curve": c, "set": "optimized", "fn": "add", "p": enc(c, G), "q": enc(c, P2)}, ok),
            ({"op": "ec", "curve": c, "set": "affine-table", "fn": "add", "p": enc(c, G), "q": enc(c, P2)}, ok),
            ({"op": "ec", "curve": c, "fn": "check", "p": enc(c, G)}, lambda r: r.get("valid") is True),
            ({"op": "ec", "curve": c, "fn": "keygen", "seed": "06"}, ok),
            ({"op": "ec", "curve": c, "fn": "ecdh", "d": sc(c, d), "q": enc(c, P2)}, ok),
            ({"op": "ec", "curve": c, "fn": "embed", "msg": msg}, ok),
            ({"op": "ec", "curve": c, "fn": "encrypt", "q": enc(c, Q), "m": enc(c, P2), "r": sc(c, 55)}, ok),
            ({"op": "ec", "curve": c, "fn": "decrypt", "d": sc(c, d), "c1": enc(c, G), "c2": enc(c, P2)}, ok),
            ({"op": "ec", "curve": c, "fn": "sign", "d": sc(c, d), "hash": "sha256", "digest": digest}, ok),
            ({"op": "ec", "curve": c, "fn": "sign_k", "d": sc(c, d), "digest": digest, "k": sc(c, 777)},
             lambda r, w=(sc(c, rr), sc(c, ss)): (r.get("r"), r.get("s")) == w),
            ({"op": "ec", "curve": c, "fn": "verify", "q": enc(c, Q), "digest": digest, "r": sc(c, rr), "s": sc(c, ss)},
             lambda r: r.get("valid") is True)]
    out += [({"op": "ec", "curve": "P-256", "fn": "sign", "d": sc("P-256", d), "hash": h, "digest": DIGEST[h]}, ok)
            for h in ("md2", "md4", "md5", "sha1")]
    ch = x509_chain()
    out += [({"op": "x509", "cert": ch.leaf.hex(), "issuer": ch.ca.hex(), "now": 20300101000000},
             lambda r: r.get("verify") == "VC_OK" and r.get("time") == "VC_ERR_RANGE")]
    key, iv, aad, msg = bytes(range(16)), bytes(12), b"ad", b"gcm message"
    ct, tag = AES.new(key, AES.MODE_GCM, nonce=iv).update(aad).encrypt_and_digest(msg)
    out += [({"op": "gcm", "cipher": "aes_ct", "key": key.hex(), "iv": iv.hex(), "aad": aad.hex(), "msg": msg.hex(),
              "dir": "enc", "taglen": 16}, lambda r, w=(ct.hex(), tag.hex()): (r.get("out"), r.get("tag")) == w),
            ({"op": "gcm", "cipher": "aes_tab", "key": key.hex(), "iv": iv.hex(), "aad": aad.hex(), "msg": ct.hex(),
              "dir": "dec", "tag": tag.hex()}, lambda r, w=msg.hex(): r.get("out") == w)]
    out += tls_requests() + ike_requests() + cms_requests()
    # Every op answering with cycles takes "repeat": its first request again, with two repeats.
    firsts = {}
    for req, check in out:
        if req["op"] not in ("ops", "run", "tls", "ike", "cms"):
            firsts.setdefault(req["op"], (dict(req, repeat=2), lambda r, c=check: c(r) and r.get("warm_cycles", 0) > 0))
    out += firsts.values()
    out += [({"op": "ct", "list": True}, ok),
            ({"op": "ct", "routine": "aes_ct_encrypt", "seed": 7, "classes": "000101", "list": False}, ok)]
    return out


@pytest.fixture(scope="module")
def valid(host_oracle):
    """The valid requests and the host's answers; unembed added, of the point embed answered, and
    exit."""
    cases = valid_requests()
    embed = next(r for r, _ in cases if r.get("fn") == "embed")
    p = ask(host_oracle, [embed])[0]["p"]
    cases.append(({"op": "ec", "curve": embed["curve"], "fn": "unembed", "p": p},
                  lambda r, w=embed["msg"]: r.get("msg") == w))
    cms = [r for r, _ in cases if r["op"] == "cms"]
    cases += cms_followups(ask(host_oracle, cms))
    cases.append(({"op": "exit", "status": 0}, lambda r: r.get("ok") is True))     # the last: it ends the run
    return cases, ask(host_oracle, [r for r, _ in cases])


@pytest.fixture(scope="module")
def listing(host_oracle):
    ops = ask(host_oracle, [{"op": "ops"}])[0]
    return {o["op"]: o["params"] for o in ops["ops"]}, ops["common_params"]


def choices(desc):
    """The choices an "a|b|c" description lists, or None."""
    head = desc.split(" ")[0].rstrip(":,")
    return head.split("|") if "|" in head else None


def test_valid_requests_are_answered(valid):
    cases, resps = valid
    bad = [(req, resp) for (req, check), resp in zip(cases, resps) if not check(resp)]
    assert not bad, "\n".join(f"{json.dumps(q)[:160]} -> {json.dumps(a)[:300]}" for q, a in bad)


def test_ops_lists_exactly_the_fields_the_parser_takes(valid, listing):
    """Each op's listed fields, and each choice of an "a|b|c" description, is taken by some valid
    request, and the valid requests use only listed fields and choices."""
    params, common = listing
    assert set(common) == {"impl"}
    cases, _ = valid
    used, vals = {}, {}
    for req, _ in cases:
        for k, v in req.items():
            if k in ("op", "impl"):
                continue
            assert k in params[req["op"]], f"{req['op']}: {k} is not listed but the request {req} uses it"
            used.setdefault(req["op"], set()).add(k)
            vals.setdefault((req["op"], k), set()).add(v)
    for op, fields in params.items():
        missing = set(fields) - used.get(op, set())
        assert not missing, f"{op} lists {sorted(missing)} but no valid request takes them"
        for k, desc in fields.items():
            opts = choices(desc)
            if opts:
                assert set(opts) == vals[(op, k)], f"{op}.{k}: listed {opts}, taken {sorted(vals[(op, k)])}"


def test_mp_lists_every_function(listing):
    assert "inv_binary_ct" in choices(listing[0]["mp"]["fn"])


def test_a_field_an_op_does_not_list_is_refused(host_oracle, valid, listing):
    """For each op, its first valid request with a field of another op's, or of none, added:
    refused before the op runs, naming the field and listing the op's."""
    params, _ = listing
    cases, _ = valid
    everything = {k for fields in params.values() for k in fields}
    reqs, want = [], []
    for op, fields in params.items():
        if op == "exit":
            continue
        base = next(r for r, _ in cases if r["op"] == op)
        for k in sorted(everything - set(fields))[:3] + ["zzz"]:
            reqs.append({**base, k: "01"})
            want.append(f"{k}: not a field of {op}")
    for req, w, resp in zip(reqs, want, ask(host_oracle, reqs)):
        assert resp["ok"] is False and resp["error"].startswith(w), (req, resp)
        assert "; " + req["op"] + " takes " in resp["error"]


@pytest.mark.parametrize("req, error", [
    ({"op": "aes_tab", "key": "00" * 16, "mdoe": "cbc", "iv": "00" * 16, "msg": "00" * 16},
     "mdoe: not a field of aes_tab (did you mean mode?); aes_tab takes key, mode, dir, iv, msg, pad"),
    ({"op": "sha256", "mgs": "61"}, "mgs: not a field of sha256 (did you mean msg?)"),
    ({"op": "rc5", "key": "00", "round": 8, "msg": ""}, "round: not a field of rc5 (did you mean rounds?)"),
    ({"op": "sha256", "msg": "61", "imp": "sw"}, "imp: not a field of sha256 (did you mean impl?)"),
    ({"op": "sha256", "msg": "61", "foo": 1}, "foo: not a field of sha256; sha256 takes msg"),
    ({"op": "des", "key": "00" * 8, "rounds": 8, "msg": ""}, "rounds: not a field of des; des takes"),
    ({"op": "ops", "verbose": True}, "verbose: not a field of ops; ops takes no fields"),
    ({"op": "run", "suites": "hash", "exti": True}, "exti: not a field of run (did you mean exit?)"),
    ({"op": "sha265", "msg": "61"}, 'op: "sha265" is an unknown op (did you mean sha256?)'),
])
def test_a_misspelt_field_is_refused_with_the_one_meant(host_oracle, req, error):
    resp = ask(host_oracle, [req])[0]
    assert resp["ok"] is False and resp["error"].startswith(error), resp


def test_a_field_given_twice_is_refused(host_oracle):
    resp = ask(host_oracle, ['{"op":"aes_tab","key":"' + "00" * 16 + '","mode":"ecb","mode":"cbc","msg":""}'])[0]
    assert resp == {"ok": False, "error": "mode: given twice; a request names each field once"}


G163 = kat_ec.point("B-163", ec2m.curve("B-163").G.x, ec2m.curve("B-163").G.y).hex()
P256_K = "00" * 31 + "05"
RSA = pkdata.rsa_key(1024)
RSA_PRIV = {"n": hx(RSA.n), "e": hx(RSA.e), "d": hx(RSA.d), "p": hx(RSA.p), "q": hx(RSA.q)}


@pytest.mark.parametrize("req, error", [
    ({"op": "aes_tab", "key": "00" * 16, "iv": "00" * 16, "msg": "00" * 16}, "iv: does not apply to aes_tab ecb"),
    ({"op": "des", "key": "00" * 8, "mode": "ctr", "iv": "00" * 8, "pad": True, "msg": ""}, "pad: does not apply to des ctr"),
    ({"op": "ec", "curve": "P-256", "set": "basic", "fn": "mul", "k": P256_K}, "set: does not apply to ec P-256 mul"),
    ({"op": "ec", "curve": "B-163", "set": "basic", "fn": "check", "p": G163}, "set: does not apply to ec B-163 check"),
    ({"op": "ec", "curve": "B-163", "fn": "verify", "hash": "sha1", "q": G163, "digest": "00", "r": "00" * 20 + "01",
      "s": "00" * 20 + "01"}, "hash: does not apply to ec B-163 verify"),
    ({"op": "ec", "curve": "B-163", "fn": "keygen", "seed": "00", "k": "00" * 20 + "01"}, "k: does not apply to ec B-163 keygen"),
    ({"op": "gf2m", "fn": "sqr", "a": "00" * 21, "b": "00" * 21}, "b: does not apply to gf2m sqr"),
    ({"op": "gf2m", "fn": "mul", "alg": "comb", "set": "basic", "a": "00" * 21, "b": "00" * 21},
     "set: does not apply to gf2m mul"),
    ({"op": "mp", "fn": "add", "a": "01", "b": "02", "s": 3}, "s: does not apply to mp add"),
    ({"op": "mp", "fn": "sqr", "a": "01", "m": "07"}, "m: does not apply to mp sqr"),
    ({"op": "modexp", "m": "0b", "a": "03", "e": "03", "ebits": 4}, "ebits: does not apply to modexp"),
    ({"op": "rsa", "fn": "public", "n": hx(RSA.n), "e": "10001", "msg": "05", "crt": "src"}, "crt: does not apply to rsa public"),
    ({"op": "rsa", "fn": "sign", **RSA_PRIV, "hash": "sha1", "digest": "00" * 20, "seed": "00"}, "seed: does not apply to rsa sign"),
    ({"op": "rsa", "fn": "keygen", "bits": 512, "seed": "00", "msg": "00"}, "msg: does not apply to rsa keygen"),
    ({"op": "dh", "fn": "keygen", "group": "modp512", "p": "0b", "g": "02"}, "p: does not apply to dh keygen"),
    ({"op": "dh", "fn": "shared", "group": "modp512", "x": "05", "peer": "07", "seed": "00"}, "seed: does not apply to dh shared"),
    ({"op": "ct", "list": True, "routine": "aes_ct_encrypt"}, "routine: does not apply to ct list"),
])
def test_a_field_that_does_not_apply_is_refused(host_oracle, req, error):
    """The op never read it for the variant asked: refused (and the answer withheld), whether
    or not the op itself succeeded."""
    resp = ask(host_oracle, [req])[0]
    assert resp["ok"] is False and resp["error"].startswith(error), resp
    assert "; " + req["op"] + " takes it as " in resp["error"]


# The message pattern: "<field>: <what it got>; <op> [<variant>] takes <what is allowed>".
@pytest.mark.parametrize("req, error", [
    ({"op": "des", "key": "00" * 7, "msg": ""}, "key: 7 bytes; des ecb takes 8 bytes of hex"),
    ({"op": "rsa", "fn": "keygen", "bits": 100}, "bits: 100; rsa keygen takes an even integer 256..4096"),
    ({"op": "rsa", "fn": "keygen", "bits": 8192}, "bits: 8192; rsa keygen takes an even integer 256..4096"),
    ({"op": "rsa", "fn": "keygen", "bits": 512, "e": 4}, "e: 4; rsa keygen takes an odd integer 3..4294967295"),
    ({"op": "gf2m", "fn": "mul", "a": "00" * 20, "b": "00" * 21}, "a: 20 bytes; gf2m mul takes 21 bytes of hex (a field element)"),
    ({"op": "ec", "curve": "P-256", "fn": "mul", "k": "05"}, "k: 1 byte; ec P-256 mul takes 32 bytes of hex (a scalar)"),
    ({"op": "aes_tab", "msg": "00" * 16}, "key: missing; aes_tab ecb takes 16, 24 or 32 bytes of hex"),
    ('{"op":"rc5","key":"00","rounds":1.5,"msg":""}', "rounds: 1.5; rc5 ecb takes an integer 0..255 (default 12)"),
    ({"op": "rc5", "key": "00", "rounds": 256, "msg": ""}, "rounds: 256; rc5 ecb takes an integer 0..255"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "cdc", "msg": ""}, 'mode: "cdc"; aes_tab takes ecb|cbc|ctr'),
    ({"op": "aes_tab", "key": "00" * 16, "pad": "yes", "msg": ""}, 'pad: "yes"; aes_tab ecb takes true or false'),
    ({"op": "mp", "fn": "inverse", "a": "01"}, 'fn: "inverse"; mp takes add|sub|mul|sqr|shl|shr|divmod|mod|mod_add|'
                                               'mod_sub|mod_mul|inv_euclid|inv_binary|inv_binary_ct|gcd'),
    ({"op": "sha256", "msg": "00" * 32769}, "msg: 32769 bytes; sha256 takes bytes as hex, at most 32768"),
    ({"op": "seal", "key": "00" * 20, "n": -1, "msg": ""}, "n: -1; seal takes an integer 0..4294967295"),
    ({"op": "sha256", "msg": 5}, "msg: 5; sha256 takes bytes as hex"),
    ('{"op":"sha256","msg":null}', "msg: null; request values are strings, numbers or booleans"),
    ({"op": "run", "suites": "hash", "runs": 0}, "runs: 0; run takes an integer 1..15"),
    ({"op": "exit", "status": 256}, "status: 256; exit takes an integer 0..255"),
    ({"op": "ct", "routine": "aes_ct_encrypt", "classes": "0002"}, "classes: a byte other than 00 and 01; ct aes_ct_encrypt takes"),
    ({"op": "sha256", "msg": "61", "impl": "fast"}, 'impl: "fast"; sha256 takes hw (the accelerators, the default) or sw'),
])
def test_errors_name_the_field_what_it_got_and_what_is_allowed(host_oracle, req, error):
    resp = ask(host_oracle, [req])[0]
    assert resp["ok"] is False and resp["error"].startswith(error), resp


def test_the_two_size_limits_say_the_same(host_oracle):
    """A field over the input limit and a line too long for the server name one limit, in bytes."""
    field, line = ask(host_oracle, [{"op": "sha256", "msg": "00" * 32769}, {"op": "sha256", "msg": "0" * 70000}])
    assert "at most 32768" in field["error"] and "takes at most 32768 bytes of input" in line["error"]


def test_p256_answers_carry_no_binary_field_counts(valid):
    """The mul/sqr/inv counts are the binary fields' (vc_gf2m_stats): on the binary curves only."""
    for (req, _), resp in zip(*valid):
        if req["op"] == "ec" and resp.get("ok"):
            assert ("mul" in resp) == (req["curve"] != "P-256"), (req, resp)


# In the SoC: the same listing, valid requests answered alike (cycles aside), the same refusals.
SOC_OPS = {"ops", "md5", "sha256", "des", "aes_tab", "rc5", "rc4", "seal", "mp", "montmul", "gf2m", "drbg", "hmac", "ct"}
SOC_BAD = [
    {"op": "aes_tab", "key": "00" * 16, "mdoe": "cbc", "iv": "00" * 16, "msg": "00" * 16},
    {"op": "aes_tab", "key": "00" * 16, "iv": "00" * 16, "msg": "00" * 16},
    {"op": "rc5", "key": "00", "rounds": 1.5, "msg": ""},
    {"op": "des", "key": "00" * 7, "msg": ""},
    {"op": "rsa", "fn": "keygen", "bits": 100},
    {"op": "ec", "curve": "P-256", "set": "basic", "fn": "mul", "k": P256_K},
    {"op": "gf2m", "fn": "sqr", "a": "00" * 21, "b": "00" * 21},
    {"op": "mp", "fn": "inverse", "a": "01"},
    {"op": "sha256", "msg": "61", "imp": "sw"},
]


@pytest.mark.sim
def test_the_soc_lists_takes_and_refuses_the_same(sim_config, host_oracle, valid, listing):
    cases, host = valid
    pick = [i for i, (req, _) in enumerate(cases) if req["op"] in SOC_OPS and req["op"] != "run"]
    reqs = [cases[i][0] for i in pick] + SOC_BAD
    r = subprocess.run(VEXRUN, input="\n".join(json.dumps(q) for q in reqs) + "\n", capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr
    soc = answers(r.stdout.splitlines())
    assert len(soc) == len(reqs)
    same = lambda a: {k: v for k, v in answer_only(a).items() if k != "cycle_overhead"}  # noqa: E731
    for i, resp in zip(pick, soc):
        req, check = cases[i]
        assert check(resp), (req, resp)
        if req["op"] not in ("ct", "ops"):
            assert same(resp) == same(host[i]), (req, resp, host[i])
    assert {o["op"]: o["params"] for o in soc[0]["ops"]} == listing[0]
    for req, a, b in zip(SOC_BAD, soc[len(pick):], ask(host_oracle, SOC_BAD)):
        assert a == b and a["ok"] is False, (req, a, b)
