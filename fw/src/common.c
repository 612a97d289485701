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
  default: return "unknown error";
  }
}
