/* Limb-array arithmetic: the inner loops every multiprecision routine runs on. The
 * multiply-accumulate loops are unrolled by four: on VexRiscv a 32x32->64 step is a mul, a
 * mulhu and carry propagation, and the loop overhead would otherwise be a third of it. */
#include "mpn.h"

uint32_t vc_mpn_add_n(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n)
{
  uint32_t c = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t s = a[i] + c;
    c = s < c;
    r[i] = s + b[i];
    c += r[i] < s;
  }
  return c;
}

uint32_t vc_mpn_sub_n(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n)
{
  uint32_t c = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t ai = a[i], d = ai - b[i];
    uint32_t c1 = d > ai;
    r[i] = d - c;
    c = c1 | (d < c);
  }
  return c;
}

uint32_t vc_mpn_add(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
  uint32_t c = vc_mpn_add_n(r, a, b, bn);
  for (size_t i = bn; i < an; i++) {
    r[i] = a[i] + c;
    c = r[i] < c;
  }
  return c;
}

uint32_t vc_mpn_sub(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
  uint32_t c = vc_mpn_sub_n(r, a, b, bn);
  for (size_t i = bn; i < an; i++) {
    uint32_t ai = a[i];
    r[i] = ai - c;
    c = ai < c;
  }
  return c;
}

#define MUL_STEP(i)                                                  \
  do {                                                               \
    uint64_t t_ = (uint64_t)a[i] * b + c;                            \
    r[i] = (uint32_t)t_;                                             \
    c = (uint32_t)(t_ >> 32);                                        \
  } while (0)

uint32_t vc_mpn_mul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b)
{
  uint32_t c = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4, a += 4, r += 4) {
    MUL_STEP(0);
    MUL_STEP(1);
    MUL_STEP(2);
    MUL_STEP(3);
  }
  for (; i < n; i++, a++, r++)
    MUL_STEP(0);
  return c;
}

#define ADDMUL_STEP(i)                                               \
  do {                                                               \
    uint64_t t_ = (uint64_t)a[i] * b + r[i] + c;                     \
    r[i] = (uint32_t)t_;                                             \
    c = (uint32_t)(t_ >> 32);                                        \
  } while (0)

uint32_t vc_mpn_addmul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b)
{
  uint32_t c = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4, a += 4, r += 4) {
    ADDMUL_STEP(0);
    ADDMUL_STEP(1);
    ADDMUL_STEP(2);
    ADDMUL_STEP(3);
  }
  for (; i < n; i++, a++, r++)
    ADDMUL_STEP(0);
  return c;
}

uint32_t vc_mpn_submul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b)
{
  uint32_t c = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t p = (uint64_t)a[i] * b + c;
    uint32_t lo = (uint32_t)p, ri = r[i];
    c = (uint32_t)(p >> 32) + (ri < lo);
    r[i] = ri - lo;
  }
  return c;
}

void vc_mpn_mul(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
  if (an == 0 || bn == 0) {
    vc_mpn_zero(r, an + bn);
    return;
  }
  r[an] = vc_mpn_mul_1(r, a, an, b[0]);
  for (size_t j = 1; j < bn; j++)
    r[an + j] = vc_mpn_addmul_1(r + j, a, an, b[j]);
}

void vc_mpn_sqr(uint32_t *r, const uint32_t *a, size_t n)
{
  if (n == 0)
    return;
  /* Cross products a[i]*a[j], i < j, once each. */
  r[0] = 0;
  r[n] = vc_mpn_mul_1(r + 1, a + 1, n - 1, a[0]);
  for (size_t i = 1; i + 1 < n; i++)
    r[n + i] = vc_mpn_addmul_1(r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
  r[2 * n - 1] = 0;
  /* Doubled, plus the squares on the diagonal. */
  vc_mpn_lshift(r, r, 2 * n, 1);
  uint32_t c = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t sq = (uint64_t)a[i] * a[i];
    uint64_t lo = (uint64_t)r[2 * i] + (uint32_t)sq + c;
    uint64_t hi = (uint64_t)r[2 * i + 1] + (uint32_t)(sq >> 32) + (uint32_t)(lo >> 32);
    r[2 * i] = (uint32_t)lo;
    r[2 * i + 1] = (uint32_t)hi;
    c = (uint32_t)(hi >> 32);
  }
}

