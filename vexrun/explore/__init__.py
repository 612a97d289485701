"""Seed 004's method (`vexrun explore`): the public-key stages of an SSL client's handshake and a
wireless transaction (stages.py) at any point of the algorithm design space (point.py),
measured in the simulated SoC."""

from vexrun.env import ToolError, git_commit
from vexrun.explore import point as points
from vexrun.explore import stages

# A stage's cycle bound: its slowest point (ALGO5, constant time, 32-bit blocks: nine private
# exponentiations of bit-serial products) takes about 10 G cycles.
MAX_CYCLES = 40_000_000_000


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
    with SimSession(cfg, MAX_CYCLES, read_timeout=run.read_timeout(MAX_CYCLES)) as sess:
        ans = sess.request(stages.request(st, pt))
    if not ans.get("ok"):
        raise ToolError(f"explore measure: the firmware refused stage {st.name} at {pt}: {ans.get('error')}")
    if bytes.fromhex(ans["out"]) != stages.expected(st, pt.block):
        raise ToolError(f"explore measure: stage {st.name} at {pt}: the output differs from Python's pow")
    cache = {"hits": ans["hits"], "misses": ans["misses"]} if pt.cache != "none" else {}
    return {"stage": st.name, "point": str(pt), "cycles": ans["cycles"], **cache, "where": "sim", "config": cfg.name,
            "commit": git_commit()}
