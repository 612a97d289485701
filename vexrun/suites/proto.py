"""Suite "proto" (fw/app/bench_proto.c): the protocols with both peers in the SoC's firmware over
the fixed PKI of vexrun/vectors/pki.py, each side's cycles and steps on the accelerators and off
them: TLS 1.2 handshakes with mutual authentication, S/MIME, IKEv1 main and quick mode, the TLS record
layer alone over 20,480 B and 1 MiB (seed 003's cases). Beside them: seed 003's SSL and IKE
figures at the iPAQ's 206 MHz, seed 004's client stages (Tables 1 and 3), p256-m and OTBN.

The host checks each handshake record's steps (a mutually authenticated handshake has every one
on each side), the S/MIME signatures with `openssl cms -verify` and the envelopes with
pycryptodome (vexrun/models/cms.py), rebuilds the IKE exchange's messages with its model
(vexrun/models/ike.py) and the last record of each sealed payload with the record model
(vexrun/models/tls.py)."""

import hashlib

from hw.config import ACCELERATORS

from vexrun.models import cms
from vexrun.models import tls as model
from vexrun.models.drbg import HmacDrbg
from vexrun.suites import seeds
from vexrun.suites.base import Suite, by_impl, cycles, find, mcycles, status
from vexrun.suites.records import bench_iv, bench_key, bench_pattern
from vexrun.vectors import pki

PAGE = "protocols.md"
SUITE_IDS = {"ECDHE-ECDSA-AES128-GCM-SHA256": model.GCM, "DHE-RSA-AES256-SHA": model.CBC}
STEPS = ("verify_cert", "verify", "keygen", "shared", "sign", "derive", "finished", "record")
PK_STEPS = ("verify_cert", "verify", "keygen", "shared", "sign")
KEYS = {"p256": "P-256", "rsa1024": "RSA-1024", "rsa2048": "RSA-2048"}
BESIDE = "Beside the seeds and published figures"
SMIME = "S/MIME, both sides in the SoC"
IKE = "IKEv1: main mode with RSA signatures and quick mode, both peers in the SoC"


def last_record(rec):
    """The last record of a sealed payload, as the model writes it from the suite's keys."""
    suite = SUITE_IDS[rec["cipher"]]
    mac_key, _, key, _, salt, _ = model.key_block(bench_key(48), bench_iv(32), bench_pattern(32), suite)
    n = rec["records"]
    iv = None
    if suite == model.CBC:          # one explicit IV drawn per record
        d = HmacDrbg(b"vexcrypt/proto/record")
        for _ in range(n):
            iv = d.generate(16)
    data = bench_pattern(model.MAX_PLAIN)[:rec["bytes"] - model.MAX_PLAIN * (n - 1)]
    return model.seal(suite, mac_key, key, salt, n - 1, data, iv)


def ike_messages(kind, group):
    """The nine messages of suite proto's IKE exchange as the host model makes them from the same
    inputs (fw/app/bench_proto.c's ike_run): the PKI's client key the initiator's, the server's the
    responder's."""
    from vexrun.models import ike
    ki, kr = pki.key(kind, "client"), pki.key(kind, "server")
    cookies = bench_key(16)
    peers = [ike.Peer(role, key=(k.n, k.e, k.d), peer_key=(o.n, o.e), cookie=cookies[8 * i:8 * i + 8],
                      id_data=f"{name}.vexcrypt.example".encode(), spi=0x1000 << i, seed=name.encode(), group=group)
             for i, (role, name, k, o) in enumerate((("i", "initiator", ki, kr), ("r", "responder", kr, ki)))]
    return ike.exchange(*peers)


def openssl_verifies(kind, sig: bytes, content: bytes):
    """None when `openssl cms -verify` accepts the detached SignedData `sig` over `content` under
    the PKI's CA, else its complaint."""
    import subprocess
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory(prefix="vc-proto-") as d:
        files = {n: Path(d) / n for n in ("sig.der", "msg", "ca.pem")}
        files["sig.der"].write_bytes(sig)
        files["msg"].write_bytes(content)
        files["ca.pem"].write_text(pem(pki.cert(kind, "ca")))
        r = subprocess.run(["openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", files["sig.der"],
                            "-content", files["msg"], "-CAfile", files["ca.pem"], "-out", "/dev/null"],
                           capture_output=True, text=True)
    return None if r.returncode == 0 else "openssl cms -verify refuses it: " + " ".join(r.stderr.split())[:200]


