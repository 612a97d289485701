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

/* Product scanning (Comba): column k of the product is summed in a three-word accumulator
 * (c2:c1:c0) held in registers, so the inner loop is two loads, mul, mulhu and carry adds,
 * with no store; it beats row-by-row addmul_1 by a fifth on VexRiscv. */
#define MAC(a, b)                                                    \
  do {                                                               \
    uint64_t p_ = (uint64_t)(a) * (b);                               \
    uint32_t lo_ = (uint32_t)p_, hi_ = (uint32_t)(p_ >> 32);         \
    c0 += lo_;                                                       \
    hi_ += c0 < lo_;            /* hi_ <= 2^32 - 2: no overflow */   \
    c1 += hi_;                                                       \
    c2 += c1 < hi_;                                                  \
  } while (0)

/* (c2:c1:c0) += sum of x[i] * y[-i] for i in [0, len): the len mod 4 odd terms first,
 * straight-line, then four per iteration (column overhead is a fifth of a 1024-bit product). */
#define MAC_RUN(x, y, len)                                           \
  do {                                                               \
    const uint32_t *px_ = (x), *py_ = (y);                           \
    size_t l_ = (len);                                               \
    switch (l_ & 3) {                                                \
    case 3:                                                          \
      MAC(px_[2], py_[-2]);                                          \
      /* fall through */                                             \
    case 2:                                                          \
      MAC(px_[1], py_[-1]);                                          \
      /* fall through */                                             \
    case 1:                                                          \
      MAC(px_[0], py_[0]);                                           \
      px_ += l_ & 3;                                                 \
      py_ -= l_ & 3;                                                 \
    }                                                                \
    for (l_ >>= 2; l_; l_--, px_ += 4, py_ -= 4) {                   \
      MAC(px_[0], py_[0]);                                           \
      MAC(px_[1], py_[-1]);                                          \
      MAC(px_[2], py_[-2]);                                          \
      MAC(px_[3], py_[-3]);                                          \
    }                                                                \
  } while (0)

void vc_mpn_mul(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
{
  uint32_t c0 = 0, c1 = 0, c2 = 0;
  if (an == 0 || bn == 0) {
    vc_mpn_zero(r, an + bn);
    return;
  }
  for (size_t k = 0; k + 1 < an + bn; k++) {
    size_t i0 = k + 1 > bn ? k + 1 - bn : 0, i1 = k < an - 1 ? k : an - 1;
    MAC_RUN(a + i0, b + (k - i0), i1 - i0 + 1);
    r[k] = c0;
    c0 = c1;
    c1 = c2;
    c2 = 0;
  }
  r[an + bn - 1] = c0;
}

void vc_mpn_sqr(uint32_t *r, const uint32_t *a, size_t n)
{
  uint32_t in0 = 0, in1 = 0;     /* carry into the next column */
  if (n == 0)
    return;
  for (size_t k = 0; k + 1 < 2 * n; k++) {
    uint32_t c0 = 0, c1 = 0, c2 = 0;
    /* Cross products a[i]*a[k-i], i < k-i, once each, then doubled. */
    size_t i0 = k + 1 > n ? k + 1 - n : 0;
    if (2 * i0 < k)
      MAC_RUN(a + i0, a + (k - i0), (k + 1) / 2 - i0);
    c2 = c2 << 1 | c1 >> 31;
    c1 = c1 << 1 | c0 >> 31;
    c0 <<= 1;
    if (!(k & 1))
      MAC(a[k / 2], a[k / 2]);
    c0 += in0;
    uint32_t cy = c0 < in0;
    c1 += cy;
    c2 += c1 < cy;
    c1 += in1;
    c2 += c1 < in1;
    r[k] = c0;
    in0 = c1;
    in1 = c2;
  }
  r[2 * n - 1] = in0;
}

/* Montgomery reduction by product scanning: r = t/2^(32n) mod m for the 2n-limb t < m*2^(32n),
 * column by column; q[i] = -t_i/m mod 2^32 zeroes column i. r has n limbs; the returned bit
 * is the (n+1)-th limb of r (r < 2m before the caller's final subtraction). */
uint32_t vc_mpn_redc(uint32_t *r, const uint32_t *t, const uint32_t *m, size_t n, uint32_t m0inv,
                     uint32_t *q)
{
  uint32_t c0 = 0, c1 = 0, c2 = 0;
  for (size_t i = 0; i < n; i++) {
    MAC_RUN(q, m + i, i);
    c0 += t[i];
    uint32_t cy = c0 < t[i];
    c1 += cy;
    c2 += c1 < cy;
    q[i] = c0 * m0inv;
    MAC(q[i], m[0]);
    c0 = c1;
    c1 = c2;
    c2 = 0;
  }
  for (size_t i = n; i < 2 * n; i++) {
    MAC_RUN(q + (i - n + 1), m + (n - 1), 2 * n - 1 - i);
    c0 += t[i];
    uint32_t cy = c0 < t[i];
    c1 += cy;
    c2 += c1 < cy;
    r[i - n] = c0;
    c0 = c1;
    c1 = c2;
    c2 = 0;
  }
  return c0;
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

/* Montgomery product by finely integrated product scanning (FIPS): column k of a*b and of
 * q*m summed together, q[k] chosen to clear column k < n, columns n..2n-1 are the result.
 * No 2n-limb product is ever stored. sqr (a == b): cross products summed once and doubled. */
static uint32_t mont_ps(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *m,
                        size_t n, uint32_t m0inv, uint32_t *q, int sqr)
{
  uint32_t c0 = 0, c1 = 0, c2 = 0;
  for (size_t k = 0; k + 1 < 2 * n; k++) {
    size_t j0 = k + 1 > n ? k + 1 - n : 0;       /* terms j0..k-j0 of the column */
    size_t len = k + 1 - 2 * j0;
    if (sqr) {
      uint32_t s0 = c0, s1 = c1, s2 = c2;        /* doubled cross products on top */
      c0 = c1 = c2 = 0;
      MAC_RUN(a + j0, a + (k - j0), len / 2);
      c2 = c2 << 1 | c1 >> 31;
      c1 = c1 << 1 | c0 >> 31;
      c0 <<= 1;
      if (len & 1)
        MAC(a[k / 2], a[k / 2]);
      c0 += s0;
      uint32_t cy = c0 < s0;
      c1 += cy;
      c2 += c1 < cy;
      c1 += s1;
      c2 += (c1 < s1) + s2;
    } else {
      MAC_RUN(a + j0, b + (k - j0), len);
    }
    if (k < n) {
      MAC_RUN(q, m + k, k);
      q[k] = c0 * m0inv;
      MAC(q[k], m[0]);
    } else {
      MAC_RUN(q + j0, m + (k - j0), n - j0);
      r[k - n] = c0;
    }
    c0 = c1;
    c1 = c2;
    c2 = 0;
  }
  r[n - 1] = c0;
  return c1;
}

uint32_t vc_mpn_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *m,
                         size_t n, uint32_t m0inv, uint32_t *q)
{
  return mont_ps(r, a, b, m, n, m0inv, q, 0);
}

uint32_t vc_mpn_mont_sqr(uint32_t *r, const uint32_t *a, const uint32_t *m, size_t n,
                         uint32_t m0inv, uint32_t *q)
{
  return mont_ps(r, a, a, m, n, m0inv, q, 1);
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