/* Below this many limbs the schoolbook product wins (measured on VexRiscv full). */
#define KARATSUBA_MIN 16

void vc_mpn_mul_karatsuba(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n, uint32_t *t)
{
  if (n < KARATSUBA_MIN) {
    if (a == b)
      vc_mpn_sqr(r, a, n);
    else
      vc_mpn_mul(r, a, n, b, n);
    return;
  }
  size_t h = n / 2, hn = n - h;          /* a = a1*B^h + a0: a0 has h limbs, a1 hn >= h */
  uint32_t *sa = t, *sb = t + hn, *z1 = t + 2 * hn, *next = t + 4 * hn + 2;
  /* z0 = a0*b0 and z2 = a1*b1 straight into r. */
  vc_mpn_mul_karatsuba(r, a, b, h, next);
  vc_mpn_mul_karatsuba(r + 2 * h, a + h, b + h, hn, next);
  /* z1 = (a0 + a1)(b0 + b1) with the sums' carry bits ca, cb handled outside the recursion. */
  uint32_t ca = vc_mpn_add(sa, a + h, hn, a, h), cb = ca;
  if (a == b)                              /* squaring: the halves' sums are equal too */
    sb = sa;
  else
    cb = vc_mpn_add(sb, b + h, hn, b, h);
  vc_mpn_mul_karatsuba(z1, sa, sb, hn, next);
  z1[2 * hn] = 0;
  z1[2 * hn + 1] = 0;
  if (ca)
    vc_mpn_add(z1 + hn, z1 + hn, hn + 2, sb, hn);
  if (cb)
    vc_mpn_add(z1 + hn, z1 + hn, hn + 2, sa, hn);
  if (ca & cb) {
    static const uint32_t one = 1;
    vc_mpn_add(z1 + 2 * hn, z1 + 2 * hn, 2, &one, 1);
  }
  /* z1 -= z0 + z2 leaves a0*b1 + a1*b0 < 2 B^n (at most n + 1 <= 2n - h limbs); r += z1*B^h. */
  vc_mpn_sub(z1, z1, 2 * hn + 2, r, 2 * h);
  vc_mpn_sub(z1, z1, 2 * hn + 2, r + 2 * h, 2 * hn);
  vc_mpn_add(r + h, r + h, 2 * n - h, z1, vc_mpn_norm(z1, 2 * hn + 2));
}

int vc_mpn_cmp(const uint32_t *a, const uint32_t *b, size_t n)
{
  while (n--) {
    if (a[n] != b[n])
      return a[n] > b[n] ? 1 : -1;
  }
  return 0;
}

size_t vc_mpn_norm(const uint32_t *a, size_t n)
{
  while (n && a[n - 1] == 0)
    n--;
  return n;
}

void vc_mpn_zero(uint32_t *r, size_t n)
{
  for (size_t i = 0; i < n; i++)
    r[i] = 0;
}

void vc_mpn_copy(uint32_t *r, const uint32_t *a, size_t n)
{
  if (r != a)
    for (size_t i = 0; i < n; i++)
      r[i] = a[i];
}

uint32_t vc_mpn_lshift(uint32_t *r, const uint32_t *a, size_t n, unsigned s)
{
  if (s == 0 || n == 0) {
    vc_mpn_copy(r, a, n);
    return 0;
  }
  uint32_t out = a[n - 1] >> (32 - s);
  for (size_t i = n - 1; i > 0; i--)
    r[i] = a[i] << s | a[i - 1] >> (32 - s);
  r[0] = a[0] << s;
  return out;
}

uint32_t vc_mpn_rshift(uint32_t *r, const uint32_t *a, size_t n, unsigned s)
{
  if (s == 0 || n == 0) {
    vc_mpn_copy(r, a, n);
    return 0;
  }
  uint32_t out = a[0] << (32 - s);
  for (size_t i = 0; i + 1 < n; i++)
    r[i] = a[i] >> s | a[i + 1] << (32 - s);
  r[n - 1] = a[n - 1] >> s;
  return out;
}
