"""Suite "clmul" (fw/app/bench_clmul.c): the carry-less multiply unit's instructions against their
software forms, and the binary curves' scalar multiplication on and off the unit, in one binary.
The host recomputes every output (the unit's golden model hw/clmul/model.py, the curve models).

Its page, docs/performance-clmul.md, is the speedup table of the unit: the instructions, the
field operations and the protocols (the "ec" suite's records of the same run: the optimized set
on the unit, impl "hw", and off it, "sw"), the scalar multiplications, beside seed 001's
optimized/basic ratio; then the cost table from the synthesis reports in docs/synth-clmul.json
(`vexrun synth-ooc`, `vexrun bitstream`), if present.
"""

import json

from hw.clmul import model
from vexrun.suites import seeds
from vexrun.env import ROOT
from vexrun.models.drbg import HmacDrbg
from vexrun.suites import ec
from vexrun.suites.base import Suite, by_impl, cycles, find, mcycles, source_line, speedup_table, status, synth_lines
from vexrun.suites.records import measure_label

INSN_OPS = {"clmul": (model.ZBC, model.CLMUL), "clmulh": (model.ZBC, model.CLMULH),
            "clmulr": (model.ZBC, model.CLMULR), "spread": (model.SPREAD, 0)}
MARKS = {"mul163": 250, "mul233": 450, "ec_mul": 4.0, "protocol": 3.0, "luts": 1000}
SYNTH = "synth-clmul.json"


def insn_pairs(label, count):
    """The (a, b) pairs bench_clmul.c draws: a then b, 4 bytes each, little-endian."""
    rng = HmacDrbg(label.encode())
    out = []
    for _ in range(count):
        buf = rng.generate(8)
        out.append((int.from_bytes(buf[:4], "little"), int.from_bytes(buf[4:], "little")))
    return out


def _insn(rec):
    f3, f7 = INSN_OPS[rec["op"]]
    unit = model.ClmulUnit()
    acc = 0
    for a, b in insn_pairs(rec["seed"], rec["count"]):
        acc ^= unit.execute(model.fid(f3, f7), a, b)[0]
    return None if int(rec["out"], 16) == acc else f"{rec['op']} {rec['impl']}: XOR of the results differs from the model's"


def _mul(rec):
    name = rec["curve"]
    c = ec.curve(name)
    want = c.mul(int(rec["k"], 16), c.G)
    return None if ec._point(c, name, rec["p"]) == want else f"{name} scalar multiplication: wrong point"


def check(rec):
    try:
        return _insn(rec) if rec["prim"] == "insn" else _mul(rec)
    except (KeyError, ValueError, AssertionError) as e:
        return f"{rec.get('prim')}: no host reference ({e!r})"


def progress(rec):
    if rec["prim"] == "insn":
        return f"{rec['op']} {rec['impl']}: {rec['cycles'] / rec['count']:.1f} cycles per instruction in the loop"
    return f"{rec['curve']} scalar multiplication {rec['impl']}: {rec['cycles']:,} cycles"


# What the software path of each case runs ("impl": "sw" in the same binary).
SOFTWARE = {"insn": "C emulation (vc_cfu_sw)",
            "ec_mul": "optimized set: comb, spread square, Itoh-Tsujii"}


def table(records, config):
    """make sim's speedup table: each case with the unit off and on, in one binary."""
    rows = []
    for (prim, op, curve), p in by_impl(records, ("prim", "op", "curve")).items():
        if "sw" in p and "hw" in p:
            sw, hw = p["sw"], p["hw"]
            per = sw.get("count", 1)
            what = f"{op} instruction, cycles per loop iteration" if prim == "insn" else f"{curve} scalar multiplication"
            rows.append((what, SOFTWARE[prim], sw["cycles"] / per, hw["cycles"] / per,
                         "ok" if status(sw) == status(hw) == "ok" else "FAIL"))
    if not rows:
        return []
    return speedup_table("carry-less multiply unit (suite clmul): the unit off (\"impl\":\"sw\") and on, one binary",
                         rows, "clmul unit")


# ---- the page ----

def _x(sw, hw):
    return f"{sw / hw:.1f}x" if sw and hw else "-"


def _mark(ok):
    return "met" if ok else "**missed**"


