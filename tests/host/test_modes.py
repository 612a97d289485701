"""Modes of operation (ECB, CBC, CTR) and PKCS#7 padding of the C library on the host: the CAVP
CBC files and RFC 3686 CTR vectors from the installed packages, random messages against
pycryptodome for every cipher, in-place operation, and the error codes."""

import ctypes
import random

import pytest
from Crypto.Cipher import AES
from Crypto.Util import Counter

from vexrun.native.api import BLOCK_FUNCS, VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_OVERLAP, VC_ERR_PADDING, VC_ERR_STATE, VC_OK
from vexrun.vectors import kat_block
from vexrun.suites import refs

KEY_BUF = 4096          # larger than every key schedule struct


def setkey(lib, name, key, rounds=12):
    ks = ctypes.create_string_buffer(KEY_BUF)
    if name == "des":
        rc = lib.vc_des_setkey(ks, key)
    elif name == "des3":
        rc = lib.vc_des3_setkey(ks, key, ctypes.c_size_t(len(key)))
    elif name == "rc5":
        rc = lib.vc_rc5_setkey(ks, key, ctypes.c_size_t(len(key)), ctypes.c_uint(rounds))
    else:
        rc = getattr(lib, BLOCK_FUNCS[name][0])(ks, key, ctypes.c_size_t(len(key)))
    assert rc == VC_OK
    return ks


def run(lib, name, mode, decrypt, ks, iv, data):
    desc = ctypes.addressof(ctypes.c_char.in_dll(lib, f"vc_{name}"))
    out = ctypes.create_string_buffer(max(len(data), 1))
    n = ctypes.c_size_t(len(data))
    if mode == "ecb":
        fn = lib.vc_ecb_decrypt if decrypt else lib.vc_ecb_encrypt
        rc = fn(ctypes.c_void_p(desc), ks, data, out, n)
    else:
        ivb = ctypes.create_string_buffer(bytes(iv), len(iv))
        if mode == "cbc":
            fn = lib.vc_cbc_decrypt if decrypt else lib.vc_cbc_encrypt
        else:
            fn = lib.vc_ctr_crypt
        rc = fn(ctypes.c_void_p(desc), ks, ivb, data, out, n)
    return rc, out.raw[:len(data)]


CAVP = ([("aes_tab", k) for k in kat_block.aes_cavp_kats("CBC")] + [("aes_ct", k) for k in kat_block.aes_cavp_kats("CBC")[::7]]
        + [("aes_tab", k) for k in kat_block.aes_cavp_kats("CTR")] + [("aes_ct", k) for k in kat_block.aes_cavp_kats("CTR")]
        + [("des3", k) for k in kat_block.tdes_cavp_kats("CBC")])


def test_cavp_counts():
    assert len(kat_block.aes_cavp_kats("CBC")) == 2138
    assert len(kat_block.aes_cavp_kats("CTR")) == 3


@pytest.mark.parametrize("name,k", CAVP, ids=[f"{n}-{k.label}" for n, k in CAVP])
def test_cavp_modes(lib, name, k):
    ks = setkey(lib, name, k.key)
    mode = k.mode.lower()
    if k.direction in ("encrypt", "both"):
        rc, out = run(lib, name, mode, False, ks, k.iv, k.plaintext)
        assert rc == VC_OK and out == k.ciphertext
    if k.direction in ("decrypt", "both"):
        rc, out = run(lib, name, mode, True, ks, k.iv, k.ciphertext)
        assert rc == VC_OK and out == k.plaintext


@pytest.mark.parametrize("name", ["des", "des3", "aes_tab", "aes_ct", "rc5"])
@pytest.mark.parametrize("mode", ["ecb", "cbc", "ctr"])
def test_random_against_references(lib, name, mode):
    rng = random.Random(hash((name, mode)) & 0xFFFF)
    bl = 16 if name.startswith("aes") else 8
    for _ in range(60):
        keylen = {"des": 8, "des3": 24, "rc5": 16}.get(name) or rng.choice([16, 24, 32])
        key = rng.randbytes(keylen)
        if name == "des3":
            key = key[:8] + bytes(b ^ 2 for b in key[:8]) + key[16:]   # never degenerate (bit 0 is parity)
        iv = rng.randbytes(bl)
        n = rng.randrange(0, 40) * bl + (rng.randrange(bl) if mode == "ctr" else 0)
        msg = rng.randbytes(n)
        ks = setkey(lib, name, key)
        want = refs.block_mode(name, key, mode, iv).encrypt(msg)
        rc, ct = run(lib, name, mode, False, ks, iv, msg)
        assert rc == VC_OK and ct == want
        rc, pt = run(lib, name, mode, True, ks, iv, ct)
        assert rc == VC_OK and pt == msg


