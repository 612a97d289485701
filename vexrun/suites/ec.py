"""Suite "ec" (fw/app/bench_ec.c): the binary fields GF(2^163) and GF(2^233), seed 001's EC-DH,
EC-ElGamal and EC-DSA on B-163, K-163, B-233, K-233 in the three algorithm sets with the field
operations each made (the cost split), and P-256. Every record carries its inputs and outputs; the
host checks them against the pure-Python models (vexrun.models: gf2m, ec2m, ecp). The page
section: the field operations, seed 001's chart (basic against seed 001's own optimized set,
"affine-table", like for like, and against the project's, the 163 -> 233 growth, the cost split),
P-256 against its marks, and seed 002's comparison of ECDH with DH and ECDSA with DSA."""

import hashlib

from vexrun.vectors import kat_ec
from vexrun.suites import seeds
from vexrun.suites.records import bench_pattern, measure_label
from vexrun.suites.base import Suite, constant_time, find, mcycles, status

BINARY = ("B-163", "K-163", "B-233", "K-233")
# A protocol's figure is the sum of its operations' records.
PROTOCOLS = {"ecdh": ("EC-DH", ("keypair+shared",)), "ec_elgamal": ("EC-ElGamal", ("encrypt", "decrypt")),
             "ecdsa": ("EC-DSA", ("sign", "verify"))}
MARK_SPEEDUP = 15.0
MARKS_P256 = {"sign": 4e6, "verify": 10e6}
# The sets in the page's order, and the field variant each set's dispatching forms call.
SETS = ("basic", "affine-table", "optimized")
FIELD_OPS = {"basic": {"mul": "mul_shiftadd", "sqr": "sqr_self", "inv": "inv_euclid"},
             "affine-table": {"mul": "mul_comb", "sqr": "sqr_tab", "inv": "inv_almost"},
             "optimized": {"mul": "mul_comb", "sqr": "sqr_spread", "inv": "inv_itoh"}}
# The firmware's field-layer code and tables each set calls (fw/src/ec/gf2m*.c), for seed 001's
# memory observation; the curve layer (ec_gf2m.c) inlines the ladder and the affine loop into
# one function, so the sets' coordinates share their code.
SET_SYMBOLS = {
    "basic": ("vc_gf2m_mul_shiftadd", "vc_gf2m_inv_euclid_var", "vc_gf2m_addshift_var", "vc_gf2m_deg_var",
              "vc_gf2m_inv_start"),
    "affine-table": ("vc_gf2m_mul_comb", "vc_gf2m_comb_table", "vc_gf2m_mul_table", "vc_gf2m_sqr_tab_var", "spread",
                     "vc_gf2m_inv_almost_var", "half", "vc_gf2m_deg_var", "vc_gf2m_inv_start"),
    "optimized": ("vc_gf2m_mul_comb", "vc_gf2m_comb_table", "vc_gf2m_mul_table", "vc_gf2m_sqr_spread",
                  "vc_gf2m_inv_itoh", "vc_gf2m_prepare", "vc_gf2m_mul_by"),
}
TABLES = ("spread",)
CLASSES = ("compute", "memory", "control")


def _ec(records, impl="sw", **kw):
    """The ec records matching kw; software ones unless impl="hw" (a build with the clmul unit
    measures the optimized set on it too: impl "hw"; records of other builds have no impl)."""
    return [r for r in find(records, "ec", **kw) if r.get("impl", "sw") == impl]


def protocol(records, prim, curve, set_, impl="sw"):
    """{"cycles", "mul", "sqr", "inv"} summed over the protocol's operations, and the instructions
    by class ("compute", ..., "insn": their sum) where the run counted them; or None."""
    rs = [_ec(records, impl, prim=prim, op=op, curve=curve, set=set_) for op in PROTOCOLS[prim][1]]
    if not all(rs):
        return None
    out = {k: sum(r[0][k] for r in rs) for k in ("cycles", "mul", "sqr", "inv")}
    if all(f"insn_{c}" in r[0] for r in rs for c in CLASSES):
        out.update({c: sum(r[0][f"insn_{c}"] for r in rs) for c in CLASSES})
        out["insn"] = sum(out[c] for c in CLASSES)
    return out


