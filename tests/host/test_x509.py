"""The X.509 reader on the host (fw/src/x509/: der.c, x509.c, ecdsa_der.c) on certificates OpenSSL
makes in the test (vexrun/vectors/certs.py: RSA-1024 and RSA-2048 with SHA-256 and SHA-1,
P-256 with ecdsa-with-SHA256; a CA, its v3 leaf, a second CA of the same name and its v1 leaf).
Fields against independent readers: pycryptodome's key import, `openssl asn1parse` for the spans,
`openssl x509` for dates, algorithms and extensions. Signatures: issuers right and wrong,
tampered TBS and signature bytes, every byte of a leaf changed; `openssl dgst -sign` for
key_verify; the ECDSA DER codec against pycryptodome's DER. Malformed encodings of every kind
named in x509.h give their error code, never a crash."""

import ctypes
import hashlib
import random
import re
from datetime import datetime, timedelta

import pytest
from Crypto.PublicKey import ECC, RSA
from Crypto.Util.asn1 import DerSequence

from vexrun.native import x509
from vexrun.native.api import LIB, VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_PARAM, VC_ERR_RANGE, VC_ERR_VERIFY, VC_OK
from vexrun.vectors import certs

CERTS = ("ca", "leaf", "other_ca", "other_leaf")


@pytest.fixture(scope="module")
def chains(tmp_path_factory):
    d = tmp_path_factory.mktemp("certs")
    return {k: certs.make_chain(d, k) for k in certs.KINDS}


def parsed(der):
    rc, c = x509.parse(LIB, der)
    assert rc == VC_OK, rc
    return c


def asn1(der):
    """openssl asn1parse's elements: (offset, depth, header length, length)."""
    out = certs.openssl("asn1parse", "-inform", "DER", data=der).decode()
    return [tuple(map(int, m.groups())) for m in re.finditer(r"(\d+):d=(\d+)\s+hl=(\d+)\s+l=\s*(\d+)", out)]


def x509_text(der, *args):
    return certs.openssl("x509", "-inform", "DER", "-noout", *args, data=der).decode()


def ymd(text):
    t = datetime.strptime(text.strip(), "%b %d %H:%M:%S %Y %Z")
    return int(t.strftime("%Y%m%d%H%M%S"))


def stamp(n, delta):
    return int((datetime.strptime(str(n), "%Y%m%d%H%M%S") + delta).strftime("%Y%m%d%H%M%S"))


@pytest.mark.parametrize("kind", certs.KINDS)
@pytest.mark.parametrize("which", CERTS)
def test_fields_match_openssl_and_pycryptodome(chains, kind, which):
    der = getattr(chains[kind], which)
    c = parsed(der)
    els = asn1(der)
    tbs = els[1]
    assert (c.offset("tbs"), c.tbs.len) == (tbs[0], tbs[2] + tbs[3])
    kids = [e for e in els if e[1] == 2 and tbs[0] < e[0] < tbs[0] + tbs[2] + tbs[3]]
    if der[kids[0][0]] == 0xA0:        # the version, v2 and v3
        kids = kids[1:]
    for name, e in (("issuer", kids[2]), ("subject", kids[4])):
        assert (c.offset(name), getattr(c, name).len) == (e[0], e[2] + e[3]), name
    sig = [e for e in els if e[1] == 1][2]
    assert c.span("sig") == der[sig[0] + sig[2] + 1:sig[0] + sig[2] + sig[3]]
    dates = dict(line.split("=", 1) for line in x509_text(der, "-dates").splitlines())
    assert (c.not_before, c.not_after) == (ymd(dates["notBefore"]), ymd(dates["notAfter"]))
    text = x509_text(der, "-text")
    alg = re.search(r"Signature Algorithm: (\S+)", text).group(1)
    assert x509.SIG_ALGS[c.sig_alg] == {"sha1WithRSAEncryption": "rsa-sha1", "sha256WithRSAEncryption": "rsa-sha256",
                                        "ecdsa-with-SHA256": "ecdsa-sha256"}[alg]
    assert c.is_ca == ("CA:TRUE" in text)
    usage = {"Digital Signature": 1, "Key Encipherment": 4, "Certificate Sign": 32, "CRL Sign": 64}
    ku = re.search(r"Key Usage: critical\n\s*(.*)\n", text)
    assert c.key_usage == (sum(usage[u] for u in ku.group(1).split(", ")) if ku else x509.KU_ANY)
    if kind.startswith("rsa"):
        k = RSA.import_key(der)
        assert x509.KEY_TYPES[c.key_type] == "rsa" and c.ec_point.len == 0
        assert int.from_bytes(c.span("rsa_n"), "big") == k.n and c.span("rsa_n")[0] != 0
        assert int.from_bytes(c.span("rsa_e"), "big") == k.e and c.rsa_n.len == k.size_in_bytes()
    else:
        q = ECC.import_key(der).pointQ
        assert x509.KEY_TYPES[c.key_type] == "p256" and c.rsa_n.len == 0
        assert c.span("ec_point") == b"\x04" + int(q.x).to_bytes(32, "big") + int(q.y).to_bytes(32, "big")


