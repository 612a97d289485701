"""Stream ciphers of the C library on the host: RC4 against every RFC 6229 vector of the
installed cryptography-vectors package and against pycryptodome, SEAL 3.0 against its
published output (vexrun/vectors/kat_stream.py) and against the independent model
vexrun/models/seal.py; streaming, alignment, in-place operation and the error codes.

SSC2 is declared in stream.h but not implemented (its specification could not be obtained),
so nothing here tests it."""

import ctypes
import functools
import random

import pytest
from Crypto.Cipher import ARC4

from vexrun.models.seal import Seal
from vexrun.vectors import kat_stream
from vexrun.native.api import VC_ERR_KEYLEN, VC_ERR_LENGTH, VC_ERR_NULL, VC_ERR_OVERLAP, VC_ERR_STATE, VC_OK, declared

SEAL_MAX_LEN = 65536                      # VC_SEAL_MAX_LEN
SEAL_R_WORDS = 4 * SEAL_MAX_LEN // 1024   # VC_SEAL_R_WORDS


class Rc4Ctx(ctypes.Structure):
    _fields_ = [("S", ctypes.c_uint8 * 256), ("i", ctypes.c_uint8), ("j", ctypes.c_uint8),
                ("magic", ctypes.c_uint32)]


class SealCtx(ctypes.Structure):
    _fields_ = [("T", ctypes.c_uint32 * 512), ("S", ctypes.c_uint32 * 256),
                ("R", ctypes.c_uint32 * SEAL_R_WORDS), ("magic", ctypes.c_uint32)]


# Declared field by field for the tests that read RC4's position or corrupt a context's magic.
declared(Rc4Ctx, "vc_rc4_ctx")
declared(SealCtx, "vc_seal_ctx")


# ---------------------------------------------------------------- ctypes helpers

@pytest.fixture(scope="module")
def c(lib):
    """The library with the stream functions' prototypes declared (pointers as raw addresses,
    so a test can pass any offset into a buffer, or NULL)."""
    vp, sz = ctypes.c_void_p, ctypes.c_size_t
    lib.vc_rc4_setkey.argtypes = [vp, vp, sz]
    lib.vc_rc4_crypt.argtypes = [vp, vp, vp, sz]
    lib.vc_seal_setkey.argtypes = [vp, vp]
    lib.vc_seal_crypt.argtypes = [vp, ctypes.c_uint32, vp, vp, sz]
    for f in (lib.vc_rc4_setkey, lib.vc_rc4_crypt, lib.vc_seal_setkey, lib.vc_seal_crypt):
        f.restype = ctypes.c_int
    return lib


def addr(obj, off=0):
    return ctypes.addressof(obj) + off


class Buf:
    """A byte buffer with `data` placed at offset `off` (to choose the alignment), guarded
    by a canary tail that must survive every call."""

    def __init__(self, data: bytes, off: int = 0, tail: int = 8):
        self.off, self.n = off, len(data)
        self.raw = ctypes.create_string_buffer(bytes([0xA5] * off) + data + bytes([0x5A] * tail))
        self.tail = tail

    @property
    def ptr(self):
        return addr(self.raw, self.off)

    @property
    def data(self):
        return self.raw.raw[self.off:self.off + self.n]

    def check_guards(self):
        assert self.raw.raw[:self.off] == bytes([0xA5] * self.off)
        assert self.raw.raw[self.off + self.n:self.off + self.n + self.tail] == bytes([0x5A] * self.tail)


def rc4_new(c, key: bytes) -> Rc4Ctx:
    ctx = Rc4Ctx()
    k = ctypes.create_string_buffer(key, len(key))
    assert c.vc_rc4_setkey(addr(ctx), addr(k), len(key)) == VC_OK
    return ctx


def rc4_crypt(c, ctx, data: bytes, in_off=0, out_off=0) -> bytes:
    src, dst = Buf(data, in_off), Buf(bytes(len(data)), out_off)
    assert c.vc_rc4_crypt(addr(ctx), src.ptr, dst.ptr, len(data)) == VC_OK
    src.check_guards()
    dst.check_guards()
    return dst.data


