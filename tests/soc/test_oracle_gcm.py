"""AES-GCM through the target oracle (op gcm): random keys, IVs, AAD, messages, tag lengths and
directions against pycryptodome, tampered tags refused, in the plain build (GHASH in
constant-time software) and in a CLMUL=1 build (on the unit, and one request in three also off
it, "impl":"sw", with the same answer)."""

import random

import pytest
from Crypto.Cipher import AES

pytestmark = pytest.mark.sim

N = 40


def cases():
    """(request, expected answer fields, or the part of the error the answer must carry)."""
    rng = random.Random(20261127)
    out = []
    for i in range(N):
        key = rng.randbytes(rng.choice([16, 24, 32]))
        iv = rng.randbytes(12 if i % 2 else rng.randrange(1, 40))
        aad = rng.randbytes(rng.choice([0, 13, rng.randrange(0, 50)]))
        msg = rng.randbytes(rng.randrange(0, 200))
        taglen = rng.choice([16, rng.randrange(4, 17)])
        c = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=taglen)
        c.update(aad)
        ct, tag = c.encrypt_and_digest(msg)
        req = {"op": "gcm", "cipher": rng.choice(["aes_ct", "aes_tab"]), "key": key.hex(), "iv": iv.hex(),
               "aad": aad.hex()}
        if i % 3 == 0:
            out.append((dict(req, msg=msg.hex(), taglen=taglen), {"out": ct.hex(), "tag": tag.hex()}))
        elif i % 3 == 1:
            out.append((dict(req, dir="dec", msg=ct.hex(), tag=tag.hex()), {"out": msg.hex()}))
        else:
            bad = bytes([tag[0] ^ 1 << rng.randrange(8)]) + tag[1:]
            out.append((dict(req, dir="dec", msg=ct.hex(), tag=bad.hex()), "gcm dec: signature or encoding does not verify"))
    return out


def check(req, resp, want):
    if isinstance(want, str):
        assert resp["ok"] is False and want in resp["error"] and "out" not in resp, (req, resp)
    else:
        assert resp["ok"], (req, resp)
        assert {k: resp[k] for k in want} == want, req


def test_plain_build(sim_config, oracle):
    cs = cases()
    for (req, want), resp in zip(cs, oracle([r for r, _ in cs])):
        check(req, resp, want)


def test_clmul_build_on_and_off_the_unit(oracle, accel):
    cs = accel.cases(cases())
    answered = list(zip(cs, oracle([r for r, _ in cs], "--clmul", "1")))
    for (req, want), resp in answered:
        check(req, resp, want)
    pairs = accel.pairs(answered)
    assert len(pairs) >= N // 3
    for _, a, b in pairs:
        assert {k: v for k, v in a.items() if "cycles" not in k and not k.startswith("insn_")} == \
               {k: v for k, v in b.items() if "cycles" not in k and not k.startswith("insn_")}
