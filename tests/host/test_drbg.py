"""HMAC (RFC 2104) over every hash class and HMAC_DRBG (SP 800-90A, SHA-256) of the C library on
the host: the RFC 2202 / RFC 4231 vectors of cryptography_vectors, random keys and messages
against Python's hmac and pycryptodome, streaming, the DRBG against a model written from SP
800-90A and against the RFC 6979 nonces of pycryptodome's self-tests (RFC 6979's generator is
HMAC_DRBG), and the error codes.

Also the shared ctypes helpers of the DSA tests: hash classes and the RFC 6979 vectors."""

import ast
import ctypes
import hashlib
import hmac
import importlib.util
import random
from pathlib import Path

import pytest
from Crypto.Hash import HMAC as CHMAC, MD2, MD4

from vexrun.native.mp import VC_ERR_PARAM, Drbg
from vexrun.models.drbg import HmacDrbg
from vexrun.native.api import VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_STATE, VC_OK, declared, opaque
from vexrun.vectors.packages import cryptography_vectors_dir

SZ = ctypes.c_size_t


class HashClass(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("digest_len", SZ), ("block_len", SZ), ("ctx_size", SZ),
                ("init", ctypes.c_void_p), ("update", ctypes.c_void_p), ("final", ctypes.c_void_p),
                ("oneshot", ctypes.c_void_p)]


declared(HashClass, "vc_hash_class")
HmacCtx = opaque("vc_hmac_ctx")


def hash_class(lib, name) -> HashClass:
    return HashClass.in_dll(lib, f"vc_{name}_class")


# name -> (digest_len, block_len, reference HMAC(key, msg))
REFS = {
    "md2": (16, 16, lambda k, m: CHMAC.new(k, m, digestmod=MD2).digest()),
    "md4": (16, 64, lambda k, m: CHMAC.new(k, m, digestmod=MD4).digest()),
    "md5": (16, 64, lambda k, m: hmac.new(k, m, hashlib.md5).digest()),
    "sha1": (20, 64, lambda k, m: hmac.new(k, m, hashlib.sha1).digest()),
    "sha256": (32, 64, lambda k, m: hmac.new(k, m, hashlib.sha256).digest()),
}


def vc_hmac(lib, name, key, msg) -> bytes:
    out = ctypes.create_string_buffer(REFS[name][0])
    assert lib.vc_hmac(ctypes.byref(hash_class(lib, name)), key, SZ(len(key)), msg, SZ(len(msg)),
                       out) == VC_OK
    return out.raw


def vc_hmac_stream(lib, name, key, pieces) -> bytes:
    ctx = HmacCtx()
    out = ctypes.create_string_buffer(REFS[name][0])
    assert lib.vc_hmac_init(ctypes.byref(ctx), ctypes.byref(hash_class(lib, name)), key,
                            SZ(len(key))) == VC_OK
    for p in pieces:
        assert lib.vc_hmac_update(ctypes.byref(ctx), p, SZ(len(p))) == VC_OK
    assert lib.vc_hmac_final(ctypes.byref(ctx), out) == VC_OK
    return out.raw


# ---- HMAC known answers ----

def hmac_kats(fname):
    """(key, msg, mac, label) of a cryptography_vectors HMAC/rfc-*.txt file: records separated
    by blank lines, comment lines skipped (they sit inside records)."""
    path = cryptography_vectors_dir() / "HMAC" / fname
    out, cur = [], {}
    lines = path.read_text().splitlines() + [""]
    for lineno, line in enumerate(lines, 1):
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            if "MD" in cur:
                out.append((bytes.fromhex(cur["Key"]), bytes.fromhex(cur["Msg"]),
                            bytes.fromhex(cur["MD"]), f"{fname}:{lineno}"))
            cur = {}
            continue
        key, _, val = line.partition("=")
        cur[key.strip()] = val.strip()
    return out


HMAC_FILES = {"md5": "rfc-2202-md5.txt", "sha1": "rfc-2202-sha1.txt", "sha256": "rfc-4231-sha256.txt"}
HMAC_KATS = {name: hmac_kats(f) for name, f in HMAC_FILES.items()}
HMAC_KAT_COUNTS = {"md5": 7, "sha1": 7, "sha256": 6}


