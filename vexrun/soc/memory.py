"""Main RAM of the simulated SoC: the memory systems a simulation can have, their build names,
and the per-run init files that preload the firmware.

  sram   (default)  integrated RAM, one cycle, no L2: the figures of `make sim`
  sdram             a board's memory system: the ULX3S's SDR SDRAM through LiteDRAM and LiteX's
                    L2 cache (sim/build.py --memory sdram), still preloaded with the firmware

A leaf module (no LiteX import): sim/build.py and the runner share the board's SDRAM parameters.
"""

from dataclasses import dataclass
from pathlib import Path

MEMORIES = ("sram", "sdram")


@dataclass(frozen=True)
class SdramBoard:
    board: str          # the board whose memory system the simulation mirrors
    module: str         # litedram.modules class (the litex-boards target's default)
    data_width: int     # bits of the SDRAM data bus
    clk_hz: int         # the board's system clock: the controller's timings are in its cycles
    l2_bytes: int       # LiteX's L2 cache in front of the SDRAM (litex-boards: l2_size 8192)


# boards/ulx3s.py -> litex-boards radiona_ulx3s: MT48LC16M16 (16-bit, 32 MiB) on GENSDRPHY at
# 1:1, 50 MHz, l2_cache_size 8192.
SDRAM_BOARD = SdramBoard("ulx3s", "MT48LC16M16", 16, 50_000_000, 8192)


def sim_build_name(config_name, memory="sram", serial=False, trace=False):
    """build/<name>: full, full-sdram, full-serial, full-clmul-sdram-trace ..."""
    return config_name + ("-sdram" if memory == "sdram" else "") + ("-serial" if serial else "") + \
        ("-trace" if trace else "")


def write_ram_init(firmware: bytes, path):
    """Integrated main RAM's init file: one little-endian 32-bit word per line, in hex."""
    firmware += b"\0" * (-len(firmware) % 4)
    with open(path, "w") as f:
        for i in range(0, len(firmware), 4):
            f.write(f"{int.from_bytes(firmware[i:i + 4], 'little'):08x}\n")


def sdram_bank_words(image: bytes, nbanks: int, ncols: int, data_width: int):
    """The contents of the SDRAM model's bank memories for `image` at the start of main RAM:
    LiteDRAM's ROW_BANK_COL mapping puts consecutive rows of ncols words round-robin over the
    banks (row i of the address space is row i // nbanks of bank i % nbanks); words are
    data_width bits, little-endian. Returns one list of words per bank."""
    wb = data_width // 8
    row = ncols * wb
    image += b"\0" * (-len(image) % row)
    banks = [[] for _ in range(nbanks)]
    for i in range(0, len(image) // row):
        chunk = image[i * row:(i + 1) * row]
        banks[i % nbanks].extend(int.from_bytes(chunk[j:j + wb], "little") for j in range(0, row, wb))
    return banks


def write_sdram_init(firmware: bytes, rundir, layout: dict):
    """Writes the bank init files of an SDRAM model (layout: soc.json's "sdram_init": the file of
    each bank, in bank order, and the geometry)."""
    banks = sdram_bank_words(firmware, layout["nbanks"], layout["ncols"], layout["data_width"])
    digits = layout["data_width"] // 4
    for name, words in zip(layout["files"], banks):
        with open(Path(rundir) / name, "w") as f:
            f.write("".join(f"{w:0{digits}x}\n" for w in words))
