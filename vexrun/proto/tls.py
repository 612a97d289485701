"""`vexrun tls`: the firmware's TLS 1.2 engine (fw/include/vexcrypt/tls.h) talking to a real peer.

The engine does no I/O: this bridge relays its records between a TCP socket and the target (the
simulated SoC, a board, or the host build of the same C with --host) through the oracle's `tls`
op, and sums the cycles the target reports for each step. Keys and certificates are read as
OpenSSL writes them (PEM or DER; pycryptodome parses the keys)."""

import json
import os
import socket
import subprocess
import sys

from Crypto.IO import PEM
from Crypto.PublicKey import ECC, RSA

from vexrun.env import ToolError, UsageError

# OpenSSL's names of the engine's suites -> the oracle's suite bits.
SUITES = {"ECDHE-ECDSA-AES128-GCM-SHA256": 1, "DHE-RSA-AES256-SHA": 2}
ALERTS = {0: "close_notify", 10: "unexpected_message", 20: "bad_record_mac", 22: "record_overflow",
          40: "handshake_failure", 42: "bad_certificate", 43: "unsupported_certificate", 45: "certificate_expired",
          46: "certificate_unknown", 47: "illegal_parameter", 48: "unknown_ca", 50: "decode_error",
          51: "decrypt_error", 70: "protocol_version", 71: "insufficient_security", 80: "internal_error",
          90: "user_canceled", 100: "no_renegotiation", 110: "unsupported_extension"}
FEED_CHUNK = 8192          # bytes per feed request (its hex stays well inside a request line)
WRITE_CHUNK = 4096         # application data per write request: one record


class TlsError(ToolError):
    """The handshake or the connection failed: the alert or the reason in one line."""


def read_der(path, what) -> bytes:
    """A certificate as DER from a PEM or DER file."""
    try:
        data = open(path, "rb").read()
    except OSError as e:
        raise UsageError(f"{what} {path}: {e.strerror}")
    if data.lstrip().startswith(b"-----BEGIN"):
        try:
            der, marker, _ = PEM.decode(data.decode("ascii", "replace"))
        except ValueError as e:
            raise UsageError(f"{what} {path}: not a PEM file ({e})")
        if marker != "CERTIFICATE":
            raise UsageError(f"{what} {path}: a PEM {marker}, not a CERTIFICATE")
        return der
    return data


def key_fields(path) -> dict:
    """The start request's key fields from a private key file (RSA or P-256, PEM or DER)."""
    try:
        data = open(path, "rb").read()
    except OSError as e:
        raise UsageError(f"key {path}: {e.strerror}")
    try:
        k = RSA.import_key(data)
        if not k.has_private():
            raise UsageError(f"key {path}: a public key, not a private one")
        return {f"rsa_{n}": format(getattr(k, n), "x") for n in "nedpq"}
    except (ValueError, IndexError, TypeError):
        pass
    try:
        k = ECC.import_key(data)
    except (ValueError, IndexError, TypeError) as e:
        raise UsageError(f"key {path}: neither an RSA nor an EC private key OpenSSL writes ({e})")
    if k.curve not in ("NIST P-256", "p256", "P-256", "prime256v1", "secp256r1") or not k.has_private():
        raise UsageError(f"key {path}: an EC key must be a P-256 private key (got {k.curve})")
    return {"ec_key": int(k.d).to_bytes(32, "big").hex()}


