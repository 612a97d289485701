"""The board's serial path: LiteX serial-boot framing and CRC, the serial transport's errors, the
bench-board runner's partial saves and resume (host-only, against a fake BIOS and firmware on a
pseudo-terminal), and the whole path against the simulated SoC that boots like a board (marked
sim: the LiteX BIOS in ROM serial-boots the real firmware over sim/modules/vexpty's terminal)."""

import hashlib
import io
import json
import os
import select
import subprocess
import sys
import threading
import time
import tty

import pytest

from vexrun.board import serial as board, serialboot
from vexrun import cli, commands
from vexrun.soc import results
from vexrun.suites.records import bench_pattern
from vexrun.env import UsageError
from vexrun.soc.target import TargetError

PROMPT = b"\x1b[92;1mlitex\x1b[0m> "


# ---- framing and CRC ---------------------------------------------------------------------------

def test_crc16_is_xmodem():
    # CRC-16/XMODEM (poly 0x1021, init 0): the check value of "123456789" is 0x31C3.
    assert serialboot.crc16(b"123456789") == 0x31C3
    assert serialboot.crc16(b"") == 0


def test_load_frame_layout():
    f = serialboot.load_frame(0x40000010, b"\xaa\xbb")
    payload = bytes.fromhex("40000010aabb")
    assert f[0] == len(payload)
    assert int.from_bytes(f[1:3], "big") == serialboot.crc16(b"\x01" + payload)
    assert f[3] == 0x01 and f[4:] == payload
    j = serialboot.jump_frame(0x40000000)
    assert j[3] == 0x02 and j[4:] == bytes.fromhex("40000000") and j[0] == 4
    with pytest.raises(ValueError):
        serialboot.load_frame(0, bytes(252))


def test_frames_cover_the_image_with_addresses():
    image = bytes(range(256)) * 3
    fr = serialboot.frames(image, 0x40000000)
    assert len(fr) == 4                                    # 251 + 251 + 251 + 15
    got = b""
    for i, f in enumerate(fr):
        addr = int.from_bytes(f[4:8], "big")
        assert addr == 0x40000000 + 251 * i
        got += f[8:]
    assert got == image


# ---- a fake board on a pseudo-terminal ---------------------------------------------------------

def hash_record(n=64, wrong=False):
    out = hashlib.sha256(bench_pattern(n)).hexdigest()
    if wrong:
        out = "00" * 32
    return {"suite": "hash", "prim": "sha256", "op": "hash", "impl": "sw", "bytes": n, "cycles": 1000 + n,
            "runs": 1, "raw": [1000 + n], "out": out, "ok": True}


