"""Montgomery arithmetic and exponentiation (fw/src/mp/montmul.c, modexp.c, crt.c): every
modular-multiplication algorithm and radix of seed 004's design space, every exponentiation
method and both CRT conversions against Python integers."""

import ctypes
import random

import pytest

from vexrun.native.mp import (ALGO1, ALGO2, ALGO3, ALGO4, ALGO5, UNIT, CRT_MRC, CRT_SRC, EXP_LADDER, EXP_LR,
                 EXP_RL, EXP_WINDOW, LIMBS, VC_ERR_MODULUS, VC_ERR_NULL, VC_ERR_PARAM,
                 VC_ERR_RANGE, Cache, Cfg, Mont, Mp, cache_counts, cfg, from_limbs, limbs,
                 mont_limbs, mont_r)

P = ctypes.POINTER

# (algo, radix bits) points: every algorithm, the seed's radices 8..512 (k = 3..9) and the
# word sizes a 32-bit core has; UNIT is ALGO2 at radix 2^32 on the host (no unit).
MM_POINTS = ([(ALGO1, 32), (ALGO4, 32), (ALGO5, 1), (UNIT, 32)] +
             [(a, k) for a in (ALGO2, ALGO3) for k in (1, 3, 4, 5, 7, 8, 9, 16, 31, 32)])


@pytest.fixture(scope="module")
def api(lib):
    lib.vc_mont_init.argtypes = lib.vc_mont_init_var.argtypes = [P(Mont), P(Mp), P(Cfg), P(Cache), P(Cache)]
    lib.vc_mont_mul_var.argtypes = [P(Mont), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    lib.vc_mont_sqr_var.argtypes = [P(Mont), ctypes.c_void_p, ctypes.c_void_p]
    lib.vc_mp_modexp_var.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp)]
    lib.vc_mp_mont_modmul_var.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp)]
    lib.vc_mp_crt_var.argtypes = [P(Mp)] * 7 + [ctypes.c_int]
    lib.vc_mont_mul.argtypes = [P(Mont), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    lib.vc_mont_sqr.argtypes = [P(Mont), ctypes.c_void_p, ctypes.c_void_p]
    lib.vc_mp_modexp.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp), ctypes.c_size_t]
    lib.vc_mp_mont_modmul.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp)]
    lib.vc_mp_mont_muladd.argtypes = [P(Mont), P(Mp), P(Mp), P(Mp), P(Mp)]
    lib.vc_mp_crt.argtypes = [P(Mont)] + [P(Mp)] * 5
    lib.vc_mpn_sub_m_ct.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint32,
                                    ctypes.c_void_p, ctypes.c_size_t]
    lib.vc_mpn_sub_m_ct.restype = None
    return lib


def mont(api, m, c=None, intra=None, pre=None, secret=True):
    """A context by the set-up for secret moduli (vc_mont_init) or, secret=False, public ones."""
    ctx = Mont()
    init = api.vc_mont_init if secret else api.vc_mont_init_var
    rc = init(ctypes.byref(ctx), Mp.of(m), ctypes.byref(c) if c else None,
              ctypes.byref(intra) if intra else None, ctypes.byref(pre) if pre else None)
    assert rc == 0, rc
    return ctx


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


