"""Native execution with the cost hook (fw/src/cost.h): the host oracle built with
-DVC_COST_HOOK runs the same C library as the SoC at host speed and answers each timed section's
events, (name, a, b, count), beside its (meaningless) cycles. The unit's points run in a variant
per word width whose emulation of the unit stands for it (fw/drivers/accel.h: VC_ACCEL_EMULATED)
and notes its transfers and commands."""

import json
import subprocess

from vexrun.env import ToolError

DEFINES = {"VC_COST_HOOK": 1}


def defines(w=0):
    """The cost build's defines: the software algorithms', or (w: the unit's word width) the unit's."""
    if not w:
        return DEFINES
    from hw.config import ACCELERATORS
    from vexrun.explore.point import unit_accelerator
    bit = 1 << ACCELERATORS.index(unit_accelerator())
    return {**DEFINES, "VC_ACCEL_EMULATED": bit, "VC_MONTU_W": w}


class Native:
    """One host oracle process of the cost build (w: the unit's, at that word width):
    request(req) -> its answer, with "cost"."""

    def __init__(self, w=0):
        from vexrun.soc.build import ensure_host
        exe = ensure_host("host-oracle", defines(w))
        self.proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise ToolError(f"{exe}: ended before its ready line")
            if line.startswith("{") and json.loads(line).get("ready"):
                break

    def request(self, req: dict) -> dict:
        self.proc.stdin.write(json.dumps(req, separators=(",", ":")) + "\n")
        line = self.proc.stdout.readline()
        if not line:
            raise ToolError(f"the cost build's host oracle ended on {req.get('op')} (exit {self.proc.wait()})")
        ans = json.loads(line)
        if not ans.get("ok"):
            raise ToolError(f"the cost build refused {json.dumps(req)[:200]}: {ans.get('error')}")
        return ans

    def counts(self, req: dict) -> list:
        """The events of req's timed section: [(name, a, b, count), ...]."""
        return [tuple(c) for c in self.request(req)["cost"]]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Natives:
    """A Native per word width, started when first asked for (w=0: the software algorithms')."""

    def __init__(self):
        self.by_w = {}

    def get(self, w=0):
        if w not in self.by_w:
            self.by_w[w] = Native(w)
        return self.by_w[w]

    def close(self):
        for n in self.by_w.values():
            n.close()
        self.by_w.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
