"""`make bench`: the long benchmark sweep, least-squares lines, and the performance page.

Every (primitive, variant, mode, operation) is measured at the sizes of seed 002's Table 3 plus
64 and 8192 bytes; cycles = A * bytes + B is fitted by least squares (with R^2), cipher encrypt
and decrypt are also summed as seed 002 reports them, and the page puts our figures beside the
seeds' converted to cycles.
"""

from collections import defaultdict

from . import seeds

BENCH_SIZES = tuple(sorted(seeds.SEED002_SIZES + (64, 8192)))
LONG = 8192       # "long message" cycles/byte are read at this size and at the largest


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
        if "cycles" in r and r.get("bytes") and r["suite"] not in ("mp", "pk"):
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
        both = {n: {"cycles": pts[n]["cycles"] + dec[n]["cycles"], "bytes": n}
                for n in pts if n in dec}
        out[key[:-1] + ("enc+dec",)] = both
    return out


def fmt_int(x):
    return "-" if x is None else f"{x:,.0f}"


def render_page(records, meta, command):
    ser = series(records)
    ser_all = dict(ser)
    ser_all.update(totals(ser))
    soc = meta["soc"]
    lines = [
        "# vexcrypt performance",
        "",
        f"Measured in **{meta['where']}** on VexRiscv `{soc['cpu_variant']}` "
        f"({'+'.join(n for n in ('clmul', 'mont') if soc.get(n)) or 'no accelerators'}, "
        f"{soc['main_ram_bytes'] // 1024} KiB main RAM, 4 KiB I/D caches on `full`), commit `{meta['commit']}`, "
        f"{meta['date']}. Cycles from the SoC's own 64-bit counter, median of {meta.get('runs', '?')} runs, "
        f"counter overhead subtracted; outputs checked against host references.",
        "",
        f"Reproduce with: `{command}`",
        "",
    ]
    if any(r.get("suite") in ("hash", "block", "stream") for r in records):
        lines += _symmetric(records, ser_all, meta)
    from . import bench_ec, bench_pk
    lines += bench_pk.render(records)
    lines += bench_ec.render(records)
    return "\n".join(lines) + "\n"


def _symmetric(records, ser_all, meta):
    """The symmetric primitives' sections: cycles per byte, key setup, the seeds."""
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
        f = fit([(n, r["cycles"]) for n, r in sorted(pts.items())])
        if not f:
            continue
        big = max(pts)
        at8k = pts.get(LONG)
        inst = pts[big].get("instret")
        lines.append(f"| {label(key)} | {f[0]:.1f} | {fmt_int(f[1])} | {f[2]:.4f} | "
                     f"{at8k['cycles'] / LONG:.1f} | " if at8k else f"| {label(key)} | {f[0]:.1f} | {fmt_int(f[1])} | {f[2]:.4f} | - | ")
        lines[-1] += f"{pts[big]['cycles'] / big:.1f} | " + (f"{inst / big:.1f} |" if inst else "- |")
    setup = [r for r in records if r.get("op") == "setkey"]
    if setup:
        lines += ["", "## Key setup", "", "| primitive | cycles |", "|---|---:|"]
        for r in setup:
            lines.append(f"| {label(series_key(r))} | {r['cycles']:,} |")
    lines += ["", "## Beside the seeds (converted to cycles with the clock each paper gives)", "",
              "Seed 002 measured Java ME on phones (A1200 320 MHz, N95 332 MHz, Nokia 7373 72.2 MHz, "
              "Motorola V3 66.1 MHz, V220 16.2 MHz); its ciphers are encrypt+decrypt. Cycles/byte = A(ms/B) × MHz × 1000.", "",
              "| primitive | vexcrypt cycles/B | " + " | ".join(f"{p} cycles/B" for p in seeds.SEED002_CLOCK_MHZ) + " |",
              "|---|---:|" + "---:|" * len(seeds.SEED002_CLOCK_MHZ)]
    ours = {}
    for key, pts in ser_all.items():
        f = fit([(n, r["cycles"]) for n, r in sorted(pts.items())])
        if f:
            ours[label(key)] = f[0]
    for prim, ours_key in (("rc4", "rc4 crypt"), ("rc5", "rc5-32/12/16 cbc enc+dec"), ("aes", "aes-128 tab cbc enc+dec"),
                           ("md5", "md5 hash"), ("sha1", "sha1 hash"), ("sha256", "sha256 hash")):
        s = seeds.seed002_cycles(prim)
        lines.append(f"| {prim} (vexcrypt: {ours_key}) | " + (f"{ours[ours_key]:.1f}" if ours_key in ours else "-") + " | "
                     + " | ".join(f"{s[p][0]:,.0f}" for p in seeds.SEED002_CLOCK_MHZ) + " |")
    des = next((r for r in records if r.get("prim") == "des" and r.get("op") == "enc" and r.get("mode") == "ecb"
                and r.get("bytes") == LONG), None)
    sha1 = next((r for r in records if r.get("prim") == "sha1" and r.get("bytes") == 64), None)
    lines += ["", "Seed 003 (iPAQ H3630, StrongARM 206 MHz, OpenSSL): DES encrypt+decrypt of one block "
              f"{seeds.ms_to_cycles(seeds.SEED003_TABLE1['des_block_enc_plus_dec'], seeds.SEED003_CLOCK_MHZ):,.0f} cycles "
              f"(vexcrypt, 8-byte block from the 8 KiB ECB run: "
              + (f"{2 * des['cycles'] / (LONG / 8):,.0f}" if des else "-") + " cycles enc+dec); "
              f"SHA-1 of a short message {seeds.ms_to_cycles(seeds.SEED003_TABLE1['sha1_hash'], seeds.SEED003_CLOCK_MHZ):,.0f} cycles "
              "(vexcrypt, 64 bytes: " + (f"{sha1['cycles']:,}" if sha1 else "-") + " cycles).", "",
              "Anchors (Cortex-M4): " + "; ".join(f"{k} {v[1]:.0f} cycles/B ({v[0]})" for k, v in seeds.ANCHORS_CPB.items())
              + ". vexcrypt (slope A): " + "; ".join(
                  f"{k} {ours[k2]:.1f}" if k2 in ours else f"{k} -"
                  for k, k2 in (("sha256", "sha256 hash"), ("aes-128", "aes-128 tab ecb enc")))
              + " cycles/B.", ""]
    return lines
