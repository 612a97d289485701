"""The published pages cannot drift: the one publisher renders every page, README block and table
from the committed data and finds no difference; blocks are rewritten in place only."""

import re
import subprocess

from vexrun.env import ROOT
from vexrun.pages import publish

README = (ROOT / "README.md").read_text()


def test_everything_renders_from_the_committed_data():
    stale = publish.publish(check=True)
    assert stale == [], f"{[str(f.relative_to(ROOT)) for f in stale]} differ from docs/*.json: run `vexrun publish`"


def test_every_page_has_its_data_and_every_block_a_renderer():
    pages = {p.stem for p in publish.DOCS.glob("performance*.md")}
    # A run of a build off the registry's defaults (performance-mont_w64.json) belongs to its page.
    runs = {p.stem for p in publish.DOCS.glob("performance*.json")}
    assert pages and pages == {r for r in runs if "_" not in r}
    assert all(r.split("_")[0] in pages for r in runs)
    names = {m.group(2) for f in publish.markdown_files() if f.exists()
             for m in publish.BLOCK_RE.finditer(f.read_text())}
    assert names and names <= set(publish.blocks())


def test_fill_rewrites_only_blocks():
    text = "intro\n<!-- publish:pk -->\nstale\n<!-- /publish -->\noutro\n"
    out = publish.fill(text, publish.Data())
    assert out.startswith("intro\n<!-- publish:pk -->\n") and out.endswith("<!-- /publish -->\noutro\n")
    assert "stale" not in out and "RSA-2048" in out


def test_make_help_gives_no_unmeasured_figure():
    """Durations and cycle counts come from measured data (the README's generated table), not
    from typed text in make help."""
    help_text = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert not re.findall(r"\b\d+(?:\.\d+)? ?(?:minutes?|min|seconds|s|M cycles|G cycles)\b", help_text), help_text


def test_readme_fits_a_newcomers_ten_minutes():
    lines = README.splitlines()
    assert len(lines) <= 250 and not [n for n, line in enumerate(lines, 1) if len(line) > 200]


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


def test_bench_wall_reads_a_sweep_or_one_simulation():
    from vexrun.pages.examples import bench_wall
    assert bench_wall({"sim_wall_s": 4443.6}) == "74 min"
    assert bench_wall({"sweep": {"wall_s": 3580.4, "workers": 1}}) == "60 min on 1 worker"
    assert bench_wall({"sweep": {"wall_s": 1900, "workers": "tcp://10.0.0.1:8786"}}) == "32 min on a cluster"
    resumed = {"wall_s": 660, "workers": 1, "invocations": [{"wall_s": 640}, {"wall_s": 20}]}
    assert bench_wall({"sweep": resumed}) == "11 min on 1 worker in 2 runs (--resume)"


def test_a_sweeps_run_renders_its_pages_and_the_readmes_durations(tmp_path):
    """make bench saves a sweep's run (its meta names the sweep, not one simulation): the README's
    durations read its wall time and its pages render into a folder outside the repository."""
    import json
    import shutil
    from vexrun.pages import data, examples
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    run = json.loads((docs / "performance.json").read_text())
    meta = {k: v for k, v in run["meta"].items() if k not in ("sim_cycles", "sim_wall_s", "sim_cycles_per_s")}
    meta["sweep"] = {"tasks": 79, "ran": 79, "workers": 2, "sim_cycles": 12.07e9, "wall_s": 1800.0}
    records = [r for r in run["records"] if r.get("suite") != "stream"]       # a table of performance.md
    (docs / "performance.json").write_text(json.dumps(dict(run, meta=meta, records=records)))
    assert "| `make bench` | 30 min on 2 workers | 12.1 G |" in examples.durations(data.Data(docs))
    logged = []
    changed = publish.publish(docs=docs, log=logged.append)
    assert docs / "performance.md" in changed and all(str(docs) in line for line in logged)


