"""AES-GCM and GHASH of the C library on the host (fw/src/block/gcm.c, ghash*.c): every record of
the NIST CAVP GCMVS files of cryptography-vectors (FAIL records included) with vc_aes_ct and
vc_aes_tab, random messages, AAD, IV and tag lengths against pycryptodome, in-place calls,
tampering, and the error codes; the GHASH forms against the pure-Python model of SP 800-38D
(vexrun/models/ghash.py) and against each other (the unit's sequence on its C emulation)."""

import ctypes
import random

import pytest
from Crypto.Cipher import AES

from vexrun.models import ghash
from vexrun.native.api import (BLOCK_FUNCS, VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_OVERLAP, VC_ERR_PARAM, VC_ERR_STATE,
                               VC_ERR_VERIFY, VC_OK, opaque)
from vexrun.vectors import kat_block

S = ctypes.c_size_t
CIPHERS = ("aes_ct", "aes_tab")
GHASH_FORMS = ("vc_ghash", "vc_ghash_ct", "vc_ghash_clmul_sw")
GcmCtx, GhashKey = opaque("vc_gcm_ctx"), opaque("vc_ghash_key")
SENTINEL = b"\xa5"


class Gcm:
    """A context over one key, with its key schedule kept alive beside it."""

    def __init__(self, lib, cipher, key):
        self.lib, self.ks, self.ctx = lib, ctypes.create_string_buffer(4096), GcmCtx()
        assert getattr(lib, BLOCK_FUNCS[cipher][0])(self.ks, key, S(len(key))) == VC_OK
        assert lib.vc_gcm_init(ctypes.byref(self.ctx), desc(lib, cipher), self.ks) == VC_OK

    def seal(self, iv, aad, msg, taglen=16):
        out, tag = ctypes.create_string_buffer(max(len(msg), 1)), ctypes.create_string_buffer(16)
        rc = self.lib.vc_gcm_seal(ctypes.byref(self.ctx), iv, S(len(iv)), aad, S(len(aad)), msg, out, S(len(msg)),
                                  tag, S(taglen))
        return rc, out.raw[:len(msg)], tag.raw[:taglen]

    def open(self, iv, aad, ct, tag):
        out = ctypes.create_string_buffer(SENTINEL * max(len(ct), 1), max(len(ct), 1))
        rc = self.lib.vc_gcm_open(ctypes.byref(self.ctx), iv, S(len(iv)), aad, S(len(aad)), ct, out, S(len(ct)),
                                  tag, S(len(tag)))
        return rc, out.raw[:len(ct)]


def desc(lib, cipher):
    return ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(lib, "vc_" + cipher)))


def reference(key, iv, aad, msg, taglen=16):
    c = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=taglen)
    c.update(aad)
    return c.encrypt_and_digest(msg)


def test_cavp_counts():
    kats = kat_block.aes_gcm_kats()
    assert len(kats) == 47250
    assert sum(k.direction == "encrypt" for k in kats) == 23625
    assert sum(k.plaintext is None for k in kats) == 11908        # the FAIL records
    assert {len(k.iv) for k in kats} == {1, 12, 128} and {len(k.tag) for k in kats} == {4, 8, 12, 13, 14, 15, 16}


@pytest.mark.parametrize("cipher", CIPHERS)
def test_cavp(lib, cipher):
    """Encryption records seal to their CT and tag and open back; decryption records open to
    their PT, or, marked FAIL, are refused with out untouched."""
    ctxs, checked = {}, 0
    for k in kat_block.aes_gcm_kats():
        g = ctxs.get(k.key) or ctxs.setdefault(k.key, Gcm(lib, cipher, k.key))
        rc, pt = g.open(k.iv, k.aad, k.ciphertext, k.tag)
        if k.plaintext is None:
            assert (rc, pt) == (VC_ERR_VERIFY, SENTINEL * len(k.ciphertext)), k.label
        else:
            assert (rc, pt) == (VC_OK, k.plaintext), k.label
            assert g.seal(k.iv, k.aad, k.plaintext, len(k.tag)) == (VC_OK, k.ciphertext, k.tag), k.label
        checked += 1
        if len(ctxs) > 64:
            ctxs.clear()
    assert checked == 47250


