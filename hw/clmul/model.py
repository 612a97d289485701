"""Golden model of the carry-less multiply unit (cfu.v): the result of every function id and
its latency in cycles, bit- and cycle-exact. The cocotb tests (cocotb-tests/clmul/) hold the RTL
to it; tests/host/test_clmul_model.py tests the model against the definitions.

Latency is the number of cycles from the clock edge that accepts a command to the first cycle
its response is valid: 1 for an operation without products (the register operations, SPREAD,
undefined ids, a PROD answered from the cache); PARTS per 32 x 32 product it sums (a step per
slice), plus 2 for a PROD (the last step's accumulation and the answer: its first operands are
read in the command's cycle) and 3 for ZBC (whose operands are written to the RAM first).
"""

from dataclasses import dataclass, field

MASK32 = 0xFFFFFFFF

# funct3 of each operation (funct7 is the operation's immediate).
ZBC, LDA, LDB, LEN, PROD, SPREAD = 0, 1, 2, 3, 4, 5
CLMUL, CLMULH, CLMULR = 0, 1, 2            # ZBC's funct7
WORDS = 8                                  # A and B hold 8 words (fields up to 256 bits)


def fid(funct3, funct7=0):
    """function_id = {funct7, funct3}, as the CPU sends it."""
    return (funct7 << 3) | funct3


def clmul64(a, b):
    """The 64-bit carry-less product of two 32-bit words."""
    r = 0
    for i in range(32):
        if b >> i & 1:
            r ^= a << i
    return r


def clmul_int(a, b):
    """Carry-less product of two integers (polynomials over GF(2))."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def spread16(h):
    """Bit i of a 16-bit half to bit 2i: the half's square as a polynomial."""
    return sum(((h >> i) & 1) << (2 * i) for i in range(16))


@dataclass
class ClmulUnit:
    parts: int = 2                         # multiplier slices per 32 x 32 product (1, 2, 4)
    a: list = field(default_factory=lambda: [0] * WORDS)
    b: list = field(default_factory=lambda: [0] * WORDS)
    n: int = WORDS
    cache: tuple | None = None             # (column, its high word) of the last column a PROD summed

    def reset(self):
        """The unit's reset: n = 8, the cache cleared; A and B keep their contents (LUT RAM)."""
        self.n, self.cache = WORDS, None

    def _count(self, c):
        """Products in column c of an n-word product (0 when the column is empty)."""
        if c < 0 or c >= 2 * self.n - 1:
            return 0
        return min(c, self.n - 1) - max(0, c - self.n + 1) + 1

    def _column(self, c):
        """Column c: the XOR of A[i] B[c-i] as a 64-bit value."""
        r = 0
        for i in range(max(0, c - self.n + 1), min(c, self.n - 1) + 1):
            r ^= clmul64(self.a[i], self.b[c - i])
        return r

    def execute(self, function_id, x, y):
        """Runs one command: (result, latency in cycles)."""
        f3, f7 = function_id & 7, function_id >> 3
        x, y = x & MASK32, y & MASK32
        if f3 == ZBC and f7 <= CLMULR:
            p = clmul64(x, y)
            self.cache = None                  # the product takes the accumulator
            return ((p & MASK32, p >> 32, (p >> 31) & MASK32)[f7], 2 + self.parts)
        if f3 in (LDA, LDB) and f7 < WORDS and f7 % 2 == 0:
            regs = self.a if f3 == LDA else self.b
            regs[f7], regs[f7 + 1] = x, y
            self.cache = None
            return 0, 1
        if f3 == LEN and 1 <= f7 <= WORDS:
            self.n = f7
            self.cache = None
            return 0, 1
        if f3 == PROD and f7 < 2 * WORDS:
            return self._prod(f7)
        if f3 == SPREAD and f7 <= 1:
            return spread16((x >> (16 * f7)) & 0xFFFF), 1
        return 0, 1                        # undefined: no effect, 0

    def _prod(self, k):
        """Word k = low(column k) ^ high(column k-1); column k-1 is summed unless it is empty
        or cached (as the last column summed), then column k unless it is empty."""
        steps, carry = 0, 0
        if k > 0 and self._count(k - 1):
            if self.cache and self.cache[0] == k - 1:
                carry = self.cache[1]
            else:
                carry = self._column(k - 1) >> 32
                steps += self._count(k - 1)
                self.cache = (k - 1, carry)
        low = 0
        if self._count(k):
            col = self._column(k)
            low = col & MASK32
            steps += self._count(k)
            self.cache = (k, col >> 32)
        return low ^ carry, 1 + self.parts * steps if steps else 1

    def product_word(self, k):
        """Word k of A[0..n) * B[0..n), from the definition (for checking _prod)."""
        join = lambda ws: sum(w << (32 * i) for i, w in enumerate(ws[:self.n]))  # noqa: E731
        return (clmul_int(join(self.a), join(self.b)) >> (32 * k)) & MASK32
