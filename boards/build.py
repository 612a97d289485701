#!/usr/bin/env python3
"""Generate and build the vexcrypt SoC on a board (python -m boards.build --board NAME ...).

The board's litex-boards target (its CRG, SDRAM as main RAM, UART) with the vexcrypt SoC
configuration of hw/soc.py: the CPU, CFU and accelerators of the simulation. The LiteX BIOS
stays in ROM (it serial-boots the benchmark firmware into main RAM, see boards/README.md).
Accepts LiteX's standard SoC, builder and toolchain arguments. Usually run by
`vexrun bitstream` (make bitstream), which puts the open toolchain on PATH, times the build and
writes the report; run alone it needs `yosys`, `nextpnr-*` and the packer on PATH.
"""

import argparse
import json
import sys
from pathlib import Path

from hw.config import ConfigError
from hw.soc import add_accelerators, add_config_argument, config_from_args

from . import BOARDS, BoardError, get


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--board")
    try:
        board = get(pre.parse_known_args(argv)[0].board)
    except BoardError as e:
        sys.exit(f"boards/build.py: {e}")
    mod = board.load()

    from litex.soc.integration.builder import Builder
    from litex.build.parser import LiteXArgumentParser

    parser = LiteXArgumentParser(platform=mod.Platform, description=__doc__.splitlines()[0])
    parser.add_target_argument("--board", required=True, choices=list(BOARDS), help="Board.")
    add_config_argument(parser)
    parser.add_target_argument("--sys-clk-freq", type=float, default=board.sys_clk_hz, help="System clock frequency (Hz).")
    parser.add_target_argument("--seed", type=int, default=1, help="nextpnr placement seed.")
    parser.set_defaults(toolchain=board.toolchain)
    args = parser.parse_args(argv)

    soc_args = parser.soc_argdict
    try:
        cfg = config_from_args(soc_args, args.config)
    except ConfigError as e:
        sys.exit(f"boards/build.py: {e}")
    # No build time in the identifier ROM (and vexrun sets SOURCE_DATE_EPOCH for the BIOS's
    # __DATE__): the same commit and options give the same netlist, so a rebuild places alike.
    soc_args["ident_version"] = False
    soc = mod.make_soc(cfg, sys_clk_freq=args.sys_clk_freq, toolchain=args.toolchain, **soc_args)
    add_accelerators(soc, cfg)

    # nextpnr: a JSON report (utilization, Fmax, critical paths) for ECP5 (the Gowin flow
    # writes one already); for Gowin the real system clock, since LiteX's open Gowin flow
    # passes no clock constraint and nextpnr would time everything against 12 MHz.
    name = soc.get_build_name()
    tc = soc.platform.toolchain
    if board.family == "ecp5":
        tc._pnr_opts += f" --report {name}_report.json "
    elif board.family == "gowin":
        tc._pnr_opts += f" --freq {args.sys_clk_freq / 1e6:g} "

    builder = Builder(soc, **parser.builder_argdict)
    toolchain_kwargs = dict(parser.toolchain_argdict, seed=args.seed)
    builder.build(run=args.build, **toolchain_kwargs)

    main_ram = soc.bus.regions.get("main_ram")
    meta = dict(soc.vexcrypt_config, board=board.name, device=soc.platform.device, toolchain=args.toolchain,
                build_name=name, seed=args.seed,
                main_ram_base=main_ram.origin if main_ram else None,
                rom_bytes=soc.bus.regions["rom"].size if "rom" in soc.bus.regions else 0,
                sram_bytes=soc.bus.regions["sram"].size if "sram" in soc.bus.regions else 0,
                uart=soc_args.get("uart_name", "serial"),
                memory=board.memory(main_ram.size if main_ram else None), boot="bios-serial")
    out = Path(builder.output_dir)
    (out / "soc.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"boards/build.py: {board.name} {cfg.name} in {out}"
          + (f" (bitstream {builder.get_bitstream_filename()})" if args.build else " (generated only)"))


if __name__ == "__main__":
    main()
