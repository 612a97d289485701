"""cocotb tests of the carry-less multiply unit (hw/clmul/cfu.v) against its golden model
(hw/clmul/model.py): every result and every latency, with back-to-back commands, random
back-pressure on rsp_ready, reset in the middle of an operation, every function id, replayed
commands, and the known answers of clmul_kat.txt. Run by test_clmul.py, which passes PARTS in
the environment and collects the functional coverage this module writes."""

import json
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from hw.clmul import model as m

PARTS = int(os.environ.get("CLMUL_PARTS", "2"))
MAX_LATENCY = PARTS * 15 + 3          # PROD of a middle word with both columns (8 + 7 products)
KAT = Path(__file__).with_name("clmul_kat.txt")


def operand_class(x):
    if x == 0:
        return "zero"
    if x == 1:
        return "one"
    if x == m.MASK32:
        return "ones"
    if x & (x - 1) == 0:
        return "bit"
    return "random"


def fid_class(f):
    f3, f7 = f & 7, f >> 3
    names = {m.ZBC: "zbc", m.LDA: "lda", m.LDB: "ldb", m.LEN: "len", m.PROD: "prod", m.SPREAD: "spread"}
    valid = {m.ZBC: f7 <= 2, m.LDA: f7 < 8 and f7 % 2 == 0, m.LDB: f7 < 8 and f7 % 2 == 0, m.LEN: 1 <= f7 <= 8,
             m.PROD: f7 < 16, m.SPREAD: f7 <= 1}
    if f3 not in names:
        return "undefined"
    if not valid[f3]:
        return names[f3] + "-undefined"
    return f"zbc-{('clmul', 'clmulh', 'clmulr')[f7]}" if f3 == m.ZBC else names[f3]


class Coverage:
    """Function ids by class x operand classes (of rs1), written to coverage-<test>.json."""

    def __init__(self):
        self.hits = {}

    def sample(self, f, x):
        key = f"{fid_class(f)}/{operand_class(x)}"
        self.hits[key] = self.hits.get(key, 0) + 1

    def write(self, name):
        Path(f"coverage-{name}.json").write_text(json.dumps(self.hits, indent=1, sort_keys=True))


class Bench:
    """Drives the CFU port like VexRiscv: a command is held until accepted, the next one may
    follow in the cycle after; rsp_ready follows a policy each cycle. Every response is checked
    against the model, its result and its latency."""

    def __init__(self, dut, ready=lambda: True):
        self.dut, self.ready = dut, ready
        self.model = m.ClmulUnit(PARTS)
        self.cov = Coverage()
        self.cycle = 0
        self.pending = []                  # (fire cycle, expected result, expected latency, label)
        self.seen = 0
        dut.cmd_valid.value = 0
        dut.rsp_ready.value = 0
        dut.cmd_payload_function_id.value = 0
        dut.cmd_payload_inputs_0.value = 0
        dut.cmd_payload_inputs_1.value = 0

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        await self.reset()
        cocotb.start_soon(self._monitor())

    async def reset(self, cycles=2):
        self.dut.reset.value = 1
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)
        self.dut.reset.value = 0
        self.model.reset()

    async def _monitor(self):
        """Each cycle: drive rsp_ready, then at the settled signals check a response that is
        handed over (rsp_valid and rsp_ready) against the oldest pending command."""
        first_valid = None
        while True:
            self.dut.rsp_ready.value = int(self.ready())
            await ReadOnly()
            valid, ready = int(self.dut.rsp_valid.value), int(self.dut.rsp_ready.value)
            if valid and first_valid is None and self.pending:
                first_valid = self.cycle
            if valid and ready and self.pending:
                fired, want, lat, label = self.pending.pop(0)
                got = int(self.dut.rsp_payload_outputs_0.value)
                assert got == want, f"{label}: result {got:#010x}, model {want:#010x}"
                assert first_valid - fired == lat, f"{label}: latency {first_valid - fired}, model {lat}"
                self.seen += 1
                first_valid = None
            await RisingEdge(self.dut.clk)
            self.cycle += 1

    async def op(self, f, x=0, y=0, label=None):
        """Presents one command until it is accepted (no wait for its response)."""
        dut = self.dut
        dut.cmd_valid.value = 1
        dut.cmd_payload_function_id.value = f
        dut.cmd_payload_inputs_0.value = x
        dut.cmd_payload_inputs_1.value = y
        waited = 0
        while True:
            await ReadOnly()
            accepted = int(dut.cmd_ready.value)
            fire_cycle = self.cycle
            await RisingEdge(dut.clk)
            if accepted:
                break
            waited += 1
            assert waited < 4 * MAX_LATENCY + 100, f"fid {f:#x}: command never accepted (hang)"
        dut.cmd_valid.value = 0
        want, lat = self.model.execute(f, x, y)
        self.pending.append((fire_cycle, want, lat, label or f"fid {f:#05x} ({fid_class(f)}) {x:#x},{y:#x}"))
        self.cov.sample(f, x)

    async def drain(self):
        for _ in range(100 * MAX_LATENCY):
            if not self.pending:
                return
            await RisingEdge(self.dut.clk)
        raise AssertionError(f"{len(self.pending)} responses never came: {self.pending[0][3]}")

    async def load(self, a, b, n):
        await self.op(m.fid(m.LEN, n))
        for i in range(0, 8, 2):
            await self.op(m.fid(m.LDA, i), a[i], a[i + 1])
            await self.op(m.fid(m.LDB, i), b[i], b[i + 1])


