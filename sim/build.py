#!/usr/bin/env python3
"""Build the Verilator model of the vexcrypt SoC.

Generates the SoC (hw/soc.py) on LiteX's simulation platform with the simulation control block
(hw/simctrl/) and the vexuart stdin/stdout module, writes the firmware headers (csr.h, soc.h,
mem.h) and compiles the model. The model does not contain the firmware: the runner (vexrun)
writes main RAM's init file per run, so a firmware change never needs this script. Accepts
LiteX's standard SoC and builder arguments; `vexrun` calls it only when the hardware sources
changed.

Two variants mirror a board:
  --memory sdram   main RAM is a board's SDRAM (ULX3S: MT48LC16M16, 16-bit SDR, 32 MiB) through
                   LiteDRAM and the 8 KiB L2 cache, with the PHY latencies of the board's
                   GENSDRPHY and the controller timed at the board's 50 MHz; the firmware is
                   still preloaded (the SDRAM model's bank memories are initialized per run).
  --serial         the board's firmware-loading path: the LiteX BIOS in ROM (the CPU starts
                   there), main RAM empty, the UART on a pseudo-terminal (sim/modules/vexpty):
                   the host serial-boots the firmware as on a board (vexrun bench-board).
"""

import json
import os
import re
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
from hw.soc import add_accelerators, add_config_argument, config_from_args, soc_kwargs
from vexrun.soc.memory import SDRAM_BOARD, sim_build_name
from litex.build.parser import LiteXArgumentParser  # after the SoC modules: LiteX's import cycle

HERE = Path(__file__).resolve().parent

# Nominal clock of the model; results are in cycles, the clock only scales the timer's units.
SIM_CLK_FREQ = int(100e6)

# Main RAM: the firmware (about 400 KiB with every accelerator's code), 128 KiB of benchmark
# buffers, the request line, the stacks; 1 MiB no longer held a CLMUL=1 MONT=1 image. The
# caches index by the low 12 bits, so the size moves no figure. A board's SDRAM replaces it.
MAIN_RAM_SIZE = 0x200000

class VexSimConfig(SimConfig):
    """LiteX's configuration with the clock driven by sim/modules/vexclock: clocker's edges for
    one clock at phase 0 without its per-step divisions (LiteX's timebase rules still apply)."""

    def get_json(self):
        assert [m["args"]["phase_deg"] for m in self.modules if m["module"] == "clocker"] == [0], \
            "vexclock drives one clock at phase 0"
        config = json.loads(super().get_json())
        for m in config:
            if m.get("module") == "clocker":
                m["module"] = "vexclock"
        return json.dumps(config, indent=4)


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
    # The idle handshake of the simulation control block (hw/simctrl) to the UART module.
    ("simctrl", 0,
        Subsignal("idle_valid", Pins(1)),
        Subsignal("idle_count", Pins(32)),
    ),
]


class SimPlatformVexcrypt(SimPlatform):
    def __init__(self):
        SimPlatform.__init__(self, "SIM", _io)


# The LiteX BIOS of the serial variant (about 24 KiB with its console) and its data.
BIOS_ROM_SIZE = 0x20000
BIOS_SRAM_SIZE = 0x2000
# The serial variant's line (sim/modules/vexpty): bytes to the SoC in bursts of 48 every 4096
# cycles (85 cycles a byte; a real line at 115200 baud and 50 MHz takes 4340), each burst within
# the UART's receive FIFO, made 64 deep here (16 on the boards): the BIOS takes a burst in one
# interrupt. One byte every 256 cycles starves the BIOS (an interrupt per byte) and it loses bytes.
SERIAL_LINE = {"rx_burst": 48, "rx_gap": 4096}
SERIAL_UART_FIFO = 64


def sdram_phy_settings(sb):
    """The PHY settings of the board's GENSDRPHY (litedram/phy/gensdrphy.py) at its clock: the
    simulation model's own SDR defaults (read latency 4) are not the board's (CL + 1)."""
    from litedram.common import PhySettings, get_default_cl
    cl = get_default_cl(memtype="SDR", tck=1 / sb.clk_hz)
    return PhySettings(phytype="SDRAMPHYModel", memtype="SDR", databits=sb.data_width, dfi_databits=sb.data_width,
                       nranks=1, nphases=1, rdphase=0, wrphase=0, cl=cl, read_latency=cl + 1, write_latency=0)


