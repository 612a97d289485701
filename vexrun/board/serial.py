"""The benchmark firmware on a board, over its serial port.

  load        the bitstream into the FPGA with openFPGALoader (make load)
  bench       serial-boot the firmware through the LiteX BIOS, run suites with the host checks,
              save the result file as the simulation does (where = "board"), resumable
  session     a TargetSession on a serial port (the oracle on a board)

The protocol is vexrun/soc/target.py's (the simulation's); only the transport differs: a pyserial
port here. The simulated SoC built with serial=True (vexrun/soc/sim.py SerialSim) exposes the same
kind of port, a pseudo-terminal, so this whole module is tested against the simulation.

Resume (--resume FILE): a board run asks for one suite at a time and saves the result file
after every record, with meta "suites_done" (the suites whose done line arrived) and "complete".
Resuming reruns, in a new serial boot, every requested suite not in "suites_done", from its
start: the records of a suite cut short are dropped (the firmware cannot start a suite midway),
the finished suites' records are kept as they were. The run's options (suites, runs, sizes,
all) come from the file; a different value on the command line is refused.
"""

import hashlib
import json
import os
import time
from pathlib import Path

from vexrun.soc import results
from vexrun.board import serialboot
from vexrun import suites
from vexrun.env import ROOT, ToolError, UsageError, git_commit
from vexrun.soc.target import TargetError, TargetSession, Transport, TransportClosed, TransportTimeout

DEFAULT_BAUD = 115200
DEFAULT_TIMEOUT = 120.0       # s: the longest silence between two records of a run


class BoardError(TargetError):
    pass


class SerialTransport(Transport):
    """A serial port (pyserial: a device such as /dev/ttyUSB0, or a URL such as socket://)."""

    def __init__(self, port, baud=DEFAULT_BAUD):
        import serial
        self._serial = serial
        if not port:
            raise UsageError("no serial port given (PORT=/dev/ttyUSB0 or --port): the board's USB-UART")
        if "://" not in port and not os.path.exists(port):
            raise UsageError(f"serial port {port} does not exist: is the board plugged in? (ls /dev/ttyUSB* /dev/ttyACM*)")
        try:
            self.port = serial.serial_for_url(port, baudrate=baud, timeout=0.1, write_timeout=30)
        except (serial.SerialException, OSError, ValueError) as e:
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise BoardError(f"cannot open serial port {port}: {reason}")
        self.name = port
        self.baud = baud
        self.what = f"the board on {port}"
        self.buf = b""

    def _read(self, n, timeout):
        self.port.timeout = max(0.0, min(timeout, 0.5))
        try:
            return self.port.read(max(1, min(n, self.port.in_waiting or 1)))
        except (self._serial.SerialException, OSError, TypeError, AttributeError):
            raise TransportClosed()

    def read_raw(self, n, timeout):
        """Up to n bytes, as soon as any arrive; b"" after `timeout` seconds of nothing."""
        if self.buf:
            data, self.buf = self.buf[:n], self.buf[n:]
            return data
        deadline = time.time() + timeout
        while True:
            data = self._read(n, deadline - time.time())
            if data or time.time() >= deadline:
                return data

    def readline(self, timeout):
        deadline = time.time() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                raise TransportTimeout()
            self.buf += self._read(4096, left)
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def write(self, data):
        try:
            self.port.write(data)
            self.port.flush()
        except (self._serial.SerialException, OSError):
            raise TransportClosed()

    def close(self):
        try:
            self.port.close()
        except Exception:
            pass


class BoardSession(TargetSession):
    """The firmware on a board (or the simulated SoC's pseudo-terminal), over a serial port."""

    Error = BoardError

    def _timeout_message(self, timeout):
        return f"the board on {self.transport.name} stopped answering: nothing for {timeout:.0f} s"

    def _closed(self):
        self._fail(f"the serial port {self.transport.name} went away (unplugged?)")

    def attach(self, quiet=1.0, timeout=30.0):
        """Uses the firmware that already runs (--no-boot): waits until it is quiet (a run still
        printing is let finish), then asks for its operations; their answer stands in for the
        greeting."""
        end = time.time() + timeout
        self.send("")
        while time.time() < end:
            try:
                self.transport.readline(quiet)
            except TransportTimeout:
                break
            except TransportClosed:
                self._closed()
        self.send({"op": "ops"})
        while True:
            obj = self.read_json(timeout)
            if obj.get("op") == "ops" and "suites" in obj:
                self.hello = {"ready": True, "attached": True, "cycle_overhead": obj.get("cycle_overhead"),
                              "accelerators": obj.get("accelerators"), "max_input": obj.get("max_input")}
                self._ops = obj
                return self.hello


