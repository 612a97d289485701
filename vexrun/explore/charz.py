"""Seed 004's characterization (§IV): the library's routines run in the SoC over a grid of
operand sizes, as tasks of a sweep on Dask (vexrun/sweep.py), each task one group of oracle
requests in a simulation of its own. A record is the request and its measured cycles (a
product's: the median of warm calls, as inside an exponentiation; any other call's: its one
call, as a stage's). The same requests run natively in the cost build give each record's events
(native.py), and the models are fitted to them (model.py).

The requests use their own keys, moduli and data, never the stages': the stages' configurations
are the validation, not the fit."""

import hashlib
import json
import random
import time
from dataclasses import dataclass

from vexrun.explore import point as points
from vexrun.explore.stages import hx

# Operand sizes in limbs: seed 004's Fig 3 grid (32, 96, ..., 992 bits) and the stages' 16 and 32.
LIMBS = tuple(sorted(set(range(1, 32, 2)) | {16, 32}))
RADICES = (8, 16, 32)             # ALGO2/3 digit bits the exploration covers
PRODUCT_REPEAT = 2
EXP_METHODS = [("lr", 0), ("rl", 0), ("ladder", 0)] + [("window", w) for w in range(1, points.MAX_WINDOW + 1)]
# A task's cycle bound: the longest group (ALGO5's products, three calls each) is below 1 G.
MAX_CYCLES = 20_000_000_000


def _modulus(rng, n):
    """An odd n-limb modulus with its top bit set (as RSA's and its primes')."""
    return rng.getrandbits(32 * n) | 1 << (32 * n - 1) | 1


def product_groups():
    """(algo, digit bits or 0, ct) of every software product the design space runs."""
    out = []
    for algo in (1, 2, 3, 4, 5):
        for radix in (RADICES if algo in (2, 3) else (0,)):
            out += [(algo, radix, ct) for ct in (0, 1)]
    return out


def products(algo, radix, ct):
    """Montgomery products at every size of LIMBS, squares too where the algorithm has its own."""
    rng = random.Random(f"charz-mm-{algo}-{radix}-{ct}")
    reqs = []
    for n in LIMBS:
        m = _modulus(rng, n)
        a, b = rng.randrange(m), rng.randrange(m)
        own_square = algo in (2, 4) or (algo == 3 and radix == 32)
        for square in ((0, 1) if own_square else (0,)):
            req = {"op": "montmul", "m": hx(m), "a": hx(a), "b": hx(a if square else b), "algo": algo,
                   "ct": bool(ct), "repeat": PRODUCT_REPEAT}
            if radix:
                req["radix"] = radix
            reqs.append(req)
    return reqs


def exponentiations():
    """vc_mp_modexp_var by every method and vc_mp_modexp at every window, over moduli and
    exponent lengths (ALGO2, the default: its products are characterized apart)."""
    rng = random.Random("charz-exp")
    reqs = []
    for n in (4, 8, 16, 24, 32):
        m = _modulus(rng, n)
        for bits in (16, 17, 96) + ((320,) if n <= 16 else ()):
            e, a = rng.getrandbits(bits) | 1 << (bits - 1), rng.randrange(m)
            for method, w in EXP_METHODS:
                req = {"op": "modexp", "m": hx(m), "a": hx(a), "e": hx(e), "exp": method}
                reqs.append(dict(req, window=w) if w else req)
            for w in range(1, points.CT_MAX_WINDOW + 1):
                # a longer than m: two chunks into Montgomery form
                big = a if w % 2 else rng.getrandbits(32 * n + 17)
                reqs.append({"op": "modexp", "m": hx(m), "a": hx(big), "e": hx(e), "ct": True, "ebits": bits,
                             "window": w, "exp": "window"})
    return reqs


def integers():
    """The integer routines the set-ups and the CRT call: products, squares, divisions, sums."""
    rng = random.Random("charz-mp")
    reqs = []
    for na in (1, 4, 8, 16, 24, 32, 48, 64):
        for nb in (1, 8, 16, 32):
            a, b = rng.getrandbits(32 * na) | 1 << (32 * na - 1), rng.getrandbits(32 * nb) | 1 << (32 * nb - 1)
            reqs.append({"op": "mp", "fn": "mul", "a": hx(a), "b": hx(b)})
            reqs.append({"op": "mp", "fn": "add", "a": hx(a), "b": hx(b)})
            if na > nb:
                reqs.append({"op": "mp", "fn": "sub", "a": hx(a), "b": hx(b)})
                reqs.append({"op": "mp", "fn": "mod", "a": hx(a), "m": hx(b)})
        reqs.append({"op": "mp", "fn": "sqr", "a": hx(rng.getrandbits(32 * na) | 1 << (32 * na - 1))})
    return reqs


def _key(bits, e):
    from vexrun.vectors import pkdata
    k = pkdata.rsa_key(bits, "explore-charz", e)
    return {"n": hx(k.n), "e": hx(k.e), "d": hx(k.d), "p": hx(max(k.p, k.q)), "q": hx(min(k.p, k.q))}