@pytest.mark.parametrize("cipher", CIPHERS)
def test_random_against_pycryptodome(lib, cipher):
    rng = random.Random(cipher)
    for i in range(300):
        key = rng.randbytes(rng.choice([16, 24, 32]))
        iv = rng.randbytes(12 if i % 3 == 0 else rng.choice([1, 8, 13, 16, 17, 64, rng.randrange(1, 300)]))
        aad = rng.randbytes(rng.choice([0, 13, rng.randrange(0, 100)]))
        msg = rng.randbytes(rng.choice([0, 16, rng.randrange(0, 1200)]))
        taglen = rng.choice([16, rng.randrange(4, 17)])
        g = Gcm(lib, cipher, key)
        ct, tag = reference(key, iv, aad, msg, taglen)
        assert g.seal(iv, aad, msg, taglen) == (VC_OK, ct, tag)
        assert g.open(iv, aad, ct, tag) == (VC_OK, msg)


def test_longest_iv_and_message_over_chunks(lib):
    """A 65536-byte IV (the most), and a message that crosses seal's chunks and the 32-bit
    counter's wrap (J0's counter word near 2^32 with a hashed IV)."""
    rng = random.Random(5)
    key = rng.randbytes(16)
    g = Gcm(lib, "aes_tab", key)
    for iv in (rng.randbytes(65536), rng.randbytes(7)):
        msg, aad = rng.randbytes(5000), rng.randbytes(33)
        ct, tag = reference(key, iv, aad, msg)
        assert g.seal(iv, aad, msg) == (VC_OK, ct, tag)
    # a 16-byte IV solved for J0 = ((IV H) ^ L) H to end in ff ff ff fd: the 32-bit counter wraps
    # in the message (inc32 leaves J0's first 12 bytes alone), L the lengths block
    h = AES.new(key, AES.MODE_ECB).encrypt(bytes(16))
    hinv = gf_pow(h, (1 << 128) - 2)
    j0 = rng.randbytes(12) + b"\xff\xff\xff\xfd"
    iv = ghash.mul(xor(ghash.mul(j0, hinv), (128).to_bytes(16, "big")), hinv)
    assert ghash.ghash(h, iv + (128).to_bytes(16, "big")) == j0
    msg = rng.randbytes(100)
    ct, tag = reference(key, iv, b"", msg)
    assert g.seal(iv, b"", msg) == (VC_OK, ct, tag)


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def gf_pow(x, e):
    r = b"\x80" + bytes(15)                      # 1 = x^0 in GCM's bit order
    for i in reversed(range(e.bit_length())):
        r = ghash.mul(r, r)
        if e >> i & 1:
            r = ghash.mul(r, x)
    return r


@pytest.mark.parametrize("cipher", CIPHERS)
def test_in_place(lib, cipher):
    rng = random.Random(11)
    key, iv, aad = rng.randbytes(16), rng.randbytes(12), rng.randbytes(20)
    g = Gcm(lib, cipher, key)
    for n in (0, 1, 15, 16, 17, 511, 512, 513, 1500):
        msg = rng.randbytes(n)
        ct, tag = reference(key, iv, aad, msg)
        buf, t = ctypes.create_string_buffer(msg, max(n, 1)), ctypes.create_string_buffer(16)
        assert lib.vc_gcm_seal(ctypes.byref(g.ctx), iv, S(12), aad, S(len(aad)), buf, buf, S(n), t, S(16)) == VC_OK
        assert (buf.raw[:n], t.raw) == (ct, tag)
        assert lib.vc_gcm_open(ctypes.byref(g.ctx), iv, S(12), aad, S(len(aad)), buf, buf, S(n), t, S(16)) == VC_OK
        assert buf.raw[:n] == msg


