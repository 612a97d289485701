"""The TLS 1.2 engine (fw/src/tls/) in the host build, against OpenSSL 3.0 and a scripted peer:
handshakes both ways in both suites with mutual authentication and application data, the PRF
against its published vector and a Python model, and the failures the issue lists (unknown CA,
wrong client key, tampered record, truncated handshake, DH values and groups out of range, an
invalid ECDHE point, a suite the client did not offer). The same engine in the SoC:
tests/soc/test_tls_soc.py."""

import ctypes
import random
import threading
import types

import pytest

from vexrun import cli
from vexrun.proto import tls
from tests.host import tls_peers as peers
from vexrun.proto import messages as msg
from vexrun.models.tls import p_sha256

GCM, CBC = "ECDHE-ECDSA-AES128-GCM-SHA256", "DHE-RSA-AES256-SHA"
GET = b"GET / HTTP/1.0\r\n\r\n"
CASES = [("p256-sha256", GCM), ("rsa2048-sha256", CBC), ("rsa1024-sha1", CBC)]


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    return {kind: peers.Pki(d, kind) for kind in ("p256-sha256", "rsa2048-sha256", "rsa1024-sha1")}


@pytest.fixture()
def session():
    s = tls.host_session()
    yield s
    s.close()


def against_s_server(session, p, server_cipher, tmp_path, tamper=False, **kw):
    """Our client's summary against openssl s_server (through a relay that tampers with a record)."""
    proc, port = peers.s_server(p, server_cipher)
    try:
        return tls.client(session, client_args(p, peers.TamperRelay(port).listen if tamper else port, tmp_path, **kw))
    finally:
        proc.kill()


def client_args(p, port, tmp_path, cipher=None, **kw):
    (tmp_path / "send").write_bytes(GET)
    a = dict(connect=f"localhost:{port}", cipher=cipher, ca=p.ca, cert=p.client, key=p.key, send=tmp_path / "send",
             out=tmp_path / "out", impl=None, now=None, dh_xbits=None, timeout=60)
    a.update(kw)
    return types.SimpleNamespace(**a)


# ---- the PRF ----

def prf(lib, secret, label, seed, n):
    out = ctypes.create_string_buffer(max(n, 1))
    assert lib.vc_tls_prf(secret, ctypes.c_size_t(len(secret)), label, seed, ctypes.c_size_t(len(seed)), out,
                          ctypes.c_size_t(n)) == 0
    return out.raw[:n]


def test_prf_gives_the_published_vector(lib):
    """The TLS 1.2 PRF (SHA-256) vector circulated on the IETF TLS list and used by many libraries'
    tests: 100 bytes of PRF(secret, "test label", seed)."""
    want = bytes.fromhex("e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9"
                         "c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa4"
                         "8082d122ee42c5a72e5a5110fff70187347b66")
    got = prf(lib, bytes.fromhex("9bbe436ba940f017b17652849a71db35"), b"test label",
              bytes.fromhex("a0ba9f936cda311827a6f796ffd5198c"), 100)
    assert got == want == p_sha256(bytes.fromhex("9bbe436ba940f017b17652849a71db35"), b"test label",
                                   bytes.fromhex("a0ba9f936cda311827a6f796ffd5198c"), 100)


def test_prf_matches_the_model_on_random_inputs(lib):
    rng = random.Random(5246)
    for _ in range(60):
        secret, seed = rng.randbytes(rng.choice([0, 1, 48, 64, 65, 200])), rng.randbytes(rng.randrange(0, 80))
        label, n = rng.choice([b"master secret", b"key expansion", b"client finished", b"x"]), rng.randrange(0, 150)
        assert prf(lib, secret, label, seed, n) == p_sha256(secret, label, seed, n)


# ---- handshakes with OpenSSL ----

