"""The plots show the committed data: every series a plot drew equals what the JSON under docs/
holds (recomputed here from the files, not through the plotting code's helpers), every figure
names where its figures come from, and the committed PNGs are the publisher's bytes."""

import json

import matplotlib
import pytest
from matplotlib import font_manager

from vexrun.pages import plots
from vexrun.pages.data import DOCS, Data
from vexrun.suites import seeds


def load(name):
    return json.loads((DOCS / name).read_text())


@pytest.fixture(scope="module")
def drawn():
    return {p.name: p for p in plots.render(Data())}


def same(got, want):
    """{panel: {label: {x: y}}} equal, floats to rounding."""
    assert got.keys() == want.keys()
    for panel in want:
        assert got[panel].keys() == want[panel].keys(), panel
        for label, pts in want[panel].items():
            assert got[panel][label] == pytest.approx(pts), (panel, label)


def test_every_plot_is_drawn_and_committed(drawn):
    assert list(drawn) == list(plots.PLOTS)
    committed = {p.stem for p in (DOCS / plots.FOLDER).glob("*.png")}
    assert committed == set(drawn), "run `vexrun publish`"
    for name, p in drawn.items():
        assert (DOCS / plots.FOLDER / f"{name}.png").read_bytes() == p.png, f"{name}.png: run `vexrun publish`"
        assert f"]({plots.FOLDER}/{name}.png)" in (DOCS / "plots.md").read_text()


def test_rendering_is_byte_deterministic(drawn):
    """The same bytes again, with matplotlib's own DejaVu fonts (not the system's copies)."""
    again = {p.name: p.png for p in plots.render(Data())}
    assert again == {n: p.png for n, p in drawn.items()}
    assert font_manager.findfont("DejaVu Sans").startswith(matplotlib.get_data_path())


def test_captions_name_the_data(drawn):
    perf, clmul, mont, boards = (load(f)["meta"] for f in ("performance.json", "performance-clmul.json",
                                                            "performance-mont.json", "boards.json"))
    for name, metas in {"symmetric": [perf], "design-space": [perf], "speedup": [clmul, mont]}.items():
        for m in metas:
            for part in (m["commit"][:7], m["command"], m["soc"]["memory"]["desc"], m["config"].split("-")[0],
                         f"measured in {m['where']}"):
                assert part in drawn[name].caption, (name, part)
    for name in ("cost", "boards"):
        assert boards["commit"][:7] in drawn[name].caption and boards["command"] in drawn[name].caption
    assert "SDRAM" in drawn["cost"].caption


def test_symmetric_series_are_the_records_and_seed_002(drawn):
    recs = [r for r in load("performance.json")["records"]
            if r["suite"] in ("hash", "block", "stream") and r.get("bytes") and "cycles" in r]
    want = {}
    for r in recs:
        if r["op"] in ("hash", "crypt"):
            want.setdefault(r["prim"], {}).setdefault(f"vexcrypt {r['prim']} {r['op']}", {})[r["bytes"]] = r["cycles"]
        elif r.get("mode") == "cbc":          # encrypt + decrypt summed per size
            impl = "" if r["impl"] == "sw" else f" {r['impl']}"
            pts = want.setdefault(r["prim"], {}).setdefault(f"vexcrypt {r['prim']}{impl} cbc enc+dec", {})
            pts[r["bytes"]] = pts.get(r["bytes"], 0) + r["cycles"]
    rows = {"md5": "md5", "sha1": "sha1", "sha256": "sha256", "aes-128": "aes", "rc5-32/12/16": "rc5", "rc4": "rc4"}
    for prim, row in rows.items():
        for phone, (a, b, _) in seeds.SEED002_TABLE4[row].items():
            mhz = seeds.SEED002_CLOCK_MHZ[phone]
            if b is not None:
                want[prim][f"{phone}, {mhz:g} MHz"] = {n: (a * n + b) * mhz * 1e3 for n in seeds.SEED002_SIZES}
    same(drawn["symmetric"].series, want)
    assert "V3 sha1" in drawn["symmetric"].caption            # the one phone line the paper gives no intercept for


