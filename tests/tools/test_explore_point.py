"""`vexrun explore`'s points and stages (vexrun/explore): the canonical form with the library's
defaults, every refusal as one line naming the key, and the stages' keys and data as Table 1
of seed 004 gives them."""

import pytest

from vexrun.env import UsageError
from vexrun.explore import point, stages


@pytest.mark.parametrize("text,private,canonical", [
    ("", False, "algo=2,radix=32,block=128,crt=none,cache=none,exp=window,window=6"),
    ("", True, "algo=2,radix=32,block=128,crt=mrc,cache=none,window=5,ct=1"),
    ("algo=4,block=512,crt=src", False, "algo=4,block=512,crt=src,cache=none,exp=window,window=6"),
    ("ct=0, algo=1, cache=intra, exp=lr", True, "algo=1,block=128,crt=mrc,cache=intra,exp=lr,ct=0"),
    ("algo=3,radix=8,window=3,ct=1", True, "algo=3,radix=8,block=128,crt=mrc,cache=none,window=3,ct=1"),
    ("algo=unit,block=32,cache=pre", False, "algo=unit,block=32,crt=none,cache=pre,w=32"),
    ("algo=unit,w=64", True, "algo=unit,block=128,crt=mrc,cache=none,ct=1,w=64"),
])
def test_canonical(text, private, canonical):
    pt = point.parse(text, private)
    assert str(pt) == canonical
    assert str(point.parse(canonical, private)) == canonical      # the canonical form reads back


@pytest.mark.parametrize("text,private,words", [
    ("algo=4,radix=8", False, "radix=8 does not apply"),
    ("algo=1,w=64", False, "w=64 does not apply"),
    ("ct=0", False, "ct=0 does not apply: a public exponent"),
    ("cache=pre", True, "cache=pre does not apply: a constant-time private operation"),
    ("cache=intra", False, "cache=intra does not apply"),
    ("exp=lr,window=3", False, "window=3 does not apply"),
    ("exp=rl", True, "exp=rl does not apply: in constant time"),
    ("algo=unit,exp=lr", False, "exp=lr does not apply"),
    ("algo=6", False, "algo=6: algo takes 1, 2, 3, 4, 5, unit"),
    ("block=100", False, "block=100: block takes 32, 64, 128, 256, 512"),
    ("radix=33", False, "radix=33: radix takes 1..32"),
    ("window=6", True, "window=6: window takes 1..5"),
    ("crt=yes", False, "crt=yes: crt takes none, src, mrc"),
    ("speed=fast", False, "unknown key 'speed'"),
    ("algo", False, "algo has no value"),
    ("algo=1,algo=2", False, "algo given twice"),
])
def test_refused(text, private, words):
    with pytest.raises(UsageError) as e:
        point.parse(text, private)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_request_fields():
    req = point.parse("algo=unit,crt=src,cache=pre", False).request()
    assert req == {"algo": 6, "crt": "src", "block": 128, "cache": "pre", "var": True}
    assert point.parse("algo=2,radix=8,ct=1", True).request()["var"] is False


def test_stages_are_table_1():
    """Data of 1,024, 288 and 384 bits; 16-bit public exponents for stages 1 and 3, the
    client's 1,024-bit private key for stage 2; the transaction's blocks repeat."""
    assert [len(stages.STAGES[s].data()) * 8 for s in ("1", "2", "3")] == [1024, 288, 384]
    for s in ("1", "3", "txn"):
        n, e, d, p, q = stages.key(stages.STAGES[s].key)
        assert e.bit_length() == 16 and n.bit_length() == 1024 and n == p * q and pow(pow(7, e, n), d, n) == 7
    assert stages.STAGES["2"].private and stages.key("client")[0].bit_length() == 1024
    txn = stages.STAGES["txn"].data()
    blocks = [txn[i:i + 4] for i in range(0, len(txn), 4)]
    assert len(set(blocks)) < len(blocks) // 3


def test_cli_refusal_is_one_line(capsys):
    """Refused before anything is built: one line, a non-zero exit."""
    from vexrun.cli import main
    for argv, words in ((["--stage", "2", "--point", "algo=4,radix=8"], "radix=8 does not apply"),
                        (["--stage", "4"], "--stage 4: the stages are 1, 2, 3, txn")):
        assert main(["explore", "measure", *argv]) != 0
        out, err = capsys.readouterr()
        assert out == "" and err.strip().count("\n") == 0 and words in err
