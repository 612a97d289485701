"""Golden model of vexsim_ctrl.v, the reference of its cocotb tests (cocotb-tests/simctrl/)."""


class VexsimCtrlModel:
    """What the block promises: after rising edge k (k = 0, 1, ...), `trace_on` is high exactly
    when trace_begin <= k < trace_end, and the run ends at edge max_cycles (0: never)."""

    def __init__(self, max_cycles=0, trace_begin=0, trace_end=0):
        self.max_cycles, self.begin, self.end = max_cycles, trace_begin, trace_end

    @classmethod
    def from_plusargs(cls, plusargs):
        """The model of a run started with plusargs such as "+max_cycles=1000"."""
        args = dict(a.lstrip("+").split("=", 1) for a in plusargs if "=" in a)
        return cls(*(int(args.get(k, 0)) for k in ("max_cycles", "trace_begin", "trace_end")))

    def trace_after_edge(self, k):
        return int(self.begin <= k < self.end)

    def ends_at_edge(self, k):
        return self.max_cycles != 0 and k >= self.max_cycles


# Seed 001's instruction classes by RV32 major opcode (vexsim_ctrl.v); any other opcode is control.
COMPUTE_OPCODES = frozenset({0x33, 0x13, 0x37, 0x17, 0x0B, 0x2B, 0x5B, 0x7B})
MEMORY_OPCODES = frozenset({0x03, 0x23, 0x2F})
CLASSES = ("compute", "memory", "control")


def insn_class(insn):
    """The class of a 32-bit instruction word: "compute", "memory" or "control"."""
    op = insn & 0x7F
    return "compute" if op in COMPUTE_OPCODES else "memory" if op in MEMORY_OPCODES else "control"


class RetireCounterModel:
    """The block's instruction classes: edge(valid, insn, mark) is one clock edge with the
    retirement port and mark as sampled there; span is what the outputs hold after it (a mark
    takes what retired at earlier edges since the previous mark)."""

    def __init__(self):
        self.total = dict.fromkeys(CLASSES, 0)
        self.at = dict.fromkeys(CLASSES, 0)
        self.span = dict.fromkeys(CLASSES, 0)

    def edge(self, valid, insn, mark):
        if mark:
            self.span = {c: self.total[c] - self.at[c] for c in CLASSES}
            self.at = dict(self.total)
        if valid:
            self.total[insn_class(insn)] += 1
