"""The exploration (`vexrun explore run`, `make explore`): every point of every stage estimated
natively, then simulated in the SoC as tasks of a sweep on Dask: validation points (not used in
fitting: the characterization never runs a stage), each stage's 10 best by the estimate and the
conventional configuration; the estimate's error, its speed against simulation and each stage's
optimum come from them."""

import random
import statistics
import threading
import time
from dataclasses import dataclass

from vexrun.explore import point as points
from vexrun.explore import space, stages

TOP = 10
PER_STAGE = 9                    # validation points per stage (besides its top and conventional)
SPEED_MARK = 1000                # the estimate's speed asked against simulation, per configuration
VALIDATION_CAP = 150e6           # estimated cycles of a validation point at most (its simulation ~1.5 min)
DIMENSIONS = ("algo", "radix", "block", "crt", "cache", "exp", "window", "ct", "w")


def estimate_all(stage_texts, mdl, workers=2, log=print):
    """{(stage, point): estimate dict} of every (stage, point text), on `workers` native processes."""
    from vexrun.env import git_commit
    from vexrun.explore import estimate
    from vexrun.explore.native import Natives
    todo, commit = list(stage_texts), git_commit()
    out, errors, lock, t0 = {}, [], threading.Lock(), time.time()

    def work():
        try:
            with Natives() as nat:
                while True:
                    with lock:
                        if not todo or errors:
                            return
                        st, text = todo.pop()
                    res = estimate(st, text, mdl, nat, commit)
                    with lock:
                        out[(st, text)] = res
                        if log and len(out) % 1000 == 0:
                            log(f"explore: {len(out)} of {len(out) + len(todo)} points estimated, {time.time() - t0:.0f} s")
        except Exception as e:      # the first error ends every worker and is raised below
            with lock:
                errors.append(e)
    threads = [threading.Thread(target=work) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return out


def timed_alone(keys, mdl, runs=3):
    """{(stage, point): seconds} of each point estimated alone in one process, as a simulation
    answers one request alone (the exploration's pass runs two native processes at a time): the
    request to a warm native process and the models' sum, nothing of either's start-up; the
    median of `runs`. This process and the native one share one CPU while timed: a request
    handed to a process on the other CPU waits ~70 us for it to wake (a pipe's round trip here:
    76 us across the two CPUs, 5 us on one), which the estimate is not."""
    import os
    from vexrun.env import git_commit
    from vexrun.explore import estimate
    from vexrun.explore.native import Natives
    commit = git_commit()
    cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cpus)})        # the native processes inherit it
    try:
        with Natives() as nat:
            return {k: statistics.median(estimate(*k, mdl, nat, commit)["wall_s"] for _ in range(runs)) for k in keys}
    finally:
        os.sched_setaffinity(0, cpus)


def values(text):
    return dict(kv.split("=") for kv in text.split(","))


def validation_points(stage, estimates, rng, per_stage=PER_STAGE, cap=VALIDATION_CAP):
    """Points of `stage` whose simulation is affordable, chosen to cover every value of every
    dimension the stage has, then at random to per_stage."""
    cands = sorted(t for (s, t), e in estimates.items() if s == stage and e["cycles"] <= cap)
    want = {(k, v) for t in cands for k, v in values(t).items() if k in DIMENSIONS}
    chosen = []
    while want:
        best = max(cands, key=lambda t: (len(want & set(values(t).items())), rng.random()))
        gain = want & set(values(best).items())
        if not gain:
            break
        chosen.append(best)
        want -= gain
    rest = [t for t in cands if t not in chosen]
    chosen += rng.sample(rest, max(0, min(per_stage - len(chosen), len(rest))))
    return chosen


@dataclass(frozen=True)
class Task:
    """One stage at one point in the SoC: a task of the sweep."""
    stage: str
    point: str
    commit: str
    config: str                      # the simulation build (vexrun.explore.config)

    @property
    def name(self):
        return f"explore:{self.stage}:{self.point}"

    @property
    def build(self):
        return self.config

    def command(self):
        return f"vexrun explore measure --stage {self.stage} --point {self.point}"


def run_task(task: Task) -> dict:
    from vexrun.explore import measure
    t0 = time.time()
    try:
        rec = measure(task.stage, task.point, log=lambda m: None)
    except Exception as e:
        return {"records": [], "error": f"{type(e).__name__}: {e}", "cycles": 0, "wall_s": round(time.time() - t0, 1)}
    return {"records": [rec], "error": None, "cycles": rec["cycles"], "wall_s": round(time.time() - t0, 1)}


