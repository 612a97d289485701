"""Block ciphers of the C library on the host (fw/src/block/: DES, 3DES, AES table-based and
constant-time, RC5): every known-answer vector of the installed packages (vexrun/vectors/kat_block.py),
the AESAVS CBC Monte Carlo tests through the block functions, Rivest's DES recurrence, random
inputs against pycryptodome (DES, DES3, AES) and against the independent RC5 model
(vexrun/models/rc5.py), aes_tab against aes_ct, in-place and unaligned buffers, and the error
codes."""

import ctypes
import random

import pytest
from Crypto.Cipher import AES, DES, DES3

from vexrun.native.api import BLOCK_FUNCS, VC_ERR_KEYLEN, VC_ERR_NULL, VC_ERR_OVERLAP, VC_ERR_STATE, VC_OK, declared, opaque
from vexrun.models import rc5 as rc5_model
from vexrun.vectors import kat_block

u32 = ctypes.c_uint32


# Key schedules: DES's opaque; AES's and RC5's as declared in fw/include/vexcrypt/block.h, for
# the tests that read the round count and RC5's expanded key (against the model) or corrupt them.
DesKey = opaque("vc_des_key")
Des3Key = opaque("vc_des3_key")


class AesKey(ctypes.Structure):
    _fields_ = [("ek", u32 * 60), ("dk", u32 * 60), ("rounds", ctypes.c_uint), ("impl", ctypes.c_uint)]


class Rc5Key(ctypes.Structure):
    _fields_ = [("S", u32 * 512), ("rounds", ctypes.c_uint)]


declared(AesKey, "vc_aes_key")
declared(Rc5Key, "vc_rc5_key")


class Cipher:
    """One C block cipher: setkey(key[, rounds]) -> key schedule, then blockwise crypt."""

    def __init__(self, lib, name):
        self.lib, self.name = lib, name
        self.block = 16 if name.startswith("aes") else 8
        self.ktype = {"des": DesKey, "des3": Des3Key, "aes_tab": AesKey, "aes_ct": AesKey,
                      "rc5": Rc5Key}[name]
        self.fsetkey, self.fenc, self.fdec = (getattr(lib, f) for f in BLOCK_FUNCS[name])

    def setkey_rc(self, ks, key, rounds=12):
        """The setkey return code; key None passes NULL with length 0."""
        f = self.fsetkey
        keylen = ctypes.c_size_t(0 if key is None else len(key))
        if self.name == "des":
            return f(ks, key)
        if self.name == "rc5":
            return f(ks, key, keylen, ctypes.c_uint(rounds))
        return f(ks, key, keylen)

    def setkey(self, key, rounds=12):
        ks = self.ktype()
        assert self.setkey_rc(ctypes.byref(ks), key, rounds) == VC_OK
        return ks

    def crypt(self, ks, data, decrypt=False):
        assert len(data) % self.block == 0
        f = self.fdec if decrypt else self.fenc
        out = b""
        for i in range(0, len(data), self.block):
            buf = ctypes.create_string_buffer(self.block)
            assert f(ctypes.byref(ks), data[i:i + self.block], buf) == VC_OK
            out += buf.raw
        return out

    def enc(self, ks, data):
        return self.crypt(ks, data)

    def dec(self, ks, data):
        return self.crypt(ks, data, True)


ALL = ("des", "des3", "aes_tab", "aes_ct", "rc5")
AES_IMPLS = ("aes_tab", "aes_ct")


@pytest.fixture(scope="module")
def ciphers(lib):
    return {n: Cipher(lib, n) for n in ALL}


def check_kats(c, records, keyfn=lambda r: r.key):
    """Encrypts and decrypts every record (ECB, whole blocks); returns the failing labels."""
    bad = []
    for r in records:
        ks = c.setkey(keyfn(r), r.rounds if r.rounds is not None else 12)
        if c.enc(ks, r.plaintext) != r.ciphertext or c.dec(ks, r.ciphertext) != r.plaintext:
            bad.append(r.label)
    return bad