class Engine:
    """One connection of the engine on a target session (anything with request(dict) -> dict)."""

    def __init__(self, session, impl=None):
        self.session = session
        self.impl = impl
        self.answer = {}
        self.cycles = 0            # the engine's whole time: every start, feed and write
        self.handshake_cycles = 0  # the part of it until the connection opened

    def _ask(self, **req):
        if self.impl:
            req["impl"] = self.impl
        ans = self.session.request({"op": "tls", **req})
        if not ans.get("ok"):
            raise TlsError(f"tls {req['cmd']}: {ans.get('error', ans)}")
        shaking = self.state in (None, "handshake")
        self.answer = ans
        self.cycles += ans.get("cycles", 0)
        self.handshake_cycles += ans.get("cycles", 0) if shaking else 0
        return bytes.fromhex(ans["out"]), bytes.fromhex(ans.get("app", ""))

    def start(self, role, ca, cert=None, key=None, suites=0, require_client_cert=False, now=None, dh_xbits=None,
              seed=None):
        req = {"cmd": "start", "role": role, "suites": suites, "ca": ca.hex(), "seed": (seed or os.urandom(32)).hex()}
        if cert:
            req["cert"] = cert.hex()
            req.update(key or {})
        if require_client_cert:
            req["require_client_cert"] = True
        if now:
            req["now"] = now
        if dh_xbits == "full":
            req["dh_full"] = 1
        elif dh_xbits:
            req["dh_xbits"] = dh_xbits
        return self._ask(**req)[0]

    def feed(self, data):
        out, app = b"", b""
        for i in range(0, len(data), FEED_CHUNK):
            o, a = self._ask(cmd="feed", data=data[i:i + FEED_CHUNK].hex())
            out, app = out + o, app + a
            if self.state in ("failed", "closed"):
                break
        return out, app

    def write(self, data):
        out = b""
        for i in range(0, len(data), WRITE_CHUNK):
            out += self._ask(cmd="write", data=data[i:i + WRITE_CHUNK].hex())[0]
        return out

    def close(self):
        return self._ask(cmd="close")[0]

    @property
    def state(self):
        return self.answer.get("state")

    def summary(self):
        """The JSON summary: ok, the suite, the alert, the steps' cycles, and total_cycles: the
        engine's whole time (the steps, parsing, hashing and records), not only its steps';
        handshake_cycles: its part until the connection opened."""
        a = self.answer
        steps = [{"step": s["step"], "cycles": s["cycles"]} for s in a.get("steps", [])]
        out = {"ok": a.get("state") in ("open", "closed") and a.get("alert", 0) == 0, "suite": a.get("suite"),
               "steps": steps, "handshake_cycles": self.handshake_cycles,
               "total_cycles": self.cycles}
        if a.get("alert"):
            out["alert"] = ALERTS.get(a["alert"], str(a["alert"]))
            out["alert_from"] = "peer" if a.get("alert_from_peer") else "this side"
        elif a.get("state") == "handshake":
            out["error"] = "the peer closed the connection during the handshake"
        return out


def relay(engine, sock, first=b"", send=b""):
    """Runs one connection: sends `first` (the ClientHello), relays until the handshake ends,
    sends `send` as application data, then relays until the peer closes. Returns the application
    data received. A server engine (send=None) echoes each piece of application data instead."""
    received = bytearray()
    sock.sendall(first)
    sent = send is None
    while True:
        if engine.state == "open" and not sent:
            sock.sendall(engine.write(send))
            sent = True
        try:
            data = sock.recv(65536)
        except ConnectionResetError:
            data = b""
        except TimeoutError:
            raise TlsError(f"the peer sent nothing for {sock.gettimeout():.0f} s (state: {engine.state})")
        if not data:
            break
        out, app = engine.feed(data)
        received += app
        if app and send is None and engine.state == "open":
            out += engine.write(app)
        if out:
            try:
                sock.sendall(out)
            except (BrokenPipeError, ConnectionResetError):
                break
        if engine.state in ("closed", "failed"):
            break
    return bytes(received)


