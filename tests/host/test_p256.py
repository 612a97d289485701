"""P-256 (fw/src/ec/p256.c) against pycryptodome and the affine model (vexrun/models/ecp.py,
itself checked against pycryptodome here): scalar multiplication of the generator (the comb)
and of other points (the window), addition, validation, ECDH, ECDSA both ways with RFC 6979
nonces equal to pycryptodome's, and the comb table's header recomputed."""

import ctypes
import hashlib
import random
from pathlib import Path

import pytest
from Crypto.Hash import SHA256
from Crypto.PublicKey import ECC
from Crypto.Signature import DSS

from vexrun.native.ec import Curve
from vexrun.native.api import VC_ERR_POINT, VC_ERR_VERIFY, VC_OK
from vexrun.models import ecp

M = ecp.P256
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def c(lib):
    return Curve(lib, "P-256")


def enc(c, P):
    return c.point(P.x, P.y)


def test_model_against_pycryptodome():
    rng = random.Random(1)
    for _ in range(5):
        d = rng.randrange(1, M.n)
        key = ECC.construct(curve="P-256", d=d)
        P = M.mul(d, M.G)
        assert (P.x, P.y) == (int(key.pointQ.x), int(key.pointQ.y))
    assert M.mul(M.n, M.G) is ecp.INF and M.on_curve(M.G)


def test_table_headers_are_current():
    assert (ROOT / "fw/src/ec/p256_comb.h").read_text() == ecp.comb_header()
    assert (ROOT / "fw/src/ec/p256_mont_tab.h").read_text() == ecp.mont_header()


def test_mul(c):
    rng = random.Random(2)
    ks = [1, 2, 3, 15, 16, 17, M.n - 1, M.n - 2, 1 << 255, (1 << 64) - 1, 1 << 64, 1 << 192]
    ks += [rng.randrange(1, M.n) for _ in range(20)]
    P = M.mul(rng.randrange(1, M.n), M.G)
    for k in ks:
        assert c.mul(k) == (VC_OK, enc(c, M.mul(k, M.G))), k
        assert c.mul(k, enc(c, P)) == (VC_OK, enc(c, M.mul(k, P))), k


def test_add_and_check(c):
    P, Q = M.mul(5, M.G), M.mul(9, M.G)
    assert c.add(enc(c, P), enc(c, Q)) == (VC_OK, enc(c, M.mul(14, M.G)))
    assert c.add(enc(c, P), enc(c, P)) == (VC_OK, enc(c, M.mul(10, M.G)))
    assert c.add(enc(c, P), enc(c, M.neg(P)))[0] == VC_ERR_POINT
    assert c.check(enc(c, P)) == VC_OK
    assert c.check(c.point(P.x, (P.y + 1) % M.p)) == VC_ERR_POINT
    # Coordinates at or above p that are right mod p: a point with small coordinates.
    S = next(S for S in map(M.lift_x, range(1, 100)) if S is not None)
    assert c.check(enc(c, S)) == VC_OK
    assert c.check(c.point(S.x + M.p, S.y)) == VC_ERR_POINT
    if S.y < (1 << 256) - M.p:
        assert c.check(c.point(S.x, S.y + M.p)) == VC_ERR_POINT


def test_ecdh_against_pycryptodome(c):
    rng = random.Random(3)
    for _ in range(8):
        a, b = rng.randrange(1, M.n), rng.randrange(1, M.n)
        kb = ECC.construct(curve="P-256", d=b)
        peer = c.point(int(kb.pointQ.x), int(kb.pointQ.y))
        shared = (kb.pointQ * a).x
        assert c.ecdh(a, peer) == (VC_OK, int(shared).to_bytes(32, "big"))


@pytest.mark.parametrize("hname,H", [("sha256", SHA256)])   # pycryptodome refuses SHA-1 with P-256
def test_ecdsa_against_pycryptodome(c, hname, H):
    rng = random.Random(4)
    for i in range(6):
        d = rng.randrange(1, M.n)
        key = ECC.construct(curve="P-256", d=d)
        q = c.point(int(key.pointQ.x), int(key.pointQ.y))
        msg = bytes(rng.getrandbits(8) for _ in range(i * 13))
        h = H.new(msg)
        # Deterministic signatures equal pycryptodome's byte for byte.
        want = DSS.new(key, "deterministic-rfc6979").sign(h)
        err, (r, s) = c.sign(d, hname, h.digest())
        assert err == VC_OK and r.to_bytes(32, "big") + s.to_bytes(32, "big") == want
        # pycryptodome verifies ours (it did produce them), we verify its random-k signatures.
        sig = DSS.new(key, "fips-186-3").sign(h)
        r2, s2 = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
        assert c.verify(q, h.digest(), r2, s2) == VC_OK
        assert c.verify(q, h.digest(), r2, s2 ^ 2) == VC_ERR_VERIFY
        assert c.verify(q, hashlib.new(hname, msg + b"x").digest(), r2, s2) == VC_ERR_VERIFY


