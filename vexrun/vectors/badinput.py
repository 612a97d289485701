"""The bad-input table: every public function of fw/include/vexcrypt/*.h and fw/drivers/*.h x
every class of invalid argument -> the documented error code. This list is the single source:
tests/host/test_badinput.py runs each case on the host library and, where the oracle reaches the
function, in the simulated SoC; the publisher renders docs/bad-input.md from it (vexrun publish).

A case is one invalid call: `call(w, f)` gets a World `w` (valid arguments, fresh per case)
and the C function `f` looked up by the entry's name, so renaming a function is a one-line
change (mp.h's names, which may gain or lose _var suffixes, are in the dict MP). Outputs a call
gets from w.out() / w.mp_out() / w.obj() / w.size() / w.mp_io() are filled with a sentinel or
snapshotted, and the host test checks they are untouched on error (common.h). A class that
does not apply to a function is n/a with a reason: given in the entry, or the class's default
reason below, which the test allows only when the prototype has no argument of that kind (a
pointer for "null", a size_t for the lengths, a context for "state")."""

import ctypes
import functools
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from vexrun.native import api
from vexrun.native.ec import ALL_SETS
from vexrun.native.mp import Cache, DsaParams, Drbg, Mont, Mp, RsaPriv, RsaPub, limbs
from vexrun.env import ROOT

SZ = ctypes.c_size_t
SENTINEL = 0xA5

# The classes of invalid argument (the table's columns): short name, title, and the reason a
# class is n/a when the function has no argument of that kind.
CLASSES = {
    "null": ("null", "null pointer", "no pointer argument"),
    "len0": ("len 0", "zero length", "no length argument"),
    "lenbig": ("len big", "oversized length", "no length argument"),
    "block": ("block", "length not a multiple of the block", "no block-structured length"),
    "key": ("key", "key of wrong size, bad round count", "no key"),
    "int": ("integer", "non-canonical or out-of-range integer", "no integer or encoded value argument"),
    "mod": ("modulus", "even, zero or oversized modulus", "no modulus argument"),
    "point": ("point", "point off the curve or at infinity", "no point argument"),
    "sig": ("sig/pad", "malformed signature or padding", "no signature or padding"),
    "state": ("state", "context not set up or finalised", "no context"),
    "overlap": ("overlap", "overlapping input and output", "no input/output buffer pair"),
    "param": ("param", "unsupported parameter (algorithm, set, hash, option)", "no algorithm parameter"),
}

ERR = {v: k for k, v in api.ERRORS.items()}


@dataclass
class Case:
    cls: str
    what: str                     # the invalid argument, for the table
    expect: int                   # VC_ERR_*; for the non-int functions the value below
    call: Callable
    oracle: Optional[tuple] = None   # (request, expected reply: None = the code's vc_strerror,
    #                                   a str = part of the error text (the oracle's own message,
    #                                   which names the field), a dict = fields of an ok reply)
    curves: tuple = ()               # ec.h: the curves the case applies to (default: all five)


@dataclass
class Fn:
    name: str
    header: str
    cases: list
    na: dict = field(default_factory=dict)   # class -> reason
    ret: str = "int"                         # int (an error code), val (an int value), size, ptr, u32, str, void
    gap: str = ""                            # a known gap: documented behaviour not met
    host: bool = True                        # False: not in the host build (the _hw forms)


def C(cls, what, expect, call, oracle=None, curves=()):
    return Case(cls, what, expect, call, oracle, curves)


# ---------------------------------------------------------------------------------------------
# Valid arguments


@functools.lru_cache(maxsize=None)
def material():
    """Key material shared by every World (integers only)."""
    from vexrun.vectors import pkdata
    k = pkdata.rsa_key(1024)
    _, _, dsa, _ = pkdata.dsa_keys()[0]
    return {"rsa": (int(k.n), int(k.e), int(k.d), int(k.p), int(k.q)), "dsa": dsa,
            "p512": pkdata.dh_group("modp512")}


class World:
    """Valid arguments for one case; outputs registered for the untouched-on-error check."""

    def __init__(self, lib, curve="P-256", set=1):
        self.lib, self.curve_name, self.set, self.outs = lib, curve, set, []
        self.msg = b"abc"

    # outputs, filled with the sentinel and remembered
    def _sent(self, obj):
        ctypes.memset(ctypes.addressof(obj), SENTINEL, ctypes.sizeof(obj))
        self.outs.append((obj, bytes(obj)))
        return obj

    def out(self, n=64):
        return self._sent(ctypes.create_string_buffer(n))

    def obj(self):
        """An output context or key schedule (8 KiB: any of the library's but the mp ones)."""
        return self.out(8192)

    def size(self, v):
        """A size_t output (or in/out capacity) holding v, checked like the other outputs."""
        x = ctypes.c_size_t(v)
        self.outs.append((x, bytes(x)))
        return ctypes.byref(x)

    def mp_io(self, v):
        """A vc_mp input that is also the call's output (mp.h allows aliasing)."""
        m = Mp.of(v)
        self.outs.append((m, bytes(m)))
        return ctypes.byref(m)

    def mp_out(self):
        return ctypes.byref(self._sent(Mp()))

    def untouched(self):
        """The registered outputs whose bytes changed."""
        return [i for i, (o, before) in enumerate(self.outs) if bytes(o) != before]

    # inputs
    def buf(self, data):
        return ctypes.create_string_buffer(bytes(data), len(data))

    def zero(self, n=8192):
        return ctypes.create_string_buffer(n)

    def sym(self, name):
        return ctypes.c_void_p(ctypes.addressof(ctypes.c_char.in_dll(self.lib, name)))

    def hash(self, name="sha256"):
        return self.sym(f"vc_{name}_class")

    def mp(self, v):
        return ctypes.byref(Mp.of(v))

    def ctx(self, init, *args, final=None):
        """A context set up by `init` (and finalised by `final` when given)."""
        c = self.zero()
        assert getattr(self.lib, init)(c, *args) == 0, init
        if final:
            assert getattr(self.lib, final)(c, self.zero(64)) == 0, final
        return c

    def ks(self, setkey, key, *extra):
        return self.ctx(setkey, key, *extra)

    def drbg(self):
        d = Drbg()
        assert self.lib.vc_drbg_init(ctypes.byref(d), b"seed", SZ(4)) == 0
        return ctypes.byref(d)

    def hmac_ctx(self, final=False):
        c = self.zero()
        assert self.lib.vc_hmac_init(c, self.hash(), b"k", SZ(1)) == 0
        if final:
            assert self.lib.vc_hmac_final(c, self.zero(64)) == 0
        return c

    # public key
    def rsa_priv(self):
        n, e, d, p, q = material()["rsa"]
        k = RsaPriv()
        k.n, k.e, k.d, k.p, k.q = (Mp.of(v) for v in (n, e, d, p, q))
        assert self.lib.vc_rsa_priv_complete(ctypes.byref(k)) == 0
        return k

    def rsa_pub(self):
        n, e = material()["rsa"][:2]
        return RsaPub(Mp.of(n), Mp.of(e))

    @property
    def n(self):
        return material()["rsa"][0]

    @property
    def p512(self):
        return material()["p512"]

    def dsa(self, **over):
        v = dict(material()["dsa"], **over)
        return DsaParams(Mp.of(v["P"]), Mp.of(v["Q"]), Mp.of(v["G"]))

    @property
    def dsa_vals(self):
        return material()["dsa"]

    def mont(self, m=None):
        c = Mont()
        assert self.lib.vc_mont_init_var(ctypes.byref(c), self.mp(m or self.p512), None, None, None) == 0
        return ctypes.byref(c)

    def montu(self, limbs_=4):
        """The driver's emulation set up at limbs_ limbs (a fresh library: its state is global)."""
        lib = fresh_lib(self.lib)
        m = limbs((1 << (32 * limbs_)) - 189, limbs_)
        assert lib.vc_montu_setup_sw(SZ(limbs_), m) == 0
        return lib

    # elliptic curves
    @property
    def curve(self):
        from vexrun.native.ec import Curve
        return Curve(self.lib, self.curve_name)

    @property
    def cp(self):
        return self.curve.ptr

    def off_curve(self):
        c = self.curve
        x, y = c.xy(c.G)
        return c.point(x, y ^ 1)

    def neg_g(self):
        c = self.curve
        return c.mul(c.n - 1)[1]

    def scalar(self, v):
        return self.curve.scalar(v)

    def digest(self, n=32):
        return bytes(range(1, n + 1))

    def field(self, m=163):
        return self.sym(f"vc_gf2m_{m}")

    def elem(self, v=1):
        a = (ctypes.c_uint32 * 8)()
        a[0] = v
        return a

    def elem_out(self):
        return self._sent((ctypes.c_uint32 * 8)())


_FRESH = []   # kept loaded: a library unloaded while ctypes holds its functions would crash


def fresh_lib(lib):
    """A private copy of the library (its own globals): the Montgomery driver's session. The
    copy is removed once loaded (the mapping stays)."""
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory(prefix="vc-badinput-") as d:
        dst = Path(d) / f"libvexcrypt-{len(_FRESH)}.so"
        shutil.copy(lib._name, dst)
        _FRESH.append(ctypes.CDLL(str(dst)))
    return _FRESH[-1]


# ---------------------------------------------------------------------------------------------
# The list. Shorthands: N = VC_ERR_NULL etc.

N, LEN, ST, KEY, PAD, OV = api.VC_ERR_NULL, api.VC_ERR_LENGTH, api.VC_ERR_STATE, api.VC_ERR_KEYLEN, api.VC_ERR_PADDING, api.VC_ERR_OVERLAP
MOD, RNG, NOINV, VER, PAR, PT = api.VC_ERR_MODULUS, api.VC_ERR_RANGE, api.VC_ERR_NOINV, api.VC_ERR_VERIFY, api.VC_ERR_PARAM, api.VC_ERR_POINT

ANY_LEN = "any length is valid"
NOT_HOST = ("\\* not a symbol of the host library (the instruction, the unit, or static inline): its cases, if any, "
            "are listed, not run; the Montgomery driver's _hw and _sw forms share their argument checks "
            "(fw/drivers/mont.c), which the _sw cases run.")
KEY_CHECKED = "the key's modulus is checked with the key (vc_rsa_priv_complete)"
SETS_UP = "this call sets the context up: its prior contents do not matter"
MONT_UNTAGGED = "the context carries no tag: one from vc_mont_init or vc_mont_init_var is a precondition (mp.h)"
SET_OTHER = "returns nothing: a set outside vc_ec_set runs the optimized form (gf2m.h)"
NO_SET = len(ALL_SETS)          # VC_EC_NSETS: the first value that names no set
NO_CHECK = "returns void: valid arguments are a precondition (gf2m.h), not checked"
OK_REQ = {"op": "sha256", "msg": "616263"}      # the valid request after each bad one


def hash_fns(h, dlen):
    pre = f"vc_{h}"
    init, fin = f"{pre}_init", f"{pre}_final"
    return [
        Fn(f"{pre}_init", "hash.h", [C("null", "ctx NULL", N, lambda w, f: f(None))], na={"state": SETS_UP}),
        Fn(f"{pre}_update", "hash.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.msg, SZ(3))),
            C("null", "data NULL with len > 0", N, lambda w, f: f(w.ctx(init), None, SZ(3))),
            C("state", "ctx never initialised", ST, lambda w, f: f(w.zero(), w.msg, SZ(3))),
            C("state", "ctx already finalised", ST, lambda w, f: f(w.ctx(init, final=fin), w.msg, SZ(3))),
        ], na={"len0": ANY_LEN + " (0 with data NULL too)",
               "lenbig": "the stated message limit (2^61 - 1 bytes, or none) has no error code: out of reach "
                         "of a 32-bit size_t in any practical run"}),
        Fn(fin, "hash.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.out(dlen))),
            C("null", "out NULL", N, lambda w, f: f(w.ctx(init), None)),
            C("state", "ctx never initialised", ST, lambda w, f: f(w.zero(), w.out(dlen))),
            C("state", "ctx already finalised", ST, lambda w, f: f(w.ctx(init, final=fin), w.out(dlen))),
        ]),
        Fn(pre, "hash.h", [
            C("null", "data NULL with len > 0", N, lambda w, f: f(None, SZ(3), w.out(dlen))),
            C("null", "out NULL", N, lambda w, f: f(w.msg, SZ(3), None)),
        ], na={"len0": ANY_LEN, "lenbig": "no length limit with an error code (see update)"}),
    ]


def block_fns(setkey, enc, dec, key, blen, extra=(), keycases=(), ks_state=None):
    """A cipher's setkey and block functions. ks_state: the case of a key schedule that was
    never set up, for the ciphers that can tell."""
    fns = [Fn(setkey, "block.h", [
        C("null", "ks NULL", N, lambda w, f: f(None, key, *([SZ(len(key))] if keycases else []), *extra)),
        C("null", "key NULL", N, lambda w, f: f(w.obj(), None, *([SZ(len(key))] if keycases else []), *extra)),
        *keycases,
    ], na=dict({"state": SETS_UP}, **({"len0": "see key: keylen is the key's size", "lenbig": "see key: keylen is the key's size"}
                                      if keycases else {"key": f"the key is a fixed {len(key)}-byte array by type"})))]
    for name in (enc, dec):
        cases = [
            C("null", "ks NULL", N, lambda w, f: f(None, w.zero(blen), w.out(blen))),
            C("null", "in NULL", N, lambda w, f: f(w.ks(setkey, key, *([SZ(len(key))] if keycases else []), *extra), None, w.out(blen))),
            C("null", "out NULL", N, lambda w, f: f(w.ks(setkey, key, *([SZ(len(key))] if keycases else []), *extra), w.zero(blen), None)),
            C("overlap", "out = in + 1", OV, lambda w, f: _overlap(w, f, setkey, key, blen, extra, keycases)),
        ]
        na = {"len0": f"blocks are fixed {blen}-byte arrays by type", "lenbig": f"blocks are fixed {blen}-byte arrays",
              "block": f"blocks are fixed {blen}-byte arrays"}
        if ks_state:
            cases.append(C("state", "key schedule never set up (zeroed)", ST, lambda w, f: f(w.zero(), w.zero(blen), w.out(blen))))
        if ks_state in AES_OTHER:
            cases.append(C("state", "key schedule made by the other AES variant's setkey", ST,
                           lambda w, f, o=AES_OTHER[ks_state]: f(w.ks(o, bytes(16), SZ(16)), w.zero(blen), w.out(blen))))
        else:
            na["state"] = "the key schedule carries no tag: a schedule from setkey is a precondition"
        fns.append(Fn(name, "block.h", cases, na=na))
    return fns


def _overlap(w, f, setkey, key, blen, extra, keycases):
    ks = w.ks(setkey, key, *([SZ(len(key))] if keycases else []), *extra)
    b = w.zero(2 * blen)
    return f(ks, b, ctypes.byref(b, 1))


def _key_case(n, extra=(), op=None):
    """setkey with an n-byte key: VC_ERR_KEYLEN; through the oracle as cipher `op` in ECB."""
    req = {"op": op, "key": "00" * n, "mode": "ecb", "msg": "00" * 16} if op else None
    return C("key", f"{n}-byte key", KEY, lambda w, f: f(w.obj(), w.zero(max(64, n)), SZ(n), *extra),
             oracle=(req, f"key: {n} bytes; {op} ecb takes") if op else None)


AES_OTHER = {"tab": "vc_aes_ct_setkey", "ct": "vc_aes_tab_setkey_var"}
CIPHERS = {"des": ("vc_des_setkey", bytes(8), 8, False), "aes_tab": ("vc_aes_tab_setkey_var", bytes(16), 16, True)}


def mode_ks(w, cipher):
    setkey, key, _, has_len = CIPHERS[cipher]
    return w.ks(setkey, key, *([SZ(len(key))] if has_len else []))


def mode_fns():
    fns = []
    for name, iv in (("vc_ecb_encrypt", False), ("vc_ecb_decrypt", False), ("vc_cbc_encrypt", True),
                     ("vc_cbc_decrypt", True), ("vc_ctr_crypt", True)):
        ctr = name == "vc_ctr_crypt"

        def call(w, f, c="des", ks=True, iv_=True, inp=True, out=True, n=16, iv=iv, ctr=ctr, overlap=False):
            kss = mode_ks(w, c or "des") if ks is True else ks
            ivb = [w.zero(16) if iv_ else None] if iv else []
            data = w.zero(64)
            o = ctypes.byref(data, 1) if overlap else (w.out(64) if out else None)
            return f(w.sym("vc_" + c) if c else None, kss, *ivb, data if inp else None, o, SZ(n))

        cases = [
            C("null", "cipher NULL", N, lambda w, f, call=call: call(w, f, c=None)),
            C("null", "ks NULL", N, lambda w, f, call=call: call(w, f, ks=None)),
            C("null", "in NULL", N, lambda w, f, call=call: call(w, f, inp=False)),
            C("null", "out NULL", N, lambda w, f, call=call: call(w, f, out=False)),
            C("overlap", "out = in + 1", OV, lambda w, f, call=call: call(w, f, overlap=True)),
            C("state", "AES key schedule never set up (the cipher's error passes through)", ST,
              lambda w, f, call=call: call(w, f, c="aes_tab", ks=w.zero())),
        ]
        if iv:
            cases.append(C("null", "ctr NULL" if ctr else "iv NULL", N, lambda w, f, call=call: call(w, f, iv_=False)))
        na = {"lenbig": "no upper limit: any whole number of blocks"}
        if ctr:
            na["block"] = "CTR takes any length (the last keystream block is cut)"
            na["len0"] = ANY_LEN
        else:
            cases.append(C("block", "len = 13 (DES: 8-byte blocks)", LEN, lambda w, f, call=call: call(w, f, n=13),
                           oracle=({"op": "des", "key": "00" * 8, "mode": "ecb" if "ecb" in name else "cbc",
                                    **({} if "ecb" in name else {"iv": "00" * 8}),
                                    "dir": "dec" if "dec" in name else "enc", "msg": "00" * 13},
                                   "msg: 13 bytes; des " + ("ecb" if "ecb" in name else "cbc")
                                   + " takes whole 8-byte blocks")))
            na["len0"] = "0 bytes is zero blocks: valid, nothing written"
        fns.append(Fn(name, "modes.h", cases, na=na))
    fns += [
        Fn("vc_pkcs7_pad", "modes.h", [
            C("null", "buf NULL", N, lambda w, f: f(None, SZ(3), SZ(16), SZ(16), w.size(77))),
            C("null", "padded_len NULL", N, lambda w, f: f(w.out(16), SZ(3), SZ(16), SZ(16), None)),
            C("lenbig", "cap below len (len 20, cap 16)", LEN,
              lambda w, f: f(w.out(32), SZ(20), SZ(16), SZ(16), w.size(77))),
            C("lenbig", "cap too small for the padding (len 16, cap 16)", LEN,
              lambda w, f: f(w.out(16), SZ(16), SZ(16), SZ(16), w.size(77))),
            C("len0", "block_len 0", LEN, lambda w, f: f(w.out(16), SZ(3), SZ(16), SZ(0), w.size(77))),
            C("lenbig", "block_len 256", LEN, lambda w, f: f(w.out(512), SZ(3), SZ(512), SZ(256), w.size(77))),
        ], na={"block": "padding makes any length a multiple of the block"}),
        Fn("vc_pkcs7_unpad", "modes.h", [
            C("null", "buf NULL", N, lambda w, f: f(None, SZ(16), SZ(16), w.size(77))),
            C("null", "unpadded_len NULL", N, lambda w, f: f(w.zero(16), SZ(16), SZ(16), None)),
            C("len0", "len 0", LEN, lambda w, f: f(w.zero(16), SZ(0), SZ(16), w.size(77))),
            C("block", "len 15 with 16-byte blocks", LEN, lambda w, f: f(w.zero(16), SZ(15), SZ(16), w.size(77))),
            C("lenbig", "block_len 256", LEN, lambda w, f: f(w.zero(256), SZ(256), SZ(256), w.size(77))),
            C("sig", "last byte 0", PAD, lambda w, f: f(w.zero(16), SZ(16), SZ(16), w.size(77)),
              oracle=({"op": "aes_tab", "key": "00" * 16, "mode": "ecb", "dir": "dec", "pad": True,
                       "msg": "66e94bd4ef8a2c3b884cfa59ca342b2e"}, None)),
            C("sig", "last byte 17 > block_len", PAD, lambda w, f: f(w.buf(bytes(15) + b"\x11"), SZ(16), SZ(16), w.size(77))),
            C("sig", "padding bytes differ (..01 02)", PAD, lambda w, f: f(w.buf(bytes(14) + b"\x01\x02"), SZ(16), SZ(16), w.size(77))),
        ]),
    ]
    return fns


def _gcm(w, cipher="aes_tab"):
    """A GCM context over a fresh key schedule (kept alive by the World's outputs list)."""
    ks = mode_ks(w, cipher)
    g = w.zero(1024)
    assert w.lib.vc_gcm_init(g, w.sym("vc_" + cipher), ks) == 0
    w.keep = ks
    return g


GCM_REQ = {"op": "gcm", "key": "00" * 16, "iv": "00" * 12, "msg": "00" * 16}


