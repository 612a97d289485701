"""Builds what changed: the Verilator model only when the hardware sources or options changed,
the firmware (make, incremental) every time."""

import contextlib
import fcntl
import hashlib
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from hw.config import ConfigError, SocConfig

from vexrun.env import BUILD, ROOT, ToolError, UsageError, tool_env
from vexrun.soc.memory import MEMORIES, sim_build_name

# Everything the model depends on besides the pinned packages (requirements.txt covers those).
HW_SOURCES = ("hw", "sim/build.py", "sim/harness", "sim/modules", "vexrun/soc/memory.py", "requirements.txt")

# What a profile-guided model is trained on (sim/harness/Makefile): the hash suite drives the
# whole core (pipeline, caches, multiplier, loads and stores) in 6 M cycles; measured on the self-
# test, its profile gave as fast a model as hash and block's (20 M). The profile shapes only the
# host's machine code: every model gives the same cycles and outputs.
PGO_TRAINING = {"op": "run", "suites": "hash", "runs": 1}
PGO_MAX_CYCLES = 50_000_000


@dataclass(frozen=True)
class Config:
    """A simulation build: the SoC configuration, traced or not (a traced model is kept apart),
    its main RAM (vexrun/soc/memory.py: "sram", or "sdram" as on a board) and whether it boots like
    a board (serial: the LiteX BIOS in ROM serial-boots the firmware over a pseudo-terminal).
    Each combination is a build of its own: build/full, build/full-sdram, build/full-serial."""

    soc: SocConfig = SocConfig()
    trace: bool = False
    memory: str = "sram"
    serial: bool = False

    @classmethod
    def parse(cls, cpu_variant="full", trace=False, memory="sram", serial=False, **switches):
        """From user options (`switches`: the accelerators', hw/config.py); a configuration that
        cannot be built raises UsageError."""
        if memory not in MEMORIES:
            raise UsageError(f"memory {memory!r}: valid are {', '.join(MEMORIES)}")
        try:
            return cls(SocConfig.parse(cpu_variant, **switches), trace, memory, bool(serial))
        except ConfigError as e:
            raise UsageError(str(e))

    @property
    def name(self):
        return sim_build_name(self.soc.name, self.memory, self.serial, self.trace)

    @property
    def dir(self) -> Path:
        return BUILD / self.name

    @property
    def isa(self):
        return self.soc.isa

    @property
    def model(self) -> Path:
        return self.dir / "gateware" / "obj_dir" / "Vsim"

    def soc_info(self) -> dict:
        return json.loads((self.dir / "soc.json").read_text())