class FakeBoard(threading.Thread):
    """The other end of a serial port: the LiteX BIOS's prompt and serial boot (SFL frames with
    their CRC), then a firmware answering JSON lines with two suites. `corrupt` flips a byte of
    those frame numbers once (the BIOS answers C); `stop_after` goes silent after that many
    records (a board that stops answering); `booted` starts with the firmware running; `stale`
    times out its first serial-boot request (it prints "Timeout" instead of taking frames)."""

    SUITES = {"selftest": [{"suite": "selftest", "prim": p, "vectors": 3, "failed": 0, "ok": True}
                           for p in ("md5", "sha256", "aes_tab")],
              "hash": [hash_record(64), hash_record(1024)]}

    def __init__(self, corrupt=(), stop_after=None, booted=False, wrong_hash=False, stale=False):
        super().__init__(daemon=True)
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.corrupt = set(corrupt)
        self.stop_after = stop_after
        self.booted = booted
        self.wrong_hash = wrong_hash
        self.stale = stale
        self.mem = {}
        self.crc_errors = 0
        self.frames = 0
        self.sent_records = 0
        self.requests = []
        self.alive = True
        self.buf = b""
        self.start()

    def _fill(self):
        if not self.alive:
            raise EOFError
        r, _, _ = select.select([self.master], [], [], 0.1)
        if r:
            try:
                self.buf += os.read(self.master, 4096)
            except OSError:
                raise EOFError

    def _read(self, n):
        while len(self.buf) < n:
            self._fill()
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def _line(self):
        while b"\n" not in self.buf:
            self._fill()
        line, self.buf = self.buf.split(b"\n", 1)
        return line.rstrip(b"\r")

    def _w(self, data):
        os.write(self.master, data)

    def run(self):
        try:
            if not self.booted:
                self._bios()
            self._firmware()
        except EOFError:
            pass

    def _bios(self):
        self._w(b"\r\nLiteX BIOS (fake)\r\n" + PROMPT)
        while True:
            line = self._line()
            if not line.strip().endswith(b"serialboot"):
                self._w(b"\r\n" + PROMPT)
                continue
            self._w(b"Booting from serial...\n" + serialboot.sfl_magic_req)
            assert self._read(14) == serialboot.sfl_magic_ack
            if not self.stale:
                break
            self.stale = False                   # this request had timed out: the frames reach the prompt
            self._w(b"Timeout\r\n" + PROMPT)
        while True:
            n = self._read(1)[0]
            crc = int.from_bytes(self._read(2), "big")
            cmd = self._read(1)
            payload = self._read(n)
            self.frames += 1
            if self.frames in self.corrupt:
                self.corrupt.discard(self.frames)
                payload = bytes([payload[0] ^ 1]) + payload[1:]
            if serialboot.crc16(cmd + payload) != crc:
                self.crc_errors += 1
                self._w(b"C")
                continue
            addr = int.from_bytes(payload[:4], "big")
            if cmd == b"\x01":
                self.mem[addr] = payload[4:]
                self._w(b"K")
            elif cmd == b"\x02":
                self._w(b"K")
                self._w(b"Executing booted program at 0x%08x\n\r--== Liftoff! ==--\n" % addr)
                return

    def image(self, base):
        return b"".join(self.mem[a] for a in sorted(self.mem))

    def _firmware(self):
        self._w(b'\n{"ready":true,"fw":"vexcrypt","platform":"board","cycle_overhead":10,"accelerators":[],'
                b'"max_input":32768}\n')
        while self.alive:
            line = self._line()
            if not line.strip():
                continue
            try:
                req = json.loads(line)
            except json.JSONDecodeError:
                self._w(b'{"ok":false,"error":"malformed request"}\n')
                continue
            self.requests.append(req)
            if req.get("op") == "ops":
                self._w(json.dumps({"ok": True, "op": "ops", "ops": [], "cycle_overhead": 10, "accelerators": [],
                                    "max_input": 32768,
                                    "suites": [{"suite": s, "desc": s} for s in self.SUITES]}).encode() + b"\n")
            elif req.get("op") == "run":
                recs = [dict(r) for r in self.SUITES[req["suites"]]]
                if self.wrong_hash and req["suites"] == "hash":
                    recs[0] = hash_record(64, wrong=True)
                for r in recs:
                    if self.stop_after is not None and self.sent_records >= self.stop_after:
                        while self.alive:          # silent from now on
                            time.sleep(0.05)
                        return
                    self._w(json.dumps(r).encode() + b"\n")
                    self.sent_records += 1
                self._w(json.dumps({"done": True, "pass": len(recs), "fail": 0}).encode() + b"\n")
            elif req.get("op") == "sha256":
                out = hashlib.sha256(bytes.fromhex(req["msg"])).hexdigest()
                self._w(json.dumps({"ok": True, "op": "sha256", "out": out, "cycles": 100}).encode() + b"\n")
            else:
                self._w(b'{"ok":false,"error":"unknown op"}\n')

    def close(self):
        self.alive = False
        self.join(timeout=2)
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


@pytest.fixture
def build_dir(tmp_path):
    """A board build folder: soc.json and a firmware image."""
    d = tmp_path / "build"
    (d / "fw").mkdir(parents=True)
    (d / "fw" / "vexcrypt.bin").write_bytes(bytes((i * 7 + 3) & 0xFF for i in range(3000)))
    (d / "soc.json").write_text(json.dumps({
        "cpu": "vexriscv", "cpu_variant": "full", "litex_cpu_variant": "full", "clmul": False, "mont": False,
        "config": "full", "main_ram_bytes": 32 << 20, "sys_clk_hz": 50_000_000, "board": "ulx3s",
        "main_ram_base": 0x40000000, "boot": "bios-serial",
        "memory": {"kind": "sdram", "module": "MT48LC16M16", "l2_bytes": 8192, "bytes": 32 << 20}}))
    return d


def pty_or_skip():
    """Pseudo-terminals stand in for a board's serial port; a root without devpts mounted (a bare
    chroot, as fresh-check's) has none, and these tests say so instead of failing."""
    try:
        a, b = os.openpty()
    except OSError as e:
        pytest.skip(f"no pseudo-terminals here ({e.strerror}: /dev/pts is not mounted)")
    os.close(a)
    os.close(b)


