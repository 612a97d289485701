"""The commands of vexrun (cli.py parses their options): each takes the parsed arguments, calls
into the rooms of the package (vexrun/__init__.py lists them) and returns the exit status."""

import json
import sys
from pathlib import Path

from hw.config import accelerator, switches

from vexrun import suites
from vexrun.env import ROOT, ToolError, UsageError
from vexrun.soc.build import Config, ensure_all

DEFAULT_SUITES = "selftest,hash,block,stream"
BENCH_SUITES = "hash,block,stream,mp,pk,ec"


def log(m):
    print(m, file=sys.stderr, flush=True)


def config_from(args, trace=False):
    return Config.parse(args.cpu_variant, trace, memory=getattr(args, "memory", "sram"), **switches(args))


def default_suites(args, base):
    """`base`, and with an accelerator on its quick suite (sim) or its page's suites (bench)."""
    on = [accelerator(n) for n in config_from(args).soc.accelerators]
    if args.cmd == "bench":
        both = [s.name for s in suites.SUITES.values() if s.accelerators and set(s.accelerators) == {a.name for a in on}]
        return ",".join([s for a in on for s in a.bench_suites] + both) or base
    return ",".join([base] + [a.quick_suite for a in on])


def run_options(args):
    return suites.RunOptions(runs=args.runs, all=bool(getattr(args, "all", False)) or args.cmd == "bench",
                             sizes=tuple(int(n) for n in (args.sizes or "64,1024,8192").split(",")),
                             modes=tuple((getattr(args, "modes", None) or "cbc").split(",")))


def sim_request(args):
    """The run request's fields besides suites and runs."""
    request = dict({"all": True} if getattr(args, "all", False) else {}, **({"sizes": args.sizes} if args.sizes else {}))
    if args.cmd == "bench":
        request.update(BENCH_REQUEST, modes=args.modes)
    return request


# What a benchmark's run request adds: every variant, and a run counting instructions.
BENCH_REQUEST = {"all": True, "instret": True}


def run_sweep(tasks, estimates, out, digests, args, **kw):
    """The tasks on Dask (vexrun/sweep.py) with the command's --workers, --scheduler, --resume;
    each failed task logged with the command that reruns it alone."""
    from vexrun import sweep
    s = sweep.run(tasks, estimates, out, digests, workers=args.workers, scheduler=args.scheduler,
                  resume=args.resume, log=log, command="vexrun " + " ".join(sys.argv[1:]), **kw)
    for task, reason in s.failures:
        log(f"vexrun: FAIL {task.name}: {reason}\n  rerun it alone: {task.command()}")
    return s


def sweep_meta(s, tasks, out):
    """A sweep's metadata: its tasks, cycles and wall time over every run (a resumed sweep keeps
    each run's command in "invocations")."""
    return {"tasks": len(tasks), "ran": s.ran, "workers": s.invocations[0]["workers"], "sim_cycles": s.cycles,
            "wall_s": s.wall_s, "records": str(out / "records.json"),
            # what plan() splits a suite's estimate by in later sweeps (sweep.slice_shares)
            "task_cycles": [{"build": t.build, "suite": t.suite, "slice": t.slice, "slices": t.slices, "cycles": c}
                            for t, c in s.task_cycles],
            **({"invocations": s.invocations} if len(s.invocations) > 1 else {})}


def cmd_sim(args):
    from vexrun.soc import results, run
    cfg = config_from(args, trace=args.trace)
    names = (args.suites or default_suites(args, DEFAULT_SUITES)).split(",")
    r = run.run_suites(cfg, names, run_options(args), args.max_cycles, request=sim_request(args),
                       trace_window=(args.trace_begin, args.trace_end) if args.trace else None, where=args.cmd)
    print(results.render_table(r.records, r.meta))
    if args.publish and not r.failures:
        from vexrun.pages import data, publish
        data.save_json(Path(args.publish) / "examples" / f"make-sim-{cfg.name}.json", {"meta": r.meta, "records": r.records})
        publish.publish(docs=Path(args.publish), log=log)
    return run.report_failures(r.failures)