def test_iv_and_counter_chain_across_calls(lib):
    key, iv = bytes(range(16)), bytes(range(100, 116))
    msg = bytes(range(96))
    desc = ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, "vc_aes_tab")))
    ks = setkey(lib, "aes_tab", key)
    for fn, ref in ((lib.vc_cbc_encrypt, AES.new(key, AES.MODE_CBC, iv=iv)),
                    (lib.vc_ctr_crypt, AES.new(key, AES.MODE_CTR, counter=Counter.new(128, initial_value=int.from_bytes(iv, "big"))))):
        ivb = ctypes.create_string_buffer(iv, 16)
        a = ctypes.create_string_buffer(msg[:32], 32)
        b = ctypes.create_string_buffer(msg[32:], 64)
        o1, o2 = ctypes.create_string_buffer(32), ctypes.create_string_buffer(64)
        assert fn(desc, ks, ivb, a, o1, ctypes.c_size_t(32)) == VC_OK
        assert fn(desc, ks, ivb, b, o2, ctypes.c_size_t(64)) == VC_OK
        assert o1.raw + o2.raw == ref.encrypt(msg)


def test_ctr_counter_wraps_modulo_block(lib):
    key, iv = bytes(range(16)), b"\xff" * 16
    desc = ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, "vc_aes_tab")))
    ks = setkey(lib, "aes_tab", key)
    ecb = AES.new(key, AES.MODE_ECB)
    want = ecb.encrypt(b"\xff" * 16) + ecb.encrypt(bytes(16)) + ecb.encrypt(bytes(15) + b"\x01")
    ivb = ctypes.create_string_buffer(iv, 16)
    out = ctypes.create_string_buffer(48)
    assert lib.vc_ctr_crypt(desc, ks, ivb, bytes(48), out, ctypes.c_size_t(48)) == VC_OK
    assert out.raw == want and ivb.raw[:16] == bytes(15) + b"\x02"


def test_in_place_and_overlap(lib):
    key, iv = bytes(16), bytes(range(16))
    desc = ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, "vc_aes_tab")))
    ks = setkey(lib, "aes_tab", key)
    msg = bytes(range(64))
    want = AES.new(key, AES.MODE_CBC, iv=iv).encrypt(msg)
    buf = ctypes.create_string_buffer(msg, 80)
    ivb = ctypes.create_string_buffer(iv, 16)
    assert lib.vc_cbc_encrypt(desc, ks, ivb, buf, buf, ctypes.c_size_t(64)) == VC_OK
    assert buf.raw[:64] == want
    ivb = ctypes.create_string_buffer(iv, 16)
    assert lib.vc_cbc_decrypt(desc, ks, ivb, buf, buf, ctypes.c_size_t(64)) == VC_OK
    assert buf.raw[:64] == msg
    base = ctypes.addressof(buf)
    for shift in (1, 8, 16, 63):
        ivb = ctypes.create_string_buffer(iv, 16)
        out = ctypes.c_void_p(base + shift)
        assert lib.vc_cbc_encrypt(desc, ks, ivb, buf, out, ctypes.c_size_t(64)) == VC_ERR_OVERLAP
        assert lib.vc_ecb_encrypt(desc, ks, buf, out, ctypes.c_size_t(64)) == VC_ERR_OVERLAP
        assert lib.vc_ctr_crypt(desc, ks, ivb, buf, out, ctypes.c_size_t(64)) == VC_ERR_OVERLAP


