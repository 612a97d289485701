"""Montgomery arithmetic and exponentiation (fw/src/mp/mont.c, modexp.c, crt.c): every
modular-multiplication algorithm and radix of seed 004's design space, every exponentiation
method and both CRT conversions against Python integers."""

import ctypes
import random

import pytest

from mpy import (ALGO1, ALGO2, ALGO3, ALGO4, ALGO5, UNIT, CRT_MRC, CRT_SRC, EXP_LADDER, EXP_LR,
                 EXP_RL, EXP_WINDOW, LIMBS, VC_ERR_MODULUS, VC_ERR_NULL, VC_ERR_PARAM,
                 VC_ERR_RANGE, Cache, Cfg, Mont, Mp, cfg, from_limbs, limbs)

P = ctypes.POINTER

# (algo, radix bits) points: every algorithm, the seed's radices 8..512 (k = 3..9) and the
# word sizes a 32-bit core has; UNIT is ALGO2 at radix 2^32 on the host (no unit).
MM_POINTS = ([(ALGO1, 32), (ALGO4, 32), (ALGO5, 1), (UNIT, 32)] +
             [(a, k) for a in (ALGO2, ALGO3) for k in (1, 3, 4, 5, 7, 8, 9, 16, 31, 32)])


@pytest.fixture(scope="module")
def api(lib):
    lib.vc_mont_init_var.argtypes = [P(Mont), P(Mp), P(Cfg), P(Cache), P(Cache)]
    lib.vc_mont_mul_var.argtypes = [P(Mont), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    lib.vc_mont_sqr_var.argtypes = [P(Mont), ctypes.c_void_p, ctypes.c_void_p]
    lib.vc_mp_modexp_var.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp)]
    lib.vc_mp_mont_modmul_var.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp)]
    lib.vc_mp_crt_var.argtypes = [P(Mp)] * 7 + [ctypes.c_int]
    return lib


def mont(api, m, c=None, intra=None, pre=None):
    ctx = Mont()
    rc = api.vc_mont_init_var(ctypes.byref(ctx), Mp.of(m), ctypes.byref(c) if c else None,
                              ctypes.byref(intra) if intra else None,
                              ctypes.byref(pre) if pre else None)
    assert rc == 0, rc
    return ctx


def r_of(ctx) -> int:
    return 1 << (ctx.digits * ({ALGO2: ctx.cfg.radix_bits, ALGO3: ctx.cfg.radix_bits,
                                ALGO5: 1}.get(ctx.cfg.algo, 32)))


def moduli(rng, bits):
    """Odd moduli of `bits` bits with edge shapes: random, all-ones, 2^(bits-1)+1, and a
    multiple of 3 (whose factors multiply to exactly m: the reduction's boundary case)."""
    yield rng.getrandbits(bits) | 1 | 1 << (bits - 1)
    yield (1 << bits) - 1
    yield (1 << (bits - 1)) + 1
    if bits > 4:
        yield 3 * (rng.getrandbits(bits - 2) | 1 << (bits - 3) | 1)


def operands(rng, m):
    yield from (0, 1, m - 1, m - 2, rng.randrange(m), rng.randrange(m))


