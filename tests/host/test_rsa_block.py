"""Block-wise RSA of the C library on the host (fw/src/pk/rsa_block.c), seed 004's workload:
every block size, public and private, each CRT, against Python's pow block by block on random
data (no published vectors exist for this reproduction; each block is raw RSA, which
test_rsa.py checks against the vector files); the caches' hits on repeated blocks, and the
error codes."""

import ctypes
import random

import pytest

from test_rsa import nbytes, py_key
from vexrun.explore.stages import blockwise
from vexrun.models import mpcache
from vexrun.native.api import VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_OVERLAP, VC_OK
from vexrun.native.mp import (ALGO1, EXP_LR, RSA_MRC, RSA_NOCRT, RSA_SRC, VC_ERR_FAULT, VC_ERR_MODULUS,
                              VC_ERR_PARAM, Cache, Cfg, RsaPriv, cache_counts, cfg, ref)

P = ctypes.POINTER
CRTS = {"nocrt": RSA_NOCRT, "mrc": RSA_MRC, "src": RSA_SRC}
BLOCKS = (32, 64, 128, 256, 512)
VAR = cfg(algo=ALGO1, exp=EXP_LR, var=1)


@pytest.fixture(scope="module")
def api(lib):
    lib.vc_rsa_block.argtypes = [P(RsaPriv), ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t,
                                 ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, P(Cfg), ctypes.c_void_p,
                                 ctypes.c_void_p]
    return lib


def expected(key, private, data, block_bits):
    return blockwise(data, block_bits, key.d if private else key.e, key.n)


