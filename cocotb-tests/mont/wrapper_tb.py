"""cocotb tests of the Montgomery co-processor's LiteX wrapper (hw/mont/core.py) through the
buses the SoC uses: LiteX's CSR bank (command, modulus, ninv, ninv_value, status) and the
Wishbone operand window, against the golden model (hw/mont/model.py). The CSR bus address is
left on `status` between accesses, so the bank's registered read data is a cycle-by-cycle trace
of the status register. Run by test_mont_wrapper.py (parameters and CSR addresses in the
environment, QUEUE the depth of the command FIFO). Op 15 stands for an undefined operation."""

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, Timer

from hw.mont import model as m

W = int(os.environ["MONT_W"])
MAX_BITS = int(os.environ["MONT_MAX_BITS"])
SLOTS = int(os.environ["MONT_SLOTS"])
QUEUE = int(os.environ["MONT_QUEUE"])
CSR = json.loads(os.environ["MONT_CSRS"])
OP_UNDEFINED = 15
BUSY, DONE, QUEUED, FULL, RUN = 1, 2, 4, 8, 1 << 14


def space(status):
    return status >> 4 & 0xF


class Bus:
    def __init__(self, dut):
        self.dut, self.cycle = dut, 0
        self.model = m.MontUnit(W, MAX_BITS, SLOTS)
        self.prog = [0] * m.PROG_WORDS              # the program memory, as written
        for sig in ("bank_bus_adr", "bank_bus_we", "bank_bus_dat_w", "bus_adr", "bus_dat_w", "bus_sel", "bus_cyc",
                    "bus_stb", "bus_we"):
            getattr(dut, sig).value = 0
        dut.bank_bus_adr.value = CSR["status"][0]

    async def start(self):
        cocotb.start_soon(Clock(self.dut.sys_clk, 10, unit="ns").start())
        cocotb.start_soon(self._count())
        await self.reset()
        for a in range(self.model.window_words):     # the memory has no reset: zeros, as the model's
            await self.wb_write(a, 0)

    async def _count(self):
        while True:
            await RisingEdge(self.dut.sys_clk)
            self.cycle += 1

    async def reset(self):
        self.dut.sys_rst.value = 1
        await RisingEdge(self.dut.sys_clk)
        await RisingEdge(self.dut.sys_clk)
        self.dut.sys_rst.value = 0
        self.model.reset()

    async def csr_write(self, name, value):
        """One bus cycle per word, the most significant first (csr.h's order: the last write
        strobes the register); returns the cycle count of the last edge."""
        addr, words = CSR[name]
        for i in range(words):
            self.dut.bank_bus_adr.value = addr + i
            self.dut.bank_bus_dat_w.value = value >> (32 * (words - 1 - i)) & 0xFFFFFFFF
            self.dut.bank_bus_we.value = 1
            await RisingEdge(self.dut.sys_clk)
        edge = self.cycle
        self.dut.bank_bus_we.value = 0
        self.dut.bank_bus_adr.value = CSR["status"][0]
        return edge

    async def settle(self, cycles=2):
        """A CSR write takes effect at the edge after its strobe: 2 cycles after the write."""
        for _ in range(cycles):
            await RisingEdge(self.dut.sys_clk)

    async def csr_read(self, name):
        addr, words = CSR[name]
        v = 0
        for i in range(words):
            self.dut.bank_bus_adr.value = addr + i
            await RisingEdge(self.dut.sys_clk)
            await ReadOnly()
            v = v << 32 | int(self.dut.bank_bus_dat_r.value)
            await RisingEdge(self.dut.sys_clk)
        self.dut.bank_bus_adr.value = CSR["status"][0]
        return v

    async def wait_done(self, limit=200_000):
        """Polls status each cycle until done with nothing queued: (status, cycle of the edge).
        The first cycles after a command write are skipped: the CSR's write strobe, the queue
        and the start take 3 cycles to show, and until then done is the previous command's."""
        first = self.cycle + 3
        for _ in range(limit):
            await RisingEdge(self.dut.sys_clk)
            await ReadOnly()
            v = int(self.dut.bank_bus_dat_r.value)
            if self.cycle > first and v & DONE and not v & (BUSY | QUEUED):
                await RisingEdge(self.dut.sys_clk)
                return v, self.cycle - 1
        raise AssertionError("the unit did not finish")

    async def _wb(self, addr, we, value=0, sel=0xF):
        """One Wishbone access, released in the cycle its ack is seen (the window acks the
        cycle after the access): the read data, or None for a write."""
        d = self.dut
        d.bus_adr.value, d.bus_we.value, d.bus_dat_w.value, d.bus_sel.value = addr, we, value, sel
        d.bus_cyc.value = d.bus_stb.value = 1
        for _ in range(8):
            await RisingEdge(d.sys_clk)
            await Timer(1, unit="ns")
            if int(d.bus_ack.value):
                data = None if we else int(d.bus_dat_r.value)
                d.bus_cyc.value = d.bus_stb.value = d.bus_we.value = 0
                return data
        raise AssertionError("the window did not ack")

    async def wb_write(self, addr, value, sel=0xF):
        await self._wb(addr, 1, value, sel)

    async def wb_read(self, addr):
        return await self._wb(addr, 0)

    async def load(self, slot, length, value):
        s = m.words(length, W)
        base = self.model.bus_addr(slot, length)
        for j in range(s * W // 32):
            w = (value >> (32 * j)) & 0xFFFFFFFF
            await self.wb_write(base + j, w)
            self.model.bus_write(base + j, w)

    async def store(self, slot, length):
        s = m.words(length, W)
        base = self.model.bus_addr(slot, length)
        v = 0
        for j in range(s * W // 32):
            v |= await self.wb_read(base + j) << (32 * j)
        return v

    async def program(self, prog, words):
        """Writes `words` from program `prog`'s first entry: prog_addr once, prog_data a word."""
        at = prog * m.PROG_BLOCK
        await self.csr_write("prog_addr", at)
        for i, w in enumerate(words):
            await self.csr_write("prog_data", w)
            self.prog[at + i] = w

    def run_model(self, length, prog, p, q, out):
        """The model runs the commands of RUN(prog, p, q, out): them, and the flags they set."""
        cmds = m.program_commands(self.prog, prog, p, q, out)
        flags = 0
        for op, a, b, r in cmds:
            flags |= self.model.execute(op, length, a, b, 0, r).err
        return cmds, flags

    async def setup(self, length, n, slot_n=0):
        await self.load(slot_n, length, n)
        await self.csr_write("modulus", length | slot_n << 16)
        ninv = (-pow(n, -1, 1 << W)) % (1 << W)
        await self.csr_write("ninv", ninv)
        self.model.ninv = ninv


def command(op, a=0, b=0, r=0):
    return op | a << 8 | b << 16 | r << 24


def run(prog, p, q, out):
    """RUN: program `prog` with base slots P = p, Q = q, OUT = out."""
    return command(m.OP_RUN | prog << 4, p, q, out)


P, Q, O, A = (lambda i, c=c: m.ref(c, i) for c in (m.REF_P, m.REF_Q, m.REF_OUT, m.REF_ABS))


def formula(n_ops, rng, temps=(1, 2)):
    """A random program of n_ops words over P + 0..2, Q + 0..2, OUT + 0..2 and the absolute
    slots `temps`, writing OUT and temps only, END on the last."""
    reads = [P(i) for i in range(3)] + [Q(i) for i in range(3)] + [O(i) for i in range(3)] + [A(t) for t in temps]
    writes = [O(i) for i in range(3)] + [A(t) for t in temps]
    ops = (m.OP_MUL, m.OP_ADD, m.OP_SUB)
    return [m.prog_word(rng.choice(ops), rng.choice(writes), rng.choice(reads), rng.choice(reads), k == n_ops - 1)
            for k in range(n_ops)]


def odd_modulus(rng, length):
    return rng.getrandbits(length) | 1 << (length - 1) | 1


async def ready(dut, seed, length):
    """A started bench with modulus n (length bits) set up and operands x, y < n in slots 1
    and 2: (bus, n, x, y, s)."""
    bus = Bus(dut)
    await bus.start()
    rng = random.Random(seed)
    n = odd_modulus(rng, length)
    x, y = rng.randrange(n), rng.randrange(n)
    await bus.setup(length, n)
    await bus.load(1, length, x)
    await bus.load(2, length, y)
    return bus, n, x, y, m.words(length, W)


@cocotb.test()
async def products_through_the_bus(dut):
    """Random products at 32 to 1024 bits written and read through the window, started by a
    command CSR write: each result is the model's, and the status ends done without errors."""
    bus = Bus(dut)
    await bus.start()
    rng = random.Random(1)
    for length in (32, 64, 256, 520, 1024):
        n = odd_modulus(rng, length)
        x, y = rng.randrange(n), rng.randrange(n)
        await bus.setup(length, n)
        await bus.load(1, length, x)
        await bus.load(2, length, y)
        await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
        st, _ = await bus.wait_done()
        assert st >> 8 == 0, f"{length}: flags {st >> 8:#x}"
        s = m.words(length, W)
        assert await bus.store(3, length) == m.mont_product(x, y, n, s, W), length


@cocotb.test()
async def queue_runs_back_to_back(dut):
    """QUEUE + 1 commands written back to back (one CSR write a cycle) are all taken: the first
    starts, the others fill the FIFO (full, no space). Each starts the cycle after the one
    before ends, so they take one product's latency plus QUEUE times a product and a cycle;
    every result (a chain of products) is right."""
    length = 256
    bus, n, x, y, s = await ready(dut, 2, length)
    t0 = await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    _, t1 = await bus.wait_done()
    single = t1 - t0
    t0 = await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    for k in range(QUEUE):
        await bus.csr_write("command", command(m.OP_MUL, 3 + k, 2, 4 + k))
    await bus.settle()
    st = await bus.csr_read("status")
    assert st & (BUSY | QUEUED | FULL) == BUSY | QUEUED | FULL and space(st) == 0, f"status {st:#x}"
    _, t2 = await bus.wait_done()
    assert t2 - t0 == single + QUEUE * (m.mul_cycles(s) + 1), (single, t2 - t0, m.mul_cycles(s))
    p = m.mont_product(x, y, n, s, W)
    for k in range(QUEUE + 1):
        assert await bus.store(3 + k, length) == p, f"command {k}"
        p = m.mont_product(p, y, n, s, W)
    assert (await bus.csr_read("status")) >> 8 == 0


@cocotb.test()
async def add_sub_through_the_queue(dut):
    """ADD and SUB as the driver streams them: runs of QUEUE + 1 commands (ADD, SUB, MUL in
    turn) written back to back, the first running and the others queued behind it, each run
    taking the CSR and queue delays, the model's latencies and one cycle between commands; the
    results (x + y, then minus y, x - y, its Montgomery square, a doubling with r = a = b)
    against Python integers; an ADD with a slot out of range and a SUB with an even modulus end
    at once with their flags."""
    length = 256
    bus, n, x, y, s = await ready(dut, 8, length)
    rinv = pow(1 << (W * s), -1, n)
    t0 = await bus.csr_write("command", command(m.OP_ADD, 1, 2, 3))
    _, t1 = await bus.wait_done()
    delay = t1 - t0 - m.addsub_cycles(s)                  # the CSR write, queue and status delays
    stream = [(m.OP_ADD, 1, 2, 3), (m.OP_SUB, 3, 2, 4), (m.OP_SUB, 1, 2, 5), (m.OP_MUL, 5, 5, 6),
              (m.OP_MUL, 1, 2, 7), (m.OP_ADD, 7, 7, 7)]
    for i in range(0, len(stream), QUEUE + 1):
        run = stream[i:i + QUEUE + 1]
        t0 = await bus.csr_write("command", command(*run[0]))
        for cmd in run[1:]:
            await bus.csr_write("command", command(*cmd))
        _, t2 = await bus.wait_done()
        want = delay + sum(m.cycles(c[0], s) + 1 for c in run) - 1
        assert t2 - t0 == want, (run, t2 - t0, want)
    d = (x - y) % n
    want = {3: (x + y) % n, 4: x, 5: d, 6: d * d * rinv % n, 7: 2 * x * y * rinv % n}
    for slot, v in want.items():
        assert await bus.store(slot, length) == v, f"slot {slot}"
    assert (await bus.csr_read("status")) >> 8 == 0
    await bus.csr_write("command", command(m.OP_ADD, 1, 2, 255))
    st, _ = await bus.wait_done(limit=50)
    assert st >> 8 == m.ERR_SLOT, f"flags {st >> 8:#x}"
    await bus.load(6, length, n + 1)
    await bus.csr_write("modulus", length | 6 << 16)
    await bus.csr_write("command", command(m.OP_SUB, 1, 2, 3))
    st, _ = await bus.wait_done(limit=50)
    assert st >> 8 == m.ERR_MOD, f"flags {st >> 8:#x}"
    assert await bus.store(3, length) == (x + y) % n


@cocotb.test()
async def a_command_written_while_full_is_dropped(dut):
    """With one command running and QUEUE queued (QUEUE + 1 written back to back), the next,
    written back to back with them, is dropped and flags ERR_BUSY (sticky until the next modulus
    write); the others complete; its result slot is untouched."""
    length = 512
    bus, n, x, y, s = await ready(dut, 3, length)
    dropped = 4 + QUEUE
    await bus.load(dropped, length, 12345)
    for k in range(QUEUE + 2):
        await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3 + k))
    st, _ = await bus.wait_done()
    assert st >> 8 == m.ERR_BUSY, f"flags {st >> 8:#x}"
    p = m.mont_product(x, y, n, s, W)
    for k in range(QUEUE + 1):
        assert await bus.store(3 + k, length) == p, f"command {k}"
    assert await bus.store(dropped, length) == 12345
    assert (await bus.csr_read("status")) >> 8 == m.ERR_BUSY        # sticky
    await bus.csr_write("modulus", length)
    await bus.settle()
    assert (await bus.csr_read("status")) >> 8 == 0


