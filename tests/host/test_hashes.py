"""MD2, MD4, MD5 and SHA-1 of the C library on the host: every known-answer vector of the
installed packages (vexrun.vectors.kat_hash), the iterated MD5 and SHA-1 Monte Carlo tests, random
inputs against pycryptodome / hashlib, block boundaries, unaligned input, streaming split at
every offset, and the error codes."""

import ctypes
import hashlib
import random
from dataclasses import dataclass

import pytest
from Crypto.Hash import MD2, MD4

from vexrun.vectors import kat_hash
from vexrun.native.api import VC_ERR_NULL, VC_ERR_STATE, VC_OK, opaque


@dataclass(frozen=True)
class Hash:
    name: str
    ctx: type
    digest_len: int
    block_len: int
    ref: object         # bytes -> digest, the reference implementation

    def fn(self, lib, op=""):
        return getattr(lib, f"vc_{self.name}{'_' + op if op else ''}")


HASHES = {h.name: h for h in (
    Hash("md2", opaque("vc_md2_ctx"), 16, 16, lambda m: MD2.new(m).digest()),
    Hash("md4", opaque("vc_md4_ctx"), 16, 64, lambda m: MD4.new(m).digest()),
    Hash("md5", opaque("vc_md5_ctx"), 16, 64, lambda m: hashlib.md5(m).digest()),
    Hash("sha1", opaque("vc_sha1_ctx"), 20, 64, lambda m: hashlib.sha1(m).digest()),
)}
NAMES = list(HASHES)


def digest(lib, h, msg) -> bytes:
    out = ctypes.create_string_buffer(h.digest_len)
    assert h.fn(lib)(msg, ctypes.c_size_t(len(msg)), out) == VC_OK
    return out.raw


def digest_stream(lib, h, pieces) -> bytes:
    ctx = h.ctx()
    out = ctypes.create_string_buffer(h.digest_len)
    assert h.fn(lib, "init")(ctypes.byref(ctx)) == VC_OK
    for p in pieces:
        assert h.fn(lib, "update")(ctypes.byref(ctx), p, ctypes.c_size_t(len(p))) == VC_OK
    assert h.fn(lib, "final")(ctypes.byref(ctx), out) == VC_OK
    return out.raw


# Known answers: vectors per primitive (each source's own count is checked in kat_hash).
KATS = {"md2": kat_hash.md2_kats(), "md4": kat_hash.md4_kats(), "md5": kat_hash.md5_kats(),
        "sha1": kat_hash.sha1_kats()}
KAT_COUNTS = {"md2": 7, "md4": 7, "md5": 8, "sha1": 132}
KAT_PARAMS = [pytest.param(name, msg, md, id=f"{name}-{label}")
              for name, kats in KATS.items() for msg, md, label in kats]


def test_kat_counts():
    # A missing or misparsed source must not shrink the tests silently.
    assert {name: len(k) for name, k in KATS.items()} == KAT_COUNTS
    assert len(kat_hash.sha1_monte()[1]) == 100
    assert len(kat_hash.sha1_monte_steps()) == 500


@pytest.mark.parametrize("name,msg,md", KAT_PARAMS)
def test_kat(lib, name, msg, md):
    h = HASHES[name]
    assert digest(lib, h, msg) == md
    cut = len(msg) // 3
    assert digest_stream(lib, h, [msg[:cut], msg[cut:]]) == md


def test_md5_iterated(lib):
    """pycryptodome's chained MD5 test: 100000 hashes of the previous digest."""
    h = HASHES["md5"]
    seed, checkpoints, label = kat_hash.md5_iterated()
    md, done = seed, 0
    for n, want in checkpoints:
        for _ in range(n - done):
            md = digest(lib, h, md)
        done = n
        assert md == want, (label, n)


def test_sha1_monte_carlo(lib):
    """SHA1Monte.rsp: each checkpoint is 1000 chained hashes of the last three digests."""
    h = HASHES["sha1"]
    seed, checkpoints, label = kat_hash.sha1_monte()
    for i, want in enumerate(checkpoints):
        md = [seed] * 3
        for _ in range(1000):
            md = md[1:] + [digest(lib, h, b"".join(md))]
        seed = md[-1]
        assert seed == want, (label, i)


def test_sha1_monte_steps(lib):
    """SHA1Monte.txt: the messages and digests of the Monte Carlo inner steps."""
    h = HASHES["sha1"]
    for msg, md, label in kat_hash.sha1_monte_steps():
        assert digest(lib, h, msg) == md, label


