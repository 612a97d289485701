"""Headline benchmarks on two memory systems: the default simulation (single-cycle integrated
main RAM) and the one that mirrors a board (the ULX3S's SDRAM through LiteDRAM behind the 8 KiB
L2: vexrun sim --memory sdram). Prints a Markdown table (boards/README.md has it).

    python -m vexrun.memcompare [--clmul 1] [--runs 3]

Each figure is the median of `runs` calls of the same oracle request in one simulation (the
oracle times the same calls on the same layout as the benchmarks, README "Performance"); the
first call warms the caches like the benchmarks' runs do.
"""

import argparse
import hashlib
import statistics
import sys

from . import kat_ec, pkdata
from .build import Config, ensure_all
from .records import bench_iv, bench_key, bench_pattern
from .sim import SimSession


def hx(v: int) -> str:
    h = format(v, "x")
    return h if len(h) % 2 == 0 else "0" + h


def cases(clmul=False):
    """(label, request) of the headline figures."""
    msg = bench_pattern(8192).hex()
    k = pkdata.rsa_key(1024)
    m = k.n
    a, b = (k.d % m), (k.p * k.q - 12345) % m
    digest = hashlib.sha256(b"vexcrypt").hexdigest()
    scalar = (int.from_bytes(hashlib.sha256(b"kG").digest(), "big") % (1 << 162)).to_bytes(
        kat_ec.NLEN["B-163"], "big").hex()
    out = [
        ("SHA-256, 8 KiB", {"op": "sha256", "msg": msg}),
        ("AES-128 tab CBC encrypt, 8 KiB", {"op": "aes_tab", "mode": "cbc", "key": bench_key(16).hex(),
                                            "iv": bench_iv(16).hex(), "msg": msg}),
        ("RC4, 8 KiB", {"op": "rc4", "key": bench_key(16).hex(), "msg": msg}),
        ("Montgomery product, 1024 bits", {"op": "montmul", "m": hx(m), "a": hx(a), "b": hx(b)}),
        ("RSA-1024 sign (CRT, SHA-256 digest)", {"op": "rsa", "fn": "sign", "hash": "sha256", "digest": digest,
                                                 "crt": "src", "n": hx(k.n), "e": hx(k.e), "d": hx(k.d),
                                                 "p": hx(k.p), "q": hx(k.q)}),
        ("B-163 kG, optimized" + (", software" if clmul else ""),
         {"op": "ec", "curve": "B-163", "fn": "mul", "k": scalar, **({"impl": "sw"} if clmul else {})}),
    ]
    if clmul:
        out.append(("B-163 kG, optimized, clmul unit", {"op": "ec", "curve": "B-163", "fn": "mul", "k": scalar,
                                                        "impl": "hw"}))
    return out


def measure(cfg, reqs, runs, log):
    ensure_all(cfg, log=log)
    figures = {}
    with SimSession(cfg, max_cycles=20_000_000_000, read_timeout=900) as s:
        for label, req in reqs:
            cyc = []
            for _ in range(runs):
                r = s.request(req)
                if not r.get("ok"):
                    raise SystemExit(f"{cfg.name}: {label}: {r}")
                cyc.append(r["cycles"])
            figures[label] = statistics.median(cyc)
            log(f"  {cfg.name}: {label}: {figures[label]:,.0f} cycles (runs {cyc})")
        s.close()
    return figures


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clmul", type=int, default=0, choices=(0, 1))
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args(argv)
    log = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    reqs = cases(bool(args.clmul))
    res = {mem: measure(Config.parse("full", bool(args.clmul), memory=mem), reqs, args.runs, log)
           for mem in ("sram", "sdram")}
    name = "full" + ("-clmul" if args.clmul else "")
    print(f"| {name}: median of {args.runs} calls | sram (default sim) | sdram (ULX3S SDRAM + 8 KiB L2) | change |")
    print("|---|---:|---:|---:|")
    for label, _ in reqs:
        a, b = res["sram"][label], res["sdram"][label]
        print(f"| {label} | {a:,.0f} | {b:,.0f} | {100 * (b - a) / a:+.1f} % |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