def firmware_image(build_dir: Path) -> tuple[Path, dict]:
    """The serial-boot image of a build folder and its soc.json."""
    soc = build_dir / "soc.json"
    image = build_dir / "fw" / "vexcrypt.bin"
    if not soc.exists():
        raise UsageError(f"no SoC build in {build_dir} (soc.json missing): run make bitstream BOARD=... first")
    if not image.exists():
        raise UsageError(f"no firmware image {image}: run make bitstream BOARD=... (it builds the firmware too)")
    return image, json.loads(soc.read_text())


def open_session(port, image: bytes, info: dict, baud=DEFAULT_BAUD, timeout=DEFAULT_TIMEOUT, boot=True,
                 boot_timeout=60.0, window=1, log=print):
    """A BoardSession with the firmware running: serial-booted (default) or attached."""
    tr = SerialTransport(port, baud)
    sess = BoardSession(tr, read_timeout=timeout)
    sess.boot = None
    try:
        if boot:
            addr = info.get("main_ram_base") or 0x40000000
            secs, errors = serialboot.boot(tr, image, addr, timeout=boot_timeout, window=window, progress=log)
            log(f"serial boot: {len(image):,} bytes in {secs:.1f} s ({len(image) / secs / 1024:.1f} KiB/s"
                f"{f', {errors} errors recovered' if errors else ''}); waiting for the firmware")
            sess.read_hello(timeout=boot_timeout)
            sess.boot = {"bytes": len(image), "seconds": round(secs, 2), "errors": errors, "address": addr}
        else:
            sess.attach(timeout=boot_timeout)
    except BaseException:
        tr.close()
        raise
    return sess


def sessions(build_dir: Path, port, baud=DEFAULT_BAUD, timeout=DEFAULT_TIMEOUT, boot=True, log=print):
    """A factory of sessions on a board (or the simulated SoC's pseudo-terminal): the first
    serial-boots the build's firmware unless not `boot`, a later one (after a failure) attaches
    to the firmware left running."""
    image_path, info = firmware_image(build_dir)
    image = image_path.read_bytes()
    boots = [boot]

    def new_session():
        s = open_session(port, image, info, baud=baud, timeout=timeout, boot=boots[0], log=log)
        boots[0] = False
        return s
    return new_session


def board_build_dir(board_name, soc_cfg, given=None, sys_clk_mhz=None) -> Path:
    """`given` (a build folder with soc.json and fw/vexcrypt.bin), or the one `make bitstream`
    left for the board and the configuration at that clock (default: the board's)."""
    if given:
        return Path(given).resolve()
    import boards
    from vexrun.board import fpga
    try:
        board = boards.get(board_name, buildable=False)
    except boards.BoardError as e:
        raise UsageError(str(e))
    return fpga.build_dir(board, soc_cfg, board.clock_of(sys_clk_mhz))


# ---- bench-board ---------------------------------------------------------------------------------

RUN_OPTIONS = ("suites", "runs", "sizes", "all")


def _image_digest(data: bytes):
    return hashlib.sha256(data).hexdigest()[:16]


