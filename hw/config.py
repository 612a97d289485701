"""The SoC configuration: CPU variants, the accelerator registry, a configuration's name and its
validation.

ACCELERATORS is the one list of accelerators: one row each, carrying everything the rest of the
project asks about it (make variable and CLI option, parameters, generated C names, RTL for
out-of-context synthesis, suites, page). Every consumer iterates the rows; a new
accelerator is a folder (hw/<name>/, its driver, suite and tests) and one row here.

Between processes a configuration travels as its name ("full-clmul-mont") and is read back by
SocConfig.from_name. Pure Python (no LiteX import): the host tools, the builders (sim/build.py,
boards/build.py), the Makefile (`python3 -m hw.config make`) and the firmware's generated header
(`python3 -m hw.config header`) share it without loading the SoC generator.
"""

import argparse
import sys
from dataclasses import dataclass, field

# VexRiscv variants, as LiteX names them. "full+cfu" is "full" with VexRiscv's CFU port: naming
# it turns on the accelerator that sits on that port.
CPU_VARIANTS = ("minimal", "lite", "standard", "full", "full+cfu")


@dataclass(frozen=True)
class Param:
    """A build parameter of an accelerator (a Verilog parameter of its RTL)."""
    name: str                 # as the RTL names it: "W"
    default: int
    choices: tuple            # the values a SoC build supports end to end (RTL, driver, tests)
    help: str

    @property
    def tag(self):
        """How a non-default value appears in a configuration name: mont_w64."""
        return self.name.lower().replace("_", "")


@dataclass(frozen=True)
class Accelerator:
    name: str                 # configuration-name part, CLI option --<name>, make variable <NAME>
    title: str                # a few words, for option help and tables
    port: str                 # "cfu": VexRiscv's CFU port (CPU=full); "bus": a LiteX bus peripheral
    rtl: str                  # the block's RTL, relative to the repository
    top: str                  # its top module (out-of-context synthesis, cocotb)
    ooc_sweep: tuple          # (parameter, values): the cost table's out-of-context sweep
    quick_suite: str          # the suite `make sim` adds when the accelerator is on
    bench_suites: tuple       # the suites `make bench` runs with it on (its page's data)
    page: str                 # its performance page under docs/
    wrapper: str = ""         # "module:Class" of the LiteX module a bus accelerator adds to the SoC
    mm_algo: str = ""         # the modular multiplication it adds to seed 004's design space (vexrun explore)
    params: tuple = field(default=())

    @property
    def make_var(self):
        return self.name.upper()

    @property
    def option(self):
        return "--" + self.name

    @property
    def macro(self):
        """The soc.h define (CONFIG_<macro>) that tells the firmware the build has it."""
        return "VEXCRYPT_" + self.name.upper()

    def param(self, name) -> Param:
        return next(p for p in self.params if p.name == name)


ACCELERATORS = (
    Accelerator(
        "clmul", "carry-less multiply unit on VexRiscv's CFU port (hw/clmul/)", port="cfu",
        rtl="hw/clmul/cfu.v", top="Cfu", ooc_sweep=("PARTS", (1, 2, 4)),
        quick_suite="clmul", bench_suites=("ec", "clmul"), page="performance-clmul.md",
        # The CFU port instantiates Cfu without parameters: other PARTS are synthesized out of
        # context only (vexrun cost).
        params=(Param("PARTS", 2, (2,), "multiplier slices per 32 x 32 product"),)),
    Accelerator(
        "mont", "Montgomery modular-multiplication co-processor on the bus (hw/mont/)", port="bus",
        rtl="hw/mont/mont_core.v", top="mont_core", ooc_sweep=("W", (32, 64)),
        quick_suite="mont", bench_suites=("mont",), page="performance-mont.md",
        wrapper="hw.mont.core:Mont", mm_algo="unit",
        # W = 64 halves a product's words (about a quarter of the cycles) for about twice the
        # logic; the driver moves 32-bit limbs at either W (fw/drivers/mont.h).
        params=(Param("W", 32, (32, 64), "word width of the multiplier"),
                Param("MAX_BITS", 4096, (4096,), "largest operand in bits"))),
)


