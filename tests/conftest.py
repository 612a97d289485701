"""Shared fixtures: the native build of the C library, and simulation sessions."""

import ctypes
import os

import pytest

from vexrun.soc.build import Config, ensure_all, ensure_host
from vexrun.env import tool_env


def pytest_configure(config):
    config.addinivalue_line("markers", "sim(minutes=1): runs the simulated SoC (Verilator) for about "
                            "that many minutes of one core here")
    os.environ.update(tool_env())


def pytest_collection_modifyitems(items):
    """Longest first: make test's workers take whole modules in collection order, so the long
    SoC runs start first and the host tests fill both cores at the end."""
    def minutes(item):
        m = item.get_closest_marker("sim")
        return 0 if m is None else m.kwargs.get("minutes", 1)
    items.sort(key=lambda item: -minutes(item))


@pytest.fixture(scope="session")
def lib():
    """libvexcrypt.so: the firmware's crypto library compiled for the host."""
    return ctypes.CDLL(str(ensure_host()))


@pytest.fixture(scope="session")
def sim_config():
    """The default SoC configuration, model and firmware built."""
    return ensure_all(Config(), log=lambda m: print(m))
