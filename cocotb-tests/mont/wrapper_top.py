"""The Montgomery co-processor's LiteX wrapper (hw/mont/core.py, class Mont) as the SoC sees it,
for cocotb: Mont with LiteX's CSR bank on a CSR bus port (bank_bus_*) and its Wishbone operand
window (bus_*), converted to Verilog as module mont_wrap. The core's RTL is a separate source."""

from migen import Module
from migen.fhdl.verilog import convert
from litex.soc.interconnect.csr_bus import CSRBankArray

from hw.mont.core import Mont


class _NoPlatform:
    def add_source(self, *args, **kwargs):      # the test build lists mont_core.v itself
        pass


class _Top(Module):
    def __init__(self, **params):
        self.submodules.mont = Mont(_NoPlatform(), **params)
        self.submodules.csrbanks = CSRBankArray(self, lambda name, memory: 0 if name == "mont" else None,
                                                data_width=32, address_width=14)
        _, self.csrs, _, self.bank = self.csrbanks.banks[0]


def write_verilog(path, **params) -> dict:
    """Writes mont_wrap to `path`; returns each register's CSR bus word address and its words (a
    W = 64 ninv takes two, its most significant first, as csr.h writes them)."""
    top = _Top(**params)
    b, w = top.bank.bus, top.mont.bus
    ios = {b.adr, b.we, b.dat_w, b.dat_r, w.adr, w.dat_w, w.dat_r, w.sel, w.cyc, w.stb, w.we, w.ack}
    convert(top, ios=ios, name="mont_wrap").write(str(path))
    addrs, a = {}, 0
    for csr in top.csrs:                          # in bank order, one word per 32 bits
        words = -(-csr.size // 32)
        addrs[csr.name.removeprefix("mont_")] = [a, words]
        a += words
    return addrs
