"""A running simulation of the SoC: the firmware preloaded in main RAM, the UART on a pipe.

Every run has a cycle bound (enforced inside the model) and a wall-clock limit per read (enforced
here), so nothing hangs: a bound that is hit, a trap, or a model that ends early raises SimError
with the reason.
"""

import json
import os
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time

from .build import Config
from .env import ToolError

EXIT_RE = re.compile(r"\[vexsim\] exit status=(\d+) cycles=(\d+)")
BOUND_RE = re.compile(r"\[vexsim\] cycle bound reached after (\d+) cycles")


class SimError(ToolError):
    pass


def write_ram_init(firmware: bytes, path):
    """Main RAM init file of the model: one little-endian 32-bit word per line, in hex."""
    firmware += b"\0" * (-len(firmware) % 4)
    with open(path, "w") as f:
        for i in range(0, len(firmware), 4):
            f.write(f"{int.from_bytes(firmware[i:i + 4], 'little'):08x}\n")


class SimSession:
    def __init__(self, cfg: Config, max_cycles: int, read_timeout: float = 600.0,
                 trace_window=None, firmware=None):
        self.cfg = cfg
        self.max_cycles = int(max_cycles)
        self.read_timeout = read_timeout
        self.exit_status = None
        self.cycles = None
        self.console = []          # non-JSON lines the model printed
        self.hello = None
        gw = cfg.dir / "gateware"
        runs = cfg.dir / "runs"
        runs.mkdir(exist_ok=True)
        self.rundir = tempfile.mkdtemp(prefix="run-", dir=runs)
        os.symlink(gw / "modules", os.path.join(self.rundir, "modules"))
        shutil.copy(gw / "sim_config.js", self.rundir)
        for init in gw.glob("*.init"):        # other memories' contents (the SoC identifier)
            shutil.copy(init, self.rundir)
        firmware = firmware or cfg.dir / "fw" / "vexcrypt.bin"
        write_ram_init(firmware.read_bytes(), os.path.join(self.rundir, "sim_main_ram.init"))
        args = [str(cfg.model), f"+max_cycles={self.max_cycles}"]
        if trace_window:
            args += [f"+trace_begin={trace_window[0]}", f"+trace_end={trace_window[1]}"]
        self.t0 = time.time()
        self.proc = subprocess.Popen(args, cwd=self.rundir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.hello = self.read_json()
        if not self.hello.get("ready"):
            raise SimError(f"firmware did not announce itself: {self.hello}")

    def _reader(self):
        buf = b""
        while True:
            chunk = self.proc.stdout.read(65536)
            if not chunk:
                break
            buf += chunk
            *done, buf = buf.split(b"\n")
            for line in done:
                self.lines.put(line.decode("utf-8", "replace").rstrip("\r"))
        if buf:
            self.lines.put(buf.decode("utf-8", "replace"))
        self.lines.put(None)

    @property
    def wall(self):
        return time.time() - self.t0

    def _fail(self, msg):
        self.kill()
        tail = "\n".join(self.console[-10:])
        raise SimError(msg + (f"\nlast console lines:\n{tail}" if tail else ""))

    def read_json(self, timeout=None):
        """Next JSON line from the firmware. Raises SimError if the model ends, hits the cycle
        bound, the firmware traps, or nothing arrives within the timeout."""
        deadline = time.time() + (timeout or self.read_timeout)
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.time()))
            except queue.Empty:
                self._fail(f"no answer from the simulated SoC within {timeout or self.read_timeout:.0f} s wall time")
            if line is None:
                self.proc.wait()
                if self.exit_status is not None:
                    raise SimError(f"the firmware ended the run (status {self.exit_status}) without answering")
                self._fail(f"the simulation ended unexpectedly (exit code {self.proc.returncode})")
            if line.startswith("{"):
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError:
                    self.console.append(line)
                    continue
                if obj.get("trap"):
                    self._fail(f"firmware trap: {obj.get('name')} (mcause {obj.get('cause')}) at mepc "
                               f"{obj.get('mepc')}, mtval {obj.get('mtval')}")
                return obj
            m = EXIT_RE.search(line)
            if m:
                self.exit_status, self.cycles = int(m.group(1)), int(m.group(2))
                continue
            m = BOUND_RE.search(line)
            if m:
                self.cycles = int(m.group(1))
                self._fail(f"cycle bound reached: the simulation ran {self.cycles} cycles without finishing "
                           f"(raise it with MAX_CYCLES=... / --max-cycles)")
            if line.strip():
                self.console.append(line)

    def send(self, obj):
        """Sends a request: a dict as one JSON line, a str as a raw line."""
        text = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
        data = (text + "\n").encode()
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            self._fail("the simulation is no longer running")

    def request(self, obj, timeout=None):
        self.send(obj)
        return self.read_json(timeout)

    def wait_exit(self, timeout=None):
        """Waits for the firmware to end the run; returns its exit status."""
        deadline = time.time() + (timeout or self.read_timeout)
        while self.exit_status is None:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.time()))
            except queue.Empty:
                self._fail("the firmware did not end the run")
            if line is None:
                break
            m = EXIT_RE.search(line)
            if m:
                self.exit_status, self.cycles = int(m.group(1)), int(m.group(2))
            elif BOUND_RE.search(line):
                self._fail("cycle bound reached before the firmware ended the run")
        self.proc.wait(timeout=30)
        if self.exit_status is None:
            self._fail(f"the simulation ended without an exit status (exit code {self.proc.returncode})")
        self.cleanup()
        return self.exit_status

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.cleanup()

    def cleanup(self):
        if os.path.isdir(self.rundir):
            for f in ("sim.fst", "sim.vcd"):
                p = os.path.join(self.rundir, f)
                if os.path.exists(p):
                    dest = self.cfg.dir / f
                    shutil.move(p, dest)
                    self.trace_file = dest
            shutil.rmtree(self.rundir, ignore_errors=True)

    def close(self, status=0):
        """Ends the run through the firmware (so the exit path is exercised) and cleans up."""
        if self.proc.poll() is None and self.exit_status is None:
            self.send({"op": "exit", "status": status})
            return self.wait_exit(timeout=60)
        self.kill()
        return self.exit_status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()
