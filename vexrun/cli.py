"""vexrun: build, run and report the vexcrypt SoC (the make targets call it; `vexrun COMMAND --help`).

Exit status: 0 done; 1 the command ran and something failed (a check, a build, a timing, a leak,
a finding); 2 the input was refused (an option, a name, a file): nothing ran; 3 the target was
lost (a trap, a timeout, the cycle bound)."""

# This module parses the command line and dispatches to vexrun/commands.py.

import argparse
import sys

from hw.config import ACCELERATORS, CPU_VARIANTS, ConfigError, add_arguments

from vexrun import commands as c
from vexrun.argtypes import count, mhz, mode_list, size_list, slice_arg
from vexrun.env import ToolError, UsageError
from vexrun.proto import ike, smime, tls
from vexrun.soc.memory import MEMORIES
from vexrun.soc.target import TargetError

SIM_MAX_CYCLES = 1_000_000_000          # make sim: a few minutes of simulation at most
BENCH_MAX_CYCLES = 16_000_000_000       # make bench: the long sweep
ORACLE_MAX_CYCLES = 20_000_000_000      # oracle: bound of one model's whole life


class Parser(argparse.ArgumentParser):
    """Usage errors as one line: 'vexrun: <reason>'."""

    def error(self, message):
        self.exit(2, f"vexrun: {message}\n")


def sweep_args(p, default_out):
    """The options of a command that runs as tasks on Dask (vexrun/sweep.py); returns their group."""
    g = p.add_argument_group("the sweep (vexrun/sweep.py, docs/sweeps.md)")
    g.add_argument("--out", metavar="DIR", help=f"where the records go: DIR/records.json, DIR/tasks/ (default: {default_out})")
    g.add_argument("--resume", action="store_true", help="run only the tasks of the sweep in --out DIR that have no "
                   "records yet (same commit, model and firmware)")
    w = g.add_mutually_exclusive_group()
    w.add_argument("--workers", type=int, metavar="N", help="processes of the local Dask cluster (default: the cores)")
    w.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="an existing Dask cluster's scheduler; its workers "
                   "run in a checkout of the same commit")
    return g


def config_args(p, memory=True):
    g = p.add_argument_group("SoC configuration (hw/config.py)")
    g.add_argument("--cpu-variant", default="full", choices=CPU_VARIANTS,
                   help="VexRiscv variant (default: full; full+cfu is full with the CFU port's accelerator on)")
    add_arguments(g)
    if memory:
        g.add_argument("--memory", default="sram", choices=MEMORIES,
                       help="main RAM: sram, the single-cycle integrated RAM (default), or sdram, a board's memory "
                            "system (the ULX3S's SDRAM through LiteDRAM behind the 8 KiB L2; build/<config>-sdram)")


def run_args(p, suites_help, runs=3, max_cycles=SIM_MAX_CYCLES, sizes=None):
    """--suites, --runs, --sizes and (a simulation's) --max-cycles."""
    p.add_argument("--suites", default=None, help=suites_help)
    p.add_argument("--runs", type=int, default=runs, choices=range(1, 16), metavar="1..15",
                   help=f"repetitions per measurement; the median is reported (default: {runs})")
    p.add_argument("--sizes", type=size_list, default=sizes, help="message sizes in bytes, e.g. 64,1024 "
                   f"(default: {sizes or '64,1024,8192'})")
    if max_cycles:
        p.add_argument("--max-cycles", type=count, default=max_cycles, help=f"cycle bound of the run (default: {max_cycles:,})")


def session_args(p):     # a protocol's target (tls, smime, ike): the SoC, a board, or the host build
    p.add_argument("--impl", choices=["sw"], help="sw: the accelerators off (the software path in the same build)")
    p.add_argument("--host", action="store_true", help="run it in the host build (fast; its cycles are not the SoC's)")
    target_args(p)


def target_args(p):
    """Where oracle requests run: the simulated SoC (its bounds and memory) or a board."""
    config_args(p)
    p.add_argument("--max-cycles", type=count, default=ORACLE_MAX_CYCLES,
                   help=f"cycle bound of one simulation (default: {ORACLE_MAX_CYCLES:,})")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for one answer (default: 300)")
    g = p.add_argument_group("on a board (or the simulated SoC's serial port)")
    g.add_argument("--port", help="serial port of a board: the requests go there instead of a simulation")
    g.add_argument("--board", help="the board whose build's firmware is serial-booted (with --port)")
    clock_arg(g)
    g.add_argument("--build-dir", help="the build folder with soc.json and fw/vexcrypt.bin (instead of --board)")
    g.add_argument("--baud", type=int, default=115200, help="baud rate (default: 115200)")
    g.add_argument("--no-boot", action="store_true", help="use the firmware already running on the board")