def test_hmac_kat_counts():
    # A missing or misparsed file must not shrink the tests silently.
    assert {n: len(v) for n, v in HMAC_KATS.items()} == HMAC_KAT_COUNTS


@pytest.mark.parametrize("name,key,msg,mac", [
    pytest.param(n, k, m, d, id=f"{n}-{label}") for n, kats in HMAC_KATS.items()
    for k, m, d, label in kats])
def test_hmac_kat(lib, name, key, msg, mac):
    assert len(mac) == REFS[name][0]
    assert vc_hmac(lib, name, key, msg) == mac
    cut = len(msg) // 3
    assert vc_hmac_stream(lib, name, key, [msg[:cut], b"", msg[cut:]]) == mac


# ---- HMAC against the references ----

@pytest.mark.parametrize("name", list(REFS))
def test_hmac_random(lib, name):
    dlen, block, ref = REFS[name]
    rng = random.Random(f"hmac-{name}")
    keylens = [0, 1, dlen, block - 1, block, block + 1, 2 * block + 3, 300]
    for i in range(120):
        key = rng.randbytes(keylens[i % len(keylens)])
        msg = rng.randbytes(rng.randrange(0, 4 * block + 10))
        want = ref(key, msg)
        assert vc_hmac(lib, name, key, msg) == want, (len(key), len(msg))
        cuts = sorted(rng.randrange(0, len(msg) + 1) for _ in range(rng.randrange(0, 5)))
        pieces = [msg[a:b] for a, b in zip([0] + cuts, cuts + [len(msg)])]
        assert vc_hmac_stream(lib, name, key, pieces) == want, (len(key), len(msg), cuts)


def test_hmac_stream_every_split(lib):
    rng = random.Random("split")
    key, msg = rng.randbytes(70), rng.randbytes(150)
    want = REFS["sha256"][2](key, msg)
    for cut in range(len(msg) + 1):
        assert vc_hmac_stream(lib, "sha256", key, [msg[:cut], msg[cut:]]) == want, cut


# ---- HMAC errors ----

def test_hmac_errors(lib):
    sha = ctypes.byref(hash_class(lib, "sha256"))
    out = ctypes.create_string_buffer(b"\xaa" * 32, 32)
    assert lib.vc_hmac(None, b"k", SZ(1), b"m", SZ(1), out) == VC_ERR_NULL
    assert lib.vc_hmac(sha, None, SZ(1), b"m", SZ(1), out) == VC_ERR_NULL
    assert lib.vc_hmac(sha, b"k", SZ(1), None, SZ(1), out) == VC_ERR_NULL
    assert lib.vc_hmac(sha, b"k", SZ(1), b"m", SZ(1), None) == VC_ERR_NULL
    assert out.raw == b"\xaa" * 32
    # NULL with a zero length is the empty key or message.
    assert lib.vc_hmac(sha, None, SZ(0), None, SZ(0), out) == VC_OK
    assert out.raw == REFS["sha256"][2](b"", b"")

    ctx = HmacCtx()
    assert lib.vc_hmac_init(None, sha, b"k", SZ(1)) == VC_ERR_NULL
    assert lib.vc_hmac_init(ctypes.byref(ctx), None, b"k", SZ(1)) == VC_ERR_NULL
    assert lib.vc_hmac_init(ctypes.byref(ctx), sha, None, SZ(1)) == VC_ERR_NULL
    # A zeroed (never initialised) context.
    assert lib.vc_hmac_update(ctypes.byref(ctx), b"m", SZ(1)) == VC_ERR_STATE
    assert lib.vc_hmac_final(ctypes.byref(ctx), out) == VC_ERR_STATE
    assert bytes(ctx) == bytes(ctypes.sizeof(ctx))

    assert lib.vc_hmac_init(ctypes.byref(ctx), sha, b"key", SZ(3)) == VC_OK
    assert lib.vc_hmac_update(None, b"m", SZ(1)) == VC_ERR_NULL
    assert lib.vc_hmac_update(ctypes.byref(ctx), None, SZ(1)) == VC_ERR_NULL
    assert lib.vc_hmac_update(ctypes.byref(ctx), None, SZ(0)) == VC_OK
    assert lib.vc_hmac_final(ctypes.byref(ctx), None) == VC_ERR_NULL
    assert lib.vc_hmac_final(None, out) == VC_ERR_NULL
    assert lib.vc_hmac_update(ctypes.byref(ctx), b"msg", SZ(3)) == VC_OK
    assert lib.vc_hmac_final(ctypes.byref(ctx), out) == VC_OK
    assert out.raw == REFS["sha256"][2](b"key", b"msg")
    # final wipes the context (key material included) and ends it.
    assert bytes(ctx) == bytes(ctypes.sizeof(ctx))
    out2 = ctypes.create_string_buffer(b"\x55" * 32, 32)
    assert lib.vc_hmac_update(ctypes.byref(ctx), b"m", SZ(1)) == VC_ERR_STATE
    assert lib.vc_hmac_final(ctypes.byref(ctx), out2) == VC_ERR_STATE
    assert out2.raw == b"\x55" * 32


