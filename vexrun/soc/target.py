"""Talking to the firmware: one request/response protocol over any byte stream.

The firmware prints one JSON object per line on its UART and reads one request per line
(README, "The target oracle"). A Transport carries those lines: the simulated SoC's pipe
(vexrun/soc/sim.py: the model's stdin/stdout through sim/modules/vexuart) or a serial port
(vexrun/board/serial.py: a board's USB-UART, or the simulated SoC's pseudo-terminal through
sim/modules/vexpty). A TargetSession speaks the protocol over a transport: the greeting, JSON
lines, trap reports, timeouts, the run of suites with their host checks. `vexrun sim`, `vexrun
oracle` and `vexrun bench-board` all go through it, so a board is driven by the code that drives
the simulation.
"""

import json
import queue
import threading
import time

from vexrun.env import ToolError


class TargetError(ToolError):
    """The target stopped answering, ended, trapped or refused: a one-line reason first."""


class TransportTimeout(Exception):
    """Nothing arrived within the time given."""


class TransportClosed(Exception):
    """The stream ended (the model exited, the port went away)."""


class Transport:
    """A line-oriented byte stream to the firmware's console."""

    #: what the other end is, for messages: "the simulated SoC", "the board on /dev/ttyUSB0"
    what = "the target"

    def readline(self, timeout: float) -> str:
        """The next line without its end of line; raises TransportTimeout or TransportClosed."""
        raise NotImplementedError

    def write(self, data: bytes):
        """Raises TransportClosed when the other end is gone."""
        raise NotImplementedError

    def close(self):
        pass


class PipeTransport(Transport):
    """The lines of a subprocess's stdout (read by a thread) and its stdin."""

    what = "the simulated SoC"

    def __init__(self, proc):
        self.proc = proc
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

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

    def readline(self, timeout):
        try:
            line = self.lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            raise TransportTimeout()
        if line is None:
            self.lines.put(None)          # stays at the end for any later read
            raise TransportClosed()
        return line

    def write(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise TransportClosed()


def encode_request(obj) -> bytes:
    """A request as it goes on the wire: a dict as one compact JSON line, a str as a raw line."""
    text = obj if isinstance(obj, str) else json.dumps(obj, separators=(",", ":"))
    return (text + "\n").encode()


class TargetSession:
    """The firmware's protocol over a transport.

    Subclasses say what the target is (`Error`, the exception raised; `what`) and may consume
    lines of their own (`_other_line`: the simulator's exit and cycle-bound reports) and act on
    a failure (`_on_fail`: kill the model)."""

    Error = TargetError

    def __init__(self, transport: Transport, read_timeout: float = 600.0):
        self.transport = transport
        self.read_timeout = read_timeout
        self.console = []          # non-JSON lines the target printed
        self.hello = None
        self.t0 = time.time()

    @property
    def wall(self):
        return time.time() - self.t0

    def _on_fail(self):
        pass

    def _other_line(self, line) -> bool:
        """True when `line` (not JSON) was the session's own business."""
        return False

    def _closed(self):
        """The stream ended while an answer was awaited: raise the reason."""
        self._fail(f"{self.transport.what} closed the connection")

    def _timeout_message(self, timeout):
        return f"no answer from {self.transport.what} within {timeout:.0f} s wall time"

    def _fail(self, msg):
        self._on_fail()
        tail = "\n".join(self.console[-10:])
        raise self.Error(msg + (f"\nlast console lines:\n{tail}" if tail else ""))

    def read_json(self, timeout=None):
        """Next JSON line from the firmware. Raises Error if nothing arrives within the timeout,
        the stream ends or the firmware traps (with the trap's cause and address)."""
        timeout = timeout or self.read_timeout
        deadline = time.time() + timeout
        while True:
            try:
                line = self.transport.readline(deadline - time.time())
            except TransportTimeout:
                self._fail(self._timeout_message(timeout))
            except TransportClosed:
                self._closed()
            if line.startswith("{"):
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError:
                    self.console.append(line)
                    continue
                if not isinstance(obj, dict):
                    self.console.append(line)
                    continue
                if obj.get("trap"):
                    self._fail(f"firmware trap: {obj.get('name')} (mcause {obj.get('cause')}) at mepc "
                               f"{obj.get('mepc')}, mtval {obj.get('mtval')}")
                return obj
            if self._other_line(line):
                continue
            if line.strip():
                self.console.append(line)

    def read_hello(self, timeout=None):
        """The firmware's greeting ({"ready":true,...}), skipping what the BIOS printed before."""
        while True:
            obj = self.read_json(timeout)
            if obj.get("ready"):
                self.hello = obj
                return obj
            self.console.append(json.dumps(obj))

    def send(self, obj):
        """Sends a request: a dict as one JSON line, a str as a raw line."""
        try:
            self.transport.write(encode_request(obj))
        except TransportClosed:
            self._fail(f"{self.transport.what} is no longer there to take the request")

    def request(self, obj, timeout=None):
        self.send(obj)
        return self.read_json(timeout)

    def run(self, req, on_record=None, check=None):
        """Sends a run request ({"op":"run","suites":...}) and reads its records up to the done
        line. Each record is checked against the host's reference (`check`: None when it agrees,
        else the reason, stored as "check_error") and handed to `on_record` as it arrives, so a
        caller can save what it has when the target stops. Returns (records, done line). A run
        the firmware refuses raises Error with its reason."""
        self.send(req)
        records = []
        while True:
            rec = self.read_json()
            if rec.get("done"):
                return records, rec
            if "ok" in rec and "suite" not in rec:      # the firmware refused the request
                raise self.Error(f"firmware: {rec.get('error')}")
            err = check(rec) if check else None
            if err:
                rec["check_error"] = err
            records.append(rec)
            if on_record:
                on_record(rec)

    def suites(self):
        """The suites the firmware has ({"op":"ops"})."""
        return [s["suite"] for s in self.request({"op": "ops"})["suites"]]

    def close(self):
        self.transport.close()