def test_generalized_and_utc_times(chains):
    """The CAs' notAfter (2081) is a GeneralizedTime; a UTCTime year 95 reads as 1995 (patched into
    a leaf's notBefore: the parse does not check the signature)."""
    ch = chains["p256-sha256"]
    assert str(parsed(ch.ca).not_after).startswith("208")
    leaf = parsed(ch.leaf)
    at = ch.leaf.index(b"\x17\x0d" + str(leaf.not_before)[2:].encode())
    patched = ch.leaf[:at + 2] + b"95" + ch.leaf[at + 4:]
    assert parsed(patched).not_before == 19950000000000 + leaf.not_before % 10**10
    assert x509.parse(LIB, ch.leaf[:at + 2] + b"9A" + ch.leaf[at + 4:])[0] == VC_ERR_VERIFY
    assert x509.parse(LIB, ch.leaf[:at + 4] + b"13" + ch.leaf[at + 6:])[0] == VC_ERR_VERIFY   # month 13


@pytest.mark.parametrize("kind", certs.KINDS)
def test_verify_right_and_wrong_issuers(chains, kind):
    ch = chains[kind]
    ca, leaf, oca, oleaf = (parsed(getattr(ch, n)) for n in CERTS)
    assert x509.verify(LIB, leaf, ca) == VC_OK
    assert x509.verify(LIB, ca, ca) == VC_OK            # self-signed
    assert x509.verify(LIB, oleaf, oca) == VC_OK        # a v1 leaf
    assert x509.verify(LIB, leaf, oca) == VC_ERR_VERIFY  # the same name, another key
    assert x509.verify(LIB, oleaf, ca) == VC_ERR_VERIFY
    assert x509.verify(LIB, ca, leaf) == VC_ERR_VERIFY   # names differ
    for other in certs.KINDS:                            # other kinds' CAs have the same name
        if other != kind:
            assert x509.verify(LIB, leaf, parsed(chains[other].ca)) == VC_ERR_VERIFY, other
    ca.is_ca = 0
    assert x509.verify(LIB, leaf, ca) == VC_ERR_VERIFY
    ca.is_ca, ca.key_usage = 1, x509.KU_ANY & ~32       # keyUsage without keyCertSign
    assert x509.verify(LIB, leaf, ca) == VC_ERR_VERIFY
    ca.key_usage = x509.KU_ANY
    assert x509.verify(LIB, leaf, ca) == VC_OK
    leaf.sig_alg = 0
    assert x509.verify(LIB, leaf, ca) == VC_ERR_PARAM
    assert LIB.vc_x509_verify(None, ctypes.byref(ca), None) == VC_ERR_NULL
    assert LIB.vc_x509_verify(ctypes.byref(leaf), None, None) == VC_ERR_NULL


@pytest.mark.parametrize("kind", certs.KINDS)
def test_tampered_tbs_and_signature(chains, kind):
    ch = chains[kind]
    ca, leaf = parsed(ch.ca), parsed(ch.leaf)
    cn = ch.leaf.index(b"leaf", leaf.offset("subject"))
    assert x509.verify(LIB, parsed(ch.leaf[:cn] + b"l" + ch.leaf[cn + 1:]), ca) == VC_OK   # the same byte
    assert x509.verify(LIB, parsed(ch.leaf[:cn] + b"L" + ch.leaf[cn + 1:]), ca) == VC_ERR_VERIFY
    end = leaf.offset("sig") + leaf.sig.len
    bad = bytearray(ch.leaf)
    bad[end - 1] ^= 1
    assert x509.verify(LIB, parsed(bytes(bad)), ca) == VC_ERR_VERIFY


@pytest.mark.parametrize("kind", ["rsa1024-sha256", "p256-sha256"])
def test_every_byte_of_a_leaf_changed_fails(chains, kind):
    """No change of one byte gives a certificate that parses and verifies."""
    ch = chains[kind]
    ca = parsed(ch.ca)
    rng = random.Random(kind)
    for i in range(len(ch.leaf)):
        bad = bytearray(ch.leaf)
        bad[i] ^= rng.randrange(1, 256)
        rc, c = x509.parse(LIB, bytes(bad))
        assert rc in (VC_ERR_VERIFY, VC_ERR_PARAM) or x509.verify(LIB, c, ca) in (VC_ERR_VERIFY, VC_ERR_PARAM), i