# --- the vector sets themselves --------------------------------------------------------------

def test_vector_counts():
    # Per source, so that a missing or misparsed file cannot shrink the tests silently.
    aes = kat_block.aes_ecb_kats()
    assert len(aes) == 1489
    per_file = {}
    for r in aes:
        for label in r.label.split(" = "):
            f = label.split(":")[0]
            per_file[f] = per_file.get(f, 0) + 1
    expected = {"GFSbox": (14, 12, 10), "KeySbox": (42, 48, 32), "VarKey": (256, 384, 512),
                "VarTxt": (256, 256, 256), "MMT": (20, 20, 20)}
    for t, counts in expected.items():
        for n, count in zip((128, 192, 256), counts):
            assert per_file[f"AES/ECB/ECB{t}{n}.rsp"] == count, (t, n)
    assert per_file["test_AES.py"] == 390          # FIPS 197, ecb_tbl.txt (3 x 128), SP 800-38A
    assert len(kat_block.aes_mct_kats("CBC")) == 600
    assert len(kat_block.des_kats()) == 256
    assert len(kat_block.tdes_ecb_kats()) == 297
    assert [len(kat_block.read_cavp(kat_block._cv_dir() / f"3DES/ECB/TECB{t}.rsp"))
            for t in kat_block.TDES_KAT_TESTS + ("MMT1", "MMT2", "MMT3")] == [128, 64, 38, 112, 128,
                                                                             20, 20, 20]
    assert len(kat_block._selftest_data("test_DES.py")) == 121
    assert len(kat_block._selftest_data("test_DES3.py")) == 2
    rc5 = kat_block.rc5_kats()
    assert len(rc5) == 34
    assert sum("Rivest 1994" in r.label for r in rc5) == 5
    assert sum(r.mode == "CBC-Pad" for r in rc5) == 2
    assert all("typed from the published text" in r.label for r in rc5)


def test_general_reader_other_modes():
    # The integrator's mode tests read these; the reader must cope with their layouts.
    for mode in ("CBC", "OFB", "CFB8", "CFB128"):
        recs = kat_block.aes_cavp_kats(mode)
        assert len(recs) == 2138 and all(len(r.iv) == 16 for r in recs)
    ctr = kat_block.aes_cavp_kats("CTR")
    assert len(ctr) == 3 and [len(r.plaintext) for r in ctr] == [16, 32, 36]
    assert len(kat_block.tdes_cavp_kats("CBC")) == 530
    assert {r.direction for r in kat_block.tdes_cavp_kats("CBC")} == {"encrypt", "decrypt"}


# --- known answers ---------------------------------------------------------------------------

@pytest.mark.parametrize("impl", AES_IMPLS)
def test_aes_ecb_kats(ciphers, impl):
    assert check_kats(ciphers[impl], kat_block.aes_ecb_kats()) == []


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


@pytest.mark.parametrize("impl", AES_IMPLS)
@pytest.mark.parametrize("bits", (128, 192, 256))
def test_aes_cbc_monte_carlo(ciphers, impl, bits):
    """AESAVS 6.4.2 CBC Monte Carlo (CBCMCT*.rsp), the chaining done here in Python around the
    C block functions: 100 checkpoints of 1000 blocks, key updated from the last outputs."""
    c = ciphers[impl]
    recs = [r for r in kat_block.aes_mct_kats("CBC") if len(r.key) * 8 == bits]
    for direction in ("encrypt", "decrypt"):
        checkpoints = [r for r in recs if r.direction == direction]
        assert len(checkpoints) == 100
        first = checkpoints[0]
        key, iv = first.key, first.iv
        inp = first.plaintext if direction == "encrypt" else first.ciphertext
        for r in checkpoints:
            want_in = r.plaintext if direction == "encrypt" else r.ciphertext
            want_out = r.ciphertext if direction == "encrypt" else r.plaintext
            assert (key, iv, inp) == (r.key, r.iv, want_in), r.label
            ks = c.setkey(key)
            # CBC on the 1000 blocks; the next input block is the IV, then the output two
            # blocks back (AESAVS: PT[j+1] = CT[j-1] encrypting, CT[j+1] = PT[j-1] decrypting).
            x, prev, out = inp, iv, []
            for j in range(1000):
                if direction == "encrypt":
                    o = c.enc(ks, _xor(x, prev))
                    prev = o
                else:
                    o = _xor(c.dec(ks, x), prev)
                    prev = x
                x = iv if j == 0 else out[-1]
                out.append(o)
            assert out[-1] == want_out, r.label
            tail = (out[-2] + out[-1])[-len(key):]
            key = _xor(key, tail)
            iv = out[-1]
            inp = out[-2]


