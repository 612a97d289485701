"""Colorlight i5 v7.0: Lattice ECP5 LFE5U-25F, 8 MiB SDR SDRAM (main RAM), UART on the
extension board's pins, 25 MHz oscillator; the system clock is the litex-boards default, 60 MHz."""

from litex_boards.platforms import colorlight_i5 as platform
from litex_boards.targets import colorlight_i5 as target

from . import soc_args

Platform = platform.Platform


def make_soc(cfg, sys_clk_freq=60e6, toolchain="trellis", **kwargs):
    return target.BaseSoC(board="i5", revision="7.0", toolchain=toolchain, sys_clk_freq=sys_clk_freq,
                          **soc_args(cfg, **kwargs))