def pem(der):
    import base64
    b = base64.encodebytes(der).decode()
    return f"-----BEGIN CERTIFICATE-----\n{b}-----END CERTIFICATE-----\n"


def signed_message(kind, got):
    """None when `got` is the message followed by a SignedData of it OpenSSL accepts."""
    msg = cms.message()
    if not got.startswith(msg):
        return "the content is not the message"
    return openssl_verifies(kind, got[len(msg):], msg)


def check_smime(rec):
    if rec["op"] == "sign":
        return openssl_verifies(rec["key"], bytes.fromhex(rec["out"]), cms.message())
    if rec["op"] == "encrypt":
        try:
            got = cms.open_enveloped(bytes.fromhex(rec["out"]), pki.key(rec["key"], "server"))
        except ValueError as e:
            return f"pycryptodome cannot open the envelope: {e}"
        return signed_message(rec["key"], got)
    if rec["op"] == "decrypt":
        return signed_message(rec["key"], bytes.fromhex(rec["out"]))
    steps = {s["step"] for s in rec["steps"]}        # verify: the firmware's verdict, of the whole work
    return None if rec["bytes"] == len(cms.message()) and {"verify_cert", "digest", "verify"} <= steps else \
        f"verify of {rec['bytes']} bytes with steps {sorted(steps)}"