def test_des_kats(ciphers):
    assert check_kats(ciphers["des"], kat_block.des_kats()) == []


def test_des_rivest_recurrence(ciphers):
    x, x16, label = kat_block.des_rivest_kat()
    c = ciphers["des"]
    for i in range(16):
        ks = c.setkey(x)
        x = c.enc(ks, x) if i % 2 == 0 else c.dec(ks, x)
    assert x == x16, label


def test_des3_kats(ciphers):
    recs = kat_block.tdes_ecb_kats()
    c = ciphers["des3"]
    assert check_kats(c, recs) == []
    # Keying option 2 as a 16-byte key K1 | K2 wherever K3 = K1.
    two_key = [r for r in recs if len(r.key) == 24 and r.key[:8] == r.key[16:]]
    assert len(two_key) == 275      # keying option 3 (235 + MMT1) and MMT2
    assert check_kats(c, two_key, lambda r: r.key[:16]) == []


def _rc5_cbc(c, ks, iv, data, pad):
    if pad:
        n = 8 - len(data) % 8
        data += bytes([n]) * n
    out, prev = b"", iv
    for i in range(0, len(data), 8):
        prev = c.enc(ks, _xor(data[i:i + 8], prev))
        out += prev
    return out


def _rc5_cbc_dec(c, ks, iv, data, pad):
    out, prev = b"", iv
    for i in range(0, len(data), 8):
        out += _xor(c.dec(ks, data[i:i + 8]), prev)
        prev = data[i:i + 8]
    return out[:-out[-1]] if pad else out


@pytest.mark.parametrize("kat", kat_block.rc5_kats(), ids=lambda k: k.label.split(" (")[0])
def test_rc5_kats(ciphers, kat):
    c = ciphers["rc5"]
    ks = c.setkey(kat.key, kat.rounds)
    if kat.mode == "ECB":
        assert c.enc(ks, kat.plaintext) == kat.ciphertext
        assert c.dec(ks, kat.ciphertext) == kat.plaintext
    else:
        pad = kat.mode == "CBC-Pad"
        assert _rc5_cbc(c, ks, kat.iv, kat.plaintext, pad) == kat.ciphertext
        assert _rc5_cbc_dec(c, ks, kat.iv, kat.ciphertext, pad) == kat.plaintext


class _Rc5Model:
    """The model with the Cipher interface (enc/dec of an expanded key) for the CBC helpers."""
    enc = staticmethod(rc5_model.encrypt_block)
    dec = staticmethod(rc5_model.decrypt_block)


@pytest.mark.parametrize("kat", kat_block.rc5_kats(), ids=lambda k: k.label.split(" (")[0])
def test_rc5_model_kats(kat):
    """The Python model itself against the published vectors."""
    m, S = _Rc5Model(), rc5_model.expand_key(kat.key, kat.rounds)
    if kat.mode == "ECB":
        assert m.enc(S, kat.plaintext) == kat.ciphertext
        assert m.dec(S, kat.ciphertext) == kat.plaintext
    else:
        pad = kat.mode == "CBC-Pad"
        assert _rc5_cbc(m, S, kat.iv, kat.plaintext, pad) == kat.ciphertext
        assert _rc5_cbc_dec(m, S, kat.iv, kat.ciphertext, pad) == kat.plaintext


