"""What the oracle tests of the accelerated builds share: each request runs on the accelerator
and a sample of them also off it, and the two answers of a request are compared."""

from types import SimpleNamespace

import pytest

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


@pytest.fixture(scope="session")
def accel():
    """The two helpers above, for the modules' fixtures and tests: accel.cases, accel.pairs."""
    return SimpleNamespace(cases=on_and_off, pairs=hw_sw_pairs)
