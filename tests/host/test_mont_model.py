"""The Montgomery co-processor's golden model (hw/mont/model.py) against Python integers:
its word-serial MUL against A * B * pow(R, -1, N) % N and against the closed form of the
unit's product for unreduced operands, ADD and SUB against (A +- B) % N and their closed form
for unreduced operands, NINV against pow(N, -1, 2^W), the slot layout, every error flag, the
latency formulas and their bounds; the RTL is held to this model by cocotb-tests/mont/."""

import random

import pytest

from hw.mont import model as m

SIZES = (32, 64, 96, 128, 160, 255, 256, 257, 512, 521, 1024, 2048, 4096)


def loaded(unit, length, av, bv, nv, slots=(0, 1, 2, 3)):
    a, b, n, _ = slots
    unit.store(n, length, nv)
    unit.store(a, length, av)
    unit.store(b, length, bv)
    assert unit.execute(m.OP_NINV, length, n=n).err == 0
    return unit


def rand_modulus(rng, bits):
    return rng.getrandbits(bits) | 1 | (1 << (bits - 1))


@pytest.mark.parametrize("w", [32, 64])
@pytest.mark.parametrize("length", SIZES)
def test_mul_is_a_b_r_inverse_mod_n(w, length):
    rng = random.Random(length * w)
    unit = m.MontUnit(w, 4096, 8)
    s = m.words(length, w)
    r = 1 << (w * s)
    for nbits in {length, max(2, length - rng.randrange(w))}:
        for _ in range(3 if length > 1024 else 8):
            nv = rand_modulus(rng, nbits)
            av, bv = rng.randrange(nv), rng.randrange(nv)
            loaded(unit, length, av, bv, nv)
            out = unit.execute(m.OP_MUL, length, 0, 1, 2, 3)
            assert (out.err, out.cycles, out.writes) == (0, m.mul_cycles(s), s)
            assert unit.load(3, length) == av * bv * pow(r, -1, nv) % nv
            assert unit.load(0, length) == av and unit.load(2, length) == nv


@pytest.mark.parametrize("length", [32, 64, 256, 1024])
def test_unreduced_operands_follow_the_closed_form(length):
    """Any A, B < R: T = (A B + M N) / R, minus N once if T >= N (below R; below N when
    A B < R N) -- the word-serial model and mont_product agree."""
    rng = random.Random(length)
    unit = m.MontUnit()
    s = m.words(length)
    r = 1 << (32 * s)
    for _ in range(20):
        nv = rand_modulus(rng, length - rng.randrange(3))
        av, bv = rng.randrange(r), rng.choice([rng.randrange(r), r - 1, rng.randrange(nv)])
        loaded(unit, length, av, bv, nv)
        unit.execute(m.OP_MUL, length, 0, 1, 2, 3)
        got = unit.load(3, length)
        assert got == m.mont_product(av, bv, nv, s) < r
        if av * bv < r * nv:
            assert got == av * bv * pow(r, -1, nv) % nv


@pytest.mark.parametrize("length", [32, 64, 256, 1024])
def test_edge_operands(length):
    unit = m.MontUnit()
    s = m.words(length)
    r = 1 << (32 * s)
    moduli = [3, (1 << length) - 1, (1 << (length - 1)) + 1, 1]
    for nv in moduli:
        for av, bv in [(0, 5 % nv), (nv - 1, nv - 1), (nv - 1, 1 % nv), (1 % nv, r % nv), (r % nv, r % nv)]:
            loaded(unit, length, av, bv, nv)
            assert unit.execute(m.OP_MUL, length, 0, 1, 2, 3).err == 0
            assert unit.load(3, length) == av * bv * pow(r, -1, nv) % nv if nv > 1 else unit.load(3, length) == 0


@pytest.mark.parametrize("op", [m.OP_MUL, m.OP_ADD, m.OP_SUB])
def test_shared_slots(op):
    """A slot may be any of A, B, N and the result at once: every read precedes every write."""
    rng = random.Random(7 + op)
    length, s = 512, 16
    r = 1 << (32 * s)
    want = {m.OP_MUL: lambda x, y, n: x * y * pow(r, -1, n) % n, m.OP_ADD: lambda x, y, n: (x + y) % n,
            m.OP_SUB: lambda x, y, n: (x - y) % n}[op]
    for slots in [(0, 0, 2, 0), (0, 1, 2, 1), (0, 1, 2, 0), (0, 1, 2, 2), (4, 4, 2, 4), (0, 0, 2, 3), (1, 0, 2, 3)]:
        unit = m.MontUnit()
        nv = rand_modulus(rng, length)
        av, bv = rng.randrange(nv), rng.randrange(nv)
        a, b, n, rs = slots
        unit.store(n, length, nv)
        unit.store(a, length, av)
        if b != a:
            unit.store(b, length, bv)
        else:
            bv = av
        unit.execute(m.OP_NINV, length, n=n)
        assert unit.execute(op, length, a, b, n, rs).err == 0
        assert unit.load(rs, length) == want(av, bv, nv)