def seal_new(c, key: bytes) -> SealCtx:
    ctx = SealCtx()
    k = ctypes.create_string_buffer(key, 20)
    assert c.vc_seal_setkey(addr(ctx), addr(k)) == VC_OK
    return ctx


def seal_crypt(c, ctx, n: int, data: bytes, in_off=0, out_off=0) -> bytes:
    src, dst = Buf(data, in_off), Buf(bytes(len(data)), out_off)
    assert c.vc_seal_crypt(addr(ctx), n, src.ptr, dst.ptr, len(data)) == VC_OK
    src.check_guards()
    dst.check_guards()
    return dst.data


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


# ---------------------------------------------------------------- RC4

RC4_KATS = kat_stream.rc4_kats()


def test_rc4_kat_files_are_all_there():
    # A missing or misparsed file must not shrink the test silently.
    assert len(RC4_KATS) == kat_stream.RC4_COUNT == 288
    for name in kat_stream.RC4_FILES:
        assert sum(k.label.startswith(f"ARC4/{name}:") for k in RC4_KATS) == 36, name
    assert sorted({len(k.key) for k in RC4_KATS}) == [5, 7, 8, 10, 16, 20, 24, 32]
    assert sorted({k.offset for k in RC4_KATS})[-1] == 4096


@pytest.mark.parametrize("kat", RC4_KATS, ids=[k.label for k in RC4_KATS])
def test_rc4_kat(c, kat):
    end = kat.offset + 16
    ctx = rc4_new(c, kat.key)
    assert rc4_crypt(c, ctx, bytes(end))[kat.offset:] == kat.keystream
    # The same bytes reached through pieces of assorted lengths and alignments.
    ctx = rc4_new(c, kat.key)
    rng = random.Random(kat.label)
    ks, pos = b"", 0
    while pos < end:
        n = min(end - pos, rng.choice((1, 2, 3, 5, 16, 255, 256, 257, 1000)))
        ks += rc4_crypt(c, ctx, bytes(n), rng.randrange(4), rng.randrange(4))
        pos += n
    assert ks[kat.offset:] == kat.keystream


def test_rc4_random_against_pycryptodome(c):
    rng = random.Random(4)
    for _ in range(300):
        key = rng.randbytes(rng.randrange(1, 257))
        msg = rng.randbytes(rng.randrange(0, 3000))
        ctx = rc4_new(c, key)
        want = ARC4.new(key).encrypt(msg)
        assert rc4_crypt(c, ctx, msg, rng.randrange(4), rng.randrange(4)) == want
        assert ctx.i == len(msg) % 256


def test_rc4_streaming_equals_one_shot(c):
    """Crypt in pieces == crypt at once, for every start position of i within a word (the
    word path runs while no S[i] of the word wraps past 255; the wrapping word is separate)."""
    rng = random.Random(5)
    for trial in range(200):
        key = rng.randbytes(rng.randrange(1, 40))
        msg = rng.randbytes(rng.randrange(0, 2500))
        want = ARC4.new(key).encrypt(msg)
        ctx = rc4_new(c, key)
        got, pos = b"", 0
        while pos < len(msg):
            n = rng.choice((0, 1, 2, 3, 4, 5, 7, 8, 251, 252, 253, 255, 256, 257, rng.randrange(600)))
            got += rc4_crypt(c, ctx, msg[pos:pos + n], rng.randrange(4), rng.randrange(4))
            pos += n
        assert got == want, trial


def test_rc4_byte_at_a_time(c):
    key = bytes(range(1, 17))
    msg = bytes(range(256)) * 3
    ctx = rc4_new(c, key)
    got = b"".join(rc4_crypt(c, ctx, msg[k:k + 1]) for k in range(len(msg)))
    assert got == ARC4.new(key).encrypt(msg)


