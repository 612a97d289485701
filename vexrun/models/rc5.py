"""RC5-32/r/b in plain Python, written from the specification (R. L. Rivest, "The RC5
Encryption Algorithm", FSE 1994, sections 4 and 5; R. Baldwin and R. Rivest, RFC 2040,
sections 4 to 6) as an independent model for the C implementation (fw/src/block/rc5.c).
Slow and literal on purpose: the paper's names (w = 32, u = 4, b, c, t, P32, Q32, S, L, A, B),
no shared code with the C side.
"""

W = 32
MASK = (1 << W) - 1
P32 = 0xB7E15163    # Odd((e - 2) 2^32)
Q32 = 0x9E3779B9    # Odd((phi - 1) 2^32)


def _rotl(x, s):
    s %= W
    return ((x << s) | (x >> (W - s))) & MASK


def _rotr(x, s):
    s %= W
    return ((x >> s) | (x << (W - s))) & MASK


def expand_key(key: bytes, rounds: int):
    """The expanded key table S[0 .. 2r + 1] (section 4.3 of the paper)."""
    if not 0 <= rounds <= 255 or len(key) > 255:
        raise ValueError("RC5-32 takes 0..255 rounds and 0..255 key bytes")
    b, u = len(key), W // 8
    c = max(1, -(-b // u))
    # Step 1: the key bytes into c words, little-endian ("from the low-order end").
    L = [0] * c
    for i in range(b - 1, -1, -1):
        L[i // u] = ((L[i // u] << 8) + key[i]) & MASK
    # Step 2: the pseudo-random table.
    t = 2 * (rounds + 1)
    S = [P32]
    for i in range(1, t):
        S.append((S[i - 1] + Q32) & MASK)
    # Step 3: mixing, 3 max(t, c) times over both arrays.
    i = j = A = B = 0
    for _ in range(3 * max(t, c)):
        A = S[i] = _rotl((S[i] + A + B) & MASK, 3)
        B = L[j] = _rotl((L[j] + A + B) & MASK, A + B)
        i = (i + 1) % t
        j = (j + 1) % c
    return S


def _words(block):
    if len(block) != 8:
        raise ValueError("RC5-32 blocks are 8 bytes")
    return int.from_bytes(block[:4], "little"), int.from_bytes(block[4:], "little")


def _bytes(A, B):
    return A.to_bytes(4, "little") + B.to_bytes(4, "little")


def encrypt_block(S, block: bytes) -> bytes:
    """Section 4.1: A = A + S[0]; B = B + S[1]; for i = 1..r: A = ((A ^ B) <<< B) + S[2i];
    B = ((B ^ A) <<< A) + S[2i + 1]."""
    r = len(S) // 2 - 1
    A, B = _words(block)
    A = (A + S[0]) & MASK
    B = (B + S[1]) & MASK
    for i in range(1, r + 1):
        A = (_rotl(A ^ B, B) + S[2 * i]) & MASK
        B = (_rotl(B ^ A, A) + S[2 * i + 1]) & MASK
    return _bytes(A, B)


def decrypt_block(S, block: bytes) -> bytes:
    """Section 4.2, the rounds undone in reverse order."""
    r = len(S) // 2 - 1
    A, B = _words(block)
    for i in range(r, 0, -1):
        B = _rotr((B - S[2 * i + 1]) & MASK, A) ^ A
        A = _rotr((A - S[2 * i]) & MASK, B) ^ B
    B = (B - S[1]) & MASK
    A = (A - S[0]) & MASK
    return _bytes(A, B)


def encrypt(key: bytes, rounds: int, block: bytes) -> bytes:
    return encrypt_block(expand_key(key, rounds), block)


def decrypt(key: bytes, rounds: int, block: bytes) -> bytes:
    return decrypt_block(expand_key(key, rounds), block)


def crypt_mode(key: bytes, rounds: int, mode: str, iv: bytes, data: bytes, decrypt: bool = False) -> bytes:
    """ECB, CBC or CTR as vexcrypt's modes.c defines them: whole blocks for ECB/CBC, any length
    for CTR, whose counter is the whole 8-byte block, big-endian."""
    S = expand_key(key, rounds)
    out, prev, ctr = b"", iv, int.from_bytes(iv or bytes(8), "big")
    for i in range(0, len(data), 8):
        b = data[i:i + 8]
        if mode == "ctr":
            ks = encrypt_block(S, ctr.to_bytes(8, "big"))
            out += bytes(x ^ y for x, y in zip(b, ks))
            ctr = (ctr + 1) % 2**64
        elif decrypt:
            p = decrypt_block(S, b)
            out += bytes(x ^ y for x, y in zip(p, prev)) if mode == "cbc" else p
            prev = b
        else:
            prev = encrypt_block(S, bytes(x ^ y for x, y in zip(b, prev)) if mode == "cbc" else b)
            out += prev
    return out
