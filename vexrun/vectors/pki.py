"""A fixed PKI for the protocol benchmarks (suite proto): per key kind a CA and two leaves (the
server's and the client's), X.509 v3 certificates in DER, made here deterministically so the
figures do not move with random certificates between builds. RSA keys are drawn as pkdata's
(pycryptodome's RSA.generate from HMAC_DRBG seeded with a label; the server's leaf is pkdata's
key), P-256 keys are a DRBG's scalar; RSA signatures are PKCS#1 v1.5 and ECDSA signatures RFC
6979's (both deterministic). The firmware's X.509 reader and TLS engine read these as they read
OpenSSL's certificates (tests/host/test_x509.py checks OpenSSL reads these)."""

import functools

from vexrun.models.drbg import HmacDrbg
from vexrun.vectors import pkdata

KINDS = ("rsa1024", "rsa2048", "p256")
ROLES = ("ca", "server", "client")
VALIDITY = ("260101000000Z", "360101000000Z")     # UTCTime: 2026-01-01 .. 2036-01-01

_OID_CN = "2.5.4.3"
_OID_RSA_SHA256 = "1.2.840.113549.1.1.11"
_OID_ECDSA_SHA256 = "1.2.840.10045.4.3.2"
_OID_BASIC_CONSTRAINTS = "2.5.29.19"
_OID_KEY_USAGE = "2.5.29.15"


def tlv(tag, body):
    """One DER element: tag, definite length, body."""
    n = len(body)
    if n < 0x80:
        head = bytes([n])
    else:
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
        head = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + head + body


def seq(*items):
    return tlv(0x30, b"".join(items))


def oid(dotted):
    from Crypto.Util.asn1 import DerObjectId
    return DerObjectId(dotted).encode()


def integer(v):
    return tlv(0x02, v.to_bytes(v.bit_length() // 8 + 1, "big"))


def name(cn):
    return seq(tlv(0x31, seq(oid(_OID_CN), tlv(0x0C, cn.encode()))))


@functools.lru_cache(maxsize=None)
def key(kind, role):
    """The private key of `role` (ca, server, client) of `kind`: a pycryptodome RSA or ECC key."""
    if kind == "p256":
        from Crypto.PublicKey import ECC
        n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
        d = int.from_bytes(HmacDrbg(f"vexcrypt/pki/p256/{role}".encode()).generate(40), "big") % (n - 1) + 1
        return ECC.construct(curve="P-256", d=d)
    bits = int(kind[3:])
    if role == "server":
        return pkdata.rsa_key(bits)
    from Crypto.PublicKey import RSA
    return RSA.generate(bits, randfunc=HmacDrbg(f"vexcrypt/pki/{kind}/{role}".encode()).generate, e=65537)


def _sign(signer, tbs):
    from Crypto.Hash import SHA256
    if hasattr(signer, "curve"):
        from Crypto.Signature import DSS
        return DSS.new(signer, "deterministic-rfc6979", encoding="der").sign(SHA256.new(tbs))
    from Crypto.Signature import pkcs1_15
    return pkcs1_15.new(signer).sign(SHA256.new(tbs))


def _cn(kind, role):
    return f"vexcrypt {kind} {'CA' if role == 'ca' else role}"


@functools.lru_cache(maxsize=None)
def cert(kind, role):
    """The DER certificate of `role` of `kind`: the CA's self-signed, a leaf's under the CA."""
    k, ca = key(kind, role), key(kind, "ca")
    is_ca = role == "ca"
    alg = seq(oid(_OID_ECDSA_SHA256)) if kind == "p256" else seq(oid(_OID_RSA_SHA256), tlv(0x05, b""))
    usage = b"\x03\x02\x01\x06" if is_ca else b"\x03\x02\x07\x80"     # keyCertSign+cRLSign / digitalSignature
    exts = seq(seq(oid(_OID_BASIC_CONSTRAINTS), tlv(0x01, b"\xff"), tlv(0x04, seq(tlv(0x01, b"\xff")) if is_ca
                                                                      else seq())),
               seq(oid(_OID_KEY_USAGE), tlv(0x01, b"\xff"), tlv(0x04, usage)))
    tbs = seq(tlv(0xA0, integer(2)), integer(1 + ROLES.index(role)), alg, name(_cn(kind, "ca")),
              seq(*(tlv(0x17, t.encode()) for t in VALIDITY)), name(_cn(kind, role)),
              k.public_key().export_key(format="DER"), tlv(0xA3, exts))
    return seq(tbs, alg, tlv(0x03, b"\x00" + _sign(ca, tbs)))
