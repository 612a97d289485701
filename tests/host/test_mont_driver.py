"""The Montgomery co-processor's firmware driver on the host (fw/drivers/mont.c): the software
forms (the emulation of the unit's memory and commands) and the dispatching forms (software
here: the host build has no unit) against the golden model (hw/mont/model.py) and Python's pow,
the exponentiation's fixed window at every table width, and every argument error, at both of
the unit's words: W = 32 (the library every test uses) and W = 64 (a host build with
-DVC_MONTU_W=64), where an odd number of limbs works at one limb more, R = 2^(32 rlimbs). (The
mp layer's VC_MM_UNIT point: tests/host/test_montmul.py on the host, the SoC tests with the
unit.)"""

import ctypes
import random

import pytest

from hw.mont import model as m
from vexrun.soc.build import ensure_host
from vexrun.native.api import VC_ERR_LENGTH, VC_ERR_MODULUS, VC_ERR_NULL, VC_ERR_PARAM, VC_ERR_RANGE, VC_OK

U32 = ctypes.c_uint32
SZ = ctypes.c_size_t
MAX_LIMBS = 128
SLOT_N, SLOT_ACC, SLOT_ONE, SLOT_X = 0, 1, 2, 3
CMD_MUL, CMD_ADD, CMD_SUB = 1, 3, 4


def word(op, r, a, b):
    """vc_montu_word: the command register's format."""
    return op | a << 8 | b << 16 | r << 24


def arr(x, n):
    return (U32 * n)(*[(x >> (32 * i)) & 0xFFFFFFFF for i in range(n)])


def val(a):
    return sum(int(w) << (32 * i) for i, w in enumerate(a))


@pytest.fixture(scope="module", params=[32, 64], ids=["w32", "w64"])
def unit_w(request):
    return request.param


