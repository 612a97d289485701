"""SEAL 3.0 in plain Python, written from the specification (Rogaway and Coppersmith, "A
software-optimized encryption algorithm", J. Cryptology 11(4), 1998, section 3 and figure 1)
as an independent model for the C implementation. Slow and literal on purpose: the paper's
names (a, n, L, T, S, R, Gamma, G, Initialize, P, Q, i counted from 1), the SHA-1 compression
function from FIPS 180-4, no shared code with fw/src/stream/seal.c.

SEAL(a, n) for a 160-bit key a, a 32-bit position n and an output length L (bits, a multiple
of 32 here, at most 64 KiB) is a string of L bits; as bytes it is serialised big-endian (the
words are written most significant bit first, as the paper writes y).
"""

MASK = 0xFFFFFFFF


def _rotl(x, s):
    return ((x << s) | (x >> (32 - s))) & MASK


def _rotr(x, s):
    return ((x >> s) | (x << (32 - s))) & MASK


def sha1_compress(h, block):
    """FIPS 180-4 section 6.1.2 for one 512-bit block (16 words) from chaining value h."""
    w = list(block)
    for t in range(16, 80):
        w.append(_rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1))
    a, b, c, d, e = h
    for t in range(80):
        if t <= 19:
            f, k = (b & c) ^ (~b & d), 0x5A827999
        elif t <= 39:
            f, k = b ^ c ^ d, 0x6ED9EBA1
        elif t <= 59:
            f, k = (b & c) ^ (b & d) ^ (c & d), 0x8F1BBCDC
        else:
            f, k = b ^ c ^ d, 0xCA62C1D6
        temp = (_rotl(a, 5) + (f & MASK) + e + k + w[t]) & MASK
        e, d, c, b, a = d, c, _rotl(b, 30), a, temp
    return [(x + y) & MASK for x, y in zip(h, (a, b, c, d, e))]


class Seal:
    """The tables of key a, built once; keystream(n, L) then gives SEAL(a, n) of L bits."""

    def __init__(self, key: bytes, max_bits: int = 8 * 65536):
        assert len(key) == 20
        self.a = [int.from_bytes(key[4 * i:4 * i + 4], "big") for i in range(5)]
        self._g_cache = {}
        self.T = [self.gamma(i) for i in range(512)]
        self.S = [self.gamma(0x1000 + j) for j in range(256)]
        r_words = 4 * -(-(max_bits - 1) // 8192)          # 4 * ceil((L - 1) / 8192)
        self.R = [self.gamma(0x2000 + k) for k in range(r_words)]
        self.max_bits = max_bits

    def G(self, i):
        """G_a(i): SHA-1 compression, chaining value a, message block i || 0^480."""
        if i not in self._g_cache:
            self._g_cache[i] = sha1_compress(self.a, [i] + [0] * 15)
        return self._g_cache[i]

    def gamma(self, i):
        """Gamma_a(i) = H^i_{i mod 5}, where H^i_0 .. H^i_4 = G_a(floor(i / 5))."""
        return self.G(i // 5)[i % 5]

    def initialize(self, n, l):
        T, R = self.T, self.R
        A = n ^ R[4 * l]
        B = _rotr(n, 8) ^ R[4 * l + 1]
        C = _rotr(n, 16) ^ R[4 * l + 2]
        D = _rotr(n, 24) ^ R[4 * l + 3]
        for _ in range(2):
            P = A & 0x7FC; B = (B + T[P // 4]) & MASK; A = _rotr(A, 9)
            P = B & 0x7FC; C = (C + T[P // 4]) & MASK; B = _rotr(B, 9)
            P = C & 0x7FC; D = (D + T[P // 4]) & MASK; C = _rotr(C, 9)
            P = D & 0x7FC; A = (A + T[P // 4]) & MASK; D = _rotr(D, 9)
        n1, n2, n3, n4 = D, B, A, C
        P = A & 0x7FC; B = (B + T[P // 4]) & MASK; A = _rotr(A, 9)
        P = B & 0x7FC; C = (C + T[P // 4]) & MASK; B = _rotr(B, 9)
        P = C & 0x7FC; D = (D + T[P // 4]) & MASK; C = _rotr(C, 9)
        P = D & 0x7FC; A = (A + T[P // 4]) & MASK; D = _rotr(D, 9)
        return A, B, C, D, n1, n2, n3, n4

    def words(self, n, L):
        """SEAL(a, n) as ceil(L / 32) 32-bit words (the paper's y, cut to L bits)."""
        assert 0 <= L <= self.max_bits
        T, S = self.T, self.S
        y = []
        l = 0
        while True:
            A, B, C, D, n1, n2, n3, n4 = self.initialize(n, l)
            for i in range(1, 65):
                P = A & 0x7FC; B = (B + T[P // 4]) & MASK; A = _rotr(A, 9); B ^= A
                Q = B & 0x7FC; C ^= T[Q // 4]; B = _rotr(B, 9); C = (C + B) & MASK
                P = (P + C) & 0x7FC; D = (D + T[P // 4]) & MASK; C = _rotr(C, 9); D ^= C
                Q = (Q + D) & 0x7FC; A ^= T[Q // 4]; D = _rotr(D, 9); A = (A + D) & MASK
                P = (P + A) & 0x7FC; B ^= T[P // 4]; A = _rotr(A, 9)
                Q = (Q + B) & 0x7FC; C = (C + T[Q // 4]) & MASK; B = _rotr(B, 9)
                P = (P + C) & 0x7FC; D ^= T[P // 4]; C = _rotr(C, 9)
                Q = (Q + D) & 0x7FC; A = (A + T[Q // 4]) & MASK; D = _rotr(D, 9)
                y += [(B + S[4 * i - 4]) & MASK, C ^ S[4 * i - 3],
                      (D + S[4 * i - 2]) & MASK, A ^ S[4 * i - 1]]
                if 32 * len(y) >= L:
                    return y[:-(-L // 32)]
                if i % 2 == 1:
                    A, B, C, D = (A + n1) & MASK, (B + n2) & MASK, C ^ n1, D ^ n2
                else:
                    A, B, C, D = (A + n3) & MASK, (B + n4) & MASK, C ^ n3, D ^ n4
            l += 1

    def keystream(self, n, nbytes):
        """The first nbytes of SEAL(a, n), words big-endian."""
        ws = self.words(n, 8 * nbytes)
        return b"".join(w.to_bytes(4, "big") for w in ws)[:nbytes]