def gcm_fns():
    """gcm.h: GHASH's key and forms, GCM's init, seal and open. seal and open share a call whose
    arguments each case replaces; open's tag is the real one unless the case changes it."""
    def call(w, f, op, ctx=True, iv=True, ivlen=12, aadlen=0, inp=True, out=True, n=32, tag=True, taglen=16,
             overlap=False):
        g = _gcm(w) if ctx is True else ctx
        data = w.zero(64)
        o = ctypes.byref(data, 1) if overlap else (w.out(64) if out else None)
        t = (w.out(16) if op == "seal" else w.zero(16)) if tag is True else tag
        return f(g, w.zero(16) if iv else None, SZ(ivlen), None, SZ(aadlen), data if inp else None, o, SZ(n),
                 t, SZ(taglen))

    fns = []
    for op in ("seal", "open"):
        def c(w, f, op=op, **kw):
            return call(w, f, op, **kw)
        cases = [
            C("null", "g NULL", N, lambda w, f, c=c: c(w, f, ctx=None)),
            C("null", "iv NULL", N, lambda w, f, c=c: c(w, f, iv=False)),
            C("null", "aad NULL, aadlen 1", N, lambda w, f, c=c: c(w, f, aadlen=1)),
            C("null", "in NULL", N, lambda w, f, c=c: c(w, f, inp=False)),
            C("null", "out NULL", N, lambda w, f, c=c: c(w, f, out=False)),
            C("null", "tag NULL", N, lambda w, f, c=c: c(w, f, tag=None)),
            C("state", "context never set up", ST, lambda w, f, c=c: c(w, f, ctx=w.zero(1024))),
            C("len0", "ivlen 0", LEN, lambda w, f, c=c: c(w, f, ivlen=0),
              oracle=(dict(GCM_REQ, iv="", dir="dec", tag="00" * 16), "iv: 0 bytes; gcm dec takes") if op == "open"
              else (dict(GCM_REQ, iv=""), "iv: 0 bytes; gcm enc takes")),
            C("len0", "taglen 3", LEN, lambda w, f, c=c: c(w, f, taglen=3),
              oracle=(dict(GCM_REQ, dir="dec", tag="00" * 3), "tag: 3 bytes; gcm dec takes") if op == "open" else
              (dict(GCM_REQ, taglen=3), "taglen: 3; gcm enc takes an integer 4..16")),
            C("lenbig", "ivlen 65537", LEN, lambda w, f, c=c: c(w, f, ivlen=65537)),
            C("lenbig", "taglen 17", LEN, lambda w, f, c=c: c(w, f, taglen=17)),
            C("lenbig", "len 2^36 - 31 (over 2^32 - 2 blocks; 64-bit host)", LEN,
              lambda w, f, c=c: c(w, f, n=(1 << 36) - 31)),
            C("overlap", "out = in + 1", OV, lambda w, f, c=c: c(w, f, overlap=True)),
        ]
        if op == "open":
            cases.append(C("sig", "a tag that does not verify (out untouched)", VER,
                           lambda w, f, c=c: c(w, f),
                           oracle=(dict(GCM_REQ, dir="dec", tag="00" * 16), None)))
        fns.append(Fn(f"vc_gcm_{op}", "gcm.h", cases,
                      na={"block": "any message length (the last block is cut)",
                          "key": "the key is the context's (vc_gcm_init's cipher)"}))
    fns.append(Fn("vc_gcm_init", "gcm.h", [
        C("null", "g NULL", N, lambda w, f: f(None, w.sym("vc_aes_tab"), mode_ks(w, "aes_tab"))),
        C("null", "c NULL", N, lambda w, f: f(w.out(1024), None, mode_ks(w, "aes_tab"))),
        C("null", "ks NULL", N, lambda w, f: f(w.out(1024), w.sym("vc_aes_tab"), None)),
        C("param", "c = vc_des (8-byte blocks)", PAR, lambda w, f: f(w.out(1024), w.sym("vc_des"), mode_ks(w, "des"))),
        C("state", "AES key schedule never set up (the cipher's error passes through)", ST,
          lambda w, f: f(w.out(1024), w.sym("vc_aes_tab"), w.zero())),
    ]))
    fns.append(Fn("vc_ghash_init", "gcm.h", [
        C("null", "k NULL", N, lambda w, f: f(None, w.zero(16))),
        C("null", "h NULL", N, lambda w, f: f(w.out(16), None)),
    ], na={"state": SETS_UP}))
    for name in ("vc_ghash", "vc_ghash_ct", "vc_ghash_clmul_sw", "vc_ghash_clmul_hw"):
        def key(w):
            k = w.zero(16)
            assert w.lib.vc_ghash_init(k, w.zero(16)) == 0
            return k
        fns.append(Fn(name, "gcm.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.out(16), w.zero(16), SZ(16))),
            C("null", "y NULL", N, lambda w, f, key=key: f(key(w), None, w.zero(16), SZ(16))),
            C("null", "data NULL, len 16", N, lambda w, f, key=key: f(key(w), w.out(16), None, SZ(16))),
        ], na={"state": "the key carries no tag: one from vc_ghash_init is a precondition (gcm.h)",
               "len0": ANY_LEN + " (0: y unchanged)", "lenbig": "no upper limit"},
            host=not name.endswith("_hw")))
    return fns


def stream_fns():
    return [
        Fn("vc_rc4_setkey", "stream.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.msg, SZ(3))),
            C("null", "key NULL", N, lambda w, f: f(w.obj(), None, SZ(3))),
            C("len0", "0-byte key", KEY, lambda w, f: f(w.obj(), w.msg, SZ(0)),
              oracle=({"op": "rc4", "key": "", "msg": "00"}, "key: 0 bytes; rc4 takes 1..256 bytes")),
            C("lenbig", "257-byte key", KEY, lambda w, f: f(w.obj(), w.zero(257), SZ(257))),
        ], na={"state": SETS_UP, "key": "see the lengths: the key length is the only key property"}),
        Fn("vc_rc4_crypt", "stream.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.msg, w.out(3), SZ(3))),
            C("null", "in NULL", N, lambda w, f: f(w.ctx("vc_rc4_setkey", b"k", SZ(1)), None, w.out(3), SZ(3))),
            C("null", "out NULL", N, lambda w, f: f(w.ctx("vc_rc4_setkey", b"k", SZ(1)), w.msg, None, SZ(3))),
            C("state", "ctx never keyed", ST, lambda w, f: f(w.zero(), w.msg, w.out(3), SZ(3))),
            C("overlap", "out = in + 1", OV, lambda w, f: (lambda b: f(w.ctx("vc_rc4_setkey", b"k", SZ(1)), b, ctypes.byref(b, 1), SZ(8)))(w.zero(16))),
        ], na={"len0": ANY_LEN, "lenbig": "no limit: the keystream continues"}),
        Fn("vc_seal_setkey", "stream.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.zero(20))),
            C("null", "key NULL", N, lambda w, f: f(w.obj(), None)),
        ], na={"state": SETS_UP, "key": "the key is a fixed 20-byte array by type"}),
        Fn("vc_seal_crypt", "stream.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, 0, w.msg, w.out(3), SZ(3))),
            C("null", "in NULL", N, lambda w, f: f(w.ctx("vc_seal_setkey", w.zero(20)), 0, None, w.out(3), SZ(3))),
            C("null", "out NULL", N, lambda w, f: f(w.ctx("vc_seal_setkey", w.zero(20)), 0, w.msg, None, SZ(3))),
            C("state", "ctx never keyed", ST, lambda w, f: f(w.zero(), 0, w.msg, w.out(3), SZ(3))),
            C("lenbig", "len = VC_SEAL_MAX_LEN + 1", LEN, lambda w, f: f(w.ctx("vc_seal_setkey", w.zero(20)), 0, w.zero(65537), w.out(65537), SZ(65537))),
            C("overlap", "out = in + 1", OV, lambda w, f: (lambda b: f(w.ctx("vc_seal_setkey", w.zero(20)), 0, b, ctypes.byref(b, 1), SZ(8)))(w.zero(16))),
        ], na={"len0": ANY_LEN}),
    ]


def drbg_fns():
    return [
        Fn("vc_hmac_init", "drbg.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.hash(), b"k", SZ(1))),
            C("null", "hash class NULL", N, lambda w, f: f(w.obj(), None, b"k", SZ(1))),
            C("null", "key NULL with keylen > 0", N, lambda w, f: f(w.obj(), w.hash(), None, SZ(1))),
            C("param", "a hash class larger than the context (block_len 128)", PAR, lambda w, f: f(w.obj(), _big_class(w), b"k", SZ(1))),
        ], na={"state": SETS_UP, "len0": "an empty key is valid", "lenbig": "a key longer than the block is hashed first",
               "key": "any key length is valid"}),
        Fn("vc_hmac_update", "drbg.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.msg, SZ(3))),
            C("null", "data NULL with len > 0", N, lambda w, f: f(w.hmac_ctx(), None, SZ(3))),
            C("state", "ctx already finalised", ST, lambda w, f: f(w.hmac_ctx(final=True), w.msg, SZ(3))),
            C("state", "ctx never initialised", ST, lambda w, f: f(w.zero(), w.msg, SZ(3))),
        ], na={"len0": ANY_LEN, "lenbig": ANY_LEN}),
        Fn("vc_hmac_final", "drbg.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.out(32))),
            C("null", "out NULL", N, lambda w, f: f(w.hmac_ctx(), None)),
            C("state", "ctx already finalised", ST, lambda w, f: f(w.hmac_ctx(final=True), w.out(32))),
            C("state", "ctx never initialised", ST, lambda w, f: f(w.zero(), w.out(32))),
        ]),
        Fn("vc_hmac", "drbg.h", [
            C("null", "hash class NULL", N, lambda w, f: f(None, b"k", SZ(1), w.msg, SZ(3), w.out(32))),
            C("null", "key NULL with keylen > 0", N, lambda w, f: f(w.hash(), None, SZ(1), w.msg, SZ(3), w.out(32))),
            C("null", "data NULL with len > 0", N, lambda w, f: f(w.hash(), b"k", SZ(1), None, SZ(3), w.out(32))),
            C("null", "out NULL", N, lambda w, f: f(w.hash(), b"k", SZ(1), w.msg, SZ(3), None)),
            C("param", "a hash class larger than the context", PAR, lambda w, f: f(_big_class(w), b"k", SZ(1), w.msg, SZ(3), w.out(64))),
        ], na={"len0": ANY_LEN, "lenbig": ANY_LEN, "key": "any key length is valid"}),
        Fn("vc_drbg_init", "drbg.h", [
            C("null", "d NULL", N, lambda w, f: f(None, b"s", SZ(1))),
            C("null", "seed NULL with len > 0", N, lambda w, f: f(w.obj(), None, SZ(1))),
        ], na={"state": SETS_UP, "len0": "an empty seed is valid (a deterministic generator)", "lenbig": ANY_LEN}),
        Fn("vc_drbg_generate", "drbg.h", [
            C("null", "d NULL", N, lambda w, f: f(None, w.out(8), SZ(8))),
            C("null", "out NULL with len > 0", N, lambda w, f: f(w.drbg(), None, SZ(8))),
            C("state", "generator never seeded", ST, lambda w, f: f(w.zero(), w.out(8), SZ(8))),
            C("lenbig", "65537 bytes", LEN, lambda w, f: f(w.drbg(), w.out(65537), SZ(65537))),
        ], na={"len0": "0 bytes is a valid request"}),
    ]


def _big_class(w):
    """A copy of vc_sha256_class claiming a 128-byte block: larger than vc_hmac_ctx holds."""
    raw = bytearray(ctypes.string_at(w.hash().value, 8 * ctypes.sizeof(ctypes.c_void_p)))
    ps = ctypes.sizeof(ctypes.c_void_p)
    raw[2 * ps:3 * ps] = (128).to_bytes(ps, sys.byteorder)     # block_len
    w._big = ctypes.create_string_buffer(bytes(raw), len(raw))
    return w._big


# The header's families; the list itself.
FNS = [
    *hash_fns("sha256", 32), *hash_fns("md2", 16), *hash_fns("md4", 16), *hash_fns("md5", 16), *hash_fns("sha1", 20),
    *block_fns("vc_des_setkey", "vc_des_encrypt", "vc_des_decrypt", bytes(8), 8),
    *block_fns("vc_des3_setkey", "vc_des3_encrypt", "vc_des3_decrypt", bytes(range(24)), 8,
               keycases=(_key_case(8, op="3des"), _key_case(20))),
    *block_fns("vc_aes_tab_setkey_var", "vc_aes_tab_encrypt_var", "vc_aes_tab_decrypt_var", bytes(16), 16,
               keycases=(_key_case(17, op="aes_tab"), _key_case(0)), ks_state="tab"),
    *block_fns("vc_aes_ct_setkey", "vc_aes_ct_encrypt", "vc_aes_ct_decrypt", bytes(16), 16,
               keycases=(_key_case(15, op="aes_ct"), _key_case(0)), ks_state="ct"),
    *block_fns("vc_rc5_setkey", "vc_rc5_encrypt", "vc_rc5_decrypt", bytes(16), 8, extra=(12,),
               keycases=(_key_case(256, (12,), op="rc5"),
                         C("key", "256 rounds", KEY, lambda w, f: f(w.obj(), w.zero(16), SZ(16), 256)))),
    *mode_fns(),
    *gcm_fns(),
    *stream_fns(),
    *drbg_fns(),
]


# ---- multiprecision (mp.h). The C names in one place, by a stable key (the oracle's "fn" name
# where it has one): a rename (a _var suffix gained or lost) is one line here.
MP = {
    "from_bytes": "vc_mp_from_bytes", "to_bytes": "vc_mp_to_bytes", "set_u32": "vc_mp_set_u32",
    "copy": "vc_mp_copy", "bits": "vc_mp_bits", "bit": "vc_mp_bit", "cmp": "vc_mp_cmp_var",
    "cmp_u32": "vc_mp_cmp_u32_var", "add": "vc_mp_add_var", "sub": "vc_mp_sub_var", "mul": "vc_mp_mul_var",
    "sqr": "vc_mp_sqr_var", "shl": "vc_mp_shl_var", "shr": "vc_mp_shr_var", "divmod": "vc_mp_divmod_var",
    "mod": "vc_mp_mod_var", "mod_add": "vc_mp_mod_add_var", "mod_sub": "vc_mp_mod_sub_var",
    "mod_mul": "vc_mp_mod_mul_var", "inv_euclid": "vc_mp_mod_inv_euclid_var",
    "inv_binary": "vc_mp_mod_inv_binary_var", "inv_binary_ct": "vc_mp_mod_inv_binary",
    "inv_start": "vc_mp_mod_inv_start",
    "gcd": "vc_mp_gcd_var", "mont_init": "vc_mont_init_var", "mont_mul": "vc_mont_mul_var",
    "mont_sqr": "vc_mont_sqr_var", "mont_modmul": "vc_mp_mont_modmul_var", "modexp": "vc_mp_modexp_var",
    "crt": "vc_mp_crt_var", "mont_mul_ct": "vc_mont_mul", "mont_init_ct": "vc_mont_init", "mont_sqr_ct": "vc_mont_sqr",
    "mont_modmul_ct": "vc_mp_mont_modmul", "mont_muladd": "vc_mp_mont_muladd", "modexp_ct": "vc_mp_modexp",
    "crt_ct": "vc_mp_crt",
}

CAP = 1 << 8192                 # VC_MP_CAP_BITS: the first value a vc_mp cannot hold
BIG = CAP - 1
TOPMOD = 1 << 4096               # the first modulus too large (VC_MP_MAX_BITS)
NORM = "normalisation (no leading zero limb) is a precondition of vc_mp (mp.h), not checked"


def hx(v):
    h = format(v, "x")
    return h if len(h) % 2 == 0 else "0" + h


def _mp_oracle(fn, expect_text=None, **ops):
    return ({"op": "mp", "fn": fn, **{k: (v if k == "s" else hx(v)) for k, v in ops.items()}}, expect_text)


def binop(key, extra_cases=(), na=None):
    """r = a op b: NULL in each position plus the given cases."""
    return Fn(MP[key], "mp.h", [
        C("null", "r NULL", N, lambda w, f: f(None, w.mp(3), w.mp(5))),
        C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None, w.mp(5))),
        C("null", "b NULL", N, lambda w, f: f(w.mp_out(), w.mp(3), None)),
        *extra_cases], na=na or {})


def modop(key, extra=(), na=None):
    """r = f(a, b, m) with a modulus: NULLs, zero and oversized moduli."""
    return Fn(MP[key], "mp.h", [
        C("null", "r NULL", N, lambda w, f: f(None, w.mp(3), w.mp(5), w.mp(7))),
        C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None, w.mp(5), w.mp(7))),
        C("null", "b NULL", N, lambda w, f: f(w.mp_out(), w.mp(3), None, w.mp(7))),
        C("null", "m NULL", N, lambda w, f: f(w.mp_out(), w.mp(3), w.mp(5), None)),
        C("mod", "m = 0", MOD, lambda w, f: f(w.mp_out(), w.mp(3), w.mp(5), w.mp(0)),
          oracle=_mp_oracle(key, f'm: "00" (zero); mp {key} takes', a=3, b=5, m=0)),
        C("mod", "m = 2^4096", MOD, lambda w, f: f(w.mp_out(), w.mp(3), w.mp(5), w.mp(TOPMOD))),
        *extra], na=na or ({} if any(c.cls == "int" for c in extra) else {"int": NORM}))


def invop(key, binary, ct=False, job=False):
    """r = a^-1 mod m; job: vc_mp_mod_inv_start, whose first argument is the job and whose
    NOINV comes from vc_mp_mod_inv_end."""
    first, out = ("j", lambda w: w.obj()) if job else ("r", lambda w: w.mp_out())
    cases = [
        C("null", f"{first} NULL", N, lambda w, f: f(None, w.mp(3), w.mp(7))),
        C("null", "a NULL", N, lambda w, f: f(out(w), None, w.mp(7))),
        C("null", "m NULL", N, lambda w, f: f(out(w), w.mp(3), None)),
        C("mod", "m = 0", MOD, lambda w, f: f(out(w), w.mp(3), w.mp(0))),
        C("mod", "m = 1", MOD, lambda w, f: f(out(w), w.mp(0), w.mp(1))),
        C("mod", "m = 2^4096 + 1", MOD, lambda w, f: f(out(w), w.mp(3), w.mp(TOPMOD + 1))),
    ]
    if not job:
        cases.append(C("int", "gcd(a, m) = 3", NOINV, lambda w, f: f(out(w), w.mp(6), w.mp(9)),
                       oracle=_mp_oracle(key, a=6, m=9)))
    if binary:
        cases.append(C("mod", "m even (12)", MOD, lambda w, f: f(out(w), w.mp(5), w.mp(12)),
                       oracle=None if job else _mp_oracle(key, f'm: "0c" (even); mp {key} takes', a=5, m=12)))
    if ct:
        cases.append(C("int", "a = m (not below m)", RNG, lambda w, f: f(out(w), w.mp(7), w.mp(7))))
    na = {"state": "this call sets the job up: its prior contents do not matter"} if job else {}
    return Fn(MP[key], "mp.h", cases, na=na)


MP_CFG_BAD = {"algo 7": dict(algo=7), "radix 0 with ALGO2": dict(algo=2, radix_bits=0),
              "radix 33 with ALGO3": dict(algo=3, radix_bits=33), "exp 5": dict(exp=5),
              "window 0 with VC_EXP_WINDOW": dict(exp=3, window=0), "window 7": dict(exp=3, window=7)}


def _cfg(**over):
    from vexrun.native.mp import cfg
    c = cfg(algo=2, radix_bits=32, sqr=1, exp=3, window=4)
    for k, v in over.items():
        setattr(c, k, v)
    return ctypes.byref(c)