def clock_arg(p):
    p.add_argument("--sys-clk-mhz", type=mhz, default=None,
                   help="system clock of the board's build (default: the board's; `make bitstream SYS_CLK_MHZ=F`)")


def board_arg(p):
    import boards
    p.add_argument("--board", help=f"one of {boards.valid_names()}")
    clock_arg(p)


def build_parser():
    from vexrun.board.fpga import BLOCKS
    p = Parser(prog="vexrun", description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n")[1],
               formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser, metavar="COMMAND")

    def command(name, func, help_, description=None, aliases=()):
        s = sub.add_parser(name, help=help_, description=description or help_, aliases=list(aliases))
        s.set_defaults(func=func)
        return s

    accel_suites = "; ".join(f"{a.option} 1 adds {a.quick_suite}" for a in ACCELERATORS)
    s = command("sim", c.cmd_sim, "build what changed, run self-tests and benchmarks in the simulated SoC, print a table")
    config_args(s)
    run_args(s, f"comma-separated suites (default: {c.DEFAULT_SUITES}; {accel_suites}, its speedup table)")
    s.add_argument("--all", action="store_true", help="every key size and variant (3DES, AES-192/256, aes_ct)")
    s.add_argument("--trace", action="store_true", help="dump an FST waveform (builds a traced model)")
    s.add_argument("--trace-begin", type=count, default=0, help="first traced cycle (default: 0)")
    s.add_argument("--trace-end", type=count, default=200_000, help="last traced cycle (default: 200000)")
    s.add_argument("--publish", metavar="DIR", help="save the run as DIR/examples/make-sim-<config>.json, the example "
                   "the README shows, and render every page (vexrun publish)")

    b = command("bench", c.cmd_bench, "the long benchmark sweep on Dask: seed sizes, least-squares lines, the performance "
                "pages", "The benchmark sweep as tasks (one simulation each: a slice of a suite) on a Dask local "
                "cluster, or on an existing cluster with --scheduler (docs/sweeps.md). Records go to OUT/records.json "
                "as tasks end; --resume completes an interrupted sweep; the exit status is 1 when any task failed.")
    config_args(b)
    from vexrun.suites.records import BENCH_SIZES
    run_args(b, f"comma-separated suites (default: {c.BENCH_SUITES}; with an accelerator on, its page's: "
             + "; ".join(f"{a.option} 1: {','.join(a.bench_suites)}" for a in ACCELERATORS)
             + "".join(f"; all of {'+'.join(s.accelerators)}: also {s.name}" for s in c.suites.SUITES.values()
                       if s.accelerators) + ")",
             max_cycles=BENCH_MAX_CYCLES, sizes=",".join(map(str, BENCH_SIZES)))
    b.add_argument("--modes", type=mode_list, default="ecb,cbc", help="block-cipher modes (default: ecb,cbc)")
    b.add_argument("--publish", metavar="DIR", help="save the run's data for the pages it covers into DIR (make bench: "
                   "docs) and render every page from the data there (vexrun publish)")
    g = sweep_args(b, "results/sweeps/<config>/<UTC time>")
    g.add_argument("--slice", type=slice_arg, metavar="I/N", help="one task alone: slice I of N of the one suite given")
    b.set_defaults(trace=False, trace_begin=0, trace_end=0)

    f = command("factorial", c.cmd_factorial, "seed 002's 2^3 factorial designs on this platform: CPU variant x "
                "memory x size", "Runs suite factorial (RC4, SHA-1, DH, DSA at seed 002's two sizes) in the four "
                "simulation builds of CPU variant (full, lite) and memory (sram, sdram) as tasks of one sweep on Dask, "
                "then each factor's and interaction's share of the variation as seed 002 §4.5 computes it, and its "
                "§4.4 pairwise comparison (docs/factorial.md).")
    f.add_argument("--runs", type=int, default=3, choices=range(1, 16), metavar="1..15",
                   help="repetitions per measurement; the median is reported (default: 3)")
    f.add_argument("--max-cycles", type=count, default=BENCH_MAX_CYCLES, help=f"cycle bound of a task "
                   f"(default: {BENCH_MAX_CYCLES:,})")
    f.add_argument("--publish", metavar="DIR", help="save DIR/factorial.json and render every page (vexrun publish)")
    sweep_args(f, "results/sweeps/factorial/<UTC time>")
    f.set_defaults(sizes=None, all=False, modes=None)

    from vexrun.explore import cmd as explore_cmd
    from vexrun.explore import stages
    x = command("explore", c.cmd_explore, "seed 004's design space: a handshake stage's cycles, measured or estimated",
                "Block-wise RSA (seed 004's method, not a scheme to use) for a stage of an SSL client's handshake: "
                + "; ".join(f"{s.name}: {s.title}" for s in stages.STAGES.values())
                + ". measure and estimate print one JSON object: cycles, the point's canonical form, where from "
                "(docs/explore.md).")
    explore_cmd.arguments(x, Parser, sweep_args)

    o = command("oracle", c.cmd_oracle, "answer JSON-lines requests with the simulated SoC (or a board)",
                'One JSON request per line on stdin, e.g. {"op":"sha256","msg":"616263"}, one JSON response per line '
                'on stdout; {"op":"ops"} lists the operations and their fields. A blank line gets an error reply.')
    target_args(o)

    v = command("vectors", c.cmd_vectors, "run a test-vector file (oracle requests with expected fields) on the SoC",
                'Runs FILE ("-": standard input), one case per line: an oracle request plus "expect", the response '
                'fields it must have, e.g. {"op":"sha256","msg":"616263","expect":{"out":"ba7816bf..."}}, and '
                'optionally "name". Prints pass or FAIL per case with the first difference; exit 1 when a case '
                "fails, 2 when the file is unreadable or malformed. Example: docs/examples/vectors.jsonl.")
    v.add_argument("file", help="the vector file (JSON lines), or - for standard input")
    target_args(v)

    bd = command("build", c.cmd_build, "build the Verilator model and the firmware")
    config_args(bd)
    bd.add_argument("--trace", action="store_true", help="build the traced model")

    r = command("report", c.cmd_report, "print the table of a saved result file (default: the newest)")
    r.add_argument("file", nargs="?", help="result file (default: the newest under results/)")

    bs = command("bitstream", c.cmd_bitstream, "build the SoC for a board with the open FPGA flow",
                 "Builds the board's litex-boards target with the vexcrypt SoC configuration (the LiteX BIOS in ROM, "
                 "SDRAM as main RAM) with Yosys/nextpnr, then the firmware against its headers. Writes "
                 "build/boards/<board>-<config>/ with the bitstream and report.json. Exit 1 when the design does not "
                 "fit, fails timing or does not build. Needs scripts/setup-env fpga.")
    board_arg(bs)
    config_args(bs, memory=False)
    bs.add_argument("--seed", type=int, default=1, help="nextpnr placement seed (default: 1)")
    bs.add_argument("--no-firmware", action="store_true", help="do not build the firmware against the board's headers")
    bs.add_argument("--dry-run", action="store_true", help="validate the board and configuration, build nothing")

    ld = command("load", c.cmd_load, "load a board's bitstream into its FPGA with openFPGALoader",
                 "Loads build/boards/<board>-<config>/*.bit (.fs on Gowin) into the FPGA's configuration SRAM "
                 "(scripts/setup-env load installs openFPGALoader). No board on the cable: one line, exit 1.")
    board_arg(ld)
    config_args(ld, memory=False)
    ld.add_argument("--cable", help="openFPGALoader cable (-c), when not the board's default")

    bb = command("bench-board", c.cmd_bench_board, "run the suites on a board over its serial port (resumable)",
                 "Serial-boots the firmware (build/boards/<board>-<config>/fw/vexcrypt.bin) through the LiteX BIOS, "
                 "runs the suites one by one with the simulation's host checks and saves results/board/<config>/"
                 "<time>.json after every record. A board that stops answering: a timeout, what arrived is kept, "
                 "and --resume FILE reruns the suites the file has not finished.")
    board_arg(bb)
    config_args(bb, memory=False)
    bb.add_argument("--build-dir", help="the build folder with soc.json and fw/vexcrypt.bin (default: the board's)")
    bb.add_argument("--port", help="serial port of the board's console, e.g. /dev/ttyUSB0")
    bb.add_argument("--baud", type=int, default=115200, help="baud rate (default: 115200)")
    run_args(bb, f"comma-separated suites (default: {c.DEFAULT_SUITES})", runs=None, max_cycles=None)
    bb.add_argument("--all", action="store_true", help="every key size and variant")
    bb.add_argument("--resume", metavar="FILE", help="finish the interrupted run of this result file")
    bb.add_argument("--out", metavar="FILE", help="result file (default: results/board/<config>/<time>.json)")
    bb.add_argument("--timeout", type=float, default=120.0, help="seconds of silence before the board counts as "
                    "stopped (default: 120)")
    bb.add_argument("--boot-timeout", type=float, default=60.0, help="seconds to wait for the BIOS and the firmware")
    bb.add_argument("--window", type=int, default=1, help="serial-boot frames in flight (default: 1, litex_term --safe)")
    bb.add_argument("--no-boot", action="store_true", help="use the firmware already running on the board")

    so = command("synth-ooc", c.cmd_synth_ooc, "synthesize one IP block out of context on ECP5: cells and Fmax",
                 "Yosys synth_ecp5 of one block alone and nextpnr-ecp5 --out-of-context on the ULX3S's LFE5U-45F. "
                 "Writes build/ooc/<block>[-<param><value>]/ooc.json.")
    so.add_argument("--block", required=True, choices=list(BLOCKS), help="IP block")
    so.add_argument("--param", action="append", metavar="NAME=VALUE", help="Verilog parameter (repeatable), e.g. PARTS=2")
    so.add_argument("--seed", type=int, default=1, help="nextpnr placement seed (default: 1)")
    so.add_argument("--freq", type=float, default=100.0, help="nextpnr target clock in MHz (default: 100)")

    co = command("cost", c.cmd_cost, "an accelerator's cost table on ECP5 (out of context and in the ULX3S SoC)")
    co.add_argument("--accel", required=True, choices=[a.name for a in ACCELERATORS], help="accelerator")
    co.add_argument("--seeds", type=int, default=3, choices=range(1, 10), metavar="1..9",
                    help="placement seeds per SoC build (default: 3)")
    co.add_argument("--publish", metavar="DIR", help="save DIR/synth-<accel>.json and render every page (vexrun publish)")

    bt = command("board-table", c.cmd_board_table, "the board x configuration and memory tables of boards/README.md",
                 "Reads the make bitstream reports under --builds and runs the headline requests on each built "
                 "configuration's simulation, with single-cycle RAM and with the board's SDRAM.")
    bt.add_argument("--builds", default="build/boards", help="folder of make bitstream builds (default: build/boards)")
    bt.add_argument("--runs", type=int, default=3, help="calls of each request; the median is kept (default: 3)")
    bt.add_argument("--publish", metavar="DIR", help="save DIR/boards.json and render every page (vexrun publish)")

    pb = command("publish", c.cmd_publish, "render every page, the README's figures and the tables from docs/*.json",
                 aliases=("headline",))
    pb.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page differs from its data")

    ct = command("ct", c.cmd_ct, "dudect-style constant-time test of the firmware's routines in the simulated SoC",
                 "Fixed-vs-random secrets, exact cycles per call, Welch's t (|t| > 4.5: the cycles depend on the "
                 "secret) for every routine labelled constant time and variable-time ones for contrast (fw/app/ct.c, "
                 "vexrun/checks/ct.py), each in the builds its row names. Exit 1 when a routine labelled constant "
                 "time fails.")
    ct.add_argument("--quick", action="store_true", help="the quick form (the rows and sample counts of make test)")
    ct.add_argument("--routines", help="comma-separated routine names (default: all)")
    ct.add_argument("--samples", type=int, help="calls per routine instead of the table's (at least 4)")
    ct.add_argument("--seed", type=int, default=15, help="seed of the class sequences and secrets (default: 15)")
    ct.add_argument("--publish", metavar="DIR", help="save DIR/ct.json and render every page (vexrun publish)")
    sweep_args(ct, "results/sweeps/ct/<UTC time>")

    for proto in (tls, smime, ike):
        proto.arguments(command(proto.NAME, getattr(c, f"cmd_{proto.NAME}"), proto.SUMMARY, proto.HELP), Parser,
                        session_args)

    fz = command("fuzz", c.cmd_fuzz, "libFuzzer runs of the firmware's C code on the host (clang, ASan, UBSan)")
    fz.add_argument("--seconds", type=count, default=600, help="time per target (default: 600)")
    fz.add_argument("--targets", type=lambda s: [t for t in s.split(",") if t], default=None,
                    help="comma-separated targets (default: every file of fw/test/fuzz/)")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (UsageError, ConfigError) as e:
        code, msg = 2, e
    except TargetError as e:
        code, msg = 3, e
    except ToolError as e:
        code, msg = 1, e
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:           # e.g. `vexrun report | head`
        sys.stderr.close()
        return 0
    print(f"vexrun: {msg}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
