"""Writes mont_kat.txt, the Montgomery unit's known answers, independently of its golden model:
A * B * R^-1 mod N and -N^-1 mod 2^W by Python's pow alone (R = 2^(W ceil(len / W))), for random
operands at the named sizes and for edge cases (N = 3, N = 2^256 - 1, A = B = N - 1, A = 0,
the P-256 prime with R^2 mod p, whose product with 1 is R mod p). `python make_kat.py` rewrites
the file; test_mont_core.py checks it is current."""

import random
from pathlib import Path

OUT = Path(__file__).with_name("mont_kat.txt")
P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1


def line(w, length, a, b, n):
    s = -(-length // w)
    r = 1 << (w * s)
    want = a * b * pow(r, -1, n) % n
    ninv = -pow(n, -1, 1 << w) % (1 << w)
    return f"{w} {length} {a:x} {b:x} {n:x} {ninv:x} {want:x}"


def lines():
    rng = random.Random(2027)
    out = ["# W length A B N -N^-1_mod_2^W A*B*R^-1_mod_N (hex); see make_kat.py"]
    for w, sizes in ((32, (32, 256, 512, 1024, 2048, 4096)), (64, (64, 256, 1024, 2048, 4096))):
        for length in sizes:
            n = rng.getrandbits(length) | 1 | (1 << (length - 1))
            out.append(line(w, length, rng.randrange(n), rng.randrange(n), n))
        s = -(-256 // w)
        out.append(line(w, w, 2, 2, 3))
        out.append(line(w, 256, 2**256 - 2, 2**256 - 2, 2**256 - 1))
        out.append(line(w, 256, 0, rng.randrange(P256), P256))
        out.append(line(w, 256, pow(2, 2 * w * s, P256), 1, P256))
        out.append(line(w, 1024, 2**1023 + 4, 2**1023 + 4, 2**1023 + 5))
    return out


if __name__ == "__main__":
    OUT.write_text("\n".join(lines()) + "\n")
