"""A running simulation of the SoC: the Verilator model in a run folder of its own, with the
firmware preloaded in main RAM (integrated RAM, or the SDRAM model's banks) and the UART on a
pipe (SimSession) or, for the build that boots like a board, on a pseudo-terminal (SerialSim).

Every run has a cycle bound (enforced inside the model) and a wall-clock limit per read (enforced
here), so nothing hangs: a bound that is hit, a trap, or a model that ends early raises SimError
with the reason. The protocol itself is vexrun/soc/target.py's, shared with the boards.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

from vexrun.soc.memory import write_ram_init, write_sdram_init
from vexrun.soc.target import PipeTransport, TargetError, TargetSession, TransportClosed, TransportTimeout

EXIT_RE = re.compile(r"\[vexsim\] exit status=(\d+) cycles=(\d+)")
BOUND_RE = re.compile(r"\[vexsim\] cycle bound reached after (\d+) cycles")
PTY_RE = re.compile(r"\[vexpty\] uart on (\S+)")

__all__ = ["SimError", "SimModel", "SimSession", "SerialSim", "write_ram_init"]


class SimError(TargetError):
    pass


class SimModel:
    """The model's process of `cfg` (vexrun.soc.build.Config: a build names its model, the build
    trains it through this class) in a fresh run folder, main RAM preloaded with `firmware` (default:
    the configuration's vexcrypt.bin) unless the configuration serial-boots it through the BIOS.
    Its stdout (the UART with vexuart, the simulator's own reports) is `transport`."""

    def __init__(self, cfg, max_cycles: int, trace_window=None, firmware=None):
        self.cfg = cfg
        self.max_cycles = int(max_cycles)
        self.trace_file = None
        gw = cfg.dir / "gateware"
        runs = cfg.dir / "runs"
        runs.mkdir(exist_ok=True)
        self.rundir = tempfile.mkdtemp(prefix="run-", dir=runs)
        os.symlink(gw / "modules", os.path.join(self.rundir, "modules"))
        shutil.copy(gw / "sim_config.js", self.rundir)
        for init in gw.glob("*.init"):        # other memories' contents (the SoC identifier, the BIOS)
            shutil.copy(init, self.rundir)
        info = cfg.soc_info()
        if not cfg.serial:
            image = (firmware or cfg.dir / "fw" / "vexcrypt.bin").read_bytes()
            if "sdram_init" in info:
                write_sdram_init(image, self.rundir, info["sdram_init"])
            else:
                write_ram_init(image, os.path.join(self.rundir, "sim_main_ram.init"))
        args = [str(cfg.model), f"+max_cycles={self.max_cycles}"]
        if trace_window:
            args += [f"+trace_begin={trace_window[0]}", f"+trace_end={trace_window[1]}"]
        self.t0 = time.time()
        self.proc = subprocess.Popen(args, cwd=self.rundir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)
        self.transport = PipeTransport(self.proc)

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


class SimSession(TargetSession):
    """The firmware in the simulated SoC, its UART on the model's stdin/stdout."""

    Error = SimError

    def __init__(self, cfg, max_cycles: int, read_timeout: float = 600.0,
                 trace_window=None, firmware=None):
        if cfg.serial:
            raise SimError(f"{cfg.name} boots through the BIOS over a pseudo-terminal: use SerialSim")
        self.cfg = cfg
        self.max_cycles = int(max_cycles)
        self.exit_status = None
        self.cycles = None
        self.model = SimModel(cfg, max_cycles, trace_window, firmware)
        self.proc = self.model.proc
        self.rundir = self.model.rundir
        TargetSession.__init__(self, self.model.transport, read_timeout)
        self.t0 = self.model.t0
        self.hello = self.read_json()
        if not self.hello.get("ready"):
            raise SimError(f"firmware did not announce itself: {self.hello}")

    @property
    def trace_file(self):
        return self.model.trace_file

    def _on_fail(self):
        self.kill()

    def _timeout_message(self, timeout):
        return f"no answer from the simulated SoC within {timeout:.0f} s wall time"

    def _other_line(self, line):
        m = EXIT_RE.search(line)
        if m:
            self.exit_status, self.cycles = int(m.group(1)), int(m.group(2))
            return True
        m = BOUND_RE.search(line)
        if m:
            self.cycles = int(m.group(1))
            self._fail(f"cycle bound reached: the simulation ran {self.cycles} cycles without finishing "
                       f"(raise it with MAX_CYCLES=... / --max-cycles)")
        return False

    def _closed(self):
        self.proc.wait()
        if self.exit_status is not None:
            raise SimError(f"the firmware ended the run (status {self.exit_status}) without answering")
        self._fail(f"the simulation ended unexpectedly (exit code {self.proc.returncode})")

    def send(self, obj):
        if self.proc.poll() is not None:
            self._fail("the simulation is no longer running")
        TargetSession.send(self, obj)

    def wait_exit(self, timeout=None):
        """Waits for the firmware to end the run; returns its exit status."""
        deadline = time.time() + (timeout or self.read_timeout)
        while self.exit_status is None:
            try:
                line = self.transport.readline(deadline - time.time())
            except TransportTimeout:
                self._fail("the firmware did not end the run")
            except TransportClosed:
                break
            m = EXIT_RE.search(line)
            if m:
                self.exit_status, self.cycles = int(m.group(1)), int(m.group(2))
            elif BOUND_RE.search(line):
                self._fail("cycle bound reached before the firmware ended the run")
        self.proc.wait(timeout=30)
        if self.exit_status is None:
            self._fail(f"the simulation ended without an exit status (exit code {self.proc.returncode})")
        self.model.cleanup()
        return self.exit_status

    def kill(self):
        self.model.kill()

    def cleanup(self):
        self.model.cleanup()

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


class SerialSim:
    """The simulated SoC that boots like a board (a Config with serial=True: the LiteX BIOS in
    ROM, main RAM empty, the UART on a pseudo-terminal). `port` is the terminal's device: open
    it as a board's serial port (vexrun/board/serial.py). The model's stdout carries only the
    simulator's reports (the pseudo-terminal's name, the cycle bound)."""

    def __init__(self, cfg, max_cycles: int, start_timeout: float = 60.0):
        if not cfg.serial:
            raise SimError(f"{cfg.name} has no serial port: build it with serial=True")
        self.cfg = cfg
        self.model = SimModel(cfg, max_cycles)
        self.proc = self.model.proc
        self.port = None
        self.lines = []
        deadline = time.time() + start_timeout
        while self.port is None:
            try:
                line = self.model.transport.readline(deadline - time.time())
            except TransportTimeout:
                self.kill()
                raise SimError(f"the simulated SoC did not open its pseudo-terminal within {start_timeout:.0f} s")
            except TransportClosed:
                self.model.proc.wait()
                raise SimError(f"the simulation ended at start (exit code {self.proc.returncode}): "
                               + " / ".join(self.lines[-5:]))
            self.lines.append(line)
            m = PTY_RE.search(line)
            if m:
                self.port = m.group(1)

    def stop(self):
        """Freezes the model (SIGSTOP): a board that stops answering mid-run."""
        self.proc.send_signal(signal.SIGSTOP)

    def resume(self):
        self.proc.send_signal(signal.SIGCONT)

    def kill(self):
        if self.proc.poll() is None:
            self.resume()
        self.model.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.kill()