@pytest.mark.parametrize("ct", [0, 1], ids=["var", "ct"])
@pytest.mark.parametrize("algo,k", MM_POINTS)
@pytest.mark.parametrize("bits", [3, 32, 33, 64, 100, 512])
def test_mont_mul(api, algo, k, bits, ct):
    rng = random.Random(bits * 100 + algo * 40 + k)
    for m in moduli(rng, bits):
        if m < 3:
            continue
        for sqr in (0, 1):
            ctx = mont(api, m, cfg(algo, k, sqr), secret=ct)
            n = mont_limbs(ctx)
            assert n == (m.bit_length() + 31) // 32
            rinv = pow(mont_r(ctx), -1, m)
            # The set-up's constants through what uses them: R^2 mod m takes a product into
            # Montgomery form (vc_mp_mont_modmul_var), R mod m starts an exponentiation; the same
            # with vc_mont_init's variable-time set-up (cfg.var).
            for c in [ctx, mont(api, m, cfg(algo, k, sqr, var=1))] if ct else [ctx]:
                a, b = rng.randrange(m), rng.randrange(m)
                r = Mp()
                assert api.vc_mp_mont_modmul_var(ctypes.byref(c), ctypes.byref(r), Mp.of(a), Mp.of(b)) == 0
                assert int(r) == a * b % m
                assert modexp(api, c, a, 3) == pow(a, 3, m)
            pairs = [(a, rng.randrange(m)) for a in operands(rng, m)]
            if m % 3 == 0:
                pairs.append((3, m // 3))                   # a*b = m exactly
            mul, sqr = ((api.vc_mont_mul, api.vc_mont_sqr) if ct else
                        (api.vc_mont_mul_var, api.vc_mont_sqr_var))
            if ct:      # the constant-time product also takes any a < 2^(32n) with b < m
                pairs += [((1 << 32 * n) - 1, m - 1), ((1 << 32 * n) - 1, rng.randrange(m))]
            for a, b in pairs:
                out = limbs(0, n)
                mul(ctypes.byref(ctx), out, limbs(a, n), limbs(b, n))
                assert from_limbs(out, n) == a * b * rinv % m, (m, a, b)
                if a >= m:
                    continue
                xa = limbs(a, n)
                sqr(ctypes.byref(ctx), xa, xa)     # in place
                assert from_limbs(xa, n) == a * a * rinv % m


@pytest.mark.parametrize("algo,k", [(ALGO1, 32), (ALGO2, 32), (ALGO3, 32), (ALGO4, 32), (ALGO2, 8),
                                    (ALGO3, 8), (UNIT, 32)])
@pytest.mark.parametrize("bits", [1024, 2048, 4096])
def test_mont_mul_large(api, algo, k, bits):
    rng = random.Random(bits + algo)
    for m in moduli(rng, bits):
        ctx = mont(api, m, cfg(algo, k, 1))
        rinv, n = pow(mont_r(ctx), -1, m), mont_limbs(ctx)
        for a in (m - 1, rng.randrange(m)):
            b = rng.randrange(m)
            out = limbs(0, n)
            api.vc_mont_mul_var(ctypes.byref(ctx), out, limbs(a, n), limbs(b, n))
            assert from_limbs(out, n) == a * b * rinv % m
            api.vc_mont_sqr_var(ctypes.byref(ctx), out, limbs(a, n))
            assert from_limbs(out, n) == a * a * rinv % m


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
    assert cache_counts(pre) == (0, 1)
    assert cache_counts(intra)[1] > 0
    assert modexp(api, ctx, a, e) == pow(a, e, m)           # pre-ME hit: no products at all
    assert cache_counts(pre) == (1, 1)
    assert modexp(api, ctx, a, e + 2) == pow(a, e + 2, m)   # same base, other exponent: a miss
    assert cache_counts(pre)[1] == 2
    ctx2 = mont(api, m, cfg(ALGO1, 32, 0, EXP_WINDOW, 4), intra, None)
    assert cache_counts(intra) == (0, 0)                     # init clears the cache
    modexp(api, ctx2, a, 3)
    h0 = cache_counts(intra)[0]
    modexp(api, ctx2, a, 3)                                  # the same products again: hits
    assert cache_counts(intra)[0] > h0
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
    for init in (api.vc_mont_init, api.vc_mont_init_var):
        bad_init(init)
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


def bad_init(init):
    ctx = Mont()
    for m, rc in [(0, VC_ERR_MODULUS), (1, VC_ERR_MODULUS), (10, VC_ERR_MODULUS),
                  (1 << 4096 | 1, VC_ERR_MODULUS), ((1 << 4096) - 1, 0)]:
        assert init(ctypes.byref(ctx), Mp.of(m), None, None, None) == rc, m
    for c in [Cfg(0, 32, 0, EXP_LR, 1), Cfg(UNIT + 1, 32, 0, EXP_LR, 1), Cfg(ALGO2, 0, 0, EXP_LR, 1),
              Cfg(ALGO3, 33, 0, EXP_LR, 1), Cfg(ALGO1, 32, 0, 0, 1), Cfg(ALGO1, 32, 0, 5, 1),
              Cfg(ALGO1, 32, 0, EXP_WINDOW, 0), Cfg(ALGO1, 32, 0, EXP_WINDOW, 7)]:
        assert init(ctypes.byref(ctx), Mp.of(101), ctypes.byref(c), None, None) == VC_ERR_PARAM
    assert init(None, Mp.of(101), None, None, None) == VC_ERR_NULL


# ---- constant time ----

def modexp_ct(api, ctx, a, e, ebits):
    r = Mp.of(0xDEAD)
    rc = api.vc_mp_modexp(ctypes.byref(ctx), ctypes.byref(r), Mp.of(a), Mp.of(e), ebits)
    return rc if rc else int(r)


@pytest.mark.parametrize("window", range(1, 7))
def test_modexp_ct(api, window):
    """The fixed window against pow and against the variable-time methods, at every width, on
    moduli of 3 to 4096 bits: exponent 0, 1, all ones, a power of two, random, short exponents
    under a long bound; bases 0, 1, m - 1, random, and longer than m (several n-limb chunks)."""
    rng = random.Random(window)
    for bits in (3, 31, 32, 33, 64, 95, 256, 521, 1024, 2048, 4096):
        if window != 5 and bits > 1024:
            continue
        for m in list(moduli(rng, bits))[:2 if bits > 1024 else 4]:
            ctx = mont(api, m, cfg(ALGO2, 32, 1, EXP_WINDOW, window))
            ctx_var = mont(api, m, cfg(ALGO2, 32, 1, EXP_WINDOW, window), secret=False)
            for eb in (bits, min(bits + 37, 4096), 1, 2, 17):
                for e in {0, 1, (1 << eb) - 1, 1 << (eb - 1), rng.getrandbits(eb), 65537 % (1 << eb)}:
                    for a in (0, 1, m - 1, rng.randrange(m), rng.getrandbits(min(3 * bits + 50, 8192))):
                        want = pow(a, e, m)
                        assert modexp_ct(api, ctx, a, e, eb) == want, (bits, m, a, e, eb)
                        assert modexp(api, ctx_var, a, e) == want
                    if bits > 1024:
                        break


@pytest.mark.parametrize("algo,k", MM_POINTS)
def test_modexp_ct_every_algorithm(api, algo, k):
    rng = random.Random(algo * 11 + k)
    bits = 96 if algo == ALGO5 or k < 8 else 300
    for m in moduli(rng, bits):
        ctx = mont(api, m, cfg(algo, k, 1, EXP_LADDER, 4))
        for a, e in [(rng.randrange(m), rng.getrandbits(bits)), (m - 1, (1 << bits) - 1),
                     (rng.getrandbits(2 * bits + 9), rng.getrandbits(bits))]:
            assert modexp_ct(api, ctx, a, e, bits) == pow(a, e, m)


def test_modexp_ct_sequence(api):
    """The sequence of products depends on the bound and the modulus's length only: ALGO1's
    intra-MM cache counts every product (hits + misses), and the count is the same for every
    exponent and base under one bound; the variable-time sliding window's is not."""
    rng = random.Random(3)
    m = rng.getrandbits(512) | 1 | 1 << 511
    intra = Cache()
    ctx = mont(api, m, cfg(ALGO1, 32, 0, EXP_WINDOW, 5), intra)
    counts, var_counts = set(), set()
    for e in (0, 1, (1 << 512) - 1, 1 << 300, rng.getrandbits(512), rng.getrandbits(40)):
        for a in (0, 1, m - 1, rng.randrange(m)):
            before = sum(cache_counts(intra))
            assert modexp_ct(api, ctx, a, e, 512) == pow(a, e, m)
            counts.add(sum(cache_counts(intra)) - before)
            before = sum(cache_counts(intra))
            modexp(api, ctx, a, e)
            var_counts.add(sum(cache_counts(intra)) - before)
    assert len(counts) == 1, counts
    assert len(var_counts) > 1


def test_modexp_ct_errors(api):
    ctx = mont(api, 101)
    r = Mp()
    f = api.vc_mp_modexp
    assert f(None, ctypes.byref(r), Mp.of(3), Mp.of(3), 8) == VC_ERR_NULL
    assert f(ctypes.byref(ctx), None, Mp.of(3), Mp.of(3), 8) == VC_ERR_NULL
    assert f(ctypes.byref(ctx), ctypes.byref(r), None, Mp.of(3), 8) == VC_ERR_NULL
    assert f(ctypes.byref(ctx), ctypes.byref(r), Mp.of(3), None, 8) == VC_ERR_NULL
    assert modexp_ct(api, ctx, 3, 256, 8) == VC_ERR_RANGE          # e >= 2^ebits
    assert modexp_ct(api, ctx, 3, 1 << 4095, 4095) == VC_ERR_RANGE
    assert modexp_ct(api, ctx, 3, 1, 0) == VC_ERR_RANGE
    assert modexp_ct(api, ctx, 3, 0, 0) == 1
    assert modexp_ct(api, ctx, 3, 5, LIMBS * 32 + 1) == VC_ERR_RANGE  # bound over the maximum
    assert modexp_ct(api, ctx, 3, (1 << 4096) - 1, 4096) == pow(3, (1 << 4096) - 1, 101)
    e = Mp.of(5)
    e.d[1] = 0xFFFFFFFF                           # a limb above e's count: masked, not read as e's
    assert api.vc_mp_modexp(ctypes.byref(ctx), ctypes.byref(r), Mp.of(3), ctypes.byref(e), 3) == 0
    assert int(r) == pow(3, 5, 101)


def test_sub_m_ct(api):
    """hi:t - m when hi:t >= m, else t: at the boundary, with the carry limb, in place."""
    rng = random.Random(4)
    for n in (1, 2, 5, 32):
        m = rng.getrandbits(32 * n) | 1 | 1 << (32 * n - 1)
        for v in (0, m - 1, m, m + 1, 2 * m - 1, (1 << 32 * n) - 1, (1 << 32 * n), rng.randrange(2 * m)):
            t = limbs(v & ((1 << 32 * n) - 1), n)
            api.vc_mpn_sub_m_ct(t, t, v >> (32 * n), limbs(m, n), n)
            assert from_limbs(t, n) == (v - m if v >= m else v), (n, v)


@pytest.mark.parametrize("algo,k", [(ALGO2, 32), (ALGO3, 32), (ALGO1, 32), (ALGO5, 1), (UNIT, 32), (ALGO2, 7)])
def test_modmul_muladd_ct(api, algo, k):
    rng = random.Random(algo + k)
    for bits in (31, 160, 256, 1023):
        for m in moduli(rng, bits):
            ctx = mont(api, m, cfg(algo, k))
            for a, b, d in [(0, 9, 0), (m - 1, m - 1, m - 1), (rng.randrange(m), rng.randrange(m), 1),
                            (rng.getrandbits(2 * bits + 40), rng.getrandbits(bits), rng.getrandbits(3 * bits)),
                            (m, 2 * m + 1, 5 * m)]:
                r = Mp.of(1)
                assert api.vc_mp_mont_modmul(ctypes.byref(ctx), ctypes.byref(r), Mp.of(a), Mp.of(b)) == 0
                assert int(r) == a * b % m
                assert api.vc_mp_mont_muladd(ctypes.byref(ctx), ctypes.byref(r), Mp.of(a), Mp.of(b),
                                             Mp.of(d)) == 0
                assert int(r) == (a * b + d) % m
                x = Mp.of(a)                    # output aliasing an input
                assert api.vc_mp_mont_muladd(ctypes.byref(ctx), ctypes.byref(x), ctypes.byref(x),
                                             Mp.of(b), Mp.of(d)) == 0
                assert int(x) == (a * b + d) % m
    ctx = mont(api, 101)
    assert api.vc_mp_mont_muladd(ctypes.byref(ctx), ctypes.byref(Mp()), Mp.of(1), Mp.of(1), None) == VC_ERR_NULL
    assert api.vc_mp_mont_modmul(ctypes.byref(ctx), None, Mp.of(1), Mp.of(1)) == VC_ERR_NULL


@pytest.mark.parametrize("algo,k", [(ALGO2, 32), (ALGO3, 32), (ALGO5, 1), (ALGO2, 5)])
def test_crt_ct(api, algo, k):
    """Garner in constant time against Python, balanced and unbalanced primes (q longer than p
    included), x at the ends of [0, pq); agrees with vc_mp_crt_var."""
    import gmpy2
    rng = random.Random(algo * 3 + k)
    for pb, qb in ((32, 32), (256, 256), (1024, 1024), (200, 130), (130, 200), (2048, 2048)):
        if (algo == ALGO5 or k < 32) and pb > 256:
            continue
        p = int(gmpy2.next_prime(rng.getrandbits(pb) | 1 << (pb - 1)))
        q = int(gmpy2.next_prime(rng.getrandbits(qb) | 1 << (qb - 1)))
        cp = mont(api, p, cfg(algo, k))
        for x in (0, 1, p * q - 1, p, q, rng.randrange(p * q)):
            r = Mp.of(7)
            args = [Mp.of(v) for v in (x % p, x % q, q, pow(q, -1, p))]
            assert api.vc_mp_crt(ctypes.byref(cp), ctypes.byref(r), *[ctypes.byref(v) for v in args]) == 0
            assert int(r) == x, (pb, qb, x)
            args = [Mp.of(v) for v in (x % p, x % q, p, q, pow(q, -1, p), pow(p, -1, q))]
            r2 = Mp()
            assert api.vc_mp_crt_var(ctypes.byref(r2), *[ctypes.byref(v) for v in args], CRT_MRC) == 0
            assert int(r2) == x
    cp = mont(api, 101)
    r = Mp()
    call = lambda *v: api.vc_mp_crt(ctypes.byref(cp), ctypes.byref(r), *[Mp.of(i) for i in v])
    assert call(5, 3, 0, 7) == VC_ERR_MODULUS
    assert call(1 << 40, 3, 7, 7) == VC_ERR_RANGE        # xp longer than p
    assert call(5, 1 << 40, 7, 7) == VC_ERR_RANGE        # xq longer than q
    assert call(5, 3, 7, 1 << 40) == VC_ERR_RANGE        # qinv longer than p
    assert api.vc_mp_crt(None, ctypes.byref(r), Mp.of(1), Mp.of(1), Mp.of(7), Mp.of(1)) == VC_ERR_NULL
