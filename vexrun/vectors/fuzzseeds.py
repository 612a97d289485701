"""Seed corpora of the libFuzzer targets (fw/test/fuzz/), made from the vector files the project
already checks against (docs/examples/vectors.jsonl, the CAVP files of cryptography-vectors) and,
for x509, from certificates OpenSSL makes at each run, in each target's input layout
(fw/test/fuzz/fuzz.h: bytes, and fields as a 2-byte big-endian length and the bytes). Written
into the build directory at each run: nothing binary is committed."""

import hashlib
import json
from pathlib import Path

from vexrun.vectors import kat_ec, kat_pk, pkdata
from vexrun.env import ROOT
from vexrun.vectors.vectorfile import read_cases

CURVE_IDS = {c: i for i, c in enumerate(kat_ec.CURVES)}   # vc_ec_curve_id order
RSA_FUZZ_BYTES = 64                                       # fw/test/fuzz/rsa_pkcs1.c K


def field(b: bytes) -> bytes:
    return len(b).to_bytes(2, "big") + b


def _int(v: int, size=None) -> bytes:
    return v.to_bytes(size or max(1, (v.bit_length() + 7) // 8), "big")


def _line(req: dict) -> bytes:
    return json.dumps(req, separators=(",", ":")).encode()


def requests():
    """Request lines: the example vector file and a few verifications of each public-key family."""
    out = [_line(c.request) for c in read_cases(ROOT / "docs/examples/vectors.jsonl")]
    for s in kat_pk.rsa_siggen15("SigGen15_186-2.txt")[:2]:
        out.append(_line({"op": "rsa", "fn": "verify", "n": f"{s.n:x}", "e": f"{s.e:x}", "hash": s.hash,
                          "digest": hashlib.new(s.hash, s.msg).hexdigest(), "sig": s.sig.hex()}))
    for s in kat_pk.dsa_sigver()[:2]:
        out.append(_line({"op": "dsa", "fn": "verify", "p": f"{s.p:x}", "q": f"{s.q:x}", "g": f"{s.g:x}",
                          "y": f"{s.y:x}", "hash": s.hash, "digest": hashlib.new(s.hash, s.msg).hexdigest(),
                          "r": f"{s.r:x}", "s": f"{s.s:x}"}))
    for c in kat_ec.CURVES:
        for s in kat_ec.sigver(c)[:1]:
            n = kat_ec.NLEN[c]
            out.append(_line({"op": "ec", "curve": c, **({} if c == "P-256" else {"set": "optimized"}), "fn": "verify",
                              "q": kat_ec.point(c, s.qx, s.qy).hex(), "digest": s.digest.hex(),
                              "r": _int(s.r, n).hex(), "s": _int(s.s, n).hex()}))
    k = pkdata.rsa_key(1024)
    priv = {"n": f"{k.n:x}", "e": f"{k.e:x}", "d": f"{k.d:x}", "p": f"{k.p:x}", "q": f"{k.q:x}"}
    b163 = kat_ec.keypair("B-163")[0]
    pt = kat_ec.point("B-163", b163.qx, b163.qy).hex()
    out += [_line(r) for r in (
        {"op": "modexp", "m": "f" * 63 + "d", "a": "1234", "e": "10001", "algo": 3, "radix": 8, "exp": "window", "window": 4},
        {"op": "montmul", "m": "f" * 31 + "b", "a": "1234", "b": "5678", "algo": 5},
        {"op": "mp", "fn": "divmod", "a": "f" * 200, "m": "8" + "0" * 60 + "1"},
        {"op": "mp", "fn": "inv_binary", "a": "1234", "m": "10001"},
        {"op": "rsa", "fn": "private", "msg": "1234", "crt": "mrc", **priv},
        {"op": "rsa", "fn": "decrypt", "msg": "02" * 128, "crt": "src", **priv},
        {"op": "dh", "fn": "shared", "group": "modp512", "x": "1234", "peer": "5678"},
        {"op": "elgamal", "fn": "decrypt", "group": "modp512", "x": "1234", "c1": "5678", "c2": "9abc"},
        {"op": "aes_ct", "key": "00" * 16, "mode": "cbc", "dir": "dec", "iv": "00" * 16, "msg": "00" * 32, "pad": True},
        {"op": "rc5", "key": "00" * 16, "rounds": 12, "mode": "ctr", "iv": "00" * 8, "msg": "00" * 9},
        {"op": "seal", "key": "00" * 20, "n": 7, "msg": "00" * 5},
        {"op": "rc4", "key": "01", "msg": "00" * 5},
        {"op": "gf2m", "field": 163, "fn": "inv", "alg": "almost", "a": "00" * 19 + "1234"},
        {"op": "gf2m", "field": 163, "fn": "mul", "a": "00" * 19 + "1234", "b": "00" * 19 + "5678", "repeat": 3},
        {"op": "ec", "curve": "B-163", "set": "basic", "fn": "mul", "k": "00" * 20 + "03", "p": pt},
        {"op": "ec", "curve": "B-163", "fn": "unembed", "p": pt},
        {"op": "drbg", "seed": "00", "n": 16},
        {"op": "hmac", "hash": "md5", "key": "00", "msg": "00"})]
    return out


def mp_bytes():
    return [b"", b"\0", b"\x01", b"\0" * 5 + b"\x80", b"\xff" * 1024, b"\0" + b"\xff" * 1024,
            b"\x01" + b"\0" * 1024]


def _rsa_ints():
    k = pkdata.rsa_key(1024)
    return k.n, k.d, k.p, k.q


def mp_div():
    n, d, p, q = _rsa_ints()
    pairs = [(d, n), (n, p), (p * q + 1, q), (n * n, n), ((1 << 8192) - 1, (1 << 4096) - 1), (3, 0),
             (p - 1, p), ((1 << 4095) + 1, (1 << 4096) - 3)]
    return [bytes([i * 17]) + field(_int(a)) + field(_int(m)) for i, (a, m) in enumerate(pairs)]


def mp_mont():
    n, d, p, q = _rsa_ints()
    dsa = kat_pk.dsa_sigver()[0]
    moduli = [p, q, dsa.q, int.from_bytes(bytes.fromhex("ffffffff00000001" + "0" * 24 + "ffffffffffffffffffffffff"), "big"),
              (1 << 768) - 1, 3, (1 << 32) + 1]
    out = []
    for i, m in enumerate(moduli):
        cfgs = b"".join(bytes([algo, radix, sqr, exp, window]) for algo, radix, sqr, exp, window in
                        (((1 + i) % 6 + 1, 32, 1, 3, 4), ((2 + i) % 6 + 1, 1 + 5 * i, 0, 1 + i % 4, 6)))
        out.append(cfgs + bytes([i]) + field(_int(m)) + field(_int(d % (m * m))) + field(_int(n % m)) + field(_int(d % (1 << 200))))
    return out


def _digest_info(hname):
    """DigestInfo of a hash, read off a CAVP PKCS#1 v1.5 signature (EM = S^e mod n)."""
    for s in kat_pk.rsa_siggen15("SigGen15_186-2.txt"):
        if s.hash == hname:
            em = _int(pow(int.from_bytes(s.sig, "big"), s.e, s.n), (s.n.bit_length() + 7) // 8)
            return em[em.index(0, 2) + 1:-hashlib.new(hname).digest_size]
    return None


def rsa_pkcs1():
    k, out = RSA_FUZZ_BYTES, []
    for idx, hname in ((3, "sha1"), (4, "sha256")):
        info, h = _digest_info(hname), hashlib.new(hname, b"abc").digest()
        if info is None:
            continue
        t = info + h
        em = b"\0\1" + b"\xff" * (k - 3 - len(t)) + b"\0" + t
        out += [bytes([idx, 4 | crt, k]) + field(h) + field(em) for crt in range(3)]
    for mlen, pslen in ((0, k - 3), (1, k - 4), (k - 11, 8), (k - 10, 7)):
        em = b"\0\2" + bytes(range(1, pslen + 1)) + b"\0" + b"m" * mlen
        out.append(bytes([4, 0, k]) + field(b"") + field(em[:k].ljust(k, b"\0")))
    return out


def dsa():
    out = []
    for i, (_, hname, vals, _) in enumerate(pkdata.dsa_keys()):
        digest = hashlib.new(hname, bytes.fromhex(vals["Msg"])).digest()
        hbit = 1 if hname == "sha256" else 0
        out += [bytes([i, hbit]) + field(digest) + field(b"") + field(b""),
                bytes([i, hbit]) + field(digest) + field(b"\1") + field(b""),
                bytes([i, hbit]) + field(b"") + field(b"") + field(b"\x80" + b"\0" * 20)]
    return out


def ecdsa():
    out = []
    for c in kat_ec.CURVES:
        n = kat_ec.NLEN[c]
        for s in kat_ec.siggen(c)[:1]:
            out.append(bytes([CURVE_IDS[c], 0]) + field(s.digest) + field(_int(s.k, n)) + field(b"") + field(b""))
        for s in kat_ec.sigver(c)[:3]:
            out.append(bytes([CURVE_IDS[c], 1]) + field(s.digest) + field(kat_ec.point(c, s.qx, s.qy))
                       + field(_int(s.r, n)) + field(_int(s.s, n)))
    return out


def ec_point():
    pts = [(p.curve, kat_ec.point(p.curve, p.qx, p.qy)) for p in kat_ec.pkv() if p.qx.bit_length() <= 8 * kat_ec.FLEN[p.curve]
           and p.qy.bit_length() <= 8 * kat_ec.FLEN[p.curve]]
    pts += [(k.curve, kat_ec.point(k.curve, k.qx, k.qy)) for k in kat_ec.keypair()[::3]]
    return [bytes([CURVE_IDS[c]]) + field(pt) for c, pt in pts]


def gf2m():
    """Field elements: the curves' generator coordinates, 0, 1 and all ones (bits past m included)."""
    out = []
    for field_id, c in ((0, "B-163"), (1, "B-233")):
        n = kat_ec.FLEN[c]
        g = [k for k in kat_ec.keypair(c)][0]
        out += [bytes([field_id]) + field(_int(g.qx, n)) + field(_int(g.qy, n)),
                bytes([field_id]) + field(b"") + field(b"\1"),
                bytes([field_id]) + field(b"\xff" * n) + field(b"\1" + b"\0" * (n - 1))]
    return out


def x509():
    """Certificates OpenSSL makes now (vexrun/vectors/certs.py: RSA-1024, RSA-2048, P-256 chains),
    each behind the byte that asks for a certificate; their ECDSA signatures and OpenSSL's DER
    ECDSA signatures behind the decoder's byte (nlen 32)."""
    import tempfile
    from vexrun.vectors import certs
    out = []
    with tempfile.TemporaryDirectory(prefix="vc-x509-seeds-") as d:
        for kind in ("rsa1024-sha1", "rsa2048-sha256", "p256-sha256"):
            ch = certs.make_chain(Path(d), kind)
            out += [b"\0" + der for der in (ch.ca, ch.leaf, ch.other_ca, ch.other_leaf)]
        out += [b"\x9f" + certs.sign(ch.leaf_key, "sha256", bytes([i])) for i in range(4)]
    return out


def tls():
    """The engine's inputs (fw/test/fuzz/tls.c): P-256 and RSA chains OpenSSL makes now; a client
    fed a ServerHello and the server's Certificate, a P-256 server (asking for a client
    certificate or not) fed a ClientHello and a ClientKeyExchange, and an RSA (DHE) server fed a
    ClientHello and a ClientKeyExchange, each as one piece."""
    import tempfile
    from Crypto.PublicKey import ECC
    from vexrun.proto import messages as m
    from vexrun.vectors import certs
    with tempfile.TemporaryDirectory(prefix="vc-tls-seeds-") as d:
        ch = certs.make_chain(Path(d), "p256-sha256")
        rsa = certs.make_chain(Path(d), "rsa1024-sha256")
        key = int(ECC.import_key(ch.leaf_key.read_bytes()).d).to_bytes(32, "big")
    point = b"\x04" + bytes(31) + b"\x01" + bytes(31) + b"\x02"
    flight = m.record(22, m.server_hello(0xC02B) + m.certificate(ch.leaf))
    hello = m.record(22, m.client_hello(0xC02B)) + m.record(22, m.client_key_exchange_point(point))
    return [b"\0" + field(ch.ca) + field(b"") + field(b"") + b"\xff" + flight,
            b"\1" + field(ch.ca) + field(ch.leaf) + field(key) + b"\xff" + hello,
            b"\3" + field(ch.ca) + field(ch.leaf) + field(key) + b"\xff" + hello,
            b"\5" + field(rsa.ca) + field(rsa.leaf) + field(b"") + b"\xff" + m.record(22, m.client_hello(0x0039))
            + m.record(22, m.handshake(16, m.vec(2, b"\1")))]


def ike():
    """The engine's inputs (fw/test/fuzz/ike.c): the host model's exchange on the harness's
    configuration (its cookies, identities, SPIs, M-ID, and DRBG seeds, so messages 1 to 4 are
    the harness's own); messages 5 to 9 as their headers and plaintext payloads (bit 4), which
    the harness encrypts for the receiver (their signatures and hashes are the model's keys',
    which the receiver refuses)."""
    from vexrun.models import ike as model
    from vexrun.proto import ike as proto

    class Recording(model.Peer):
        plain = []

        def crypt(self, enc, iv, data):
            if enc:
                Recording.plain.append(data)
            return super().crypt(enc, iv, data)

    ki, kr = proto.keys(1024)
    common = dict(cipher=model.DES_ID, hash_id=model.SHA1_ID, group=2, nonce_len=16, msgid=0x55AA)
    peers = [Recording(role, (k.n, k.e, k.d), (o.n, o.e), bytes([1, 2, 3, 4, 5, 6, 7, 8 + i]), ident, 0x1000 + i, ident,
                       **common)
             for i, (role, k, o, ident) in enumerate((("i", ki, kr, b"alice.ex"), ("r", kr, ki, b"bob.exam")))]
    msgs = model.exchange(*peers)
    return ([bytes([k]) + field(m) for k, m in enumerate(msgs[:4])] +
            [bytes([k | 0x10]) + field(msgs[k][:28] + p) for k, p in zip(range(4, 9), Recording.plain)])


def cms():
    """The CMS target's inputs (fw/test/fuzz/cms.c): an RSA-1024 chain OpenSSL makes now; its
    detached SignedData (with and without signed attributes) over a message under the CA; its
    EnvelopedData (-des3, -aes128) for the leaf with the leaf's key; the round trip's inputs, with
    the leaf and with a leaf of its key that may not sign (keyUsage keyEncipherment only)."""
    import tempfile
    from Crypto.PublicKey import RSA
    from vexrun.vectors import certs
    msg = b"Content-Type: text/plain\r\n\r\nfuzz me\r\n"
    with tempfile.TemporaryDirectory(prefix="vc-cms-seeds-") as d:
        ch = certs.make_chain(Path(d), "rsa1024-sha256")
        pem = Path(d) / "leaf.pem"
        certs.openssl("x509", "-inform", "DER", "-out", pem, data=ch.leaf)
        sigs = [certs.openssl("smime", "-sign", "-signer", pem, "-inkey", ch.leaf_key, "-outform", "DER", *extra, data=msg)
                for extra in ([], ["-noattr"])]
        envs = [certs.openssl("smime", "-encrypt", f"-{c}", "-outform", "DER", pem, data=msg) for c in ("des3", "aes128")]
        k = RSA.import_key(ch.leaf_key.read_bytes())
        enc_only = certs.make_leaf(d, "enc-only", ch.leaf_key, Path(d) / ch.kind / "ca.der", ch.ca_key, ch.hash,
                                   ext="keyUsage=critical,keyEncipherment\n")
    key = b"".join(field(_int(getattr(k, n))) for n in "nedpq")
    return ([b"\0" + field(ch.ca) + field(b"") * 5 + field(msg) + s for s in sigs] +
            [b"\1" + field(ch.leaf) + key + field(b"") + e for e in envs] +
            [b"\2" + field(c) + key + field(msg) for c in (ch.leaf, enc_only)])


SEEDS = {"request": requests, "oracle": requests, "mp_bytes": mp_bytes, "mp_div": mp_div, "mp_mont": mp_mont,
         "rsa_pkcs1": rsa_pkcs1, "dsa": dsa, "ecdsa": ecdsa, "ec_point": ec_point, "gf2m": gf2m, "x509": x509,
         "tls": tls, "ike": ike, "cms": cms}


def write_seeds(target: str, directory: Path) -> int:
    """Writes the target's seeds (one file each, named by content) into directory; returns how many."""
    directory.mkdir(parents=True, exist_ok=True)
    seeds = SEEDS[target]()
    for s in seeds:
        (directory / hashlib.sha1(s).hexdigest()).write_bytes(s)
    return len(seeds)
