#include "md_common.h"

void vc_md_absorb(uint32_t *st, uint64_t *count, uint8_t *buf, const uint8_t *p, size_t len,
                  vc_md_compress f)
{
  size_t used = (size_t)(*count % VC_MD_BLOCK);
  *count += len;
  if (used) {
    size_t take = VC_MD_BLOCK - used < len ? VC_MD_BLOCK - used : len;
    memcpy(buf + used, p, take);
    p += take;
    len -= take;
    if (used + take < VC_MD_BLOCK)
      return;
    f(st, buf, 1);
  }
  f(st, p, len / VC_MD_BLOCK);
  memcpy(buf, p + (len & ~(size_t)(VC_MD_BLOCK - 1)), len % VC_MD_BLOCK);
}

static void store32(uint8_t *p, uint32_t v, int big_endian)
{
  if (big_endian)
    vc_st32be(p, v);
  else
    vc_st32le(p, v, 0);
}

void vc_md_finish(uint32_t *st, uint64_t count, uint8_t *buf, int big_endian, size_t nwords, uint8_t *out,
                  vc_md_compress f)
{
  size_t used = (size_t)(count % VC_MD_BLOCK);
  uint64_t bits = count << 3;
  buf[used++] = 0x80;
  if (used > VC_MD_BLOCK - 8) {
    memset(buf + used, 0, VC_MD_BLOCK - used);
    f(st, buf, 1);
    used = 0;
  }
  memset(buf + used, 0, VC_MD_BLOCK - 8 - used);
  if (big_endian)
    vc_st64be(buf + 56, bits);
  else
    vc_st64le(buf + 56, bits);
  f(st, buf, 1);
  for (size_t i = 0; i < nwords; i++)
    store32(out + 4 * i, st[i], big_endian);
}
