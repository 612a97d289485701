"""Host checks of the elliptic-curve benchmark records (suite "ec") against the pure-Python
models: field operations by vexrun.models.gf2m, binary curves by vexrun.models.ec2m, P-256 by
vexrun.models.ecp. Every record carries its inputs and outputs."""

import hashlib

from . import kat_ec
from .pkrefs import bench_pattern


def _b(rec, key):
    return bytes.fromhex(rec[key])


def _i(rec, key):
    return int(rec[key], 16)


def field(bits):
    from .models import gf2m
    return {163: gf2m.F163, 233: gf2m.F233}[bits]


def curve(name):
    if name == "P-256":
        from .models import ecp
        return ecp.curve(name)
    from .models import ec2m
    return ec2m.curve(name)


def _gf2m(rec):
    f = field(rec["bits"])
    a, b, out = _i(rec, "a"), _i(rec, "b"), _i(rec, "out")
    op = rec["op"]
    want = (f.mul(a, b) if op.startswith("mul") else f.sqr(a) if op.startswith("sqr") else f.inv(a))
    return None if out == want else f"gf2m {op} {rec['bits']}: wrong result"


def _point(c, name, hexpt):
    b = bytes.fromhex(hexpt)
    f = kat_ec.FLEN[name]
    assert b[0] == 4 and len(b) == 1 + 2 * f
    return c.point(int.from_bytes(b[1:1 + f], "big"), int.from_bytes(b[1 + f:], "big"))


def _proto(rec):
    name, prim, op = rec["curve"], rec["prim"], rec["op"]
    c = curve(name)
    if prim == "ecdh":
        d, q, peer = _i(rec, "d"), _point(c, name, rec["q"]), _point(c, name, rec["peer"])
        ok = c.mul(d, c.G) == q and c.mul(d, peer).x == _i(rec, "secret")
    elif prim == "ec_elgamal" and op == "encrypt":
        q, m, r = _point(c, name, rec["q"]), _point(c, name, rec["m"]), _i(rec, "r")
        ok = (_point(c, name, rec["c1"]) == c.mul(r, c.G)
              and _point(c, name, rec["c2"]) == c.add(m, c.mul(r, q)))
    elif prim == "ecdsa" and op == "sign":
        d, q = _i(rec, "d"), _point(c, name, rec["q"])
        digest = hashlib.new(rec["hash"], bench_pattern(rec["bytes"])).digest()
        ok = c.mul(d, c.G) == q and c.ecdsa_verify(q, digest, _i(rec, "r"), _i(rec, "s"))
    else:
        return None      # decrypt and verify: the firmware's own comparison is the "ok" flag
    return None if ok else f"{prim} {op} on {name}: result does not satisfy the model"


def check(rec):
    """None when the record's outputs are right, else a reason."""
    try:
        return _gf2m(rec) if rec["prim"] == "gf2m" else _proto(rec)
    except (KeyError, ValueError, AssertionError) as e:
        return f"{rec.get('prim')}: no host reference ({e!r})"
