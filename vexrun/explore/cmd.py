"""`vexrun explore`'s subcommands: their options (cli.py calls arguments()) and what they run."""

import json
import sys
import time
from pathlib import Path

from vexrun.env import RESULTS, ROOT, UsageError


def arguments(x, parser_class, sweep_args):
    """The subcommands of the `explore` parser x."""
    from vexrun.explore import charz, point, stages
    xs = x.add_subparsers(dest="how", required=True, parser_class=parser_class, metavar="HOW")
    for how, help_ in (("measure", "simulate the stage at the point in the SoC (its output checked)"),
                       ("estimate", "estimate the stage's cycles at the point natively (the cost build and the "
                                    "macro-models fitted to the committed characterization)")):
        m = xs.add_parser(how, help=help_, description=help_)
        m.add_argument("--stage", required=True, help=f"one of {', '.join(stages.STAGES)}")
        m.add_argument("--point", default="", help=f"comma-separated key=value of {', '.join(point.KEYS)}; omitted "
                       "keys take the library's defaults, e.g. algo=4,block=512,crt=src (docs/explore.md)")
    c = xs.add_parser("characterize", help="run the library's routines in the SoC over the size grid (Dask tasks)",
                      description="Runs the characterization's request groups in the simulated SoC as tasks of a "
                      "sweep; --commit writes them to docs/explore-characterization.json, which the models are "
                      "fitted to.")
    c.add_argument("--groups", help=f"comma-separated groups (default: all {len(charz.GROUPS)})")
    c.add_argument("--commit", action="store_true", help="write the records to docs/explore-characterization.json")
    sweep_args(c, "build/explore/charz (reused while the commit, model and firmware are the same)")
    r = xs.add_parser("run", help="estimate every point of every stage, simulate the validation points, the best "
                      "ones and the conventional configuration (Dask tasks), report and publish",
                      description="The exploration of docs/explore.md: prints the marks (the estimate's error, its "
                      "speed, each stage's choice against the best measured and the conventional configuration).")
    r.add_argument("--reduced", action="store_true", help="stages 1 and 3 at 512-bit blocks, the 2 best and 2 "
                   "validation points each, no unit (the test's)")
    r.add_argument("--publish", metavar="DIR", help="save DIR/explore.json and render every page (vexrun publish)")
    sweep_args(r, "results/sweeps/explore/<UTC time>")
    f = xs.add_parser("files", help="seed 002's Figs 2-3: block-wise RSA over its file sizes, public + private, in "
                      "software and on the unit (Dask tasks)", description="Simulates block-wise RSA over seed 002's "
                      "file sizes (Table 3) under a 1,024-bit key's public exponent and private key, each size, "
                      "direction and build a task, and prints each size's total and the line cycles = A bytes + B.")
    f.add_argument("--sizes", help=f"comma-separated bytes (default: all of {', '.join(map(str, stages.FILE_SIZES))})")
    f.add_argument("--builds", default="software,unit", help="software, unit or both (default)")
    f.add_argument("--publish", metavar="DIR", help="save DIR/explore-files.json and render every page")
    sweep_args(f, "results/sweeps/explore-files/<UTC time>")


def main(args, log):
    from vexrun import explore
    if args.how in ("measure", "estimate"):
        res = getattr(explore, args.how)(args.stage, args.point, **({"log": log} if args.how == "measure" else {}))
        print(json.dumps(res, separators=(",", ":")), flush=True)
        return 0
    if args.how == "characterize":
        return characterize(args, log)
    if args.how == "files":
        return files(args, log)
    return run(args, log)


def _list(option, text, allowed, kind=str):
    try:
        vals = [kind(v) for v in text.split(",")]
    except ValueError:
        vals = [text]
    bad = [v for v in vals if v not in allowed]
    if bad:
        raise UsageError(f"{option}: {bad[0]} is not one of {', '.join(map(str, allowed))}")
    return tuple(vals)


def _publish(docs, name, data, log):
    """docs/name = data, then every page rendered (vexrun publish)."""
    from vexrun.pages import data as pdata
    from vexrun.pages import publish
    pdata.save_json(docs / name, data)
    publish.publish(docs=docs, log=log)


