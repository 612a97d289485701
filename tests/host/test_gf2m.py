"""The binary-field layer (fw/src/ec/gf2m*.c) against the pure-Python model
(vexrun/models/gf2m.py): every variant of the three algorithm sets in GF(2^163) and GF(2^233) on
random and edge-case elements, the variants against each other, aliasing, the counters of the
dispatching forms, trace and quadratic solving, encodings and errors. The model itself is
tested in test_gf2m_model.py."""

import ctypes
import random

import pytest

from vexrun.native.api import VC_ERR_LENGTH, VC_ERR_NOINV, VC_ERR_NULL, VC_ERR_RANGE, VC_OK, declared
from vexrun.models.gf2m import F163, F233

WORDS = 8
Elt = ctypes.c_uint32 * WORDS
from vexrun.native.ec import ALL_SETS
FIELDS = {163: F163, 233: F233}


class Counts(ctypes.Structure):
    _fields_ = [("mul", ctypes.c_uint32), ("sqr", ctypes.c_uint32), ("inv", ctypes.c_uint32)]


declared(Counts, "vc_gf2m_counts")


def elt(v):
    return Elt(*[(v >> (32 * i)) & 0xFFFFFFFF for i in range(WORDS)])


def val(e):
    return sum(e[i] << (32 * i) for i in range(WORDS))


@pytest.fixture(scope="module", params=[163, 233])
def fld(request, lib):
    """(C field descriptor pointer, model)."""
    return ctypes.addressof(ctypes.c_char.in_dll(lib, f"vc_gf2m_{request.param}")), FIELDS[request.param]


def ptr(f):
    return ctypes.c_void_p(f)


