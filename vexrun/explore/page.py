"""docs/explore.md's generated blocks and the exploration's plot, from docs/explore.json (`vexrun
explore run --publish docs`), through the one publisher (vexrun/pages/publish.py)."""

import re

from vexrun.explore import files as rsafiles
from vexrun.explore import point as points
from vexrun.explore import stages, study
from vexrun.suites.seeds import SEED004_TABLE3_KCYCLES as SEED_TABLE3

FILE = "explore.json"
# Seed 004 on the Xtensa at 214 MHz: Table 2's optimum per stage (its speedup over the
# conventional configuration); Fig 5's error and speed.
SEED_TABLE2 = {"1": ("Algo 4, radix 256, 512-bit blocks, SRC, intra-MM cache", "74.6 %"),
               "2": ("Algo 4, radix 256, 512-bit blocks, MRC", "82.9 %"),
               "3": ("Algo 4, radix 256, 512-bit blocks, SRC, intra-MM cache", "66.37 %")}
SEED_MAE, SEED_RATIO = "11.8 % on 6 configurations", "1,407x"


def _caption(d):
    m = d["meta"]
    return (f"{m['config']} build, simulated (Verilator), commit {m['commit'][:7]}, characterization of commit "
            f"{m['charz_commit'][:7]}: `{m['command']}`")


def _kc(c):
    return f"{c / 1e3:,.0f}"


def marks(data):
    d = data.get(FILE)
    if not d:
        return "(no exploration published yet: `make explore`)\n"
    s = study.summary(d)
    w = s["worst"]
    return "\n".join([
        "| | this platform | seed 004 |", "|---|---|---|",
        f"| estimate against simulation, configurations not used in fitting | mean absolute error "
        f"{100 * s['mae']:.2f} % on {s['validation_points']}, worst {100 * w['error']:+.2f} % (stage {w['stage']}, "
        f"`{w['point']}`) | {SEED_MAE} |",
        *([f"| the same, every point of the Montgomery unit (its golden model's latencies) | mean absolute error "
           f"{100 * s['unit_mae']:.2f} % on {s['unit_points']}, worst {100 * s['unit_worst']['error']:+.2f} % (stage "
           f"{s['unit_worst']['stage']}, `{s['unit_worst']['point']}`) | (no unit) |"] if "unit_mae" in s else []),
        f"| estimation's speed against simulation, per configuration | software: {s['speed_ratio_min']:,.0f}x at least, "
        f"{s['speed_ratio_median']:,.0f}x median" + (f"; the unit's: {s['unit_speed_min']:,.0f}x at least, "
                                                     f"{s['unit_speed_median']:,.0f}x median, {s['unit_speed_below']} of "
                                                     f"{s['unit_points']} below {study.SPEED_MARK:,}x" if "unit_speed_below" in s else "")
        + f" | {SEED_RATIO} |",
        f"| the whole space | {d['points']:,} points estimated in {d['estimate_wall_s']:.0f} s | 450 points per "
        "stage in 4 h 40 min |",
        "", f"Measured: {_caption(d)}. The speed is each point's request answered by the simulated SoC against the "
        "same request answered by the native cost build and charged its models, in one process each (process and "
        "model start-up and the request's building excluded; the estimate's process and the native one on one "
        "CPU), the median of 3 for the estimate. A unit point's simulation is short, the unit computing a "
        "1,024-bit product in hundreds of cycles: the cost build notes the unit's products one by one and has GMP "
        "compute their results (`fw/src/cost.h`: `vc_cost_exp`, `vc_cost_mont_mul`): the library's own product "
        "on the host takes more than a thousandth of a product's simulation at W = 64.", ""])


