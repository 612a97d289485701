"""Suite "factorial" (fw/app/bench_factorial.c) and seed 002's 2^3 factorial designs on this
platform (`vexrun factorial`, docs/factorial.md). Seed 002 §4.5 measures RC4, SHA-1, DH and DSA
on four phones chosen as the corners of two factors, maker (A) and processor clock (B), at two
levels of a third, the input size (C), and allocates the variation of the times to each factor
and interaction (Tables 5-8); §4.4 compares the phones pair by pair. Here the two platform
factors are the CPU variant and the memory, each configuration a simulation of its own, and the
size factor is the seed's. The suite's records keep the names of the suites they come from
(stream, hash, pk) and their host checks."""

import math

from vexrun.suites import seeds
from vexrun.suites.base import Suite, constant_time, cycles, find

# The platform's factors, level -1 then +1, and the seed's factor C per experiment.
VARIANTS = ("full", "lite")          # A: the CPU variant (full: 4 KiB caches, bypassing; lite)
MEMORIES = ("sram", "sdram")         # B: main RAM (single-cycle, or the ULX3S's SDRAM behind its L2)
SIZES = (23, 51200)                  # C: seed 002's 23 bytes and 50 KB
DH_BITS = (512, 1024)                # C for DH: the key size
TERMS = {"A": (0,), "B": (1,), "C": (2,), "AB": (0, 1), "AC": (0, 2), "BC": (1, 2), "ABC": (0, 1, 2)}


def config_name(variant, memory):
    """The simulation build of a corner (vexrun/soc/memory.py's naming)."""
    from vexrun.soc.memory import sim_build_name
    return sim_build_name(variant, memory, False, False)


def _sum(records, config, suite, ops, **kw):
    rs = [find(constant_time(records), suite, config=config, op=op, **kw) for op in ops]
    return sum(r[0]["cycles"] for r in rs) if all(rs) else None


def _rc4(records, config, c):
    """Encryption + decryption, as seed 002 times a cipher: each keys the cipher and runs its
    keystream over the message."""
    s = _sum(records, config, "stream", ("setkey",), prim="rc4")
    x = _sum(records, config, "stream", ("crypt",), prim="rc4", bytes=SIZES[c])
    return None if s is None or x is None else 2 * (s + x)


def _dh(xbits):
    """Key pair + shared secret; seed 002's "a security of 512 bits on 256-bit information" read
    both ways: full-length exponents (xbits None) and 256-bit ones."""
    return lambda rs, cfg, c: _sum(rs, cfg, "pk", ("keypair", "shared"), prim="dh", bits=DH_BITS[c], xbits=xbits)


# name: (the seed's table, what is timed, the two levels of C, corner -> cycles, the seed's row).
EXPERIMENTS = {
    "RC4": ("Table 5", "encryption + decryption", "23 B / 50 KB", _rc4, "RC4"),
    "DH": ("Table 6", "key pair + shared secret, full-length exponents", "512 / 1024 bits", _dh(None), "DH"),
    "DH, 256-bit exponents": ("Table 6", "key pair + shared secret, 256-bit exponents", "512 / 1024 bits",
                              _dh(256), "DH"),
    "SHA-1": ("Table 7", "hash", "23 B / 50 KB", lambda rs, cfg, c: _sum(rs, cfg, "hash", ("hash",), prim="sha1",
                                                                           bytes=SIZES[c]), "SHA-1"),
    "DSA": ("Table 8", "DSA-1024 sign + verify", "23 B / 50 KB",
            lambda rs, cfg, c: _sum(rs, cfg, "pk", ("sign", "verify"), prim="dsa", bits=1024, bytes=SIZES[c]), "DSA"),
}


def heading(experiment):
    """An experiment's section heading on docs/factorial.md."""
    table, what = EXPERIMENTS[experiment][:2]
    return f"{experiment.split(',')[0]}: {what} (seed 002, {table})"