def files(args, log):
    from vexrun.explore import files as rsafiles
    from vexrun.explore import stages
    sizes = _list("--sizes", args.sizes, stages.FILE_SIZES, int) if args.sizes else stages.FILE_SIZES
    builds = _list("--builds", args.builds, tuple(rsafiles.POINTS))
    out = Path(args.out or RESULTS / "sweeps" / "explore-files" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
    data = rsafiles.run(out, sizes, builds, args.workers, args.scheduler, args.resume, log)
    data["meta"]["command"] = "vexrun " + " ".join(sys.argv[1:])
    (out / rsafiles.FILE).write_text(json.dumps(data, indent=1) + "\n")
    summary = {}
    for build, by in rsafiles.totals(data["records"]).items():
        a, b, r2 = rsafiles.line(by) if len(by) > 1 else (None, None, None)
        summary[build] = {"totals": by, "A_cycles_per_byte": a and round(a, 1), "B_cycles": b and round(b), "r2": r2}
        log(f"explore files: {build}: " + ", ".join(f"{n:,} B {c:,}" for n, c in by.items()) +
            (f"; cycles = {a:,.1f} bytes + {b:,.0f}, R² {r2:.4f}" if a is not None else ""))
    if args.publish:
        _publish(Path(args.publish), rsafiles.FILE, data, log)
    print(json.dumps(summary, separators=(",", ":")), flush=True)
    return 0


def characterize(args, log):
    from vexrun import explore
    from vexrun.env import git_commit
    from vexrun.explore import charz
    groups = args.groups.split(",") if args.groups else None
    unknown = [g for g in groups or () if g not in charz.GROUPS]
    if unknown:
        raise UsageError(f"--groups: unknown group {unknown[0]!r}: the groups are {', '.join(charz.GROUPS)}")
    out = Path(args.out or ROOT / "build" / "explore" / "charz")
    records = charz.characterize(out, groups, args.workers, args.scheduler, log=log)
    log(f"explore: {len(records)} characterization records in {out / 'records.json'}")
    if args.commit:
        meta = {"commit": git_commit(), "date": time.strftime("%Y-%m-%d", time.gmtime()),
                "config": "full; the unit's groups: full-mont, full-mont_w64",
                "where": "sim", "command": "vexrun " + " ".join(sys.argv[1:])}
        explore.CHARZ.write_text(json.dumps({"meta": meta, "records": records}) + "\n")
        log(f"explore: wrote {explore.CHARZ.relative_to(ROOT)}")
    return 0


def run(args, log):
    from vexrun import explore
    from vexrun.env import git_commit
    from vexrun.explore import space, study
    out = Path(args.out or RESULTS / "sweeps" / "explore" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
    charz = explore.characterization()
    rows = explore.counted(charz["records"])
    mdl = explore.fitted(charz["records"], rows=rows)
    kw = dict(stage_names=["1", "3"], blocks=(512,), per_stage=2, top=2, unit=False) if args.reduced else {}
    data = study.explore(mdl, out=out, workers=args.workers, scheduler=args.scheduler, resume=args.resume, log=log, **kw)
    s = study.summary(data)
    data.update(fits=study.fits(rows, mdl), fig3=study.fig3(rows, mdl),
                meta={"commit": git_commit(), "charz_commit": charz["meta"]["commit"], "config": "full",
                      "where": "sim", "date": time.strftime("%Y-%m-%d", time.gmtime()),
                      "command": "vexrun " + " ".join(sys.argv[1:]), "conventional": space.CONVENTIONAL})
    (out / "explore.json").write_text(json.dumps(data, indent=1) + "\n")
    log(f"explore: {s['validation_points']} validation points, mean absolute error {100 * s['mae']:.2f} %, worst "
        f"{100 * s['worst']['error']:+.2f} % (stage {s['worst']['stage']}, {s['worst']['point']})")
    unit = (f" (the unit's: {s['unit_speed_min']:.0f}x to {s['unit_speed_median']:.0f}x, {s['unit_speed_below']} of "
            f"{s['unit_points']} below {study.SPEED_MARK}x)" if "unit_mae" in s else "")
    log(f"explore: estimate {s['speed_ratio_min']:.0f}x to {s['speed_ratio_median']:.0f}x (median) faster than "
        f"simulation per software point{unit}; {data['points']} points estimated in {data['estimate_wall_s']:.0f} s")
    if "unit_mae" in s:
        log(f"explore: the unit's {s['unit_points']} points, mean absolute error {100 * s['unit_mae']:.2f} %, worst "
            f"{100 * s['unit_worst']['error']:+.2f} % (stage {s['unit_worst']['stage']}, {s['unit_worst']['point']})")
    for st, v in s["stages"].items():
        log(f"explore: stage {st}: choice {v['choice']['point']} {v['choice']['measured']:,} cycles measured, "
            f"{100 * v['choice_vs_best']:+.2f} % from the best of its top {study.TOP}; "
            f"conventional {v['conventional']['measured']:,} ({v['speedup']:.1f}x)")
        if "ct" in v:
            log(f"explore: stage {st} in constant time: choice {v['ct']['choice']['point']} "
                f"{v['ct']['choice']['measured']:,} cycles measured, {100 * v['ct']['choice_vs_best']:+.2f} % from the "
                f"best of its top {study.TOP}")
        if "unit" in v:
            u = v["unit"]
            log(f"explore: stage {st} with the unit: choice {u['choice']['point']} {u['choice']['measured']:,} "
                f"cycles measured, {100 * u['choice_vs_best']:+.2f} % from the unit's best; {u['speedup']:.1f}x")
    if args.publish:
        _publish(Path(args.publish), "explore.json", data, log)
    print(json.dumps({"validation_points": s["validation_points"], "mae": round(s["mae"], 5),
                      "worst": {k: s["worst"][k] for k in ("stage", "point", "error")},
                      "speed_ratio_min": round(s["speed_ratio_min"]), "speed_ratio_median": round(s["speed_ratio_median"]),
                      "points": data["points"], "estimate_wall_s": data["estimate_wall_s"]}), flush=True)
    return 0
