"""Suites "hash", "block" and "stream" (fw/app/bench_hash.c, bench_block.c, bench_stream.c):
cycles of every hash and cipher on the deterministic benchmark data at each message size. The
host recomputes every output (hashlib, pycryptodome, vexrun.models); the page fits cycles =
A·bytes + B per primitive (seed 002's Table 4) and puts the seeds' figures beside ours,
converted to cycles."""

import hashlib
from collections import defaultdict

from vexrun.models import ghash
from vexrun.suites import refs, seeds
from vexrun.suites.records import BENCH_SIZES, bench_iv, bench_key, bench_pattern
from vexrun.suites.base import Suite, status

LONG = 8192       # "long message" cycles/byte are read at this size and at the largest

BLOCK_KEYS = {"des": ("des", 8), "3des": ("3des", 24), "aes-128": ("aes", 16), "aes-192": ("aes", 24),
              "aes-256": ("aes", 32), "rc5-32/12/16": ("rc5", 16)}
STREAM_KEYLEN = {"rc4": 16, "seal": 20}


def _hash_ref(rec):
    return refs.hash_digest(rec["prim"], bench_pattern(rec["bytes"]))


def _block_ref(rec):
    """SHA-256 of what the firmware's block benchmark produced (enc: the ciphertext of the
    padded pattern; dec: the recovered plaintext; GCM's seal: the ciphertext and the tag);
    GHASH's y itself (the SP 800-38D model)."""
    n, prim = rec["bytes"], rec["prim"]
    if prim == "ghash":
        return ghash.ghash(bench_key(16), bench_pattern(n))
    if prim == "aes-128-gcm":
        from Crypto.Cipher import AES
        ct, tag = AES.new(bench_key(16), AES.MODE_GCM, nonce=bench_iv(12)).encrypt_and_digest(bench_pattern(n))
        return hashlib.sha256(ct + tag).digest()
    mode = rec["mode"]
    if rec["op"] == "dec":
        return hashlib.sha256(bench_pattern(n)).digest()
    bl = 16 if prim.startswith("aes") else 8
    data = bench_pattern(n) if mode == "ctr" else refs.pkcs7(bench_pattern(n), bl)
    cipher, keylen = BLOCK_KEYS[prim]
    out = refs.block_mode(cipher, bench_key(keylen), mode, bench_iv(bl)).encrypt(data)
    return hashlib.sha256(out).digest()


def _stream_ref(rec):
    key = bench_key(STREAM_KEYLEN[rec["prim"]])
    return hashlib.sha256(refs.stream_crypt(rec["prim"], key, bench_pattern(rec["bytes"]))).digest()


def _checker(reference):
    def check(rec):
        """None if the record's output equals the host's reference; key setup has no output.
        An output the host cannot recompute is a failure: every benchmark must be checkable."""
        if "out" not in rec:
            return None
        try:
            want = reference(rec).hex()
        except (KeyError, ValueError, ImportError) as e:
            return f"{rec.get('prim')}: no host reference ({e})"
        if rec["out"] != want:
            return (f"{rec['prim']} {rec.get('mode', '')} {rec['op']} on {rec['bytes']} bytes: output "
                    f"{rec['out'][:16]}..., expected {want[:16]}...")
        return None
    return check


def progress(rec):
    return f"{rec['prim']} {rec['op']} {rec['bytes']} B: {rec['cycles']:,} cycles"


def table(records, config):
    bench = [r for r in records if "cycles" in r]
    if not bench:
        return []
    head = (f"{'suite':<8} {'primitive':<12} {'op':<9} {'impl':<5} {'bytes':>8} {'cycles':>12} {'cycles/B':>9} "
            f"{'runs':>5}  {'config':<{len(config)}}  check")
    lines = [head, "-" * len(head)]
    for r in bench:
        cpb = f"{r['cycles'] / r['bytes']:.1f}" if r["bytes"] else "-"
        op = f"{r['mode']} {r['op']}" if r.get("mode") else r["op"]
        lines.append(f"{r['suite']:<8} {r['prim']:<12} {op:<9} {r.get('impl', ''):<5} {r['bytes']:>8} "
                     f"{r['cycles']:>12,} {cpb:>9} {r['runs']:>5}  {config}  {status(r)}")
    return lines


# ---- the page ----

def fit(points):
    """Least-squares line through (x, y) points: (A, B, R^2)."""
    n = len(points)
    if n < 2:
        return None
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    if sxx == 0:
        return None
    a = sxy / sxx
    b = my - a * mx
    ss_tot = sum((y - my) ** 2 for _, y in points)
    ss_res = sum((y - (a * x + b)) ** 2 for x, y in points)
    r2 = 1.0 - ss_res / ss_tot if ss_tot else 1.0
    return a, b, r2


