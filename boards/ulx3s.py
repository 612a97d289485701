"""Radiona ULX3S: Lattice ECP5 LFE5U-45F, 32 MiB SDR SDRAM (main RAM), FTDI UART, 25 MHz
oscillator; the system clock is 50 MHz (the litex-boards default)."""

from litex_boards.platforms import radiona_ulx3s as platform
from litex_boards.targets import radiona_ulx3s as target

from . import soc_args

Platform = platform.Platform


def make_soc(cfg, sys_clk_freq=50e6, toolchain="trellis", **kwargs):
    return target.BaseSoC(device="LFE5U-45F", revision="2.0", toolchain=toolchain, sys_clk_freq=sys_clk_freq,
                          **soc_args(cfg, **kwargs))
