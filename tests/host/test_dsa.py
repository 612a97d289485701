"""RFC 6979 nonces and DSA (FIPS 186-4) of the C library on the host: the RFC 6979 A.2.1/A.2.2
nonces and signatures (SHA-1, SHA-256) from pycryptodome's installed self-test data, nonce
sequences against a model written from RFC 6979 (odd q sizes, rejected candidates, every hash
class), random keys and messages against pycryptodome (deterministic signatures compared
exactly, random-k signatures verified), the CAVP SigVer/SigGen files of cryptography_vectors,
key generation, parameter checks, tampered signatures and the error codes; under several
modular-multiplication and exponentiation configurations."""

import ctypes
import random
from functools import lru_cache

import pytest
from Crypto.Hash import HMAC as CHMAC, MD2, MD4, MD5, SHA1, SHA256
from Crypto.PublicKey import DSA
from Crypto.Signature import DSS
from Crypto.Util.number import getPrime, isPrime

from vexrun.native.mp import (ALL_CFGS, CFGS, SLOW_CFGS, ref, EXP_LR, VC_ERR_MODULUS, VC_ERR_PARAM,
                 VC_ERR_RANGE, VC_ERR_VERIFY, Cfg, Drbg, DsaParams, Mp, cfg, drbg)
from test_drbg import hash_class, rfc6979_vectors
from vexrun.native.api import VC_ERR_NULL, VC_ERR_STATE, VC_OK, opaque
from vexrun.vectors.packages import cryptography_vectors_dir

HASHES = {"md2": MD2, "md4": MD4, "md5": MD5, "sha1": SHA1, "sha256": SHA256}
CAVP_HASHES = {"SHA-1": "sha1", "SHA-256": "sha256"}    # the CAVP hashes the library has
SIZES = [(1024, 160), (2048, 224), (2048, 256), (3072, 256)]




def params(p, q, g) -> DsaParams:
    return DsaParams(Mp.of(p), Mp.of(q), Mp.of(g))


def sign(lib, key, hname, digest, c=None):
    """(rc, r, s) of vc_dsa_sign; key is a dict p, q, g, x."""
    r, s = Mp.of(7), Mp.of(7)
    rc = lib.vc_dsa_sign(ctypes.byref(params(key["p"], key["q"], key["g"])), ctypes.byref(Mp.of(key["x"])),
                         ctypes.byref(hash_class(lib, hname)), digest, ctypes.byref(r), ctypes.byref(s),
                         ref(c))
    return rc, int(r), int(s)


def verify(lib, key, hname, digest, r, s, c=None) -> int:
    return lib.vc_dsa_verify(ctypes.byref(params(key["p"], key["q"], key["g"])), ctypes.byref(Mp.of(key["y"])),
                             ctypes.byref(hash_class(lib, hname)), digest, ctypes.byref(Mp.of(r)),
                             ctypes.byref(Mp.of(s)), ref(c))


# ---- CAVP files ----

def cavp(fname):
    """Records of asymmetric/DSA/FIPS_186-3/<fname> with the hashes the library has: dicts of
    L, N, hash name, p, q, g and the record's own fields (hex as int, Msg as bytes, Result
    as text)."""
    path = cryptography_vectors_dir() / "asymmetric" / "DSA" / "FIPS_186-3" / fname
    out, group, cur = [], None, {}
    for lineno, line in enumerate(path.read_text().splitlines() + [""], 1):
        line = line.strip()
        if line.startswith("[mod"):
            lpart, npart, hpart = line[1:-1].removeprefix("mod = ").split(", ")   # L=.., N=.., SHA-..
            group = {"L": int(lpart[2:]), "N": int(npart[2:]), "hash": CAVP_HASHES.get(hpart)}
            continue
        if line.startswith("#"):
            continue
        if line:
            k, _, v = line.partition("=")
            cur[k.strip()] = v.strip()
            cur.setdefault("_line", lineno)
            continue
        if "P" in cur:            # the group's domain parameters
            group.update(p=int(cur["P"], 16), q=int(cur["Q"], 16), g=int(cur["G"], 16))
        elif "Msg" in cur and group["hash"]:
            rec = dict(group, msg=bytes.fromhex(cur["Msg"]), y=int(cur["Y"], 16), r=int(cur["R"], 16),
                       s=int(cur["S"], 16), result=cur.get("Result", "P"), label=f"{fname}:{cur['_line']}")
            if "X" in cur:
                rec["x"] = int(cur["X"], 16)
            out.append(rec)
        cur = {}
    return out


