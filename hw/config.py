"""The SoC configuration: CPU variant and accelerator switches, its name, and its validation.

Pure Python (no LiteX import), so the host tools (vexrun) and the builders (sim/build.py, the
board targets) share one list of variants and one naming without loading the SoC generator.
"""

from dataclasses import dataclass

# VexRiscv variants, as LiteX names them. "full+cfu" is "full" with VexRiscv's CFU port: it is
# what CLMUL=1 builds (the carry-less multiply unit is the CFU), and naming it implies CLMUL=1.
CPU_VARIANTS = ("minimal", "lite", "standard", "full", "full+cfu")


@dataclass(frozen=True)
class Accelerator:
    name: str
    desc: str


ACCELERATORS = {
    "clmul": Accelerator("clmul", "carry-less multiply unit on VexRiscv's CFU port (hw/clmul/)"),
    "mont": Accelerator("mont", "Montgomery modular-multiplication co-processor on the bus (hw/mont/)"),
}


class ConfigError(ValueError):
    """A configuration that cannot be built, with a one-line reason."""


@dataclass(frozen=True)
class SocConfig:
    """What distinguishes one SoC build from another. `cpu_variant` is the base variant
    (minimal, lite, standard, full); the CFU port comes with `clmul`."""

    cpu_variant: str = "full"
    clmul: bool = False
    mont: bool = False

    @classmethod
    def parse(cls, cpu_variant="full", clmul=False, mont=False):
        """Validates user options (CPU=..., CLMUL=..., MONT=...) into a configuration."""
        if cpu_variant not in CPU_VARIANTS:
            raise ConfigError(f"cpu variant {cpu_variant!r}: valid are {', '.join(CPU_VARIANTS)}")
        if cpu_variant == "full+cfu":
            cpu_variant, clmul = "full", True
        if clmul and cpu_variant != "full":
            raise ConfigError(f"CLMUL=1 needs CPU=full: VexRiscv {cpu_variant!r} has no CFU port")
        return cls(cpu_variant, bool(clmul), bool(mont))

    @property
    def accelerators(self):
        return [n for n in ACCELERATORS if getattr(self, n)]

    @property
    def name(self):
        """Short name used for build and result folders: full, full-clmul, full-clmul-mont ..."""
        return "-".join([self.cpu_variant] + self.accelerators)

    @property
    def litex_cpu_variant(self):
        return self.cpu_variant + ("+cfu" if self.clmul else "")

    @property
    def isa(self):
        """The firmware's ISA: VexRiscv minimal has no multiplier."""
        return "rv32i" if self.cpu_variant == "minimal" else "rv32im"
