"""The simulated SoC: self-tests and benchmarks, exit status, and the harness's failure paths
(trap report, cycle bound, bad requests)."""

import re

import pytest

from vexrun.native.ec import SETS
from vexrun.vectors import kat_ec, katgen
from vexrun.soc import results
from vexrun.soc.build import ensure_firmware
from vexrun.soc.sim import SimError, SimSession

pytestmark = pytest.mark.sim(minutes=5)


def full_selftest_counts():
    """The vectors of each primitive in suite "selftest_full": as many as katgen put in."""
    want = {}
    for rows in (katgen.hash_rows(), katgen.block_rows(), katgen.stream_rows()):
        for row in rows:
            want[row[0]] = want.get(row[0], 0) + 1
    # Public key (fw/app/selftest_pk.c): each exponentiation vector on its 8 design-space points
    # (4 for full-length exponents), by the variable-time method and the constant-time window; a
    # signing vector is signed twice (MRC, SRC), verified and rejected tampered, a verify-only
    # one verified and rejected tampered.
    want["modexp"] = 2 * sum(8 if len(katgen._be(e)) <= 3 else 4 for _, _, _, e, _ in katgen.modexp_rows())
    want["rsa"] = sum(4 if pq else 2 for _, pq in katgen.rsa_sig_rows())
    want["dsa"] = len(katgen.dsa_ver_rows()) + len(katgen.dsa_sign_rows())
    want["dh"] = len(katgen.dh_rows())
    # Elliptic curves (fw/app/selftest_ec.c): 8 field-variant comparisons per field; a key pair
    # per curve (B-163's in every set), a SigGen vector per curve; a SigVer failure, EC-DH and
    # EC-ElGamal on B-163.
    want["gf2m"] = 16
    want["ec_keypair"] = len(kat_ec.CURVES) + len(SETS) - 1
    want["ecdsa"] = len(kat_ec.CURVES) + 1
    want["ecdh_elgamal"] = 2
    return want


def test_selftest_and_benchmarks(sim_config):
    with SimSession(sim_config, max_cycles=800_000_000, read_timeout=900) as s:
        recs, done = s.run({"op": "run", "suites": "selftest_full,hash", "runs": 3, "exit": True})
        status = s.wait_exit()
    failed = [f"{r['suite']} {r.get('prim')}: {r.get('error', 'failed')}" for r in recs if not r.get("ok")]
    assert not failed, "failures in the SoC: " + "; ".join(failed)
    assert status == 0
    tests = {r["prim"]: r for r in recs if r["suite"] == "selftest"}
    # Every primitive of the firmware reports, with as many vectors as katgen put in.
    assert {p: t["vectors"] for p, t in tests.items()} == full_selftest_counts()
    bench = [r for r in recs if r["suite"] == "hash"]
    assert [r["bytes"] for r in bench if r["prim"] == "sha256"] == [64, 1024, 8192]
    assert {r["prim"] for r in bench} == {"md2", "md4", "md5", "sha1", "sha256"}
    for r in bench:
        assert r["ok"] and len(r["raw"]) == 3 and r["cycles"] > 0
        assert results.check_record(r) is None          # output checked against hashlib
    assert {k: done[k] for k in ("done", "pass", "fail")} == {"done": True, "pass": len(recs), "fail": 0}
    # each suite's cycles, in the order they ran
    assert [s["suite"] for s in done["suites"]] == ["selftest_full", "hash"] and all(
        s["cycles"] > 0 for s in done["suites"])


def test_instruction_classes_split_what_minstret_counts(sim_config):
    """hw/simctrl's classes of a timed call (insn_*) sum to the instructions minstret counts in
    the benchmark's counting run, up to the same few instructions of harness for every record
    (the two runs' brackets differ), and an oracle answer carries the same call's classes."""
    with SimSession(sim_config, max_cycles=200_000_000) as s:
        recs, _ = s.run({"op": "run", "suites": "hash", "runs": 1, "sizes": "64,1024", "instret": True})
        ans = s.request({"op": "sha256", "msg": "61" * 64})
    classes = ("compute", "memory", "control")
    diffs = {sum(r[f"insn_{c}"] for c in classes) - r["instret"] for r in recs}
    assert len(recs) == 10 and len(diffs) == 1 and abs(diffs.pop()) <= 4, diffs
    assert all(r[f"insn_{c}"] > 0 for r in recs for c in classes)
    bench = next(r for r in recs if r["prim"] == "sha256" and r["bytes"] == 64)
    assert all(abs(ans[f"insn_{c}"] - bench[f"insn_{c}"]) <= 4 for c in classes), (ans, bench)


