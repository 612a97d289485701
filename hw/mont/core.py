"""LiteX wrapper of mont_core.v: the command, length/modulus, ninv and status CSRs and the
operand memory as a Wishbone window (registers and layout: README.md)."""

from migen import ClockSignal, Instance, ResetSignal, Signal
from litex.gen import LiteXModule
from litex.soc.interconnect import wishbone
from litex.soc.integration.soc import SoCRegion
from litex.soc.interconnect.csr import CSRField, CSRStatus, CSRStorage

from . import RTL

SLOT_BITS = 8       # slot fields of the CSRs: slots 0..255 (the core takes 16 bits)


class Mont(LiteXModule):
    """The Montgomery co-processor. `bus` is the operand window (32-bit Wishbone slave of
    `window_bytes` bytes, acked the cycle after every access, addresses wrap modulo its size).
    A write of `command` starts a command; `status` says when it is done."""

    def __init__(self, platform, W=32, MAX_BITS=4096, SLOTS=8):
        assert W % 32 == 0 and MAX_BITS % W == 0 and SLOTS & (SLOTS - 1) == 0
        self.W, self.MAX_BITS, self.SLOTS = W, MAX_BITS, SLOTS
        self.window_bytes = SLOTS * MAX_BITS // 8
        aw = (self.window_bytes // 4 - 1).bit_length()

        self.command = CSRStorage(32, description="A write starts a command (ignored with ERR_BUSY while busy).",
            fields=[
                CSRField("op", size=4, offset=0, description="Operation.", values=[
                    ("``0b0001``", "MUL: slot r = A * B * R^-1 mod N (slots a, b and the modulus register's n)."),
                    ("``0b0010``", "NINV: ninv = -N^-1 mod 2^W from word 0 of slot n."),
                ]),
                CSRField("a", size=SLOT_BITS, offset=8, description="Slot of A."),
                CSRField("b", size=SLOT_BITS, offset=16, description="Slot of B."),
                CSRField("r", size=SLOT_BITS, offset=24, description="Slot of the result (may be a, b or n)."),
            ])
        self.modulus = CSRStorage(32, description="Operand length and the modulus slot, for the next commands.",
            fields=[
                CSRField("len", size=16, offset=0, description="Operand length in bits (1 .. MAX_BITS); "
                         "s = ceil(len / W) words, slot stride 2^ceil(log2 s) words."),
                CSRField("n", size=SLOT_BITS, offset=16, description="Slot of the modulus N (odd)."),
            ])
        self.ninv = CSRStorage(W, description="Write: -N^-1 mod 2^W for MUL (ignored with ERR_BUSY while busy).")
        self.ninv_value = CSRStatus(W, description="The unit's -N^-1 mod 2^W (the last write or NINV).")
        self.status = CSRStatus(fields=[
            CSRField("busy", size=1, offset=0, description="A command runs."),
            CSRField("done", size=1, offset=1, description="The last command ended (set until the next starts)."),
            CSRField("err", size=6, offset=8, description="Error flags of the last command: bit 0 BUSY (start or "
                     "ninv write while busy), 1 OP, 2 LEN, 3 SLOT (out of range at this length), 4 MOD (N even), "
                     "5 NINV (ninv is not -N^-1 mod 2^W; the result is not written)."),
        ])

        self.bus = bus = wishbone.Interface(data_width=32, address_width=32, addressing="word")
        access = Signal()
        self.comb += access.eq(bus.cyc & bus.stb & ~bus.ack)
        self.sync += bus.ack.eq(access)

        self.specials += Instance("mont_core",
            p_W=W, p_MAX_BITS=MAX_BITS, p_SLOTS=SLOTS,
            i_clk=ClockSignal("sys"),
            i_rst=ResetSignal("sys"),
            i_start=self.command.re,
            i_op=self.command.fields.op,
            i_len=self.modulus.fields.len,
            i_slot_a=self.command.fields.a,
            i_slot_b=self.command.fields.b,
            i_slot_n=self.modulus.fields.n,
            i_slot_r=self.command.fields.r,
            i_ninv_we=self.ninv.re,
            i_ninv_wdata=self.ninv.storage,
            o_ninv=self.ninv_value.status,
            o_busy=self.status.fields.busy,
            o_done=self.status.fields.done,
            o_err=self.status.fields.err,
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
