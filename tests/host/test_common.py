"""What the library says of itself (fw/include/vexcrypt/common.h), which the tests read instead
of copies (vexrun/native/api.py): every code of enum vc_err in vc_errors with vc_strerror's text, and
vc_sizeof for every type the public headers declare."""

import ctypes
import re

from vexrun.native import api
from vexrun.env import ROOT

HEADERS = sorted((ROOT / "fw" / "include" / "vexcrypt").glob("*.h"))


def test_error_table_is_the_enum():
    enum = re.search(r"enum vc_err \{(.*?)\};", (ROOT / "fw/include/vexcrypt/common.h").read_text(), re.S).group(1)
    codes = {name: int(v) for name, v in re.findall(r"(VC_\w+) = (-?\d+)", enum)}
    assert api.ERRORS == codes and list(api.ERRORS) == list(codes)
    api.LIB.vc_strerror.restype = ctypes.c_char_p
    for name, code in codes.items():
        assert getattr(api, name) == code
        assert api.LIB.vc_strerror(code).decode() not in ("", "unknown error"), name


def test_every_public_type_has_its_size():
    text = "".join(re.sub(r"/\*.*?\*/", "", h.read_text(), flags=re.S) for h in HEADERS)
    names = set(re.findall(r"^\} (vc_\w+);", text, re.M)) | set(re.findall(r"^typedef \w+ (vc_\w+)\[", text, re.M))
    assert {"vc_mp", "vc_mont", "vc_hmac_ctx", "vc_gf2m"} <= names
    assert all(api.sizeof(n) for n in names)
    assert api.LIB.vc_sizeof(b"vc_nothing") == 0
