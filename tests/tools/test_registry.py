"""The accelerator registry (hw/config.py) is the only list: a dummy third row, added before
anything else reads the registry and with no other edit, reaches the CLI, the configuration
names, the Makefile's variables, the firmware's generated header (compiled and run) and the
page list."""

import json
import subprocess
import sys
import textwrap

from vexrun.env import ROOT

# Runs in a fresh interpreter: the row is appended before vexrun imports the registry.
SCRIPT = textwrap.dedent('''
    import json, sys
    import hw.config as c
    c.ACCELERATORS += (c.Accelerator(
        "dummy", "a dummy accelerator for the registry test", port="bus", rtl="hw/dummy/dummy.v", top="dummy",
        ooc_sweep=("DEPTH", (4, 8)), quick_suite="dummy", bench_suites=("dummy",), page="performance-dummy.md",
        params=(c.Param("DEPTH", 4, (4, 8), "queue depth"),)),)
    from vexrun import cli, suites
    from vexrun.commands import config_from
    from vexrun.board import fpga
    p = cli.build_parser()
    args = p.parse_args(["sim", "--clmul", "1", "--dummy", "1", "--dummy-depth", "8"])
    cfg = config_from(args).soc
    help_text = p._subparsers._group_actions[0].choices["sim"].format_help()
    print(json.dumps({
        "help": help_text, "name": cfg.name, "back": c.SocConfig.from_name(cfg.name) == cfg,
        "make_args": cfg.make_args(), "info": cfg.info(), "make": c.make_fragment(), "header": c.firmware_header(),
        "pages": list(suites.page_files()), "ooc": list(fpga.BLOCKS), "default_suites": args.suites,
    }))
''')


def registry_with_a_dummy():
    r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def test_a_third_row_reaches_every_consumer(tmp_path):
    got = registry_with_a_dummy()
    assert "--dummy {0,1}" in got["help"] and "--dummy-depth {4,8}" in got["help"]
    assert got["name"] == "full-clmul-dummy_depth8" and got["back"]
    assert got["make_args"] == ["CLMUL=1", "DUMMY=1", "DUMMY_DEPTH=8"]
    assert got["info"]["dummy"] is True and got["info"]["dummy_depth"] == 8
    assert "DUMMY ?=" in got["make"] and "--dummy $(DUMMY)" in got["make"] and "DUMMY_DEPTH=4|8" in got["make"]
    assert "performance-dummy.md" in got["pages"] and "dummy" in got["ooc"]

    # The firmware's view: the generated header with accel.c, compiled on the host as a build with
    # the dummy (soc.h's CONFIG_VEXCRYPT_DUMMY) and the clmul unit would be.
    gen = tmp_path / "gen"
    gen.mkdir()
    (gen / "vc_accels.h").write_text(got["header"])
    (tmp_path / "main.c").write_text(textwrap.dedent('''
        #include <stdio.h>
        #include "accel.h"
        int main(void) {
          for (unsigned i = 0; i < VC_ACCEL_COUNT; i++)
            printf("%s %u\\n", vc_accel_name(i), (vc_accel_present() >> i) & 1u);
          printf("cfu %d dummy_bit %u\\n", VC_HAVE_CFU, VC_ACCEL_DUMMY);
          return 0;
        }'''))
    exe = tmp_path / "accels"
    subprocess.run(["cc", "-std=c11", "-Wall", "-Werror", "-DCONFIG_VEXCRYPT_DUMMY", "-DCONFIG_VEXCRYPT_CLMUL",
                    f"-I{gen}", f"-I{ROOT / 'fw/drivers'}", str(tmp_path / "main.c"), str(ROOT / "fw/drivers/accel.c"),
                    "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[:3] == ["clmul 1", "mont 0", "dummy 1"] and out[3] == "cfu 1 dummy_bit 4"


def test_the_configuration_travels_as_its_name():
    from hw.config import ConfigError, SocConfig
    for name in ("full", "full-clmul", "full-mont", "full-clmul-mont", "minimal", "lite-mont"):
        assert SocConfig.from_name(name).name == name
    for bad, why in (("full-mont-clmul", "spelt 'full-clmul-mont'"), ("full-nope", "unknown accelerator"),
                     ("full-mont_w48", "valid are 32, 64"), ("lite-clmul", "needs CPU=full")):
        try:
            SocConfig.from_name(bad)
        except ConfigError as e:
            assert why in str(e), (bad, e)
        else:
            raise AssertionError(f"{bad} accepted")


def test_no_accelerator_is_named_outside_its_own_files():
    """The check of the registry issue: "clmul" or "mont" as a string literal only in files whose
    path names that accelerator."""
    r = subprocess.run(["grep", "-rlE", r"[\"'](clmul|mont)[\"']", "vexrun", "fw/app", "sim", "boards"], cwd=ROOT,
                       capture_output=True, text=True)
    offenders = [f for f in r.stdout.split() if not any(n in f for n in ("clmul", "mont"))]
    assert offenders == []


def make_command(*args):
    """The vexrun command line `make -n` would run, as vexrun's parser reads it."""
    from vexrun import cli
    out = subprocess.run(["make", "-n", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = next(line for line in out.splitlines() if "bin/vexrun " in line)
    return cli.build_parser().parse_args(line.split("bin/vexrun ", 1)[1].split())


def test_make_passes_the_accelerators_and_the_default_suites():
    from vexrun.commands import BENCH_SUITES, DEFAULT_SUITES, config_from, default_suites
    for make_args, config, suites in ((("sim",), "full", DEFAULT_SUITES),
                                      (("sim", "CLMUL=1"), "full-clmul", DEFAULT_SUITES + ",clmul"),
                                      (("sim", "MONT=1"), "full-mont", DEFAULT_SUITES + ",mont"),
                                      (("sim", "CPU=full+cfu"), "full-clmul", DEFAULT_SUITES + ",clmul"),
                                      (("bench",), "full", BENCH_SUITES),
                                      (("bench", "CLMUL=1"), "full-clmul", "ec,clmul")):
        args = make_command(*make_args)
        assert args.suites is None and config_from(args).soc.name == config
        assert default_suites(args, BENCH_SUITES if args.cmd == "bench" else DEFAULT_SUITES) == suites, make_args
