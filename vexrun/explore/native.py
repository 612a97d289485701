"""Native execution with the cost hook (fw/src/cost.h): the host oracle built with
-DVC_COST_HOOK runs the same C library as the SoC at host speed and answers each timed section's
events, (name, a, b, count), beside its (meaningless) cycles."""

import json
import subprocess

from vexrun.env import ToolError

DEFINES = {"VC_COST_HOOK": 1}


class Native:
    """One host oracle process of the cost build: request(req) -> its answer, with "cost"."""

    def __init__(self):
        from vexrun.soc.build import ensure_host
        exe = ensure_host("host-oracle", DEFINES)
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
