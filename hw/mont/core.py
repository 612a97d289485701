"""LiteX wrapper of mont_core.v: the command, length/modulus, ninv and status CSRs with a
command FIFO and sticky error flags, and the operand memory as a Wishbone window (registers,
layout, timing: README.md)."""

from migen import ClockSignal, If, Instance, Memory, Mux, ResetSignal, Signal
from litex.gen import LiteXModule
from litex.soc.interconnect import wishbone
from litex.soc.integration.soc import SoCRegion
from litex.soc.interconnect.csr import CSRField, CSRStatus, CSRStorage

from . import RTL
# The encodings (the program memory: 512 words, one ECP5 DP16KD; program k from entry 32 k).
from .model import END, OP_RUN, PROG_BLOCK, PROG_WORDS

SLOT_BITS = 8       # slot fields of the CSRs: slots 0..255 (the core takes 16 bits)


class Mont(LiteXModule):
    """The Montgomery co-processor. `bus` is the operand window (32-bit Wishbone slave of
    `window_bytes` bytes, acked the cycle after every access, addresses wrap modulo its size).
    A write of `command` pushes a command into a FIFO of QUEUE entries (a power of two, at most
    8); the head starts as soon as the core is idle, so queued commands run one cycle apart.
    The CPU reads `status.space` once and writes that many commands without polling: a CSR
    access costs it about 20 cycles, an ADD or SUB at 256 bits runs 37. `status` says when
    everything queued is done; its error flags collect every command's since the last
    `modulus` write. A RUN command runs a stored program (a point formula) as its commands,
    each slot relative to one of RUN's three base slots: the CPU issues one command for tens."""

    def __init__(self, platform, W=32, MAX_BITS=4096, SLOTS=8, QUEUE=4):
        assert W % 32 == 0 and MAX_BITS % W == 0 and SLOTS & (SLOTS - 1) == 0
        assert 1 <= QUEUE <= 8 and QUEUE & (QUEUE - 1) == 0       # space is a 4-bit field
        self.W, self.MAX_BITS, self.SLOTS, self.QUEUE = W, MAX_BITS, SLOTS, QUEUE
        self.window_bytes = SLOTS * MAX_BITS // 8
        aw = (self.window_bytes // 4 - 1).bit_length()

        self.command = CSRStorage(32, description="A write pushes a command into the FIFO; the FIFO's head "
                                  "starts when the core is idle (a write while the FIFO is full is dropped with "
                                  "ERR_BUSY).",
            fields=[
                CSRField("op", size=4, offset=0, description="Operation.", values=[
                    ("``0b0001``", "MUL: slot r = A * B * R^-1 mod N (slots a, b and the modulus register's n)."),
                    ("``0b0010``", "NINV: ninv = -N^-1 mod 2^W from word 0 of slot n."),
                    ("``0b0011``", "ADD: slot r = (A + B) mod N (A, B < N), in 4s + 5 cycles whatever the data."),
                    ("``0b0100``", "SUB: slot r = (A - B) mod N (A, B < N), in 4s + 5 cycles whatever the data."),
                    ("``0b0101``", "RUN: the program at entry 32 p (p: bits 7:4) with base slots P = a, Q = b, "
                     "OUT = r, one command after the other, up to a word with END or the last entry."),
                ]),
                CSRField("a", size=SLOT_BITS, offset=8, description="Slot of A."),
                CSRField("b", size=SLOT_BITS, offset=16, description="Slot of B."),
                CSRField("r", size=SLOT_BITS, offset=24, description="Slot of the result (may be a, b or n)."),
            ])
        self.modulus = CSRStorage(32, description="Operand length and the modulus slot, for the next commands; "
                                  "a write clears the error flags.",
            fields=[
                CSRField("len", size=16, offset=0, description="Operand length in bits (1 .. MAX_BITS); "
                         "s = ceil(len / W) words, slot stride 2^ceil(log2 s) words."),
                CSRField("n", size=SLOT_BITS, offset=16, description="Slot of the modulus N (odd)."),
            ])
        self.ninv = CSRStorage(W, description="Write: -N^-1 mod 2^W for MUL (ignored with ERR_BUSY while busy, "
                               "a command queued included).")
        self.ninv_value = CSRStatus(W, description="The unit's -N^-1 mod 2^W (the last write or NINV).")
        self.status = CSRStatus(fields=[
            CSRField("busy", size=1, offset=0, description="A command runs or is queued."),
            CSRField("done", size=1, offset=1, description="Every queued command ended (until the next starts)."),
            CSRField("queued", size=1, offset=2, description="At least one command waits in the FIFO."),
            CSRField("full", size=1, offset=3, description="The FIFO is full: a command write now is dropped."),
            CSRField("space", size=4, offset=4, description="Free FIFO entries (0 .. QUEUE): the CPU may write "
                     "this many commands without reading status again."),
            CSRField("err", size=6, offset=8, description="Error flags of the commands since the last modulus "
                     "write: bit 0 BUSY (a command written while the FIFO was full, a ninv write while busy, "
                     "a prog_data write while busy), 1 OP, 2 LEN, 3 SLOT (out of range at this length), 4 MOD "
                     "(N even), 5 NINV (ninv is not -N^-1 mod 2^W; the result is not written)."),
            CSRField("run", size=1, offset=14, description="A program runs (its next command waits or starts)."),
        ])

        self.busy_cycles = CSRStatus(32, description="Cycles the core has spent computing commands, modulo "
                                     "2^32 (free-running): read before and after a call, the difference is the unit's "
                                     "busy time in it, the rest of the call's cycles the CPU's.")
        self.commands = CSRStatus(32, description="Commands the core has started, modulo 2^32 (free-running).")
        self.prog_addr = CSRStorage(9, description="The program memory's entry the next prog_data write stores.")
        self.prog_data = CSRStorage(32, description="A write stores a program word at prog_addr, then "
                                    "prog_addr + 1 (dropped with ERR_BUSY while busy). A word is a command with each "
                                    "slot field a reference: bits 7:6 its class (0: slot 0 .. 63 itself, 1: P +, "
                                    "2: Q +, 3: OUT + bits 5:0), and END (bit 7) on the program's last word.")

        # The FIFO: `level` commands wait, the head at `rd`; the head issues the cycle the core is
        # idle (the core samples the command with start). A write in the cycle the head issues
        # is taken even when full, as a slot frees at that edge. The core clears its flags when
        # it takes a command: they are collected as it ends (done rises), and done is reported a
        # cycle later, with them.
        # A ninv write while a command waits is dropped too (the core, still idle, would take
        # it, and the waiting product would run with it): ERR_BUSY, as while the core runs.
        depth = max(QUEUE, 2)           # Migen's memories need an address bit; QUEUE = 1 uses word 0
        fifo = Memory(32, depth)
        wr_port, rd_port = fifo.get_port(write_capable=True), fifo.get_port(async_read=True)
        self.specials += fifo, wr_port, rd_port
        wr, rd, level = Signal(max=depth), Signal(max=depth), Signal(max=QUEUE + 1)
        queued, full, push, pop, cmd = Signal(), Signal(), Signal(), Signal(), rd_port.dat_r
        core_busy, core_done, core_err = Signal(), Signal(), Signal(6)
        done_q, err, dropped, ninv_dropped, prog_dropped = Signal(), Signal(6), Signal(), Signal(), Signal()

        # The sequencer. A RUN at the FIFO's head is taken as soon as no program runs (the core
        # may still compute the command before it); then each word is read from the block RAM
        # (a cycle), its slots resolved into a registered command (a cycle), and the command
        # starts the cycle the core is idle, as the FIFO's do, so a program's commands run one
        # cycle apart and the resolution adds nothing to the core's paths. The FIFO waits until
        # the program's last command (END, or the memory's last entry: no program runs forever)
        # has started. Nothing here depends on the data or on the base slots' values.
        prog = Memory(32, PROG_WORDS)
        prog_wr, prog_rd = prog.get_port(write_capable=True), prog.get_port()
        self.specials += prog, prog_wr, prog_rd
        running, fetched, ready, last, take = Signal(), Signal(), Signal(), Signal(), Signal()
        issue_fifo, issue_seq, unit_busy = Signal(), Signal(), Signal()
        pc, prog_ptr = Signal(max=PROG_WORDS), Signal(max=PROG_WORDS)
        base_p, base_q, base_out = (Signal(SLOT_BITS) for _ in range(3))
        seq_op, seq_a, seq_b, seq_r = Signal(4), Signal(SLOT_BITS + 1), Signal(SLOT_BITS + 1), Signal(SLOT_BITS + 1)
        word = prog_rd.dat_r

        def resolve(ref):
            """A word's slot reference as a slot: its index, plus P, Q or OUT by its class (nine
            bits: a sum past 255 reaches the core's range check, never wraps onto a slot)."""
            cls = ref[6:8]
            base = Mux(cls == 1, base_p, Mux(cls == 2, base_q, Mux(cls == 3, base_out, 0)))
            return base + ref[0:6]

        self.comb += [
            queued.eq(level != 0),
            full.eq(level == QUEUE),
            take.eq(queued & (cmd[0:4] == OP_RUN) & ~running),
            issue_fifo.eq(queued & (cmd[0:4] != OP_RUN) & ~running & ~core_busy),
            issue_seq.eq(running & ready & ~core_busy),
            pop.eq(issue_fifo | take),
            unit_busy.eq(core_busy | queued | running),
            dropped.eq(self.command.re & full & ~pop),
            push.eq(self.command.re & ~dropped),
            ninv_dropped.eq(self.ninv.re & (queued | running)),
            prog_dropped.eq(self.prog_data.re & unit_busy),
            wr_port.adr.eq(wr),
            wr_port.dat_w.eq(self.command.storage),
            wr_port.we.eq(push),
            rd_port.adr.eq(rd),
            prog_rd.adr.eq(pc),
            prog_wr.adr.eq(prog_ptr),
            prog_wr.dat_w.eq(self.prog_data.storage),
            prog_wr.we.eq(self.prog_data.re & ~unit_busy),
            self.status.fields.busy.eq(unit_busy),
            self.status.fields.done.eq(core_done & done_q & ~queued & ~running),
            self.status.fields.queued.eq(queued),
            self.status.fields.full.eq(full),
            self.status.fields.space.eq(QUEUE - level),
            self.status.fields.err.eq(err),
            self.status.fields.run.eq(running),
        ]
        self.sync += [
            If(core_busy, self.busy_cycles.status.eq(self.busy_cycles.status + 1)),
            If(issue_fifo | issue_seq, self.commands.status.eq(self.commands.status + 1)),
            done_q.eq(core_done),
            If(push, wr.eq((wr + 1) & (QUEUE - 1))),
            If(pop, rd.eq((rd + 1) & (QUEUE - 1))),
            If(push & ~pop,
                level.eq(level + 1)
            ).Elif(pop & ~push,
                level.eq(level - 1)
            ),
            If(self.modulus.re,
                err.eq(0)
            ).Else(
                err.eq(err | (core_err & Mux(core_done & ~done_q, 0x3F, 0)) | dropped | ninv_dropped | prog_dropped)
            ),
            If(self.prog_addr.re,
                prog_ptr.eq(self.prog_addr.storage)
            ).Elif(self.prog_data.re & ~unit_busy,
                prog_ptr.eq(prog_ptr + 1)
            ),
            fetched.eq(~take & ~issue_seq),             # word = the entry at pc from the next cycle
            If(take,
                running.eq(1),
                ready.eq(0),
                pc.eq(cmd[4:8] * PROG_BLOCK),
                base_p.eq(cmd[8:16]),
                base_q.eq(cmd[16:24]),
                base_out.eq(cmd[24:32]),
            ).Elif(issue_seq,
                ready.eq(0),
                If(last, running.eq(0)).Else(pc.eq(pc + 1)),
            ).Elif(running & fetched & ~ready,
                ready.eq(1),
                last.eq(word[7] | (pc == PROG_WORDS - 1)),
                seq_op.eq(word[0:4]),
                seq_a.eq(resolve(word[8:16])),
                seq_b.eq(resolve(word[16:24])),
                seq_r.eq(resolve(word[24:32])),
            ),
        ]

        self.bus = bus = wishbone.Interface(data_width=32, address_width=32, addressing="word")
        access = Signal()
        self.comb += access.eq(bus.cyc & bus.stb & ~bus.ack)
        self.sync += bus.ack.eq(access)

        self.specials += Instance("mont_core",
            p_W=W, p_MAX_BITS=MAX_BITS, p_SLOTS=SLOTS,
            i_clk=ClockSignal("sys"),
            i_rst=ResetSignal("sys"),
            i_start=issue_fifo | issue_seq,
            i_op=Mux(running, seq_op, cmd[0:4]),
            i_len=self.modulus.fields.len,
            i_slot_a=Mux(running, seq_a, cmd[8:16]),
            i_slot_b=Mux(running, seq_b, cmd[16:24]),
            i_slot_n=self.modulus.fields.n,
            i_slot_r=Mux(running, seq_r, cmd[24:32]),
            i_ninv_we=self.ninv.re & ~queued & ~running,
            i_ninv_wdata=self.ninv.storage,
            o_ninv=self.ninv_value.status,
            o_busy=core_busy,
            o_done=core_done,
            o_err=core_err,
            i_mem_en=access,
            i_mem_we=bus.we,
            i_mem_be=bus.sel,
            i_mem_addr=bus.adr[:aw],
            i_mem_wdata=bus.dat_w,
            o_mem_rdata=bus.dat_r)
        platform.add_source(str(RTL))

    def add_to_soc(self, soc, name="mont"):
        """Maps the window uncached (the D-cache must not hide the unit's writes) at
        mem_map[name] if the SoC has one, else wherever the I/O space has room."""
        setattr(soc, name, self)
        soc.add_constant("MONT_W", self.W)               # soc.h: the driver's geometry
        soc.add_constant("MONT_MAX_BITS", self.MAX_BITS)
        soc.add_constant("MONT_QUEUE", self.QUEUE)       # status.space counts from it
        soc.bus.add_slave(name, self.bus, SoCRegion(origin=soc.mem_map.get(name), size=self.window_bytes,
                                                    cached=False))
