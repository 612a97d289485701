"""docs/seeds.md: every table and figure of the five seeds (../shared/seeds/) that reports a
measurement, one row each: the seed's figure, ours from the committed data with the configuration
it was measured on, and the section that reproduces it or why none does (yet).

A row's `ours` reads one data file (docs/<file>.json) through a function of its records; `where`
is a section of a page (checked to exist by tests/tools/test_pages.py), a note on what the section
lacks, or only a reason."""

import re
from dataclasses import dataclass

from vexrun.explore import files as explore_files
from vexrun.explore import study as explore_study
from vexrun.suites import ec, factorial, proto, seeds, symmetric
from vexrun.suites.base import constant_time

SEED004_T3 = " / ".join(f"{k:,.0f}" for k in seeds.SEED004_TABLE3_KCYCLES.values()) + " Kcycles"


@dataclass(frozen=True)
class Ours:
    file: str            # docs/<file>: the run it reads
    fn: object           # records -> text, or None when the run lacks them
    meta: bool = False   # fn takes (records, the run's metadata)

    def text(self, records, meta):
        return self.fn(records, meta) if self.meta else self.fn(records)


@dataclass(frozen=True)
class Item:
    seed: str
    item: str
    what: str
    theirs: str
    ours: Ours | None = None
    page: str = ""        # a page under docs/ and one of its headings: the reproduction
    heading: str = ""
    note: str = ""        # what the section lacks, or why there is none


def slug(heading):
    """GitHub's anchor of a Markdown heading."""
    return re.sub(r"\s", "-", re.sub(r"[^\w\- ]", "", heading.strip().lower()))


# ---- reading the runs ----

def _rec(records, **kw):
    """The first constant-time record (the pk suite's variable-time twins left out) matching kw."""
    return next((r for r in constant_time(records) if all(r.get(k) == v for k, v in kw.items())), None)


def _cyc(records, **kw):
    r = _rec(records, **kw)
    return f"{r['cycles']:,}" if r else None


def _slopes(*keys):
    """Our slopes of these series, each named by its primitive."""
    def fn(records):
        s = symmetric.slopes(records)
        return ", ".join(f"{k.split()[0]} {s[k]:.1f}" for k in keys) + " cycles/B" if all(k in s for k in keys) else None
    return fn


def _r2(*prims):
    """R² of our lines of seed 002's series (vexrun/suites/symmetric.py SEED002_OURS)."""
    def fn(records):
        ln = symmetric.fits(records)
        keys = [symmetric.SEED002_OURS[p][0] for p in prims]
        return "R² " + ", ".join(f"{symmetric.SEED002_NAMES[p]} {ln[k][2]:.4f}" for p, k in zip(prims, keys)) \
            if all(k in ln for k in keys) else None
    return fn


def _mp_best(prim, op, bits):
    def fn(records):
        rs = [r for r in records if r.get("suite") == "mp" and r.get("prim") == prim and r.get("op") == op
              and r.get("bits") == bits]
        return f"{min(r['cycles'] for r in rs):,} cycles" if rs else None
    return fn


def _ec_speedups(records):
    """Seed 001's own set (like for like) and the project's over basic, every binary curve."""
    parts = []
    for st in ("affine-table", "optimized"):
        r = ec.speedups(records, st).values()
        if r:
            parts.append(f"{st} {min(r):.1f}-{max(r):.1f}x")
    return "; ".join(parts) + " (cycles, B/K-163/233)" if parts else None


def _ec_growth(records):
    gs = [ec.growth(ec.protocol(records, p, f"{fam}-163", st), ec.protocol(records, p, f"{fam}-233", st))
          for fam in "BK" for p in ec.PROTOCOLS for st in ec.SETS]
    parts = [f"{min(r):.2f}-{max(r):.2f}x ({what})" for k, what in (("insn", "instructions"), ("cycles", "cycles"))
             if (r := [g[k] for g in gs if k in g])]
    return ", ".join(parts) or None


def _shares(*experiments):
    """The three largest shares of the variation in each of our designs."""
    def fn(records):
        parts = []
        for e in experiments:
            ys = factorial.design(records, e)
            if not ys:
                return None
            al = sorted(factorial.allocation(ys).items(), key=lambda kv: -kv[1])
            parts.append((f"{e}: " if len(experiments) > 1 else "") + ", ".join(f"{t} {v:.0f} %" for t, v in al[:3]))
        return "; ".join(parts) + " (A variant, B memory, C size)"
    return fn


