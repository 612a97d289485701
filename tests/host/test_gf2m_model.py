"""The pure-Python GF(2^m) model (vexrun/models/gf2m.py) checked on its own: the products
against a schoolbook carry-less product with coefficient lists and reduction by the
polynomial's congruence, the field laws, Frobenius, the trace and the half-trace, and the
NIST polynomials' irreducibility (Rabin's test)."""

import random

import pytest

from vexrun.models.gf2m import F163, F233


def poly_mul_mod(a, b, m, terms):
    """Coefficient lists, schoolbook, then z^k = z^(k-m) (z^t... + 1) from the top down."""
    ca = [(a >> i) & 1 for i in range(m)]
    cb = [(b >> i) & 1 for i in range(m)]
    prod = [0] * (2 * m)
    for i, x in enumerate(ca):
        if x:
            for j, y in enumerate(cb):
                prod[i + j] ^= y
    for k in range(2 * m - 1, m - 1, -1):
        if prod[k]:
            prod[k] = 0
            for t in (0,) + tuple(terms):
                prod[k - m + t] ^= 1
    return sum(c << i for i, c in enumerate(prod[:m]))


@pytest.mark.parametrize("F,terms", [(F163, (7, 6, 3)), (F233, (74,))])
def test_model(F, terms):
    rng = random.Random(F.m)
    xs = [rng.getrandbits(F.m) for _ in range(30)] + [1, (1 << F.m) - 1, 1 << (F.m - 1)]
    for a, b, c in zip(xs, xs[1:], xs[2:]):
        assert F.mul(a, b) == poly_mul_mod(a, b, F.m, terms)
        assert F.mul(a, b ^ c) == F.mul(a, b) ^ F.mul(a, c)
        assert F.mul(F.mul(a, b), c) == F.mul(a, F.mul(b, c))
        assert F.mul(a, F.inv(a)) == 1 and F.inv(a) == F.inv_fermat(a)
        assert F.sqrt(F.sqr(a)) == a
        assert F.trace(a) in (0, 1) and F.trace(a ^ b) == F.trace(a) ^ F.trace(b)
        if F.trace(a) == 0:
            z = F.half_trace(a)
            assert F.sqr(z) ^ z == a
    # Frobenius: a^(2^m) = a.
    a = xs[0]
    x = a
    for _ in range(F.m):
        x = F.sqr(x)
    assert x == a
    assert F.trace(1) == 1                     # m odd


@pytest.mark.parametrize("F", [F163, F233])
def test_polynomial_irreducible(F):
    """Rabin: z^(2^m) = z mod f, and gcd(z^(2^(m/p)) - z, f) = 1 for the prime m (only p = m)."""
    x = 2
    for _ in range(F.m):
        x = F.sqr(x)
    assert x == 2
    # m is prime (163, 233), so no proper divisor degree to check beyond z^2 - z != 0 mod f.
    assert all(F.m % d for d in range(2, int(F.m ** 0.5) + 1))
