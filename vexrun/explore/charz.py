"""Seed 004's characterization (§IV): the library's routines run in the SoC over a grid of
operand sizes, as tasks of a sweep on Dask (vexrun/sweep.py), each task one group of oracle
requests in a simulation of its own. A record is the request and its measured cycles (a
product's: the median of warm calls, as inside an exponentiation; any other call's: its one
call, as a stage's). The same requests run natively in the cost build give each record's events
(native.py), and the models are fitted to them (model.py).

The exponentiations are measured in the caller the stages use, vc_rsa_block: a product costs a
few per cent more or less with where its caller keeps its data (the 4 KiB direct-mapped data
cache), and the oracle's own modexp keeps it elsewhere. The requests use their own keys, moduli
and data, never the stages': the stages' configurations are the validation, not the fit."""

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


def _block_request(key, private, crt, block, msg, cache="none", algo=2, var=True, method=("lr", 0), window=0):
    req = {"op": "rsa", "fn": "block", "n": key["n"], "e": key["e"], "private": private, "crt": crt, "block": block,
           "msg": msg.hex(), "cache": cache, "var": var, "algo": algo}
    if private or crt != "none":
        req.update(d=key["d"], p=key["p"], q=key["q"])
    if var and algo != points.UNIT_ALGO:             # the unit runs its own exponentiation
        req["exp"] = method[0]
    if method[1] or window:
        req["window"] = method[1] or window
    return req