def test_check_time_both_sides(chains):
    c = parsed(chains["rsa2048-sha256"].leaf)
    s = timedelta(seconds=1)
    assert x509.check_time(LIB, c, stamp(c.not_before, -s)) == VC_ERR_RANGE
    assert x509.check_time(LIB, c, c.not_before) == VC_OK
    assert x509.check_time(LIB, c, stamp(c.not_before, timedelta(days=3))) == VC_OK
    assert x509.check_time(LIB, c, c.not_after) == VC_OK
    assert x509.check_time(LIB, c, stamp(c.not_after, s)) == VC_ERR_RANGE
    assert LIB.vc_x509_check_time(None, ctypes.c_uint64(0)) == VC_ERR_NULL


@pytest.mark.parametrize("kind", certs.KINDS)
def test_key_verify_against_openssl_signatures(chains, kind):
    ch = chains[kind]
    leaf, ca = parsed(ch.leaf), parsed(ch.ca)
    rng = random.Random(kind)
    for hname in ("sha256", "sha1"):
        msg = rng.randbytes(rng.randrange(1, 300))
        sig, digest = certs.sign(ch.leaf_key, hname, msg), hashlib.new(hname, msg).digest()
        assert x509.key_verify(LIB, leaf, hname, digest, sig) == VC_OK, hname
        assert x509.key_verify(LIB, leaf, hname, bytes([digest[0] ^ 1]) + digest[1:], sig) == VC_ERR_VERIFY
        assert x509.key_verify(LIB, leaf, hname, digest, sig[:-1] + bytes([sig[-1] ^ 1])) == VC_ERR_VERIFY
        assert x509.key_verify(LIB, leaf, hname, digest, sig + b"\0") == VC_ERR_VERIFY
        assert x509.key_verify(LIB, leaf, hname, digest, sig[:-1]) == VC_ERR_VERIFY
        assert x509.key_verify(LIB, parsed(ch.other_leaf), hname, digest, sig) == VC_OK   # the same key
        assert x509.key_verify(LIB, ca, hname, digest, sig) == VC_ERR_VERIFY   # keyUsage: no digitalSignature
    assert LIB.vc_x509_key_verify(ctypes.byref(leaf), None, digest, sig, ctypes.c_size_t(len(sig)), None) == VC_ERR_NULL
    leaf.key_type = 0
    assert x509.key_verify(LIB, leaf, "sha256", hashlib.sha256(b"").digest(), sig) == VC_ERR_PARAM


def _rs(rng, nlen):
    """Values with the top bit set, with leading zero bytes, and at random."""
    kind = rng.randrange(4)
    if kind == 0:
        return bytes([rng.randrange(128, 256)]) + rng.randbytes(nlen - 1)
    if kind == 1 and nlen > 1:
        z = rng.randrange(1, nlen)
        return bytes(z) + bytes([rng.randrange(1, 256)]) + rng.randbytes(nlen - z - 1)
    return rng.randbytes(nlen)


@pytest.mark.parametrize("nlen", [32, 21, 30, 1])
def test_ecdsa_der_round_trip_against_pycryptodome(nlen):
    rng = random.Random(nlen)
    for _ in range(300):
        r, s = _rs(rng, nlen), _rs(rng, nlen)
        ref = DerSequence([int.from_bytes(r, "big"), int.from_bytes(s, "big")]).encode()
        assert x509.sig_encode(LIB, r, s) == (VC_OK, ref)
        assert x509.sig_decode(LIB, ref, nlen) == (VC_OK, (r, s))
    top = b"\x80" + bytes(nlen - 1)
    ref = DerSequence([int.from_bytes(top, "big")] * 2).encode()
    assert x509.sig_encode(LIB, top, top, cap=len(ref)) == (VC_OK, ref)
    assert x509.sig_encode(LIB, top, top, cap=len(ref) - 1)[0] == VC_ERR_LENGTH
    assert x509.sig_encode(LIB, bytes(nlen), bytes(nlen))[1] == bytes.fromhex("3006020100020100")


def test_ecdsa_der_malformed():
    ok = bytes.fromhex("3006020101020102")
    assert x509.sig_decode(LIB, ok, 32) == (VC_OK, (bytes(31) + b"\1", bytes(31) + b"\2"))
    for bad in ("3007020101020102", "3006020101020102" + "00", "3180020101020102", "3080020101020102" + "0000",
                "30070202000102" + "0102", "3006020181020102", "3006020101030102", "300602010102010200",
                "3003020101", "30", "", "300681020101020102", "3007020101020102ff",
                "3025020101" + "0220" + "ff" * 32, "3026020101" + "022100" + "ff" * 32 + "00"):
        assert x509.sig_decode(LIB, bytes.fromhex(bad), 32)[0] == VC_ERR_VERIFY, bad
    big = "3027020101" + "022201" + "00" * 33
    assert x509.sig_decode(LIB, bytes.fromhex(big), 32)[0] == VC_ERR_VERIFY
    assert x509.sig_decode(LIB, bytes.fromhex("3026020101022100" + "80" + "00" * 31), 32)[0] == VC_OK
    for nlen in (0, 33):
        assert x509.sig_decode(LIB, ok, nlen)[0] == VC_ERR_LENGTH
        assert x509.sig_encode(LIB, bytes(nlen), bytes(nlen))[0] == VC_ERR_LENGTH


