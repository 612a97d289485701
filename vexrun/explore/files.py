"""Seed 002's Figs 2-3 (§4.2): RSA's total time against the file size on five phones, over the
file sizes of its Table 3 (the figures' values are not in the extract). Here block-wise RSA, the
exploration's workload (vc_rsa_block: one exponentiation per block), over each size: the file
under the public exponent plus the same file under the private key of a 1,024-bit key (the
seed's encryption and decryption are one exponentiation per block each; vc_rsa_block's blocks
stay below the modulus, so the private pass takes the file's blocks, not a ciphertext's), in
software at the library's defaults and on the Montgomery unit, each size, direction and build
one task of a sweep (`vexrun explore files`), a file above stages.PART bytes one task per part
(its cycles the parts' sum: a set-up per part, under 0.1 % of a part's)."""

import statistics
import time

from vexrun.explore import point as points
from vexrun.explore import stages

FILE = "explore-files.json"
# The configurations: the library's defaults (the private key in constant time) with the CRT and
# the largest block (the fewest exponentiations), in software and on the unit at W = 64.
POINTS = {"software": "block=512,crt=mrc", "unit": "algo=unit,w=64,block=512,crt=mrc"}
# Rough cycles per block, to start the longest tasks first.
PER_BLOCK = {("software", False): 0.45e6, ("software", True): 12e6, ("unit", False): 0.1e6, ("unit", True): 0.4e6}


def run(out, sizes=stages.FILE_SIZES, builds=tuple(POINTS), workers=None, scheduler=None, resume=True, log=print):
    """The sweep's records: {"build", "bytes", "private", "point", "cycles", ...} per task."""
    from vexrun import sweep
    from vexrun.env import ToolError, git_commit
    from vexrun.explore import config, study
    commit = git_commit()
    tasks, est, cfgs, keys = [], {}, {}, {}
    for build in builds:
        for size in sizes:
            for private in (False, True):
                pt = points.parse(POINTS[build], private)
                cfg = cfgs.setdefault(build, config(pt))
                for st in stages.file_stages(size, private):
                    t = study.Task(st.name, str(pt), commit, cfg.name)
                    tasks.append(t)
                    keys[(st.name, str(pt))] = (build, size, private)
                    est[t] = PER_BLOCK[(build, private)] * -(-st.data_bytes * 8 // pt.block)
    digests = {c.name: sweep.build_digests(c, log) for c in cfgs.values()}
    res = sweep.run(tasks, est, out, digests, fn=study.run_task, workers=workers, scheduler=scheduler, resume=resume,
                    log=log, command="vexrun explore files")
    if res.failures:
        task, reason = res.failures[0]
        raise ToolError(f"{task.name}: {reason} (alone: {task.command()})")
    recs = {}
    for r in res.records:
        k = keys[(r["stage"], r["point"])]
        if k in recs:
            recs[k]["cycles"] += r["cycles"]
            recs[k]["parts"] += 1
        else:
            recs[k] = {"build": k[0], "bytes": k[1], "private": k[2], "point": r["point"], "config": r["config"],
                       "cycles": r["cycles"], "parts": 1, "where": r["where"]}
    return {"records": list(recs.values()), "meta": {"commit": commit, "date": time.strftime("%Y-%m-%d", time.gmtime()),
                                      "config": ", ".join(c.name for c in cfgs.values()), "where": "sim",
                                      "sweep_wall_s": res.wall_s}}


def totals(records):
    """{build: {bytes: public + private cycles}} of the sizes measured both ways."""
    out = {}
    for r in records:
        out.setdefault(r["build"], {}).setdefault(r["bytes"], []).append(r["cycles"])
    return {b: {n: sum(c) for n, c in sorted(by.items()) if len(c) == 2} for b, by in out.items()}


def line(points_):
    """Least squares cycles = A bytes + B over {bytes: cycles}, and R² (seed 002's §4.3)."""
    xs, ys = list(points_), list(points_.values())
    fit = statistics.linear_regression(xs, ys)
    mean = statistics.fmean(ys)
    ss = sum((y - mean) ** 2 for y in ys)
    res = sum((y - fit.slope * x - fit.intercept) ** 2 for x, y in zip(xs, ys))
    return fit.slope, fit.intercept, 1 - res / ss if ss else 1.0