def explore(mdl, stage_names=None, blocks=points.BLOCKS, per_stage=PER_STAGE, top=TOP, unit=True, out=None,
            workers=None, scheduler=None, resume=True, log=print):
    """Estimates every point of the stages (the unit's with `unit`), simulates the chosen ones and
    every point of the unit; returns the study's data."""
    from vexrun import sweep
    from vexrun.env import ToolError, git_commit
    from vexrun.explore import config
    names = stage_names or list(stages.STAGES)
    units = {(s, t) for s in names for t in (space.unit_texts(stages.STAGES[s].private, blocks) if unit else ())}
    texts = [(s, t) for s in names for t in space.texts(stages.STAGES[s].private, blocks)] + sorted(units)
    t0 = time.time()
    est = estimate_all(texts, mdl, log=log)
    est_wall = time.time() - t0
    log(f"explore: {len(est)} points of {len(names)} stages estimated in {est_wall:.0f} s")
    rng = random.Random("explore-validation")
    roles = {}
    choice = {}
    for s in names:
        ranked = sorted((e["cycles"], t) for (st, t), e in est.items() if st == s and (st, t) not in units)
        choice[s] = ranked[0][1]
        for _, t in ranked[:top]:
            roles.setdefault((s, t), set()).add("top")
        # At equal security: a private stage's constant-time points ranked on their own.
        for _, t in [(c, t) for c, t in ranked if values(t).get("ct") == "1"][:top]:
            roles.setdefault((s, t), set()).add("top-ct")
        roles.setdefault((s, space.conventional(stages.STAGES[s].private)), set()).add("conventional")
        for t in validation_points(s, est, rng, per_stage):
            roles.setdefault((s, t), set()).add("validation")
    # Seed 004's "fixed" assignment: stage 1's choice for every stage (ct=0 where private).
    for s in names:
        if "1" in choice and s != "1":
            t = str(points.parse(choice["1"] + (",ct=0" if stages.STAGES[s].private else ""), stages.STAGES[s].private))
            roles.setdefault((s, t), set()).add("fixed")
    # the conventional and fixed points outside a reduced space
    est.update(estimate_all([k for k in roles if k not in est], mdl, workers=1, log=None))
    for k in units:                  # measured every one: the unit's choice against its best
        roles.setdefault(k, set()).add("unit")
    commit = git_commit()
    builds = {k: config(points.parse(k[1], stages.STAGES[k[0]].private)) for k in roles}
    tasks = [Task(s, t, commit, builds[(s, t)].name) for s, t in roles]
    digests = {cfg.name: sweep.build_digests(cfg, log) for cfg in {c.name: c for c in builds.values()}.values()}
    res = sweep.run(tasks, {t: est[(t.stage, t.point)]["cycles"] for t in tasks},
                    out, digests, fn=run_task, workers=workers, scheduler=scheduler, resume=resume, log=log,
                    command="vexrun explore run")
    if res.failures:
        task, reason = res.failures[0]
        raise ToolError(f"{task.name}: {reason} (alone: {task.command()})")
    measured = {(r["stage"], r["point"]): r for r in res.records}
    alone = timed_alone(list(roles), mdl)
    rows = []
    for (s, t), role in roles.items():
        m, e = measured[(s, t)], est[(s, t)]
        rows.append({"stage": s, "point": t, "roles": sorted(role), "measured": m["cycles"], "sim_wall_s": m["wall_s"],
                     "estimate": e["cycles"], "error": e["cycles"] / m["cycles"] - 1, "est_wall_s": alone[(s, t)]})
    by_algo = {}
    for (s, t), e in est.items():
        v = values(t)
        name = f"unit W={v['w']}" if v["algo"] == "unit" else f"ALGO{v['algo']}" + (f" r={v['radix']}" if "radix" in v else "")
        best = by_algo.setdefault(s, {})
        best[name] = min(best.get(name, e["cycles"]), e["cycles"])
    return {"records": rows, "by_algo": {s: dict(sorted(b.items())) for s, b in by_algo.items()},
            "estimate_wall_s": round(est_wall, 1), "points": len(est), "sweep_wall_s": res.wall_s}


