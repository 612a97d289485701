"""GHASH (NIST SP 800-38D, 6.3 and 6.4), written from the standard: the product in GF(2^128)
bit by bit (Algorithm 1, blocks as bit strings x0..x127 with x0 the coefficient of z^0, R =
11100001 || 0^120), and GHASH over zero-padded blocks. For the host tests of the firmware's
GHASH forms (fw/src/block/ghash*.c)."""

R = 0xE1 << 120


def mul(x: bytes, y: bytes) -> bytes:
    """X . Y of two 16-byte blocks (SP 800-38D Algorithm 1)."""
    xi, v, z = int.from_bytes(x, "big"), int.from_bytes(y, "big"), 0
    for i in range(128):
        if xi >> (127 - i) & 1:
            z ^= v
        v = (v >> 1) ^ (R if v & 1 else 0)
    return z.to_bytes(16, "big")


def ghash(h: bytes, data: bytes, y: bytes = bytes(16)) -> bytes:
    """Y_m of SP 800-38D Algorithm 2 from Y_0 = y, over data padded with zeros to whole blocks."""
    data = data + bytes(-len(data) % 16)
    for i in range(0, len(data), 16):
        y = mul(bytes(a ^ b for a, b in zip(y, data[i:i + 16])), h)
    return y