def test_verify_exceptional_additions(c):
    """With digest e = r the two scalars of verification are equal (u1 = u2 = r/s), so with
    Q = G the interleaved windows add a point to itself, and with Q = -G to its negative."""
    rng = random.Random(5)
    for _ in range(4):
        k = rng.randrange(1, M.n)
        r = M.mul(k, M.G).x % M.n
        e = r.to_bytes(32, "big")
        s = pow(k, -1, M.n) * (r + r * 1) % M.n                # d = 1: Q = G
        assert c.verify(enc(c, M.G), e, r, s) == VC_OK
        assert c.verify(enc(c, M.G), e, r, (s + 1) % M.n) == VC_ERR_VERIFY
        # Q = -G: R = u1 G - u1 G is infinity, never a valid signature.
        assert c.verify(enc(c, M.neg(M.G)), e, r, s) == VC_ERR_VERIFY
    # Q = -G and u1 = u2 + k for a small k: the high digits cancel to infinity on the way to
    # R = k G, a valid signature (d = n - 1, any e).
    for k in (2, 3, 5):
        r = M.mul(k, M.G).x % M.n
        e = rng.randrange(1, M.n)
        s = (e - r) * pow(k, -1, M.n) % M.n
        assert c.verify(enc(c, M.neg(M.G)), e.to_bytes(32, "big"), r, s) == VC_OK


def test_unit_backend_on_the_emulation(lib, c):
    """p256_mont.c, the scalar multiplications on the Montgomery unit, runs here on the
    driver's emulation of the unit (bit-exact, tests/host/test_mont_driver.py): k G (the unit's
    comb), k P (the window over multiples in the unit) and k1 G + k2 P, with the exceptional
    sums of verification (P = Q and P = -Q on the way) and infinity as results."""
    def call(fn, *args):
        out = ctypes.create_string_buffer(65)
        err = fn(out, *args)
        return err, out.raw if err == VC_OK else None

    def mul(k, P=None):
        return call(lib.vc_p256u_mul, k.to_bytes(32, "big"), enc(c, P) if P else None)

    def mul2_eq(k1, k2, P, r):
        return lib.vc_p256u_mul2_eq_x_var(k1.to_bytes(32, "big"), k2.to_bytes(32, "big"), enc(c, P),
                                          r.to_bytes(32, "big"))

    def mul2(k1, k2, P):
        """VC_OK when x(k1 G + k2 P) mod n is the model's, VC_ERR_VERIFY for the next r."""
        R = M.add(M.mul(k1, M.G), M.mul(k2, P))
        r = 1 if R is ecp.INF else R.x % M.n
        return mul2_eq(k1, k2, P, r), mul2_eq(k1, k2, P, r % (M.n - 1) + 1)

    rng = random.Random(6)
    P = M.mul(rng.randrange(1, M.n), M.G)
    ks = [1, 2, 15, 16, 17, M.n - 1, 1 << 255, (1 << 66) - 1] + [rng.randrange(1, M.n) for _ in range(6)]
    for k in ks:
        assert mul(k) == (VC_OK, enc(c, M.mul(k, M.G))), k
        assert mul(k, P) == (VC_OK, enc(c, M.mul(k, P))), k
    for k1, k2 in [(rng.randrange(M.n), rng.randrange(1, M.n)) for _ in range(4)] + [(0, 5), (7, 0)]:
        assert mul2(k1, k2, P) == (VC_OK, VC_ERR_VERIFY), (k1, k2)
    k = rng.randrange(1, M.n)
    assert mul2(k, k, M.G) == (VC_OK, VC_ERR_VERIFY)                  # adds a point to itself
    assert mul2(k, k, M.neg(M.G)) == (VC_ERR_VERIFY, VC_ERR_VERIFY)   # ... and to its negative
    assert mul2(k + 3, k, M.neg(M.G)) == (VC_OK, VC_ERR_VERIFY)
    Q = high_x_point()
    assert mul2_eq(0, 1, Q, Q.x - M.n) == VC_OK and mul2_eq(0, 1, Q, Q.x - M.n + 1) == VC_ERR_VERIFY
    assert mul(M.n)[0] == VC_ERR_POINT


def high_x_point():
    """A point whose x is in [n, p): x(R) mod n = x - n, the second candidate of verification."""
    for x in range(M.n, M.p):
        rhs = (x ** 3 - 3 * x + M.b) % M.p
        y = pow(rhs, (M.p + 1) // 4, M.p)
        if y * y % M.p == rhs:
            return M.point(x, y)


def test_verify_with_x_past_the_order(c):
    """A signature whose R has x in [n, p) (u1 = 0, u2 = 1: R = Q, e = 0, s = r = x - n)."""
    Q = high_x_point()
    r = Q.x - M.n
    assert c.verify(enc(c, Q), bytes(32), r, r) == VC_OK
    assert c.verify(enc(c, Q), bytes(32), r + 1, r + 1) == VC_ERR_VERIFY


def wnaf(k, w):
    """The canonical width-w NAF of k, 257 digits, least significant first."""
    d = []
    while len(d) < 257:
        if k & 1:
            v = k & ((1 << w) - 1)
            v -= (1 << w) if v >= 1 << (w - 1) else 0
            k -= v
        else:
            v = 0
        d.append(v)
        k >>= 1
    assert k == 0
    return d


@pytest.mark.parametrize("w", [5, 6])
def test_wnaf_recoding_is_the_canonical_one(lib, w):
    """vc_p256_wnaf_var (the verification's recoding, on the CPU and on the unit) gives the
    canonical width-w NAF's digits, edge scalars included."""
    rng = random.Random(w)
    ks = [0, 1, 2, (1 << w) - 1, 1 << (w - 1), M.n - 1, (1 << 256) - 1, 1 << 255, (1 << 255) - 1]
    for k in ks + [rng.getrandbits(256) for _ in range(200)]:
        d = (ctypes.c_int8 * 257)()
        lib.vc_p256_wnaf_var(d, k.to_bytes(32, "big"), w)
        assert list(d) == wnaf(k, w), hex(k)
