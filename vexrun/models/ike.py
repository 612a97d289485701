"""IKEv1 main mode with RSA signatures and quick mode (RFC 2409 over RFC 2408's messages),
written from the RFCs on Python's integers, hashlib/hmac and pycryptodome's DES: the host model
the firmware's engine (fw/include/vexcrypt/ike.h) is checked against, bit for bit.

A peer draws what the engine draws from its HMAC_DRBG, in the same order: the DH exponent
(vc_dh_keygen: an xbits-bit exponent 2^(xbits-1) + r, r by rejection below 2^(xbits-1)), then
its nonce, when it makes message 3 or 4; the quick mode's nonce when it makes QM1 or QM2. Nothing
else is shared with the C: the messages are built and parsed here."""

import hashlib
import hmac
import struct

from Crypto.Cipher import DES, DES3

from vexrun.models.drbg import HmacDrbg
from vexrun.vectors import pkdata

DES_ID, DES3_ID = 1, 5                      # RFC 2409 appendix A: encryption algorithm
SHA1_ID, SHA256_ID = 2, 4                   # hash algorithm
HASHES = {SHA1_ID: "sha1", SHA256_ID: "sha256", 1: "md5"}
GROUPS = {2: "modp1024", 14: "modp2048"}
SA, KE, ID, HASH, SIG, NONCE = 1, 4, 5, 8, 9, 10
MAIN, QUICK = 2, 32
ESP = 3


class IkeError(Exception):
    """kind: 'proto' (a message that does not parse or is not the one expected), 'verify' (a SIG or
    HASH that does not verify), 'range' (a DH value outside [2, p-2])."""

    def __init__(self, kind, why):
        super().__init__(f"{kind}: {why}")
        self.kind = kind


def prf(hname, key, *parts):
    return hmac.new(key, b"".join(parts), hname).digest()


def xbits_for(pbits):
    return 160 if pbits <= 1024 else 225


def draw_exponent(rng, xbits):
    lo, nbytes = 1 << (xbits - 1), (xbits + 7) // 8
    while True:
        r = int.from_bytes(rng.generate(nbytes), "big") & ((1 << xbits) - 1)
        if r < lo:
            return lo + r


def sa_body(cipher, hash_id, group, spi=None):
    """The one proposal with one transform: phase 1's (ISAKMP, KEY_IKE) or the ESP SA's."""
    if spi is None:
        attrs = struct.pack(">HHHHHHHHHHHHI", 0x8001, cipher, 0x8002, hash_id, 0x8003, 3, 0x8004, group,
                            0x800b, 1, 0x000c, 4, 28800)
        transform = struct.pack(">BBHBBH", 0, 0, 8 + len(attrs), 1, 1, 0) + attrs
        proposal = struct.pack(">BBHBBBB", 0, 0, 8 + len(transform), 1, 1, 0, 1) + transform
    else:
        attrs = struct.pack(">8H", 0x8001, 1, 0x8002, 3600, 0x8004, 1, 0x8005, 2)
        transform = struct.pack(">BBHBBH", 0, 0, 8 + len(attrs), 1, 2 if cipher == DES_ID else 3, 0) + attrs
        proposal = struct.pack(">BBHBBBB", 0, 0, 12 + len(transform), 1, ESP, 4, 1) + spi.to_bytes(4, "big") + transform
    return struct.pack(">II", 1, 1) + proposal


def payloads(items):
    """[(type, body)] -> the chained payloads and the first one's type."""
    out = b""
    for i, (_, body) in enumerate(items):
        nxt = items[i + 1][0] if i + 1 < len(items) else 0
        out += struct.pack(">BBH", nxt, 0, 4 + len(body)) + body
    return out, (items[0][0] if items else 0)


def parse(body, first, want):
    """The payloads of `body` (first type `first`), which must be exactly the types `want`;
    returns their bodies and the offset where each starts, and the end of the last."""
    out, at, t = [], 0, first
    for w in want:
        if t != w or len(body) - at < 4:
            raise IkeError("proto", f"payload {t}, expected {w}")
        nxt, res, n = struct.unpack_from(">BBH", body, at)
        if res or n < 4 or at + n > len(body):
            raise IkeError("proto", "payload length")
        out.append((at, body[at + 4:at + n]))
        at, t = at + n, nxt
    if t != 0:
        raise IkeError("proto", "more payloads")
    return out, at


