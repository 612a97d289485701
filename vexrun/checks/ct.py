"""Constant-time evidence, dudect style (`make ct`, `vexrun ct`, docs/ct.md).

The firmware's op "ct" (fw/app/ct.c) calls a routine once per entry of a class sequence the host
draws (a random interleaving of the fixed class 0 and the random class 1, as dudect does) and
answers with the exact cycles of each call. Here: Welch's t between the classes, and the verdict
(|t| > 4.5: the timing depends on the secret). The table below mirrors the firmware's by name;
a routine is one row in each."""

import math
import random
import sys
import time
from dataclasses import dataclass

from hw.config import SocConfig
from vexrun.soc.sim import SimSession

T_LIMIT = 4.5
BATCH = 512                 # measurements per request (the firmware's CT_MAX)
# The configurations' names: the unit's rows run at each word width a SoC build supports.
BASE, MONT = SocConfig().name, SocConfig.parse(mont=True).name
UNITS = (MONT, SocConfig.parse(mont=True, mont_w=64).name)
CLMUL = SocConfig.parse(clmul=True).name
MAX_CYCLES = 10_000_000_000  # bound of one simulation (the full table's longest is about 2 G)


class Row:
    """A routine: the firmware's name, the measurements of the full table and of the quick one
    (0: not in it), and the builds it runs in."""

    def __init__(self, name, samples, quick=0, configs=(BASE,)):
        self.name, self.samples, self.quick, self.configs = name, samples, quick, configs


# Sizes: AES-128; the multiprecision rows at 256 bits (modulus P-256's order n: the same code
# as at 2048 bits, 8 limbs instead of 64); one call of a curve row is 2 to 9 M cycles (3 to 6 s
# of wall time on a busy machine), so those rows take 20 to 24 measurements: enough to show a
# class's cycles all equal, or a gross leak, not a subtle one. P-256's rows run in every build:
# in the MONT=1 ones (W = 32 and 64) its scalar multiplications and the nonce's inverse run on the unit.
ROUTINES = [
    Row("aes_ct_setkey", 400),
    Row("aes_ct_encrypt", 2000, quick=400),
    Row("aes_tab_encrypt_var", 2000, quick=2000),   # at 400 its |t| was 3.9 to 6.7 with code layout alone
    # GHASH over 64 bytes and AES-128-GCM (aes_ct) on 64 bytes: H or the key and the message's
    # block secret; in the CLMUL=1 build GCM's GHASH runs on the unit.
    Row("ghash_ct", 1000),
    Row("ghash_clmul_hw", 1000, configs=(CLMUL,)),
    Row("gcm_seal", 400, configs=(BASE, CLMUL)),
    Row("gcm_open", 400, configs=(BASE, CLMUL)),
    # TLS: the CBC record check on 288 bytes whose padding length and MAC verdict are the
    # secret (Lucky Thirteen), and the master secret's derivation.
    Row("tls_cbc_open", 400),
    Row("tls_prf", 200),
    Row("mp_modexp", 60, quick=24),
    Row("mp_modexp_var_window", 60, quick=24),
    Row("mp_modexp_var_ladder", 60),
    Row("mp_mod_inv_binary", 200, quick=40),
    Row("mp_mod_inv_binary_var", 200),
    Row("mp_mod_inv_euclid_var", 200),
    Row("montu_exp", 200, configs=UNITS),
    Row("montu_exp_var", 200, configs=UNITS),
    Row("gf2m_inv_itoh", 400),
    Row("gf2m_inv_almost_var", 400),
    Row("ecdh_B-163", 24),
    Row("ecdh_K-163", 24),
    Row("ecdh_B-233", 20),
    Row("ecdh_K-233", 20),
    # B-163's signature is not constant time, in two ways. RFC 6979 draws candidates until one
    # is below n: about half are rejected (n just above 2^162, candidates of 163 bits), a count
    # that depends on the key and the message (|t| 11.2 at 300 calls at 81f9991). And given its
    # nonce (sign_k), key and nonce pass through vc_mp, whose limb count is public (mp.h): 1 in
    # 8 has a zero top limb and takes fewer cycles (|t| 8.7 at 100 calls, vexrun ct --routines
    # ecdsa_sign_k_B-163 --samples 100). P-256's order fills its top limb: 1 in 2^32.
    Row("ecdsa_sign_k_B-163", 100),
    Row("ecdsa_sign_B-163", 60),
    Row("ecdh_P-256", 20, configs=(BASE, *UNITS)),
    # P-256's signatures take 200 calls: at 20, signing given its nonce on the unit passed (|t|
    # 4.3) with its random class about 13 cycles (of 492 k) slower; at 200 it failed (6.1, the
    # whole signature 8.1). Cycle stamps between its steps found the cause in the conversions:
    # vc_mp_bits counted bits with libgcc's __builtin_clz, on RV32IM a read of a 256-byte table
    # at the value's top byte (the encoding of s missed the cache for some values), and
    # from_bytes skipped a secret's leading zero bytes. Both depend on limb counts only since.
    Row("ecdsa_sign_k_P-256", 200, configs=(BASE, *UNITS)),
    Row("ecdsa_sign_P-256", 200, configs=(BASE, *UNITS)),
]
BY_NAME = {r.name: r for r in ROUTINES}


