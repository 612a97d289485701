"""Suite "pk" (fw/app/bench_pk.c): RSA sign and verify (seed 003's table), Diffie-Hellman, DSA
and ElGamal (seed 002). Keys come from kat.h (vexrun/vectors/pkdata.py); the host recomputes every
signature with pycryptodome and checks every DH and ElGamal result against the group equation."""

import functools

from vexrun.vectors import pkdata
from vexrun.suites import seeds
from vexrun.suites.records import bench_pattern, mp_point
from vexrun.suites.base import Suite, constant_time, cycles, find, mcycles
from vexrun.suites.mp import progress, table

MARKS = {("rsa", 2048, "sign"): 60e6, ("rsa", 2048, "verify"): 2.5e6}


@functools.lru_cache(maxsize=None)
def _rsa(name):
    return dict(pkdata.rsa_keys())[name]


@functools.lru_cache(maxsize=None)
def _dsa(name):
    for n, h, v, _ in pkdata.dsa_keys():
        if n == name:
            return h, v
    raise KeyError(name)


def _hex(v):
    return int(v, 16)


def _check(rec):
    prim, op = rec["prim"], rec["op"]
    if op == "verify":
        return None                     # the firmware's own verdict is the "ok" flag
    if prim == "rsa":
        from Crypto.Hash import SHA256
        from Crypto.Signature import pkcs1_15
        want = pkcs1_15.new(_rsa(rec["key"])).sign(SHA256.new(bench_pattern(rec["bytes"])))
        return None if bytes.fromhex(rec["sig"]) == want else "signature differs from pycryptodome's"
    if prim in ("dh", "elgamal"):
        p = pkdata.dh_group(rec["group"])
        if prim == "dh" and op == "keypair":
            ok = pow(2, _hex(rec["x"]), p) == _hex(rec["y"])
        elif prim == "dh":
            ok = pow(_hex(rec["peer"]), _hex(rec["x"]), p) == _hex(rec["z"])
        else:
            x, c1, c2 = _hex(rec["x"]), _hex(rec["c1"]), _hex(rec["c2"])
            ok = pow(2, x, p) == _hex(rec["y"]) and c2 * pow(c1, p - 1 - x, p) % p == _hex(rec["m"])
        return None if ok else f"{prim} {op}: result does not satisfy the group equation"
    if prim == "dsa":
        from Crypto.Hash import SHA1, SHA256
        from Crypto.PublicKey import DSA
        from Crypto.Signature import DSS
        hname, v = _dsa(rec["key"])
        key = DSA.construct((v["Y"], v["G"], v["P"], v["Q"], v["X"]))
        h = {"sha1": SHA1, "sha256": SHA256}[hname].new(bench_pattern(rec["bytes"]))
        sig = DSS.new(key, "deterministic-rfc6979").sign(h)
        n = len(sig) // 2
        want = (int.from_bytes(sig[:n], "big"), int.from_bytes(sig[n:], "big"))
        return None if (_hex(rec["r"]), _hex(rec["s"])) == want else "signature differs from RFC 6979 (pycryptodome)"
    raise KeyError(prim)


def check(rec):
    try:
        return _check(rec)
    except (KeyError, ValueError) as e:
        return f"{rec.get('prim')}: no host reference ({e!r})"


CT_OPS = {("rsa", "sign"): "sign (PKCS#1 v1.5, CRT)", ("rsa", "private"): "private (raw, CRT)",
          ("dh", "keypair"): "key pair", ("dh", "shared"): "shared secret", ("dsa", "sign"): "sign"}


POINT = ("algo", "radix", "sqr", "exp", "window")   # a record's design-space point


