"""Suite "mp" (fw/app/bench_mp.c): the multiprecision library at seed 000's operations (Tables
9-13) and seed 004's design space of modular multiplication and exponentiation. Inputs are drawn
from HMAC_DRBG with the label each record names; the host draws the same numbers and recomputes
every output with Python integers."""

from vexrun.suites import seeds
from vexrun.models.drbg import HmacDrbg
from vexrun.suites.records import mp_point
from vexrun.suites.base import Suite, cycles, find, status


def mp_inputs(bits, label):
    """The numbers bench_mp.c draws: m (odd, top bit set), a, b < m, a double-length number, e."""
    rng = HmacDrbg(label.encode())
    m = (rng.draw(bits - 1) + (1 << (bits - 1))) | 1
    a = rng.draw(bits) % m
    b = rng.draw(bits) % m
    big = rng.draw(2 * bits)
    e = rng.draw(bits)
    return m, a, b, big, e


def expected(rec):
    bits = rec["bits"]
    m, a, b, big, e = mp_inputs(bits, rec["seed"])
    prim, op = rec["prim"], rec["op"]
    if prim == "mod_reduce":
        return big % m
    if prim == "mod_add":
        return (a + b) % m
    if prim == "mod_mul":
        return a * b % m
    if prim == "mod_inv":
        return pow(a, -1, m)
    if prim == "montmul":
        rinv = pow(1 << rec["r_bits"], -1, m)
        return (a * a if op == "sqr" else a * b) * rinv % m
    if prim == "modexp":
        exp = {"e=3": 3, "e=65537": 65537, "e=full": e}[op]
        return pow(a, exp, m)
    raise KeyError(prim)


def check(rec):
    try:
        ok = int(rec["out"], 16) == expected(rec)
    except (KeyError, ValueError) as e:
        return f"{rec.get('prim')}: no host reference ({e!r})"
    return None if ok else f"{rec['prim']} {rec['op']} {rec['bits']}-bit: wrong result"


def progress(rec):
    point = mp_point(rec)
    return f"{rec['prim']} {rec['op']} {rec['bits']}-bit{' ' + point if point else ''}: {rec['cycles']:,} cycles"


def table(records, config):
    """Rows of the multiprecision and public-key records (suites mp, pk and mont share it; the
    implementation where a record names one, the curve where it has no design-space point)."""
    rows = [r for r in records if "cycles" in r]
    if not rows:
        return []
    head = (f"{'suite':<6} {'primitive':<11} {'op':<14} {'bits':>5} {'bytes':>6} {'impl':<4} {'cycles':>14}  "
            f"{'configuration':<34} check")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r['suite']:<6} {r['prim']:<11} {r['op']:<14} {r['bits']:>5} {r.get('bytes') or '':>6} "
                     f"{r.get('impl', ''):<4} {r['cycles']:>14,}  {mp_point(r) or r.get('curve', ''):<34} {status(r)}")
    return lines


