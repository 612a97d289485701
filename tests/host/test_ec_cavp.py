"""The CAVP ECDSA files (cryptography-vectors: FIPS 186-3 with every SHA-2 hash and FIPS 186-2
with SHA-1) and RFC 6979 A.2 for B-163, K-163, B-233, K-233 and P-256 through the public API:
KeyPair (d -> Q), PKV (public-key validation verdicts), SigGen (signatures with the file's k:
the digests come from hashlib), SigVer (verdicts), RFC 6979 (deterministic signatures with
SHA-1 and SHA-256, the hashes the firmware has; every hash's signature verified). The
optimized set runs every vector; the two affine sets, about ten times slower, a few per curve and
file."""

import hashlib

import pytest

from vexrun.native.ec import ALL_SETS, CURVES, OPTIMIZED, Curve
from vexrun.native.api import VC_ERR_VERIFY, VC_OK
from vexrun.vectors import kat_ec, kat_pk

BASIC_PER_FILE = 3


def sets(curve, i):
    return ALL_SETS if curve != "P-256" and i < BASIC_PER_FILE else (OPTIMIZED,)


def fips186_2(name, curve):
    """FIPS 186-2's file `name` (a [curve] section each, SHA-1 only) as kat_ec's records."""
    out = []
    for line, r in kat_pk._records(kat_pk._dir() / "ECDSA/FIPS_186-2" / name):
        if r["section"] != curve:
            continue
        h = lambda key: int(r.get(key, "0"), 16)      # noqa: E731
        label, ok = f"FIPS_186-2/{name}:{line}", r.get("Result", "P").startswith("P")
        if name == "KeyPair.rsp":
            out.append(kat_ec.KeyPair(curve, h("d"), h("Qx"), h("Qy"), label))
        elif name == "PKV.rsp":
            out.append(kat_ec.Pkv(curve, h("Qx"), h("Qy"), ok, r["Result"], label))
        else:
            out.append(kat_ec.Sig(curve, "sha1", bytes.fromhex(r["Msg"]), h("Qx"), h("Qy"), h("R"),
                                  h("S"), d=h("d"), k=h("k"), ok=ok, label=label))
    return out


# (reader, vectors per curve) per file kind and FIPS version.
FILES = {
    "186-3": {"keypair": (kat_ec.keypair, 10), "pkv": (kat_ec.pkv, 12),
              "siggen": (kat_ec.siggen, 75), "sigver": (kat_ec.sigver, 75)},
    "186-2": {"keypair": (lambda c: fips186_2("KeyPair.rsp", c), 10),
              "pkv": (lambda c: fips186_2("PKV.rsp", c), 12),
              "siggen": (lambda c: fips186_2("SigGen.txt", c), 15),
              "sigver": (lambda c: fips186_2("SigVer.rsp", c), 15)},
}


def vectors(fips, kind, curve):
    read, count = FILES[fips][kind]
    vs = read(curve)
    assert len(vs) == count
    return vs


@pytest.fixture(scope="module", params=CURVES)
def c(request, lib):
    return Curve(lib, request.param)


@pytest.fixture(params=FILES)
def fips(request):
    return request.param


def test_keypair(c, fips):
    for i, v in enumerate(vectors(fips, "keypair", c.name)):
        for s in sets(c.name, i):
            assert c.mul(v.d, set=s) == (VC_OK, c.point(v.qx, v.qy)), v.label


def test_pkv(c, fips):
    vs = vectors(fips, "pkv", c.name)
    assert {v.ok for v in vs} == {True, False}
    for v in vs:
        if max(v.qx, v.qy).bit_length() > 8 * c.flen:
            continue                     # not encodable in flen bytes: a length error, not a point
        assert (c.check(c.point(v.qx, v.qy)) == VC_OK) == v.ok, (v.label, v.reason)


def test_siggen(c, fips):
    for i, v in enumerate(vectors(fips, "siggen", c.name)):
        q = c.point(v.qx, v.qy)
        for s in sets(c.name, i):
            assert c.sign_k(v.d, v.digest, v.k, s) == (VC_OK, (v.r, v.s)), v.label
        assert c.verify(q, v.digest, v.r, v.s) == VC_OK, v.label


def test_sigver(c, fips):
    vs = vectors(fips, "sigver", c.name)
    assert {v.ok for v in vs} == {True, False}
    for i, v in enumerate(vs):
        q = c.point(v.qx, v.qy)
        for s in sets(c.name, i):
            err = c.verify(q, v.digest, v.r, v.s, s)
            assert err == (VC_OK if v.ok else VC_ERR_VERIFY), v.label


def test_rfc6979(c):
    vs = kat_ec.rfc6979(c.name)
    assert len(vs) == 10
    signed = 0
    for v in vs:
        digest = hashlib.new(v.hash, v.msg).digest()
        err, q = c.mul(v.d)
        assert err == VC_OK and c.verify(q, digest, v.r, v.s) == VC_OK, v.label
        if v.hash in ("sha1", "sha256"):
            for s in sets(c.name, signed):
                assert c.sign(v.d, v.hash, digest, s) == (VC_OK, (v.r, v.s)), v.label
            signed += 1
    assert signed == 4
