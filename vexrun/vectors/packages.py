"""Known-answer vectors from the installed test-vector packages (never copied by hand)."""

from pathlib import Path


def cryptography_vectors_dir() -> Path:
    import cryptography_vectors
    return Path(cryptography_vectors.__file__).parent


def read_rsp(path):
    """Parses a NIST CAVP .rsp file into a list of dicts (keys as in the file, values as text),
    each with the 1-based line number of its first field under "_line"."""
    records, cur = [], {}
    for lineno, raw in enumerate(Path(path).read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("["):
            if cur:
                records.append(cur)
                cur = {}
            continue
        key, _, val = line.partition("=")
        if not _:
            continue
        if not cur:
            cur["_line"] = lineno
        cur[key.strip()] = val.strip()
    if cur:
        records.append(cur)
    return records


def hash_kats(rel):
    """(message, digest, label) triples of a CAVP byte-oriented hash message file (path
    relative to the package's hashes/ folder)."""
    base = cryptography_vectors_dir() / "hashes"
    out = []
    for rec in read_rsp(base / rel):
        if "Len" not in rec or int(rec["Len"]) % 8:
            continue
        n = int(rec["Len"]) // 8
        msg = bytes.fromhex(rec["Msg"])[:n]
        out.append((msg, bytes.fromhex(rec["MD"]), f"{Path(rel).name}:{rec['_line']}"))
    return out


SHA256_FILES = ("SHA2/SHA256ShortMsg.rsp", "SHA2/SHA256LongMsg.rsp")