def page(records, meta, data):
    mp = find(records, "mp")
    if not mp:
        return []
    out = ["## Multiprecision (suite `mp`)", "",
           "Inputs are drawn from HMAC_DRBG with the label each record names; every output is recomputed on the "
           "host with Python integers. Design-space point: ALGOn, radix 2^k, dedicated squaring, exponentiation "
           "method and largest window.", ""]
    # Seed 004: every algorithm's Montgomery product.
    out += ["### Modular multiplication algorithms (seed 004, Section III)", "",
            "| algorithm | bits | mul cycles | sqr cycles | instructions (mul) |", "|---|---:|---:|---:|---:|"]
    seen = set()
    for r in find(records, "mp", prim="montmul", op="mul"):
        key = (mp_point(r), r["bits"])
        if key in seen:
            continue
        seen.add(key)
        sq = next((s for s in find(records, "mp", prim="montmul", op="sqr", bits=r["bits"])
                   if mp_point(s) == mp_point(r)), None)
        out.append(f"| {mp_point(r).replace(' window6', '').replace(' window5', '')} | {r['bits']} | {r['cycles']:,} | "
                   f"{cycles(sq['cycles'] if sq else None)} | {cycles(r.get('instret'))} |")

    def best(prim, op, bits):
        rs = find(records, "mp", prim=prim, op=op, bits=bits)
        return min(rs, key=lambda r: r["cycles"]) if rs else None

    rows = [("512-bit modular reduction (Table 9)", best("mod_reduce", "1024 mod 512", 512)),
            ("512-bit modular addition (Table 10)", best("mod_add", "add", 512)),
            ("512-bit modular multiplication (Table 11)", best("mod_mul", "mul+div", 512)),
            ("1024-bit modular multiplication (Table 11)", best("mod_mul", "mul+div", 1024)),
            ("512-bit modular inverse (Table 12)", best("mod_inv", "binary", 512)),
            ("512-bit exponentiation, 512-bit exponent (Table 13)", best("modexp", "e=full", 512)),
            ("512-bit exponentiation, e = 3 (Table 13)", best("modexp", "e=3", 512)),
            ("512-bit exponentiation, e = 65537 (Table 13)", best("modexp", "e=65537", 512))]
    out += ["", "### Seed 000, Tables 9-13 (Palm MPLib) in cycles", "",
            "Palm figures converted at Palm V 16 MHz and Palm IIIc 20 MHz (where the table names no device, at "
            "both). vexcrypt: the fastest point measured (its configuration in the last column); the modular "
            "multiplication row is product + division, as MPLib's; the inverse row the binary algorithm "
            "(Euclid's below).", "",
            "| operation | vexcrypt cycles | Palm V cycles | Palm IIIc cycles | vexcrypt point |", "|---|---:|---:|---:|---|"]
    for name, r in rows:
        ms = seeds.SEED000[name]
        pv = ms.get("Palm V", ms.get(None))
        pc = ms.get("Palm IIIc", ms.get(None))
        out.append(f"| {name} | {cycles(r['cycles'] if r else None)} | {seeds.ms_to_cycles(pv, 16.0):,.0f} | "
                   f"{seeds.ms_to_cycles(pc, 20.0):,.0f} | {mp_point(r) if r else '-'} |")
    eu = best("mod_inv", "euclid", 512)
    if eu:
        out.append(f"\n512-bit inverse by the extended Euclidean algorithm: {eu['cycles']:,} cycles.")
    out += ["", "512-bit exponentiation for every algorithm (window method):", "",
            "| point | e = full (512 bits) | e = 3 | e = 65537 |", "|---|---:|---:|---:|"]
    for r in find(records, "mp", prim="modexp", op="e=full", bits=512):
        row = [next((x["cycles"] for x in find(records, "mp", prim="modexp", op=op, bits=512)
                     if mp_point(x) == mp_point(r)), None) for op in ("e=3", "e=65537")]
        out.append(f"| {mp_point(r)} | {r['cycles']:,} | {cycles(row[0])} | {cycles(row[1])} |")
    radix = [r for r in find(records, "mp", prim="montmul", bits=1024, op="sqr") if r["algo"] in (2, 3)]
    if len(radix) > 4:
        out += ["", "### Radix sweep (seed 004, Fig. 1(b)): 1024-bit Montgomery squaring", "",
                "| point | cycles |", "|---|---:|"]
        out += [f"| {mp_point(r)} | {r['cycles']:,} |" for r in radix]
    return out + [""]


# Measured at 61e4fe1 (vexrun sim --suites mp,pk --runs 1): 330 M cycles of measurements a run,
# 50 M of set-up; "all" (the radix and window sweeps) roughly doubles it.
SUITES = [Suite("mp", estimate=lambda o: (50e6 + 330e6 * o.runs) * (2 if o.all else 1),
                progress=progress, check=check, table=table, page=page)]
