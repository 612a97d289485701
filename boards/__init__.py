"""vexcrypt board targets: thin layers over the pinned litex-boards targets.

Each board module (boards/<module>.py) builds the litex-boards BaseSoC of its board with the
vexcrypt SoC configuration (hw/soc.py: the same CPU, CFU and accelerators as the simulation) and
keeps the board's own CRG, main RAM (its SDRAM) and UART. `boards.build` generates and builds a
board; `vexrun bitstream` (make bitstream) runs it with the open toolchain and writes the report.

This registry imports no LiteX, so the host tools can validate a board name without the FPGA
flow installed.
"""

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """A configuration that misses the board's clock or does not fit its device, as a build of it
    measured: `make bitstream` refuses it up front with the reason, and with the clock it meets
    (max_mhz; None: no clock helps, it does not fit)."""
    config: str          # configuration name: full-clmul
    found: str           # what the build found, its figures and commit
    max_mhz: int | None = None


@dataclass(frozen=True)
class Board:
    name: str            # BOARD=... on the command line, and the first part of the build folder
    module: str          # boards.<module>
    title: str
    device: str          # the FPGA part, as the platform names it
    family: str          # ecp5, gowin (open flow here) or xilinx (vendor tools only)
    sys_clk_hz: int      # the system clock the target builds by default
    toolchain: str       # LiteX toolchain name of the open flow
    unavailable: str | None = None   # why it cannot be built here; None when it can
    needs: str = ""                  # what it needs that is missing, in two words
    sdram: str = ""      # main RAM: the SDRAM module the litex-boards target uses by default
    memtype: str = "SDR"
    l2_bytes: int = 8192  # LiteX's L2 cache in front of it (the target's l2_size)
    limits: tuple = ()   # Limit rows: configurations refused at the board's clock

    def _limit(self, config, hz) -> Limit | None:
        """The Limit that refuses configuration `config` at hz, or None."""
        return next((lim for lim in self.limits if lim.config == config and
                     (lim.max_mhz is None or hz > lim.max_mhz * 1e6)), None)

    def refusal(self, config, hz=None) -> str | None:
        """Why configuration `config` at hz (default: the board's clock) is refused, or None."""
        hz = hz or self.sys_clk_hz
        lim = self._limit(config, hz)
        if lim is None:
            return None
        if lim.max_mhz is None:
            return f"{self.name} {config} is refused: {lim.found}"
        return (f"{self.name} {config} at {hz / 1e6:g} MHz is refused: {lim.found}; it meets "
                f"{lim.max_mhz} MHz: SYS_CLK_MHZ={lim.max_mhz} (--sys-clk-mhz {lim.max_mhz})")

    def clock_of(self, mhz=None) -> int:
        """The clock a build asks for in MHz (SYS_CLK_MHZ), in Hz: the board's when not given."""
        return round(mhz * 1e6) if mhz else self.sys_clk_hz

    def clock_hz(self, config) -> int | None:
        """The clock configuration `config` builds at: the board's, or the lower one its Limit says
        it meets; None when it does not fit."""
        lim = self._limit(config, self.sys_clk_hz)
        return self.sys_clk_hz if lim is None else lim.max_mhz and int(lim.max_mhz * 1e6)

    def memory(self, main_ram_bytes=None) -> dict:
        """Main RAM as result metadata names it (vexrun/suites/records.config_label)."""
        return {"kind": "sdram", "module": self.sdram, "memtype": self.memtype, "l2_bytes": self.l2_bytes,
                "bytes": main_ram_bytes}

    def load(self):
        """The board module (imports LiteX and litex-boards)."""
        return importlib.import_module(f"boards.{self.module}")


# The LFE5U-25F's block RAMs: the Montgomery unit at W = 64 has an operand memory of 12 DP16KD
# (6 at W = 32), the program memory one more.
FIT_W64 = "{} of the LFE5U-25F's 56 DP16KD at fa73b40 (the unit's W = 64 operand memory takes 12)"

BOARDS = {b.name: b for b in (
    Board("ulx3s", "ulx3s", "Radiona ULX3S", "LFE5U-45F-6BG381C", "ecp5", 50_000_000, "trellis",
          sdram="MT48LC16M16", limits=(
              Limit("full-mont_w64", "it reached 48.8, 48.3 and 49.4 MHz of 50 at fa73b40 (seeds 1-3): LiteX's "
                    "L2 hit path (with CLMUL=1 too it meets 50 MHz, 52.3 at seed 1)", 45),)),
    Board("colorlight_i5", "colorlight_i5", "Colorlight i5 (v7.0)", "LFE5U-25F-6BG381C", "ecp5", 60_000_000, "trellis",
          sdram="M12L64322A", limits=(
              Limit("full-clmul", "it reached 52.2 MHz of 60 at b10f29c (seed 1): LiteX's L2 hit path", 50),
              Limit("full-mont", "it reached 50.9 MHz of 60 at fa73b40 (seed 1): LiteX's L2 hit path", 50),
              Limit("full-clmul-mont", "it reached 51.6 MHz of 60 at fa73b40 (seed 1): LiteX's L2 hit path", 50),
              *(Limit(c, f"it does not fit: {FIT_W64.format(62)}") for c in ("full-mont_w64", "full-clmul-mont_w64")))),
    Board("orangecrab", "orangecrab", "OrangeCrab r0.2 (25F)", "LFE5U-25F-8MG285C", "ecp5", 48_000_000, "trellis",
          sdram="MT41K64M16", memtype="DDR3", limits=tuple(
              Limit(c, f"it does not fit: {FIT_W64.format(57)}") for c in ("full-mont_w64", "full-clmul-mont_w64"))),
    Board("tang_nano_20k", "tang_nano_20k", "Sipeed Tang Nano 20K", "GW2AR-LV18QN88C8/I7", "gowin", 48_000_000, "apicula",
          sdram="M12L64322A", l2_bytes=128),
    Board("arty", "arty", "Digilent Arty A7-35", "xc7a35ticsg324-1L", "xilinx", 100_000_000, "vivado",
          unavailable="board arty (Digilent Arty A7, Xilinx 7-series) needs AMD Vivado, which is not installed "
                      "here and has no pinned open flow in this project: nothing built",
          sdram="MT41K128M16", memtype="DDR3", needs="Vivado"),
)}


class BoardError(ValueError):
    """An unknown or unbuildable board, with a one-line reason."""


def valid_names():
    """The boards, those this machine cannot build named with what they need: "..., arty (needs Vivado)"."""
    return ", ".join(b.name + (f" (needs {b.needs})" if b.unavailable else "") for b in BOARDS.values())


def get(name, buildable=True) -> Board:
    """The board called `name`; raises BoardError naming the valid boards when there is none, or
    saying why it cannot be built here when `buildable`."""
    if not name:
        raise BoardError(f"no board given (BOARD=...): valid boards are {valid_names()}")
    board = BOARDS.get(name)
    if board is None:
        raise BoardError(f"unknown board {name!r}: valid boards are {valid_names()}")
    if buildable and board.unavailable:
        raise BoardError(board.unavailable)
    return board


def soc_args(cfg, **overrides):
    """hw.soc.soc_kwargs for a litex-boards BaseSoC: the targets pass their own `ident` to
    SoCCore, so ours is dropped (the board's identifier string stays)."""
    from hw.soc import soc_kwargs
    kw = soc_kwargs(cfg, **overrides)
    kw.pop("ident", None)
    return kw