def accelerator(name) -> Accelerator:
    for a in ACCELERATORS:
        if a.name == name:
            return a
    raise ConfigError(f"unknown accelerator {name!r}: valid are {', '.join(a.name for a in ACCELERATORS)}")


class ConfigError(ValueError):
    """A configuration that cannot be built, with a one-line reason."""


@dataclass(frozen=True)
class SocConfig:
    """What distinguishes one SoC build from another: the base CPU variant (minimal, lite,
    standard, full) and the accelerators it has, each with its parameters ({name: {param: value}},
    every parameter filled in). The CFU port comes with a CFU accelerator. `cfg.<accelerator>`
    is True when the build has it."""

    cpu_variant: str = "full"
    accels: tuple = ()        # ((name, ((param, value), ...)), ...) in registry order

    @classmethod
    def parse(cls, cpu_variant="full", **switches):
        """Validates user options (CPU=..., CLMUL=1, MONT=1, MONT_W=...: keywords clmul=1,
        mont_w=64) into a configuration."""
        cpu_variant = cpu_variant or "full"
        if cpu_variant not in CPU_VARIANTS:
            raise ConfigError(f"cpu variant {cpu_variant!r}: valid are {', '.join(CPU_VARIANTS)}")
        known = {a.name for a in ACCELERATORS} | {_param_key(a, p) for a in ACCELERATORS for p in a.params}
        bad = sorted(set(switches) - known)
        if bad:
            raise ConfigError(f"unknown option {bad[0]!r}: valid are {', '.join(sorted(known))}")
        on = {a.name: bool(switches.get(a.name)) for a in ACCELERATORS}
        cfu = [a for a in ACCELERATORS if a.port == "cfu"]
        if cpu_variant == "full+cfu":
            off = [a for a in cfu if a.name in switches and not switches[a.name]]
            if off or len(cfu) != 1:
                why = f"{off[0].option} 0 turns off" if off else f"{len(cfu)} accelerators use, not one"
                raise ConfigError(f"cpu variant full+cfu is full with the CFU port, which {why}: "
                                  "name the base variant full and the accelerator instead")
            cpu_variant, on[cfu[0].name] = "full", True
        for a in ACCELERATORS:
            if on[a.name] and a.port == "cfu" and cpu_variant != "full":
                raise ConfigError(f"{a.make_var}=1 needs CPU=full: VexRiscv {cpu_variant!r} has no CFU port")
        if sum(on[a.name] for a in cfu) > 1:
            raise ConfigError("one CFU port: " + " and ".join(f"{a.make_var}=1" for a in cfu if on[a.name])
                              + " cannot be built together")
        accels = []
        for a in ACCELERATORS:
            values = []
            for p in a.params:
                v = switches.get(_param_key(a, p))
                v = p.default if v is None else int(v)
                if v not in p.choices:
                    raise ConfigError(f"{a.make_var}_{p.name}={v}: valid are {', '.join(map(str, p.choices))}")
                if v != p.default and not on[a.name]:
                    raise ConfigError(f"{a.make_var}_{p.name}={v} without {a.make_var}=1")
                values.append((p.name, v))
            if on[a.name]:
                accels.append((a.name, tuple(values)))
        return cls(cpu_variant, tuple(accels))

    @classmethod
    def from_name(cls, name):
        """The configuration called `name` (SocConfig.name): how builders and pages read it."""
        parts = name.split("-")
        switches = {}
        for part in parts[1:]:
            accel, *tags = part.split("_")
            a = accelerator(accel)
            switches[a.name] = True
            for tag in tags:
                p = next((p for p in a.params if tag.startswith(p.tag) and tag[len(p.tag):].isdigit()), None)
                if p is None:
                    raise ConfigError(f"configuration {name!r}: {accel} has no parameter {tag!r}")
                switches[_param_key(a, p)] = int(tag[len(p.tag):])
        cfg = cls.parse(parts[0], **switches)
        if cfg.name != name:
            raise ConfigError(f"configuration {name!r} is spelt {cfg.name!r}")
        return cfg

    @classmethod
    def from_soc_info(cls, soc):
        """The configuration of a build's soc.json (or a result's meta["soc"])."""
        return cls.from_name(soc["soc_config"]) if "soc_config" in soc else cls.parse(
            soc.get("cpu_variant", "full"), **{a.name: bool(soc.get(a.name)) for a in ACCELERATORS})

    def __getattr__(self, name):
        if name in {a.name for a in ACCELERATORS}:
            return self.has(name)
        raise AttributeError(name)

    def has(self, name) -> bool:
        return any(n == name for n, _ in self.accels)

    def params(self, name) -> dict:
        """{parameter: value} of accelerator `name` in this build."""
        return dict(next(v for n, v in self.accels if n == name))

    @property
    def accelerators(self):
        return [n for n, _ in self.accels]

    @property
    def name(self):
        """Short name used for build and result folders: full, full-clmul, full-clmul-mont;
        a parameter off its default joins its accelerator: full-mont_w64."""
        parts = [self.cpu_variant]
        for n, values in self.accels:
            a = accelerator(n)
            parts.append(n + "".join(f"_{a.param(p).tag}{v}" for p, v in values if v != a.param(p).default))
        return "-".join(parts)

    @property
    def litex_cpu_variant(self):
        cfu = any(accelerator(n).port == "cfu" for n in self.accelerators)
        return self.cpu_variant + ("+cfu" if cfu else "")

    @property
    def isa(self):
        """The firmware's ISA: VexRiscv minimal has no multiplier."""
        return "rv32i" if self.cpu_variant == "minimal" else "rv32im"

    def info(self) -> dict:
        """The configuration as soc.json and result metadata record it."""
        out = {"cpu_variant": self.cpu_variant, "litex_cpu_variant": self.litex_cpu_variant,
               "soc_config": self.name}
        for a in ACCELERATORS:
            out[a.name] = self.has(a.name)
            if self.has(a.name):
                out.update({_param_key(a, a.param(p)): v for p, v in self.params(a.name).items()})
        return out

    def make_args(self):
        """The make variables that name this configuration: ["CLMUL=1", "MONT_W=64"] (CPU when not full)."""
        out = [] if self.cpu_variant == "full" else [f"CPU={self.cpu_variant}"]
        for n, values in self.accels:
            a = accelerator(n)
            out.append(f"{a.make_var}=1")
            out += [f"{a.make_var}_{p}={v}" for p, v in values if v != a.param(p).default]
        return out

    def cli_args(self):
        """The vexrun options that name this configuration: ["--clmul", "1", "--mont", "1",
        "--mont-w", "64"] (--cpu-variant when not full)."""
        out = [] if self.cpu_variant == "full" else ["--cpu-variant", self.cpu_variant]
        for n, values in self.accels:
            a = accelerator(n)
            out += [a.option, "1"]
            out += [x for p, v in values if v != a.param(p).default for x in (_param_option(a, a.param(p)), str(v))]
        return out

    def label(self):
        """"clmul+mont" or "no accel"."""
        return "+".join(self.accelerators) or "no accel"