def _outer(der, new_header):
    """der with the outer SEQUENCE's header (30 82 hi lo) replaced."""
    assert der[:2] == b"\x30\x82"
    return new_header + der[4:]


def test_malformed_certificates(chains):
    der = chains["p256-sha256"].leaf
    n = len(der) - 4
    for i in range(len(der)):
        assert x509.parse(LIB, der[:i])[0] == VC_ERR_VERIFY, i
    cases = {
        "non-minimal length (3 length bytes)": _outer(der, b"\x30\x83\0" + n.to_bytes(2, "big")),
        "indefinite length": _outer(der, b"\x30\x80") + b"\0\0",
        "length past the end": _outer(der, b"\x30\x82" + (n + 1).to_bytes(2, "big")),
        "trailing byte": der + b"\0",
        "wrong outer tag": b"\x31" + der[1:],
        "high tag number": b"\x3f" + der[1:],
        "five length bytes": _outer(der, b"\x30\x85\0\0\0" + n.to_bytes(2, "big")),
    }
    tbs = parsed(der).offset("tbs")
    cases["wrong TBS tag"] = der[:tbs] + b"\x31" + der[tbs + 1:]
    cases["non-minimal TBS length"] = der[:tbs] + b"\x30\x81" + der[tbs + 2:]   # 81 under 128 is not minimal
    for what, bad in cases.items():
        assert x509.parse(LIB, bad)[0] == VC_ERR_VERIFY, what
    # A short length written in the long form (81 05 instead of 05) inside the certificate.
    small = der.index(b"\x06\x03\x55\x04\x03")
    assert x509.parse(LIB, der[:small] + b"\x06\x81\x03" + der[small + 2:])[0] == VC_ERR_VERIFY
    c = x509.Cert()
    ctypes.memset(ctypes.byref(c), 0xA5, ctypes.sizeof(c))
    before = bytes(c)
    assert LIB.vc_x509_parse(ctypes.byref(c), der[:-1], ctypes.c_size_t(len(der) - 1)) == VC_ERR_VERIFY
    assert bytes(c) == before                                            # untouched on error
    assert LIB.vc_x509_parse(None, der, ctypes.c_size_t(len(der))) == VC_ERR_NULL
    assert LIB.vc_x509_parse(ctypes.byref(c), None, ctypes.c_size_t(0)) == VC_ERR_NULL


def _leaf_with(tmp_path, ch, ext_text, name="x"):
    ext = tmp_path / f"{name}.ext"
    ext.write_text(ext_text)
    csr = tmp_path / f"{name}.csr"
    certs.openssl("req", "-new", "-key", ch.leaf_key, "-subj", "/CN=x", "-out", csr)
    return certs.openssl("x509", "-req", "-in", csr, "-CA", tmp_path.parent / "ca.der", "-CAform", "DER", "-CAkey",
                         ch.ca_key, "-days", 1, "-extfile", ext, "-outform", "DER")


def test_extensions(chains, tmp_path):
    """An unknown critical extension is refused (RFC 5280 4.2), a non-critical one is read over;
    a repeated one is malformed; a critical FALSE written out is not DER."""
    ch = chains["p256-sha256"]
    work = ch.ca_key.parent / "ext"
    work.mkdir(exist_ok=True)
    ca = parsed(ch.ca)
    crit = _leaf_with(work, ch, "1.2.3.4=critical,ASN1:NULL\n", "crit")
    assert x509.parse(LIB, crit)[0] == VC_ERR_PARAM
    plain = _leaf_with(work, ch, "1.2.3.4=ASN1:NULL\nbasicConstraints=CA:TRUE,pathlen:3\n", "plain")
    c = parsed(plain)
    assert c.is_ca == 1 and x509.verify(LIB, c, ca) == VC_OK
    at = plain.index(b"\x06\x03\x2a\x03\x04")     # 1.2.3.4 -> basicConstraints' OID: twice
    twice = plain[:at] + b"\x06\x03\x55\x1d\x13" + plain[at + 5:]
    assert x509.parse(LIB, twice)[0] == VC_ERR_VERIFY
    at = crit.index(b"\x06\x03\x2a\x03\x04\x01\x01\xff") + 7
    for v in (0x00, 0x01):            # critical FALSE written out (DEFAULT), a TRUE that is not FF
        assert x509.parse(LIB, crit[:at] + bytes([v]) + crit[at + 1:])[0] == VC_ERR_VERIFY, v
