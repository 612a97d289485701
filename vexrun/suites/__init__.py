"""The suite registry: every suite the firmware runs, with what the host does with its records
(suites/base.py says what a suite is). The CLI, results and bench loop over it; a new suite is a
module here and one line below."""

import json

from . import clmul, ec, mont, mp, pk, selftest, symmetric
from .base import RunOptions, Suite

# In the order of make sim's tables and the page's sections.
SUITES = {s.name: s for mod in (symmetric, mp, pk, ec, clmul, mont, selftest) for s in mod.SUITES}


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


def pages(ran, accelerators=()):
    """{page file: (its suites, the suites whose records it renders)} for the pages every one
    of whose suites is in `ran` (the suites of a run) and whose build is the run's: a plain
    build's pages when `accelerators` is empty, else the pages of an accelerator it has."""
    out = {}
    for s in SUITES.values():
        if s.page is not None:
            out.setdefault(s.page_file, []).append(s)
    return {f: ([s.name for s in group], [n for n in SUITES if n in ran and any(
                n == s.name or n in s.page_uses for s in group)])
            for f, group in out.items() if all(s.name in ran for s in group)
            and all((s.page_accel in accelerators) if s.page_accel else not accelerators for s in group)}


def page(name, records, meta):
    """The sections of page file `name`, rendered from `records`."""
    group = [s for s in SUITES.values() if s.page is not None and s.page_file == name]
    return [line for fn, recs in _grouped(records, "page", group) if recs for line in fn(records, meta)]


def estimate(names, opts: RunOptions):
    """Rough simulated cycles of running `names` with `opts`."""
    return sum(SUITES[n].estimate(opts) for n in names if n in SUITES)


__all__ = ["SUITES", "RunOptions", "Suite", "check", "estimate", "of", "page", "pages", "progress", "tables"]