def mp_fns():
    return [
        Fn(MP["from_bytes"], "mp.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.msg, SZ(3))),
            C("null", "in NULL with len > 0", N, lambda w, f: f(w.mp_out(), None, SZ(3))),
            C("lenbig", "1025 bytes, top byte 1 (over VC_MP_CAP_BITS)", RNG, lambda w, f: f(w.mp_out(), w.buf(b"\x01" + bytes(1024)), SZ(1025))),
        ], na={"len0": "0 bytes is the number 0", "int": "any byte string is a canonical big-endian integer (leading zeros allowed)"}),
        Fn(MP["to_bytes"], "mp.h", [
            C("null", "a NULL", N, lambda w, f: f(None, w.out(8), SZ(8))),
            C("null", "out NULL", N, lambda w, f: f(w.mp(1), None, SZ(8))),
            C("len0", "len 0 for a = 1", LEN, lambda w, f: f(w.mp(1), w.out(8), SZ(0))),
            C("int", "a = 2^64 into 8 bytes", LEN, lambda w, f: f(w.mp(1 << 64), w.out(8), SZ(8))),
        ], na={"lenbig": "a longer output is zero-padded"}),
        Fn(MP["set_u32"], "mp.h", [C("null", "r NULL", N, lambda w, f: f(None, 5))],
           na={"int": "every uint32_t is valid"}),
        Fn(MP["copy"], "mp.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.mp(5))),
            C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None))], na={"int": NORM}),
        Fn(MP["bits"], "mp.h", [C("null", "a NULL (counts as zero: returns 0)", 0, lambda w, f: f(None))], ret="size",
           na={"int": NORM}),
        Fn(MP["bit"], "mp.h", [C("null", "a NULL (counts as zero: returns 0)", 0, lambda w, f: f(None, SZ(0)))],
           ret="val", na={"len0": "bit index 0 is valid", "lenbig": "a bit index beyond the top reads 0 (documented)", "int": NORM}),
        Fn(MP["cmp"], "mp.h", [
            C("null", "a NULL (compares as zero: 0 vs 5 gives -1)", -1, lambda w, f: f(None, w.mp(5))),
            C("null", "b NULL (compares as zero: 5 vs 0 gives 1)", 1, lambda w, f: f(w.mp(5), None))], ret="val", na={"int": NORM}),
        Fn(MP["cmp_u32"], "mp.h", [
            C("null", "a NULL (compares as zero: 0 vs 5 gives -1)", -1, lambda w, f: f(None, 5))], ret="val", na={"int": NORM}),
        binop("add", [C("int", "(2^8192 - 1) + 1 exceeds the capacity", RNG, lambda w, f: f(w.mp_out(), w.mp(BIG), w.mp(1)),
                                   oracle=_mp_oracle("add", a=BIG, b=1)),
                         C("int", "the same with r aliasing a", RNG, lambda w, f: (lambda a: f(a, a, w.mp(1)))(w.mp_io(BIG)))]),
        binop("sub", [C("int", "a < b (3 - 5: no negative numbers)", RNG, lambda w, f: f(w.mp_out(), w.mp(3), w.mp(5)),
                                   oracle=_mp_oracle("sub", a=3, b=5)),
                         C("int", "the same with r aliasing b", RNG, lambda w, f: (lambda b: f(b, w.mp(3), b))(w.mp_io(5)))]),
        binop("mul", [C("int", "2^4096 * 2^4096 exceeds the capacity", RNG, lambda w, f: f(w.mp_out(), w.mp(TOPMOD), w.mp(TOPMOD)),
                                   oracle=_mp_oracle("mul", a=TOPMOD, b=TOPMOD))]),
        Fn(MP["sqr"], "mp.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.mp(3))),
            C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None)),
            C("int", "(2^4096)^2 exceeds the capacity", RNG, lambda w, f: f(w.mp_out(), w.mp(TOPMOD)),
              oracle=_mp_oracle("sqr", a=TOPMOD))]),
        Fn(MP["shl"], "mp.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.mp(3), SZ(1))),
            C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None, SZ(1))),
            C("lenbig", "1 << 8192 exceeds the capacity", RNG, lambda w, f: f(w.mp_out(), w.mp(1), SZ(8192)),
              oracle=_mp_oracle("shl", a=1, s=8192))], na={"len0": "a shift by 0 is a copy"}),
        Fn(MP["shr"], "mp.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.mp(3), SZ(1))),
            C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None, SZ(1)))],
           na={"len0": "a shift by 0 is a copy", "lenbig": "any shift is valid (the result is 0)"}),
        Fn(MP["divmod"], "mp.h", [
            C("null", "a NULL", N, lambda w, f: f(w.mp_out(), w.mp_out(), None, w.mp(7))),
            C("null", "m NULL", N, lambda w, f: f(w.mp_out(), w.mp_out(), w.mp(3), None)),
            C("mod", "m = 0 (division by zero)", MOD, lambda w, f: f(w.mp_out(), w.mp_out(), w.mp(3), w.mp(0)),
              oracle=_mp_oracle("divmod", 'm: "00" (zero); mp divmod takes', a=3, m=0)),
            C("overlap", "q == rem", OV, lambda w, f: (lambda o: f(o, o, w.mp(3), w.mp(7)))(w.mp_out())),
        ], na={"int": NORM}),
        Fn(MP["mod"], "mp.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.mp(3), w.mp(7))),
            C("null", "a NULL", N, lambda w, f: f(w.mp_out(), None, w.mp(7))),
            C("null", "m NULL", N, lambda w, f: f(w.mp_out(), w.mp(3), None)),
            C("mod", "m = 0", MOD, lambda w, f: f(w.mp_out(), w.mp(3), w.mp(0)), oracle=_mp_oracle("mod", 'm: "00" (zero); mp mod takes', a=3, m=0)),
        ], na={"int": NORM}),
        modop("mod_add", [C("int", "a = m (not below m)", RNG, lambda w, f: f(w.mp_out(), w.mp(7), w.mp(1), w.mp(7)),
                                oracle=_mp_oracle("mod_add", a=7, b=1, m=7)),
                              C("int", "a = m with r aliasing a", RNG, lambda w, f: (lambda a: f(a, a, w.mp(1), w.mp(7)))(w.mp_io(7))),
                              C("int", "b > m", RNG, lambda w, f: f(w.mp_out(), w.mp(1), w.mp(9), w.mp(7)))]),
        modop("mod_sub", [C("int", "a = m (not below m)", RNG, lambda w, f: f(w.mp_out(), w.mp(7), w.mp(1), w.mp(7)),
                                oracle=_mp_oracle("mod_sub", a=7, b=1, m=7))]),
        modop("mod_mul", na={"int": "any a, b: reduced first (documented)"}),
        invop("inv_euclid", binary=False),
        invop("inv_binary", binary=True),
        invop("inv_binary_ct", binary=True, ct=True),
        invop("inv_start", binary=True, ct=True, job=True),
        Fn("vc_mp_mod_inv_slice", "mp.h", [
            C("null", "j NULL", N, lambda w, f: f(None)),
            C("state", "job never started (zeroed)", ST, lambda w, f: f(w.zero())),
        ], ret="val"),
        Fn("vc_mp_mod_inv_end", "mp.h", [
            C("null", "j NULL", N, lambda w, f: f(None, w.mp_out())),
            C("null", "r NULL", N, lambda w, f: f(w.zero(), None)),
            C("state", "job never started (zeroed)", ST, lambda w, f: f(w.zero(), w.mp_out())),
        ]),
        binop("gcd", na={"int": "any a, b (gcd(0, 0) = 0)"}),
        *[Fn(MP[key], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.mp(7), None, None, None)),
            C("null", "m NULL", N, lambda w, f: f(w.obj(), None, None, None, None)),
            C("mod", "m = 0", MOD, lambda w, f: f(w.obj(), w.mp(0), None, None, None)),
            # The oracle's requests set up by vc_mont_init_var (public moduli): the _var row only.
            C("mod", "m = 1", MOD, lambda w, f: f(w.obj(), w.mp(1), None, None, None),
              oracle=({"op": "montmul", "m": "01", "a": "00", "b": "00"}, 'm: "01" (1 bit); montmul takes') if key == "mont_init"
              else None),
            C("mod", "m even", MOD, lambda w, f: f(w.obj(), w.mp(1 << 100), None, None, None),
              oracle=({"op": "modexp", "m": hx(1 << 100), "a": "03", "e": "05"}, "(even); modexp takes")
              if key == "mont_init" else None),
            C("mod", "m = 2^4096 + 1", MOD, lambda w, f: f(w.obj(), w.mp(TOPMOD + 1), None, None, None)),
            *[C("param", f"cfg {k}", PAR, lambda w, f, v=v: f(w.obj(), w.mp(7), _cfg(**v), None, None)) for k, v in MP_CFG_BAD.items()],
        ], na={"state": SETS_UP}) for key in ("mont_init", "mont_init_ct")],
        *[Fn(name, "mp.h", [C("null", "ctx NULL (returns 0)", 0, lambda w, f: f(None))],
             na={"state": MONT_UNTAGGED}, ret="size") for name in ("vc_mont_limbs", "vc_mont_r_bits")],
        Fn("vc_mont_forget", "mp.h", [], ret="void", na={"state": "no arguments: any time, the next set-ups are first ones"}),
        Fn("vc_mp_cache_counts", "mp.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.out(4), w.out(4))),
            C("null", "hits NULL", N, lambda w, f: f(ctypes.byref(Cache()), None, w.out(4))),
            C("null", "misses NULL", N, lambda w, f: f(ctypes.byref(Cache()), w.out(4), None)),
        ]),
        *[Fn(MP[key], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.zero(512), w.zero(512), w.zero(512))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.zero(512), w.zero(512))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.out(512), None, w.zero(512))),
            C("null", "b NULL", N, lambda w, f: f(w.mont(), w.out(512), w.zero(512), None)),
        ], na={"state": MONT_UNTAGGED, "int": "a, b < m is a precondition (mp.h: not checked, for speed)"})
          for key in ("mont_mul", "mont_mul_ct")],
        *[Fn(MP[key], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.zero(512), w.zero(512))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.zero(512))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.out(512), None)),
        ], na={"state": MONT_UNTAGGED, "int": "a < m is a precondition (mp.h: not checked, for speed)"})
          for key in ("mont_sqr", "mont_sqr_ct")],
        *[Fn(MP[key], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(3), w.mp(5))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.mp(3), w.mp(5))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.mp_out(), None, w.mp(5))),
            C("null", "b NULL", N, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), None)),
        ], na={"state": MONT_UNTAGGED, "int": "any a, b: reduced first (documented)", "mod": "the modulus was checked by the set-up (vc_mont_init or _var)"})
          for key in ("mont_modmul_ct",)],
        Fn(MP["mont_muladd"], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(3), w.mp(5), w.mp(7))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.mp(3), w.mp(5), w.mp(7))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.mp_out(), None, w.mp(5), w.mp(7))),
            C("null", "b NULL", N, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), None, w.mp(7))),
            C("null", "d NULL", N, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), w.mp(5), None)),
        ], na={"state": MONT_UNTAGGED, "int": "any a, b, d: reduced first (documented)", "mod": "the modulus was checked by the set-up (vc_mont_init or _var)"}),
        Fn(MP["modexp_ct"], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(3), w.mp(5), SZ(8))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.mp(3), w.mp(5), SZ(8))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.mp_out(), None, w.mp(5), SZ(8))),
            C("null", "e NULL", N, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), None, SZ(8))),
            C("int", "e not below 2^ebits (5 with ebits 2)", RNG, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), w.mp(5), SZ(2))),
            C("lenbig", "ebits 4097 (over VC_MP_MAX_BITS)", RNG, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), w.mp(5), SZ(4097))),
        ], na={"state": MONT_UNTAGGED, "mod": "the modulus was checked by the set-up (vc_mont_init or _var)", "len0": "ebits 0 is valid: e = 0, a^0 = 1"}),
        Fn(MP["mont_modmul"], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(3), w.mp(5))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.mp(3), w.mp(5))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.mp_out(), None, w.mp(5))),
            C("null", "b NULL", N, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), None)),
        ], na={"state": MONT_UNTAGGED, "int": "any a, b: reduced first (documented)", "mod": "the modulus was checked by the set-up (vc_mont_init or _var)"}),
        Fn(MP["modexp"], "mp.h", [
            C("null", "ctx NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(3), w.mp(5))),
            C("null", "r NULL", N, lambda w, f: f(w.mont(), None, w.mp(3), w.mp(5))),
            C("null", "a NULL", N, lambda w, f: f(w.mont(), w.mp_out(), None, w.mp(5))),
            C("null", "e NULL", N, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), None)),
            C("int", "e of 4097 bits (over VC_MP_MAX_BITS)", RNG, lambda w, f: f(w.mont(), w.mp_out(), w.mp(3), w.mp(TOPMOD)),
              oracle=({"op": "modexp", "m": hx(material()["p512"]), "a": "03", "e": hx(TOPMOD)}, None)),
        ], na={"state": MONT_UNTAGGED, "mod": "the modulus was checked by the set-up (vc_mont_init or _var)"}),
        Fn(MP["crt"], "mp.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_crt_args(w, i), 1)) for i, a in enumerate(("x", "xp", "xq", "p", "q", "qinv"))],
            C("null", "pinv NULL with VC_CRT_SRC", N, lambda w, f: f(*_crt_args(w, 6), 2)),
            C("param", "algo 3", PAR, lambda w, f: f(*_crt_args(w), 3)),
            C("mod", "p = 0", MOD, lambda w, f: f(*_crt_args(w, p=0), 1)),
            C("mod", "q = 0", MOD, lambda w, f: f(*_crt_args(w, q=0), 1)),
            C("int", "xp = p (not below p)", RNG, lambda w, f: f(*_crt_args(w, xp=11), 1)),
            C("int", "xq > q", RNG, lambda w, f: f(*_crt_args(w, xq=20), 1)),
        ]),
        Fn(MP["crt_ct"], "mp.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_crt_ct_args(w, i))) for i, a in enumerate(("cp", "x", "xp", "xq", "q", "qinv"))],
            C("mod", "q = 0", MOD, lambda w, f: f(*_crt_ct_args(w, q=0))),
            C("int", "xp with more limbs than p", RNG, lambda w, f: f(*_crt_ct_args(w, xp=1 << 600))),
            C("int", "xq with more limbs than q", RNG, lambda w, f: f(*_crt_ct_args(w, xq=1 << 40))),
        ], na={"state": MONT_UNTAGGED, "param": "Garner's form only: no algorithm to choose"}),
    ]


def _crt_ct_args(w, null=None, **over):
    """cp (p's context, p = the 512-bit prime), x, xp, xq, q, qinv for q = 7, argument `null`
    as NULL."""
    v = dict(xp=3, xq=2, q=7, qinv=1)
    v.update(over)
    args = [w.mont(), w.mp_out()] + [w.mp(v[k]) for k in ("xp", "xq", "q", "qinv")]
    if null is not None:
        args[null] = None
    return args


def _crt_args(w, null=None, **over):
    """x, xp, xq, p, q, qinv, pinv for p = 11, q = 7 (x = 30), argument `null` as NULL."""
    v = dict(xp=8, xq=2, p=11, q=7, qinv=8, pinv=2, **{})
    v.update(over)
    args = [w.mp_out()] + [w.mp(v[k]) for k in ("xp", "xq", "p", "q", "qinv", "pinv")]
    if null is not None:
        args[null] = None
    return args


# ---- public key (pk.h)
def _rsa_oracle(fn, **kw):
    n, e, d, p, q = material()["rsa"]
    req = {"op": "rsa", "fn": fn, "n": hx(n), "e": hx(e)}
    if fn in ("private", "sign", "decrypt"):
        req.update(d=hx(d), p=hx(p), q=hx(q))
    req.update(kw)
    return req


def _pk_ref(x):
    return ctypes.byref(x)