SIGVER = cavp("SigVer.rsp")
SIGGEN = cavp("SigGen.txt")


def digest_of(hname, msg) -> bytes:
    return HASHES[hname].new(msg).digest()


def test_vector_counts():
    # A missing or misparsed file must not shrink the tests silently: 15 records per group, 4
    # sizes x 2 hashes; SigVer has 7 passing records per group.
    assert len(rfc6979_vectors()) == 8
    assert len(SIGVER) == 120 and len(SIGGEN) == 120
    assert sum(v["result"] == "P" for v in SIGVER) == 56
    assert {(v["L"], v["N"]) for v in SIGVER} == set(SIZES)
    assert all("x" in v for v in SIGGEN)


@lru_cache(maxsize=None)
def domain(L, N):
    """The domain parameters of SigGen.txt's first group of size (L, N)."""
    v = next(v for v in SIGGEN if (v["L"], v["N"]) == (L, N))
    return v["p"], v["q"], v["g"]


# ---- RFC 6979 nonces ----

def model_nonces(q, x, hmod, h1):
    """RFC 6979 section 3.2 with hash module hmod: the accepted candidates k, in order."""
    qlen = q.bit_length()
    rlen = (qlen + 7) // 8

    def bits2int(b):
        v = int.from_bytes(b, "big")
        return v >> (8 * len(b) - qlen) if 8 * len(b) > qlen else v

    def mac(key, data):
        return CHMAC.new(key, data, digestmod=hmod).digest()

    seed = x.to_bytes(rlen, "big") + (bits2int(h1) % q).to_bytes(rlen, "big")
    k, v = b"\x00" * hmod.digest_size, b"\x01" * hmod.digest_size
    for sep in (b"\x00", b"\x01"):
        k = mac(k, v + sep + seed)
        v = mac(k, v)
    while True:
        t = b""
        while len(t) < rlen:
            v = mac(k, v)
            t += v
        if 0 < (c := bits2int(t)) < q:
            yield c
        k = mac(k, v + b"\x00")
        v = mac(k, v)


Rfc6979 = opaque("vc_rfc6979")


def c_nonces(lib, q, x, hname, h1, n):
    g = Rfc6979()
    assert lib.vc_rfc6979_init(ctypes.byref(g), ctypes.byref(Mp.of(q)), ctypes.byref(Mp.of(x)),
                               ctypes.byref(hash_class(lib, hname)), h1) == VC_OK
    out = []
    for _ in range(n):
        k = Mp()
        assert lib.vc_rfc6979_next(ctypes.byref(g), ctypes.byref(k)) == VC_OK
        out.append(int(k))
    return out


@pytest.mark.parametrize("i", range(8))
def test_rfc6979_vector_nonce(lib, i):
    key, msg, hname, k, _, _ = rfc6979_vectors()[i]
    h1 = digest_of(hname, msg)
    ks = c_nonces(lib, key["q"], key["x"], hname, h1, 4)
    assert ks[0] == k
    model = model_nonces(key["q"], key["x"], HASHES[hname], h1)
    assert ks == [next(model) for _ in ks]


@pytest.mark.parametrize("hname", list(HASHES))
def test_rfc6979_model(lib, hname):
    """Odd and small q sizes (bits2int shifts, several V per T, many rejected candidates when
    q is just above a power of two) against the model; the first k against pycryptodome."""
    rng = random.Random(f"rfc6979-{hname}")
    crossed = 0
    for qlen in (2, 3, 9, 17, 127, 160, 163, 255, 256, 257, 521, 1031):
        for low in (True, False):
            q = 1 << (qlen - 1) | (1 if low else rng.getrandbits(qlen - 1) | 1)
            x = rng.randrange(1, q)
            hmod = HASHES[hname]
            msg = rng.randbytes(20)
            h1 = hmod.new(msg).digest()
            ks = c_nonces(lib, q, x, hname, h1, 6)
            model = model_nonces(q, x, hmod, h1)
            assert ks == [next(model) for _ in ks], (qlen, q)
            # pycryptodome's int2octets refuses a zero bits2octets(h1) (possible for tiny q).
            if (int.from_bytes(h1, "big") >> max(0, 8 * len(h1) - qlen)) % q:
                det = DSS.DeterministicDsaSigScheme(None, "binary", DSS.Integer(q), DSS.Integer(x))
                assert ks[0] == det._compute_nonce(hmod.new(msg)), (qlen, q)
                crossed += 1
    assert crossed >= 20


