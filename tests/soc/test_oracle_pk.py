"""The multiprecision library and public key through the target oracle, in the simulated SoC:
random inputs at 512 and 1024 bits (and small sizes) against Python integers, gmpy2,
pycryptodome and the DRBG model; bad inputs answered with errors while serving goes on. In a
MONT=1 build the public-key requests, the default configuration's exponentiations and the unit's
own products and exponentiations (op "montu") run on the Montgomery unit, a sample of them also
off it ("impl":"hw" and "sw"), with the same answers."""

import hmac
import random

import gmpy2
import pytest
from Crypto.Hash import SHA1, SHA256
from Crypto.PublicKey import DSA, RSA
from Crypto.Signature import DSS, pkcs1_15

from hw.mont import model
from vexrun.explore.stages import blockwise
from vexrun.vectors import pkdata
from vexrun.soc.build import Config, ensure_all
from vexrun.soc.oracle import answer_only
from vexrun.models.drbg import HmacDrbg

pytestmark = pytest.mark.sim(minutes=6)

POINTS = [dict(algo=1), dict(algo=2, radix=32, sqr=True), dict(algo=2, radix=8, sqr=False),
          dict(algo=2, radix=5), dict(algo=3, radix=32, sqr=True), dict(algo=3, radix=32, sqr=False),
          dict(algo=3, radix=7), dict(algo=4, sqr=True), dict(algo=4, sqr=False), dict(algo=5)]
EXPS = [dict(exp="lr"), dict(exp="rl"), dict(exp="ladder"), dict(exp="window", window=1),
        dict(exp="window", window=6)]


def hx(v: int) -> str:
    h = format(v, "x")
    return h if len(h) % 2 == 0 else "0" + h


def odd(rng, bits):
    return rng.getrandbits(bits - 1) | 1 << (bits - 1) | 1