@pytest.mark.parametrize("kind,cipher", CASES)
def test_client_shakes_hands_with_s_server(pki, session, tmp_path, kind, cipher):
    p = pki[kind]
    s = against_s_server(session, p, cipher, tmp_path, cipher=cipher)
    assert s["ok"], s
    assert s["suite"] == {GCM: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", CBC: "TLS_DHE_RSA_WITH_AES_256_CBC_SHA"}[cipher]
    assert (tmp_path / "out").read_bytes().startswith(b"HTTP/1.0 200 ok")
    assert {x["step"] for x in s["steps"]} >= {"verify_cert", "verify", "keygen", "shared", "derive", "sign",
                                                 "finished", "record"}


def test_a_client_offering_both_suites_gets_the_servers(pki, session, tmp_path):
    p = pki["rsa2048-sha256"]
    s = against_s_server(session, p, CBC, tmp_path)
    assert s["ok"] and s["suite"] == "TLS_DHE_RSA_WITH_AES_256_CBC_SHA", s


def serve_once(session, p, tmp_path, require=True):
    """Our server in a thread for one connection; returns (port, thread, summaries)."""
    got, ready = [], threading.Event()
    port = []
    args = types.SimpleNamespace(listen=0, ca=p.ca, cert=p.leaf, key=p.key, require_client_cert=require, now=None,
                                 dh_xbits=None, impl=None, timeout=60)
    t = threading.Thread(target=tls.server, args=(session, args), daemon=True,
                         kwargs=dict(on_listen=lambda n: (port.append(n), ready.set()), connections=1, report=got.append))
    t.start()
    assert ready.wait(30)
    return port[0], t, got


@pytest.mark.parametrize("kind,cipher", CASES)
def test_server_shakes_hands_with_s_client(pki, session, tmp_path, kind, cipher):
    p = pki[kind]
    port, t, got = serve_once(session, p, tmp_path)
    data = b"application data, both ways\n" * 40
    echoed, rc, err = peers.s_client(p, port, cipher, data)
    t.join(60)
    assert echoed == data, err[-600:]
    assert got and got[0]["ok"], got


# ---- failures ----

def test_an_unknown_ca_is_refused(pki, session, tmp_path):
    p = pki["p256-sha256"]
    s = against_s_server(session, p, GCM, tmp_path, ca=p.other_ca)
    assert not s["ok"] and s["alert"] == "unknown_ca" and s["alert_from"] == "this side", s


def test_our_server_refuses_a_client_of_an_unknown_ca(pki, session, tmp_path):
    p = pki["p256-sha256"]
    other = p.dir / "other-leaf.pem"
    other.write_bytes(peers.certs.openssl("x509", "-inform", "DER", "-in", p.dir / "other-leaf.der"))
    port, t, got = serve_once(session, p, tmp_path)
    echoed, rc, _ = peers.s_client(p, port, GCM, b"x\n", cert=other)
    t.join(60)
    assert echoed == b"" and got[0]["alert"] == "unknown_ca", got


@pytest.mark.parametrize("kind,cipher", [("p256-sha256", GCM), ("rsa2048-sha256", CBC)])
def test_a_wrong_client_key_is_refused_by_openssl(pki, session, tmp_path, kind, cipher):
    p = pki[kind]
    s = against_s_server(session, p, cipher, tmp_path, key=p.other_key)
    assert not s["ok"] and s["alert_from"] == "peer" and s["alert"] == "decrypt_error", s


@pytest.mark.parametrize("kind,cipher", [("p256-sha256", GCM), ("rsa2048-sha256", CBC)])
def test_a_tampered_record_is_refused(pki, session, tmp_path, kind, cipher):
    p = pki[kind]
    s = against_s_server(session, p, cipher, tmp_path, tamper=True)
    assert not s["ok"] and s["alert"] == "bad_record_mac" and s["alert_from"] == "this side", s
    assert (tmp_path / "out").read_bytes() == b""


def scripted(session, p, tmp_path, reply, cipher, hang_up=False):
    srv = peers.ScriptedServer(reply, hang_up)
    s = tls.client(session, client_args(p, srv.port, tmp_path, cipher=cipher))
    srv.thread.join(30)
    return s, srv.got


def test_a_truncated_handshake_fails_without_output(pki, session, tmp_path):
    s, _ = scripted(session, pki["p256-sha256"], tmp_path, msg.record(22, msg.server_hello(0xC02B)[:30]), GCM,
                    hang_up=True)
    assert not s["ok"] and "closed the connection during the handshake" in s["error"], s


def test_a_suite_the_client_did_not_offer_is_refused(pki, session, tmp_path):
    s, got = scripted(session, pki["p256-sha256"], tmp_path, msg.record(22, msg.server_hello(0x0039)), GCM)
    assert s["alert"] == "illegal_parameter" and got == [(21, bytes([2, 47]))], (s, got)


def dhe_flight(p, dh_p: int, g: int, ys: int) -> bytes:
    der = peers.certs.openssl("x509", "-in", p.leaf, "-outform", "DER")
    return msg.record(22, msg.server_hello(0x0039) + msg.certificate(der)
                      + msg.dhe_server_key_exchange(dh_p, g, ys, bytes(256)))


FFDHE2048 = int("FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939DCE249B3EF97D2FE363"
                "630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935984F0C70E0E68B77E2"
                "A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797ABC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE39"
                "4DF4AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F619172FE9CE98583FF8E4F1232EEF28183C3FE3B"
                "1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA886B423861285C97FFFFFFFFFFFFFFFF", 16)


@pytest.mark.parametrize("ys", [0, 1, FFDHE2048 - 1, FFDHE2048])
def test_a_dh_value_outside_2_to_p_minus_2_is_refused(pki, session, tmp_path, ys):
    s, got = scripted(session, pki["rsa2048-sha256"], tmp_path, dhe_flight(pki["rsa2048-sha256"], FFDHE2048, 2, ys), CBC)
    assert s["alert"] == "illegal_parameter" and got == [(21, bytes([2, 47]))], (s, got)


@pytest.mark.parametrize("bits", [3072, 512], ids=["over-2048", "under-1024"])
def test_a_dh_group_out_of_size_is_refused(pki, session, tmp_path, bits):
    p = (1 << (bits - 1)) | 1
    s, got = scripted(session, pki["rsa2048-sha256"], tmp_path, dhe_flight(pki["rsa2048-sha256"], p, 2, 5), CBC)
    assert s["alert"] == "insufficient_security" and got == [(21, bytes([2, 71]))], (s, got)


@pytest.mark.parametrize("kind,suite,cke", [
    ("p256-sha256", 0xC02B, msg.client_key_exchange_point(b"\x04" + bytes(31) + b"\x01" + bytes(31) + b"\x01")),
    ("rsa2048-sha256", 0x0039, msg.handshake(16, msg.vec(2, b"\x01"))),
    ("rsa2048-sha256", 0x0039, msg.handshake(16, msg.vec(2, FFDHE2048.to_bytes(256, "big")))),
], ids=["ecdhe-point-off-the-curve", "dh-yc-1", "dh-yc-p"])
def test_a_bad_client_key_exchange_is_refused_by_our_server(pki, session, tmp_path, kind, suite, cke):
    """A scripted client sends a ClientKeyExchange whose point is not on P-256, or whose DH value
    is outside [2, p-2]."""
    p = pki[kind]
    port, t, got = serve_once(session, p, tmp_path, require=False)
    sock = peers.socket.create_connection(("localhost", port))
    with sock:
        sock.sendall(msg.record(22, msg.client_hello(suite)))
        peers.read_records(sock, until_type=14)
        sock.sendall(msg.record(22, cke))
        answer = peers.read_records(sock)
    t.join(60)
    assert answer[-1] == (21, bytes([2, 47])) and got[0]["alert"] == "illegal_parameter", (answer, got)


def test_bad_arguments_get_one_line_and_a_nonzero_exit(capsys, tmp_path):
    rc = cli.main(["tls", "client", "--host", "--connect", "localhost:1", "--ca", str(tmp_path / "missing.pem")])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and len(err) == 1 and "missing.pem" in err[0], err