def welch_t(a, b):
    """Welch's t of two samples. Both without variance: 0 when their means agree (every call
    took the same cycles), else infinite."""
    na, nb = len(a), len(b)
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((x - ma) ** 2 for x in a) / (na - 1)
    vb = sum((x - mb) ** 2 for x in b) / (nb - 1)
    se = math.sqrt(va / na + vb / nb)
    if se == 0:
        return 0.0 if ma == mb else math.inf
    return (ma - mb) / se


def classes(n, rng):
    """n classes, half of each, in random order."""
    c = [0] * (n // 2) + [1] * (n - n // 2)
    rng.shuffle(c)
    return c


def measure(sess, name, n, seed):
    """(fixed, random): the cycles of n calls of routine `name`, in batches."""
    rng = random.Random(seed)
    seq = classes(n, rng)
    out = ([], [])
    for i in range(0, n, BATCH):
        part = seq[i:i + BATCH]
        resp = sess.request({"op": "ct", "routine": name, "seed": rng.getrandbits(32),
                             "classes": bytes(part).hex()})
        if not resp.get("ok"):
            raise RuntimeError(f"ct {name}: {resp.get('error')}")
        for c, cy in zip(part, resp["cycles"]):
            out[c].append(cy)
    return out


def verdict(claimed, t):
    leak = abs(t) > T_LIMIT
    if claimed:
        return "FAIL" if leak else "pass"
    return "leaks (as _var says)" if leak else "no leak seen"


def result(name, fn, claimed, config, fixed, rand):
    t = welch_t(fixed, rand)
    return {"routine": name, "fn": fn, "claimed": claimed, "config": config,
            "t": t if math.isfinite(t) else "inf", "samples": len(fixed) + len(rand),
            "fixed": [min(fixed), max(fixed)], "random": [min(rand), max(rand)],
            "mean": [sum(fixed) / len(fixed), sum(rand) / len(rand)],
            "verdict": verdict(claimed, t)}


def abs_t(r):
    return math.inf if r["t"] == "inf" else abs(r["t"])


def run(config, rows, quick=False, seed=15, log=None, samples=None):
    """Measures `rows` (Row) in the simulated SoC of `config` (a vexrun.soc.build.Config), each with
    its full or quick sample count or `samples`; returns the result dicts in table order."""
    out = []
    with SimSession(config, MAX_CYCLES, read_timeout=1800) as sess:
        listing = {r["name"]: r for r in sess.request({"op": "ct", "list": True})["routines"]}
        missing = [r.name for r in rows if r.name not in listing]
        if missing:
            raise RuntimeError(f"the firmware has no ct routine {missing[0]!r} (fw/app/ct.c)")
        for row in rows:
            fw = listing[row.name]
            t0 = time.time()
            fixed, rand = measure(sess, row.name, samples or (row.quick if quick else row.samples), seed)
            res = result(row.name, fw["fn"], fw["claimed"], config.name, fixed, rand)
            out.append(res)
            if log:
                log(f"  {config.name:10} {row.name:24} |t| = {abs_t(res):8.2f}  {res['verdict']}  "
                    f"({res['samples']} calls, {time.time() - t0:.0f} s)")
        sess.close()
    return out


def spread(lo_hi):
    lo, hi = lo_hi
    return f"{lo:,}" if lo == hi else f"{lo:,}..{hi:,}"


def table(results):
    """The table, Markdown: routine | constant time claimed | |t| | samples | verdict, and the
    cycles of each class (min..max)."""
    lines = ["| routine | build | constant time claimed | \\|t\\| | samples | verdict | cycles, fixed class | cycles, random class |",
             "|---|---|---|---:|---:|---|---:|---:|"]
    for r in results:
        t = "inf" if r["t"] == "inf" else f"{abs(r['t']):.2f}"
        lines.append(f"| `{r['routine']}`: {r['fn']} | {r['config']} | {'yes' if r['claimed'] else 'no'} | {t} | "
                     f"{r['samples']} | {r['verdict']} | {spread(r['fixed'])} | {spread(r['random'])} |")
    return "\n".join(lines)


PAGE_INTRO = """# Constant time, measured

Generated by `make ct` (`vexrun ct --publish docs`) from [ct.json](ct.json); commit `{commit}`,
{date}, {wall} of wall time. Every routine the firmware labels constant time, and variable-time
(`_var`) routines for contrast, measured in the simulated SoC (VexRiscv `full`; {units}) with
the SoC's cycle counter, as the benchmarks measure.

Method (dudect's fixed-vs-random test, `fw/app/ct.c`, `vexrun/checks/ct.py`): the host draws a random
interleaving of two classes; the firmware calls the routine once per entry on a secret of the
class, the **fixed class** one sparse secret (2^(bits-1) + 1: top bit set, the lowest set, the rest
zero) and the **random class** a fresh random secret of the same bit length each call (below the
group order or modulus where there is one), and reports each call's exact cycles. Public inputs
(key-independent data: the modulus, the base, the peer point, the digest) are the same in both
classes. The secret is prepared untimed by the same instructions and loads in both classes.
Each request of up to {batch} calls starts with {warmup} calls of the random class that are
timed like the rest and not reported (warm-up: the first calls after the request's parsing find
other data and code in the caches). Welch's t between the classes; |t| > {limit} means the
cycles depend on the secret: a routine claimed constant time then fails. A cycle-accurate
simulator has no measurement noise, so no outliers are cropped, and a routine that is constant
time gives the same cycle count on every call of both classes: |t| = 0 exactly (the two cycle
columns then show one number each). The secrets: AES, the key and the plaintext block
(`aes_ct_setkey`: the key); the multiprecision rows, the exponent or the number inverted
(256 bits, modulo P-256's order n, base G's x); GF(2^163), the element; the curves, the private
scalar (EC-DH with the generator as the peer, ECDSA signing of a fixed SHA-256 digest with the
RFC 6979 nonce).

{table}

{notes}

## What a cycle count cannot see

- Power and electromagnetic emanation: two calls of equal cycles can differ in the data on the
  buses and in the registers (Hamming weights and distances), which is what power analysis and
  EM probes read. Nothing here measures or bounds that.
- Caches beyond this core's: the SoC has a 4 KiB direct-mapped instruction cache and a 4 KiB
  data cache and single-cycle RAM in this simulation; a board's SDRAM behind an L2
  (`MEMORY=sdram`), another core or a shared cache changes the timing of the same loads. A
  routine that passes here without secret-dependent memory indices is safe there too; one whose
  cycles depend on its secret through the cache (`aes_tab`) leaks more there.
- Other sizes, other compiler output, other cores: the test shows this core's cycles (VexRiscv
  `full`) for these instruction sequences at these sizes. A core with an early-terminating
  multiplier or divider, other caches or another branch predictor needs its own run.
- A fixed-vs-random test can miss a leak whose effect on the mean is zero for the chosen fixed
  secret; a spread of cycles inside a class with a claimed routine, even with |t| below the
  limit, is worth a look, and the cycle columns show it.
"""


def notes(results):
    """What the table says beyond the verdicts, from the results."""
    out = []
    exact = [r for r in results if r["claimed"] and r["fixed"][0] == r["fixed"][1] == r["random"][0] == r["random"][1]]
    spread_ = [r for r in results if r["claimed"] and r not in exact and abs_t(r) <= T_LIMIT]
    failed = failures(results)
    leaking = [r for r in results if not r["claimed"] and abs_t(r) > T_LIMIT]
    quiet = [r for r in results if not r["claimed"] and abs_t(r) <= T_LIMIT]

    def names(rs):
        return ", ".join(f"`{r['routine']}` ({r['config']})" for r in rs)
    if exact:
        out.append(f"- Exactly constant (one cycle count over every call of both classes): {names(exact)}.")
    if spread_:
        out.append(f"- Claimed constant time, |t| below the limit, but the cycles vary from call to call "
                   f"(see the cycle columns): {names(spread_)}.")
    if failed:
        out.append(f"- **Claimed constant time and failing**: {names(failed)}.")
    if leaking:
        out.append(f"- Variable time, shown leaking: {names(leaking)}.")
    if quiet:
        out.append(f"- Variable time, no leak seen at these sizes and sample counts: {names(quiet)}.")
    return "\n".join(out)


def page(results, meta):
    built = {r["config"] for r in results}
    units = "; ".join(f"`{c}` is the same with the Montgomery unit, `MONT=1`" + (", at W = 64, `MONT_W=64`" if "w64" in c else "")
                      for c in UNITS if c in built) or "no build with the Montgomery unit"
    return PAGE_INTRO.format(commit=meta["commit"], date=meta["date"], wall=meta["wall"], batch=BATCH, units=units,
                             warmup=2, limit=T_LIMIT, table=table(results), notes=notes(results)).rstrip() + "\n"


def failures(results):
    return [r for r in results if r["claimed"] and abs_t(r) > T_LIMIT]


def print_table(results, out=sys.stdout):
    w = max(len(r["routine"]) for r in results)
    print(f"{'routine':{w}}  {'build':9}  claimed  {'|t|':>9}  {'samples':>7}  verdict", file=out)
    for r in results:
        t = "inf" if r["t"] == "inf" else f"{abs(r['t']):.2f}"
        print(f"{r['routine']:{w}}  {r['config']:9}  {'yes' if r['claimed'] else 'no':7}  {t:>9}  "
              f"{r['samples']:>7}  {r['verdict']}", file=out)




def select(names=None, quick=False):
    """The rows `names` (comma-separated; default all), the quick ones only when `quick`."""
    from vexrun.env import UsageError
    rows = ROUTINES
    if names:
        unknown = [n for n in names.split(",") if n not in BY_NAME]
        if unknown:
            raise UsageError(f"unknown routine {unknown[0]!r}: valid are {', '.join(BY_NAME)}")
        rows = [BY_NAME[n] for n in names.split(",")]
    return [r for r in rows if r.quick] if quick else rows


@dataclass(frozen=True)
class Task:
    """One routine in one build: a task of the sweep (vexrun/sweep.py), in a simulation of its own."""
    config: str
    routine: str
    samples: int
    seed: int
    commit: str

    @property
    def name(self):
        return f"{self.config}:{self.routine}"

    @property
    def build(self):
        return self.config          # sram: the build is named as the configuration

    def command(self):
        return f"vexrun ct --routines {self.routine} --samples {self.samples} --seed {self.seed}"


def run_task(task: Task) -> dict:
    """The row of `task` (on a worker): {"records": [its result], "error", "cycles", "wall_s"}."""
    from vexrun.soc.build import Config, ensure_all
    t0 = time.time()
    cfg = Config(SocConfig.from_name(task.config))
    try:
        ensure_all(cfg, log=lambda m: None)
        res = run(cfg, [BY_NAME[task.routine]], seed=task.seed, samples=task.samples)
    except Exception as e:
        return {"records": [], "error": f"{type(e).__name__}: {e}", "cycles": 0, "wall_s": round(time.time() - t0, 1)}
    calls = round(sum(m * res[0]["samples"] / 2 for m in res[0]["mean"]))     # the measured calls' cycles
    return {"records": res, "error": None, "cycles": calls, "wall_s": round(time.time() - t0, 1)}


def run_table(rows, quick=False, seed=15, samples=None, log=print, out=None, workers=None, scheduler=None,
              resume=False):
    """Every row in the builds it names, a task each on the sweep's Dask cluster (each build made
    once); returns (results in table order, their metadata)."""
    from vexrun import sweep
    from vexrun.env import RESULTS, ToolError, git_commit
    from vexrun.soc.build import Config
    commit, t0 = git_commit(), time.time()
    configs = list(dict.fromkeys(c for r in rows for c in r.configs))
    tasks = [Task(name, r.name, samples or (r.quick if quick else r.samples), seed, commit)
             for name in configs for r in rows if name in r.configs]
    digests = {name: sweep.build_digests(Config(SocConfig.from_name(name)), log) for name in configs}
    out = out or RESULTS / "sweeps" / "ct" / time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    log(f"vexrun ct: {len(tasks)} routines x builds as tasks; records in {out}")
    # Estimates only weigh the progress line's time left: a call's cycles differ by routine.
    s = sweep.run(tasks, {t: t.samples for t in tasks}, out, digests, fn=run_task, workers=workers,
                  scheduler=scheduler, resume=resume, log=log, command="vexrun " + " ".join(sys.argv[1:]))
    for r in s.records:
        log(f"  {r['config']:10} {r['routine']:24} |t| = {abs_t(r):8.2f}  {r['verdict']}  ({r['samples']} calls)")
    if s.failures:
        task, reason = s.failures[0]
        raise ToolError(f"ct {task.name}: {reason} (alone: {task.command()}; --out {out} --resume completes the rest)")
    wall = time.time() - t0 - s.invocations[-1]["wall_s"] + s.wall_s     # this run's builds and every run's sweep
    log(f"vexrun ct: {len(s.records)} rows in {wall / 60:.1f} minutes wall")
    runs = f" in {len(s.invocations)} runs (--resume)" if len(s.invocations) > 1 else ""
    return s.records, {"commit": commit, "date": time.strftime("%Y-%m-%d", time.gmtime()),
                       "wall": f"{wall / 60:.0f} minutes{runs}", "command": s.invocations[0]["command"]}