def test_quick_selftest_runs_a_few_vectors_of_every_family(sim_config):
    # make sim's self-test: every primitive of the full one reports, all pass, with fewer
    # vectors (a subset of the same tables), within a small cycle budget. Elliptic curves: the
    # field variants and the B-163 and P-256 key pairs; ECDSA, EC-DH and EC-ElGamal (the same
    # field and point code, 2-11 M cycles each) only in the full one.
    with SimSession(sim_config, max_cycles=100_000_000, read_timeout=300) as s:
        recs, done = s.run({"op": "run", "suites": "selftest", "exit": True})
        status = s.wait_exit()
        cycles = s.cycles
    failed = [f"{r.get('prim')}: {r.get('error', 'failed')}" for r in recs if not r.get("ok")]
    assert not failed and status == 0, "failures in the SoC: " + "; ".join(failed)
    assert all(r["suite"] == "selftest" and r["failed"] == 0 and r["vectors"] > 0 for r in recs)
    quick = {r["prim"]: r["vectors"] for r in recs}
    full = full_selftest_counts()
    assert set(quick) == set(full) - {"ecdsa", "ecdh_elgamal"} and len(recs) == len(quick)
    assert all(quick[p] <= full[p] for p in quick)
    assert sum(quick.values()) < sum(full.values())
    # The RFC 5114 DH secret's exponentiation runs over its exponent's 160 bits (vc_dh_shared's
    # xbits), not the modulus's 1,024.
    assert cycles < 60_000_000, f"the quick self-test took {cycles:,} simulated cycles"
    assert {k: done[k] for k in ("done", "pass", "fail")} == {"done": True, "pass": len(recs), "fail": 0}
    assert done["suites"][0]["suite"] == "selftest" and 0 < done["suites"][0]["cycles"] < cycles


def test_benchmark_output_check_catches_a_wrong_result():
    rec = {"suite": "hash", "prim": "sha256", "op": "hash", "bytes": 64, "out": "00" * 32}
    assert "sha256" in results.check_record(rec)
    rec = {"suite": "block", "prim": "aes-128", "mode": "cbc", "op": "enc", "bytes": 64, "out": "00" * 32}
    assert "aes-128" in results.check_record(rec)
    rec = {"suite": "mystery", "prim": "x", "op": "y", "bytes": 1, "out": "00"}
    assert "no host reference" in results.check_record(rec)


def test_exit_status_reaches_the_host(sim_config):
    with SimSession(sim_config, max_cycles=50_000_000, read_timeout=120) as s:
        assert s.request({"op": "exit", "status": 7})["ok"]
        assert s.wait_exit() == 7


def test_bad_requests_get_errors_and_the_server_keeps_serving(sim_config):
    bad = [
        ("not json", "request: not a JSON object"),
        ('{"op":"sha256","msg":"6162"', "msg: expected ',' or '}' after the value"),
        ('{"msg":"61"}', "op: missing"),
        ('{"op":"nope"}', "unknown op"),
        ('{"op":"sha256"}', "msg: missing; sha256 takes"),
        ('{"op":"sha256","msg":"abc"}', "msg: 3 hex digits, an odd count"),
        ('{"op":"sha256","msg":"zz"}', 'msg: "zz" is not hex'),
        ('{"op":"sha256","msg":"' + "00" * 32769 + '"}', "msg: 32769 bytes; sha256 takes bytes as hex, at most 32768"),
        ('{"op":"sha256","msg":"' + "0" * 70000 + '"}', "request: over 66559 characters; a request takes at most 32768 bytes"),
        ('{"op":"sha256","msg":"61","msg":"62"}', "msg: given twice"),         # JSON's last-wins, refused
        ('{"op":"rc5","key":"00","rounds":1.5,"msg":""}', "rounds: 1.5; rc5 ecb takes an integer 0..255"),
        ('{"op":"run","suites":"selftest","runs":99}', "runs: 99; run takes an integer 1..15"),
        ('{"op":"run","suites":"nosuch"}', "suites: 'nosuch' is not a suite"),
        ('{"op":"run","suites":"hash","sizes":"64,x"}', None),   # streams an error record
        ('{"op":"exit","status":300}', "status"),
    ]
    with SimSession(sim_config, max_cycles=200_000_000, read_timeout=120) as s:
        for line, err in bad:
            s.send(line)
            resp = s.read_json()
            if err is None:
                recs = [resp]
                while not recs[-1].get("done"):
                    recs.append(s.read_json())
                errors = [r for r in recs if "sizes" in r.get("error", "")]
                assert errors and recs[-1]["fail"] == len(errors)
            else:
                assert resp["ok"] is False and err in resp["error"], (line[:40], resp)
            ok = s.request({"op": "sha256", "msg": "616263"})
            assert ok["out"].startswith("ba7816bf"), "the server stopped answering after a bad request"
        s.close()