def host_session():
    """The host build's request server (fw/ make host-oracle) as a target session: the engine's
    C at host speed; its cycle figures are the host's counter reads, not the SoC's."""
    from vexrun.soc.build import ensure_host
    from vexrun.soc.target import PipeTransport, TargetSession

    proc = subprocess.Popen([str(ensure_host("host-oracle"))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    t = PipeTransport(proc)
    t.what = "the host build"
    sess = TargetSession(t, read_timeout=120)
    sess.read_hello()
    return sess


def client(session, args):
    suites = SUITES[args.cipher] if args.cipher else 0
    ca = read_der(args.ca, "--ca")
    cert = read_der(args.cert, "--cert") if args.cert else None
    key = key_fields(args.key) if args.key else None
    if bool(cert) != bool(key):
        raise UsageError("--cert and --key go together")
    send = open(args.send, "rb").read() if args.send else b""
    host, _, port = args.connect.rpartition(":")
    eng = Engine(session, impl=args.impl)
    hello = eng.start(0, ca, cert, key, suites=suites, now=args.now, dh_xbits=args.dh_xbits)
    try:
        sock = socket.create_connection((host or "localhost", int(port)), timeout=args.timeout)
    except (OSError, ValueError) as e:
        raise TlsError(f"--connect {args.connect}: {e}")
    with sock:
        got = relay(eng, sock, hello, send)
    if args.out:
        open(args.out, "wb").write(got)
    return eng.summary()


def server(session, args, on_listen=None, connections=None, report=None):
    """Serves connections one after another (until killed, or `connections` of them), printing
    each one's summary (or passing it to `report`)."""
    ca = read_der(args.ca, "--ca")
    cert = read_der(args.cert, "--cert")
    key = key_fields(args.key)
    lsock = socket.create_server(("", args.listen))
    print(f"vexrun tls server: listening on port {lsock.getsockname()[1]}", file=sys.stderr, flush=True)
    if on_listen:
        on_listen(lsock.getsockname()[1])
    served = 0
    with lsock:
        while connections is None or served < connections:
            conn, peer = lsock.accept()
            eng = Engine(session, impl=args.impl)
            eng.start(1, ca, cert, key, require_client_cert=args.require_client_cert, now=args.now,
                      dh_xbits=args.dh_xbits)
            with conn:
                conn.settimeout(args.timeout)
                relay(eng, conn, b"", None)
            (report or (lambda s: print(json.dumps(s, separators=(",", ":")), flush=True)))(eng.summary())
            served += 1
    return 0


NAME = "tls"
SUMMARY = "TLS 1.2 with a real peer: the firmware's engine in the SoC, records relayed over TCP"
HELP = ("The engine (fw/include/vexcrypt/tls.h) runs in the simulated SoC (or a board: --port, or the host build: "
        "--host); this relays its records. Prints one JSON object per connection: ok, suite, alert, steps (cycles "
        "per step) and total_cycles. Keys and certificates as OpenSSL writes them (PEM/DER).")


def arguments(parser, parser_class, session_args):
    """The roles and their options (cli.py: the command's parser, its class of parsers, and
    session_args, the target's options)."""
    from vexrun.argtypes import count, timestamp
    sub = parser.add_subparsers(dest="role", required=True, parser_class=parser_class, metavar="ROLE")
    for role, what in (("client", "connect, shake hands, send --send, write what arrives to --out"),
                       ("server", "serve connections one after another, echo application data, until killed")):
        t = sub.add_parser(role, help=what, description=what)
        if role == "client":
            t.add_argument("--connect", required=True, metavar="HOST:PORT", help="the server")
            t.add_argument("--cipher", choices=list(SUITES), help="offer this suite only (default: both)")
            t.add_argument("--send", metavar="FILE", help="application data to send once the handshake is done")
            t.add_argument("--out", metavar="FILE", help="where the application data received goes")
        else:
            t.add_argument("--listen", type=int, required=True, metavar="PORT", help="TCP port (0: any free one)")
            t.add_argument("--require-client-cert", action="store_true", help="ask for and require a client certificate")
        t.add_argument("--ca", required=True, help="trust anchor: the peer's certificate must be signed by it")
        t.add_argument("--cert", required=role == "server", help="own certificate (RSA or P-256)")
        t.add_argument("--key", required=role == "server", help="its private key")
        t.add_argument("--now", metavar="YYYYMMDDHHMMSS", type=timestamp, help="time to check certificate dates against (default: none; "
                       "the target has no clock)")
        t.add_argument("--dh-xbits", type=lambda v: v if v == "full" else count(v),
                       help="DH exponent bits, or full (default: 160 up to 1024-bit groups, 225 above)")
        session_args(t)