def _pairwise(records):
    pw = factorial.pairwise(records)
    if not pw:
        return None
    (x, y), (wins, n, ratio) = max(pw.items(), key=lambda kv: kv[1][2])
    return f"{'-'.join(y)} takes {ratio:.1f}x the cycles of {'-'.join(x)} (geometric mean of {n} cases)"


def _agreement_slopes(records):
    r = ec.agreement_fits(records)
    return "; ".join(f"{k} A {a:,.0f} cycles/bit, R² {r2:.2f}" for k, (a, _, r2) in r.items()) or None


def _ec_arith(records):
    parts = [f"{st} {min(r):.1f}-{max(r):.1f}x" for st in ec.SETS[1:] if (r := ec.arithmetic_ratios(records, st))]
    return "basic's field-operation cycles over " + "; ".join(parts) if parts else None


def _ec_mix(records):
    r = [m["memory"] / m["compute"] for p in ec.PROTOCOLS for st in ec.SETS if (m := ec.mix(records, p, "B-163", st))]
    return f"memory/compute {min(r):.2f}-{max(r):.2f} (B-163, every protocol and set)" if r else None


def _ec_memory(records, meta):
    mem = ec.set_memory(meta)
    if "basic" not in mem:
        return None
    base = sum(mem["basic"].values())
    return ", ".join(f"{st} {sum(mem[st].values()) - base:+,} B" for st in ("affine-table", "optimized") if st in mem) + \
        " over basic (field code and tables)"


def _sha1_vs_md5(records):
    s = symmetric.slopes(records)
    return (f"SHA-1 at {100 * s['md5 hash'] / s['sha1 hash']:.0f} % of MD5's speed"
            if "md5 hash" in s and "sha1 hash" in s else None)


def _des_sha(records):
    des = [_rec(records, prim="des", op=op, mode="ecb", bytes=symmetric.LONG) for op in ("enc", "dec")]
    sha = _cyc(records, prim="sha1", bytes=64)
    if not all(des) or not sha:
        return None
    return f"DES enc + dec {sum(r['cycles'] for r in des) / (symmetric.LONG / 8):,.0f} cycles a block; SHA-1 {sha} at 64 B"


def _rsa(records):
    parts = [f"RSA-{b} {op} {c}" for b in (1024, 2048) for op in ("sign", "verify")
             if (c := _cyc(records, suite="pk", prim="rsa", op=op, bits=b, algo=2, sqr=True, radix=32,
                           **({"crt": "mrc"} if op == "sign" else {})))]
    return "; ".join(parts) + " cycles (sign constant time)" if parts else None


def _ec_vs_ff(records):
    e = ec.protocol(records, "ecdh", "B-163", "optimized")
    dh = sum(r["cycles"] for r in constant_time(records) if r.get("prim") == "dh" and r.get("bits") == 1024)
    return f"EC-DH B-163 {dh / e['cycles']:.1f}x faster than DH-1024 (constant time)" if e and dh else None


def _explore_stage(records, stage):
    """A stage's measured speedup of the estimate's choice over the conventional configuration."""
    v = explore_study.summary({"records": records})["stages"].get(stage)
    return f"stage {stage}: {v['speedup']:.1f}x" if v else "-"


def _files(records):
    """The largest file's public + private cycles and the line over the sizes, per build."""
    parts = []
    for build, tot in explore_files.totals(records).items():
        if len(tot) > 1:
            a, b, r2 = explore_files.line(tot)
            n = max(tot)
            parts.append(f"{build}: {n:,} B {tot[n]:,} cycles, {a:,.0f} cycles/B + {b:,.0f} (R² {r2:.4f})")
    return "; ".join(parts) or None


def _explore_totals(records):
    t = explore_study.totals({"records": records})
    return " / ".join(f"{t[k] / 1e3:,.0f}" for k in ("conventional", "fixed", "adaptive")) + " Kcycles" if t else None