def test_tampering_is_rejected_with_out_untouched(lib):
    rng = random.Random(3)
    key, iv, aad, msg = rng.randbytes(16), rng.randbytes(12), rng.randbytes(20), rng.randbytes(50)
    ct, tag = reference(key, iv, aad, msg)
    g = Gcm(lib, "aes_ct", key)

    def flip(b, i):
        return b[:i] + bytes([b[i] ^ (1 << rng.randrange(8))]) + b[i + 1:]
    for i in range(16):
        assert g.open(iv, aad, ct, flip(tag, i)) == (VC_ERR_VERIFY, SENTINEL * 50)
    for i in range(0, 50, 7):
        assert g.open(iv, aad, flip(ct, i), tag) == (VC_ERR_VERIFY, SENTINEL * 50)
    for i in range(0, 20, 3):
        assert g.open(iv, flip(aad, i), ct, tag) == (VC_ERR_VERIFY, SENTINEL * 50)
    assert g.open(flip(iv, 0), aad, ct, tag) == (VC_ERR_VERIFY, SENTINEL * 50)
    assert g.open(iv, aad + b"\x00", ct, tag) == (VC_ERR_VERIFY, SENTINEL * 50)   # the lengths are hashed
    assert g.open(iv, aad, ct[:-1], tag) == (VC_ERR_VERIFY, SENTINEL * 49)
    assert g.open(iv, aad, ct, tag[:12]) == (VC_OK, msg)                          # a shorter tag is its prefix
    assert g.open(iv, aad, ct, flip(tag[:12], 11)) == (VC_ERR_VERIFY, SENTINEL * 50)


def test_errors_leave_outputs_untouched(lib):
    """Every error code of init, seal and open (docs/bad-input.md has the same cases, run by
    test_badinput.py): the context and the outputs keep their bytes."""
    key, iv = bytes(16), bytes(12)
    g = Gcm(lib, "aes_ct", key)
    gp = ctypes.byref(g.ctx)
    ct, tag = reference(key, iv, b"", bytes(32))

    def seal(ctx=gp, iv=iv, ivlen=12, aad=None, aadlen=0, inp=b"\x00" * 32, out=True, n=32, tag_=True, taglen=16):
        o = ctypes.create_string_buffer(SENTINEL * 64, 64)
        t = ctypes.create_string_buffer(SENTINEL * 16, 16)
        rc = lib.vc_gcm_seal(ctx, iv, S(ivlen), aad, S(aadlen), inp, o if out else None, S(n), t if tag_ else None,
                             S(taglen))
        assert (o.raw, t.raw) == (SENTINEL * 64, SENTINEL * 16) or rc == VC_OK
        return rc

    def open_(ctx=gp, iv=iv, ivlen=12, aad=None, aadlen=0, inp=ct, out=True, n=32, tag_=tag, taglen=16):
        o = ctypes.create_string_buffer(SENTINEL * 64, 64)
        rc = lib.vc_gcm_open(ctx, iv, S(ivlen), aad, S(aadlen), inp, o if out else None, S(n), tag_, S(taglen))
        assert o.raw == SENTINEL * 64 or rc == VC_OK
        return rc
    for fn in (seal, open_):
        assert fn() == VC_OK
        assert fn(ctx=None) == VC_ERR_NULL
        assert fn(iv=None) == VC_ERR_NULL
        assert fn(aadlen=1) == VC_ERR_NULL                   # aad NULL with a length
        assert fn(inp=None) == VC_ERR_NULL
        assert fn(out=False) == VC_ERR_NULL
        assert fn(tag_=None) == VC_ERR_NULL
        assert fn(ctx=ctypes.byref(GcmCtx())) == VC_ERR_STATE
        assert fn(ivlen=0) == VC_ERR_LENGTH
        assert fn(ivlen=65537) == VC_ERR_LENGTH
        assert fn(taglen=3) == VC_ERR_LENGTH
        assert fn(taglen=17) == VC_ERR_LENGTH
        assert fn(n=(1 << 36) - 31) == VC_ERR_LENGTH        # over 2^32 - 2 blocks (checked before reading)
        assert fn(inp=None, out=False, n=0) in (VC_OK, VC_ERR_VERIFY)  # no message: NULL is allowed
    buf = ctypes.create_string_buffer(64)
    for fn in (lib.vc_gcm_seal, lib.vc_gcm_open):
        t = ctypes.create_string_buffer(16)
        assert fn(gp, iv, S(12), None, S(0), buf, ctypes.byref(buf, 1), S(32), t, S(16)) == VC_ERR_OVERLAP
    # init: the context untouched on error
    fresh = GcmCtx()
    for args, want in (((None, desc(lib, "aes_ct"), g.ks), VC_ERR_NULL),
                       ((ctypes.byref(fresh), None, g.ks), VC_ERR_NULL),
                       ((ctypes.byref(fresh), desc(lib, "aes_ct"), None), VC_ERR_NULL),
                       ((ctypes.byref(fresh), desc(lib, "des"), g.ks), VC_ERR_PARAM),
                       ((ctypes.byref(fresh), desc(lib, "aes_tab"), g.ks), VC_ERR_STATE)):   # aes_ct's schedule
        assert lib.vc_gcm_init(*args) == want
        assert bytes(fresh) == bytes(len(bytes(fresh)))


