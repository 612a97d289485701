"""The carry-less multiply unit's golden model (hw/clmul/model.py) against the definitions: the
RISC-V Zbc pseudocode for clmul/clmulh/clmulr, integer carry-less products for PROD, and its
latency rules; the RTL is held to this model by cocotb-tests/clmul/."""

import random

import pytest

from hw.clmul import model as m


def zbc_spec(op, a, b):
    """clmul, clmulh, clmulr as the Zbc specification's pseudocode writes them (XLEN = 32)."""
    out = 0
    for i in range(32):
        if b >> i & 1:
            if op == m.CLMUL:
                out ^= a << i
            elif op == m.CLMULH and i > 0:
                out ^= a >> (32 - i)
            elif op == m.CLMULR:
                out ^= a >> (31 - i)
    return out & m.MASK32


EDGE = [0, 1, 0xFFFFFFFF, 0x80000000, 0x55555555, 0xAAAAAAAA] + [1 << i for i in range(32)]


@pytest.mark.parametrize("op", [m.CLMUL, m.CLMULH, m.CLMULR])
def test_zbc_against_the_specification(op):
    rng = random.Random(op)
    unit = m.ClmulUnit()
    pairs = [(a, b) for a in EDGE for b in EDGE] + [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(500)]
    for a, b in pairs:
        assert unit.execute(m.fid(m.ZBC, op), a, b) == (zbc_spec(op, a, b), 2 + unit.parts)


def load(unit, a, b, n):
    unit.execute(m.fid(m.LEN, n), 0, 0)
    for i in range(0, 8, 2):
        unit.execute(m.fid(m.LDA, i), a[i], a[i + 1])
        unit.execute(m.fid(m.LDB, i), b[i], b[i + 1])


@pytest.mark.parametrize("parts", [1, 2, 4])
@pytest.mark.parametrize("n", range(1, 9))
def test_product_words_and_their_cost(parts, n):
    rng = random.Random(n * 10 + parts)
    for _ in range(10):
        a = [rng.getrandbits(32) for _ in range(8)]
        b = [rng.getrandbits(32) for _ in range(8)]
        unit = m.ClmulUnit(parts)
        load(unit, a, b, n)
        want = m.clmul_int(sum(w << 32 * i for i, w in enumerate(a[:n])), sum(w << 32 * i for i, w in enumerate(b[:n])))
        words, cycles = zip(*(unit.execute(m.fid(m.PROD, k), 0, 0) for k in range(16)))
        assert sum(w << 32 * k for k, w in enumerate(words)) == want
        # In ascending order every product is summed once: n^2 products, PARTS cycles each,
        # 1 more cycle for each of the 2n-1 words with products, 1 for the others.
        assert sum(cycles) == parts * n * n + (2 * n - 1) + 16 - (2 * n - 1)
        # Out of order, or read again (a replayed instruction), the answers stay right.
        for k in rng.sample(range(16), 16) + [3, 3, 0, 0]:
            assert unit.execute(m.fid(m.PROD, k), 0, 0)[0] == unit.product_word(k) == words[k]


def test_a_write_clears_the_cache():
    unit = m.ClmulUnit()
    load(unit, [3] * 8, [5] * 8, 2)
    unit.execute(m.fid(m.PROD, 0), 0, 0)
    assert unit.execute(m.fid(m.PROD, 1), 0, 0)[1] == 1 + 2 * 2      # column 1 only: 2 products
    unit.execute(m.fid(m.LDA, 0), 7, 7)
    assert unit.execute(m.fid(m.PROD, 1), 0, 0) == (unit.product_word(1), 1 + 2 * (1 + 2))


def test_zbc_clears_the_cache():
    """ZBC uses the accumulator that holds the cached column: the next PROD sums it again."""
    unit = m.ClmulUnit()
    load(unit, [3] * 8, [5] * 8, 2)
    unit.execute(m.fid(m.PROD, 0), 0, 0)
    unit.execute(m.fid(m.ZBC, m.CLMUL), 7, 9)
    assert unit.execute(m.fid(m.PROD, 1), 0, 0) == (unit.product_word(1), 1 + 2 * (1 + 2))


def test_spread_is_the_square():
    for h in (0, 1, 0xFFFF, 0x8001, 0x1234):
        for half in (0, 1):
            x = h << (16 * half)
            assert m.ClmulUnit().execute(m.fid(m.SPREAD, half), x, 0) == (m.clmul64(h, h), 1)


def test_undefined_ids_do_nothing_and_answer_zero():
    defined = {m.fid(m.ZBC, f) for f in range(3)} | {m.fid(f3, i) for f3 in (m.LDA, m.LDB) for i in (0, 2, 4, 6)} \
        | {m.fid(m.LEN, n) for n in range(1, 9)} | {m.fid(m.PROD, k) for k in range(16)} | {m.fid(m.SPREAD, h) for h in (0, 1)}
    unit = m.ClmulUnit()
    load(unit, list(range(1, 9)), list(range(11, 19)), 8)
    before = (list(unit.a), list(unit.b), unit.n)
    for f in range(1024):
        if f not in defined:
            assert unit.execute(f, 0xFFFFFFFF, 0xFFFFFFFF) == (0, 1)
    assert (unit.a, unit.b, unit.n) == before