def pk_fns():
    D = "the digest's length is h->digest_len by the hash class"
    return [
        Fn("vc_mp_random_below", "pk.h", [
            C("null", "r NULL", N, lambda w, f: f(None, w.mp(7), w.drbg())),
            C("null", "bound NULL", N, lambda w, f: f(w.mp_out(), None, w.drbg())),
            C("null", "rng NULL", N, lambda w, f: f(w.mp_out(), w.mp(7), None)),
            C("int", "bound 0", RNG, lambda w, f: f(w.mp_out(), w.mp(0), w.drbg())),
            C("state", "rng never seeded", ST, lambda w, f: f(w.mp_out(), w.mp(7), w.zero())),
        ]),
        Fn("vc_mp_is_prime_var", "pk.h", [
            C("null", "a NULL", N, lambda w, f: f(None, 5, w.drbg(), None)),
            C("null", "rng NULL", N, lambda w, f: f(w.mp(101), 5, None, None)),
            C("param", "rounds 0", PAR, lambda w, f: f(w.mp(101), 0, w.drbg(), None)),
            C("int", "a of 4097 bits", RNG, lambda w, f: f(w.mp(TOPMOD + 1), 5, w.drbg(), None)),
            C("state", "rng never seeded (a = 2^127 - 1: past trial division)", ST, lambda w, f: f(w.mp((1 << 127) - 1), 5, w.zero(), None)),
        ]),
        Fn("vc_rsa_keygen", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, SZ(512), 65537, w.drbg(), None)),
            C("null", "rng NULL", N, lambda w, f: f(w.obj(), SZ(512), 65537, None, None)),
            C("param", "bits 255 (< 256)", PAR, lambda w, f: f(w.obj(), SZ(255), 65537, w.drbg(), None),
              oracle=({"op": "rsa", "fn": "keygen", "bits": 255, "e": 65537, "seed": "00"}, "bits: 255; rsa keygen takes")),
            C("param", "bits 513 (odd)", PAR, lambda w, f: f(w.obj(), SZ(513), 65537, w.drbg(), None),
              oracle=({"op": "rsa", "fn": "keygen", "bits": 513, "e": 65537, "seed": "00"}, "bits: 513; rsa keygen takes")),
            C("param", "bits 4098 (> VC_MP_MAX_BITS)", PAR, lambda w, f: f(w.obj(), SZ(4098), 65537, w.drbg(), None)),
            C("param", "e even (65536)", PAR, lambda w, f: f(w.obj(), SZ(512), 65536, w.drbg(), None),
              oracle=({"op": "rsa", "fn": "keygen", "bits": 512, "e": 65536, "seed": "00"}, "e: 65536; rsa keygen takes")),
            C("param", "e = 1", PAR, lambda w, f: f(w.obj(), SZ(512), 1, w.drbg(), None)),
            C("param", "cfg algo 7", PAR, lambda w, f: f(w.obj(), SZ(512), 65537, w.drbg(), _cfg(algo=7))),
            C("state", "rng never seeded", ST, lambda w, f: f(w.obj(), SZ(512), 65537, w.zero(), None)),
        ], na={"len0": "bits: see param (bits 0 is below 256)", "lenbig": "bits: see param"}),
        Fn("vc_rsa_pub_from_priv", "pk.h", [
            C("null", "pub NULL", N, lambda w, f: f(None, _pk_ref(w.rsa_priv()))),
            C("null", "k NULL", N, lambda w, f: f(w.obj(), None)),
        ], na={"int": "copies n and e; vc_rsa_priv_complete checks a key"}),
        Fn("vc_rsa_priv_complete", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None)),
            C("int", "d off by 2", RNG, lambda w, f: f(_pk_ref(_bad_priv(w, d=2)))),
            C("int", "n != p q", RNG, lambda w, f: f(_pk_ref(_bad_priv(w, n=2)))),
        ]),
        Fn("vc_rsa_public", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(5), None)),
            C("null", "out NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), None, w.mp(5), None)),
            C("null", "in NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), w.mp_out(), None, None)),
            C("int", "in = n", RNG, lambda w, f: f(_pk_ref(w.rsa_pub()), w.mp_out(), w.mp(w.n), None),
              oracle=(_rsa_oracle("public", msg=hx(material()["rsa"][0])), "msg: not below n; rsa public takes")),
            C("mod", "n even", MOD, lambda w, f: f(_pk_ref(RsaPub(Mp.of(w.n + 1), Mp.of(65537))), w.mp_out(), w.mp(5), None),
              oracle=({"op": "rsa", "fn": "public", "n": hx(material()["rsa"][0] + 1), "e": "010001", "msg": "05"},
                      "(even); rsa public takes")),
            C("param", "cfg algo 7", PAR, lambda w, f: f(_pk_ref(w.rsa_pub()), w.mp_out(), w.mp(5), _cfg(algo=7))),
        ]),
        Fn("vc_rsa_private", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.mp_out(), w.mp(5), 1, None)),
            C("null", "out NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), None, w.mp(5), 1, None)),
            C("null", "in NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), w.mp_out(), None, 1, None)),
            C("int", "in = n", RNG, lambda w, f: f(_pk_ref(w.rsa_priv()), w.mp_out(), w.mp(w.n), 1, None),
              oracle=(_rsa_oracle("private", msg=hx(material()["rsa"][0])), "msg: not below n; rsa private takes")),
            C("param", "crt 3", PAR, lambda w, f: f(_pk_ref(w.rsa_priv()), w.mp_out(), w.mp(5), 3, None)),
            C("int", "faulty key (dp changed after the check): result withheld", api.VC_ERR_FAULT,
              lambda w, f: f(_pk_ref(_bad_priv(w, dp=4, complete=False)), w.mp_out(), w.mp(5), 1, None),
              oracle=(_rsa_oracle("private", msg="05", fault="dp"), None)),
        ], na={"mod": KEY_CHECKED}),
        Fn("vc_rsa_block", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, 0, 0, w.buf(bytes(8)), SZ(8), SZ(64), w.out(128), SZ(128), None, None, None)),
            C("null", "in NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 0, None, SZ(8), SZ(64), w.out(128), SZ(128), None, None, None)),
            C("null", "out NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 0, w.buf(bytes(8)), SZ(8), SZ(64), None, SZ(128), None, None, None)),
            C("len0", "len 0", LEN, lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 0, w.buf(bytes(8)), SZ(0), SZ(64), w.out(128), SZ(128), None, None, None),
              oracle=(_rsa_oracle("block", msg="", block=64), "msg: 0 bytes; rsa block takes")),
            C("lenbig", "outlen 256 for one block (128: the modulus length)", LEN,
              lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 0, w.buf(bytes(8)), SZ(8), SZ(64), w.out(256), SZ(256), None, None, None)),
            C("param", "block_bits 36 (not a multiple of 8)", PAR,
              lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 0, w.buf(bytes(8)), SZ(8), SZ(36), w.out(256), SZ(256), None, None, None),
              oracle=(_rsa_oracle("block", msg="00" * 8, block=36), "block: 36; rsa block takes")),
            C("param", "block_bits 1024 (not below the modulus's bits)", PAR,
              lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 0, w.buf(bytes(8)), SZ(8), SZ(1024), w.out(128), SZ(128), None, None, None)),
            C("param", "private 2", PAR, lambda w, f: f(_pk_ref(w.rsa_priv()), 2, 0, w.buf(bytes(8)), SZ(8), SZ(64), w.out(128), SZ(128), None, None, None)),
            C("param", "crt 3", PAR, lambda w, f: f(_pk_ref(w.rsa_priv()), 1, 3, w.buf(bytes(8)), SZ(8), SZ(64), w.out(128), SZ(128), None, None, None),
              oracle=(_rsa_oracle("block", msg="00" * 8, crt="crt"), 'crt: "crt"; rsa block takes')),
            C("param", "a public exponent through the CRT without cfg.var", PAR,
              lambda w, f: f(_pk_ref(w.rsa_priv()), 0, 2, w.buf(bytes(8)), SZ(8), SZ(64), w.out(128), SZ(128), None, None, None),
              oracle=(_rsa_oracle("block", msg="00" * 8, crt="src", d=hx(material()["rsa"][2]), p=hx(material()["rsa"][3]),
                                  q=hx(material()["rsa"][4])), 'crt: "src"; rsa block takes')),
            C("overlap", "out = in + 8 (an output block outgrows its input block)", OV,
              lambda w, f: (lambda b: f(_pk_ref(w.rsa_priv()), 0, 0, b, SZ(16), SZ(64), ctypes.byref(b, 8), SZ(256),
                                        None, None, None))(w.zero(300))),
            C("mod", "n even", MOD, lambda w, f: f(_pk_ref(_bad_priv(w, n=1)), 0, 0, w.buf(bytes(8)), SZ(8), SZ(64), w.out(128), SZ(128), None, None, None),
              oracle=({"op": "rsa", "fn": "block", "n": hx(material()["rsa"][0] + 1), "e": "010001", "msg": "05"},
                      "(even); rsa block takes")),
        ], na={"int": "a block is below 2^block_bits, below n; a faulty key: VC_ERR_FAULT with out zeroed "
                      "(tests/host/test_rsa_block.py)"}),
        Fn("vc_rsa_pkcs1_sign", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.hash(), w.digest(), w.out(128), SZ(128), 1, None)),
            C("null", "h NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), None, w.digest(), w.out(128), SZ(128), 1, None)),
            C("null", "digest NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), w.hash(), None, w.out(128), SZ(128), 1, None)),
            C("null", "sig NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), w.hash(), w.digest(), None, SZ(128), 1, None)),
            C("len0", "siglen 0", LEN, lambda w, f: f(_pk_ref(w.rsa_priv()), w.hash(), w.digest(), w.out(128), SZ(0), 1, None)),
            C("lenbig", "siglen 129 (modulus 128 bytes)", LEN, lambda w, f: f(_pk_ref(w.rsa_priv()), w.hash(), w.digest(), w.out(129), SZ(129), 1, None)),
            C("param", "hash without a DigestInfo (MD4)", PAR, lambda w, f: f(_pk_ref(w.rsa_priv()), w.hash("md4"), w.digest(), w.out(128), SZ(128), 1, None),
              oracle=(_rsa_oracle("sign", hash="md4", digest="00" * 16), 'hash: "md4"; rsa sign takes')),
            C("mod", "a 256-bit modulus: too short for SHA-256's DigestInfo", LEN,
              lambda w, f: f(_pk_ref(_small_priv(w)), w.hash(), w.digest(), w.out(32), SZ(32), 1, None)),
        ], na={"int": "the key was checked by vc_rsa_priv_complete"}),
        Fn("vc_rsa_pkcs1_sign_raw", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.digest(), SZ(20), w.out(128), SZ(128), 1, None)),
            C("null", "t NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), None, SZ(20), w.out(128), SZ(128), 1, None)),
            C("null", "sig NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), w.digest(), SZ(20), None, SZ(128), 1, None)),
            C("len0", "tlen 0", LEN, lambda w, f: f(_pk_ref(w.rsa_priv()), w.digest(), SZ(0), w.out(128), SZ(128), 1, None)),
            C("lenbig", "tlen 118 (over modulus bytes - 11)", LEN,
              lambda w, f: f(_pk_ref(w.rsa_priv()), w.buf(bytes(118)), SZ(118), w.out(128), SZ(128), 1, None)),
            C("lenbig", "siglen 129 (modulus 128 bytes)", LEN,
              lambda w, f: f(_pk_ref(w.rsa_priv()), w.digest(), SZ(20), w.out(129), SZ(129), 1, None)),
        ], na={"int": "the key was checked by vc_rsa_priv_complete"}),
        Fn("vc_rsa_pkcs1_verify_raw", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.digest(), SZ(20), w.zero(128), SZ(128), None)),
            C("null", "t NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), None, SZ(20), w.zero(128), SZ(128), None)),
            C("null", "sig NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), w.digest(), SZ(20), None, SZ(128), None)),
            C("len0", "tlen 0", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.digest(), SZ(0), w.zero(128), SZ(128), None)),
            C("lenbig", "siglen 129", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.digest(), SZ(20), w.zero(129), SZ(129), None)),
            C("sig", "signature 1 (a malformed block)", VER,
              lambda w, f: f(_pk_ref(w.rsa_pub()), w.digest(), SZ(20), w.buf(bytes(127) + b"\x01"), SZ(128), None)),
            C("int", "signature >= n", VER,
              lambda w, f: f(_pk_ref(w.rsa_pub()), w.digest(), SZ(20), w.buf(b"\xff" * 128), SZ(128), None)),
            C("mod", "a modulus of 4104 bits (over VC_MP_MAX_BITS)", MOD,
              lambda w, f: f(_pk_ref(RsaPub(Mp.of((1 << 4103) + 1), Mp.of(65537))), w.digest(), SZ(20), w.zero(513), SZ(513), None)),
        ]),
        Fn("vc_rsa_pkcs1_verify", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.hash(), w.digest(), w.zero(128), SZ(128), None)),
            C("null", "h NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), None, w.digest(), w.zero(128), SZ(128), None)),
            C("null", "digest NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash(), None, w.zero(128), SZ(128), None)),
            C("null", "sig NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash(), w.digest(), None, SZ(128), None)),
            C("len0", "siglen 0", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash(), w.digest(), w.zero(128), SZ(0), None)),
            C("lenbig", "siglen 129", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash(), w.digest(), w.zero(129), SZ(129), None),
              oracle=(_rsa_oracle("verify", hash="sha256", digest=bytes(range(1, 33)).hex(), sig="00" * 129),
                      "sig: 129 bytes; rsa verify takes 128 bytes")),
            C("sig", "signature 1 (a malformed block)", VER, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash(), w.digest(), w.buf(bytes(127) + b"\x01"), SZ(128), None),
              oracle=(_rsa_oracle("verify", hash="sha256", digest=bytes(range(1, 33)).hex(), sig="00" * 127 + "01"), {"valid": False})),
            C("int", "signature >= n", VER, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash(), w.digest(), w.buf(b"\xff" * 128), SZ(128), None),
              oracle=(_rsa_oracle("verify", hash="sha256", digest=bytes(range(1, 33)).hex(), sig="ff" * 128), {"valid": False})),
            C("param", "hash without a DigestInfo (MD4)", PAR, lambda w, f: f(_pk_ref(w.rsa_pub()), w.hash("md4"), w.digest(), w.zero(128), SZ(128), None)),
            C("mod", "a 256-bit modulus: too short for SHA-256's DigestInfo", LEN,
              lambda w, f: f(_pk_ref(_small_pub(w)), w.hash(), w.digest(), w.zero(32), SZ(32), None)),
            C("mod", "a modulus of 4104 bits (over VC_MP_MAX_BITS)", MOD,
              lambda w, f: f(_pk_ref(RsaPub(Mp.of((1 << 4103) + 1), Mp.of(65537))), w.hash(), w.digest(), w.zero(513), SZ(513), None)),
        ]),
        Fn("vc_rsa_pkcs1_encrypt", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.drbg(), w.msg, SZ(3), w.out(128), SZ(128), None)),
            C("null", "rng NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), None, w.msg, SZ(3), w.out(128), SZ(128), None)),
            C("null", "msg NULL with msglen > 0", N, lambda w, f: f(_pk_ref(w.rsa_pub()), w.drbg(), None, SZ(3), w.out(128), SZ(128), None)),
            C("null", "out NULL", N, lambda w, f: f(_pk_ref(w.rsa_pub()), w.drbg(), w.msg, SZ(3), None, SZ(128), None)),
            C("lenbig", "msglen 118 (> 128 - 11)", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.drbg(), w.zero(118), SZ(118), w.out(128), SZ(128), None),
              oracle=(_rsa_oracle("encrypt", msg="00" * 118, seed="00"), "msg: 118 bytes; rsa encrypt takes at most 117 bytes")),
            C("len0", "outlen 0", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.drbg(), w.msg, SZ(3), w.out(128), SZ(0), None)),
            C("state", "rng never seeded", ST, lambda w, f: f(_pk_ref(w.rsa_pub()), w.zero(), w.msg, SZ(3), w.out(128), SZ(128), None)),
            C("mod", "n even", MOD, lambda w, f: f(_pk_ref(RsaPub(Mp.of(w.n + 1), Mp.of(65537))), w.drbg(), w.msg, SZ(3), w.out(128), SZ(128), None)),
            C("lenbig", "outlen 129", LEN, lambda w, f: f(_pk_ref(w.rsa_pub()), w.drbg(), w.msg, SZ(3), w.out(129), SZ(129), None)),
        ], na={"sig": "padding is made here, not parsed"}),
        Fn("vc_rsa_pkcs1_decrypt", "pk.h", [
            C("null", "k NULL", N, lambda w, f: f(None, w.zero(128), SZ(128), w.out(128), w.size(128), 1, None)),
            C("null", "in NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), None, SZ(128), w.out(128), w.size(128), 1, None)),
            C("null", "out NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), w.zero(128), SZ(128), None, w.size(128), 1, None)),
            C("null", "outlen NULL", N, lambda w, f: f(_pk_ref(w.rsa_priv()), w.zero(128), SZ(128), w.out(128), None, 1, None)),
            C("len0", "inlen 0", LEN, lambda w, f: f(_pk_ref(w.rsa_priv()), w.zero(128), SZ(0), w.out(128), w.size(128), 1, None)),
            C("lenbig", "inlen 129", LEN, lambda w, f: f(_pk_ref(w.rsa_priv()), w.zero(129), SZ(129), w.out(128), w.size(128), 1, None)),
            C("int", "ciphertext >= n", RNG, lambda w, f: f(_pk_ref(w.rsa_priv()), w.buf(b"\xff" * 128), SZ(128), w.out(128), w.size(128), 1, None),
              oracle=(_rsa_oracle("decrypt", msg="ff" * 128), "msg: not below n; rsa decrypt takes")),
            C("sig", "ciphertext 2: block not 00 02 ...", PAD, lambda w, f: f(_pk_ref(w.rsa_priv()), w.buf(bytes(127) + b"\x02"), SZ(128), w.out(128), w.size(128), 1, None),
              oracle=(_rsa_oracle("decrypt", msg="00" * 127 + "02"), None)),
            C("param", "crt 3", PAR, lambda w, f: f(_pk_ref(w.rsa_priv()), w.zero(128), SZ(128), w.out(128), w.size(128), 3, None)),
            C("lenbig", "out capacity 2 for a 3-byte message (*outlen too small)", LEN,
              lambda w, f: f(_pk_ref(w.rsa_priv()), _rsa_ct(w), SZ(128), w.out(2), w.size(2), 1, None)),
        ], na={"mod": KEY_CHECKED}),
        Fn("vc_dh_xbits_for", "pk.h", [], ret="size",
           na={"len0": "pbits is a group's size: every value has an answer (160 up to 1024)",
               "lenbig": "the same (225 above 1024)"}),
        Fn("vc_dh_group_find", "pk.h", [
            C("null", "name NULL (returns NULL)", 0, lambda w, f: f(None)),
            C("param", "unknown name (returns NULL)", 0, lambda w, f: f(b"modp4096")),
        ], ret="ptr"),
        Fn("vc_dh_group_load", "pk.h", [
            C("null", "grp NULL", N, lambda w, f: f(None, w.mp_out(), w.mp_out())),
            C("null", "p NULL", N, lambda w, f: f(w.sym("vc_dh_groups"), None, w.mp_out())),
            C("null", "g NULL", N, lambda w, f: f(w.sym("vc_dh_groups"), w.mp_out(), None)),
            C("mod", "descriptor with bits 0", MOD, lambda w, f: f(_group(w, 0), w.mp_out(), w.mp_out())),
            C("mod", "descriptor with bits 12 (not a multiple of 8)", MOD, lambda w, f: f(_group(w, 12), w.mp_out(), w.mp_out())),
            C("mod", "descriptor with bits 4104", MOD, lambda w, f: f(_group(w, 4104), w.mp_out(), w.mp_out())),
        ]),
        Fn("vc_dh_keygen", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_dh_kg(w, null=i))) for i, a in enumerate(("p", "g", "rng", "x", "y"))],
            C("mod", "p = 3", MOD, lambda w, f: f(*_dh_kg(w, p=3))),
            C("mod", "p even", MOD, lambda w, f: f(*_dh_kg(w, p=material()["p512"] + 1))),
            C("int", "g = 1", RNG, lambda w, f: f(*_dh_kg(w, g=1)),
              oracle=({"op": "dh", "fn": "keygen", "seed": "00", "g": "01", "p": hx(material()["p512"])}, None)),
            C("int", "g = p - 1", RNG, lambda w, f: f(*_dh_kg(w, g=material()["p512"] - 1))),
            C("param", "xbits 1", PAR, lambda w, f: f(*_dh_kg(w, xbits=1)),
              oracle=({"op": "dh", "fn": "keygen", "group": "modp512", "seed": "00", "xbits": 1},
                      "xbits: 1; dh keygen takes 0 (x below p) or 2..511")),
            C("param", "xbits 512 (= bits(p))", PAR, lambda w, f: f(*_dh_kg(w, xbits=512))),
            C("state", "rng never seeded", ST, lambda w, f: f(*_dh_kg(w, rng="unseeded"))),
        ], na={"len0": "xbits 0 selects x uniform in [2, p-2]", "lenbig": "xbits: see param"}),
        Fn("vc_dh_shared", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_dh_sh(w, null=i))) for i, a in enumerate(("p", "x", "peer", "z"))],
            C("int", "peer = 1", RNG, lambda w, f: f(*_dh_sh(w, peer=1)),
              oracle=({"op": "dh", "fn": "shared", "group": "modp512", "x": "05", "peer": "01"}, None)),
            C("int", "peer = p - 1", RNG, lambda w, f: f(*_dh_sh(w, peer=material()["p512"] - 1))),
            C("int", "peer = p", RNG, lambda w, f: f(*_dh_sh(w, peer=material()["p512"]))),
            C("int", "x = 1", RNG, lambda w, f: f(*_dh_sh(w, x=1))),
            C("int", "x = 2^xbits", RNG, lambda w, f: f(*_dh_sh(w, x=1 << 256, xbits=256)),
              oracle=({"op": "dh", "fn": "shared", "group": "modp512", "x": hx(1 << 256), "peer": "05", "xbits": 256},
                      "x: value out of range")),
            C("param", "xbits 1", PAR, lambda w, f: f(*_dh_sh(w, xbits=1)),
              oracle=({"op": "dh", "fn": "shared", "group": "modp512", "x": "05", "peer": "05", "xbits": 1},
                      "xbits: 1; dh shared takes 0 (x below p) or 2..511")),
            C("param", "xbits 512 (= bits(p))", PAR, lambda w, f: f(*_dh_sh(w, xbits=512))),
            C("mod", "p = 3", MOD, lambda w, f: f(*_dh_sh(w, p=3)),
              oracle=({"op": "dh", "fn": "shared", "p": "03", "x": "02", "peer": "02"}, 'p: "03" (2 bits); dh shared takes')),
        ], na={"len0": "xbits 0 bounds x by p", "lenbig": "xbits: see param"}),
        Fn("vc_elgamal_encrypt", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_eg_enc(w, null=i))) for i, a in enumerate(("p", "g", "y", "m", "rng", "c1", "c2"))],
            C("int", "m = 0", RNG, lambda w, f: f(*_eg_enc(w, m=0)),
              oracle=({"op": "elgamal", "fn": "encrypt", "group": "modp512", "y": "05", "m": "00", "seed": "00"}, None)),
            C("int", "m = p", RNG, lambda w, f: f(*_eg_enc(w, m=material()["p512"]))),
            C("int", "y = 1", RNG, lambda w, f: f(*_eg_enc(w, y=1))),
            C("state", "rng never seeded", ST, lambda w, f: f(*_eg_enc(w, rng="unseeded"))),
            C("mod", "p even", MOD, lambda w, f: f(*_eg_enc(w, p=material()["p512"] + 1))),
        ]),
        Fn("vc_elgamal_decrypt", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_eg_dec(w, null=i))) for i, a in enumerate(("p", "x", "c1", "c2", "m"))],
            C("int", "c1 = p", RNG, lambda w, f: f(*_eg_dec(w, c1=material()["p512"])),
              oracle=({"op": "elgamal", "fn": "decrypt", "group": "modp512", "x": "05", "c1": hx(material()["p512"]), "c2": "05"}, None)),
            C("int", "c2 = 0", RNG, lambda w, f: f(*_eg_dec(w, c2=0))),
            C("int", "x = 0", RNG, lambda w, f: f(*_eg_dec(w, x=0)),
              oracle=({"op": "elgamal", "fn": "decrypt", "group": "modp512", "x": "00", "c1": "05", "c2": "05"}, None)),
            C("mod", "p even", MOD, lambda w, f: f(*_eg_dec(w, p=material()["p512"] + 1))),
        ]),
        Fn("vc_dsa_check_params", "pk.h", [
            C("null", "dp NULL", N, lambda w, f: f(None, None)),
            C("param", "q does not divide p - 1", PAR, lambda w, f: f(_pk_ref(w.dsa(Q=w.dsa_vals["Q"] + 2)), None)),
            C("param", "g = 1", PAR, lambda w, f: f(_pk_ref(w.dsa(G=1)), None)),
            C("param", "g^q != 1 (g = 2)", PAR, lambda w, f: f(_pk_ref(w.dsa(G=2)), None)),
            C("mod", "p even (sizes and oddness: VC_ERR_PARAM)", PAR, lambda w, f: f(_pk_ref(w.dsa(P=w.dsa_vals["P"] + 1)), None)),
            C("lenbig", "p of 1032 bits (L not in the FIPS sizes)", PAR, lambda w, f: f(_pk_ref(w.dsa(P=w.dsa_vals["P"] << 8 | 1)), None)),
        ]),
        Fn("vc_dsa_keygen", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_dsa_kg(w, null=i))) for i, a in enumerate(("dp", "rng", "x", "y"))],
            C("param", "q of 161 bits (sizes not FIPS)", PAR, lambda w, f: f(*_dsa_kg(w, Q=w.dsa_vals["Q"] << 1 | 1)),
              oracle=({"op": "dsa", "fn": "keygen", "p": hx(material()["dsa"]["P"]), "q": hx(material()["dsa"]["Q"] << 1 | 1),
                       "g": hx(material()["dsa"]["G"]), "seed": "00"}, "p: 1024 bits with q of 161; dsa keygen takes")),
            C("int", "g = p", PAR, lambda w, f: f(*_dsa_kg(w, G=w.dsa_vals["P"]))),
            C("state", "rng never seeded", ST, lambda w, f: f(*_dsa_kg(w, rng="unseeded"))),
            C("mod", "p even (sizes and oddness: VC_ERR_PARAM)", PAR, lambda w, f: f(*_dsa_kg(w, P=w.dsa_vals["P"] + 1))),
        ]),
        Fn("vc_rfc6979_init", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_r6979(w, null=i))) for i, a in enumerate(("g", "q", "x", "h", "digest"))],
            C("mod", "q = 1", MOD, lambda w, f: f(*_r6979(w, q=1))),
            C("int", "x = 0", RNG, lambda w, f: f(*_r6979(w, x=0))),
            C("int", "x = q", RNG, lambda w, f: f(*_r6979(w, x=w.dsa_vals["Q"]))),
            C("param", "hash class larger than HMAC's context", PAR, lambda w, f: f(*_r6979(w, h=_big_class(w)))),
        ], na={"state": SETS_UP}),
        Fn("vc_rfc6979_next", "pk.h", [
            C("null", "g NULL", N, lambda w, f: f(None, w.mp_out())),
            C("null", "k NULL", N, lambda w, f: (lambda g: f(g, None))(_r6979_ready(w))),
            C("state", "generator never initialised", ST, lambda w, f: f(w.zero(), w.mp_out())),
        ]),
        Fn("vc_dsa_sign", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_dsa_sign(w, null=i))) for i, a in enumerate(("dp", "x", "h", "digest", "r", "s"))],
            C("int", "x = 0", RNG, lambda w, f: f(*_dsa_sign(w, x=0)),
              oracle=(_dsa_oracle("sign", x="00"), None)),
            C("int", "x = q", RNG, lambda w, f: f(*_dsa_sign(w, x=w.dsa_vals["Q"])),
              oracle=(_dsa_oracle("sign", x=hx(material()["dsa"]["Q"])), None)),
            C("param", "g = 1", PAR, lambda w, f: f(*_dsa_sign(w, G=1))),
            C("mod", "q even (sizes and oddness: VC_ERR_PARAM)", PAR, lambda w, f: f(*_dsa_sign(w, Q=w.dsa_vals["Q"] + 1))),
        ]),
        Fn("vc_dsa_verify", "pk.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_dsa_ver(w, null=i))) for i, a in enumerate(("dp", "y", "h", "digest", "r", "s"))],
            C("sig", "r = 0", VER, lambda w, f: f(*_dsa_ver(w, r=0)),
              oracle=(_dsa_oracle("verify", y=hx(material()["dsa"]["Y"]), r="00", s="05"), {"valid": False})),
            C("sig", "s = q", VER, lambda w, f: f(*_dsa_ver(w, s=w.dsa_vals["Q"])),
              oracle=(_dsa_oracle("verify", y=hx(material()["dsa"]["Y"]), r="05", s=hx(material()["dsa"]["Q"])), {"valid": False})),
            C("int", "y = 1", RNG, lambda w, f: f(*_dsa_ver(w, y=1)),
              oracle=(_dsa_oracle("verify", y="01", r="05", s="05"), None)),
            C("int", "y = p", RNG, lambda w, f: f(*_dsa_ver(w, y=w.dsa_vals["P"]))),
            C("param", "q of 161 bits", PAR, lambda w, f: f(*_dsa_ver(w, Q=w.dsa_vals["Q"] << 1 | 1))),
            C("mod", "p even (sizes and oddness: VC_ERR_PARAM)", PAR, lambda w, f: f(*_dsa_ver(w, P=w.dsa_vals["P"] + 1))),
        ]),
    ]


