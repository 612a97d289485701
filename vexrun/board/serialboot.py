"""LiteX BIOS serial boot, as `litex_term --kernel IMAGE PORT` speaks it, driven from Python.

The BIOS's `serialboot` (at power-up, or typed at its `litex>` prompt) prints the magic request
`sL5DdSMmkekro\\n`; the host answers `z6IHG7cYDID6o\\n` and sends the image in SFL frames (a
length byte, the CRC-16 of command and payload big-endian, the command, the payload: a LOAD
frame's payload is a big-endian address and up to 251 bytes), each answered by one byte: K
(done), C (CRC error: send it again), E (the frame timed out), U (unknown command). A JUMP frame
with the start address ends it. The frame, the CRC and the constants are LiteX's own
(litex.tools.litex_term); litex_term's loop itself is tied to an interactive terminal (its
console, a SIGINT handler, sys.exit), so the loop is here.

By default one frame is in flight at a time, as litex_term's --safe does: a frame answered C
(CRC error) or E (the BIOS timed out waiting for its bytes: some were lost) is sent again until
the BIOS takes it (LOAD frames carry their address, so sending one twice is harmless). This is
self-synchronizing: after a lost byte the BIOS's own frame timeout (a quarter second of its
clock) answers E and the next frame starts aligned. `window` > 1 streams that many frames
(litex_term's default mode keeps up to 128 in flight) and falls back to one at a time on the
first error, after the replies in flight are drained; it needs a line slower than the BIOS (a
real UART at 115200 baud is), and saves a round trip per frame (USB-UART latency, about 1 to 16
ms). The simulated line of sim/modules/vexpty is faster than the BIOS can take a stream, so the
tests use the default.
"""

import re
import time

from litex.tools.litex_term import (SFLFrame, crc16, sfl_ack_crcerror, sfl_ack_error, sfl_ack_success,
                                    sfl_ack_unknown, sfl_cmd_jump, sfl_cmd_load, sfl_magic_ack, sfl_magic_req,
                                    sfl_payload_length)

from vexrun.soc.target import TargetError, TransportClosed, TransportTimeout

__all__ = ["crc16", "load_frame", "jump_frame", "frames", "upload", "boot", "BootError", "PROMPT_RE"]

DATA_PER_FRAME = sfl_payload_length - 4       # 251 bytes after the address
DEFAULT_WINDOW = 1                           # frames in flight (litex_term --safe)
MAX_RETRIES = 64                             # of one frame, in safe mode
ACK_TIMEOUT = 20.0                           # s for one reply: longer than the BIOS's frame timeout (a
                                             # quarter second on a board, 25 M cycles, ~12 s, simulated)
BOOT_ATTEMPTS = 3                            # serial-boot requests answered before giving up
DRAIN_QUIET = 0.5                            # s of silence that ends the draining after an error

# The BIOS's prompt ("\e[92;1mlitex\e[0m> ") with its colour codes removed.
PROMPT_RE = re.compile(rb"litex> $")
ANSI_RE = re.compile(rb"\x1b\[[0-9;]*[A-Za-z]")


class BootError(TargetError):
    pass


class MissedRequest(BootError):
    """The first frame was answered with text: the BIOS gave up waiting for the answer to its
    request (it prints "Timeout" and returns to its prompt), so the request the host answered
    was stale, e.g. printed before the host opened the port."""


def load_frame(address: int, data: bytes) -> bytes:
    if len(data) > DATA_PER_FRAME:
        raise ValueError(f"a LOAD frame carries at most {DATA_PER_FRAME} bytes")
    f = SFLFrame()
    f.cmd = sfl_cmd_load
    f.payload = address.to_bytes(4, "big") + data
    return f.encode()


def jump_frame(address: int) -> bytes:
    f = SFLFrame()
    f.cmd = sfl_cmd_jump
    f.payload = address.to_bytes(4, "big")
    return f.encode()


def frames(image: bytes, address: int, per_frame: int = DATA_PER_FRAME):
    """The LOAD frames of `image` at `address`."""
    return [load_frame(address + off, image[off:off + per_frame]) for off in range(0, len(image), per_frame)]


def _reply(port, timeout):
    data = port.read_raw(1, timeout)
    return data[:1] if data else b""


def _drain(port, quiet=DRAIN_QUIET, limit=10.0):
    """Reads and drops replies until the line has been silent for `quiet` seconds."""
    end = time.time() + limit
    while time.time() < end:
        if not port.read_raw(256, quiet):
            return


def _unexpected(r, what, first):
    cls = MissedRequest if first else BootError
    return cls(f"serial boot: unexpected reply {r!r} from the BIOS to {what}")


def _send_acked(port, frame, what, ack_timeout, first=False):
    """One frame, sent again on a CRC error or timeout until the BIOS acknowledges it."""
    for _ in range(MAX_RETRIES):
        port.write(frame)
        r = _reply(port, ack_timeout)
        if r == sfl_ack_success:
            return
        if r == sfl_ack_unknown:
            raise BootError(f"serial boot: the BIOS does not know the command of {what}")
        if r not in (sfl_ack_crcerror, sfl_ack_error, b""):
            raise _unexpected(r, what, first)
        _drain(port)
    raise BootError(f"serial boot: {what} failed {MAX_RETRIES} times (CRC errors or timeouts): check the cable "
                    f"and the baud rate")


