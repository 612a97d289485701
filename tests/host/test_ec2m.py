"""The binary curves (fw/src/ec/ec_gf2m.c) against the pure-Python model
(vexrun/models/ec2m.py) through the public API: scalar multiplication in the three algorithm sets
(random and edge scalars, the generator and other points), addition with its special cases,
public-key validation (on the curve, and the subgroup test by trace, with a halving for
K-233), x-coordinate lifting. The model's own tests are in test_ec2m_model.py."""

import random

import pytest

from vexrun.native.ec import ALL_SETS, BINARY, OPTIMIZED, Curve
from vexrun.native.api import VC_ERR_POINT, VC_ERR_RANGE, VC_OK
from vexrun.models import ec2m


@pytest.fixture(scope="module", params=BINARY)
def pair(request, lib):
    return Curve(lib, request.param), ec2m.curve(request.param)


def enc(c, P):
    return c.point(P.x, P.y)


def test_constants_match_model(pair):
    c, M = pair
    assert c.n == M.n and c.h == M.h and c.G == enc(c, M.G) and c.nbits == M.nbits


def test_mul_generator(pair):
    c, M = pair
    rng = random.Random(c.name)
    ks = [1, 2, 3, 4, M.n - 1, M.n - 2, M.n // 2, 1 << (M.nbits - 2)] + [rng.randrange(1, M.n) for _ in range(6)]
    for k in ks:
        want = M.mul(k, M.G)
        for s in ALL_SETS:
            assert c.mul(k, set=s) == (VC_OK, enc(c, want)), (k, s)


def test_mul_other_points(pair):
    c, M = pair
    rng = random.Random(c.name + "P")
    for _ in range(4):
        P = M.mul(rng.randrange(1, M.n), M.G)
        k = rng.randrange(1, M.n)
        want = enc(c, M.mul(k, P))
        for s in ALL_SETS:
            assert c.mul(k, enc(c, P), s) == (VC_OK, want), s


def test_add(pair):
    c, M = pair
    P, Q = M.mul(5, M.G), M.mul(7, M.G)
    for s in ALL_SETS:
        assert c.add(enc(c, P), enc(c, Q), s) == (VC_OK, enc(c, M.mul(12, M.G)))
        assert c.add(enc(c, P), enc(c, P), s) == (VC_OK, enc(c, M.mul(10, M.G)))
        assert c.add(enc(c, P), enc(c, M.neg(P)), s)[0] == VC_ERR_POINT


def random_points(M, count, seed):
    """Curve points with random x (any order: in the subgroup or not)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        P = M.lift_x(rng.getrandbits(M.F.m))
        if P is not None:
            out.append(P)
    return out


def test_check_subgroup(pair):
    """check() accepts exactly the points of order n (the model's n P = O). Its premise, that P
    is a double exactly when Tr(x) = Tr(a) (= a, m odd), is checked on the model: the doubles
    are the points with (h/2) n P = O (the 2-part of the group is cyclic: one point of order 2,
    x = 0)."""
    c, M = pair
    orders = set()
    for P in random_points(M, 32, c.name):
        nP = M.mul(M.n, P)
        order = 1 if nP is ec2m.INF else 2 if nP.x == 0 else 4      # the order of P over n
        orders.add(order)
        assert (M.F.trace(P.x) == M.a) == (order <= M.h // 2), P
        assert (c.check(enc(c, P)) == VC_OK) == (order == 1), P
    # Points of order n and 2n; with cofactor 4 also 4n (the 2n ones are doubles outside the
    # subgroup, the case the halving catches).
    assert orders == ({1, 2, 4} if M.h == 4 else {1, 2})
    # Off the curve, coordinates of m bits or more, x = 0 (order 2).
    x, y = M.G.x, M.G.y
    assert c.check(c.point(x, y ^ 1)) == VC_ERR_POINT
    assert c.check(c.point(x | 1 << M.F.m, y)) == VC_ERR_POINT
    assert c.check(enc(c, M.lift_x(0))) == VC_ERR_POINT


def test_lift_x(pair):
    c, M = pair
    rng = random.Random(c.name + "lift")
    for i in range(16):
        msg = bytes(rng.getrandbits(8) for _ in range(c.msg_len))
        err, pt = c.embed(msg, ALL_SETS[i % len(ALL_SETS)])
        assert err == VC_OK
        x = int.from_bytes(pt[1:1 + c.flen], "big")
        assert enc(c, M.lift_x(x)) == pt
        # Every smaller j gave no point.
        for j in range(pt[c.flen]):
            assert M.lift_x((x & ~0xFF) | j) is None
    # x = 0 (a zero message, j = 0): y = sqrt(b).
    for s in ALL_SETS:
        assert c.embed(bytes(c.msg_len), s) == (VC_OK, enc(c, M.lift_x(0)))
