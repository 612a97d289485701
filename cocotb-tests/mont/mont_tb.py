"""cocotb tests of the Montgomery co-processor core (hw/mont/mont_core.v) against its golden
model (hw/mont/model.py), through the core's register and memory interface (the one the LiteX
wrapper, hw/mont/core.py, maps to CSRs and a Wishbone window): every result, every error flag
and every latency of MUL, NINV, ADD and SUB, random operands at 32 to MAX_BITS bits, edge
operands, shared slots, back-to-back commands (a field-arithmetic program of MUL/ADD/SUB among
them), starts and ninv writes while busy, reset in the middle of a command, the known answers
of mont_kat.txt. Run by test_mont_core.py, which passes the parameters in the
environment and collects the functional coverage this module writes."""

import json
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge, with_timeout
from cocotb.utils import get_sim_time

from hw.mont import model as m

W = int(os.environ.get("MONT_W", "32"))
MAX_BITS = int(os.environ.get("MONT_MAX_BITS", "4096"))
SLOTS = int(os.environ.get("MONT_SLOTS", "8"))
PERIOD = 10                                      # ns
KAT = Path(__file__).with_name("mont_kat.txt")


SIZES = (32, 256, 512, 1024, 2048, 4096)          # the sizes the coverage counts by name


def size_class(length):
    if not 1 <= length <= MAX_BITS:
        return "badlen"
    return str(length) if length in SIZES else "other"


class Coverage:
    """Commands by size class x outcome flags x operand class, written to coverage-<test>.json."""

    def __init__(self):
        self.hits = {}

    def sample(self, *key):
        k = "/".join(key)
        self.hits[k] = self.hits.get(k, 0) + 1

    def write(self, name):
        Path(f"coverage-{name}.json").write_text(json.dumps(self.hits, indent=1, sort_keys=True))


def flags_class(err):
    return "+".join(v for k, v in m.ERR_NAMES.items() if err & k) or "ok"


