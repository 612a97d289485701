"""Multiprecision integers (fw/src/mp/mpn.c, mp.c, mp_div.c, mp_inv.c): the limb layer and
the vc_mp integer and modular operations against Python integers (gmpy2 for the inverses and
gcds), at sizes from one limb to the capacity, with carry-heavy shapes, aliased outputs and
every documented error."""

import ctypes
import math
import random

import gmpy2
import pytest

from vexrun.native.mp import (CAP_LIMBS, MAX_BITS, VC_ERR_MODULUS, VC_ERR_NOINV, VC_ERR_RANGE, Mp,
                 from_limbs, limbs)
from vexrun.native.api import VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_OVERLAP, VC_ERR_STATE
P = ctypes.POINTER
U32, SIZE = ctypes.c_uint32, ctypes.c_size_t
B = 1 << 32
MASK = B - 1
CAP = 1 << (32 * CAP_LIMBS)          # numbers are below this
MOD_CAP = 1 << MAX_BITS              # moduli are below this
SPECIAL_WORDS = (0, 1, 2, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF)

# Bit lengths: one limb and its edges, every limb count 1..130 (some not on a limb boundary),
# the RSA sizes and the capacity.
BITS = sorted({1, 2, 31, 32, 33, 63, 64, 65, 512, 1024, 2048, 4096, 8192} |
              {32 * k - (k % 3) * 7 for k in range(1, 131)})


@pytest.fixture(scope="module")
def api(lib):
    mp, cmp = P(Mp), P(Mp)
    sigs = {
        "vc_mp_from_bytes": ([mp, ctypes.c_char_p, SIZE], ctypes.c_int),
        "vc_mp_to_bytes": ([cmp, ctypes.c_void_p, SIZE], ctypes.c_int),
        "vc_mp_set_u32": ([mp, U32], ctypes.c_int),
        "vc_mp_copy": ([mp, cmp], ctypes.c_int),
        "vc_mp_bits": ([cmp], SIZE),
        "vc_mp_bit": ([cmp, SIZE], ctypes.c_int),
        "vc_mp_cmp_var": ([cmp, cmp], ctypes.c_int),
        "vc_mp_cmp_u32_var": ([cmp, U32], ctypes.c_int),
        "vc_mp_sqr_var": ([mp, cmp], ctypes.c_int),
        "vc_mp_shl_var": ([mp, cmp, SIZE], ctypes.c_int),
        "vc_mp_shr_var": ([mp, cmp, SIZE], ctypes.c_int),
        "vc_mp_divmod_var": ([mp, mp, cmp, cmp], ctypes.c_int),
        "vc_mpn_add_n": ([ctypes.c_void_p] * 3 + [SIZE], U32),
        "vc_mpn_sub_n": ([ctypes.c_void_p] * 3 + [SIZE], U32),
        "vc_mpn_add": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, ctypes.c_void_p, SIZE], U32),
        "vc_mpn_sub": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, ctypes.c_void_p, SIZE], U32),
        "vc_mpn_mul_1": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, U32], U32),
        "vc_mpn_addmul_1": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, U32], U32),
        "vc_mpn_submul_1": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, U32], U32),
        "vc_mpn_mul": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, ctypes.c_void_p, SIZE], None),
        "vc_mpn_sqr": ([ctypes.c_void_p, ctypes.c_void_p, SIZE], None),
        "vc_mpn_mul_karatsuba": ([ctypes.c_void_p] * 3 + [SIZE, ctypes.c_void_p], None),
        "vc_mpn_cmp": ([ctypes.c_void_p, ctypes.c_void_p, SIZE], ctypes.c_int),
        "vc_mpn_norm": ([ctypes.c_void_p, SIZE], SIZE),
        "vc_mpn_lshift": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, ctypes.c_uint], U32),
        "vc_mpn_rshift": ([ctypes.c_void_p, ctypes.c_void_p, SIZE, ctypes.c_uint], U32),
    }
    for f in ("vc_mp_add_var", "vc_mp_sub_var", "vc_mp_mul_var", "vc_mp_mod_var", "vc_mp_gcd_var",
              "vc_mp_mod_inv_euclid_var", "vc_mp_mod_inv_binary_var", "vc_mp_mod_inv_binary"):
        sigs[f] = ([mp, cmp, cmp], ctypes.c_int)
    for f in ("vc_mp_mod_add_var", "vc_mp_mod_sub_var", "vc_mp_mod_mul_var"):
        sigs[f] = ([mp, cmp, cmp, cmp], ctypes.c_int)
    sigs["vc_mp_mod_inv_start"] = ([ctypes.c_void_p, cmp, cmp], ctypes.c_int)
    sigs["vc_mp_mod_inv_slice"] = ([ctypes.c_void_p], ctypes.c_int)
    sigs["vc_mp_mod_inv_end"] = ([ctypes.c_void_p, mp], ctypes.c_int)
    for name, (argtypes, restype) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = argtypes, restype
    return lib