def ghash_c(lib, form, h, data, y=bytes(16)):
    k, yb = GhashKey(), ctypes.create_string_buffer(y, 16)
    assert lib.vc_ghash_init(ctypes.byref(k), h) == VC_OK
    assert getattr(lib, form)(ctypes.byref(k), yb, data, S(len(data))) == VC_OK
    return yb.raw


@pytest.mark.parametrize("form", GHASH_FORMS)
def test_ghash_against_the_model(lib, form):
    """Edge keys (0, 1 = x^0, x^127, all ones: H x^-1's reduction both ways) and random ones, any
    length (the last block zero-padded), a starting y."""
    rng = random.Random(form)
    edges = [bytes(16), b"\x80" + bytes(15), bytes(15) + b"\x01", b"\xff" * 16, b"\x7f" + b"\xff" * 15]
    for i in range(200):
        h = edges[i] if i < len(edges) else rng.randbytes(16)
        data = rng.randbytes(rng.choice([0, 16, 48, rng.randrange(1, 100)]))
        y = rng.randbytes(16) if i % 2 else bytes(16)
        assert ghash_c(lib, form, h, data, y) == ghash.ghash(h, data, y), (h.hex(), len(data))


def test_ghash_forms_agree(lib):
    """The constant-time software and the unit's sequence (on its emulation), on long inputs."""
    rng = random.Random(9)
    for n in (0, 1, 16, 255, 1024, 4099):
        h, data, y = rng.randbytes(16), rng.randbytes(n), rng.randbytes(16)
        assert ghash_c(lib, "vc_ghash_ct", h, data, y) == ghash_c(lib, "vc_ghash_clmul_sw", h, data, y)


def test_ghash_model_against_pycryptodome():
    """The model itself: GCM's tag over an empty message is GHASH(A || lengths) ^ E(J0)."""
    rng = random.Random(1)
    for _ in range(20):
        key, iv, aad = rng.randbytes(16), rng.randbytes(12), rng.randbytes(rng.randrange(0, 60))
        ecb = AES.new(key, AES.MODE_ECB)
        s = ghash.ghash(ecb.encrypt(bytes(16)), aad + bytes(-len(aad) % 16) + (8 * len(aad)).to_bytes(8, "big") + bytes(8))
        want = bytes(a ^ b for a, b in zip(s, ecb.encrypt(iv + b"\x00\x00\x00\x01")))
        assert want == reference(key, iv, aad, b"")[1]


@pytest.mark.parametrize("form", GHASH_FORMS)
def test_ghash_errors(lib, form):
    k = GhashKey()
    assert lib.vc_ghash_init(None, bytes(16)) == VC_ERR_NULL
    assert lib.vc_ghash_init(ctypes.byref(k), None) == VC_ERR_NULL
    assert bytes(k) == bytes(len(bytes(k)))
    assert lib.vc_ghash_init(ctypes.byref(k), bytes(range(16))) == VC_OK
    y = ctypes.create_string_buffer(SENTINEL * 16, 16)
    f = getattr(lib, form)
    assert f(None, y, b"x", S(1)) == VC_ERR_NULL
    assert f(ctypes.byref(k), None, b"x", S(1)) == VC_ERR_NULL
    assert f(ctypes.byref(k), y, None, S(1)) == VC_ERR_NULL
    assert y.raw == SENTINEL * 16
    assert f(ctypes.byref(k), y, None, S(0)) == VC_OK and y.raw == SENTINEL * 16     # no blocks: y unchanged