EDGE = [0, 1, m.MASK32] + [1 << i for i in range(32)]


def rand_ready(rng, p):
    return lambda: rng.random() < p


@cocotb.test()
async def zbc_random_and_edge_operands(dut):
    rng = random.Random(1)
    tb = Bench(dut)
    await tb.start()
    for op in (m.CLMUL, m.CLMULH, m.CLMULR):
        for x in EDGE:
            for y in (0, 1, m.MASK32, 0x80000000, rng.getrandbits(32)):
                await tb.op(m.fid(m.ZBC, op), x, y)
        for _ in range(300):
            await tb.op(m.fid(m.ZBC, op), rng.getrandbits(32), rng.getrandbits(32))
    await tb.drain()
    tb.cov.write("zbc")


@cocotb.test()
async def field_products_in_every_order_with_back_pressure(dut):
    """n-word products for n = 1..8, the words read in ascending, descending and random order
    and read twice (a replayed instruction), Zbc products in between, with rsp_ready low a third
    of the time."""
    rng = random.Random(2)
    tb = Bench(dut, ready=rand_ready(rng, 0.67))
    await tb.start()
    for n in range(1, 9):
        for trial in range(6):
            cls = trial % 3
            a = [[0, m.MASK32, rng.getrandbits(32)][cls] if trial < 3 else rng.getrandbits(32) for _ in range(8)]
            b = [rng.getrandbits(32) for _ in range(8)]
            await tb.load(a, b, n)
            order = [list(range(16)), list(range(15, -1, -1)), rng.sample(range(16), 16)][trial % 3]
            for k in order:
                await tb.op(m.fid(m.PROD, k))
                if rng.random() < 0.2:
                    await tb.op(m.fid(m.PROD, k))          # replayed
                if rng.random() < 0.1:                     # a Zbc product takes the accumulator
                    await tb.op(m.fid(m.ZBC, rng.randrange(3)), rng.getrandbits(32), rng.getrandbits(32))
    await tb.drain()
    tb.cov.write("products")