def test_rfc6979_errors(lib):
    key, msg, hname, _, _, _ = rfc6979_vectors()[0]
    h1 = digest_of(hname, msg)
    sha = ctypes.byref(hash_class(lib, hname))
    g, k = Rfc6979(), Mp.of(5)
    q, x = Mp.of(key["q"]), Mp.of(key["x"])
    init = lib.vc_rfc6979_init
    assert init(None, ctypes.byref(q), ctypes.byref(x), sha, h1) == VC_ERR_NULL
    assert init(ctypes.byref(g), None, ctypes.byref(x), sha, h1) == VC_ERR_NULL
    assert init(ctypes.byref(g), ctypes.byref(q), None, sha, h1) == VC_ERR_NULL
    assert init(ctypes.byref(g), ctypes.byref(q), ctypes.byref(x), None, h1) == VC_ERR_NULL
    assert init(ctypes.byref(g), ctypes.byref(q), ctypes.byref(x), sha, None) == VC_ERR_NULL
    for bad_q in (0, 1, 1 << 4096):
        assert init(ctypes.byref(g), ctypes.byref(Mp.of(bad_q)), ctypes.byref(Mp.of(1)), sha, h1) == VC_ERR_MODULUS
    for bad_x in (0, key["q"], key["q"] + 1):
        assert init(ctypes.byref(g), ctypes.byref(q), ctypes.byref(Mp.of(bad_x)), sha, h1) == VC_ERR_RANGE
    assert bytes(g) == bytes(ctypes.sizeof(g))
    # A zeroed context was never initialised.
    assert lib.vc_rfc6979_next(ctypes.byref(g), ctypes.byref(k)) == VC_ERR_STATE
    assert lib.vc_rfc6979_next(None, ctypes.byref(k)) == VC_ERR_NULL
    assert init(ctypes.byref(g), ctypes.byref(q), ctypes.byref(x), sha, h1) == VC_OK
    assert lib.vc_rfc6979_next(ctypes.byref(g), None) == VC_ERR_NULL
    assert int(k) == 5


# ---- signatures: RFC 6979 known answers ----

@pytest.mark.parametrize("cname", list(ALL_CFGS))
def test_rfc6979_signatures(lib, cname):
    c, done = ALL_CFGS[cname], 0
    for key, msg, hname, _, r, s in rfc6979_vectors():
        if cname in SLOW_CFGS and key["p"].bit_length() > 1024:
            continue
        d = digest_of(hname, msg)
        assert sign(lib, key, hname, d, c) == (VC_OK, r, s), (hname, msg)
        assert verify(lib, key, hname, d, r, s, c) == VC_OK
        assert verify(lib, key, hname, d, r, s ^ 1, c) == VC_ERR_VERIFY
        done += 1
    assert done == (4 if cname in SLOW_CFGS else 8)


# ---- against pycryptodome ----

def random_key(rng, L, N):
    p, q, g = domain(L, N)
    x = rng.randrange(1, q)
    return {"p": p, "q": q, "g": g, "x": x, "y": pow(g, x, p)}


def pyc_key(key, private=True):
    t = (key["y"], key["g"], key["p"], key["q"]) + ((key["x"],) if private else ())
    return DSA.construct(t, consistency_check=False)


def rs_bytes(key, r, s):
    n = (key["q"].bit_length() + 7) // 8
    return r.to_bytes(n, "big") + s.to_bytes(n, "big")


@pytest.mark.parametrize("L,N", SIZES)
def test_against_pycryptodome(lib, L, N):
    rng = random.Random(f"pyc-{L}-{N}")
    for i in range(10):
        key = random_key(rng, L, N)
        hname = list(HASHES)[i % len(HASHES)]
        cname = list(CFGS)[i % len(CFGS)]
        msg = rng.randbytes(rng.randrange(0, 200))
        h = HASHES[hname].new(msg)
        rc, r, s = sign(lib, key, hname, h.digest(), CFGS[cname])
        assert rc == VC_OK
        # Same deterministic signature; pycryptodome accepts ours (raises if not).
        assert rs_bytes(key, r, s) == DSS.new(pyc_key(key), "deterministic-rfc6979").sign(h), (hname, cname)
        DSS.new(pyc_key(key, False), "deterministic-rfc6979").verify(h, rs_bytes(key, r, s))
        # pycryptodome's random-k signature verifies with us, and fails on another message.
        sig = DSS.new(pyc_key(key), "fips-186-3").sign(SHA256.new(msg))
        n = len(sig) // 2
        pr, ps = int.from_bytes(sig[:n], "big"), int.from_bytes(sig[n:], "big")
        assert verify(lib, key, "sha256", SHA256.new(msg).digest(), pr, ps, CFGS[cname]) == VC_OK
        assert verify(lib, key, "sha256", SHA256.new(msg + b"!").digest(), pr, ps, CFGS[cname]) == VC_ERR_VERIFY


