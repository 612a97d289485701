"""Issue 15's bad-input table (vexrun/vectors/badinput.py): every case on the host library with its
exact error code and its outputs untouched; the cases the oracle reaches in the simulated SoC,
in one simulation; the table complete against the headers; docs/bad-input.md up to date."""

import ctypes
import json

import pytest

from vexrun.vectors import badinput as bi
from vexrun.env import ROOT

SHA256_ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
HOST_CURVES = ("P-256", "B-163", "K-163", "B-233", "K-233")


def host_cases():
    """Every case; ec.h's on every curve, and in both algorithm sets on the binary curves where the
    function takes a set (P-256 ignores it)."""
    protos = bi.prototypes()
    for fn in bi.FNS:
        if not fn.host:
            continue
        takes_set = any(p.startswith("vc_ec_set") for p in protos[fn.name][1])
        for i, c in enumerate(fn.cases):
            curves = HOST_CURVES if fn.header == "ec.h" and fn.name not in ("vc_ec_curve_get", "vc_ec_curve_by_name") else (None,)
            for cv in [cv for cv in curves if not c.curves or cv in c.curves]:
                for st in (0, 1) if takes_set and cv != "P-256" else (1,):
                    yield pytest.param(fn, c, cv, st, id=f"{fn.name}-{c.cls}-{i}" + (f"-{cv}" if cv else "") +
                                       ("-basic" if st == 0 else ""))


RESTYPES = {"int": ctypes.c_int, "val": ctypes.c_int, "size": ctypes.c_size_t, "ptr": ctypes.c_void_p, "u32": ctypes.c_uint32,
            "str": ctypes.c_char_p}


@pytest.mark.parametrize("fn,case,curve,set_", list(host_cases()))
def test_host(lib, fn, case, curve, set_):
    w = bi.World(lib, curve or "P-256", set_)
    f = getattr(lib, fn.name)
    saved = f.restype, f.argtypes
    f.restype, f.argtypes = RESTYPES[fn.ret], None   # another module's prototypes would refuse the cases'

    def call(*args, **kw):
        assert not kw, f"keyword arguments {sorted(kw)}: ctypes would ignore them"
        return f(*args)
    try:
        got = case.call(w, call)
    finally:
        f.restype, f.argtypes = saved
    if fn.ret == "ptr":
        got = got or 0
    assert got == case.expect, f"{fn.name}: {case.what}: got {bi.ERR.get(got, got)}, want {bi.ERR.get(case.expect, case.expect)}"
    assert not w.untouched(), f"{fn.name}: {case.what}: output(s) {w.untouched()} written on error"


def test_every_public_function_is_listed_once():
    protos = bi.prototypes()
    names = [f.name for f in bi.FNS]
    assert len(names) == len(set(names)), "a function listed twice"
    assert set(names) == set(protos), (set(protos) - set(names), set(names) - set(protos))
    for f in bi.FNS:
        assert f.header == protos[f.name][0], f.name


def test_no_class_is_silently_skipped():
    """A pointer argument needs a null case or a stated reason, a size_t the length classes, a
    context (hash or cipher context, key schedule, vc_mont, generator) the state class."""
    protos = bi.prototypes()
    for f in bi.FNS:
        k = bi.kinds(protos[f.name][1])
        done = {c.cls for c in f.cases} | set(f.na)
        need = ({"null", "state"} & k) | ({"len0", "lenbig"} if "len" in k else set())
        assert need <= done, f"{f.name}: no case and no reason for {need - done}"
        assert not set(f.na) & {c.cls for c in f.cases}, f"{f.name}: a class both tried and n/a"
        assert set(f.na) <= set(bi.CLASSES) and {c.cls for c in f.cases} <= set(bi.CLASSES)


def oracle_cases():
    """(function, case, request): the elliptic-curve requests on each of bi.ORACLE_CURVES, on the
    binary one in both algorithm sets where the call takes a set."""
    for fn in bi.FNS:
        for c in fn.cases:
            if not c.oracle:
                continue
            req = c.oracle[0]
            if req["op"] != "ec":
                yield fn, c, req
                continue
            for cv in bi.ORACLE_CURVES:
                if not c.curves or cv in c.curves:
                    yield fn, c, bi.ec_request(req, cv)
                    if cv != "P-256" and req["fn"] not in ("check", "unembed"):    # the calls that take a set
                        yield fn, c, dict(bi.ec_request(req, cv), set="basic")


@pytest.mark.sim
@pytest.mark.parametrize("mont", [False, True], ids=["full", "full-mont"])
def test_oracle(lib, mont):
    """Every oracle case in one simulation, each followed by a valid request (the server keeps
    serving); in the MONT=1 build too, where the public-key requests run on the Montgomery unit's
    driver."""
    from vexrun.soc.build import Config, ensure_all
    from vexrun.soc.sim import SimSession
    sim_config = ensure_all(Config.parse(mont=mont), log=print)
    lib.vc_strerror.restype = ctypes.c_char_p
    cases = list(oracle_cases())
    bad = []
    with SimSession(sim_config, 3_000_000_000, read_timeout=300) as s:
        for fn, c, req in cases:
            want = c.oracle[1]
            r = s.request(req)
            if isinstance(want, dict):
                if not (r.get("ok") and all(r.get(k) == v for k, v in want.items())):
                    bad.append((fn.name, c.what, r, want))
            else:
                text = want or lib.vc_strerror(c.expect).decode()
                if r.get("ok") is not False or text not in r.get("error", ""):
                    bad.append((fn.name, c.what, r, text))
            ok = s.request(bi.OK_REQ)
            assert ok.get("ok") and ok["out"] == SHA256_ABC, (fn.name, c.what, ok)
    assert not bad, "\n".join(map(str, bad))
