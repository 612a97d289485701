"""OrangeCrab r0.2: Lattice ECP5 LFE5U-25F, 128 MiB DDR3 (main RAM), 48 MHz system clock.

The litex-boards target forces its console onto USB (USB-ACM through ValentyUSB), a package
that is on no registry this project installs from. The console is moved to a plain UART on the
Feather header instead (the platform's `feather_serial`: TX on GPIO:1, RX on GPIO:0, 3.3 V),
reached with a USB-serial adapter."""

from litex_boards.platforms import gsd_orangecrab as platform
from litex_boards.targets import gsd_orangecrab as target

from . import soc_args

Platform = platform.Platform


class BaseSoC(target.BaseSoC):
    def add_uart(self, name="uart", uart_name="serial", **kwargs):
        if uart_name == "usb_acm":
            self.platform.add_extension(platform.feather_serial)
            uart_name = "serial"
        super().add_uart(name=name, uart_name=uart_name, **kwargs)


def make_soc(cfg, sys_clk_freq=48e6, toolchain="trellis", **kwargs):
    return BaseSoC(revision="0.2", device="25F", toolchain=toolchain, sys_clk_freq=sys_clk_freq,
                   **soc_args(cfg, **kwargs))
