"""Elliptic-curve known-answer vectors from the installed cryptography-vectors package: the CAVP
ECDSA files of FIPS 186-3 (KeyPair, PKV, SigGen with its nonces, SigVer) for the curves vexcrypt
implements. Readers shared by the firmware's self-test tables (katgen) and the host tests."""

import hashlib
from dataclasses import dataclass

from vexrun.vectors.kat_pk import _dir, _records

CURVES = ("B-163", "K-163", "B-233", "K-233", "P-256")
# Encoded lengths (ec.h): field element bytes, order bytes.
FLEN = {"B-163": 21, "K-163": 21, "B-233": 30, "K-233": 30, "P-256": 32}
NLEN = {"B-163": 21, "K-163": 21, "B-233": 30, "K-233": 29, "P-256": 32}


def point(curve, x, y) -> bytes:
    """SEC 1 uncompressed encoding."""
    f = FLEN[curve]
    return b"\x04" + x.to_bytes(f, "big") + y.to_bytes(f, "big")
# CAVP hash names -> hashlib names (the digests are computed on the host for the tests; the
# firmware signs with its own SHA-1 and SHA-256).
HASHES = {"SHA-1": "sha1", "SHA-224": "sha224", "SHA-256": "sha256", "SHA-384": "sha384",
          "SHA-512": "sha512"}


def _path(name):
    return _dir() / "ECDSA/FIPS_186-3" / name


def _hex(v):
    return int(v, 16)


@dataclass
class KeyPair:
    curve: str
    d: int
    qx: int
    qy: int
    label: str


@dataclass
class Pkv:
    curve: str
    qx: int
    qy: int
    ok: bool
    reason: str
    label: str


@dataclass
class Sig:
    curve: str
    hash: str          # hashlib name
    msg: bytes
    qx: int
    qy: int
    r: int
    s: int
    d: int = 0         # SigGen only
    k: int = 0         # SigGen only
    ok: bool = True    # SigVer's verdict
    label: str = ""

    @property
    def digest(self) -> bytes:
        return hashlib.new(self.hash, self.msg).digest()


def keypair(curve=None):
    """KeyPair.rsp: each curve's [name] header is followed by a [B.4.2 ...] one."""
    out, c, rec = [], None, {}
    for i, line in enumerate(_path("KeyPair.rsp").read_text().splitlines(), 1):
        line = line.strip()
        if line.startswith("[") and not line.startswith("[B.4"):
            c = line.strip("[]")
        elif "=" in line:
            k, v = (t.strip() for t in line.split("=", 1))
            rec[k] = v
            if k == "Qy" and c in CURVES and (curve is None or c == curve):
                out.append(KeyPair(c, _hex(rec["d"]), _hex(rec["Qx"]), _hex(v), f"KeyPair.rsp:{i}"))
    return out


def pkv(curve=None):
    out = []
    for line, rec in _records(_path("PKV.rsp")):
        c = rec["section"]
        if c in CURVES and (curve is None or c == curve) and "Result" in rec:
            out.append(Pkv(c, _hex(rec["Qx"]), _hex(rec["Qy"]), rec["Result"].startswith("P"),
                           rec["Result"], f"PKV.rsp:{line}"))
    return out


def _sigs(name, curve):
    out = []
    for line, rec in _records(_path(name)):
        c, _, h = rec["section"].partition(",")
        if c not in CURVES or (curve is not None and c != curve) or "Msg" not in rec:
            continue
        out.append(Sig(c, HASHES[h], bytes.fromhex(rec["Msg"]), _hex(rec["Qx"]), _hex(rec["Qy"]),
                       _hex(rec["R"]), _hex(rec["S"]), d=_hex(rec.get("d", "0")),
                       k=_hex(rec.get("k", "0")), ok=rec.get("Result", "P").startswith("P"),
                       label=f"{name}:{line}"))
    return out


def siggen(curve=None):
    """SigGen.txt: signatures with their nonces k (reproducible)."""
    return _sigs("SigGen.txt", curve)


def sigver(curve=None):
    """SigVer.rsp: signatures to accept (ok) or reject."""
    return _sigs("SigVer.rsp", curve)


def _der(b, i=0):
    """(tag, value, next index) of the DER element at i."""
    tag, n = b[i], b[i + 1]
    i += 2
    if n & 0x80:
        k = n & 0x7F
        n, i = int.from_bytes(b[i:i + k], "big"), i + k
    return tag, b[i:i + n], i + n


def _private_scalar(pem_lines):
    """d of a PKCS#8 EC private key (SEQUENCE {version, algorithm, OCTET STRING {ECPrivateKey
    SEQUENCE {1, OCTET STRING d, ...}}})."""
    import base64
    body = base64.b64decode("".join(pem_lines))
    _, seq, _ = _der(body)
    _, _, i = _der(seq)                 # version
    _, _, i = _der(seq, i)              # algorithm identifier
    _, octets, _ = _der(seq, i)
    _, ecpk, _ = _der(octets)
    _, _, j = _der(ecpk)                # version 1
    _, d, _ = _der(ecpk, j)
    return int.from_bytes(d, "big")


@dataclass
class Rfc6979:
    curve: str
    hash: str
    msg: bytes
    d: int
    r: int
    s: int
    label: str


def rfc6979(curve=None):
    """RFC 6979 A.2 deterministic signatures (OpenSSL's evppkey_ecdsa_rfc6979.txt in the
    cryptography-vectors package): the DigestSign entries with their private keys."""
    path = _dir() / "ECDSA/RFC6979/evppkey_ecdsa_rfc6979.txt"
    keys, out, pem, name, rec = {}, [], None, None, {}
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines + [""], 1):
        line = line.strip()
        if line.startswith("PrivateKey="):
            name, pem = line.split("=", 1)[1], []
        elif pem is not None:
            if line.startswith("-----END"):
                keys[name] = _private_scalar(pem)
                pem = None
            elif not line.startswith("-----BEGIN"):
                pem.append(line)
        elif "=" in line:
            k, v = (t.strip() for t in line.split("=", 1))
            rec[k] = v
        elif not line and rec:
            c = rec.get("Key", "").replace("_PRIV", "")
            if "DigestSign" in rec and c in CURVES and (curve is None or c == curve):
                _, sig, _ = _der(bytes.fromhex(rec["Output"]))
                _, r, j = _der(sig)
                _, s, _ = _der(sig, j)
                out.append(Rfc6979(c, HASHES[rec["DigestSign"].replace("SHA", "SHA-")],
                                   rec["Input"].strip('"').encode(), keys[rec["Key"]],
                                   int.from_bytes(r, "big"), int.from_bytes(s, "big"),
                                   f"evppkey_ecdsa_rfc6979.txt:{i}"))
            rec = {}
    return out
