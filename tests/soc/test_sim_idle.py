"""An idle oracle does not spin the host: while the firmware waits for a request, the simulation
blocks on its input, and ends once its input has ended (the firmware writes the simulation control block's idle CSR before it
waits, hw/simctrl; the UART module, sim/modules/vexuart, blocks in poll() when every byte it
delivered has been read). What a request measures does not depend on it: the same requests
answered one at a time, the simulation idle between them, and sent all at once, the firmware
never waiting, give the same cycles."""

import os
import time

import pytest

from vexrun.soc.sim import SimSession

pytestmark = pytest.mark.sim

REQS = [{"op": "aes_tab", "key": "00" * 16, "msg": "11" * 1024}, {"op": "sha256", "msg": "616263"},
        {"op": "ec", "curve": "B-163", "fn": "mul", "k": "00" + "11" * 20},
        {"op": "mp", "fn": "mul", "a": "ff" * 64, "b": "ee" * 64}] * 2


def cpu_seconds(pid):
    """User and system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_an_idle_oracle_sleeps_and_its_cycles_do_not_change(sim_config):
    with SimSession(sim_config, 2_000_000_000, read_timeout=300) as s:
        idle = []
        for req in REQS:
            idle.append(s.request(req)["cycles"])
            time.sleep(0.2)
        t0, w0 = cpu_seconds(s.proc.pid), time.time()
        time.sleep(3)
        used, wall = cpu_seconds(s.proc.pid) - t0, time.time() - w0
        # after the same request as REQS[4]'s predecessor, a long idle changes nothing either
        assert s.request(REQS[4])["cycles"] == idle[4]
        s.close()
    assert used < 0.3, f"the idle simulation used {used:.2f} s of CPU in {wall:.1f} s"
    with SimSession(sim_config, 2_000_000_000, read_timeout=300) as s:
        for req in REQS:
            s.send(req)
        busy = [s.read_json()["cycles"] for _ in REQS]
        s.close()
    assert idle == busy


def test_the_simulation_ends_when_its_input_does(sim_config):
    """A host that goes away without ending the run (killed, say) closes the model's stdin: once
    the firmware has read everything and waits, the simulation ends by itself (status 0) instead
    of spinning to its cycle bound."""
    with SimSession(sim_config, 20_000_000_000, read_timeout=300) as s:
        s.send(REQS[1])
        s.proc.stdin.close()
        assert s.proc.wait(timeout=60) == 0
