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

import re
from dataclasses import dataclass

from hw.config import SocConfig
from hw.mont import model
from vexrun.env import ROOT
from vexrun.pages.data import run_file
from vexrun.suites.records import mp_point
from vexrun.suites import ec, mp, pk
from vexrun.suites.base import Suite, constant_time, cycles, find, mcycles, source_line, speedup_table, synth_lines

SYNTH = "synth-mont.json"
# The plain build's pages' data: the best software point of each operation they measure.
PLAIN = ("performance.json", "performance-ec.json")
PAGE = "performance-mont.md"
# The wide unit's build: its run is kept beside the page's (docs/performance-mont_w64.json).
WIDE = SocConfig.parse(mont=True, mont_w=64)
# OpenTitan's OTBN, published cycle counts: RSA-2048 private without CRT (a 2048-bit exponentiation
# by a 2048-bit exponent, the row it goes to), public; P-256.
OTBN = {("modexp", 2048, "e=full"): 18.9e6, ("rsa", 2048, "public"): 132e3,
        ("ecdsa", 256, "sign"): 704e3, ("ecdsa", 256, "verify"): 420e3}
# Marks, cycles at most, per word width W: issue 13's (the product's is 1.15 x the one-multiplier
# bound 2s^2 + s; RSA-2048) and issue 28's (P-256 at both W, RSA-2048 at W = 64).
MARKS = {32: {("montu", 1024, "mul"): 1.15 * (2 * 32 ** 2 + 32), ("rsa", 2048, "sign"): 6e6,
              ("rsa", 2048, "public"): 200e3, ("ecdsa", 256, "sign"): 0.5e6, ("ecdsa", 256, "verify"): 0.8e6},
         64: {("rsa", 2048, "sign"): 2.0e6, ("rsa", 2048, "public"): 66e3, ("ecdsa", 256, "sign"): 350e3,
              ("ecdsa", 256, "verify"): 420e3, ("ecdh", 256, "keypair+shared"): 700e3}}
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


def exp_products(bits, ebits, w=32):
    """The products of the driver's fixed-window exponentiation (fw/drivers/mont.c, exp_seq) at
    `bits` bits for an exponent of `ebits` bits: the table X^2 .. X^(2^w - 1), the first window,
    then w squarings and a product per further window; w is the widest (at most 5) whose 2^w
    table entries and two more slots fit the unit's slots at that length (W-bit words)."""
    u = model.MontUnit(w)
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


def plain_best(data, prim, ops, bits, secret=False, **kw):
    """(cycles, its point) of the fastest software point the plain build's committed data
    measured for these operations (summed), or (None, "") (also without data: make sim's table).
    `secret`: the operations take a secret, so only constant-time points compete (equal security)."""
    best = (None, "")
    for name in PLAIN if data else ():
        run = data.run(name)[0]
        recs = [r for r in (constant_time(run) if secret else run) if r.get("impl", "sw") == "sw"]
        pts = {}
        for op in ops:
            for r in recs:
                if r.get("prim") == prim and r.get("op") == op and r.get("bits") == bits and \
                        all(r.get(k) == v for k, v in kw.items()):
                    key = (mp_point(r), op)                # a point measured twice: its best
                    pts[key] = min(pts.get(key, r["cycles"]), r["cycles"])
        for pt in dict.fromkeys(p for p, _ in pts):        # in the records' order: ties go to the first
            if all((pt, op) in pts for op in ops):
                c = sum(pts[(pt, op)] for op in ops)
                if best[0] is None or c < best[0]:
                    best = (c, pt)
    return best


def cell(v):
    """A cell: exact below 1 M, else millions."""
    return "-" if v is None else cycles(v) if v < 1e6 else mcycles(v)


def mark(key, hw, w=32):
    m = MARKS[w].get(key)
    if m is None or hw is None:
        return ""
    return f"≤ {cell(m)}: " + ("met" if hw <= m else "**missed**")


