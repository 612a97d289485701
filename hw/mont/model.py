"""Golden model of the Montgomery co-processor core (mont_core.v): the operand memory as the
bus sees it, the result and the error flags of every command, and its latency in cycles,
bit- and cycle-exact. The cocotb tests (cocotb-tests/mont/) hold the RTL to it;
tests/host/test_mont_model.py tests the model against Python integers (pow(R, -1, N) ...).

A command is sampled at a clock edge (E0); its latency is the number of edges from E0 to the
edge after which `done` is high (and `busy` low):

- a request error (unknown operation, bad length, slot out of range): 1
- an even modulus (zero included): 3
- NINV: W + 3
- MUL at s = ceil(len / W) words: (s-1)(LP+LR) + LP + 2s + 9 with LP = max(s+1, 5) and
  LR = max(s, 3): 2s^2 + 2s + 9 for s >= 4 (the bound of a one-multiplier CIOS is 2s^2 + s).
- ADD and SUB at s words: 4s + 5 (3s reads and s writes on the datapath's one memory port).

MUL computes what the hardware computes, word by word (CIOS with the ninv register as
-N^-1 mod 2^W), so the model is exact for any operands below R = 2^(W s), not only reduced ones:
T = (A*B + M*N) / R with M = -A*B*N^-1 mod R, the result T - N if T >= N else T (below N when
A*B < R*N, e.g. A, B < N). If ninv is not -N[0]^-1 mod 2^W, a reduction's first word is not 0;
the unit flags ERR_NINV and leaves the result slot alone (the model says the same).

ADD and SUB compute T = A + B (SUB: A - B) mod R and D = T - N (SUB: T + N) mod R word by word,
and write D if A + B >= N, i.e. a carry out of T or no borrow out of D (SUB: if A < B), else T:
(A +- B) mod N, fully reduced, when A, B < N; exact for any A, B < R (_addsub).

Programs (the wrapper's sequencer, hw/mont/core.py): a RUN command names program p (bits 7:4)
and three base slots P, Q, OUT (its a, b and r fields); it starts the words from entry
PROG_BLOCK p of the program memory up to one with END, or the memory's last, each a command
whose slot fields are references (program_commands resolves them). Its first command starts
RUN_START cycles later than a plain command in its place would; the others run one cycle apart,
as queued commands do.
"""

from dataclasses import dataclass, field

OP_MUL, OP_NINV, OP_ADD, OP_SUB = 1, 2, 3, 4
OP_NAMES = {OP_MUL: "mul", OP_NINV: "ninv", OP_ADD: "add", OP_SUB: "sub"}
OPS = tuple(OP_NAMES)
ERR_BUSY, ERR_OP, ERR_LEN, ERR_SLOT, ERR_MOD, ERR_NINV = (1 << i for i in range(6))
ERR_NAMES = {ERR_BUSY: "busy", ERR_OP: "op", ERR_LEN: "len", ERR_SLOT: "slot", ERR_MOD: "mod", ERR_NINV: "ninv"}
FIELD = 0xFFFF                       # the core's len and slot inputs are 16 bits wide
OP_RUN, END, PROG_WORDS, PROG_BLOCK, RUN_START = 5, 0x80, 512, 32, 3
REF_ABS, REF_P, REF_Q, REF_OUT = range(4)   # a reference's class: bits 7:6 of a slot field


def ref(cls, index):
    """A program word's slot field: slot `index` (0 .. 63) itself, or P, Q or OUT plus it."""
    assert 0 <= index < 64
    return cls << 6 | index


def prog_word(op, r, a, b, end=False):
    """A program word (r, a, b: references)."""
    return op | (END if end else 0) | a << 8 | b << 16 | r << 24


def program_commands(mem, prog, p, q, out):
    """The commands (op, a, b, r) a RUN of program `prog` with base slots p, q, out starts, in
    order, the slots resolved (a sum may pass 255: the core flags it)."""
    bases = (0, p, q, out)
    cmds = []
    for pc in range(prog * PROG_BLOCK, PROG_WORDS):
        w = mem[pc]
        slot = [bases[f >> 6] + (f & 63) for f in (w >> 8 & 0xFF, w >> 16 & 0xFF, w >> 24)]
        cmds.append((w & 0xF, *slot))
        if w & END:
            break
    return cmds


