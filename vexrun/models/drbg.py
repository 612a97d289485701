"""HMAC_DRBG with SHA-256 (NIST SP 800-90A, 10.1.2), no reseed, no additional input: the
firmware's deterministic generator (fw/src/rng/drbg.c), written from the standard on Python's
hmac so the host can draw the numbers the firmware's benchmarks and key generation draw."""

import hashlib
import hmac


class HmacDrbg:
    def __init__(self, seed: bytes):
        self.k, self.v = b"\x00" * 32, b"\x01" * 32
        self._update(seed)

    def _mac(self, data):
        return hmac.new(self.k, data, hashlib.sha256).digest()

    def _update(self, data=b""):
        self.k = self._mac(self.v + b"\x00" + data)
        self.v = self._mac(self.v)
        if data:
            self.k = self._mac(self.v + b"\x01" + data)
            self.v = self._mac(self.v)

    def generate(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            self.v = self._mac(self.v)
            out += self.v
        self._update()
        return out[:n]

    def draw(self, bits: int) -> int:
        """The benchmarks' draw(bits): ceil(bits/8) bytes, big-endian, bits above `bits`
        cleared (fw/app/bench_mp.c)."""
        v = int.from_bytes(self.generate((bits + 7) // 8), "big")
        return v & ((1 << bits) - 1)
