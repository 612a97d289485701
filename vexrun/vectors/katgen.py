"""Generates the firmware's known-answer tables (kat.h) from the installed vector packages.

The firmware carries a selection of each primitive's vectors, enough to cover every padding
and key-size case while keeping the self-test quick in simulation and the image small; the host
tests run every vector of the files. The readers are the same ones the host tests use
(vexrun.vectors, kat_hash, kat_block, kat_stream).
"""

import argparse
import sys
from pathlib import Path

import random

from vexrun.vectors import kat_block, kat_ec, kat_hash, kat_pk, kat_stream, pkdata, packages, pki

HASH_MAX_MSG = 512       # longest hash message carried in the firmware (multi-block, all paddings)
HASH_PER_PRIM = 80
BLOCK_PER_FILE = 6       # vectors per CAVP file and direction
MODES = {"ECB": 0, "CBC": 1, "CTR": 2}


def c_bytes(b):
    return '(const uint8_t *)"' + "".join(f"\\x{x:02x}" for x in b) + '"' if b is not None else "NULL"


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def hash_rows():
    sources = {
        "md2": kat_hash.md2_kats(), "md4": kat_hash.md4_kats(), "md5": kat_hash.md5_kats(),
        "sha1": kat_hash.sha1_kats(),
        "sha256": [k for f in packages.SHA256_FILES for k in packages.hash_kats(f)],
    }
    rows = []
    for prim, kats in sources.items():
        kept = [k for k in kats if len(k[0]) <= HASH_MAX_MSG][:HASH_PER_PRIM]
        rows += [(prim, msg, md, label) for msg, md, label in kept]
    return rows


def _pkcs7(m, bl):
    return m + bytes([bl - len(m) % bl]) * (bl - len(m) % bl)


def _first_per_file(kats, n=BLOCK_PER_FILE):
    """The first n vectors of each source file and direction, in ECB, CBC and CTR."""
    seen, out = {}, []
    for k in kats:
        if k.mode not in MODES and k.mode != "CBC-Pad":
            continue
        group = (k.label.split(":")[0], k.direction)
        seen[group] = seen.get(group, 0) + 1
        if seen[group] <= n:
            out.append(k)
    return out


def block_rows():
    """(prim, mode, decrypt, rounds, key, iv, in, out, label): decryption-section vectors run
    backwards; RC5's CBC-Pad messages are padded here (the cipher is what the firmware checks;
    padding has its own host tests)."""
    sets = {
        "des": kat_block.des_kats(),
        "3des": kat_block.tdes_ecb_kats() + kat_block.tdes_cavp_kats("CBC"),
        "aes_tab": kat_block.aes_ecb_kats() + kat_block.aes_cavp_kats("CBC") + kat_block.aes_cavp_kats("CTR"),
        "rc5": kat_block.rc5_kats(),
    }
    sets["aes_ct"] = sets["aes_tab"]
    rows = []
    for prim, kats in sets.items():
        for k in _first_per_file(kats):
            pt, mode = k.plaintext, k.mode
            if mode == "CBC-Pad":
                pt, mode = _pkcs7(pt, 8), "CBC"
            dec = k.direction == "decrypt"
            rows.append((prim, MODES[mode], int(dec), k.rounds or 0, k.key, k.iv,
                         k.ciphertext if dec else pt, pt if dec else k.ciphertext, k.label))
    return rows


def stream_rows():
    rows = [("rc4", k.key, 0, k.offset, k.keystream, k.label) for k in kat_stream.rc4_kats()]
    rows += [("seal", k.key, k.n, 0, k.keystream, k.label) for k in kat_stream.seal_kats()]
    # Per key, the vector reaching furthest first: the firmware generates that key's keystream
    # once and checks the other windows in it.
    order = {}
    for r in rows:
        order.setdefault((r[0], r[1], r[2]), len(order))
    return sorted(rows, key=lambda r: (order[(r[0], r[1], r[2])], -(r[3] + len(r[4]))))


