"""What a new user meets at the command line, without a simulation: the oracle loop's answers to
lines that never reach the target, refusals before anything is built or announced (exit status
2), and the report naming the file it shows."""

import json
import subprocess
import sys
from pathlib import Path

from vexrun.soc import oracle
from vexrun.suites import selftest

VEXRUN = [str(Path(sys.executable).parent / "vexrun")]


class NoTarget:
    """A session factory that must not be called: these lines never reach the target."""

    def __call__(self):
        raise AssertionError("a target was opened")


def test_lines_the_target_never_sees_get_an_answer_each():
    lines = ["", "   ", "{not json", "[1]", '{"op":"aes_tab","mode":"ecb","mode":"cbc"}', '{"op":"exit"}']
    answers = list(oracle.responses(NoTarget(), lines))
    assert len(answers) == len(lines) and not any(a["ok"] for a in answers)
    assert answers[0] == answers[1] == oracle.BLANK and "blank line" in oracle.BLANK["error"]
    assert "malformed JSON" in answers[2]["error"] and "JSON object" in answers[3]["error"]
    assert answers[4]["error"] == 'duplicate field "mode": give each field once'
    assert "reserved" in answers[5]["error"]


def vexrun(*args):
    return subprocess.run(VEXRUN + list(args), capture_output=True, text=True, timeout=120)


def test_refused_input_exits_2_before_anything_is_built_or_announced(tmp_path):
    for args, why in ((["sim", "--suites", "nosuch"], "unknown suite 'nosuch': valid suites are"),
                      (["sim", "--cpu-variant", "full+cfu", "--clmul", "0"], "--clmul 0 turns off"),
                      (["sim", "--cpu-variant", "lite", "--clmul", "1"], "CLMUL=1 needs CPU=full"),
                      (["report", str(tmp_path / "nothing.json")], "cannot read result file"),
                      (["vectors", str(tmp_path / "nothing.jsonl")], "cannot read"),
                      (["ct", "--routines", "nosuch"], "unknown routine 'nosuch'"),
                      (["ct", "--samples", "2"], "at least 4 calls"),
                      (["board-table", "--builds", str(tmp_path)], "no build reports")):
        r = vexrun(*args)
        assert r.returncode == 2 and r.stdout == "", (args, r)
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("vexrun: ") and why in r.stderr, (args, r.stderr)


def test_report_names_the_file_and_the_run_it_shows(tmp_path):
    path = tmp_path / "run.json"
    meta = {"command": "vexrun sim --suites hash", "date": "2026-11-26T00:00:00Z", "where": "sim", "commit": "abc",
            "config": "full", "cycle_overhead": 10,
            "soc": {"cpu_variant": "full", "clmul": False, "mont": False, "main_ram_bytes": 1 << 21}}
    path.write_text(json.dumps({"meta": meta, "records": []}))
    r = vexrun("report", str(path))
    assert r.returncode == 0
    assert r.stdout.splitlines()[0] == f"{path} (vexrun sim --suites hash, 2026-11-26T00:00:00Z):"


def test_a_self_test_counts_its_vectors_in_words():
    assert selftest.progress({"prim": "rsa", "vectors": 1, "ok": True}) == "rsa: 1 vector ok"
    assert selftest.progress({"prim": "md5", "vectors": 7, "ok": True}) == "md5: 7 vectors ok"
