#include "vexcrypt/common.h"

const char *vc_strerror(int err)
{
  switch (err) {
  case VC_OK: return "ok";
  case VC_ERR_NULL: return "null pointer";
  case VC_ERR_LENGTH: return "length out of range";
  case VC_ERR_STATE: return "context not initialised or already finalised";
  case VC_ERR_KEYLEN: return "unsupported key length or round count";
  case VC_ERR_PADDING: return "bad padding";
  case VC_ERR_OVERLAP: return "input and output overlap";
  case VC_ERR_MODULUS: return "modulus zero, even where it must be odd, or too large";
  case VC_ERR_RANGE: return "value out of range";
  case VC_ERR_NOINV: return "element not invertible";
  case VC_ERR_VERIFY: return "signature or encoding does not verify";
  case VC_ERR_FAULT: return "result check failed (fault): result withheld";
  case VC_ERR_PARAM: return "unsupported parameter";
  case VC_ERR_RETRY: return "search gave up after its bound";
  case VC_ERR_POINT: return "invalid elliptic-curve point";
  case VC_ERR_HW: return "accelerator error or timeout";
  default: return "unknown error";
  }
}
