"""ctypes view of the vexcrypt C API (fw/include/vexcrypt/), for the host tests and the bad-input table. The error codes
(VC_OK, VC_ERR_*) and the sizes of the library's types come from the library itself (common.h:
vc_errors, vc_sizeof), read when this module is imported. A type whose fields are private is an
opaque buffer of its size (opaque); a public one the tests declare field by field is checked
against it (declared)."""

import ctypes

from vexrun.soc.build import ensure_host

LIB = ctypes.CDLL(str(ensure_host()))


class _ErrInfo(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("name", ctypes.c_char_p), ("text", ctypes.c_char_p)]


def _errors() -> dict:
    """{name: code} of vc_errors[], in the table's order (VC_OK first)."""
    table = ctypes.cast(ctypes.addressof(_ErrInfo.in_dll(LIB, "vc_errors")), ctypes.POINTER(_ErrInfo))
    out, i = {}, 0
    while table[i].name:
        out[table[i].name.decode()] = table[i].code
        i += 1
    return out


ERRORS = _errors()
globals().update(ERRORS)          # VC_OK, VC_ERR_NULL, ...

LIB.vc_sizeof.argtypes = [ctypes.c_char_p]
LIB.vc_sizeof.restype = ctypes.c_size_t


def sizeof(name: str) -> int:
    n = LIB.vc_sizeof(name.encode())
    assert n, f"{name}: not a type of the library (vc_sizeof)"
    return n


def opaque(name: str):
    """A ctypes type for the library's type `name`: zeroed bytes of its size, aligned as any
    type of that size can need (a C type's size is a multiple of its alignment)."""
    size = sizeof(name)
    unit = next(u for u in (ctypes.c_uint64, ctypes.c_uint32, ctypes.c_uint16, ctypes.c_uint8)
                if size % ctypes.sizeof(u) == 0)
    return unit * (size // ctypes.sizeof(unit))


def declared(cls, name: str):
    """cls, the tests' declaration of the public type `name`, once its size is the library's."""
    assert ctypes.sizeof(cls) == sizeof(name), f"{cls.__name__}: {ctypes.sizeof(cls)} bytes, {name}: {sizeof(name)}"
    return cls


# The block ciphers' key schedule and block functions (fw/include/vexcrypt/block.h), by the
# names the tests and the oracle give the ciphers.
BLOCK_FUNCS = {
    "des": ("vc_des_setkey", "vc_des_encrypt", "vc_des_decrypt"),
    "des3": ("vc_des3_setkey", "vc_des3_encrypt", "vc_des3_decrypt"),
    "aes_tab": ("vc_aes_tab_setkey_var", "vc_aes_tab_encrypt_var", "vc_aes_tab_decrypt_var"),
    "aes_ct": ("vc_aes_ct_setkey", "vc_aes_ct_encrypt", "vc_aes_ct_decrypt"),
    "rc5": ("vc_rc5_setkey", "vc_rc5_encrypt", "vc_rc5_decrypt"),
}


Sha256Ctx = opaque("vc_sha256_ctx")


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