def series_key(rec):
    return (rec["suite"], rec["prim"], rec.get("impl", ""), rec.get("mode", ""), rec["op"])


def label(key):
    suite, prim, impl, mode, op = key
    return " ".join(p for p in (prim, impl if impl not in ("", "sw") else "", mode, op) if p)


def series(records):
    """{key: {bytes: record}} for the benchmark records that scale with the message size."""
    out = defaultdict(dict)
    for r in records:
        if "cycles" in r and r.get("bytes") and r.get("suite") in NAMES:
            out[series_key(r)][r["bytes"]] = r
    return out


def totals(ser):
    """Encrypt + decrypt summed per size, as seed 002 reports ciphers."""
    out = {}
    for key, pts in ser.items():
        if key[-1] != "enc":
            continue
        dec = ser.get(key[:-1] + ("dec",))
        if not dec:
            continue
        out[key[:-1] + ("enc+dec",)] = {n: {"cycles": pts[n]["cycles"] + dec[n]["cycles"], "bytes": n}
                                         for n in pts if n in dec}
    return out


def fits(records):
    """{label: (A, B, R^2)} of every series and enc+dec total with a line."""
    ser = series(records)
    ser.update(totals(ser))
    return {label(k): f for k, pts in ser.items() if (f := fit([(n, r["cycles"]) for n, r in sorted(pts.items())]))}


def slopes(records):
    """{label: A} of every series and enc+dec total with a line: cycles/byte of long messages."""
    return {k: f[0] for k, f in fits(records).items()}


