"""The Montgomery co-processor: a bus peripheral computing A * B * R^-1 mod N with the operands in
its own memory (mont_core.v, the core), its LiteX wrapper (core.py: CSRs and a Wishbone window),
its golden model (model.py) and README.md (registers, window, commands, timing). MONT=1 adds it
to the SoC (hw/soc.py)."""

from pathlib import Path

RTL = Path(__file__).with_name("mont_core.v")