@pytest.mark.parametrize("skip", [0, 1, 2, 3, 4, 5, 248, 249, 250, 251, 252, 253, 254, 255, 256])
def test_rc4_alignment_and_wrap(c, skip):
    """After `skip` bytes (so i sits anywhere near the 255 -> 0 wrap), every pairing of input
    and output alignments and short lengths."""
    key = b"\x01\x23\x45\x67\x89"
    for n in list(range(0, 21)) + [255, 256, 257, 260]:
        msg = bytes(k * 37 & 255 for k in range(n))
        want = ARC4.new(key).encrypt(bytes(skip) + msg)[skip:]
        for in_off in range(4):
            for out_off in range(4):
                ctx = rc4_new(c, key)
                rc4_crypt(c, ctx, bytes(skip))
                assert rc4_crypt(c, ctx, msg, in_off, out_off) == want, (n, in_off, out_off)


def test_rc4_in_place(c):
    rng = random.Random(6)
    for off in range(4):
        for n in (0, 1, 3, 4, 17, 256, 1000, 4099):
            key = rng.randbytes(16)
            msg = rng.randbytes(n)
            buf = Buf(msg, off)
            ctx = rc4_new(c, key)
            assert c.vc_rc4_crypt(addr(ctx), buf.ptr, buf.ptr, n) == VC_OK
            buf.check_guards()
            assert buf.data == ARC4.new(key).encrypt(msg)
            # Decryption is the same operation.
            ctx = rc4_new(c, key)
            assert c.vc_rc4_crypt(addr(ctx), buf.ptr, buf.ptr, n) == VC_OK
            assert buf.data == msg


def test_rc4_key_lengths(c):
    for n in (1, 2, 255, 256):
        key = bytes((7 * k + 1) & 255 for k in range(n))
        assert rc4_crypt(c, rc4_new(c, key), bytes(64)) == ARC4.new(key).encrypt(bytes(64))


def test_rc4_errors(c):
    key = ctypes.create_string_buffer(b"k" * 300)
    ctx = Rc4Ctx()
    snapshot = bytes(ctx)
    assert c.vc_rc4_setkey(None, addr(key), 16) == VC_ERR_NULL
    assert c.vc_rc4_setkey(addr(ctx), None, 16) == VC_ERR_NULL
    assert c.vc_rc4_setkey(addr(ctx), addr(key), 0) == VC_ERR_KEYLEN
    assert c.vc_rc4_setkey(addr(ctx), addr(key), 257) == VC_ERR_KEYLEN
    assert bytes(ctx) == snapshot                                    # untouched on error
    src, dst = Buf(b"abcdefgh"), Buf(b"\x00" * 8)
    # Not keyed: a zeroed context and one whose magic is garbage.
    assert c.vc_rc4_crypt(addr(ctx), src.ptr, dst.ptr, 8) == VC_ERR_STATE
    ctx.magic = 0x12345678
    assert c.vc_rc4_crypt(addr(ctx), src.ptr, dst.ptr, 8) == VC_ERR_STATE
    assert dst.data == bytes(8)
    ctx = rc4_new(c, b"key")
    snapshot = bytes(ctx)
    assert c.vc_rc4_crypt(None, src.ptr, dst.ptr, 8) == VC_ERR_NULL
    assert c.vc_rc4_crypt(addr(ctx), None, dst.ptr, 8) == VC_ERR_NULL
    assert c.vc_rc4_crypt(addr(ctx), src.ptr, None, 8) == VC_ERR_NULL
    # Overlap other than in == out, either way round.
    big = Buf(bytes(64))
    assert c.vc_rc4_crypt(addr(ctx), big.ptr, big.ptr + 1, 32) == VC_ERR_OVERLAP
    assert c.vc_rc4_crypt(addr(ctx), big.ptr + 1, big.ptr, 32) == VC_ERR_OVERLAP
    assert c.vc_rc4_crypt(addr(ctx), big.ptr, big.ptr + 31, 32) == VC_ERR_OVERLAP
    assert big.data == bytes(64) and dst.data == bytes(8)
    assert bytes(ctx) == snapshot                                    # the keystream did not move
    # Empty input needs no buffers; adjacent (touching) buffers do not overlap.
    assert c.vc_rc4_crypt(addr(ctx), None, None, 0) == VC_OK
    assert c.vc_rc4_crypt(addr(ctx), big.ptr, big.ptr + 32, 32) == VC_OK
    assert big.data[32:] == ARC4.new(b"key").encrypt(bytes(32))