class SimSoC(SoCCore):
    """The SoC on the simulation platform. Default: no BIOS, the CPU starts in the firmware
    preloaded into main RAM (single-cycle integrated RAM); the simulation control block ends
    the run. memory="sdram": main RAM is the board's SDRAM behind the L2 cache. serial: the
    BIOS in ROM serial-boots the firmware into main RAM."""

    def __init__(self, cfg: SocConfig, memory="sram", serial=False, **kwargs):
        platform = SimPlatformVexcrypt()
        self.crg = CRG(platform.request("sys_clk"))
        sdram = memory == "sdram"
        clk = SDRAM_BOARD.clk_hz if sdram else SIM_CLK_FREQ
        kwargs["integrated_main_ram_size"] = 0 if sdram else (kwargs.get("integrated_main_ram_size") or MAIN_RAM_SIZE)
        if serial:
            kwargs.update(integrated_rom_size=BIOS_ROM_SIZE, integrated_sram_size=BIOS_SRAM_SIZE,
                          uart_fifo_depth=SERIAL_UART_FIFO)
        else:
            kwargs.update(integrated_rom_size=0, integrated_sram_size=0,
                          cpu_reset_address=self.mem_map["main_ram"])
        SoCCore.__init__(self, platform, clk_freq=clk, **soc_kwargs(cfg, **kwargs))
        if sdram:
            from litedram import modules as litedram_modules
            from litedram.phy.model import SDRAMPHYModel
            sb = SDRAM_BOARD
            module = getattr(litedram_modules, sb.module)(clk, "1:1")
            # A non-empty init makes LiteX give every bank memory an init file, which the runner
            # overwrites with the firmware per run (vexrun/soc/memory.py); row 0 of bank b holds the
            # marker b + 1, so the build can tell which file is which bank.
            per_row = module.ncols * sb.data_width // 32
            init = [(b + 1) * 0x00010001 for b in range(module.nbanks) for _ in range(per_row)]
            self.sdrphy = SDRAMPHYModel(module=module, settings=sdram_phy_settings(sb), clk_freq=clk, init=init)
            self.sdram_geom = dict(nbanks=module.nbanks, ncols=module.ncols, data_width=sb.data_width)
            self.add_sdram("sdram", phy=self.sdrphy, module=module, l2_cache_size=sb.l2_bytes)
            self.add_constant("SDRAM_TEST_DISABLE")     # nothing tests it: the firmware is preloaded
        if serial:
            # The BIOS's boot-time memory test, shortened as LiteX's own simulation does.
            self.add_constant("MEMTEST_DATA_SIZE", 8 * 1024)
            self.add_constant("MEMTEST_ADDR_SIZE", 8 * 1024)
        self.simctrl = SimControl(platform, mark=self.timer0._uptime_latch.re)
        add_accelerators(self, cfg)
        self.vexcrypt_config["memory"] = memory_info(self, memory)
        self.vexcrypt_config["boot"] = "bios-serial" if serial else "preloaded"


def memory_info(soc, memory):
    """What main RAM is, for soc.json and result metadata."""
    main_ram = soc.bus.regions["main_ram"]
    if memory == "sdram":
        sb = SDRAM_BOARD
        return {"kind": "sdram", "module": sb.module, "data_width": sb.data_width, "l2_bytes": sb.l2_bytes,
                "mirrors": sb.board, "controller_clk_hz": sb.clk_hz, "bytes": main_ram.size,
                "phy": "litedram SDRAMPHYModel with GENSDRPHY latencies"}
    return {"kind": "sram", "bytes": main_ram.size, "desc": "integrated RAM, single cycle, no L2"}


def sdram_bank_files(gw: Path, nbanks: int):
    """The init file of each SDRAM bank memory, in bank order, told by the markers SimSoC put
    in row 0 (bank b starts with b + 1)."""
    files = {}
    for f in gw.glob("*.init"):
        first = f.read_text().split("\n", 1)[0].strip()
        if first and len(f.read_text().splitlines()) >= 2:
            v = int(first, 16)
            if 1 <= v <= nbanks:
                files.setdefault(v - 1, f.name)
    if sorted(files) != list(range(nbanks)):
        sys.exit(f"sim/build.py: cannot tell the SDRAM bank init files apart in {gw} (found {files})")
    return [files[b] for b in range(nbanks)]