def field_cycles(records, bits, set_):
    """Cycles of one mul, sqr and inv in the set's variants (the dispatching forms' choices)."""
    out = {}
    for k, op in FIELD_OPS[set_].items():
        r = _ec(records, prim="gf2m", op=op, bits=bits)
        out[k] = r[0]["cycles"] if r else None
    return out


def speedups(records, set_="optimized"):
    """{(prim, curve): basic/set_ in cycles} for every protocol measured in both sets."""
    out = {}
    for prim in PROTOCOLS:
        for c in BINARY:
            b, o = protocol(records, prim, c, "basic"), protocol(records, prim, c, set_)
            if b and o:
                out[(prim, c)] = b["cycles"] / o["cycles"]
    return out


def page(records, meta, data):
    ec = _ec(records)
    if not ec:
        return []
    out = ["## Elliptic curves (suite `ec`)", "",
           "Binary curves B-163, K-163, B-233, K-233 in three algorithm sets, and P-256. Seed 001's two: basic "
           "(shift-and-add multiplication, squaring by self-multiplication, extended-Euclid inversion, affine "
           "double-and-add) and its optimized set as the seed describes it, here `affine-table` (the same affine "
           "double-and-add over table-look-up multiplication: the 4-bit comb, whose table holds the operand times "
           "every 4-bit polynomial; table-look-up squaring, `sqr_tab`; the almost-inverse; variable time like "
           "basic). The project's `optimized` set: the comb, squaring by bit spreading (shifts and masks), "
           "Itoh-Tsujii inversion and the Lopez-Dahab Montgomery ladder (projective coordinates, seed 001's "
           "future work), constant time. The comb and both squarings reduce with the NIST fast reduction; "
           "shift-and-add reduces as it shifts. Keys and ephemeral "
           "values come from HMAC_DRBG labels; every output is checked on the host against the pure-Python "
           "models (vexrun/models). EC-DH is one party's key pair plus the shared secret; EC-ElGamal is "
           "encryption plus decryption of an embedded point; EC-DSA is signing plus verification of a 23-byte "
           "message, the hash included (SHA-1 at 163 bits, SHA-256 above), with RFC 6979 nonces.", ""]
    # Field operations.
    loops = [r for r in _ec(records, prim="gf2m") if r.get("reps")]
    out += ["### Field operations, cycles", "",
            f"Products and squares: {measure_label(loops)}. Inversions: {measure_label(_ec(records, prim='gf2m', op='inv_itoh'))}.",
            "", "| operation | set | GF(2^163) | GF(2^233) |", "|---|---|---:|---:|"]
    for op in ("mul_shiftadd", "mul_comb", "sqr_self", "sqr_spread", "sqr_tab", "inv_euclid", "inv_almost", "inv_itoh"):
        rs = {r["bits"]: r for r in _ec(records, prim="gf2m", op=op)}
        if rs:
            sets = " and ".join(st for st in SETS if op in FIELD_OPS[st].values())
            out.append(f"| {op} | {sets} | " + " | ".join(f"{rs[b]['cycles']:,}" if b in rs else "-" for b in (163, 233)) + " |")
    inv = {r["op"]: r["cycles"] for r in _ec(records, prim="gf2m", bits=163) if r["op"] in ("inv_almost", "inv_euclid")}
    if len(inv) == 2 and inv["inv_almost"] > inv["inv_euclid"]:
        out += ["", _almost_inverse_why()]
    # Seed 001's chart.
    sp, like = speedups(records), speedups(records, "affine-table")
    out += ["", "### Seed 001: the sets against basic, cycles", "",
            f"Seed 001 (64-bit RISC simulation) reports speedups of {seeds.SEED001_SPEEDUP_RANGE[0]}-"
            f"{seeds.SEED001_SPEEDUP_RANGE[1]}x (163 bits: EC-DH {seeds.SEED001_SPEEDUP_163['ecdh']}, EC-ElGamal "
            f"{seeds.SEED001_SPEEDUP_163['ec_elgamal']}, EC-DSA {seeds.SEED001_SPEEDUP_163['ecdsa']}; 233 bits: "
            f"{', '.join(str(v) for v in seeds.SEED001_SPEEDUP_233)} in an order the extracted chart loses) for "
            "its optimized set, which `affine-table` reproduces (like for like); `optimized` is the project's "
            f"stronger set. Mark: optimized/basic >= {MARK_SPEEDUP:g}x on every protocol.", "",
            "| curve | protocol | basic | affine-table | optimized | affine-table speedup | optimized speedup | "
            "seed 001 | mark |", "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for c in BINARY:
        for prim, (name, _) in PROTOCOLS.items():
            b, t, o = (protocol(records, prim, c, st) for st in SETS)
            if not o:
                continue
            s, lk = sp.get((prim, c)), like.get((prim, c))
            seed = seeds.SEED001_SPEEDUP_163[prim] if c.endswith("163") else None
            mark = "-" if s is None else ("met" if s >= MARK_SPEEDUP else "**missed**")
            out.append(f"| {c} | {name} | {mcycles(b and b['cycles'])} | {mcycles(t and t['cycles'])} | "
                       f"{mcycles(o['cycles'])} | {f'{lk:.1f}x' if lk else '-'} | {f'{s:.1f}x' if s else '-'} | "
                       f"{seed or '12.9-17.9'} | {mark} |")
    if why := _like_for_like_why(records):
        out += ["", why]
    # Growth 163 -> 233.
    out += ["", "### Seed 001: growth from 163 to 233 bits", "",
            f"At 233 bits over at 163 bits, same family and set: instructions (the path length, as seed 001 "
            f"counts it) / cycles; seed 001: {seeds.SEED001_GROWTH_RANGE[0]}-{seeds.SEED001_GROWTH_RANGE[1]}x "
            "in path length.", "",
            "| family | protocol | " + " | ".join(SETS) + " |", "|---|---|" + "---:|" * len(SETS)]
    for fam in ("B", "K"):
        for prim, (name, _) in PROTOCOLS.items():
            cells = []
            for st in SETS:
                lo, hi = protocol(records, prim, f"{fam}-163", st), protocol(records, prim, f"{fam}-233", st)
                g = growth(lo, hi)
                cells.append(" / ".join(f"{g[k]:.2f}x" if k in g else "-" for k in ("insn", "cycles")) if g else "-")
            out.append(f"| {fam} | {name} | " + " | ".join(cells) + " |")
    out += _mix_section(records) + _memory_section(meta)
    # Cost split.
    out += ["", "### Cost split by field operation", "",
            "Each protocol's field-operation counts (the dispatching forms count their calls) times the cycles of "
            "one operation measured alone (table above); \"rest\" is the remainder: additions, copies, encodings, "
            "the mod-n arithmetic of EC-DSA, the hash. Shares of the protocol's cycles.", "",
            "| curve | set | protocol | mul (count) | sqr (count) | inv (count) | rest |", "|---|---|---|---:|---:|---:|---:|"]
    for c in BINARY:
        for st in SETS:
            for prim, (name, p) in _split(records, c, st):
                rest = p["cycles"] - sum(p["parts"].values())
                out.append(f"| {c} | {st} | {name} | " + " | ".join(
                    f"{100 * p['parts'][k] / p['cycles']:.0f} % ({p[k]:,})" for k in ("mul", "sqr", "inv"))
                    + f" | {100 * rest / p['cycles']:.0f} % |")
    ratios = {st: r for st in SETS[1:] if (r := arithmetic_ratios(records, st))}
    if ratios:
        out += ["", f"Seed 001 credits its speedup mainly to {seeds.SEED001_ARITH}. Here the field operations' cycles "
                "(the mul, sqr and inv parts above) of the basic set over each set's, per protocol: " + "; ".join(
                    f"{st} {min(r):.1f}-{max(r):.1f}x" for st, r in ratios.items()) + "."]
    # P-256.
    p256 = {r["op"]: r for r in _ec(records, curve="P-256")}
    if p256:
        out += ["", "### P-256", "", "| operation | cycles | mark |", "|---|---:|---|"]
        for op in ("keypair+shared", "sign", "verify", "encrypt", "decrypt"):
            if op in p256:
                m = MARKS_P256.get(op)
                mark = "-" if m is None else (f"<= {m / 1e6:g} M: " + ("met" if p256[op]["cycles"] <= m else "**missed**"))
                out.append(f"| {p256[op]['prim']} {op} | {p256[op]['cycles']:,} | {mark} |")
    # Seed 002.
    # DH's key pair + shared secret and DSA's sign + verify, constant time as the curves' protocols.
    dh_tot, dsa = _dh_totals(records), {}
    for r in find(constant_time(records), "pk", prim="dsa", bytes=23):
        dsa[r["bits"]] = dsa.get(r["bits"], 0) + r["cycles"]
    if dh_tot or dsa:
        out += ["", "### Seed 002: elliptic curves against DH and DSA", "",
                f"Seed 002's phones: {seeds.SEED002_EC_FINDING}. Here, at comparable security (NIST SP 800-57: "
                "163-bit curves ~ 1024-bit DH/DSA, 80 bits; 233-bit ~ 2048-bit, 112 bits; P-256 ~ 3072-bit, 128 "
                "bits), optimized set:", "",
                "| comparison | elliptic curve | finite field | ratio |", "|---|---:|---:|---:|"]
        pairs = [("EC-DH {c} vs DH {b}", "ecdh", b, c) for c, b in (("B-163", 1024), ("K-163", 1024), ("P-256", 3072))]
        for label, prim, b, c in pairs:
            e = protocol(records, prim, c, "optimized")
            if e and b in dh_tot:
                out.append(f"| {label.format(c=c, b=b)} | {mcycles(e['cycles'])} | {mcycles(dh_tot[b])} | "
                           f"{dh_tot[b] / e['cycles']:.1f}x faster |")
        for c, b in (("B-163", 1024), ("K-163", 1024), ("B-233", 2048), ("K-233", 2048), ("P-256", 2048)):
            e = protocol(records, "ecdsa", c, "optimized")
            if e and b in dsa:
                out.append(f"| EC-DSA {c} vs DSA {b} (sign + verify, 23 B) | {mcycles(e['cycles'])} | {mcycles(dsa[b])} | "
                           f"{dsa[b] / e['cycles']:.1f}x faster |")
    out += _table4_agreement(records)
    return out + [""]


AGREEMENT_ROWS = {"dh": "DH, 512-1024 bits", "ecdh": "EC-DH, B/K-163, B/K-233, P-256"}


def _dh_totals(records):
    """{bits: cycles of DH's key pair + shared secret}, constant time as the curves' protocols (the
    pk suite also measures the variable-time twins: not added in)."""
    out = {}
    for r in find(constant_time(records), "pk", prim="dh", xbits=None):
        out[r["bits"]] = out.get(r["bits"], 0) + r["cycles"]
    return out


def agreement_fits(records):
    """{"dh" | "ecdh": (A cycles/bit, B cycles, R^2)}: seed 002's Table 4 rows of key agreement, a
    line through key pair + shared secret against the key size (DH at the seed's 512, 768, 1024
    bits; EC-DH on every curve, the optimized set)."""
    from vexrun.suites.symmetric import fit
    dh = _dh_totals(records)
    pts = {"dh": [(b, dh[b]) for b in seeds.SEED002_DH_BITS if b in dh],
           "ecdh": [(int(c[2:]), p["cycles"]) for c in BINARY + ("P-256",) if (p := protocol(records, "ecdh", c, "optimized"))]}
    return {k: f for k, v in pts.items() if len(v) >= 3 and (f := fit(v))}


def _table4_agreement(records):
    """The key-agreement rows beside the phones' intercepts (their slopes are all NS)."""
    fits, dh = agreement_fits(records), _dh_totals(records)
    if not fits:
        return []
    phones = seeds.SEED002_CLOCK_MHZ
    lo, hi = seeds.SEED002_DH_BITS[0], seeds.SEED002_DH_BITS[-1]
    grows = f" (DH's cycles grow {dh[hi] / dh[lo]:.1f}x from {lo} to {hi} bits)" if lo in dh and hi in dh else ""
    out = ["", "Seed 002's Table 4 regresses its key-agreement times on the key size; every slope is NS (not "
           "significant at 90 %: the time looks constant over its sizes). Ours: cycles = A·bits + B over key pair + "
           f"shared secret, the slopes far from zero{grows}; the phones' B in cycles at their clocks, with R².", "",
           "| row | ours: A (cycles/bit), B, R² | " + " | ".join(f"{p}: B, R²" for p in phones) + " |",
           "|---|---:|" + "---:|" * len(phones)]
    for prim, (a, b, r2) in fits.items():
        what = AGREEMENT_ROWS[prim]
        s = seeds.seed002_cycles(prim)
        out.append(f"| {what} | {a:,.0f}, {mcycles(b)}, {r2:.2f} | " + " | ".join(
            ("NS" if s[p][1] is None else mcycles(s[p][1])) + f", {s[p][2]:.2f}" for p in phones) + " |")
    return out


def growth(lo, hi):
    """{"cycles": ratio, "insn": ratio (when both counted instructions)} of two protocols' figures."""
    if not (lo and hi):
        return {}
    return {k: hi[k] / lo[k] for k in ("insn", "cycles") if k in lo and k in hi}


def mix(records, prim, curve, set_):
    """{class: share of the protocol's instructions}, or None when the run did not count them."""
    p = protocol(records, prim, curve, set_)
    return {c: p[c] / p["insn"] for c in CLASSES} if p and p.get("insn") else None


def _mix_section(records):
    rows = [(c, prim, st, m) for c in ("B-163", "B-233") for prim in PROTOCOLS for st in SETS
            if (m := mix(records, prim, c, st))]
    if not rows:
        return []
    out = ["", "### Seed 001: instruction distribution", "",
           "Retired instructions of each protocol by class, counted by the simulation's retirement counter "
           "(hw/simctrl: compute = arithmetic, logic, shifts, multiplies, LUI/AUIPC; memory = loads and stores; "
           f"control = branches, jumps, CSR and system instructions) in the last of the runs the cycles come from "
           f"(a run's instructions do not depend on the caches). {seeds.SEED001_MIX}.",
           "", "| curve | protocol | set | compute | memory | control | instructions | memory/compute |",
           "|---|---|---|---:|---:|---:|---:|---:|"]
    for c, prim, st, m in rows:
        p = protocol(records, prim, c, st)
        out.append(f"| {c} | {PROTOCOLS[prim][0]} | {st} | " + " | ".join(f"{100 * m[k]:.0f} %" for k in CLASSES)
                   + f" | {mcycles(p['insn'])} | {m['memory'] / m['compute']:.2f} |")
    return out


def set_memory(meta):
    """{set: {"code": bytes, "tables": bytes}} of the field layer each set calls (SET_SYMBOLS), from
    the run's ELF symbol sizes; {} when the run did not record them."""
    sizes = meta.get("symbols") or {}
    out = {}
    for st, names in SET_SYMBOLS.items():
        if all(n in sizes for n in names):
            out[st] = {"code": sum(sizes[n] for n in names if n not in TABLES),
                       "tables": sum(sizes[n] for n in names if n in TABLES)}
    return out


def _memory_section(meta):
    mem = set_memory(meta)
    if "basic" not in mem:
        return []
    base = sum(mem["basic"].values())
    out = ["", "### Seed 001: the sets' memory", "",
           f"Seed 001: the optimized algorithms use {seeds.SEED001_MEMORY}. Here: the bytes of the field "
           "functions and tables each set calls (the firmware ELF's symbol sizes; the curve code the sets share is "
           "not counted, and the comb's table of the multiplicand, 16 entries of an element, is on the stack "
           "during a product).", "",
           "| set | code | tables | total | more than basic |", "|---|---:|---:|---:|---:|"]
    for st in SETS:
        if st in mem:
            m = mem[st]
            tot = m["code"] + m["tables"]
            out.append(f"| {st} | {m['code']:,} B | {m['tables']:,} B | {tot:,} B | {tot - base:+,} B |")
    return out


def arithmetic_ratios(records, set_):
    """The basic set's field-operation cycles over set_'s, for every binary curve and protocol."""
    out = []
    for c in BINARY:
        b, s = dict(_split(records, c, "basic")), dict(_split(records, c, set_))
        out += [sum(b[p][1]["parts"].values()) / sum(s[p][1]["parts"].values()) for p in PROTOCOLS if p in b and p in s]
    return out


def _split(records, curve, set_):
    """[(prim, (name, protocol))] with "parts": each field operation's count times its cycles."""
    fc = field_cycles(records, int(curve[2:]), set_)
    out = []
    for prim, (name, _) in PROTOCOLS.items():
        p = protocol(records, prim, curve, set_)
        if p and None not in fc.values():
            out.append((prim, (name, dict(p, parts={k: p[k] * fc[k] for k in ("mul", "sqr", "inv")}))))
    return out


def _like_for_like_why(records):
    """Why seed 001's own set gains what it gains here, from the B-163 EC-DH figures."""
    b, t = (dict(_split(records, "B-163", st)).get("ecdh") for st in ("basic", "affine-table"))
    fb, ft = field_cycles(records, 163, "basic"), field_cycles(records, 163, "affine-table")
    if not (b and t):
        return None
    b, t = b[1], t[1]
    return (f"Like for like, seed 001's optimized set gains {b['cycles'] / t['cycles']:.1f}x on B-163's EC-DH "
            f"here against the seed's {seeds.SEED001_SPEEDUP_163['ecdh']}x. Both affine sets invert once a "
            f"doubling or addition ({b['inv']:,} and {t['inv']:,} inversions); the table look-ups make a product "
            f"{fb['mul'] / ft['mul']:.0f}x and a square {fb['sqr'] / ft['sqr']:.0f}x cheaper, but an almost-inverse "
            f"costs {ft['inv'] / fb['inv']:.2f}x an extended-Euclid inversion, so the inversions, "
            f"{100 * b['parts']['inv'] / b['cycles']:.0f} % of the basic set's cycles, are "
            f"{100 * t['parts']['inv'] / t['cycles']:.0f} % of the affine-table set's. The seed's 15x needs "
            "inversions far cheaper than products, which its slides do not show; projective coordinates (the "
            "project's set, seed 001's future work) invert once a scalar multiplication instead.")


def inversion_passes(field, samples=200, seed=1):
    """Passes over an element's words of the two variable-time inversions' loops, as
    gf2m_inv_euclid.c and gf2m_inv_almost.c run them, averaged over random elements: the extended
    Euclid's shifted additions (two a step: u and g1), the almost-inverse's halvings of u and b,
    its additions of f into b and of v, c into u, b. {"euclid", "almost", "halvings", "steps"}."""
    import random

    rng = random.Random(seed)
    deg = int.bit_length
    tot = dict.fromkeys(("euclid", "halvings", "fadds", "steps"), 0)
    for _ in range(samples):
        a = rng.getrandbits(field.m) or 1
        u, v = a, field.f
        g1, g2 = 1, 0
        while deg(u) > 1:
            if deg(u) < deg(v):
                u, v, g1, g2 = v, u, g2, g1
            g1 ^= g2 << (deg(u) - deg(v))
            u ^= v << (deg(u) - deg(v))
            tot["euclid"] += 2
        assert field.reduce(g1) == field.inv(a), "the model's extended Euclid is wrong"
        u, v, b, c = a, field.f, 1, 0
        while True:
            while not u & 1:
                if b & 1:
                    b ^= field.f
                    tot["fadds"] += 1
                u, b = u >> 1, b >> 1
                tot["halvings"] += 1
            if u == 1:
                assert b == field.inv(a), "the model's almost-inverse is wrong"
                break
            if deg(u) < deg(v):
                u, v, b, c = v, u, c, b
            u, b = u ^ v, b ^ c
            tot["steps"] += 1
    tot["almost"] = tot["halvings"] * 2 + tot["fadds"] + tot["steps"] * 2
    return {k: v / samples for k, v in tot.items()}


def _almost_inverse_why(samples=200):
    from vexrun.models.gf2m import F163
    w = inversion_passes(F163, samples)
    return (f"Seed 001 found its almost-inverse faster than the extended Euclid; here it is slower. Over {samples} "
            f"random elements of GF(2^{F163.m}) (a model of the two loops, vexrun/suites/ec.py) the almost-inverse halves u and b "
            f"{w['halvings']:.0f} times, a bit at a time (adding f into b first when b is odd: {w['fadds']:.0f} times), "
            f"and adds v and c into u and b {w['steps']:.0f} times, recomputing degrees at each; the extended Euclid "
            f"cancels a degree gap of any size in one shifted addition of u and of g1, {w['euclid'] / 2:.0f} of them. "
            f"That is {w['almost']:.0f} passes over an element's words against {w['euclid']:.0f}, the degree scans apart (a shifted addition "
            "costs more a pass than a halving, so the cycles differ by less). Not a defect: one-bit halvings pay "
            "where the Euclid's shift by the degree gap itself goes a bit at a time, and seed 001's slides do not "
            "say how its basic set shifted.")


# ---- host checks ----

def _i(rec, key):
    return int(rec[key], 16)


def field(bits):
    from vexrun.models import gf2m
    return {163: gf2m.F163, 233: gf2m.F233}[bits]


def curve(name):
    if name == "P-256":
        from vexrun.models import ecp
        return ecp.curve(name)
    from vexrun.models import ec2m
    return ec2m.curve(name)


def _gf2m(rec):
    f = field(rec["bits"])
    a, b, out = _i(rec, "a"), _i(rec, "b"), _i(rec, "out")
    op = rec["op"]
    want = (f.mul(a, b) if op.startswith("mul") else f.sqr(a) if op.startswith("sqr") else f.inv(a))
    return None if out == want else f"gf2m {op} {rec['bits']}: wrong result"


def _point(c, name, hexpt):
    b = bytes.fromhex(hexpt)
    f = kat_ec.FLEN[name]
    assert b[0] == 4 and len(b) == 1 + 2 * f
    return c.point(int.from_bytes(b[1:1 + f], "big"), int.from_bytes(b[1 + f:], "big"))


def _proto(rec):
    name, prim, op = rec["curve"], rec["prim"], rec["op"]
    c = curve(name)
    if prim == "ecdh":
        d, q, peer = _i(rec, "d"), _point(c, name, rec["q"]), _point(c, name, rec["peer"])
        ok = c.mul(d, c.G) == q and c.mul(d, peer).x == _i(rec, "secret")
    elif prim == "ec_elgamal" and op == "encrypt":
        q, m, r = _point(c, name, rec["q"]), _point(c, name, rec["m"]), _i(rec, "r")
        ok = (_point(c, name, rec["c1"]) == c.mul(r, c.G)
              and _point(c, name, rec["c2"]) == c.add(m, c.mul(r, q)))
    elif prim == "ecdsa" and op == "sign":
        d, q = _i(rec, "d"), _point(c, name, rec["q"])
        digest = hashlib.new(rec["hash"], bench_pattern(rec["bytes"])).digest()
        ok = c.mul(d, c.G) == q and c.ecdsa_verify(q, digest, _i(rec, "r"), _i(rec, "s"))
    else:
        return None      # decrypt and verify: the firmware's own comparison is the "ok" flag
    return None if ok else f"{prim} {op} on {name}: result does not satisfy the model"


def check(rec):
    """None when the record's outputs are right, else a reason."""
    try:
        return _gf2m(rec) if rec["prim"] == "gf2m" else _proto(rec)
    except (KeyError, ValueError, AssertionError) as e:
        return f"{rec.get('prim')}: no host reference ({e!r})"


def progress(rec):
    where = rec.get("curve") or f"{rec['bits']}-bit"
    impl = f" {rec['impl']}" if "impl" in rec else ""
    return f"{rec['prim']} {rec['op']} {where} {rec['set']}{impl}: {rec['cycles']:,} cycles"


def table(records, config):
    rows = [r for r in records if "cycles" in r]
    if not rows:
        return []
    impl = any("impl" in r for r in rows)
    head = (f"{'suite':<6} {'primitive':<11} {'op':<15} {'curve':<6} {'set':<12} " + (f"{'impl':<5} " if impl else "")
            + f"{'cycles':>14} {'mul':>6} {'sqr':>6} {'inv':>5}  check")
    lines = [head, "-" * len(head)]
    for r in rows:
        where = r.get("curve") or f"2^{r['bits']}"
        counts = " ".join(f"{r[k]:>{w}}" if k in r else " " * w for k, w in (("mul", 6), ("sqr", 6), ("inv", 5)))
        lines.append(f"{r['suite']:<6} {r['prim']:<11} {r['op']:<15} {where:<6} {r['set']:<12} "
                     + (f"{r.get('impl', ''):<5} " if impl else "") + f"{r['cycles']:>14,} {counts}  {status(r)}")
    return lines


# Measured at 1e8cb25 (vexrun bench --suites ec,pk --runs 1): about 4.4 G cycles a run, 2.5 G of
# them the basic set and 1.7 G the affine-table set.
SUITES = [Suite("ec", estimate=lambda o: 4.4e9 * o.runs, progress=progress, check=check, table=table,
                page=page, page_file="performance-ec.md", page_uses=("pk",),
                symbols=tuple(sorted({n for names in SET_SYMBOLS.values() for n in names})))]
