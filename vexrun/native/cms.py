"""ctypes view of the CMS options (fw/include/vexcrypt/cms.h) for the bad-input table; the
functions themselves are driven through the oracle (vexrun/proto/smime.py)."""

import ctypes

from vexrun.native.api import declared

DES3, AES128 = 1, 2


class Opts(ctypes.Structure):
    _fields_ = [("mp", ctypes.c_void_p), ("step", ctypes.c_void_p), ("step_arg", ctypes.c_void_p),
                ("field", ctypes.c_char_p)]


declared(Opts, "vc_cms_opts")
