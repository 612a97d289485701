"""Writes clmul_kat.txt, the unit's known answers, independently of its golden model: Zbc by
the specification's pseudocode, products of 163- and 233-bit operands by ordinary integer
multiplication with every bit in a lane of its own (a lane's parity is the carry-less
coefficient). `python make_kat.py` rewrites the file; test_clmul.py checks it is current."""

import random
from pathlib import Path

OUT = Path(__file__).with_name("clmul_kat.txt")
LANE = 16                                  # bits per lane: sums of up to 2^16 - 1 ones stay exact


def zbc(op, a, b):
    out = 0
    for i in range(32):
        if b >> i & 1:
            out ^= [a << i, a >> (32 - i) if i else 0, a >> (31 - i)][op]
    return out & 0xFFFFFFFF


def clmul_lanes(a, b, bits):
    spread = lambda v: sum(((v >> i) & 1) << (LANE * i) for i in range(bits))  # noqa: E731
    prod = spread(a) * spread(b)
    return sum(((prod >> (LANE * i)) & 1) << i for i in range(2 * bits))


def lines():
    rng = random.Random(2026)
    out = ["# function_id rs1 rs2 expected (hex); see make_kat.py"]
    for op in range(3):
        for a, b in [(0, 0), (1, 1), (0xFFFFFFFF, 0xFFFFFFFF), (0x80000000, 0x80000000), (0x80000000, 2),
                     (rng.getrandbits(32), rng.getrandbits(32)), (rng.getrandbits(32), rng.getrandbits(32))]:
            out.append(f"{op << 3:#05x} {a:08x} {b:08x} {zbc(op, a, b):08x}")
    for m, n in ((163, 6), (233, 8)):
        a, b = rng.getrandbits(m), rng.getrandbits(m)
        aw = [(a >> 32 * i) & 0xFFFFFFFF for i in range(8)]
        bw = [(b >> 32 * i) & 0xFFFFFFFF for i in range(8)]
        out.append(f"{n << 3 | 3:#05x} 00000000 00000000 00000000")            # LEN n
        for i in range(0, 8, 2):
            out.append(f"{i << 3 | 1:#05x} {aw[i]:08x} {aw[i + 1]:08x} 00000000")   # LDA
            out.append(f"{i << 3 | 2:#05x} {bw[i]:08x} {bw[i + 1]:08x} 00000000")   # LDB
        p = clmul_lanes(a, b, 32 * n)
        for k in range(16):
            out.append(f"{k << 3 | 4:#05x} 00000000 00000000 {(p >> 32 * k) & 0xFFFFFFFF:08x}")
    return out


if __name__ == "__main__":
    OUT.write_text("\n".join(lines()) + "\n")
