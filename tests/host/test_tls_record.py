"""The TLS record layer alone (vc_tls_keys, vc_tls_record_seal/open) against a Python model built
on pycryptodome and hmac: the key block of RFC 5246 6.3, AES-128-GCM records (RFC 5288) and
AES-256-CBC + HMAC-SHA-1 records with every padding length 0..255 (RFC 5246 6.2.3.2), and the
records the constant-time check must refuse: a wrong padding byte anywhere, a padding longer than
the record, a MAC off by one bit."""

import ctypes
import hashlib
import hmac
import random

import pytest
from Crypto.Cipher import AES

from vexrun.native import tls
from vexrun.native.api import VC_ERR_VERIFY
from vexrun.proto import messages as msg
from vexrun.models import tls as model

SZ = ctypes.c_size_t
GCM, CBC = model.GCM, model.CBC
RNG = random.Random(5288)
MASTER, CRAND, SRAND = RNG.randbytes(48), RNG.randbytes(32), RNG.randbytes(32)


def key_block(suite):
    return model.key_block(MASTER, CRAND, SRAND, suite)


def dirs(lib, suite):
    c, s = tls.Dir(), tls.Dir()
    assert lib.vc_tls_keys(MASTER, ctypes.c_uint(suite), CRAND, SRAND, ctypes.byref(c), ctypes.byref(s)) == 0
    return c, s


def drbg(lib):
    d = ctypes.create_string_buffer(4096)
    assert lib.vc_drbg_init(d, b"record", SZ(6)) == 0
    return d


def open_(lib, d, rec: bytes):
    buf = ctypes.create_string_buffer(rec, len(rec))
    pt, n = ctypes.c_void_p(), SZ(0)
    rc = lib.vc_tls_record_open(ctypes.byref(d), buf, SZ(len(rec)), ctypes.byref(pt), ctypes.byref(n))
    return rc, (ctypes.string_at(pt.value, n.value) if rc == 0 else None)


def seal(lib, d, rng, data: bytes, ctype=23):
    out, n = ctypes.create_string_buffer(len(data) + 128), SZ(0)
    assert lib.vc_tls_record_seal(ctypes.byref(d), rng, ctype, data, SZ(len(data)), out, SZ(len(out)), ctypes.byref(n)) == 0
    return out.raw[:n.value]


pseudo = model.pseudo


def cbc_record(seq, data, pad, mac_key, key, bad=None):
    """A CBC record of the server's (the model): data || MAC || pad+1 bytes of value pad;
    bad: "pad" (one padding byte wrong), "mac" (one MAC bit flipped)."""
    mac = hmac.new(mac_key, pseudo(seq, len(data)) + data, hashlib.sha1).digest()
    if bad == "mac":
        mac = bytes([mac[0] ^ 1]) + mac[1:]
    padding = bytearray([pad] * (pad + 1))
    if bad == "pad":
        padding[RNG.randrange(pad)] ^= 0x10
    iv = RNG.randbytes(16)
    body = iv + AES.new(key, AES.MODE_CBC, iv).encrypt(data + mac + bytes(padding))
    return msg.record(23, body)


def test_cbc_opens_every_padding_length_and_refuses_bad_ones(lib):
    _, smac, _, sk, _, _ = key_block(CBC)
    _, s = dirs(lib, CBC)            # the server's writes, which the client reads
    seq = 0
    for pad in range(256):
        n = RNG.randrange(0, 300)
        n -= (n + 20 + pad + 1) % 16          # whole blocks
        if n < 0:
            n += 16
        data = RNG.randbytes(n)
        rc, got = open_(lib, s, cbc_record(seq, data, pad, smac, sk))
        assert rc == 0 and got == data, pad
        seq += 1
        for bad in (("pad", "mac") if pad else ("mac",)):
            rc, _ = open_(lib, s, cbc_record(seq, data, pad, smac, sk, bad))
            assert rc == VC_ERR_VERIFY, (pad, bad)


def test_cbc_refuses_a_padding_longer_than_the_record(lib):
    _, smac, _, sk, _, _ = key_block(CBC)
    _, s = dirs(lib, CBC)
    iv = bytes(16)
    plain = bytes(31) + bytes([200])            # padding length 200 in a 32-byte record
    body = iv + AES.new(sk, AES.MODE_CBC, iv).encrypt(plain)
    assert open_(lib, s, msg.record(23, body))[0] == VC_ERR_VERIFY


def test_cbc_seal_is_what_the_model_opens(lib):
    cmac, _, ck, _, _, _ = key_block(CBC)
    c, _ = dirs(lib, CBC)
    rng = drbg(lib)
    for seq, n in enumerate((0, 1, 15, 16, 100, 4096)):
        data = RNG.randbytes(n)
        rec = seal(lib, c, rng, data)
        body = rec[5:]
        plain = AES.new(ck, AES.MODE_CBC, body[:16]).decrypt(body[16:])
        pad = plain[-1]
        assert plain[-pad - 1:] == bytes([pad] * (pad + 1))
        got, mac = plain[:-pad - 1 - 20], plain[-pad - 1 - 20:-pad - 1]
        assert got == data
        assert mac == hmac.new(cmac, pseudo(seq, n) + data, hashlib.sha1).digest()


def gcm_record(seq, data, key, salt, tamper=False):
    explicit = RNG.randbytes(8)
    c = AES.new(key, AES.MODE_GCM, nonce=salt + explicit)
    c.update(pseudo(seq, len(data)))
    ct, tag = c.encrypt_and_digest(data)
    body = bytearray(explicit + ct + tag)
    if tamper:
        body[RNG.randrange(len(body))] ^= 4
    return msg.record(23, bytes(body))


def test_gcm_records_both_ways(lib):
    _, _, ck, sk, civ, siv = key_block(GCM)
    c, s = dirs(lib, GCM)
    rng = drbg(lib)
    for seq, n in enumerate((0, 1, 16, 17, 1000, 16384)):
        data = RNG.randbytes(n)
        rc, got = open_(lib, s, gcm_record(seq, data, sk, siv))
        assert rc == 0 and got == data
        rec = seal(lib, c, rng, data)
        body = rec[5:]
        dec = AES.new(ck, AES.MODE_GCM, nonce=civ + body[:8])
        dec.update(pseudo(seq, n))
        assert dec.decrypt_and_verify(body[8:-16], body[-16:]) == data
    assert open_(lib, s, gcm_record(6, b"abc", sk, siv, tamper=True))[0] == VC_ERR_VERIFY


@pytest.mark.parametrize("suite", [GCM, CBC])
def test_a_replayed_record_fails(lib, suite):
    """The sequence number is in the MAC and the AAD: a record opened once fails a second time."""
    (writer, _), (reader, _) = dirs(lib, suite), dirs(lib, suite)
    rec = seal(lib, writer, drbg(lib), b"once")
    assert open_(lib, reader, rec) == (0, b"once")
    assert open_(lib, reader, rec)[0] == VC_ERR_VERIFY
