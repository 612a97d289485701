"""Public-key known-answer vectors from the installed cryptography-vectors package: CAVP RSA
PKCS#1 v1.5 signatures (FIPS 186-2/186-3 SigGen15), CAVP DSA signature verification (FIPS
186-3 SigVer, passes and failures), RFC 5114 Diffie-Hellman shared secrets. Readers shared by
the firmware's self-test tables (katgen) and the host tests."""

import math
import random
from dataclasses import dataclass
from pathlib import Path

HASHES = {"SHA1": "sha1", "SHA-1": "sha1", "SHA256": "sha256", "SHA-256": "sha256"}


def _dir():
    import cryptography_vectors
    return Path(cryptography_vectors.__file__).parent / "asymmetric"


def _records(path):
    """(line number, {key: value}) per blank-line separated record, with the [section] header
    values of the section it is in under "section"."""
    section, cur, start = "", {}, None
    for i, line in enumerate(path.read_text().splitlines() + [""], 1):
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if not line or line.startswith("#"):
            if cur:
                yield start, dict(cur, section=section)
                cur = {}
            continue
        if "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            if not cur:
                start = i
            cur[k] = v


@dataclass
class RsaSig:
    n: int
    e: int
    d: int        # 0 when the file gives only the public key
    hash: str
    msg: bytes
    sig: bytes
    label: str


def rsa_siggen15(name):
    """PKCS#1 v1.5 signatures of FIPS_186-2/<name> with SHA-1 or SHA-256 (deterministic, so
    signing must reproduce them). The key (n, e[, d]) is carried from the records above."""
    path = _dir() / "RSA/FIPS_186-2" / name
    key, out = {}, []
    for line, rec in _records(path):
        key.update({k: int(rec[k], 16) for k in ("n", "e", "d") if k in rec})
        if "Msg" not in rec or HASHES.get(rec.get("SHAAlg")) is None:
            continue
        out.append(RsaSig(key["n"], key["e"], key.get("d", 0), HASHES[rec["SHAAlg"]],
                          bytes.fromhex(rec["Msg"]), bytes.fromhex(rec["S"]), f"{path.name}:{line}"))
    return out


def rsa_factor(n, e, d):
    """p > q from (n, e, d): the standard randomized split of n from a multiple of the
    order (e*d - 1)."""
    k = e * d - 1
    t = (k & -k).bit_length() - 1
    rng = random.Random(n)
    while True:
        g = rng.randrange(2, n - 1)
        x = pow(g, k >> t, n)
        for _ in range(t):
            y = pow(x, 2, n)
            if y == 1 and x not in (1, n - 1):
                p = math.gcd(x - 1, n)
                return max(p, n // p), min(p, n // p)
            x = y


@dataclass
class DsaVer:
    p: int
    q: int
    g: int
    y: int
    hash: str
    msg: bytes
    r: int
    s: int
    valid: bool
    label: str


def dsa_sigver():
    """FIPS_186-3/SigVer.rsp entries with SHA-1 or SHA-256 and (L, N) the library supports."""
    path = _dir() / "DSA/FIPS_186-3/SigVer.rsp"
    dom, out = {}, []
    for line, rec in _records(path):
        dom.update({k: int(rec[k], 16) for k in ("P", "Q", "G") if k in rec})
        if "Msg" not in rec:
            continue
        sizes, _, h = rec["section"].replace("mod = ", "").rpartition(", ")
        if HASHES.get(h) is None or sizes not in ("L=1024, N=160", "L=2048, N=224", "L=2048, N=256"):
            continue
        out.append(DsaVer(dom["P"], dom["Q"], dom["G"], int(rec["Y"], 16), HASHES[h], bytes.fromhex(rec["Msg"]),
                          int(rec["R"], 16), int(rec["S"], 16), rec["Result"].startswith("P"),
                          f"{path.name}:{line}"))
    return out


@dataclass
class DhShared:
    p: int
    g: int
    x: int
    peer: int
    z: int
    label: str


def dh_rfc5114():
    """RFC 5114 test data: our side's private value with the other side's public value gives Z.
    A group's fields span several blank-line separated records: merged per [section]."""
    path = _dir() / "DH/RFC5114.txt"
    groups = {}
    for line, rec in _records(path):
        g = groups.setdefault(rec["section"], {"line": line})
        g.update(rec)
    out = []
    for g in groups.values():
        v = {k: int(g[k], 16) for k in ("P", "G", "XstatIUT", "YstatCAVS", "Z")}
        out.append(DhShared(v["P"], v["G"], v["XstatIUT"], v["YstatCAVS"], v["Z"], f"{path.name}:{g['line']}"))
    return out
