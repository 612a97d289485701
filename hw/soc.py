"""The vexcrypt SoC: one LiteX builder for the simulation and the boards.

VexRiscv (``full`` by default), main RAM holding the firmware and its buffers, a UART, and the
LiteX timer with its 64-bit uptime counter, which is the cycle counter on every CPU variant.
The accelerators are build switches; until one exists its switch fails with a clear message.
"""

from litex.soc.integration.soc_core import SoCCore

# Main RAM: benchmark firmware (a few hundred KiB as primitives are added), 128 KiB of benchmark
# buffers, stack. 1 MiB leaves room; a board with external RAM overrides it.
MAIN_RAM_SIZE = 0x100000

CPU_VARIANTS = ("minimal", "lite", "standard", "full")


class AcceleratorUnavailable(Exception):
    """An accelerator switch was set for an accelerator that is not built yet."""


ACCELERATORS = {
    # name: why it cannot be enabled yet (None once it exists)
    "clmul": "CLMUL=1: the carry-less multiply CFU is not implemented yet (hw/clmul/ is planned)",
    "mont":  "MONT=1: the Montgomery co-processor is not implemented yet (hw/mont/ is planned)",
}


def config_name(cpu_variant, clmul=False, mont=False):
    """Short name of a configuration, used for build and result folders."""
    return "-".join([cpu_variant] + [n for n, on in (("clmul", clmul), ("mont", mont)) if on])


def check_accelerators(clmul=False, mont=False):
    for name, on in (("clmul", clmul), ("mont", mont)):
        if on and ACCELERATORS[name] is not None:
            raise AcceleratorUnavailable(ACCELERATORS[name])


class VexCryptSoC(SoCCore):
    """The SoC. ``soc_kwargs`` are LiteX's standard SoCCore arguments (``--cpu-variant``,
    ``--integrated-main-ram-size``, ``--uart-name`` ...); the CPU is always VexRiscv."""

    def __init__(self, platform, sys_clk_freq, crg, clmul=False, mont=False, with_rom=False,
                 **soc_kwargs):
        cpu_variant = soc_kwargs.get("cpu_variant") or "full"
        if cpu_variant not in CPU_VARIANTS:
            raise ValueError(f"cpu variant {cpu_variant!r}: valid are {', '.join(CPU_VARIANTS)}")
        check_accelerators(clmul, mont)
        self.crg = crg
        soc_kwargs.update(cpu_type="vexriscv", cpu_variant=cpu_variant, timer_uptime=True)
        soc_kwargs["integrated_main_ram_size"] = soc_kwargs.get("integrated_main_ram_size") or MAIN_RAM_SIZE
        soc_kwargs.setdefault("ident", "vexcrypt")
        if not with_rom:
            # No BIOS: the CPU starts straight in the firmware preloaded into main RAM.
            soc_kwargs.update(integrated_rom_size=0, integrated_sram_size=0,
                              cpu_reset_address=self.mem_map["main_ram"])
        SoCCore.__init__(self, platform, clk_freq=sys_clk_freq, **soc_kwargs)
        self.vexcrypt_config = {
            "cpu": "vexriscv",
            "cpu_variant": cpu_variant,
            "clmul": bool(clmul),
            "mont": bool(mont),
            "main_ram_bytes": soc_kwargs["integrated_main_ram_size"],
            "sys_clk_hz": int(sys_clk_freq),
        }