@pytest.fixture
def fake():
    pty_or_skip()
    made = []

    def make(**kw):
        f = FakeBoard(**kw)
        made.append(f)
        return f
    yield make
    for f in made:
        f.close()


def quiet(*a):
    pass


# ---- serial boot against the fake BIOS ------------------------------------------------------------

def test_serial_boot_loads_the_image_and_the_firmware_greets(fake, build_dir):
    fb = fake()
    image = (build_dir / "fw" / "vexcrypt.bin").read_bytes()
    info = json.loads((build_dir / "soc.json").read_text())
    sess = board.open_session(fb.port, image, info, timeout=5, boot_timeout=10, log=quiet)
    try:
        assert sess.hello["ready"] and sess.boot["bytes"] == len(image) and sess.boot["errors"] == 0
        assert fb.image(0x40000000) == image
        assert sess.request({"op": "sha256", "msg": "616263"})["out"].startswith("ba7816bf")
        assert any("Liftoff" in l for l in sess.console)
    finally:
        sess.close()


def test_a_request_the_bios_stopped_waiting_on_is_asked_again(fake, build_dir):
    # The BIOS answers the first frame with "Timeout": it gave up on the request the host answered
    # (one printed long before the host opened the port). The host asks again.
    fb = fake(stale=True)
    image = (build_dir / "fw" / "vexcrypt.bin").read_bytes()
    info = json.loads((build_dir / "soc.json").read_text())
    msgs = []
    sess = board.open_session(fb.port, image, info, timeout=5, boot_timeout=20, log=msgs.append)
    sess.close()
    assert fb.image(0x40000000) == image and any("asking it again" in m for m in msgs)


def test_crc_errors_are_sent_again(fake, build_dir):
    fb = fake(corrupt={2, 5, 6})
    image = (build_dir / "fw" / "vexcrypt.bin").read_bytes()
    info = json.loads((build_dir / "soc.json").read_text())
    sess = board.open_session(fb.port, image, info, timeout=5, boot_timeout=10, log=quiet)
    sess.close()
    assert fb.crc_errors == 3 and fb.image(0x40000000) == image


def test_windowed_upload_falls_back_to_one_frame_at_a_time(fake, build_dir):
    fb = fake(corrupt={3})
    image = (build_dir / "fw" / "vexcrypt.bin").read_bytes()
    info = json.loads((build_dir / "soc.json").read_text())
    msgs = []
    sess = board.open_session(fb.port, image, info, timeout=5, boot_timeout=10, window=4, log=msgs.append)
    sess.close()
    assert fb.image(0x40000000) == image and sess.boot["errors"] == 1
    assert any("one frame at a time" in m for m in msgs)


def test_a_running_firmware_is_not_mistaken_for_the_bios(fake, build_dir):
    fb = fake(booted=True)
    image = (build_dir / "fw" / "vexcrypt.bin").read_bytes()
    info = json.loads((build_dir / "soc.json").read_text())
    with pytest.raises(TargetError, match="already runs a firmware"):
        board.open_session(fb.port, image, info, timeout=5, boot_timeout=10, log=quiet)
    # --no-boot uses it.
    sess = board.open_session(fb.port, image, info, timeout=5, boot_timeout=10, boot=False, log=quiet)
    assert sess.hello["cycle_overhead"] == 10 and sess.suites() == ["selftest", "hash"]
    sess.close()


# ---- transport errors ---------------------------------------------------------------------------

def test_missing_and_wrong_ports_are_one_line_errors():
    # a port that is not there is refused input (exit 2); one that cannot be opened, a target lost (3)
    with pytest.raises(UsageError) as e:
        board.SerialTransport("/dev/ttyNOPE0")
    assert "does not exist" in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(TargetError) as e:
        board.SerialTransport("/dev/null")                # exists, but is no terminal
    assert "cannot open serial port /dev/null" in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(UsageError, match="no serial port given"):
        board.SerialTransport("")