# ---------------------------------------------------------------- SEAL 3.0

SEAL_KATS = kat_stream.seal_kats()


def test_seal_published_vector_is_consistent():
    """The embedded published output: 1024 words, whose XOR is the paper's checksum, and
    the installed Crypto++ file (Debian libcrypto++-utils) says the same when present."""
    y = kat_stream.SEAL_PAPER_Y
    assert len(y) == 4096
    words = [int.from_bytes(y[k:k + 4], "big") for k in range(0, 4096, 4)]
    assert functools.reduce(lambda a, b: a ^ b, words) == kat_stream.SEAL_PAPER_CHECKSUM
    assert len(SEAL_KATS) == 9 and all(y.startswith(k.keystream) for k in SEAL_KATS)


def test_seal_embedded_vector_matches_installed_cryptopp_file():
    rec = kat_stream.read_cryptopp_seal()
    if rec is None:
        pytest.skip(f"{kat_stream.CRYPTOPP_SEAL_FILE} not installed (Debian libcrypto++-utils)")
    assert rec == (kat_stream.SEAL_PAPER_KEY, kat_stream.SEAL_PAPER_N, kat_stream.SEAL_PAPER_Y)


def test_seal_model_against_published_output():
    model = Seal(kat_stream.SEAL_PAPER_KEY)
    assert model.keystream(kat_stream.SEAL_PAPER_N, 4096) == kat_stream.SEAL_PAPER_Y
    words = model.words(kat_stream.SEAL_PAPER_N, 32768)
    assert len(words) == 1024
    assert functools.reduce(lambda a, b: a ^ b, words) == kat_stream.SEAL_PAPER_CHECKSUM


