"""SHA-256 of the C library on the host: every NIST CAVP vector of the installed
cryptography-vectors package, the Monte Carlo test, random inputs against hashlib, streaming
split at every offset, and the error codes."""

import ctypes
import hashlib
import random

import pytest

from vexrun.vectors import packages
from vexrun.native.api import VC_ERR_NULL, VC_ERR_STATE, VC_OK, Sha256Ctx, sha256, sha256_stream

CAVP = [k for f in packages.SHA256_FILES for k in packages.hash_kats(f)]


def test_cavp_files_are_all_there():
    # 65 short + 64 long messages: a missing or misparsed file must not shrink the test silently.
    assert len(CAVP) == 129


@pytest.mark.parametrize("msg,md,label", CAVP, ids=[k[2] for k in CAVP])
def test_cavp(lib, msg, md, label):
    assert sha256(lib, msg) == md
    cut = len(msg) // 3
    assert sha256_stream(lib, [msg[:cut], msg[cut:]]) == md


def test_cavp_monte_carlo(lib):
    """SHA256Monte.rsp: each checkpoint is 1000 chained hashes of the last three digests."""
    recs = packages.read_rsp(packages.cryptography_vectors_dir() / "hashes/SHA2/SHA256Monte.rsp")
    seed = bytes.fromhex(next(r["Seed"] for r in recs if "Seed" in r))
    checkpoints = [bytes.fromhex(r["MD"]) for r in recs if "COUNT" in r]
    assert len(checkpoints) == 100
    for want in checkpoints:
        md = [seed] * 3
        for _ in range(1000):
            md = md[1:] + [sha256(lib, b"".join(md))]
        seed = md[-1]
        assert seed == want


@pytest.mark.parametrize("n", [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 8192])
def test_block_boundaries(lib, n):
    msg = bytes(random.Random(n).randrange(256) for _ in range(n))
    assert sha256(lib, msg) == hashlib.sha256(msg).digest()


def test_random_against_hashlib(lib):
    rng = random.Random(2024)
    for _ in range(300):
        msg = rng.randbytes(rng.randrange(0, 3000))
        assert sha256(lib, msg) == hashlib.sha256(msg).digest()


def test_streaming_split_at_every_offset(lib):
    rng = random.Random(7)
    for n in (0, 1, 63, 64, 65, 130):
        msg = rng.randbytes(n)
        want = hashlib.sha256(msg).digest()
        for i in range(n + 1):
            for j in range(i, n + 1, 7):
                assert sha256_stream(lib, [msg[:i], msg[i:j], msg[j:]]) == want, (n, i, j)


def test_byte_at_a_time(lib):
    msg = bytes(range(200))
    assert sha256_stream(lib, [msg[i:i + 1] for i in range(len(msg))]) == hashlib.sha256(msg).digest()


def test_errors(lib):
    out = ctypes.create_string_buffer(32)
    ctx = Sha256Ctx()
    assert lib.vc_sha256(None, ctypes.c_size_t(5), out) == VC_ERR_NULL
    assert lib.vc_sha256(b"abc", ctypes.c_size_t(3), None) == VC_ERR_NULL
    assert lib.vc_sha256(None, ctypes.c_size_t(0), out) == VC_OK          # empty message, no data
    assert out.raw == hashlib.sha256(b"").digest()
    assert lib.vc_sha256_init(None) == VC_ERR_NULL
    assert lib.vc_sha256_update(ctypes.byref(ctx), b"x", ctypes.c_size_t(1)) == VC_ERR_STATE  # no init
    assert lib.vc_sha256_init(ctypes.byref(ctx)) == VC_OK
    assert lib.vc_sha256_update(ctypes.byref(ctx), None, ctypes.c_size_t(1)) == VC_ERR_NULL
    assert lib.vc_sha256_final(ctypes.byref(ctx), None) == VC_ERR_NULL
    assert lib.vc_sha256_final(ctypes.byref(ctx), out) == VC_OK
    # A finalised context refuses more work until the next init.
    assert lib.vc_sha256_update(ctypes.byref(ctx), b"x", ctypes.c_size_t(1)) == VC_ERR_STATE
    assert lib.vc_sha256_final(ctypes.byref(ctx), out) == VC_ERR_STATE