@cocotb.test()
async def space_counts_down_and_up(dut):
    """As the driver fills the FIFO behind a running product: idle, space is QUEUE; each command
    written takes one entry (space down by one, full at 0), a write while full is dropped with
    ERR_BUSY and changes nothing; as the product ends, each queued command starts the cycle
    after the one before ends, freeing its entry at that edge (space up by one, every change
    traced cycle by cycle); the results are right and the last ends on time."""
    length = 1024
    bus, n, x, y, s = await ready(dut, 9, length)
    st = await bus.csr_read("status")
    assert st & (BUSY | QUEUED | FULL) == 0 and space(st) == QUEUE, f"idle status {st:#x}"
    t0 = await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    _, t1 = await bus.wait_done()
    single = t1 - t0
    queue = [(m.OP_ADD if k % 2 == 0 else m.OP_SUB, 1, 2, 4 + k) for k in range(QUEUE)]
    dropped = 4 + QUEUE
    await bus.load(dropped, length, 12345)
    t0 = await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    await bus.settle()
    st = await bus.csr_read("status")
    assert st & (BUSY | QUEUED | FULL) == BUSY and space(st) == QUEUE, f"running: status {st:#x}"
    for k, cmd in enumerate(queue, 1):
        await bus.csr_write("command", command(*cmd))
        await bus.settle()
        st = await bus.csr_read("status")
        want = BUSY | QUEUED | (FULL if k == QUEUE else 0)
        assert st & (BUSY | QUEUED | FULL) == want and space(st) == QUEUE - k, f"{k} queued: status {st:#x}"
    await bus.csr_write("command", command(m.OP_ADD, 1, 2, dropped))
    await bus.settle()
    st = await bus.csr_read("status")
    assert st & FULL and space(st) == 0 and st >> 8 == m.ERR_BUSY, f"after the drop: status {st:#x}"
    rises, last = [], 0                                   # (cycle, space) of every change
    while True:
        await RisingEdge(dut.sys_clk)
        await ReadOnly()
        st = int(dut.bank_bus_dat_r.value)
        if space(st) != last:
            rises.append((bus.cycle, space(st)))
            last = space(st)
        if st & DONE and not st & (BUSY | QUEUED):
            break
    await RisingEdge(dut.sys_clk)
    assert [v for _, v in rises] == list(range(1, QUEUE + 1)), rises
    gaps = [b[0] - a[0] for a, b in zip(rises, rises[1:])]
    assert gaps == [m.cycles(c[0], s) + 1 for c in queue[:-1]], (gaps, rises)
    assert bus.cycle - 1 - t0 == single + sum(m.cycles(c[0], s) + 1 for c in queue), (single, bus.cycle - 1 - t0)
    for op, a, b, r in queue:
        assert await bus.store(r, length) == ((x + y) % n if op == m.OP_ADD else (x - y) % n), f"slot {r}"
    assert await bus.store(dropped, length) == 12345