def test_speedups_are_the_unit_and_software_records_of_one_build(drawn):
    series = drawn["speedup"].series
    for page, panel in (("performance-clmul.json", "clmul unit (full-clmul)"),
                        ("performance-mont.json", "mont unit (full-mont)")):
        recs = [r for r in load(page)["records"] if "cycles" in r]
        key = ("prim", "op", "bits", "curve", "set", "bytes")
        sw = {tuple(r.get(k) for k in key): r["cycles"] for r in recs if r.get("impl", "sw") == "sw"}
        forms = {("gf2m", "mul_clmul"): ("gf2m", "mul_comb"), ("gf2m", "sqr_clmul"): ("gf2m", "sqr_spread"),
                 ("montu", "mul"): ("montmul", "mul")}
        want = []
        for r in recs:
            if r.get("impl") == "hw":
                prim, op = forms.get((r["prim"], r["op"]), (r["prim"], r["op"]))
                s = sw.get((prim, op) + tuple(r.get(k) for k in key[2:]))
                if s:
                    want.append(s / r["cycles"])
        assert sorted(series[panel]["speedup"].values()) == pytest.approx(sorted(want))
    # The README's headline rows, by name.
    clmul = {(r["prim"], r["op"], r.get("bits"), r.get("impl", "sw")): r["cycles"]
             for r in load("performance-clmul.json")["records"] if r["prim"] == "gf2m"}
    assert series["clmul unit (full-clmul)"]["speedup"]["GF(2^163) mul_clmul"] == pytest.approx(
        clmul[("gf2m", "mul_comb", 163, "sw")] / clmul[("gf2m", "mul_clmul", 163, "hw")])
    rsa = {r["impl"]: r["cycles"] for r in load("performance-mont.json")["records"]
           if (r["prim"], r["op"], r["bits"]) == ("rsa", "sign", 2048)}
    assert series["mont unit (full-mont)"]["speedup"]["RSA-2048 sign"] == pytest.approx(rsa["sw"] / rsa["hw"])


def test_design_space_series_are_the_mp_and_pk_records(drawn):
    recs = load("performance.json")["records"]

    def point(r):
        return (f"ALGO{r['algo']}" + (f" r=2^{r['radix']}" if r["algo"] in (2, 3) else "")
                + (" sqr" if r["sqr"] and r["algo"] in (2, 3, 4) else ""))

    def pick(**kw):
        return [r for r in recs if all(r.get(k) == v for k, v in kw.items())]

    default = {"algo": 2, "radix": 32, "sqr": True, "var": False}
    a = {label: {point(r): r["cycles"] for r in pick(**kw)} for label, kw in (
        ("512-bit exponentiation, 512-bit exponent", dict(suite="mp", prim="modexp", op="e=full", bits=512, var=True)),
        ("RSA-1024 sign (CRT)", dict(suite="pk", prim="rsa", op="sign", bits=1024, crt="mrc", var=True)),
        ("RSA-2048 sign (CRT)", dict(suite="pk", prim="rsa", op="sign", bits=2048, crt="mrc", var=True)))}
    # the radix sweep's own records, the last of each radix in the file
    b = {label: {r["radix"]: r["cycles"]
                 for r in pick(suite="mp", prim="montmul", bits=1024, algo=algo, op=op, sqr=True)}
         for label, algo, op in (("ALGO2 product", 2, "mul"), ("ALGO2 square", 2, "sqr"), ("ALGO3 product", 3, "mul"))}
    names = {"lr": "binary, left to right", "rl": "binary, right to left", "ladder": "Montgomery ladder"}
    c = {"512-bit exponentiation, 512-bit exponent": {
        names.get(r["exp"], f"fixed window {r['window']}"): r["cycles"]
        for r in pick(suite="mp", prim="modexp", op="e=full", bits=512, **default)}}
    d = {label: {r["bits"]: r["cycles"] for r in pick(suite="pk", prim=prim, op=op, **kw, **default)}
         for label, prim, op, kw in (("RSA sign (CRT)", "rsa", "sign", {"crt": "mrc"}),
                                     ("RSA verify", "rsa", "verify", {}),
                                     ("DH keypair", "dh", "keypair", {}), ("DH shared", "dh", "shared", {}),
                                     ("DSA sign (23 B)", "dsa", "sign", {"bytes": 23}),
                                     ("DSA verify (23 B)", "dsa", "verify", {"bytes": 23}))}
    got = drawn["design-space"].series
    same(dict(zip(("a", "b", "c", "d"), got.values())), {"a": a, "b": b, "c": c, "d": d})
    assert len(a["512-bit exponentiation, 512-bit exponent"]) == 10 and len(b["ALGO2 square"]) == 9


def test_cost_and_board_series_are_the_board_table(drawn):
    boards = load("boards.json")
    figures = boards["figures"]
    labels = [k for k in figures["full"]["sdram"] if not k.endswith(", software")]
    want = {label: {f"{b['title']}, {b['config']}": {b["resources"]["lut"]["used"]:
                                                     figures[b["config"]]["sdram"][label]}
                    for b in boards["builds"]} for label in labels}
    same(drawn["cost"].series, want)
    if not any(b["config"] == "full-mont" for b in boards["builds"]):
        assert "full-mont" in drawn["cost"].caption       # synthesized, not in the board table: said so
    heat = drawn["boards"].series["Fmax against the board's clock"]
    for key in ("fmax_mhz", "requested_mhz", "pass"):
        assert heat[key] == {(b["title"], b["config"]): b[key] for b in boards["builds"]}