def speedup_lines(records):
    out = ["### Speedup: the unit against the software, one binary", ""]
    insn = {(r["op"], r["impl"]): r for r in find(records, "clmul", prim="insn")}
    if insn:
        out += ["The instruction alone: a loop of 64 instructions on DRBG operands (two loads and an XOR per "
                "iteration in both forms), cycles per iteration.", "",
                "| instruction | software form | unit | speedup |", "|---|---:|---:|---:|"]
        for op in INSN_OPS:
            sw, hw = insn.get((op, "sw")), insn.get((op, "hw"))
            if sw and hw:
                out.append(f"| {op} | {sw['cycles'] / sw['count']:.1f} | {hw['cycles'] / hw['count']:.1f} | "
                           f"{_x(sw['cycles'], hw['cycles'])} |")
    fields = {(r["op"], r["bits"], r.get("impl", "sw")): r["cycles"] for r in find(records, "ec", prim="gf2m")}
    if fields:
        out += ["", "Field operations (the `ec` suite's records): the optimized set's comb and bit-spreading "
                "square (both constant time) against the unit (`gf2m_mul_clmul.c`), the fast reduction in "
                f"software in both; cycles {measure_label([r for r in find(records, 'ec', prim='gf2m') if r.get('reps')])}.", "",
                "| operation | field | basic | optimized | optimized + clmul | clmul speedup | mark |",
                "|---|---|---:|---:|---:|---:|---|"]
        for op, basic, opt, hw in (("multiply", "mul_shiftadd", "mul_comb", "mul_clmul"),
                                   ("square", "sqr_self", "sqr_spread", "sqr_clmul")):
            for bits in (163, 233):
                b, o, h = (fields.get((v, bits, i)) for v, i in ((basic, "sw"), (opt, "sw"), (hw, "hw")))
                mark = MARKS.get(f"mul{bits}") if op == "multiply" else None
                out.append(f"| {op} | GF(2^{bits}) | {cycles(b)} | {cycles(o)} | {cycles(h)} | {_x(o, h)} | "
                           + (f"≤ {mark}: {_mark(h <= mark)}" if mark and h else "") + " |")
    muls = {(r["curve"], r["impl"]): r for r in find(records, "clmul", prim="ec_mul")}
    if muls:
        out += ["", "Scalar multiplication kG (optimized set: the Lopez-Dahab ladder, Itoh-Tsujii inversion), "
                "k drawn from a DRBG:", "",
                "| curve | software | unit | speedup | mark |", "|---|---:|---:|---:|---|"]
        for c in ec.BINARY:
            sw, hw = muls.get((c, "sw")), muls.get((c, "hw"))
            if sw and hw:
                s = sw["cycles"] / hw["cycles"]
                mark = f"≥ {MARKS['ec_mul']:g}x: {_mark(s >= MARKS['ec_mul'])}" if c == "B-163" else ""
                out.append(f"| {c} | {mcycles(sw['cycles'])} | {mcycles(hw['cycles'])} | {s:.1f}x | {mark} |")
    protos = [(c, p) for c in ec.BINARY for p in ec.PROTOCOLS if ec.protocol(records, p, c, "optimized", "hw")]
    if protos:
        out += ["", "Protocols (the `ec` suite: one party's key pair and shared secret; encryption and decryption; "
                "signature and verification of 23 bytes, the hash included), beside seed 001's optimized/basic "
                f"ratio ({seeds.SEED001_SPEEDUP_RANGE[0]}-{seeds.SEED001_SPEEDUP_RANGE[1]}x). Mark: the unit ≥ "
                f"{MARKS['protocol']:g}x the optimized software on every protocol.", "",
                "| curve | protocol | basic | optimized | optimized + clmul | optimized/basic | clmul speedup | mark |",
                "|---|---|---:|---:|---:|---:|---:|---|"]
        for c, p in protos:
            b, o, h = (ec.protocol(records, p, c, s, i) for s, i in (("basic", "sw"), ("optimized", "sw"),
                                                                     ("optimized", "hw")))
            s = o["cycles"] / h["cycles"] if o else None
            out.append(f"| {c} | {ec.PROTOCOLS[p][0]} | {mcycles(b and b['cycles'])} | {mcycles(o and o['cycles'])} | "
                       f"{mcycles(h['cycles'])} | {_x(b and b['cycles'], o and o['cycles'])} | "
                       f"{f'{s:.1f}x' if s else '-'} | {_mark(s >= MARKS['protocol']) if s else '-'} |")
        out += ["", "The protocols' operations alone, optimized set. A signature's RFC 6979 nonce costs the same on "
                "both paths, and each candidate it rejects (k ≥ n: about every other one where n is just above a "
                "power of two, as for the four binary curves) adds four HMAC computations.", "",
                "| curve | protocol | operation | optimized | optimized + clmul | clmul speedup |",
                "|---|---|---|---:|---:|---:|"]
        for c, p in protos:
            for op in ec.PROTOCOLS[p][1]:
                o, h = (ec._ec(records, i, prim=p, op=op, curve=c, set="optimized") for i in ("sw", "hw"))
                if o and h:
                    out.append(f"| {c} | {ec.PROTOCOLS[p][0]} | {op} | {mcycles(o[0]['cycles'])} | "
                               f"{mcycles(h[0]['cycles'])} | {_x(o[0]['cycles'], h[0]['cycles'])} |")
    return out


