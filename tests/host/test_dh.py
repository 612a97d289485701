"""Diffie-Hellman and ElGamal (fw/src/pk/dh_groups.c, dh.c, elgamal.c): the MODP groups
recomputed from the RFC 2409 formula and read from cryptography_vectors' RFC 3526 file, shared
secrets against RFC 5114 and Botan's vectors, key pairs and ciphertexts against Python's pow
with the library's own random draws replayed, the modular-multiplication and exponentiation
configurations on the small groups, and every documented error."""

import ctypes
import random

import gmpy2
import pytest

from vexrun.native.mp import (CFGS, ref, ALGO1, ALGO2, ALGO3, ALGO4, ALGO5, EXP_LADDER, EXP_LR, EXP_RL, EXP_WINDOW,
                 VC_ERR_MODULUS, VC_ERR_NULL, VC_ERR_PARAM, VC_ERR_RANGE, Cfg, Drbg, Mp, cfg, drbg)
from vexrun.native.api import declared
from vexrun.vectors.packages import cryptography_vectors_dir, read_rsp
from vexrun.vectors import pkdata

P = ctypes.POINTER
SIZE = ctypes.c_size_t
DH_DIR = cryptography_vectors_dir() / "asymmetric" / "DH"

# name -> (bits, k) of each group's formula (pkdata.dh_group); modp512 is vexcrypt's (smallest
# k, checked below).
GROUPS = pkdata.DH_GROUPS
SMALL = ("modp512", "modp768")
# Configurations besides the default, on the small groups: every multiplication algorithm
# but the slow radix-2 one, small radices, the other exponentiation methods.
# Constant time (var=0) on every product; variable time (var=1) with every exponentiation method.
CONFIGS = ([cfg(algo=a) for a in (ALGO1, ALGO2, ALGO3, ALGO4)] +
           [cfg(algo=ALGO2, radix_bits=8, sqr=0), cfg(algo=ALGO3, radix_bits=4)] +
           [cfg(exp=e, var=1) for e in (EXP_LR, EXP_RL, EXP_WINDOW, EXP_LADDER)])
CFG_IDS = [f"algo{c.algo}-k{c.radix_bits}-sqr{c.sqr}-exp{c.exp}-var{c.var}" for c in CONFIGS]


class DhGroup(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("bits", SIZE), ("p", P(ctypes.c_uint8)),
                ("g", ctypes.c_uint32)]


declared(DhGroup, "vc_dh_group")


@pytest.fixture(scope="module")
def api(lib):
    mp, d, c = P(Mp), P(Drbg), P(Cfg)
    sigs = {
        "vc_dh_group_find": ([ctypes.c_char_p], P(DhGroup)),
        "vc_dh_group_load": ([P(DhGroup), mp, mp], ctypes.c_int),
        "vc_dh_keygen": ([mp, mp, SIZE, d, mp, mp, c], ctypes.c_int),
        "vc_dh_shared": ([mp, mp, SIZE, mp, mp, c], ctypes.c_int),
        "vc_elgamal_encrypt": ([mp, mp, mp, mp, d, mp, mp, c], ctypes.c_int),
        "vc_elgamal_decrypt": ([mp, mp, mp, mp, mp, c], ctypes.c_int),
        "vc_mp_random_below": ([mp, mp, d], ctypes.c_int),
    }
    for name, (argtypes, restype) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = argtypes, restype
    return lib