def upload(port, image: bytes, address: int, window=DEFAULT_WINDOW, safe=False, ack_timeout=ACK_TIMEOUT,
           progress=None):
    """Sends `image` to `address` in LOAD frames. `port`: a transport with write() and
    read_raw(n, timeout). Returns the number of errors recovered from."""
    fr = frames(image, address)
    acked = sent = errors = 0
    w = 1 if safe else max(1, window)
    while acked < len(fr):
        if w == 1:                                   # safe mode: one frame at a time
            _send_acked(port, fr[acked], f"frame {acked + 1} of {len(fr)}", ack_timeout, first=acked == 0)
            acked += 1
        else:
            while sent < len(fr) and sent - acked < w:
                port.write(fr[sent])
                sent += 1
            r = _reply(port, ack_timeout)
            if r == sfl_ack_success:
                acked += 1
            elif r in (sfl_ack_crcerror, sfl_ack_error, b""):
                # A frame went wrong: what follows it in flight may be misaligned. Drop the
                # replies, then resend everything from the first unacknowledged frame safely.
                errors += 1
                why = {sfl_ack_crcerror: "CRC error", sfl_ack_error: "frame timeout", b"": "no reply"}[r]
                if progress:
                    progress(f"serial boot: {why} at frame {acked + 1} of {len(fr)}: continuing one frame at a "
                             f"time (--safe)")
                _drain(port)
                w = 1
            elif r == sfl_ack_unknown:
                raise BootError("serial boot: the BIOS does not know the LOAD command")
            else:
                raise _unexpected(r, f"frame {acked + 1} of {len(fr)}", acked == 0)
        if progress and (acked % 256 == 0 or acked == len(fr)):
            progress(f"serial boot: {min(acked * DATA_PER_FRAME, len(image)):,} of {len(image):,} bytes")
    return errors


def wait_for_magic(port, timeout, progress=None):
    """Waits for the BIOS's serial-boot request. A BIOS at its prompt is asked for it (the
    `serialboot` command); a firmware that already runs (it answers JSON) is an error: only a
    reset brings the BIOS back."""
    deadline = time.time() + timeout
    buf = heard = b""
    asked = 0
    nudged = probed = False
    last_data = time.time()
    while time.time() < deadline:
        data = port.read_raw(4096, 0.2)
        if data:
            last_data = time.time()
            buf = (buf + data)[-8192:]
            heard = (heard + data)[-512:]
            i = buf.rfind(sfl_magic_req)
            if i >= 0:
                rest = buf[i + len(sfl_magic_req):]
                if b"Timeout" not in rest:
                    return
                buf = rest                       # the BIOS already gave up on that request
            clean = ANSI_RE.sub(b"", buf)
            if PROMPT_RE.search(clean) and time.time() - asked > 1.0:
                if progress:
                    progress("serial boot: the BIOS is at its prompt: asking it to boot from serial")
                port.write(b"serialboot\r\n")
                asked = time.time()
                buf = b""
                continue
            for line in clean.split(b"\n")[:-1]:
                line = line.strip()
                if line.startswith(b"{") and (b'"ready"' in line or b'"ok"' in line or b'"suite"' in line):
                    raise BootError("the board already runs a firmware (it answers JSON, not the BIOS): reset it "
                                    "(its reset button, or make load) for a fresh serial boot, or pass --no-boot "
                                    "to use the running firmware")
        elif not nudged and time.time() - last_data > 1.0:
            # Nothing is said until the line has been quiet: a byte that reaches a booting BIOS
            # before it initialises its UART leaves the receive interrupt's edge behind, and the
            # BIOS hears nothing more (seen in the simulation). A BIOS at its prompt answers an
            # empty line with a fresh prompt.
            port.write(b"\r\n")
            nudged = True
        elif not probed and time.time() - last_data > 3.0:
            # Silence: a firmware waiting for a request says nothing to an empty line; an unknown
            # op makes it answer (and a BIOS prints an error and its prompt).
            port.write(b'{"op":"?"}\r\n')
            probed = True
    said = ANSI_RE.sub(b"", heard).decode("ascii", "replace").split()
    said = " ".join(said)[-160:] if said else "nothing"
    raise BootError(f"no serial-boot request from the BIOS within {timeout:.0f} s (the port said: {said}): is the "
                    f"bitstream loaded (make load) and the port the board's console? Resetting the board restarts "
                    f"the BIOS")


def boot(port, image: bytes, address: int, timeout=60.0, window=DEFAULT_WINDOW, safe=False, progress=None):
    """The whole serial boot: the magic request and its answer, the image in frames, the jump.
    Returns (seconds taken, errors recovered from)."""
    t0 = time.time()
    try:
        for attempt in range(BOOT_ATTEMPTS):
            wait_for_magic(port, max(1.0, t0 + timeout - time.time()), progress)
            port.write(sfl_magic_ack)
            if progress:
                progress(f"serial boot: sending {len(image):,} bytes to {address:#010x}")
            try:
                errors = upload(port, image, address, window=window, safe=safe, progress=progress)
                break
            except MissedRequest:
                if attempt + 1 == BOOT_ATTEMPTS:
                    raise
                if progress:
                    progress("serial boot: the BIOS had stopped waiting for the answer to its request: "
                             "asking it again")
                _drain(port)
        _send_acked(port, jump_frame(address), "the jump", ACK_TIMEOUT)
    except TransportTimeout:
        raise BootError("serial boot: the board stopped answering")
    except TransportClosed:
        raise BootError("serial boot: the serial port went away")
    return time.time() - t0, errors
