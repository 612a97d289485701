"""LiteX wrapper of mont_core.v: the command, length/modulus, ninv and status CSRs with a
one-entry command queue and sticky error flags, and the operand memory as a Wishbone window
(registers, layout, timing: README.md)."""

from migen import ClockSignal, If, Instance, Mux, ResetSignal, Signal
from litex.gen import LiteXModule
from litex.soc.interconnect import wishbone
from litex.soc.integration.soc import SoCRegion
from litex.soc.interconnect.csr import CSRField, CSRStatus, CSRStorage

from . import RTL

SLOT_BITS = 8       # slot fields of the CSRs: slots 0..255 (the core takes 16 bits)


class Mont(LiteXModule):
    """The Montgomery co-processor. `bus` is the operand window (32-bit Wishbone slave of
    `window_bytes` bytes, acked the cycle after every access, addresses wrap modulo its size).
    A write of `command` queues a command, which starts as soon as the core is idle: the CPU
    writes the next one while the current one runs, so back-to-back products have no gap.
    `status` says when the queue has room and when everything queued is done; its error flags
    collect every command's since the last `modulus` write."""

    def __init__(self, platform, W=32, MAX_BITS=4096, SLOTS=8):
        assert W % 32 == 0 and MAX_BITS % W == 0 and SLOTS & (SLOTS - 1) == 0
        self.W, self.MAX_BITS, self.SLOTS = W, MAX_BITS, SLOTS
        self.window_bytes = SLOTS * MAX_BITS // 8
        aw = (self.window_bytes // 4 - 1).bit_length()

        self.command = CSRStorage(32, description="A write queues a command; it starts when the core is idle "
                                  "(a write while one is queued is dropped with ERR_BUSY).",
            fields=[
                CSRField("op", size=4, offset=0, description="Operation.", values=[
                    ("``0b0001``", "MUL: slot r = A * B * R^-1 mod N (slots a, b and the modulus register's n)."),
                    ("``0b0010``", "NINV: ninv = -N^-1 mod 2^W from word 0 of slot n."),
                    ("``0b0011``", "ADD: slot r = (A + B) mod N (A, B < N), in 4s + 5 cycles whatever the data."),
                    ("``0b0100``", "SUB: slot r = (A - B) mod N (A, B < N), in 4s + 5 cycles whatever the data."),
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
            CSRField("queued", size=1, offset=2, description="A command waits: a command write now is dropped."),
            CSRField("err", size=6, offset=8, description="Error flags of the commands since the last modulus "
                     "write: bit 0 BUSY (a command written while one was queued, or a ninv write while busy), "
                     "1 OP, 2 LEN, 3 SLOT (out of range at this length), 4 MOD (N even), 5 NINV (ninv is not "
                     "-N^-1 mod 2^W; the result is not written)."),
        ])

        # The queue: `cmd` waits while `queued`; it issues the cycle the core is idle. The core
        # clears its flags when it takes a command: they are collected as it ends (done rises),
        # and done is reported a cycle later, with them.
        # A ninv write while a command waits is dropped too (the core, still idle, would take
        # it, and the waiting product would run with it): ERR_BUSY, as while the core runs.
        queued, cmd, issue = Signal(), Signal(32), Signal()
        core_busy, core_done, core_err = Signal(), Signal(), Signal(6)
        done_q, err, dropped, ninv_dropped = Signal(), Signal(6), Signal(), Signal()
        self.comb += [
            issue.eq(queued & ~core_busy),
            dropped.eq(self.command.re & queued & ~issue),
            ninv_dropped.eq(self.ninv.re & queued),
            self.status.fields.busy.eq(core_busy | queued),
            self.status.fields.done.eq(core_done & done_q & ~queued),
            self.status.fields.queued.eq(queued),
            self.status.fields.err.eq(err),
        ]
        self.sync += [
            done_q.eq(core_done),
            If(issue, queued.eq(0)),
            If(self.command.re & ~dropped, queued.eq(1), cmd.eq(self.command.storage)),
            If(self.modulus.re,
                err.eq(0)
            ).Else(
                err.eq(err | (core_err & Mux(core_done & ~done_q, 0x3F, 0)) | dropped | ninv_dropped)
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
            i_start=issue,
            i_op=cmd[0:4],
            i_len=self.modulus.fields.len,
            i_slot_a=cmd[8:8 + SLOT_BITS],
            i_slot_b=cmd[16:16 + SLOT_BITS],
            i_slot_n=self.modulus.fields.n,
            i_slot_r=cmd[24:24 + SLOT_BITS],
            i_ninv_we=self.ninv.re & ~queued,
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
        soc.bus.add_slave(name, self.bus, SoCRegion(origin=soc.mem_map.get(name), size=self.window_bytes,
                                                    cached=False))