def totals(study):
    """Seed 004's Table 3 from the measured rows: conventional, fixed (stage 1's choice everywhere)
    and adaptive (each stage's choice) over stages 1, 2 and 3; None without all three."""
    rows, out = study["records"], {}
    if not {"1", "2", "3"} <= {r["stage"] for r in rows}:
        return None
    first = {s: min((r for r in rows if r["stage"] == s and "top" in r["roles"]), key=lambda r: r["estimate"])
             for s in ("1", "2", "3")}
    out["conventional"] = sum(r["measured"] for r in rows if r["stage"] in "123" and "conventional" in r["roles"])
    out["adaptive"] = sum(first[s]["measured"] for s in ("1", "2", "3"))
    out["fixed"] = first["1"]["measured"] + sum(r["measured"] for r in rows if r["stage"] in "23" and "fixed" in r["roles"])
    return out


def fits(rows, mdl):
    """Each characterization group's fit: measurements, mean and worst absolute relative error."""
    by = {}
    for rec, counts in rows:
        by.setdefault(rec["group"], []).append(abs(mdl.cycles(counts) / rec["cycles"] - 1))
    return {g: {"n": len(e), "mae": statistics.mean(e), "max": max(e)} for g, e in by.items()}


def fig3(rows, mdl):
    """Seed 004's Fig 3 here: ALGO2's product at radix 2^32 (variable time), measured at each size
    and its model's line."""
    group = "mm.a2.r32.var"
    measured = {str(len(r["request"]["m"]) * 4 // 32): r["cycles"] for r, _ in rows
                if r["group"] == group and r["request"]["a"] != r["request"]["b"]}
    flags = next(b for r, c in rows if r["group"] == group for e, _, b, _ in c if e == "mm" and not b >> 10 & 1)
    model_line = {str(n): round(mdl.routine("mm", n, flags)) for n in range(1, 33)}
    return {"measured (warm, median of 2)": measured, "macro-model": model_line}


def summary(study):
    """The marks: the error on validation points, the speed ratio, each stage's choice."""
    rows = study["records"]
    val = [r for r in rows if "validation" in r["roles"]]
    errs = [abs(r["error"]) for r in val]
    worst = max(val, key=lambda r: abs(r["error"]))
    ratios = [r["sim_wall_s"] / r["est_wall_s"] for r in rows if r["est_wall_s"] > 0 and "unit" not in r["roles"]]
    out = {"validation_points": len(val), "mae": statistics.mean(errs), "worst": worst,
           "speed_ratio_median": statistics.median(ratios), "speed_ratio_min": min(ratios), "stages": {}}
    def choice(cands, conv):
        first, best = min(cands, key=lambda r: r["estimate"]), min(cands, key=lambda r: r["measured"])
        return {"choice": first, "best_measured": best, "choice_vs_best": first["measured"] / best["measured"] - 1,
                "speedup": conv["measured"] / first["measured"]}
    for s in dict.fromkeys(r["stage"] for r in rows):
        conv = next(r for r in rows if r["stage"] == s and "conventional" in r["roles"])
        st = out["stages"][s] = dict(choice([r for r in rows if r["stage"] == s and "top" in r["roles"]], conv),
                                     conventional=conv)
        units = [r for r in rows if r["stage"] == s and "unit" in r["roles"]]
        if units:
            st["unit"] = choice(units, conv)
        cts = [r for r in rows if r["stage"] == s and "top-ct" in r["roles"]]
        if cts:                      # the same at equal security (constant time), the unit's too
            st["ct"] = choice(cts, conv)
            if units:
                st["ct"]["unit"] = choice([r for r in units if "ct=1" in r["point"].split(",")], conv)
    if any("unit" in r["roles"] for r in rows):
        errs = [abs(r["error"]) for r in rows if "unit" in r["roles"]]
        out["unit_points"], out["unit_mae"] = len(errs), statistics.mean(errs)
        out["unit_worst"] = max((r for r in rows if "unit" in r["roles"]), key=lambda r: abs(r["error"]))
        # The unit's own: its simulation is short (the unit's products take hundreds of cycles).
        speed = [r["sim_wall_s"] / r["est_wall_s"] for r in rows if "unit" in r["roles"] and r["est_wall_s"] > 0]
        out["unit_speed_min"], out["unit_speed_median"] = min(speed), statistics.median(speed)
        out["unit_speed_below"] = sum(x < SPEED_MARK for x in speed)
    return out