# ---- CAVP ----

def test_cavp_sigver(lib):
    """Every SHA-1 and SHA-256 record of SigVer.rsp (120: 56 valid, 64 with the message, y, r
    or s changed) with the default configuration."""
    for v in SIGVER:
        rc = verify(lib, v, v["hash"], digest_of(v["hash"], v["msg"]), v["r"], v["s"])
        assert rc == (VC_OK if v["result"] == "P" else VC_ERR_VERIFY), (v["label"], v["result"])


@pytest.mark.parametrize("cname", list(ALL_CFGS)[1:])
def test_cavp_sigver_cfgs(lib, cname):
    """The first 3 records of every group (24, or 6 at 1024 bits for the slow configuration)."""
    c, seen, done = ALL_CFGS[cname], {}, 0
    for v in SIGVER:
        group = (v["L"], v["N"], v["hash"])
        seen[group] = seen.get(group, 0) + 1
        if seen[group] > 3 or (cname in SLOW_CFGS and v["L"] > 1024):
            continue
        rc = verify(lib, v, v["hash"], digest_of(v["hash"], v["msg"]), v["r"], v["s"], c)
        assert rc == (VC_OK if v["result"] == "P" else VC_ERR_VERIFY), (v["label"], v["result"])
        done += 1
    assert done == (6 if cname in SLOW_CFGS else 24)


def test_cavp_siggen(lib):
    """Every SHA-1 and SHA-256 signature of SigGen.txt (made with a random k) verifies; our own
    signature of the same message with the record's key verifies with pycryptodome."""
    for i, v in enumerate(SIGGEN):
        d = digest_of(v["hash"], v["msg"])
        assert verify(lib, v, v["hash"], d, v["r"], v["s"]) == VC_OK, v["label"]
        if i % 5 == 0:
            assert pow(v["g"], v["x"], v["p"]) == v["y"], v["label"]
            rc, r, s = sign(lib, v, v["hash"], d)
            assert rc == VC_OK
            DSS.new(pyc_key(v, False), "deterministic-rfc6979").verify(HASHES[v["hash"]].new(v["msg"]),
                                                                        rs_bytes(v, r, s))


# ---- tampering and verification edge cases ----

def test_tampered(lib):
    rng = random.Random("tamper")
    key = random_key(rng, 1024, 160)
    q, msg = key["q"], b"tamper test"
    d = digest_of("sha256", msg)
    rc, r, s = sign(lib, key, "sha256", d)
    assert rc == VC_OK and verify(lib, key, "sha256", d, r, s) == VC_OK
    for bit in (0, 7, 100, 159):
        assert verify(lib, key, "sha256", d, r ^ (1 << bit), s) == VC_ERR_VERIFY, bit
        assert verify(lib, key, "sha256", d, r, s ^ (1 << bit)) == VC_ERR_VERIFY, bit
    for byte in (0, 19, 20, 31):      # inside and beyond the leftmost N = 160 bits
        bad = bytearray(d)
        bad[byte] ^= 1
        want = VC_ERR_VERIFY if byte < 20 else VC_OK
        assert verify(lib, key, "sha256", bytes(bad), r, s) == want, byte
    # Only the leftmost N bits of a longer digest count: the signature is the truncated one's.
    assert verify(lib, key, "sha1", d[:20], r, s) == VC_OK
    for br, bs in ((0, s), (r, 0), (q, s), (r, q), (r + q, s), (r, s + q), (q - 1, s), (1 << 200, s)):
        assert verify(lib, key, "sha256", d, br, bs) == VC_ERR_VERIFY, (br, bs)
    # Another key, and y outside (1, p).
    assert verify(lib, dict(key, y=pow(key["g"], key["x"] + 1, key["p"])), "sha256", d, r, s) == VC_ERR_VERIFY
    for y in (0, 1, key["p"], key["p"] + 5):
        assert verify(lib, dict(key, y=y), "sha256", d, r, s) == VC_ERR_RANGE, y


# ---- key generation ----

