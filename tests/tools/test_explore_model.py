"""Seed 004's native estimation (vexrun/explore): the cost hook's counts in the host's cost build
(one event per product, named by its algorithm, square and constant time; the stage call's
events; nothing of it in the firmware), the fit recovering known coefficients, and
`vexrun explore estimate` on the committed characterization: its answer, its refusals."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from vexrun.env import CROSS
from vexrun.explore import model, native, stages
from vexrun.explore import point as points

VEXRUN = str(Path(sys.executable).parent / "vexrun")


@pytest.fixture(scope="module")
def nat():
    with native.Native() as n:
        yield n


@pytest.mark.parametrize("algo,radix,square,ct,key", [
    (2, 32, False, False, "mm.a2.r32.mul.var"), (2, 32, True, False, "mm.a2.r32.sqr.var"),
    (2, 8, True, True, "mm.a2.r8.sqr.ct"), (3, 8, True, False, "mm.a3.r8.mul.var"),
    (4, 0, True, True, "mm.a4.r32.sqr.ct"), (5, 0, True, False, "mm.a5.r1.mul.var"), (1, 0, False, True, "mm.a1.r32.mul.ct"),
])
def test_product_event(nat, algo, radix, square, ct, key):
    """A product notes one event, of its size and its model's key (ALGO3 below 2^32, ALGO5 and
    ALGO1 have no squaring of their own: a square is a product)."""
    rng = random.Random(algo * 100 + radix)
    m = rng.getrandbits(32 * 7) | 1 << (32 * 7 - 1) | 1
    a, b = rng.randrange(m), rng.randrange(m)
    req = {"op": "montmul", "m": f"{m:x}", "a": f"{a:x}", "b": f"{(a if square else b):x}", "algo": algo, "ct": ct}
    if radix:
        req["radix"] = radix
    ((event, n, flags, count),) = nat.counts(req)
    assert (event, n, count, model.mm_key(flags)) == ("mm", 7, 1, key)


def test_stage_events(nat):
    """Stage 3 at 512-bit blocks: one block, one set-up, its exponentiation by 65521 (16 bits) in
    the sliding window, the conversions of 48 bytes in and 128 out."""
    st = stages.STAGES["3"]
    counts = {(e, a): c for e, a, b, c in nat.counts(stages.request(st, points.parse("block=512", False)))}
    assert counts[("rsa_block", 1)] == 1 and counts[("init", 32)] == 1 and counts[("exp_var", 32)] == 1
    assert counts[("from_bytes", 48)] == 1 and counts[("to_bytes", 128)] == 1


def test_firmware_has_no_hook(sim_config):
    """The hook is the host cost build's only: no vc_cost in the firmware."""
    syms = subprocess.run([CROSS + "nm", str(sim_config.dir / "fw" / "vexcrypt.elf")], capture_output=True, text=True,
                          check=True).stdout
    assert "vc_cost" not in syms and "vc_mp_modexp" in syms


def test_fit_recovers_coefficients():
    """Rows made from known models (a product's 1, n, n^2 in its two pieces; a look-up's 1, a, ab;
    the unit's queued product, its latency the golden model's) fit back to them (to the ridge's
    bias), and a unit product is charged that latency."""
    from hw.mont.model import mul_cycles
    truth = {"mm.a2.r32.mul.var": {"1@0": 300.0, "n@0": 40.0, "n2@0": 28.0, "1@1": 500.0, "n@1": 30.0, "n2@1": 29.0},
             "lookup": {"1": 90.0, "a": 12.0, "ab": 6.0}, "unit_mul.queued": {"1": 7.0}}
    flags = 2 | 32 << 3 | 1 << 9
    rng = random.Random(3)
    rows = []
    for _ in range(40):
        n, size = rng.randrange(1, 33), rng.choice((4, 8, 16, 32))
        counts = [("mm", n, flags, rng.randrange(1, 50)), ("lookup", size, n, rng.randrange(0, 9)),
                  ("unit_mul", size, 1, rng.randrange(0, 30))]
        rows.append((counts, model.Model(truth).cycles(counts)))
    fitted = model.fit(rows)
    for key, coef in truth.items():
        for name, v in coef.items():
            assert fitted.coef[key][name] == pytest.approx(v, rel=1e-3)
    assert fitted.routine("unit_mul", 16, 1) == pytest.approx(mul_cycles(16) + 7.0, rel=1e-3)


@pytest.mark.parametrize("w", [32, 64])
def test_unit_events(w):
    """The unit's cost build at word width w: stage 3 in the unit notes product commands at the
    unit's words (1,024 bits: 32 or 16), queued and waited, and the same events again on the same
    request (each call is a first one: vc_mont_forget)."""
    req = stages.request(stages.STAGES["3"], points.parse(f"algo=unit,w={w},block=512", False))
    with native.Native(w) as n:
        first, again = n.counts(req), n.counts(req)
    muls = {(a, b): c for e, a, b, c in first if e == "unit_mul"}
    assert set(muls) == {(1024 // w, 0), (1024 // w, 1)} and muls[(1024 // w, 1)] >= 15
    assert sorted(first) == sorted(again)


def test_file_parts():
    """Seed 002's files (vexrun explore files): a file above stages.PART bytes runs in parts whose
    bytes are the file's, the same under either key, each part a stage `--stage` takes."""
    whole = random.Random("explore-file-15223").randbytes(15223)
    for private in (False, True):
        parts = stages.file_stages(15223, private)
        assert len(parts) == 2 and b"".join(p.data() for p in parts) == whole
        assert all(stages.stage(p.name) == p for p in parts)
    assert [p.name for p in stages.file_stages(500, True)] == ["file-500-private"]


def run(*args):
    return subprocess.run([VEXRUN, "explore", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("point,canonical,low,high", [
    ("algo=4,block=512", "algo=4,block=512,crt=none,cache=none,exp=window,window=6", 100_000, 10_000_000),
    ("algo=unit,w=64,block=512", "algo=unit,block=512,crt=none,cache=none,w=64", 10_000, 200_000),
])
def test_estimate_command(point, canonical, low, high):
    r = run("estimate", "--stage", "3", "--point", point)
    assert r.returncode == 0, r.stderr
    ans = json.loads(r.stdout)
    assert (ans["stage"], ans["point"], ans["where"]) == ("3", canonical, "estimate")
    assert low < ans["cycles"] < high


@pytest.mark.parametrize("args,words", [
    (("estimate", "--stage", "3", "--point", "algo=4,radix=8"), "radix=8 does not apply"),
    (("estimate", "--stage", "9"), "--stage 9"),
    (("estimate", "--stage", "1", "--point", "bogus=1"), "unknown key 'bogus'"),
    (("characterize", "--groups", "nope"), "unknown group 'nope'"),
])
def test_refusals(args, words):
    r = run(*args)
    assert r.returncode == 2
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