def bench(build_dir: Path, port, suites_arg=None, runs=None, sizes=None, all_=None, resume=None, out=None,
          baud=DEFAULT_BAUD, timeout=DEFAULT_TIMEOUT, boot=True, boot_timeout=60.0, window=1, command=None,
          log=print):
    """Runs suites on the board over `port`, one run request per suite, saving the result file
    after every record. Returns (records, meta, path, failures). Raises BoardError (with what
    was saved and how to resume) when the board stops answering."""
    image_path, info = firmware_image(build_dir)
    image = image_path.read_bytes()
    given = {"suites": suites_arg, "runs": runs, "sizes": sizes, "all": all_}
    if resume:
        path = Path(resume)
        try:
            records, meta = results.load(path)
        except (OSError, ValueError, KeyError) as e:
            raise UsageError(f"cannot read the result file {path} to resume: {e}")
        if meta.get("complete"):
            raise UsageError(f"{path} is complete: nothing to resume")
        if "suites_done" not in meta:
            raise UsageError(f"{path} is not a board run's result file (no suites_done): cannot resume it")
        opts = meta["options"]
        for k, v in given.items():
            if v is not None and v != opts[k]:
                raise UsageError(f"--resume: the file's run has {k}={opts[k]!r}, the command line says {v!r}; "
                                 f"a resumed run keeps its options (leave {k} out)")
        if meta.get("config") != info.get("config") or meta["soc"].get("board") != info.get("board"):
            raise UsageError(f"--resume: {path} was measured on {meta['soc'].get('board') or 'sim'} "
                             f"{meta.get('config')}, this build is {info.get('board') or 'sim'} {info.get('config')}")
        if meta.get("firmware_sha256") != _image_digest(image):
            log(f"vexrun: warning: the firmware image differs from the one of {path} (rebuilt since?)")
        done = set(meta["suites_done"])
        dropped = [r for r in records if r.get("suite") not in done]
        records = [r for r in records if r.get("suite") in done]
        if dropped:
            log(f"vexrun: dropping {len(dropped)} records of the unfinished suite(s) "
                f"{', '.join(sorted({r.get('suite') for r in dropped}))}: they run again from their start")
    else:
        opts = {"suites": suites_arg or "selftest,hash,block,stream", "runs": runs or 3, "sizes": sizes,
                "all": bool(all_)}
        records = []
        meta = None
        path = Path(out) if out else None
    names = opts["suites"].split(",")
    unknown = [s for s in names if s not in suites.SUITES]
    if unknown:
        raise UsageError(f"unknown suite {unknown[0]!r}: valid suites are {', '.join(suites.SUITES)}")
    where = "board" if info.get("board") else "sim"
    if meta is None:
        extra = {
            "board": info.get("board"), "sys_clk_hz": info.get("sys_clk_hz"),
            "memory": info.get("memory"), "transport": "serial", "port": port, "baud": baud,
            "options": opts, "runs": opts["runs"], "suites": opts["suites"], "suites_done": [], "complete": False,
            "firmware": str(image_path.relative_to(ROOT) if image_path.is_relative_to(ROOT) else image_path),
            "firmware_sha256": _image_digest(image), "sessions": [],
        }
        meta = results.metadata(info, where, command or "vexrun bench-board", extra, commit=git_commit())
        path = path or results.new_path(meta, where)
    todo = [s for s in names if s not in meta["suites_done"]]
    session_meta = {"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "suites": todo,
                    "command": command, "port": port}
    meta["sessions"].append(session_meta)
    results.save(records, meta, path=path)
    log(f"vexrun: {'resuming' if resume else 'running'} suites {','.join(todo)} on {info.get('board') or 'the simulated SoC'} "
        f"{info.get('config')} over {port}; results: {path}")

    def saved_hint(e):
        n = len(records)
        return (f"{str(e).splitlines()[0]}; {n} record{'s' if n != 1 else ''} kept in {path} "
                f"(suites done: {', '.join(meta['suites_done']) or 'none'}); resume with --resume {path}")

    t0 = time.time()
    sess = None
    try:
        sess = open_session(port, image, info, baud=baud, timeout=timeout, boot=boot, boot_timeout=boot_timeout,
                            window=window, log=log)
        session_meta["boot"] = sess.boot
        meta["cycle_overhead"] = sess.hello.get("cycle_overhead")
        meta["accelerators"] = sess.hello.get("accelerators")
        have = sess.suites()
        missing = [s for s in todo if s not in have]
        if missing:
            raise BoardError(f"the firmware has no suite {missing[0]!r}: it has {', '.join(have)}")
        for name in todo:
            req = {"op": "run", "suites": name, "runs": opts["runs"]}
            if opts["sizes"]:
                req["sizes"] = opts["sizes"]
            if opts["all"]:
                req["all"] = True

            def on_record(rec):
                records.append(rec)
                results.save(records, meta, path=path)
                log("  " + suites.progress(rec))

            _, done = sess.run(req, on_record=on_record, check=results.check_record)
            meta["suites_done"].append(name)
            meta.setdefault("summaries", {})[name] = done
            results.save(records, meta, path=path)
    except TargetError as e:
        session_meta["error"] = str(e).splitlines()[0]
        session_meta["wall_s"] = round(time.time() - t0, 2)
        results.save(records, meta, path=path)
        raise BoardError(saved_hint(e))
    except KeyboardInterrupt:
        session_meta["error"] = "interrupted"
        results.save(records, meta, path=path)
        log(f"vexrun: interrupted; {len(records)} records kept in {path}; resume with --resume {path}")
        raise
    finally:
        if sess is not None:
            sess.close()
    session_meta["wall_s"] = round(time.time() - t0, 2)
    meta["complete"] = True
    results.save(records, meta, path=path)
    failures = [r for r in records if not r.get("ok") or r.get("check_error")]
    return records, meta, path, failures