# --- random inputs against references --------------------------------------------------------

def test_des_random(ciphers):
    rng, c = random.Random(46), ciphers["des"]
    for _ in range(300):
        key, data = rng.randbytes(8), rng.randbytes(8 * rng.randrange(1, 4))
        ref, ks = DES.new(key, DES.MODE_ECB), c.setkey(key)
        assert c.enc(ks, data) == ref.encrypt(data)
        assert c.dec(ks, data) == ref.decrypt(data)


@pytest.mark.parametrize("keylen", (16, 24))
def test_des3_random(ciphers, keylen):
    rng, c = random.Random(keylen), ciphers["des3"]
    done = 0
    while done < 300:
        key, data = rng.randbytes(keylen), rng.randbytes(8 * rng.randrange(1, 4))
        try:
            ref = DES3.new(key, DES3.MODE_ECB)
        except ValueError:      # pycryptodome refuses keys that degenerate to single DES
            continue
        ks = c.setkey(key)
        assert c.enc(ks, data) == ref.encrypt(data)
        assert c.dec(ks, data) == ref.decrypt(data)
        done += 1


def test_des3_degenerate_keys_are_single_des(ciphers):
    # What pycryptodome refuses: K1 = K2 (or K2 = K3) makes EDE a single DES with K3 (or K1).
    rng = random.Random(3)
    for _ in range(50):
        k1, k2, data = rng.randbytes(8), rng.randbytes(8), rng.randbytes(8)
        single = DES.new(k2, DES.MODE_ECB)
        for key in (k1 + k1 + k2, k2 + k1 + k1, k1 + k1):
            ks = ciphers["des3"].setkey(key)
            want = DES.new(key[16:] if len(key) == 24 and key[:8] == key[8:16] else key[:8],
                           DES.MODE_ECB)
            assert ciphers["des3"].enc(ks, data) == want.encrypt(data)
            assert ciphers["des3"].dec(ks, data) == want.decrypt(data)
        assert single.encrypt(data) == ciphers["des"].enc(ciphers["des"].setkey(k2), data)


@pytest.mark.parametrize("impl", AES_IMPLS)
@pytest.mark.parametrize("keylen", (16, 24, 32))
def test_aes_random(ciphers, impl, keylen):
    rng, c = random.Random(keylen * 7 + len(impl)), ciphers[impl]
    for _ in range(300):
        key, data = rng.randbytes(keylen), rng.randbytes(16 * rng.randrange(1, 3))
        ref, ks = AES.new(key, AES.MODE_ECB), c.setkey(key)
        assert c.enc(ks, data) == ref.encrypt(data)
        assert c.dec(ks, data) == ref.decrypt(data)


@pytest.mark.parametrize("keylen", (16, 24, 32))
def test_aes_tab_equals_ct(ciphers, keylen):
    rng = random.Random(100 + keylen)
    tab, ct = ciphers["aes_tab"], ciphers["aes_ct"]
    for _ in range(200):
        key, data = rng.randbytes(keylen), rng.randbytes(64)
        kt, kc = tab.setkey(key), ct.setkey(key)
        assert tab.enc(kt, data) == ct.enc(kc, data)
        assert tab.dec(kt, data) == ct.dec(kc, data)
    # Structured inputs: all-zero and all-one keys and blocks.
    for key in (bytes(keylen), b"\xff" * keylen):
        kt, kc = tab.setkey(key), ct.setkey(key)
        for data in (bytes(16), b"\xff" * 16):
            assert tab.enc(kt, data) == ct.enc(kc, data) == AES.new(key, AES.MODE_ECB).encrypt(data)


