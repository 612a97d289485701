"""An independent reader of the firmware's S/MIME output on pycryptodome (the tests' and suite
proto's reference): an EnvelopedData opened by RFC 5652's layout read with a few lines of DER,
and seed 003's 2,092-byte text/plain message as both sides make it."""

from Crypto.Cipher import AES, DES3, PKCS1_v1_5

AES128_CBC = bytes.fromhex("608648016503040102")


def message(size=2092) -> bytes:
    """Seed 003's case: a text/plain MIME entity of `size` bytes, CRLF line endings, made
    deterministically (fw/app/bench_proto.c's smime_message makes the same bytes)."""
    head = b"Content-Type: text/plain; charset=us-ascii\r\n\r\n"
    body = b"".join(b"Line %03d of the S/MIME test message: the quick brown fox jumps over the lazy dog.\r\n" % i
                    for i in range(size // 40))
    body = body[:size - len(head) - 2] + b"\r\n"
    assert len(head + body) == size
    return head + body


def _tlv(b, i):
    """(tag, value start, value end) of the DER TLV at b[i]."""
    n, j = b[i + 1], i + 2
    if n & 0x80:
        n, j = int.from_bytes(b[j:j + (n & 0x7F)], "big"), j + (n & 0x7F)
    return b[i], j, j + n


def _children(b, start, end):
    out = []
    while start < end:
        t = _tlv(b, start)
        out.append(t)
        start = t[2]
    return out


def open_enveloped(der: bytes, key) -> bytes:
    """The content of an EnvelopedData (a ContentInfo) for the pycryptodome RSA key `key`: the key
    transport with the private key, then the content cipher (des-ede3-cbc or aes-128-cbc);
    ValueError for what does not open."""
    try:
        ci = _children(der, *_tlv(der, 0)[1:])
        ed = _children(der, *_tlv(der, ci[1][1])[1:])           # [0] EXPLICIT -> EnvelopedData
        ktri = _children(der, *_children(der, ed[1][1], ed[1][2])[0][1:])
        ek = der[ktri[3][1]:ktri[3][2]]
        eci = _children(der, ed[2][1], ed[2][2])
        alg = _children(der, eci[1][1], eci[1][2])
        oid, iv, content = der[alg[0][1]:alg[0][2]], der[alg[1][1]:alg[1][2]], der[eci[2][1]:eci[2][2]]
    except IndexError:
        raise ValueError("not an EnvelopedData of the expected layout") from None
    cek = PKCS1_v1_5.new(key).decrypt(ek, None)
    if cek is None:
        raise ValueError("the key transport does not decrypt")
    cipher = AES.new(cek, AES.MODE_CBC, iv) if oid == AES128_CBC else DES3.new(cek, DES3.MODE_CBC, iv)
    pt = cipher.decrypt(content)
    if not (1 <= pt[-1] <= len(iv) and pt.endswith(bytes([pt[-1]]) * pt[-1])):
        raise ValueError("bad padding")
    return pt[:-pt[-1]]
