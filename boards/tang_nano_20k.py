"""Sipeed Tang Nano 20K: Gowin GW2AR-18 (LV18QN88C8/I7) with 8 MiB SDR SDRAM in the package
(main RAM), UART through the on-board BL616 USB bridge, 27 MHz oscillator; 48 MHz system clock.

Built with the open flow (Yosys, nextpnr-himbaechel, Apycula's gowin_pack): the litex-boards
2023.12 target hard-codes the vendor toolchain (`Platform(toolchain="gowin")`), so its platform
is replaced by one that always uses "apicula" while the target builds."""

from types import SimpleNamespace

from litex_boards.platforms import sipeed_tang_nano_20k as platform
from litex_boards.targets import sipeed_tang_nano_20k as target

from . import soc_args


class Platform(platform.Platform):
    def __init__(self, dock="standard", toolchain="apicula"):
        super().__init__(dock=dock, toolchain="apicula")


def make_soc(cfg, sys_clk_freq=48e6, toolchain="apicula", **kwargs):
    if toolchain != "apicula":
        raise ValueError(f"tang_nano_20k: toolchain {toolchain!r}: only the open flow (apicula) is built here")
    saved = target.sipeed_tang_nano_20k
    target.sipeed_tang_nano_20k = SimpleNamespace(Platform=Platform)
    try:
        return target.BaseSoC(sys_clk_freq=sys_clk_freq, **soc_args(cfg, **kwargs))
    finally:
        target.sipeed_tang_nano_20k = saved
