"""What the firmware's records refer to, for every part of the host that reads them: the
deterministic benchmark data (fw/app/util.c), the labels of configurations and design-space
points. A leaf module: it imports nothing of vexrun but the seeds' sizes."""

from hw.config import SocConfig

from vexrun.suites import seeds

# make bench's message sizes: seed 002's Table 3 files plus 64 and 8192 bytes.
BENCH_SIZES = tuple(sorted(seeds.SEED002_SIZES + (64, 8192)))


def _pattern(n, mul, add):
    return bytes((i * mul + add) & 0xFF for i in range(n))


# The firmware's benchmark data, keys and IVs (fw/app/util.c bench_fill, bench_key, bench_iv).
def bench_pattern(n):
    return _pattern(n, 167, 13)


def bench_key(n):
    return _pattern(n, 29, 101)


def bench_iv(n):
    return _pattern(n, 53, 7)


# The pk operations whose exponents are public: they take the variable-time exponentiation
# (vc_mp_modexp_var: RSA's powmod, DSA's u1 and u2) whichever exponentiation the record's set
# names for secrets.
PUBLIC_OPS = {("rsa", "verify"), ("rsa", "public"), ("rsa", "encrypt"), ("dsa", "verify")}


def mp_point(rec):
    """"ALGO2 r=2^32 sqr window5 crt=mrc": a public-key record's design-space point, by what ran
    ("" if the record has none)."""
    if "algo" not in rec:
        return ""
    parts = ["UNIT" if rec["algo"] == 6 else f"ALGO{rec['algo']}"]     # 6: the Montgomery unit (mp.h)
    if rec["algo"] in (2, 3):
        parts.append(f"r=2^{rec['radix']}")
    if rec.get("sqr") and rec["algo"] in (2, 3, 4):
        parts.append("sqr")
    if rec.get("suite") == "pk" and rec.get("var") is False and (rec.get("prim"), rec.get("op")) not in PUBLIC_OPS:
        parts.append("ct fixed window")                           # secrets in constant time (mp.h)
    else:
        parts.append(rec["exp"] + (str(rec["window"]) if rec["exp"] == "window" else ""))
    if rec.get("crt"):
        parts.append(f"crt={rec['crt']}")
    return " ".join(parts)


def config_label(soc):
    """"VexRiscv full, no accel, 1024 KiB RAM": a result's SoC (its soc.json) in words; main RAM
    in SDRAM (a board, or the simulation of one) is named with its module and the L2 cache,
    "32 MiB SDRAM (MT48LC16M16) behind an 8 KiB L2"."""
    acc = SocConfig.from_soc_info(soc).label()
    mem = soc.get("memory") or {}
    if mem.get("kind") == "sdram":
        ram = (f"{soc['main_ram_bytes'] // 2**20} MiB SDRAM ({mem.get('module', '?')}) behind "
               f"{'an' if str(mem.get('l2_bytes', 0) // 1024).startswith('8') else 'a'} {mem.get('l2_bytes', 0) // 1024} KiB L2")
    else:
        ram = f"{soc['main_ram_bytes'] // 1024} KiB RAM"
    return f"VexRiscv {soc['cpu_variant']}, {acc}, {ram}"


def measure_label(recs):
    """How a table's figures were measured, from its records: "one call" (the median of runs of
    one call; the first runs start with cold caches) or, for records with "reps", "per call in a
    loop of N back-to-back calls" (warm: the loop's code and data stay in the caches)."""
    reps = sorted({r["reps"] for r in recs if r.get("reps")})
    runs = sorted({r.get("runs", 1) for r in recs})
    how = f"the median of {'/'.join(map(str, runs))} runs" if runs != [1] else "one run"
    if not reps:
        return f"one call, {how}"
    return (f"per call in a loop of {'/'.join(map(str, reps))} back-to-back calls (warm), {how}; "
            "one call alone costs more: `vexrun oracle` with \"repeat\" gives both (docs/oracle.md)")
