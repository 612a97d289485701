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