def _bad_priv(w, complete=True, **delta):
    n, e, d, p, q = material()["rsa"]
    k = w.rsa_priv() if not complete else RsaPriv()
    if complete:
        k.n, k.e, k.d, k.p, k.q = (Mp.of(v) for v in (n + delta.get("n", 0), e, d + delta.get("d", 0), p, q))
    else:
        k.dp.d[0] ^= delta["dp"]
    return k


def _rsa_ct(w):
    """A valid PKCS#1 v1.5 ciphertext of the 3-byte message "abc"."""
    ct = w.zero(128)
    assert w.lib.vc_rsa_pkcs1_encrypt(_pk_ref(w.rsa_pub()), w.drbg(), w.msg, SZ(3), ct, SZ(128), None) == 0
    return ct


@functools.lru_cache(maxsize=None)
def _small_key(lib):
    k = RsaPriv()
    d = Drbg()
    assert lib.vc_drbg_init(ctypes.byref(d), b"small", SZ(5)) == 0
    assert lib.vc_rsa_keygen(ctypes.byref(k), SZ(256), 65537, ctypes.byref(d), None) == 0
    return bytes(k)


def _small_priv(w):
    return RsaPriv.from_buffer_copy(_small_key(w.lib))


def _small_pub(w):
    k = _small_priv(w)
    return RsaPub(k.n, k.e)


def _group(w, bits):
    class Grp(ctypes.Structure):
        _fields_ = [("name", ctypes.c_char_p), ("bits", ctypes.c_size_t), ("p", ctypes.c_char_p), ("g", ctypes.c_uint32)]
    w._grp = Grp(b"bad", bits, bytes(520), 2)
    return ctypes.byref(w._grp)


def _nulled(args, null):
    if null is not None:
        args[null] = None
    return args


def _rng(w, rng):
    return w.zero() if rng == "unseeded" else w.drbg()


def _dh_kg(w, null=None, p=None, g=2, xbits=0, rng=None):
    return _nulled([w.mp(p or material()["p512"]), w.mp(g), SZ(xbits), _rng(w, rng), w.mp_out(), w.mp_out(), None],
                   None if null is None else (0, 1, 3, 4, 5)[null])


def _dh_sh(w, null=None, p=None, x=5, peer=5, xbits=0):
    args = _nulled([w.mp(p or material()["p512"]), w.mp(x), w.mp(peer), w.mp_out(), None], null)
    return args[:2] + [SZ(xbits)] + args[2:]


def _eg_enc(w, null=None, p=None, g=2, y=5, m=5, rng=None):
    return _nulled([w.mp(p or material()["p512"]), w.mp(g), w.mp(y), w.mp(m), _rng(w, rng), w.mp_out(), w.mp_out(), None], null)


def _eg_dec(w, null=None, p=None, x=5, c1=5, c2=5):
    return _nulled([w.mp(p or material()["p512"]), w.mp(x), w.mp(c1), w.mp(c2), w.mp_out(), None], null)


def _dsa_kg(w, null=None, rng=None, **over):
    return _nulled([_pk_ref(w.dsa(**over)), _rng(w, rng), w.mp_out(), w.mp_out(), None], null)


def _r6979(w, null=None, q=None, x=5, h=None):
    return _nulled([w.obj(), w.mp(q or w.dsa_vals["Q"]), w.mp(x), h or w.hash(), w.digest()], null)


def _r6979_ready(w):
    g = w.zero()
    assert w.lib.vc_rfc6979_init(g, w.mp(w.dsa_vals["Q"]), w.mp(5), w.hash(), w.digest()) == 0
    return g


def _dsa_sign(w, null=None, x=5, **over):
    return _nulled([_pk_ref(w.dsa(**over)), w.mp(x), w.hash(), w.digest(), w.mp_out(), w.mp_out(), None], null)


def _dsa_ver(w, null=None, y=None, r=5, s=5, **over):
    return _nulled([_pk_ref(w.dsa(**over)), w.mp(y or w.dsa_vals["Y"]), w.hash(), w.digest(), w.mp(r), w.mp(s), None], null)


def _dsa_oracle(fn, **kw):
    v = material()["dsa"]
    return {"op": "dsa", "fn": fn, "p": hx(v["P"]), "q": hx(v["Q"]), "g": hx(v["G"]), "hash": "sha256",
            "digest": bytes(range(1, 33)).hex(), **kw}


# ---- elliptic curves (ec.h); cases run on every curve, the oracle's on P-256 and B-163
def _ec(fn, **kw):
    """An EC oracle request; "$G", "$OFF" (G with y changed), "$N", "$K0", "$K1" (scalars) and
    "$D" (a digest) stand for the curve's values (ec_request)."""
    return {"op": "ec", "fn": fn, **kw}


ORACLE_CURVES = ("P-256", "B-163")


def ec_request(req, curve):
    """req for `curve`, its tokens replaced by the curve model's values."""
    from vexrun.models import ec2m, ecp
    M = ecp.curve(curve) if curve == "P-256" else ec2m.curve(curve)
    flen = 32 if curve == "P-256" else (M.F.m + 7) // 8
    nlen = (M.n.bit_length() + 7) // 8

    def pt(x, y):
        return "04" + x.to_bytes(flen, "big").hex() + y.to_bytes(flen, "big").hex()

    tok = {"$G": pt(M.G.x, M.G.y), "$OFF": pt(M.G.x, M.G.y ^ 1), "$N": M.n.to_bytes(nlen, "big").hex(),
           "$K0": "00" * nlen, "$K1": (1).to_bytes(nlen, "big").hex(), "$D": bytes(range(1, 33)).hex()}
    return {"curve": curve, **{k: tok.get(v, v) if isinstance(v, str) else v for k, v in req.items()}}


def ec_fns():
    S = "set (VC_EC_BASIC or VC_EC_OPTIMIZED)"
    return [
        Fn("vc_ec_curve_get", "ec.h", [C("param", "id 5 (returns NULL)", 0, lambda w, f: f(5)),
                                       C("param", "id -1 (returns NULL)", 0, lambda w, f: f(-1))], ret="ptr"),
        Fn("vc_ec_curve_by_name", "ec.h", [C("null", "name NULL (returns NULL)", 0, lambda w, f: f(None)),
                                           C("param", "unknown name (returns NULL)", 0, lambda w, f: f(b"P-384"))], ret="ptr"),
        Fn("vc_ec_point_len", "ec.h", [C("null", "c NULL (returns 0)", 0, lambda w, f: f(None))], ret="size"),
        Fn("vc_ec_msg_len", "ec.h", [C("null", "c NULL (returns 0)", 0, lambda w, f: f(None))], ret="size"),
        Fn("vc_ec_point_check", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.curve.G, SZ(w.curve.plen))),
            C("null", "pt NULL", N, lambda w, f: f(w.cp, None, SZ(w.curve.plen))),
            C("len0", "len 0", LEN, lambda w, f: f(w.cp, w.curve.G, SZ(0))),
            C("lenbig", "len + 1", LEN, lambda w, f: f(w.cp, w.curve.G + b"\0", SZ(w.curve.plen + 1))),
            C("point", "y of G changed (off the curve)", PT, lambda w, f: f(w.cp, w.off_curve(), SZ(w.curve.plen)),
              oracle=(_ec("check", p="$OFF"), {"valid": False})),
            C("point", "x = p (non-canonical coordinate)", PT, lambda w, f: f(w.cp, _coord_p(w), SZ(w.curve.plen))),
            C("point", "first byte 0x02 (compressed: not accepted)", PT, lambda w, f: f(w.cp, b"\x02" + w.curve.G[1:], SZ(w.curve.plen))),
            C("point", "all zeros (no encoding of infinity)", PT, lambda w, f: f(w.cp, bytes(w.curve.plen), SZ(w.curve.plen))),
            C("point", "(0, sqrt(b)): on the curve, order 2, outside the subgroup", PT,
              lambda w, f: f(w.cp, _order2(w), SZ(w.curve.plen)), curves=("B-163", "K-163", "B-233", "K-233")),
        ]),
        Fn("vc_ec_mul", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.set, w.out(65), w.scalar(1), SZ(w.curve.nlen), None, SZ(0))),
            C("null", "out NULL", N, lambda w, f: f(w.cp, w.set, None, w.scalar(1), SZ(w.curve.nlen), None, SZ(0))),
            C("null", "k NULL", N, lambda w, f: f(w.cp, w.set, w.out(65), None, SZ(w.curve.nlen), None, SZ(0))),
            C("len0", "klen 0", LEN, lambda w, f: f(w.cp, w.set, w.out(65), w.scalar(1), SZ(0), None, SZ(0))),
            C("lenbig", "klen nlen + 1", LEN, lambda w, f: f(w.cp, w.set, w.out(65), b"\0" + w.scalar(1), SZ(w.curve.nlen + 1), None, SZ(0))),
            C("len0", "ptlen 0 with a point", LEN, lambda w, f: f(w.cp, w.set, w.out(65), w.scalar(1), SZ(w.curve.nlen), w.curve.G, SZ(0))),
            C("lenbig", "ptlen plen + 1", LEN, lambda w, f: f(w.cp, w.set, w.out(65), w.scalar(1), SZ(w.curve.nlen), w.curve.G + b"\0", SZ(w.curve.plen + 1))),
            C("int", "k = 0", RNG, lambda w, f: f(w.cp, w.set, w.out(65), w.scalar(0), SZ(w.curve.nlen), None, SZ(0)),
              oracle=(_ec("mul", k="$K0"), None)),
            C("int", "k = n", RNG, lambda w, f: f(w.cp, w.set, w.out(65), w.scalar(w.curve.n), SZ(w.curve.nlen), None, SZ(0)),
              oracle=(_ec("mul", k="$N"), None)),
            C("point", "P off the curve", PT, lambda w, f: f(w.cp, w.set, w.out(65), w.scalar(1), SZ(w.curve.nlen), w.off_curve(), SZ(w.curve.plen)),
              oracle=(_ec("mul", k="$K1", p="$OFF"), None)),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.cp, NO_SET, w.out(65), w.scalar(1), SZ(w.curve.nlen), None, SZ(0))),
        ]),
        Fn("vc_ec_add", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.set, w.out(65), w.curve.G, w.curve.G, SZ(w.curve.plen))),
            C("null", "out NULL", N, lambda w, f: f(w.cp, w.set, None, w.curve.G, w.curve.G, SZ(w.curve.plen))),
            C("null", "p NULL", N, lambda w, f: f(w.cp, w.set, w.out(65), None, w.curve.G, SZ(w.curve.plen))),
            C("null", "q NULL", N, lambda w, f: f(w.cp, w.set, w.out(65), w.curve.G, None, SZ(w.curve.plen))),
            C("len0", "len 0", LEN, lambda w, f: f(w.cp, w.set, w.out(65), w.curve.G, w.curve.G, SZ(0))),
            C("lenbig", "len plen + 1", LEN, lambda w, f: f(w.cp, w.set, w.out(65), w.curve.G + b"\0", w.curve.G + b"\0", SZ(w.curve.plen + 1))),
            C("point", "q off the curve", PT, lambda w, f: f(w.cp, w.set, w.out(65), w.curve.G, w.off_curve(), SZ(w.curve.plen)),
              oracle=(_ec("add", p="$G", q="$OFF"), None)),
            C("point", "G + (-G) = infinity", PT, lambda w, f: f(w.cp, w.set, w.out(65), w.curve.G, w.neg_g(), SZ(w.curve.plen))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.cp, NO_SET, w.out(65), w.curve.G, w.curve.G, SZ(w.curve.plen))),
        ]),
        Fn("vc_ec_scalar_draw", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.drbg(), w.out(32))),
            C("null", "rng NULL", N, lambda w, f: f(w.cp, None, w.out(32))),
            C("null", "k NULL", N, lambda w, f: f(w.cp, w.drbg(), None)),
            C("state", "rng never seeded", ST, lambda w, f: f(w.cp, w.zero(), w.out(32))),
        ]),
        Fn("vc_ec_keygen", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.set, w.drbg(), w.out(32), w.out(65))),
            C("null", "rng NULL", N, lambda w, f: f(w.cp, w.set, None, w.out(32), w.out(65))),
            C("null", "priv NULL", N, lambda w, f: f(w.cp, w.set, w.drbg(), None, w.out(65))),
            C("null", "pub NULL", N, lambda w, f: f(w.cp, w.set, w.drbg(), w.out(32), None)),
            C("state", "rng never seeded", ST, lambda w, f: f(w.cp, w.set, w.zero(), w.out(32), w.out(65))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.cp, NO_SET, w.drbg(), w.out(32), w.out(65))),
        ]),
        Fn("vc_ecdh", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.set, w.scalar(1), SZ(w.curve.nlen), w.curve.G, SZ(w.curve.plen), w.out(32))),
            C("null", "priv NULL", N, lambda w, f: f(w.cp, w.set, None, SZ(w.curve.nlen), w.curve.G, SZ(w.curve.plen), w.out(32))),
            C("null", "peer NULL", N, lambda w, f: f(w.cp, w.set, w.scalar(1), SZ(w.curve.nlen), None, SZ(w.curve.plen), w.out(32))),
            C("null", "secret NULL", N, lambda w, f: f(w.cp, w.set, w.scalar(1), SZ(w.curve.nlen), w.curve.G, SZ(w.curve.plen), None)),
            C("lenbig", "privlen nlen + 1", LEN, lambda w, f: f(w.cp, w.set, b"\0" + w.scalar(1), SZ(w.curve.nlen + 1), w.curve.G, SZ(w.curve.plen), w.out(32))),
            C("len0", "privlen 0", LEN, lambda w, f: f(w.cp, w.set, w.scalar(1), SZ(0), w.curve.G, SZ(w.curve.plen), w.out(32))),
            C("lenbig", "peerlen plen + 1", LEN, lambda w, f: f(w.cp, w.set, w.scalar(1), SZ(w.curve.nlen), w.curve.G + b"\0", SZ(w.curve.plen + 1), w.out(32))),
            C("int", "priv = 0", RNG, lambda w, f: f(w.cp, w.set, w.scalar(0), SZ(w.curve.nlen), w.curve.G, SZ(w.curve.plen), w.out(32)),
              oracle=(_ec("ecdh", d="$K0", q="$G"), None)),
            C("point", "peer off the curve", PT, lambda w, f: f(w.cp, w.set, w.scalar(1), SZ(w.curve.nlen), w.off_curve(), SZ(w.curve.plen), w.out(32)),
              oracle=(_ec("ecdh", d="$K1", q="$OFF"), None)),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.cp, NO_SET, w.scalar(1), SZ(w.curve.nlen), w.curve.G, SZ(w.curve.plen), w.out(32))),
        ]),
        Fn("vc_ec_embed", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.set, w.zero(30), SZ(w.curve.msg_len), w.out(65))),
            C("null", "msg NULL", N, lambda w, f: f(w.cp, w.set, None, SZ(w.curve.msg_len), w.out(65))),
            C("null", "pt NULL", N, lambda w, f: f(w.cp, w.set, w.zero(30), SZ(w.curve.msg_len), None)),
            C("len0", "len 0", LEN, lambda w, f: f(w.cp, w.set, w.zero(30), SZ(0), w.out(65))),
            C("lenbig", "len msg_len + 1", LEN, lambda w, f: f(w.cp, w.set, w.zero(31), SZ(w.curve.msg_len + 1), w.out(65))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.cp, NO_SET, w.zero(30), SZ(w.curve.msg_len), w.out(65))),
        ]),
        Fn("vc_ec_unembed", "ec.h", [
            C("null", "c NULL", N, lambda w, f: f(None, w.curve.G, SZ(w.curve.plen), w.out(30))),
            C("null", "pt NULL", N, lambda w, f: f(w.cp, None, SZ(w.curve.plen), w.out(30))),
            C("null", "msg NULL", N, lambda w, f: f(w.cp, w.curve.G, SZ(w.curve.plen), None)),
            C("len0", "ptlen 0", LEN, lambda w, f: f(w.cp, w.curve.G, SZ(0), w.out(30))),
            C("lenbig", "ptlen plen + 1", LEN, lambda w, f: f(w.cp, w.curve.G + b"\0", SZ(w.curve.plen + 1), w.out(30))),
            C("int", "x without the 0x00 prefix of an embedding (a multiple of G)", RNG, lambda w, f: f(w.cp, _no_embedding(w), SZ(w.curve.plen), w.out(30))),
        ], na={"point": "the point is not validated: only its x is read (ec.h)"}),
        Fn("vc_ec_elgamal_encrypt", "ec.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_eg(w, null=i))) for i, a in enumerate(("c", "pub", "msg_pt", "r", "c1", "c2"))],
            C("int", "r = 0", RNG, lambda w, f: f(*_eg(w, r=0)),
              oracle=(_ec("encrypt", q="$G", m="$G", r="$K0"), None)),
            C("point", "pub off the curve", PT, lambda w, f: f(*_eg(w, pub="off"))),
            C("point", "msg_pt off the curve", PT, lambda w, f: f(*_eg(w, m="off"))),
            C("point", "M + r Q = infinity (Q = G, r = 1, M = -G)", PT, lambda w, f: f(*_eg(w, m=w.neg_g()))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(*_eg(w, set=NO_SET))),
        ]),
        Fn("vc_ec_elgamal_decrypt", "ec.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_egd(w, null=i))) for i, a in enumerate(("c", "priv", "c1", "c2", "msg_pt"))],
            C("int", "priv = n", RNG, lambda w, f: f(*_egd(w, d="n")),
              oracle=(_ec("decrypt", d="$N", c1="$G", c2="$G"), None)),
            C("point", "c1 off the curve", PT, lambda w, f: f(*_egd(w, c1="off")),
              oracle=(_ec("decrypt", d="$K1", c1="$OFF", c2="$G"), None)),
            C("point", "c2 off the curve", PT, lambda w, f: f(*_egd(w, c2="off"))),
            C("point", "C2 - priv C1 = infinity (c2 = c1)", PT, lambda w, f: f(*_egd(w, c2="G"))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(*_egd(w, set=NO_SET))),
        ]),
        Fn("vc_ecdsa_sign", "ec.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_sg(w, null=i))) for i, a in enumerate(("c", "priv", "h", "digest", "r", "s"))],
            C("int", "priv = 0", RNG, lambda w, f: f(*_sg(w, d=0)),
              oracle=(_ec("sign", d="$K0", hash="sha256", digest="$D"), None)),
            C("param", "hash class larger than HMAC's context", PAR, lambda w, f: f(*_sg(w, h="big"))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(*_sg(w, set=NO_SET))),
        ]),
        Fn("vc_ecdsa_sign_k", "ec.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_sk(w, null=i))) for i, a in enumerate(("c", "priv", "digest", "k", "r", "s"))],
            C("int", "k = 0", RNG, lambda w, f: f(*_sk(w, k=0)),
              oracle=(_ec("sign_k", d="$K1", k="$K0", digest="$D"), None)),
            C("int", "k = n", RNG, lambda w, f: f(*_sk(w, k="n"))),
            C("int", "priv = 0", RNG, lambda w, f: f(*_sk(w, d=0))),
            C("int", "k = 1, priv = 1 and the digest e = n - r: s = 0", RNG, lambda w, f: f(*_sk(w, digest=_s_zero_digest(w)))),
            C("lenbig", "dlen 65", LEN, lambda w, f: f(*_sk(w, dlen=65))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(*_sk(w, set=NO_SET))),
        ], na={"len0": "an empty digest is the integer 0: valid"}),
        Fn("vc_ecdsa_verify", "ec.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*_vf(w, null=i))) for i, a in enumerate(("c", "pub", "digest", "r", "s"))],
            C("len0", "publen 0", LEN, lambda w, f: f(*_vf(w, publen=0))),
            C("lenbig", "dlen 65", LEN, lambda w, f: f(*_vf(w, dlen=65))),
            C("point", "pub off the curve", PT, lambda w, f: f(*_vf(w, pub="off")),
              oracle=(_ec("verify", q="$OFF", r="$K1", s="$K1", digest="$D"), None)),
            C("sig", "r = 0", VER, lambda w, f: f(*_vf(w, r=0)),
              oracle=(_ec("verify", q="$G", r="$K0", s="$K1", digest="$D"), {"valid": False})),
            C("sig", "s = n", VER, lambda w, f: f(*_vf(w, s="n"))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(*_vf(w, set=NO_SET))),
        ]),
    ]


def _no_embedding(w):
    """A multiple of G whose x does not start with the 0x00 byte of an embedded message."""
    c = w.curve
    return next(p for p in (c.mul(k)[1] for k in range(2, 40)) if p[1] != 0)


def _coord_p(w):
    c = w.curve
    if c.name == "P-256":
        return b"\x04" + bytes.fromhex("ffffffff00000001" + "00" * 12 + "ff" * 12) + c.G[1 + c.flen:]
    return b"\x04" + b"\xff" * c.flen + c.G[1 + c.flen:]     # a bit at or above m


def _pt(w, v):
    return w.off_curve() if v == "off" else w.curve.G if v in ("G", None) else v


def _sc(w, v):
    return w.scalar(w.curve.n if v == "n" else v)


