"""Seed 002's 2^3 factorial analysis (vexrun/suites/factorial.py): the allocation of variation
gives back the seed's own shares from its Table 8, puts everything on a factor that alone moves
the result, and reads the design's corners from records."""

import itertools
import math

import pytest

from vexrun.suites import factorial, seeds

CORNERS = list(itertools.product((-1, 1), repeat=3))


def test_the_seeds_table_8_gives_its_printed_shares():
    got = factorial.allocation(seeds.SEED002_TABLE8)
    for term, printed in seeds.SEED002_FACTORIAL["DSA"].items():
        assert got[term] == pytest.approx(printed, abs=1.5), term
    assert sum(got.values()) == pytest.approx(100)


@pytest.mark.parametrize("term", list(factorial.TERMS))
def test_a_term_alone_explains_everything(term):
    idx = factorial.TERMS[term]
    ys = {k: 100 + 7 * math.prod(k[i] for i in idx) for k in CORNERS}
    got = factorial.allocation(ys)
    assert got[term] == pytest.approx(100) and sum(v for t, v in got.items() if t != term) == pytest.approx(0)


def test_design_reads_the_corners_and_needs_all_eight():
    recs = []
    for (a, variant), (b, memory), c in itertools.product(zip((-1, 1), factorial.VARIANTS),
                                                         zip((-1, 1), factorial.MEMORIES), (-1, 1)):
        cfg = factorial.config_name(variant, memory)
        bits = factorial.DH_BITS[(c + 1) // 2]
        y = 1000 + 100 * a + 10 * b + c
        recs += [{"suite": "pk", "prim": "dh", "op": op, "bits": bits, "config": cfg, "cycles": y} for op in
                 ("keypair", "shared")]
        recs.append({"suite": "pk", "prim": "dh", "op": "shared", "bits": bits, "config": cfg, "cycles": 1, "var": True})
    ys = factorial.design(recs, "DH")
    assert ys == {(a, b, c): 2 * (1000 + 100 * a + 10 * b + c) for a, b, c in CORNERS}
    assert factorial.design(recs[2:], "DH") is None
    assert factorial.config_name("lite", "sdram") == "lite-sdram"