@cocotb.test()
async def errors_and_ninv_while_busy(dut):
    """An undefined op, a length above MAX_BITS, an even modulus and a slot out of range each
    end at once with their flag (no hang); a ninv write while busy is ignored with ERR_BUSY."""
    bus = Bus(dut)
    await bus.start()
    rng = random.Random(4)
    length = 1024
    n = odd_modulus(rng, length)
    await bus.setup(length, n)
    cases = [(command(OP_UNDEFINED, 1, 2, 3), length, m.ERR_OP),
             (command(m.OP_MUL, 1, 2, 3), MAX_BITS + 1, m.ERR_LEN),
             (command(m.OP_MUL, 1, 2, 255), length, m.ERR_SLOT)]
    for cmd, ln, flag in cases:
        await bus.csr_write("modulus", ln)
        await bus.csr_write("command", cmd)
        st, _ = await bus.wait_done(limit=50)
        assert st >> 8 == flag, f"{cmd:#x}: flags {st >> 8:#x}"
    await bus.load(6, length, n + 1)                  # even
    await bus.csr_write("modulus", length | 6 << 16)
    await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    st, _ = await bus.wait_done(limit=50)
    assert st >> 8 == m.ERR_MOD
    await bus.csr_write("modulus", length)
    ninv = await bus.csr_read("ninv_value")
    await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    await bus.settle(10)                              # the product runs
    await bus.csr_write("ninv", ninv ^ 2)
    st, _ = await bus.wait_done()
    assert st >> 8 == m.ERR_BUSY and await bus.csr_read("ninv_value") == ninv