def _eg(w, null=None, pub=None, m=None, r=1, set=None):
    return _nulled([w.cp, w.set if set is None else set, _pt(w, pub), _pt(w, m), _sc(w, r), w.out(65), w.out(65)], None if null is None else (0, 2, 3, 4, 5, 6)[null])


def _egd(w, null=None, d=1, c1=None, c2=None, set=None):
    c2v = w.curve.mul(2)[1] if c2 is None else _pt(w, c2)
    return _nulled([w.cp, w.set if set is None else set, _sc(w, d), _pt(w, c1), c2v, w.out(65)], None if null is None else (0, 2, 3, 4, 5)[null])


def _sg(w, null=None, d=1, h=None, set=None):
    hc = _big_class(w) if h == "big" else w.hash()
    return _nulled([w.cp, w.set if set is None else set, _sc(w, d), hc, w.digest(), w.out(32), w.out(32)], None if null is None else (0, 2, 3, 4, 5, 6)[null])


def _s_zero_digest(w):
    """The digest (nlen bytes) whose integer e is n - r for r = x(G) mod n: with k = d = 1,
    s = k^-1 (e + r d) = 0 mod n."""
    c = w.curve
    e = (c.n - c.xy(c.G)[0] % c.n) % c.n
    return (e << (8 * c.nlen - c.nbits)).to_bytes(c.nlen, "big")


def _order2(w):
    from vexrun.models import ec2m
    c = w.curve
    P = ec2m.curve(c.name).lift_x(0)
    return c.point(P.x, P.y)


def _sk(w, null=None, d=1, k=1, dlen=32, set=None, digest=None):
    dig = w.digest(65) if digest is None else digest
    if digest is not None:
        dlen = len(digest)
    return _nulled([w.cp, w.set if set is None else set, _sc(w, d), dig, SZ(dlen), _sc(w, k), w.out(32), w.out(32)],
                   None if null is None else (0, 2, 3, 5, 6, 7)[null])


def _vf(w, null=None, pub=None, publen=None, dlen=32, r=1, s=1, set=None):
    return _nulled([w.cp, w.set if set is None else set, _pt(w, pub), SZ(w.curve.plen if publen is None else publen), w.digest(65), SZ(dlen),
                    _sc(w, r), _sc(w, s)], None if null is None else (0, 2, 4, 6, 7)[null])


# ---- binary fields (gf2m.h): run on GF(2^163)
def gf2m_fns():
    fns = [
        Fn("vc_gf2m_from_bytes", "gf2m.h", [
            C("null", "f NULL", N, lambda w, f: f(None, w.elem_out(), w.zero(21), SZ(21))),
            C("null", "r NULL", N, lambda w, f: f(w.field(), None, w.zero(21), SZ(21))),
            C("null", "in NULL", N, lambda w, f: f(w.field(), w.elem_out(), None, SZ(21))),
            C("len0", "len 0", LEN, lambda w, f: f(w.field(), w.elem_out(), w.zero(21), SZ(0))),
            C("lenbig", "len 22", LEN, lambda w, f: f(w.field(), w.elem_out(), w.zero(22), SZ(22))),
            C("int", "bit 163 set (not reduced)", RNG, lambda w, f: f(w.field(), w.elem_out(), w.buf(b"\x08" + bytes(20)), SZ(21)),
              oracle=({"op": "gf2m", "field": 163, "fn": "sqr", "a": "08" + "00" * 20}, "a: a bit at or above m; gf2m sqr takes")),
        ]),
        Fn("vc_gf2m_to_bytes", "gf2m.h", [
            C("null", "f NULL", N, lambda w, f: f(None, w.elem(), w.out(21), SZ(21))),
            C("null", "a NULL", N, lambda w, f: f(w.field(), None, w.out(21), SZ(21))),
            C("null", "out NULL", N, lambda w, f: f(w.field(), w.elem(), None, SZ(21))),
            C("len0", "len 0", LEN, lambda w, f: f(w.field(), w.elem(), w.out(21), SZ(0))),
            C("lenbig", "len 22", LEN, lambda w, f: f(w.field(), w.elem(), w.out(22), SZ(22))),
        ]),
        Fn("vc_gf2m_bytes", "gf2m.h", [C("null", "f NULL (returns 0)", 0, lambda w, f: f(None))], ret="size"),
        Fn("vc_gf2m_solve_quadratic", "gf2m.h", [
            C("null", "f NULL", N, lambda w, f: f(None, w.set, w.elem_out(), w.elem(0))),
            C("null", "z NULL", N, lambda w, f: f(w.field(), w.set, None, w.elem(0))),
            C("null", "a NULL", N, lambda w, f: f(w.field(), w.set, w.elem_out(), None)),
            C("int", "Tr(a) = 1 (a = 1: m odd)", RNG, lambda w, f: f(w.field(), w.set, w.elem_out(), w.elem(1))),
            C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.field(), NO_SET, w.elem_out(), w.elem(0))),
        ]),
    ]
    for name in ("vc_gf2m_inv_euclid_var", "vc_gf2m_inv_almost_var", "vc_gf2m_inv_itoh"):
        alg = name.split("_")[3]
        fns.append(Fn(name, "gf2m.h", [
            C("null", "f NULL", N, lambda w, f: f(None, w.elem_out(), w.elem(1))),
            C("null", "r NULL", N, lambda w, f: f(w.field(), None, w.elem(1))),
            C("null", "a NULL", N, lambda w, f: f(w.field(), w.elem_out(), None)),
            C("int", "a = 0", NOINV, lambda w, f: f(w.field(), w.elem_out(), w.elem(0)),
              oracle=({"op": "gf2m", "field": 163, "fn": "inv", "alg": alg, "a": "00" * 21}, None)),
        ]))
    fns.append(Fn("vc_gf2m_inv", "gf2m.h", [
        C("null", "f NULL", N, lambda w, f: f(None, w.set, w.elem_out(), w.elem(1))),
        C("null", "r NULL", N, lambda w, f: f(w.field(), w.set, None, w.elem(1))),
        C("null", "a NULL", N, lambda w, f: f(w.field(), w.set, w.elem_out(), None)),
        C("int", "a = 0", NOINV, lambda w, f: f(w.field(), w.set, w.elem_out(), w.elem(0)),
              oracle=({"op": "gf2m", "field": 233, "fn": "inv", "set": "basic", "a": "00" * 30}, None)),
        C("param", f"set {NO_SET}", PAR, lambda w, f: f(w.field(), NO_SET, w.elem_out(), w.elem(1))),
    ]))
    # The field operations of the curves' inner loops: no error code to return (a known gap).
    pred = "a predicate (0 or 1): no error code; valid pointers are a precondition (gf2m.h), not checked"
    reduced = "elements reduced below z^m are a precondition (gf2m.h), not checked"
    gap = ("no argument checks: gf2m.h makes valid pointers and reduced elements preconditions of these void and "
           "predicate functions (the curves' inner loops); returning error codes would change their signatures")
    for name in ("vc_gf2m_is_zero", "vc_gf2m_equal", "vc_gf2m_trace"):
        fns.append(Fn(name, "gf2m.h", [], na={"null": pred, "int": reduced}, gap=gap))
    for name, host in (("vc_gf2m_add", True), ("vc_gf2m_mul_shiftadd", True), ("vc_gf2m_mul_comb", True),
                       ("vc_gf2m_sqr_spread", True), ("vc_gf2m_sqr_tab_var", True), ("vc_gf2m_mul_clmul", True), ("vc_gf2m_sqr_clmul", True),
                       ("vc_gf2m_mul_clmul_sw", True), ("vc_gf2m_sqr_clmul_sw", True), ("vc_gf2m_mul_clmul_hw", False),
                       ("vc_gf2m_sqr_clmul_hw", False), ("vc_gf2m_mul", True), ("vc_gf2m_sqr", True)):
        na = {"null": NO_CHECK, "int": reduced}
        if name in ("vc_gf2m_mul", "vc_gf2m_sqr"):
            na["param"] = SET_OTHER
        fns.append(Fn(name, "gf2m.h", [], na=na, ret="void", host=host, gap=gap))
    return fns


# ---- accelerator drivers (fw/drivers/*.h)
def driver_fns():
    fns = [
        Fn("vc_strerror", "common.h", [C("int", "an unknown code (-99): \"unknown error\"", b"unknown error", lambda w, f: f(-99))], ret="str"),
        Fn("vc_sizeof", "common.h", [C("null", "name NULL (returns 0)", 0, lambda w, f: f(None)),
                                     C("param", "a name it does not know (returns 0)", 0, lambda w, f: f(b"vc_nothing"))],
           ret="size"),
        Fn("vc_accel_present", "accel.h", [], ret="u32", host=False,
           na={"int": "static inline, no arguments"}),
        Fn("vc_accel_on", "accel.h", [], ret="u32", host=False,
           na={"int": "static inline: any bit mask is a valid question (0 when not present)"}),
        Fn("vc_accel_name", "accel.h", [C("int", "a bit number past the registry (VC_ACCEL_COUNT): NULL", 0,
                                           lambda w, f: f(1000))], ret="ptr"),
        Fn("vc_montu_word", "mont.h", [], ret="u32", host=False,
           na={"int": "static inline: packs the fields; vc_montu_cmd checks the word", "param": "the same"}),
        Fn("vc_montu_epoch", "mont.h", [], ret="u32", na={"int": "no arguments: a number to compare"}),
        Fn("vc_montu_run_word", "mont.h", [], ret="u32", host=False,
           na={"int": "static inline: packs a RUN; vc_montu_cmd checks it against the program", "param": "the same"}),
        Fn("vc_cfu_sw", "clmul.h", [C("param", "an undefined function id (funct3 7) answers 0", 0, lambda w, f: f(7, 0, 5, 5))], ret="u32"),
    ]
    for n in ("vc_clmul", "vc_clmulh", "vc_clmulr"):
        for sfx in ("", "_sw"):
            fns.append(Fn(n + sfx, "clmul.h", [], ret="u32", na={"int": "every pair of 32-bit words is valid"}))
        fns.append(Fn(n + "_hw", "clmul.h", [], ret="u32", host=False, na={"int": "every pair of 32-bit words is valid"}))
    fns.append(Fn("vc_montu_counters_hw", "mont.h", [C("null", "c NULL", N, lambda w, f: f(None))], host=False))
    fns.append(Fn("vc_montu_slots", "mont.h", [
        C("len0", "limbs 0 (returns 0)", 0, lambda w, f: f(SZ(0))),
        C("lenbig", "limbs 129 (returns 0)", 0, lambda w, f: f(SZ(129)))], ret="size"))
    M4 = lambda: limbs((1 << 128) - 189, 4)  # noqa: E731
    for sfx in ("_sw", "", "_hw"):
        host = sfx != "_hw"
        fns += [
            Fn("vc_montu_setup" + sfx, "mont.h", [
                C("null", "m NULL", N, lambda w, f: f(SZ(4), None)),
                C("len0", "limbs 0", LEN, lambda w, f: f(SZ(0), M4())),
                C("lenbig", "limbs 129", LEN, lambda w, f: f(SZ(129), M4())),
                C("mod", "m even", MOD, lambda w, f: f(SZ(4), limbs((1 << 128) - 190, 4))),
                C("mod", "top limb 0", MOD, lambda w, f: f(SZ(4), limbs(7, 4))),
            ], host=host),
            Fn("vc_montu_load" + sfx, "mont.h", [
                C("null", "x NULL", N, lambda w, f, sfx=sfx: _mu(w, f, sfx, "load", 3, None)),
                C("int", "slot out of range (256)", RNG, lambda w, f, sfx=sfx: _mu(w, f, sfx, "load", 256, M4())),
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "load", 3, M4(), setup=False)),
            ], host=host),
            Fn("vc_montu_store" + sfx, "mont.h", [
                C("null", "x NULL", N, lambda w, f, sfx=sfx: _mu(w, f, sfx, "store", 3, None)),
                C("int", "slot out of range (256)", RNG, lambda w, f, sfx=sfx: _mu(w, f, sfx, "store", 256, w.out(16))),
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "store", 3, w.out(16), setup=False)),
            ], host=host),
            Fn("vc_montu_mul" + sfx, "mont.h", [
                C("int", "result in the modulus slot", RNG, lambda w, f, sfx=sfx: _mu(w, f, sfx, "mul", 0, 1, 1)),
                C("int", "operand slot out of range (256)", RNG, lambda w, f, sfx=sfx: _mu(w, f, sfx, "mul", 1, 1, 256)),
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "mul", 1, 1, 1, setup=False)),
            ], host=host),
            Fn("vc_montu_cmd" + sfx, "mont.h", [
                C("param", "op 2 (NINV: not a stream command)", PAR, lambda w, f, sfx=sfx: _mu(w, f, sfx, "cmd", _word(2, 1, 1, 1))),
                C("param", "bits 7:4 of the op byte set", PAR, lambda w, f, sfx=sfx: _mu(w, f, sfx, "cmd", _word(0x13, 1, 1, 1))),
                C("int", "result in the modulus slot", RNG, lambda w, f, sfx=sfx: _mu(w, f, sfx, "cmd", _word(1, 0, 1, 1))),
                C("int", "operand slot 255 of 128 (set up at 8 limbs)", RNG,
                  lambda w, f, sfx=sfx: _mu(w, f, sfx, "cmd", _word(3, 1, 1, 0xFF), limbs_=8)),
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "cmd", _word(1, 1, 1, 1), setup=False)),
                C("param", "RUN of a program not loaded", PAR, lambda w, f, sfx=sfx: _mu(w, f, sfx, "cmd", _word(5 | 7 << 4, 5, 5, 5))),
            ], host=host),
            Fn("vc_montu_program" + sfx, "mont.h", [
                C("null", "words NULL", N, lambda w, f, sfx=sfx: _mu(w, f, sfx, "program", 4, None, SZ(1), setup=False)),
                C("len0", "n 0", LEN, lambda w, f, sfx=sfx: _mu(w, f, sfx, "program", 4, _prog(1), SZ(0), setup=False)),
                C("lenbig", "33 words from program 15: past the memory's end", LEN,
                  lambda w, f, sfx=sfx: _mu(w, f, sfx, "program", 15, _prog(33), SZ(33), setup=False)),
                C("param", "program 16", PAR, lambda w, f, sfx=sfx: _mu(w, f, sfx, "program", 16, _prog(1), SZ(1), setup=False)),
                C("param", "a word with op 5 (RUN: programs do not nest)", PAR,
                  lambda w, f, sfx=sfx: _mu(w, f, sfx, "program", 4, _prog(1, _word(5, 1, 1, 1)), SZ(1), setup=False)),
                C("int", "a word writing the modulus slot", RNG,
                  lambda w, f, sfx=sfx: _mu(w, f, sfx, "program", 4, _prog(1, _word(3, 0, 1, 1)), SZ(1), setup=False)),
            ], host=host),
            Fn("vc_montu_wait" + sfx, "mont.h", [
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "wait", setup=False)),
            ], host=host),
            Fn("vc_montu_exp" + sfx, "mont.h", [
                C("null", "e NULL", N, lambda w, f, sfx=sfx: _mu(w, f, sfx, "exp", None, SZ(5))),
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "exp", limbs(5, 1), SZ(3), setup=False)),
            ], host=host, na={"len0": "ebits 0 is valid (the result is one)", "lenbig": "any exponent length is valid"}),
            Fn("vc_montu_exp_var" + sfx, "mont.h", [
                C("null", "e NULL", N, lambda w, f, sfx=sfx: _mu(w, f, sfx, "exp_var", None, SZ(5))),
                C("state", "no setup yet", ST, lambda w, f, sfx=sfx: _mu(w, f, sfx, "exp_var", limbs(5, 1), SZ(3), setup=False)),
            ], host=host, na={"len0": "ebits 0 is valid (the result is one)", "lenbig": "any exponent length is valid"}),
        ]
    return fns


def _mu(w, f, sfx, op, *args, setup=True, limbs_=4):
    """The driver call `op` on a fresh library (the driver's session is global), set up at
    limbs_ limbs first when `setup`. The host build has no unit: the dispatching form is the
    _sw one."""
    lib = w.montu(limbs_) if setup else fresh_lib(w.lib)
    return getattr(lib, f"vc_montu_{op}{sfx}")(*args)


def _word(op, r, a, b):
    """vc_montu_word: a command in the unit's format."""
    return ctypes.c_uint32(op | a << 8 | b << 16 | r << 24)


def _prog(n, first=None):
    """n program words: `first`, then OUT + 0 = P + 0 + Q + 0 (ADD)."""
    words = (ctypes.c_uint32 * n)(*[3 | 1 << 6 << 8 | 2 << 6 << 16 | 3 << 6 << 24] * n)
    if first is not None:
        words[0] = first.value
    return words


@functools.lru_cache(maxsize=None)
def x509_material():
    """OpenSSL's certificates (vexrun/vectors/certs.py): an RSA-1024 and a P-256 chain, and a P-256
    leaf with an unknown critical extension, as DER bytes."""
    import tempfile
    from vexrun.vectors import certs
    with tempfile.TemporaryDirectory(prefix="vc-badinput-x509-") as d:
        rsa, p256 = (certs.make_chain(Path(d), k) for k in ("rsa1024-sha256", "p256-sha256"))
        ext = Path(d) / "crit.ext"
        ext.write_text("1.2.3.4=critical,ASN1:NULL\n")
        csr = Path(d) / "crit.csr"
        certs.openssl("req", "-new", "-key", p256.leaf_key, "-subj", "/CN=crit", "-out", csr)
        crit = certs.openssl("x509", "-req", "-in", csr, "-CA", Path(d) / "p256-sha256/ca.der", "-CAform", "DER",
                             "-CAkey", p256.ca_key, "-days", 1, "-extfile", ext, "-outform", "DER")
    return {"rsa": rsa.leaf, "rsa_ca": rsa.ca, "p256": p256.leaf, "p256_ca": p256.ca, "crit": crit}


def _cert(w, name, **over):
    """A parsed certificate of x509_material, fields overridden (bytes: a span onto them)."""
    from vexrun.native import x509
    c = x509.parse(w.lib, x509_material()[name])[1]
    for k, v in over.items():
        if isinstance(v, bytes):
            buf = w.buf(v)
            setattr(c, k, x509.Span(ctypes.addressof(buf), len(v)))
            c.__dict__.setdefault("_keep", []).append(buf)
        else:
            setattr(c, k, v)
    return c


def _der_in(w, name, extra=b"", cut=0):
    der = x509_material()[name]
    return w.buf(der[:len(der) - cut] + extra), SZ(len(der) - cut + len(extra))


def _kv(w, f, cert="rsa", h="sha256", digest=True, sig=b"\0" * 128, null=None, **over):
    """vc_x509_key_verify with valid arguments but the ones given; null: the index of one made NULL."""
    args = [ctypes.byref(_cert(w, cert, **over)), w.hash(h), w.digest() if digest else None, w.buf(sig), SZ(len(sig)), None]
    if null is not None:
        args[null] = None
    return f(*args)


