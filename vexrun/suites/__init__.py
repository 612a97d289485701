"""The suite registry: every suite the firmware runs, with what the host does with its records
(suites/base.py says what a suite is). The CLI, results and bench loop over it; a new suite is a
module here and one line below."""

import json

from hw.config import ACCELERATORS

from vexrun.suites import clmul, ec, factorial, mont, mp, pk, proto, selftest, symmetric
from vexrun.suites.base import RunOptions, Suite

# In the order of make sim's tables and the page's sections.
SUITES = {s.name: s for mod in (symmetric, mp, pk, ec, clmul, mont, proto, selftest, factorial) for s in mod.SUITES}


def of(rec):
    """The suite of a record, or None for a record of an unknown suite."""
    return SUITES.get(rec.get("suite"))


def check(rec):
    """None when a benchmark record's output equals the host's independent reference, else the
    reason; a record of an unknown suite cannot be checked and fails."""
    s = of(rec)
    if s is None:
        return f"{rec.get('prim')}: no host reference for suite {rec.get('suite')!r}"
    return s.check(rec)


def progress(rec):
    s = of(rec)
    msg = s.progress(rec) if s and ("cycles" in rec or "vectors" in rec) else json.dumps(rec)
    return f"[{rec.get('suite', '?')}] {msg}"


def _grouped(records, attr, suites=None):
    """(function, its records) for each distinct table or page function, in registry order."""
    groups = {}
    for s in suites or SUITES.values():
        fn = getattr(s, attr)
        if fn is not None:
            groups.setdefault(fn, set()).add(s.name)
    return [(fn, [r for r in records if r.get("suite") in names]) for fn, names in groups.items()]


def tables(records, config):
    """make sim's tables: one block per distinct table function with the records of its suites."""
    blocks = [fn(recs, config) for fn, recs in _grouped(records, "table") if recs]
    return [b for b in blocks if b]


def page_files():
    """{page file: its suites}: the performance pages, in registry order, and every accelerator's
    page (hw/config.py), even before a suite has a section there."""
    out = {}
    for s in SUITES.values():
        if s.page is not None:
            out.setdefault(s.page_file, []).append(s)
    for a in ACCELERATORS:
        out.setdefault(a.page, [])
    return out


def page_accelerator(page_file):
    """The accelerator whose page `page_file` is (its build measures it), or None: a plain page."""
    return next((a.name for a in ACCELERATORS if a.page == page_file), None)


def pages(ran, accelerators=()):
    """{page file: (its suites, the suites whose records it renders)} for the pages every one
    of whose suites is in `ran` (the suites of a run) and whose build is the run's: a plain
    page when `accelerators` are its suites' (none for most), else the pages of an accelerator
    it has."""
    out = {}
    for f, group in page_files().items():
        accel = page_accelerator(f)
        needs = {a for s in group for a in s.accelerators}
        if group and all(s.name in ran for s in group) and \
                ((accel in accelerators) if accel else set(accelerators) == needs):
            out[f] = ([s.name for s in group], [n for n in SUITES if n in ran and any(
                n == s.name or n in s.page_uses for s in group)])
    return out


def page(name, records, meta, data):
    """The sections of page file `name`, rendered from `records` (`data`: the committed data a
    section compares with, pages.publish.Data)."""
    group = page_files().get(name, [])
    return [line for fn, recs in _grouped(records, "page", group) if recs for line in fn(records, meta, data)]


def measurements(data=None):
    """{(suite, configuration): (cycles, RunOptions)}: what each suite cost in the committed runs
    that recorded it (the firmware's done line names each suite's cycles)."""
    from vexrun.pages.data import Data
    data = data or Data()
    out = {}
    files = [p.relative_to(data.docs) for p in sorted(data.docs.glob("examples/make-sim-*.json"))] + \
        [p.name for p in sorted(data.docs.glob("performance*.json"))]
    for f in files:
        meta = data.run(str(f))[1] or {}
        req = meta.get("request") or {}
        for s in (meta.get("summary") or {}).get("suites", []):
            opts = RunOptions(runs=req.get("runs", 3), all=bool(req.get("all")),
                              sizes=tuple(int(n) for n in (req.get("sizes") or "64,1024,8192").split(",")),
                              modes=tuple((req.get("modes") or "cbc").split(",")))
            out.setdefault((s["suite"], meta.get("config")), (s["cycles"], opts))
    return out


def estimate(names, opts: RunOptions, config=None, measured=None):
    """Simulated cycles of running `names` with `opts` on `config`: a suite's committed
    measurement (on that configuration if there is one, else on any) scaled by its model
    (Suite.estimate) from the measured options to these; the model alone for a suite never
    measured."""
    measured = measurements() if measured is None else measured
    total = 0.0
    for n in names:
        s = SUITES[n]
        m = measured.get((n, config)) or next((v for (suite, _), v in measured.items() if suite == n), None)
        total += m[0] * s.estimate(opts) / s.estimate(m[1]) if m else s.estimate(opts)
    return total


def sim_speed():
    """Simulated cycles per wall second: the median of the committed example runs' (2 M without)."""
    from vexrun.pages.data import DOCS, Data
    data = Data()
    speeds = sorted(m["sim_cycles_per_s"] for p in DOCS.glob("examples/make-sim-*.json")
                    if (m := data.run(str(p.relative_to(DOCS)))[1]) and m.get("sim_cycles_per_s"))
    return speeds[len(speeds) // 2] if speeds else 2_000_000


def announce(names, opts: RunOptions, config=None):
    """How long a run will be, in words (from measured data where there is some)."""
    est, speed = estimate(names, opts, config), sim_speed()
    return f"about {est / 1e6:,.0f} M simulated cycles, {est / speed / 60:.1f} minutes at {speed / 1e6:.1f} M cycles/s"


__all__ = ["SUITES", "RunOptions", "Suite", "announce", "check", "estimate", "of", "page", "page_accelerator", "page_files",
           "pages", "progress", "tables"]
