"""The same measurement gives the same figure wherever it is taken: every symmetric primitive at
8 KiB (AES-128-GCM's sealing included; GHASH has no op) through the benchmark suites and through the oracle, one call each on the same data, in one
simulation of one firmware image, agree within 2 % (the firmware runs both on the same
measurement stack, buffers and contexts: fw/app/bench.c). One run each, so that both are the
first call after a request (a benchmark's median of warm runs is its own figure, not this
comparison's). The table is printed (pytest -s)."""


import pytest

from vexrun.suites.records import bench_iv, bench_key, bench_pattern

pytestmark = pytest.mark.sim(minutes=3)

SIZE = 8192
TOLERANCE = 0.02
# bench record prim (and impl) -> oracle op, key length, block length, extra request fields
BLOCKS = {("des", "sw"): ("des", 8, 8, {}), ("3des", "sw"): ("3des", 24, 8, {}),
          ("aes-128", "tab"): ("aes_tab", 16, 16, {}), ("aes-192", "tab"): ("aes_tab", 24, 16, {}),
          ("aes-256", "tab"): ("aes_tab", 32, 16, {}), ("aes-128", "ct"): ("aes_ct", 16, 16, {}),
          ("aes-192", "ct"): ("aes_ct", 24, 16, {}), ("aes-256", "ct"): ("aes_ct", 32, 16, {}),
          ("rc5-32/12/16", "sw"): ("rc5", 16, 8, {"rounds": 12})}
STREAMS = {"rc4": ({"key": bench_key(16).hex()}), "seal": ({"key": bench_key(20).hex(), "n": 0})}


@pytest.fixture(scope="module")
def compared(sim_config, oracle):
    """[(label, bench cycles, oracle cycles)] for every hash, cipher (each mode and direction)
    and stream cipher at 8 KiB."""
    run = {"op": "run", "suites": "hash,block,stream", "sizes": str(SIZE), "runs": 1, "all": True,
           "modes": "ecb,cbc,ctr"}
    recs = [r for r in oracle([run], timeout=1800)[0]["results"] if r.get("bytes") == SIZE]
    msg = bench_pattern(SIZE).hex()
    reqs, labels = [], []
    for r in recs:
        if r["suite"] == "hash":
            reqs.append({"op": r["prim"], "msg": msg})
        elif r["suite"] == "stream":
            reqs.append(dict(STREAMS[r["prim"]], op=r["prim"], msg=msg))
        elif r["prim"] == "aes-128-gcm":
            reqs.append({"op": "gcm", "key": bench_key(16).hex(), "iv": bench_iv(12).hex(), "msg": msg})
        elif r["op"] == "enc":
            op, kl, bl, extra = BLOCKS[(r["prim"], r["impl"])]
            req = dict(extra, op=op, key=bench_key(kl).hex(), mode=r["mode"], msg=msg)
            if r["mode"] != "ctr":        # padding applies to ECB and CBC only
                req["pad"] = True
            if r["mode"] != "ecb":
                req["iv"] = bench_iv(bl).hex()
            reqs.append(req)
        else:
            continue
        labels.append(r)
    # Decryption of the encryption's output: a second round of requests.
    answers = oracle(reqs, timeout=1800)
    dec = []
    for r, q, a in zip(labels, reqs, answers):
        assert a["ok"], (q["op"], a)
        if r["suite"] == "block" and r["op"] == "enc":
            dec.append(dict(q, dir="dec", msg=a["out"]))
    dec_answers = iter(oracle(dec, timeout=1800))
    out = []
    by_key = {(r["suite"], r["prim"], r.get("impl"), r.get("mode"), r["op"]): r for r in recs}
    for r, a in zip(labels, answers):
        name = " ".join(x for x in (r["prim"], r.get("impl") if r.get("impl") not in (None, "sw") else "",
                                    r.get("mode", ""), r["op"]) if x)
        out.append((name, r["cycles"], a["cycles"]))
        if r["suite"] == "block" and r["op"] == "enc":
            d = by_key[(r["suite"], r["prim"], r.get("impl"), r.get("mode"), "dec")]
            out.append((name.replace(" enc", " dec"), d["cycles"], next(dec_answers)["cycles"]))
    print("\n| primitive (8 KiB) | benchmark | oracle | difference |\n|---|---:|---:|---:|")
    for name, b, o in out:
        print(f"| {name} | {b:,} | {o:,} | {100 * (o - b) / b:+.2f} % |")
    return out


def test_benchmark_and_oracle_agree(compared):
    assert len(compared) == 5 + 9 * 3 * 2 + 2 + 1      # hashes, ciphers' modes both ways, streams, GCM
    off = [(name, b, o) for name, b, o in compared if abs(o - b) > TOLERANCE * b]
    assert not off, f"figures differ by more than {TOLERANCE:.0%}: {off}"