@pytest.mark.parametrize("w", [32, 64])
def test_ninv(w):
    rng = random.Random(w)
    unit = m.MontUnit(w, 1024, 4)
    for _ in range(200):
        n0 = rng.getrandbits(w) | 1
        unit.store(1, 64, n0)
        assert unit.execute(m.OP_NINV, 64, n=1) == m.Outcome(0, w + 3)
        assert (unit.ninv * n0) % (1 << w) == (1 << w) - 1
        assert unit.ninv == (-pow(n0, -1, 1 << w)) % (1 << w)


def test_slot_layout():
    """Slot k at s words starts at word k * 2^ceil(log2 s); DEPTH / stride slots, disjoint."""
    unit = m.MontUnit()                                  # 8 slots of 4096 bits: 1024 words
    assert unit.depth == 1024 and unit.window_words == 1024
    for length, stride in [(1, 1), (32, 1), (33, 2), (64, 2), (65, 4), (256, 8), (257, 16), (521, 32),
                           (1024, 32), (2048, 64), (2049, 128), (4096, 128)]:
        assert unit.nslots(length) == 1024 // stride
        assert unit.base(3, length) == 3 * stride
        assert m.words(length) <= stride
    wide = m.MontUnit(64, 4096, 8)                       # W = 64: two bus words per word
    assert wide.depth == 512 and wide.window_words == 1024
    wide.store(2, 256, (5 << 64) | (0xAABBCCDD << 32) | 0x11223344)
    assert [wide.bus_read(wide.bus_addr(2, 256) + i) for i in range(4)] == [0x11223344, 0xAABBCCDD, 5, 0]
    wide.bus_write(wide.bus_addr(2, 256) + 1, 7)
    assert wide.load(2, 256) == (5 << 64) | (7 << 32) | 0x11223344


def test_request_errors_answer_in_one_cycle_and_change_nothing():
    rng = random.Random(3)
    unit = m.MontUnit()
    unit.mem = [rng.getrandbits(32) | 1 for _ in range(unit.depth)]
    before = list(unit.mem)
    cases = [
        ((0, 256, 0, 1, 2, 3), m.ERR_OP),
        ((5, 256, 0, 1, 2, 3), m.ERR_OP),
        ((15, 256, 0, 1, 2, 3), m.ERR_OP),
        ((m.OP_MUL, 0, 0, 1, 2, 3), m.ERR_LEN),
        ((m.OP_MUL, 4097, 0, 1, 2, 3), m.ERR_LEN),
        ((m.OP_MUL, 0xFFFF, 0, 1, 2, 3), m.ERR_LEN),
        ((m.OP_NINV, 0, 0, 0, 0, 0), m.ERR_LEN),
        ((0, 0, 0, 0, 0, 0), m.ERR_OP | m.ERR_LEN),
        ((m.OP_MUL, 256, 128, 1, 2, 3), m.ERR_SLOT),           # 128 slots of 8 words: 0..127
        ((m.OP_MUL, 256, 0, 128, 2, 3), m.ERR_SLOT),
        ((m.OP_MUL, 256, 0, 1, 128, 3), m.ERR_SLOT),
        ((m.OP_MUL, 256, 0, 1, 2, 128), m.ERR_SLOT),
        ((m.OP_MUL, 4096, 0, 1, 2, 8), m.ERR_SLOT),
        ((m.OP_MUL, 32, 0, 1, 2, 0xFFFF), m.ERR_SLOT),
        ((m.OP_NINV, 4096, 0, 0, 8, 0), m.ERR_SLOT),
    ]
    for args, err in cases:
        assert unit.execute(*args) == m.Outcome(err, 1), args
        assert unit.err == err and unit.done
    assert unit.mem == before
    # The last slot is legal; NINV checks only its N slot.
    assert unit.execute(m.OP_NINV, 4096, 99, 99, 7, 99).err == 0
    assert unit.execute(m.OP_NINV, 256, 99, 999, 127, 9999).err == 0
    assert unit.execute(m.OP_MUL, 256, 127, 127, 127, 127).err == 0


