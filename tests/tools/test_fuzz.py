"""The libFuzzer targets of fw/test/fuzz/ (vexrun/checks/fuzz.py): each builds and runs a few seconds
from its seed corpus without a finding (the long runs are `make fuzz`), and a failing check or a
sanitizer report does come out as a finding with its input and a reproduce command."""

import subprocess

import pytest

from vexrun.checks import fuzz
from vexrun.vectors import fuzzseeds
from vexrun.env import ROOT

SHORT_SECONDS = 3     # per target: ten targets in about a minute on a busy 2-core machine


@pytest.fixture(scope="module")
def bindir():
    return fuzz.build()


def test_every_target_has_seeds_and_a_length():
    assert fuzz.targets() == sorted(fuzzseeds.SEEDS) == sorted(fuzz.MAX_LEN)
    for t in fuzz.targets():
        seeds = fuzzseeds.SEEDS[t]()
        assert seeds, t
        # Seeds longer than the target's bound would be cut by libFuzzer.
        assert max(map(len, seeds)) <= fuzz.MAX_LEN[t], t


def test_build_takes_the_callers_target_list(tmp_path):
    """`make fuzz FUZZ_TARGETS=request,ecdsa` passes FUZZ_TARGETS down to fw/Makefile's make (through
    MAKEFLAGS): the build's own list must not be that variable (it was: no rule for 'request,ecdsa')."""
    r = subprocess.run(["make", "-n", "-C", str(ROOT / "fw"), "fuzz", f"FUZZ_OUT={tmp_path}",
                        "FUZZ_TARGETS=request,ecdsa"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert all(f"{tmp_path}/bin/{t}" in r.stdout for t in fuzz.targets())


@pytest.mark.parametrize("target", fuzz.targets())
def test_short_run_finds_nothing(target, bindir, tmp_path):
    run = fuzz.run_target(target, SHORT_SECONDS, bindir, tmp_path / "out", corpus_root=tmp_path / "corpus")
    assert not run.findings, f"{run.error}\n" + (tmp_path / "out" / f"{target}.log").read_text()[-3000:]
    assert run.runs > 0


def test_a_failing_check_is_a_finding(tmp_path):
    """A target whose check fails on inputs of 3 bytes or more, built like the real ones."""
    src = tmp_path / "request.c"
    src.write_text('#include "fuzz.h"\n'
                   "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; FZ_CHECK(n < 3); return 0; }\n")
    (tmp_path / "bin").mkdir()
    subprocess.run(["clang", "-g", "-fsanitize=fuzzer,address,undefined", f"-I{ROOT}/fw/test/fuzz",
                    f"-I{ROOT}/fw/include", str(src), "-o", str(tmp_path / "bin/request")], check=True)
    run = fuzz.run_target("request", 20, tmp_path / "bin", tmp_path / "out", corpus_root=tmp_path / "corpus")
    assert "check failed: n < 3" in run.error
    assert len(run.findings) == 1 and len(open(run.findings[0], "rb").read()) >= 3
    repro = (tmp_path / "out/request-reproduce.sh").read_text()
    assert run.findings[0] in repro
    assert "request  " in fuzz.table([run]) and "input: " in fuzz.table([run])
    # The reproduce command fails again on the saved input.
    cmd = repro.splitlines()[-1].split()
    assert subprocess.run(cmd, capture_output=True).returncode != 0


def test_zero_seconds_is_refused():
    with pytest.raises(fuzz.ToolError):
        fuzz.run_all(0)


def test_cli_prints_the_table_and_refuses_unknown_targets(bindir, capsys):
    from vexrun.cli import main
    assert main(["fuzz", "--seconds", "1", "--targets", "request"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["target", "seconds", "runs", "execs/s", "findings"]
    assert out.splitlines()[1].split()[0] == "request" and out.splitlines()[1].split()[-1] == "0"
    assert main(["fuzz", "--seconds", "1", "--targets", "request,nonesuch"]) == 1
    assert "nonesuch" in capsys.readouterr().err


def test_a_slow_input_is_not_a_finding(tmp_path):
    """libFuzzer saves inputs over 10 s as slow-unit-* and goes on: reported, not a finding."""
    (tmp_path / "bin").mkdir()
    fake = tmp_path / "bin/request"
    fake.write_text(f"#!/bin/sh\necho 'Test unit written to {tmp_path}/out/request-slow-unit-ab' >&2\n"
                    "echo 'stat::number_of_executed_units: 5' >&2\n")
    fake.chmod(0o755)
    run = fuzz.run_target("request", 1, tmp_path / "bin", tmp_path / "out", corpus_root=tmp_path / "corpus")
    assert run.runs == 5 and not run.findings and run.slow == [f"{tmp_path}/out/request-slow-unit-ab"]
    assert "slow input (not a finding)" in fuzz.table([run])
