"""IKEv1 (fw/src/ike/, ike.h) in the host build against the independent host model
(vexrun/models/ike.py): both C peers through the oracle's `ike` op bit for bit with the model
(messages, keys, verdicts) for each group, cipher, hash and key size; a C peer against a model
peer, each way (the C parses what Python built); the failures ike.h documents (a tampered
signature, a tampered encrypted message, a wrong peer key, DH values outside [2, p-2]); and the
model's own pieces against published values. The same op in the SoC: tests/soc/test_ike_soc.py."""

import ctypes
import hmac

import pytest

from vexrun.models import ike as model
from vexrun.native import api
from vexrun.native import ike as native
from vexrun.native.mp import Drbg, Mp, RsaPriv, RsaPub
from vexrun.proto import ike, tls
from vexrun.vectors import pkdata

SZ = ctypes.c_size_t
CASES = [(1024, 2, "des", "sha1"), (1024, 2, "3des", "sha1"), (1024, 2, "des", "sha256"),
         (2048, 14, "des", "sha1"), (2048, 14, "3des", "sha256")]


@pytest.fixture(scope="module")
def session():
    s = tls.host_session()
    yield s
    s.close()


@pytest.mark.parametrize("bits,group,cipher,hash", CASES)
@pytest.mark.parametrize("n", [0, 1])
def test_both_c_peers_match_the_model_bit_for_bit(session, bits, group, cipher, hash, n):
    req, peers = ike.inputs(bits, group, cipher, hash, seed=f"case {n} {bits} {group} {cipher} {hash}".encode(),
                            nonce_len=(16, 40)[n], msgid=(1, 0xfedcba98)[n])
    ans = session.request(req)
    want = ike.expected(peers)
    assert ans["ok"] and ans["state_i"] == ans["state_r"] == "done", ans
    assert ike.differences(ans, want) == []
    assert ans["keymat_in_i"] == ans["keymat_out_r"] and ans["keymat_out_i"] == ans["keymat_in_r"]
    steps = {s["step"] for s in ans["steps_i"]}
    assert steps == {"dh_keygen", "dh_shared", "skeyid", "hash", "sign", "verify", "encrypt", "decrypt", "qm_hash",
                     "qm_encrypt", "qm_decrypt", "keymat"}


# ---- a C peer against a model peer ----

def rsa_priv(lib, k):
    r = RsaPriv()
    r.n, r.e, r.d, r.p, r.q = (Mp.of(int(v)) for v in (k.n, k.e, k.d, k.p, k.q))
    assert lib.vc_rsa_priv_complete(ctypes.byref(r)) == 0
    return r


class CPeer:
    """A peer of the host library's engine, configured as the model's peer of `args` would be."""

    def __init__(self, lib, args, key, peer_key):
        self.lib, self.keep = lib, []
        self.d = Drbg()
        assert lib.vc_drbg_init(ctypes.byref(self.d), args["seed"], SZ(len(args["seed"]))) == 0
        self.priv, self.pub = rsa_priv(lib, key), RsaPub(Mp.of(peer_key.n), Mp.of(peer_key.e))
        self.ident = ctypes.create_string_buffer(args["id_data"])
        c = native.Config(role=args["role"] == "r", cipher=args["cipher"], hash=args["hash_id"], group=args["group"],
                          nonce_len=args["nonce_len"], id_type=2, id=ctypes.addressof(self.ident),
                          idlen=len(args["id_data"]), spi=args["spi"], msgid=args["msgid"],
                          key=ctypes.addressof(self.priv), peer_key=ctypes.addressof(self.pub),
                          rng=ctypes.addressof(self.d))
        c.cookie[:] = list(args["cookie"])
        self.cfg, self.s = c, native.Ike()
        assert lib.vc_ike_init(ctypes.byref(self.s), ctypes.byref(c)) == 0

    def take(self):
        out, n = ctypes.create_string_buffer(1024), SZ(0)
        assert self.lib.vc_ike_take(ctypes.byref(self.s), out, SZ(1024), ctypes.byref(n)) == 0
        return out.raw[:n.value]

    def feed(self, msg):
        """The feed's code and the answer queued."""
        rc = self.lib.vc_ike_feed(ctypes.byref(self.s), msg, SZ(len(msg)))
        return rc, self.take()

    def quick(self):
        assert self.lib.vc_ike_quick(ctypes.byref(self.s)) == 0
        return self.take()

    def keys(self):
        k = native.Keys()
        assert self.lib.vc_ike_get_keys(ctypes.byref(self.s), ctypes.byref(k)) == 0
        return k.named()

    def state(self):
        return native.STATES[self.lib.vc_ike_state(ctypes.byref(self.s))]


