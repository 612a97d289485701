"""`vexrun ike`: both peers of an IKEv1 exchange (fw/include/vexcrypt/ike.h) in the target through
the oracle's `ike` op, checked bit for bit against the host model (vexrun/models/ike.py): every
message, every key, each side's verdict. The keys are the project's deterministic RSA keys
(vexrun/vectors/pkdata.py: the firmware's key as the initiator's, one drawn under
"vexcrypt/ike-peer/<bits>" as the responder's)."""

from vexrun.models import ike as model
from vexrun.vectors import pkdata

MSGS = ("m1", "m2", "m3", "m4", "m5", "m6", "qm1", "qm2", "qm3")
KEYS = ("skeyid", "skeyid_d", "skeyid_a", "skeyid_e", "enc_key", "keymat_in", "keymat_out")
CIPHERS = {"des": model.DES_ID, "3des": model.DES3_ID}
HASHES = {"sha1": model.SHA1_ID, "sha256": model.SHA256_ID}


def keys(bits):
    """(initiator's, responder's) pycryptodome RSA keys."""
    return pkdata.rsa_key(bits), pkdata.rsa_key(bits, "ike-peer")


def key_hex(k) -> str:
    """The op's key field: n | d | p | q, n and d of the modulus' length, p and q of half."""
    n = (k.n.bit_length() + 7) // 8
    return (k.n.to_bytes(n, "big") + k.d.to_bytes(n, "big") + k.p.to_bytes(n // 2, "big") +
            k.q.to_bytes(n // 2, "big")).hex()


def inputs(bits=1024, group=2, cipher="des", hash="sha1", seed=b"vexrun ike", nonce_len=16, msgid=0x1234abcd):
    """One exchange's inputs, derived from seed: (the op's request, the model's peers' arguments)."""
    ki, kr = keys(bits)
    rng = model.HmacDrbg(seed)
    side = {s: dict(cookie=rng.generate(8), id_data=f"{s}{rng.generate(2).hex()}.vexcrypt.example".encode(),
                    spi=256 + int.from_bytes(rng.generate(3), "big"), seed=rng.generate(16)) for s in "ir"}
    req = {"op": "ike", "group": group, "cipher": cipher, "hash": hash, "nonce_len": nonce_len, "msgid": msgid}
    for s, k in (("i", ki), ("r", kr)):
        req.update({f"key_{s}": key_hex(k), f"cky_{s}": side[s]["cookie"].hex(), f"spi_{s}": side[s]["spi"],
                    f"id_{s}": side[s]["id_data"].hex(), f"seed_{s}": side[s]["seed"].hex()})
    common = dict(cipher=CIPHERS[cipher], hash_id=HASHES[hash], group=group, msgid=msgid, nonce_len=nonce_len)
    peers = {"i": dict(role="i", key=(ki.n, ki.e, ki.d), peer_key=(kr.n, kr.e), **side["i"], **common),
             "r": dict(role="r", key=(kr.n, kr.e, kr.d), peer_key=(ki.n, ki.e), **side["r"], **common)}
    return req, peers


def expected(peers):
    """The model's exchange: {message: hex} and each side's keys, as the op names them."""
    i, r = model.Peer(**peers["i"]), model.Peer(**peers["r"])
    want = dict(zip(MSGS, (m.hex() for m in model.exchange(i, r))))
    for s, p in (("i", i), ("r", r)):
        want.update({f"{k}_{s}": p.keys[k].hex() for k in KEYS})
        want[f"state_{s}"] = p.state
    return want


def differences(answer, want) -> list:
    """The fields where the target's answer differs from the model's."""
    return [k for k, v in want.items() if answer.get(k) != v]


def summary(answer, want) -> dict:
    """The command's JSON: ok (both sides done and every field the model's), each side's steps."""
    diff = differences(answer, want)
    out = {"ok": bool(answer.get("ok")) and not diff, "differs": diff}
    for s, who in (("i", "initiator"), ("r", "responder")):
        out[who] = {"state": answer.get(f"state_{s}"), "phase1_cycles": answer.get(f"phase1_cycles_{s}"),
                    "quick_cycles": answer.get(f"quick_cycles_{s}"), "steps": answer.get(f"steps_{s}")}
    return out


NAME = "ike"
SUMMARY = "IKEv1 main mode (RSA signatures) and quick mode: both peers in the SoC, checked against the host model"
HELP = SUMMARY + " (docs/ike.md). Prints one JSON object: ok, the fields that differ, each side's steps and cycles."


def arguments(parser, parser_class, session_args):
    """The command's options (cli.py's session_args: the target's)."""
    for opt, choices in (("--rsa-bits", [1024, 2048]), ("--group", [2, 14]), ("--cipher", ["des", "3des"])):
        parser.add_argument(opt, type=type(choices[0]), choices=choices, default=choices[0], help=f"default: {choices[0]}")
    session_args(parser)
