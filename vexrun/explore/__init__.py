"""Seed 004's method (`vexrun explore`): the public-key stages of an SSL client's handshake and a
wireless transaction (stages.py) at any point of the algorithm design space (point.py, space.py),
measured in the simulated SoC or estimated natively: the library's routines characterized in the
SoC (charz.py), a macro-model fitted per routine (model.py) and a native run of the same C code
charging each routine its model (native.py)."""

import hashlib
import json
import time

from vexrun.env import ROOT, ToolError, git_commit
from vexrun.explore import point as points
from vexrun.explore import stages

# A stage's cycle bound: its slowest point (ALGO5, constant time, 32-bit blocks: nine private
# exponentiations of bit-serial products) takes about 10 G cycles.
MAX_CYCLES = 40_000_000_000
# The committed characterization: its records (request, SoC cycles) and where they come from.
CHARZ = ROOT / "docs" / "explore-characterization.json"
MODEL_CACHE = ROOT / "build" / "explore" / "model.json"


def config(pt):
    """The simulation build a point runs in: the unit's with algo=unit (at its word width), else
    the plain one."""
    from vexrun.soc.build import Config
    if pt.algo != "unit":
        return Config.parse("full")
    unit = points.unit_accelerator()
    return Config.parse("full", **{unit.name: 1, f"{unit.name}_w": pt.w})


def measure(stage_name: str, point_text: str, log=print) -> dict:
    """The stage's cycles at the point in the simulated SoC (the call of vc_rsa_block, its set-up
    included), its output checked against Python's pow block by block."""
    from vexrun.soc import run
    from vexrun.soc.build import ensure_all
    from vexrun.soc.sim import SimSession
    st = stages.stage(stage_name)
    pt = points.parse(point_text, st.private)
    cfg = ensure_all(config(pt), log=log)
    req = stages.request(st, pt)
    with SimSession(cfg, MAX_CYCLES, read_timeout=run.read_timeout(MAX_CYCLES)) as sess:
        t0 = time.perf_counter()
        ans = sess.request(req)
    wall = time.perf_counter() - t0
    if not ans.get("ok"):
        raise ToolError(f"explore measure: the firmware refused stage {st.name} at {pt}: {ans.get('error')}")
    if bytes.fromhex(ans["out"]) != stages.expected(st, pt.block):
        raise ToolError(f"explore measure: stage {st.name} at {pt}: the output differs from Python's pow")
    cache = {"hits": ans["hits"], "misses": ans["misses"]} if pt.cache != "none" else {}
    return {"stage": st.name, "point": str(pt), "cycles": ans["cycles"], **cache, "where": "sim", "config": cfg.name,
            "commit": git_commit(), "wall_s": round(wall, 4)}


def characterization():
    """The committed characterization: {"meta", "records"}."""
    if not CHARZ.exists():
        raise ToolError(f"{CHARZ.relative_to(ROOT)} is missing: run `vexrun explore characterize --commit`")
    return json.loads(CHARZ.read_text())


def fitted(records=None, natives=None, rows=None):
    """The macro-models fitted to the characterization's records (default: the committed ones),
    kept in build/explore/ while the records and the cost builds are the same; `rows`: the
    records' native events when the caller has them (counted)."""
    from vexrun.explore import model as models
    from vexrun.explore.native import defines
    from vexrun.soc.build import ensure_host
    records = records if records is not None else characterization()["records"]
    h = hashlib.sha256(json.dumps(records, sort_keys=True).encode())
    for w in sorted({r.get("w", 0) for r in records}):
        h.update(ensure_host("host-oracle", defines(w)).read_bytes())
    key = h.hexdigest()[:20]
    if MODEL_CACHE.exists():
        cached = json.loads(MODEL_CACHE.read_text())
        if cached.get("key") == key:
            return models.Model.from_json(cached["coef"])
    rows = rows or counted(records, natives)
    m = models.fit([(c, r["cycles"]) for r, c in rows])
    MODEL_CACHE.parent.mkdir(parents=True, exist_ok=True)
    MODEL_CACHE.write_text(json.dumps({"key": key, "coef": m.to_json()}, indent=1) + "\n")
    return m


def counted(records, natives=None):
    """[(record, its native events)] of characterization records (a unit's record names its word
    width, "w")."""
    from vexrun.explore.native import Natives
    nat = natives or Natives()
    try:
        return [(r, nat.get(r.get("w", 0)).counts(r["request"])) for r in records]
    finally:
        if natives is None:
            nat.close()


def estimate(stage_name: str, point_text: str, mdl=None, natives=None, commit=None) -> dict:
    """The stage's cycles at the point, estimated: the stage's call run natively in the cost build
    (the unit's, at its word width, for algo=unit), each routine it calls charged its model; the
    native run's output checked as measure's. `wall_s`: the request sent, answered and charged,
    as measure's is the request sent and answered (building it, the key and the data in Python,
    is neither the estimate nor the simulation)."""
    from vexrun.explore.native import Natives
    st = stages.stage(stage_name)
    pt = points.parse(point_text, st.private)
    mdl = mdl or fitted()
    req = stages.request(st, pt)
    nat = natives or Natives()
    try:
        proc = nat.get(pt.w)
        t0 = time.perf_counter()
        ans = proc.request(req)
        cycles = mdl.cycles(ans["cost"])
        wall = time.perf_counter() - t0
    finally:
        if natives is None:
            nat.close()
    if bytes.fromhex(ans["out"]) != stages.expected(st, pt.block):
        raise ToolError(f"explore estimate: stage {st.name} at {pt}: the native output differs from Python's pow")
    return {"stage": st.name, "point": str(pt), "cycles": round(cycles), "where": "estimate",
            "commit": commit or git_commit(), "wall_s": round(wall, 6)}