def words(length, w=32):
    """s: the words of an operand of `length` bits."""
    return -(-length // w)


def stride_log2(s):
    """log2 of the slot stride at s words: ceil(log2 s)."""
    return (s - 1).bit_length()


def mul_cycles(s):
    """Latency of a MUL at s words."""
    lp, lr = max(s + 1, 5), max(s, 3)
    return (s - 1) * (lp + lr) + lp + 2 * s + 9


def addsub_cycles(s):
    """Latency of an ADD or a SUB at s words."""
    return 4 * s + 5


def cycles(op, s):
    """Latency of a command that passes its checks (MUL, ADD, SUB) at s words."""
    return mul_cycles(s) if op == OP_MUL else addsub_cycles(s)


def mont_product(a, b, n, s, w=32):
    """The unit's MUL on integers (a, b < R = 2^(w s), n odd): T = (a b + M n) / R with
    M = -a b n^-1 mod R, minus n if T >= n. Equal to a b R^-1 mod n when a b < R n."""
    r = 1 << (w * s)
    m = (-a * b * pow(n, -1, r)) % r
    t = (a * b + m * n) >> (w * s)
    return t - n if t >= n else t


@dataclass
class Outcome:
    err: int                         # the error flags the command sets
    cycles: int                      # its latency
    writes: int = 0                  # words of slot r it writes (s for a MUL, ADD, SUB that succeeds)


@dataclass
class MontUnit:
    w: int = 32
    max_bits: int = 4096
    slots: int = 8
    mem: list = field(default=None)
    ninv: int = 0
    busy: bool = False               # never True between calls: execute() runs a command whole
    done: bool = False
    err: int = 0

    def __post_init__(self):
        assert self.w % 32 == 0 and self.max_bits % self.w == 0
        self.maxw = self.max_bits // self.w
        self.depth = self.slots * self.maxw
        assert self.maxw >= 2 and self.depth & (self.depth - 1) == 0
        self.lanes = self.w // 32
        self.mask = (1 << self.w) - 1
        if self.mem is None:
            self.mem = [0] * self.depth

    # ---- the bus window: 32-bit words, lane 0 of a W-bit word first
    @property
    def window_words(self):
        return self.depth * self.lanes

    def bus_write(self, addr, value, be=0xF):
        """A write of the bytes of `value` selected by `be` (bit k: byte k)."""
        i, lane = divmod(addr, self.lanes)
        mask = sum(0xFF << (8 * k) for k in range(4) if be >> k & 1) << (32 * lane)
        self.mem[i] = (self.mem[i] & ~mask) | (((value & 0xFFFFFFFF) << (32 * lane)) & mask)

    def bus_read(self, addr):
        i, lane = divmod(addr, self.lanes)
        return (self.mem[i] >> (32 * lane)) & 0xFFFFFFFF

    # ---- slots
    def nslots(self, length):
        return self.depth >> stride_log2(words(length, self.w))

    def base(self, slot, length):
        """Word address of slot `slot` at `length` bits."""
        return slot << stride_log2(words(length, self.w))

    def bus_addr(self, slot, length):
        """Bus word address of the slot's first 32-bit word."""
        return self.base(slot, length) * self.lanes

    def load(self, slot, length):
        s, b = words(length, self.w), self.base(slot, length)
        return sum(self.mem[b + j] << (self.w * j) for j in range(s))

    def store(self, slot, length, value, count=None):
        s, b = words(length, self.w), self.base(slot, length)
        for j in range(s if count is None else count):
            self.mem[b + j] = (value >> (self.w * j)) & self.mask

    # ---- registers
    def reset(self):
        """The core's reset: idle, done and the flags cleared, ninv = 0; the memory stays."""
        self.busy = self.done = False
        self.err = self.ninv = 0

    def write_ninv(self, value, while_busy=False):
        """A CPU write of the ninv register; while a command runs it is ignored (ERR_BUSY)."""
        if while_busy:
            self.err |= ERR_BUSY
        else:
            self.ninv = value & self.mask

    def busy_violation(self):
        """A start while busy: ERR_BUSY, the running command is unaffected."""
        self.err |= ERR_BUSY

    # ---- commands
    def check(self, op, length, a, b, n, r):
        """The request checks of cycle 0: the flags, 0 if the request is legal."""
        err = 0
        if op not in OPS:
            err |= ERR_OP
        if not 1 <= length <= self.max_bits:
            err |= ERR_LEN
        elif op in OPS:
            used = (n,) if op == OP_NINV else (a, b, n, r)
            if any(x >= self.nslots(length) for x in used):
                err |= ERR_SLOT
        return err

    def execute(self, op, length, a=0, b=0, n=0, r=0, reset_at=None):
        """Runs one command to its end (the unit is idle): the outcome, with the status
        registers and the memory updated. reset_at=c: a reset sampled at edge c (1 <= c <= the
        latency) cuts it short: the unit is reset, and of a result only the words written at
        edges up to c are in slot r (the memory has no reset)."""
        assert not self.busy
        op, length, a, b, n, r = op & 0xF, length & FIELD, a & FIELD, b & FIELD, n & FIELD, r & FIELD
        out, result = self._run(op, length, a, b, n, r)
        if reset_at is not None and reset_at <= out.cycles:
            k = 0
            if result is not None:
                k = sum(1 for e in self.write_edges(op, len(result)) if e <= reset_at)
                self._store_words(r, length, result, k)
            self.reset()
            return Outcome(0, reset_at, k)
        if result is not None:
            self._store_words(r, length, result)
        self.done, self.err = True, out.err
        return out

    def _run(self, op, length, a, b, n, r):
        """(outcome, the result words to write or None); NINV sets the register here."""
        err = self.check(op, length, a, b, n, r)
        if err:
            return Outcome(err, 1), None
        s = words(length, self.w)
        n0 = self.mem[self.base(n, length)]
        if n0 % 2 == 0:
            return Outcome(ERR_MOD, 3), None
        if op == OP_NINV:
            self.ninv = (-pow(n0, -1, 1 << self.w)) % (1 << self.w)
            return Outcome(0, self.w + 3), None
        A, B, N = self._words(a, length), self._words(b, length), self._words(n, length)
        if op != OP_MUL:
            return Outcome(0, addsub_cycles(s), s), self._addsub(op, A, B, N, s)
        res, bad = self._cios(A, B, N, s)
        if bad:
            return Outcome(ERR_NINV, mul_cycles(s)), None
        return Outcome(0, mul_cycles(s), s), res

    def write_edges(self, op, s):
        """Edges at which the result words 0..s-1 of a MUL, ADD or SUB are written (the last
        one with done)."""
        last = cycles(op, s)
        return [last - (s - 1) + j for j in range(s)]

    def _words(self, slot, length):
        b = self.base(slot, length)
        return self.mem[b:b + words(length, self.w)]

    def _store_words(self, slot, length, ws, count=None):
        b = self.base(slot, length)
        for j in range(len(ws) if count is None else count):
            self.mem[b + j] = ws[j]

    def _cios(self, A, B, N, s):
        """The datapath word by word: CIOS with t[s] in ts and t[s+1] in ts1, then T - N and the
        choice. Returns (result words, ninv mismatch seen)."""
        w, mask = self.w, self.mask
        t = [0] * s
        ts = ts1 = 0
        bad = False
        for i in range(s):
            c = 0
            for j in range(s):                       # product pass
                x = t[j] + A[j] * B[i] + c
                t[j], c = x & mask, x >> w
            x = ts + c
            ts, ts1 = x & mask, x >> w
            m = (t[0] * self.ninv) & mask            # the m-product
            x = t[0] + m * N[0]                      # reduction pass
            bad |= (x & mask) != 0
            c = x >> w
            for j in range(1, s):
                x = t[j] + m * N[j] + c
                t[j - 1], c = x & mask, x >> w
            x = ts + c
            t[s - 1], ts, ts1 = x & mask, ts1 + (x >> w), 0
        d, bor = [], 0
        for j in range(s):                           # T - N
            x = t[j] - N[j] - bor
            d.append(x & mask)
            bor = int(x < 0)
        return (d if ts != 0 or not bor else t), bad

    def _addsub(self, op, A, B, N, s):
        """ADD/SUB as the datapath does it: T = A + B, or A + ~B + 1 (A - B), with its carry c;
        D = T - N, or T - ~N - 1 (T + N), with its borrow; the result D if c or no borrow (ADD),
        if not c, i.e. A < B (SUB), else T."""
        w, mask = self.w, self.mask
        sub = op == OP_SUB
        t, d, c, bor = [], [], int(sub), int(sub)
        for j in range(s):
            x = A[j] + (B[j] ^ mask if sub else B[j]) + c
            t.append(x & mask)
            c = x >> w
            x = t[j] - (N[j] ^ mask if sub else N[j]) - bor
            d.append(x & mask)
            bor = int(x < 0)
        return d if (not c if sub else c or not bor) else t