@cocotb.test()
async def window_bytes_and_wrap(dut):
    """Byte enables write only their bytes; a word address past the window wraps onto it."""
    bus = Bus(dut)
    await bus.start()
    await bus.wb_write(7, 0x11223344)
    await bus.wb_write(7, 0xAABBCCDD, sel=0b0101)
    assert await bus.wb_read(7) == 0x11BB33DD
    words = bus.model.window_words
    await bus.wb_write(words + 9, 0xCAFEF00D)
    assert await bus.wb_read(9) == 0xCAFEF00D


@cocotb.test()
async def reset_with_a_queued_command(dut):
    """A reset while a product runs and the FIFO is full leaves the unit idle with nothing
    queued, all QUEUE entries free and no flags; the next product is right."""
    length = 1024
    bus, n, x, y, s = await ready(dut, 6, length)
    for k in range(QUEUE + 1):
        await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    for _ in range(100):
        await RisingEdge(dut.sys_clk)
    assert (await bus.csr_read("status")) & FULL
    await bus.reset()
    st = await bus.csr_read("status")
    assert st & (BUSY | QUEUED | FULL) == 0 and space(st) == QUEUE and st >> 8 == 0, f"status {st:#x}"
    await bus.setup(length, n)                        # the core's reset cleared ninv
    await bus.csr_write("command", command(m.OP_MUL, 1, 2, 5))
    st, _ = await bus.wait_done()
    assert st >> 8 == 0 and await bus.store(5, length) == m.mont_product(x, y, n, s, W)


