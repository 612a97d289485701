"""Host checks of the multiprecision and public-key benchmark records (suites "mp" and "pk",
fw/app/bench_pk.c): the inputs are redrawn from the record's DRBG label and every output is
recomputed with Python integers, pycryptodome and the RFC group formula."""

import functools

from . import pkdata
from .models.drbg import HmacDrbg


def bench_pattern(n):
    from .results import bench_pattern as pattern     # results imports this module
    return pattern(n)


def mp_inputs(bits, label):
    """The numbers bench_pk.c's mp_inputs draws: m, a, b, a double-length number, e."""
    rng = HmacDrbg(label.encode())
    m = (rng.draw(bits - 1) + (1 << (bits - 1))) | 1
    a = rng.draw(bits) % m
    b = rng.draw(bits) % m
    big = rng.draw(2 * bits)
    e = rng.draw(bits)
    return m, a, b, big, e


def _mp_expected(rec):
    bits = rec["bits"]
    m, a, b, big, e = mp_inputs(bits, rec["seed"])
    prim, op = rec["prim"], rec["op"]
    if prim == "mod_reduce":
        return big % m
    if prim == "mod_add":
        return (a + b) % m
    if prim == "mod_mul":
        return a * b % m
    if prim == "mod_inv":
        return pow(a, -1, m)
    if prim == "montmul":
        rinv = pow(1 << rec["r_bits"], -1, m)
        return (a * a if op == "sqr" else a * b) * rinv % m
    if prim == "modexp":
        exp = {"e=3": 3, "e=65537": 65537, "e=full": e}[op]
        return pow(a, exp, m)
    raise KeyError(prim)


@functools.lru_cache(maxsize=None)
def _rsa(name):
    return dict(pkdata.rsa_keys())[name]


@functools.lru_cache(maxsize=None)
def _dsa(name):
    for n, h, v, _ in pkdata.dsa_keys():
        if n == name:
            return h, v
    raise KeyError(name)


def _hex(v):
    return int(v, 16)


def _pk_check(rec):
    prim, op = rec["prim"], rec["op"]
    if op == "verify":
        return None                     # the firmware's own verdict is the "ok" flag
    if prim == "rsa":
        from Crypto.Hash import SHA256
        from Crypto.Signature import pkcs1_15
        key = _rsa(rec["key"])
        want = pkcs1_15.new(key).sign(SHA256.new(bench_pattern(rec["bytes"])))
        return None if bytes.fromhex(rec["sig"]) == want else "signature differs from pycryptodome's"
    if prim in ("dh", "elgamal"):
        p = pkdata.dh_group(rec["group"])
        if prim == "dh" and op == "keypair":
            ok = pow(2, _hex(rec["x"]), p) == _hex(rec["y"])
        elif prim == "dh":
            ok = pow(_hex(rec["peer"]), _hex(rec["x"]), p) == _hex(rec["z"])
        else:
            x, c1, c2 = _hex(rec["x"]), _hex(rec["c1"]), _hex(rec["c2"])
            ok = pow(2, x, p) == _hex(rec["y"]) and c2 * pow(c1, p - 1 - x, p) % p == _hex(rec["m"])
        return None if ok else f"{prim} {op}: result does not satisfy the group equation"
    if prim == "dsa":
        from Crypto.PublicKey import DSA
        from Crypto.Signature import DSS
        from Crypto.Hash import SHA1, SHA256
        hname, v = _dsa(rec["key"])
        key = DSA.construct((v["Y"], v["G"], v["P"], v["Q"], v["X"]))
        h = {"sha1": SHA1, "sha256": SHA256}[hname].new(bench_pattern(rec["bytes"]))
        sig = DSS.new(key, "deterministic-rfc6979").sign(h)
        n = len(sig) // 2
        want = (int.from_bytes(sig[:n], "big"), int.from_bytes(sig[n:], "big"))
        return None if (_hex(rec["r"]), _hex(rec["s"])) == want else "signature differs from RFC 6979 (pycryptodome)"
    raise KeyError(prim)


def check(rec):
    """None when the record's output is right, else a reason."""
    try:
        if rec["suite"] == "mp":
            got = _hex(rec["out"])
            want = _mp_expected(rec)
            return None if got == want else f"{rec['prim']} {rec['op']} {rec['bits']}-bit: wrong result"
        return _pk_check(rec)
    except (KeyError, ValueError) as e:
        return f"{rec.get('prim')}: no host reference ({e!r})"
