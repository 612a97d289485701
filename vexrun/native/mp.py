"""ctypes view of the multiprecision and public-key API (fw/include/vexcrypt/mp.h, pk.h,
drbg.h) for the host tests: vc_mp <-> Python int, configurations, error codes. The contexts whose
fields are private (vc_mont, vc_mp_cache, vc_drbg) are opaque; what a test reads of them goes
through the library's accessors."""

import ctypes

MAX_BITS = 4096
LIMBS = MAX_BITS // 32
CAP_LIMBS = 2 * LIMBS

from vexrun.native.api import (LIB, VC_ERR_FAULT, VC_ERR_LENGTH, VC_ERR_MODULUS, VC_ERR_NOINV,  # noqa: F401 (re-exported)
                VC_ERR_NULL, VC_ERR_PADDING, VC_ERR_PARAM, VC_ERR_RANGE, VC_ERR_RETRY,
                VC_ERR_VERIFY, VC_OK, declared, opaque)

ALGO1, ALGO2, ALGO3, ALGO4, ALGO5, UNIT = 1, 2, 3, 4, 5, 6     # UNIT: the Montgomery co-processor
EXP_LR, EXP_RL, EXP_WINDOW, EXP_LADDER = 1, 2, 3, 4
RSA_NOCRT, RSA_MRC, RSA_SRC = 0, 1, 2
CRT_MRC, CRT_SRC = 1, 2


class Mp(ctypes.Structure):
    _fields_ = [("n", ctypes.c_uint32), ("d", ctypes.c_uint32 * CAP_LIMBS)]

    @classmethod
    def of(cls, v: int) -> "Mp":
        assert 0 <= v < 1 << (32 * CAP_LIMBS)
        m = cls()
        i = 0
        while v:
            m.d[i] = v & 0xFFFFFFFF
            v >>= 32
            i += 1
        m.n = i
        return m

    def __int__(self) -> int:
        assert self.n <= CAP_LIMBS
        assert self.n == 0 or self.d[self.n - 1] != 0, "vc_mp not normalised"
        v = 0
        for i in reversed(range(self.n)):
            v = v << 32 | self.d[i]
        return v


class Cfg(ctypes.Structure):
    _fields_ = [("algo", ctypes.c_uint8), ("radix_bits", ctypes.c_uint8), ("sqr", ctypes.c_uint8),
                ("exp", ctypes.c_uint8), ("window", ctypes.c_uint8), ("var", ctypes.c_uint8)]


class RsaPub(ctypes.Structure):
    _fields_ = [("n", Mp), ("e", Mp)]


class RsaPriv(ctypes.Structure):
    _fields_ = [(f, Mp) for f in ("n", "e", "d", "p", "q", "dp", "dq", "qinv", "pinv")]


class DsaParams(ctypes.Structure):
    _fields_ = [("p", Mp), ("q", Mp), ("g", Mp)]


for _cls, _name in ((Mp, "vc_mp"), (Cfg, "vc_mp_cfg"), (RsaPub, "vc_rsa_pub"), (RsaPriv, "vc_rsa_priv"),
                    (DsaParams, "vc_dsa_params")):
    declared(_cls, _name)

Cache = opaque("vc_mp_cache")
Mont = opaque("vc_mont")
Drbg = opaque("vc_drbg")

LIB.vc_mont_limbs.restype = LIB.vc_mont_r_bits.restype = ctypes.c_size_t


def mont_limbs(ctx) -> int:
    """The limbs of the context's modulus: the length of its limb-level operands."""
    return LIB.vc_mont_limbs(ctypes.byref(ctx))


def mont_r(ctx) -> int:
    """The context's R: its products are a*b/R mod m."""
    return 1 << LIB.vc_mont_r_bits(ctypes.byref(ctx))


def cache_counts(c):
    """(hits, misses) of a cache since its set-up."""
    hits, misses = ctypes.c_uint32(), ctypes.c_uint32()
    assert LIB.vc_mp_cache_counts(ctypes.byref(c), ctypes.byref(hits), ctypes.byref(misses)) == VC_OK
    return hits.value, misses.value


def cfg(algo=ALGO3, radix_bits=32, sqr=1, exp=EXP_WINDOW, window=5, var=0) -> Cfg:
    return Cfg(algo, radix_bits, sqr, exp, window, var)


def ref(x):
    """ctypes.byref, with None (the library's NULL: default configuration) passed through."""
    return ctypes.byref(x) if x is not None else None


# Design-space points the protocol tests run on: None is the library's default (constant time);
# the others cover the five products, the four variable-time exponentiation methods (var=1: the
# method only matters there) and the constant-time fixed window at other widths and products.
# ALGO5 is slow: small keys only.
CFGS = {
    "default": None,
    "default-var": cfg(algo=ALGO2, exp=EXP_WINDOW, window=6, var=1),
    "algo1-lr-var": cfg(algo=ALGO1, exp=EXP_LR, var=1),
    "algo2-r8-rl-var": cfg(algo=ALGO2, radix_bits=8, sqr=0, exp=EXP_RL, var=1),
    "algo3-ladder-var": cfg(algo=ALGO3, exp=EXP_LADDER, var=1),
    "algo4-w3": cfg(algo=ALGO4, sqr=1, exp=EXP_WINDOW, window=3),
    "algo1-w1": cfg(algo=ALGO1, exp=EXP_WINDOW, window=1),
}
SLOW_CFGS = {"algo5-w4": cfg(algo=ALGO5, radix_bits=1, exp=EXP_WINDOW, window=4)}
ALL_CFGS = {**CFGS, **SLOW_CFGS}


def limbs(v: int, n: int):
    """A ctypes uint32 array of n little-endian limbs holding v."""
    a = (ctypes.c_uint32 * n)()
    for i in range(n):
        a[i] = (v >> (32 * i)) & 0xFFFFFFFF
    assert v >> (32 * n) == 0
    return a


def from_limbs(a, n: int) -> int:
    return sum(int(a[i]) << (32 * i) for i in range(n))


def drbg(lib, seed: bytes) -> Drbg:
    d = Drbg()
    assert lib.vc_drbg_init(ctypes.byref(d), seed, ctypes.c_size_t(len(seed))) == 0
    return d