def samples(F, count=150, seed=1):
    rng = random.Random(seed + F.m)
    m = F.m
    edge = [0, 1, 2, 1 << (m - 1), (1 << m) - 1, (1 << m) - 2, F.f ^ (1 << m), 1 << 31, 1 << 32,
            ((1 << m) - 1) & ~((1 << (32 * (m // 32))) - 1)]
    return edge + [rng.getrandbits(m) for _ in range(count)]


def call2(lib, name, f, a, b):
    r = Elt()
    getattr(lib, name)(ptr(f), r, elt(a), elt(b))
    return val(r)


def call1(lib, name, f, a):
    r = Elt()
    getattr(lib, name)(ptr(f), r, elt(a))
    return val(r)


def test_mul_variants(lib, fld):
    f, F = fld
    xs = samples(F)
    for a, b in zip(xs, xs[1:] + xs[:1]):
        want = F.mul(a, b)
        assert call2(lib, "vc_gf2m_mul_shiftadd", f, a, b) == want
        assert call2(lib, "vc_gf2m_mul_comb", f, a, b) == want
        for form in ("vc_gf2m_mul_clmul", "vc_gf2m_mul_clmul_sw"):      # the unit's emulation here
            assert call2(lib, form, f, a, b) == want


def test_sqr_variants(lib, fld):
    f, F = fld
    for a in samples(F):
        assert call1(lib, "vc_gf2m_sqr_spread", f, a) == F.sqr(a)
        assert call1(lib, "vc_gf2m_sqr_tab_var", f, a) == F.sqr(a)
        assert call1(lib, "vc_gf2m_sqr_clmul", f, a) == F.sqr(a)
        assert call1(lib, "vc_gf2m_sqr_clmul_sw", f, a) == F.sqr(a)


@pytest.mark.parametrize("name", ["vc_gf2m_inv_euclid_var", "vc_gf2m_inv_almost_var", "vc_gf2m_inv_itoh"])
def test_inv_variants(lib, fld, name):
    f, F = fld
    for a in samples(F, 60)[1:]:
        r = Elt()
        assert getattr(lib, name)(ptr(f), r, elt(a)) == VC_OK
        assert val(r) == F.inv(a), hex(a)
    r = elt(0x1234)
    assert getattr(lib, name)(ptr(f), r, elt(0)) == VC_ERR_NOINV
    assert val(r) == 0x1234                                   # untouched
    assert getattr(lib, name)(None, r, elt(1)) == VC_ERR_NULL
    assert getattr(lib, name)(ptr(f), None, elt(1)) == VC_ERR_NULL


def test_dispatch_and_counts(lib, fld):
    f, F = fld
    stats = Counts.in_dll(lib, "vc_gf2m_stats")
    a, b = samples(F, 2)[-2:]
    for s in ALL_SETS:
        stats.mul = stats.sqr = stats.inv = 0
        r = Elt()
        lib.vc_gf2m_mul(ptr(f), s, r, elt(a), elt(b))
        assert val(r) == F.mul(a, b)
        lib.vc_gf2m_sqr(ptr(f), s, r, elt(a))
        assert val(r) == F.sqr(a)
        lib.vc_gf2m_sqr(ptr(f), s, r, elt(b))
        assert lib.vc_gf2m_inv(ptr(f), s, r, elt(a)) == VC_OK and val(r) == F.inv(a)
        assert (stats.mul, stats.sqr, stats.inv) == (1, 2, 1)


def test_aliasing(lib, fld):
    f, F = fld
    a, b = samples(F, 2)[-2:]
    for name in ("vc_gf2m_mul_shiftadd", "vc_gf2m_mul_comb", "vc_gf2m_mul_clmul"):
        x, y = elt(a), elt(b)
        getattr(lib, name)(ptr(f), x, x, y)
        assert val(x) == F.mul(a, b)
        x, y = elt(a), elt(b)
        getattr(lib, name)(ptr(f), y, x, y)
        assert val(y) == F.mul(a, b)
        x = elt(a)
        getattr(lib, name)(ptr(f), x, x, x)
        assert val(x) == F.sqr(a)
    for name in ("vc_gf2m_sqr_spread", "vc_gf2m_sqr_tab_var"):
        x = elt(a)
        getattr(lib, name)(ptr(f), x, x)
        assert val(x) == F.sqr(a)
    for name in ("vc_gf2m_inv_euclid_var", "vc_gf2m_inv_almost_var", "vc_gf2m_inv_itoh"):
        x = elt(a)
        getattr(lib, name)(ptr(f), x, x)
        assert val(x) == F.inv(a)


def test_add_equal_zero(lib, fld):
    f, F = fld
    a, b = samples(F, 2)[-2:]
    assert call2(lib, "vc_gf2m_add", f, a, b) == a ^ b
    assert lib.vc_gf2m_is_zero(ptr(f), elt(0)) == 1 and lib.vc_gf2m_is_zero(ptr(f), elt(a)) == 0
    assert lib.vc_gf2m_equal(ptr(f), elt(a), elt(a)) == 1 and lib.vc_gf2m_equal(ptr(f), elt(a), elt(b)) == 0


def test_trace_and_quadratic(lib, fld):
    f, F = fld
    # The trace's mask: Tr(z^i) from the definition for every i.
    for i in range(F.m):
        assert lib.vc_gf2m_trace(ptr(f), elt(1 << i)) == F.trace(1 << i), i
    for s in ALL_SETS:
        for a in samples(F, 12):
            z = Elt()
            err = lib.vc_gf2m_solve_quadratic(ptr(f), s, z, elt(a))
            if F.trace(a):
                assert err == VC_ERR_RANGE
            else:
                assert err == VC_OK and F.sqr(val(z)) ^ val(z) == a
                assert val(z) == F.half_trace(a)


def test_bytes(lib, fld):
    f, F = fld
    n = F.bytes
    for a in samples(F, 20):
        out = ctypes.create_string_buffer(n)
        assert lib.vc_gf2m_to_bytes(ptr(f), elt(a), out, ctypes.c_size_t(n)) == VC_OK
        assert out.raw == F.to_bytes(a)
        r = Elt()
        assert lib.vc_gf2m_from_bytes(ptr(f), r, out.raw, ctypes.c_size_t(n)) == VC_OK and val(r) == a
    r = elt(7)
    assert lib.vc_gf2m_from_bytes(ptr(f), r, ((1 << F.m)).to_bytes(n, "big"), ctypes.c_size_t(n)) == VC_ERR_RANGE
    assert lib.vc_gf2m_from_bytes(ptr(f), r, b"\x00" * (n + 1), ctypes.c_size_t(n + 1)) == VC_ERR_LENGTH
    assert lib.vc_gf2m_from_bytes(ptr(f), r, None, ctypes.c_size_t(n)) == VC_ERR_NULL
    assert val(r) == 7
    assert lib.vc_gf2m_to_bytes(ptr(f), r, ctypes.create_string_buffer(n), ctypes.c_size_t(n - 1)) == VC_ERR_LENGTH
    lib.vc_gf2m_bytes.restype = ctypes.c_size_t
    assert lib.vc_gf2m_bytes(ptr(f)) == n and lib.vc_gf2m_bytes(None) == 0