@cocotb.test()
async def ninv_write_while_queued(dut):
    """A ninv write right after a command, while it waits for the idle core to take it, is
    ignored with ERR_BUSY: the product runs with the ninv it was queued with."""
    length = 256
    bus, n, x, y, s = await ready(dut, 7, length)
    ninv = await bus.csr_read("ninv_value")
    await bus.csr_write("command", command(m.OP_MUL, 1, 2, 3))
    await bus.csr_write("ninv", ninv ^ 2)
    st, _ = await bus.wait_done()
    assert st >> 8 == m.ERR_BUSY, f"flags {st >> 8:#x}"
    assert await bus.csr_read("ninv_value") == ninv
    assert await bus.store(3, length) == m.mont_product(x, y, n, s, W)



@cocotb.test()
async def counters_count_busy_cycles_and_commands(dut):
    """busy_cycles grows by each command's latency (the model's) and commands by one a command
    started, queued or not, at any length; neither moves while the unit is idle."""
    rng = random.Random(9)
    bus = Bus(dut)
    await bus.start()
    for length in (256, 1024):
        n = odd_modulus(rng, length)
        await bus.setup(length, n)
        await bus.load(1, length, rng.randrange(n))
        await bus.load(2, length, rng.randrange(n))
        s = m.words(length, W)
        busy0, cmds0 = await bus.csr_read("busy_cycles"), await bus.csr_read("commands")
        stream = [(m.OP_MUL, 1, 2, 3), (m.OP_ADD, 3, 2, 4), (m.OP_SUB, 4, 1, 5), (m.OP_MUL, 5, 5, 6)]
        for i in range(0, len(stream), QUEUE + 1):      # one running, the queue full behind it
            for c in stream[i:i + QUEUE + 1]:
                await bus.csr_write("command", command(*c))
            await bus.wait_done()
        for _ in range(5):                            # idle: nothing counts
            await RisingEdge(dut.sys_clk)
        busy, cmds = await bus.csr_read("busy_cycles"), await bus.csr_read("commands")
        assert cmds - cmds0 == len(stream), (cmds0, cmds)
        assert busy - busy0 == sum(m.cycles(c[0], s) for c in stream), (length, busy - busy0)


