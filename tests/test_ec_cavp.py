"""The CAVP ECDSA files (FIPS 186-3, cryptography-vectors) and RFC 6979 A.2 for B-163, K-163,
B-233, K-233 and P-256 through the public API: KeyPair (d -> Q), PKV (public-key validation
verdicts), SigGen (signatures with the file's k, every hash: the digests come from hashlib),
SigVer (verdicts), RFC 6979 (deterministic signatures with SHA-1 and SHA-256, the hashes the
firmware has). The optimized set runs every vector; the basic set, about ten times slower, a
few per curve and file."""

import hashlib

import pytest

from ecpy import BASIC, CURVES, OPTIMIZED, Curve
from vc import VC_ERR_VERIFY, VC_OK
from vexrun import kat_ec

BASIC_PER_FILE = 3


def sets(curve, i):
    return (OPTIMIZED, BASIC) if curve != "P-256" and i < BASIC_PER_FILE else (OPTIMIZED,)


@pytest.fixture(scope="module", params=CURVES)
def c(request, lib):
    return Curve(lib, request.param)


def test_keypair(c):
    vs = kat_ec.keypair(c.name)
    assert len(vs) == 10
    for i, v in enumerate(vs):
        for s in sets(c.name, i):
            assert c.mul(v.d, set=s) == (VC_OK, c.point(v.qx, v.qy)), v.label


def test_pkv(c):
    vs = kat_ec.pkv(c.name)
    assert len(vs) == 12 and {v.ok for v in vs} == {True, False}
    for v in vs:
        if max(v.qx, v.qy).bit_length() > 8 * c.flen:
            continue                     # not encodable in flen bytes: a length error, not a point
        assert (c.check(c.point(v.qx, v.qy)) == VC_OK) == v.ok, (v.label, v.reason)


def test_siggen(c):
    vs = kat_ec.siggen(c.name)
    assert len(vs) == 75
    for i, v in enumerate(vs):
        q = c.point(v.qx, v.qy)
        for s in sets(c.name, i):
            assert c.sign_k(v.d, v.digest, v.k, s) == (VC_OK, (v.r, v.s)), v.label
        assert c.verify(q, v.digest, v.r, v.s) == VC_OK, v.label


def test_sigver(c):
    vs = kat_ec.sigver(c.name)
    assert len(vs) == 75 and {v.ok for v in vs} == {True, False}
    for i, v in enumerate(vs):
        q = c.point(v.qx, v.qy)
        for s in sets(c.name, i):
            err = c.verify(q, v.digest, v.r, v.s, s)
            assert err == (VC_OK if v.ok else VC_ERR_VERIFY), v.label


def test_rfc6979(c):
    vs = [v for v in kat_ec.rfc6979(c.name) if v.hash in ("sha1", "sha256")]
    assert len(vs) == 4
    for i, v in enumerate(vs):
        digest = hashlib.new(v.hash, v.msg).digest()
        for s in sets(c.name, i):
            assert c.sign(v.d, v.hash, digest, s) == (VC_OK, (v.r, v.s)), v.label
