"""TLS 1.2's PRF and record protection (RFC 5246 5, 6.2.3 and 6.3; RFC 5288) on hmac and
pycryptodome: the independent reference of the record layer's tests and suite proto's check."""

import hashlib
import hmac
import struct

GCM, CBC = 0xC02B, 0x0039      # TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS_DHE_RSA_WITH_AES_256_CBC_SHA
MAX_PLAIN = 16384


def p_sha256(secret, label, seed, n):
    out, a = b"", hmac.new(secret, label + seed, hashlib.sha256).digest()
    while len(out) < n:
        out += hmac.new(secret, a + label + seed, hashlib.sha256).digest()
        a = hmac.new(secret, a, hashlib.sha256).digest()
    return out[:n]


def key_block(master, crand, srand, suite):
    """(client write MAC key, server's, client key, server's, client IV (GCM's salt), server's)."""
    mac, key, iv = (0, 16, 4) if suite == GCM else (20, 32, 0)
    kb = p_sha256(master, b"key expansion", srand + crand, 2 * (mac + key + iv))
    parts, i = [], 0
    for n in (mac, mac, key, key, iv, iv):
        parts.append(kb[i:i + n])
        i += n
    return parts


def header(ctype, n):
    return struct.pack(">BHH", ctype, 0x0303, n)


def pseudo(seq, n, ctype=23):
    """What the MAC and GCM's additional data cover before the data: seq_num || header."""
    return struct.pack(">Q", seq) + header(ctype, n)


def seal(suite, mac_key, key, salt, seq, data, iv=None, ctype=23):
    """One record as the engine writes it: GCM with the sequence number as the explicit nonce;
    CBC with the explicit IV `iv` and the shortest padding."""
    from Crypto.Cipher import AES
    if suite == GCM:
        explicit = struct.pack(">Q", seq)
        c = AES.new(key, AES.MODE_GCM, nonce=salt + explicit)
        c.update(pseudo(seq, len(data), ctype))
        ct, tag = c.encrypt_and_digest(data)
        body = explicit + ct + tag
    else:
        mac = hmac.new(mac_key, pseudo(seq, len(data), ctype) + data, hashlib.sha1).digest()
        pad = 15 - (len(data) + len(mac)) % 16
        body = iv + AES.new(key, AES.MODE_CBC, iv).encrypt(data + mac + bytes([pad] * (pad + 1)))
    return header(ctype, len(body)) + body
