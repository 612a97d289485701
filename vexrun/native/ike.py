"""ctypes view of the IKE engine's types (fw/include/vexcrypt/ike.h): the bad-input table and the
host tests drive a C peer with these against the host model's peer (tests/host/test_ike.py)."""

import ctypes

from vexrun.native.api import declared, opaque

SZ = ctypes.c_size_t


class Config(ctypes.Structure):
    _fields_ = [("role", ctypes.c_int), ("cipher", ctypes.c_uint), ("hash", ctypes.c_uint), ("group", ctypes.c_uint),
                ("dh_xbits", SZ), ("nonce_len", SZ), ("cookie", ctypes.c_uint8 * 8), ("id_type", ctypes.c_uint8),
                ("id", ctypes.c_void_p), ("idlen", SZ), ("spi", ctypes.c_uint32), ("msgid", ctypes.c_uint32),
                ("key", ctypes.c_void_p), ("peer_key", ctypes.c_void_p), ("rng", ctypes.c_void_p),
                ("mp", ctypes.c_void_p), ("step", ctypes.c_void_p), ("step_arg", ctypes.c_void_p)]


class Keys(ctypes.Structure):
    _fields_ = [("skeyid", ctypes.c_uint8 * 32), ("skeyid_d", ctypes.c_uint8 * 32), ("skeyid_a", ctypes.c_uint8 * 32),
                ("skeyid_e", ctypes.c_uint8 * 32), ("prf_len", SZ), ("enc_key", ctypes.c_uint8 * 24), ("enc_len", SZ),
                ("keymat_in", ctypes.c_uint8 * 44), ("keymat_out", ctypes.c_uint8 * 44), ("keymat_len", SZ),
                ("peer_spi", ctypes.c_uint32)]

    def named(self) -> dict:
        """The keys as the oracle's op and the model name them."""
        n, e, m = self.prf_len, self.enc_len, self.keymat_len
        return {"skeyid": bytes(self.skeyid)[:n], "skeyid_d": bytes(self.skeyid_d)[:n],
                "skeyid_a": bytes(self.skeyid_a)[:n], "skeyid_e": bytes(self.skeyid_e)[:n],
                "enc_key": bytes(self.enc_key)[:e], "keymat_in": bytes(self.keymat_in)[:m],
                "keymat_out": bytes(self.keymat_out)[:m]}


declared(Config, "vc_ike_config")
declared(Keys, "vc_ike_keys")
Ike = opaque("vc_ike")
STATES = {0: "running", 1: "phase1", 2: "done", 3: "failed"}
