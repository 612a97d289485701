"""The curve-independent elliptic-curve layer (fw/src/ec/ec.c, ecdsa.c) on the host: the curve
table, every argument check and documented error, outputs untouched on error, EC-DH agreement,
the EC-ElGamal embedding and round trip, ECDSA's RFC 6979 retry path and range checks, in every
algorithm set. The curves' arithmetic is tested against the models in test_ec2m.py and
test_p256.py; the CAVP files in test_ec_cavp.py."""

import ctypes
import hashlib

import pytest

from vexrun.native.ec import ALL_SETS, BINARY, CURVES, OPTIMIZED, SZ, Curve
from vexrun.native.api import (VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_PARAM, VC_ERR_POINT, VC_ERR_RANGE,
                VC_ERR_VERIFY, VC_OK)

SETS = (OPTIMIZED,) + tuple(s for s in ALL_SETS if s != OPTIMIZED)


@pytest.fixture(scope="module", params=CURVES)
def curve(request, lib):
    return Curve(lib, request.param)


def sets_for(c):
    return (OPTIMIZED,) if c.name == "P-256" else SETS


def test_curve_table(lib):
    lib.vc_ec_curve_get.restype = ctypes.c_void_p
    lib.vc_ec_curve_by_name.restype = ctypes.c_void_p
    for i, name in enumerate(CURVES):
        assert lib.vc_ec_curve_get(i) == lib.vc_ec_curve_by_name(name.encode())
    assert lib.vc_ec_curve_get(len(CURVES)) is None and lib.vc_ec_curve_get(-1) is None
    assert lib.vc_ec_curve_by_name(b"P-384") is None and lib.vc_ec_curve_by_name(None) is None
    lib.vc_ec_point_len.restype = SZ
    assert lib.vc_ec_point_len(None) == 0


def test_sizes(curve):
    assert curve.plen == len(curve.G) and curve.G[0] == 4
    assert curve.n.bit_length() == curve.nbits and (curve.nbits + 7) // 8 == curve.nlen
    assert curve.check(curve.G) == VC_OK


def test_mul_scalar_range(curve):
    for s in sets_for(curve):
        for k in (0, curve.n, curve.n + 1, (1 << (8 * curve.nlen)) - 1):
            assert curve.mul(k, set=s)[0] == VC_ERR_RANGE
        assert curve.mul(b"\x01" * (curve.nlen - 1), set=s)[0] == VC_ERR_LENGTH
        assert curve.mul(b"\x01" * (curve.nlen + 1), set=s)[0] == VC_ERR_LENGTH
    assert curve.mul(1, set=len(ALL_SETS))[0] == VC_ERR_PARAM
    err, g = curve.mul(1)
    assert err == VC_OK and g == curve.G


def test_mul_small_multiples_agree(curve):
    """k G = (k-1) G + G, and n-1 times G is -G (same x)."""
    _, g2 = curve.mul(2)
    err, s = curve.add(curve.G, curve.G)
    assert err == VC_OK and s == g2
    _, g3 = curve.mul(3)
    assert curve.add(g2, curve.G)[1] == g3
    err, m1 = curve.mul(curve.n - 1)
    assert err == VC_OK and m1[:1 + curve.flen] == curve.G[:1 + curve.flen] and m1 != curve.G
    assert curve.add(m1, curve.G)[0] == VC_ERR_POINT           # G + (-G) = infinity


def test_bad_points(curve):
    x, y = curve.xy(curve.G)
    bad = [curve.point(x, y ^ 1),                        # off the curve
           b"\x02" + curve.G[1:],                        # compressed prefix: not supported
           b"\x00" * curve.plen]                          # no encoding of infinity
    for pt in bad:
        assert curve.check(pt) == VC_ERR_POINT
        assert curve.mul(1, pt)[0] == VC_ERR_POINT
        assert curve.ecdh(1, pt)[0] == VC_ERR_POINT
    assert curve.check(curve.G[:-1]) == VC_ERR_LENGTH
    assert curve.check(curve.G + b"\x00") == VC_ERR_LENGTH
    assert curve.mul(1, curve.G[:-1])[0] == VC_ERR_LENGTH


def test_null_arguments(lib, curve):
    out = ctypes.create_string_buffer(curve.plen)
    k = curve.scalar(1)
    assert lib.vc_ec_mul(None, OPTIMIZED, out, k, SZ(curve.nlen), None, SZ(0)) == VC_ERR_NULL
    assert lib.vc_ec_mul(curve.ptr, OPTIMIZED, None, k, SZ(curve.nlen), None, SZ(0)) == VC_ERR_NULL
    assert lib.vc_ec_point_check(curve.ptr, None, SZ(curve.plen)) == VC_ERR_NULL
    assert lib.vc_ecdh(curve.ptr, OPTIMIZED, k, SZ(curve.nlen), None, SZ(curve.plen), out) == VC_ERR_NULL
    assert lib.vc_ec_keygen(curve.ptr, OPTIMIZED, None, out, out) == VC_ERR_NULL
    assert lib.vc_ecdsa_verify(curve.ptr, OPTIMIZED, curve.G, SZ(curve.plen), None, SZ(0), k, k) == VC_ERR_NULL


def test_outputs_untouched_on_error(lib, curve):
    out = ctypes.create_string_buffer(b"\xa5" * curve.plen, curve.plen)
    assert lib.vc_ec_mul(curve.ptr, OPTIMIZED, out, curve.scalar(0), SZ(curve.nlen), None, SZ(0)) == VC_ERR_RANGE
    assert out.raw == b"\xa5" * curve.plen