PERF, EC, FACT, PROTO = "performance.json", "performance-ec.json", "factorial.json", proto.PAGE.replace(".md", ".json")
BESIDE = "Beside the seeds (converted to cycles with the clock each paper gives)"
LAYOUT = "Cycles per byte and the least-squares line (layout of seed 002, Table 4)"
PALM = "Seed 000, Tables 9-13 (Palm MPLib) in cycles"
PK_PLOT = "The public-key design space (seed 004, Fig. 1)"
EXPLORE, EXPLORE_STAGES = "explore.json", "The optimum per stage (seed 004, Table 2)"
FILES, FILES_HEAD = explore_files.FILE, "Seed 002's RSA against file size (Figs 2-3)"
FILES_NOTE = "the seed's values are not in its extract: ours alone, public + private over its Table 3 sizes"

ITEMS = [
    # Seed 000: Palm OS, MPLib; the extract keeps sections 6-8 only (Tables 1-7 lost).
    Item("000", "Table 8", "hashing speed of MD2, MD4, MD5, SHA-1", "lost in the extract",
         Ours(PERF, _slopes("md2 hash", "md4 hash", "md5 hash", "sha1 hash")), "performance.md", LAYOUT,
         "the seed's figures are lost in its text extract: nothing to put beside ours"),
    Item("000", "Fig 3", "relative speed of MD2, MD4, MD5, SHA-1", "bars lost (axis ticks only)",
         Ours(PERF, _slopes("md2 hash", "md4 hash", "md5 hash", "sha1 hash")), "performance.md", LAYOUT,
         "the seed's bars are lost in its text extract"),
    Item("000", "§6", "SHA-1's speed against MD5's", "SHA-1 about 47 % of MD5's speed",
         Ours(PERF, _sha1_vs_md5), "performance.md", LAYOUT, "the ratio is computed here from the two slopes"),
    Item("000", "§6", "hash code inlined instead of a system library", "1 % to 4 % faster",
         note="not applicable: bare-metal firmware has no system library or trap calls"),
    Item("000", "Table 9", "512-bit modular reduction", "Palm V 3.13 ms, Palm IIIc 1.88 ms",
         Ours(PERF, _mp_best("mod_reduce", "1024 mod 512", 512)), "performance.md", PALM),
    Item("000", "Table 10", "512-bit modular addition", "Palm V 3.28 ms, Palm IIIc 2.21 ms",
         Ours(PERF, _mp_best("mod_add", "add", 512)), "performance.md", PALM),
    Item("000", "Table 11", "modular multiplication, 512 and 1024 bits", "107 ms, 410 ms",
         Ours(PERF, _mp_best("mod_mul", "mul+div", 1024)), "performance.md", PALM, "ours: the 1024-bit one"),
    Item("000", "Table 12", "512-bit modular inverse", "Palm V 1,381 ms, Palm IIIc 998 ms",
         Ours(PERF, _mp_best("mod_inv", "binary", 512)), "performance.md", PALM),
    Item("000", "Table 13", "512-bit exponentiation: full exponent, e = 3, e = 65537",
         "96.91 s (printed also as 310,112 ms), 710 ms, 2,627 ms",
         Ours(PERF, _mp_best("modexp", "e=full", 512)), "performance.md", PALM, "ours: the full exponent"),
    Item("000", "Fig 4", "Tables 11-13 as a plot", "caption only in the extract",
         page="performance.md", heading=PALM, note="its data are Tables 11-13's rows"),
    Item("000", "§8", "SSC2 against ARC4", "SSC2 10 % faster, less state memory",
         note="cannot be reproduced: SSC2's specification is not obtainable here"),
    Item("000", "§8", "SEAL 3.0 on large data, its key set-up and tables", "efficient on large data; tables over 3 KB",
         Ours(PERF, lambda r: (o := symmetric.seal_rc4(r)) and o["ahead"] is not None and
              f"SEAL ahead of RC4 from {o['ahead']:,.0f} B (set-up {o['seal'][1]:,} cycles)"),
         "performance.md", "Key setup", "the tables' memory is not measured"),
    Item("000", "§8", "block ciphers against stream ciphers", "block ciphers much slower",
         Ours(PERF, _slopes("rc4 crypt", "seal crypt", "aes-128 tab ecb enc", "des ecb enc")), "performance.md",
         LAYOUT, "the statement is not printed beside the slopes"),
    # Seed 001: ECC on a 64-bit RISC simulator, basic against optimized algorithm sets.
    Item("001", "Speedup From Optimized Algorithms", "optimized set over basic, per protocol and key size",
         "163 bits: DH 14.5, ElGamal 16.9, DSA 15.3; 233 bits: 12.9-17.9",
         Ours(EC, _ec_speedups), "performance-ec.md", "Seed 001: the sets against basic, cycles",
         "like for like in affine-table (the seed's set: affine, table look-ups, almost-inverse); the "
         "section says why it gains less here"),
    Item("001", "Instruction Distribution", "compute / memory / other instructions per protocol and set",
         "memory instructions as frequent as compute (percentages lost)", Ours(EC, _ec_mix), "performance-ec.md",
         "Seed 001: instruction distribution", "other is control here (branches, jumps, CSRs)"),
    Item("001", "Pathlength Increase: From 163-bit to 233-bit keys", "path length at 233 bits over 163 bits",
         "2.2-2.8x", Ours(EC, _ec_growth), "performance-ec.md", "Seed 001: growth from 163 to 233 bits"),
    Item("001", "Observations", "where the speedup comes from", "up to 30x fewer arithmetic operations",
         Ours(EC, _ec_arith), "performance-ec.md", "Cost split by field operation",
         "in cycles of the field operations, not their count"),
    Item("001", "Observations", "extra memory of the optimized set", "< 1 kB",
         Ours(EC, _ec_memory, meta=True), "performance-ec.md", "Seed 001: the sets' memory"),
    Item("001", "Observations", "a separate multiplier", "not needed (no figure)",
         page="performance-clmul.md", heading="Speedup: the unit against the software, one binary", note=
         "the project measures the opposite choice: a carry-less multiply unit"),
    # Seed 002: Java ME on five phones.
    Item("002", "§1", "AES on the Motorola V3", "out of memory above 50 KB",
         note="not applicable: a memory limit of that phone's Java heap"),
    Item("002", "§4.1", "RC4 against RC5 and AES (enc + dec)", "RC4 better (90 %); 65.7 % gain over RC5",
         Ours(PERF, lambda r: (o := symmetric.seed002_orders(r)) and f"{o['ciphers']}; RC4 saves {o['rc4_saves']:.1f} %"),
         "performance.md", BESIDE, "ranked on slopes: the seed's paired tests have no analogue on one core"),
    Item("002", "§4.1", "MD5, SHA-1, SHA-256", "SHA-1 11 % better than MD5 (40 %); SHA-256 worst (90 %)",
         Ours(PERF, lambda r: (o := symmetric.seed002_orders(r)) and f"{o['hashes']}; SHA-1 {o['sha1_more']:.0f} % slower"),
         "performance.md", BESIDE, "the reverse of the seed's MD5/SHA-1 order"),
    Item("002", "§4.1", "DH against ECDH, DSA against ECDSA", "DH better (90 %); DSA 10 % better (40 %)",
         Ours(EC, _ec_vs_ff), "performance-ec.md", "Seed 002: elliptic curves against DH and DSA"),
    Item("002", "Fig 2", "RSA time against file size (A1200, N95, 7373)", "no numbers in the extract",
         Ours(FILES, _files), "explore.md", FILES_HEAD, FILES_NOTE),
    Item("002", "Fig 3", "RSA time against file size (V3, V220)", "no numbers in the extract",
         Ours(FILES, _files), "explore.md", FILES_HEAD, FILES_NOTE),
    Item("002", "Fig 4", "ciphers' time against size on the N95, linear fit", "R² AES 0.90, RC4 0.99, RC5 0.94",
         Ours(PERF, _r2("aes", "rc4", "rc5")), "plots.md", "Cycles against message size, beside seed 002's phones",
         "our lines beside the phones'; R² of all in performance.md's Table 4 layout"),
    Item("002", "Fig 5", "hashes' time against size on the N95, linear fit", "R² MD5 0.99, SHA-1 0.91, SHA-256 0.98",
         Ours(PERF, _r2("md5", "sha1", "sha256")), "plots.md", "Cycles against message size, beside seed 002's phones",
         "our lines beside the phones'; R² of all in performance.md's Table 4 layout"),
    Item("002", "Table 4", "time = A bytes + B and R², six algorithms, five phones",
         "e.g. RC4 A1200 0.002 ms/B, 129.2 ms, 0.83", Ours(PERF, _slopes("rc5-32/12/16 cbc enc+dec", "aes-128 tab cbc enc+dec")),
         "performance.md", BESIDE, "A, then B and R², beside each phone"),
    Item("002", "Table 4", "DH and ECDH against key size", "A not significant; B per phone",
         Ours(EC, _agreement_slopes), "performance-ec.md", "Seed 002: elliptic curves against DH and DSA"),
    Item("002", "§4.4", "phones compared pairwise, clock as a predictor", "A1200 best; 7373 faster than V3, V220",
         Ours(FACT, _pairwise), "factorial.md", "Pair by pair (seed 002 §4.4)",
         "this platform's corners at one clock: CPU variant x memory"),
    Item("002", "Table 5", "RC4, 2^3 factorial (maker, clock class, size)", "23 B / 50 KB: N95 0.25 / 0.4 s ...; "
         "A 13 %, B 14 %, C 13 %, ...", Ours(FACT, _shares("RC4")), "factorial.md", factorial.heading("RC4"),
         "factors here: CPU variant, memory, size; RC4 encrypt + decrypt"),
    Item("002", "Table 6", "DH key pair + shared, 512 and 1024 bits", "N95 1.4 / 3.09 s ...; A 13 %, B 14 %, ...",
         Ours(FACT, _shares("DH", "DH, 256-bit exponents")), "factorial.md", factorial.heading("DH"),
         "the seed's \"512 bits on 256-bit information\" both ways: full-length and 256-bit exponents (the next "
         "section)"),
    Item("002", "Table 7", "SHA-1, 2^3 factorial", "23 B / 50 KB: N95 0.2 / 0.3 s ...; A 13 %, B 14 %, C 14 %, ...",
         Ours(FACT, _shares("SHA-1")), "factorial.md", factorial.heading("SHA-1"), "factors here: CPU variant, memory, size"),
    Item("002", "Table 8", "DSA, 23 B and 50 KB, 2^3 factorial", "N95 8.2 / 7.9 s ...; A 32 %, B 35 %, AB 32 %",
         Ours(FACT, _shares("DSA")), "factorial.md", factorial.heading("DSA"), "factors here: CPU variant, memory, size"),
    # Seed 003: an iPAQ H3630 (StrongARM 206 MHz), OpenSSL.
    Item("003", "Fig 1", "SSL handshake (mutual authentication) and a 1 MB transfer", "handshake 1,145 / 2,063 ms",
         Ours(PROTO, proto.ssl_summary), proto.PAGE, proto.BESIDE,
         "both peers in one SoC; the 1 MB transfer's records beside it, without a network"),
    Item("003", "§3", "battery life with and without SSL", "4,906 transfers against about 80,000",
         note="not applicable: the simulation measures no energy"),
    Item("003", "Fig 2", "S/MIME sign and verify, 2,092 B", "110 / 42 ms (1,024-bit)",
         Ours(PROTO, proto.smime_summary(("sign",), ("verify",))), proto.PAGE, proto.SMIME),
    Item("003", "Fig 3", "S/MIME sign + 3DES, decrypt + verify", "711 / 151 ms (1,024-bit)",
         Ours(PROTO, proto.smime_summary(("sign", "encrypt"), ("decrypt", "verify"))), proto.PAGE, proto.SMIME,
         "the signed message enveloped without its MIME wrapping"),
    Item("003", "Table 1", "DES enc + dec and SHA-1, 100,000 each", "7,354 ms and 19,111 ms",
         Ours(PERF, _des_sha), "performance.md", BESIDE),
    Item("003", "Table 1", "RSA sign and verify, 10,000 each", "1,024-bit 782,593 / 50,125 ms",
         Ours(PERF, _rsa), "performance.md", "Seed 003, Table 1 (iPAQ H3630, 206 MHz, OpenSSL) and the marks"),
    Item("003", "§5", "IKE main and quick mode, from Table 1", "about 167 ms / 0.68 ms (1,024-bit)",
         Ours(PROTO, proto.ike_summary), proto.PAGE, proto.IKE, "run here, with its DH work, where the seed computed "
         "the RSA and hashing part"),
    Item("003", "§6", "earlier handhelds (cited)", "KSSL on a Palm: handshake 10-13 s",
         note="other papers' figures, cited by the seed"),
    # Seed 004: Xtensa at 214 MHz, its SSL stages and macro-models.
    Item("004", "Fig 1(a)", "exponentiation cost per modular-multiplication algorithm", "values lost; ALGO 5 costliest",
         page="plots.md", heading=PK_PLOT, note="ours only: the seed's values are not in its extract"),
    Item("004", "Fig 1(b)", "ALGO 3's cost against the radix", "minimum at radix 256",
         page="performance.md", heading="Radix sweep (seed 004, Fig. 1(b)): 1024-bit Montgomery squaring",
         note="the section sweeps ALGO2's 1024-bit squaring over the radix, not ALGO3's encryption + decryption"),
    Item("004", "§III", "a wireless transaction's encryption, block size and cache", "64,301 to 15,715 Kcycles",
         Ours(EXPLORE, lambda r: _explore_stage(r, "txn")), "explore.md", EXPLORE_STAGES),
    Item("004", "Fig 3", "a library routine's cost profile and its fit", "mean absolute error 0.013-0.128",
         page="explore.md", heading="Estimating: seed 004's method", note="every routine's fit in a table, one in "
         "plots.md"),
    Item("004", "Table 1", "the SSL client's three public-key stages", "1,024-bit data / 16-bit key, 288 / 1,024, "
         "384 / 16", Ours(PROTO, proto.stages_summary), proto.PAGE, proto.BESIDE,
         "stage 3 (RSA key transport) has no analogue: the suites here agree keys by DHE"),
    Item("004", "Table 2", "optimal parameters per SSL stage", "speedups 74.6 / 82.9 / 66.4 %",
         Ours(EXPLORE, lambda r: " / ".join(_explore_stage(r, s) for s in "123")), "explore.md", EXPLORE_STAGES),
    Item("004", "Table 3", "the handshake's public-key cost: conventional, fixed, adaptive",
         SEED004_T3, Ours(PROTO, proto.client_pk_summary), proto.PAGE, proto.BESIDE,
         "the real handshake's; the block-wise stages' below"),
    Item("004", "Table 3", "the same with block-wise stages", SEED004_T3,
         Ours(EXPLORE, _explore_totals), "explore.md", "The handshake's cost (seed 004, Table 3)"),
    Item("004", "Fig 5(a)", "macro-model estimate against simulation", "11.8 % mean absolute error",
         Ours(EXPLORE, lambda r: f"{100 * explore_study.summary({'records': r})['mae']:.2f} % mean absolute error"),
         "explore.md", "Every simulated point (seed 004, Fig. 5)"),
    Item("004", "Fig 5(b)", "macro-model speed against simulation", "1,407x faster",
         Ours(EXPLORE, lambda r: f"{explore_study.summary({'records': r})['speed_ratio_median']:,.0f}x faster (median)"),
         "explore.md", "The exploration"),
    Item("004", "§I", "pilotSSL on a Palm IIIx (cited)", "RSA-512 sign 7.0 s", note="another paper's figures"),
]


def _config(meta):
    return f"`{meta['config']}`, {meta['where']}, `{meta['commit'][:7]}`"


def render(data):
    lines = ["| seed | item | what it measures | the seed's figure | ours | configuration | where |",
             "|---|---|---|---|---|---|---|"]
    for it in ITEMS:
        ours, config = "-", ""
        if it.ours:
            records, meta = data.run(it.ours.file)
            text = it.ours.text(records, meta) if meta else None
            ours, config = text or "-", _config(meta) if meta and text else ""
        where = f"[{it.page} § {it.heading}]({it.page}#{slug(it.heading)})" if it.page else ""
        where = "; ".join(w for w in (where, it.note) if w)
        lines.append(f"| {it.seed} | {it.item} | {it.what} | {it.theirs} | {ours} | {config} | {where} |")
    counts = {s: sum(it.seed == s for it in ITEMS) for s in sorted({it.seed for it in ITEMS})}
    lines += ["", "Rows: " + ", ".join(f"seed {s} {n}" for s, n in counts.items()) + f"; {len(ITEMS)} in all, "
              + f"{sum(bool(it.page) for it in ITEMS)} with a section of ours beside (the note says what it lacks)."]
    return "\n".join(lines)


BLOCKS = {"seeds": render}
