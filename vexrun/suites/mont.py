"""Suite "mont" (fw/app/bench_mont.c; P-256 from bench_ec.c): the Montgomery
co-processor. The driver's steps on the unit with resident operands (prim "montu": set-up, one
operand in, a product, one operand out, the fixed-window exponentiation), then the library's
operations at its default point on the unit (impl "hw") and off it ("sw": ALGO2 r=2^32 sqr
window 6, the fastest software point), in one binary: the Montgomery product and modular
exponentiation at 512/1024/2048 bits, RSA-1024/2048, DH, DSA, ElGamal, P-256. The host checks
every output with the mp, pk and ec suites' references.

Its page, docs/performance-mont.md: the speedup table (each row on the unit and off it, the best
software point the plain build's pages measured, OTBN's published cycles and the W-bit bound)
with the marks judged, the operand transfers, the sequencer table (the CPU-driven
exponentiation against the sum of its products' latencies, hw/mont/model.py: what a hardware
sequencer could save at most) and the cost table from docs/synth-mont.json.
"""

import json

from hw.mont import model
from ..env import ROOT
from ..records import mp_point
from . import ec, mp, pk
from .base import Suite, cycles, find, mcycles, synth_lines

SYNTH = ROOT / "docs" / "synth-mont.json"
# The plain build's pages: the best software point of each operation they measure.
PLAIN = (ROOT / "docs" / "performance.json", ROOT / "docs" / "performance-ec.json")
W = 32
# OpenTitan's OTBN, published cycle counts: RSA-2048 private without CRT (a 2048-bit exponentiation
# by a 2048-bit exponent, the row it goes to), public; P-256.
OTBN = {("modexp", 2048, "e=full"): 18.9e6, ("rsa", 2048, "public"): 132e3,
        ("ecdsa", 256, "sign"): 704e3, ("ecdsa", 256, "verify"): 420e3}
# Marks (issue 13): cycles at most; the product's is 1.15 x the one-multiplier bound 2s^2 + s.
MARKS = {("montu", 1024, "mul"): 1.15 * (2 * 32 ** 2 + 32), ("rsa", 2048, "sign"): 6e6,
         ("rsa", 2048, "public"): 200e3, ("ecdsa", 256, "sign"): 0.7e6, ("ecdsa", 256, "verify"): 1.2e6}
# A sequencer in hardware is worth building when it would save at least this share.
SEQUENCER_WORTH = 0.05

EC_PRIMS = tuple(ec.PROTOCOLS)


def _montu(rec):
    m, a, b, _, e = mp.mp_inputs(rec["bits"], rec["seed"])
    r = 1 << rec["r_bits"]
    want = pow(a, e, m) * pow(r, 1 - e, m) % m if rec["op"] == "exp" else a * b * pow(r, -1, m) % m
    return None if int(rec["out"], 16) == want else f"montu {rec['op']} {rec['bits']}-bit: wrong result"


def _public(rec):
    key = pk._rsa(rec["key"])
    ok = pow(int(rec["sig"], 16), key.e, key.n) == int(rec["out"], 16)
    return None if ok else f"RSA-{rec['bits']} public: wrong result"


def check(rec):
    prim = rec.get("prim")
    own = _montu if prim == "montu" else _public if (prim, rec.get("op")) == ("rsa", "public") else None
    if own:
        try:
            return own(rec)
        except (KeyError, ValueError) as e:
            return f"{prim}: no host reference ({e!r})"
    if prim in ("montmul", "modexp"):
        return mp.check(rec)
    return ec.check(rec) if prim in EC_PRIMS else pk.check(rec)


def progress(rec):
    if rec["prim"] in EC_PRIMS:
        return ec.progress(rec)
    return f"{mp.progress(rec)} {rec.get('impl', '')}".rstrip()


