"""TLS 1.2 records and handshake messages built by hand (RFC 5246): what the tests' scripted peer
sends where OpenSSL never would, and the tls fuzz target's seeds."""

import struct

GROUP_P256, SIG_ECDSA_SHA256, SIG_RSA_SHA256, RENEGOTIATION_INFO = 23, 0x0403, 0x0401, 0xff01


def vec(n: int, data: bytes) -> bytes:
    """A vector behind an n-byte length."""
    return len(data).to_bytes(n, "big") + data


def record(ctype: int, body: bytes) -> bytes:
    return struct.pack(">BHH", ctype, 0x0303, len(body)) + body


def handshake(htype: int, body: bytes) -> bytes:
    return struct.pack(">B", htype) + len(body).to_bytes(3, "big") + body


def extension(etype: int, body: bytes) -> bytes:
    return struct.pack(">H", etype) + vec(2, body)


def client_hello(suite: int) -> bytes:
    """A ClientHello offering one suite, with signature_algorithms, P-256 and RFC 5746's empty
    renegotiation_info."""
    ext = (extension(13, vec(2, struct.pack(">HH", SIG_ECDSA_SHA256, SIG_RSA_SHA256)))
           + extension(10, vec(2, struct.pack(">H", GROUP_P256))) + extension(RENEGOTIATION_INFO, b"\x00"))
    return handshake(1, struct.pack(">H", 0x0303) + bytes(32) + b"\x00" + vec(2, struct.pack(">H", suite))
                     + vec(1, b"\x00") + vec(2, ext))


def server_hello(suite: int) -> bytes:
    return handshake(2, struct.pack(">H", 0x0303) + bytes(32) + b"\x00" + struct.pack(">HB", suite, 0)
                     + vec(2, extension(RENEGOTIATION_INFO, b"\x00")))


def certificate(der: bytes) -> bytes:
    return handshake(11, vec(3, vec(3, der)))


def dhe_server_key_exchange(p: int, g: int, ys: int, sig: bytes) -> bytes:
    """ServerDHParams and a signature (rsa_pkcs1_sha256) as given (the tests' DH checks come
    before the signature's)."""
    n = (p.bit_length() + 7) // 8
    params = vec(2, p.to_bytes(n, "big")) + vec(2, g.to_bytes(1, "big")) + vec(2, ys.to_bytes(n, "big"))
    return handshake(12, params + struct.pack(">H", SIG_RSA_SHA256) + vec(2, sig))


def client_key_exchange_point(point: bytes) -> bytes:
    return handshake(16, vec(1, point))