def rsa_key(rng, bits):
    """(n, e, d, p, q) with p > q from seeded random primes (pycryptodome's generator starts at
    1024 bits)."""
    e = 65537
    while True:
        p = int(gmpy2.next_prime(rng.getrandbits(bits // 2) | 3 << (bits // 2 - 2)))
        q = int(gmpy2.next_prime(rng.getrandbits(bits // 2) | 3 << (bits // 2 - 2)))
        lam = (p - 1) * (q - 1) // gmpy2.gcd(p - 1, q - 1)
        if p != q and gmpy2.gcd(e, lam) == 1 and (p * q).bit_length() == bits:
            p, q = max(p, q), min(p, q)
            return p * q, e, int(pow(e, -1, lam)), p, q


def mp_cases(rng):
    """(request, check(response) -> bool)."""
    out = []
    for bits in (1, 31, 32, 33, 200, 512, 1024):
        for _ in range(3):
            a, b = rng.getrandbits(bits), rng.getrandbits(bits) | 1
            m = odd(rng, bits) if bits > 1 else 3
            big = rng.getrandbits(2 * bits)
            ar, br = a % m, b % m
            s = rng.randrange(0, 70)
            want = {"add": ({"a": a, "b": b}, a + b), "mul": ({"a": a, "b": b}, a * b),
                    "sqr": ({"a": a}, a * a), "shl": ({"a": a, "s": s}, a << s), "shr": ({"a": a, "s": s}, a >> s),
                    "sub": ({"a": a + b, "b": b}, a), "mod": ({"a": big, "m": m}, big % m),
                    "mod_add": ({"a": ar, "b": br, "m": m}, (ar + br) % m),
                    "mod_sub": ({"a": ar, "b": br, "m": m}, (ar - br) % m),
                    "mod_mul": ({"a": big, "b": b, "m": m}, big * b % m),
                    "gcd": ({"a": a * 6, "b": b * 9}, int(gmpy2.gcd(a * 6, b * 9)))}
            if bits <= 512 and gmpy2.gcd(ar, m) == 1:
                want["inv_euclid"] = ({"a": ar, "m": m}, pow(ar, -1, m))
                want["inv_binary"] = ({"a": ar, "m": m}, pow(ar, -1, m))
                want["inv_binary_ct"] = ({"a": ar, "m": m}, pow(ar, -1, m))
            for fn, (args, res) in want.items():
                req = {"op": "mp", "fn": fn, **{k: (v if k == "s" else hx(v)) for k, v in args.items()}}
                out.append((req, lambda r, res=res: int(r["out"], 16) == res))
            req = {"op": "mp", "fn": "divmod", "a": hx(big), "m": hx(m)}
            out.append((req, lambda r, big=big, m=m: (int(r["q"], 16), int(r["out"], 16)) == divmod(big, m)))
    for bits in (33, 512, 1024):
        m = odd(rng, bits)
        for pt in POINTS:
            a, b = rng.randrange(m), rng.randrange(m)
            for bb in (b, a):
                req = {"op": "montmul", "m": hx(m), "a": hx(a), "b": hx(bb), **pt}
                out.append((req, lambda r, a=a, b=bb, m=m:
                            int(r["out"], 16) == a * b * pow(1 << r["r_bits"], -1, m) % m))
    for bits, e_bits in ((64, 64), (256, 17), (1024, 17), (256, 256)):
        m = odd(rng, bits)
        for cfg in POINTS + EXPS:
            if (e_bits > 64 or bits > 256) and (cfg.get("algo") in (1, 5) or cfg.get("radix", 32) < 8):
                continue                     # the slow points at full size: host tests
            a, e = rng.getrandbits(bits + 8), (rng.getrandbits(e_bits) if e_bits > 17 else 65537)
            req = {"op": "modexp", "m": hx(m), "a": hx(a), "e": hx(e), **cfg}
            out.append((req, lambda r, a=a, e=e, m=m: int(r["out"], 16) == pow(a, e, m)))
    # The default point's R^2 mod m (in a MONT=1 build the unit's: a division of up to 16
    # quotient limbs, then squarings): a modulus with its top bit clear (1000), limb counts
    # whose odd part is above 16 (17, 34) and the RSA sizes.
    for bits in (544, 1000, 1088, 2048, 4096):
        m = odd(rng, bits)
        a = rng.getrandbits(bits + 8)
        for e in (65537, rng.getrandbits(100))[:1 if bits > 2048 else 2]:
            req = {"op": "modexp", "m": hx(m), "a": hx(a), "e": hx(e)}
            out.append((req, lambda r, a=a, e=e, m=m: int(r["out"], 16) == pow(a, e, m)))
    # The constant-time exponentiation ("ct", over "ebits" bits, default m's length): exponents 0,
    # 1, all ones, random, short ones under a long bound; bases longer than m; other points.
    # A bound of b bits costs b squarings whatever the exponent: long bounds stop at 576 bits, 2048
    # bits keeps to short ones.
    for bits in (64, 256, 512, 2048):
        m = odd(rng, bits)
        cases = {64: [(0, None), (1, None), ((1 << 64) - 1, None), (rng.getrandbits(64), None), (65537, 17)],
                 256: [(0, None), ((1 << 256) - 1, None), (rng.getrandbits(256), None), (rng.getrandbits(100), 320)],
                 512: [((1 << 512) - 1, None), (rng.getrandbits(100), 576)],
                 2048: [(65537, 17), (1, 40)]}[bits]
        for e, eb in cases:
            a = rng.getrandbits(2 * bits + 8)
            req = {"op": "modexp", "m": hx(m), "a": hx(a), "e": hx(e), "ct": True, **({"ebits": eb} if eb else {})}
            out.append((req, lambda r, a=a, e=e, m=m: int(r["out"], 16) == pow(a, e, m)))
    m = odd(rng, 256)
    for cfg in (dict(algo=3, radix=32, sqr=True), dict(algo=5), dict(algo=1), dict(exp="window", window=2)):
        a, e = rng.getrandbits(300), rng.getrandbits(64)
        out.append(({"op": "modexp", "m": hx(m), "a": hx(a), "e": hx(e), "ct": True, "ebits": 64, **cfg},
                    lambda r, a=a, e=e, m=m: int(r["out"], 16) == pow(a, e, m)))
    return out


def pk_cases(rng):
    out = []
    # RSA: a 512-bit key for every operation and CRT mode, the 1024-bit bench key once each.
    n, e, d, p, q = rsa_key(rng, 512)
    k1024 = pkdata.rsa_key(1024)
    for (n, e, d, p, q), crts in [((n, e, d, p, q), ("none", "mrc", "src")),
                                  ((k1024.n, k1024.e, k1024.d, k1024.p, k1024.q), ("src",))]:
        key = RSA.construct((n, e, d, p, q))
        priv = {"n": hx(n), "e": hx(e), "d": hx(d), "p": hx(p), "q": hx(q)}
        klen = (n.bit_length() + 7) // 8
        for crt in crts:
            x = rng.randrange(n)
            if n.bit_length() <= 512:
                out.append(({"op": "rsa", "fn": "private", "msg": hx(x), "crt": crt, **priv},
                             lambda r, x=x, d=d, n=n: int(r["out"], 16) == pow(x, d, n)))
            msg = rng.randbytes(rng.randrange(0, 100))
            for hname, H in (("sha1", SHA1), ("sha256", SHA256))[n.bit_length() > 512:]:
                want = pkcs1_15.new(key).sign(H.new(msg))
                dig = H.new(msg).hexdigest()
                out.append(({"op": "rsa", "fn": "sign", "hash": hname, "digest": dig, "crt": crt, **priv},
                            lambda r, w=want: bytes.fromhex(r["out"]) == w))
            m = msg[:20]
            ps = bytes(rng.randrange(1, 256) for _ in range(klen - 3 - len(m)))
            ct = pow(int.from_bytes(b"\x00\x02" + ps + b"\x00" + m, "big"), e, n)
            if n.bit_length() <= 512:
                out.append(({"op": "rsa", "fn": "decrypt", "msg": ct.to_bytes(klen, "big").hex(), "crt": crt,
                             **priv}, lambda r, m=m: bytes.fromhex(r["out"]) == m))
        x = rng.randrange(n)
        out.append(({"op": "rsa", "fn": "public", "msg": hx(x), "n": hx(n), "e": hx(e)},
                    lambda r, x=x, e=e, n=n: int(r["out"], 16) == pow(x, e, n)))
        msg = rng.randbytes(16)
        sig = pkcs1_15.new(key).sign(SHA256.new(msg))
        pub = {"n": hx(n), "e": hx(e), "hash": "sha256", "digest": SHA256.new(msg).hexdigest()}
        out.append(({"op": "rsa", "fn": "verify", "sig": sig.hex(), **pub}, lambda r: r["valid"] is True))
        bad = bytearray(sig)
        bad[5] ^= 1
        out.append(({"op": "rsa", "fn": "verify", "sig": bad.hex(), **pub}, lambda r: r["valid"] is False))
        seed = rng.randbytes(16)
        out.append(({"op": "rsa", "fn": "encrypt", "msg": msg.hex(), "seed": seed.hex(), "n": hx(n), "e": hx(e)},
                    lambda r, key=key, msg=msg: _pkcs1_decrypt(key, bytes.fromhex(r["out"])) == msg))
    # The variable-time paths ("var"), selected explicitly, give the same answers.
    n, e, d, p, q = rsa_key(rng, 512)
    for crt in ("none", "mrc", "src"):
        x = rng.randrange(n)
        out.append(({"op": "rsa", "fn": "private", "msg": hx(x), "crt": crt, "var": True, "n": hx(n), "e": hx(e),
                     "d": hx(d), "p": hx(p), "q": hx(q)}, lambda r, x=x, d=d, n=n: int(r["out"], 16) == pow(x, d, n)))
    # Block-wise RSA (seed 004's workload): public and private, each CRT, two block sizes, against
    # pow block by block; six equal blocks under the pre-ME cache compute one and find five.
    n, e, d, p, q = rsa_key(rng, 512)
    priv = {"n": hx(n), "e": hx(e), "d": hx(d), "p": hx(p), "q": hx(q)}
    for private, crt, block, var in ((False, "none", 32, False), (False, "src", 256, True),
                                     (True, "mrc", 64, False), (True, "none", 128, True)):
        data = rng.randbytes(3 * block // 8 + 5)
        fields = priv if private or crt != "none" else {"n": hx(n), "e": hx(e)}
        out.append(({"op": "rsa", "fn": "block", "private": private, "crt": crt, "block": block, "var": var,
                     "msg": data.hex(), **fields},
                    lambda r, data=data, block=block, x=d if private else e, n=n:
                    bytes.fromhex(r["out"]) == blockwise(data, block, x, n)))
    data = bytes(range(8)) * 6
    out.append(({"op": "rsa", "fn": "block", "block": 64, "cache": "pre", "algo": 1, "msg": data.hex(),
                 "n": hx(n), "e": hx(e)},
                lambda r, data=data, e=e, n=n: bytes.fromhex(r["out"]) == blockwise(data, 64, e, n)
                and (r["hits"], r["misses"]) == (5, 1)))
    # Fault protection: a bit flipped in a stored CRT exponent is caught before the result leaves.
    n, e, d, p, q = rsa_key(rng, 512)
    for crt, which in (("mrc", "dp"), ("src", "dq")):
        out.append(({"op": "rsa", "fn": "private", "msg": "1234", "n": hx(n), "e": hx(e), "d": hx(d), "p": hx(p),
                     "q": hx(q), "crt": crt, "fault": which}, lambda r: not r["ok"] and "fault" in r["error"]))
    # Key generation (256 bits: the prime search dominates; e = 3 is on the host tests).
    for e in (65537,):
        seed = rng.randbytes(8)
        out.append(({"op": "rsa", "fn": "keygen", "bits": 256, "e": e, "seed": seed.hex()},
                    lambda r, e=e: _rsa_key_ok(r, 256, e)))
    # Diffie-Hellman, ElGamal.
    for group, xbits in (("modp512", 0), ("modp1024", 160)):
        p = pkdata.dh_group(group)
        seed = rng.randbytes(8)
        out.append(({"op": "dh", "fn": "keygen", "group": group, "xbits": xbits, "seed": seed.hex()},
                    lambda r, p=p, xbits=xbits: pow(2, int(r["x"], 16), p) == int(r["y"], 16)
                    and (xbits == 0 or int(r["x"], 16).bit_length() == xbits)))
        x = rng.randrange(2, p - 1) if xbits == 0 else rng.getrandbits(xbits) | 1 << (xbits - 1)
        peer = pow(2, rng.randrange(2, p - 1), p)
        for var in (False, True):
            out.append(({"op": "dh", "fn": "shared", "group": group, "x": hx(x), "peer": hx(peer), "var": var},
                        lambda r, x=x, peer=peer, p=p: int(r["z"], 16) == pow(peer, x, p)))
    p = pkdata.dh_group("modp512")
    x = rng.randrange(2, p - 1)
    m = rng.randrange(1, p)
    out.append(({"op": "elgamal", "fn": "encrypt", "group": "modp512", "y": hx(pow(2, x, p)), "m": hx(m),
                 "seed": "01"}, lambda r, x=x, m=m, p=p:
                int(r["c2"], 16) * pow(int(r["c1"], 16), p - 1 - x, p) % p == m))
    k = rng.randrange(2, p - 1)
    for var in (False, True):
        out.append(({"op": "elgamal", "fn": "decrypt", "group": "modp512", "x": hx(x), "c1": hx(pow(2, k, p)),
                     "c2": hx(m * pow(2, x * k, p) % p), "var": var}, lambda r, m=m: int(r["m"], 16) == m))
    # DSA 1024/160 with RFC 6979 nonces: pycryptodome's deterministic signature, exactly.
    name, hname, v, _ = pkdata.dsa_keys()[0]
    key = DSA.construct((v["Y"], v["G"], v["P"], v["Q"], v["X"]))
    dom = {"p": hx(v["P"]), "q": hx(v["Q"]), "g": hx(v["G"]), "hash": "sha1"}
    for _ in range(1):
        msg = rng.randbytes(rng.randrange(0, 64))
        sig = DSS.new(key, "deterministic-rfc6979").sign(SHA1.new(msg))
        rs = (int.from_bytes(sig[:20], "big"), int.from_bytes(sig[20:], "big"))
        for var in (False, True):
            out.append(({"op": "dsa", "fn": "sign", "x": hx(v["X"]), "digest": SHA1.new(msg).hexdigest(), "var": var,
                         **dom}, lambda r, rs=rs: (int(r["r"], 16), int(r["s"], 16)) == rs))
        out.append(({"op": "dsa", "fn": "verify", "y": hx(v["Y"]), "digest": SHA1.new(msg).hexdigest(),
                     "r": hx(rs[0]), "s": hx(rs[1]), **dom}, lambda r: r["valid"] is True))
        out.append(({"op": "dsa", "fn": "verify", "y": hx(v["Y"]), "digest": SHA1.new(msg).hexdigest(),
                     "r": hx(rs[0]), "s": hx(rs[1] ^ 2), **dom}, lambda r: r["valid"] is False))
    # The DRBG and HMAC behind them.
    for n in (0, 1, 33, 100):
        seed = rng.randbytes(rng.randrange(0, 48))
        out.append(({"op": "drbg", "seed": seed.hex(), "n": n},
                    lambda r, s=seed, n=n: bytes.fromhex(r["out"]) == HmacDrbg(s).generate(n)))
    for hname in ("md5", "sha1", "sha256"):
        key, msg = rng.randbytes(rng.randrange(0, 100)), rng.randbytes(rng.randrange(0, 200))
        out.append(({"op": "hmac", "hash": hname, "key": key.hex(), "msg": msg.hex()},
                    lambda r, k=key, m=msg, h=hname: r["out"] == hmac.new(k, m, h).hexdigest()))
    return out


def _pkcs1_decrypt(key, ct):
    from Crypto.Cipher import PKCS1_v1_5
    return PKCS1_v1_5.new(key).decrypt(ct, None)


def _rsa_key_ok(r, bits, e):
    n, d, p, q = (int(r[k], 16) for k in ("n", "d", "p", "q"))
    lam = (p - 1) * (q - 1) // gmpy2.gcd(p - 1, q - 1)
    return (n == p * q and n.bit_length() == bits and int(r["e"], 16) == e and gmpy2.is_prime(p)
            and gmpy2.is_prime(q) and d * e % lam == 1)


def montu_cases(rng, w=32):
    """The unit's driver on resident operands: products at 32 to 4096 bits (edge operands among
    them) and fixed-window exponentiations of X = a (Montgomery form) up to 2048 bits. On a unit
    of W bits R = 2^(W s), s = ceil(bits / W): at W = 64 an odd number of 32-bit limbs gets one
    more, and "e" (whose one = R mod m is the 32-bit context's) is refused there."""
    out = []
    for bits in (32, 64, 96, 512, 1024, 2048, 4096):
        m = odd(rng, bits)
        R = 1 << (w * -(-bits // w))
        for a, b in ((0, 1), (m - 1, m - 1), (rng.randrange(m), rng.randrange(m))):
            req = {"op": "montu", "m": hx(m), "a": hx(a), "b": hx(b)}
            if bits <= 2048 and a:
                req["e"] = hx(rng.getrandbits(min(bits, 256)))

            def check(r, a=a, b=b, m=m, R=R, e=req.get("e"), refused=R != 1 << bits and "e" in req):
                if refused:
                    return not r["ok"] and "needs R = 2^(32 limbs of m)" in r["error"]
                x = a * pow(R, -1, m) % m
                return (r["r_bits"] == R.bit_length() - 1 and int(r["out"], 16) == a * b * pow(R, -1, m) % m
                        and (e is None or int(r["exp"], 16) == pow(x, int(e, 16), m) * R % m))
            out.append((req, check))
    return out


def test_the_wide_unit_answers_montu(accel, oracle):
    """MONT_W=64: the montu op on the unit and on its emulation answers with the unit's R; a
    P-256 signature on the unit reports the unit's counters (busy cycles: the commands' model
    latencies, at least a product's each), off it none; the first one repeated answers although
    its first call computes R^2 mod n on the unit and the repeats find it cached."""
    ensure_all(Config.parse(mont=True, mont_w=64), log=lambda m: None)
    cs = accel.cases(montu_cases(random.Random(64), 64))
    sign = {"op": "ec", "curve": "P-256", "fn": "sign", "d": "01" * 32, "hash": "sha256", "digest": "02" * 32}
    answers = oracle([req for req, _ in cs] + [dict(sign, impl="hw", repeat=2), dict(sign, impl="hw"),
                                               dict(sign, impl="sw")], "--mont", "1", "--mont-w", "64")
    for (req, check), resp in zip(cs, answers):
        assert check(resp), (req, resp)
    rep, hw, sw = answers[-3:]
    assert rep["ok"] and (rep["r"], rep["s"]) == (hw["r"], hw["s"]) and "warm_cycles" in rep, rep
    assert hw["ok"] and (hw["r"], hw["s"]) == (sw["r"], sw["s"]) and "unit_busy" not in sw
    assert hw["unit_commands"] * model.addsub_cycles(4) <= hw["unit_busy"] < hw["cycles"], hw


@pytest.fixture(scope="module", params=["full", "full-mont"])
def answered(sim_config, accel, oracle, request):
    """(case, answer) pairs; in the MONT=1 build the unit's requests (the montmul/modexp points
    that name another algorithm never use it) run on the unit, a sample also off it (conftest)."""
    rng = random.Random(20261122)
    cs = mp_cases(rng) + pk_cases(rng)
    options = ()
    if request.param == "full-mont":
        options = ("--mont", "1")
        ensure_all(Config.parse(mont=True), log=lambda m: None)
        cs = accel.cases([(req, check) for req, check in cs + montu_cases(rng)
                       if req["op"] not in ("mp", "montmul", "drbg", "hmac") and "algo" not in req])
    return list(zip(cs, oracle([req for req, _ in cs], *options, timeout=1500)))


@pytest.mark.parametrize("op", ["mp", "montmul", "modexp", "rsa", "dh", "elgamal", "dsa", "drbg", "hmac", "montu"])
def test_random_inputs_match_references(answered, op):
    seen = 0
    for (req, check), resp in answered:
        if req["op"] != op:
            continue
        seen += 1
        assert check(resp), (req, resp)
    if not seen and op in ("mp", "montmul", "drbg", "hmac", "montu"):
        pytest.skip(f"{op}: not run in this build")
    assert seen, f"no {op} request ran"


def test_the_unit_changes_cycles_not_answers(answered, accel):
    """In the MONT=1 build a request's two answers (on the unit, off it) agree but for the
    cycles, and the unit is faster on every timed exponentiation, product and private-key
    operation."""
    pairs = accel.pairs(answered)
    if not pairs:
        pytest.skip("the MONT=0 build: nothing to compare")
    for req, hw, sw in pairs:
        assert answer_only(hw) == answer_only(sw)
        if "cycles" in hw and (req["op"] in ("modexp", "montu") or req.get("fn") in ("private", "sign", "shared")):
            assert hw["cycles"] < sw["cycles"], req


BAD = [
    ({"op": "modexp", "m": "0a", "a": "03", "e": "03"}, "modulus"),
    ({"op": "montmul", "m": "00", "a": "00", "b": "00"}, "modulus"),
    ({"op": "montmul", "m": "0b", "a": "0c", "b": "01"}, "below m"),
    ({"op": "modexp", "m": "0b", "a": "03", "e": "03", "algo": 7}, "algo"),
    ({"op": "modexp", "m": "0b", "a": "03", "e": "03", "radix": 33}, "radix"),
    ({"op": "modexp", "m": "0b", "a": "03", "e": "03", "exp": "sideways"}, "exp"),
    ({"op": "mp", "fn": "inv_euclid", "a": "06", "m": "09"}, "invertible"),
    ({"op": "mp", "fn": "inv_binary", "a": "03", "m": "0a"}, "modulus"),
    ({"op": "mp", "fn": "sub", "a": "01", "b": "02"}, "range"),
    ({"op": "mp", "fn": "mod", "a": "01", "m": "00"}, "modulus"),
    ({"op": "mp", "fn": "frobnicate", "a": "01"}, "fn"),
    ({"op": "dh", "fn": "shared", "group": "modp512", "x": "05", "peer": "01"}, "range"),
    ({"op": "dh", "fn": "shared", "group": "modp999", "x": "05", "peer": "05"}, "group"),
    ({"op": "rsa", "fn": "public", "n": "0d", "e": "03", "msg": "0e"}, "msg: not below n"),
    ({"op": "rsa", "fn": "verify", "n": "0d", "e": "03", "hash": "sha1", "digest": "00"}, "digest"),
    ({"op": "rsa", "fn": "keygen", "bits": 100, "e": 3}, "bits: 100; rsa keygen takes an even integer 256..4096"),
    ({"op": "dsa", "fn": "verify", "p": "17", "q": "0b", "g": "04", "y": "02", "hash": "sha1",
      "digest": "00" * 20, "r": "00", "s": "01"}, ""),
    ({"op": "modexp", "m": "0b", "a": "zz", "e": "03"}, 'a: "zz" is not hex'),
    ({"op": "modexp", "m": "0b", "a": "03", "e": "10", "ct": True, "ebits": 4}, "e: 5 bits; modexp takes an exponent below 2^ebits"),
]


def test_bad_inputs_get_errors_and_serving_goes_on(sim_config, oracle):
    resps = oracle([q for req, _ in BAD for q in (req, {"op": "modexp", "m": "0b", "a": "03", "e": "05"})],
                   timeout=300)
    assert len(resps) == 2 * len(BAD)
    for (req, err), resp, after in zip(BAD, resps[0::2], resps[1::2]):
        assert resp["ok"] is False and err in resp["error"], (req, resp)
        assert after["ok"] and after["out"] == hx(pow(3, 5, 11)), after


def odd_hex(v: int) -> str:
    """v in hex with an odd number of digits (a leading 0 where it would be even)."""
    h = format(v, "x")
    return h if len(h) % 2 else "0" + h


def test_integers_take_any_hex_length_and_byte_strings_do_not(sim_config, oracle):
    rng = random.Random(7)
    n, e, d, p, q = rsa_key(rng, 512)
    msg = rng.randbytes(16)
    sig = pkcs1_15.new(RSA.construct((n, e, d, p, q))).sign(SHA256.new(msg))
    dig = SHA256.new(msg).hexdigest()
    x = rng.randrange(n)
    gp = pkdata.dh_group("modp512")
    dx, peer, k, m = (rng.randrange(2, gp - 1) for _ in range(4))
    _, _, v, _ = pkdata.dsa_keys()[0]
    dmsg = rng.randbytes(20)
    sg = DSS.new(DSA.construct((v["Y"], v["G"], v["P"], v["Q"], v["X"])), "deterministic-rfc6979").sign(SHA1.new(dmsg))
    r_, s_ = int.from_bytes(sg[:20], "big"), int.from_bytes(sg[20:], "big")
    # (the request's other fields, its integers, a check of the answer)
    cases = [
        ({"op": "mp", "fn": "add"}, {"a": 0xfff, "b": 1}, lambda r: r["out"] == "1000"),
        ({"op": "modexp"}, {"m": 11, "a": 3, "e": 5}, lambda r: int(r["out"], 16) == pow(3, 5, 11)),
        ({"op": "rsa", "fn": "public"}, {"n": n, "e": e, "msg": x}, lambda r: int(r["out"], 16) == pow(x, e, n)),
        ({"op": "rsa", "fn": "private", "crt": "src"}, {"n": n, "e": e, "d": d, "p": p, "q": q, "msg": x},
         lambda r: int(r["out"], 16) == pow(x, d, n)),
        ({"op": "rsa", "fn": "verify", "hash": "sha256", "digest": dig, "sig": sig.hex()}, {"n": n, "e": e},
         lambda r: r["valid"] is True),
        ({"op": "dh", "fn": "shared", "group": "modp512"}, {"x": dx, "peer": peer},
         lambda r: int(r["z"], 16) == pow(peer, dx, gp)),
        ({"op": "elgamal", "fn": "decrypt", "group": "modp512"},
         {"x": dx, "c1": pow(2, k, gp), "c2": m * pow(2, dx * k, gp) % gp}, lambda r: int(r["m"], 16) == m),
        ({"op": "dsa", "fn": "verify", "hash": "sha1", "digest": SHA1.new(dmsg).hexdigest()},
         {"p": v["P"], "q": v["Q"], "g": v["G"], "y": v["Y"], "r": r_, "s": s_}, lambda r: r["valid"] is True),
    ]
    assert format(e, "x") == "10001"              # the RSA exponent as people write it
    refused = [   # byte strings keep their exact, even length
        ({"op": "rsa", "fn": "verify", "n": hx(n), "e": hx(e), "hash": "sha256", "digest": dig, "sig": sig.hex()[1:]},
         "hex digits, an odd count"),
        ({"op": "rsa", "fn": "verify", "n": hx(n), "e": hx(e), "hash": "sha256", "digest": dig[1:], "sig": sig.hex()},
         "digest"),
        ({"op": "rsa", "fn": "encrypt", "n": hx(n), "e": hx(e), "msg": "abc", "seed": "01"}, "hex digits, an odd count"),
        ({"op": "hmac", "hash": "sha256", "key": "abc", "msg": "00"}, "key"),
        ({"op": "hmac", "hash": "sha256", "key": "00", "msg": "abc"}, "hex digits, an odd count"),
        ({"op": "drbg", "seed": "abc", "n": 4}, "seed"),
    ]
    reqs = []
    for other, ints, _ in cases:
        reqs += [dict(other, **{k: hx(i) for k, i in ints.items()}), dict(other, **{k: odd_hex(i) for k, i in ints.items()})]
    reqs += [req for req, _ in refused]
    resps = oracle(reqs)
    assert len(resps) == len(reqs)
    for (other, ints, check), even, odd in zip(cases, resps[0:2 * len(cases):2], resps[1:2 * len(cases):2]):
        assert even["ok"] and check(even), (other, even)
        assert odd["ok"], (other, odd)
        timing = ("cycles", "init_cycles", "instret")
        assert {k: v for k, v in odd.items() if k not in timing} == {k: v for k, v in even.items() if k not in timing}
    for (req, err), resp in zip(refused, resps[2 * len(cases):]):
        assert resp["ok"] is False and err in resp["error"], (req, resp)