# Around the block sizes (64 bytes; 16 for MD2) and the length field (55/56/57 for 64-byte blocks).
BOUNDARIES = [0, 1, 15, 16, 17, 31, 32, 33, 55, 56, 57, 63, 64, 65, 127, 128, 129, 1000, 8192]


@pytest.mark.parametrize("n", BOUNDARIES)
@pytest.mark.parametrize("name", NAMES)
def test_block_boundaries(lib, name, n):
    h = HASHES[name]
    msg = random.Random(n).randbytes(n)
    assert digest(lib, h, msg) == h.ref(msg)


@pytest.mark.parametrize("name", NAMES)
def test_random_against_reference(lib, name):
    h = HASHES[name]
    rng = random.Random(f"random-{name}")
    for _ in range(300):
        msg = rng.randbytes(rng.randrange(0, 3001))
        assert digest(lib, h, msg) == h.ref(msg), len(msg)


@pytest.mark.parametrize("name", NAMES)
def test_unaligned_input(lib, name):
    # MD4 and MD5 read aligned blocks in place as words and assemble the others byte by byte:
    # both paths, from every offset modulo 4.
    h = HASHES[name]
    rng = random.Random(f"unaligned-{name}")
    for n in (64, 65, 200, 1000):
        msg = rng.randbytes(n)
        want = h.ref(msg)
        buf = ctypes.create_string_buffer(n + 8)
        base = ctypes.addressof(buf)
        for off in range(8):
            ctypes.memmove(base + off, msg, n)
            out = ctypes.create_string_buffer(h.digest_len)
            assert h.fn(lib)(ctypes.c_void_p(base + off), ctypes.c_size_t(n), out) == VC_OK
            assert out.raw == want, (n, off)


@pytest.mark.parametrize("name", NAMES)
def test_streaming_split_at_every_offset(lib, name):
    h = HASHES[name]
    rng = random.Random(f"split-{name}")
    for n in (0, 1, 15, 16, 17, 63, 64, 65, 130):
        msg = rng.randbytes(n)
        want = h.ref(msg)
        for i in range(n + 1):
            for j in range(i, n + 1, 7):
                assert digest_stream(lib, h, [msg[:i], msg[i:j], msg[j:]]) == want, (n, i, j)


@pytest.mark.parametrize("name", NAMES)
def test_byte_at_a_time(lib, name):
    h = HASHES[name]
    msg = bytes(range(256)) * 2
    assert digest_stream(lib, h, [msg[i:i + 1] for i in range(len(msg))]) == h.ref(msg)


@pytest.mark.parametrize("name", NAMES)
def test_errors(lib, name):
    h = HASHES[name]
    oneshot, init, update, final = (h.fn(lib, op) for op in ("", "init", "update", "final"))
    n = ctypes.c_size_t
    out = ctypes.create_string_buffer(b"\xaa" * h.digest_len, h.digest_len)
    ctx = h.ctx()
    assert oneshot(None, n(5), out) == VC_ERR_NULL
    assert out.raw == b"\xaa" * h.digest_len                 # untouched on error
    assert oneshot(b"abc", n(3), None) == VC_ERR_NULL
    assert oneshot(None, n(0), out) == VC_OK                  # empty message, no data
    assert out.raw == h.ref(b"")
    assert init(None) == VC_ERR_NULL
    assert update(ctypes.byref(ctx), b"x", n(1)) == VC_ERR_STATE   # no init
    assert final(ctypes.byref(ctx), out) == VC_ERR_STATE
    assert init(ctypes.byref(ctx)) == VC_OK
    assert update(None, b"x", n(1)) == VC_ERR_NULL
    assert update(ctypes.byref(ctx), None, n(1)) == VC_ERR_NULL
    assert update(ctypes.byref(ctx), None, n(0)) == VC_OK
    assert update(ctypes.byref(ctx), b"abc", n(3)) == VC_OK
    assert final(None, out) == VC_ERR_NULL
    assert final(ctypes.byref(ctx), None) == VC_ERR_NULL
    assert final(ctypes.byref(ctx), out) == VC_OK
    assert out.raw == h.ref(b"abc")
    # A finalised context refuses more work until the next init, which starts afresh.
    assert update(ctypes.byref(ctx), b"x", n(1)) == VC_ERR_STATE
    assert final(ctypes.byref(ctx), out) == VC_ERR_STATE
    assert init(ctypes.byref(ctx)) == VC_OK
    assert update(ctypes.byref(ctx), b"xyz", n(3)) == VC_OK
    assert final(ctypes.byref(ctx), out) == VC_OK
    assert out.raw == h.ref(b"xyz")