def test_length_and_null_errors(lib):
    desc = ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, "vc_aes_tab")))
    ks = setkey(lib, "aes_tab", bytes(16))
    buf, out, iv = ctypes.create_string_buffer(64), ctypes.create_string_buffer(64), ctypes.create_string_buffer(16)
    for n in (1, 15, 17, 63):     # unpadded ECB/CBC data
        assert lib.vc_ecb_encrypt(desc, ks, buf, out, ctypes.c_size_t(n)) == VC_ERR_LENGTH
        assert lib.vc_cbc_decrypt(desc, ks, iv, buf, out, ctypes.c_size_t(n)) == VC_ERR_LENGTH
    assert lib.vc_ctr_crypt(desc, ks, iv, buf, out, ctypes.c_size_t(17)) == VC_OK      # CTR takes any length
    assert lib.vc_cbc_encrypt(desc, ks, None, buf, out, ctypes.c_size_t(16)) == VC_ERR_NULL
    assert lib.vc_ecb_encrypt(None, ks, buf, out, ctypes.c_size_t(16)) == VC_ERR_NULL
    assert lib.vc_ecb_encrypt(desc, None, buf, out, ctypes.c_size_t(16)) == VC_ERR_NULL
    assert lib.vc_ecb_encrypt(desc, ks, None, out, ctypes.c_size_t(16)) == VC_ERR_NULL
    assert lib.vc_ecb_encrypt(desc, ks, None, None, ctypes.c_size_t(0)) == VC_OK


@pytest.mark.parametrize("mode", ["ecb", "cbc", "ctr"])
@pytest.mark.parametrize("decrypt", [False, True])
def test_cipher_error_leaves_out_and_iv_untouched(lib, mode, decrypt):
    """A key schedule the cipher refuses (AES, never set up: VC_ERR_STATE) fails the call with
    nothing written: not out, not the IV or counter."""
    desc = ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, "vc_aes_tab")))
    ks, data = ctypes.create_string_buffer(KEY_BUF), ctypes.create_string_buffer(b"\x11" * 32, 32)
    out, iv = ctypes.create_string_buffer(b"\xa5" * 32, 32), ctypes.create_string_buffer(b"\x5a" * 16, 16)
    n = ctypes.c_size_t(32)
    if mode == "ecb":
        rc = (lib.vc_ecb_decrypt if decrypt else lib.vc_ecb_encrypt)(desc, ks, data, out, n)
    else:
        fn = lib.vc_ctr_crypt if mode == "ctr" else lib.vc_cbc_decrypt if decrypt else lib.vc_cbc_encrypt
        rc = fn(desc, ks, iv, data, out, n)
    assert rc == VC_ERR_STATE
    assert out.raw == b"\xa5" * 32 and iv.raw == b"\x5a" * 16


def pad(lib, data, bl, cap=None):
    cap = cap if cap is not None else len(data) + bl
    buf = ctypes.create_string_buffer(data, max(cap, 1))
    n = ctypes.c_size_t()
    rc = lib.vc_pkcs7_pad(buf, ctypes.c_size_t(len(data)), ctypes.c_size_t(cap), ctypes.c_size_t(bl), ctypes.byref(n))
    return rc, buf.raw[:n.value]


def unpad(lib, data, bl):
    n = ctypes.c_size_t(12345)
    rc = lib.vc_pkcs7_unpad(data, ctypes.c_size_t(len(data)), ctypes.c_size_t(bl), ctypes.byref(n))
    return rc, n.value


@pytest.mark.parametrize("bl", [8, 16])
def test_pkcs7_round_trip(lib, bl):
    from Crypto.Util.Padding import pad as ref_pad
    for n in range(0, 3 * bl + 1):
        data = bytes(range(n))
        rc, padded = pad(lib, data, bl)
        assert rc == VC_OK and padded == ref_pad(data, bl)
        assert unpad(lib, padded, bl) == (VC_OK, n)


def test_pkcs7_errors(lib):
    assert pad(lib, bytes(16), 16, cap=16)[0] == VC_ERR_LENGTH        # no room for the pad block
    assert pad(lib, bytes(5), 0)[0] == VC_ERR_LENGTH
    bad = [bytes(15) + b"\x00", bytes(15) + b"\x11", bytes(14) + b"\x01\x02", bytes(13) + b"\x02\x03\x03",
           b"\x10" * 15 + b"\x11"]
    for b in bad:
        assert unpad(lib, b, 16)[0] == VC_ERR_PADDING, b.hex()
    assert unpad(lib, b"\x10" * 16, 16) == (VC_OK, 0)
    assert unpad(lib, b"", 16)[0] == VC_ERR_LENGTH
    assert unpad(lib, bytes(15) + b"\x01", 8)[0] == VC_OK
    assert unpad(lib, bytes(17), 16)[0] == VC_ERR_LENGTH
