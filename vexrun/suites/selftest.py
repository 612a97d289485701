"""Suites "selftest" (a few known-answer vectors of every family: make sim's default) and
"selftest_full" (every vector the firmware carries: make test). One record per primitive with
its vector count; the vectors are generated from the installed packages by vexrun/vectors/katgen.py."""

from vexrun.suites.base import Suite


def vectors(n):
    return f"{n} vector" + ("" if n == 1 else "s")


def progress(rec):
    return f"{rec['prim']}: {vectors(rec['vectors'])} {'ok' if rec.get('ok') else 'FAILED'}"


def table(records, config):
    lines = ["self-tests (known-answer vectors from the installed vector packages; see vexrun/vectors/katgen.py):"]
    for r in records:
        status = "ok" if r.get("ok") else "FAIL: " + r.get("error", "")
        lines.append(f"  {r['prim']:<12} {vectors(r['vectors']):>11}  {status}")
    return lines


SUITES = [
    Suite("selftest", estimate=lambda o: 52e6, progress=progress, table=table),
    Suite("selftest_full", estimate=lambda o: 340e6, progress=progress, table=table),
]