def keygen(lib, dpk, seed, c=None):
    d = drbg(lib, seed)
    x, y = Mp.of(3), Mp.of(3)
    rc = lib.vc_dsa_keygen(ctypes.byref(params(*dpk)), ctypes.byref(d), ctypes.byref(x), ctypes.byref(y), ref(c))
    return rc, int(x), int(y), bytes(d)


@pytest.mark.parametrize("L,N", SIZES)
def test_keygen(lib, L, N):
    p, q, g = domain(L, N)
    xs = set()
    for i, cname in enumerate(CFGS):
        rc, x, y, _ = keygen(lib, (p, q, g), f"keygen-{i}".encode(), CFGS[cname])
        assert rc == VC_OK
        assert 1 <= x < q and y == pow(g, x, p), cname
        assert x.bit_length() > N - 16      # uniform below q: 16 leading zero bits is 2^-16
        xs.add(x)
        key = {"p": p, "q": q, "g": g, "x": x, "y": y}
        rc, r, s = sign(lib, key, "sha1", b"\x5a" * 20, CFGS[cname])
        assert rc == VC_OK and verify(lib, key, "sha1", b"\x5a" * 20, r, s, CFGS[cname]) == VC_OK
    assert len(xs) == len(CFGS)
    # Deterministic: the same seed gives the same key whatever the configuration.
    assert keygen(lib, (p, q, g), b"keygen-0")[:3] == keygen(lib, (p, q, g), b"keygen-0", CFGS["algo1-lr-var"])[:3]


def test_keygen_errors(lib):
    p, q, g = domain(1024, 160)
    d = drbg(lib, b"k")
    x, y = Mp.of(3), Mp.of(3)
    dp = params(p, q, g)
    before = bytes(d)
    kg = lib.vc_dsa_keygen
    assert kg(None, ctypes.byref(d), ctypes.byref(x), ctypes.byref(y), None) == VC_ERR_NULL
    assert kg(ctypes.byref(dp), None, ctypes.byref(x), ctypes.byref(y), None) == VC_ERR_NULL
    assert kg(ctypes.byref(dp), ctypes.byref(d), None, ctypes.byref(y), None) == VC_ERR_NULL
    assert kg(ctypes.byref(dp), ctypes.byref(d), ctypes.byref(x), None, None) == VC_ERR_NULL
    assert kg(ctypes.byref(params(p, q, 1)), ctypes.byref(d), ctypes.byref(x), ctypes.byref(y), None) == VC_ERR_PARAM
    assert kg(ctypes.byref(dp), ctypes.byref(d), ctypes.byref(x), ctypes.byref(y),
              ctypes.byref(Cfg(9, 32, 0, EXP_LR, 1))) == VC_ERR_PARAM
    assert bytes(d) == before       # a rejected call draws nothing
    assert kg(ctypes.byref(dp), ctypes.byref(Drbg()), ctypes.byref(x), ctypes.byref(y), None) == VC_ERR_STATE
    assert (int(x), int(y)) == (3, 3)


# ---- domain parameters ----