@cocotb.test()
async def replayed_writes_and_reads(dut):
    """Every instruction twice in a row (as a replay would issue it) gives the same results as
    once: the writes are idempotent and the reads pure."""
    rng = random.Random(3)
    tb = Bench(dut)
    await tb.start()
    a = [rng.getrandbits(32) for _ in range(8)]
    b = [rng.getrandbits(32) for _ in range(8)]
    for _ in range(2):
        await tb.op(m.fid(m.LEN, 6))
        await tb.op(m.fid(m.LEN, 6))
        for i in range(0, 8, 2):
            for _ in range(2):
                await tb.op(m.fid(m.LDA, i), a[i], a[i + 1])
                await tb.op(m.fid(m.LDB, i), b[i], b[i + 1])
        for k in range(12):
            await tb.op(m.fid(m.PROD, k))
            await tb.op(m.fid(m.PROD, k))
    await tb.drain()


@cocotb.test()
async def every_function_id(dut):
    """All 1024 function ids answer (the undefined ones with 0 and no effect), with random and
    edge operands, after a random product was loaded."""
    rng = random.Random(4)
    tb = Bench(dut, ready=rand_ready(rng, 0.8))
    await tb.start()
    await tb.load([rng.getrandbits(32) for _ in range(8)], [rng.getrandbits(32) for _ in range(8)], 8)
    for f in range(1024):
        for x in (0, rng.choice(EDGE[1:]), rng.getrandbits(32)):
            await tb.op(f, x, rng.getrandbits(32))
    await tb.drain()
    tb.cov.write("fids")


@cocotb.test()
async def spread_squares(dut):
    rng = random.Random(5)
    tb = Bench(dut)
    await tb.start()
    for x in EDGE + [rng.getrandbits(32) for _ in range(50)]:
        for half in (0, 1):
            await tb.op(m.fid(m.SPREAD, half), x)
    await tb.drain()
    tb.cov.write("spread")


@cocotb.test()
async def reset_in_the_middle_of_an_operation(dut):
    """A reset while a product is being summed: the unit is idle afterwards (n = 8, A and B as
    they were), accepts the next command at once and answers it right."""
    rng = random.Random(6)
    tb = Bench(dut)
    await tb.start()
    for delay in range(1, 2 * PARTS * 8):
        await tb.load([rng.getrandbits(32) for _ in range(8)], [rng.getrandbits(32) for _ in range(8)], 8)
        await tb.drain()
        dut.cmd_valid.value = 1
        dut.cmd_payload_function_id.value = m.fid(m.PROD, 7)
        await RisingEdge(dut.clk)                     # accepted: PROD 7 sums 8 + 7 products
        dut.cmd_valid.value = 0
        for _ in range(delay):
            await RisingEdge(dut.clk)
        await tb.reset(cycles=1)
        await ReadOnly()
        assert int(dut.rsp_valid.value) == 0 and int(dut.cmd_ready.value) == 1
        await RisingEdge(dut.clk)
        await tb.op(m.fid(m.PROD, 9))                  # n = 8 again
        await tb.op(m.fid(m.ZBC, m.CLMUL), 0x12345678, 0x9ABCDEF0)
        await tb.drain()


@cocotb.test()
async def known_answers(dut):
    """clmul_kat.txt: function id, rs1, rs2 and the expected result, computed independently of
    the model (tests/host/test_clmul_model.py's Zbc pseudocode, vexrun.models.gf2m for the products);
    LDA/LDB/LEN lines load operands."""
    tb = Bench(dut)
    await tb.start()
    lines = [ln.split() for ln in KAT.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    for f, x, y, want in lines:
        f, x, y, want = int(f, 0), int(x, 16), int(y, 16), int(want, 16)
        assert tb.model.execute(f, x, y)[0] == want, f"the model disagrees with the known answer {f:#x} {x:#x} {y:#x}"
    # The model ran ahead; replay the file through the RTL with a fresh model.
    tb.model.reset()
    for f, x, y, want in lines:
        await tb.op(int(f, 0), int(x, 16), int(y, 16))
    await tb.drain()
    assert tb.seen == len(lines)
