"""The README's example runs and durations, rendered from committed runs: `make sim` (docs/examples/
make-sim-<config>.json, saved by `vexrun sim --publish docs`), the benchmark pages' runs and the
constant-time table's. Each names the commit and the command it comes from."""

from hw.config import ACCELERATORS, SocConfig, accelerator

from vexrun import suites
from vexrun.soc.results import render_table

KEEP = 6          # rows of each table shown in the README's example


def example(data, config):
    """(records, meta) of the committed `make sim` example of `config`, or ([], None)."""
    return data.run(f"examples/make-sim-{config}.json")


def _abridged(block):
    """A table's heading rows and its first KEEP rows, then an ellipsis."""
    head = next((i + 1 for i, line in enumerate(block) if line.startswith("---")), 1)
    body = block[head:]
    return block[:head] + body[:KEEP] + (["...      (" + f"{len(body) - KEEP} more rows)"] if len(body) > KEEP else [])


def _footer(meta):
    return (f"simulated {meta['sim_cycles']:,} cycles in {meta['sim_wall_s']:.1f} s wall "
            f"({meta['sim_cycles_per_s'] / 1e6:.2f} M cycles/s)")


def make_sim(data):
    records, meta = example(data, "full")
    if meta is None:
        return "(no example yet: `vexrun sim --publish docs`)"
    first = render_table(records, meta).split("\n", 1)[0]
    lines = [f"Example: `{meta['command']}` at commit `{meta['commit'][:7]}` "
             f"(docs/examples/make-sim-full.json), abridged:", "", "```", first]
    for block in suites.tables(records, meta["config"]):
        lines += [""] + _abridged(block)
    return "\n".join(lines + ["", _footer(meta), "```"])


def accelerator_example(accel):
    """`make sim` with the accelerator on: its quick suite's speedup table."""
    config = SocConfig.parse(**{accel.name: True}).name

    def render(data):
        records, meta = example(data, config)
        if meta is None:
            return f"(no example yet: `vexrun sim {accel.option} 1 --publish docs`)"
        mine = [r for r in records if r.get("suite") == accel.quick_suite]
        block = suites.SUITES[accel.quick_suite].table(mine, config)
        return "\n".join([f"Example: `{meta['command']}` at commit `{meta['commit'][:7]}`, its {accel.quick_suite} "
                          "table:", "", "```"] + block + ["```"])
    return render


def bench_wall(meta):
    """A benchmark's wall time: a sweep's on its workers (vexrun/sweep.py), or one simulation's."""
    sweep = meta.get("sweep")
    if not sweep:
        return f"{meta['sim_wall_s'] / 60:.0f} min"
    workers = sweep["workers"]
    on = f"{workers} worker{'s' if workers != 1 else ''}" if isinstance(workers, int) else "a cluster"
    runs = len(sweep.get("invocations", ()))
    return f"{sweep['wall_s'] / 60:.0f} min on {on}" + (f" in {runs} runs (--resume)" if runs > 1 else "")


def durations(data):
    """What each long command took where it was last published."""
    rows = []
    _, meta = example(data, "full")
    if meta:
        rows.append(("`make sim`, a rerun with nothing to rebuild" if meta["build_s"] < 30 else "`make sim`",
                     f"{meta['wall_s']:.0f} s", f"{meta['sim_cycles'] / 1e6:,.0f} M", meta["commit"][:7]))
    for a in ACCELERATORS:
        _, m = example(data, SocConfig.parse(**{a.name: True}).name)
        if m:
            rows.append((f"`make sim {a.make_var}=1`", f"{m['wall_s']:.0f} s", f"{m['sim_cycles'] / 1e6:,.0f} M",
                         m["commit"][:7]))
    for page in ["performance.md"] + [a.page for a in ACCELERATORS]:
        _, m = data.run(page.replace(".md", ".json"))
        if m:
            accel = [a for a in ACCELERATORS if a.page == page]
            rows.append((f"`make bench{' ' + accel[0].make_var + '=1' if accel else ''}`", bench_wall(m),
                         f"{(m.get('sweep') or m)['sim_cycles'] / 1e9:,.1f} G", m["commit"][:7]))
    for s in suites.SUITES.values():
        if s.accelerators and (m := data.run(s.page_file.replace(".md", ".json"))[1]):
            on = " ".join(f"{accelerator(a).make_var}=1" for a in s.accelerators)
            only = (m.get("request") or {}).get("suites") == s.name
            rows.append((f"`make bench {on}{f' SUITES={s.name}' if only else ''}`", bench_wall(m),
                         f"{(m.get('sweep') or m)['sim_cycles'] / 1e9:,.1f} G", m["commit"][:7]))
    ct = data.get("ct.json")
    if ct:
        rows.append(("`make ct`", ct["meta"]["wall"].replace(" minutes", " min"), "", ct["meta"]["commit"][:7]))
    lines = ["| command | wall time | simulated cycles | measured at |", "|---|---:|---:|---|"]
    lines += [f"| {c} | {w} | {cyc} | `{at}` |" for c, w, cyc, at in rows]
    return "\n".join(lines + ["", "Wall times on the project's 2-core machine, often beside other jobs."])


BLOCKS = {"make-sim": make_sim, "durations": durations,
          **{f"make-sim-{a.name}": accelerator_example(a) for a in ACCELERATORS}}