def _param_key(a, p):
    """The keyword of a parameter: mont_w (make variable MONT_W, option --mont-w)."""
    return f"{a.name}_{p.name.lower()}"


def _param_option(a, p):
    """The command-line option of a parameter: --mont-w."""
    return f"{a.option}-{p.name.lower().replace('_', '-')}"


# ---- the consumers' views of the rows ------------------------------------------------------

def add_arguments(parser, switch_type=int):
    """The accelerator options of a command line: --<name> 0|1 and --<name>-<param> VALUE. An
    option left out is None, so `--cpu-variant full+cfu --clmul 0` can be told from no --clmul."""
    for a in ACCELERATORS:
        parser.add_argument(a.option, type=switch_type, default=None, choices=(0, 1), help=f"{a.title} (default: 0)")
        for p in a.params:
            parser.add_argument(_param_option(a, p), dest=_param_key(a, p), type=int,
                                default=None, choices=p.choices,
                                help=f"{p.help} (default: {p.default}; with {a.option} 1)")


def switches(args) -> dict:
    """The keywords of SocConfig.parse from arguments add_arguments made."""
    out = {}
    for a in ACCELERATORS:
        if getattr(args, a.name, None) is not None:
            out[a.name] = bool(getattr(args, a.name))
        for p in a.params:
            v = getattr(args, _param_key(a, p), None)
            if v is not None:
                out[_param_key(a, p)] = v
    return out


