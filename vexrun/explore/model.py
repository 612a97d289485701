"""Seed 004's macro-models (§IV), one per routine the cost hook names (fw/src/cost.h): a
routine's own cycles as a polynomial in its operand sizes, its coefficients fitted by least
squares on relative error to the characterization's SoC measurements (charz.py). Each model is
the routine less the events noted inside it, so the fit is one linear problem over every
measurement: a measured call's cycles are the sum, over the events its native run notes, of
count x model. A configuration's estimate is the same sum over its native run's events.
The Montgomery unit's product commands are charged their golden model's exact latency
(hw/mont/model.py) plus a fitted cost of the CPU's issuing and waiting: a basis named "=..." has
the fixed coefficient 1."""

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
    if event == "unit_mul":
        from hw.mont.model import mul_cycles
        return f"unit_mul.{'queued' if b else 'waited'}", {"1": 1, "=latency": mul_cycles(a)}
    if event == "unit_xfer":
        return f"unit_xfer.{'out' if b else 'in'}", {"1": 1, "n": a}
    if event == "unit_setup":
        return event, {"1": 1, "n": a}
    if event in ("mm_hit", "mm_miss", "mm_unit", "sqr", "ninv"):
        return event, {"1": 1, "n": a, "n2": a * a}
    if event == "init":
        return f"init.{'unit.' if b & 2 else ''}{'ct' if b & 1 else 'var'}", {"1": 1, "n": a, "n2": a * a,
                                                                             "cache": b >> 2 & 1}   # its clearing
    if event in ("exp_var", "exp_ct") and b >> 20:
        return f"{event}.unit", {"1": 1, "n": a}    # the glue around exp_unit (and a cache's hit)
    if event == "exp_var":
        return f"exp_var.m{b >> 16 & 15}", {"1": 1, "n": a, "bits": b & 0xFFFF}
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
            if key not in self.coef and any(name[0] != "=" for name in base):
                raise KeyError(f"no model for {key}: the characterization does not cover it")
            c = self._calls[(event, a, b)] = sum((1.0 if name[0] == "=" else self.coef[key][name]) * v
                                                 for name, v in base.items())
        return c

    def cycles(self, counts):
        return sum(n * self.routine(event, a, b) for event, a, b, n in counts)

    def to_json(self):
        return self.coef

    @classmethod
    def from_json(cls, d):
        return cls(d)


# The ridge's weight on the scaled coefficients: routines that only ever run together (a set-up's
# glue and its caller's, the unit's transfers and its product) cannot be told apart, and plain
# least squares splits them into large opposite values that a configuration running one without
# the other would add up wrongly; the ridge splits them evenly and small, at no cost to the fit.
RIDGE = 1e-8


def fit(rows):
    """The model from rows of (counts, measured cycles), least squares on relative error."""
    import numpy as np
    feats = [features(c) for c, _ in rows]
    cols = sorted({k for f in feats for k in f if k[1][0] != "="})
    index = {k: i for i, k in enumerate(cols)}
    x = np.zeros((len(rows), len(cols)))
    y = np.array([float(c) for _, c in rows])
    w = 1.0 / y
    for i, f in enumerate(feats):
        for k, v in f.items():
            if k[1][0] == "=":
                y[i] -= v                # a known cost: the fit is of what is left
            else:
                x[i, index[k]] = v
    # Columns scaled to unit norm: the sizes' powers span many orders of magnitude.
    scale = np.linalg.norm(x * w[:, None], axis=0)
    scale[scale == 0] = 1.0
    k = len(cols)
    sol, *_ = np.linalg.lstsq(np.vstack([x * w[:, None] / scale, np.sqrt(RIDGE) * np.eye(k)]),
                              np.concatenate([y * w, np.zeros(k)]), rcond=None)
    sol /= scale
    coef = defaultdict(dict)
    for (key, name), v in zip(cols, sol):
        coef[key][name] = float(v)
    return Model(dict(coef))
