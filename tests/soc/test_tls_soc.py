"""The TLS engine in the simulated SoC against OpenSSL 3.0 (`vexrun tls`, as a user runs it):
both suites as client and as server with mutual authentication and application data both ways
in a MONT=1 build (the public-key work on the Montgomery unit), and GCM once in a CLMUL=1 build
(GHASH on the carry-less multiply unit). The engine's own tests run on the host build:
tests/host/test_tls.py."""

import json
import re
import subprocess

import pytest

from tests.host import tls_peers as peers
from tests.soc.conftest import VEXRUN

GCM, CBC = "ECDHE-ECDSA-AES128-GCM-SHA256", "DHE-RSA-AES256-SHA"
KIND = {GCM: "p256-sha256", CBC: "rsa2048-sha256"}


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    return {kind: peers.Pki(d, kind) for kind in KIND.values()}


def client(p, port, tmp_path, *build):
    (tmp_path / "send").write_bytes(b"GET / HTTP/1.0\r\n\r\n")
    r = subprocess.run([VEXRUN, "tls", "client", *build, "--connect", f"localhost:{port}", "--ca", p.ca, "--cert",
                        p.client, "--key", p.key, "--send", tmp_path / "send", "--out", tmp_path / "out"],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.splitlines()[-1]), (tmp_path / "out").read_bytes()


@pytest.mark.sim(minutes=2)
@pytest.mark.parametrize("cipher,build", [(GCM, ("--mont", "1")), (CBC, ("--mont", "1")), (GCM, ("--clmul", "1"))])
def test_the_soc_client_shakes_hands_with_s_server(pki, tmp_path, cipher, build):
    p = pki[KIND[cipher]]
    proc, port = peers.s_server(p, cipher)
    try:
        summary, got = client(p, port, tmp_path, *build)
    finally:
        proc.kill()
    assert summary["ok"] and got.startswith(b"HTTP/1.0 200 ok"), summary
    assert 0 < summary["handshake_cycles"] <= summary["total_cycles"]


@pytest.mark.sim(minutes=2)
@pytest.mark.parametrize("cipher", [GCM, CBC])
def test_the_soc_server_shakes_hands_with_s_client(pki, cipher):
    p = pki[KIND[cipher]]
    srv = subprocess.Popen([VEXRUN, "tls", "server", "--mont", "1", "--listen", "0", "--require-client-cert",
                            "--ca", p.ca, "--cert", p.leaf, "--key", p.key],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        while "listening on port" not in line:
            line = srv.stderr.readline()
            assert line, "the server ended before listening"
        port = int(re.search(r"port (\d+)", line).group(1))
        data = b"from openssl to the SoC and back\n" * 8
        echoed, _, err = peers.s_client(p, port, cipher, data, timeout=600)
        assert echoed == data, err[-800:]
        summary = json.loads(srv.stdout.readline())
        assert summary["ok"] and summary["suite"], summary
    finally:
        srv.terminate()     # as a user stops it: the session closes its model
        srv.wait(120)