def main():
    parser = LiteXArgumentParser(platform=SimPlatformVexcrypt, description=__doc__.splitlines()[0])
    add_config_argument(parser)
    parser.add_target_argument("--memory", default="sram", choices=("sram", "sdram"),
                               help="Main RAM: integrated single-cycle RAM, or the ULX3S's SDRAM behind the L2.")
    parser.add_target_argument("--serial", action="store_true",
                               help="LiteX BIOS in ROM, UART on a pseudo-terminal: the board's serial-boot path.")
    parser.add_target_argument("--profile-gen", action="store_true",
                               help="Build the model instrumented for profile-guided optimisation: vexrun "
                                    "runs it on a training request, then recompiles it (sim/harness/Makefile profiled).")
    parser.add_target_argument("--build-root", default=str(HERE.parent / "build"), help="Where build/<config>/ goes.")
    parser.set_defaults(uart_name="sim")
    args = parser.parse_args()

    soc_args = parser.soc_argdict
    try:
        cfg = config_from_args(soc_args, args.config)
    except ConfigError as e:
        sys.exit(f"sim/build.py: {e}")
    traced = parser.toolchain_argdict.get("trace", False)
    out = Path(args.build_root) / sim_build_name(cfg.name, args.memory, args.serial, traced)
    soc = SimSoC(cfg, memory=args.memory, serial=args.serial, **soc_args)
    uart_mod = "vexpty" if args.serial else "vexuart"

    sim_config = VexSimConfig()
    sim_config.add_clocker("sys_clk", freq_hz=int(soc.sys_clk_freq))
    # The pseudo-terminal's line pace (sim/modules/vexpty): bursts that fit the UART FIFO.
    sim_config.add_module(uart_mod, "serial" if args.serial else ["serial", "simctrl"],
                          args=SERIAL_LINE if args.serial else None)

    # LiteX writes a variables.mak into the extra modules' folder: give it a copy in the build tree.
    mods = out / "simmods"
    shutil.rmtree(mods, ignore_errors=True)
    shutil.copytree(HERE / "modules", mods)

    builder_kwargs = parser.builder_argdict
    builder_kwargs.update(output_dir=str(out), compile_software=args.serial, compile_gateware=False)
    builder = Builder(soc, **builder_kwargs)
    toolchain_kwargs = parser.toolchain_argdict
    toolchain_kwargs.update(opt_level="O3", jobs=toolchain_kwargs.get("jobs") or os.cpu_count(), threads=1)
    builder.build(sim_config=sim_config, run=False, extra_mods=[uart_mod, "vexclock"], extra_mods_path=str(mods),
                  **toolchain_kwargs)

    # Compile the model: LiteX's generated script, its make call sent to sim/harness/Makefile
    # (the same harness with a faster model; the Makefile says how).
    gw = Path(builder.gateware_dir)
    script = (gw / "build_sim.sh").read_text()
    litex_mk = re.search(r"make -C \. -f (\S+) ", script)
    if not litex_mk:
        sys.exit(f"sim/build.py: LiteX's build script has changed shape: {gw / 'build_sim.sh'}")
    script = script.replace(litex_mk.group(0), f"make -C . -f {HERE / 'harness' / 'Makefile'} vexsim "
                            f"LITEX_MK={litex_mk.group(1)} {'TRACE=1 ' if traced else ''}"
                            f"{'PROFILE=gen ' if args.profile_gen else ''}")
    r = subprocess.run(["bash", "-c", script], cwd=gw, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (gw / "build.log").write_text(r.stdout)
    if r.returncode != 0 or not (gw / "obj_dir" / "Vsim").exists():
        tail = "\n".join(r.stdout.splitlines()[-30:])
        sys.exit(f"{tail}\nsim/build.py: the Verilator build failed (full log: {gw / 'build.log'})")
    meta = dict(soc.vexcrypt_config, trace=bool(traced), main_ram_base=soc.mem_map["main_ram"],
                config=sim_build_name(cfg.name, args.memory, args.serial))
    if args.memory == "sdram":
        meta["sdram_init"] = dict(soc.sdram_geom, files=sdram_bank_files(gw, soc.sdram_geom["nbanks"]))
    (out / "soc.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(f"sim/build.py: model ready in {gw}")


if __name__ == "__main__":
    main()
