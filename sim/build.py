#!/usr/bin/env python3
"""Build the Verilator model of the vexcrypt SoC.

Generates the SoC (hw/soc.py) on LiteX's simulation platform with the simulation control block
(hw/simctrl/) and the vexuart stdin/stdout module, writes the firmware headers (csr.h, soc.h,
mem.h) and compiles the model. The model does not contain the firmware: the runner (vexrun)
writes main RAM's init file per run, so a firmware change never needs this script. Accepts
LiteX's standard SoC and builder arguments; `vexrun` calls it only when the hardware sources
changed.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from migen.genlib.io import CRG
from litex.build.generic_platform import Pins, Subsignal
from litex.build.sim import SimPlatform
from litex.build.sim.config import SimConfig
from litex.soc.integration.builder import Builder
from litex.soc.integration.soc_core import SoCCore

from hw.config import ConfigError, SocConfig
from hw.simctrl.core import SimControl
from hw.soc import add_accelerators, soc_kwargs
from litex.build.parser import LiteXArgumentParser  # after the SoC modules: LiteX's import cycle

HERE = Path(__file__).resolve().parent

# Nominal clock of the model; results are in cycles, the clock only scales the timer's units.
SIM_CLK_FREQ = int(100e6)

# Main RAM: the benchmark firmware (a few hundred KiB), 128 KiB of benchmark buffers, the
# stack. A board's SDRAM replaces it.
MAIN_RAM_SIZE = 0x100000

_io = [
    ("sys_clk", 0, Pins(1)),
    ("sys_rst", 0, Pins(1)),
    ("serial", 0,
        Subsignal("source_valid", Pins(1)),
        Subsignal("source_ready", Pins(1)),
        Subsignal("source_data",  Pins(8)),
        Subsignal("sink_valid",   Pins(1)),
        Subsignal("sink_ready",   Pins(1)),
        Subsignal("sink_data",    Pins(8)),
    ),
]


class SimPlatformVexcrypt(SimPlatform):
    def __init__(self):
        SimPlatform.__init__(self, "SIM", _io)


class SimSoC(SoCCore):
    """The SoC on the simulation platform: no BIOS, the CPU starts in the firmware preloaded
    into main RAM; the simulation control block ends the run."""

    def __init__(self, cfg: SocConfig, **kwargs):
        platform = SimPlatformVexcrypt()
        self.crg = CRG(platform.request("sys_clk"))
        kwargs["integrated_main_ram_size"] = kwargs.get("integrated_main_ram_size") or MAIN_RAM_SIZE
        kwargs.update(integrated_rom_size=0, integrated_sram_size=0,
                      cpu_reset_address=self.mem_map["main_ram"])
        SoCCore.__init__(self, platform, clk_freq=SIM_CLK_FREQ, **soc_kwargs(cfg, **kwargs))
        self.simctrl = SimControl(platform)
        add_accelerators(self, cfg)


def main():
    parser = LiteXArgumentParser(platform=SimPlatformVexcrypt, description=__doc__.splitlines()[0])
    parser.add_target_argument("--clmul", type=int, default=0, choices=(0, 1), help="Carry-less multiply CFU.")
    parser.add_target_argument("--mont", type=int, default=0, choices=(0, 1), help="Montgomery co-processor.")
    parser.add_target_argument("--build-root", default=str(HERE.parent / "build"), help="Where build/<config>/ goes.")
    parser.set_defaults(cpu_variant="full", uart_name="sim")
    args = parser.parse_args()

    soc_args = parser.soc_argdict
    try:
        cfg = SocConfig.parse(soc_args.pop("cpu_variant", None) or "full", args.clmul, args.mont)
    except ConfigError as e:
        sys.exit(f"sim/build.py: {e}")
    for k in ("cpu_type", "cpu_cfu"):        # the configuration decides the CPU
        soc_args.pop(k, None)
    traced = parser.toolchain_argdict.get("trace", False)
    out = Path(args.build_root) / (cfg.name + ("-trace" if traced else ""))
    soc = SimSoC(cfg, **soc_args)

    sim_config = SimConfig()
    sim_config.add_clocker("sys_clk", freq_hz=SIM_CLK_FREQ)
    sim_config.add_module("vexuart", "serial")

    # LiteX writes a variables.mak into the extra modules' folder: give it a copy in the build tree.
    mods = out / "simmods"
    shutil.rmtree(mods, ignore_errors=True)
    shutil.copytree(HERE / "modules", mods)

    builder_kwargs = parser.builder_argdict
    builder_kwargs.update(output_dir=str(out), compile_software=False, compile_gateware=False)
    builder = Builder(soc, **builder_kwargs)
    toolchain_kwargs = parser.toolchain_argdict
    toolchain_kwargs.update(opt_level="O3", jobs=toolchain_kwargs.get("jobs") or os.cpu_count(), threads=1)
    builder.build(sim_config=sim_config, run=False, extra_mods=["vexuart"], extra_mods_path=str(mods),
                  **toolchain_kwargs)

    # Compile the model (LiteX's generated script: verilator + make).
    gw = Path(builder.gateware_dir)
    r = subprocess.run(["bash", "build_sim.sh"], cwd=gw, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (gw / "build.log").write_text(r.stdout)
    if r.returncode != 0 or not (gw / "obj_dir" / "Vsim").exists():
        tail = "\n".join(r.stdout.splitlines()[-30:])
        sys.exit(f"{tail}\nsim/build.py: the Verilator build failed (full log: {gw / 'build.log'})")
    meta = dict(soc.vexcrypt_config, trace=bool(traced), main_ram_base=soc.mem_map["main_ram"])
    (out / "soc.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"sim/build.py: model ready in {gw}")


if __name__ == "__main__":
    main()