def rlimbs(n, w):
    """vc_montu_rlimbs: the limbs the unit works at, whole W-bit words."""
    k = w // 32
    return -(-n // k) * k


@pytest.fixture(scope="module")
def drv(lib, unit_w):
    if unit_w != 32:
        lib = ctypes.CDLL(str(ensure_host(defines={"VC_MONTU_W": unit_w})))
    lib.vc_montu_slots.restype = SZ
    lib.vc_montu_slots.argtypes = [SZ]
    for form in ("_sw", ""):
        getattr(lib, "vc_montu_setup" + form).argtypes = [SZ, ctypes.c_void_p]
        getattr(lib, "vc_montu_load" + form).argtypes = [ctypes.c_uint, ctypes.c_void_p]
        getattr(lib, "vc_montu_store" + form).argtypes = [ctypes.c_uint, ctypes.c_void_p]
        getattr(lib, "vc_montu_mul" + form).argtypes = [ctypes.c_uint] * 3
        getattr(lib, "vc_montu_exp" + form).argtypes = [ctypes.c_void_p, SZ]
        getattr(lib, "vc_montu_exp_var" + form).argtypes = [ctypes.c_void_p, SZ]
        getattr(lib, "vc_montu_cmd" + form).argtypes = [U32]
        getattr(lib, "vc_montu_program" + form).argtypes = [ctypes.c_uint, ctypes.c_void_p, SZ]
    assert not hasattr(lib, "vc_montu_mul_hw")          # the host build has the software forms only
    return lib


def modulus(rng, bits):
    return rng.getrandbits(bits) | 1 << (bits - 1) | 1


def store(drv, form, slot, n):
    out = (U32 * n)()
    assert getattr(drv, "vc_montu_store" + form)(slot, out) == VC_OK
    return val(out)


def test_slots_at_each_length(drv):
    for limbs, want in [(0, 0), (1, 256), (4, 256), (5, 128), (32, 32), (33, 16), (64, 16), (128, 8), (129, 0)]:
        assert drv.vc_montu_slots(limbs) == want


@pytest.mark.parametrize("form", ["_sw", ""])
def test_products_follow_the_model(drv, unit_w, form):
    """Random products at 32 .. 4096 bits (odd limb counts among them), edge operands,
    unreduced operands below 2^(32 limbs) and results in any slot, against the model's CIOS at
    the unit's word (and a*b/R mod n for reduced operands)."""
    rng = random.Random(13)
    for bits in (32, 64, 96, 160, 256, 512, 1024, 2048, 4096):
        n = bits // 32
        N = modulus(rng, bits)
        assert getattr(drv, "vc_montu_setup" + form)(n, arr(N, n)) == VC_OK
        R = 1 << (32 * rlimbs(n, unit_w))
        top = 1 << bits
        slots = drv.vc_montu_slots(n)
        for a, b in [(0, 5), (N - 1, N - 1), (1, 1), (top - 1, top - 1), (rng.randrange(N), rng.randrange(N)),
                     (rng.randrange(top), rng.randrange(top))]:
            ra, rb, rr = rng.sample(range(1, slots), 3)
            assert getattr(drv, "vc_montu_load" + form)(ra, arr(a, n)) == VC_OK
            assert getattr(drv, "vc_montu_load" + form)(rb, arr(b, n)) == VC_OK
            assert getattr(drv, "vc_montu_mul" + form)(rr, ra, rb) == VC_OK
            got = store(drv, form, rr, n)
            assert got == m.mont_product(a, b, N, rlimbs(n, unit_w) * 32 // unit_w, w=unit_w)
            if a < N and b < N:
                assert got == a * b * pow(R, -1, N) % N
        assert getattr(drv, "vc_montu_mul" + form)(1, 1, 1) == VC_OK      # r == a == b
        assert store(drv, form, SLOT_N, n) == N


@pytest.mark.parametrize("form", ["_sw", ""])
def test_command_streams(drv, unit_w, form):
    """Streams of products, sums and differences (results in any slot, r = a = b included),
    waited for once, against Python integers: (a + b) mod N and (a - b) mod N for a, b < N."""
    rng = random.Random(14)
    for bits in (32, 224, 256, 1024, 4096):
        n = bits // 32
        N = modulus(rng, bits)
        R = 1 << (32 * rlimbs(n, unit_w))
        assert getattr(drv, "vc_montu_setup" + form)(n, arr(N, n)) == VC_OK
        slots = drv.vc_montu_slots(n)
        vals = {}
        for slot, v in zip(range(1, 5), (0, N - 1, rng.randrange(N), rng.randrange(N))):
            assert getattr(drv, "vc_montu_load" + form)(slot, arr(v, n)) == VC_OK
            vals[slot] = v
        for _ in range(40):
            op = rng.choice((CMD_MUL, CMD_ADD, CMD_SUB))
            a, b = rng.choice(sorted(vals)), rng.choice(sorted(vals))
            r = rng.choice([a, b, rng.randrange(1, slots)])
            assert getattr(drv, "vc_montu_cmd" + form)(word(op, r, a, b)) == VC_OK
            x, y = vals[a], vals[b]
            vals[r] = (x * y * pow(R, -1, N) if op == CMD_MUL else x + y if op == CMD_ADD else x - y) % N
        assert getattr(drv, "vc_montu_wait" + form)() == VC_OK
        for slot, v in vals.items():
            assert store(drv, form, slot, n) == v
    cmd = getattr(drv, "vc_montu_cmd" + form)
    assert cmd(word(2, 1, 1, 1)) == VC_ERR_PARAM                 # NINV is the driver's
    assert cmd(word(CMD_ADD, 1, 1, 1) | 0x10) == VC_ERR_PARAM    # bits 7:4 are not the op's
    assert cmd(word(CMD_ADD, SLOT_N, 1, 1)) == VC_ERR_RANGE
    slots = drv.vc_montu_slots(n)
    for bad in (word(CMD_SUB, 1, 1, slots), word(CMD_MUL, 1, slots, 1), word(CMD_ADD, slots, 1, 1)):
        assert cmd(bad) == VC_ERR_RANGE


def run_word(prog, out, p, q):
    """vc_montu_run_word."""
    return word(m.OP_RUN | prog << 4, out, p, q)


def program(rng, size, temps):
    """A random program (words without END) over P, Q, OUT + 0..2 and the absolute slots
    `temps`, writing OUT and temps only."""
    reads = [m.ref(c, i) for c in (m.REF_P, m.REF_Q, m.REF_OUT) for i in range(3)] + [m.ref(m.REF_ABS, t) for t in temps]
    writes = [m.ref(m.REF_OUT, i) for i in range(3)] + [m.ref(m.REF_ABS, t) for t in temps]
    return [m.prog_word(rng.choice((CMD_MUL, CMD_ADD, CMD_SUB)), rng.choice(writes), rng.choice(reads),
                        rng.choice(reads)) for _ in range(size)]


@pytest.mark.parametrize("form", ["_sw", ""])
def test_programs(drv, unit_w, form):
    """Programs loaded and run as one command each, mixed with plain commands: every slot
    against Python integers over the commands the model resolves (hw/mont/model.py's
    program_commands: the unit's sequencer); a program longer than a block runs on into the
    next, and loading a program there unloads it."""
    rng = random.Random(31)
    mem = [0] * m.PROG_WORDS
    load = getattr(drv, "vc_montu_program" + form)
    for prog, size in ((0, 12), (1, 45), (3, 5), (15, 32)):
        words = program(rng, size, (1, 2))
        assert load(prog, (U32 * size)(*words), size) == VC_OK
        words[-1] |= m.END
        mem[prog * m.PROG_BLOCK:prog * m.PROG_BLOCK + size] = words
    for bits in (256, 1024):
        n = bits // 32
        N = modulus(rng, bits)
        R = 1 << (32 * rlimbs(n, unit_w))
        assert getattr(drv, "vc_montu_setup" + form)(n, arr(N, n)) == VC_OK
        vals = {}
        for slot in range(1, 24):
            vals[slot] = rng.randrange(N)
            assert getattr(drv, "vc_montu_load" + form)(slot, arr(vals[slot], n)) == VC_OK
        for _ in range(12):
            prog = rng.choice((0, 1, 3, 15))
            p, q, out = (rng.randrange(3, 21) for _ in range(3))
            if rng.random() < 0.25:
                cmds = [(CMD_ADD, p, q, out)]
                assert getattr(drv, "vc_montu_cmd" + form)(word(CMD_ADD, out, p, q)) == VC_OK
            else:
                cmds = m.program_commands(mem, prog, p, q, out)
                assert getattr(drv, "vc_montu_cmd" + form)(run_word(prog, out, p, q)) == VC_OK
            for op, a, b, r in cmds:
                x, y = vals[a], vals[b]
                vals[r] = (x * y * pow(R, -1, N) if op == CMD_MUL else x + y if op == CMD_ADD else x - y) % N
        assert getattr(drv, "vc_montu_wait" + form)() == VC_OK
        for slot, v in vals.items():
            assert store(drv, form, slot, n) == v, (bits, slot)
    cmd = getattr(drv, "vc_montu_cmd" + form)
    assert load(2, (U32 * 1)(word(CMD_ADD, 1, 1, 1)), 1) == VC_OK      # block 2: program 1's tail
    assert cmd(run_word(1, 5, 5, 5)) == VC_ERR_PARAM and cmd(run_word(2, 5, 5, 5)) == VC_OK


@pytest.mark.parametrize("form", ["_sw", ""])
def test_program_errors(drv, form):
    """Loading: NULL, no words, past the memory's end, a program number past 15, an undefined op
    (NINV, RUN included: no nesting) or bits 7:4 set, a word writing the modulus slot. Running:
    no program there, a base whose slots pass the end, a base that is the modulus slot, an
    absolute slot past the end at this length."""
    load, cmd = getattr(drv, "vc_montu_program" + form), getattr(drv, "vc_montu_cmd" + form)
    one = (U32 * 1)(word(CMD_ADD, m.ref(m.REF_OUT, 2), m.ref(m.REF_P, 0), m.ref(m.REF_Q, 1)))
    assert load(4, None, 1) == VC_ERR_NULL
    assert load(4, one, 0) == VC_ERR_LENGTH
    assert load(15, (U32 * 33)(*[one[0]] * 33), 33) == VC_ERR_LENGTH
    assert load(16, one, 1) == VC_ERR_PARAM
    for bad in (2, m.OP_RUN, CMD_ADD | 0x80, CMD_ADD | 0x10):
        assert load(4, (U32 * 1)(word(bad, 1, 1, 1)), 1) == VC_ERR_PARAM
    assert load(4, (U32 * 1)(word(CMD_ADD, m.ref(m.REF_ABS, SLOT_N), 1, 1)), 1) == VC_ERR_RANGE
    assert getattr(drv, "vc_montu_setup" + form)(8, arr((1 << 255) | 12345, 8)) == VC_OK
    slots = drv.vc_montu_slots(8)
    assert load(4, one, 1) == VC_OK
    assert load(4, (U32 * 1)(one[0] | m.END), 1) == VC_ERR_PARAM     # END is the driver's, loaded or not
    assert cmd(run_word(5, 1, 1, 1)) == VC_ERR_PARAM                  # nothing loaded at 5
    assert cmd(run_word(4, slots - 3, 1, 1)) == VC_OK
    assert cmd(run_word(4, slots - 2, 1, 1)) == VC_ERR_RANGE          # OUT + 2 past the end
    assert cmd(run_word(4, 1, 1, slots - 1)) == VC_ERR_RANGE          # Q + 1 past the end
    assert cmd(run_word(4, 1, SLOT_N, 1)) == VC_ERR_RANGE             # P at the modulus
    assert load(4, (U32 * 1)(word(CMD_ADD, 1, m.ref(m.REF_ABS, 63), 1)), 1) == VC_OK
    assert getattr(drv, "vc_montu_setup" + form)(128, arr((1 << 4095) | 1, 128)) == VC_OK
    assert cmd(run_word(4, 1, 1, 1)) == (VC_ERR_RANGE if drv.vc_montu_slots(128) <= 63 else VC_OK)


@pytest.mark.parametrize("bits", [32, 128, 160, 1024, 2048, 4096])
def test_exponentiation(drv, unit_w, bits):
    """X^e in Montgomery form for random and edge exponents, by the fixed window at every table
    width (w = 5 at small lengths down to w = 2 at 4096 bits) and by square-and-multiply."""
    rng = random.Random(bits)
    n = bits // 32
    R = 1 << (32 * rlimbs(n, unit_w))
    for _ in range(3 if bits <= 1024 else 1):
        N = modulus(rng, bits)
        x = rng.randrange(N)
        for e in [0, 1, 2, 3, 65537, (1 << 70) - 1, rng.getrandbits(bits)]:
            ebits = e.bit_length()
            assert drv.vc_montu_setup_sw(n, arr(N, n)) == VC_OK
            assert drv.vc_montu_load_sw(SLOT_ONE, arr(R % N, n)) == VC_OK
            assert drv.vc_montu_load_sw(SLOT_X, arr(x * R % N, n)) == VC_OK
            ew = max(1, (ebits + 31) // 32)
            for fn in ("vc_montu_exp_sw", "vc_montu_exp_var_sw"):
                assert drv.vc_montu_load_sw(SLOT_X, arr(x * R % N, n)) == VC_OK
                assert getattr(drv, fn)(arr(e, ew), ebits) == VC_OK
                assert store(drv, "_sw", SLOT_ACC, n) == pow(x, e, N) * R % N, fn


def test_argument_errors(drv):
    N = (1 << 255) | 12345
    assert drv.vc_montu_setup_sw(8, None) == VC_ERR_NULL
    assert drv.vc_montu_setup_sw(0, arr(N, 8)) == VC_ERR_LENGTH
    assert drv.vc_montu_setup_sw(MAX_LIMBS + 1, arr(N, MAX_LIMBS + 1)) == VC_ERR_LENGTH
    assert drv.vc_montu_setup_sw(8, arr(N - 1, 8)) == VC_ERR_MODULUS                  # even
    assert drv.vc_montu_setup_sw(9, arr(N, 9)) == VC_ERR_MODULUS                      # top limb 0
    assert drv.vc_montu_setup_sw(8, arr(N, 8)) == VC_OK
    slots = drv.vc_montu_slots(8)
    buf = (U32 * 8)()
    assert drv.vc_montu_load_sw(slots, buf) == VC_ERR_RANGE
    assert drv.vc_montu_load_sw(1, None) == VC_ERR_NULL
    assert drv.vc_montu_store_sw(slots, buf) == VC_ERR_RANGE
    assert drv.vc_montu_store_sw(1, None) == VC_ERR_NULL
    assert drv.vc_montu_mul_sw(1, 2, slots) == VC_ERR_RANGE
    assert drv.vc_montu_mul_sw(SLOT_N, 1, 2) == VC_ERR_RANGE                          # the modulus stays
    for fn in (drv.vc_montu_exp_sw, drv.vc_montu_exp_var_sw):
        assert fn(None, 5) == VC_ERR_NULL
        assert fn(None, 0) == VC_OK