def make_fragment() -> str:
    """The Makefile's accelerator variables (included from build/gen/accels.mk)."""
    lines = ["# Generated by `python3 -m hw.config make` from hw/config.py's ACCELERATORS: do not edit."]
    args, usage = [], []
    for a in ACCELERATORS:
        lines.append(f"{a.make_var} ?=")                    # unset: the command's default (0)
        args.append(f"$(if $({a.make_var}),{a.option} $({a.make_var}))")
        usage.append(f"{a.make_var}=0|1")
        for p in a.params:
            var = f"{a.make_var}_{p.name}"
            lines.append(f"{var} ?=")
            args.append(f"$(if $({var}),{a.option}-{p.name.lower().replace('_', '-')} $({var}))")
            usage.append(f"{var}={'|'.join(map(str, p.choices))}")
    lines.append("ACCEL_ARGS := " + " ".join(args))
    lines.append("ACCEL_USAGE := " + " ".join(usage))
    return "\n".join(lines) + "\n"


def firmware_header() -> str:
    """The firmware's view of the rows (build/gen/vc_accels.h, included by fw/drivers/accel.h):
    a bit and a name per accelerator, and whether this build has it (from soc.h's CONFIG_*)."""
    out = ["/* Generated by `python3 -m hw.config header` from hw/config.py's ACCELERATORS: do not edit. */",
           "#ifndef VC_ACCELS_H", "#define VC_ACCELS_H", "",
           "/* X(NAME, name, bit): one row per accelerator, in registry order. */",
           "#define VC_ACCELS(X) \\"]
    out += [f"  X({a.name.upper()}, {a.name}, {i}) \\" for i, a in enumerate(ACCELERATORS)]
    out += ["", f"#define VC_ACCEL_COUNT {len(ACCELERATORS)}",
            "/* The make variables that turn them on, for messages. */",
            f'#define VC_ACCEL_SWITCHES "{", ".join(a.make_var + "=1" for a in ACCELERATORS)}"', ""]
    for i, a in enumerate(ACCELERATORS):
        u = a.name.upper()
        out += [f"#define VC_ACCEL_{u} (1u << {i})",
                f"#ifdef CONFIG_{a.macro}", f"#define VC_HAVE_{u} 1", "#else", f"#define VC_HAVE_{u} 0", "#endif"]
    out += ["/* X(suite): each accelerator's firmware suite (its row's quick suite). */",
            "#define VC_ACCEL_SUITES(X) " + " ".join(f"X({a.quick_suite})" for a in ACCELERATORS), ""]
    cfu = " || ".join(f"VC_HAVE_{a.name.upper()}" for a in ACCELERATORS if a.port == "cfu") or "0"
    out += ["", "/* The build has VexRiscv's CFU port (an accelerator on it). */", f"#define VC_HAVE_CFU ({cfu})",
            "", "#endif", ""]
    return "\n".join(out)


def main(argv=None):
    p = argparse.ArgumentParser(description="hw/config.py's registry for make and the firmware")
    p.add_argument("what", choices=("make", "header"))
    p.add_argument("out", nargs="?", help="file to write (default: standard output)")
    args = p.parse_args(argv)
    text = make_fragment() if args.what == "make" else firmware_header()
    if args.out:
        from pathlib import Path
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
