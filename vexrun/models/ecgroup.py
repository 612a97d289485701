"""What the curve models share: scalar multiplication by double-and-add and ECDSA (FIPS 186-4
6.4) over a subclass's add, on_curve, G, n and nbits. INF (None) is the point at infinity."""

INF = None


class Group:
    def mul(self, k, P):
        R = INF
        for bit in bin(k)[2:] if k > 0 else "":
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R

    def _e(self, digest):
        """The digest's leftmost nbits bits."""
        return int.from_bytes(digest, "big") >> max(0, 8 * len(digest) - self.nbits)

    def ecdsa_sign(self, d, digest, k):
        n = self.n
        r = self.mul(k, self.G).x % n
        return r, pow(k, -1, n) * (self._e(digest) + r * d) % n

    def ecdsa_verify(self, Q, digest, r, s):
        n = self.n
        if not (1 <= r < n and 1 <= s < n) or Q is INF or not self.on_curve(Q):
            return False
        w = pow(s, -1, n)
        R = self.add(self.mul(self._e(digest) * w % n, self.G), self.mul(r * w % n, Q))
        return R is not INF and R.x % n == r