class Bench:
    """Drives the core: operands through the memory port, commands through the command inputs;
    every command's flags, latency and result are checked against the model."""

    def __init__(self, dut):
        self.dut = dut
        self.model = m.MontUnit(W, MAX_BITS, SLOTS)
        self.cov = Coverage()
        self.ncmd = 0
        for sig in ("start", "op", "len", "slot_a", "slot_b", "slot_n", "slot_r", "ninv_we", "ninv_wdata",
                    "mem_en", "mem_we", "mem_be", "mem_addr", "mem_wdata"):
            getattr(dut, sig).value = 0

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, PERIOD, unit="ns").start())
        await self.reset()
        # The memory has no reset: make it the model's (zeros).
        await self.write_words(0, [0] * self.model.window_words)

    async def reset(self, cycles=2):
        self.dut.rst.value = 1
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)
        self.dut.rst.value = 0
        self.model.reset()

    # ---- memory port
    async def write_words(self, addr, values, be=0xF):
        dut = self.dut
        for i, v in enumerate(values):
            dut.mem_en.value, dut.mem_we.value, dut.mem_be.value = 1, 1, be
            dut.mem_addr.value, dut.mem_wdata.value = addr + i, v
            await RisingEdge(dut.clk)
        dut.mem_en.value = dut.mem_we.value = 0

    async def read_words(self, addr, count):
        """One read per cycle: the address of word i+1 is presented while word i is read."""
        dut = self.dut
        out = []
        dut.mem_en.value, dut.mem_we.value, dut.mem_addr.value = 1, 0, addr
        await RisingEdge(dut.clk)
        for i in range(count):
            if i + 1 < count:
                dut.mem_addr.value = addr + i + 1
            else:
                dut.mem_en.value = 0
            await ReadOnly()
            out.append(int(dut.mem_rdata.value))
            await RisingEdge(dut.clk)
        return out

    async def put(self, slot, length, value):
        """Writes an operand into a slot (through the port) and into the model."""
        self.model.store(slot, length, value)
        lanes = m.words(length, W) * (W // 32)
        await self.write_words(self.model.bus_addr(slot, length), [(value >> 32 * i) & 0xFFFFFFFF for i in range(lanes)])

    async def get(self, slot, length):
        lanes = m.words(length, W) * (W // 32)
        ws = await self.read_words(self.model.bus_addr(slot, length), lanes)
        return sum(x << 32 * i for i, x in enumerate(ws))

    async def check_memory(self):
        """The whole operand memory equals the model's."""
        got = await self.read_words(0, self.model.window_words)
        want = [self.model.bus_read(i) for i in range(self.model.window_words)]
        bad = [i for i in range(len(want)) if got[i] != want[i]]
        assert not bad, f"memory differs from the model at {len(bad)} words, first {bad[0]}: {got[bad[0]]:#x} != {want[bad[0]]:#x}"

    async def set_ninv(self, value):
        dut = self.dut
        dut.ninv_we.value, dut.ninv_wdata.value = 1, value
        await RisingEdge(dut.clk)
        dut.ninv_we.value = 0
        self.model.write_ninv(value)

    async def status(self):
        await ReadOnly()
        return int(self.dut.busy.value), int(self.dut.done.value), int(self.dut.err.value)

    # ---- commands
    def _drive_start(self, op, length, a, b, n, r):
        dut = self.dut
        dut.start.value, dut.op.value, dut.len.value = 1, op, length
        dut.slot_a.value, dut.slot_b.value, dut.slot_n.value, dut.slot_r.value = a, b, n, r

    async def command(self, op, length, a=0, b=0, n=0, r=0, pokes=(), reset_at=None, cls="random", label=None,
                      chained=False, then=None):
        """Issues one command and waits for its end; returns the model's outcome.
        pokes: (cycle, "start" | "ninv") while it runs (cycle c: presented after edge c, sampled
        at edge c+1): a random request or an ninv write, both ignored with ERR_BUSY.
        reset_at: a reset sampled at that edge. chained: the start was driven by the previous
        command at its done edge (back to back); then: the next command's request, driven at
        this one's done edge. Checks busy/done, the flags and the latency against the model."""
        dut = self.dut
        label = label or f"op {op} len {length} slots {a},{b},{n},{r} ({cls})"
        if not chained:
            busy, _, _ = await self.status()
            assert not busy, f"{label}: unit busy before the command"
            await RisingEdge(dut.clk)
            self._drive_start(op, length, a, b, n, r)
        await RisingEdge(dut.clk)                      # E0: the command is taken
        t0 = get_sim_time("ns")
        dut.start.value = 0
        fails = self.model.check(op, length, a, b, n, r) != 0
        out = self.model.execute(op, length, a, b, n, r, reset_at=reset_at)
        self.ncmd += 1
        events = sorted(list(pokes) + ([(reset_at - 1, "reset")] if reset_at else []))
        cyc = 0
        for c, what in events:
            assert c < out.cycles, f"{label}: event at cycle {c} after the command's end ({out.cycles})"
            if c > cyc:
                await ClockCycles(dut.clk, c - cyc)
                cyc = c
            if what == "reset":
                dut.rst.value = 1
                await RisingEdge(dut.clk)
                dut.rst.value = 0
                busy, done, err = await self.status()
                assert (busy, done, err) == (0, 0, 0), f"{label}: after a reset at edge {reset_at}: busy {busy} done {done} err {err}"
                assert int(dut.ninv.value) == 0
                await RisingEdge(dut.clk)
                self.cov.sample("reset", m.OP_NAMES.get(op, "undefined"),
                                "error" if fails else "copy" if out.writes else "compute")
                return out
            if what == "start":
                self._drive_start(self.rng.randrange(16), self.rng.randrange(1 << 16), *(self.rng.randrange(1 << 16) for _ in range(4)))
            else:
                dut.ninv_we.value, dut.ninv_wdata.value = 1, self.rng.getrandbits(W)
            await RisingEdge(dut.clk)
            cyc += 1
            dut.start.value = dut.ninv_we.value = 0
            self.model.busy_violation()
            self.cov.sample("busy", what, "last" if c == out.cycles - 1 else "first" if c == 0 else "middle")
        busy, done, err = await self.status()
        if busy:
            assert done == 0, f"{label}: done while busy"
            await with_timeout(FallingEdge(dut.busy), (2 * out.cycles + 100) * PERIOD, "ns")
            if then is not None:
                self._drive_start(*then)
            busy, done, err = await self.status()
        else:
            assert then is None
        latency = round((get_sim_time("ns") - t0) / PERIOD)
        assert done == 1, f"{label}: busy fell without done"
        assert err == self.model.err, f"{label}: flags {err:#x}, model {self.model.err:#x}"
        assert latency == out.cycles, f"{label}: latency {latency}, model {out.cycles}"
        self.cov.sample(m.OP_NAMES.get(op, "undefined"), size_class(length),
                        flags_class(self.model.err), cls)
        if then is None:
            await RisingEdge(dut.clk)
        return out

    async def run(self, op, length, a, b, n, r, cls="random", **kw):
        """A MUL, ADD or SUB; its result slot read back and checked against the model."""
        out = await self.command(op, length, a, b, n, r, cls=cls, **kw)
        if out.err == 0 and not kw.get("then"):
            got = await self.get(r, length)
            assert got == self.model.load(r, length), f"op {op} {length} bits ({cls}): result differs from the model"
        return out

    async def addsub(self, op, length, av, bv, nv, slots=(0, 1, 2, 3), cls="random"):
        """Loads N, A and B (B = A when they share a slot; neither is N's), runs ADD or SUB;
        checks the result against the model and against (A +- B) mod N."""
        a, b, n, r = slots
        await self.put(n, length, nv)
        await self.put(a, length, av)
        if b != a:
            await self.put(b, length, bv)
        else:
            bv = av
        await self.run(op, length, a, b, n, r, cls=cls)
        want = (av + bv if op == m.OP_ADD else av - bv) % nv
        assert self.model.load(r, length) == want, f"op {op} {length} bits ({cls}): wrong result"

    async def product(self, length, av, bv, nv, slots=(0, 1, 2, 3), cls="random", ninv_by="unit"):
        """Loads A, B, N into slots (B = A when they share a slot), sets ninv (by NINV, or by a
        CPU write), multiplies; checks the result against the model and against Python
        integers (A * B * R^-1 mod N; the closed form of the unit's MUL for unreduced
        operands)."""
        a, b, n, r = slots
        await self.put(n, length, nv)
        if a != n:
            await self.put(a, length, av)
        else:
            av = nv
        if b not in (a, n):
            await self.put(b, length, bv)
        else:
            bv = av if b == a else nv
        if ninv_by == "unit":
            await self.command(m.OP_NINV, length, n=n, cls=cls)
            assert int(self.dut.ninv.value) == self.model.ninv == (-pow(nv, -1, 1 << W)) % (1 << W)
        else:
            await self.set_ninv((-pow(nv, -1, 1 << W)) % (1 << W))
        await self.run(m.OP_MUL, length, a, b, n, r, cls=cls)
        s = m.words(length, W)
        got = self.model.load(r, length)
        assert got == m.mont_product(av, bv, nv, s, W), f"MUL {length} bits ({cls}): wrong product"
        if av * bv < nv << (W * s):
            assert got == av * bv * pow(1 << (W * s), -1, nv) % nv
        return got


def rand_modulus(rng, bits):
    return rng.getrandbits(bits) | 1 | (1 << (bits - 1))


async def bench(dut, seed):
    tb = Bench(dut)
    tb.rng = random.Random(seed)
    await tb.start()
    return tb, tb.rng


def legal(sizes):
    return [x for x in sizes if x <= MAX_BITS]


@cocotb.test()
async def random_products(dut):
    """Random moduli of the full length and shorter, random operands below N, random slots
    (sometimes shared), at the named sizes and at lengths that are not a multiple of W."""
    tb, rng = await bench(dut, 1)
    counts = {32: 10, 256: 6, 512: 4, 1024: 3, 2048: 2, 4096: 1}
    plan = [(x, c) for x, c in counts.items() if x <= MAX_BITS] + [(x, 2) for x in legal((33, 64, 96, 128, 160, 255, 521))]
    for length, count in plan:
        nsl = tb.model.nslots(length)
        for k in range(count):
            nv = rand_modulus(rng, length if k % 2 == 0 else max(2, length - rng.randrange(1, 40)))
            slots = [rng.randrange(nsl) for _ in range(4)]
            if len(set(slots[:3])) < 3:
                slots[:3] = rng.sample(range(nsl), 3)
            if rng.random() < 0.3:
                slots[3] = rng.choice(slots[:2])
            await tb.product(length, rng.randrange(nv), rng.randrange(nv), nv, tuple(slots),
                             cls="random", ninv_by="unit" if k == 0 else rng.choice(["unit", "cpu"]))
    await tb.check_memory()
    tb.cov.write("random")


@cocotb.test()
async def edge_operands(dut):
    """N = 3, N = 2^k - 1, N = 2^(n-1) + 1, N = 1; A = 0, A = N - 1, B = 1, A = B (two slots),
    A = B = N - 1, the Montgomery one R mod N, unreduced A (R - 1)."""
    tb, rng = await bench(dut, 2)
    for length in legal((32, 256, 1024)):
        s = m.words(length, W)
        r = 1 << (W * s)
        moduli = [(3, "n3"), ((1 << length) - 1, "mersenne"), ((1 << (length - 1)) + 1, "random"), (1, "n1"),
                  (rand_modulus(rng, length), "random")]
        if length > 32:
            moduli.append(((1 << 32) - 1, "mersenne"))            # 2^32 - 1 in a long slot
        for nv, ncls in moduli:
            x = rng.randrange(nv)
            cases = [(0, x, "zero"), (nv - 1, x, "n-1"), (x, 1 % nv, "one"), (x, x, "equal"),
                     (nv - 1, nv - 1, "n-1"), (r % nv, r % nv, "mont-one"), (r - 1, x, "unreduced")]
            for av, bv, cls in cases:
                await tb.product(length, av, bv, nv, cls=cls if ncls == "random" else ncls)
    await tb.check_memory()
    tb.cov.write("edge")


@cocotb.test()
async def shared_slots(dut):
    """One slot as several operands: A = B (a square), the result over A, over B, over N,
    A = B = result, all four (A = B = N: the product of N with itself, 0)."""
    tb, rng = await bench(dut, 3)
    for length in legal((32, 96, 256, 1024)):
        for slots, cls in [((0, 0, 2, 3), "square"), ((0, 1, 2, 0), "r=a"), ((0, 1, 2, 1), "r=b"),
                           ((0, 1, 2, 2), "r=n"), ((3, 3, 2, 3), "a=b=r"), ((2, 2, 2, 2), "a=b=n=r"),
                           ((1, 0, 2, 3), "swapped")]:
            nv = rand_modulus(rng, length)
            await tb.product(length, rng.randrange(nv), rng.randrange(nv), nv, slots, cls=cls)
    await tb.check_memory()
    tb.cov.write("shared")


@cocotb.test()
async def random_add_sub(dut):
    """ADD and SUB of random operands below random moduli (full length and shorter) at the named
    sizes and at lengths that are not a multiple of W, in random slots (the result sometimes
    over A or B, A sometimes B)."""
    tb, rng = await bench(dut, 10)
    counts = {32: 10, 256: 6, 512: 4, 1024: 3, 2048: 2, 4096: 2}
    plan = [(x, c) for x, c in counts.items() if x <= MAX_BITS] + [(x, 2) for x in legal((33, 64, 96, 160, 255, 521))]
    for length, count in plan:
        nsl = tb.model.nslots(length)
        for k in range(count):
            nv = rand_modulus(rng, length if k % 2 == 0 else max(2, length - rng.randrange(1, 40)))
            slots = rng.sample(range(nsl), 4)
            if rng.random() < 0.2:
                slots[1] = slots[0]
            if rng.random() < 0.3:
                slots[3] = rng.choice(slots[:2])
            for op in (m.OP_ADD, m.OP_SUB):
                await tb.addsub(op, length, rng.randrange(nv), rng.randrange(nv), nv, tuple(slots))
    await tb.check_memory()
    tb.cov.write("addsub-random")


@cocotb.test()
async def add_sub_edges(dut):
    """N = 3, N = 2^k - 1, N = 2^(n-1) + 1, N = 2^32 - 1 in a long slot, N = 1; A = 0, B = 0,
    A = N - 1, B = N - 1, A = B in two slots; shared slots: r = a, r = b, a = b, r = a = b,
    r = n."""
    tb, rng = await bench(dut, 11)
    for length in legal((32, 256, 1024)):
        moduli = [(3, "n3"), ((1 << length) - 1, "mersenne"), ((1 << (length - 1)) + 1, "random"), (1, "n1"),
                  (rand_modulus(rng, length), "random")]
        if length > 32:
            moduli.append(((1 << 32) - 1, "mersenne"))
        for nv, ncls in moduli:
            x, y = rng.randrange(nv), rng.randrange(nv)
            cases = [(0, x, "zero"), (x, 0, "zero"), (0, 0, "zero"), (nv - 1, x, "n-1"), (x, nv - 1, "n-1"),
                     (nv - 1, nv - 1, "n-1"), (x, x, "equal"), (x, y, "random")]
            for op in (m.OP_ADD, m.OP_SUB):
                for av, bv, cls in cases:
                    await tb.addsub(op, length, av, bv, nv, cls=cls if ncls == "random" else ncls)
                for slots, cls in [((0, 1, 2, 0), "r=a"), ((0, 1, 2, 1), "r=b"), ((0, 0, 2, 3), "square"),
                                   ((3, 3, 2, 3), "a=b=r"), ((0, 1, 2, 2), "r=n"), ((1, 0, 2, 3), "swapped")]:
                    await tb.addsub(op, length, x, y, nv, slots, cls=cls if ncls == "random" else ncls)
    await tb.check_memory()
    tb.cov.write("addsub-edge")


@cocotb.test()
async def back_to_back(dut):
    """Each command's start is driven in the cycle its predecessor's done rises: a modular
    exponentiation by square-and-multiply, all in the unit (the operand and the accumulator
    never leave it), against pow(); then MUL, NINV and failing requests interleaved."""
    tb, rng = await bench(dut, 4)
    for length, ebits in [(x, e) for x, e in ((256, 48), (1024, 12), (64, 64)) if tb.model.nslots(x) >= 5]:
        s = m.words(length, W)
        r = 1 << (W * s)
        nv = rand_modulus(rng, length)
        base, e = rng.randrange(nv), rng.getrandbits(ebits) | (1 << (ebits - 1))
        X, BM, N, R2, ONE = 0, 1, 2, 3, 4                 # slots: accumulator, base (Montgomery), N, R^2, 1
        await tb.put(N, length, nv)
        await tb.put(R2, length, r * r % nv)
        await tb.put(BM, length, base)
        await tb.put(ONE, length, 1)
        await tb.command(m.OP_NINV, length, n=N, cls="chain")
        seq = [(BM, R2, X), (BM, R2, BM)]                  # X = base R, BM = base R (Montgomery forms)
        for bit in bin(e)[3:]:
            seq.append((X, X, X))
            if bit == "1":
                seq.append((X, BM, X))
        seq.append((X, ONE, X))                            # out of Montgomery form
        tb._drive_start(m.OP_MUL, length, seq[0][0], seq[0][1], N, seq[0][2])
        for i, (a, b, rr) in enumerate(seq):
            nxt = seq[i + 1] if i + 1 < len(seq) else None
            await tb.run(m.OP_MUL, length, a, b, N, rr, cls="chain", chained=True,
                         then=(m.OP_MUL, length, nxt[0], nxt[1], N, nxt[2]) if nxt else None)
        assert await tb.get(X, length) == pow(base, e, nv), f"{length}-bit exponentiation"
    # Mixed commands back to back: NINV, MUL, a request error, an even modulus, MUL.
    length = 256
    nv = rand_modulus(rng, length)
    await tb.put(2, length, nv)
    await tb.put(6, length, 8)                            # an even "modulus"
    await tb.put(0, length, rng.randrange(nv))
    await tb.put(1, length, rng.randrange(nv))
    seq = [(m.OP_NINV, length, 0, 0, 2, 0), (m.OP_MUL, length, 0, 1, 2, 3), (m.OP_MUL, 0, 0, 1, 2, 3),
           (m.OP_MUL, length, 0, 1, 6, 3), (7, length, 0, 0, 0, 0), (m.OP_MUL, length, 3, 1, 2, 4),
           (m.OP_NINV, length, 0, 0, 6, 0), (m.OP_MUL, length, 4, 4, 2, 4)]
    tb._drive_start(*seq[0])
    for i, c in enumerate(seq):
        await tb.command(*c, cls="chain", chained=True, then=seq[i + 1] if i + 1 < len(seq) else None)
    await RisingEdge(dut.clk)
    # A field-arithmetic program back to back, as P-256's point formulas run on the unit: random
    # MUL/ADD/SUB over a register file of slots 0, 1, 3, 4, 5 (N in 2), against Python
    # integers; ADD/SUB requests that fail (a slot out of range, an even modulus) among them.
    r = 1 << (W * m.words(length, W))
    regs = {k: rng.randrange(nv) for k in (0, 1, 3, 4, 5)}
    for k, v in regs.items():
        await tb.put(k, length, v)
    await tb.command(m.OP_NINV, length, n=2, cls="chain")
    fn = {m.OP_MUL: lambda x, y: x * y * pow(r, -1, nv) % nv, m.OP_ADD: lambda x, y: (x + y) % nv,
          m.OP_SUB: lambda x, y: (x - y) % nv}
    prog = []
    for i in range(40):
        op = rng.choice(list(fn))
        a, b, rr = (rng.choice(list(regs)) for _ in range(3))
        prog.append((op, length, a, b, 2, rr))
        regs[rr] = fn[op](regs[a], regs[b])
        if i in (10, 25):
            bad_slot, even = (m.OP_ADD, m.OP_SUB) if i == 10 else (m.OP_SUB, m.OP_ADD)
            prog.append((bad_slot, length, 0, tb.model.nslots(length), 2, 1))
            prog.append((even, length, 0, 1, 6, 1))                            # slot 6 holds 8
    tb._drive_start(*prog[0])
    for i, c in enumerate(prog):
        await tb.command(*c, cls="chain", chained=True, then=prog[i + 1] if i + 1 < len(prog) else None)
    await RisingEdge(dut.clk)
    for k, v in regs.items():
        assert await tb.get(k, length) == tb.model.load(k, length) == v, f"program: register {k}"
    await tb.check_memory()
    tb.cov.write("chain")


@cocotb.test()
async def start_while_busy(dut):
    """Requests and ninv writes while a command runs (first, middle and last busy cycles, and
    several in one command) are ignored with ERR_BUSY; the running command ends as if alone."""
    tb, rng = await bench(dut, 5)
    for length in legal((32, 256, 1024)):
        nv = rand_modulus(rng, length)
        lat = m.mul_cycles(m.words(length, W))
        for pokes in ([(0, "start")], [(lat - 1, "start")], [(lat // 2, "ninv")], [(0, "ninv"), (lat - 1, "ninv")],
                      [(1, "start"), (5, "ninv"), (lat - 2, "start")]):
            await tb.put(0, length, rng.randrange(nv))
            await tb.put(1, length, rng.randrange(nv))
            await tb.put(2, length, nv)
            await tb.command(m.OP_NINV, length, n=2, pokes=[(W + 2, "start")], cls="busy")
            await tb.run(m.OP_MUL, length, 0, 1, 2, 3, pokes=pokes, cls="busy")
            assert tb.model.err == m.ERR_BUSY
        alat = m.addsub_cycles(m.words(length, W))
        for op, pokes in [(m.OP_ADD, [(0, "start"), (alat // 2, "ninv"), (alat - 1, "start")]),
                          (m.OP_SUB, [(1, "ninv"), (alat - m.words(length, W) - 1, "start"), (alat - 1, "ninv")])]:
            await tb.run(op, length, 0, 1, 2, 3, pokes=pokes, cls="busy")
            assert tb.model.err == m.ERR_BUSY
    # While a command that fails its checks (1 cycle) or its modulus (3 cycles) is busy.
    await tb.command(m.OP_MUL, 0, pokes=[(0, "start")], cls="busy")
    await tb.put(6, 256, 4)
    await tb.command(m.OP_MUL, 256, 0, 1, 6, 3, pokes=[(2, "ninv")], cls="busy")
    assert tb.model.err == m.ERR_BUSY | m.ERR_MOD
    # The next command clears the flag.
    await tb.put(2, 256, rand_modulus(rng, 256))
    await tb.command(m.OP_NINV, 256, n=2, cls="busy")
    assert tb.model.err == 0
    await tb.check_memory()
    tb.cov.write("busy")


@cocotb.test()
async def reset_in_the_middle_of_an_operation(dut):
    """A reset at every edge of a MUL (at 2 and 5 words; at 1024 bits at a few edges, in the
    computation and in the copy): the unit is idle with done, the flags and ninv cleared, the
    result slot holds exactly the words written before the reset, and the next command works."""
    tb, rng = await bench(dut, 6)
    plans = [(64, None), (160, None)]
    if MAX_BITS >= 1024:
        lat = m.mul_cycles(m.words(1024, W))
        s = m.words(1024, W)
        plans.append((1024, [1, 2, 3, 4, 100, lat // 2, lat - s - 3, lat - s, lat - s + 1, lat - 5, lat - 1, lat]))
    for length, edges in plans:
        s = m.words(length, W)
        lat = m.mul_cycles(s)
        nv = rand_modulus(rng, length)
        for e in edges or range(1, lat + 1):
            await tb.put(0, length, rng.randrange(nv))
            await tb.put(1, length, rng.randrange(nv))
            await tb.put(2, length, nv)
            await tb.put(3, length, rng.getrandbits(length))
            await tb.command(m.OP_NINV, length, n=2, cls="reset")
            await tb.command(m.OP_MUL, length, 0, 1, 2, 3, reset_at=e)
            assert await tb.get(3, length) == tb.model.load(3, length), f"{length} bits, reset at edge {e}"
        await tb.product(length, rng.randrange(nv), rng.randrange(nv), nv, cls="after-reset")
        for op in (m.OP_ADD, m.OP_SUB):
            for e in range(1, m.addsub_cycles(s) + 1):
                await tb.put(3, length, rng.getrandbits(length))
                await tb.command(op, length, 0, 1, 2, 3, reset_at=e)
                assert await tb.get(3, length) == tb.model.load(3, length), f"op {op} {length} bits, reset at edge {e}"
            await tb.addsub(op, length, rng.randrange(nv), rng.randrange(nv), nv, cls="after-reset")
    # During NINV, and during a command that fails.
    await tb.put(2, 64, rand_modulus(rng, 64))
    for e in (1, 2, 3, W // 2, W + 3):
        await tb.command(m.OP_NINV, 64, n=2, reset_at=e)
    await tb.command(m.OP_MUL, 0, reset_at=1)
    await tb.check_memory()
    tb.cov.write("reset")


@cocotb.test()
async def error_flags(dut):
    """Every flag: unknown operations, lengths 0 and above MAX_BITS, each slot out of range at
    several lengths (and the last legal slot), an even and a zero modulus for MUL and NINV, a
    wrong ninv (the result slot keeps its contents); the memory never changes on an error and
    the unit answers the next command."""
    tb, rng = await bench(dut, 7)
    length = 256
    nsl = tb.model.nslots(length)
    nv = rand_modulus(rng, length)
    await tb.put(0, length, rng.randrange(nv))
    await tb.put(1, length, rng.randrange(nv))
    await tb.put(2, length, nv)
    await tb.put(3, length, 12345)
    await tb.command(m.OP_NINV, length, n=2, cls="errors")
    for op in [0] + list(range(5, 16)):
        await tb.command(op, length, 0, 1, 2, 3, cls="errors")
    for bad in (0, MAX_BITS + 1, 0xFFFF, 0x8000):
        for op in (m.OP_MUL, m.OP_ADD, m.OP_SUB):
            await tb.command(op, bad, 0, 1, 2, 3, cls="errors")
        await tb.command(m.OP_NINV, bad, n=2, cls="errors")
    await tb.command(0, 0, cls="errors")                            # op and len at once
    for ln in legal((32, 33, 256, 1024, MAX_BITS)):
        k = tb.model.nslots(ln)
        for pos in range(4):
            for bad in (k, k + 1, 0xFFFF):
                sl = [0, 1, 2, 3]
                sl[pos] = bad
                for op in (m.OP_MUL, m.OP_ADD, m.OP_SUB):
                    await tb.command(op, ln, *sl, cls="errors")
        await tb.command(m.OP_NINV, ln, n=k, cls="errors")
        await tb.command(m.OP_NINV, ln, k, k, 0, k, cls="errors")    # only N is checked: N[0] of slot 0
    for op in (m.OP_MUL, m.OP_ADD, m.OP_SUB):                       # legal
        await tb.command(op, length, nsl - 1, nsl - 1, 2, nsl - 1, cls="errors")
    # Even and zero moduli.
    for ev in (0, 2, 1 << (length - 1), (1 << length) - 2):
        await tb.put(6, length, ev)
        for op in m.OPS:
            await tb.command(op, length, 0, 1, 6, 3, cls="errors")
    # A wrong ninv: flagged at the end, nothing written.
    good = (-pow(nv, -1, 1 << W)) % (1 << W)
    await tb.put(3, length, 777)
    for wrong in (0, good ^ 1, good ^ (1 << (W - 1))):
        await tb.set_ninv(wrong)
        await tb.command(m.OP_MUL, length, 0, 1, 2, 3, cls="errors")
        assert tb.model.err == m.ERR_NINV
    # ADD and SUB never check ninv: they succeed with the last wrong one.
    for op in (m.OP_ADD, m.OP_SUB):
        await tb.run(op, length, 0, 1, 2, 3, cls="errors")
        assert tb.model.err == 0
    await tb.set_ninv(good)
    await tb.run(m.OP_MUL, length, 0, 1, 2, 3, cls="errors")
    assert tb.model.err == 0
    await tb.check_memory()
    tb.cov.write("errors")


@cocotb.test()
async def window_byte_writes(dut):
    """The bus port: words and single bytes (every byte-enable pattern) written at random
    addresses over the whole window, read back in any order, while a MUL runs too."""
    tb, rng = await bench(dut, 9)
    words = tb.model.window_words
    for _ in range(300):
        addr, val, be = rng.randrange(words), rng.getrandbits(32), rng.randrange(16)
        tb.model.bus_write(addr, val, be)
        await tb.write_words(addr, [val], be)
        tb.cov.sample("window", f"be{be:x}")
    for addr in rng.sample(range(words), 64):
        assert (await tb.read_words(addr, 1))[0] == tb.model.bus_read(addr)
    # The window answers while the unit computes (operands of the running command untouched):
    # 512 bits outlast the 40 accesses below at either W (553 cycles at W = 32, 153 at W = 64).
    length = 512
    nv = rand_modulus(rng, length)
    await tb.put(2, length, nv)
    await tb.put(0, length, rng.randrange(nv))
    await tb.put(1, length, rng.randrange(nv))
    await tb.command(m.OP_NINV, length, n=2, cls="window")
    await RisingEdge(dut.clk)
    tb._drive_start(m.OP_MUL, length, 0, 1, 2, 3)
    await RisingEdge(dut.clk)
    dut.start.value = 0
    tb.model.execute(m.OP_MUL, length, 0, 1, 2, 3)
    far = tb.model.bus_addr(tb.model.nslots(length) - 1, length)   # a slot the command does not use
    for i in [k % (m.words(length, W) * W // 32) for k in range(40)]:
        v = rng.getrandbits(32)
        tb.model.bus_write(far + i, v)
        await tb.write_words(far + i, [v])
        assert (await tb.read_words(far + i, 1))[0] == v
    assert dut.busy.value == 1, "the accesses must overlap the command"
    await FallingEdge(dut.busy)
    await RisingEdge(dut.clk)
    await tb.check_memory()
    tb.cov.write("window")


@cocotb.test()
async def known_answers(dut):
    """mont_kat.txt: products computed by Python's pow alone (make_kat.py), for this W."""
    tb, _ = await bench(dut, 8)
    lines = [ln.split() for ln in KAT.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    done = 0
    for w, length, av, bv, nv, ninv, want in lines:
        w, length = int(w), int(length)
        if w != W or length > MAX_BITS:
            continue
        av, bv, nv, ninv, want = (int(x, 16) for x in (av, bv, nv, ninv, want))
        await tb.put(0, length, av)
        await tb.put(1, length, bv)
        await tb.put(2, length, nv)
        await tb.command(m.OP_NINV, length, n=2, cls="kat")
        assert int(dut.ninv.value) == ninv
        await tb.run(m.OP_MUL, length, 0, 1, 2, 3, cls="kat")
        assert await tb.get(3, length) == want, f"known answer {length} bits"
        done += 1
    assert done >= 5
    tb.cov.write("kat")