def test_seed003_des_row_is_encrypt_plus_decrypt():
    """Seed 003's Table 1 times DES encryption plus decryption: the page sums our two 8 KiB ECB
    runs per block, not twice the encryption."""
    from vexrun.pages import data
    from vexrun.suites import symmetric
    recs = [{"suite": "block", "prim": "des", "op": op, "mode": "ecb", "impl": "sw", "bytes": n, "cycles": c * n // 8}
            for op, c in (("enc", 1000), ("dec", 900)) for n in (64, symmetric.LONG)]
    line = next(x for x in symmetric.page(recs, {}, data.Data()) if x.startswith("Seed 003"))
    assert "ECB run: 1,900 cycles enc+dec" in line, line


def test_seed002_comparisons_take_constant_time_records_only():
    """The pk suite also measures DH's and DSA's variable-time twins: the seed 002 comparisons (the
    curves page's ratios, the pk page's tables) add up the constant-time records only."""
    from vexrun.pages import data
    from vexrun.suites import ec, pk
    records, meta = data.Data().run("performance-ec.json")
    twins = [dict(r, var=True, cycles=10**12) for r in records
             if r.get("suite") == "pk" and r.get("prim") in ("dh", "dsa") and r.get("bits") == 1024]
    assert twins
    def seed_part(lines):                 # the pk page's last table compares the twins, by design
        end = "### Constant time vs variable time"
        return lines[:lines.index(end)] if end in lines else lines
    for page in (ec.page, pk.page):
        assert seed_part(page(records + twins, meta, data.Data())) == seed_part(page(records, meta, data.Data()))


def test_seed_page_rows_link_a_section_that_exists_or_give_a_reason():
    """docs/seeds.md: every row of every seed links a heading its page has, or says why none
    reproduces it; a row that reads data finds it in the committed runs."""
    from vexrun.pages import data, seedmap
    assert {it.seed for it in seedmap.ITEMS} == {"000", "001", "002", "003", "004"}
    d = data.Data()
    for it in seedmap.ITEMS:
        assert it.page or it.note, it
        if it.page:
            headings = {seedmap.slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", (ROOT / "docs" / it.page).read_text(), re.M)}
            assert seedmap.slug(it.heading) in headings, (it.item, it.heading)
        if it.ours:
            records, meta = d.run(it.ours.file)
            assert meta and it.ours.text(records, meta), (it.seed, it.item)
    assert seedmap.slug("Seed 003, Table 1 (iPAQ H3630, 206 MHz, OpenSSL) and the marks") == \
        "seed-003-table-1-ipaq-h3630-206-mhz-openssl-and-the-marks"


def test_seed002_tables_5_and_7_take_rc4_twice_and_50_kb_on_the_line():
    """RC4 encrypts and decrypts alike: seed 002's encrypt + decrypt is two passes; 50 KB is read
    on our least-squares line (the sizes measured skip it); SHA-1 once."""
    from vexrun.suites import symmetric
    recs = [{"suite": s, "prim": p, "op": op, "impl": "sw", "bytes": n, "cycles": k * n + 100}
            for s, p, op, k in (("stream", "rc4", "crypt", 10), ("hash", "sha1", "hash", 30)) for n in (23, 500, 15223, 53278)]
    o = symmetric.seed002_small_large(recs)
    assert o["rc4"][23] == 2 * 330 and round(o["rc4"][51200]) == 2 * 512_100 and round(o["sha1"][51200]) == 1_536_100
    assert o["around"] == (15223, 53278)
    assert symmetric.seed002_orders(recs) is None          # the six series are needed
    six = recs + [{"suite": "block", "prim": p, "impl": "sw", "mode": "cbc", "op": op, "bytes": n, "cycles": k * n}
                  for p, k in (("rc5-32/12/16", 25), ("aes-128", 40)) for op in ("enc", "dec") for n in (64, 1024, 8192)]
    six = [dict(r, impl="tab") if r["prim"] == "aes-128" else r for r in six]
    six += [{"suite": "hash", "prim": p, "op": "hash", "impl": "sw", "bytes": n, "cycles": k * n}
            for p, k in (("md5", 20), ("sha256", 70)) for n in (64, 1024, 8192)]
    o = symmetric.seed002_orders(six)
    # RC4 20/B twice, RC5 50/B and AES 80/B enc + dec; MD5 20, SHA-1 30, SHA-256 70.
    assert o["ciphers"] == "RC4 < RC5 < AES" and round(o["rc4_saves"], 6) == 60
    assert o["hashes"] == "MD5 < SHA-1 < SHA-256" and round(o["sha1_more"], 6) == 50


def test_seal_overtakes_rc4_where_its_set_up_is_paid_back():
    from vexrun.suites import symmetric
    recs = [{"suite": "stream", "prim": p, "op": "crypt", "impl": "sw", "bytes": n, "cycles": k * n}
            for p, k in (("seal", 10), ("rc4", 20)) for n in (64, 1024, 8192)]
    recs += [{"suite": "stream", "prim": "seal", "op": "setkey", "cycles": 1000},
             {"suite": "stream", "prim": "rc4", "op": "setkey", "cycles": 0}]
    o = symmetric.seal_rc4(recs)
    assert round(o["ahead"]) == 100 and o["seal"] == (10, 1000)
