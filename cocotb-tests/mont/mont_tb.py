"""cocotb tests of the Montgomery co-processor core (hw/mont/mont_core.v) against its golden
model (hw/mont/model.py), through the core's register and memory interface (the one the LiteX
wrapper, hw/mont/core.py, maps to CSRs and a Wishbone window): every result, every error flag
and every latency, random operands at 32 to MAX_BITS bits, edge operands, shared slots,
back-to-back commands, starts and ninv writes while busy, reset in the middle of a command, the
known answers of mont_kat.txt. Run by test_mont.py, which passes the parameters in the
environment and collects the functional coverage this module writes."""

import json
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge
from cocotb.utils import get_sim_time

from hw.mont import model as m

W = int(os.environ.get("MONT_W", "32"))
MAX_BITS = int(os.environ.get("MONT_MAX_BITS", "4096"))
SLOTS = int(os.environ.get("MONT_SLOTS", "8"))
PERIOD = 10                                      # ns
KAT = Path(__file__).with_name("mont_kat.txt")


def size_class(length):
    s = m.words(length, W)
    return f"s{s}" if s <= 4 else ("small" if length <= 512 else "large")


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
                    "mem_en", "mem_we", "mem_addr", "mem_wdata"):
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
    async def write_words(self, addr, values):
        dut = self.dut
        for i, v in enumerate(values):
            dut.mem_en.value, dut.mem_we.value = 1, 1
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
    async def command(self, op, length, a=0, b=0, n=0, r=0, pokes=(), reset_at=None, cls="random", label=None):
        """Issues one command and waits for its end. pokes: (cycle, "start" | "ninv") events while
        it runs (cycle c: presented after edge c, sampled at edge c+1). reset_at: reset sampled
        at that edge. Checks busy/done, the flags and the latency against the model; returns the
        model's outcome."""
        dut = self.dut
        label = label or f"op {op} len {length} slots {a},{b},{n},{r}"
        busy, _, _ = await self.status()
        assert not busy, f"{label}: unit busy before the command"
        await RisingEdge(dut.clk)
        dut.start.value, dut.op.value, dut.len.value = 1, op, length
        dut.slot_a.value, dut.slot_b.value, dut.slot_n.value, dut.slot_r.value = a, b, n, r
        await RisingEdge(dut.clk)                      # E0: the command is taken
        t0 = get_sim_time("ns")
        dut.start.value = 0
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
                cyc += 1
                busy, done, err = await self.status()
                assert (busy, done, err) == (0, 0, 0), f"{label}: after a reset at edge {reset_at}: busy {busy} done {done} err {err}"
                await RisingEdge(dut.clk)
                self.cov.sample("reset", "mul" if op == m.OP_MUL else "other", "copy" if out.writes else "compute")
                return out
            # a start (random request) or an ninv write while busy
            if what == "start":
                dut.start.value, dut.op.value, dut.len.value = 1, random.randrange(16), random.randrange(1 << 16)
            else:
                dut.ninv_we.value, dut.ninv_wdata.value = 1, random.getrandbits(W)
            await RisingEdge(dut.clk)
            cyc += 1
            dut.start.value = dut.ninv_we.value = 0
            self.model.busy_violation()
        if cyc == 0:
            busy, done, _ = await self.status()
            assert busy == 1 and done == 0, f"{label}: busy {busy} done {done} after the start"
        await FallingEdge(dut.busy)
        latency = round((get_sim_time("ns") - t0) / PERIOD)
        busy, done, err = await self.status()
        assert done == 1, f"{label}: busy fell without done"
        assert err == self.model.err, f"{label}: flags {err:#x}, model {self.model.err:#x}"
        assert latency == out.cycles, f"{label}: latency {latency}, model {out.cycles}"
        ops = {m.OP_MUL: "mul", m.OP_NINV: "ninv"}
        self.cov.sample(ops.get(op, "undefined"), size_class(length) if 1 <= length <= MAX_BITS else "badlen",
                        flags_class(self.model.err), cls)
        await RisingEdge(dut.clk)
        return out

    async def mul(self, length, a, b, n, r, cls="random", check=True, **kw):
        out = await self.command(m.OP_MUL, length, a, b, n, r, cls=cls, **kw)
        if check and out.err == 0:
            got = await self.get(r, length)
            assert got == self.model.load(r, length), f"MUL {length} bits: result differs from the model"
        return out

    async def product(self, length, av, bv, nv, slots=(0, 1, 2, 3), cls="random", set_ninv=True):
        """Loads A, B, N into slots, sets ninv (by NINV), multiplies; checks the result against
        Python integers too (A * B * R^-1 mod N, the unit's MUL for unreduced operands)."""
        a, b, n, r = slots
        await self.put(n, length, nv)
        await self.put(a, length, av)
        if b != a:
            await self.put(b, length, bv)
        else:
            bv = av
        if set_ninv:
            await self.command(m.OP_NINV, length, n=n, cls=cls)
        await self.mul(length, a, b, n, r, cls=cls)
        s = m.words(length, W)
        got = await self.get(r, length)
        assert got == m.mont_product(av, bv, nv, s, W), f"MUL {length} bits ({cls}): wrong product"
        if av < nv and bv < nv:
            assert got == av * bv * pow(1 << (W * s), -1, nv) % nv
        return got


def rand_modulus(rng, bits):
    return rng.getrandbits(bits) | 1 | (1 << (bits - 1))


@cocotb.test()
async def smoke(dut):
    rng = random.Random(1)
    tb = Bench(dut)
    await tb.start()
    for bits in (32, 64, 96, 128, 160, 256):
        for _ in range(3):
            nv = rand_modulus(rng, bits)
            await tb.product(bits, rng.randrange(nv), rng.randrange(nv), nv)
    await tb.check_memory()
