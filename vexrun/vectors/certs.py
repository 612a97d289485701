"""Test certificates made by OpenSSL's command line (Debian's 3.0) at test time, nothing
committed: for each key and signature hash a self-signed CA (v3, basicConstraints and keyUsage
critical, notAfter past 2050 so a GeneralizedTime) and a leaf it signs (v3 with critical
basicConstraints and keyUsage and non-critical extendedKeyUsage, subjectAltName); and per key
type a second CA with the same subject and a v1 leaf of its own (OpenSSL's `x509 -req` without
extensions). Used by tests/host/test_x509.py, the SoC test and the x509 fuzz target's seeds."""

import subprocess
from dataclasses import dataclass
from pathlib import Path

# name -> (genpkey arguments, signature hash)
KINDS = {
    "rsa1024-sha256": (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "sha256"),
    "rsa1024-sha1": (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "sha1"),
    "rsa2048-sha256": (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], "sha256"),
    "rsa2048-sha1": (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], "sha1"),
    "p256-sha256": (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], "sha256"),
}
CA_EXT = ["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"]
LEAF_EXT = ("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
            "extendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=DNS:leaf.example\n")
# An S/MIME user's (RFC 8550 4.4: emailProtection, which openssl smime -verify requires of an EKU).
SMIME_EXT = ("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
             "extendedKeyUsage=emailProtection\nsubjectAltName=email:leaf@example.org\n")


def openssl(*args, data=None) -> bytes:
    r = subprocess.run(["openssl", *map(str, args)], input=data, capture_output=True)
    if r.returncode:
        raise RuntimeError(f"openssl {' '.join(map(str, args))}: {r.stderr.decode(errors='replace')}")
    return r.stdout


@dataclass
class Chain:
    kind: str
    hash: str
    ca: bytes          # DER
    ca_key: Path       # PEM private keys
    leaf: bytes
    leaf_key: Path
    other_ca: bytes    # another key, the same subject as ca
    other_leaf: bytes  # v1, issued by other_ca


def _key(d: Path, name: str, genpkey: list) -> Path:
    path = d / f"{name}.key"
    openssl("genpkey", *genpkey, "-out", path)
    return path


def _ca(d: Path, name: str, key: Path, hname: str) -> Path:
    path = d / f"{name}.der"
    openssl("req", "-x509", "-new", "-key", key, "-subj", "/O=vexcrypt/CN=test CA", "-days", 20000, f"-{hname}",
            *CA_EXT, "-outform", "DER", "-out", path)
    return path


def _leaf(d: Path, name: str, key: Path, ca: Path, ca_key: Path, hname: str, serial: int, ext) -> bytes:
    """ext: the extensions' text, or True for LEAF_EXT, or False for none (a v1 certificate)."""
    csr, ext_file = d / f"{name}.csr", d / f"{name}.ext"
    openssl("req", "-new", "-key", key, "-subj", f"/O=vexcrypt/CN={name}", "-out", csr)
    ext_file.write_text(LEAF_EXT if ext is True else ext or "")
    openssl("x509", "-req", "-in", csr, "-CA", ca, "-CAform", "DER", "-CAkey", ca_key, "-set_serial", serial,
            "-days", 30, f"-{hname}", *(["-extfile", ext_file] if ext else []), "-outform", "DER",
            "-out", d / f"{name}.der")
    return (d / f"{name}.der").read_bytes()


def make_chain(d: Path, kind: str) -> Chain:
    genpkey, hname = KINDS[kind]
    d = Path(d) / kind
    d.mkdir(parents=True, exist_ok=True)
    ca_key, leaf_key, other_key = (_key(d, n, genpkey) for n in ("ca", "leaf", "other"))
    ca, other = _ca(d, "ca", ca_key, hname), _ca(d, "other", other_key, hname)
    return Chain(kind, hname, ca.read_bytes(), ca_key,
                 _leaf(d, "leaf", leaf_key, ca, ca_key, hname, 0x1001, True), leaf_key,
                 other.read_bytes(), _leaf(d, "other-leaf", leaf_key, other, other_key, hname, 0x80, False))


def sign(key: Path, hname: str, msg: bytes) -> bytes:
    """openssl dgst -sign: PKCS#1 v1.5 for RSA keys, DER ECDSA-Sig-Value for EC keys."""
    return openssl("dgst", f"-{hname}", "-sign", key, data=msg)


def make_leaf(d: Path, name: str, key: Path, ca: Path, ca_key: Path, hname: str, serial: int = 0x2002,
              ext=True) -> bytes:
    """Another v3 leaf of `key`, issued by the CA (DER file `ca`): the TLS tests' client certificate
    (serverAuth and clientAuth), or with ext=SMIME_EXT an S/MIME user's."""
    return _leaf(Path(d), name, key, ca, ca_key, hname, serial, ext)


def main(argv=None) -> int:
    """python -m vexrun.vectors.certs [KIND ...] [--impl hw|sw]: for each kind (default all), an
    x509 oracle request on a fresh leaf under its CA, to pipe into `vexrun oracle`."""
    import argparse
    import json
    import tempfile
    p = argparse.ArgumentParser(prog="python -m vexrun.vectors.certs")
    p.add_argument("kinds", nargs="*", metavar="KIND", help=", ".join(KINDS) + " (default all)")
    p.add_argument("--impl", choices=("hw", "sw"))
    a = p.parse_args(argv)
    if set(a.kinds) - set(KINDS):
        p.error(f"unknown kind {sorted(set(a.kinds) - set(KINDS))[0]}; kinds: {', '.join(KINDS)}")
    with tempfile.TemporaryDirectory(prefix="vc-certs-") as d:
        for kind in a.kinds or KINDS:
            ch = make_chain(Path(d), kind)
            req = {"op": "x509", "cert": ch.leaf.hex(), "issuer": ch.ca.hex(), "repeat": 3}
            print(json.dumps(dict(req, impl=a.impl) if a.impl else req))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
