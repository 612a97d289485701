"""Constant time (the default) vs variable time ("var": the _var paths) of the public-key
operations on the simulated SoC, in one build, through the oracle: RSA-2048 private with CRT
(Garner), DH key pair and shared secret over MODP groups, DSA-2048 signing (pycryptodome's 2048-bit key: N = 224). Every answer is
checked against Python integers or pycryptodome; cycles are the SoC counter's, the median of
`runs`. Writes (merges) records into docs/ct-pk.json, which `vexrun headline` renders.

    PYTHONPATH=$PWD .venv/bin/python scripts/ct_pk.py rsa,dsa,modp1024 3
    PYTHONPATH=$PWD .venv/bin/python scripts/ct_pk.py modp2048 3
"""
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

from Crypto.Hash import SHA256
from Crypto.PublicKey import DSA, RSA
from Crypto.Signature import DSS

from vexrun.pkdata import dh_group

ROOT = Path(__file__).resolve().parent.parent
which, runs = sys.argv[1].split(","), int(sys.argv[2])
rng = random.Random(15)


def rf(n):
    return rng.getrandbits(8 * n).to_bytes(n, "big")


def hx(v):
    return format(v, "x")


cases = []      # (record fields, request, check(answer))
if "rsa" in which:
    k = RSA.generate(2048, randfunc=rf)
    msg = rng.randrange(k.n)
    for var in (False, True):
        cases.append(({"prim": "rsa", "op": "private", "bits": 2048, "crt": "mrc", "var": var},
                      {"op": "rsa", "fn": "private", "msg": hx(msg), "crt": "mrc", "var": var, "n": hx(k.n),
                       "e": hx(k.e), "d": hx(k.d), "p": hx(k.p), "q": hx(k.q)},
                      lambda a: int(a["out"], 16) == pow(msg, k.d, k.n)))
for g in [w for w in which if w.startswith("modp")]:
    p = dh_group(g)
    x, peer = rng.randrange(2, p - 1), pow(2, rng.randrange(2, p - 1), p)
    for var in (False, True):
        head = {"prim": "dh", "bits": p.bit_length(), "group": g, "var": var}
        cases.append(({**head, "op": "keypair"}, {"op": "dh", "fn": "keygen", "group": g, "seed": "01", "var": var},
                      lambda a, p=p: pow(2, int(a["x"], 16), p) == int(a["y"], 16)))
        cases.append(({**head, "op": "shared"},
                      {"op": "dh", "fn": "shared", "group": g, "x": hx(x), "peer": hx(peer), "var": var},
                      lambda a, p=p, x=x, peer=peer: int(a["z"], 16) == pow(peer, x, p)))
if "dsa" in which:
    key = DSA.generate(2048, randfunc=rf)
    h = SHA256.new(b"ct")
    sig = DSS.new(key, "deterministic-rfc6979").sign(h)
    for var in (False, True):
        cases.append(({"prim": "dsa", "op": "sign", "bits": 2048, "key": f"2048/{key.q.bit_length()} sha256", "var": var},
                      {"op": "dsa", "fn": "sign", "p": hx(key.p), "q": hx(key.q), "g": hx(key.g), "x": hx(key.x),
                       "hash": "sha256", "digest": h.hexdigest(), "var": var},
                      lambda a, n=len(sig) // 2: int(a["r"], 16).to_bytes(n, "big") + int(a["s"], 16).to_bytes(n, "big") == sig))

proc = subprocess.run([str(ROOT / ".venv/bin/vexrun"), "oracle", "--max-cycles", "4000000000", "--timeout", "3600"],
                      input="".join(json.dumps(req) + "\n" for _, req, _ in cases for _ in range(runs)),
                      capture_output=True, text=True, check=True)
answers = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
assert len(answers) == runs * len(cases), proc.stderr[-2000:]
records = []
for i, (fields, req, check) in enumerate(cases):
    got = answers[i * runs:(i + 1) * runs]
    for a in got:
        assert a.get("ok") and check(a), (fields, a)
    cyc = [a["cycles"] for a in got]
    records.append({"suite": "pk", **fields, "cycles": int(statistics.median(cyc)), "runs": cyc})
    print(fields, records[-1]["cycles"], cyc, flush=True)
out = ROOT / "docs" / "ct-pk.json"
data = json.loads(out.read_text()) if out.exists() else {"meta": {}, "records": []}
keys = {json.dumps({k: v for k, v in r.items() if k not in ("cycles", "runs")}, sort_keys=True) for r in records}
data["records"] = [r for r in data["records"] if json.dumps({k: v for k, v in r.items() if k not in ("cycles", "runs")},
                                                         sort_keys=True) not in keys] + records
commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
command = "scripts/ct_pk.py " + " ".join(sys.argv[1:])
old = data["meta"].get("command", "")
data["meta"] = {"commit": commit, "where": "sim", "config": "full",
                "command": command if not old or command in old else f"{old}; {command}",
                "note": "VexRiscv `full`, software only (ALGO2 r=2^32 sqr), simulation, one build; cycles from the "
                        "SoC's counter through the oracle, the median of the runs listed in the data. Constant "
                        "time: the default (fixed 5-bit window, masked table reads and final subtractions, Garner "
                        "in constant time); variable time: `\"var\": true` (6-bit sliding window, the _var "
                        "functions)."}
out.write_text(json.dumps(data, indent=1) + "\n")