def exp_products(bits, ebits):
    """The products of the driver's fixed-window exponentiation (fw/drivers/mont.c, exp_seq) at
    `bits` bits for an exponent of `ebits` bits: the table X^2 .. X^(2^w - 1), the first window,
    then w squarings and a product per further window; w is the widest (at most 5) whose 2^w
    table entries and two more slots fit the unit's slots at that length."""
    u = model.MontUnit()
    slots = u.nslots(bits)
    w = 1
    while w < 5 and (2 << w) + 2 <= slots:
        w += 1
    wins = -(-ebits // w)
    return (2 ** w - 2) + 1 + (wins - 1) * (w + 1), w


def bound(s):
    """The one-multiplier CIOS bound of a product at s words: 2s^2 + s cycles."""
    return 2 * s * s + s


def _one(records, impl, **kw):
    rs = [r for r in find(records, "mont", **kw) if r.get("impl") == impl]
    return rs[0] if rs else None


def _sum(records, impl, ops, **kw):
    """Cycles of several operations' records summed (a protocol), or None if one is missing."""
    rs = [_one(records, impl, op=op, **kw) for op in ops]
    return sum(r["cycles"] for r in rs) if all(rs) else None


def plain_best(prim, ops, bits, **kw):
    """(cycles, its point) of the fastest software point the plain build's committed pages
    measured for these operations (summed), or (None, "")."""
    best = (None, "")
    for path in PLAIN:
        if not path.exists():
            continue
        recs = [r for r in json.loads(path.read_text())["records"] if r.get("impl", "sw") == "sw"]
        pts = {}
        for op in ops:
            for r in recs:
                if r.get("prim") == prim and r.get("op") == op and r.get("bits") == bits and \
                        all(r.get(k) == v for k, v in kw.items()):
                    pts.setdefault((mp_point(r), op), r["cycles"])
        for pt in dict.fromkeys(p for p, _ in pts):        # in the records' order: ties go to the first
            if all((pt, op) in pts for op in ops):
                c = sum(pts[(pt, op)] for op in ops)
                if best[0] is None or c < best[0]:
                    best = (c, pt)
    return best


def cell(v):
    """A cell: exact below 1 M, else millions."""
    return "-" if v is None else cycles(v) if v < 1e6 else mcycles(v)


def mark(key, hw):
    m = MARKS.get(key)
    if m is None or hw is None:
        return ""
    return f"≤ {cell(m)}: " + ("met" if hw <= m else "**missed**")


def rows(records):
    """(label, sw, hw, best plain (cycles, point), OTBN, bound, mark key) per speedup row."""
    out = []
    for bits in (512, 1024, 2048):
        s = bits // W
        sw = _one(records, "sw", prim="montmul", bits=bits)
        hw = _one(records, "hw", prim="montu", op="mul", bits=bits)
        lib = _one(records, "hw", prim="montmul", bits=bits)
        if sw and hw:
            out.append((f"{bits}-bit Montgomery product, operands resident", sw["cycles"], hw["cycles"],
                        plain_best("montmul", ("mul",), bits), None, bound(s), ("montu", bits, "mul")))
        if sw and lib:
            out.append((f"{bits}-bit Montgomery product, a library call (modulus and operands in, result out)",
                        sw["cycles"], lib["cycles"], (None, ""), None, None, None))
    for bits in (512, 1024, 2048):
        sw, hw = (_one(records, i, prim="modexp", bits=bits) for i in ("sw", "hw"))
        if sw and hw:
            n, _ = exp_products(bits, int(mp.mp_inputs(bits, hw["seed"])[4]).bit_length())
            out.append((f"{bits}-bit exponentiation, {bits}-bit exponent", sw["cycles"], hw["cycles"],
                        plain_best("modexp", ("e=full",), bits), OTBN.get(("modexp", bits, "e=full")),
                        n * bound(bits // W), None))
    for bits in (1024, 2048):
        for op, what in (("sign", "sign (CRT, result checked)"),
                         ("public", "public operation (e = 65537), a first call under the key"),
                         ("verify", "verify (e = 65537), the key's R² known")):
            sw, hw = (_one(records, i, prim="rsa", op=op, bits=bits) for i in ("sw", "hw"))
            if sw and hw:
                kw = {"crt": "mrc"} if op == "sign" else {}
                out.append((f"RSA-{bits} {what}", sw["cycles"], hw["cycles"], plain_best("rsa", (op,), bits, **kw),
                            OTBN.get(("rsa", bits, op)), None, ("rsa", bits, op)))
    for prim, ops, what in (("dh", ("keypair", "shared"), "DH key pair + shared secret"),
                            ("elgamal", ("encrypt", "decrypt"), "ElGamal encrypt + decrypt")):
        for bits in (1024, 2048):
            sw, hw = (_sum(records, i, ops, prim=prim, bits=bits) for i in ("sw", "hw"))
            if sw and hw:
                out.append((f"{what}, {bits} bits", sw, hw, plain_best(prim, ops, bits), None, None, None))
    for bits in (1024, 2048):
        for op in ("sign", "verify"):
            sw, hw = (_one(records, i, prim="dsa", op=op, bits=bits) for i in ("sw", "hw"))
            if sw and hw:
                out.append((f"DSA-{bits} {op} (23 B, {sw['hash']})", sw["cycles"], hw["cycles"],
                            plain_best("dsa", (op,), bits, bytes=23), None, None, None))
    for prim, ops, what in (("ecdsa", ("sign",), "ECDSA sign (23 B, SHA-256)"),
                            ("ecdsa", ("verify",), "ECDSA verify"),
                            ("ecdh", ("keypair+shared",), "EC-DH key pair + shared secret")):
        sw, hw = (_sum(records, i, ops, prim=prim, curve="P-256") for i in ("sw", "hw"))
        if sw and hw:
            out.append((f"P-256 {what}", sw, hw, plain_best(prim, ops, 256, curve="P-256"),
                        OTBN.get((prim, 256, ops[0])), None, (prim, 256, ops[0])))
    return out


def speedup_lines(records):
    out = ["### Speedup: the unit against the software, one binary", "",
           "Software: the same binary with the unit off (`\"impl\":\"sw\"`), the library's default point, whose "
           "software form is ALGO2 r=2^32 sqr, sliding window 6, CRT by Garner. Best plain: the fastest software "
           "point the plain build's pages measured (docs/performance.json, docs/performance-ec.json; another "
           "binary and layout). OTBN: OpenTitan's big-number accelerator (W = 256), its published cycles; its "
           "RSA-2048 private operation, without CRT, is the 2048-bit exponentiation's row. W-bit bound: 2s^2 + s cycles a product at s = bits/32 words (one 32-bit multiplier), "
           "times the products of the unit's fixed-window exponentiation.", "",
           "| operation | software | best plain (point) | Montgomery unit | speedup | OTBN | W-bit bound | mark |",
           "|---|---:|---:|---:|---:|---:|---:|---|"]
    for label, sw, hw, (best, pt), otbn, bnd, key in rows(records):
        out.append(f"| {label} | {cell(sw)} | {cell(best)}{f' ({pt})' if pt else ''} | {cell(hw)} | {sw / hw:.1f}x | "
                   f"{cell(otbn) if otbn else ''} | {cell(bnd) if bnd else ''} | {mark(key, hw) if key else ''} |")
    return out


def transfer_lines(records):
    steps = {(r["op"], r["bits"]): r["cycles"] for r in find(records, "mont", prim="montu")}
    if not steps:
        return []
    out = ["", "### The operand transfer, apart", "",
           "The driver on the unit (fw/drivers/mont.h), each step timed alone, median of at least 7 runs: the "
           "modulus set-up (its words and -N^-1 mod 2^32), one operand into the window, a product on resident "
           "operands and one operand out (uncached bus words, one store or load each).", "",
           "| bits | set-up | operand in | product | operand out | unit's product latency (model) |",
           "|---:|---:|---:|---:|---:|---:|"]
    for bits in (512, 1024, 2048):
        if ("mul", bits) in steps:
            out.append(f"| {bits} | " + " | ".join(cycles(steps.get((op, bits))) for op in
                                                   ("setup", "load", "mul", "store"))
                       + f" | {model.mul_cycles(bits // W):,} |")
    return out


def sequencer_rows(records):
    """(bits, window, products, CPU-driven cycles, the products' latencies summed) per size."""
    out = []
    for r in find(records, "mont", prim="montu", op="exp"):
        bits = r["bits"]
        n, w = exp_products(bits, int(mp.mp_inputs(bits, r["seed"])[4]).bit_length())
        out.append((bits, w, n, r["cycles"], n * model.mul_cycles(bits // W)))
    return out


def sequencer_lines(records):
    rs = [r for r in sequencer_rows(records) if r[0] >= 1024]
    if not rs:
        return []
    out = ["", "### Exponentiation in hardware: what a sequencer could save", "",
           "The driver's constant-time fixed-window exponentiation on resident operands (`vc_montu_exp`: the CPU "
           "writes each product into the unit's command FIFO while the previous one runs) against the sum of "
           "its products' latencies by the unit's model (hw/mont/model.py, (s-1)(LP+LR) + LP + 2s + 9): the "
           "difference is all a hardware sequencer running the same sequence could save.", "",
           "| bits | window | products | CPU-driven | products' latencies | at most saved |",
           "|---:|---:|---:|---:|---:|---:|"]
    worst = 0.0
    for bits, w, n, cpu, lat in rs:
        share = (cpu - lat) / cpu
        worst = max(worst, share)
        out.append(f"| {bits} | {w} | {n:,} | {cpu:,} | {lat:,} | {cpu - lat:,} ({100 * share:.2f} %) |")
    verdict = ("not built: the queue already keeps the unit busy, and the CPU-driven exponentiation stays"
               if worst < SEQUENCER_WORTH else "worth building: keep the better one, the sequencer; the CPU stays")
    out += ["", f"Conclusion: a sequencer would save at most {100 * worst:.2f} % (threshold "
            f"{100 * SEQUENCER_WORTH:g} %): {verdict}."]
    return out


def cost_lines():
    if not SYNTH.exists():
        return ["", "### Cost", "", f"No synthesis report yet ({SYNTH.relative_to(ROOT)}: `vexrun cost --accel mont "
                "--publish docs/synth-mont.json`)."]
    data = json.loads(SYNTH.read_text())
    out = synth_lines(data, "the operand memory is in block RAM, DP16KD, besides")
    socs = [r for r in data["rows"] if "SoC" in r["design"]]
    if len(socs) == 2:
        base, acc = socs
        out += ["", f"In the SoC the unit with its CSRs, queue and window adds {acc['comb'] - base['comb']:,} COMB, "
                f"{acc['ff'] - base['ff']:,} FF, {acc['mult18'] - base['mult18']} MULT18X18D and "
                f"{acc['bram'] - base['bram']} DP16KD; the SoC with it meets 50 MHz on every seed: "
                + ("yes" if acc["pass"] and min(acc["fmax_mhz"]) >= 50 else "**no**") + "."]
    return out


def page(records, meta):
    if not find(records, "mont"):
        return []
    return (["## The Montgomery co-processor (suite `mont`, MONT=1)", "",
             "The unit (hw/mont/README.md: a word-serial CIOS datapath, W = 32, one 32-bit multiply-accumulate a "
             "cycle, its own operand memory, a command FIFO of 4 entries) on the bus; every row is measured on the "
             "unit and with the software path forced in the same binary. P-256 on the unit: fw/src/ec/p256.c "
             "dispatches its point formulas to p256_mont.c (unit commands on operands resident in its memory).", ""]
            + speedup_lines(records) + transfer_lines(records) + sequencer_lines(records) + cost_lines() + [""])


# Measured at this suite's first run (vexrun sim --mont 1 --suites mont --runs 1): the quick set
# is about 50 M cycles a run; "all" (2048 bits, DH, DSA, ElGamal, P-256; the software forms
# dominate: DH-2048 is 0.46 G) about 1.25 G.
SUITES = [Suite("mont", estimate=lambda o: (1.25e9 if o.all else 50e6) * o.runs, progress=progress,
                check=check, table=mp.table,
                page=page, page_file="performance-mont.md", page_accel="mont")]
