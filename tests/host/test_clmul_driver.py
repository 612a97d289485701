"""The carry-less multiply unit's firmware driver on the host (fw/drivers/clmul.c): the Zbc
software forms and the dispatching forms (software here: the host build has no unit) against
the specification, and the C emulation of the unit against its golden model (hw/clmul/model.py)
on every function id and on random programs of operations."""

import ctypes
import random

import pytest

from hw.clmul import model as m

U32 = ctypes.c_uint32


@pytest.fixture(scope="module")
def drv(lib):
    for name in ("vc_clmul", "vc_clmulh", "vc_clmulr", "vc_clmul_sw", "vc_clmulh_sw", "vc_clmulr_sw"):
        getattr(lib, name).restype = U32
        getattr(lib, name).argtypes = [U32, U32]
    lib.vc_cfu_sw.restype = U32
    lib.vc_cfu_sw.argtypes = [U32, U32, U32, U32]
    return lib


@pytest.mark.parametrize("op,name", [(m.CLMUL, "vc_clmul"), (m.CLMULH, "vc_clmulh"), (m.CLMULR, "vc_clmulr")])
def test_zbc_forms(drv, op, name):
    rng = random.Random(op)
    edge = [0, 1, 0xFFFFFFFF, 0x80000000] + [1 << i for i in range(0, 32, 5)]
    unit = m.ClmulUnit()
    for a, b in [(x, y) for x in edge for y in edge] + [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(300)]:
        want = unit.execute(m.fid(m.ZBC, op), a, b)[0]
        assert getattr(drv, name + "_sw")(a, b) == want
        assert getattr(drv, name)(a, b) == want


def test_emulation_follows_the_model(drv):
    """Random programs of operations (loads, lengths, product words in any order, Zbc, spreads
    and undefined ids) give the model's results, one by one."""
    rng = random.Random(7)
    unit = m.ClmulUnit()
    drv.vc_cfu_sw(m.LEN, 8, 0, 0)
    for f3 in (m.LDA, m.LDB):
        for i in range(0, 8, 2):
            drv.vc_cfu_sw(f3, i, 0, 0)                  # the emulation's state to the model's (zeros)
    for _ in range(20000):
        f3 = rng.choice([m.ZBC, m.LDA, m.LDB, m.LEN, m.PROD, m.PROD, m.PROD, m.SPREAD, 6, 7])
        f7 = rng.choice([rng.randrange(0, 17), rng.randrange(0, 128)])
        x, y = rng.getrandbits(32), rng.getrandbits(32)
        want = unit.execute(m.fid(f3, f7), x, y)[0]
        assert drv.vc_cfu_sw(f3, f7, x, y) == want, (f3, f7, x, y)