@pytest.mark.parametrize("field,value", [("block_len", 128), ("digest_len", 48), ("ctx_size", 4096)])
def test_hmac_class_too_big(lib, field, value):
    cls = HashClass.from_buffer_copy(hash_class(lib, "sha256"))
    setattr(cls, field, value)
    ctx = HmacCtx()
    out = ctypes.create_string_buffer(b"\xaa" * 64, 64)
    assert lib.vc_hmac_init(ctypes.byref(ctx), ctypes.byref(cls), b"k", SZ(1)) == VC_ERR_PARAM
    assert bytes(ctx) == bytes(ctypes.sizeof(ctx))
    assert lib.vc_hmac(ctypes.byref(cls), b"k", SZ(1), b"m", SZ(1), out) == VC_ERR_PARAM
    assert out.raw == b"\xaa" * 64


# ---- HMAC_DRBG ----

# The SP 800-90A model (written from the standard on Python's hmac) lives with the host tools.
ModelDrbg = HmacDrbg


def drbg_init(lib, seed: bytes) -> Drbg:
    d = Drbg()
    assert lib.vc_drbg_init(ctypes.byref(d), seed, SZ(len(seed))) == VC_OK
    return d


def drbg_generate(lib, d: Drbg, n: int) -> bytes:
    out = ctypes.create_string_buffer(n)
    assert lib.vc_drbg_generate(ctypes.byref(d), out, SZ(n)) == VC_OK
    return out.raw


@pytest.mark.parametrize("seedlen", [0, 1, 32, 48, 55, 56, 64, 100, 300])
def test_drbg_model(lib, seedlen):
    rng = random.Random(f"drbg-{seedlen}")
    seed = rng.randbytes(seedlen)
    d, m = drbg_init(lib, seed), ModelDrbg(seed)
    # Each request's output is the model's; so is the one after the last (the state it left).
    for n in [0, 1, 31, 32, 33, 64, 65, 100, 1000, rng.randrange(0, 5000), 32]:
        assert drbg_generate(lib, d, n) == m.generate(n), n


def test_drbg_max_request(lib):
    seed = b"max request"
    d, m = drbg_init(lib, seed), ModelDrbg(seed)
    assert drbg_generate(lib, d, 65536) == m.generate(65536)
    before = bytes(d)
    out = ctypes.create_string_buffer(b"\xaa" * 65537, 65537)
    assert lib.vc_drbg_generate(ctypes.byref(d), out, SZ(65537)) == VC_ERR_LENGTH
    assert bytes(d) == before and out.raw == b"\xaa" * 65537
    assert drbg_generate(lib, d, 40) == m.generate(40)