def test_even_or_zero_modulus():
    unit = m.MontUnit()
    for nv in (0, 2, 1 << 255, (1 << 256) - 2):
        unit.store(2, 256, nv)
        unit.store(3, 256, 12345)
        for op in (m.OP_MUL, m.OP_NINV):
            unit.ninv = 77
            assert unit.execute(op, 256, 0, 1, 2, 3) == m.Outcome(m.ERR_MOD, 3)
            assert unit.load(3, 256) == 12345 and unit.ninv == 77


def test_a_wrong_ninv_is_flagged_and_writes_nothing():
    rng = random.Random(11)
    unit = m.MontUnit()
    nv = rand_modulus(rng, 1024)
    loaded(unit, 1024, rng.randrange(nv), rng.randrange(nv), nv)
    unit.store(3, 1024, 42)
    good = unit.ninv
    for wrong in (0, good ^ 1, good ^ (1 << 31), (good + 2) & 0xFFFFFFFF):
        unit.write_ninv(wrong)
        assert unit.execute(m.OP_MUL, 1024, 0, 1, 2, 3) == m.Outcome(m.ERR_NINV, m.mul_cycles(32), 0)
        assert unit.load(3, 1024) == 42 and unit.err == m.ERR_NINV
    # A = 0: every t[0] is 0, so the reduction never sees the mismatch (and the result, 0, is right).
    unit.store(0, 1024, 0)
    assert unit.execute(m.OP_MUL, 1024, 0, 1, 2, 3).err == 0 and unit.load(3, 1024) == 0


def test_busy_flags_and_reset():
    unit = m.MontUnit()
    unit.write_ninv(5)
    unit.busy_violation()
    assert unit.err == m.ERR_BUSY and unit.ninv == 5
    unit.write_ninv(9, while_busy=True)
    assert unit.ninv == 5
    unit.reset()
    assert (unit.busy, unit.done, unit.err, unit.ninv) == (False, False, 0, 0)


def test_reset_in_the_middle_leaves_the_first_words_written():
    rng = random.Random(5)
    length, s = 160, 5
    nv = rand_modulus(rng, length)
    av, bv = rng.randrange(nv), rng.randrange(nv)
    full = loaded(m.MontUnit(), length, av, bv, nv)
    full.execute(m.OP_MUL, length, 0, 1, 2, 3)
    want = full.load(3, length)
    lat = m.mul_cycles(s)
    edges = m.MontUnit().write_edges(m.OP_MUL, s)
    assert edges[-1] == lat and edges == list(range(lat - s + 1, lat + 1))
    for c in range(1, lat + 1):
        unit = loaded(m.MontUnit(), length, av, bv, nv)
        unit.store(3, length, 0)
        out = unit.execute(m.OP_MUL, length, 0, 1, 2, 3, reset_at=c)
        k = sum(e <= c for e in edges)
        assert out == m.Outcome(0, c, k)
        assert unit.load(3, length) == want & ((1 << (32 * k)) - 1)
        assert (unit.done, unit.err, unit.ninv) == (False, 0, 0)


def test_latency():
    assert [m.mul_cycles(s) for s in (1, 2, 3, 4, 5)] == [16, 26, 36, 49, 69]
    for s in range(4, 129):
        assert m.mul_cycles(s) == 2 * s * s + 2 * s + 9
    # The mark: a 1024-bit product within 1.15 x (2 s^2 + s) cycles at W = 32.
    assert m.mul_cycles(32) == 2121 <= 1.15 * (2 * 32 * 32 + 32)
    assert m.mul_cycles(8) == 153                      # P-256
    assert m.mul_cycles(128) == 33033                  # 4096 bits


def addsub_closed_form(op, av, bv, nv, s, w=32):
    """What ADD/SUB leave for any A, B < R = 2^(w s): ADD, A + B less N once if A + B >= N (mod
    R); SUB, A - B, plus N if A < B (mod R). (A +- B) mod N when A, B < N."""
    r = 1 << (w * s)
    if op == m.OP_ADD:
        return (av + bv - nv) % r if av + bv >= nv else av + bv
    return av - bv if av >= bv else (av - bv + nv) % r