def test_bench_board_cli_wrong_port_exits_nonzero_with_one_line(build_dir):
    r = subprocess.run([sys.executable, "-m", "vexrun.cli", "bench-board", "--build-dir", str(build_dir),
                        "--port", "/dev/ttyNOPE0", "--out", str(build_dir / "r.json")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert lines[-1].startswith("vexrun: ") and "/dev/ttyNOPE0" in lines[-1]
    assert not any("Traceback" in l for l in lines)


def test_load_without_a_bitstream_names_the_command_of_its_configuration(tmp_path):
    import boards
    from hw.config import SocConfig
    from vexrun.board import load
    with pytest.raises(Exception) as e:
        load.load(boards.get("ulx3s"), SocConfig.parse(clmul=1), tmp_path)
    assert "no bitstream" in str(e.value) and "run make bitstream BOARD=ulx3s CLMUL=1 first" in str(e.value)
    with pytest.raises(Exception) as e:
        load.load(boards.get("ulx3s"), SocConfig.parse(mont=1, mont_w=64), tmp_path, sys_clk_hz=45_000_000)
    assert "run make bitstream BOARD=ulx3s MONT=1 MONT_W=64 SYS_CLK_MHZ=45 first" in str(e.value)


def test_load_and_bench_board_find_the_build_at_its_clock():
    """A build made at SYS_CLK_MHZ=45 is where load, bench-board and the oracle look when given it."""
    from hw.config import SocConfig
    cfg = SocConfig.parse(mont=1, mont_w=64)
    assert board.board_build_dir("ulx3s", cfg, sys_clk_mhz=45).name == "ulx3s-full-mont_w64-45mhz"
    assert board.board_build_dir("ulx3s", cfg) == board.board_build_dir("ulx3s", cfg, sys_clk_mhz=50)
    r = subprocess.run([sys.executable, "-m", "vexrun.cli", "load", "--board", "ulx3s", "--mont", "1", "--mont-w", "64",
                        "--sys-clk-mhz", "45"], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "ulx3s-full-mont_w64-45mhz" in r.stderr and "SYS_CLK_MHZ=45" in r.stderr, r.stderr


def test_silence_is_a_timeout_naming_the_port(fake, build_dir):
    fb = fake(booted=True, stop_after=0)
    image = (build_dir / "fw" / "vexcrypt.bin").read_bytes()
    info = json.loads((build_dir / "soc.json").read_text())
    sess = board.open_session(fb.port, image, info, timeout=1.0, boot=False, log=quiet)
    t0 = time.time()
    with pytest.raises(TargetError, match=f"the board on {fb.port} stopped answering: nothing for 1 s"):
        sess.run({"op": "run", "suites": "hash", "runs": 1})
    assert time.time() - t0 < 5
    sess.close()


# ---- bench-board: checks, partial saves, resume -----------------------------------------------------

def run_bench(build_dir, port, **kw):
    kw.setdefault("timeout", 2.0)
    kw.setdefault("boot_timeout", 10)
    return board.bench(build_dir, port, log=quiet, **kw)


def test_bench_board_runs_and_checks_every_record(fake, build_dir, tmp_path):
    fb = fake(wrong_hash=True)
    out = tmp_path / "r.json"
    records, meta, path, failures = run_bench(build_dir, fb.port, suites_arg="selftest,hash", runs=1, out=out)
    assert path == out
    assert [r["suite"] for r in records] == ["selftest"] * 3 + ["hash"] * 2
    assert [f["prim"] for f in failures] == ["sha256"] and "sha256" in records[3]["check_error"]
    assert "check_error" not in records[4]
    saved, smeta = results.load(out)
    assert saved == records
    assert smeta["where"] == "board" and smeta["board"] == "ulx3s" and smeta["sys_clk_hz"] == 50_000_000
    assert smeta["memory"]["kind"] == "sdram" and smeta["complete"] is True
    assert smeta["suites_done"] == ["selftest", "hash"] and smeta["cycle_overhead"] == 10
    # One request per suite, the options of the run in each.
    assert [r["suites"] for r in fb.requests if r["op"] == "run"] == ["selftest", "hash"]
    table = results.render_table(records, smeta)
    assert "measured in board (ulx3s, 50 MHz)" in table and "SDRAM (MT48LC16M16)" in table


def test_a_board_that_stops_keeps_what_arrived_and_resumes(fake, build_dir, tmp_path):
    out = tmp_path / "r.json"
    fb = fake(stop_after=4)                         # 3 selftest records, then 1 of hash's 2
    with pytest.raises(TargetError) as e:
        run_bench(build_dir, fb.port, suites_arg="selftest,hash", runs=2, out=out)
    msg = str(e.value)
    assert "stopped answering" in msg and f"--resume {out}" in msg and "4 records kept" in msg
    recs, meta = results.load(out)
    assert len(recs) == 4 and meta["suites_done"] == ["selftest"] and meta["complete"] is False
    assert meta["sessions"][0]["error"].startswith("the board on")
    assert "PARTIAL" in results.render_table(recs, meta)

    # Options that differ from the file's are refused; a new boot finishes the run.
    with pytest.raises(UsageError, match="runs=2"):
        run_bench(build_dir, "/dev/null", resume=out, runs=3)
    fb2 = fake()
    records, meta, path, failures = run_bench(build_dir, fb2.port, resume=out)
    assert path == out and not failures and meta["complete"] is True
    assert meta["suites_done"] == ["selftest", "hash"] and len(meta["sessions"]) == 2
    assert [r["suite"] for r in records] == ["selftest"] * 3 + ["hash"] * 2
    assert records[:3] == recs[:3]                   # the finished suite's records are kept as they were
    assert [r["suites"] for r in fb2.requests if r["op"] == "run"] == ["hash"]   # only what was missing
    assert all(r["runs"] == 2 for r in fb2.requests if r["op"] == "run")
    with pytest.raises(UsageError, match="complete: nothing to resume"):
        run_bench(build_dir, fb2.port, resume=out)


def test_resume_refuses_another_build(fake, build_dir, tmp_path):
    out = tmp_path / "r.json"
    fb = fake(stop_after=1)
    with pytest.raises(TargetError):
        run_bench(build_dir, fb.port, suites_arg="selftest", out=out)
    info = json.loads((build_dir / "soc.json").read_text())
    info["config"] = "full-clmul"
    (build_dir / "soc.json").write_text(json.dumps(info))
    with pytest.raises(UsageError, match="this build is ulx3s full-clmul"):
        run_bench(build_dir, "/dev/null", resume=out)


def test_oracle_over_a_serial_port(fake, build_dir):
    fb = fake(booted=True)
    args = cli.build_parser().parse_args(["oracle", "--port", fb.port, "--build-dir", str(build_dir), "--no-boot",
                                          "--timeout", "5"])
    out = io.StringIO()
    commands.cmd_oracle(args, stdin=io.StringIO('{"op":"sha256","msg":"616263"}\n{"op":"exit"}\n'), stdout=out)
    lines = [json.loads(l) for l in out.getvalue().splitlines()]
    assert lines[0]["out"].startswith("ba7816bf") and lines[1]["ok"] is False


# ---- the whole path against the simulated SoC (the LiteX BIOS serial-boots the real firmware) ----

@pytest.fixture(scope="module")
def serial_config():
    from vexrun.soc.build import Config, ensure_all
    pty_or_skip()
    return ensure_all(Config.parse(serial=True), log=print)


@pytest.mark.sim(minutes=2)
def test_serial_path_against_the_simulated_soc(serial_config, tmp_path):
    """make bench-board's code against the simulated SoC: a serial boot through the BIOS, a suite
    checked on the host, the model frozen mid-run (a board that stops answering: a timeout, the
    records kept), a resume in a fresh boot that finishes the run, an oracle request on the
    firmware left running."""
    from vexrun.soc.sim import SerialSim
    out = tmp_path / "serial.json"
    msgs = []
    with SerialSim(serial_config, max_cycles=3_000_000_000) as sim:
        def log(m):
            msgs.append(m)
            if "[stream]" in m:                      # the second suite has begun: freeze the model
                sim.stop()
        with pytest.raises(TargetError) as e:
            board.bench(serial_config.dir, sim.port, suites_arg="hash,stream", runs=1, sizes="1024", out=out,
                        timeout=8, boot_timeout=60, log=log)
        assert "stopped answering" in str(e.value) and "--resume" in str(e.value)
    assert any("serial boot:" in m and "KiB/s" in m for m in msgs)
    recs, meta = results.load(out)
    assert meta["suites_done"] == ["hash"] and meta["complete"] is False and meta["where"] == "sim"
    assert meta["transport"] == "serial" and meta["sessions"][0]["boot"]["bytes"] > 100_000
    hashes = [r for r in recs if r["suite"] == "hash"]
    assert {r["prim"] for r in hashes} == {"md2", "md4", "md5", "sha1", "sha256"}
    assert all(r["ok"] and "check_error" not in r and r["bytes"] == 1024 for r in hashes)
    assert any(r["suite"] == "stream" for r in recs)   # what arrived of the frozen suite was saved

    with SerialSim(serial_config, max_cycles=3_000_000_000) as sim:
        records, meta, path, failures = board.bench(serial_config.dir, sim.port, resume=out, timeout=60,
                                                    boot_timeout=60, log=quiet)
        assert not failures and meta["complete"] and meta["suites_done"] == ["hash", "stream"]
        assert records[:len(hashes)] == hashes
        streams = [r for r in records if r["suite"] == "stream"]
        assert {r["prim"] for r in streams} == {"rc4", "seal"} and all("check_error" not in r for r in streams)
        # The oracle on the firmware the run left running (--no-boot attaches to it).
        args = cli.build_parser().parse_args(["oracle", "--port", sim.port, "--build-dir", str(serial_config.dir),
                                              "--no-boot", "--timeout", "60"])
        o = io.StringIO()
        commands.cmd_oracle(args, stdin=io.StringIO('{"op":"sha256","msg":"616263"}\n'), stdout=o)
        resp = json.loads(o.getvalue())
        assert resp["ok"] and resp["out"].startswith("ba7816bf") and resp["cycles"] > 0


@pytest.mark.sim
@pytest.mark.skipif(not os.environ.get("VEXCRYPT_SERIAL_FULL"), reason="the full serial run: VEXCRYPT_SERIAL_FULL=1")
def test_serial_path_full(serial_config, tmp_path):
    """By hand (about 5 minutes): make sim's suites over the simulated serial port, all checked."""
    from vexrun.soc.sim import SerialSim
    with SerialSim(serial_config, max_cycles=10_000_000_000) as sim:
        records, meta, path, failures = board.bench(serial_config.dir, sim.port, out=tmp_path / "full.json",
                                                    timeout=300, log=print)
    assert not failures and meta["complete"]
    assert {r["suite"] for r in records} == {"selftest", "hash", "block", "stream"}


# ---- the simulation that mirrors a board's memory ----------------------------------------------------

def test_config_names_of_the_board_like_simulations():
    from vexrun.soc.build import Config
    assert Config.parse().name == "full"
    assert Config.parse(memory="sdram").name == "full-sdram"
    assert Config.parse(clmul=True, memory="sdram", trace=True).name == "full-clmul-sdram-trace"
    assert Config.parse(serial=True).name == "full-serial"
    with pytest.raises(Exception, match="valid are sram, sdram"):
        Config.parse(memory="ddr9")


def test_sdram_bank_contents_match_litedram_s_own_mapping():
    """The per-run bank init files put the firmware where LiteDRAM's model would with the same
    init (SDRAMPHYModel's ROW_BANK_COL mapping, 16-bit ULX3S SDRAM)."""
    from litedram import modules
    from litedram.phy.model import SDRAMPHYModel
    from vexrun.soc.memory import SDRAM_BOARD, sdram_bank_words
    sb = SDRAM_BOARD
    module = getattr(modules, sb.module)(sb.clk_hz, "1:1")
    image = bytes((i * 131 + 7) & 0xFF for i in range(3 * 4096 + 100))
    words = [int.from_bytes(image[i:i + 4].ljust(4, b"\0"), "little") for i in range(0, len(image), 4)]
    model = SDRAMPHYModel(module, data_width=sb.data_width, clk_freq=sb.clk_hz, init=[])
    want = model._SDRAMPHYModel__prepare_bank_init_data(list(words), module.nbanks, module.nrows, module.ncols,
                                                        sb.data_width, "ROW_BANK_COL")
    got = sdram_bank_words(image, module.nbanks, module.ncols, sb.data_width)
    for b in range(module.nbanks):
        assert got[b][:len(want[b])] == want[b] and not any(got[b][len(want[b]):])


def test_board_results_name_their_memory():
    from vexrun.suites.records import config_label
    soc = {"cpu_variant": "full", "main_ram_bytes": 32 << 20,
           "memory": {"kind": "sdram", "module": "MT48LC16M16", "l2_bytes": 8192}}
    assert config_label(soc) == "VexRiscv full, no accel, 32 MiB SDRAM (MT48LC16M16) behind an 8 KiB L2"
    assert config_label({"cpu_variant": "full", "main_ram_bytes": 1 << 20}) == "VexRiscv full, no accel, 1024 KiB RAM"
