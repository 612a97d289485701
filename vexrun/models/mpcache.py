"""The pre-ME cache of seed 004 as the library keeps it (fw/src/mp/modexp.c, mp.h's
vc_mp_cache): direct-mapped, VC_MP_CACHE_WAYS entries, keyed by the reduced base's limbs and the
exponent's limbs in 2 * VC_MP_LIMBS words, the way picked by a 32-bit FNV-1a hash of the key.
Predicts the hits and misses of a sequence of exponentiations modulo one modulus, which the
tests hold the firmware's counters to."""

WAYS = 8                  # VC_MP_CACHE_WAYS
KEY_WORDS = 2 * 128       # 2 * VC_MP_LIMBS


def _limbs(v: int, n: int):
    return [(v >> (32 * i)) & 0xFFFFFFFF for i in range(n)]


def key(base: int, e: int, m: int):
    """The cache key of base^e mod m: the base reduced mod m in m's limbs, then e's limbs."""
    n = (m.bit_length() + 31) // 32
    words = _limbs(base % m, n) + _limbs(e, (e.bit_length() + 31) // 32)
    return tuple(words + [0] * (KEY_WORDS - len(words)))


def way(k) -> int:
    h = 2166136261
    for w in k:
        h = ((h ^ w) * 16777619) & 0xFFFFFFFF
    return h % WAYS


def counts(lookups):
    """(hits, misses) of the keys `lookups` (key(...) each) in a cache cleared at the start."""
    entries, hits = [None] * WAYS, 0
    for k in lookups:
        i = way(k)
        if entries[i] == k:
            hits += 1
        else:
            entries[i] = k
    return hits, len(lookups) - hits