@pytest.mark.parametrize("w", [32, 64])
@pytest.mark.parametrize("length", SIZES)
def test_add_sub_are_reduced_sums_and_differences(w, length):
    rng = random.Random(length * w + 1)
    unit = m.MontUnit(w, 4096, 8)
    s = m.words(length, w)
    for nbits in {length, max(2, length - rng.randrange(w))}:
        for _ in range(10):
            nv = rand_modulus(rng, nbits)
            av, bv = rng.randrange(nv), rng.randrange(nv)
            unit.ninv = rng.getrandbits(w)              # not used: any value
            unit.store(0, length, av)
            unit.store(1, length, bv)
            unit.store(2, length, nv)
            for op, want in ((m.OP_ADD, (av + bv) % nv), (m.OP_SUB, (av - bv) % nv)):
                out = unit.execute(op, length, 0, 1, 2, 3)
                assert out == m.Outcome(0, 4 * s + 5, s)
                assert unit.load(3, length) == want
                assert (unit.load(0, length), unit.load(1, length), unit.load(2, length)) == (av, bv, nv)


@pytest.mark.parametrize("length", [32, 64, 256, 1024])
def test_add_sub_edge_operands(length):
    unit = m.MontUnit()
    for nv in (3, 5, (1 << length) - 1, (1 << (length - 1)) + 1, 1):
        pairs = {(0, 0), (0, nv - 1), (nv - 1, 0), (nv - 1, nv - 1), (nv - 1, 1 % nv), (1 % nv, nv - 1),
                 (nv // 2, nv // 2), (nv // 2, nv - nv // 2 - 1), (nv // 2 + 1, nv // 2)}
        for av, bv in [(x, y) for x, y in pairs if x < nv and y < nv]:
            unit.store(0, length, av)
            unit.store(1, length, bv)
            unit.store(2, length, nv)
            assert unit.execute(m.OP_ADD, length, 0, 1, 2, 3).err == 0
            assert unit.load(3, length) == (av + bv) % nv, (nv, av, bv)
            assert unit.execute(m.OP_SUB, length, 0, 1, 2, 3).err == 0
            assert unit.load(3, length) == (av - bv) % nv, (nv, av, bv)


@pytest.mark.parametrize("w", [32, 64])
@pytest.mark.parametrize("length", [32, 64, 255, 256, 1024])
def test_add_sub_of_unreduced_operands_follow_the_closed_form(w, length):
    rng = random.Random(length + w)
    unit = m.MontUnit(w, 4096, 8)
    s = m.words(length, w)
    r = 1 << (w * s)
    for _ in range(40):
        nv = rng.choice([rand_modulus(rng, length), rng.randrange(1, r), r - 1])
        av = rng.choice([rng.randrange(r), r - 1, nv, nv + rng.randrange(r - nv)])
        bv = rng.choice([rng.randrange(r), r - 1, nv, av, 0])
        unit.store(0, length, av)
        unit.store(1, length, bv)
        unit.store(2, length, nv | 1)
        for op in (m.OP_ADD, m.OP_SUB):
            assert unit.execute(op, length, 0, 1, 2, 3).err == 0
            assert unit.load(3, length) == addsub_closed_form(op, av, bv, nv | 1, s, w)


def test_add_sub_closed_form_examples():
    """The closed form itself, on a few hand-checked values (R = 2^32)."""
    r = 1 << 32
    assert addsub_closed_form(m.OP_ADD, r - 1, r - 1, 3, 1) == (2 * r - 2 - 3) % r
    assert addsub_closed_form(m.OP_ADD, 5, 9, 11, 1) == 3
    assert addsub_closed_form(m.OP_ADD, 5, 5, 11, 1) == 10
    assert addsub_closed_form(m.OP_SUB, 5, 9, 11, 1) == 7
    assert addsub_closed_form(m.OP_SUB, 0, r - 1, 3, 1) == 4


def test_add_sub_errors():
    """The flags of MUL (OP, LEN, SLOT for any of a, b, n, r, MOD), never NINV; nothing written."""
    rng = random.Random(17)
    unit = m.MontUnit()
    unit.mem = [rng.getrandbits(32) | 1 for _ in range(unit.depth)]
    before = list(unit.mem)
    for op in (m.OP_ADD, m.OP_SUB):
        for args, err in [((op, 0, 0, 1, 2, 3), m.ERR_LEN), ((op, 4097, 0, 1, 2, 3), m.ERR_LEN),
                          ((op, 256, 128, 1, 2, 3), m.ERR_SLOT), ((op, 256, 0, 128, 2, 3), m.ERR_SLOT),
                          ((op, 256, 0, 1, 128, 3), m.ERR_SLOT), ((op, 256, 0, 1, 2, 128), m.ERR_SLOT),
                          ((op, 4096, 0, 1, 2, 8), m.ERR_SLOT), ((op, 32, 0xFFFF, 1, 2, 3), m.ERR_SLOT)]:
            assert unit.execute(*args) == m.Outcome(err, 1), args
            assert unit.err == err
        unit.store(2, 256, 1 << 100)                     # even: 3 cycles, nothing written
        before[unit.base(2, 256):unit.base(2, 256) + 8] = unit.mem[unit.base(2, 256):unit.base(2, 256) + 8]
        assert unit.execute(op, 256, 0, 1, 2, 3) == m.Outcome(m.ERR_MOD, 3)
        unit.store(2, 256, 0)
        before[unit.base(2, 256):unit.base(2, 256) + 8] = [0] * 8
        assert unit.execute(op, 256, 0, 1, 2, 3) == m.Outcome(m.ERR_MOD, 3)
    assert unit.mem == before
    for op in range(5, 16):
        assert unit.execute(op, 256, 0, 1, 2, 3) == m.Outcome(m.ERR_OP, 1)
    # No ninv check: any ninv, and the last legal slots.
    unit.store(2, 256, 7)
    unit.ninv = 0
    for op in (m.OP_ADD, m.OP_SUB):
        assert unit.execute(op, 256, 127, 127, 2, 127) == m.Outcome(0, 37, 8)


def test_add_sub_reset_in_the_middle():
    rng = random.Random(19)
    length, s = 160, 5
    nv = rand_modulus(rng, length)
    av, bv = rng.randrange(nv), rng.randrange(nv)
    lat = m.addsub_cycles(s)
    edges = m.MontUnit().write_edges(m.OP_SUB, s)
    assert edges == list(range(lat - s + 1, lat + 1))
    for c in range(1, lat + 1):
        unit = m.MontUnit()
        unit.store(0, length, av)
        unit.store(1, length, bv)
        unit.store(2, length, nv)
        out = unit.execute(m.OP_SUB, length, 0, 1, 2, 3, reset_at=c)
        k = sum(e <= c for e in edges)
        assert out == m.Outcome(0, c, k)
        assert unit.load(3, length) == ((av - bv) % nv) & ((1 << (32 * k)) - 1)


def test_add_sub_latency():
    """Data-independent; 3s reads and s writes on one memory port, plus 5."""
    assert [m.addsub_cycles(s) for s in (1, 2, 8, 32, 128)] == [9, 13, 37, 133, 517]
    assert m.cycles(m.OP_ADD, 8) == m.cycles(m.OP_SUB, 8) == 37 and m.cycles(m.OP_MUL, 8) == 153


def test_program_references_resolve_and_programs_end():
    """A program word's slot fields: class 0 the slot itself, 1 .. 3 P, Q, OUT plus the index
    (sums past 255 kept for the core to flag); a program ends at its END word or at the memory's
    last entry, and starts at PROG_BLOCK times its number."""
    mem = [0] * m.PROG_WORDS
    at = 2 * m.PROG_BLOCK
    mem[at] = m.prog_word(m.OP_MUL, m.ref(m.REF_OUT, 2), m.ref(m.REF_P, 1), m.ref(m.REF_Q, 63))
    mem[at + 1] = m.prog_word(m.OP_ADD, m.ref(m.REF_ABS, 5), m.ref(m.REF_ABS, 0), m.ref(m.REF_P, 0), end=True)
    mem[at + 2] = m.prog_word(m.OP_SUB, 1, 1, 1)
    assert m.program_commands(mem, 2, 10, 200, 254) == [(m.OP_MUL, 11, 263, 256), (m.OP_ADD, 0, 10, 5)]
    last = m.PROG_WORDS // m.PROG_BLOCK - 1
    mem[last * m.PROG_BLOCK:] = [m.prog_word(m.OP_ADD, 1, 2, 3)] * m.PROG_BLOCK
    assert len(m.program_commands(mem, last, 0, 0, 0)) == m.PROG_BLOCK
    with pytest.raises(AssertionError):
        m.ref(m.REF_P, 64)