@pytest.mark.parametrize("kat", SEAL_KATS, ids=[k.label for k in SEAL_KATS])
def test_seal_kat(c, kat):
    ctx = seal_new(c, kat.key)
    n = len(kat.keystream)
    for in_off in range(4):
        out_off = (in_off * 3) % 4
        assert seal_crypt(c, ctx, kat.n, bytes(n), in_off, out_off) == kat.keystream
        assert seal_crypt(c, ctx, kat.n, bytes(n), in_off, in_off) == kat.keystream
    msg = bytes(range(256)) * (n // 256 + 1)
    assert seal_crypt(c, ctx, kat.n, msg[:n]) == xor(msg[:n], kat.keystream)


def test_seal_random_against_model(c):
    """40 random keys x 5 positions: 200 inputs of random length and alignment, and one
    full-length (VC_SEAL_MAX_LEN) output per eighth key."""
    rng = random.Random(7)
    for t in range(40):
        key = rng.randbytes(20)
        model = Seal(key)
        ctx = seal_new(c, key)
        for _ in range(5):
            n = rng.choice((0, 0xFFFFFFFF, rng.getrandbits(32), rng.getrandbits(32)))
            length = rng.choice((rng.randrange(0, 64), rng.randrange(0, 3000), rng.randrange(0, 9000)))
            msg = rng.randbytes(length)
            want = xor(msg, model.keystream(n, length))
            assert seal_crypt(c, ctx, n, msg, rng.randrange(4), rng.randrange(4)) == want, (t, n, length)
        if t % 8 == 0:
            n = rng.getrandbits(32)
            assert seal_crypt(c, ctx, n, bytes(SEAL_MAX_LEN)) == model.keystream(n, SEAL_MAX_LEN)


def test_seal_output_is_a_prefix_and_positions_differ(c):
    key = bytes(range(20))
    ctx = seal_new(c, key)
    full = seal_crypt(c, ctx, 5, bytes(5000))
    for n in (1, 15, 16, 17, 1023, 1024, 1025, 2049):
        assert seal_crypt(c, ctx, 5, bytes(n)) == full[:n]
    # The context is read-only: the same position gives the same keystream again.
    assert seal_crypt(c, ctx, 5, bytes(5000)) == full
    others = {seal_crypt(c, ctx, n, bytes(64)) for n in (4, 6, 5 ^ 0x80000000, 0x100 | 5)}
    assert full[:64] not in others and len(others) == 4


def test_seal_in_place(c):
    key = bytes(range(100, 120))
    model = Seal(key)
    ctx = seal_new(c, key)
    rng = random.Random(8)
    for off in range(4):
        for n in (0, 1, 5, 16, 100, 1024, 4097):
            msg = rng.randbytes(n)
            buf = Buf(msg, off)
            assert c.vc_seal_crypt(addr(ctx), 77, buf.ptr, buf.ptr, n) == VC_OK
            buf.check_guards()
            assert buf.data == xor(msg, model.keystream(77, n))
            assert c.vc_seal_crypt(addr(ctx), 77, buf.ptr, buf.ptr, n) == VC_OK
            assert buf.data == msg


def test_seal_length_limit(c):
    ctx = seal_new(c, bytes(20))
    src, dst = Buf(bytes(SEAL_MAX_LEN + 1)), Buf(b"\x77" * (SEAL_MAX_LEN + 1))
    assert c.vc_seal_crypt(addr(ctx), 1, src.ptr, dst.ptr, SEAL_MAX_LEN + 1) == VC_ERR_LENGTH
    assert c.vc_seal_crypt(addr(ctx), 1, src.ptr, dst.ptr, 2**40) == VC_ERR_LENGTH
    assert dst.data == b"\x77" * (SEAL_MAX_LEN + 1)
    assert c.vc_seal_crypt(addr(ctx), 1, src.ptr, dst.ptr, SEAL_MAX_LEN) == VC_OK
    dst.check_guards()
    assert dst.data[SEAL_MAX_LEN:] == b"\x77"


def test_seal_errors(c):
    key = ctypes.create_string_buffer(bytes(20))
    ctx = SealCtx()
    snapshot = bytes(ctx)
    assert c.vc_seal_setkey(None, addr(key)) == VC_ERR_NULL
    assert c.vc_seal_setkey(addr(ctx), None) == VC_ERR_NULL
    assert bytes(ctx) == snapshot
    src, dst = Buf(b"abcdefgh"), Buf(bytes(8))
    assert c.vc_seal_crypt(addr(ctx), 0, src.ptr, dst.ptr, 8) == VC_ERR_STATE
    ctx.magic = 0xDEADBEEF
    assert c.vc_seal_crypt(addr(ctx), 0, src.ptr, dst.ptr, 8) == VC_ERR_STATE
    ctx = seal_new(c, bytes(20))
    assert c.vc_seal_crypt(None, 0, src.ptr, dst.ptr, 8) == VC_ERR_NULL
    assert c.vc_seal_crypt(addr(ctx), 0, None, dst.ptr, 8) == VC_ERR_NULL
    assert c.vc_seal_crypt(addr(ctx), 0, src.ptr, None, 8) == VC_ERR_NULL
    big = Buf(bytes(64))
    assert c.vc_seal_crypt(addr(ctx), 0, big.ptr, big.ptr + 4, 32) == VC_ERR_OVERLAP
    assert c.vc_seal_crypt(addr(ctx), 0, big.ptr + 31, big.ptr, 32) == VC_ERR_OVERLAP
    assert big.data == bytes(64) and dst.data == bytes(8)
    assert c.vc_seal_crypt(addr(ctx), 0, None, None, 0) == VC_OK
    assert c.vc_seal_crypt(addr(ctx), 0, big.ptr, big.ptr + 32, 32) == VC_OK
    assert big.data[32:] == Seal(bytes(20)).keystream(0, 32)
