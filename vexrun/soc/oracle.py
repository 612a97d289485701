"""The oracle's session loop (`vexrun oracle`, `vexrun vectors`): JSON-lines requests run on a
target (the simulated SoC, or a board over its serial port), one response per line. A malformed
line gets an error response and does not stop the others; a lost model or board is started
afresh for the next request."""

import json

from vexrun.soc.build import ensure_all
from vexrun.soc.sim import SimSession
from vexrun.soc.target import TargetError

BLANK = {"ok": False, "error": "blank line: one JSON request per line, e.g. {\"op\":\"ops\"}"}


def is_measurement(key):
    """A measurement field of an answer, as the firmware's `repeat` tells them (fw/app/io.c): the
    cycles, the instruction counts (a unit's polls among them) and a unit's counters, which differ
    between builds and calls that give the same answer."""
    return key == "cycles" or key.endswith("_cycles") or key == "instret" or key.startswith(("insn_", "unit_"))


def answer_only(ans):
    """An answer without its measurements."""
    return {k: v for k, v in ans.items() if not is_measurement(k)}


def sim_sessions(cfg, max_cycles, timeout, log):
    """A factory of sessions on the simulated SoC of `cfg` (built here if needed)."""
    ensure_all(cfg, log=log)
    return lambda: SimSession(cfg, max_cycles, read_timeout=timeout)


def responses(new_session, lines, reconnect_closes=False):
    """Yields one response per line of `lines` (blank lines get an error too). `new_session()`
    opens a target; after a target error the next request opens a new one (`reconnect_closes`:
    close the broken one first, as a serial port must be)."""
    sess = None
    max_line = None
    try:
        for line in lines:
            line = line.strip()
            if not line:
                yield BLANK
                continue
            try:
                req = loads_once(line)
            except json.JSONDecodeError as e:
                yield {"ok": False, "error": f"malformed JSON: {e.msg} at column {e.colno}"}
                continue
            except DuplicateKey as e:
                yield {"ok": False, "error": f"duplicate field {e}: give each field once"}
                continue
            if not isinstance(req, dict) or not isinstance(req.get("op"), str):
                yield {"ok": False, "error": "a request is a JSON object with a string \"op\""}
                continue
            if req["op"] == "exit":
                yield {"ok": False, "op": "exit", "error": "exit is reserved to the runner; end the input instead"}
                continue
            if req["op"] == "run":
                req.pop("exit", None)      # the simulation serves the next requests too
            try:
                if sess is None:
                    sess = new_session()
                    max_line = 2 * (sess.hello.get("max_input") or 32768) + 1024
                wire = json.dumps(req, separators=(",", ":"))
                if len(wire) > max_line:
                    yield {"ok": False, "op": req["op"],
                           "error": f"input too long (max {sess.hello['max_input']} bytes per request)"}
                    continue
                yield _answer(sess, req)
            except TargetError as e:
                # The model is gone (timeout, trap, cycle bound) or the board stopped answering:
                # say why, start afresh next time.
                yield {"ok": False, "op": req["op"], "error": str(e).splitlines()[0]}
                if sess is not None and reconnect_closes:
                    sess.close()
                sess = None
    finally:
        if sess is not None:
            try:
                sess.close()
            except TargetError:
                sess.kill()


class DuplicateKey(ValueError):
    """A JSON object that gives a key twice (its name, quoted)."""


def loads_once(text):
    """json.loads that refuses a key given twice in an object (json.loads keeps the last):
    the oracle's request syntax, for a line and for a vector file's case."""
    def pairs(items):
        out = {}
        for k, v in items:
            if k in out:
                raise DuplicateKey(json.dumps(k))
            out[k] = v
        return out
    return json.loads(text, object_pairs_hook=pairs)


def _answer(sess, req):
    """The target's answer to one request; a `run` request's records become one response."""
    resp = sess.request(req)
    if req["op"] == "run" and ("suite" in resp or resp.get("done")):
        recs = [resp]
        while not recs[-1].get("done"):
            recs.append(sess.read_json())
        done = recs.pop()
        resp = {"ok": done["fail"] == 0, "op": "run", "results": recs, "pass": done["pass"], "fail": done["fail"],
                "suites": done.get("suites", [])}
    return resp
