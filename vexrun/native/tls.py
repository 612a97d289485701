"""ctypes view of the TLS engine's configuration (fw/include/vexcrypt/tls.h) for the bad-input
table; the engine itself is driven through the oracle (vexrun/proto/tls.py)."""

import ctypes

from vexrun.native.api import declared, opaque

SZ = ctypes.c_size_t
U8P = ctypes.c_void_p


class Config(ctypes.Structure):
    _fields_ = [("role", ctypes.c_int), ("suites", ctypes.c_uint32), ("cert", U8P), ("certlen", SZ),
                ("rsa_key", ctypes.c_void_p), ("ec_key", U8P), ("ca", U8P), ("calen", SZ),
                ("require_client_cert", ctypes.c_int), ("now", ctypes.c_uint64), ("dh_xbits", SZ),
                ("rng", ctypes.c_void_p), ("mp", ctypes.c_void_p), ("step", ctypes.c_void_p),
                ("step_arg", ctypes.c_void_p)]


declared(Config, "vc_tls_config")
Tls = opaque("vc_tls")
Dir = opaque("vc_tls_dir")