def rsa_block(k, t):
    return b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t


class Peer:
    """One side. key: (n, e, d); peer_key: (n, e); seed: its DRBG's seed."""

    def __init__(self, role, key, peer_key, cookie, id_data, spi, seed, cipher=DES_ID, hash_id=SHA1_ID, group=2,
                 id_type=2, msgid=1, nonce_len=16, dh_xbits=0):
        self.role, self.key, self.peer_key = role, key, peer_key
        self.cipher, self.hash_id, self.group = cipher, hash_id, group
        self.h = HASHES[hash_id]
        self.p = pkdata.dh_group(GROUPS[group])
        self.plen = self.p.bit_length() // 8
        self.xbits = dh_xbits or xbits_for(self.p.bit_length())
        self.id_b = bytes([id_type, 17, 1, 244]) + id_data
        self.spi, self.msgid, self.nonce_len = spi, msgid, nonce_len
        self.rng = HmacDrbg(seed)
        self.cky_i, self.cky_r = (cookie, bytes(8)) if role == "i" else (None, cookie)
        self.keys, self.state = {}, "running"
        self.expect = "m1" if role == "r" else "m2"

    # ---- the messages ----
    def header(self, first, exch, flags, msgid, length):
        return self.cky_i + self.cky_r + struct.pack(">BBBBII", first, 0x10, exch, flags, msgid, length)

    def message(self, items, exch=MAIN, msgid=0, iv=None):
        body, first = payloads(items)
        if iv is not None:
            pad = 8 - len(body) % 8
            body = self.crypt(True, iv, body + bytes(pad - 1) + bytes([pad - 1]))
        return self.header(first, exch, 1 if iv is not None else 0, msgid, 28 + len(body)) + body

    def crypt(self, enc, iv, data):
        key = self.keys["enc_key"]
        c = DES.new(key, DES.MODE_CBC, iv) if self.cipher == DES_ID else DES3.new(key, DES3.MODE_CBC, iv)
        out = c.encrypt(data) if enc else c.decrypt(data)
        self.last_block = (out if enc else data)[-8:]
        return out

    def read(self, msg, exch, msgid, want, iv=None):
        if len(msg) < 28 or struct.unpack_from(">I", msg, 24)[0] != len(msg):
            raise IkeError("proto", "length")
        ci, cr, first, ver, ex, flags, mid = msg[:8], msg[8:16], msg[16], msg[17], msg[18], msg[19], \
            struct.unpack_from(">I", msg, 20)[0]
        if self.expect == "m1":
            if ci == bytes(8) or cr != bytes(8):
                raise IkeError("proto", "cookies")
            self.cky_i = ci
        elif self.expect == "m2":
            if ci != self.cky_i or cr == bytes(8):
                raise IkeError("proto", "cookies")
            self.cky_r = cr
        elif (ci, cr) != (self.cky_i, self.cky_r):
            raise IkeError("proto", "cookies")
        if ver != 0x10 or ex != exch or flags != (1 if iv is not None else 0) or mid != msgid:
            raise IkeError("proto", "header")
        body = msg[28:]
        if iv is not None:
            if not body or len(body) % 8:
                raise IkeError("proto", "not whole blocks")
            body = self.crypt(False, iv, body)
        got, end = parse(body, first, want)
        if len(body) - end > (8 if iv is not None else 0):
            raise IkeError("proto", "trailing bytes")
        return got, body[:end]

    # ---- main mode ----
    def start(self):
        """The initiator's message 1."""
        self.sai_b = sa_body(self.cipher, self.hash_id, self.group)
        return self.message([(SA, self.sai_b)])

    def ke_nonce(self):
        self.x = draw_exponent(self.rng, self.xbits)
        gx = pow(2, self.x, self.p).to_bytes(self.plen, "big")
        return gx, self.rng.generate(self.nonce_len)

    def phase1_keys(self):
        peer = int.from_bytes(self.gxr if self.role == "i" else self.gxi, "big")
        if not 1 < peer < self.p - 1:
            raise IkeError("range", "peer DH value")
        gxy = pow(peer, self.x, self.p).to_bytes(self.plen, "big")
        h, c = self.h, self.cky_i + self.cky_r
        k = self.keys
        k["skeyid"] = prf(h, self.ni + self.nr, gxy)
        k["skeyid_d"] = prf(h, k["skeyid"], gxy, c, b"\x00")
        k["skeyid_a"] = prf(h, k["skeyid"], k["skeyid_d"], gxy, c, b"\x01")
        k["skeyid_e"] = prf(h, k["skeyid"], k["skeyid_a"], gxy, c, b"\x02")
        need, ka, blk = (8 if self.cipher == DES_ID else 24), k["skeyid_e"], b"\x00"
        if len(ka) < need:                  # appendix B: K1 = prf(SKEYID_e, 0), K2 = prf(SKEYID_e, K1), ...
            ka = b""
            while len(ka) < need:
                blk = prf(h, k["skeyid_e"], blk)
                ka += blk
        k["enc_key"] = ka[:need]
        self.iv = hashlib.new(h, self.gxi + self.gxr).digest()[:8]

    def auth_hash(self, of_initiator, id_b):
        gi, gr, ci, cr = self.gxi, self.gxr, self.cky_i, self.cky_r
        parts = (gi, gr, ci, cr) if of_initiator else (gr, gi, cr, ci)
        return prf(self.h, self.keys["skeyid"], *parts, self.sai_b, id_b)

    def auth_message(self):
        n, _, d = self.key
        k = (n.bit_length() + 7) // 8
        t = self.auth_hash(self.role == "i", self.id_b)
        sig = pow(int.from_bytes(rsa_block(k, t), "big"), d, n).to_bytes(k, "big")
        out = self.message([(ID, self.id_b), (SIG, sig)], iv=self.iv)
        self.iv = self.last_block
        return out

    def check_auth(self, msg):
        (_, id_b), (_, sig) = self.read(msg, MAIN, 0, [ID, SIG], iv=self.iv)[0]
        self.iv = self.last_block
        n, e = self.peer_key
        k = (n.bit_length() + 7) // 8
        t = self.auth_hash(self.role == "r", id_b)
        s = int.from_bytes(sig, "big")
        if len(sig) != k or s >= n or pow(s, e, n).to_bytes(k, "big") != rsa_block(k, t):
            raise IkeError("verify", "SIG")

    # ---- quick mode ----
    def quick_iv(self):
        self.qiv = hashlib.new(self.h, self.iv + self.msgid.to_bytes(4, "big")).digest()[:8]

    def qm12(self):
        spi_sa = (SA, sa_body(self.cipher, self.hash_id, self.group, self.spi))
        nonce = self.rng.generate(self.nonce_len)
        if self.role == "i":
            self.ni = nonce
        else:
            self.nr = nonce
        rest, first = payloads([spi_sa, (NONCE, nonce)])
        m = self.msgid.to_bytes(4, "big")
        hsh = prf(self.h, self.keys["skeyid_a"], m, rest) if self.role == "i" else \
            prf(self.h, self.keys["skeyid_a"], m, self.ni, rest)
        out = self.message([(HASH, hsh), spi_sa, (NONCE, nonce)], QUICK, self.msgid, iv=self.qiv)
        self.qiv = self.last_block
        return out

    def check_qm12(self, msg):
        got, body = self.read(msg, QUICK, self.msgid, [HASH, SA, NONCE], iv=self.qiv)
        self.qiv = self.last_block
        (_, hsh), (_, sa), (_, nonce) = got
        if len(sa) < 20:
            raise IkeError("proto", "SA")
        spi = int.from_bytes(sa[16:20], "big")
        if sa != sa_body(self.cipher, self.hash_id, self.group, spi) or spi < 256:
            raise IkeError("proto", "SA")
        if not 8 <= len(nonce) <= 64:
            raise IkeError("proto", "nonce")
        self.keys["peer_spi"] = spi
        after = body[got[1][0]:]
        m = self.msgid.to_bytes(4, "big")
        if self.role == "r":
            self.ni = nonce
            want = prf(self.h, self.keys["skeyid_a"], m, after)
        else:
            self.nr = nonce
            want = prf(self.h, self.keys["skeyid_a"], m, self.ni, after)
        if not hmac.compare_digest(want, hsh):
            raise IkeError("verify", "HASH")

    def hash3(self):
        return prf(self.h, self.keys["skeyid_a"], b"\x00", self.msgid.to_bytes(4, "big"), self.ni, self.nr)

    def keymat(self):
        need = (8 if self.cipher == DES_ID else 24) + 20
        for name, spi in (("keymat_in", self.spi), ("keymat_out", self.keys["peer_spi"])):
            seed, out, blk = bytes([ESP]) + spi.to_bytes(4, "big") + self.ni + self.nr, b"", b""
            while len(out) < need:
                blk = prf(self.h, self.keys["skeyid_d"], blk, seed)
                out += blk
            self.keys[name] = out[:need]

    def quick(self):
        """The initiator's QM1, after main mode."""
        self.quick_iv()
        self.expect = "qm2"
        return self.qm12()

    # ---- the exchange ----
    def feed(self, msg):
        """Takes the peer's message; returns the answer (b"" when none)."""
        try:
            return self._feed(msg)
        except IkeError:
            self.state = "failed"
            raise

    def _feed(self, msg):
        e, out = self.expect, b""
        if e in ("m1", "m2"):
            (_, sa), = self.read(msg, MAIN, 0, [SA])[0]
            if sa != sa_body(self.cipher, self.hash_id, self.group):
                raise IkeError("proto", "proposal")
            self.sai_b = sa
            if e == "m1":
                out = self.message([(SA, sa)])
            else:
                self.gxi, self.ni = self.ke_nonce()
                out = self.message([(KE, self.gxi), (NONCE, self.ni)])
            self.expect = "m3" if e == "m1" else "m4"
        elif e in ("m3", "m4"):
            (_, ke), (_, nonce) = self.read(msg, MAIN, 0, [KE, NONCE])[0]
            if len(ke) != self.plen or not 8 <= len(nonce) <= 64:
                raise IkeError("proto", "KE or nonce length")
            if e == "m3":
                self.gxi, self.ni = ke, nonce
                self.gxr, self.nr = self.ke_nonce()
                out = self.message([(KE, self.gxr), (NONCE, self.nr)])
                self.phase1_keys()
                self.expect = "m5"
            else:
                self.gxr, self.nr = ke, nonce
                self.phase1_keys()
                out = self.auth_message()
                self.expect = "m6"
        elif e in ("m5", "m6"):
            self.check_auth(msg)
            if e == "m5":
                out = self.auth_message()
            self.state, self.expect = "phase1", ("qm1" if e == "m5" else None)
        elif e == "qm1":
            if len(msg) < 28 or not struct.unpack_from(">I", msg, 20)[0]:
                raise IkeError("proto", "M-ID")
            self.msgid = struct.unpack_from(">I", msg, 20)[0]
            self.quick_iv()
            self.check_qm12(msg)
            out = self.qm12()
            self.expect = "qm3"
        elif e == "qm2":
            self.check_qm12(msg)
            self.keymat()
            out = self.message([(HASH, self.hash3())], QUICK, self.msgid, iv=self.qiv)
            self.state, self.expect = "done", None
        elif e == "qm3":
            (_, hsh), = self.read(msg, QUICK, self.msgid, [HASH], iv=self.qiv)[0]
            if not hmac.compare_digest(hsh, self.hash3()):
                raise IkeError("verify", "HASH(3)")
            self.keymat()
            self.state, self.expect = "done", None
        else:
            raise IkeError("proto", "no message expected")
        return out


def exchange(i, r):
    """Both model peers through main mode and quick mode: the nine messages in order."""
    msgs = [i.start()]
    for peer in (r, i, r, i, r):
        msgs.append(peer.feed(msgs[-1]))
    i.feed(msgs[-1])
    msgs.append(i.quick())
    msgs.append(r.feed(msgs[-1]))
    msgs.append(i.feed(msgs[-1]))
    r.feed(msgs[-1])
    return msgs