def page(records, meta, data):
    """The symmetric primitives' sections: cycles per byte, key setup, the seeds."""
    if not any(r.get("suite") in NAMES for r in records):
        return []
    ser_all = series(records)
    ser_all.update(totals(ser_all))
    fitted = fits(records)
    lines = [
        "## Cycles per byte and the least-squares line (layout of seed 002, Table 4)",
        "",
        "cycles = A·bytes + B by least squares over the sizes "
        + meta.get("request", {}).get("sizes", ", ".join(map(str, BENCH_SIZES))).replace(",", ", ")
        + " bytes. Block ciphers in ECB and CBC include PKCS#7 padding; *enc+dec* sums both as seed 002 reports "
        "ciphers. instr/B counts retired instructions (minstret) where the core has the counter.",
        "",
        "| primitive | A (cycles/byte) | B (cycles) | R² | cycles/B at 8192 | cycles/B at largest | instr/B at largest |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for key in sorted(ser_all):
        pts = ser_all[key]
        f = fitted.get(label(key))
        if not f:
            continue
        big = max(pts)
        at8k = pts.get(LONG)
        inst = pts[big].get("instret")
        lines.append(f"| {label(key)} | {f[0]:.1f} | {f[1]:,.0f} | {f[2]:.4f} | "
                     + (f"{at8k['cycles'] / LONG:.1f} | " if at8k else "- | ")
                     + f"{pts[big]['cycles'] / big:.1f} | " + (f"{inst / big:.1f} |" if inst else "- |"))
    setup = [r for r in records if r.get("suite") in NAMES and r.get("op") == "setkey"]
    if setup:
        lines += ["", "## Key setup", "", "| primitive | cycles |", "|---|---:|"]
        lines += [f"| {label(series_key(r))} | {r['cycles']:,} |" for r in setup]
        lines += _seal_rc4(records)
    ours = slopes(records)
    lines += ["", "## Beside the seeds (converted to cycles with the clock each paper gives)", "",
              "Seed 002 measured Java ME on phones (A1200 320 MHz, N95 332 MHz, Nokia 7373 72.2 MHz, "
              "Motorola V3 66.1 MHz, V220 16.2 MHz); its ciphers are encrypt+decrypt (RC4's: two passes of its "
              "stream, *rc4 crypt x 2*). Cycles/byte = A(ms/B) × MHz × 1000.", "",
              "| primitive | vexcrypt cycles/B | " + " | ".join(f"{p} cycles/B" for p in seeds.SEED002_CLOCK_MHZ) + " |",
              "|---|---:|" + "---:|" * len(seeds.SEED002_CLOCK_MHZ)]
    for prim, (key, passes) in SEED002_OURS.items():
        s = seeds.seed002_cycles(prim)
        lines.append(f"| {prim} (vexcrypt: {key}{' x 2' if passes == 2 else ''}) | "
                     + (f"{passes * ours[key]:.1f}" if key in ours else "-") + " | "
                     + " | ".join(f"{s[p][0]:,.0f}" for p in seeds.SEED002_CLOCK_MHZ) + " |")
    lines += ["", "The rest of each line, B (fixed cycles) and R², beside Table 4's (NS: the seed found B not "
              "significant):", "",
              "| primitive | vexcrypt B, R² | " + " | ".join(f"{p} B, R²" for p in seeds.SEED002_CLOCK_MHZ) + " |",
              "|---|---:|" + "---:|" * len(seeds.SEED002_CLOCK_MHZ)]
    for prim, (key, twice) in SEED002_OURS.items():
        f = fitted.get(key)
        s = seeds.seed002_cycles(prim)
        lines.append(f"| {prim} | " + (f"{twice * f[1]:,.0f}, {f[2]:.4f}" if f else "-") + " | " + " | ".join(
            ("NS" if s[p][1] is None else f"{s[p][1]:,.0f}") + f", {s[p][2]:.2f}" for p in seeds.SEED002_CLOCK_MHZ) + " |")
    lines += _seed002_rankings(records) + _seed002_small_large(records)
    des = [next((r for r in records if r.get("prim") == "des" and r.get("op") == op and r.get("mode") == "ecb"
                 and r.get("bytes") == LONG), None) for op in ("enc", "dec")]
    sha1 = next((r for r in records if r.get("prim") == "sha1" and r.get("bytes") == 64), None)
    lines += ["", "Seed 003 (iPAQ H3630, StrongARM 206 MHz, OpenSSL): DES encrypt+decrypt of one block "
              f"{seeds.ms_to_cycles(seeds.SEED003_TABLE1['des_block_enc_plus_dec'], seeds.SEED003_CLOCK_MHZ):,.0f} cycles "
              f"(vexcrypt, 8-byte block from the 8 KiB ECB run: "
              + (f"{sum(r['cycles'] for r in des) / (LONG / 8):,.0f}" if all(des) else "-") + " cycles enc+dec); "
              f"SHA-1 of a short message {seeds.ms_to_cycles(seeds.SEED003_TABLE1['sha1_hash'], seeds.SEED003_CLOCK_MHZ):,.0f} cycles "
              "(vexcrypt, 64 bytes: " + (f"{sha1['cycles']:,}" if sha1 else "-") + " cycles).", "",
              "Anchors (Cortex-M4): " + "; ".join(f"{k} {v[1]:.0f} cycles/B ({v[0]})" for k, v in seeds.ANCHORS_CPB.items())
              + ". vexcrypt (slope A): " + "; ".join(
                  f"{k} {ours[k2]:.1f}" if k2 in ours else f"{k} -"
                  for k, k2 in (("sha256", "sha256 hash"), ("aes-128", "aes-128 tab ecb enc")))
              + " cycles/B.", ""]
    return lines


def seal_rc4(records):
    """Seed 000, section 8: SEAL 3.0 pays a large key set-up for a faster stream than RC4's.
    {prim: (cycles/byte, set-up cycles)}, "ahead": the message size from which SEAL costs less,
    set-ups included (None: never), from our lines and set-up records, and "largest": the largest
    size measured; None without them."""
    ser, out = series(records), {}
    for prim in ("seal", "rc4"):
        pts = next((p for k, p in ser.items() if k[1] == prim and k[-1] == "crypt"), None)
        key = next((r for r in records if r.get("prim") == prim and r.get("op") == "setkey"), None)
        if not pts or not key:
            return None
        a, b, _ = fit([(n, r["cycles"]) for n, r in pts.items()])
        out[prim] = (a, b + key["cycles"], key["cycles"])
    (a_s, b_s, _), (a_r, b_r, _) = out["seal"], out["rc4"]
    return {"seal": out["seal"][::2], "rc4": out["rc4"][::2], "largest": max(pts),
            "ahead": max(0.0, (b_s - b_r) / (a_r - a_s)) if a_s < a_r else None}


def _seal_rc4(records):
    o = seal_rc4(records)
    if not o:
        return []
    ahead = ("at no size" if o["ahead"] is None else f"from about {o['ahead']:,.0f} bytes on"
             + (f" (on our lines, past the largest size measured, {o['largest']:,} B)" if o["ahead"] > o["largest"] else ""))
    return ["", f"Seed 000 (section 8) finds SEAL 3.0 efficient on large data at the price of its key set-up: here "
            f"SEAL's set-up takes {o['seal'][1]:,} cycles against RC4's {o['rc4'][1]:,}, its stream {o['seal'][0]:.1f} "
            f"against {o['rc4'][0]:.1f} cycles/byte, so SEAL is ahead of RC4, set-up included, {ahead}."]


# Seed 002's rows and ours: the series (its label) and how many passes of it one of the seed's
# measurements is (a cipher's encrypt + decrypt; RC4's stream runs both ways alike).
SEED002_OURS = {"rc4": ("rc4 crypt", 2), "rc5": ("rc5-32/12/16 cbc enc+dec", 1), "aes": ("aes-128 tab cbc enc+dec", 1),
                "md5": ("md5 hash", 1), "sha1": ("sha1 hash", 1), "sha256": ("sha256 hash", 1)}
SEED002_NAMES = {"rc4": "RC4", "rc5": "RC5", "aes": "AES", "md5": "MD5", "sha1": "SHA-1", "sha256": "SHA-256"}


def seed002_orders(records):
    """Section 4.1's comparisons on our slopes (RC4 two passes): {"ciphers", "hashes": fastest first,
    "rc4_saves" over RC5 and "sha1_more" than MD5 in %}, or None without the six series."""
    s = slopes(records)
    if not all(key in s for key, _ in SEED002_OURS.values()):
        return None
    a = {SEED002_NAMES[p]: s[key] * passes for p, (key, passes) in SEED002_OURS.items()}
    return {"ciphers": " < ".join(sorted(("RC4", "RC5", "AES"), key=a.get)),
            "hashes": " < ".join(sorted(("MD5", "SHA-1", "SHA-256"), key=a.get)),
            "rc4_saves": 100 * (1 - a["RC4"] / a["RC5"]), "sha1_more": 100 * (a["SHA-1"] / a["MD5"] - 1)}


def _seed002_rankings(records):
    """Section 4.1's orders beside ours (the curves' against DH and DSA: the curves page)."""
    o = seed002_orders(records)
    if not o:
        return []
    same = {k: o[k] == v for k, v in seeds.SEED002_ORDERS.items()}
    return ["", f"Seed 002, section 4.1 ranks {seeds.SEED002_RANKINGS}. Here, cycles per byte: {o['ciphers']} "
            f"(RC4 instead of RC5 saves {o['rc4_saves']:.1f} %), {o['hashes']} (SHA-1 takes {o['sha1_more']:.0f} % "
            f"more than MD5): the ciphers {'in' if same['ciphers'] else 'not in'} the seed's order, the hashes "
            f"{'in' if same['hashes'] else 'not in'} it. The curves against DH and DSA: docs/performance-ec.md."]


def seed002_small_large(records):
    """Ours as Tables 5 and 7 take them: {"rc4" (two passes), "sha1": {23: cycles measured, 51200:
    cycles on our least-squares line}}, or None without both series."""
    ser = series(records)
    out = {}
    for prim, op in (("rc4", "crypt"), ("sha1", "hash")):
        pts = next((p for k, p in ser.items() if k[1] == prim and k[-1] == op and 23 in p), None)
        if not pts:
            return None
        a, b, _ = fit([(n, r["cycles"]) for n, r in pts.items()])
        passes = SEED002_OURS[prim][1]
        out[prim] = {23: passes * pts[23]["cycles"], 51200: passes * (a * 51200 + b)}
        out["around"] = (max(n for n in pts if n < 51200), min(n for n in pts if n > 51200))
    return out


def _seed002_small_large(records):
    """Tables 5 and 7 (RC4 encrypt + decrypt, SHA-1) at 23 B and 50 KB beside the four phones."""
    phones = ("N95", "7373", "A1200", "V3")
    ours = seed002_small_large(records)
    if not ours:
        return []
    out = ["", "Seed 002, Tables 5 and 7 (RC4 encrypt + decrypt, SHA-1; 23 B and 50 KB), in cycles. vexcrypt: "
           f"23 B measured; 50 KB (51,200 B) on our least-squares line, between the measured {ours['around'][0]:,} "
           f"and {ours['around'][1]:,} B; key set-ups apart.", "",
           "| algorithm | size | vexcrypt cycles | " + " | ".join(f"{p} cycles" for p in phones) + " |",
           "|---|---:|---:|" + "---:|" * len(phones)]
    for prim, name in (("rc4", "RC4 (x 2)"), ("sha1", "SHA-1")):
        for n, c in ours[prim].items():
            ph = seeds.SEED002_SMALL_LARGE_S[prim][n]
            out.append(f"| {name} | {n:,} B | {c:,.0f} | " + " | ".join(
                f"{seeds.ms_to_cycles(ph[p] * 1e3, seeds.SEED002_CLOCK_MHZ[p]):,.0f}" for p in phones) + " |")
    return out


# Rough cycles per message byte at the default sets (all the suite's primitives, one run, one
# mode), measured at 61e4fe1: what the runner's announcement multiplies by sizes and runs.
def _estimate(per_byte, per_mode=False, all_factor=1.0):
    def estimate(o):
        f = per_byte * o.runs * sum(o.sizes) * (len(o.modes) if per_mode else 1)
        return f * (all_factor if o.all else 1.0)
    return estimate


SUITES = [
    Suite("hash", estimate=_estimate(480), progress=progress, check=_checker(_hash_ref), table=table, page=page),
    Suite("block", estimate=_estimate(700, per_mode=True, all_factor=5.0), progress=progress,
          check=_checker(_block_ref), table=table, page=page),
    Suite("stream", estimate=_estimate(140), progress=progress, check=_checker(_stream_ref), table=table, page=page),
]
NAMES = tuple(s.name for s in SUITES)
