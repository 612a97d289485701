"""Users' test-vector files for `vexrun vectors`: JSON lines, each an oracle request plus
"expect" (the response fields it must have) and optionally "name"; the file "-" is standard
input. Hex strings compare without regard to case; an expected "error" matches when it is part
of the response's error message; an expected field the response does not have fails the case.
A name given twice in one object is an error of the file, as the oracle refuses it in a
request: JSON would keep the last silently."""

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from vexrun.env import UsageError
from vexrun.soc.oracle import DuplicateKey, answer_only, loads_once

SHOWN = 24          # characters of each side shown around a difference


@dataclass
class Case:
    line: int            # 1-based line of the file
    label: str
    request: dict
    expect: dict


def read_cases(path) -> list[Case]:
    """The cases of a vector file ("-": standard input); UsageError naming the line for anything
    malformed."""
    try:
        text = sys.stdin.read() if str(path) == "-" else Path(path).read_text()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    cases = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            obj = loads_once(line)
        except json.JSONDecodeError as e:
            raise UsageError(f"{path}:{n}: malformed JSON: {e.msg} at column {e.colno}") from None
        except DuplicateKey as e:
            raise UsageError(f"{path}:{n}: {e} given twice in one object") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("op"), str):
            raise UsageError(f'{path}:{n}: a case is a JSON object with a string "op"')
        expect = obj.pop("expect", None)
        if not isinstance(expect, dict) or not expect:
            raise UsageError(f'{path}:{n}: "expect" must be an object naming at least one response field')
        name = obj.pop("name", None)
        if name is not None and not isinstance(name, str):
            raise UsageError(f'{path}:{n}: "name" must be a string')
        label = name or " ".join(str(obj[k]) for k in ("op", "fn", "curve", "mode", "dir") if k in obj)
        cases.append(Case(n, label, obj, expect))
    if not cases:
        raise UsageError(f"{path}: no cases (one JSON object per line)")
    return cases


def _clip(s: str, at: int) -> str:
    lo = max(0, at - SHOWN // 2)
    return ("..." if lo else "") + s[lo:lo + SHOWN] + ("..." if lo + SHOWN < len(s) else "")


def first_difference(expect: dict, resp: dict) -> str | None:
    """None when resp has every expected field; else the first difference, in words."""
    for key, want in expect.items():
        if key not in resp:
            why = (f"the SoC answered: {resp['error']}" if resp.get("error")
                   else "it has " + ", ".join(answer_only(resp)) + (", and measurements" if answer_only(resp) != resp else ""))
            return f"no field {key!r} in the response ({why})"
        got = resp[key]
        if isinstance(want, str) and isinstance(got, str):
            w, g = want.lower(), got.lower()
            if key == "error" and w in g:
                continue
            if w == g:
                continue
            at = next((i for i, (a, b) in enumerate(zip(w, g)) if a != b), min(len(w), len(g)))
            return (f"{key}: expected {_clip(want, at)!r}, got {_clip(got, at)!r} "
                    f"(first difference at character {at}; lengths {len(want)} and {len(got)})")
        if want != got:
            return f"{key}: expected {json.dumps(want)}, got {json.dumps(got)}"
    return None


def report(cases, responses, source, out) -> int:
    """Prints pass or FAIL per case (with the first difference) and a summary line; the exit
    status: 1 when a case failed."""
    failed = 0
    for case, resp in zip(cases, responses):
        diff = first_difference(case.expect, resp)
        failed += diff is not None
        print(f"{'FAIL' if diff else 'pass'}  line {case.line}  {case.label}" + (f": {diff}" if diff else ""),
              file=out, flush=True)
    print(f"vexrun vectors: {len(cases)} cases, {len(cases) - failed} passed, {failed} failed ({source})", file=out)
    return 1 if failed else 0
