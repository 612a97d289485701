"""The public-key half of the performance page: seed 004's design space, seed 000's MPLib
tables, seed 003's RSA table and seed 002's DH/DSA figures, in cycles beside ours."""

from . import seeds
from .cli import pk_config

MARKS = {("rsa", 2048, "sign"): 60e6, ("rsa", 2048, "verify"): 2.5e6}


def _find(records, **kw):
    return [r for r in records if r.get("suite") in ("mp", "pk") and all(r.get(k) == v for k, v in kw.items())]


def _cyc(v):
    return f"{v:,.0f}" if v is not None else "-"


def _default(r):
    return pk_config(r).strip()


def render(records):
    mp = _find(records)
    if not mp:
        return []
    out = ["## Public key (suites `mp` and `pk`)", "",
           "Inputs are drawn from HMAC_DRBG with the label each record names, keys come from kat.h "
           "(RSA generated deterministically, DSA from the CAVP SigGen file); every output is recomputed "
           "on the host (Python integers, pycryptodome). Design-space point: ALGOn, radix 2^k, dedicated "
           "squaring, exponentiation method and largest window, CRT conversion.", ""]
    # Seed 004: every algorithm's Montgomery product.
    out += ["### Modular multiplication algorithms (seed 004, Section III)", "",
            "| algorithm | bits | mul cycles | sqr cycles | instructions (mul) |", "|---|---:|---:|---:|---:|"]
    seen = set()
    for r in _find(records, prim="montmul", op="mul"):
        key = (_default(r), r["bits"])
        if key in seen:
            continue
        seen.add(key)
        sq = next((s for s in _find(records, prim="montmul", op="sqr", bits=r["bits"])
                   if _default(s) == _default(r)), None)
        out.append(f"| {_default(r).replace(' window6', '').replace(' window5', '')} | {r['bits']} | {r['cycles']:,} | "
                   f"{_cyc(sq['cycles'] if sq else None)} | {_cyc(r.get('instret'))} |")
    # Seed 000.
    def best(prim, op, bits):
        rs = _find(records, prim=prim, op=op, bits=bits)
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
        out.append(f"| {name} | {_cyc(r['cycles'] if r else None)} | {seeds.ms_to_cycles(pv, 16.0):,.0f} | "
                   f"{seeds.ms_to_cycles(pc, 20.0):,.0f} | {_default(r) if r else '-'} |")
    eu = best("mod_inv", "euclid", 512)
    if eu:
        out.append(f"\n512-bit inverse by the extended Euclidean algorithm: {eu['cycles']:,} cycles.")
    out += ["", "512-bit exponentiation for every algorithm (window method):", "",
            "| point | e = full (512 bits) | e = 3 | e = 65537 |", "|---|---:|---:|---:|"]
    for r in _find(records, prim="modexp", op="e=full", bits=512):
        row = [next((x["cycles"] for x in _find(records, prim="modexp", op=op, bits=512) if _default(x) == _default(r)), None)
               for op in ("e=3", "e=65537")]
        out.append(f"| {_default(r)} | {r['cycles']:,} | {_cyc(row[0])} | {_cyc(row[1])} |")
    # Seed 003: RSA.
    out += ["", "### Seed 003, Table 1 (iPAQ H3630, 206 MHz, OpenSSL) and the marks", "",
            "RSA PKCS#1 v1.5 with SHA-256, e = 65537; signing uses CRT (Garner) and checks its result with e modulo "
            "p and modulo q (and p·q = n) before release (fault-attack protection).", "",
            "| operation | vexcrypt cycles | iPAQ cycles | mark | vexcrypt point |", "|---|---:|---:|---:|---|"]
    for bits in (1024, 2048):
        for op in ("sign", "verify"):
            rs = [r for r in _find(records, prim="rsa", op=op, bits=bits) if op == "verify" or r.get("crt") == "mrc"]
            r = min(rs, key=lambda r: r["cycles"]) if rs else None
            ipaq = seeds.ms_to_cycles(seeds.SEED003_RSA_MS[("rsa", bits, op)], seeds.SEED003_CLOCK_MHZ)
            mark = MARKS.get(("rsa", bits, op))
            mtxt = "-" if not mark else f"≤ {mark / 1e6:g} M: " + ("met" if r and r["cycles"] <= mark else "not met")
            out.append(f"| RSA-{bits} {op} | {_cyc(r['cycles'] if r else None)} | {ipaq:,.0f} | {mtxt} | "
                       f"{_default(r) if r else '-'} |")
    sweep = [r for r in _find(records, prim="rsa", op="sign") if r["bits"] == 2048]
    if len(sweep) > 1:
        out += ["", "RSA-2048 private operation (signature) across the design space:", "",
                "| point | cycles |", "|---|---:|"]
        out += [f"| {_default(r)} | {r['cycles']:,} |" for r in sorted(sweep, key=lambda r: r["cycles"])]
    # Seed 002: DH, DSA.
    phones = ("N95", "7373", "A1200", "V3")
    out += ["", "### Seed 002 (Java ME phones): Diffie-Hellman and DSA", "",
            "DH: key pair + shared secret over the MODP groups (full-size private exponents); the phones' "
            "times (Table 6) converted with their clocks.", "",
            "| group | vexcrypt key pair | shared | total | " + " | ".join(f"{p} cycles" for p in phones) + " |",
            "|---|---:|---:|---:|" + "---:|" * len(phones)]
    for r in _find(records, prim="dh", op="keypair"):
        sh = next((s for s in _find(records, prim="dh", op="shared", bits=r["bits"])), None)
        tot = r["cycles"] + (sh["cycles"] if sh else 0)
        ph = seeds.SEED002_DH_S.get(r["bits"], {})
        out.append(f"| {r['group']} | {r['cycles']:,} | {_cyc(sh['cycles'] if sh else None)} | {tot:,} | "
                   + " | ".join(_cyc(ph[p] * seeds.SEED002_CLOCK_MHZ[p] * 1e6) if p in ph else "-" for p in phones) + " |")
    out += ["", "DSA: sign + verify, the message hash included (SHA-1 for L/N = 1024/160, SHA-256 for 2048/256); "
            "the phones signed (Table 8).", "",
            "| key | message | sign | verify | sign + verify | " + " | ".join(f"{p} cycles" for p in phones) + " |",
            "|---|---:|---:|---:|---:|" + "---:|" * len(phones)]
    for r in _find(records, prim="dsa", op="sign"):
        v = next((x for x in _find(records, prim="dsa", op="verify", bits=r["bits"], bytes=r["bytes"])), None)
        ph = seeds.SEED002_DSA_S.get(r["bytes"], {}) if r["bits"] == 1024 else {}
        out.append(f"| {r['key']} ({r['hash']}) | {r['bytes']} B | {r['cycles']:,} | {_cyc(v['cycles'] if v else None)} | "
                   f"{_cyc(r['cycles'] + v['cycles'] if v else None)} | "
                   + " | ".join(_cyc(ph[p] * seeds.SEED002_CLOCK_MHZ[p] * 1e6) if p in ph else "-" for p in phones) + " |")
    for r in _find(records, prim="elgamal"):
        out.append(f"\nElGamal {r['op']} over {r['group']}: {r['cycles']:,} cycles.")
    radix = [r for r in _find(records, prim="montmul", bits=1024, op="sqr") if r["algo"] in (2, 3)]
    exps = [r for r in _find(records, prim="modexp", bits=1024, op="e=full")]
    if exps:
        out += ["", "### Exponentiation methods (1024-bit modulus and exponent)", "", "| point | cycles |", "|---|---:|"]
        out += [f"| {_default(r)} | {r['cycles']:,} |" for r in exps]
    if len(radix) > 4:
        out += ["", "### Radix sweep (seed 004, Fig. 1(b)): 1024-bit Montgomery squaring", "",
                "| point | cycles |", "|---|---:|"]
        out += [f"| {_default(r)} | {r['cycles']:,} |" for r in radix]
    return out + [""]
