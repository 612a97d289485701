"""ctypes view of the multiprecision and public-key API (fw/include/vexcrypt/mp.h, pk.h,
drbg.h) for the host tests: vc_mp <-> Python int, configurations, error codes."""

import ctypes

MAX_BITS = 4096
LIMBS = MAX_BITS // 32
CAP_LIMBS = 2 * LIMBS
CACHE_WAYS = 8

from vc import (VC_ERR_FAULT, VC_ERR_LENGTH, VC_ERR_MODULUS, VC_ERR_NOINV,  # noqa: F401 (re-exported)
                VC_ERR_NULL, VC_ERR_PADDING, VC_ERR_PARAM, VC_ERR_RANGE, VC_ERR_RETRY,
                VC_ERR_VERIFY, VC_OK)

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


class Cache(ctypes.Structure):
    _fields_ = [("key_hash", ctypes.c_uint32 * CACHE_WAYS), ("valid", ctypes.c_uint8 * CACHE_WAYS),
                ("key", (ctypes.c_uint32 * (2 * LIMBS)) * CACHE_WAYS),
                ("val", (ctypes.c_uint32 * LIMBS) * CACHE_WAYS),
                ("hits", ctypes.c_uint32), ("misses", ctypes.c_uint32)]


class Mont(ctypes.Structure):
    _fields_ = [("n", ctypes.c_uint32), ("m", ctypes.c_uint32 * LIMBS), ("m0inv", ctypes.c_uint32),
                ("digits", ctypes.c_uint32), ("r2", ctypes.c_uint32 * LIMBS),
                ("one", ctypes.c_uint32 * LIMBS), ("ninv", ctypes.c_uint32 * LIMBS),
                ("cfg", Cfg), ("intra", ctypes.POINTER(Cache)), ("pre", ctypes.POINTER(Cache))]


class Drbg(ctypes.Structure):
    _fields_ = [("k", ctypes.c_uint8 * 32), ("v", ctypes.c_uint8 * 32), ("magic", ctypes.c_uint32)]


class RsaPub(ctypes.Structure):
    _fields_ = [("n", Mp), ("e", Mp)]


class RsaPriv(ctypes.Structure):
    _fields_ = [(f, Mp) for f in ("n", "e", "d", "p", "q", "dp", "dq", "qinv", "pinv")]


class DsaParams(ctypes.Structure):
    _fields_ = [("p", Mp), ("q", Mp), ("g", Mp)]


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
