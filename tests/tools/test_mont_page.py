"""The Montgomery unit's suite on the host (vexrun/suites/mont.py): its checks, the products an
exponentiation makes, and its page and README block on records made here (the marks judged
both ways, the sequencer's verdict on either side of its threshold). No simulation."""

import pytest

from hw.mont import model
from vexrun.pages import performance, readme
from vexrun.pages.data import Data
from vexrun import suites
from vexrun.suites import mont, mp, pk

SEED = "vexcrypt/mp/1024"
META = {"commit": "0123456789ab", "date": "2026-01-01T00:00:00Z", "where": "sim", "runs": 1,
        "command": "vexrun bench --mont 1 --runs 1 --publish docs",
        "soc": {"cpu_variant": "full", "clmul": False, "mont": True, "main_ram_bytes": 1 << 20}}
DATA = Data()         # the committed data: the plain build's best software points, the cost table


def rec(prim, op, bits, impl, cycles, **kw):
    return dict({"suite": "mont", "prim": prim, "op": op, "bits": bits, "impl": impl, "cycles": cycles,
                 "runs": 1, "ok": True}, **kw)


def unit_records(mul_1024, rsa_sign_2048, exp_1024):
    """A run's records at 1024 bits and RSA-2048 sign, with the given unit figures."""
    ebits = mp.mp_inputs(1024, SEED)[4].bit_length()
    return [rec("montu", "mul", 1024, "hw", mul_1024, seed=SEED),
            rec("montu", "setup", 1024, "hw", 420, seed=SEED),
            rec("montu", "exp", 1024, "hw", exp_1024, seed=SEED),
            rec("montmul", "mul", 1024, "hw", 3896, seed=SEED),
            rec("montmul", "mul", 1024, "sw", 29098, seed=SEED),
            rec("rsa", "sign", 2048, "hw", rsa_sign_2048, crt="mrc"),
            rec("rsa", "sign", 2048, "sw", 59.9e6, crt="mrc")], ebits


def test_exp_products_follow_the_drivers_window():
    # 4096-bit operand memory of 8 slots: 64, 32 and 16 slots at 512, 1024 and 2048 bits; the
    # table of 2^w entries and two more slots must fit, w at most 5.
    assert [mont.exp_products(b, 1)[1] for b in (512, 1024, 2048)] == [5, 4, 3]
    # 1024 bits, 4-bit windows: 14 table products, the first window, 5 products per further one.
    assert mont.exp_products(1024, 1024)[0] == 14 + 1 + 255 * 5
    assert mont.exp_products(2048, 2048)[0] == 6 + 1 + 682 * 4


def test_checks_accept_right_outputs_and_refuse_wrong_ones():
    m, a, b, _, e = mp.mp_inputs(1024, SEED)
    r = 1 << 1024
    prod = a * b * pow(r, -1, m) % m
    good = rec("montu", "mul", 1024, "hw", 1, seed=SEED, r_bits=1024, out=f"{prod:x}")
    assert suites.check(good) is None
    assert "wrong" in suites.check(dict(good, out=f"{prod ^ 1:x}"))
    power = pow(a, e, m) * pow(r, 1 - e, m) % m
    exp = dict(good, op="exp", out=f"{power:x}")
    assert suites.check(exp) is None
    assert "wrong" in suites.check(dict(exp, out=f"{prod:x}"))
    # RSA's public operation alone: sig^e mod n under the benchmark's key.
    key = pk._rsa("rsa1024")
    sig = 0x1234567 << 900
    pub = rec("rsa", "public", 1024, "hw", 1, key="rsa1024", sig=f"{sig:x}", out=f"{pow(sig, key.e, key.n):x}")
    assert suites.check(pub) is None
    assert "wrong" in suites.check(dict(pub, out=f"{sig:x}"))
    # The library's rows go to the mp suite's references.
    assert "wrong" in suites.check(rec("montmul", "mul", 1024, "sw", 1, seed=SEED, r_bits=1024, out="01"))


def speedup_section(records):
    """The page's W = 32 speedup table (the committed W = 64 run follows it)."""
    return "\n".join(mont.page(records, META, DATA)).split("### The unit at W = 64")[0]


def test_marks_are_judged_both_ways():
    met, _ = unit_records(2321, 5.9e6, 2_740_000)
    missed, _ = unit_records(2400, 6.1e6, 2_740_000)
    text = speedup_section(met)
    assert "| 1024-bit product, operands resident | 29,098 |" in text
    assert "≤ 2,392: met" in text and "≤ 6.00 M: met" in text and "missed" not in text
    text = speedup_section(missed)
    assert "≤ 2,392: **missed**" in text and "≤ 6.00 M: **missed**" in text


def test_the_wide_unit_is_judged_by_its_own_marks():
    """A W = 64 run (its own data file) renders beside W = 32, judged by W = 64's marks."""
    met, _ = unit_records(2321, 5.9e6, 2_740_000)
    wide, _ = unit_records(700, 1.9e6, 700_000)

    class Both:
        docs = DATA.docs

        def run(self, name):
            return (wide, dict(META, command="vexrun bench --mont 1 --mont-w 64")) \
                if name == "performance-mont_w64.json" else DATA.run(name)

        def get(self, name):
            return DATA.get(name)
    text = "\n".join(mont.page(met, META, Both())).split("### The unit at W = 64")[1]
    assert "`vexrun bench --mont 1 --mont-w 64`" in text
    assert "| RSA-2048 sign (CRT, result checked) | 59.90 M | 5.90 M | 1.90 M | 31.5x |" in text, text
    assert "≤ 2.00 M: met" in text and "≤ 6.00 M" not in text
    # The README block carries the marked rows only.
    block = "\n".join(mont.readme_block(met, META, DATA))
    assert "RSA-2048 sign" in block and "12.5x" in block and "library call" not in block


@pytest.mark.parametrize("extra,verdict", [(0.001, "not built"), (0.2, "worth building")])
def test_sequencer_verdict(extra, verdict):
    recs, ebits = unit_records(2321, 5.9e6, 0)
    n, _ = mont.exp_products(1024, ebits)
    latencies = n * model.mul_cycles(32)
    recs[2]["cycles"] = round(latencies / (1 - extra))
    text = "\n".join(mont.page(recs, META, DATA))
    assert f"| 1024 | 4 | {n:,} | {recs[2]['cycles']:,} | {latencies:,} |" in text
    assert verdict in text


def test_page_is_the_mont_builds_and_renders_without_rows():
    assert "performance-mont.md" in suites.pages({"mont"}, ("mont",))
    assert "performance-mont.md" not in suites.pages({"mont"}, ())
    assert mont.page([], META, DATA) == []
    page = performance.render_page("performance-mont.md", unit_records(2321, 5.9e6, 2_740_000)[0], META, DATA)
    assert page.startswith("# vexcrypt performance") and "### Cost on ECP5" in page
