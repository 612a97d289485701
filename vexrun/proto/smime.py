"""`vexrun smime`: S/MIME with the firmware's CMS (fw/include/vexcrypt/cms.h), in the form
`openssl smime` writes and reads by default.

The split: this bridge does the MIME and base64 (the multipart/signed entity and its
application/pkcs7-signature part, the application/pkcs7-mime entity, the canonical CRLF line
endings OpenSSL signs and encrypts in text mode); the target (the simulated SoC, a board, or the
host build with --host) builds and parses the CMS DER and does all the cryptography, through the
oracle's `cms` op, and reports the cycles of each step. Keys and certificates as OpenSSL writes
them (vexrun/proto/tls.py reads them)."""

import base64
import os
import re

from vexrun.argtypes import timestamp
from vexrun.env import ToolError, UsageError

CIPHERS = ("des3", "aes128")
SIGNED_TYPE = "application/pkcs7-signature"
ENVELOPED_TYPE = "application/pkcs7-mime"


class SmimeError(ToolError):
    """The target refused the message (a signature, a key, a field): its reason in one line."""


def canonical(data: bytes) -> bytes:
    """The canonical form OpenSSL signs and encrypts without -binary (its SMIME_crlf_copy): every
    line ending (LF, CRLF, CR before them) as CRLF; a last line without one stays without."""
    return re.sub(rb"\r*\n", b"\r\n", data)


def _b64(der: bytes) -> bytes:
    b = base64.b64encode(der)
    return b"".join(b[i:i + 64] + b"\r\n" for i in range(0, len(b), 64))


def signed_mime(content: bytes, p7s: bytes, boundary: str) -> bytes:
    """multipart/signed (RFC 8551 3.5.3) as OpenSSL lays it out, with CRLF line endings."""
    b = boundary.encode()
    return (b'MIME-Version: 1.0\r\nContent-Type: multipart/signed; protocol="' + SIGNED_TYPE.encode() +
            b'"; micalg="sha-256"; boundary="' + b + b'"\r\n\r\nThis is an S/MIME signed message\r\n\r\n--' + b +
            b"\r\n" + content + b"\r\n--" + b + b'\r\nContent-Type: ' + SIGNED_TYPE.encode() +
            b'; name="smime.p7s"\r\nContent-Transfer-Encoding: base64\r\n'
            b'Content-Disposition: attachment; filename="smime.p7s"\r\n\r\n' + _b64(p7s) + b"\r\n--" + b + b"--\r\n\r\n")


def enveloped_mime(p7m: bytes) -> bytes:
    return (b'MIME-Version: 1.0\r\nContent-Disposition: attachment; filename="smime.p7m"\r\n'
            b"Content-Type: " + ENVELOPED_TYPE.encode() + b'; smime-type=enveloped-data; name="smime.p7m"\r\n'
            b"Content-Transfer-Encoding: base64\r\n\r\n" + _b64(p7m) + b"\r\n")


def _split(entity: bytes):
    """(headers as {lower-case name: value}, body) of a MIME entity; folded headers unfolded."""
    m = re.search(rb"\r?\n\r?\n", entity)
    if not m:
        raise SmimeError("not a MIME entity: no blank line after the headers")
    head = re.sub(rb"\r?\n[ \t]+", b" ", entity[:m.start()]).decode("ascii", "replace")
    headers = {}
    for line in re.split(r"\r?\n", head):
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    return headers, entity[m.end():]


def _param(value: str, name: str):
    m = re.search(rf'(?i);\s*{name}\s*=\s*(?:"([^"]*)"|([^;\s]+))', value)
    return (m.group(1) if m.group(1) is not None else m.group(2)) if m else None


def _base64_body(headers, body, what) -> bytes:
    if headers.get("content-transfer-encoding", "").lower() != "base64":
        raise SmimeError(f"{what}: Content-Transfer-Encoding is not base64")
    try:
        return base64.b64decode(re.sub(rb"\s", b"", body), validate=True)
    except ValueError as e:
        raise SmimeError(f"{what}: bad base64 ({e})")


def parse_signed(entity: bytes):
    """(the signed content in canonical form, the SignedData DER) of a multipart/signed entity:
    the first part's bytes (the CRLF before a delimiter belongs to the delimiter, RFC 2046 5.1.1)
    and the second part's base64."""
    headers, body = _split(entity)
    ctype = headers.get("content-type", "")
    boundary = _param(ctype, "boundary")
    if not ctype.lower().startswith("multipart/signed") or not boundary:
        raise SmimeError("not a multipart/signed entity with a boundary (Content-Type: %s)" % (ctype or "none"))
    delim = re.escape(b"--" + boundary.encode())
    parts = re.split(rb"(?:^|\r?\n)" + delim + rb"(--)?[ \t]*(?:\r?\n|$)", body)
    # parts: preamble, then per delimiter its "--" group and the part that follows it.
    got = [parts[i + 1] for i in range(1, len(parts) - 1, 2) if parts[i] is None]
    if len(got) < 2:
        raise SmimeError("multipart/signed: fewer than two parts")
    sh, sbody = _split(got[1])
    if not re.match(r"(?i)application/(x-)?pkcs7-signature", sh.get("content-type", "")):
        raise SmimeError("multipart/signed: the second part is not application/pkcs7-signature")
    return canonical(got[0]), _base64_body(sh, sbody, "the signature part")


