"""Binary fields GF(2^m) in polynomial basis, written from the definitions (FIPS 186-4 D.1.3,
Hankerson-Menezes-Vanstone ch. 2): elements are Python ints whose bit i is the coefficient of
z^i. The reference the C field layer (fw/src/ec/gf2m*.c) is tested against; independent of
its algorithms (carry-less product by bits, reduction by long division, inversion by
exponentiation)."""


class Field:
    def __init__(self, m, terms):
        """f(z) = z^m + sum(z^t for t in terms) + 1."""
        self.m = m
        self.f = (1 << m) | 1 | sum(1 << t for t in terms)
        self.bytes = (m + 7) // 8

    def reduce(self, a):
        m, f = self.m, self.f
        while a.bit_length() > m:
            a ^= f << (a.bit_length() - 1 - m)
        return a

    def add(self, a, b):
        return a ^ b

    def mul(self, a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            a <<= 1
            b >>= 1
        return self.reduce(r)

    def sqr(self, a):
        return self.mul(a, a)

    def pow(self, a, e):
        r = 1
        while e:
            if e & 1:
                r = self.mul(r, a)
            a = self.sqr(a)
            e >>= 1
        return r

    def inv(self, a):
        """Extended Euclid on polynomials (fast in Python); inv_fermat is the slow cross-check."""
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        u, v, g1, g2 = a, self.f, 1, 0
        while u != 1:
            j = u.bit_length() - v.bit_length()
            if j < 0:
                u, v, g1, g2, j = v, u, g2, g1, -j
            u ^= v << j
            g1 ^= g2 << j
        return self.reduce(g1)

    def inv_fermat(self, a):
        """a^(2^m - 2): the multiplicative group has order 2^m - 1."""
        if a == 0:
            raise ZeroDivisionError("0 has no inverse")
        return self.pow(a, (1 << self.m) - 2)

    def trace(self, a):
        t, x = 0, a
        for _ in range(self.m):
            t ^= x
            x = self.sqr(x)
        return t

    def half_trace(self, a):
        """Sum of a^(2^(2i)), i = 0..(m-1)/2: solves z^2 + z = a when Tr(a) = 0 (m odd)."""
        h, x = 0, a
        for _ in range((self.m - 1) // 2 + 1):
            h ^= x
            x = self.sqr(self.sqr(x))
        return h

    def sqrt(self, a):
        """a^(2^(m-1)): the unique square root."""
        for _ in range(self.m - 1):
            a = self.sqr(a)
        return a

    def to_bytes(self, a):
        return a.to_bytes(self.bytes, "big")

    def from_bytes(self, b):
        a = int.from_bytes(b, "big")
        if a >> self.m:
            raise ValueError("bit at or above m")
        return a


F163 = Field(163, (7, 6, 3))
F233 = Field(233, (74,))