def safe_prime(p):
    return gmpy2.is_prime(p, 40) and gmpy2.is_prime((p - 1) // 2, 40)


def table(api):
    n = SIZE.in_dll(api, "vc_dh_ngroups").value
    return (DhGroup * n).in_dll(api, "vc_dh_groups")


def group(api, name):
    """(p, g) as loaded by vc_dh_group_load."""
    p, g = Mp(), Mp()
    assert api.vc_dh_group_load(api.vc_dh_group_find(name.encode()), p, g) == 0
    return int(p), int(g)



# ---- the library's calls on Python integers; None where the call fails ----

def keygen(api, p, g, xbits, rng, c=None):
    x, y = Mp(), Mp()
    rc = api.vc_dh_keygen(Mp.of(p), Mp.of(g), xbits, rng, x, y, ref(c))
    assert rc == 0, rc
    return int(x), int(y)


def shared(api, p, x, peer, c=None, xbits=0):
    z = Mp()
    rc = api.vc_dh_shared(Mp.of(p), Mp.of(x), xbits, Mp.of(peer), z, ref(c))
    assert rc == 0, rc
    return int(z)


def encrypt(api, p, g, y, m, rng, c=None):
    c1, c2 = Mp(), Mp()
    rc = api.vc_elgamal_encrypt(Mp.of(p), Mp.of(g), Mp.of(y), Mp.of(m), rng, c1, c2, ref(c))
    assert rc == 0, rc
    return int(c1), int(c2)


def decrypt(api, p, x, c1, c2, c=None):
    m = Mp()
    rc = api.vc_elgamal_decrypt(Mp.of(p), Mp.of(x), Mp.of(c1), Mp.of(c2), m, ref(c))
    assert rc == 0, rc
    return int(m)


def below(api, rng, bound):
    """The next vc_mp_random_below draw of a copy of rng (rng itself does not move)."""
    r = Mp()
    assert api.vc_mp_random_below(r, Mp.of(bound), Drbg.from_buffer_copy(rng)) == 0
    return int(r)


# ---- the groups ----

def test_group_table(api):
    t = table(api)
    assert [e.name.decode() for e in t] == list(GROUPS)
    for e in t:
        bits, k = GROUPS[e.name.decode()]
        p = int.from_bytes(bytes(e.p[:bits // 8]), "big")
        assert e.bits == bits and e.g == 2
        assert p == pkdata.dh_group(e.name.decode()), e.name
        assert group(api, e.name.decode()) == (p, 2)


@pytest.mark.parametrize("name", list(GROUPS))
def test_group_safe_prime(api, name):
    p, _ = group(api, name)
    assert p.bit_length() == GROUPS[name][0]
    assert safe_prime(p)


def test_modp512_smallest_k():
    assert [k for k in range(GROUPS["modp512"][1] + 1) if safe_prime(pkdata.dh_prime(512, k))] == [131]


def test_rfc3526_file(api):
    """cryptography_vectors' copy of RFC 3526: groups 5 and 14 are modp1536 and modp2048."""
    recs = {int(r["P"], 16).bit_length(): r for r in read_rsp(DH_DIR / "rfc3526.txt")}
    for name in ("modp1536", "modp2048"):
        rec = recs[GROUPS[name][0]]
        assert group(api, name) == (int(rec["P"], 16), int(rec["G"]))


def test_ffdhe2048_is_openssls(api):
    """RFC 7919's ffdhe2048 as OpenSSL 3.0 generates its parameters."""
    import subprocess
    pem = subprocess.run(["openssl", "genpkey", "-genparam", "-algorithm", "DH", "-pkeyopt", "group:ffdhe2048"],
                         capture_output=True, check=True).stdout
    text = subprocess.run(["openssl", "asn1parse"], input=pem, capture_output=True, check=True).stdout.decode()
    p = int(next(line for line in text.splitlines() if "INTEGER" in line).split(":")[-1], 16)
    assert group(api, "ffdhe2048") == (p, 2)


def test_group_find(api):
    t = table(api)
    base = ctypes.addressof(t)
    for i, name in enumerate(GROUPS):
        found = api.vc_dh_group_find(name.encode())
        assert ctypes.cast(found, ctypes.c_void_p).value == base + i * ctypes.sizeof(DhGroup)
    for name in (b"modp4096", b"", b"MODP512", b"modp51", b"modp5120", b"modp512 "):
        assert not api.vc_dh_group_find(name), name
    assert not api.vc_dh_group_find(None)


def test_group_load_errors(api):
    grp = api.vc_dh_group_find(b"modp512")
    p, g = Mp.of(77), Mp.of(5)
    for args in ((None, p, g), (grp, None, g), (grp, p, None)):
        assert api.vc_dh_group_load(*args) == VC_ERR_NULL
    assert api.vc_dh_group_load(ctypes.byref(DhGroup(b"x", 64, None, 2)), p, g) == VC_ERR_NULL
    data = (ctypes.c_uint8 * 520)(*([0xFF] * 520))
    for bits in (0, 12, 4104):
        bad = DhGroup(b"x", bits, ctypes.cast(data, P(ctypes.c_uint8)), 2)
        assert api.vc_dh_group_load(ctypes.byref(bad), p, g) == VC_ERR_MODULUS, bits
    assert (int(p), int(g)) == (77, 5)
    # A caller's own group at the size limit loads.
    big = DhGroup(b"x", 4096, ctypes.cast(data, P(ctypes.c_uint8)), 5)
    assert api.vc_dh_group_load(ctypes.byref(big), p, g) == 0
    assert (int(p), int(g)) == ((1 << 4096) - 1, 5)


# ---- Diffie-Hellman: known answers ----

def rfc5114_groups():
    """RFC 5114's test data: each group's fields span several blank-line separated records,
    merged from one COUNT to the next."""
    out = []
    for rec in read_rsp(DH_DIR / "RFC5114.txt"):
        if "COUNT" in rec:
            out.append({})
        out[-1].update({k: v for k, v in rec.items() if k != "_line"})
    return out


@pytest.mark.parametrize("c", [None, cfg(algo=ALGO1), cfg(algo=ALGO4), cfg(exp=EXP_LADDER, var=1),
                               cfg(algo=ALGO2, window=6, var=1)],
                         ids=["default", "algo1", "algo4", "ladder-var", "window-var"])
def test_rfc5114(api, c):
    recs = rfc5114_groups()
    assert len(recs) == 3
    for rec in recs:
        v = {k: int(rec[k], 16) for k in ("P", "XstatCAVS", "YstatCAVS", "XstatIUT", "YstatIUT",
                                          "Z")}
        assert shared(api, v["P"], v["XstatIUT"], v["YstatCAVS"], c) == v["Z"]
        assert shared(api, v["P"], v["XstatCAVS"], v["YstatIUT"], c) == v["Z"]


def test_botan_vectors(api):
    """vec.txt: K = Y^X mod P for 256- to 1024-bit primes (Botan's dh.vec)."""
    recs = [r for r in read_rsp(DH_DIR / "vec.txt") if "K" in r]
    assert len(recs) >= 5
    for r in recs:
        p, x, y, k = int(r["P"]), int(r["X"]), int(r["Y"]), int(r["K"], 16)
        assert shared(api, p, x, y) == k, r["_line"]


def test_bad_exchange(api):
    """bad_exchange.txt: a public value above the other side's modulus is refused; keys from
    different groups give different secrets."""
    recs = {int(r["COUNT"]): {k: int(v) for k, v in r.items() if k != "_line"}
            for r in read_rsp(DH_DIR / "bad_exchange.txt")}
    r = recs[0]
    assert r["Y2"] > r["P1"]
    z = Mp.of(7)
    assert api.vc_dh_shared(Mp.of(r["P1"]), Mp.of(r["X1"]), 0, Mp.of(r["Y2"]), z, None) == VC_ERR_RANGE
    assert int(z) == 7
    r = recs[1]
    z1 = shared(api, r["P1"], r["X1"], r["Y2"])
    z2 = shared(api, r["P2"], r["X2"], r["Y1"])
    assert z1 == pow(r["Y2"], r["X1"], r["P1"]) and z2 == pow(r["Y1"], r["X2"], r["P2"])
    assert z1 != z2


# ---- Diffie-Hellman: random key pairs ----

def check_keygen(api, p, g, xbits, rng, c=None):
    """One key pair, its x predicted from the generator's next draw."""
    if xbits:
        lo = span = 1 << (xbits - 1)
    else:
        lo, span = 2, p - 3
    want = lo + below(api, rng, span)
    x, y = keygen(api, p, g, xbits, rng, c)
    assert x == want
    assert 2 <= x <= p - 2 and (not xbits or x.bit_length() == xbits)
    assert y == pow(g, x, p)
    return x, y


def exchange(api, p, g, xbits, rng, c=None):
    """Two key pairs; the secret computed from either side equals pow()."""
    xa, ya = check_keygen(api, p, g, xbits, rng, c)
    xb, yb = check_keygen(api, p, g, xbits, rng, c)
    za, zb = shared(api, p, xa, yb, c), shared(api, p, xb, ya, c)
    assert za == zb == pow(g, xa * xb, p)


@pytest.mark.parametrize("name", list(GROUPS))
def test_exchange_default(api, name):
    p, g = group(api, name)
    rng = drbg(api, name.encode())
    for xbits in (0, 160, 256, p.bit_length() - 1):
        exchange(api, p, g, xbits, rng)


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("c", CONFIGS, ids=CFG_IDS)
def test_exchange_configs(api, name, c):
    p, g = group(api, name)
    rng = drbg(api, f"{name} {bytes(c).hex()}".encode())
    for xbits in (0, 160):
        exchange(api, p, g, xbits, rng, c)


def test_exchange_algo5(api):
    p, g = group(api, "modp512")
    exchange(api, p, g, 0, drbg(api, b"algo5"), cfg(algo=ALGO5))


def test_keygen_small_group(api):
    """p = 23, g = 5 (a generator): x covers [2, 21] and nothing else; an xbits-bit x covers
    [2^(xbits-1), 2^xbits)."""
    rng = drbg(api, b"p = 23")
    assert {keygen(api, 23, 5, 0, rng)[0] for _ in range(400)} == set(range(2, 22))
    for xbits in (2, 3, 4):
        got = {keygen(api, 23, 5, xbits, rng)[0] for _ in range(100)}
        assert got == set(range(1 << (xbits - 1), 1 << xbits)), xbits


# ---- Diffie-Hellman: errors ----

def test_keygen_errors(api):
    p, g = group(api, "modp512")
    rng = drbg(api, b"errors")
    state = bytes(rng)
    x, y = Mp.of(11), Mp.of(13)

    def call(p_=Mp.of(p), g_=Mp.of(g), xbits=0, r=rng, x_=x, y_=y, c=None):
        return api.vc_dh_keygen(p_, g_, xbits, r, x_, y_, c)

    for kw in ({"p_": None}, {"g_": None}, {"r": None}, {"x_": None}, {"y_": None}):
        assert call(**kw) == VC_ERR_NULL, kw
    for bad in (0, 1, 3, p - 1, 1 << 512, 1 << 4096):
        assert call(p_=Mp.of(bad)) == VC_ERR_MODULUS, bad
    for bad in (0, 1, p - 1, p, p + 1):
        assert call(g_=Mp.of(bad)) == VC_ERR_RANGE, bad
    for bad in (1, 512, 513, 5000):
        assert call(xbits=bad) == VC_ERR_PARAM, bad
    assert call(c=ctypes.byref(cfg(algo=9))) == VC_ERR_PARAM
    # Every failure above left the outputs and the generator alone.
    assert (int(x), int(y), bytes(rng)) == (11, 13, state)
    assert keygen(api, p, g, 0, rng) != (11, 13) and bytes(rng) != state


def test_shared_errors(api):
    p, g = group(api, "modp768")
    x, y = keygen(api, p, g, 0, drbg(api, b"shared errors"))
    z = Mp.of(17)

    def call(p_=p, x_=x, peer=y, z_=z, c=None, xbits=0):
        conv = [None if v is None else Mp.of(v) for v in (p_, x_, peer)]
        return api.vc_dh_shared(conv[0], conv[1], xbits, conv[2], z_, c)

    for kw in ({"p_": None}, {"x_": None}, {"peer": None}, {"z_": None}):
        assert call(**kw) == VC_ERR_NULL, kw
    for peer in (0, 1, p - 1, p, p + 1, 1 << 768, 1 << 4000):
        assert call(peer=peer) == VC_ERR_RANGE, peer
    for bad_x in (0, 1, p - 1, p, 1 << 800):
        assert call(x_=bad_x) == VC_ERR_RANGE, bad_x
    for bad_p in (0, 1, 3, p + 1, 1 << 4096 | 1):
        assert call(p_=bad_p, peer=2, x_=2) == VC_ERR_MODULUS, bad_p
    assert call(c=ctypes.byref(cfg(window=0))) == VC_ERR_PARAM
    # A bound: 2 <= xbits < bits(p), and x below 2^xbits.
    for bad in (1, 768, 769, 5000):
        assert call(x_=5, xbits=bad) == VC_ERR_PARAM, bad
    assert call(x_=1 << 256, xbits=256) == VC_ERR_RANGE
    assert int(z) == 17
    # The edges that are allowed.
    for peer in (2, p - 2):
        for ex in (2, p - 2):
            assert shared(api, p, ex, peer) == pow(peer, ex, p)
        for ex, xb in ((2, 2), (3, 2), ((1 << 256) - 1, 256), (5, 767)):
            assert shared(api, p, ex, peer, xbits=xb) == pow(peer, ex, p)


def test_short_exponents_agree(api):
    """Both parties with 256-bit exponents (RFC 7919 §5.2), each shared secret computed over the
    exponents' bound: the same secret as over p's bits, and g^(xa xb)."""
    p, g = group(api, "modp1024")
    rng = drbg(api, b"short exponents")
    (xa, ya), (xb, yb) = keygen(api, p, g, 256, rng), keygen(api, p, g, 256, rng)
    assert xa >> 255 == 1 and xb >> 255 == 1
    z = shared(api, p, xa, yb, xbits=256)
    assert z == shared(api, p, xb, ya, xbits=256) == shared(api, p, xa, yb) == pow(g, xa * xb, p)


# ---- ElGamal ----

def check_elgamal(api, p, g, x, y, m, rng, c=None):
    """One encryption with k predicted from the generator's next draw, then decryption."""
    k = 2 + below(api, rng, p - 3)
    c1, c2 = encrypt(api, p, g, y, m, rng, c)
    assert c1 == pow(g, k, p) and c2 == m * pow(y, k, p) % p
    assert c2 * pow(c1, -x, p) % p == m
    assert decrypt(api, p, x, c1, c2, c) == m


def elgamal_messages(p, rnd):
    return (1, 2, p - 1, p - 2, rnd.randrange(1, p), rnd.randrange(1, 1 << 64))


@pytest.mark.parametrize("name", list(GROUPS))
def test_elgamal_default(api, name):
    p, g = group(api, name)
    rng = drbg(api, b"elgamal " + name.encode())
    x, y = keygen(api, p, g, 0, rng)
    for m in elgamal_messages(p, random.Random(name)):
        check_elgamal(api, p, g, x, y, m, rng)


@pytest.mark.parametrize("name,c", [(n, c) for n in SMALL for c in CONFIGS] +
                         [("modp512", cfg(algo=ALGO5))],
                         ids=[f"{n}-{i}" for n in SMALL for i in CFG_IDS] + ["modp512-algo5"])
def test_elgamal_configs(api, name, c):
    p, g = group(api, name)
    rng = drbg(api, f"elgamal {name} {bytes(c).hex()}".encode())
    x, y = keygen(api, p, g, 0, rng, c)
    for m in (1, p - 1, random.Random(bytes(c)).randrange(1, p)):
        check_elgamal(api, p, g, x, y, m, rng, c)


def test_elgamal_small_group(api):
    """p = 23, g = 5: the discrete log of c1 is k, which covers [2, 21]."""
    rng = drbg(api, b"elgamal 23")
    dlog = {pow(5, e, 23): e for e in range(22)}
    x, y = keygen(api, 23, 5, 0, rng)
    ks = set()
    for i in range(400):
        m = 1 + i % 22
        c1, c2 = encrypt(api, 23, 5, y, m, rng)
        ks.add(dlog[c1])
        assert decrypt(api, 23, x, c1, c2) == m
    assert ks == set(range(2, 22))


def test_elgamal_decrypt_edges(api):
    """c1, c2 and x may be anything in [1, p-1], c1 = 1 and p-1 included."""
    p, _ = group(api, "modp512")
    rnd = random.Random(5)
    for c1 in (1, p - 1, rnd.randrange(1, p)):
        for x in (1, p - 1, rnd.randrange(1, p)):
            for c2 in (1, p - 1):
                assert decrypt(api, p, x, c1, c2) == c2 * pow(c1, p - 1 - x, p) % p


def test_elgamal_encrypt_errors(api):
    p, g = group(api, "modp512")
    rng = drbg(api, b"elgamal errors")
    x, y = keygen(api, p, g, 0, rng)
    state = bytes(rng)
    c1, c2 = Mp.of(3), Mp.of(4)

    def call(p_=p, g_=g, y_=y, m=5, r=rng, o1=c1, o2=c2):
        conv = [None if v is None else Mp.of(v) for v in (p_, g_, y_, m)]
        return api.vc_elgamal_encrypt(*conv, r, o1, o2, None)

    for kw in ({"p_": None}, {"g_": None}, {"y_": None}, {"m": None}, {"r": None},
               {"o1": None}, {"o2": None}):
        assert call(**kw) == VC_ERR_NULL, kw
    for m in (0, p, p + 1, 1 << 4000):
        assert call(m=m) == VC_ERR_RANGE, m
    for bad_y in (0, 1, p - 1, p, p + 1):
        assert call(y_=bad_y) == VC_ERR_RANGE, bad_y
    for bad_g in (0, 1, p - 1, p):
        assert call(g_=bad_g) == VC_ERR_RANGE, bad_g
    for bad_p in (p + 1, 1 << 4096 | 1):
        assert call(p_=bad_p, y_=2, m=1) == VC_ERR_MODULUS, bad_p
    assert call(p_=0) == VC_ERR_RANGE     # m = 5 is not below 0
    assert (int(c1), int(c2), bytes(rng)) == (3, 4, state)


def test_elgamal_decrypt_errors(api):
    p, g = group(api, "modp512")
    x, y = keygen(api, p, g, 0, drbg(api, b"decrypt errors"))
    c1, c2 = encrypt(api, p, g, y, 9, drbg(api, b"k"))
    assert decrypt(api, p, x, c1, c2) == 9
    m = Mp.of(21)

    def call(p_=p, x_=x, a=c1, b=c2, out=m):
        conv = [None if v is None else Mp.of(v) for v in (p_, x_, a, b)]
        return api.vc_elgamal_decrypt(*conv, out, None)

    for kw in ({"p_": None}, {"x_": None}, {"a": None}, {"b": None}, {"out": None}):
        assert call(**kw) == VC_ERR_NULL, kw
    for field in ("x_", "a", "b"):
        for bad in (0, p, p + 1):
            assert call(**{field: bad}) == VC_ERR_RANGE, (field, bad)
    for bad_p in (0, 1, p + 1, 1 << 4096 | 1):
        assert call(p_=bad_p, x_=1, a=1, b=1) == VC_ERR_MODULUS, bad_p
    assert int(m) == 21
