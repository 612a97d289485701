"""The binary-curve model (vexrun/models/ec2m.py) checked on its own: the curve constants
(G on the curve, n G = O, n prime, the group order h n within Hasse's bound, h n P = O for a
point outside the subgroup), the group law (associativity, inverses, doubling against
addition) and the CAVP key pairs."""

import random

import pytest

from vexrun.vectors import kat_ec
from vexrun.models import ec2m

NAMES = ("B-163", "K-163", "B-233", "K-233")


def is_probable_prime(n):
    return all(pow(a, n - 1, n) == 1 for a in (2, 3, 5, 7, 11, 13))


@pytest.mark.parametrize("name", NAMES)
def test_constants(name):
    M = ec2m.curve(name)
    assert M.on_curve(M.G) and M.mul(M.n, M.G) is ec2m.INF
    assert is_probable_prime(M.n)
    q = 1 << M.F.m
    assert abs(M.h * M.n - (q + 1)) <= 2 * (1 << (M.F.m // 2 + 1))
    # The cofactor: h n kills a point outside the subgroup, n alone does not; x = 0 is the
    # point of order 2.
    P = next(P for P in map(M.lift_x, range(2, 100)) if P and M.mul(M.n, P) is not ec2m.INF)
    assert M.on_curve(P) and M.mul(M.h * M.n, P) is ec2m.INF
    T = M.lift_x(0)
    assert M.on_curve(T) and M.add(T, T) is ec2m.INF


@pytest.mark.parametrize("name", NAMES)
def test_group_law(name):
    M = ec2m.curve(name)
    rng = random.Random(name)
    P, Q, R = (M.mul(rng.randrange(1, M.n), M.G) for _ in range(3))
    assert M.add(M.add(P, Q), R) == M.add(P, M.add(Q, R))
    assert M.add(P, Q) == M.add(Q, P) and M.on_curve(M.add(P, Q))
    assert M.add(P, M.neg(P)) is ec2m.INF and M.add(P, P) == M.mul(2, P)
    assert M.mul(M.n - 1, P) == M.neg(P)


@pytest.mark.parametrize("name", NAMES)
def test_cavp_keypairs(name):
    M = ec2m.curve(name)
    for v in kat_ec.keypair(name)[:4]:
        assert M.mul(v.d, M.G) == ec2m.Point(v.qx, v.qy), v.label
