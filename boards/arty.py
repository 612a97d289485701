"""Digilent Arty A7-35: Xilinx Artix-7 XC7A35T, 256 MiB DDR3, 100 MHz system clock. Defined for
AMD Vivado (the litex-boards default), which this project does not install: the registry
(boards/__init__.py) refuses to build it here."""

from litex_boards.platforms import digilent_arty as platform
from litex_boards.targets import digilent_arty as target

from . import soc_args

Platform = platform.Platform


def make_soc(cfg, sys_clk_freq=100e6, toolchain="vivado", **kwargs):
    return target.BaseSoC(variant="a7-35", toolchain=toolchain, sys_clk_freq=sys_clk_freq, **soc_args(cfg, **kwargs))