@pytest.mark.parametrize("algo,k", MM_POINTS)
@pytest.mark.parametrize("bits", [3, 32, 33, 64, 100, 512])
def test_mont_mul(api, algo, k, bits):
    rng = random.Random(bits * 100 + algo * 40 + k)
    for m in moduli(rng, bits):
        if m < 3:
            continue
        for sqr in (0, 1):
            ctx = mont(api, m, cfg(algo, k, sqr))
            n = ctx.n
            rinv = pow(r_of(ctx), -1, m)
            assert from_limbs(ctx.r2, n) == r_of(ctx) ** 2 % m
            assert from_limbs(ctx.one, n) == r_of(ctx) % m
            pairs = [(a, rng.randrange(m)) for a in operands(rng, m)]
            if m % 3 == 0:
                pairs.append((3, m // 3))                   # a*b = m exactly
            for a, b in pairs:
                out = limbs(0, n)
                api.vc_mont_mul_var(ctypes.byref(ctx), out, limbs(a, n), limbs(b, n))
                assert from_limbs(out, n) == a * b * rinv % m, (m, a, b)
                xa = limbs(a, n)
                api.vc_mont_sqr_var(ctypes.byref(ctx), xa, xa)     # in place
                assert from_limbs(xa, n) == a * a * rinv % m


@pytest.mark.parametrize("algo,k", [(ALGO1, 32), (ALGO2, 32), (ALGO3, 32), (ALGO4, 32), (ALGO2, 8),
                                    (ALGO3, 8), (UNIT, 32)])
@pytest.mark.parametrize("bits", [1024, 2048, 4096])
def test_mont_mul_large(api, algo, k, bits):
    rng = random.Random(bits + algo)
    for m in moduli(rng, bits):
        ctx = mont(api, m, cfg(algo, k, 1))
        rinv = pow(r_of(ctx), -1, m)
        for a in (m - 1, rng.randrange(m)):
            b = rng.randrange(m)
            out = limbs(0, ctx.n)
            api.vc_mont_mul_var(ctypes.byref(ctx), out, limbs(a, ctx.n), limbs(b, ctx.n))
            assert from_limbs(out, ctx.n) == a * b * rinv % m
            api.vc_mont_sqr_var(ctypes.byref(ctx), out, limbs(a, ctx.n))
            assert from_limbs(out, ctx.n) == a * a * rinv % m


def modexp(api, ctx, a, e):
    r = Mp()
    assert api.vc_mp_modexp_var(ctypes.byref(ctx), ctypes.byref(r), Mp.of(a), Mp.of(e)) == 0
    return int(r)


@pytest.mark.parametrize("exp,window", [(EXP_LR, 0), (EXP_RL, 0), (EXP_LADDER, 0)] +
                         [(EXP_WINDOW, w) for w in range(1, 7)])
def test_modexp_methods(api, exp, window):
    rng = random.Random(exp * 10 + window)
    for bits in (5, 32, 61, 256, 512, 1024):
        m = rng.getrandbits(bits) | 1 | 1 << (bits - 1)
        ctx = mont(api, m, cfg(ALGO2, 32, 1, exp, window))
        for a, e in [(0, 0), (0, 5), (5, 0), (1, rng.getrandbits(bits)), (m - 1, 3), (m - 1, 2),
                     (rng.getrandbits(bits + 40), 65537), (rng.randrange(m), 3),
                     (rng.randrange(m), rng.getrandbits(bits)), (rng.randrange(m), (1 << bits) - 1),
                     (rng.randrange(m), 1 << (bits - 1)), (m, 7), (2 * m + 3, 1)]:
            assert modexp(api, ctx, a, e) == pow(a, e, m), (bits, a, e)


@pytest.mark.parametrize("algo,k", MM_POINTS)
def test_modexp_every_algorithm(api, algo, k):
    rng = random.Random(algo * 7 + k)
    bits = 96 if algo == ALGO5 or k < 8 else 256
    m = rng.getrandbits(bits) | 1 | 1 << (bits - 1)
    for exp in (EXP_LR, EXP_RL, EXP_WINDOW, EXP_LADDER):
        ctx = mont(api, m, cfg(algo, k, 1, exp, 4))
        a, e = rng.randrange(m), rng.getrandbits(bits)
        assert modexp(api, ctx, a, e) == pow(a, e, m)


def test_mont_modmul(api):
    rng = random.Random(5)
    for bits in (31, 512, 1023):
        m = rng.getrandbits(bits) | 1 | 1 << (bits - 1)
        ctx = mont(api, m)
        for a, b in [(0, 9), (m - 1, m - 1), (rng.getrandbits(2 * bits), rng.getrandbits(bits))]:
            r = Mp()
            rc = api.vc_mp_mont_modmul_var(ctypes.byref(ctx), ctypes.byref(r), Mp.of(a), Mp.of(b))
            assert rc == 0
            assert int(r) == a * b % m


def test_caches(api):
    """The intra-MM cache (ALGO1) and the pre-ME cache hit on repeated work and change no
    result."""
    rng = random.Random(9)
    m = rng.getrandbits(512) | 1 | 1 << 511
    intra, pre = Cache(), Cache()
    ctx = mont(api, m, cfg(ALGO1, 32, 0, EXP_WINDOW, 4), intra, pre)
    a, e = rng.randrange(m), rng.getrandbits(512)
    assert modexp(api, ctx, a, e) == pow(a, e, m)
    assert (pre.hits, pre.misses) == (0, 1)
    assert intra.misses > 0
    assert modexp(api, ctx, a, e) == pow(a, e, m)           # pre-ME hit: no products at all
    assert (pre.hits, pre.misses) == (1, 1)
    assert modexp(api, ctx, a, e + 2) == pow(a, e + 2, m)   # same base, other exponent: a miss
    assert pre.misses == 2
    ctx2 = mont(api, m, cfg(ALGO1, 32, 0, EXP_WINDOW, 4), intra, None)
    assert intra.hits == 0 and intra.misses == 0             # init clears the cache
    modexp(api, ctx2, a, 3)
    h0 = intra.hits
    modexp(api, ctx2, a, 3)                                  # the same products again: hits
    assert intra.hits > h0
    assert modexp(api, ctx2, a, 3) == pow(a, 3, m)


@pytest.mark.parametrize("algo", [CRT_MRC, CRT_SRC])
def test_crt(api, algo):
    import gmpy2
    rng = random.Random(algo)
    for bits in (32, 256, 1024):
        p = int(gmpy2.next_prime(rng.getrandbits(bits) | 1 << (bits - 1)))
        q = int(gmpy2.next_prime(rng.getrandbits(bits - 3) | 1 << (bits - 4)))
        for x in (0, 1, p * q - 1, rng.randrange(p * q)):
            r = Mp()
            args = [Mp.of(v) for v in (x % p, x % q, p, q, pow(q, -1, p), pow(p, -1, q))]
            assert api.vc_mp_crt_var(ctypes.byref(r), *[ctypes.byref(v) for v in args], algo) == 0
            assert int(r) == x


def test_bad_input(api):
    ctx = Mont()
    init = api.vc_mont_init_var
    for m, rc in [(0, VC_ERR_MODULUS), (1, VC_ERR_MODULUS), (10, VC_ERR_MODULUS),
                  (1 << 4096 | 1, VC_ERR_MODULUS), ((1 << 4096) - 1, 0)]:
        assert init(ctypes.byref(ctx), Mp.of(m), None, None, None) == rc, m
    for c in [Cfg(0, 32, 0, EXP_LR, 1), Cfg(UNIT + 1, 32, 0, EXP_LR, 1), Cfg(ALGO2, 0, 0, EXP_LR, 1),
              Cfg(ALGO3, 33, 0, EXP_LR, 1), Cfg(ALGO1, 32, 0, 0, 1), Cfg(ALGO1, 32, 0, 5, 1),
              Cfg(ALGO1, 32, 0, EXP_WINDOW, 0), Cfg(ALGO1, 32, 0, EXP_WINDOW, 7)]:
        assert init(ctypes.byref(ctx), Mp.of(101), ctypes.byref(c), None, None) == VC_ERR_PARAM
    assert init(None, Mp.of(101), None, None, None) == VC_ERR_NULL
    ctx = mont(api, 101)
    r = Mp()
    assert api.vc_mp_modexp_var(ctypes.byref(ctx), ctypes.byref(r), None, Mp.of(3)) == VC_ERR_NULL
    assert api.vc_mp_modexp_var(ctypes.byref(ctx), ctypes.byref(r), Mp.of(3),
                                Mp.of(1 << (32 * LIMBS))) == VC_ERR_RANGE
    assert api.vc_mont_mul_var(None, limbs(0, 1), limbs(0, 1), limbs(0, 1)) == VC_ERR_NULL
    x = Mp.of(7)
    args = [ctypes.byref(Mp.of(v)) for v in (1, 2, 5, 7, 3, 3)]
    assert api.vc_mp_crt_var(ctypes.byref(x), *args, 3) == VC_ERR_PARAM
    assert api.vc_mp_crt_var(ctypes.byref(x), *args[:5], None, CRT_SRC) == VC_ERR_NULL
    big = [ctypes.byref(Mp.of(v)) for v in (5, 2, 5, 7, 3, 3)]      # xp >= p
    assert api.vc_mp_crt_var(ctypes.byref(x), *big, CRT_MRC) == VC_ERR_RANGE