def parse_enveloped(entity: bytes) -> bytes:
    headers, body = _split(entity)
    if not re.match(r"(?i)application/(x-)?pkcs7-mime", headers.get("content-type", "")):
        raise SmimeError("not an application/pkcs7-mime entity (Content-Type: %s)" % headers.get("content-type", "none"))
    return _base64_body(headers, body, "application/pkcs7-mime")


def _rsa_key(path):
    from vexrun.proto.tls import key_fields
    k = key_fields(path)
    if "rsa_n" not in k:
        raise UsageError(f"--key {path}: S/MIME here takes an RSA key")
    return k


def _read(path, what):
    try:
        return open(path, "rb").read()
    except OSError as e:
        raise UsageError(f"{what} {path}: {e.strerror}")


def request(args) -> dict:
    """The cms request of the command's arguments (and the MIME it reads)."""
    from vexrun.proto.tls import read_der     # pycryptodome: loaded when a command runs
    data = _read(args.input, "--in")
    req = {"op": "cms", "fn": args.action}
    if args.action == "sign":
        req.update(cert=read_der(args.cert, "--cert").hex(), **_rsa_key(args.key), msg=canonical(data).hex())
    elif args.action == "verify":
        content, der = parse_signed(data)
        req.update(ca=read_der(args.ca, "--ca").hex(), cms=der.hex(), msg=content.hex())
    elif args.action == "encrypt":
        req.update(cert=read_der(args.to, "--to").hex(), cipher=args.cipher, msg=canonical(data).hex(),
                   seed=os.urandom(32).hex())
    else:
        req.update(cert=read_der(args.cert, "--cert").hex(), **_rsa_key(args.key), cms=parse_enveloped(data).hex(),
                   seed=os.urandom(32).hex())
    if args.now:
        req["time" if args.action == "sign" else "now"] = args.now
    if args.impl:
        req["impl"] = args.impl
    return req


def run(session, args) -> dict:
    """Runs one command on a target session; writes --out; returns the JSON summary (ok, steps,
    total_cycles), or raises SmimeError with the target's reason after printing ok false."""
    req = request(args)
    ans = session.request(req)
    if not ans.get("ok"):
        raise SmimeError(ans.get("error", str(ans)))
    out = bytes.fromhex(ans.get("out", ""))
    if args.action == "sign":
        result = signed_mime(bytes.fromhex(req["msg"]), out, "----" + os.urandom(16).hex().upper())
    elif args.action == "encrypt":
        result = enveloped_mime(out)
    else:
        result = bytes.fromhex(req["msg"]) if args.action == "verify" else out
    with open(args.out, "wb") as f:
        f.write(result)
    return {"ok": True, "steps": ans.get("steps", []), "total_cycles": ans["cycles"]}


NAME = "smime"
SUMMARY = "S/MIME with openssl smime: the firmware's CMS signs, verifies, envelopes and opens"
HELP = ("S/MIME with OpenSSL: the firmware's CMS (fw/include/vexcrypt/cms.h) signs, verifies, envelopes and "
        "opens what `openssl smime` reads and writes by default; this command does the MIME and base64. Prints one "
        "JSON object: ok, steps (cycles per step) and total_cycles. Keys and certificates as OpenSSL writes them.")
ACTIONS = {"sign": "a detached signature (multipart/signed) of --in with --cert and --key",
           "verify": "a multipart/signed entity under --ca; writes the signed content",
           "encrypt": "an application/pkcs7-mime envelope of --in for --to",
           "decrypt": "the content of an application/pkcs7-mime envelope for --cert and --key"}


def arguments(parser, parser_class, session_args):
    """The subcommands and their options (cli.py: the command's parser, its class of parsers, and
    session_args, the target's options)."""
    sub = parser.add_subparsers(dest="action", required=True, parser_class=parser_class, metavar="ACTION")
    for action, what in ACTIONS.items():
        p = sub.add_parser(action, help=what, description=what)
        if action in ("sign", "decrypt"):
            p.add_argument("--cert", required=True, help="own certificate (RSA)")
            p.add_argument("--key", required=True, help="its private key")
        if action == "verify":
            p.add_argument("--ca", required=True, help="trust anchor: the signer's certificate must be signed by it")
        if action == "encrypt":
            p.add_argument("--to", required=True, help="the recipient's certificate (RSA)")
            p.add_argument("--cipher", choices=CIPHERS, default="des3", help="content cipher (default: des3)")
        p.add_argument("--in", dest="input", required=True, metavar="FILE", help="the message (a MIME entity)")
        p.add_argument("--out", required=True, metavar="FILE", help="where the result goes")
        p.add_argument("--now", metavar="YYYYMMDDHHMMSS", type=timestamp, help="sign: the signingTime attribute; verify: the time to check certificate "
                       "dates against (default: none; the target has no clock)")
        session_args(p)