def design(records, experiment):
    """{(a, b, c): cycles} over the 8 corners (levels -1, +1), or None when one is missing."""
    fn = EXPERIMENTS[experiment][3]
    out = {}
    for a, variant in zip((-1, 1), VARIANTS):
        for b, memory in zip((-1, 1), MEMORIES):
            for c in (-1, 1):
                y = fn(records, config_name(variant, memory), (c + 1) // 2)
                if y is None:
                    return None
                out[(a, b, c)] = y
    return out


def allocation(ys):
    """Seed 002 §4.5's analysis (Jain's 2^k design, no replicates): the effects q of the sign
    table and each term's share of the variation, 100 * 8 q^2 / SST, in %. {term: %}."""
    q = {n: sum(y * math.prod(k[i] for i in idx) for k, y in ys.items()) / 8 for n, idx in TERMS.items()}
    sst = sum(8 * v * v for v in q.values())
    return {n: 100 * 8 * v * v / sst if sst else 0.0 for n, v in q.items()}


def pairwise(records):
    """§4.4's comparison of platforms pair by pair over every experiment and size: {(X, Y):
    (cases X is faster, cases, geometric mean of Y's cycles over X's)}."""
    corners = [(v, m) for v in VARIANTS for m in MEMORIES]
    cases = [(e, c) for e in EXPERIMENTS for c in (0, 1)]
    out = {}
    for i, x in enumerate(corners):
        for y in corners[i + 1:]:
            vals = [(EXPERIMENTS[e][3](records, config_name(*x), c), EXPERIMENTS[e][3](records, config_name(*y), c))
                    for e, c in cases]
            vals = [(a, b) for a, b in vals if a and b]
            if vals:
                out[(x, y)] = (sum(a < b for a, b in vals), len(vals),
                               math.exp(sum(math.log(b / a) for a, b in vals) / len(vals)))
    return out


def render(data):
    """The block of docs/factorial.md, from docs/factorial.json."""
    records, meta = data.run("factorial.json")
    if meta is None:
        return "No run committed yet: `make factorial` (vexrun factorial --publish docs) measures it."
    return page(records, meta)


def page(records, meta):
    """The tables of a factorial run."""
    resumed = "".join(f"; resumed: `{i['command']}`" for i in meta.get("sweep", {}).get("invocations", [])[1:])
    out = [f"Measured in **sim** at commit `{meta['commit'][:7]}`, {meta['date']}, median of {meta['runs']} runs, in cycles: "
           f"`{meta['command']}`{resumed}. Factors: A the CPU variant ({VARIANTS[0]} -1, {VARIANTS[1]} +1), B the memory "
           f"({MEMORIES[0]} -1, {MEMORIES[1]} +1), C the size (the seed's). Seed 002: A the maker (Motorola -1, "
           "Nokia +1), B the clock (325 MHz -1, 68 MHz +1).", ""]
    for name, (table, what, levels, _, row) in EXPERIMENTS.items():
        ys = design(records, name)
        if not ys:
            continue
        al = allocation(ys)
        seed = seeds.SEED002_FACTORIAL[row]
        out += [f"### {heading(name)}", "",
                f"| | {levels.split(' / ')[0]}: {MEMORIES[0]} | {MEMORIES[1]} | {levels.split(' / ')[1]}: {MEMORIES[0]} | "
                f"{MEMORIES[1]} |", "|---|---:|---:|---:|---:|"]
        for a, variant in zip((-1, 1), VARIANTS):
            out.append(f"| {variant} | " + " | ".join(cycles(ys[(a, b, c)]) for c in (-1, 1) for b in (-1, 1)) + " |")
        out += ["", "| variation explained | " + " | ".join(TERMS) + " |", "|---|" + "---:|" * len(TERMS),
                "| here | " + " | ".join(f"{al[t]:.0f} %" for t in TERMS) + " |",
                "| seed 002 | " + " | ".join(f"{seed[t]} %" for t in TERMS) + " |", ""]
    pw = pairwise(records)
    if pw:
        out += ["### Pair by pair (seed 002 §4.4)", "",
                f"Every experiment at both sizes ({2 * len(EXPERIMENTS)} cases): how often the first configuration is faster, and the "
                "second's cycles over the first's (geometric mean). All run at one clock: what separates them is "
                "the microarchitecture and the memory, the part of a phone's speed its clock does not predict.", "",
                "| first | second | first faster | second / first |", "|---|---|---:|---:|"]
        for (x, y), (wins, n, ratio) in pw.items():
            out.append(f"| {'-'.join(x)} | {'-'.join(y)} | {wins} of {n} | {ratio:.2f}x |")
    return "\n".join(out)


BLOCKS = {"factorial": render}

# Measured at 1e8cb25 (full, sram, --runs 1): about 0.16 G cycles a run; lite and the SDRAM
# take up to about four times as long, within the estimate's factor of two on average.
SUITES = [Suite("factorial", estimate=lambda o: 0.3e9 * o.runs, progress=lambda r: "", page=None)]