def _be(v, n=None):
    n = n or max(1, (v.bit_length() + 7) // 8)
    return v.to_bytes(n, "big")


def modexp_rows():
    """(label, m, a, e, a^e mod m): odd moduli with edge shapes, Python's pow as the reference."""
    rng = random.Random(2024)
    rows = []
    for bits, e in [(64, 65537), (512, 65537), (512, 3), (1024, 3), (521, 0), (512, None)]:
        m = rng.getrandbits(bits - 1) | 1 << (bits - 1) | 1
        a = rng.randrange(m)
        e = rng.getrandbits(bits) if e is None else e
        rows.append((f"modexp {bits}-bit e={'full' if e.bit_length() > 17 else e}", m, a, e, pow(a, e, m)))
    rows.append(("modexp all-ones modulus", (1 << 512) - 1, (1 << 512) - 2, 65537, pow((1 << 512) - 2, 65537, (1 << 512) - 1)))
    return rows


def rsa_sig_rows():
    """A signing vector (a key with d; 1024 bits, SHA-256: each CRT signature costs about 12 M
    simulated cycles) and verify-only vectors up to 3072 bits, one per (size, hash)."""
    rows, seen = [], set()
    for name, sign in (("SigGen15_186-2.txt", True), ("SigGen15_186-3.rsp", False)):
        for v in kat_pk.rsa_siggen15(name):
            size = v.n.bit_length()
            if (size, v.hash, sign) in seen or (sign and (size > 1024 or v.hash != "sha256")) or size > 3072:
                continue
            seen.add((size, v.hash, sign))
            pq = kat_pk.rsa_factor(v.n, v.e, v.d) if sign else None
            rows.append((v, pq))
    return rows


def dsa_ver_rows(per_group=1):
    """L = 1024 only (a 2048-bit verification is about 50 M simulated cycles), the first entry
    of each hash and the first failing one."""
    rows, seen = [], {}
    for v in kat_pk.dsa_sigver():
        key = (v.p.bit_length(), v.q.bit_length(), v.hash)
        if key[0] > 1024:
            continue
        seen[key + (v.valid,)] = seen.get(key + (v.valid,), 0) + 1
        if seen[key + (v.valid,)] <= per_group and (v.valid or not any(not r.valid for r in rows)):
            rows.append(v)
    return rows


def dsa_sign_rows():
    """The 1024-bit bench key's CAVP message signed with RFC 6979 nonces: the expected (r, s)
    comes from pycryptodome's deterministic DSS."""
    from Crypto.Hash import SHA1, SHA256
    from Crypto.PublicKey import DSA
    from Crypto.Signature import DSS
    rows = []
    for name, h, v, label in pkdata.dsa_keys():
        if v["P"].bit_length() > 1024:
            continue
        msg = bytes.fromhex(v["Msg"])
        key = DSA.construct((v["Y"], v["G"], v["P"], v["Q"], v["X"]))
        sig = DSS.new(key, "deterministic-rfc6979").sign({"sha1": SHA1, "sha256": SHA256}[h].new(msg))
        n = len(sig) // 2
        rows.append((name, h, msg, sig[:n], sig[n:], label + " (RFC 6979 k, r and s from pycryptodome)"))
    return rows


def dh_rows():
    """RFC 5114 shared secrets with p up to 1024 bits (the 2048-bit groups: host tests)."""
    return [v for v in kat_pk.dh_rfc5114() if v.p.bit_length() <= 1024]


def ec_sig_rows():
    """Per curve: the first CAVP SigGen vector with SHA-256 (signed with its k, then verified)
    and the first SigVer failure with SHA-1 or SHA-256 (the hashes the firmware has)."""
    rows = []
    for c in kat_ec.CURVES:
        rows.append(next(v for v in kat_ec.siggen(c) if v.hash == "sha256"))
        rows.append(next(v for v in kat_ec.sigver(c) if v.hash in ("sha1", "sha256") and not v.ok))
    return rows


def _rsa_row(name, k):
    n = k.size_in_bytes()
    return (f"{{{c_str(name)}, {n}, {c_bytes(_be(k.n, n))}, {c_bytes(_be(k.e))}, {len(_be(k.e))}, "
            f"{c_bytes(_be(k.d, n))}, {c_bytes(_be(k.p, n // 2))}, {c_bytes(_be(k.q, n // 2))}}}")


def pki_rows():
    out = [f"#define KAT_PKI_N {len(pki.KINDS)}", "static const struct kat_pki kat_pki[] = {"]
    for kind in pki.KINDS:
        leaves = [pki.cert(kind, r) for r in ("server", "client")]
        keys = [pki.key(kind, r) for r in ("server", "client")]
        if kind == "p256":
            rsa, ec = "{{0}, {0}}", ", ".join(c_bytes(_be(int(k.d), 32)) for k in keys)
        else:
            rsa, ec = "{" + ", ".join(_rsa_row(f"{kind}/{r}", k) for r, k in zip(("server", "client"), keys)) + "}", \
                "NULL, NULL"
        ca = pki.cert(kind, "ca")
        out.append(f"  {{{c_str(kind)}, {len(ca)}, {c_bytes(ca)}, {{{len(leaves[0])}, {len(leaves[1])}}}, "
                   f"{{{c_bytes(leaves[0])}, {c_bytes(leaves[1])}}}, {rsa}, {{{ec}}}}},")
    return out + ["};"]


def render():
    out = ["/* Generated by vexrun.vectors.katgen from the installed vector packages; do not edit. */",
           "#ifndef VEXCRYPT_KAT_H", "#define VEXCRYPT_KAT_H", "#include <stddef.h>", "#include <stdint.h>",
           "struct kat_hash { const char *label, *prim; size_t len; const uint8_t *msg, *md; };",
           "struct kat_block { const char *label, *prim; int mode, decrypt; unsigned rounds; size_t keylen;",
           "  const uint8_t *key, *iv; size_t len; const uint8_t *in, *out; };",
           "struct kat_stream { const char *label, *prim; size_t keylen; const uint8_t *key; uint32_t n;",
           "  size_t offset, len; const uint8_t *out; };",
           "struct kat_rsa { const char *name; size_t len; const uint8_t *n, *e; size_t elen;",
           "  const uint8_t *d, *p, *q; };",
           "struct kat_dsa { const char *name, *hash, *label; size_t plen, qlen;",
           "  const uint8_t *p, *q, *g, *x, *y; };",
           "struct kat_modexp { const char *label; size_t mlen, alen, elen;",
           "  const uint8_t *m, *a, *e, *out; };",
           "struct kat_rsa_sig { const char *label, *hash; size_t len; const uint8_t *n, *e; size_t elen;",
           "  const uint8_t *d, *p, *q; size_t msglen; const uint8_t *msg, *sig; };",
           "struct kat_dsa_ver { const char *label, *hash; size_t plen, qlen;",
           "  const uint8_t *p, *q, *g, *y; size_t msglen; const uint8_t *msg, *r, *s; int valid; };",
           "struct kat_dsa_sign { const char *key, *hash, *label; size_t msglen, qlen;",
           "  const uint8_t *msg, *r, *s; };",
           "struct kat_dh { const char *label; size_t plen, xlen;",
           "  const uint8_t *p, *g, *x, *peer, *z; };",
           "struct kat_ec_key { const char *curve, *label; const uint8_t *d, *q; };",
           "struct kat_ec_sig { const char *curve, *label, *hash; size_t msglen; const uint8_t *msg;",
           "  const uint8_t *d, *k, *q, *r, *s; int valid; };",
           "/* suite proto's PKI (vexrun/vectors/pki.py): [0] the server's, [1] the client's. */",
           "struct kat_pki { const char *kind; size_t calen; const uint8_t *ca; size_t certlen[2];",
           "  const uint8_t *cert[2]; struct kat_rsa rsa[2]; const uint8_t *ec[2]; };"]
    rows = hash_rows()
    out.append(f"#define KAT_HASH_N {len(rows)}")
    out.append("static const struct kat_hash kat_hash[] = {")
    out += [f"  {{{c_str(label)}, {c_str(prim)}, {len(msg)}, {c_bytes(msg)}, {c_bytes(md)}}},"
            for prim, msg, md, label in rows]
    out.append("};")
    rows = block_rows()
    out.append(f"#define KAT_BLOCK_N {len(rows)}")
    out.append("static const struct kat_block kat_block[] = {")
    out += [f"  {{{c_str(label)}, {c_str(prim)}, {mode}, {dec}, {rounds}, {len(key)}, {c_bytes(key)}, "
            f"{c_bytes(iv)}, {len(inp)}, {c_bytes(inp)}, {c_bytes(outp)}}},"
            for prim, mode, dec, rounds, key, iv, inp, outp, label in rows]
    out.append("};")
    rows = stream_rows()
    out.append(f"#define KAT_STREAM_N {len(rows)}")
    out.append("static const struct kat_stream kat_stream[] = {")
    out += [f"  {{{c_str(label)}, {c_str(prim)}, {len(key)}, {c_bytes(key)}, {n}u, {off}, {len(ks)}, {c_bytes(ks)}}},"
            for prim, key, n, off, ks, label in rows]
    out.append("};")
    keys = pkdata.rsa_keys()
    out.append(f"#define KAT_RSA_N {len(keys)}")
    out.append("static const struct kat_rsa kat_rsa[] = {")
    out += [f"  {_rsa_row(name, k)}," for name, k in keys]
    out.append("};")
    keys = pkdata.dsa_keys()
    out.append(f"#define KAT_DSA_N {len(keys)}")
    out.append("static const struct kat_dsa kat_dsa[] = {")
    for name, h, v, label in keys:
        pl, ql = (v["P"].bit_length() + 7) // 8, (v["Q"].bit_length() + 7) // 8
        out.append(f"  {{{c_str(name)}, {c_str(h)}, {c_str(label)}, {pl}, {ql}, {c_bytes(_be(v['P'], pl))}, "
                   f"{c_bytes(_be(v['Q'], ql))}, {c_bytes(_be(v['G'], pl))}, {c_bytes(_be(v['X'], ql))}, "
                   f"{c_bytes(_be(v['Y'], pl))}}},")
    out.append("};")
    rows = modexp_rows()
    out.append(f"#define KAT_MODEXP_N {len(rows)}")
    out.append("static const struct kat_modexp kat_modexp[] = {")
    for label, m, a, e, r in rows:
        ml = (m.bit_length() + 7) // 8
        out.append(f"  {{{c_str(label)}, {ml}, {len(_be(a))}, {len(_be(e))}, {c_bytes(_be(m))}, {c_bytes(_be(a))}, "
                   f"{c_bytes(_be(e))}, {c_bytes(_be(r, ml))}}},")
    out.append("};")
    rows = rsa_sig_rows()
    out.append(f"#define KAT_RSA_SIG_N {len(rows)}")
    out.append("static const struct kat_rsa_sig kat_rsa_sig[] = {")
    for v, pq in rows:
        n = (v.n.bit_length() + 7) // 8
        priv = (f"{c_bytes(_be(v.d, n))}, {c_bytes(_be(pq[0], n // 2))}, {c_bytes(_be(pq[1], n // 2))}"
                if pq else "NULL, NULL, NULL")
        out.append(f"  {{{c_str(v.label)}, {c_str(v.hash)}, {n}, {c_bytes(_be(v.n, n))}, {c_bytes(_be(v.e))}, "
                   f"{len(_be(v.e))}, {priv}, {len(v.msg)}, {c_bytes(v.msg)}, {c_bytes(v.sig)}}},")
    out.append("};")
    rows = dsa_ver_rows()
    out.append(f"#define KAT_DSA_VER_N {len(rows)}")
    out.append("static const struct kat_dsa_ver kat_dsa_ver[] = {")
    for v in rows:
        pl, ql = (v.p.bit_length() + 7) // 8, (v.q.bit_length() + 7) // 8
        out.append(f"  {{{c_str(v.label)}, {c_str(v.hash)}, {pl}, {ql}, {c_bytes(_be(v.p, pl))}, "
                   f"{c_bytes(_be(v.q, ql))}, {c_bytes(_be(v.g, pl))}, {c_bytes(_be(v.y, pl))}, {len(v.msg)}, "
                   f"{c_bytes(v.msg)}, {c_bytes(_be(v.r, ql))}, {c_bytes(_be(v.s, ql))}, {int(v.valid)}}},")
    out.append("};")
    rows = dsa_sign_rows()
    out.append(f"#define KAT_DSA_SIGN_N {len(rows)}")
    out.append("static const struct kat_dsa_sign kat_dsa_sign[] = {")
    out += [f"  {{{c_str(name)}, {c_str(h)}, {c_str(label)}, {len(msg)}, {len(r)}, {c_bytes(msg)}, {c_bytes(r)}, "
            f"{c_bytes(s_)}}}," for name, h, msg, r, s_, label in rows]
    out.append("};")
    rows = dh_rows()
    out.append(f"#define KAT_DH_N {len(rows)}")
    out.append("static const struct kat_dh kat_dh[] = {")
    for v in rows:
        pl, xl = (v.p.bit_length() + 7) // 8, len(_be(v.x))
        out.append(f"  {{{c_str(v.label)}, {pl}, {xl}, {c_bytes(_be(v.p, pl))}, {c_bytes(_be(v.g, pl))}, "
                   f"{c_bytes(_be(v.x, xl))}, {c_bytes(_be(v.peer, pl))}, {c_bytes(_be(v.z, pl))}}},")
    out.append("};")
    rows = [v for c in kat_ec.CURVES for v in kat_ec.keypair(c)[:2]]
    out.append(f"#define KAT_EC_KEY_N {len(rows)}")
    out.append("static const struct kat_ec_key kat_ec_key[] = {")
    out += [f"  {{{c_str(v.curve)}, {c_str(v.label)}, {c_bytes(_be(v.d, kat_ec.NLEN[v.curve]))}, "
            f"{c_bytes(kat_ec.point(v.curve, v.qx, v.qy))}}}," for v in rows]
    out.append("};")
    rows = ec_sig_rows()
    out.append(f"#define KAT_EC_SIG_N {len(rows)}")
    out.append("static const struct kat_ec_sig kat_ec_sig[] = {")
    for v in rows:
        n = kat_ec.NLEN[v.curve]
        priv = f"{c_bytes(_be(v.d, n))}, {c_bytes(_be(v.k, n))}" if v.d else "NULL, NULL"
        out.append(f"  {{{c_str(v.curve)}, {c_str(v.label)}, {c_str(v.hash)}, {len(v.msg)}, {c_bytes(v.msg)}, "
                   f"{priv}, {c_bytes(kat_ec.point(v.curve, v.qx, v.qy))}, {c_bytes(_be(v.r, n))}, "
                   f"{c_bytes(_be(v.s, n))}, {int(v.ok)}}},")
    out.append("};")
    out += pki_rows()
    out.append("#endif")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="header to write")
    args = ap.parse_args(argv)
    text = render()
    out = Path(args.out)
    if not out.exists() or out.read_text() != text:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
