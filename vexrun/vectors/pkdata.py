"""Public-key material the firmware carries (kat.h) and the host checks benchmark outputs
with: RSA keys generated deterministically (pycryptodome's RSA.generate drawing from
HMAC_DRBG seeded with "vexcrypt/rsa/<bits>"), and DSA domain parameters and key pairs taken
from the first entry of the CAVP FIPS 186-3 SigGen groups."""

import functools
from pathlib import Path

from vexrun.models.drbg import HmacDrbg

RSA_BITS = (1024, 2048)
# (name, CAVP group, hash)
DSA_GROUPS = (("dsa1024", "L=1024, N=160, SHA-1", "sha1"), ("dsa2048", "L=2048, N=256, SHA-256", "sha256"))


def _vectors_dir():
    import cryptography_vectors
    return Path(cryptography_vectors.__file__).parent


@functools.lru_cache(maxsize=None)
def rsa_key(bits, label="rsa", e=65537):
    """The key of `bits` and public exponent e drawn under "vexcrypt/<label>/<bits>" (label "rsa":
    the firmware's)."""
    from Crypto.PublicKey import RSA
    return RSA.generate(bits, randfunc=HmacDrbg(f"vexcrypt/{label}/{bits}".encode()).generate, e=e)


def rsa_keys():
    """[(name, key)] for the benchmarks."""
    return [(f"rsa{b}", rsa_key(b)) for b in RSA_BITS]


@functools.lru_cache(maxsize=None)
def dsa_keys():
    """[(name, hash, {P, Q, G, X, Y} as ints and the entry's Msg as hex, label)] from
    FIPS_186-3/SigGen.txt."""
    path = _vectors_dir() / "asymmetric/DSA/FIPS_186-3/SigGen.txt"
    lines = path.read_text().splitlines()
    out = []
    for name, group, hname in DSA_GROUPS:
        start = lines.index(f"[mod = {group}]")
        vals, lineno = {}, None
        for i in range(start + 1, len(lines)):
            if lines[i].startswith("["):
                break
            if " = " in lines[i]:
                k, v = lines[i].split(" = ", 1)
                if k in ("P", "Q", "G", "X", "Y") and k not in vals:
                    vals[k] = int(v, 16)
                    lineno = lineno or (i + 1 if k == "X" else None)
                elif k == "Msg" and k not in vals:
                    vals[k] = v
            if len(vals) == 6:
                break
        out.append((name, hname, vals, f"{path.name}:{lineno}"))
    return out


# The DH groups: p = 2^L - 2^(L-64) - 1 + 2^64 * (floor(2^(L-130) * c) + k), g = 2, with c = pi
# for the MODP groups (RFC 2409 section 6, RFC 3526) and c = e for RFC 7919's ffdhe2048; the
# 512-bit one is vexcrypt's, made the same way with the smallest k giving a safe prime
# (fw/src/pk/dh_groups.c).
DH_GROUPS = {"modp512": (512, 131), "modp768": (768, 149686), "modp1024": (1024, 129093),
             "modp1536": (1536, 741804), "modp2048": (2048, 124476), "ffdhe2048": (2048, 560316)}


def dh_prime(bits, k, const="pi"):
    import gmpy2
    with gmpy2.context(gmpy2.get_context(), precision=bits + 64):
        c = gmpy2.const_pi() if const == "pi" else gmpy2.exp(1)
        base = int(gmpy2.floor(c * gmpy2.mpz(2) ** (bits - 130)))
    return (1 << bits) - (1 << (bits - 64)) - 1 + (1 << 64) * (base + k)


@functools.lru_cache(maxsize=None)
def dh_group(name):
    return dh_prime(*DH_GROUPS[name], "e" if name.startswith("ffdhe") else "pi")