def make_group(rng, L, N, composite=False):
    """(p, q, g): g of prime order b | p - 1 with q = b, or with composite=True q = a * b for
    an odd a that does not divide (p - 1) / b (so g^q = 1 but q does not divide p - 1)."""
    while True:
        b = getPrime(N - 8 if composite else N, randfunc=rng.randbytes)
        q = b * rng.randrange(129, 256, 2) if composite else b
        if q.bit_length() == N:
            break
    while True:
        k = (rng.getrandbits(L - b.bit_length()) | 1 << (L - b.bit_length() - 1)) & ~1
        p = k * b + 1
        if p.bit_length() == L and (not composite or (p - 1) % q) and isPrime(p):
            g = pow(2, (p - 1) // b, p)
            assert g != 1 and pow(g, q, p) == 1
            return p, q, g


def test_unsupported_sizes(lib):
    """Well-formed groups of sizes FIPS 186-4 does not list, and a composite q whose factor's
    subgroup holds g: only the size check, and q | p - 1, reject them."""
    rng = random.Random("groups")
    B = ctypes.byref
    for L, N in ((512, 160), (1024, 224), (1024, 256)):
        p, q, g = make_group(rng, L, N)
        assert lib.vc_dsa_check_params(B(params(p, q, g)), None) == VC_ERR_PARAM, (L, N)
        x = rng.randrange(1, q)
        key = {"p": p, "q": q, "g": g, "x": x, "y": pow(g, x, p)}
        assert sign(lib, key, "sha256", bytes(32))[0] == VC_ERR_PARAM
        assert verify(lib, key, "sha256", bytes(32), 1, 1) == VC_ERR_PARAM
        assert keygen(lib, (p, q, g), b"seed")[0] == VC_ERR_PARAM
    p, q, g = make_group(rng, 1024, 160, composite=True)
    assert lib.vc_dsa_check_params(B(params(p, q, g)), None) == VC_ERR_PARAM
    # The same construction with a prime q passes: the rejections above are the sizes' and q's.
    assert lib.vc_dsa_check_params(B(params(*make_group(rng, 1024, 160))), None) == VC_OK

def test_check_params(lib):
    for L, N in SIZES:
        p, q, g = domain(L, N)
        for c in (None, CFGS["algo4-w3"]):
            assert lib.vc_dsa_check_params(ctypes.byref(params(p, q, g)), ref(c)) == VC_OK, (L, N)
    for key, *_ in rfc6979_vectors():
        assert lib.vc_dsa_check_params(ctypes.byref(params(key["p"], key["q"], key["g"])), None) == VC_OK
    p, q, g = domain(1024, 160)
    h = pow(2, (p - 1) // q, p)
    assert h != 1 and pow(h, q, p) == 1
    bad = {
        "p even": (p + 1, q, g),
        "q even": (p, q + 1, g),
        "q does not divide p-1": (p, q + 2, g),
        "g = 0": (p, q, 0), "g = 1": (p, q, 1), "g = p": (p, q, p), "g > p": (p, q, p + 2),
        "g + p (of order q mod p)": (p, q, g + p),
        "g not of order q": (p, q, 2 if pow(2, q, p) != 1 else 3),
        "L = 512": (p >> 512 | 1, q, 2),
        "N mismatch": (p, domain(2048, 224)[1], g),
        "L = 2048 with N = 160": (domain(2048, 224)[0], q, 2),
    }
    assert pow(bad["g not of order q"][2], q, p) != 1
    for name, t in bad.items():
        assert lib.vc_dsa_check_params(ctypes.byref(params(*t)), None) == VC_ERR_PARAM, name
    # The order of g is checked, not its form: g = 2^((p-1)/q) is accepted.
    assert lib.vc_dsa_check_params(ctypes.byref(params(p, q, h)), None) == VC_OK
    assert lib.vc_dsa_check_params(None, None) == VC_ERR_NULL
    assert lib.vc_dsa_check_params(ctypes.byref(params(p, q, g)), ctypes.byref(Cfg(0, 32, 0, EXP_LR, 1))) == VC_ERR_PARAM


def test_sign_verify_errors(lib):
    key, msg, hname, *_ = rfc6979_vectors()[0]
    d = digest_of(hname, msg)
    dp, x, y = params(key["p"], key["q"], key["g"]), Mp.of(key["x"]), Mp.of(key["y"])
    h = ctypes.byref(hash_class(lib, hname))
    r, s = Mp.of(7), Mp.of(7)
    B = ctypes.byref
    for i in range(6):
        a = [B(dp), B(x), h, d, B(r), B(s)]
        a[i] = None
        assert lib.vc_dsa_sign(*a, None) == VC_ERR_NULL, i
        a = [B(dp), B(y), h, d, B(Mp.of(1)), B(Mp.of(1))]
        a[i] = None
        assert lib.vc_dsa_verify(*a, None) == VC_ERR_NULL, i
    for bad_x in (0, key["q"], key["q"] + 1):
        assert lib.vc_dsa_sign(B(dp), B(Mp.of(bad_x)), h, d, B(r), B(s), None) == VC_ERR_RANGE, bad_x
    # The cheap parameter checks of every operation (not g's order: that is check_params').
    p, q, g = key["p"], key["q"], key["g"]
    for bad in ((p, q, 1), (p, q, g + p), (p + 1, q, g), (p, q + 1, g), (p >> 1, q, 2)):
        bad_dp = params(*bad)
        assert lib.vc_dsa_sign(B(bad_dp), B(x), h, d, B(r), B(s), None) == VC_ERR_PARAM
        assert lib.vc_dsa_verify(B(bad_dp), B(y), h, d, B(Mp.of(1)), B(Mp.of(1)), None) == VC_ERR_PARAM
        assert keygen(lib, bad, b"seed")[0] == VC_ERR_PARAM
    assert lib.vc_dsa_sign(B(dp), B(x), h, d, B(r), B(s), B(Cfg(7, 32, 0, EXP_LR, 1))) == VC_ERR_PARAM
    assert (int(r), int(s)) == (7, 7)