def _hw_digest(cfg: Config) -> str:
    h = hashlib.sha256(repr(cfg).encode())
    for rel in HW_SOURCES:
        p = ROOT / rel
        files = sorted(f for f in p.rglob("*") if f.is_file() and "__pycache__" not in f.parts and f.suffix != ".md") if p.is_dir() else [p]
        for f in files:
            h.update(str(f.relative_to(ROOT)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


@contextlib.contextmanager
def build_lock(name):
    """Builds of one kind one at a time across processes (make test's workers, a make sim beside
    it): the second waits, then finds the first's build up to date."""
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / f".{name}.lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


def ensure_model(cfg: Config, log=print) -> Path:
    """Builds the Verilator model of `cfg` unless an up-to-date one exists."""
    with build_lock(f"model-{cfg.name}"):
        return _ensure_model(cfg, log)


def _ensure_model(cfg, log):
    stamp = cfg.dir / "model.stamp"
    digest = _hw_digest(cfg)
    if cfg.model.exists() and stamp.exists() and stamp.read_text() == digest:
        return cfg.model
    log(f"vexrun: building the Verilator model for {cfg.name} (hardware changed; about a minute"
        + (", the BIOS a few more)" if cfg.serial else ")"))
    t0 = time.time()
    cmd = [sys.executable, str(ROOT / "sim" / "build.py"), "--config", cfg.soc.name, "--build-root", str(BUILD),
           "--memory", cfg.memory]
    # Serial-boot and traced models are not trained: the first has no firmware preloaded, the
    # second is for waveforms, not speed.
    profiled = not (cfg.serial or cfg.trace)
    if cfg.serial:
        cmd.append("--serial")
    if cfg.trace:
        cmd += ["--trace", "--trace-fst"]
    if profiled:
        cmd.append("--profile-gen")
    _run_tool(cmd, "sim/build.py failed")
    if profiled:
        _train(cfg)
    stamp.write_text(digest)
    log(f"vexrun: model built in {time.time() - t0:.0f} s")
    return cfg.model


def _run_tool(cmd, what):
    r = subprocess.run(cmd, cwd=ROOT, env=tool_env(), capture_output=True, text=True)
    if r.returncode != 0:
        lines = [l for l in (r.stderr + r.stdout).strip().splitlines() if l.strip()]
        raise ToolError(lines[-1] if lines else what)


def _train(cfg: Config):
    """Runs the instrumented model on PGO_TRAINING with this configuration's firmware, then
    recompiles it with the profile the run left (sim/harness/Makefile profiled)."""
    from vexrun.soc.sim import SimSession
    ensure_firmware(cfg)
    with SimSession(cfg, PGO_MAX_CYCLES) as s:
        s.run(PGO_TRAINING)
        s.close()
    _run_tool(["make", "-s", "-C", str(cfg.dir / "gateware"), "-f", str(ROOT / "sim" / "harness" / "Makefile"),
               "profiled", f"JOBS={os.cpu_count()}"], "the profile-guided model build failed")


def ensure_firmware(cfg: Config, image="vexcrypt") -> Path:
    """(Re)builds a firmware image for `cfg` (make decides what changed): "vexcrypt", the
    application, or "faults", the harness test image (fw/test/faults.c)."""
    target = {"vexcrypt": "firmware", "faults": "faults"}[image]
    with build_lock("fw"):           # every firmware build shares build/gen (kat.h, vc_accels.h)
        r = subprocess.run(["make", "-s", "-C", str(ROOT / "fw"), target, f"SOC={cfg.dir}", f"ARCH={cfg.isa}",
                            f"OUT={cfg.dir / 'fw'}", f"PYTHON={sys.executable}"],
                           capture_output=True, text=True)
    if r.returncode != 0:
        raise ToolError("firmware build failed:\n" + (r.stdout + r.stderr).strip())
    return cfg.dir / "fw" / f"{image}.bin"


def ensure_host(target="host", defines=None) -> Path:
    """(Re)builds a host build of the firmware's code: "host", the library (libvexcrypt.so), or
    "host-oracle", the request server on stdin and stdout. `defines` ({"VC_MONTU_W": 64}) builds a
    variant in a folder of its own (host-vc_montu_w64)."""
    # VEXCRYPT_HOST_OUT: a private build directory (parallel work trees, concurrent runs).
    out = Path(os.environ.get("VEXCRYPT_HOST_OUT", BUILD / "host"))
    defines = defines or {}
    if defines:
        out = out.with_name(out.name + "".join(f"-{k.lower()}{v}" for k, v in sorted(defines.items())))
    with build_lock("fw"):
        r = subprocess.run(["make", "-s", "-C", str(ROOT / "fw"), target, f"HOST_OUT={out}",
                            "HOST_DEFS=" + " ".join(f"-D{k}={v}" for k, v in sorted(defines.items())),
                            f"PYTHON={sys.executable}"], capture_output=True, text=True)
    if r.returncode != 0:
        raise ToolError(f"{target} build failed:\n" + (r.stdout + r.stderr).strip())
    return out / {"host": "libvexcrypt.so", "host-oracle": "oracle"}[target]


def ensure_all(cfg: Config, log=print):
    ensure_model(cfg, log)
    ensure_firmware(cfg)
    return cfg