async def programmed(dut, seed, length):
    """A started bench at `length` bits, random operands below n in slots 1 .. 23 (model and
    unit alike), and programs 0 (12 words), 1 (45: it runs on into block 2) and 3 (5): (bus, s)."""
    bus = Bus(dut)
    await bus.start()
    rng = random.Random(seed)
    n = odd_modulus(rng, length)
    await bus.setup(length, n)
    for slot in range(1, 24):
        await bus.load(slot, length, rng.randrange(n))
    for prog, size in ((0, 12), (1, 45), (3, 5)):
        await bus.program(prog, formula(size, rng))
    return bus, m.words(length, W)


async def check_slots(bus, length, slots):
    for slot in slots:
        assert await bus.store(slot, length) == bus.model.load(slot, length), f"slot {slot}"


@cocotb.test()
async def programs_run_their_commands(dut):
    """A RUN starts its program's words as commands, the references resolved against its base
    slots, one cycle apart; RUN_START cycles more than a plain command to its first start when
    the core is idle, nothing when a command runs before it (it is taken meanwhile); commands
    behind a RUN in the FIFO wait for its last. Every result is the model's; the counters count
    each program command."""
    length = 256
    bus, s = await programmed(dut, 11, length)
    t0 = await bus.csr_write("command", command(m.OP_ADD, 1, 2, 3))
    bus.model.execute(m.OP_ADD, length, 1, 2, 0, 3)
    _, t1 = await bus.wait_done()
    delay = t1 - t0 - m.addsub_cycles(s)
    busy0, cmds0 = await bus.csr_read("busy_cycles"), await bus.csr_read("commands")
    stream = [run(0, 4, 7, 10), command(m.OP_MUL, 10, 11, 12), run(1, 12, 4, 14), run(3, 17, 17, 20)]
    started = []
    for i in range(0, len(stream), QUEUE + 1):          # a RUN leaves the FIFO as it is taken
        t0 = None
        part = []
        for c in stream[i:i + QUEUE + 1]:
            edge = await bus.csr_write("command", c)
            t0 = edge if t0 is None else t0
            if c & 0xF == m.OP_RUN:
                cmds, flags = bus.run_model(length, c >> 4 & 0xF, c >> 8 & 0xFF, c >> 16 & 0xFF, c >> 24)
                assert flags == 0
            else:
                op, a, b, r = c & 0xF, c >> 8 & 0xFF, c >> 16 & 0xFF, c >> 24
                cmds = [(op, a, b, r)]
                bus.model.execute(op, length, a, b, 0, r)
            part += cmds
        st, t2 = await bus.wait_done()
        assert st >> 8 == 0, f"flags {st >> 8:#x}"
        lead = m.RUN_START if stream[i] & 0xF == m.OP_RUN else 0
        want = delay + lead + sum(m.cycles(op, s) + 1 for op, *_ in part) - 1
        assert t2 - t0 == want, (i, t2 - t0, want)
        started += part
    await check_slots(bus, length, range(1, 24))
    busy, cmds = await bus.csr_read("busy_cycles"), await bus.csr_read("commands")
    assert cmds - cmds0 == len(started) and busy - busy0 == sum(m.cycles(op, s) for op, *_ in started)