def cmd_bench(args):
    """The benchmark sweep on Dask (vexrun/sweep.py): tasks, records in --out, tables and pages."""
    import time

    from vexrun import sweep
    from vexrun.env import RESULTS, git_commit
    from vexrun.pages import data, performance, publish
    from vexrun.soc import results, run
    cfg = config_from(args)
    names = (args.suites or default_suites(args, BENCH_SUITES)).split(",")
    run.check_suites(names)
    if args.slice and len(names) != 1:
        raise UsageError("--slice runs one task: give one suite with --suites")
    opts = run_options(args)
    commit = git_commit()
    tasks, estimates = sweep.plan(cfg, names, opts, sim_request(args), args.max_cycles, commit, slices=args.slice)
    out = Path(args.out or RESULTS / "sweeps" / cfg.name / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
    log(f"vexrun: sweep of suites {','.join(names)} on {cfg.name}: {len(tasks)} tasks, "
        f"{suites.announce(names, opts, cfg.soc.name)} on one core (cycle bound {args.max_cycles:,} a task)")
    digests = {cfg.name: sweep.build_digests(cfg, log)}
    s = run_sweep(tasks, estimates, out, digests, args)
    # A resumed sweep: the first run's command, and every run's in "invocations".
    symbols = {n for name in names for n in suites.SUITES[name].symbols}
    meta = results.metadata(cfg.soc_info(), "sim", s.invocations[0]["command"], {
        **({"symbols": results.symbol_sizes(cfg.dir / "fw" / "vexcrypt.elf", symbols)} if symbols else {}),
        "runs": opts.runs, "request": dict({"op": "run", "suites": ",".join(names), "runs": opts.runs}, **sim_request(args)),
        "cycle_overhead": s.cycle_overhead, "sweep": sweep_meta(s, tasks, out)}, commit=commit)
    print(results.render_table(s.records, meta))
    for name, recs in performance.run_pages(s.records, meta).items():
        print(performance.render_page(name, recs, meta, data.Data()))
    log(f"vexrun: records in {out / 'records.json'}")
    if args.publish and not s.failures:
        performance.save_run(s.records, meta, args.publish)
        publish.publish(docs=Path(args.publish), log=log)
    elif args.publish:
        log("vexrun: nothing published: the sweep had failures (--resume completes it)")
    return 1 if s.failures else 0


def cmd_factorial(args):
    """Seed 002's 2^3 factorial on this platform: suite factorial in the four builds of CPU variant x
    memory, as tasks of one sweep on Dask; docs/factorial.json and its page with --publish."""
    import time

    from vexrun import sweep
    from vexrun.env import RESULTS, git_commit
    from vexrun.pages import data, publish
    from vexrun.soc import results
    from vexrun.suites import factorial
    opts, commit = run_options(args), git_commit()
    cfgs = [Config.parse(cpu_variant=v, memory=m) for v in factorial.VARIANTS for m in factorial.MEMORIES]
    tasks, estimates = [], {}
    for cfg in cfgs:
        # The request `vexrun bench` sends, so that a task's command() reruns it as it ran.
        t, e = sweep.plan(cfg, ["factorial"], opts, dict(BENCH_REQUEST, modes="ecb,cbc"), args.max_cycles, commit)
        tasks += t
        estimates.update(e)
    out = Path(args.out or RESULTS / "sweeps" / "factorial" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
    log(f"vexrun factorial: {len(tasks)} tasks in {len(cfgs)} builds ({', '.join(c.name for c in cfgs)}), "
        f"about {sum(estimates.values()) / 1e9:.1f} G simulated cycles")
    digests = {cfg.name: sweep.build_digests(cfg, log) for cfg in cfgs}
    s = run_sweep(tasks, estimates, out, digests, args)
    meta = results.metadata(cfgs[0].soc_info(), "sim", s.invocations[0]["command"], {
        "runs": opts.runs, "config": ", ".join(c.name for c in cfgs), "sweep": sweep_meta(s, tasks, out)},
        commit=commit)
    if args.publish and not s.failures:
        data.save_json(Path(args.publish) / "factorial.json", {"meta": meta, "records": s.records})
        publish.publish(docs=Path(args.publish), log=log)
    elif args.publish:
        log("vexrun: nothing published: the sweep had failures (--resume completes it)")
    print(factorial.page(s.records, meta))
    return 1 if s.failures else 0


def sessions(args):
    """Where oracle requests run: a board (--port) or the simulated SoC."""
    if args.port:
        from vexrun.board import serial
        build = serial.board_build_dir(args.board, config_from(args).soc, args.build_dir, args.sys_clk_mhz)
        return serial.sessions(build, args.port, baud=args.baud, timeout=args.timeout, boot=not args.no_boot, log=log)
    from vexrun.soc import oracle
    return oracle.sim_sessions(config_from(args), args.max_cycles, args.timeout, log)


def cmd_oracle(args, stdin=sys.stdin, stdout=sys.stdout):
    from vexrun.soc import oracle
    for resp in oracle.responses(sessions(args), stdin, reconnect_closes=bool(args.port)):
        stdout.write(json.dumps(resp, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0


def cmd_explore(args):
    from vexrun.explore import cmd
    return cmd.main(args, log)


def cmd_tls(args):
    import signal
    from vexrun.proto import tls
    # A server runs until killed: SIGTERM closes its session (the model) like Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sess = tls.host_session() if args.host else sessions(args)()
    try:
        if args.role == "server":
            return tls.server(sess, args)
        summary = tls.client(sess, args)
    finally:
        sess.close()
    print(json.dumps(summary, separators=(",", ":")), flush=True)
    if not summary["ok"]:
        raise tls.TlsError(summary.get("error") or f"handshake failed: alert {summary['alert']} from {summary['alert_from']}")
    return 0


def cmd_ike(args):
    from vexrun.proto import ike, tls
    req, peers = ike.inputs(args.rsa_bits, args.group, args.cipher)
    if args.impl:
        req["impl"] = args.impl
    sess = tls.host_session() if args.host else sessions(args)()
    try:
        ans = sess.request(req)
    finally:
        sess.close()
    summary = ike.summary(ans, ike.expected(peers))
    print(json.dumps(summary, separators=(",", ":")), flush=True)
    if not summary["ok"]:
        raise ToolError("ike: " + (ans.get("error") or "the target differs from the host model in " + ", ".join(summary["differs"])))


def cmd_smime(args):
    from vexrun.proto import smime, tls
    sess = tls.host_session() if args.host else sessions(args)()
    try:
        summary = smime.run(sess, args)
    except smime.SmimeError as e:
        print(json.dumps({"ok": False, "error": str(e)}, separators=(",", ":")), flush=True)
        raise
    finally:
        sess.close()
    print(json.dumps(summary, separators=(",", ":")), flush=True)
    return 0


def cmd_vectors(args, stdout=sys.stdout):
    from vexrun.soc import oracle
    from vexrun.vectors import vectorfile
    cases = vectorfile.read_cases(args.file)
    answers = oracle.responses(sessions(args), (json.dumps(c.request) for c in cases), reconnect_closes=bool(args.port))
    return vectorfile.report(cases, answers, args.file, stdout)


def cmd_build(args):
    cfg = ensure_all(config_from(args, trace=args.trace), log=log)
    print(f"model: {cfg.model}\nfirmware: {cfg.dir / 'fw' / 'vexcrypt.bin'}")
    return 0


def cmd_report(args):
    from vexrun.soc import results
    path = args.file or results.newest()
    try:
        records, meta = results.load(path)
    except (OSError, ValueError, KeyError) as e:
        raise UsageError(f"cannot read result file {path}: {e.strerror if isinstance(e, OSError) else e}")
    print(f"{path} ({meta.get('command', '?')}, {meta.get('date', '?')}):\n")
    print(results.render_table(records, meta))
    return 0


def the_board(args, buildable=True):
    import boards
    try:
        return boards.get(args.board, buildable=buildable)
    except boards.BoardError as e:
        raise UsageError(str(e))


def cmd_bitstream(args):
    from vexrun.board import fpga
    board, cfg = the_board(args), config_from(args).soc
    hz = board.clock_of(args.sys_clk_mhz)
    why = board.refusal(cfg.name, hz)
    if why:
        raise UsageError(why)
    if args.dry_run:
        print(f"{board.name}: {board.title}, {board.device}, {board.toolchain}; {cfg.name} at {hz / 1e6:g} MHz -> "
              f"{fpga.build_dir(board, cfg, hz).relative_to(ROOT)}")
        return 0
    report, path = fpga.bitstream(board, cfg, seed=args.seed, sys_clk_hz=hz, firmware=not args.no_firmware, log=log)
    print(fpga.render_report(report) + f"\nreport: {path.relative_to(ROOT)}")
    return 0 if report["pass"] else 1


def cmd_load(args):
    from vexrun.board import fpga, load
    board, cfg = the_board(args), config_from(args).soc
    hz = board.clock_of(args.sys_clk_mhz)
    out = load.load(board, cfg, fpga.build_dir(board, cfg, hz), cable=args.cable, sys_clk_hz=hz, log=log)
    if out:
        print(out.splitlines()[-1])
    return 0


def cmd_bench_board(args):
    from vexrun.board import serial
    from vexrun.soc import results, run
    if not args.port:
        raise UsageError("no serial port given (PORT=/dev/ttyUSB0 or --port): the board's USB-UART")
    records, meta, path, failures = serial.bench(
        serial.board_build_dir(args.board, config_from(args).soc, args.build_dir, args.sys_clk_mhz), args.port,
        suites_arg=args.suites,
        runs=args.runs, sizes=args.sizes, all_=True if args.all else None, resume=args.resume, out=args.out,
        baud=args.baud, timeout=args.timeout, boot=not args.no_boot, boot_timeout=args.boot_timeout,
        window=max(1, args.window), command="vexrun " + " ".join(sys.argv[1:]) if sys.argv[1:2] == ["bench-board"]
        else None, log=log)
    print(results.render_table(records, meta) + f"\nresults: {path}")
    return run.report_failures(failures)


def cmd_synth_ooc(args):
    from vexrun.board import fpga
    print(fpga.render_ooc(fpga.synth_ooc(args.block, fpga.parse_params(args.param), seed=args.seed, freq_mhz=args.freq)))
    return 0


def cmd_cost(args):
    from vexrun.board import fpga
    from vexrun.pages import data, publish
    table = fpga.cost_table(args.accel, seeds=tuple(range(1, args.seeds + 1)), log=log)
    print(json.dumps(table, indent=1))
    if args.publish:
        data.save_json(Path(args.publish) / f"synth-{args.accel}.json", table)
        publish.publish(docs=Path(args.publish), log=log)
    return 0 if all(r["pass"] for r in table["rows"]) else 1


def cmd_board_table(args):
    from vexrun.board import table
    from vexrun.pages import data, publish
    boards = table.collect(args.builds, args.runs, command="vexrun " + " ".join(sys.argv[1:]), log=log)
    if args.publish:                    # the measurements first: rendering them cannot lose them
        data.save_json(Path(args.publish) / "boards.json", boards)
    print(table.render_boards(boards) + "\n\n" + table.render_memory(boards))
    if args.publish:
        publish.publish(docs=Path(args.publish), log=log)
    return 0


def cmd_publish(args):
    from vexrun.pages import publish
    stale = publish.publish(check=args.check, log=log)
    if args.check and stale:
        log(f"vexrun: {', '.join(str(f.relative_to(ROOT)) for f in stale)} differ from the committed data: "
            "run `vexrun publish`")
        return 1
    return 0


def cmd_ct(args):
    from vexrun.checks import ct
    from vexrun.pages import data, publish
    if args.publish:                 # before the run, not after its minutes of measurements
        try:
            Path(args.publish).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UsageError(f"--publish {args.publish}: {e.strerror}")
    if args.samples is not None and args.samples < 4:
        raise UsageError(f"--samples {args.samples}: at least 4 calls (two of each class) for Welch's t")
    results, meta = ct.run_table(ct.select(args.routines, args.quick), args.quick, args.seed, args.samples, log=log,
                                 out=args.out, workers=args.workers, scheduler=args.scheduler, resume=args.resume)
    ct.print_table(results)
    if args.publish:
        data.save_json(Path(args.publish) / "ct.json", {"meta": meta, "results": results})
        publish.publish(docs=Path(args.publish), log=log)
    for r in ct.failures(results):
        log(f"vexrun ct: {r['routine']} ({r['config']}) is labelled constant time and its cycles depend on the secret "
            f"(|t| = {ct.abs_t(r):.1f})")
    return 1 if ct.failures(results) else 0


def cmd_fuzz(args):
    from vexrun.checks import fuzz
    runs, out = fuzz.run_all(args.seconds, args.targets, log=log)
    print(fuzz.table(runs) + f"\nlogs and inputs: {out}")
    return 1 if any(r.findings for r in runs) else 0