def block_calls(private):
    """Block-wise RSA on keys of their own, short messages (a record sent a few times and a tail): the
    set-ups, the CRTs, the caches, the conversions and the per-block work around the
    exponentiations, in every exponentiation method; public ones at 1,024 and 1,536 bits under
    e = 65537 (two one bits) and 65535 (sixteen: the window's table in use), private ones at
    1,024 (the stages' 65521 is not among them)."""
    rng = random.Random(f"charz-rsa-{private}")
    reqs = []
    for bits, e in (((1024, 65537),) if private else ((1024, 65537), (1024, 65535), (1536, 65535))):
        key = _key(bits, e)
        for crt in ("none", "mrc", "src"):
            for var in ((False, True) if private else (True,)):
                for cache in (("none", "pre", "intra") if var else ("none",)):
                    methods = EXP_METHODS if var and not private and bits == 1024 else [rng.choice(EXP_METHODS)]
                    for method, w in methods:
                        # a record of 1-3 blocks sent 1-4 times and a tail: hits, misses and blocks apart
                        block = rng.choice((32, 64, 128))
                        record = rng.randbytes(block // 8 * rng.randint(1, 3))
                        msg = (record * rng.randint(1, 4) + rng.randbytes(rng.randrange(1, block // 8 + 1))).hex()
                        req = {"op": "rsa", "fn": "block", "n": key["n"], "e": key["e"], "private": private,
                               "crt": crt, "block": block, "msg": msg, "cache": cache, "var": var,
                               "algo": 1 if cache == "intra" else 2}
                        if private or crt != "none":
                            req.update(d=key["d"], p=key["p"], q=key["q"])
                        if var:
                            req["exp"] = method
                        if w or not var:
                            req["window"] = w or rng.randrange(1, points.CT_MAX_WINDOW + 1)
                        reqs.append(req)
    return reqs


GROUPS = {f"mm.a{a}.r{r}.{'ct' if c else 'var'}": (lambda a=a, r=r, c=c: products(a, r, c))
          for a, r, c in product_groups()}
GROUPS.update({"exp": exponentiations, "mp": integers, "rsa.public": lambda: block_calls(False),
               "rsa.private": lambda: block_calls(True)})


@dataclass(frozen=True)
class Task:
    """One group of requests in the plain SoC: a task of the sweep."""
    group: str
    commit: str
    requests: str                 # a digest of the group's requests: a changed group runs again
    config: str = "full"

    @property
    def name(self):
        return f"charz:{self.group}"

    @property
    def build(self):
        return self.config

    def command(self):
        return f"vexrun explore characterize --groups {self.group}"


def run_task(task: Task) -> dict:
    """The group's requests in one simulation (on a worker): {"records", "error", "cycles", "wall_s"}."""
    from hw.config import SocConfig
    from vexrun.soc.build import Config, ensure_all
    from vexrun.soc.sim import SimSession
    t0, records, cycles = time.time(), [], 0
    cfg = Config(SocConfig.from_name(task.config))
    try:
        ensure_all(cfg, log=lambda m: None)
        with SimSession(cfg, MAX_CYCLES) as sess:
            for req in GROUPS[task.group]():
                ans = sess.request(req)
                if not ans.get("ok"):
                    raise RuntimeError(f"{req['op']} refused: {ans.get('error')}")
                measured = ans["warm_cycles"] if "repeat" in req else ans["cycles"]
                records.append({"group": task.group, "request": req, "cycles": measured})
            sess.close()
            cycles = sess.cycles
    except Exception as e:
        return {"records": [], "error": f"{type(e).__name__}: {e}", "cycles": 0, "wall_s": round(time.time() - t0, 1)}
    return {"records": records, "error": None, "cycles": cycles or 0, "wall_s": round(time.time() - t0, 1)}


def estimate(group):
    """A group's rough simulated cycles, to start the longest first."""
    return {"a5": 400e6, "a3": 60e6, "a2": 60e6, "a1": 40e6, "a4": 40e6, "exp": 300e6, "rsa.public": 500e6, "rsa.private": 800e6}.get(
        group.split(".")[1] if group.startswith("mm.") else group, 20e6)


def characterize(out, groups=None, workers=None, scheduler=None, log=print):
    """The groups' records (all by default), each task's kept in `out` and reused while the
    model and firmware are the same (the sweep's --resume)."""
    from vexrun import sweep
    from vexrun.env import ToolError, git_commit
    from vexrun.soc.build import Config
    commit = git_commit()
    tasks = [Task(g, commit, hashlib.sha256(json.dumps(GROUPS[g]()).encode()).hexdigest()[:16])
             for g in (groups or GROUPS)]
    digests = {"full": sweep.build_digests(Config.parse("full"), log)}
    s = sweep.run(tasks, {t: estimate(t.group) for t in tasks}, out, digests, fn=run_task, workers=workers,
                  scheduler=scheduler, resume=True, log=log, command="vexrun explore characterize")
    if s.failures:
        task, reason = s.failures[0]
        raise ToolError(f"characterization {task.name}: {reason} (alone: {task.command()})")
    return s.records