def stage_table(data):
    d = data.get(FILE)
    if not d:
        return "(no exploration published yet: `make explore`)\n"
    lines = ["| stage | optimum in software (the estimate's first choice) | measured cycles | against the best "
             "of its top 10 measured | conventional (measured) | speedup | with the unit: the estimate's choice (measured) "
             "| against the unit's best measured | speedup | seed 004's optimum | seed's speedup |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for st, v in study.summary(d)["stages"].items():
        for name, c, seed in ((st, v, SEED_TABLE2.get(st, ("(not in the seed)", ""))),
                              (f"{st}, constant time", v.get("ct"), ("(the seed's library is variable-time)", ""))):
            if not c:
                continue
            u = c.get("unit")
            unit = (f"`{u['choice']['point']}`: {u['choice']['measured']:,} | {100 * u['choice_vs_best']:+.2f} % | "
                    f"{u['speedup']:.1f}x") if u else "- | - | -"
            lines.append(f"| {name} | `{c['choice']['point']}` | {c['choice']['measured']:,} | "
                         f"{100 * c['choice_vs_best']:+.2f} % | {v['conventional']['measured']:,} | "
                         f"{c['speedup']:.1f}x ({100 * (1 - 1 / c['speedup']):.1f} %) | {unit} | {seed[0]} | {seed[1]} |")
    return "\n".join(lines + ["", f"Measured: {_caption(d)}. The conventional configuration is "
                              f"`{d['meta']['conventional']}` (ct=0 for stage 2, as the seed's library: variable time under the private "
                              "key); the constant-time row ranks stage 2's `ct=1` points on their own (equal "
                              "security), its unit column the unit's `ct=1` points. The unit's points (`algo=unit`, "
                              "both word widths) are estimated as the software's, in the cost build whose emulation "
                              "of the unit notes its commands, and every one is simulated.", ""])


def totals(data):
    d = data.get(FILE)
    t = study.totals(d) if d else None
    if not t:
        return "(no exploration published yet: `make explore`)\n"
    lines = ["| assignment (stages 1 + 2 + 3) | this platform, Kcycles (measured) | seed 004, Kcycles |",
             "|---|---|---|"]
    for k in ("conventional", "fixed", "adaptive"):
        lines.append(f"| {k} | {_kc(t[k])} | {SEED_TABLE3[k]:,.0f} |")
    lines.append(f"| conventional / adaptive | {t['conventional'] / t['adaptive']:.1f}x | "
                 f"{SEED_TABLE3['conventional'] / SEED_TABLE3['adaptive']:.1f}x |")
    return "\n".join(lines + ["", "Fixed: stage 1's optimum used for all three stages (ct=0 for stage 2); adaptive: "
                              "each stage's own. " + f"Measured: {_caption(d)}.", ""])


def validation(data):
    d = data.get(FILE)
    if not d:
        return "(no exploration published yet: `make explore`)\n"
    lines = ["| stage | point | why simulated | measured | estimate | error |", "|---|---|---|---:|---:|---:|"]
    for r in sorted(d["records"], key=lambda r: (r["stage"], r["measured"])):
        lines.append(f"| {r['stage']} | `{r['point']}` | {', '.join(r['roles'])} | {r['measured']:,} | "
                     f"{r['estimate']:,} | {100 * r['error']:+.2f} % |")
    return "\n".join(lines + [""])


def fits(data):
    d = data.get(FILE)
    if not d:
        return "(no exploration published yet: `make explore`)\n"
    lines = ["| characterization group | measurements | mean absolute error | worst |", "|---|---:|---:|---:|"]
    for g, f in d["fits"].items():
        lines.append(f"| {g} | {f['n']} | {100 * f['mae']:.2f} % | {100 * f['max']:.2f} % |")
    return "\n".join(lines + [""])


def _files_caption(d):
    m = d["meta"]
    configs = ", ".join(sorted({f"{r['build']}: `{r['point']}` ({r['config']})" for r in d["records"]
                                if not r["private"]}))
    return (f"{configs}; the private key in constant time; a file above {stages.PART:,} bytes in parts of "
            f"{stages.PART:,}, one call each. Simulated (Verilator), commit {m['commit'][:7]}: `{m['command']}`")


def files_table(data):
    d = data.get(rsafiles.FILE)
    if not d:
        return "(no run published yet: `vexrun explore files --publish docs`)\n"
    by = {(r["build"], r["bytes"], r["private"]): r["cycles"] for r in d["records"]}
    builds = [b for b in rsafiles.POINTS if any(k[0] == b for k in by)]
    head = " | ".join(f"{b}: public | private | total" for b in builds)
    lines = [f"| file (bytes) | blocks of 512 bits | {head} |", "|---:|---:|" + "---:|" * 3 * len(builds)]
    for n in sorted({k[1] for k in by}):
        cells = []
        for b in builds:
            pub, priv = by.get((b, n, False)), by.get((b, n, True))
            cells += [f"{pub:,}" if pub else "-", f"{priv:,}" if priv else "-",
                      f"**{pub + priv:,}**" if pub and priv else "-"]
        lines.append(f"| {n:,} | {-(-n * 8 // 512)} | " + " | ".join(cells) + " |")
    lines += ["", "| line over the sizes (seed 002, §4.3) | A, cycles per byte | B, cycles | R² |", "|---|---:|---:|---:|"]
    for b, tot in rsafiles.totals(d["records"]).items():
        if len(tot) > 1:
            a, c, r2 = rsafiles.line(tot)
            lines.append(f"| {b}, public + private | {a:,.1f} | {c:,.0f} | {r2:.4f} |")
    return "\n".join(lines + ["", f"Measured: {_files_caption(d)}.", ""])


BLOCKS = {"explore-marks": marks, "explore-stages": stage_table, "explore-totals": totals,
          "explore-validation": validation, "explore-fits": fits, "explore-files": files_table}


def files_plot(data, canvas_cls, grid):
    """Seed 002's Figs 2-3 on this platform: public + private cycles against the file size."""
    d = data.get(rsafiles.FILE)
    if not d:
        return None
    c = canvas_cls(7.5, 5, 1, 1)
    (a,) = c.axes
    for b, tot in rsafiles.totals(d["records"]).items():
        xs = list(tot)
        c.line(a, f"{b} (measured)", xs, [tot[x] for x in xs], marker="o", linestyle="")
        if len(tot) > 1:
            slope, icpt, r2 = rsafiles.line(tot)
            c.line(a, f"{b}: {slope:,.0f} cycles/B + {icpt:,.0f}, R² {r2:.4f}", xs, [slope * x + icpt for x in xs])
    grid(a)
    a.set_xscale("log")
    a.set_xlabel("file bytes (seed 002, Table 3; log)")
    a.set_ylabel("cycles, public + private (log)")
    a.legend(fontsize=8)
    return c, f"{_files_caption(d)}. Each file is cut into 512-bit blocks, one exponentiation per block each way."


def plot(data, canvas_cls, grid):
    """Seed 004's Fig 3 and Fig 5 on this platform: (a) a routine's macro-model against its
    measurements, (b) estimate against simulation, (c) best estimate per algorithm (Fig 1)."""
    d = data.get(FILE)
    if not d:
        return None
    c = canvas_cls(15, 5.5, 1, 3)
    a, b, f = c.axes
    a.set_title("(a) a routine's macro-model (seed 004, Fig. 3)")
    for label, pts in d["fig3"].items():
        xs = sorted(pts, key=int)
        c.line(a, label, [32 * int(x) for x in xs], [pts[x] for x in xs],
               marker="o" if "measured" in label else None, linestyle="" if "measured" in label else "-")
    grid(a, log_y=False)
    a.set_xlabel("modulus bits")
    a.set_ylabel("cycles")
    a.legend(fontsize=8)
    b.set_title("(b) estimate against simulation (seed 004, Fig. 5a)")
    for role, marker in (("validation", "o"), ("top", "^"), ("conventional", "s"), ("unit", "x")):
        rs = [r for r in d["records"] if role in r["roles"]]
        c.line(b, role, [r["measured"] for r in rs], [r["estimate"] for r in rs], marker=marker, linestyle="")
    lo = min(r["measured"] for r in d["records"])
    hi = max(r["measured"] for r in d["records"])
    b.plot([lo, hi], [lo, hi], color="0.6", linewidth=0.8)
    b.set_xscale("log")
    b.set_yscale("log")
    b.set_xlabel("measured cycles (log)")
    b.set_ylabel("estimated cycles (log)")
    b.legend(fontsize=8)
    f.set_title("(c) each algorithm's best point per stage (estimates)")
    for st, best in d["by_algo"].items():
        names = sorted(best, key=lambda n: [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", n)])
        c.line(f, f"stage {st}", names, [best[n] for n in names], marker="o")
    f.set_yscale("log")
    f.tick_params(axis="x", rotation=35, labelsize=8)
    f.set_ylabel("cycles (log)")
    f.legend(fontsize=8)
    caption = (f"{_caption(d)}. (a) the Montgomery product of ALGO{points.DEFAULTS['algo']} at radix 2^32, measured warm "
               "in the SoC and its fitted model; (b) every simulated point; (c) the estimate's best point of each "
               "algorithm and digit size.")
    return c, caption
