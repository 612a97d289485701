/* Hash classes: one descriptor per hash, so code can take "a hash" as a parameter (the
 * self-tests and benchmarks, and later HMAC, RSA and DSA signatures). */
#include "vexcrypt/hash.h"

#define CLASS(name, NAME)                                                                  \
  static int name##_init_(void *ctx) { return vc_##name##_init((vc_##name##_ctx *)ctx); }   \
  static int name##_update_(void *ctx, const void *data, size_t len)                     \
  {                                                                                      \
    return vc_##name##_update((vc_##name##_ctx *)ctx, data, len);                        \
  }                                                                                      \
  static int name##_final_(void *ctx, uint8_t *out) { return vc_##name##_final((vc_##name##_ctx *)ctx, out); } \
  static int name##_oneshot_(const void *data, size_t len, uint8_t *out) { return vc_##name(data, len, out); } \
  const vc_hash_class vc_##name##_class = {#name, VC_##NAME##_DIGEST_LEN, VC_##NAME##_BLOCK_LEN, \
                                           sizeof(vc_##name##_ctx), name##_init_, name##_update_, \
                                           name##_final_, name##_oneshot_};

CLASS(md2, MD2)
CLASS(md4, MD4)
CLASS(md5, MD5)
CLASS(sha1, SHA1)
CLASS(sha256, SHA256)
