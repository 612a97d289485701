"""The constant-time test (vexrun/checks/ct.py, fw/app/ct.c): Welch's t and the verdicts on the host,
the two routine tables agreeing, and the quick form in the simulated SoC: the constant-time
routines give one cycle count over both classes, a table-based AES and the sliding-window
exponentiation are caught leaking."""

import math
import re
import statistics

import pytest

from vexrun.checks import ct
from vexrun.env import ROOT
from vexrun.soc.sim import SimSession


def test_welch_t_against_its_definition():
    a, b = [10, 12, 11, 15, 9], [20, 18, 25, 21]
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    assert ct.welch_t(a, b) == pytest.approx((statistics.mean(a) - statistics.mean(b)) / se)
    assert ct.welch_t(b, a) == pytest.approx(-ct.welch_t(a, b))


def test_zero_variance():
    assert ct.welch_t([7] * 5, [7] * 9) == 0.0
    assert ct.welch_t([7] * 5, [8] * 5) == math.inf
    # One class constant, the other not: finite and large when the means are apart.
    assert abs(ct.welch_t([100] * 50, [100, 140] * 25)) > ct.T_LIMIT


def test_verdicts():
    leaky = ct.result("x", "f", True, "full", [100] * 40, [100, 130] * 20)
    assert leaky["verdict"] == "FAIL" and ct.failures([leaky]) == [leaky]
    var = ct.result("y", "g", False, "full", [100] * 40, [100, 130] * 20)
    assert var["verdict"].startswith("leaks") and not ct.failures([var])
    flat = ct.result("z", "h", True, "full", [5] * 4, [5] * 4)
    assert flat["verdict"] == "pass" and flat["t"] == 0.0


def test_classes_are_balanced_and_shuffled():
    import random
    c = ct.classes(101, random.Random(1))
    assert c.count(0) == 50 and c.count(1) == 51 and c != sorted(c)


def test_the_tables_mirror_each_other():
    src = (ROOT / "fw/app/ct.c").read_text()
    body = src[src.index("static const struct ct_routine routines[]"):]
    fw_names = re.findall(r'^\s*\{"([^"]+)", "', body[:body.index("};")], re.M)
    assert fw_names == [r.name for r in ct.ROUTINES]


@pytest.mark.sim
def test_quick_form_in_the_soc(sim_config):
    rows = [r for r in ct.ROUTINES if r.quick and ct.BASE in r.configs]
    res = {r["routine"]: r for r in ct.run(sim_config, rows, quick=True)}
    assert {"aes_tab_encrypt_var", "mp_modexp_var_window"} <= set(res)
    for r in res.values():
        if r["claimed"]:
            # Constant time on this core means one cycle count for every call of both classes.
            assert r["t"] == 0.0 and r["fixed"] == r["random"] and r["fixed"][0] == r["fixed"][1], r
            assert r["verdict"] == "pass"
    for name in ("aes_tab_encrypt_var", "mp_modexp_var_window"):
        assert ct.abs_t(res[name]) > ct.T_LIMIT, res[name]


@pytest.mark.sim
def test_bad_requests_then_serving_goes_on(sim_config):
    with SimSession(sim_config, 200_000_000, read_timeout=120) as sess:
        for req, msg in [({"op": "ct", "routine": "nope", "classes": "00"}, "routine"),
                         ({"op": "ct", "routine": "aes_ct_encrypt", "classes": "0002"}, "00 or 01"),
                         ({"op": "ct", "routine": "aes_ct_encrypt", "classes": ""}, "classes"),
                         ({"op": "ct", "routine": "aes_ct_encrypt", "classes": "00" * 513}, "classes"),
                         ({"op": "ct", "routine": "montu_exp", "classes": "00"}, "accelerator")]:
            resp = sess.request(req)
            assert not resp["ok"] and msg in resp["error"], (req, resp)
        resp = sess.request({"op": "ct", "routine": "aes_ct_encrypt", "seed": 3, "classes": "000101"})
        assert resp["ok"] and len(resp["cycles"]) == 3
        sess.close()
