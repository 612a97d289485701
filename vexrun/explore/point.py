"""A point of seed 004's design space (`vexrun explore ... --point POINT`): comma-separated
key=value, in any order; an omitted key takes the library's default (fw/include/vexcrypt/mp.h,
vc_mp_cfg_default), a key that does not apply to the point is refused, as is an unknown key or
a bad value, each with one line naming it. The canonical form lists every key that applies, in
KEYS' order."""

from dataclasses import dataclass

from hw.config import ACCELERATORS
from vexrun.env import UsageError

KEYS = ("algo", "radix", "block", "crt", "cache", "exp", "window", "ct", "w")
ALGOS = ("1", "2", "3", "4", "5", "unit")
BLOCKS = (32, 64, 128, 256, 512)
CRTS = ("none", "src", "mrc")
CACHES = ("none", "pre", "intra")
EXPS = ("lr", "rl", "window", "ladder")
UNIT_ALGO = 6           # VC_MM_UNIT (mp.h): the oracle's "algo" for the unit
MAX_WINDOW = 6          # VC_MP_MAX_WINDOW
CT_MAX_WINDOW = 5       # the constant-time fixed window's widest (fw/src/mp/modexp.c)
# The library's defaults: ALGO2 at radix 2^32, a window of 6 bits (5 in constant time), constant
# time; blocks of 128 bits (seed 004's conventional input block); the CRT when a private key
# holds p and q (as vc_rsa_private's callers default), none for a public exponent.
DEFAULTS = {"algo": "2", "radix": 32, "block": 128, "cache": "none", "exp": "window", "ct": 1}


def unit_accelerator():
    """The accelerator that adds algo=unit (a Montgomery unit): its registry row."""
    return next(a for a in ACCELERATORS if a.mm_algo == "unit")


@dataclass(frozen=True)
class Point:
    algo: str
    radix: int          # digit bits, ALGO2/3 (else 0)
    block: int
    crt: str
    cache: str
    exp: str            # "" where the exponentiation is the fixed window (ct=1) or the unit's
    window: int         # 0 where it does not apply
    ct: int             # -1 for a public exponent (the variable-time path; ct does not apply)
    w: int              # the unit's word width (else 0)

    def items(self):
        """(key, value) of every key that applies, in KEYS' order."""
        for k in KEYS:
            v = getattr(self, k)
            if v not in ("", 0, -1) or (k == "ct" and v == 0):
                yield k, v

    def __str__(self):
        return ",".join(f"{k}={v}" for k, v in self.items())

    def request(self):
        """The design-space fields of an oracle request ({"op":"rsa","fn":"block"}: get_cfg in
        fw/app/oracle_pk.c)."""
        req = {"algo": UNIT_ALGO if self.algo == "unit" else int(self.algo), "crt": self.crt,
               "block": self.block, "cache": self.cache, "var": self.ct != 1}
        if self.radix:
            req["radix"] = self.radix
        if self.exp:
            req["exp"] = self.exp
        if self.window:
            req["window"] = self.window
        return req


def _int(key, text, allowed):
    try:
        v = int(text)
    except ValueError:
        v = None
    if v not in allowed:
        raise UsageError(f"--point: {key}={text}: {key} takes {_range(allowed)}")
    return v


def _range(allowed):
    allowed = list(allowed)
    if allowed == list(range(allowed[0], allowed[-1] + 1)) and len(allowed) > 2:
        return f"{allowed[0]}..{allowed[-1]}"
    return ", ".join(map(str, allowed))


def parse(text: str, private: bool) -> Point:
    """The point `text` names for a stage whose exponent is private (`private`) or public."""
    given = {}
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if key not in KEYS:
            raise UsageError(f"--point: unknown key {key!r}: the keys are {', '.join(KEYS)}")
        if not eq or not value:
            raise UsageError(f"--point: {key} has no value: write {key}=VALUE")
        if key in given:
            raise UsageError(f"--point: {key} given twice")
        given[key] = value

    def refuse(key, why):
        if key in given:
            raise UsageError(f"--point: {key}={given[key]} does not apply: {why}")

    algo = given.get("algo", DEFAULTS["algo"])
    if algo not in ALGOS:
        raise UsageError(f"--point: algo={algo}: algo takes {', '.join(ALGOS)}")
    unit = algo == "unit"
    if algo in ("2", "3"):
        radix = _int("radix", given.get("radix", DEFAULTS["radix"]), range(1, 33))
    else:
        refuse("radix", f"a digit size belongs to ALGO2 and ALGO3, not {'the unit' if unit else 'ALGO' + algo}")
        radix = 0
    if unit:
        params = unit_accelerator().param("W")
        w = _int("w", given.get("w", params.default), params.choices)
    else:
        refuse("w", "the word width is the Montgomery unit's (algo=unit)")
        w = 0
    block = _int("block", given.get("block", DEFAULTS["block"]), BLOCKS)
    crt = given.get("crt", "mrc" if private else "none")
    if crt not in CRTS:
        raise UsageError(f"--point: crt={crt}: crt takes {', '.join(CRTS)}")
    if private:
        ct = _int("ct", given.get("ct", DEFAULTS["ct"]), (0, 1))
    else:
        refuse("ct", "a public exponent takes the variable-time path")
        ct = -1
    cache = given.get("cache", DEFAULTS["cache"])
    if cache not in CACHES:
        raise UsageError(f"--point: cache={cache}: cache takes {', '.join(CACHES)}")
    if cache != "none" and ct == 1:
        refuse("cache", "a constant-time private operation uses no cache (add ct=0)")
    if cache == "intra" and algo != "1":
        refuse("cache", "the intra-MM cache keeps ALGO1's M = T*N' mod R (algo=1)")
    if unit:
        refuse("exp", "the unit runs its own exponentiation")
        refuse("window", "the unit runs its own exponentiation")
        return Point(algo, radix, block, crt, cache, "", 0, ct, w)
    if ct == 1:
        refuse("exp", "in constant time the exponentiation is the fixed window")
        window = _int("window", given.get("window", CT_MAX_WINDOW), range(1, CT_MAX_WINDOW + 1))
        return Point(algo, radix, block, crt, cache, "", window, ct, w)
    exp = given.get("exp", DEFAULTS["exp"])
    if exp not in EXPS:
        raise UsageError(f"--point: exp={exp}: exp takes {', '.join(EXPS)}")
    if exp != "window":
        refuse("window", f"a window belongs to exp=window, not exp={exp}")
    window = _int("window", given.get("window", MAX_WINDOW), range(1, MAX_WINDOW + 1)) if exp == "window" else 0
    return Point(algo, radix, block, crt, cache, exp, window, ct, w)
