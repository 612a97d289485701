"""Independent references the host checks target outputs against: hashlib and pycryptodome,
and the models of vexrun.models where no library has the primitive. One place for the tests,
the oracle tests and the benchmark checks."""

import hashlib

from vexrun.models import rc5
from vexrun.models.seal import Seal


def hash_digest(prim, data):
    from Crypto.Hash import MD2, MD4
    if prim in ("md2", "md4"):
        return {"md2": MD2, "md4": MD4}[prim].new(data).digest()
    return hashlib.new(prim, data).digest()


class _Rc5Mode:
    def __init__(self, key, rounds, mode, iv):
        self.args = (key, rounds, mode, iv)

    def encrypt(self, data):
        return rc5.crypt_mode(*self.args, data)

    def decrypt(self, data):
        return rc5.crypt_mode(*self.args, data, decrypt=True)


def block_mode(cipher, key, mode, iv=None, rounds=12):
    """An object with encrypt/decrypt doing `mode` ("ecb", "cbc", "ctr"; CTR's counter is the
    whole block, big-endian, as in modes.c) with `cipher`: "des", "3des" (or "des3"), "aes"
    (also "aes_tab", "aes_ct"), "rc5". Use one object per message."""
    if cipher == "rc5":
        return _Rc5Mode(key, rounds, mode, iv)
    from Crypto.Cipher import AES, DES, DES3
    from Crypto.Util import Counter
    cls = {"des": DES, "3des": DES3, "des3": DES3}.get(cipher, AES if cipher.startswith("aes") else None)
    if mode == "ecb":
        return cls.new(key, cls.MODE_ECB)
    if mode == "cbc":
        return cls.new(key, cls.MODE_CBC, iv=iv)
    return cls.new(key, cls.MODE_CTR, counter=Counter.new(8 * len(iv), initial_value=int.from_bytes(iv, "big")))


def stream_crypt(cipher, key, data, n=0):
    if cipher == "rc4":
        from Crypto.Cipher import ARC4
        return ARC4.new(key).encrypt(data)
    ks = Seal(key, max_bits=8 * max(len(data), 1)).keystream(n, len(data))
    return bytes(a ^ b for a, b in zip(data, ks))


def pkcs7(data, block_len):
    n = block_len - len(data) % block_len
    return data + bytes([n]) * n