def peers_for(lib, bits=1024, group=2, cipher="des", hash="sha1", c_role="r", model_cls=model.Peer, c_peer_key=None):
    """(the C peer, the model peer) of one exchange's inputs."""
    ki, kr = ike.keys(bits)
    _, args = ike.inputs(bits, group, cipher, hash, seed=f"cross {c_role} {bits} {cipher}".encode())
    mine, other = (kr, ki) if c_role == "r" else (ki, kr)
    c = CPeer(lib, args[c_role], mine, c_peer_key or other)
    m = model_cls(**args["i" if c_role == "r" else "r"])
    return c, m


def run_model_initiator(c, m):
    """The model's initiator against the C responder; returns the C side's first error (0: none)."""
    msg = m.start()
    for _ in range(3):                              # messages 1, 3, 5 and the answers
        rc, msg = c.feed(msg)
        if rc:
            return rc
        msg = m.feed(msg)
    rc, msg = c.feed(m.quick())
    if rc:
        return rc
    rc, _ = c.feed(m.feed(msg))
    return rc


@pytest.mark.parametrize("bits,group,cipher,hash", [CASES[0], CASES[4]])
def test_the_model_initiator_and_the_c_responder_agree(lib, bits, group, cipher, hash):
    c, m = peers_for(lib, bits, group, cipher, hash, c_role="r")
    assert run_model_initiator(c, m) == 0
    assert c.state() == m.state == "done"
    got = c.keys()
    assert {k: got[k] for k in ike.KEYS[:5]} == {k: m.keys[k] for k in ike.KEYS[:5]}
    assert got["keymat_in"] == m.keys["keymat_out"] and got["keymat_out"] == m.keys["keymat_in"]


@pytest.mark.parametrize("bits,group,cipher,hash", [CASES[1], CASES[3]])
def test_the_c_initiator_and_the_model_responder_agree(lib, bits, group, cipher, hash):
    c, m = peers_for(lib, bits, group, cipher, hash, c_role="i")
    msg = c.take()
    for _ in range(3):
        rc, msg = c.feed(m.feed(msg))
        assert rc == 0
    assert c.state() == "phase1" and m.state == "phase1"
    rc, msg = c.feed(m.feed(c.quick()))
    assert rc == 0 and m.feed(msg) == b""
    assert c.state() == m.state == "done"
    got = c.keys()
    assert got["keymat_in"] == m.keys["keymat_out"] and got["skeyid_e"] == m.keys["skeyid_e"]


# ---- failures ----

class FlipSig(model.Peer):
    """Signs, then flips the signature's last bit before encrypting."""

    def message(self, items, *a, **kw):
        items = [(t, b[:-1] + bytes([b[-1] ^ 1])) if t == model.SIG else (t, b) for t, b in items]
        return super().message(items, *a, **kw)


def bad_ke(value, x=None):
    """A model peer sending value(p) as its public value (its exponent x when given, else the
    one it drew, which then does not match)."""
    class BadKe(model.Peer):
        def ke_nonce(self):
            gx, nonce = super().ke_nonce()
            self.x = x or self.x
            return value(self.p).to_bytes(self.plen, "big"), nonce
    return BadKe


def test_a_tampered_signature_fails_verification(lib):
    c, m = peers_for(lib, model_cls=FlipSig)
    assert run_model_initiator(c, m) == api.VC_ERR_VERIFY
    assert c.state() == "failed" and c.keys()["skeyid"] == b""


def test_a_wrong_peer_key_fails_verification(lib):
    c, m = peers_for(lib, c_peer_key=pkdata.rsa_key(1024, "ike-other"))
    assert run_model_initiator(c, m) == api.VC_ERR_VERIFY


@pytest.mark.parametrize("value", [lambda p: 0, lambda p: 1, lambda p: p - 1, lambda p: p],
                         ids=["0", "1", "p-1", "p"])
def test_a_dh_value_outside_2_to_p_minus_2_is_refused(lib, value):
    c, m = peers_for(lib, model_cls=bad_ke(value))
    assert run_model_initiator(c, m) == api.VC_ERR_RANGE


def test_the_dh_bounds_themselves_are_accepted(lib):
    """2 = g^1 is a valid public value: with x = 1 the whole exchange succeeds. p-2 passes the
    range check too (the exchange then fails later, the model's exponent not matching it)."""
    c, m = peers_for(lib, model_cls=bad_ke(lambda p: 2, x=1))
    assert run_model_initiator(c, m) == 0 and c.state() == "done"
    c, m = peers_for(lib, model_cls=bad_ke(lambda p: p - 2))
    assert run_model_initiator(c, m) not in (0, api.VC_ERR_RANGE)