@cocotb.test()
async def program_errors_and_bounds(dut):
    """A reference past the slots flags ERR_SLOT on its command, the others run; a RUN word
    inside a program is an undefined op to the core (no nesting); a program without END stops at
    the memory's last entry; prog_data and ninv writes while a program runs are dropped with
    ERR_BUSY; a reset stops a program."""
    length = 256
    bus, s = await programmed(dut, 12, length)
    nslots = bus.model.nslots(length)
    await bus.csr_write("command", run(0, 4, 7, nslots - 1))          # OUT + 1, + 2 are past the end
    st, _ = await bus.wait_done()
    _, flags = bus.run_model(length, 0, 4, 7, nslots - 1)
    assert flags & m.ERR_SLOT and st >> 8 == flags, f"flags {st >> 8:#x}, model {flags:#x}"
    await check_slots(bus, length, range(1, 24))
    await bus.csr_write("modulus", length)
    await bus.program(5, [m.prog_word(m.OP_RUN, O(0), P(0), Q(0)), m.prog_word(m.OP_ADD, O(0), P(0), Q(0), True)])
    await bus.csr_write("command", run(5, 1, 2, 3))
    st, _ = await bus.wait_done()
    _, flags = bus.run_model(length, 5, 1, 2, 3)
    assert flags == m.ERR_OP and st >> 8 == m.ERR_OP, f"flags {st >> 8:#x}"
    await check_slots(bus, length, [3])
    await bus.csr_write("modulus", length)
    last = m.PROG_WORDS // m.PROG_BLOCK - 1
    await bus.program(last, [m.prog_word(m.OP_ADD, O(0), O(0), P(0))] * m.PROG_BLOCK)
    cmds0 = await bus.csr_read("commands")
    await bus.csr_write("command", run(last, 1, 2, 5))
    await bus.settle(20)
    old = bus.prog[0]
    await bus.csr_write("prog_addr", 0)
    await bus.csr_write("prog_data", old ^ 0x8)                     # dropped: a program runs
    ninv = await bus.csr_read("ninv_value")
    await bus.csr_write("ninv", ninv ^ 2)                           # dropped
    st, _ = await bus.wait_done()
    cmds, _ = bus.run_model(length, last, 1, 2, 5)
    assert len(cmds) == m.PROG_BLOCK and await bus.csr_read("commands") - cmds0 == m.PROG_BLOCK
    assert st >> 8 == m.ERR_BUSY and await bus.csr_read("ninv_value") == ninv, f"flags {st >> 8:#x}"
    await check_slots(bus, length, [5])
    await bus.csr_write("modulus", length)
    await bus.csr_write("command", run(0, 4, 7, 10))                # program 0 as it was
    await bus.wait_done()
    bus.run_model(length, 0, 4, 7, 10)
    await check_slots(bus, length, range(1, 24))
    await bus.csr_write("command", run(1, 12, 4, 14))
    await bus.settle(30)
    assert (await bus.csr_read("status")) & RUN
    await bus.reset()
    st = await bus.csr_read("status")
    assert st & (BUSY | QUEUED | RUN) == 0 and st >> 8 == 0, f"status {st:#x}"
