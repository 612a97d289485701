"""Every primitive through the target oracle: a few hundred random inputs each, run in the
simulated SoC, compared with independent references (hashlib, pycryptodome, the Python models
of vexrun.models); and bad inputs answered with errors while serving goes on."""

import hashlib
import random

import pytest
from Crypto.Cipher import DES3

from vexrun.suites import refs

pytestmark = pytest.mark.sim

PER_PRIM = 100
MAX_LEN = 200

HASHES = ("md2", "md4", "md5", "sha1", "sha256")


def block_case(rng, op):
    bl = 16 if op.startswith("aes") else 8
    if op.startswith("aes"):
        key = rng.randbytes(rng.choice([16, 24, 32]))
    elif op == "des":
        key = rng.randbytes(8)
    elif op == "3des":
        while True:   # pycryptodome refuses keys that degenerate to single DES
            key = rng.randbytes(rng.choice([16, 24]))
            try:
                DES3.adjust_key_parity(key)
                break
            except ValueError:
                pass
    else:
        key = rng.randbytes(rng.randrange(0, 40))
    mode = rng.choice(["ecb", "cbc", "ctr"])
    decrypt = rng.random() < 0.5
    pad = mode != "ctr" and rng.random() < 0.5
    iv = rng.randbytes(bl)
    msg = rng.randbytes(rng.randrange(0, MAX_LEN))
    if mode != "ctr" and not pad:
        msg = msg[:len(msg) - len(msg) % bl]
    rounds = rng.choice([0, 1, 12, 20, 255]) if op == "rc5" else 12
    req = {"op": op, "key": key.hex(), "mode": mode, "dir": "dec" if decrypt else "enc", "msg": msg.hex()}
    if mode != "ecb":
        req["iv"] = iv.hex()
    if pad:
        req["pad"] = True
    if op == "rc5":
        req["rounds"] = rounds
    new = lambda: refs.block_mode(op, key, mode, iv, rounds)   # noqa: E731 (one object per message)
    if decrypt and pad:   # decrypt a valid padded ciphertext
        req["msg"] = new().encrypt(refs.pkcs7(msg, bl)).hex()
        return req, msg
    if decrypt:
        return req, new().decrypt(msg)
    return req, new().encrypt(refs.pkcs7(msg, bl) if pad else msg)


def stream_case(rng, op):
    msg = rng.randbytes(rng.randrange(0, MAX_LEN))
    if op == "rc4":
        key = rng.randbytes(rng.randrange(1, 257))
        return {"op": op, "key": key.hex(), "msg": msg.hex()}, refs.stream_crypt("rc4", key, msg)
    key, n = rng.randbytes(20), rng.getrandbits(32)
    return {"op": op, "key": key.hex(), "n": n, "msg": msg.hex()}, refs.stream_crypt("seal", key, msg, n)


def cases():
    rng = random.Random(20261122)
    out = []
    for op in HASHES:
        for _ in range(PER_PRIM):
            m = rng.randbytes(rng.randrange(0, MAX_LEN))
            out.append(({"op": op, "msg": m.hex()}, refs.hash_digest(op, m)))
    for op in ("des", "3des", "aes_tab", "aes_ct", "rc5"):
        out += [block_case(rng, op) for _ in range(PER_PRIM)]
    seal_rng = random.Random(5)
    out += [stream_case(rng, "rc4") for _ in range(PER_PRIM)]
    out += [stream_case(seal_rng, "seal") for _ in range(PER_PRIM // 5)]   # SEAL key setup is 1 M cycles
    return out


@pytest.fixture(scope="module")
def answered(sim_config, oracle):
    cs = cases()
    return list(zip(cs, oracle([req for req, _ in cs], timeout=1500)))


@pytest.mark.parametrize("op", list(HASHES) + ["des", "3des", "aes_tab", "aes_ct", "rc5", "rc4", "seal"])
def test_random_inputs_match_references(answered, op):
    seen = 0
    for (req, want), resp in answered:
        if req["op"] != op:
            continue
        seen += 1
        assert resp["ok"], (req, resp)
        assert resp["out"] == want.hex(), req
        assert resp["cycles"] >= 0
    assert seen >= PER_PRIM // 10


BAD = [
    ({"op": "aes_tab", "key": "00" * 15, "msg": "00" * 16}, "key: 15 bytes; aes_tab ecb takes 16, 24 or 32 bytes"),
    ({"op": "aes_ct", "key": "00" * 16, "mode": "cbc", "msg": "00" * 16}, "iv"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "cbc", "iv": "00" * 16, "msg": "00" * 15}, "msg: 15 bytes; aes_tab cbc takes whole 16-byte blocks"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "cbc", "iv": "00" * 16, "dir": "dec", "pad": True,
      "msg": "00" * 16}, "padding"),
    ({"op": "des", "key": "00" * 7, "msg": "00" * 8}, "key: 7 bytes; des ecb takes 8 bytes"),
    ({"op": "3des", "key": "00" * 20, "msg": "00" * 8}, "key: 20 bytes; 3des ecb takes 16 or 24 bytes"),
    ({"op": "rc5", "key": "00", "rounds": 256, "msg": "00" * 8}, "rounds"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "xts", "msg": "00" * 16}, "mode"),
    ({"op": "aes_tab", "key": "00" * 16, "dir": "sideways", "msg": "00" * 16}, "dir"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "ctr", "iv": "00" * 16, "pad": True, "msg": "00"}, "pad"),
    ({"op": "rc4", "key": "", "msg": "00"}, "key: 0 bytes; rc4 takes 1..256 bytes"),
    ({"op": "seal", "key": "00" * 19, "msg": "00"}, "key: 19 bytes; seal takes 20 bytes"),
    ({"op": "md5", "msg": "0"}, "msg: 1 hex digit, an odd count"),
]


def test_bad_inputs_get_errors_and_serving_goes_on(sim_config, oracle):
    resps = oracle([q for req, _ in BAD for q in (req, {"op": "md5", "msg": "616263"})], timeout=300)
    assert len(resps) == 2 * len(BAD)
    for (req, err), resp, after in zip(BAD, resps[0::2], resps[1::2]):
        assert resp["ok"] is False and err in resp["error"], (req, resp)
        assert after["ok"] and after["out"] == hashlib.md5(b"abc").hexdigest()
