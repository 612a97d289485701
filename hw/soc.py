"""The vexcrypt SoC on top of any LiteX SoCCore: the simulation (sim/build.py) and the board
targets (boards/) build the same CPU, counter and accelerators from one configuration.

    kwargs = soc_kwargs(cfg)                       # before the SoCCore (or a litex-boards BaseSoC)
    soc = BaseSoC(..., **kwargs)
    add_accelerators(soc, cfg)                     # after it, before the Builder

The LiteX timer's 64-bit uptime counter is the cycle counter on every VexRiscv variant.
"""

from . import clmul
from .config import SocConfig


def config_from_args(soc_args: dict, clmul=False, mont=False) -> SocConfig:
    """The configuration of a LiteX builder's parsed SoC arguments (its --cpu-variant, taken out
    of `soc_args`) and the accelerator switches; raises ConfigError. soc_kwargs then decides the
    CPU arguments left in `soc_args`."""
    return SocConfig.parse(soc_args.pop("cpu_variant", None) or "full", clmul, mont)


def soc_kwargs(cfg: SocConfig, **overrides):
    """LiteX SoCCore arguments for `cfg`: VexRiscv in the configured variant (with the CFU when
    the carry-less multiply unit is on) and the timer's uptime counter. `overrides` are the
    caller's standard LiteX arguments (main RAM, UART ...), which win except for the CPU."""
    kw = dict(ident="vexcrypt")
    kw.update(overrides)
    kw.update(cpu_type="vexriscv", cpu_variant=cfg.litex_cpu_variant, timer_uptime=True)
    kw.pop("cpu_cfu", None)
    if cfg.clmul:
        kw["cpu_cfu"] = str(clmul.RTL)
    return kw


def add_accelerators(soc, cfg: SocConfig):
    """Adds the configured bus accelerators to `soc` (the Montgomery co-processor: CSRs `mont_*`,
    window MONT_BASE in mem.h), names every accelerator in the generated
    soc.h (CONFIG_VEXCRYPT_<NAME>: how the firmware learns what it runs on, fw/drivers/accel.h)
    and records the configuration in `soc.vexcrypt_config` (written next to the build as
    soc.json)."""
    if cfg.mont:
        from .mont.core import Mont         # LiteX only here: the host tools import this module
        Mont(soc.platform).add_to_soc(soc)
    for name in cfg.accelerators:
        soc.add_config(f"VEXCRYPT_{name.upper()}")
    main_ram = soc.bus.regions.get("main_ram")
    soc.vexcrypt_config = {
        "cpu": "vexriscv",
        "cpu_variant": cfg.cpu_variant,
        "litex_cpu_variant": cfg.litex_cpu_variant,
        "clmul": cfg.clmul,
        "mont": cfg.mont,
        "config": cfg.name,
        "main_ram_bytes": main_ram.size if main_ram else 0,
        "sys_clk_hz": int(soc.sys_clk_freq),
    }