def test_rc5_random_against_model(ciphers):
    rng, c = random.Random(5), ciphers["rc5"]
    shapes = [(0, 0), (0, 12), (1, 1), (4, 12), (16, 12), (16, 16), (255, 12), (7, 255), (255, 255),
              (32, 0), (3, 2)]
    shapes += [(rng.randrange(256), rng.randrange(256)) for _ in range(40)]
    for keylen, rounds in shapes:
        for _ in range(8):
            key, data = rng.randbytes(keylen), rng.randbytes(8)
            S = rc5_model.expand_key(key, rounds)
            ks = c.setkey(key, rounds)
            assert list(ks.S[:2 * rounds + 2]) == S, (keylen, rounds)
            assert ks.rounds == rounds
            assert c.enc(ks, data) == rc5_model.encrypt_block(S, data), (keylen, rounds)
            assert c.dec(ks, data) == rc5_model.decrypt_block(S, data), (keylen, rounds)


# --- buffers: round trip, in place, unaligned --------------------------------------------------

def _keys(c, rng):
    if c.name == "des":
        return c.setkey(rng.randbytes(8))
    if c.name == "des3":
        return c.setkey(rng.randbytes(24))
    if c.name == "rc5":
        return c.setkey(rng.randbytes(16), 12)
    return c.setkey(rng.randbytes(rng.choice((16, 24, 32))))


@pytest.mark.parametrize("name", ALL)
def test_roundtrip_in_place_and_unaligned(ciphers, name):
    c, rng = ciphers[name], random.Random(name)
    n = c.block
    for _ in range(50):
        ks = _keys(c, rng)
        data = rng.randbytes(n)
        ct = c.enc(ks, data)
        assert c.dec(ks, ct) == data
        # in == out
        buf = ctypes.create_string_buffer(data, n)
        assert c.fenc(ctypes.byref(ks), buf, buf) == VC_OK and buf.raw == ct
        assert c.fdec(ctypes.byref(ks), buf, buf) == VC_OK and buf.raw == data
        # every alignment of input and output, disjoint and in place
        big = ctypes.create_string_buffer(4 * n + 8)
        base = ctypes.addressof(big)
        for off_in in range(4):
            for off_out in (0, 1, 2, 3, 2 * n + 1):
                ctypes.memset(big, 0, len(big))
                ctypes.memmove(base + off_in, data, n)
                pin, pout = ctypes.c_void_p(base + off_in), ctypes.c_void_p(base + n + 4 + off_out)
                assert c.fenc(ctypes.byref(ks), pin, pout) == VC_OK
                assert ctypes.string_at(pout, n) == ct
                assert c.fdec(ctypes.byref(ks), pout, pin) == VC_OK
                assert ctypes.string_at(pin, n) == data
                assert c.fenc(ctypes.byref(ks), pin, pin) == VC_OK
                assert ctypes.string_at(pin, n) == ct


# --- error codes -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_null_pointers(ciphers, name):
    c, rng = ciphers[name], random.Random(1)
    ks = _keys(c, rng)
    n = c.block
    out = ctypes.create_string_buffer(b"\xaa" * n, n)
    for f in (c.fenc, c.fdec):
        assert f(None, bytes(n), out) == VC_ERR_NULL
        assert f(ctypes.byref(ks), None, out) == VC_ERR_NULL
        assert f(ctypes.byref(ks), bytes(n), None) == VC_ERR_NULL
    assert out.raw == b"\xaa" * n
    fresh = c.ktype()
    keylen = {"des": 8, "des3": 24, "rc5": 16}.get(name, 16)
    assert c.setkey_rc(None, bytes(keylen)) == VC_ERR_NULL
    if name != "rc5":
        assert c.setkey_rc(ctypes.byref(fresh), None) == VC_ERR_NULL
    assert bytes(fresh) == bytes(ctypes.sizeof(fresh))


