"""The design space of each stage (docs/explore.md): every point of the keys that apply to it,
in the software algorithms (ALGO1-5, ALGO2/3 at the digit sizes of charz.RADICES) and in the
Montgomery unit."""

from vexrun.explore import charz
from vexrun.explore import point as points

# Seed 004's conventional configuration (§V, Table 3): ALGO1, 128-bit blocks, 32-bit digits, no
# CRT, no cache, the binary method; variable time, as the seed's library, for a private exponent too.
CONVENTIONAL = "algo=1,block=128,crt=none,cache=none,exp=lr"


def conventional(private: bool) -> str:
    return str(points.parse(CONVENTIONAL + (",ct=0" if private else ""), private))


def _exps():
    return [f"exp={e}" for e in ("lr", "rl", "ladder")] + [f"exp=window,window={w}" for w in
                                                           range(1, points.MAX_WINDOW + 1)]


def texts(private: bool, blocks=points.BLOCKS):
    """The canonical text of every point of a stage whose exponent is private or public."""
    out = []
    for algo in ("1", "2", "3", "4", "5"):
        for radix in (charz.RADICES if algo in ("2", "3") else (0,)):
            head = f"algo={algo}" + (f",radix={radix}" if radix else "")
            for block in blocks:
                for crt in points.CRTS:
                    base = f"{head},block={block},crt={crt}"
                    tails = []
                    if private:
                        tails += [f"ct=1,window={w}" for w in range(1, points.CT_MAX_WINDOW + 1)]
                    for cache in ("none", "pre", "intra") if algo == "1" else ("none", "pre"):
                        tails += [f"cache={cache},{e}" + (",ct=0" if private else "") for e in _exps()]
                    out += [str(points.parse(f"{base},{t}", private)) for t in tails]
    return out


def unit_texts(private: bool, blocks=points.BLOCKS):
    """Every point of the Montgomery unit (algo=unit) at each of its word widths."""
    widths = points.unit_accelerator().param("W").choices
    out = []
    for w in widths:
        for block in blocks:
            for crt in points.CRTS:
                tails = ["ct=1"] if private else []
                tails += [f"cache={c}" + (",ct=0" if private else "") for c in ("none", "pre")]
                out += [str(points.parse(f"algo=unit,w={w},block={block},crt={crt},{t}", private)) for t in tails]
    return out
