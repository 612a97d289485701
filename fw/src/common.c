#include "vexcrypt/common.h"

const char *vc_strerror(int err)
{
  switch (err) {
  case VC_OK: return "ok";
  case VC_ERR_NULL: return "null pointer";
  case VC_ERR_LENGTH: return "length out of range";
  case VC_ERR_STATE: return "context not initialised or already finalised";
  default: return "unknown error";
  }
}