def test_rc5_null_key_and_lengths(lib, ciphers):
    c = ciphers["rc5"]
    ks = Rc5Key()
    f = lib.vc_rc5_setkey
    # An empty key may be NULL; a non-empty one may not.
    assert f(ctypes.byref(ks), None, ctypes.c_size_t(0), ctypes.c_uint(12)) == VC_OK
    assert c.enc(ks, bytes(8)) == rc5_model.encrypt(b"", 12, bytes(8))
    before = bytes(ks)
    assert f(ctypes.byref(ks), None, ctypes.c_size_t(1), ctypes.c_uint(12)) == VC_ERR_NULL
    assert f(ctypes.byref(ks), bytes(256), ctypes.c_size_t(256), ctypes.c_uint(12)) == VC_ERR_KEYLEN
    assert f(ctypes.byref(ks), bytes(16), ctypes.c_size_t(16), ctypes.c_uint(256)) == VC_ERR_KEYLEN
    assert f(ctypes.byref(ks), bytes(16), ctypes.c_size_t(16), ctypes.c_uint(1 << 31)) == VC_ERR_KEYLEN
    assert bytes(ks) == before
    assert f(ctypes.byref(ks), bytes(255), ctypes.c_size_t(255), ctypes.c_uint(255)) == VC_OK
    # A schedule whose round count is out of range was never set up.
    ks.rounds = 256
    assert c.fenc(ctypes.byref(ks), bytes(8), ctypes.create_string_buffer(8)) == VC_ERR_STATE


@pytest.mark.parametrize("impl", AES_IMPLS)
def test_aes_bad_key_lengths_and_state(lib, ciphers, impl):
    c = ciphers[impl]
    ks = AesKey()
    for n in (0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 48, 64):
        assert c.setkey_rc(ctypes.byref(ks), bytes(n)) == VC_ERR_KEYLEN, n
    assert bytes(ks) == bytes(ctypes.sizeof(ks))
    # Never set up, or set up by the other variant: refused, output untouched.
    out = ctypes.create_string_buffer(b"\x55" * 16, 16)
    assert c.fenc(ctypes.byref(ks), bytes(16), out) == VC_ERR_STATE
    assert c.fdec(ctypes.byref(ks), bytes(16), out) == VC_ERR_STATE
    other = ciphers["aes_ct" if impl == "aes_tab" else "aes_tab"].setkey(bytes(16))
    assert c.fenc(ctypes.byref(other), bytes(16), out) == VC_ERR_STATE
    assert c.fdec(ctypes.byref(other), bytes(16), out) == VC_ERR_STATE
    assert out.raw == b"\x55" * 16
    for n in (16, 24, 32):
        assert c.setkey(bytes(n)).rounds == {16: 10, 24: 12, 32: 14}[n]


def test_des3_bad_key_lengths(ciphers):
    c = ciphers["des3"]
    ks = Des3Key()
    for n in (0, 7, 8, 12, 15, 17, 23, 25, 32):
        assert c.setkey_rc(ctypes.byref(ks), bytes(n)) == VC_ERR_KEYLEN, n
    assert bytes(ks) == bytes(ctypes.sizeof(ks))


@pytest.mark.parametrize("name", ALL)
def test_overlap(ciphers, name):
    c, rng = ciphers[name], random.Random(9)
    ks = _keys(c, rng)
    n = c.block
    big = ctypes.create_string_buffer(3 * n)
    base = ctypes.addressof(big)
    for f in (c.fenc, c.fdec):
        for d in list(range(1, n)) + [-d for d in range(1, n)]:
            pin, pout = base + n, base + n + d
            snapshot = big.raw
            assert f(ctypes.byref(ks), ctypes.c_void_p(pin), ctypes.c_void_p(pout)) == VC_ERR_OVERLAP, d
            assert big.raw == snapshot
        # Adjacent buffers do not overlap.
        assert f(ctypes.byref(ks), ctypes.c_void_p(base), ctypes.c_void_p(base + n)) == VC_OK
        assert f(ctypes.byref(ks), ctypes.c_void_p(base + n), ctypes.c_void_p(base)) == VC_OK