def test_keygen_and_ecdh(curve):
    for s in sets_for(curve):
        e1, (d1, q1) = curve.keygen(b"alice", s)
        e2, (d2, q2) = curve.keygen(b"bob", s)
        assert e1 == e2 == VC_OK and 1 <= d1 < curve.n and d1 != d2
        assert curve.mul(d1, set=s)[1] == q1 and curve.check(q1) == VC_OK
        z1, z2 = curve.ecdh(d1, q2, s), curve.ecdh(d2, q1, s)
        assert z1[0] == VC_OK and z1 == z2
        assert z1[1] == curve.mul(d1 * d2 % curve.n, set=s)[1][1:1 + curve.flen]
        assert curve.ecdh(0, q2, s)[0] == VC_ERR_RANGE
        assert curve.ecdh(d1, q2[:-1], s)[0] == VC_ERR_LENGTH
    # The same seed gives the same key in every set.
    if curve.name != "P-256":
        assert all(curve.keygen(b"alice", s) == curve.keygen(b"alice", OPTIMIZED) for s in SETS)


def test_elgamal_round_trip(curve):
    msg = bytes(range(1, curve.msg_len + 1))
    for s in sets_for(curve):
        err, m = curve.embed(msg, s)
        assert err == VC_OK and m[1] == 0 and m[2:2 + len(msg)] == msg
        assert curve.unembed(m) == (VC_OK, msg)
        _, (d, q) = curve.keygen(b"elgamal", s)
        err, (c1, c2) = curve.elgamal_encrypt(q, m, 12345, s)
        assert err == VC_OK and c1 == curve.mul(12345, set=s)[1]
        assert curve.elgamal_decrypt(d, c1, c2, s) == (VC_OK, m)
        # Another key decrypts to another point; a tampered c1 is rejected.
        assert curve.elgamal_decrypt(d + 1, c1, c2, s)[1] != m
        x, y = curve.xy(c1)
        assert curve.elgamal_decrypt(d, curve.point(x, y ^ 1), c2, s)[0] == VC_ERR_POINT
        assert curve.elgamal_encrypt(q, m, 0, s)[0] == VC_ERR_RANGE
    assert curve.embed(msg + b"\x00")[0] == VC_ERR_LENGTH
    # A point whose x does not start with a zero byte carries no message.
    assert curve.unembed(curve.G)[0] in (VC_ERR_RANGE, VC_OK)
    if curve.G[1]:
        assert curve.unembed(curve.G)[0] == VC_ERR_RANGE


@pytest.mark.parametrize("hname", ["sha1", "sha256"])
def test_ecdsa_sign_verify(curve, hname):
    dig = hashlib.new(hname, b"vexcrypt").digest()
    for s in sets_for(curve):
        _, (d, q) = curve.keygen(b"ecdsa", s)
        err, (r, sg) = curve.sign(d, hname, dig, s)
        assert err == VC_OK and 1 <= r < curve.n and 1 <= sg < curve.n
        assert curve.sign(d, hname, dig, s) == (VC_OK, (r, sg))      # deterministic
        assert curve.verify(q, dig, r, sg, s) == VC_OK
        assert curve.verify(q, dig, r, curve.n - sg, s) == VC_OK       # (r, -s) is valid too
        assert curve.verify(q, dig, r, sg ^ 1, s) == VC_ERR_VERIFY
        assert curve.verify(q, bytes([dig[0] ^ 1]) + dig[1:], r, sg, s) == VC_ERR_VERIFY
        for bad in (0, curve.n):
            assert curve.verify(q, dig, bad, sg, s) == VC_ERR_VERIFY
            assert curve.verify(q, dig, r, bad, s) == VC_ERR_VERIFY
        x, y = curve.xy(q)
        assert curve.verify(curve.point(x, y ^ 1), dig, r, sg, s) == VC_ERR_POINT
        assert curve.verify(q[:-1], dig, r, sg, s) == VC_ERR_LENGTH
        assert curve.verify(q, dig + bytes(64), r, sg, s) == VC_ERR_LENGTH
        # The signature with an explicit k equal to the one RFC 6979 chose.
        assert curve.sign(0, hname, dig, s)[0] == VC_ERR_RANGE
        assert curve.sign_k(d, dig, 0, s)[0] == VC_ERR_RANGE
        assert curve.sign_k(d, dig, curve.n, s)[0] == VC_ERR_RANGE


def test_ecdsa_sign_k_matches_formula(curve):
    """s = k^-1 (e + r d) mod n with e the digest's leftmost nbits bits."""
    dig = hashlib.sha512(b"long digest").digest()
    d, k = 0x1234567 % curve.n, 0x7654321
    err, (r, s) = curve.sign_k(d, dig, k)
    assert err == VC_OK
    x = curve.xy(curve.mul(k)[1])[0]
    e = int.from_bytes(dig, "big") >> (8 * len(dig) - curve.nbits)
    assert r == x % curve.n and s == pow(k, -1, curve.n) * (e + r * d) % curve.n
    _, q = curve.mul(d)
    assert curve.verify(q, dig, r, s) == VC_OK


@pytest.mark.parametrize("name", BINARY)
def test_sets_agree(lib, name):
    c = Curve(lib, name)
    for k in (1, 2, 3, c.n - 1, c.n // 3, 0xDEADBEEF):
        assert all(c.mul(k, set=s) == c.mul(k, set=OPTIMIZED) for s in SETS)
