"""The published figures cannot drift: every performance page equals what its committed data
renders, the README's headline blocks equal what that data renders, and the durations the
README and `make help` give agree."""

import re
import subprocess

import pytest

from vexrun import bench, headline
from vexrun.env import ROOT

DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text()


@pytest.mark.parametrize("data", sorted(DOCS.glob("performance*.json")), ids=lambda p: p.name)
def test_page_is_rendered_from_its_data(data):
    records, meta = headline.load(data)
    page = data.with_suffix(".md")
    assert page.read_text() == bench.render_page(page.name, records, meta), \
        f"{page.name} differs from what {data.name} renders: publish both with `vexrun bench --publish docs`"


def test_every_page_has_its_data():
    pages = {p.stem for p in DOCS.glob("performance*.md")}
    assert pages and pages == {p.stem for p in DOCS.glob("performance*.json")}


def test_readme_headline_blocks_are_rendered_from_the_data():
    found = headline.blocks(README)
    assert set(found) == set(headline.BLOCKS)
    for name, text in found.items():
        assert text == headline.render(name, DOCS), f"README block {name!r} differs from docs/{headline.BLOCKS[name][0]}"


def test_update_rewrites_only_blocks():
    text = "intro\n<!-- headline:pk -->\nstale\n<!-- /headline -->\noutro\n"
    out = headline.update(text, DOCS)
    assert out.startswith("intro\n<!-- headline:pk -->\n") and out.endswith("<!-- /headline -->\noutro\n")
    assert "stale" not in out and "RSA-2048" in out


def durations(text):
    """{target: minutes} from phrases such as "make bench ... about 80 minutes"."""
    return {m.group(1): m.group(2) for m in re.finditer(r"make (\w+)\b[^\n]*?about ([\d.]+ (?:minutes|s))", text)}


def test_make_help_and_readme_give_the_same_durations():
    help_text = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    in_help, in_readme = durations(help_text), durations(README)
    assert in_help and set(in_help) <= set(in_readme)
    assert {k: in_readme[k] for k in in_help} == in_help


def test_ct_rows():
    """Constant time beside variable time: one row per operation measured both ways, DH's key
    pair and shared secret also summed, nothing for an operation measured one way only."""
    from vexrun.suites import pk

    def rec(prim, op, bits, var, cyc, **kw):
        return {"suite": "pk", "prim": prim, "op": op, "bits": bits, "var": var, "cycles": cyc, **kw}
    records = [rec("rsa", "private", 2048, False, 90e6, crt="mrc"), rec("rsa", "private", 2048, True, 60e6, crt="mrc"),
               rec("dh", "keypair", 1024, False, 30e6, group="modp1024"),
               rec("dh", "keypair", 1024, True, 20e6, group="modp1024"),
               rec("dh", "shared", 1024, False, 30e6, group="modp1024"),
               rec("dh", "shared", 1024, True, 40e6, group="modp1024"),
               rec("dsa", "sign", 2048, False, 9e6, key="k"),                   # no variable-time twin
               rec("dsa", "sign", 2048, True, 8e6, key="k", algo=4),           # ... at its point
               {"suite": "pk", "prim": "rsa", "op": "verify", "bits": 2048, "cycles": 1e6}]
    rows = pk.ct_rows(records)
    assert rows[0].startswith("| operation | constant time")
    body = rows[2:]
    assert len(body) == 4, body
    assert "| RSA-2048 private (raw, CRT) | 90.00 M | 60.00 M | 1.50x (+50 %) |" in body
    assert "| DH-1024 keypair + shared (modp1024) | 60.00 M | 60.00 M | 1.00x (+0 %) |" in body
    assert not any("DSA" in r for r in body)
    assert pk.ct_rows(records[7:]) == []