def x509_fns():
    from vexrun.native import x509
    sig = bytes.fromhex("3006020101020102")
    return [
        Fn("vc_x509_parse", "x509.h", [
            C("null", "c NULL", N, lambda w, f: f(None, *_der_in(w, "p256"))),
            C("null", "der NULL", N, lambda w, f: f(w.out(ctypes.sizeof(x509.Cert)), None, SZ(10))),
            C("len0", "len 0 (no certificate)", VER, lambda w, f: f(w.out(ctypes.sizeof(x509.Cert)), w.buf(b"0"), SZ(0))),
            C("lenbig", "len one byte past the certificate (a trailing byte)", VER,
              lambda w, f: f(w.out(ctypes.sizeof(x509.Cert)), *_der_in(w, "p256", b"\0"))),
            C("sig", "the certificate without its last byte", VER,
              lambda w, f: f(w.out(ctypes.sizeof(x509.Cert)), *_der_in(w, "p256", cut=1)),
              oracle=({"op": "x509", "cert": "3000"}, "cert: VC_ERR_VERIFY")),
            C("param", "an unknown critical extension (RFC 5280 4.2)", PAR,
              lambda w, f: f(w.out(ctypes.sizeof(x509.Cert)), *_der_in(w, "crit"))),
        ]),
        Fn("vc_x509_check_time", "x509.h", [
            C("null", "c NULL", N, lambda w, f: f(None, ctypes.c_uint64(20260101000000))),
            C("int", "now before notBefore", RNG, lambda w, f: f(ctypes.byref(_cert(w, "p256")), ctypes.c_uint64(19991231235959))),
            C("int", "now after notAfter", RNG, lambda w, f: f(ctypes.byref(_cert(w, "p256")), ctypes.c_uint64(99991231235959))),
        ]),
        Fn("vc_x509_verify", "x509.h", [
            C("null", "cert NULL", N, lambda w, f: f(None, ctypes.byref(_cert(w, "p256_ca")), None)),
            C("null", "issuer NULL", N, lambda w, f: f(ctypes.byref(_cert(w, "p256")), None, None)),
            C("sig", "a signature changed", VER,
              lambda w, f: f(ctypes.byref(_cert(w, "p256", sig=sig)), ctypes.byref(_cert(w, "p256_ca")), None)),
            C("sig", "an issuer whose subject is not the certificate's issuer", VER,
              lambda w, f: f(ctypes.byref(_cert(w, "p256")), ctypes.byref(_cert(w, "p256")), None)),
            C("sig", "an issuer that is not a CA", VER,
              lambda w, f: f(ctypes.byref(_cert(w, "p256")), ctypes.byref(_cert(w, "p256_ca", is_ca=0)), None)),
            C("param", "an unknown signature algorithm", PAR,
              lambda w, f: f(ctypes.byref(_cert(w, "p256", sig_alg=0)), ctypes.byref(_cert(w, "p256_ca")), None)),
        ], na={"mod": "the issuer's key: see vc_x509_key_verify", "point": "the issuer's key: see vc_x509_key_verify"}),
        Fn("vc_x509_key_verify", "x509.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: _kv(w, f, null=i)) for i, a in enumerate(("c", "h", "digest", "sig"))],
            C("len0", "siglen 0", VER, lambda w, f: _kv(w, f, sig=b"")),
            C("lenbig", "siglen 129 (RSA-1024)", VER, lambda w, f: _kv(w, f, sig=bytes(129))),
            C("sig", "RSA: a signature of zeros", VER, lambda w, f: _kv(w, f)),
            C("sig", "P-256: r = 1, s = 2", VER, lambda w, f: _kv(w, f, "p256", sig=sig)),
            C("sig", "P-256: r, s not DER (a trailing byte)", VER, lambda w, f: _kv(w, f, "p256", sig=sig + b"\0")),
            C("sig", "a key whose keyUsage lacks digitalSignature", VER, lambda w, f: _kv(w, f, key_usage=0x20)),
            C("param", "RSA with MD4 (no DigestInfo)", PAR, lambda w, f: _kv(w, f, h="md4")),
            C("param", "an unknown key type", PAR, lambda w, f: _kv(w, f, key_type=0)),
            C("mod", "an RSA modulus of 4104 bits", MOD, lambda w, f: _kv(w, f, rsa_n=b"\x80" + bytes(512), sig=bytes(513))),
            C("point", "a P-256 key off the curve", PT,
              lambda w, f: _kv(w, f, "p256", sig=sig, ec_point=b"\x04" + bytes(63) + b"\x01")),
        ]),
        Fn("vc_der_ecdsa_sig_encode", "x509.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: _enc(w, f, null=i)) for i, a in enumerate(("r", "s", "out", "outlen"))],
            C("len0", "nlen 0", LEN, lambda w, f: _enc(w, f, nlen=0)),
            C("len0", "cap 0", LEN, lambda w, f: _enc(w, f, cap=0)),
            C("lenbig", "nlen 33", LEN, lambda w, f: _enc(w, f, nlen=33)),
            C("lenbig", "cap 71, one short of r and s with the top bit set", LEN, lambda w, f: _enc(w, f, cap=71)),
        ]),
        Fn("vc_der_ecdsa_sig_decode", "x509.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: _dec(w, f, null=i)) for i, a in enumerate(("der", "r", "s"))],
            C("len0", "len 0", VER, lambda w, f: _dec(w, f, der=b"")),
            C("len0", "nlen 0", LEN, lambda w, f: _dec(w, f, nlen=0)),
            C("lenbig", "len one past the SEQUENCE (a trailing byte)", VER, lambda w, f: _dec(w, f, der=sig + b"\0")),
            C("lenbig", "nlen 33", LEN, lambda w, f: _dec(w, f, nlen=33)),
            C("sig", "an INTEGER not minimal (02 02 00 01)", VER, lambda w, f: _dec(w, f, der=bytes.fromhex("30070202000102" "0102"))),
            C("sig", "a negative INTEGER (02 01 81)", VER, lambda w, f: _dec(w, f, der=bytes.fromhex("3006020181020102"))),
            C("sig", "r of 33 bytes for nlen 32", VER,
              lambda w, f: _dec(w, f, der=bytes.fromhex("3028" "022101" + "00" * 32 + "020102"))),
        ]),
    ]


def _enc(w, f, nlen=32, cap=80, null=None):
    top = b"\x80" + bytes(max(nlen, 1) - 1)
    args = [w.buf(top), w.buf(top), SZ(nlen), w.out(80), SZ(cap), w.size(0)]
    if null is not None:
        args[[0, 1, 3, 5][null]] = None
    return f(*args)


def _dec(w, f, der=bytes.fromhex("3006020101020102"), nlen=32, null=None):
    args = [w.buf(der), SZ(len(der)), SZ(nlen), w.out(33), w.out(33)]
    if null is not None:
        args[[0, 3, 4][null]] = None
    return f(*args)


FNS += [*mp_fns(), *pk_fns(), *ec_fns(), *gf2m_fns(), *driver_fns(), *x509_fns()]


# ---- TLS (tls.h)
def _tls_cfg(w, **over):
    """A client's configuration on the P-256 chain of x509_material, fields overridden (bytes:
    a buffer of them; the objects are kept alive on w)."""
    from vexrun.native import tls
    mat, d = x509_material(), Drbg()
    assert w.lib.vc_drbg_init(ctypes.byref(d), b"seed", SZ(4)) == 0
    ca = w.buf(mat["p256_ca"])
    cfg = tls.Config(role=0, ca=ctypes.addressof(ca), calen=len(mat["p256_ca"]), rng=ctypes.addressof(d))
    keep = [d, ca, cfg]
    for k, v in over.items():
        if isinstance(v, bytes):
            keep.append(w.buf(v))
            v = ctypes.addressof(keep[-1])
        setattr(cfg, k, v)
    w.__dict__.setdefault("_keep", []).extend(keep)
    return cfg


def _kept(w, obj):
    """obj's address, obj kept alive on w."""
    w.__dict__.setdefault("_keep", []).append(obj)
    return ctypes.addressof(obj)


def _tls(w, zeroed=False):
    """A client engine with its ClientHello queued, or one never set up (zeroed)."""
    from vexrun.native import tls
    t = tls.Tls()
    if not zeroed:
        assert w.lib.vc_tls_init(ctypes.byref(t), ctypes.byref(_tls_cfg(w))) == 0
    w.__dict__.setdefault("_keep", []).append(t)
    return ctypes.byref(t)


def _tls_init(w, f, null=None, **over):
    from vexrun.native import tls
    args = [w.out(ctypes.sizeof(tls.Tls)), ctypes.byref(_tls_cfg(w, **over))]
    if null is not None:
        args[null] = None
    return f(*args)


def _tls_feed(w, f, data=b"", zeroed=False, null=None):
    args = [_tls(w, zeroed), w.buf(data or b"\0"), SZ(len(data) or 1), w.size(0)]
    if null is not None:
        args[null] = None
    if null is None and not zeroed:
        args[3] = ctypes.byref(SZ(0))   # the bytes taken are reported with a protocol failure
    return f(*args)


def _tls_io(w, f, zeroed=False, null=None):
    """vc_tls_take or vc_tls_read: (t, out, cap, n)."""
    args = [_tls(w, zeroed), w.out(64), SZ(64), w.size(0)]
    if null is not None:
        args[null] = None
    return f(*args)


PROTO = api.VC_ERR_PROTO
TLS_ANY_LEN = "every length is valid (0: nothing)"
CBC_SUITE = 0x0039


def _tls_dirs(w, suite=CBC_SUITE):
    """Both directions' keys of a suite from a master secret of zeros."""
    from vexrun.native import tls
    c, s = tls.Dir(), tls.Dir()
    assert w.lib.vc_tls_keys(w.zero(48), ctypes.c_uint(suite), w.zero(32), w.zero(32), ctypes.byref(c), ctypes.byref(s)) == 0
    w.__dict__.setdefault("_keep", []).extend([c, s])
    return c, s


def _seal(w, f, n=16, cap=128, null=None):
    c, _ = _tls_dirs(w)
    args = [ctypes.byref(c), w.drbg(), 23, w.buf(bytes(max(n, 1))), SZ(n), w.out(cap), SZ(cap), w.size(0)]
    if null is not None:
        args[[0, 1, 3, 5, 7][null]] = None
    return f(*args)


def _open(w, f, rec=None, null=None):
    """A CBC record sealed by the client's side, opened by the server's; rec: another record."""
    from vexrun.native import tls
    c, s = _tls_dirs(w)
    if rec is None:
        buf, n = ctypes.create_string_buffer(128), SZ(0)
        assert w.lib.vc_tls_record_seal(ctypes.byref(c), w.drbg(), 23, w.buf(b"x" * 16), SZ(16), buf, SZ(128),
                                        ctypes.byref(n)) == 0
        rec = buf.raw[:n.value]
    args = [ctypes.byref(s), w.buf(rec), SZ(len(rec)), ctypes.byref(ctypes.c_void_p()), w.size(0)]
    if null is not None:
        args[[0, 1, 3, 4][null]] = None
    return f(*args)


def tls_fns():
    io_na = {"len0": "cap 0 is valid (takes nothing)", "lenbig": "any capacity is valid (what fits is taken)"}
    return [
        Fn("vc_tls_init", "tls.h", [
            C("null", "t NULL", N, lambda w, f: _tls_init(w, f, null=0)),
            C("null", "cfg NULL", N, lambda w, f: _tls_init(w, f, null=1)),
            C("null", "cfg->rng NULL", N, lambda w, f: _tls_init(w, f, rng=None)),
            C("null", "cfg->ca NULL", N, lambda w, f: _tls_init(w, f, ca=None)),
            C("len0", "cfg->calen 0", VER, lambda w, f: _tls_init(w, f, calen=0)),
            C("lenbig", "cfg->calen one past the certificate (a trailing byte)", VER,
              lambda w, f: _tls_init(w, f, ca=x509_material()["p256_ca"] + b"\0", calen=len(x509_material()["p256_ca"]) + 1)),
            C("sig", "cfg->ca not a certificate", VER, lambda w, f: _tls_init(w, f, ca=b"\x30\x00", calen=2)),
            C("param", "cfg->role 2", PAR, lambda w, f: _tls_init(w, f, role=2)),
            C("param", "cfg->suites with an unknown bit (4)", PAR, lambda w, f: _tls_init(w, f, suites=4)),
            C("param", "a server without a certificate", PAR, lambda w, f: _tls_init(w, f, role=1)),
            C("param", "a key without a certificate", PAR, lambda w, f: _tls_init(w, f, ec_key=bytes(31) + b"\1")),
            C("param", "a P-256 certificate with an RSA key", PAR,
              lambda w, f: _tls_init(w, f, cert=x509_material()["p256"], certlen=len(x509_material()["p256"]),
                                     rsa_key=_kept(w, w.rsa_priv()))),
            C("param", "a P-256 server limited to the DHE-RSA suite", PAR,
              lambda w, f: _tls_init(w, f, role=1, suites=2, cert=x509_material()["p256"], certlen=len(x509_material()["p256"]),
                                     ec_key=bytes(31) + b"\1")),
        ], na={"state": "t is the output: set up here"}),
        Fn("vc_tls_feed", "tls.h", [
            C("null", "t NULL", N, lambda w, f: _tls_feed(w, f, null=0)),
            C("null", "in NULL with len 1", N, lambda w, f: _tls_feed(w, f, null=1)),
            C("null", "used NULL", N, lambda w, f: _tls_feed(w, f, null=3)),
            C("state", "an engine never set up", ST, lambda w, f: _tls_feed(w, f, zeroed=True)),
            C("lenbig", "a record announcing 18,433 bytes (alert record_overflow)", PROTO,
              lambda w, f: _tls_feed(w, f, bytes.fromhex("1603034801"))),
            C("sig", "a record of content type 99 (alert unexpected_message)", PROTO,
              lambda w, f: _tls_feed(w, f, bytes.fromhex("630303000100"))),
        ], na={"len0": "len 0 is valid (nothing fed)"}),
        *[Fn(name, "tls.h", [
            C("null", "t NULL", N, lambda w, f: _tls_io(w, f, null=0)),
            C("null", "out NULL with cap 64", N, lambda w, f: _tls_io(w, f, null=1)),
            C("null", "n NULL", N, lambda w, f: _tls_io(w, f, null=3)),
            C("state", "an engine never set up", ST, lambda w, f: _tls_io(w, f, zeroed=True)),
        ], na=io_na) for name in ("vc_tls_take", "vc_tls_read")],
        Fn("vc_tls_write", "tls.h", [
            C("null", "t NULL", N, lambda w, f: f(None, w.buf(b"x"), SZ(1))),
            C("null", "data NULL with len 1", N, lambda w, f: f(_tls(w), None, SZ(1))),
            C("state", "a connection still shaking hands", ST, lambda w, f: f(_tls(w), w.buf(b"x"), SZ(1))),
            C("state", "an engine never set up", ST, lambda w, f: f(_tls(w, zeroed=True), w.buf(b"x"), SZ(1))),
        ], na={"len0": "len 0 is valid (nothing queued)",
               "lenbig": "checked once open (VC_ERR_LENGTH past the output's room): a peer is needed, "
                         "tests/host/test_tls.py"}),
        Fn("vc_tls_close", "tls.h", [
            C("null", "t NULL", N, lambda w, f: f(None)),
            C("state", "an engine never set up", ST, lambda w, f: f(_tls(w, zeroed=True))),
        ]),
        Fn("vc_tls_state", "tls.h", [C("null", "t NULL (returns VC_ERR_NULL)", N, lambda w, f: f(None)),
                                     C("state", "an engine never set up (returns VC_ERR_STATE)", ST,
                                       lambda w, f: f(_tls(w, zeroed=True)))], ret="val"),
        Fn("vc_tls_suite", "tls.h", [C("null", "t NULL (returns 0)", 0, lambda w, f: f(None))], ret="u32",
           na={"state": "0 until a ServerHello"}),
        Fn("vc_tls_alert", "tls.h", [C("null", "t NULL (returns -1)", -1, lambda w, f: f(None, None)),
                                     C("state", "an engine never set up (returns -1)", -1,
                                       lambda w, f: f(_tls(w, zeroed=True), None))], ret="val"),
        Fn("vc_tls_suite_name", "tls.h", [C("int", "an unknown suite 0x1234 (returns NULL)", 0, lambda w, f: f(0x1234))],
           ret="ptr"),
        Fn("vc_tls_keys", "tls.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: f(*[None if j == i else v for j, v in enumerate(
                (w.zero(48), ctypes.c_uint(CBC_SUITE), w.zero(32), w.zero(32), w.out(1024), w.out(1024)))]))
              for i, a in ((0, "master"), (2, "crand"), (3, "srand"), (4, "client"), (5, "server"))],
            C("param", "suite 0x1234", PAR, lambda w, f: f(w.zero(48), ctypes.c_uint(0x1234), w.zero(32), w.zero(32),
                                                         w.out(1024), w.out(1024))),
        ], na={"state": "the directions are outputs, set up here"}),
        Fn("vc_tls_record_seal", "tls.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: _seal(w, f, null=i))
              for i, a in enumerate(("d", "rng (CBC)", "in with len 16", "out", "outlen"))],
            C("lenbig", "len 16,385 (over VC_TLS_MAX_PLAIN)", LEN, lambda w, f: _seal(w, f, n=16385, cap=17000)),
            C("lenbig", "cap one short of the record", LEN, lambda w, f: _seal(w, f, cap=68)),
        ], na={"len0": "len 0 is valid (an empty record)", "state": "a direction without keys passes records through"}),
        Fn("vc_tls_record_open", "tls.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, i=i: _open(w, f, null=i)) for i, a in enumerate(("d", "rec", "pt", "ptlen"))],
            C("len0", "len 0", LEN, lambda w, f: _open(w, f, rec=b"")),
            C("lenbig", "len one past the header's length", LEN, lambda w, f: _open(w, f, rec=bytes.fromhex("1703030000") + b"x")),
            C("block", "a CBC record of 33 bytes (not whole blocks)", VER,
              lambda w, f: _open(w, f, rec=bytes.fromhex("1703030021") + bytes(33))),
            C("sig", "a CBC record of zeros (bad padding and MAC)", VER,
              lambda w, f: _open(w, f, rec=bytes.fromhex("1703030030") + bytes(48))),
        ], na={"state": "a direction without keys passes records through"}),
        Fn("vc_tls_prf", "tls.h", [
            C("null", "secret NULL with secretlen 1", N, lambda w, f: f(None, SZ(1), b"l", w.buf(b"s"), SZ(1), w.out(8), SZ(8))),
            C("null", "label NULL", N, lambda w, f: f(w.buf(b"k"), SZ(1), None, w.buf(b"s"), SZ(1), w.out(8), SZ(8))),
            C("null", "seed NULL with seedlen 1", N, lambda w, f: f(w.buf(b"k"), SZ(1), b"l", None, SZ(1), w.out(8), SZ(8))),
            C("null", "out NULL with outlen 8", N, lambda w, f: f(w.buf(b"k"), SZ(1), b"l", w.buf(b"s"), SZ(1), None, SZ(8))),
        ], na={"len0": TLS_ANY_LEN, "lenbig": TLS_ANY_LEN}),
    ]


FNS += tls_fns()


# ---- IKE (ike.h)
def _ike_cfg(w, **over):
    """An initiator's valid configuration (the 1024-bit key on both sides), fields overridden
    (bytes: a buffer of them; the objects kept alive on w)."""
    from vexrun.native import ike
    d = Drbg()
    assert w.lib.vc_drbg_init(ctypes.byref(d), b"seed", SZ(4)) == 0
    priv, pub, ident = w.rsa_priv(), w.rsa_pub(), w.buf(b"vexcrypt.example")
    cfg = ike.Config(role=0, cipher=1, hash=2, group=2, nonce_len=16, id_type=2, id=_kept(w, ident), idlen=16,
                     spi=256, msgid=1, key=_kept(w, priv), peer_key=_kept(w, pub), rng=_kept(w, d))
    cfg.cookie[:] = list(range(1, 9))
    for k, v in over.items():
        if k == "cookie":
            cfg.cookie[:] = list(v)
            continue
        if isinstance(v, bytes):
            v = _kept(w, w.buf(v))
        setattr(cfg, k, v)
    _kept(w, cfg)
    return cfg


def _ike(w, zeroed=False, **over):
    """An engine set up (an initiator with message 1 queued, unless over says otherwise), or one
    never set up (zeroed)."""
    from vexrun.native import ike
    s = ike.Ike()
    if not zeroed:
        assert w.lib.vc_ike_init(ctypes.byref(s), ctypes.byref(_ike_cfg(w, **over))) == 0
    _kept(w, s)
    return ctypes.byref(s)


def _ike_init(w, f, null=None, **over):
    from vexrun.native import ike
    args = [w.out(ctypes.sizeof(ike.Ike)), ctypes.byref(_ike_cfg(w, **over))]
    if null is not None:
        args[null] = None
    return f(*args)


def _ike_failed(w):
    """A responder that failed on a message it could not parse."""
    s = _ike(w, role=1)
    assert w.lib.vc_ike_feed(s, w.buf(bytes(28)), SZ(28)) == PROTO
    return s


def _m1_3des(w):
    """An initiator's message 1 proposing 3DES (the responder here takes DES only)."""
    from vexrun.native import ike
    s, out, n = _ike(w, cipher=5), ctypes.create_string_buffer(1024), SZ(0)
    assert w.lib.vc_ike_take(s, out, SZ(1024), ctypes.byref(n)) == 0
    return out.raw[:n.value]


def _ike_take(w, f, zeroed=False, null=None, cap=64):
    args = [_ike(w, zeroed), w.out(64), SZ(cap), w.size(0)]
    if null is not None:
        args[null] = None
    return f(*args)