def ct_rows(records):
    """Constant time (the default, "var": false) beside variable time ("var": true, the secrets
    through the _var paths) for each operation measured both ways at one design-space point in
    `records` (pk suite; the sweep's other points are variable time only), with DH's key pair +
    shared secret summed: a markdown table, or [] when no pair was measured."""
    pairs = {}
    for r in find(records, "pk"):
        if "var" in r and (r["prim"], r["op"]) in CT_OPS:
            key = (r["prim"], r["bits"], r.get("crt"), r.get("key") or r.get("group"), r.get("bytes"),
                   tuple(r.get(k) for k in POINT))
            pairs.setdefault(key, {}).setdefault(r["op"], {})[bool(r["var"])] = r["cycles"]
    rows = []
    for (prim, bits, crt, name, *_), ops in sorted(pairs.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        if prim == "dh" and all(len(ops.get(o, {})) == 2 for o in ("keypair", "shared")):
            ops = {**ops, "keypair + shared": {v: ops["keypair"][v] + ops["shared"][v] for v in (False, True)}}
        for op, v in ops.items():
            if len(v) == 2:
                what = CT_OPS.get((prim, op), op)
                ct, var = v[False], v[True]
                rows.append(f"| {prim.upper()}-{bits} {what}{f' ({name})' if name else ''} | {mcycles(ct)} | "
                            f"{mcycles(var)} | {ct / var:.2f}x ({100 * (ct / var - 1):+.0f} %) |")
    if not rows:
        return []
    return ["| operation | constant time (default) | variable time (`var`) | constant / variable |",
            "|---|---:|---:|---:|"] + rows


def page(records, meta, data):
    if not find(records, "pk"):
        return []
    out = ["## Public key (suite `pk`)", "",
           "Keys come from kat.h (RSA generated deterministically, DSA from the CAVP SigGen file); every output "
           "is recomputed on the host (Python integers, pycryptodome). Design-space point as in the `mp` suite, "
           "with the CRT conversion.", ""]
    # Seed 003: RSA.
    out += ["### Seed 003, Table 1 (iPAQ H3630, 206 MHz, OpenSSL) and the marks", "",
            "RSA PKCS#1 v1.5 with SHA-256, e = 65537; signing uses CRT (Garner) and checks its result with e modulo "
            "p and modulo q (and p·q = n) before release (fault-attack protection). The fastest point measured, "
            "the signature's both ways: constant time, the library's default, and variable time (`var`: a "
            "sliding window over the secret exponent, as OpenSSL 0.9.7's, blinded there, on the iPAQ).", "",
            "| operation | vexcrypt cycles | vexcrypt point | iPAQ cycles | mark |", "|---|---:|---|---:|---|"]
    for bits in (1024, 2048):
        for op in ("sign", "verify"):
            rs = [r for r in find(records, "pk", prim="rsa", op=op, bits=bits) if op == "verify" or r.get("crt") == "mrc"]
            ipaq = seeds.ms_to_cycles(seeds.SEED003_RSA_MS[("rsa", bits, op)], seeds.SEED003_CLOCK_MHZ)
            mark = MARKS.get(("rsa", bits, op))
            ways = [[r for r in rs if bool(r.get("var")) == v] for v in ((False, True) if op == "sign" else (False,))]
            for r in (min(w, key=lambda r: r["cycles"]) for w in ways if w):
                mtxt = "-" if not mark else f"≤ {mark / 1e6:g} M: " + ("met" if r["cycles"] <= mark else "not met")
                out.append(f"| RSA-{bits} {op}{' (var)' if r.get('var') else ''} | {r['cycles']:,} | {mp_point(r)} | "
                           f"{ipaq:,.0f} | {mtxt} |")
    sweep = [r for r in find(records, "pk", prim="rsa", op="sign") if r["bits"] == 2048]
    if len(sweep) > 1:
        out += ["", "RSA-2048 private operation (signature) across the design space:", "",
                "| point | cycles |", "|---|---:|"]
        out += [f"| {mp_point(r)} | {r['cycles']:,} |" for r in sorted(sweep, key=lambda r: r["cycles"])]
    # Seed 002: DH, DSA.
    phones = ("N95", "7373", "A1200", "V3")

    def phone_cells(ph):
        return " | ".join(cycles(ph[p] * seeds.SEED002_CLOCK_MHZ[p] * 1e6) if p in ph else "-" for p in phones)

    held = constant_time(records)                # the variable-time twins: the last table
    out += ["", "### Seed 002 (Java ME phones): Diffie-Hellman and DSA", "",
            "Constant time (the variable-time twins are compared under \"Constant time vs variable time\"). "
            "DH: key pair + shared secret over the MODP groups (full-size private exponents); the phones' "
            "times (Table 6) converted with their clocks.", "",
            "| group | vexcrypt key pair | shared | total | " + " | ".join(f"{p} cycles" for p in phones) + " |",
            "|---|---:|---:|---:|" + "---:|" * len(phones)]
    for r in find(held, "pk", prim="dh", op="keypair"):
        sh = next(iter(find(held, "pk", prim="dh", op="shared", bits=r["bits"])), None)
        tot = r["cycles"] + (sh["cycles"] if sh else 0)
        out.append(f"| {r['group']} | {r['cycles']:,} | {cycles(sh['cycles'] if sh else None)} | {tot:,} | "
                   + phone_cells(seeds.SEED002_DH_S.get(r["bits"], {})) + " |")
    out += ["", "DSA: sign + verify, the message hash included (SHA-1 for L/N = 1024/160, SHA-256 for 2048/256); "
            "the phones signed (Table 8).", "",
            "| key | message | sign | verify | sign + verify | " + " | ".join(f"{p} cycles" for p in phones) + " |",
            "|---|---:|---:|---:|---:|" + "---:|" * len(phones)]
    for r in find(held, "pk", prim="dsa", op="sign"):
        v = next(iter(find(held, "pk", prim="dsa", op="verify", bits=r["bits"], bytes=r["bytes"])), None)
        ph = seeds.SEED002_DSA_S.get(r["bytes"], {}) if r["bits"] == 1024 else {}
        out.append(f"| {r['key']} ({r['hash']}) | {r['bytes']} B | {r['cycles']:,} | {cycles(v['cycles'] if v else None)} | "
                   f"{cycles(r['cycles'] + v['cycles'] if v else None)} | " + phone_cells(ph) + " |")
    for r in find(records, "pk", prim="elgamal"):
        out.append(f"\nElGamal {r['op']} over {r['group']}: {r['cycles']:,} cycles.")
    ct = ct_rows(records)
    if ct:
        out += ["", "### Constant time vs variable time", "",
                "Secrets (private exponents, nonces, CRT halves) by default through the constant-time "
                "paths of mp.h (fixed window, masked table reads and final subtractions); `var` sends "
                "them through the variable-time ones (6-bit sliding window), in the same build.", ""] + ct
    return out + [""]


# Measured at 61e4fe1 (vexrun sim --suites mp,pk --runs 1): 470 M cycles of measurements a run
# (DSA and DH dominate), 90 M of set-up; "all" adds RSA across the design space (about 1.5 G).
# The variable-time twins of RSA CRT, DH-1024 and DSA signing add about 160 M a run, and "all"
# DH-1536/2048 both ways about 1.2 G.
SUITES = [Suite("pk", estimate=lambda o: 90e6 + (630e6 + (2.7e9 if o.all else 0)) * o.runs,
                progress=progress, check=check, table=table, page=page)]
