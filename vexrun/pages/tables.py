"""The blocks of boards/README.md and the hardware READMEs: the board x configuration and the
memory-fidelity tables (docs/boards.json) and each accelerator's cost table (docs/synth-<name>.json,
the same section its performance page has)."""

from hw.config import ACCELERATORS

from vexrun import suites
from vexrun.board import table


def _cost(accel):
    """The cost section of the accelerator's page without its heading (the README has its own)."""
    def render(data):
        lines = suites.SUITES[accel.quick_suite].cost(data)
        return "\n".join(line for line in lines if not line.startswith("###")).strip("\n")
    return render


BLOCKS = {"boards": lambda data: table.render_boards(data.get("boards.json")),
          "memory": lambda data: table.render_memory(data.get("boards.json")),
          **{f"cost-{a.name}": _cost(a) for a in ACCELERATORS}}