def ike_fns():
    return [
        Fn("vc_ike_init", "ike.h", [
            C("null", "s NULL", N, lambda w, f: _ike_init(w, f, null=0)),
            C("null", "cfg NULL", N, lambda w, f: _ike_init(w, f, null=1)),
            *[C("null", f"cfg->{k} NULL", N, lambda w, f, k=k: _ike_init(w, f, **{k: None}))
              for k in ("key", "peer_key", "rng", "id")],
            C("len0", "cfg->nonce_len 0", LEN, lambda w, f: _ike_init(w, f, nonce_len=0)),
            C("len0", "cfg->idlen 0", LEN, lambda w, f: _ike_init(w, f, idlen=0)),
            C("lenbig", "cfg->nonce_len 65 (over VC_IKE_MAX_NONCE)", LEN, lambda w, f: _ike_init(w, f, nonce_len=65)),
            C("lenbig", "cfg->idlen 65 (over VC_IKE_MAX_ID)", LEN, lambda w, f: _ike_init(w, f, idlen=65)),
            C("param", "cfg->role 2", PAR, lambda w, f: _ike_init(w, f, role=2)),
            C("param", "cfg->cipher 7 (AES)", PAR, lambda w, f: _ike_init(w, f, cipher=7)),
            C("param", "cfg->hash 1 (MD5)", PAR, lambda w, f: _ike_init(w, f, hash=1)),
            C("param", "cfg->group 5", PAR, lambda w, f: _ike_init(w, f, group=5)),
            C("param", "cfg->id_type 0", PAR, lambda w, f: _ike_init(w, f, id_type=0)),
            C("param", "cfg->cookie all zero", PAR, lambda w, f: _ike_init(w, f, cookie=bytes(8))),
            C("param", "cfg->spi 255", PAR, lambda w, f: _ike_init(w, f, spi=255)),
            C("param", "an initiator's cfg->msgid 0", PAR, lambda w, f: _ike_init(w, f, msgid=0)),
            C("param", "cfg->dh_xbits 1024 (group 2: 1024 bits)", PAR, lambda w, f: _ike_init(w, f, dh_xbits=1024)),
            C("param", "a 256-bit peer key", PAR, lambda w, f: _ike_init(w, f, peer_key=_kept(w, _small_pub(w)))),
        ], na={"state": "s is the output: set up here"}),
        Fn("vc_ike_feed", "ike.h", [
            C("null", "s NULL", N, lambda w, f: f(None, w.buf(bytes(28)), SZ(28))),
            C("null", "msg NULL", N, lambda w, f: f(_ike(w, role=1), None, SZ(28))),
            C("state", "an engine never set up", ST, lambda w, f: f(_ike(w, zeroed=True), w.buf(bytes(28)), SZ(28))),
            C("state", "an engine that failed", ST, lambda w, f: f(_ike_failed(w), w.buf(bytes(28)), SZ(28))),
            C("len0", "len 0 (shorter than the header)", PROTO, lambda w, f: f(_ike(w, role=1), w.buf(b"\0"), SZ(0))),
            C("lenbig", "len 1025 (over VC_IKE_MSG_CAP)", PROTO, lambda w, f: f(_ike(w, role=1), w.buf(bytes(1025)), SZ(1025))),
            C("param", "a responder for DES given a proposal of 3DES", PROTO,
              lambda w, f: f(_ike(w, role=1), w.buf(_m1_3des(w)), SZ(len(_m1_3des(w))))),
        ]),
        Fn("vc_ike_take", "ike.h", [
            C("null", "s NULL", N, lambda w, f: _ike_take(w, f, null=0)),
            C("null", "out NULL with cap 64", N, lambda w, f: _ike_take(w, f, null=1)),
            C("null", "n NULL", N, lambda w, f: _ike_take(w, f, null=3)),
            C("state", "an engine never set up", ST, lambda w, f: _ike_take(w, f, zeroed=True)),
            C("len0", "cap 0 with message 1 queued", LEN, lambda w, f: _ike_take(w, f, cap=0)),
        ], na={"lenbig": "any capacity that holds the message is valid"}),
        Fn("vc_ike_quick", "ike.h", [
            C("null", "s NULL", N, lambda w, f: f(None)),
            C("state", "an engine never set up", ST, lambda w, f: f(_ike(w, zeroed=True))),
            C("state", "an initiator still in main mode", ST, lambda w, f: f(_ike(w))),
            C("state", "a responder", ST, lambda w, f: f(_ike(w, role=1))),
        ]),
        Fn("vc_ike_state", "ike.h", [
            C("null", "s NULL (returns VC_ERR_NULL)", N, lambda w, f: f(None)),
            C("state", "an engine never set up (returns VC_ERR_STATE)", ST, lambda w, f: f(_ike(w, zeroed=True))),
        ], ret="val"),
        Fn("vc_ike_get_keys", "ike.h", [
            C("null", "s NULL", N, lambda w, f: f(None, w.out(512))),
            C("null", "k NULL", N, lambda w, f: f(_ike(w), None)),
            C("state", "an engine never set up", ST, lambda w, f: f(_ike(w, zeroed=True), w.out(512))),
        ]),
    ]


FNS += ike_fns()


# ---------------------------------------------------------------------------------------------
# Completeness against the headers, and the page

HEADERS = sorted((ROOT / "fw/include/vexcrypt").glob("*.h")) + sorted((ROOT / "fw/drivers").glob("*.h"))
_PROTO = re.compile(r"(?:^|[;}\n])\s*((?:static\s+inline\s+)?(?:const\s+)?\w+(?:\s*\*)*)\s*\**\s*(vc_\w+)\s*\(([^()]*)\)\s*[;{]")


def prototypes():
    """{name: (header, [parameter declarations])} of every function the public headers declare."""
    out = {}
    for h in HEADERS:
        text = re.sub(r"^\s*#.*$", "", re.sub(r"/\*.*?\*/", "", h.read_text(), flags=re.S), flags=re.M)
        for m in _PROTO.finditer(text):
            params = [p.strip() for p in m.group(3).split(",") if p.strip() and p.strip() != "void"]
            out[m.group(2)] = (h.name, params)
    return out


def kinds(params):
    """The argument kinds a prototype has: "null" for a pointer or array, "len" for a size_t,
    "state" for a context, key schedule or generator."""
    k = set()
    for p in params:
        if re.match(r"(const\s+)?vc_(drbg|\w+_ctx|mont|rfc6979|\w+_key)\s*\*", p):
            k.add("state")
        if "*" in p or "[" in p or re.match(r"(const\s+)?vc_gf2m\s", p):
            k.add("null")
        if p.startswith("size_t"):
            k.add("len")
    return k


def expected(fn, case):
    """The expected result as the page shows it."""
    if fn.ret == "int":
        return ERR.get(case.expect, str(case.expect))
    v = case.expect.decode() if isinstance(case.expect, bytes) else case.expect
    return f'returns "{v}"' if isinstance(v, str) else "returns NULL" if fn.ret == "ptr" else f"returns {v}"


def cell(fn, cls):
    """(text, reason or None): the codes tried for one class, or n/a."""
    codes = []
    for c in fn.cases:
        if c.cls == cls:
            t = expected(fn, c).replace("VC_ERR_", "")
            if t not in codes:
                codes.append(t)
    if codes:
        return ", ".join(codes), None
    return "n/a", fn.na.get(cls) or CLASSES[cls][2]


def render():
    """docs/bad-input.md."""
    protos = prototypes()
    fams = {}
    for fn in FNS:
        fams.setdefault(fn.header, []).append(fn)
    short = {k: v[0] for k, v in CLASSES.items()}
    ncases = sum(len(f.cases) for f in FNS)
    nor = sum(1 for f in FNS for c in f.cases if c.oracle)
    lines = [
        "# Bad input: every public function x every class of invalid argument",
        "",
        "Rendered by `vexrun publish` from `vexrun/vectors/badinput.py` (the single list of cases), the codes' "
        "names from the library's own table (`vc_errors`). Do not edit by hand.",
        "",
        f"{len(FNS)} public functions (every prototype in `fw/include/vexcrypt/*.h` and `fw/drivers/*.h`), "
        f"{ncases} cases. Each case is run on the host library (`tests/host/test_badinput.py::test_host`, on every curve for "
        "`ec.h`, and in both algorithm sets where a function of `ec.h` or `gf2m.h` takes one): the exact error code, and the outputs the call was given (filled with a sentinel) untouched. "
        f"{nor} cases reach the library through the oracle and run in the simulated SoC (the `ec` ones on "
        f"{' and '.join(ORACLE_CURVES)}, both sets on the binary one), in one simulation per build (the default and `MONT=1`, where the public-key "
        "requests run on the Montgomery unit's driver), each "
        "followed by a valid request (`test_oracle`): the reply's error is the code's `vc_strerror` text (or the "
        "oracle's own message, or a verdict `valid: false` where the oracle answers one).",
        "",
        "A cell gives the `VC_ERR_*` codes (without the prefix) of the cases tried; `n/aK` when the class does not "
        "apply, for the reason K listed under the table; `-` when the function has no argument of that kind (the "
        "class's reason below; the test accepts it for a pointer, a `size_t` or a context only with a reason of its "
        "own). "
        "Functions that do not return an error code show the value they return. Classes (`-` means):",
        "",
    ]
    for name, title, default in CLASSES.values():
        lines.append(f"- **{name}**: {title} (`-`: {default})")
    gaps = {}
    for f in FNS:
        if f.gap:
            gaps.setdefault(f.gap, []).append(f.name)
    if gaps:
        lines += ["", "Known gaps (functions that validate nothing; a design decision pending):", ""]
        lines += [f"- {', '.join(f'`{n}`' for n in names)}: {gap}" for gap, names in gaps.items()]
    for header, fns in fams.items():
        lines += ["", f"## {header}", "", "| function | " + " | ".join(short.values()) + " |",
                  "|---|" + "---|" * len(short)]
        notes = []
        for fn in fns:
            row = []
            for cls in CLASSES:
                text, reason = cell(fn, cls)
                if reason == CLASSES[cls][2]:
                    text = "-"
                elif reason:
                    if reason not in notes:
                        notes.append(reason)
                    text = f"n/a{notes.index(reason) + 1}"
                row.append(text)
            mark = "" if fn.host else " *"
            lines.append(f"| `{fn.name}`{mark} | " + " | ".join(row) + " |")
        lines += [""] + [f"n/a{i + 1}: {r}  " for i, r in enumerate(notes)]
        if not all(fn.host for fn in fns):
            lines.append(NOT_HOST)
        lines += ["", "<details><summary>cases</summary>", "", "| function | class | invalid argument | expected | oracle |",
                  "|---|---|---|---|---|"]
        for fn in fns:
            for c in fn.cases:
                exp = expected(fn, c)
                lines.append(f"| `{fn.name}` | {short[c.cls]} | {c.what} | {exp} | {'yes' if c.oracle else ''} |")
        lines += ["", "</details>"]
    assert set(protos) == {f.name for f in FNS}
    return "\n".join(lines) + "\n"


# ---- CMS (cms.h)
@functools.lru_cache(maxsize=None)
def cms_material():
    """OpenSSL's pieces (vexrun/vectors/certs.py, openssl smime): an RSA-1024 leaf and CA, the leaf's
    key as integers, a detached SignedData over MSG under them, an EnvelopedData (-des3) of MSG
    for the leaf (MSG of whole DES blocks: its padding is a full block, so a flipped last byte
    of the block before it is a bad padding), one with aes-256-cbc, a P-256 leaf, and a leaf of the
    same key that may not sign (keyUsage keyEncipherment only)."""
    import tempfile
    from Crypto.PublicKey import RSA
    from vexrun.vectors import certs
    with tempfile.TemporaryDirectory(prefix="vc-badinput-cms-") as d:
        ch = certs.make_chain(Path(d), "rsa1024-sha256")
        pem = Path(d) / "leaf.pem"
        certs.openssl("x509", "-inform", "DER", "-out", pem, data=ch.leaf)
        smime = lambda op, *a: certs.openssl("smime", op, "-outform", "DER", "-binary", *a, data=CMS_MSG)  # noqa: E731
        k = RSA.import_key(ch.leaf_key.read_bytes())
        enc_only = certs.make_leaf(d, "enc-only", ch.leaf_key, Path(d) / ch.kind / "ca.der", ch.ca_key, ch.hash,
                                   ext="keyUsage=critical,keyEncipherment\n")
        return {"cert": ch.leaf, "enc_only": enc_only, "ca": ch.ca, "other_ca": ch.other_ca, "other_leaf": ch.other_leaf, "key": tuple(int(getattr(k, n)) for n in "nedpq"),
                "signed": smime("-sign", "-signer", pem, "-inkey", ch.leaf_key), "env": smime("-encrypt", "-des3", pem),
                "env_aes256": smime("-encrypt", "-aes256", pem), "p256": x509_material()["p256"]}


CMS_MSG = b"Content-Type: text/plain\r\n\r\nfive blocks!"     # 40 bytes


def _cms_key(w, own=True):
    """The leaf's key (own) or another RSA key, complete, kept alive on w."""
    k = RsaPriv()
    k.n, k.e, k.d, k.p, k.q = (Mp.of(v) for v in (cms_material()["key"] if own else material()["rsa"]))
    assert w.lib.vc_rsa_priv_complete(ctypes.byref(k)) == 0
    _kept(w, k)
    return ctypes.byref(k)


def _opts(w):
    from vexrun.native.cms import Opts
    o = Opts()
    _kept(w, o)
    return ctypes.byref(o)


def _cms_args(w, names, over, null, outputs):
    """The call's arguments from `names` (each a (name, value) pair), values overridden by over,
    one made NULL (its index among the pointers), outputs made by w (sentinel-checked)."""
    vals = dict(names)
    vals.update(over)
    args = []
    for name, v in vals.items():
        if name in outputs:
            v = w.out(v) if name == "out" else w.size(0)
        elif isinstance(v, bytes):
            v = w.buf(v) if v else w.buf(b"\0")
        args.append(v)
    if null is not None:
        args[list(vals).index(null)] = None
    return args


def _cms_sign(w, f, null=None, **over):
    m = cms_material()
    names = [("cert", m["cert"]), ("certlen", SZ(len(m["cert"]))), ("key", _cms_key(w)), ("msg", CMS_MSG),
             ("len", SZ(len(CMS_MSG))), ("time", ctypes.c_uint64(20260101000000)), ("out", 4096), ("cap", SZ(4096)),
             ("outlen", None), ("opts", _opts(w))]
    return f(*_cms_args(w, names, over, null, ("out", "outlen")))


def _cms_verify(w, f, null=None, **over):
    m = cms_material()
    names = [("der", m["signed"]), ("derlen", SZ(len(m["signed"]))), ("msg", CMS_MSG), ("len", SZ(len(CMS_MSG))),
             ("ca", m["ca"]), ("calen", SZ(len(m["ca"]))), ("now", ctypes.c_uint64(0)), ("opts", _opts(w))]
    return f(*_cms_args(w, names, over, null, ()))


def _cms_encrypt(w, f, null=None, **over):
    m = cms_material()
    names = [("cert", m["cert"]), ("certlen", SZ(len(m["cert"]))), ("cipher", 1), ("rng", w.drbg()), ("msg", CMS_MSG),
             ("len", SZ(len(CMS_MSG))), ("out", 4096), ("cap", SZ(4096)), ("outlen", None), ("opts", _opts(w))]
    return f(*_cms_args(w, names, over, null, ("out", "outlen")))


def _cms_decrypt(w, f, null=None, **over):
    m = cms_material()
    names = [("der", m["env"]), ("derlen", SZ(len(m["env"]))), ("cert", m["cert"]), ("certlen", SZ(len(m["cert"]))),
             ("key", _cms_key(w)), ("rng", w.drbg()), ("out", 4096), ("cap", SZ(4096)), ("outlen", None), ("opts", _opts(w))]
    return f(*_cms_args(w, names, over, null, ("out", "outlen")))


def _flip(b, i):
    return b[:i] + bytes([b[i] ^ 1]) + b[i + 1:]


def cms_fns():
    m = cms_material
    sz = lambda d: SZ(len(d))  # noqa: E731
    unseeded = lambda w: ctypes.byref(Drbg())  # noqa: E731
    return [
        Fn("vc_cms_sign", "cms.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, a=a: _cms_sign(w, f, null=a)) for a in ("cert", "key", "out", "outlen")],
            C("null", "msg NULL with len 1", N, lambda w, f: _cms_sign(w, f, null="msg", len=SZ(1))),
            C("len0", "certlen 0 (no certificate)", VER, lambda w, f: _cms_sign(w, f, certlen=SZ(0))),
            C("len0", "cap 0", LEN, lambda w, f: _cms_sign(w, f, cap=SZ(0))),
            C("lenbig", "certlen one past the certificate (a trailing byte)", VER,
              lambda w, f: _cms_sign(w, f, cert=m()["cert"] + b"\0", certlen=SZ(len(m()["cert"]) + 1))),
            C("lenbig", "cap 600, under what a signature with the certificate takes", LEN, lambda w, f: _cms_sign(w, f, cap=SZ(600))),
            C("int", "signing time 20261301000000 (month 13)", RNG,
              lambda w, f: _cms_sign(w, f, time=ctypes.c_uint64(20261301000000))),
            C("int", "signing time of 15 digits", RNG, lambda w, f: _cms_sign(w, f, time=ctypes.c_uint64(10 ** 14))),
            C("sig", "cert not a certificate", VER, lambda w, f: _cms_sign(w, f, cert=b"\x30\x00", certlen=SZ(2))),
            C("param", "a P-256 certificate", PAR, lambda w, f: _cms_sign(w, f, cert=m()["p256"], certlen=sz(m()["p256"]))),
            C("param", "a key that is not the certificate's", PAR, lambda w, f: _cms_sign(w, f, key=_cms_key(w, own=False))),
            C("param", "a certificate whose keyUsage excludes digitalSignature", PAR,
              lambda w, f: _cms_sign(w, f, cert=m()["enc_only"], certlen=sz(m()["enc_only"]))),
            C("overlap", "out over msg", OV, lambda w, f: (lambda b: f(*_cms_args(w, [
                ("cert", m()["cert"]), ("certlen", sz(m()["cert"])), ("key", _cms_key(w)), ("msg", b), ("len", SZ(8)),
                ("time", ctypes.c_uint64(0)), ("out", b), ("cap", SZ(4096)), ("outlen", None), ("opts", _opts(w))], {}, None,
                ("outlen",))))(w.zero(4096))),
        ]),
        Fn("vc_cms_verify", "cms.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, a=a: _cms_verify(w, f, null=a)) for a in ("der", "ca")],
            C("null", "msg NULL with len 1", N, lambda w, f: _cms_verify(w, f, null="msg", len=SZ(1))),
            C("len0", "derlen 0", VER, lambda w, f: _cms_verify(w, f, derlen=SZ(0)),
              oracle=({"op": "cms", "fn": "verify", "cms": "", "msg": "", "ca": x509_material()["rsa_ca"].hex()},
                      "ContentInfo: VC_ERR_VERIFY")),
            C("len0", "calen 0", VER, lambda w, f: _cms_verify(w, f, calen=SZ(0))),
            C("lenbig", "derlen one past the SignedData (a trailing byte)", VER,
              lambda w, f: _cms_verify(w, f, der=m()["signed"] + b"\0", derlen=SZ(len(m()["signed"]) + 1))),
            C("int", "now after the certificates' notAfter", RNG, lambda w, f: _cms_verify(w, f, now=ctypes.c_uint64(99991231235959))),
            C("sig", "the content changed (messageDigest)", VER, lambda w, f: _cms_verify(w, f, msg=_flip(CMS_MSG, 30))),
            C("sig", "the signature's last byte changed", VER,
              lambda w, f: _cms_verify(w, f, der=_flip(m()["signed"], len(m()["signed"]) - 1))),
            C("sig", "ca another CA of the same name (the signer's certificate does not verify)", VER,
              lambda w, f: _cms_verify(w, f, ca=m()["other_ca"], calen=sz(m()["other_ca"]))),
            C("param", "an EnvelopedData", PAR, lambda w, f: _cms_verify(w, f, der=m()["env"], derlen=sz(m()["env"]))),
        ]),
        Fn("vc_cms_encrypt", "cms.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, a=a: _cms_encrypt(w, f, null=a)) for a in ("cert", "rng", "out", "outlen")],
            C("null", "msg NULL with len 1", N, lambda w, f: _cms_encrypt(w, f, null="msg", len=SZ(1))),
            C("len0", "certlen 0 (no certificate)", VER, lambda w, f: _cms_encrypt(w, f, certlen=SZ(0))),
            C("len0", "cap 0", LEN, lambda w, f: _cms_encrypt(w, f, cap=SZ(0))),
            C("lenbig", "cap 300, under the envelope's size", LEN, lambda w, f: _cms_encrypt(w, f, cap=SZ(300))),
            C("state", "rng never seeded", ST, lambda w, f: _cms_encrypt(w, f, rng=unseeded(w))),
            C("param", "cipher 3", PAR, lambda w, f: _cms_encrypt(w, f, cipher=3)),
            C("param", "a P-256 certificate", PAR, lambda w, f: _cms_encrypt(w, f, cert=m()["p256"], certlen=sz(m()["p256"]))),
            C("sig", "cert not a certificate", VER, lambda w, f: _cms_encrypt(w, f, cert=b"\x30\x00", certlen=SZ(2))),
            C("overlap", "out over msg", OV, lambda w, f: (lambda b: f(*_cms_args(w, [
                ("cert", m()["cert"]), ("certlen", sz(m()["cert"])), ("cipher", 1), ("rng", w.drbg()), ("msg", b),
                ("len", SZ(8)), ("out", b), ("cap", SZ(4096)), ("outlen", None), ("opts", _opts(w))], {}, None,
                ("outlen",))))(w.zero(4096))),
        ]),
        Fn("vc_cms_decrypt", "cms.h", [
            *[C("null", f"{a} NULL", N, lambda w, f, a=a: _cms_decrypt(w, f, null=a))
              for a in ("der", "cert", "key", "rng", "out", "outlen")],
            C("len0", "derlen 0", VER, lambda w, f: _cms_decrypt(w, f, derlen=SZ(0))),
            C("len0", "cap 0", LEN, lambda w, f: _cms_decrypt(w, f, cap=SZ(0))),
            C("lenbig", "derlen one past the EnvelopedData (a trailing byte)", VER,
              lambda w, f: _cms_decrypt(w, f, der=m()["env"] + b"\0", derlen=SZ(len(m()["env"]) + 1))),
            C("lenbig", f"cap {len(CMS_MSG) - 1}, one short of the content", LEN,
              lambda w, f: _cms_decrypt(w, f, cap=SZ(len(CMS_MSG) - 1))),
            C("state", "rng never seeded", ST, lambda w, f: _cms_decrypt(w, f, rng=unseeded(w))),
            C("sig", "the padding block's byte 8 changed (bad padding)", PAD,
              lambda w, f: _cms_decrypt(w, f, der=_flip(m()["env"], len(m()["env"]) - 9))),
            C("sig", "another certificate of the key, which no RecipientInfo names", VER,
              lambda w, f: _cms_decrypt(w, f, cert=m()["other_leaf"], certlen=sz(m()["other_leaf"]))),
            C("param", "content encrypted with aes-256-cbc", PAR,
              lambda w, f: _cms_decrypt(w, f, der=m()["env_aes256"], derlen=sz(m()["env_aes256"]))),
            C("param", "a key that is not the certificate's", PAR, lambda w, f: _cms_decrypt(w, f, key=_cms_key(w, own=False))),
            C("overlap", "out over der", OV, lambda w, f: (lambda b: f(*_cms_args(w, [
                ("der", b), ("derlen", SZ(16)), ("cert", m()["cert"]), ("certlen", sz(m()["cert"])), ("key", _cms_key(w)),
                ("rng", w.drbg()), ("out", b), ("cap", SZ(4096)), ("outlen", None), ("opts", _opts(w))], {}, None,
                ("outlen",))))(w.zero(4096))),
        ]),
    ]


FNS += cms_fns()
