"""The carry-less multiply unit: a custom instruction on VexRiscv's CFU port (cfu.v, module
Cfu), its golden model (model.py) and its operation table (README.md). LiteX instantiates it
through cpu_cfu when the CPU variant is full+cfu (hw/soc.py)."""

from pathlib import Path

RTL = Path(__file__).with_name("cfu.v")
