"""The headline figures of the README and the guides, rendered from the committed performance
data (docs/performance*.json) by the publisher (pages/publish.py), so they and the pages cannot
disagree. A block sits between `<!-- publish:NAME -->` and `<!-- /publish -->`.
"""

from pathlib import Path

from hw.config import ACCELERATORS

from vexrun import suites
from vexrun.suites import ec, pk, symmetric
from vexrun.suites.base import find, mcycles, source_line
from vexrun.suites.records import mp_point

# The symmetric primitives' first marks, in cycles per byte of long messages (slope A).
SYMMETRIC_MARKS = (("SHA-256", "sha256 hash", 70), ("MD5", "md5 hash", 20),
                   ("AES-128 `aes_tab`, ECB encrypt", "aes-128 tab ecb enc", 70), ("RC4", "rc4 crypt", 15))
RSA_MARKS = {(2048, "sign"): 60e6, (2048, "verify"): 2.5e6}


def _mark(value, mark):
    if value <= mark:
        return f"≤ {mark:g}: met"
    return f"≤ {mark:g}: not met (+{100 * (value / mark - 1):.0f} %)"


def symmetric_block(records, meta, data):
    slopes = symmetric.slopes(records)
    instr = {}
    for key, pts in symmetric.series(records).items():
        big = max(pts)
        if pts[big].get("instret"):
            instr[symmetric.label(key)] = pts[big]["instret"] / big
    lines = [source_line(meta, "performance.md") + "\nSlope A of the least-squares line, cycles per byte:", "",
             "| primitive | cycles/B | instr/B | first mark |", "|---|---:|---:|---|"]
    for name, key, mark in SYMMETRIC_MARKS:
        a = slopes.get(key)
        lines.append(f"| {name} | {a:.1f} | {instr.get(key, 0):.1f} | {_mark(a, mark)} |" if a is not None
                     else f"| {name} | - | - | ≤ {mark:g} |")
    return lines


def pk_block(records, meta, data):
    def one(prim, op, bits, point=None, crt=None, var=None):
        rs = [r for r in find(records, ("mp", "pk"), prim=prim, op=op, bits=bits)
              if (point is None or mp_point(r).startswith(point)) and (crt is None or r.get("crt") == crt)
              and (var is None or bool(r.get("var")) == var)]
        return min((r["cycles"] for r in rs), default=None)

    def cell(v):
        return f"{v:,}" if v is not None and v < 1e6 else mcycles(v)

    best = "ALGO2 r=2^32 sqr"
    lines = [source_line(meta, "performance.md") + f"\nSoftware only; best point {best}, CRT by Garner; a signature "
             "through the constant-time fixed window (the default) and through the variable-time sliding window 6 "
             "(`var`), a verification through the sliding window:",
             "", "| operation | cycles | first mark |", "|---|---:|---|"]
    lines.append(f"| 1024-bit Montgomery product / square | {cell(one('montmul', 'mul', 1024, best))} / "
                 f"{cell(one('montmul', 'sqr', 1024, best))} | |")
    for bits in (1024, 2048):
        for op, var in (("sign", False), ("sign", True), ("verify", None)):
            v = one("rsa", op, bits, crt="mrc" if op == "sign" else None, var=var)
            mark = RSA_MARKS.get((bits, op))
            m = "" if mark is None or v is None else ("met" if v <= mark else "not met") + f" (≤ {mark / 1e6:g} M)"
            what = {False: " (CRT, result checked)", True: " (CRT, result checked, `var`)", None: ""}[var]
            lines.append(f"| RSA-{bits} {op}{what} | {cell(v)} | {m} |")
    return lines


def ec_block(records, meta, data):
    curves = ec.BINARY + ("P-256",)

    def row(name, fn):
        return f"| {name} | " + " | ".join(fn(c) for c in curves) + " |"

    def proto(prim, set_):
        return lambda c: mcycles(p["cycles"]) if (p := ec.protocol(records, prim, c, set_)) else ""

    def field(c):
        bits = int(c[2:])
        rs = {r["op"]: r["cycles"] for r in find(records, "ec", prim="gf2m", bits=bits)} if c[0] == "B" else {}
        return f"{rs['mul_shiftadd']:,} / {rs['mul_comb']:,}" if "mul_comb" in rs else ""

    sp = ec.speedups(records)

    def ratios(c):
        v = [sp.get((p, c)) for p in ec.PROTOCOLS]
        return " / ".join(f"{x:.1f}" for x in v) + "x" if all(v) else ""

    def sign_verify(c):
        s, v = (find(records, "ec", prim="ecdsa", op=op, curve=c, set="optimized") for op in ("sign", "verify"))
        return f"{s[0]['cycles'] / 1e6:.2f} / {v[0]['cycles'] / 1e6:.2f} M" if s and v else ""

    lines = [source_line(meta, "performance-ec.md") + "\nOne scalar multiplication and the protocols, optimized set "
             "unless named:", "", "| operation | " + " | ".join(curves) + " |", "|---|" + "---:|" * len(curves),
             row("field multiply: shift-and-add / 4-bit comb", field),
             row("EC-DH (key pair + shared secret), basic", proto("ecdh", "basic")),
             row("EC-DH, optimized", proto("ecdh", "optimized")),
             row("optimized/basic: EC-DH / EC-ElGamal / EC-DSA", ratios),
             row("ECDSA sign / verify (23 B, hash included)", sign_verify)]
    p256 = {op: r[0]["cycles"] for op in ec.MARKS_P256
            if (r := find(records, "ec", prim="ecdsa", op=op, curve="P-256"))}
    if sp and p256:
        worst = min(sp.values())
        lines += ["", f"First marks: optimized/basic ≥ {ec.MARK_SPEEDUP:g}x on every protocol "
                  f"({worst:.1f}x at least: {'met' if worst >= ec.MARK_SPEEDUP else 'not met'}); P-256 ECDSA "
                  + ", ".join(f"{op} ≤ {m / 1e6:g} M ({p256[op] / 1e6:.2f} M: {'met' if p256[op] <= m else 'not met'})"
                              for op, m in ec.MARKS_P256.items() if op in p256) + "."]
    return lines


def ct_block(records, meta, data):
    """Constant time vs variable time, the pk suite's pairs at one design-space point."""
    return [source_line(meta, "performance.md") + "\nVexRiscv `full`, software only, one build: the secrets through "
            "the constant-time paths (the default) and through the variable-time ones (`\"var\": true`).", ""] \
        + pk.ct_rows(records)


# block name -> (data file under docs/, renderer of its records and metadata); each accelerator's
# block is its suite's (the row's quick suite), from its page's data.
_BLOCKS = {"symmetric": ("performance.json", symmetric_block), "pk": ("performance.json", pk_block),
           "ec": ("performance-ec.json", ec_block), "ct": ("performance.json", ct_block),
           **{a.name: (Path(a.page).with_suffix(".json").name, suites.SUITES[a.quick_suite].readme)
              for a in ACCELERATORS}}


def _renderer(data_file, fn):
    def render(data):
        records, meta = data.run(data_file)
        if meta is None:
            return f"(no data yet: docs/{data_file})"
        return "\n".join(fn(records, meta, data))
    return render


# block name -> renderer(data): what the publisher fills in
BLOCKS = {name: _renderer(f, fn) for name, (f, fn) in _BLOCKS.items()}