@pytest.mark.parametrize("msg,at,side,rc", [
    (5, -12, "r", api.VC_ERR_VERIFY),       # a block of SIG_I garbled
    (6, 30, "i", api.VC_ERR_PROTO),         # the first block garbled: IDir's payload header
    (7, 36, "r", api.VC_ERR_VERIFY),        # QM1: HASH(1) garbled
    (9, 39, "r", api.VC_ERR_VERIFY),        # QM3: HASH(3) garbled
    (1, 40, "r", api.VC_ERR_PROTO),         # the proposal changed
    (3, 100, "r", api.VC_ERR_PROTO),        # g^xi changed in transit: the keys differ, message 5
    #                                         decrypts to payloads that do not parse
])
def test_a_tampered_message_is_refused_with_the_documented_error(session, msg, at, side, rc):
    req, peers = ike.inputs(seed=b"tamper")
    ans = session.request(dict(req, tamper=msg, tamper_at=at if at >= 0 else 0))
    if at < 0:      # from the end: the op takes an offset from the start
        length = len(bytes.fromhex(session.request(req)[f"m{msg}"])) if msg <= 6 else None
        ans = session.request(dict(req, tamper=msg, tamper_at=length + at))
    assert ans["ok"], ans
    assert ans[f"rc_{side}"] == rc and ans[f"state_{side}"] == "failed", ans
    other = "i" if side == "r" else "r"
    assert ans[f"state_{other}"] != "done" or msg == 9     # the initiator is done once it sent QM3


# ---- the model's pieces against published values ----

def test_the_model_hash_r_gives_ike_scans_published_value():
    """ike-scan's psk-crack example: a Check Point Firewall-1 NG AI R54 aggressive-mode
    exchange (pre-shared key "abc123", MD5): HASH_R = prf(SKEYID, g^xr | g^xi | CKY-R | CKY-I |
    SAi_b | IDir_b) with SKEYID = prf(psk, Ni_b | Nr_b). The model's auth_hash (the same
    composition for signatures) must give f995ec29...."""
    v = {k: bytes.fromhex(x) for k, x in dict(
        gxr="9c1e0e07828af45086a4eb559ad8dafb7d655bab38656609426653565ef7e332bed7212cf24a05048032240256a169a68ee304ca50"
            "0abe073d150bc50239350446ab568132aebcf34acd25ce23b30d0de9f8e7a89c22ce0dec2dabf0409bc25f0988d5d956916dce220c"
            "630d2a1fda846667fdecb20b2dc2d5c5b8273a07095c",
        gxi="6f8c74c15bb4dd09b7af8d1c23e7b381a38dddcd4c5afb3b1335ff766f0267df8fdca0ea907ef4482d8164506817d10ba4aed8f108"
            "d32c1b082b91772df956bcd5f7a765759bada21c11f28429c48fcd7267be7b3aea96421528b9432110fff607a65b7c41091e5d1a10"
            "e143d4701147d7cfc211ba5853cf800d12a11d129724",
        cky_r="6d08132c8abb6931", cky_i="eac82ea45cbe59e6",
        sai_b="00000001000000010000002c01010001000000240101000080010001800200018003000180040002800b0001000c000400007080",
        idir_b="01000000ac100202", ni="64745a975dbcd95c2abf7d2eeeb93ac4633a03f1",
        nr="502c0b3872518fa1e7ff8f5a28a3d797f65e2cb1").items()}
    p = model.Peer.__new__(model.Peer)
    p.h, p.gxi, p.gxr, p.cky_i, p.cky_r, p.sai_b = "md5", v["gxi"], v["gxr"], v["cky_i"], v["cky_r"], v["sai_b"]
    p.keys = {"skeyid": model.prf("md5", b"abc123", v["ni"], v["nr"])}
    assert p.auth_hash(False, v["idir_b"]).hex() == "f995ec2968f695aeb1d4e4b437f49d26"


def test_the_model_phase1_sa_has_the_shape_firewall1_sends():
    """The same capture's SAi_b with DES, MD5 and pre-shared keys: the model's SA body differs
    from it only in the authentication method's value (3, RSA signatures, here)."""
    fw1 = bytes.fromhex("00000001000000010000002c01010001000000240101000080010001800200018003000180040002800b0001000c000400007080")
    ours = model.sa_body(model.DES_ID, 1, 2)
    assert ours.replace(bytes.fromhex("80030003"), bytes.fromhex("80030001")) == fw1


def test_the_model_prf_and_groups_are_the_published_ones():
    """HMAC-SHA-1 against RFC 2202's test case 2, and the groups against RFC 2409 6.2 (group 2,
    whose last words are ...ECE65381 FFFFFFFF FFFFFFFF) and RFC 3526 (group 14, from
    cryptography_vectors' rfc3526.txt)."""
    import cryptography_vectors
    from pathlib import Path
    assert model.prf("sha1", b"Jefe", b"what do ya want ", b"for nothing?").hex() == \
        "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"
    p2 = pkdata.dh_group(model.GROUPS[2])
    assert p2.bit_length() == 1024 and format(p2, "x").endswith("ece65381ffffffffffffffff")
    text = (Path(cryptography_vectors.__file__).parent / "asymmetric/DH/rfc3526.txt").read_text()
    p14 = int(text.split("group14")[1].split("P = ")[1].split()[0], 16)
    assert pkdata.dh_group(model.GROUPS[14]) == p14
    assert hmac.compare_digest(model.rsa_block(16, b"T"), b"\x00\x01" + b"\xff" * 12 + b"\x00T")
