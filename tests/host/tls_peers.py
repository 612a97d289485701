"""Peers for the TLS tests: OpenSSL's s_server and s_client (Debian's 3.0) on free ports, a relay
that tampers with one record, and a scripted peer that sends what OpenSSL never would (a suite
the client did not offer, DH values out of range, an invalid point)."""

import socket
import struct
import subprocess
import threading
import time
from pathlib import Path

from vexrun.vectors import certs

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def wait_listening(port, proc=None, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the peer exited: {proc.stdout.read().decode(errors='replace')[-800:]}")
        try:
            socket.create_connection(("localhost", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


class Pki:
    """A CA and, signed by it, a server leaf and a client leaf of one key kind, as PEM files; and
    a second CA with the same subject (an unknown CA with a plausible name)."""

    def __init__(self, d: Path, kind: str):
        self.kind = kind
        ch = certs.make_chain(d, kind)
        self.dir = d / kind
        self.ca = self._pem(ch.ca, "ca.pem")
        self.other_ca = self._pem(ch.other_ca, "other-ca.pem")
        self.leaf = self._pem(ch.leaf, "leaf.pem")
        self.key = ch.leaf_key
        self.other_key = self.dir / "other.key"
        self.client = self._pem(certs.make_leaf(self.dir, "client", ch.leaf_key, self.dir / "ca.der", ch.ca_key, ch.hash),
                                "client.pem")

    def _pem(self, der: bytes, name: str) -> Path:
        path = self.dir / name
        path.write_bytes(certs.openssl("x509", "-inform", "DER", data=der))
        return path


def seclevel(cipher, kind):
    """OpenSSL 3.0's default security level refuses RSA and DH under 2048 bits: the 1024-bit cases
    lower it (and say so here)."""
    return f"{cipher}:@SECLEVEL=0" if kind.startswith("rsa1024") else cipher


def s_server(pki: Pki, cipher: str, verify_client=True):
    """openssl s_server answering GET / (-www), requiring a client certificate."""
    port = free_port()
    args = ["openssl", "s_server", "-accept", str(port), "-cert", pki.leaf, "-key", pki.key, "-CAfile", pki.ca,
            "-tls1_2", "-cipher", seclevel(cipher, pki.kind), "-www"]
    if verify_client:
        args += ["-Verify", "1", "-verify_return_error"]
    proc = subprocess.Popen(list(map(str, args)), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    wait_listening(port, proc)
    return proc, port


def s_client(pki: Pki, port: int, cipher: str, data: bytes, cert=None, key=None, timeout=120):
    """openssl s_client with a client certificate: sends data, returns (what came back, exit status,
    output) once as many bytes came back or the connection ended."""
    args = ["openssl", "s_client", "-connect", f"localhost:{port}", "-cert", cert or pki.client, "-key", key or pki.key,
            "-CAfile", pki.ca, "-verify_return_error", "-tls1_2", "-cipher", seclevel(cipher, pki.kind), "-quiet"]
    proc = subprocess.Popen(list(map(str, args)), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdin.write(data)
    proc.stdin.flush()
    got = b""
    deadline = time.time() + timeout
    while len(got) < len(data) and time.time() < deadline:
        chunk = proc.stdout.read1(65536)
        if not chunk:
            break
        got += chunk
    proc.stdin.close()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    return got, proc.returncode, proc.stderr.read().decode(errors="replace")


class TamperRelay:
    """A TCP relay to localhost:port that flips one bit of the first application-data record the
    server sends (records are parsed from the stream, so the bit is inside that record)."""

    def __init__(self, port):
        self.port = port
        self.lsock = socket.create_server(("localhost", 0))
        self.listen = self.lsock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        client, _ = self.lsock.accept()
        server = socket.create_connection(("localhost", self.port))
        threading.Thread(target=self._pipe, args=(client, server, False), daemon=True).start()
        self._pipe(server, client, True)

    def _pipe(self, src, dst, tamper):
        buf, done = b"", False
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                buf += data
                while len(buf) >= 5 and len(buf) >= 5 + struct.unpack(">H", buf[3:5])[0]:
                    n = 5 + struct.unpack(">H", buf[3:5])[0]
                    rec, buf = bytearray(buf[:n]), buf[n:]
                    if tamper and not done and rec[0] == 23:
                        rec[-1] ^= 1
                        done = True
                    dst.sendall(rec)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


# ---- a scripted peer (its messages: vexrun/proto/messages.py) ----

def read_records(sock, until_type=None, timeout=60.0):
    """Records from sock until one of handshake type `until_type` (the first byte of a handshake
    record's body) or an alert arrives, or the peer closes: [(content type, body)]."""
    sock.settimeout(timeout)
    buf, out = b"", []
    while True:
        while len(buf) >= 5 and len(buf) >= 5 + struct.unpack(">H", buf[3:5])[0]:
            n = 5 + struct.unpack(">H", buf[3:5])[0]
            out.append((buf[0], buf[5:n]))
            buf = buf[n:]
            if out[-1][0] == 21 or (until_type is not None and out[-1][0] == 22 and until_type in _types(out[-1][1])):
                return out
        try:
            data = sock.recv(65536)
        except OSError:
            return out
        if not data:
            return out
        buf += data


def _types(body: bytes):
    """The handshake message types in one record's body."""
    types, i = [], 0
    while i + 4 <= len(body):
        types.append(body[i])
        i += 4 + int.from_bytes(body[i + 1:i + 4], "big")
    return types


class ScriptedServer:
    """Accepts one connection, reads the ClientHello, sends `reply` (bytes), then collects what
    comes back (an alert, say) until the client closes (or closes first itself: `hang_up`)."""

    def __init__(self, reply: bytes, hang_up=False):
        self.reply = reply
        self.hang_up = hang_up
        self.lsock = socket.create_server(("localhost", 0))
        self.port = self.lsock.getsockname()[1]
        self.got = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        conn, _ = self.lsock.accept()
        with conn:
            read_records(conn, until_type=1)
            conn.sendall(self.reply)
            if not self.hang_up:
                self.got = read_records(conn)