@dataclass(frozen=True)
class Row:
    """One operation on the unit and off it, and what it is compared with."""
    label: str
    sw: float                 # cycles with the software path forced ("impl": "sw"), same binary
    hw: float                 # cycles on the unit
    software: str             # what the software path ran
    best: tuple = (None, "")  # the plain build's fastest software point: (cycles, point)
    otbn: float = None        # OpenTitan OTBN's published cycles
    bound: float = None       # the W-bit bound
    key: tuple = None         # its mark's key in MARKS, if it has one
    ok: bool = True           # both records ran and passed the host's check
    w: int = 32               # the unit's word width

    @property
    def mark(self):
        return mark(self.key, self.hw, self.w) if self.key else ""


# The software path in a MONT=1 build (mp.h, UNIT): ALGO2 at radix 2^32 with dedicated squaring; a
# secret exponent through the constant-time fixed window (cfg.window 6, at most 5), a public one
# through the sliding window 6; P-256 by its complete formulas.
ALGO2 = "ALGO2 r=2^32 sqr"
SECRET_SW = f"{ALGO2}, fixed window 5 (ct)"
PUBLIC_SW = f"{ALGO2}, sliding window 6"


def rows(records, data, w=32):
    """The speedup rows: each operation measured on the unit (of word width `w`) and off it
    (`data`: the committed data the best plain point comes from, None for none)."""
    out = []

    def add(label, sw, hw, software, **kw):
        recs = [r for r in (sw, hw) if isinstance(r, dict)]
        cyc = [r["cycles"] if isinstance(r, dict) else r for r in (sw, hw)]
        out.append(Row(label, cyc[0], cyc[1], software, ok=all(r.get("ok") and not r.get("check_error") for r in recs),
                       w=w, **kw))
    for bits in (512, 1024, 2048):
        s = bits // w
        sw = _one(records, "sw", prim="montmul", bits=bits)
        hw = _one(records, "hw", prim="montu", op="mul", bits=bits)
        lib = _one(records, "hw", prim="montmul", bits=bits)
        if sw and hw:
            add(f"{bits}-bit product, operands resident", sw, hw, ALGO2,
                best=plain_best(data, "montmul", ("mul",), bits), bound=bound(s), key=("montu", bits, "mul"))
        if sw and lib:
            add(f"{bits}-bit product, a library call (operands in and out)", sw, lib, ALGO2)
    for bits in (512, 1024, 2048):
        sw, hw = (_one(records, i, prim="modexp", bits=bits) for i in ("sw", "hw"))
        if sw and hw:
            n, _ = exp_products(bits, int(mp.mp_inputs(bits, hw["seed"])[4]).bit_length(), w)
            add(f"{bits}-bit exponentiation, {bits}-bit exponent", sw, hw, SECRET_SW,
                best=plain_best(data, "modexp", ("e=full",), bits, secret=True), otbn=OTBN.get(("modexp", bits, "e=full")),
                bound=n * bound(bits // w))
    for bits in (1024, 2048):
        for op, what, software in (("sign", "sign (CRT, result checked)", SECRET_SW + ", CRT"),
                                   ("public", "public op (e = 65537), first call under a key", PUBLIC_SW),
                                   ("verify", "verify (e = 65537), the key's R² known", PUBLIC_SW)):
            sw, hw = (_one(records, i, prim="rsa", op=op, bits=bits) for i in ("sw", "hw"))
            if sw and hw:
                kw = {"crt": "mrc", "secret": True} if op == "sign" else {}
                add(f"RSA-{bits} {what}", sw, hw, software, best=plain_best(data, "rsa", (op,), bits, **kw),
                    otbn=OTBN.get(("rsa", bits, op)), key=("rsa", bits, op))
    for prim, ops, what in (("dh", ("keypair", "shared"), "DH key pair + shared secret"),
                            ("elgamal", ("encrypt", "decrypt"), "ElGamal encrypt + decrypt")):
        for bits in (1024, 2048):
            sw, hw = (_sum(records, i, ops, prim=prim, bits=bits) for i in ("sw", "hw"))
            if sw and hw:
                add(f"{what}, {bits} bits", sw, hw, SECRET_SW, best=plain_best(data, prim, ops, bits, secret=True))
    for bits in (1024, 2048):
        for op in ("sign", "verify"):
            sw, hw = (_one(records, i, prim="dsa", op=op, bits=bits) for i in ("sw", "hw"))
            if sw and hw:
                add(f"DSA-{bits} {op} (23 B, {sw['hash']})", sw, hw, SECRET_SW if op == "sign" else PUBLIC_SW,
                    best=plain_best(data, "dsa", (op,), bits, secret=op == "sign", bytes=23))
    for prim, ops, what, software in (
            ("ecdsa", ("sign",), "ECDSA sign (23 B, SHA-256)", "complete formulas (ct)"),
            ("ecdsa", ("verify",), "ECDSA verify", "interleaved NAF windows"),
            ("ecdh", ("keypair+shared",), "EC-DH key pair + shared secret", "complete formulas (ct)")):
        sw, hw = (_sum(records, i, ops, prim=prim, curve="P-256") for i in ("sw", "hw"))
        if sw and hw:
            add(f"P-256 {what}", sw, hw, f"P-256 {software}", best=plain_best(data, prim, ops, 256, curve="P-256"),
                otbn=OTBN.get((prim, 256, ops[0])), key=(prim, 256, "+".join(ops)))
    return out


def table(records, config):
    """make sim's speedup table: each operation with the unit off and on, in one binary; then the
    unit's own steps on resident operands."""
    rs = rows(records, None)
    if not rs:
        return mp.table(records, config)
    steps = [r for r in find(records, "mont", prim="montu") if "cycles" in r]
    foot = []
    for bits in dict.fromkeys(r["bits"] for r in steps):
        foot.append(f"  the unit's steps at {bits} bits (operands resident): " + ", ".join(
            f"{r['op']} {r['cycles']:,}" for r in steps if r["bits"] == bits))
    return speedup_table("Montgomery unit (suite mont): the unit off (\"impl\":\"sw\") and on, one binary",
                         [(r.label, r.software, r.sw, r.hw, "ok" if r.ok else "FAIL") for r in rs], "unit",
                         [""] + foot if foot else [])


def speedup_lines(records, data, w=32):
    out = ["### Speedup: the unit against the software, one binary", "",
           "Software: the same binary with the unit off (`\"impl\":\"sw\"`), the library's default point, whose "
           "software form is ALGO2 r=2^32 sqr with secret exponents through the constant-time fixed window (5 bits) "
           "and public ones through the sliding window 6, CRT by Garner; P-256 by its complete formulas in constant "
           "time, its verification by interleaved NAF windows. Best plain: the fastest software "
           "point the plain build's pages measured, a constant-time one where the operation takes a secret "
           "(docs/performance.json, docs/performance-ec.json; another binary and layout). OTBN: OpenTitan's big-number accelerator (W = 256), its published cycles; its "
           "RSA-2048 private operation, without CRT, is the 2048-bit exponentiation's row. W-bit bound: 2s^2 + s "
           f"cycles a product at s = bits/{w} words (one {w}-bit multiplier), times the products of the unit's "
           "fixed-window exponentiation.", "",
           "| operation | software | best plain (point) | Montgomery unit | speedup | OTBN | W-bit bound | mark |",
           "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows(records, data, w):
        best, pt = r.best
        out.append(f"| {r.label} | {cell(r.sw)} | {cell(best)}{f' ({pt})' if pt else ''} | {cell(r.hw)} | "
                   f"{r.sw / r.hw:.1f}x | {cell(r.otbn) if r.otbn else ''} | {cell(r.bound) if r.bound else ''} | "
                   f"{r.mark} |")
    return out


def wide_lines(records, data):
    """The unit at W = 64 (its own build's run, docs/performance-mont_w64.json) beside W = 32."""
    wide, meta = data.run(run_file(PAGE, WIDE.name)) if data else ([], None)
    if not wide:
        return []
    narrow = {r.label: r for r in rows(records, None)}
    out = ["", "### The unit at W = 64", "",
           f"A build with `MONT_W=64` ({WIDE.name}: a 64 x 64-bit multiply-accumulate a cycle, half the words, "
           f"R = 2^(64 s)), measured at commit `{meta['commit']}` by `{meta['command']}`; its speedup is against "
           "the software path of its own binary. W-bit bound: 2s^2 + s cycles a product at s = bits/64 words.", "",
           "| operation | software | unit, W = 32 | unit, W = 64 | speedup (W = 64) | OTBN | W-bit bound | mark |",
           "|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows(wide, None, 64):
        n = narrow.get(r.label)
        out.append(f"| {r.label} | {cell(r.sw)} | {cell(n.hw) if n else '-'} | {cell(r.hw)} | {r.sw / r.hw:.1f}x | "
                   f"{cell(r.otbn) if r.otbn else ''} | {cell(r.bound) if r.bound else ''} | {r.mark} |")
    return out


def breakdown_lines(runs):
    """Where P-256's cycles go on the unit, per word width: `runs` [(W, records)]; the unit's
    busy cycles and commands come from its own counters (json_unit), read around the calls."""
    rows = []
    for w, records in runs:
        for prim, op, what in (("ecdsa", "sign", "ECDSA sign"), ("ecdsa", "verify", "ECDSA verify"),
                               ("ecdh", "keypair+shared", "EC-DH key pair + shared secret")):
            r = _one(records, "hw", prim=prim, op=op, curve="P-256")
            if r and "unit_busy" in r:
                busy, idle = r["unit_busy"], r["cycles"] - r["unit_busy"]
                rows.append(f"| P-256 {what} | {w} | {cell(r['cycles'])} | {r['unit_commands']:,} | {cell(busy)} "
                            f"({100 * busy / r['cycles']:.0f} %) | {cell(idle)} | {idle / r['unit_commands']:.0f} |")
    if not rows:
        return []
    return ["", "### Where P-256's cycles go on the unit", "",
            "Per call, from the unit's own counters read around the calls (`busy_cycles`, `commands`; "
            "hw/mont/README.md): its busy cycles and the commands it ran, a program's counted one by one. The "
            "point formulas are the unit's stored programs, one command each (p256_mont.c), so the rest is the "
            "unit idle while the CPU does its own work: the RFC 6979 nonce and the hashing, the operands' "
            "transfers and the tables, s from k^-1, r, d and e, the few commands outside programs. A signature's "
            "k^-1 mod n is the CPU's (constant-time binary GCD, ecdsa.c), computed in slices while it waits on "
            "the unit's k G (vc_montu_background), not Fermat on the unit after it. Before the programs (32f584b's "
            "data) the CPU issued every command, about 60 cycles each, and at W = 64 the unit stood idle most of "
            "a signature and of a verification.", "",
            "| operation | W | cycles | commands | unit busy | unit idle | idle per command |",
            "|---|---:|---:|---:|---:|---:|---:|"] + rows


def unit_w(meta):
    """The unit's word width in the build a run was measured on."""
    return SocConfig.from_soc_info(meta["soc"]).params("mont")["W"] if meta else 32


def transfer_lines(records, w=32):
    steps = {(r["op"], r["bits"]): r["cycles"] for r in find(records, "mont", prim="montu")}
    if not steps:
        return []
    out = ["", "### The operand transfer, apart", "",
           "The driver on the unit (fw/drivers/mont.h), each step timed alone, median of at least 7 runs: the "
           f"modulus set-up (its words and -N^-1 mod 2^{w}), one operand into the window, a product on resident "
           "operands and one operand out (uncached bus words, one store or load each).", "",
           "| bits | set-up | operand in | product | operand out | unit's product latency (model) |",
           "|---:|---:|---:|---:|---:|---:|"]
    for bits in (512, 1024, 2048):
        if ("mul", bits) in steps:
            out.append(f"| {bits} | " + " | ".join(cycles(steps.get((op, bits))) for op in
                                                   ("setup", "load", "mul", "store"))
                       + f" | {model.mul_cycles(bits // w):,} |")
    return out


def sequencer_rows(records, unit=32):
    """(bits, window, products, CPU-driven cycles, the products' latencies summed) per size, on
    a unit of word width `unit`."""
    out = []
    for r in find(records, "mont", prim="montu", op="exp"):
        bits = r["bits"]
        n, w = exp_products(bits, int(mp.mp_inputs(bits, r["seed"])[4]).bit_length(), unit)
        out.append((bits, w, n, r["cycles"], n * model.mul_cycles(bits // unit)))
    return out


def sequencer_lines(records, unit=32):
    rs = [r for r in sequencer_rows(records, unit) if r[0] >= 1024]
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


def cost_lines(data):
    data = data.get(SYNTH)
    if data is None:
        return ["", "### Cost", "", f"No synthesis report yet (docs/{SYNTH}: `vexrun cost --accel mont "
                "--publish docs`)."]
    out = synth_lines(data, "the operand memory is in block RAM, DP16KD, besides")
    base, *units = [r for r in data["rows"] if "SoC" in r["design"]] or [None]
    for acc in units:
        w = re.search(r"mont_w(\d+)", acc["design"])
        out += ["", f"In the SoC the unit at W = {w.group(1) if w else 32} with its wrapper adds {acc['comb'] - base['comb']:,} COMB, {acc['ff'] - base['ff']:,} FF, "
                f"{acc['mult18'] - base['mult18']} MULT18X18D and {acc['bram'] - base['bram']} DP16KD; the SoC "
                f"with it meets {acc['clock_mhz']:g} MHz on every seed: " + ("yes" if acc["pass"] else "**no**") + "."]
    return out


def page(records, meta, data):
    if not find(records, "mont"):
        return []
    w = unit_w(meta)
    return (["## The Montgomery co-processor (suite `mont`, MONT=1)", "",
             f"The unit (hw/mont/README.md: a word-serial CIOS datapath, W = {w}, one {w}-bit multiply-accumulate a "
             "cycle, its own operand memory, a command FIFO of 4 entries, a program memory) on the bus; every row is measured on the "
             "unit and with the software path forced in the same binary. P-256 on the unit: fw/src/ec/p256.c "
             "dispatches its point formulas to p256_mont.c (the unit's stored programs, one command a point operation, "
             "on operands resident in its memory; verification compares X with r Z^2, no inversion).", ""]
            + speedup_lines(records, data, w) + (wide_lines(records, data) if w == 32 else [])
            + breakdown_lines([(w, records)] + ([(64, data.run(run_file(PAGE, WIDE.name))[0])]
                                                if w == 32 and data else []))
            + transfer_lines(records, w) + sequencer_lines(records, w) + cost_lines(data)
            + [""])


def readme_block(records, meta, data):
    """The rows of the Montgomery unit's page that carry a mark, and the sequencer's verdict."""
    lines = [source_line(meta, "performance-mont.md") + "\nVexRiscv `full`, the unit on and off in one binary:", "",
             "| operation | software | Montgomery unit | speedup | mark |",
             "|---|---:|---:|---:|---|"]
    for r in rows(records, data):
        if r.mark:
            lines.append(f"| {r.label} | {cell(r.sw)} | {cell(r.hw)} | {r.sw / r.hw:.1f}x | {r.mark} |")
    return lines


# Measured at this suite's first run (vexrun sim --mont 1 --suites mont --runs 1): the quick set
# is about 50 M cycles a run; "all" (2048 bits, DH, DSA, ElGamal, P-256; the software forms
# dominate: DH-2048 is 0.46 G) about 1.25 G.
SUITES = [Suite("mont", estimate=lambda o: (1.25e9 if o.all else 50e6) * o.runs, progress=progress,
                check=check, table=table,
                page=page, cost=cost_lines, readme=readme_block, page_file="performance-mont.md")]
