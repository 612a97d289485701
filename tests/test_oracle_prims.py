"""Every primitive through the target oracle: a few hundred random inputs each, run in the
simulated SoC, compared with independent references (hashlib, pycryptodome, the Python models
of vexrun.models); and bad inputs answered with errors while serving goes on."""

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from Crypto.Cipher import AES, ARC4, DES, DES3
from Crypto.Hash import MD2, MD4
from Crypto.Util import Counter

from vexrun.models import rc5
from vexrun.models.seal import Seal

pytestmark = pytest.mark.sim

VEXRUN = [str(Path(sys.executable).parent / "vexrun"), "oracle"]
PER_PRIM = 200
MAX_LEN = 200

HASHES = {
    "md2": lambda m: MD2.new(m).digest(),
    "md4": lambda m: MD4.new(m).digest(),
    "md5": lambda m: hashlib.md5(m).digest(),
    "sha1": lambda m: hashlib.sha1(m).digest(),
    "sha256": lambda m: hashlib.sha256(m).digest(),
}


def pkcs7(m, bl):
    n = bl - len(m) % bl
    return m + bytes([n]) * n


def pycrypto_block(op, key, mode, iv):
    """A pycryptodome cipher object for a block-cipher op of the oracle."""
    cls = {"des": DES, "3des": DES3, "aes_tab": AES, "aes_ct": AES}[op]
    if mode == "ecb":
        return lambda: cls.new(key, cls.MODE_ECB)
    if mode == "cbc":
        return lambda: cls.new(key, cls.MODE_CBC, iv=iv)
    return lambda: cls.new(key, cls.MODE_CTR, counter=Counter.new(8 * len(iv), initial_value=int.from_bytes(iv, "big")))


def rc5_mode(key, rounds, mode, iv, data, decrypt):
    S = rc5.expand_key(key, rounds)
    blocks = [data[i:i + 8] for i in range(0, len(data), 8)]
    out, prev = b"", iv
    if mode == "ctr":
        ctr = int.from_bytes(iv, "big")
        for b in blocks:
            ks = rc5.encrypt_block(S, ctr.to_bytes(8, "big"))
            out += bytes(x ^ y for x, y in zip(b, ks))
            ctr = (ctr + 1) % 2**64
        return out
    for b in blocks:
        if decrypt:
            p = rc5.decrypt_block(S, b)
            out += bytes(x ^ y for x, y in zip(p, prev)) if mode == "cbc" else p
            prev = b
        else:
            x = bytes(x ^ y for x, y in zip(b, prev)) if mode == "cbc" else b
            prev = rc5.encrypt_block(S, x)
            out += prev
    return out


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
        data = pkcs7(msg, bl) if pad and not decrypt else msg
        if pad and decrypt:   # decrypt a valid padded ciphertext
            data = rc5_mode(key, rounds, mode, iv, pkcs7(msg, bl), False)
            req["msg"] = data.hex()
            return req, msg
        return req, rc5_mode(key, rounds, mode, iv, data, decrypt)
    new = pycrypto_block(op, key, mode, iv)
    if decrypt:
        if pad:
            ct = new().encrypt(pkcs7(msg, bl))
            req["msg"] = ct.hex()
            return req, msg
        return req, new().decrypt(msg)
    return req, new().encrypt(pkcs7(msg, bl) if pad else msg)


def stream_case(rng, op):
    msg = rng.randbytes(rng.randrange(0, MAX_LEN))
    if op == "rc4":
        key = rng.randbytes(rng.randrange(1, 257))
        return {"op": op, "key": key.hex(), "msg": msg.hex()}, ARC4.new(key).encrypt(msg)
    key, n = rng.randbytes(20), rng.getrandbits(32)
    ks = Seal(key, max_bits=8 * 4096).keystream(n, len(msg))
    return {"op": op, "key": key.hex(), "n": n, "msg": msg.hex()}, bytes(a ^ b for a, b in zip(msg, ks))


def cases():
    rng = random.Random(20261122)
    out = []
    for op, ref in HASHES.items():
        for _ in range(PER_PRIM):
            m = rng.randbytes(rng.randrange(0, MAX_LEN))
            out.append(({"op": op, "msg": m.hex()}, ref(m)))
    for op in ("des", "3des", "aes_tab", "aes_ct", "rc5"):
        out += [block_case(rng, op) for _ in range(PER_PRIM)]
    seal_rng = random.Random(5)
    out += [stream_case(rng, "rc4") for _ in range(PER_PRIM)]
    out += [stream_case(seal_rng, "seal") for _ in range(PER_PRIM // 10)]   # SEAL key setup is 0.5 M cycles
    return out


@pytest.fixture(scope="module")
def answered(sim_config):
    cs = cases()
    r = subprocess.run(VEXRUN, input="\n".join(json.dumps(c[0]) for c in cs) + "\n", capture_output=True,
                       text=True, timeout=1500)
    assert r.returncode == 0, r.stderr
    resps = [json.loads(l) for l in r.stdout.splitlines()]
    assert len(resps) == len(cs)
    return list(zip(cs, resps))


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
    ({"op": "aes_tab", "key": "00" * 15, "msg": "00" * 16}, "key length"),
    ({"op": "aes_ct", "key": "00" * 16, "mode": "cbc", "msg": "00" * 16}, "iv"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "cbc", "iv": "00" * 16, "msg": "00" * 15}, "multiple of the block"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "cbc", "iv": "00" * 16, "dir": "dec", "pad": True,
      "msg": "00" * 16}, "padding"),
    ({"op": "des", "key": "00" * 7, "msg": "00" * 8}, "key length"),
    ({"op": "3des", "key": "00" * 20, "msg": "00" * 8}, "key length"),
    ({"op": "rc5", "key": "00", "rounds": 256, "msg": "00" * 8}, "rounds"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "xts", "msg": "00" * 16}, "mode"),
    ({"op": "aes_tab", "key": "00" * 16, "dir": "sideways", "msg": "00" * 16}, "dir"),
    ({"op": "aes_tab", "key": "00" * 16, "mode": "ctr", "iv": "00" * 16, "pad": True, "msg": "00"}, "pad"),
    ({"op": "rc4", "key": "", "msg": "00"}, "key length"),
    ({"op": "seal", "key": "00" * 19, "msg": "00"}, "key length"),
    ({"op": "md5", "msg": "0"}, "malformed hex"),
]


def test_bad_inputs_get_errors_and_serving_goes_on(sim_config):
    lines = []
    for req, _ in BAD:
        lines += [json.dumps(req), json.dumps({"op": "md5", "msg": "616263"})]
    r = subprocess.run(VEXRUN, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    resps = [json.loads(l) for l in r.stdout.splitlines()]
    assert len(resps) == 2 * len(BAD)
    for (req, err), resp, after in zip(BAD, resps[0::2], resps[1::2]):
        assert resp["ok"] is False and err in resp["error"], (req, resp)
        assert after["ok"] and after["out"] == hashlib.md5(b"abc").hexdigest()