def check(rec):
    if not rec.get("ok"):
        return "the firmware's run failed"
    if rec.get("prim") == "smime":
        return check_smime(rec)
    if rec.get("prim") == "ike":
        want = hashlib.sha256(b"".join(ike_messages(rec["key"], rec["group"]))).hexdigest()
        return None if rec.get("messages") == want else "the exchange's messages differ from the host model's"
    if rec.get("prim") == "tls":
        got = [s["step"] for s in rec.get("steps", [])]
        if sorted(got) != sorted(STEPS):
            return f"handshake steps {got}: a mutually authenticated handshake has {list(STEPS)}"
        if sum(s["cycles"] for s in rec["steps"]) > rec["cycles"]:
            return "the steps' cycles exceed the side's"
        return None
    if rec["records"] != -(-rec["bytes"] // model.MAX_PLAIN):
        return f"{rec['records']} records for {rec['bytes']:,} bytes"
    if rec["op"] == "seal":
        want = hashlib.sha256(last_record(rec)).hexdigest()
        return None if rec.get("last") == want else "the last record differs from the model's"
    return None                  # open: the firmware compared every record's plaintext


def progress(rec):
    if rec.get("prim") == "smime":
        return f"S/MIME {KEYS[rec['key']]} {rec['op']} {rec['bytes']:,} B [{rec['impl']}] {mcycles(rec['cycles'])}"
    if rec.get("prim") == "ike":
        return (f"IKEv1 {KEYS[rec['key']]} group {rec['group']} {rec['side']} [{rec['impl']}] main mode "
                f"{mcycles(rec['phase1'])}, quick mode {cycles(rec['quick'])}")
    if rec.get("prim") == "tls":
        return f"{rec['cipher']} {rec['key']} {rec['side']} [{rec['impl']}] {mcycles(rec['cycles'])}"
    return f"{rec['cipher']} {rec['op']} {rec['bytes']:,} B [{rec['impl']}] {rec['cycles'] / rec['bytes']:,.1f} cycles/B"


def _steps(rec):
    return {s["step"]: s["cycles"] for s in rec["steps"]}


def handshakes(records):
    """{(cipher, key, side): {impl: record}} of the handshake records."""
    return by_impl(find(records, "proto", prim="tls"), ("cipher", "key", "side"))


def table(records, config):
    hs = handshakes(records)
    if not hs:
        return []
    lines = [f"Protocols (suite proto, {config}): TLS 1.2 handshakes, both peers in the SoC, cycles per side", ""]
    for (cipher, key, side), impls in hs.items():
        cells = "  ".join(f"{i} {mcycles(r['cycles']):>10} {status(r)}" for i, r in sorted(impls.items()))
        lines.append(f"{cipher:<31} {KEYS.get(key, key):<9} {side:<7} {cells}")
    return lines


def _each(rows):
    """(the case's fields, "on" or "sw", its record) of by_impl's rows, on before sw."""
    for fields, impls in rows.items():
        for impl in ("hw", "sw"):
            if r := impls.get(impl):
                yield fields, "on" if impl == "hw" else "sw", r


def handshake_lines(records):
    out = ["### TLS 1.2 handshakes, both peers in the SoC", "",
           "Each row is one side of a full handshake with mutual authentication (the server asks for the client's "
           "certificate), its engine's every call timed (`total`) and the engine's steps apart (step hooks of "
           "`tls.h`): `verify_cert` checks the peer's certificate under the CA, `verify` the peer's signature "
           "(ServerKeyExchange or CertificateVerify), `keygen` and `shared` are the ephemeral (EC)DH, `sign` the own "
           "signature, `derive` the master secret and keys, `finished` both Finished messages, `record` the record "
           "layer's work. The server offers ffdhe2048 (RFC 7919) whatever its RSA key; DH exponents of 225 bits "
           "(twice the group's strength). \"on\": the build's units (the Montgomery unit for RSA, DH and P-256; "
           "GHASH on the carry-less multiply unit when the build has it); \"sw\": the same binary with them off.", "",
           "| suite | key | side | impl | total | " + " | ".join(STEPS) + " |",
           "|---|---|---|---|---:|" + "---:|" * len(STEPS)]
    for (cipher, key, side), impl, r in _each(handshakes(records)):
        st = _steps(r)
        out.append(f"| {cipher} | {KEYS.get(key, key)} | {side} | {impl} | **{cycles(r['cycles'])}** | "
                   + " | ".join(cycles(st.get(s)) for s in STEPS) + " |")
    return out


def _side(records, key, side, impl):
    return next((v.get(impl) for (_, k, s), v in handshakes(records).items() if k == key and s == side), None)


def seed_lines(records):
    """Our handshakes beside seed 003's, seed 004's client stages, p256-m and OTBN."""
    out = ["", f"### {BESIDE}", "",
           "| what | theirs | cycles (theirs) | ours, units on | ours, sw |", "|---|---|---:|---:|---:|"]
    for bits in (1024, 2048):
        ms = seeds.SEED003_SSL_MS[bits]
        both = {i: [_side(records, f"rsa{bits}", s, i) for s in ("client", "server")] for i in ("hw", "sw")}
        ours = {i: sum(r["cycles"] for r in rs) if all(rs) else None for i, rs in both.items()}
        out.append(f"| seed 003: full SSL handshake, mutual authentication, RSA-{bits}, DH, AES-256, SHA-1 "
                   f"(iPAQ, 206 MHz; ours: client + server) | {ms:,.2f} ms | "
                   f"{mcycles(seeds.ms_to_cycles(ms, seeds.SEED003_CLOCK_MHZ))} | {mcycles(ours['hw'])} | "
                   f"{mcycles(ours['sw'])} |")
    cl = {i: _side(records, "rsa1024", "client", i) for i in ("hw", "sw")}
    for stage, step in ((1, "verify_cert"), (2, "sign")):
        what, data_bits, key_bits = seeds.SEED004_STAGES[stage]
        vals = {i: _steps(r).get(step) if r else None for i, r in cl.items()}
        out.append(f"| seed 004 Table 1, stage {stage}: {what} ({data_bits}-bit data, {key_bits}-bit key; ours: "
                   f"RSA-1024 client's `{step}`, e = 65537) | - | - | {cycles(vals['hw'])} | {cycles(vals['sw'])} |")
    pk = {i: sum(_steps(r)[s] for s in PK_STEPS) if r else None for i, r in cl.items()}
    for name, kc in seeds.SEED004_TABLE3_KCYCLES.items():
        out.append(f"| seed 004 Table 3: the SSL client's public-key work, {name} configuration (Xtensa, 214 MHz; "
                   f"ours: RSA-1024 client's {' + '.join(PK_STEPS)}, DHE in place of stage 3's RSA encryption) | - | "
                   f"{mcycles(kc * 1e3)} | {mcycles(pk['hw'])} | {mcycles(pk['sw'])} |")
    ec = {i: _side(records, "p256", "client", i) for i in ("hw", "sw")}
    crypto = {i: sum(_steps(r)[s] for s in ("keygen", "shared", "sign", "verify")) if r else None for i, r in ec.items()}
    for core, (ms, mhz) in seeds.P256M_HANDSHAKE_MS.items():
        out.append(f"| p256-m, {core}: key pair + ECDH + sign + verify (ours: the P-256 client's keygen + shared + "
                   f"sign + verify) | {ms:,.0f} ms | {mcycles(seeds.ms_to_cycles(ms, mhz))} | {mcycles(crypto['hw'])} | "
                   f"{mcycles(crypto['sw'])} |")
    out.append(f"| OpenTitan OTBN: 2 x P-256 scalar multiplication + sign + verify (its published rows) | - | "
               f"{mcycles(seeds.OTBN_P256_HANDSHAKE)} | {mcycles(crypto['hw'])} | {mcycles(crypto['sw'])} |")
    return out


def _both(records, key):
    """{impl: client + server cycles} of a handshake, when both sides ran."""
    out = {}
    for i in ("hw", "sw"):
        rs = [_side(records, key, s, i) for s in ("client", "server")]
        out[i] = sum(r["cycles"] for r in rs) if all(rs) else None
    return out


def ssl_summary(records):
    """The seed map's line for seed 003's handshakes: client + server, on and off the units."""
    records = good(records)
    parts = [f"RSA-{b} {mcycles(v['hw'])} on / {mcycles(v['sw'])} sw" for b in (1024, 2048)
             if (v := _both(records, f"rsa{b}"))["sw"]]
    return "; ".join(parts) + " (client + server, DHE-RSA-AES256-SHA)" if parts else None


def stages_summary(records):
    """The seed map's line for seed 004's stages 1 and 2 (the RSA-1024 client's steps)."""
    records = good(records)
    r = {i: _side(records, "rsa1024", "client", i) for i in ("hw", "sw")}
    if not r["sw"]:
        return None
    return "; ".join(f"stage {n} ({st}) {cycles(_steps(r['hw'])[st]) if r['hw'] else '-'} on / "
                     f"{cycles(_steps(r['sw'])[st])} sw" for n, st in ((1, "verify_cert"), (2, "sign")))


def client_pk_summary(records):
    """The seed map's line for seed 004's Table 3: the RSA-1024 client's public-key steps."""
    records = good(records)
    r = {i: _side(records, "rsa1024", "client", i) for i in ("hw", "sw")}
    if not r["sw"]:
        return None
    pk = {i: sum(_steps(v)[s] for s in PK_STEPS) if v else None for i, v in r.items()}
    return f"{mcycles(pk['hw'])} on / {mcycles(pk['sw'])} sw (our one configuration; DHE for stage 3)"


def ike_lines(records):
    rows = by_impl(find(records, "proto", prim="ike"), ("key", "group", "side"))
    if not rows:
        return []
    names = list(dict.fromkeys(s["step"] for r in find(records, "proto", prim="ike") for s in r["steps"]))
    out = ["", f"### {IKE}", "",
           "RFC 2409's exchange (fw/src/ike, docs/ike.md): DES-CBC and HMAC-SHA-1 as seed 003 counts them, group 2 "
           "with the RSA-1024 keys and group 14 with the RSA-2048 ones, DH exponents of 160 and 225 bits; the nine "
           "messages checked against the host model (vexrun/models/ike.py). Main mode and quick mode per side, and "
           "the steps of both.", "",
           "| key, group | side | impl | main mode | quick mode | " + " | ".join(names) + " |",
           "|---|---|---|---:|---:|" + "---:|" * len(names)]
    for (key, group, side), impl, r in _each(rows):
        st = _steps(r)
        out.append(f"| {KEYS[key]}, group {group} | {side} | {impl} | **{cycles(r['phase1'])}** | "
                   f"{cycles(r['quick'])} | " + " | ".join(cycles(st.get(n)) for n in names) + " |")
    out += ["", "Seed 003 §5 computes IKE from its Table 1 rather than running it: both peers' RSA signature and "
            "verification (and SHA) for main mode, three DES encryptions and three SHA hashes for quick mode.", "",
            "| | seed 003 (iPAQ, 206 MHz) | cycles | ours, the same work (both peers' sign + verify), on / sw | "
            "ours, both peers' whole main mode, on / sw |", "|---|---:|---:|---:|---:|"]
    for kind, bits in (("rsa1024", 1024), ("rsa2048", 2048)):
        ms = seeds.SEED003_IKE_MS[bits]
        same, whole = {}, {}
        for impl in ("hw", "sw"):
            rs = [v.get(impl) for (k, _, _), v in rows.items() if k == kind]
            ok = len(rs) == 2 and all(rs)
            same[impl] = sum(_steps(r)["sign"] + _steps(r)["verify"] for r in rs) if ok else None
            whole[impl] = sum(r["phase1"] for r in rs) if ok else None
        out.append(f"| main mode, RSA-{bits} | {ms:,.0f} ms | {mcycles(seeds.ms_to_cycles(ms, seeds.SEED003_CLOCK_MHZ))} | "
                   f"{mcycles(same['hw'])} / {mcycles(same['sw'])} | {mcycles(whole['hw'])} / {mcycles(whole['sw'])} |")
    q = {i: [v[i]["quick"] for (k, _, _), v in rows.items() if k == "rsa1024" and i in v] for i in ("hw", "sw")}
    q = {i: sum(v) if len(v) == 2 else None for i, v in q.items()}
    ms = seeds.SEED003_IKE_MS["quick"]
    out.append(f"| quick mode (ours: both peers' whole quick mode, RSA-1024's) | {ms} ms | "
               f"{cycles(seeds.ms_to_cycles(ms, seeds.SEED003_CLOCK_MHZ))} | - | {cycles(q['hw'])} / {cycles(q['sw'])} |")
    return out


def smime_lines(records):
    rows = by_impl(find(records, "proto", prim="smime"), ("key", "op"))
    if not rows:
        return []
    out = ["", f"### {SMIME}", "",
           "Seed 003's 2,092-byte text/plain message (fw/src/cms, docs/smime.md): the client's key signs it (a "
           "detached SignedData with signed attributes, SHA-256), the server's side verifies it under the CA (the "
           "signer's certificate first); the signed message (the content and its signature, the MIME wrapping "
           "aside) is enveloped for the server with des-ede3-cbc and an RSA key transport, and opened. The host "
           "checks the signatures with `openssl cms -verify` and opens the envelopes with pycryptodome.", "",
           "| key | op | bytes | impl | cycles | steps |", "|---|---|---:|---|---:|---|"]
    for (key, op), impl, r in _each(rows):
        st = ", ".join(f"{s['step']} {cycles(s['cycles'])}" for s in r["steps"])
        out.append(f"| {KEYS[key]} | {op} | {r['bytes']:,} | {impl} | **{cycles(r['cycles'])}** | {st} |")
    out += ["", "| seed 003 (iPAQ, 206 MHz) | RSA-1024 | cycles | ours, on / sw | RSA-2048 | cycles | ours, on / sw |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for label, ops in (("Fig 2: sign", ("sign",)), ("Fig 2: verify", ("verify",)),
                       ("Fig 3: sender, sign + encrypt", ("sign", "encrypt")),
                       ("Fig 3: receiver, decrypt + verify", ("decrypt", "verify"))):
        cells = []
        for bits in (1024, 2048):
            ms = seeds.SEED003_SMIME_MS[label.split(": ")[1]][bits]
            ours = {i: [rows.get((f"rsa{bits}", op), {}).get(i) for op in ops] for i in ("hw", "sw")}
            ours = {i: sum(r["cycles"] for r in v) if all(v) else None for i, v in ours.items()}
            cells.append(f"{ms:,.2f} ms | {mcycles(seeds.ms_to_cycles(ms, seeds.SEED003_CLOCK_MHZ))} | "
                         f"{mcycles(ours['hw'])} / {mcycles(ours['sw'])}")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    return out


def smime_summary(first, second):
    """The seed map's line for one of seed 003's S/MIME figures, a pair as the seed gives it (sign /
    verify; sender / receiver): each side's ops summed, per key size, on and off the units."""
    def fn(records):
        rows = by_impl(find(good(records), "proto", prim="smime"), ("key", "op"))
        parts = []
        for bits in (1024, 2048):
            v = {i: [[rows.get((f"rsa{bits}", op), {}).get(i) for op in ops] for ops in (first, second)]
                 for i in ("hw", "sw")}
            cell = {i: " / ".join(mcycles(sum(r["cycles"] for r in side)) if all(side) else "-" for side in v[i])
                    for i in v}
            if "-" not in cell["sw"]:
                parts.append(f"RSA-{bits}: {cell['hw']} on, {cell['sw']} sw")
        return "; ".join(parts) + f" ({' + '.join(first)} / {' + '.join(second)})" if parts else None
    return fn


def ike_summary(records):
    """The seed map's line for seed 003's IKE: both peers' main mode and quick mode."""
    rows = by_impl(find(good(records), "proto", prim="ike"), ("key", "side"))
    parts = []
    for bits in (1024, 2048):
        v = [rows.get((f"rsa{bits}", s), {}) for s in ("initiator", "responder")]
        if all("sw" in x for x in v):
            hw = mcycles(sum(x["hw"]["phase1"] for x in v)) if all("hw" in x for x in v) else "-"
            parts.append(f"main mode RSA-{bits} {hw} on / {mcycles(sum(x['sw']['phase1'] for x in v))} sw")
    q = [rows.get(("rsa1024", s), {}).get("sw") for s in ("initiator", "responder")]
    if all(q):
        parts.append(f"quick mode {cycles(sum(r['quick'] for r in q))} sw")
    return "; ".join(parts) + " (both peers)" if parts else None


def record_lines(records):
    rows = by_impl(find(records, "proto", prim="record"), ("cipher", "bytes", "op"))
    if not rows:
        return []
    out = ["", "### The record layer", "",
           "A payload sealed in records of 16,384 bytes by the client's write direction and opened by the server's "
           "read direction (`vc_tls_record_seal`/`_open`, keys from a fixed master secret); the 1 MiB payload is "
           "measured in one pass, the 20,480-byte one (seed 003's energy case) as the median of the runs. GCM: "
           "aes_ct, GHASH on the carry-less multiply unit when on; CBC: aes_ct with HMAC-SHA-1, the MAC and padding "
           "checked in constant time on opening (no unit serves it: measured off the units only).", "",
           "| suite | bytes | op | on: cycles | cycles/B | sw: cycles | cycles/B |", "|---|---:|---|---:|---:|---:|---:|"]
    for (cipher, n, op), impls in rows.items():
        hw, sw = impls.get("hw"), impls.get("sw")
        out.append(f"| {cipher} | {n:,} | {op} | {cycles(hw and hw['cycles'])} | {_cpb(hw, n)} | "
                   f"{cycles(sw and sw['cycles'])} | {_cpb(sw, n)} |")
    t = {b: seeds.SEED003_SSL_TRANSFER_MS[b] - seeds.SEED003_SSL_MS[b] - seeds.SEED003_PLAIN_TRANSFER_MS
         for b in (1024, 2048)}
    out += ["", "Seed 003's 1 MB transfer between two iPAQs took "
            + " and ".join(f"{seeds.SEED003_SSL_TRANSFER_MS[b]:,.2f} ms with RSA-{b}" for b in (1024, 2048))
            + f" including the handshake, {seeds.SEED003_PLAIN_TRANSFER_MS:,.2f} ms without SSL: the records' "
            f"share, over the network, is about {t[1024]:,.0f} and {t[2048]:,.0f} ms "
            f"({mcycles(seeds.ms_to_cycles(t[1024], seeds.SEED003_CLOCK_MHZ))} and "
            f"{mcycles(seeds.ms_to_cycles(t[2048], seeds.SEED003_CLOCK_MHZ))} of one 206 MHz clock, the two devices "
            "working at once); ours is one side's seal or open."]
    return out


def _cpb(r, n):
    return f"{r['cycles'] / n:,.1f}" if r else "-"


def good(records):
    """The suite's records that ran and passed the host's check (a failed one is in the run's
    table, not on the page)."""
    return [r for r in find(records, "proto") if status(r) == "ok"]


def page(records, meta, data):
    records = good(records)
    if not records:
        return []
    return (["## Protocols (suite `proto`)", "",
             "Both peers in the SoC's firmware, in memory: no network, no peer whose speed moves the figures; the "
             "certificates are fixed (vexrun/vectors/pki.py: a CA and two leaves per key kind, RSA PKCS#1 v1.5 and "
             "RFC 6979 ECDSA signatures over SHA-256). `vexrun tls` measures the same engine against OpenSSL "
             "(docs/tls.md).", ""]
            + handshake_lines(records) + seed_lines(records) + smime_lines(records) + ike_lines(records)
            + record_lines(records) + [""])


# Estimated from vexrun tls, ike and smime's figures (docs/tls.md, ike.md, smime.md): the quick run
# (P-256, RSA-1024's IKE and S/MIME, on and off; 20,480 B) about 0.2 G cycles a run; "all" about
# 1.2 G a run and 1.6 G for the 1 MiB payloads, which pass once whatever the runs.
SUITES = [Suite("proto", estimate=lambda o: (1.2e9 * o.runs + 1.6e9) if o.all else 0.2e9 * o.runs,
                progress=progress, check=check, table=table, page=page, page_file=PAGE,
                accelerators=tuple(a.name for a in ACCELERATORS))]     # every unit, on and off
