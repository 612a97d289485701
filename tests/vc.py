"""ctypes view of the vexcrypt C API (fw/include/vexcrypt/), for the host tests."""

import ctypes

# enum vc_err (fw/include/vexcrypt/common.h)
VC_OK = 0
VC_ERR_NULL = -1
VC_ERR_LENGTH = -2
VC_ERR_STATE = -3
VC_ERR_KEYLEN = -4
VC_ERR_PADDING = -5
VC_ERR_OVERLAP = -6
VC_ERR_MODULUS = -7
VC_ERR_RANGE = -8
VC_ERR_NOINV = -9
VC_ERR_VERIFY = -10
VC_ERR_FAULT = -11
VC_ERR_PARAM = -12
VC_ERR_RETRY = -13
VC_ERR_POINT = -14
VC_ERR_HW = -15


# The block ciphers' key schedule and block functions (fw/include/vexcrypt/block.h), by the
# names the tests and the oracle give the ciphers.
BLOCK_FUNCS = {
    "des": ("vc_des_setkey", "vc_des_encrypt", "vc_des_decrypt"),
    "des3": ("vc_des3_setkey", "vc_des3_encrypt", "vc_des3_decrypt"),
    "aes_tab": ("vc_aes_tab_setkey_var", "vc_aes_tab_encrypt_var", "vc_aes_tab_decrypt_var"),
    "aes_ct": ("vc_aes_ct_setkey", "vc_aes_ct_encrypt", "vc_aes_ct_decrypt"),
    "rc5": ("vc_rc5_setkey", "vc_rc5_encrypt", "vc_rc5_decrypt"),
}


class Sha256Ctx(ctypes.Structure):
    _fields_ = [("h", ctypes.c_uint32 * 8), ("count", ctypes.c_uint64),
                ("buf", ctypes.c_uint8 * 64), ("magic", ctypes.c_uint32)]


def sha256(lib, msg: bytes) -> bytes:
    out = ctypes.create_string_buffer(32)
    assert lib.vc_sha256(msg, ctypes.c_size_t(len(msg)), out) == VC_OK
    return out.raw


def sha256_stream(lib, pieces) -> bytes:
    ctx = Sha256Ctx()
    out = ctypes.create_string_buffer(32)
    assert lib.vc_sha256_init(ctypes.byref(ctx)) == VC_OK
    for p in pieces:
        assert lib.vc_sha256_update(ctypes.byref(ctx), p, ctypes.c_size_t(len(p))) == VC_OK
    assert lib.vc_sha256_final(ctypes.byref(ctx), out) == VC_OK
    return out.raw
