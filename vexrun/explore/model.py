"""Seed 004's macro-models (§IV), one per routine the cost hook names (fw/src/cost.h): a
routine's own cycles as a polynomial in its operand sizes, its coefficients fitted by least
squares on relative error to the characterization's SoC measurements (charz.py). Each model is
the routine less the events noted inside it, so the fit is one linear problem over every
measurement: a measured call's cycles are the sum, over the events its native run notes, of
count x model. A configuration's estimate is the same sum over its native run's events."""

from collections import defaultdict

# A product's model is piecewise quadratic in its limbs (seed 004's piecewise polynomials): ALGO4
# in the pieces of its Karatsuba recursion (fw/src/mp/mpn.c: schoolbook below 16 limbs, one level
# to 31, two from 32), every other algorithm in two, below and above 16 limbs (ALGO3's product
# scanning costs a step more from 17 limbs: a memory effect its loops do not show).
PIECES = {4: (16, 32)}
OTHER_PIECES = (17,)


def mm_key(b):
    """A software product's model: (algorithm, digit bits, dedicated square, constant time) from
    VC_COST_MM_FLAGS; digit bits for ALGO2/3 only, a square only where the algorithm has its own."""
    algo, radix, cfg_sqr, square, ct = b & 7, (b >> 3) & 63, (b >> 9) & 1, (b >> 10) & 1, (b >> 11) & 1
    radix = radix if algo in (2, 3) else 32 if algo != 5 else 1
    own_square = cfg_sqr and (algo in (2, 4) or (algo == 3 and radix == 32))
    return f"mm.a{algo}.r{radix}.{'sqr' if square and own_square else 'mul'}.{'ct' if ct else 'var'}"


def _mm_basis(key, n):
    algo = int(key.split(".")[1][1:])
    piece = sum(n >= b for b in PIECES.get(algo, OTHER_PIECES))
    return {f"1@{piece}": 1, f"n@{piece}": n, f"n2@{piece}": n * n}


def terms(event, a, b):
    """(model key, {basis name: value}) of one noted event."""
    if event == "mm":
        key = mm_key(b)
        return key, _mm_basis(key, a)
    if event in ("mm_hit", "mm_miss", "mm_unit", "sqr", "ninv"):
        return event, {"1": 1, "n": a, "n2": a * a}
    if event == "init":
        return f"init.{'ct' if b else 'var'}", {"1": 1, "n": a, "n2": a * a}
    if event == "exp_var":
        return f"exp_var.m{b >> 16}", {"1": 1, "n": a, "bits": b & 0xFFFF}
    if event == "exp_ct":
        return event, {"1": 1, "n": a, "bits": b}
    if event == "exp_unit":
        return f"exp_unit.{'ct' if b >> 16 else 'var'}", {"1": 1, "n": a, "bits": b & 0xFFFF, "nbits": a * (b & 0xFFFF)}
    if event in ("pre_hit", "pre_miss"):
        return event, {"1": 1, "n": a}
    if event in ("lookup", "from_limbs"):
        return event, {"1": 1, "a": a, "ab": a * b}
    if event == "mul":
        return event, {"1": 1, "a": a, "b": b, "ab": a * b}
    if event in ("add", "sub"):
        return event, {"1": 1, "n": max(a, b)}
    if event == "div":
        return event, {"1": 1, "a": a, "b": b, "qb": max(a - b + 1, 0) * b}
    if event in ("from_bytes", "to_bytes"):
        return event, {"1": 1, "len": a}
    if event == "crt":
        return event, {"1": 1, "n": a + b, "pq": a * b}
    if event == "crt_var":
        return f"crt_var.{a}", {"1": 1}
    if event in ("rsa_init", "rsa_exp"):
        return f"{event}.c{a}.{b}", {"1": 1}
    if event == "rsa_block":
        return event, {"1": 1, "blocks": a}
    raise KeyError(f"the cost hook noted an event no model covers: {event}")


def features(counts):
    """{(key, basis name): sum of count x value} of a native run's events."""
    out = defaultdict(float)
    for event, a, b, n in counts:
        key, base = terms(event, a, b)
        for name, v in base.items():
            out[(key, name)] += n * v
    return out


class Model:
    """The fitted coefficients {key: {basis name: cycles}}."""

    def __init__(self, coef):
        self.coef = coef
        self._calls = {}

    def routine(self, event, a, b):
        """One call's modelled cycles (kept: a space's points share their calls)."""
        c = self._calls.get((event, a, b))
        if c is None:
            key, base = terms(event, a, b)
            if key not in self.coef:
                raise KeyError(f"no model for {key}: the characterization does not cover it")
            c = self._calls[(event, a, b)] = sum(self.coef[key].get(name, 0.0) * v for name, v in base.items())
        return c

    def cycles(self, counts):
        return sum(n * self.routine(event, a, b) for event, a, b, n in counts)

    def to_json(self):
        return self.coef

    @classmethod
    def from_json(cls, d):
        return cls(d)


def fit(rows):
    """The model from rows of (counts, measured cycles), least squares on relative error."""
    import numpy as np
    feats = [features(c) for c, _ in rows]
    cols = sorted({k for f in feats for k in f})
    index = {k: i for i, k in enumerate(cols)}
    x = np.zeros((len(rows), len(cols)))
    y = np.array([float(c) for _, c in rows])
    for i, f in enumerate(feats):
        for k, v in f.items():
            x[i, index[k]] = v
    w = 1.0 / y
    # Columns scaled to unit norm: the sizes' powers span many orders of magnitude.
    scale = np.linalg.norm(x * w[:, None], axis=0)
    scale[scale == 0] = 1.0
    sol, *_ = np.linalg.lstsq(x * w[:, None] / scale, y * w, rcond=None)
    sol /= scale
    coef = defaultdict(dict)
    for (key, name), v in zip(cols, sol):
        coef[key][name] = float(v)
    return Model(dict(coef))
