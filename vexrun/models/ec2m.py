"""The NIST binary curves y^2 + xy = x^3 + a x^2 + b over GF(2^m) (FIPS 186-4, D.1.3.1-2; SEC 2
sect163k1/r2, sect233k1/r1), affine arithmetic from the group law's formulas (HMV 3.1.2), and
ECDSA verification: the reference the C curves and the benchmark records are checked against.
Points are Point(x, y) or INF."""

from dataclasses import dataclass

from vexrun.models.ecgroup import INF, Group
from vexrun.models.gf2m import F163, F233


@dataclass(frozen=True)
class Point:
    x: int
    y: int


class Curve(Group):
    def __init__(self, name, F, a, b, gx, gy, n, h):
        self.name, self.F, self.a, self.b, self.n, self.h = name, F, a, b, n, h
        self.G = Point(gx, gy)
        self.nbits = n.bit_length()

    def point(self, x, y):
        return Point(x, y)

    def on_curve(self, P):
        if P is INF:
            return True
        F, x, y = self.F, P.x, P.y
        if x >> F.m or y >> F.m:
            return False
        return F.sqr(y) ^ F.mul(x, y) == F.mul(F.sqr(x), x) ^ F.mul(self.a, F.sqr(x)) ^ self.b

    def neg(self, P):
        return INF if P is INF else Point(P.x, P.x ^ P.y)

    def add(self, P, Q):
        F = self.F
        if P is INF:
            return Q
        if Q is INF:
            return P
        if P.x == Q.x and (P.y != Q.y or P.x == 0):
            return INF                                    # Q = -P (or doubling a point of order 2)
        if P == Q:
            lam = P.x ^ F.mul(P.y, F.inv(P.x))
            x3 = F.sqr(lam) ^ lam ^ self.a
            return Point(x3, F.sqr(P.x) ^ F.mul(lam ^ 1, x3))
        lam = F.mul(P.y ^ Q.y, F.inv(P.x ^ Q.x))
        x3 = F.sqr(lam) ^ lam ^ P.x ^ Q.x ^ self.a
        return Point(x3, F.mul(lam, P.x ^ x3) ^ x3 ^ P.y)

    def lift_x(self, x):
        """The point with x-coordinate x and the smaller y, or None."""
        F = self.F
        if x == 0:
            return Point(0, F.sqrt(self.b))
        beta = x ^ self.a ^ F.mul(self.b, F.inv(F.sqr(x)))
        if F.trace(beta):
            return None
        z = F.half_trace(beta)
        y0, y1 = F.mul(x, z), F.mul(x, z ^ 1)
        return Point(x, min(y0, y1))


CURVES = {
    "K-163": Curve("K-163", F163, 1, 1,
                   0x2FE13C0537BBC11ACAA07D793DE4E6D5E5C94EEE8, 0x289070FB05D38FF58321F2E800536D538CCDAA3D9,
                   0x4000000000000000000020108A2E0CC0D99F8A5EF, 2),
    "B-163": Curve("B-163", F163, 1, 0x20A601907B8C953CA1481EB10512F78744A3205FD,
                   0x3F0EBA16286A2D57EA0991168D4994637E8343E36, 0x0D51FBC6C71A0094FA2CDD545B11C5C0C797324F1,
                   0x40000000000000000000292FE77E70C12A4234C33, 2),
    "K-233": Curve("K-233", F233, 0, 1,
                   0x17232BA853A7E731AF129F22FF4149563A419C26BF50A4C9D6EEFAD6126,
                   0x1DB537DECE819B7F70F555A67C427A8CD9BF18AEB9B56E0C11056FAE6A3,
                   0x8000000000000000000000000000069D5BB915BCD46EFB1AD5F173ABDF, 4),
    "B-233": Curve("B-233", F233, 1, 0x066647EDE6C332C7F8C0923BB58213B333B20E9CE4281FE115F7D8F90AD,
                   0x0FAC9DFCBAC8313BB2139F1BB755FEF65BC391F8B36F8F8EB7371FD558B,
                   0x1006A08A41903350678E58528BEBF8A0BEFF867A7CA36716F7E01F81052,
                   0x1000000000000000000000000000013E974E72F8A6922031D2603CFE0D7, 2),
}


def curve(name):
    return CURVES[name]

