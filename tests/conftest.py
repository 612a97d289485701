"""Shared fixtures: the native build of the C library, and simulation sessions."""

import ctypes
import os

import pytest

from vexrun.soc.build import Config, ensure_all, ensure_host
from vexrun.env import tool_env


def pytest_configure(config):
    config.addinivalue_line("markers", "sim: runs the simulated SoC (Verilator)")
    os.environ.update(tool_env())


@pytest.fixture(scope="session")
def lib():
    """libvexcrypt.so: the firmware's crypto library compiled for the host."""
    return ctypes.CDLL(str(ensure_host()))


@pytest.fixture(scope="session")
def sim_config():
    """The default SoC configuration, model and firmware built."""
    return ensure_all(Config(), log=lambda m: print(m))
