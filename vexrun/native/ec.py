"""ctypes view of the elliptic-curve API (fw/include/vexcrypt/ec.h) for the host tests: curves
by name, points as SEC 1 uncompressed bytes, scalars as Python ints. Every call returns
(error code, result or None) so tests can check both."""

import ctypes

from vexrun.native.mp import Drbg
from vexrun.native.api import declared

BASIC, OPTIMIZED, AFFINE_TABLE = 0, 1, 2
SETS = {"basic": BASIC, "optimized": OPTIMIZED, "affine-table": AFFINE_TABLE}
ALL_SETS = tuple(SETS.values())
CURVES = ("B-163", "K-163", "B-233", "K-233", "P-256")
BINARY = CURVES[:4]
SZ = ctypes.c_size_t


class _Curve(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int), ("name", ctypes.c_char_p), ("flen", ctypes.c_uint16),
                ("nbits", ctypes.c_uint16), ("nlen", ctypes.c_uint16), ("cofactor", ctypes.c_uint16),
                ("order", ctypes.c_void_p), ("gen", ctypes.c_void_p), ("impl", ctypes.c_void_p),
                ("params", ctypes.c_void_p)]


declared(_Curve, "vc_ec_curve")


def hash_class(lib, name: str):
    """The address of vc_<name>_class (name: sha1, sha256, ...)."""
    return ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, f"vc_{name}_class")))


class Curve:
    def __init__(self, lib, name: str):
        lib.vc_ec_curve_by_name.restype = ctypes.POINTER(_Curve)
        ptr = lib.vc_ec_curve_by_name(name.encode())
        assert ptr, f"curve {name} missing from the library"
        self.lib, self.name, self.ptr = lib, name, ptr
        c = ptr.contents
        self.id, self.flen, self.nbits, self.nlen, self.h = c.id, c.flen, c.nbits, c.nlen, c.cofactor
        self.plen = 1 + 2 * self.flen
        self.n = int.from_bytes(ctypes.string_at(c.order, self.nlen), "big")
        self.G = ctypes.string_at(c.gen, self.plen)
        self.msg_len = self.flen - 2

    # encodings
    def point(self, x: int, y: int) -> bytes:
        return b"\x04" + x.to_bytes(self.flen, "big") + y.to_bytes(self.flen, "big")

    def xy(self, pt: bytes) -> tuple:
        f = self.flen
        return int.from_bytes(pt[1:1 + f], "big"), int.from_bytes(pt[1 + f:], "big")

    def scalar(self, k) -> bytes:
        return k if isinstance(k, bytes) else k.to_bytes(self.nlen, "big")

    def _out(self, n):
        return ctypes.create_string_buffer(n)

    # operations
    def check(self, pt: bytes) -> int:
        return self.lib.vc_ec_point_check(self.ptr, pt, SZ(len(pt)))

    def mul(self, k, pt=None, set=OPTIMIZED):
        k = self.scalar(k)
        out = self._out(self.plen)
        err = self.lib.vc_ec_mul(self.ptr, set, out, k, SZ(len(k)), pt,
                                 SZ(len(pt) if pt is not None else 0))
        return err, out.raw if err == 0 else None

    def add(self, p: bytes, q: bytes, set=OPTIMIZED):
        out = self._out(self.plen)
        err = self.lib.vc_ec_add(self.ptr, set, out, p, q, SZ(len(p)))
        return err, out.raw if err == 0 else None

    def keygen(self, seed: bytes, set=OPTIMIZED):
        rng = Drbg()
        assert self.lib.vc_drbg_init(ctypes.byref(rng), seed, SZ(len(seed))) == 0
        d, q = self._out(self.nlen), self._out(self.plen)
        err = self.lib.vc_ec_keygen(self.ptr, set, ctypes.byref(rng), d, q)
        return err, (int.from_bytes(d.raw, "big"), q.raw) if err == 0 else None

    def ecdh(self, d, peer: bytes, set=OPTIMIZED):
        d = self.scalar(d)
        out = self._out(self.flen)
        err = self.lib.vc_ecdh(self.ptr, set, d, SZ(len(d)), peer, SZ(len(peer)), out)
        return err, out.raw if err == 0 else None

    def embed(self, msg: bytes, set=OPTIMIZED):
        out = self._out(self.plen)
        err = self.lib.vc_ec_embed(self.ptr, set, msg, SZ(len(msg)), out)
        return err, out.raw if err == 0 else None

    def unembed(self, pt: bytes):
        out = self._out(self.msg_len)
        err = self.lib.vc_ec_unembed(self.ptr, pt, SZ(len(pt)), out)
        return err, out.raw if err == 0 else None

    def elgamal_encrypt(self, pub: bytes, m: bytes, r, set=OPTIMIZED):
        c1, c2 = self._out(self.plen), self._out(self.plen)
        err = self.lib.vc_ec_elgamal_encrypt(self.ptr, set, pub, m, self.scalar(r), c1, c2)
        return err, (c1.raw, c2.raw) if err == 0 else None

    def elgamal_decrypt(self, d, c1: bytes, c2: bytes, set=OPTIMIZED):
        out = self._out(self.plen)
        err = self.lib.vc_ec_elgamal_decrypt(self.ptr, set, self.scalar(d), c1, c2, out)
        return err, out.raw if err == 0 else None

    def sign(self, d, hash_name: str, digest: bytes, set=OPTIMIZED):
        r, s = self._out(self.nlen), self._out(self.nlen)
        err = self.lib.vc_ecdsa_sign(self.ptr, set, self.scalar(d), hash_class(self.lib, hash_name),
                                     digest, r, s)
        return err, (int.from_bytes(r.raw, "big"), int.from_bytes(s.raw, "big")) if err == 0 else None

    def sign_k(self, d, digest: bytes, k, set=OPTIMIZED):
        r, s = self._out(self.nlen), self._out(self.nlen)
        err = self.lib.vc_ecdsa_sign_k(self.ptr, set, self.scalar(d), digest, SZ(len(digest)),
                                       self.scalar(k), r, s)
        return err, (int.from_bytes(r.raw, "big"), int.from_bytes(s.raw, "big")) if err == 0 else None

    def verify(self, pub: bytes, digest: bytes, r: int, s: int, set=OPTIMIZED) -> int:
        """VC_OK or an error; r and s must fit nlen bytes (the API's fixed-length encoding)."""
        return self.lib.vc_ecdsa_verify(self.ptr, set, pub, SZ(len(pub)), digest, SZ(len(digest)),
                                        self.scalar(r), self.scalar(s))
