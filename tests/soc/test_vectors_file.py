"""`vexrun vectors FILE`: the file format and its errors (host), and the example file run on the
simulated SoC, passing, then failing on a changed expectation with the first difference named."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from vexrun.env import ROOT, ToolError
from vexrun.vectors.vectorfile import first_difference, read_cases

VEXRUN = [str(Path(sys.executable).parent / "vexrun")]
EXAMPLE = ROOT / "docs" / "examples" / "vectors.jsonl"


def write(tmp_path, lines):
    p = tmp_path / "v.jsonl"
    p.write_text("\n".join(lines) + "\n")
    return p


def test_example_file_parses():
    cases = read_cases(EXAMPLE)
    assert len(cases) >= 6 and all(c.expect and "expect" not in c.request for c in cases)
    assert cases[0].line == 2 and cases[0].label.startswith("SHA-256")


@pytest.mark.parametrize("lines, reason", [
    (['{"op":"sha256","msg":"61"'], "malformed JSON"),
    (['[1]'], 'string "op"'),
    (['{"op":"sha256","msg":"61"}'], '"expect"'),
    (['{"op":"sha256","expect":{}}'], '"expect"'),
    (['{"op":"sha256","expect":{"out":"00"},"name":3}'], '"name"'),
    (["# only a comment"], "no cases"),
    (['{"op":"aes_tab","mode":"ecb","mode":"cbc","expect":{"out":"00"}}'], '"mode" given twice'),
    (['{"op":"sha256","msg":"61","expect":{"out":"00","out":"01"}}'], '"out" given twice'),
])
def test_malformed_files_name_the_line(tmp_path, lines, reason):
    with pytest.raises(ToolError, match=reason):
        read_cases(write(tmp_path, lines))


def test_missing_file():
    with pytest.raises(ToolError, match="cannot read"):
        read_cases("/nonexistent/v.jsonl")


def test_dash_reads_standard_input(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(EXAMPLE.read_text()))
    assert read_cases("-") == read_cases(EXAMPLE)


def test_first_difference():
    assert first_difference({"out": "ABcd"}, {"out": "abCD", "ok": True}) is None
    assert first_difference({"ok": False, "error": "modulus"}, {"ok": False, "error": "bad modulus"}) is None
    d = first_difference({"out": "abcdef"}, {"out": "abcxef"})
    assert "first difference at character 3" in d
    d = first_difference({"out": "ab"}, {"out": "abcd"})
    assert "character 2" in d and "lengths 2 and 4" in d
    assert "the SoC answered: unknown op" in first_difference({"out": "00"}, {"ok": False, "error": "unknown op"})
    # An expected field the response does not have (misspelt) fails, naming it and what there is.
    assert first_difference({"otu": "00"}, {"ok": True, "op": "sha256", "out": "00"}) == \
        "no field 'otu' in the response (it has ok, op, out)"
    assert first_difference({"valid": True}, {"valid": False}) == "valid: expected true, got false"


def vectors(path, stdin=None):
    return subprocess.run(VEXRUN + ["vectors", str(path)], input=stdin, capture_output=True, text=True, timeout=600)


@pytest.mark.sim
def test_example_passes_and_a_wrong_answer_fails(sim_config, tmp_path):
    r = vectors(EXAMPLE)
    assert r.returncode == 0, r.stdout + r.stderr
    n = len(read_cases(EXAMPLE))
    assert r.stdout.count("pass  line") == n and f"{n} passed, 0 failed" in r.stdout
    # On standard input: one expected digest changed in its 10th character, a misspelt expected
    # field, a misspelt request field: those cases fail, the others still pass.
    lines = EXAMPLE.read_text().splitlines()
    obj = json.loads(lines[1])
    out = obj["expect"]["out"]
    obj["expect"]["out"] = out[:9] + ("0" if out[9] != "0" else "1") + out[10:]
    lines[1] = json.dumps(obj)
    lines += ['{"op":"sha256","msg":"616263","expect":{"otu":"ba78"}}', '{"op":"sha256","mgs":"616263","expect":{"out":"ba78"}}']
    r = vectors("-", stdin="\n".join(lines) + "\n")
    assert r.returncode == 1
    fail = [l for l in r.stdout.splitlines() if l.startswith("FAIL")]
    assert len(fail) == 3 and "line 2" in fail[0] and "first difference at character 9" in fail[0]
    assert "no field 'otu' in the response (it has ok, op, out, and measurements)" in fail[1]
    assert "the SoC answered: mgs: not a field of sha256 (did you mean msg?)" in fail[2]
    assert f"{n - 1} passed, 3 failed" in r.stdout


def test_malformed_file_exits_2(tmp_path):
    r = vectors(write(tmp_path, ['{"op":"sha256"}']))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and '"expect"' in r.stderr
