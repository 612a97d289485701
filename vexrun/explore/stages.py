"""Seed 004's workload (§V, Table 1): the three public-key stages of an SSL client's handshake,
and §III's wireless data transaction, each one call of block-wise RSA (vc_rsa_block: the data
cut into blocks, one exponentiation per block) on fixed keys and data. Block-wise RSA is the
seed's method reproduced for its study, not a scheme to protect data."""

import functools
import random
from dataclasses import dataclass

from vexrun.env import UsageError

# Table 1's "16-bit" public exponents: the largest 16-bit prime (65537 has 17 bits).
E16 = 65521


@dataclass(frozen=True)
class Stage:
    name: str
    title: str
    data_bytes: int
    private: bool            # the key's private exponent (else its public one)
    key: str                 # whose 1,024-bit key
    part: tuple = ()         # a file's part: (its size, the part's offset): the file's bytes from there

    def data(self) -> bytes:
        if self.part:
            size, offset = self.part
            return random.Random(f"explore-file-{size}").randbytes(size)[offset:offset + self.data_bytes]
        rng = random.Random(f"explore-stage-{self.name}")
        if self.name != "txn":
            return rng.randbytes(self.data_bytes)
        # A 64-byte record (48 bytes of payload, 16 of blank padding) sent four times: blocks
        # repeat within a record and across records, which is what a pre-ME cache can serve.
        record = rng.randbytes(48) + b" " * 16
        return record * (self.data_bytes // len(record))


STAGES = {s.name: s for s in (
    Stage("1", "verify the CA's signature: 1,024-bit data under the CA's 16-bit public exponent", 128, False, "ca"),
    Stage("2", "the client's signature: 288-bit data under its 1,024-bit private key", 36, True, "client"),
    Stage("3", "encrypt the 384-bit pre-master secret under the server's 16-bit public exponent", 48, False,
          "server"),
    Stage("txn", "§III's wireless data transaction: a 64-byte record sent four times (256 bytes) under the "
          "server's 16-bit public exponent", 256, False, "server"),
)}


# Seed 002's file sizes (Table 3, bytes): its Figs 2-3 time RSA over them (vexrun/explore/files.py).
# A larger file runs in parts of PART bytes, each one call (a simulation of hours would be one
# task that no other worker can share).
FILE_SIZES = (23, 500, 1233, 2487, 5024, 7873, 15223, 53278)
PART = 8192


def file_stages(size: int, private: bool) -> list:
    """A file of seed 002's under the public exponent or the private key of a 1,024-bit key of its
    own (e = 65537), the same bytes either way: its parts' stages."""
    way = "private key" if private else "public exponent"
    return [Stage(f"file-{size}-{'private' if private else 'public'}" + (f"-{at}" if size > PART else ""),
                  f"bytes {at:,} to {min(size, at + PART):,} of a {size:,}-byte file of seed 002's (Table 3) under the "
                  f"{way}", min(PART, size - at), private, "file", (size, at)) for at in range(0, size, PART)]


FILE_STAGES = {s.name: s for n in FILE_SIZES for p in (False, True) for s in file_stages(n, p)}


def stage(name: str) -> Stage:
    if name not in STAGES and name not in FILE_STAGES:
        raise UsageError(f"--stage {name}: the stages are {', '.join(STAGES)}, and file-SIZE-public|private[-OFFSET] at "
                         f"seed 002's file sizes ({', '.join(map(str, FILE_SIZES))}; parts of {PART} bytes above)")
    return STAGES.get(name) or FILE_STAGES[name]


def key(owner: str):
    """(n, e, d, p, q) of `owner`'s 1,024-bit key (vexrun/vectors/pkdata.py's deterministic
    generator); the client's e is 65537 (its private exponent is what stage 2 uses), as the
    files' (seed 002's RSA), the others' E16."""
    from vexrun.vectors import pkdata
    k = pkdata.rsa_key(1024, f"explore-{owner}", 65537 if owner in ("client", "file") else E16)
    return k.n, k.e, k.d, max(k.p, k.q), min(k.p, k.q)


def hx(v: int) -> str:
    h = format(v, "x")
    return h if len(h) % 2 == 0 else "0" + h


def request(st: Stage, point) -> dict:
    """The oracle request that runs stage `st` at `point` (vexrun.explore.point.Point)."""
    n, e, d, p, q = key(st.key)
    req = {"op": "rsa", "fn": "block", "private": st.private, "msg": st.data().hex(), "n": hx(n), "e": hx(e)}
    if st.private or point.crt != "none":
        req.update(d=hx(d), p=hx(p), q=hx(q))
    return dict(req, **point.request())


def blockwise(data: bytes, block_bits: int, x: int, n: int) -> bytes:
    """Block-wise RSA by Python's pow (the reference): each block of `data`, a big-endian number,
    raised to x mod n, in n's length."""
    bb, k = block_bits // 8, (n.bit_length() + 7) // 8
    return b"".join(pow(int.from_bytes(data[i:i + bb], "big"), x, n).to_bytes(k, "big")
                    for i in range(0, len(data), bb))


@functools.lru_cache(maxsize=None)
def expected(st: Stage, block_bits: int) -> bytes:
    """The stage's output (kept: every point at the block size checks it; under the private key
    it costs milliseconds, more than most points' estimate)."""
    n, e, d, _, _ = key(st.key)
    return blockwise(st.data(), block_bits, d if st.private else e, n)