def test_drbg_deterministic_and_seed_sensitive(lib):
    a = drbg_generate(lib, drbg_init(lib, b"seed"), 64)
    assert a == drbg_generate(lib, drbg_init(lib, b"seed"), 64)
    assert a != drbg_generate(lib, drbg_init(lib, b"seeD"), 64)
    assert a != drbg_generate(lib, drbg_init(lib, b"seed\x00"), 64)


def test_drbg_errors(lib):
    d = Drbg()
    out = ctypes.create_string_buffer(b"\xaa" * 16, 16)
    assert lib.vc_drbg_generate(ctypes.byref(d), out, SZ(16)) == VC_ERR_STATE
    assert out.raw == b"\xaa" * 16
    assert lib.vc_drbg_init(None, b"s", SZ(1)) == VC_ERR_NULL
    assert lib.vc_drbg_init(ctypes.byref(d), None, SZ(1)) == VC_ERR_NULL
    assert bytes(d) == bytes(ctypes.sizeof(d))
    assert lib.vc_drbg_init(ctypes.byref(d), None, SZ(0)) == VC_OK
    m = ModelDrbg(b"")
    assert lib.vc_drbg_generate(None, out, SZ(16)) == VC_ERR_NULL
    assert lib.vc_drbg_generate(ctypes.byref(d), None, SZ(16)) == VC_ERR_NULL
    # Zero bytes still step the state (the spec's Update after generating).
    assert lib.vc_drbg_generate(ctypes.byref(d), None, SZ(0)) == VC_OK
    m.generate(0)
    assert drbg_generate(lib, d, 16) == m.generate(16)


# ---- RFC 6979 vectors (pycryptodome's self-test data), shared with test_dsa ----

HASH_NAMES = {"SHA1": "sha1", "SHA256": "sha256"}   # the hashes the library has


def rfc6979_vectors():
    """(key, message, hash name, k, r, s) of RFC 6979 A.2.1 (DSA 1024/160) and A.2.2 (DSA
    2048/256) for SHA-1 and SHA-256; key is a dict p, q, g, x, y. Read from the data of class
    TestDet_DSA in the installed Crypto/SelfTest/Signature/test_dss.py, parsed rather than
    imported (importing it loads all of its other vector files: seconds)."""
    crypto = Path(importlib.util.find_spec("Crypto").origin).parent
    tree = ast.parse((crypto / "SelfTest" / "Signature" / "test_dss.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TestDet_DSA")
    data = {a.targets[0].id: a.value for a in cls.body if isinstance(a, ast.Assign)}

    def value(node):   # strings and integers as they are; hash modules (SHA1, ...) by name
        return node.id if isinstance(node, ast.Name) else ast.literal_eval(node)

    def num(text):
        return int("".join(text.split()), 16)

    keys = {}
    for item in data["keys"].elts:
        *fields, name = map(value, item.elts)
        keys[name] = dict(zip("pqgxy", map(num, fields)))
    out = []
    for item in data["signatures"].elts:
        msg, k, r, s, hname, keyname = map(value, item.elts)
        if hname in HASH_NAMES:
            out.append((keys[keyname], msg.encode(), HASH_NAMES[hname], num(k), num(r), num(s)))
    assert len(keys) == 2 and len(out) == 8
    return out


def test_drbg_rfc6979_nonces(lib):
    """With SHA-256 and 8 * rlen <= 256, RFC 6979's k is HMAC_DRBG seeded with int2octets(x) ||
    bits2octets(H(m)): each candidate is the first rlen bytes of one generate call (whose
    closing Update(empty) is RFC 6979's retry step)."""
    checked = 0
    for key, msg, hname, k, _, _ in rfc6979_vectors():
        if hname != "sha256":
            continue
        q, rlen = key["q"], (key["q"].bit_length() + 7) // 8
        assert q.bit_length() % 8 == 0 and rlen <= 32
        z = int.from_bytes(hashlib.sha256(msg).digest()[:rlen], "big") % q
        d = drbg_init(lib, key["x"].to_bytes(rlen, "big") + z.to_bytes(rlen, "big"))
        while not 0 < (cand := int.from_bytes(drbg_generate(lib, d, rlen), "big")) < q:
            pass
        assert cand == k
        checked += 1
    assert checked == 4
