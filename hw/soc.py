"""The vexcrypt SoC on top of any LiteX SoCCore: the simulation (sim/build.py) and the board
targets (boards/) build the same CPU, counter and accelerators from one configuration.

    kwargs = soc_kwargs(cfg)                       # before the SoCCore (or a litex-boards BaseSoC)
    soc = BaseSoC(..., **kwargs)
    add_accelerators(soc, cfg)                     # after it, before the Builder

The LiteX timer's 64-bit uptime counter is the cycle counter on every VexRiscv variant.
"""

import importlib
from pathlib import Path

from .config import ACCELERATORS, SocConfig

ROOT = Path(__file__).resolve().parents[1]


def add_config_argument(parser):
    """The builders' --config NAME (SocConfig.name): how a configuration reaches them."""
    parser.add_target_argument("--config", default="full",
                               help="SoC configuration by name: full, full-clmul, full-clmul-mont ... (hw/config.py)")


def config_from_args(soc_args: dict, name: str) -> SocConfig:
    """The configuration called `name`; a LiteX builder's own --cpu-variant (taken out of
    `soc_args`: the name decides the CPU) must agree with it. Raises ConfigError."""
    from .config import ConfigError
    cfg = SocConfig.from_name(name)
    given = soc_args.pop("cpu_variant", None)
    if given not in (None, cfg.cpu_variant, cfg.litex_cpu_variant):
        raise ConfigError(f"--cpu-variant {given} disagrees with --config {name}")
    return cfg


def soc_kwargs(cfg: SocConfig, **overrides):
    """LiteX SoCCore arguments for `cfg`: VexRiscv in the configured variant (with the CFU port
    when an accelerator sits on it) and the timer's uptime counter. `overrides` are the caller's
    standard LiteX arguments (main RAM, UART ...), which win except for the CPU."""
    kw = dict(ident="vexcrypt")
    kw.update(overrides)
    kw.update(cpu_type="vexriscv", cpu_variant=cfg.litex_cpu_variant, timer_uptime=True)
    kw.pop("cpu_cfu", None)
    for a in ACCELERATORS:
        if cfg.has(a.name) and a.port == "cfu":
            kw["cpu_cfu"] = str(ROOT / a.rtl)
    return kw


def add_accelerators(soc, cfg: SocConfig):
    """Adds the configured bus accelerators to `soc` (each row's LiteX wrapper, with the build's
    parameters), names every accelerator in the generated soc.h (CONFIG_VEXCRYPT_<NAME>: how the
    firmware learns what it runs on, fw/drivers/accel.h) and records the configuration in
    `soc.vexcrypt_config` (written next to the build as soc.json)."""
    for a in ACCELERATORS:
        if not cfg.has(a.name):
            continue
        if a.wrapper:
            module, cls = a.wrapper.split(":")     # LiteX only here: the host tools import this module
            getattr(importlib.import_module(module), cls)(soc.platform, **cfg.params(a.name)).add_to_soc(soc)
        soc.add_config(a.macro)
    main_ram = soc.bus.regions.get("main_ram")
    soc.vexcrypt_config = dict(cpu="vexriscv", config=cfg.name, **cfg.info(),
                               main_ram_bytes=main_ram.size if main_ram else 0, sys_clk_hz=int(soc.sys_clk_freq))