def run(api, key, private, crt, data, block_bits, c=None, caches=None, outlen=None, priv=None):
    """(rc, out) of vc_rsa_block; caches: (intra, pre) arrays or None."""
    k = nbytes(key.n)
    outlen = -(-len(data) // (block_bits // 8)) * k if outlen is None else outlen
    out = ctypes.create_string_buffer(b"\xa5" * outlen, outlen)
    intra, pre = (ctypes.addressof(x) if x is not None else None for x in (caches or (None, None)))
    rc = api.vc_rsa_block(ctypes.byref(priv or key.priv()), private, crt, data, len(data), block_bits, out,
                          outlen, ref(c), intra, pre)
    return rc, out.raw


@pytest.mark.parametrize("crt", CRTS)
@pytest.mark.parametrize("private", [0, 1], ids=["public", "private"])
@pytest.mark.parametrize("c", [None, VAR], ids=["default", "algo1-lr-var"])
def test_matches_pow(api, c, private, crt):
    key = py_key(1024)
    rng = random.Random(f"block-{private}-{crt}-{c is None}")
    for block_bits in BLOCKS:
        for length in (block_bits // 8, 3 * block_bits // 8 + rng.randrange(1, block_bits // 8)):
            data = rng.randbytes(length)
            rc, out = run(api, key, private, CRTS[crt], data, block_bits, c)
            if not private and crt != "nocrt" and c is None:    # p and q in variable time: asked for by var
                assert rc == VC_ERR_PARAM
            else:
                assert (rc, out) == (VC_OK, expected(key, private, data, block_bits))


def test_small_key(api):
    """A 512-bit key takes blocks up to 256 bits (512 is not below the modulus's bits)."""
    key = py_key(512)
    data = random.Random(1).randbytes(100)
    for private in (0, 1):
        assert run(api, key, private, RSA_MRC, data, 256, VAR) == (VC_OK, expected(key, private, data, 256))
    assert run(api, key, 0, RSA_NOCRT, data, 512)[0] == VC_ERR_PARAM


def lookups(key, private, crt, blocks):
    """The pre-ME cache keys each Montgomery context looks up, in order: per block the
    exponentiation's and, for a private one, its check's (the result raised to e)."""
    mods = [key.n] if crt == "nocrt" else [key.p, key.q]
    exps = ([key.d] if crt == "nocrt" else [key.d % (key.p - 1), key.d % (key.q - 1)]) if private else \
        [key.e] * len(mods)
    out = [[] for _ in mods]
    for b in blocks:
        r = pow(b, key.d if private else key.e, key.n)
        for i, (m, x) in enumerate(zip(mods, exps)):
            out[i].append(mpcache.key(b, x, m))
            if private:
                out[i].append(mpcache.key(r, key.e, m))
    return out


@pytest.mark.parametrize("crt", CRTS)
def test_pre_me_cache(api, crt):
    """Six equal blocks and then three more: the pre-ME cache's hits and misses are the
    direct-mapped cache's (vexrun/models/mpcache.py) for the keys the operation looks up; the
    output is unchanged. In constant time a private operation leaves the caches alone."""
    key, n_ctx = py_key(1024), 1 if crt == "nocrt" else 2
    data = bytes(range(16)) * 6 + bytes(range(100, 148))
    blocks = [int.from_bytes(data[i:i + 16], "big") for i in range(0, len(data), 16)]
    for private in (0, 1):
        intra, pre = (Cache * n_ctx)(), (Cache * n_ctx)()
        want = expected(key, private, data, 128)
        assert run(api, key, private, CRTS[crt], data, 128, VAR, (intra, pre)) == (VC_OK, want)
        for i, keys in enumerate(lookups(key, private, crt, blocks)):
            hits, misses = cache_counts(pre[i])
            assert (hits, misses) == mpcache.counts(keys)
            assert hits >= 5 or private     # a private block's two keys may share a way and thrash
            hits, misses = cache_counts(intra[i])
            assert hits + misses > 0         # ALGO1's M = T*N' mod R went through it
        if private:
            intra, pre = (Cache * n_ctx)(), (Cache * n_ctx)()
            assert run(api, key, 1, CRTS[crt], data, 128, None, (intra, pre)) == (VC_OK, want)
            assert all(cache_counts(x[i]) == (0, 0) for x in (intra, pre) for i in range(n_ctx))


def test_errors(api):
    key = py_key(1024)
    data, k = bytes(40), nbytes(key.n)
    for bits in (0, 24, 36, 520, 1024):
        assert run(api, key, 0, RSA_NOCRT, data, bits, outlen=k)[0] == VC_ERR_PARAM, bits
    assert run(api, key, 2, RSA_NOCRT, data, 64)[0] == VC_ERR_PARAM
    assert run(api, key, 0, 3, data, 64)[0] == VC_ERR_PARAM
    for outlen in (0, 5 * k - 1, 5 * k + 1, 4 * k, 6 * k):
        assert run(api, key, 0, RSA_NOCRT, data, 64, outlen=outlen)[0] == VC_ERR_LENGTH, outlen
    assert run(api, key, 0, RSA_NOCRT, b"", 64, outlen=k)[0] == VC_ERR_LENGTH
    assert run(api, key, 0, RSA_SRC, data, 64)[0] == VC_ERR_PARAM                  # CRT without var
    assert run(api, key, 0, RSA_MRC, data, 64, VAR, priv=key.priv(qinv=0))[0] == VC_ERR_PARAM
    assert run(api, key, 0, RSA_SRC, data, 64, VAR, priv=key.priv(pinv=0))[0] == VC_ERR_PARAM
    buf = ctypes.create_string_buffer(bytes(range(40)) + bytes(5 * k))
    for at in (0, 8, 39):                              # out over the input, from its start to its last byte
        out = ctypes.cast(ctypes.byref(buf, at), ctypes.c_char_p)
        assert api.vc_rsa_block(ctypes.byref(key.priv()), 0, 0, buf, 40, 64, out, 5 * k, None, None, None) == VC_ERR_OVERLAP
    assert buf.raw[:40] == bytes(range(40))
    even = key.priv(n=key.n + 1)
    assert run(api, key, 0, RSA_NOCRT, data, 64, priv=even)[0] == VC_ERR_MODULUS
    out = ctypes.create_string_buffer(k)
    p = ctypes.byref(key.priv())
    assert api.vc_rsa_block(None, 0, 0, data, 8, 64, out, k, None, None, None) == VC_ERR_NULL
    assert api.vc_rsa_block(p, 0, 0, None, 8, 64, out, k, None, None, None) == VC_ERR_NULL
    assert api.vc_rsa_block(p, 0, 0, data, 8, 64, None, k, None, None, None) == VC_ERR_NULL


@pytest.mark.parametrize("crt", CRTS)
def test_fault_zeroes_out(api, crt):
    """A corrupted private exponent passes the first block (one: any exponent gives one) and
    fails the second's check: VC_ERR_FAULT, and the first block's result is withdrawn too."""
    key = py_key(1024)
    bad = key.priv(d=key.d ^ 4, dp=key.d % (key.p - 1) ^ 4, dq=key.d % (key.q - 1) ^ 4)
    rc, out = run(api, key, 1, CRTS[crt], bytes(7) + b"\x01" + bytes(range(1, 33)), 64, priv=bad)
    assert (rc, out) == (VC_ERR_FAULT, bytes(len(out)))