# ---- operand shapes ----

def words(rng, bits):
    """A `bits`-bit number made of carry-provoking limbs (0, 1, 2^31, all ones, ...)."""
    v = 0
    for _ in range((bits + 31) // 32):
        v = v << 32 | rng.choice(SPECIAL_WORDS)
    return (v & ((1 << bits) - 1)) | 1 << (bits - 1)


def shaped(rng, bits):
    """Numbers of exactly `bits` bits: random, all ones, a power of two, special limbs."""
    return [rng.getrandbits(bits) | 1 << (bits - 1), (1 << bits) - 1, 1 << (bits - 1),
            words(rng, bits)]


def any_of(rng, bits):
    """One number of `bits` bits in a random shape."""
    return rng.choice(shaped(rng, bits))


# ---- calling the vc_mp functions ----

SENTINEL = 0x5EC0FFEE << 40 | 77


class Err(int):
    """An expected error code in place of a result."""


def image(v: int) -> bytes:
    """The bytes of Mp.of(v) up to its top limb (n and the limbs in use)."""
    m = Mp.of(v)
    return bytes(m)[:4 + 4 * m.n]


def check(fn, want, *vals, extra=()):
    """fn(r, *vals, *extra) with r fresh and with r aliasing each operand in turn (and, for equal
    first operands, with one number passed twice): r == want, or for want = Err(code) the return
    code and r byte-for-byte untouched; operands that are not r never change."""
    rc = int(want) if isinstance(want, Err) else 0
    good = None if rc else image(want)
    base = [bytes(Mp.of(v)) for v in vals] + [bytes(Mp.of(SENTINEL))]
    layouts = [(None, False)] + [(i, False) for i in range(len(vals))]
    if len(vals) >= 2 and vals[0] == vals[1]:
        layouts += [(None, True), (0, True)]
    for alias, same in layouts:
        ops = [Mp.from_buffer_copy(b) for b in base[:-1]]
        if same:
            ops[1] = ops[0]
        r = ops[alias] if alias is not None else Mp.from_buffer_copy(base[-1])
        before = bytes(r)
        got = fn(r, *ops, *extra)
        where = (fn.__name__, alias, same, vals, extra)
        assert got == rc, where
        if rc == 0:
            assert bytes(r)[:len(good)] == good, (where, "want", want, "got", int(r))
        else:
            assert bytes(r) == before, (where, "output changed on error")
        for i, o in enumerate(ops):
            if o is not r:
                assert bytes(o) == base[i], (where, "operand", i, "changed")


def expect(value):
    """value, or the range error when it exceeds the capacity."""
    return value if value < CAP else Err(VC_ERR_RANGE)


# ---- the limb layer ----

MPN_SIZES = list(range(1, 71)) + [96, 128]


def mpn_operands(rng, n):
    top = (1 << (32 * n)) - 1
    return [(top, top), (top, 1), (0, top), (rng.getrandbits(32 * n), rng.getrandbits(32 * n)),
            (words(rng, 32 * n), words(rng, 32 * n)), (1 << (32 * n - 1), top)]


def test_mpn_add_sub(api):
    rng = random.Random(1)
    for n in MPN_SIZES:
        R = 1 << (32 * n)
        for a, b in mpn_operands(rng, n):
            r = limbs(0, n)
            assert api.vc_mpn_add_n(r, limbs(a, n), limbs(b, n), n) == (a + b) >> (32 * n)
            assert from_limbs(r, n) == (a + b) % R
            assert api.vc_mpn_sub_n(r, limbs(a, n), limbs(b, n), n) == (a < b)
            assert from_limbs(r, n) == (a - b) % R
            x = limbs(a, n)                                   # in place
            assert api.vc_mpn_add_n(x, x, limbs(b, n), n) == (a + b) >> (32 * n)
            assert from_limbs(x, n) == (a + b) % R
            bn = rng.randrange(n + 1)                         # shorter second operand
            bs = b % (1 << (32 * bn))
            xs = limbs(bs, max(bn, 1))
            assert api.vc_mpn_add(r, limbs(a, n), n, xs, bn) == (a + bs) >> (32 * n)
            assert from_limbs(r, n) == (a + bs) % R
            assert api.vc_mpn_sub(r, limbs(a, n), n, xs, bn) == (a < bs)
            assert from_limbs(r, n) == (a - bs) % R


def test_mpn_mul_1(api):
    rng = random.Random(2)
    for n in MPN_SIZES:
        R = 1 << (32 * n)
        for a, r0 in mpn_operands(rng, n):
            for w in (0, 1, 0xFFFFFFFF, 0x80000000, rng.getrandbits(32)):
                r = limbs(0, n)
                hi = api.vc_mpn_mul_1(r, limbs(a, n), n, w)
                assert from_limbs(r, n) + (hi << (32 * n)) == a * w
                r = limbs(r0, n)
                hi = api.vc_mpn_addmul_1(r, limbs(a, n), n, w)
                assert from_limbs(r, n) + (hi << (32 * n)) == r0 + a * w
                r = limbs(r0, n)
                c = api.vc_mpn_submul_1(r, limbs(a, n), n, w)
                assert from_limbs(r, n) - c * R == r0 - a * w


def test_mpn_mul_sqr_karatsuba(api):
    rng = random.Random(3)
    for n in MPN_SIZES:
        for a, b in mpn_operands(rng, n):
            A, Bv = limbs(a, n), limbs(b, n)
            r = limbs(0, 2 * n)
            api.vc_mpn_mul(r, A, n, Bv, n)
            assert from_limbs(r, 2 * n) == a * b
            api.vc_mpn_sqr(r, A, n)
            assert from_limbs(r, 2 * n) == a * a
            t = (U32 * (4 * n + 64))()
            api.vc_mpn_mul_karatsuba(r, A, Bv, n, t)
            assert from_limbs(r, 2 * n) == a * b, n
            api.vc_mpn_mul_karatsuba(r, A, A, n, t)                 # the squaring path
            assert from_limbs(r, 2 * n) == a * a, n
        bn = rng.randrange(n + 1)                                   # unequal lengths
        a, b = rng.getrandbits(32 * n), rng.getrandbits(32 * bn)
        r = limbs(0, n + bn)
        api.vc_mpn_mul(r, limbs(a, n), n, limbs(b, max(bn, 1)), bn)
        assert from_limbs(r, n + bn) == a * b


def test_mpn_shift_cmp_norm(api):
    rng = random.Random(4)
    for n in MPN_SIZES:
        for a, b in mpn_operands(rng, n):
            for s in (0, 1, 7, 31, rng.randrange(32)):
                r = limbs(0, n)
                out = api.vc_mpn_lshift(r, limbs(a, n), n, s)
                assert from_limbs(r, n) + (out << (32 * n)) == a << s
                out = api.vc_mpn_rshift(r, limbs(a, n), n, s)
                assert from_limbs(r, n) == a >> s
                assert out == ((a & ((1 << s) - 1)) << (32 - s) if s else 0)
            assert api.vc_mpn_cmp(limbs(a, n), limbs(b, n), n) == (a > b) - (a < b)
            v = a >> (32 * rng.randrange(n + 1))
            assert api.vc_mpn_norm(limbs(v, n), n) == (v.bit_length() + 31) // 32


# ---- conversions, comparisons ----

def test_bytes(api):
    rng = random.Random(5)
    for nbytes in list(range(0, 70)) + [255, 256, 257, 512, 1023, 1024]:
        v = rng.getrandbits(8 * nbytes)
        for pad in (0, 1, 5):
            r = Mp.of(SENTINEL)
            data = bytes(pad) + v.to_bytes(nbytes, "big")
            assert api.vc_mp_from_bytes(r, data, len(data)) == 0
            assert int(r) == v
        need = (v.bit_length() + 7) // 8
        for length in {need, need + 1, nbytes + 3}:
            out = ctypes.create_string_buffer(b"\xa5" * length, length)
            assert api.vc_mp_to_bytes(Mp.of(v), out, length) == 0
            assert out.raw == v.to_bytes(length, "big")
        if need:
            out = ctypes.create_string_buffer(b"\xa5" * need, need)
            assert api.vc_mp_to_bytes(Mp.of(v), out, need - 1) == VC_ERR_LENGTH
            assert out.raw == b"\xa5" * need
    top = CAP - 1
    r = Mp()
    assert api.vc_mp_from_bytes(r, b"\0\0" + top.to_bytes(1024, "big"), 1026) == 0
    assert int(r) == top
    r = Mp.of(SENTINEL)
    before = bytes(r)
    assert api.vc_mp_from_bytes(r, b"\1" + bytes(1024), 1025) == VC_ERR_RANGE
    assert api.vc_mp_from_bytes(r, b"\0\1" + bytes(1024), 1026) == VC_ERR_RANGE   # not the first
    assert bytes(r) == before
    assert api.vc_mp_to_bytes(Mp.of(0), None, 0) == 0
    assert api.vc_mp_from_bytes(r, None, 0) == 0 and int(r) == 0


def test_small_accessors(api):
    rng = random.Random(6)
    for v in (0, 1, 0xFFFFFFFF, 1 << 32):
        r = Mp.of(SENTINEL)
        if v < B:
            assert api.vc_mp_set_u32(r, v) == 0 and int(r) == v
        for w in (0, 1, v & MASK, (v - 1) & MASK, MASK):
            assert api.vc_mp_cmp_u32_var(Mp.of(v), w) == (v > w) - (v < w)
    for bits in BITS:
        for v in shaped(rng, bits):
            a = Mp.of(v)
            assert api.vc_mp_bits(a) == bits
            for i in (0, 1, bits - 1, bits, bits + 1, rng.randrange(bits), 10 ** 6):
                assert api.vc_mp_bit(a, i) == (v >> i) & 1
            r = Mp.of(SENTINEL)
            assert api.vc_mp_copy(r, a) == 0 and int(r) == v
            assert api.vc_mp_copy(a, a) == 0 and int(a) == v
            w = rng.choice([v, v + 1, v - 1, any_of(rng, rng.choice(BITS)), 0])
            assert api.vc_mp_cmp_var(a, Mp.of(w)) == (v > w) - (v < w)
            assert api.vc_mp_cmp_var(Mp.of(w), a) == (w > v) - (w < v)
            assert api.vc_mp_cmp_u32_var(a, v & MASK) == (v > (v & MASK))
    for bits in range(1, 65):       # every top-limb bit length of the table-free count
        for v in (1 << (bits - 1), (1 << bits) - 1, rng.randrange(1 << (bits - 1), 1 << bits)):
            assert api.vc_mp_bits(Mp.of(v)) == bits
    assert api.vc_mp_bits(Mp()) == 0 and api.vc_mp_bit(Mp(), 0) == 0
    assert api.vc_mp_bits(None) == 0 and api.vc_mp_bit(None, 3) == 0
    assert api.vc_mp_cmp_var(None, Mp.of(0)) == 0 and api.vc_mp_cmp_var(None, Mp.of(1)) == -1
    assert api.vc_mp_cmp_var(Mp.of(1), None) == 1 and api.vc_mp_cmp_u32_var(None, 0) == 0
    assert api.vc_mp_cmp_u32_var(None, 1) == -1


# ---- integer arithmetic ----

def pairs(rng):
    """(a, b) over every size in BITS against a random size, both shapes, plus zeros."""
    for bits in BITS:
        for a in shaped(rng, bits):
            yield a, any_of(rng, rng.choice(BITS))
            yield a, any_of(rng, bits)
    yield from [(0, 0), (0, 1), (1, 0), (CAP - 1, 0), (0, CAP - 1)]


def test_add_sub(api):
    rng = random.Random(7)
    for a, b in pairs(rng):
        check(api.vc_mp_add_var, expect(a + b), a, b)
        check(api.vc_mp_add_var, expect(a + a), a, a)
        big, small = max(a, b), min(a, b)
        check(api.vc_mp_sub_var, big - small, big, small)
        check(api.vc_mp_sub_var, 0, a, a)
        if a != b:
            check(api.vc_mp_sub_var, Err(VC_ERR_RANGE), small, big)
    # At the capacity: a + ~a is the largest number, one more overflows.
    for a in (CAP - 1, CAP >> 1, rng.getrandbits(8192) | CAP >> 1, CAP - B):
        check(api.vc_mp_add_var, CAP - 1, a, CAP - 1 - a)
        check(api.vc_mp_add_var, Err(VC_ERR_RANGE), a, CAP - a)
        check(api.vc_mp_add_var, Err(VC_ERR_RANGE), a, CAP - a + rng.getrandbits(100))


def test_mul_sqr(api):
    rng = random.Random(8)
    for a, b in pairs(rng):
        check(api.vc_mp_mul_var, expect(a * b), a, b)
        check(api.vc_mp_mul_var, expect(a * a), a, a)
        check(api.vc_mp_sqr_var, expect(a * a), a)
    # an + bn = capacity + 1 limbs: the product may or may not fit.
    check(api.vc_mp_mul_var, 1 << (32 * 255), 1 << (32 * 129), 1 << (32 * 126))
    check(api.vc_mp_mul_var, Err(VC_ERR_RANGE), (1 << (32 * 130)) - 1, (1 << (32 * 127)) - 1)
    check(api.vc_mp_mul_var, Err(VC_ERR_RANGE), CAP - 1, CAP - 1)
    check(api.vc_mp_mul_var, Err(VC_ERR_RANGE), CAP >> 1, 2)
    check(api.vc_mp_sqr_var, (MOD_CAP - 1) ** 2, MOD_CAP - 1)
    check(api.vc_mp_sqr_var, Err(VC_ERR_RANGE), MOD_CAP)


def test_shifts(api):
    rng = random.Random(9)
    for bits in BITS:
        for a in shaped(rng, bits) + [0]:
            for k in {0, 1, 31, 32, 33, 64, rng.randrange(8300), 8192 - bits, 8193 - bits}:
                check(api.vc_mp_shl_var, expect(a << k), a, extra=(k,))
                check(api.vc_mp_shr_var, a >> k, a, extra=(k,))
    check(api.vc_mp_shl_var, 0, 0, extra=(1 << 40,))
    check(api.vc_mp_shr_var, 0, CAP - 1, extra=(1 << 40,))
    check(api.vc_mp_shl_var, Err(VC_ERR_RANGE), 1, extra=(1 << 40,))


# ---- division ----

def knuth_events(a, m):
    """Quotient-estimate corrections and add-backs Knuth's algorithm D makes on a / m in 32-bit
    limbs (a >= m >= 2^32): an independent model, to make sure the cases below reach both."""
    s = -m.bit_length() % 32
    u, v = a << s, m << s
    nm, nu = (v.bit_length() + 31) // 32, (a.bit_length() + 31) // 32
    vt, v2 = v >> (32 * (nm - 1)), (v >> (32 * (nm - 2))) & MASK
    corrections = addbacks = 0
    for j in reversed(range(nu - nm + 1)):
        top = u >> (32 * (j + nm - 2))
        qh, rh = divmod(top >> 32, vt)
        while qh >= B or qh * v2 > (rh << 32 | (top & MASK)):
            qh, rh, corrections = qh - 1, rh + vt, corrections + 1
            if rh >= B:
                break
        if qh * v > u >> (32 * j):
            qh, addbacks = qh - 1, addbacks + 1
        u -= qh * v << (32 * j)
    assert u == (a % m) << s
    return corrections, addbacks


def division_cases(rng):
    for mbits in BITS:
        for m in shaped(rng, mbits):
            sizes = {mbits, mbits + 1, mbits + 31, mbits + 32, 2 * mbits, rng.randrange(1, 8193)}
            sizes = sorted(b for b in sizes if b <= 8192)
            for abits in rng.sample(sizes, min(3, len(sizes))) + [8192]:
                yield any_of(rng, abits), m
            yield m, m
            yield m - 1, m
            yield 0, m
            yield m * (rng.getrandbits(8192 - mbits) if mbits < 8192 else 1), m   # exact
    # Divisors 2^(32k-1) + small and dividends of special limbs: estimates that need the
    # add-back step (the first is Hacker's Delight's divmnu vector, widened to 32 bits).
    yield from_limbs([0, 0, 0x80000000, 0x7FFFFFFF], 4), from_limbs([1, 0, 0x80000000], 3)
    for _ in range(400):
        nm = rng.randrange(2, 12)
        m = from_limbs([rng.choice(SPECIAL_WORDS) for _ in range(nm - 1)] + [0x80000000], nm)
        na = nm + rng.randrange(1, 6)
        yield from_limbs([rng.choice(SPECIAL_WORDS) for _ in range(na - 1)] +
                         [rng.choice((0x7FFFFFFF, 0x80000000, 0xFFFFFFFF))], na), m


def test_divmod(api):
    rng = random.Random(10)
    cases = list(division_cases(rng))
    events = [knuth_events(a, m) for a, m in cases if a >= m >= B]
    assert sum(c for c, _ in events) > 0 and sum(x for _, x in events) > 0
    for i, (a, m) in enumerate(cases):
        q, r = divmod(a, m)
        check(api.vc_mp_mod_var, r, a, m)
        check(lambda out, x, y: api.vc_mp_divmod_var(out, None, x, y), q, a, m)
        if i % 4:
            continue
        # Both outputs, each aliasing each input in turn.
        for qa, ra in [(None, None), ("a", "m"), ("m", "a"), ("a", None), (None, "a"),
                       ("m", None), (None, "m")]:
            ops = {"a": Mp.of(a), "m": Mp.of(m)}
            Q = ops[qa] if qa else Mp.of(SENTINEL)
            R = ops[ra] if ra else Mp.of(SENTINEL)
            assert api.vc_mp_divmod_var(Q, R, ops["a"], ops["m"]) == 0
            assert (int(Q), int(R)) == (q, r), (a, m, qa, ra)


def test_divmod_errors(api):
    q, r = Mp.of(SENTINEL), Mp.of(SENTINEL)
    before = bytes(q)
    assert api.vc_mp_divmod_var(q, r, Mp.of(5), Mp.of(0)) == VC_ERR_MODULUS
    assert bytes(q) == before and bytes(r) == before
    assert api.vc_mp_divmod_var(q, q, Mp.of(5), Mp.of(3)) == VC_ERR_OVERLAP
    assert bytes(q) == before
    assert api.vc_mp_divmod_var(None, None, Mp.of(5), Mp.of(3)) == 0
    check(api.vc_mp_mod_var, Err(VC_ERR_MODULUS), 5, 0)
    check(api.vc_mp_mod_var, Err(VC_ERR_MODULUS), 0, 0)


# ---- modular arithmetic ----

def moduli(rng, all_shapes_upto=MAX_BITS):
    """Moduli of every size up to 4096 bits: random odd, all ones, a power of two, special
    limbs, random even (above all_shapes_upto bits only one odd shape and the even one), and a
    few one-limb edges."""
    for bits in [b for b in BITS if b <= MAX_BITS]:
        odd = shaped(rng, bits)
        even = rng.getrandbits(bits) & ~1 | 1 << (bits - 1)
        yield from (odd if bits <= all_shapes_upto else [rng.choice(odd)]) + [even]
    yield from (1, 2, 3, 0xFFFFFFFF, 0xFFFFFFFB, 1 << 32)


def residues(rng, m):
    return [0, 1 % m, m - 1, m // 2, rng.randrange(m), rng.randrange(m)]


def test_mod_add_sub(api):
    rng = random.Random(11)
    for m in moduli(rng):
        for a in residues(rng, m):
            for b in (a, m - 1 - a, rng.randrange(m)):
                check(api.vc_mp_mod_add_var, (a + b) % m, a, b, m)
                check(api.vc_mp_mod_sub_var, (a - b) % m, a, b, m)
        a = rng.randrange(m)
        for f in (api.vc_mp_mod_add_var, api.vc_mp_mod_sub_var):
            check(f, Err(VC_ERR_RANGE), m, a, m)
            check(f, Err(VC_ERR_RANGE), a, m + rng.getrandbits(40), m)


def test_mod_mul(api):
    rng = random.Random(12)
    for m in moduli(rng):
        for a in residues(rng, m):
            b = rng.randrange(m)
            check(api.vc_mp_mod_mul_var, a * b % m, a, b, m)
            check(api.vc_mp_mod_mul_var, a * a % m, a, a, m)
        # Operands of any size up to the capacity are reduced.
        a, b = any_of(rng, rng.choice(BITS)), any_of(rng, 8192)
        check(api.vc_mp_mod_mul_var, a * b % m, a, b, m)
        check(api.vc_mp_mod_mul_var, b * b % m, b, b, m)


def test_modular_errors(api):
    rng = random.Random(13)
    for m in (0, MOD_CAP, MOD_CAP + 1, CAP - 1):
        a, b = rng.getrandbits(100), rng.getrandbits(64)
        for f in (api.vc_mp_mod_add_var, api.vc_mp_mod_sub_var, api.vc_mp_mod_mul_var):
            check(f, Err(VC_ERR_MODULUS), a, b, m)
        for f in (api.vc_mp_mod_inv_euclid_var, api.vc_mp_mod_inv_binary_var, api.vc_mp_mod_inv_binary):
            check(f, Err(VC_ERR_MODULUS), 3, m)
    # The largest modulus is fine.
    m = MOD_CAP - 1
    a, b = m - 1, m - 2
    check(api.vc_mp_mod_add_var, (a + b) % m, a, b, m)
    check(api.vc_mp_mod_sub_var, (b - a) % m, b, a, m)
    check(api.vc_mp_mod_mul_var, a * b % m, a, b, m)
    # Plain division and gcd take numbers of any size.
    a, m = CAP - 1, (1 << 5000) + 3
    check(api.vc_mp_mod_var, a % m, a, m)
    check(api.vc_mp_gcd_var, math.gcd(a, m), a, m)


# ---- inverses and gcd ----

def inverse_cases(rng):
    for m in moduli(rng, all_shapes_upto=1024):
        for a in (0, 1 % m, m - 1, rng.randrange(m)):
            yield a, m
        yield rng.choice((m + 1, any_of(rng, 8192))), m  # a >= m
        if m % 3 == 0:
            yield 3 * rng.randrange(m // 3), m       # shares the factor 3
    # Composite moduli p*q (odd and even) with multiples of p: no inverse.
    for bits in (5, 32, 100, 1024, 2048):
        p, q = (rng.getrandbits(bits) | 1 << (bits - 1) | 1 for _ in range(2))
        for m in (p * q, 2 * p * q):
            if m < MOD_CAP:
                yield p * rng.randrange(1, q), m
                yield rng.randrange(m), m


INVERSES = {"euclid_var": (False, False), "binary_var": (True, False), "binary": (True, True)}


def ref_inv(a, m, binary, below_m=False):
    """a^-1 mod m by gmpy2, or the error mp.h documents (below_m: a >= m is refused)."""
    if m <= 1 or m >= MOD_CAP or (binary and m % 2 == 0):
        return Err(VC_ERR_MODULUS)
    if below_m and a >= m:
        return Err(VC_ERR_RANGE)
    if gmpy2.gcd(a, m) != 1:
        return Err(VC_ERR_NOINV)
    return int(gmpy2.invert(a, m))


@pytest.mark.parametrize("name", INVERSES)
def test_mod_inv(api, name):
    binary, below_m = INVERSES[name]
    rng = random.Random(14 + binary + below_m)
    f = getattr(api, f"vc_mp_mod_inv_{name}")
    noinv = ok = 0
    for a, m in inverse_cases(rng):
        want = ref_inv(a, m, binary, below_m)
        check(f, want, a, m)
        if isinstance(want, Err):
            noinv += want == VC_ERR_NOINV
        else:
            ok += 1
            assert want * a % m == 1 % m
    assert noinv > 50 and ok > 300


def test_mod_inv_slices(api):
    """The inverse in slices: 4 ceil((2 bits(m) - 1) / 30) of them whatever a is, the last returning 0, the same
    result as the whole call, and a job that was never started or has ended refused."""
    rng = random.Random(17)
    job = ctypes.create_string_buffer(8192)          # more than a vc_mp_inv_job
    for bits in (2, 31, 62, 63, 160, 256, 2048, MAX_BITS):
        m = any_of(rng, bits) | 1
        for a in (1, m - 1, rng.randrange(1, m), 1 << (bits - 2) if bits > 2 else 1):
            a, mm = a % m, Mp.of(m)                 # the job keeps mm's address
            assert api.vc_mp_mod_inv_start(job, Mp.of(a), mm) == 0
            n = 0
            while (rc := api.vc_mp_mod_inv_slice(job)) == 1:
                n += 1
            assert rc == 0 and n + 1 == 4 * -(-(2 * m.bit_length() - 1) // 30), (bits, n)  # the last returns 0
            r = Mp.of(SENTINEL)
            rc = api.vc_mp_mod_inv_end(job, r)
            want = ref_inv(a, m, True, True)
            assert (rc, int(r) if rc == 0 else None) == ((0, int(want)) if not isinstance(want, Err) else (int(want), None))
            assert api.vc_mp_mod_inv_slice(job) == VC_ERR_STATE      # wiped by end
    assert api.vc_mp_mod_inv_start(job, Mp.of(7), Mp.of(7)) == VC_ERR_RANGE
    assert api.vc_mp_mod_inv_end(job, Mp.of(0)) == VC_ERR_STATE
    assert api.vc_mp_mod_inv_start(job, Mp.of(3), Mp.of(8)) == VC_ERR_MODULUS
    assert api.vc_mp_mod_inv_start(None, Mp.of(3), Mp.of(7)) == VC_ERR_NULL
    assert api.vc_mp_mod_inv_start(job, None, Mp.of(7)) == VC_ERR_NULL
    assert api.vc_mp_mod_inv_slice(None) == api.vc_mp_mod_inv_end(None, Mp.of(0)) == VC_ERR_NULL


def test_gcd(api):
    rng = random.Random(16)
    cases = [(0, 0), (0, 1), (1, 0), (0, CAP - 1), (CAP - 1, 0), (CAP - 1, CAP - 2),
             (1 << 8191, 1 << 4000), (MOD_CAP - 1, (1 << 2048) - 1)]
    for bits in BITS:
        g = any_of(rng, rng.randrange(1, bits + 1))
        room = max(8192 - g.bit_length(), 1)
        ka, kb = rng.randrange(1, room), rng.randrange(1, room)
        cases += [(any_of(rng, bits), any_of(rng, rng.choice(BITS))), (g, g),
                  (g * rng.getrandbits(ka), g * rng.getrandbits(kb)), (any_of(rng, bits), 1)]
    for a, b in cases:
        if a < CAP and b < CAP:
            check(api.vc_mp_gcd_var, int(gmpy2.gcd(a, b)), a, b)


# ---- NULL pointers ----

def test_null(api):
    x, y, m = Mp.of(3), Mp.of(5), Mp.of(7)
    buf = ctypes.create_string_buffer(8)
    assert api.vc_mp_from_bytes(None, b"\1", 1) == VC_ERR_NULL
    assert api.vc_mp_from_bytes(x, None, 1) == VC_ERR_NULL
    assert api.vc_mp_to_bytes(None, buf, 8) == VC_ERR_NULL
    assert api.vc_mp_to_bytes(x, None, 8) == VC_ERR_NULL
    assert api.vc_mp_set_u32(None, 1) == VC_ERR_NULL
    for f in (api.vc_mp_copy, api.vc_mp_sqr_var):
        assert f(None, x) == VC_ERR_NULL and f(x, None) == VC_ERR_NULL
    for f in (api.vc_mp_shl_var, api.vc_mp_shr_var):
        assert f(None, x, 1) == VC_ERR_NULL and f(x, None, 1) == VC_ERR_NULL
    for f in (api.vc_mp_add_var, api.vc_mp_sub_var, api.vc_mp_mul_var, api.vc_mp_mod_var,
              api.vc_mp_gcd_var, api.vc_mp_mod_inv_euclid_var, api.vc_mp_mod_inv_binary_var,
              api.vc_mp_mod_inv_binary):
        for args in ((None, x, m), (x, None, m), (x, y, None)):
            assert f(*args) == VC_ERR_NULL, f.__name__
    for f in (api.vc_mp_mod_add_var, api.vc_mp_mod_sub_var, api.vc_mp_mod_mul_var):
        for i in range(4):
            args = [x, Mp.of(2), Mp.of(1), m]
            args[i] = None
            assert f(*args) == VC_ERR_NULL, f.__name__
    assert api.vc_mp_divmod_var(x, y, None, m) == VC_ERR_NULL
    assert api.vc_mp_divmod_var(x, y, x, None) == VC_ERR_NULL
    assert (int(x), int(y), int(m)) == (3, 5, 7)
