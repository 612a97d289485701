"""ctypes view of the X.509 API (fw/include/vexcrypt/x509.h) for the host tests and the bad-input
table: a parsed certificate keeps the DER buffer its spans point into. Calls return the error
code and the result (or None)."""

import ctypes

from vexrun.native.api import declared
from vexrun.native.ec import hash_class

SZ = ctypes.c_size_t
SIG_ALGS = {0: "unknown", 1: "rsa-sha1", 2: "rsa-sha256", 3: "ecdsa-sha256"}
KEY_TYPES = {0: "unknown", 1: "rsa", 2: "p256"}
KU_ANY = 0x1FF


class Span(ctypes.Structure):
    _fields_ = [("p", ctypes.c_void_p), ("len", SZ)]


class Cert(ctypes.Structure):
    _fields_ = [("tbs", Span), ("sig_alg", ctypes.c_int), ("sig", Span), ("issuer", Span), ("subject", Span),
                ("not_before", ctypes.c_uint64), ("not_after", ctypes.c_uint64), ("key_type", ctypes.c_int),
                ("rsa_n", Span), ("rsa_e", Span), ("ec_point", Span), ("is_ca", ctypes.c_int),
                ("key_usage", ctypes.c_uint32), ("serial", Span)]

    def span(self, name: str) -> bytes:
        s = getattr(self, name)
        return ctypes.string_at(s.p, s.len) if s.len else b""

    def offset(self, name: str) -> int:
        """Where a span starts in the DER it was parsed from."""
        return getattr(self, name).p - ctypes.addressof(self._der)


declared(Span, "vc_span")
declared(Cert, "vc_x509_cert")


def parse(lib, der: bytes):
    """(code, Cert or None); the Cert holds its DER buffer."""
    buf = ctypes.create_string_buffer(der, len(der))
    c = Cert()
    rc = lib.vc_x509_parse(ctypes.byref(c), buf, SZ(len(der)))
    if rc:
        return rc, None
    c._der = buf
    return rc, c


def check_time(lib, c: Cert, now: int) -> int:
    return lib.vc_x509_check_time(ctypes.byref(c), ctypes.c_uint64(now))


def verify(lib, cert: Cert, issuer: Cert) -> int:
    return lib.vc_x509_verify(ctypes.byref(cert), ctypes.byref(issuer), None)


def key_verify(lib, c: Cert, hname: str, digest: bytes, sig: bytes) -> int:
    return lib.vc_x509_key_verify(ctypes.byref(c), hash_class(lib, hname), digest, sig, SZ(len(sig)), None)


def sig_encode(lib, r: bytes, s: bytes, cap: int = 80):
    out, n = ctypes.create_string_buffer(cap), SZ(0)
    rc = lib.vc_der_ecdsa_sig_encode(r, s, SZ(len(r)), out, SZ(cap), ctypes.byref(n))
    return rc, (out.raw[:n.value] if rc == 0 else None)


def sig_decode(lib, der: bytes, nlen: int):
    r, s = ctypes.create_string_buffer(nlen), ctypes.create_string_buffer(nlen)
    rc = lib.vc_der_ecdsa_sig_decode(der, SZ(len(der)), SZ(nlen), r, s)
    return rc, ((r.raw, s.raw) if rc == 0 else None)