def cost_lines(data):
    """The cost table from the committed synthesis reports (docs/synth-clmul.json, written by
    `vexrun cost --accel clmul --publish docs`)."""
    data = data.get(SYNTH)
    if data is None:
        return ["", "### Cost", "", f"No synthesis report yet (docs/{SYNTH}: `vexrun cost --accel clmul "
                "--publish docs`)."]
    unit = next((r for r in data["rows"] if r["design"].startswith("clmul unit, PARTS=2")), None)
    socs = [r for r in data["rows"] if "SoC" in r["design"]]
    out = synth_lines(data, "the unit's operands are in LUT RAM, DPR16X4, besides")
    if unit:
        out += ["", f"Mark: the unit ≤ {MARKS['luts']:,} LUT4 out of context: {unit['lut4']:,} "
                f"({_mark(unit['lut4'] <= MARKS['luts'])})."]
    if len(socs) == 2:
        base, acc = socs
        out.append(f"In the SoC the unit with VexRiscv's CFU plugin adds {acc['comb'] - base['comb']:,} COMB and "
                   f"{acc['ff'] - base['ff']:,} FF; the SoC with it meets 50 MHz on every seed: "
                   f"{_mark(acc['pass'] and min(acc['fmax_mhz']) >= 50)}.")
    return out


def page(records, meta, data):
    if not find(records, "clmul"):
        return []
    return (["## The carry-less multiply unit (suite `clmul`, CLMUL=1)", "",
             "The unit (hw/clmul/README.md: the operations, their latency) on VexRiscv's CFU port; the software "
             "figures are the same binary with the unit turned off (`\"impl\":\"sw\"`), so the layout is the "
             "same for both.", ""] + speedup_lines(records) + cost_lines(data) + [""])


def readme_block(records, meta, data):
    """The README block: the unit against the optimized software, the marks judged."""
    fields = {(r["op"], r["bits"], r.get("impl", "sw")): r["cycles"] for r in find(records, "ec", prim="gf2m")}
    muls = {(r["curve"], r["impl"]): r["cycles"] for r in find(records, "clmul", prim="ec_mul")}
    lines = [source_line(meta, "performance-clmul.md") + "\nVexRiscv `full+cfu`, the unit on and off in one binary:", "",
             "| operation | software (optimized set) | clmul unit | speedup | mark |", "|---|---:|---:|---:|---|"]
    for name, sw, hw, bits, mark in (("GF(2^163) multiply", "mul_comb", "mul_clmul", 163, MARKS["mul163"]),
                                     ("GF(2^233) multiply", "mul_comb", "mul_clmul", 233, MARKS["mul233"]),
                                     ("GF(2^163) square", "sqr_spread", "sqr_clmul", 163, None),
                                     ("GF(2^233) square", "sqr_spread", "sqr_clmul", 233, None)):
        a, b = fields.get((sw, bits, "sw")), fields.get((hw, bits, "hw"))
        if a and b:
            m = f"≤ {mark}: {'met' if b <= mark else 'not met'}" if mark else ""
            lines.append(f"| {name} | {a:,} | {b:,} | {a / b:.1f}x | {m} |")
    for c in ec.BINARY:
        a, b = muls.get((c, "sw")), muls.get((c, "hw"))
        if a and b:
            m = f"≥ {MARKS['ec_mul']:g}x: {'met' if a / b >= MARKS['ec_mul'] else 'not met'}" \
                if c == "B-163" else ""
            lines.append(f"| {c} scalar multiplication | {mcycles(a)} | {mcycles(b)} | {a / b:.1f}x | {m} |")
    # The protocols on one line: the page has each one.
    sp = {(c, name): sw["cycles"] / hw["cycles"] for c in ec.BINARY for p, (name, _) in ec.PROTOCOLS.items()
          if (sw := ec.protocol(records, p, c, "optimized", "sw")) and (hw := ec.protocol(records, p, c, "optimized", "hw"))}
    if sp:
        lo = min(sp, key=sp.get)
        lines += ["", f"EC-DH, EC-ElGamal and EC-DSA on the four binary curves: {min(sp.values()):.1f}x to "
                  f"{max(sp.values()):.1f}x on the unit (the least, {lo[0]} {lo[1]}); mark ≥ {MARKS['protocol']:g}x on "
                  f"every one: {'met' if min(sp.values()) >= MARKS['protocol'] else 'not met'}."]
    return lines


# Measured at 1a60ff3: the instructions' loops are negligible; the four scalar multiplications
# on and off the unit are about 16 M cycles a run.
SUITES = [Suite("clmul", estimate=lambda o: 16e6 * o.runs, progress=progress, check=check, table=table,
                page=page, cost=cost_lines, readme=readme_block, page_file="performance-clmul.md", page_uses=("ec",))]
