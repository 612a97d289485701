"""What the SoC's oracle tests share: one oracle session answering a list of requests, and for
the accelerated builds, each request on the accelerator and a sample of them also off it, the
two answers of a request compared."""

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

VEXRUN = str(Path(sys.executable).parent / "vexrun")

# One request in SW_EVERY also runs with the accelerators off ("impl":"sw"): the software path
# is the plain build's, whose own run checks every request already.
SW_EVERY = 3


def on_and_off(cases):
    """(request with "impl", check) for each case: on the accelerator, every SW_EVERY-th also off."""
    return [(dict(req, impl=impl), check) for i, (req, check) in enumerate(cases)
            for impl in (("hw", "sw") if i % SW_EVERY == 0 else ("hw",))]


def hw_sw_pairs(answered):
    """(request, answer on the accelerator, answer off it) of the requests run both ways."""
    return [(ra, a, b) for ((ra, _), a), ((rb, _), b) in zip(answered, answered[1:])
            if ra.get("impl") == "hw" and rb.get("impl") == "sw"]


def ask(requests, *options, timeout=600):
    """The answers of one `vexrun oracle` session (options such as "--mont", "1") to requests
    (objects, or lines as sent), one answer a request."""
    lines = [q if isinstance(q, str) else json.dumps(q) for q in requests]
    r = subprocess.run([VEXRUN, "oracle", *options], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, timeout=timeout)
    assert r.returncode == 0, r.stderr
    answers = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(answers) == len(lines), r.stderr
    return answers


@pytest.fixture(scope="session")
def oracle():
    """ask above, for the modules' fixtures and tests."""
    return ask


@pytest.fixture(scope="session")
def accel():
    """The two helpers above, for the modules' fixtures and tests: accel.cases, accel.pairs."""
    return SimpleNamespace(cases=on_and_off, pairs=hw_sw_pairs)