def public_calls():
    """Block-wise RSA under public exponents on keys of their own: 1,024 bits under e = 65537 (two
    one bits) and 65535 (sixteen: the window's table in use), every method, CRT and cache, and
    1,536 bits; short messages, a record of 1-3 blocks sent 1-4 times and a tail, so that hits,
    misses and blocks vary apart. The stages' 65521 is not among them."""
    rng = random.Random("charz-rsa-public")
    reqs = []
    for bits, e in ((1024, 65537), (1024, 65535), (1536, 65535)):
        key = _key(bits, e)
        for crt in points.CRTS:
            for cache in ("none", "pre", "intra"):
                for method in (EXP_METHODS if bits == 1024 else [rng.choice(EXP_METHODS)]):
                    block = rng.choice((32, 64, 128))
                    record = rng.randbytes(block // 8 * rng.randint(1, 3))
                    msg = record * rng.randint(1, 4) + rng.randbytes(rng.randrange(1, block // 8 + 1))
                    reqs.append(_block_request(key, False, crt, block, msg, cache, 1 if cache == "intra" else 2,
                                               method=method))
    return reqs


def private_calls(crt):
    """Block-wise RSA under the private exponent of a 1,024-bit key of its own, one block (two for
    the caches), without the CRT or with `crt` (mrc, src): constant time at every window,
    variable time by every method, and the caches."""
    rng = random.Random(f"charz-rsa-private-{crt}")
    key = _key(1024, 65537)
    reqs = [_block_request(key, True, crt, 128, rng.randbytes(16), var=False, window=w)
            for w in range(1, points.CT_MAX_WINDOW + 1)]
    reqs += [_block_request(key, True, crt, 128, rng.randbytes(16), method=m) for m in EXP_METHODS]
    return reqs + [_block_request(key, True, crt, 64, rng.randbytes(8) * 2, cache, 1 if cache == "intra" else 2)
                   for cache in ("pre", "intra")]


def unit_calls(w):
    """The Montgomery unit at word width w: its products alone at every size it takes (whole
    words), and block-wise RSA in it under public exponents (1,024 bits under e = 65537 and
    65535, 1,536 bits) and a 1,024-bit private key, every CRT, cache and constant time or not.
    Its commands are charged their golden model's latency; these fit the CPU's part."""
    rng = random.Random(f"charz-unit-{w}")
    reqs = []
    for n in LIMBS:
        if n % (w // 32) == 0:
            m = _modulus(rng, n)
            reqs.append({"op": "montmul", "m": hx(m), "a": hx(rng.randrange(m)), "b": hx(rng.randrange(m)),
                         "algo": points.UNIT_ALGO, "ct": True, "repeat": PRODUCT_REPEAT})
    for bits, e in ((1024, 65537), (1024, 65535), (1536, 65535)):
        key = _key(bits, e)
        for crt in points.CRTS:
            for cache in ("none", "pre"):
                for block in rng.sample(points.BLOCKS, 2):
                    record = rng.randbytes(block // 8 * rng.randint(1, 3))
                    msg = record * rng.randint(1, 4) + rng.randbytes(rng.randrange(1, block // 8 + 1))
                    reqs.append(_block_request(key, False, crt, block, msg, cache, points.UNIT_ALGO))
    key = _key(1024, 65537)
    for crt in points.CRTS:
        for var in (False, True):
            reqs += [_block_request(key, True, crt, block, rng.randbytes(block // 8 * blocks), var=var, algo=points.UNIT_ALGO)
                     for block, blocks in ((128, 1), (64, 3))]
        reqs.append(_block_request(key, True, crt, 64, rng.randbytes(8) * 2, "pre", points.UNIT_ALGO))
    return reqs


def unit_widths():
    return points.unit_accelerator().param("W").choices


GROUPS = {f"mm.a{a}.r{r}.{'ct' if c else 'var'}": (lambda a=a, r=r, c=c: products(a, r, c))
          for a, r, c in product_groups()}
GROUPS.update({"mp": integers, "rsa.public": public_calls, **{f"rsa.private.{c}": (lambda c=c: private_calls(c))
                                                                for c in points.CRTS}})
GROUPS.update({f"unit.w{w}": (lambda w=w: unit_calls(w)) for w in unit_widths()})


def group_width(group):
    """The unit's word width a group runs at (0: the plain SoC)."""
    return int(group[len("unit.w"):]) if group.startswith("unit.w") else 0


@dataclass(frozen=True)
class Task:
    """One group of requests in the plain SoC: a task of the sweep."""
    group: str
    commit: str
    requests: str                 # a digest of the group's requests: a changed group runs again
    config: str                   # the simulation build (vexrun.explore.config)

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
    w = group_width(task.group)
    try:
        ensure_all(cfg, log=lambda m: None)
        with SimSession(cfg, MAX_CYCLES) as sess:
            for req in GROUPS[task.group]():
                ans = sess.request(req)
                if not ans.get("ok"):
                    raise RuntimeError(f"{req['op']} refused: {ans.get('error')}")
                measured = ans["warm_cycles"] if "repeat" in req else ans["cycles"]
                records.append({"group": task.group, "request": req, "cycles": measured, **({"w": w} if w else {})})
            sess.close()
            cycles = sess.cycles
    except Exception as e:
        return {"records": [], "error": f"{type(e).__name__}: {e}", "cycles": 0, "wall_s": round(time.time() - t0, 1)}
    return {"records": records, "error": None, "cycles": cycles or 0, "wall_s": round(time.time() - t0, 1)}


def estimate(group):
    """A group's rough simulated cycles, to start the longest first."""
    return {"a5": 400e6, "a3": 60e6, "a2": 60e6, "a1": 40e6, "a4": 40e6, "rsa.public": 500e6, "rsa.private.none": 700e6, "rsa.private.mrc": 400e6, "rsa.private.src": 400e6}.get(
        group.split(".")[1] if group.startswith("mm.") else group, 20e6)


def characterize(out, groups=None, workers=None, scheduler=None, log=print):
    """The groups' records (all by default), each task's kept in `out` and reused while the
    model and firmware are the same (the sweep's --resume)."""
    from vexrun import sweep
    from vexrun.env import ToolError, git_commit
    from vexrun.explore import config
    commit = git_commit()
    cfgs = {g: config(points.parse(f"algo=unit,w={group_width(g)}" if group_width(g) else "algo=1", False))
            for g in (groups or GROUPS)}
    tasks = [Task(g, commit, hashlib.sha256(json.dumps(GROUPS[g]()).encode()).hexdigest()[:16], c.name)
             for g, c in cfgs.items()]
    digests = {c.name: sweep.build_digests(c, log) for c in {c.name: c for c in cfgs.values()}.values()}
    s = sweep.run(tasks, {t: estimate(t.group) for t in tasks}, out, digests, fn=run_task, workers=workers,
                  scheduler=scheduler, resume=True, log=log, command="vexrun explore characterize")
    if s.failures:
        task, reason = s.failures[0]
        raise ToolError(f"characterization {task.name}: {reason} (alone: {task.command()})")
    return s.records