@pytest.fixture(scope="module")
def faults(sim_config):
    return ensure_firmware(sim_config, "faults")


@pytest.mark.parametrize("kind,reason", [("trap", "illegal instruction"), ("ecall", "environment call from M-mode")])
def test_trap_is_reported_with_its_cause(sim_config, faults, kind, reason):
    with SimSession(sim_config, max_cycles=20_000_000, read_timeout=60, firmware=faults) as s:
        s.send(kind)
        with pytest.raises(SimError, match=f"firmware trap: {reason}"):
            s.read_json()


def test_platform_reports_a_trap_in_a_plain_line_without_the_applications_report(sim_config, faults):
    with SimSession(sim_config, max_cycles=20_000_000, read_timeout=60, firmware=faults) as s:
        s.send("plain")
        with pytest.raises(SimError, match=r"ended the run \(status 3\)"):
            s.read_json()
        assert any(re.fullmatch(r"trap: illegal instruction mcause 0x00000002 mepc 0x[0-9a-f]{8} "
                                r"mtval 0x[0-9a-f]{8} sp 0x[0-9a-f]{8}", line.strip()) for line in s.console), s.console


def test_cycle_bound_stops_a_firmware_that_hangs(sim_config, faults):
    with SimSession(sim_config, max_cycles=3_000_000, read_timeout=60, firmware=faults) as s:
        s.send("hang")
        with pytest.raises(SimError, match="cycle bound reached"):
            s.read_json()


def accel_self_test(name, **opts):
    """A build with the accelerator `name`: the greeting and ops name it and the quick self-test
    passes; its records by primitive."""
    from vexrun.soc.build import Config, ensure_all
    cfg = ensure_all(Config.parse(**opts), log=lambda m: None)
    with SimSession(cfg, max_cycles=200_000_000, read_timeout=600) as s:
        assert s.hello["accelerators"] == [name]
        assert s.request({"op": "ops"})["accelerators"] == [name]
        recs, done = s.run({"op": "run", "suites": "selftest", "runs": 1, "exit": True})
        assert s.wait_exit() == 0
    assert done["fail"] == 0
    return {r["prim"]: r for r in recs}


def test_clmul_build_self_tests_and_names_its_unit():
    """A CLMUL=1 build: the greeting and ops name the unit, the quick self-test passes with the
    unit's own check (instructions against the emulation, field operations against the comb and
    the table), and "impl":"hw" is refused by a build without the unit."""
    from vexrun.soc.build import Config
    tests = accel_self_test("clmul", clmul=True)
    assert tests["clmul"]["ok"] and tests["clmul"]["vectors"] >= 64 + 16
    with SimSession(Config(), max_cycles=50_000_000, read_timeout=120) as s:
        assert s.hello["accelerators"] == []
        r = s.request({"op": "sha256", "msg": "616263", "impl": "hw"})
        assert not r["ok"] and "no accelerator" in r["error"]
        assert s.request({"op": "sha256", "msg": "616263", "impl": "sw"})["ok"]
        assert "impl" in s.request({"op": "sha256", "msg": "616263", "impl": "fast"})["error"]
        s.close()


@pytest.mark.parametrize("w", [32, 64])
def test_mont_build_self_tests_and_names_its_unit(w):
    """A MONT=1 build at each word width (MONT_W=64 too): the greeting and ops name the unit, the
    quick self-test passes with the unit's own check (its products and exponentiations against
    the driver's emulation, odd limb counts among them, the mp exponentiation on and off it), and
    with the RSA, DSA, DH and P-256 vectors run on the unit."""
    tests = accel_self_test("mont", mont=True, mont_w=w)
    assert tests["mont"]["ok"] and tests["mont"]["vectors"] >= 8
    assert all(tests[p]["ok"] for p in ("modexp", "rsa", "dsa", "dh", "ec_keypair"))
