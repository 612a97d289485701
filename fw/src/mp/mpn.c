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

VC_HOT(mp) uint32_t vc_mpn_sub_n(uint32_t *r, const uint32_t *a, const uint32_t *b, size_t n)
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

/* r = hi:t - m when hi:t >= m, else t (hi:t < 2m), without branches: one pass finds the
 * borrow of t - m, a second subtracts m masked by it (r may be t). */
VC_HOT(mpct) void vc_mpn_sub_m_ct(uint32_t *r, const uint32_t *t, uint32_t hi, const uint32_t *m,
                                size_t n)
{
  uint32_t bw = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t d = t[i] - m[i];
    bw = (t[i] < m[i]) | (d < bw);
  }
  uint32_t mask = ~vc_ct_mask(vc_ct_lt(hi, bw));    /* hi:t < m: hi = 0 and a borrow */
  bw = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t ti = t[i], mi = m[i] & mask, d = ti - mi;
    uint32_t b1 = ti < mi;
    r[i] = d - bw;
    bw = b1 | (d < bw);
  }
}

#define MUL_STEP(i)                                                  \
  do {                                                               \
    uint64_t t_ = (uint64_t)a[i] * b + c;                            \
    r[i] = (uint32_t)t_;                                             \
    c = (uint32_t)(t_ >> 32);                                        \
  } while (0)

VC_HOT(mp) uint32_t vc_mpn_mul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b)
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

#if defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_mul)
/* r[0..4) += a[0..4) * b + c in RV32IM assembly, c updated: two products in flight, so no
 * load or multiply result is used within three instructions (VexRiscv's latencies). */
#define ADDMUL4()                                                                \
  __asm__("lw t0, 0(%[a])\n\tlw t1, 4(%[a])\n\tlw t2, 0(%[r])\n\tlw t3, 4(%[r])\n\t"    \
          "mul t4, t0, %[b]\n\tmulhu t5, t0, %[b]\n\tmul t6, t1, %[b]\n\tmulhu t1, t1, %[b]\n\t" \
          "lw t0, 8(%[a])\n\t"                                                         \
          "add t4, t4, %[c]\n\tsltu %[c], t4, %[c]\n\tadd t5, t5, %[c]\n\t"              \
          "add t4, t4, t2\n\tsltu t2, t4, t2\n\tadd %[c], t5, t2\n\tsw t4, 0(%[r])\n\t"    \
          "lw t2, 12(%[a])\n\t"                                                        \
          "mul t4, t0, %[b]\n\tmulhu t5, t0, %[b]\n\t"                                   \
          "add t6, t6, %[c]\n\tsltu %[c], t6, %[c]\n\tadd t1, t1, %[c]\n\t"              \
          "add t6, t6, t3\n\tsltu t3, t6, t3\n\tadd %[c], t1, t3\n\tsw t6, 4(%[r])\n\t"    \
          "lw t3, 8(%[r])\n\t"                                                         \
          "mul t6, t2, %[b]\n\tmulhu t1, t2, %[b]\n\t"                                   \
          "lw t2, 12(%[r])\n\t"                                                        \
          "add t4, t4, %[c]\n\tsltu %[c], t4, %[c]\n\tadd t5, t5, %[c]\n\t"              \
          "add t4, t4, t3\n\tsltu t3, t4, t3\n\tadd %[c], t5, t3\n\tsw t4, 8(%[r])\n\t"    \
          "add t6, t6, %[c]\n\tsltu %[c], t6, %[c]\n\tadd t1, t1, %[c]\n\t"              \
          "add t6, t6, t2\n\tsltu t2, t6, t2\n\tadd %[c], t1, t2\n\tsw t6, 12(%[r])"       \
          : [c] "+&r"(c), "+m"(*(uint32_t(*)[4])r)                                      \
          : [a] "r"(a), [r] "r"(r), [b] "r"(b), "m"(*(const uint32_t(*)[4])a)            \
          : "t0", "t1", "t2", "t3", "t4", "t5", "t6")
#else
#define ADDMUL4()                                                                \
  do {                                                                           \
    ADDMUL_STEP(0);                                                              \
    ADDMUL_STEP(1);                                                              \
    ADDMUL_STEP(2);                                                              \
    ADDMUL_STEP(3);                                                              \
  } while (0)
#endif

VC_HOT(mp) uint32_t vc_mpn_addmul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b)
{
  uint32_t c = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4, a += 4, r += 4)
    ADDMUL4();
  for (; i < n; i++, a++, r++)
    ADDMUL_STEP(0);
  return c;
}

#define SUBMUL_STEP(i)                                               \
  do {                                                               \
    uint64_t p_ = (uint64_t)a[i] * b + c;                            \
    uint32_t lo_ = (uint32_t)p_, ri_ = r[i];                         \
    c = (uint32_t)(p_ >> 32) + (ri_ < lo_);                          \
    r[i] = ri_ - lo_;                                                \
  } while (0)

#if defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_mul)
/* r[0..4) -= a[0..4) * b + c, c the borrow limb: ADDMUL4's schedule, each limb's sum with r
 * replaced by the difference and its borrow (the division's inner loop: 14.5 cycles a limb on
 * VexRiscv, 17 compiled). */
#define SUBMUL4()                                                                \
  __asm__("lw t0, 0(%[a])\n\tlw t1, 4(%[a])\n\tlw t2, 0(%[r])\n\tlw t3, 4(%[r])\n\t"    \
          "mul t4, t0, %[b]\n\tmulhu t5, t0, %[b]\n\tmul t6, t1, %[b]\n\tmulhu t1, t1, %[b]\n\t" \
          "lw t0, 8(%[a])\n\t"                                                         \
          "add t4, t4, %[c]\n\tsltu %[c], t4, %[c]\n\tadd t5, t5, %[c]\n\t"              \
          "sltu %[c], t2, t4\n\tsub t2, t2, t4\n\tadd %[c], t5, %[c]\n\tsw t2, 0(%[r])\n\t" \
          "lw t2, 12(%[a])\n\t"                                                        \
          "mul t4, t0, %[b]\n\tmulhu t5, t0, %[b]\n\t"                                   \
          "add t6, t6, %[c]\n\tsltu %[c], t6, %[c]\n\tadd t1, t1, %[c]\n\t"              \
          "sltu %[c], t3, t6\n\tsub t3, t3, t6\n\tadd %[c], t1, %[c]\n\tsw t3, 4(%[r])\n\t" \
          "lw t3, 8(%[r])\n\t"                                                         \
          "mul t6, t2, %[b]\n\tmulhu t1, t2, %[b]\n\t"                                   \
          "lw t2, 12(%[r])\n\t"                                                        \
          "add t4, t4, %[c]\n\tsltu %[c], t4, %[c]\n\tadd t5, t5, %[c]\n\t"              \
          "sltu %[c], t3, t4\n\tsub t3, t3, t4\n\tadd %[c], t5, %[c]\n\tsw t3, 8(%[r])\n\t" \
          "add t6, t6, %[c]\n\tsltu %[c], t6, %[c]\n\tadd t1, t1, %[c]\n\t"              \
          "sltu %[c], t2, t6\n\tsub t2, t2, t6\n\tadd %[c], t1, %[c]\n\tsw t2, 12(%[r])"  \
          : [c] "+&r"(c), "+m"(*(uint32_t(*)[4])r)                                      \
          : [a] "r"(a), [r] "r"(r), [b] "r"(b), "m"(*(const uint32_t(*)[4])a)            \
          : "t0", "t1", "t2", "t3", "t4", "t5", "t6")
#else
#define SUBMUL4()                                                                \
  do {                                                                           \
    SUBMUL_STEP(0);                                                              \
    SUBMUL_STEP(1);                                                              \
    SUBMUL_STEP(2);                                                              \
    SUBMUL_STEP(3);                                                              \
  } while (0)
#endif

uint32_t vc_mpn_submul_1(uint32_t *r, const uint32_t *a, size_t n, uint32_t b)
{
  uint32_t c = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4, a += 4, r += 4)
    SUBMUL4();
  for (; i < n; i++, a++, r++)
    SUBMUL_STEP(0);
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

#if defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_mul)
/* (c2:c1:c0) += x[0]y[0] + x[1]y[-1] + x[2]y[-2] + x[3]y[-3] in RV32IM assembly: the next
 * products' loads and multiplies are issued before the previous one's carries, so no result
 * is used within three instructions of its load or multiply (VexRiscv's load and multiplier
 * latencies; compiled C stalls about once per product). */
#define MAC4(x, y)                                                               \
  __asm__("lw t0, 0(%[px])\n\tlw t1, 0(%[py])\n\tlw t2, 4(%[px])\n\tlw t3, -4(%[py])\n\t" \
          "mul t4, t0, t1\n\tmulhu t5, t0, t1\n\tmul t6, t2, t3\n\tmulhu t2, t2, t3\n\t"  \
          "lw t0, 8(%[px])\n\tlw t1, -8(%[py])\n\t"                                     \
          "add %[c0], %[c0], t4\n\tsltu t4, %[c0], t4\n\tadd t5, t5, t4\n\t"              \
          "add %[c1], %[c1], t5\n\tsltu t5, %[c1], t5\n\tadd %[c2], %[c2], t5\n\t"        \
          "lw t3, 12(%[px])\n\tlw t4, -12(%[py])\n\t"                                   \
          "mul t5, t0, t1\n\tmulhu t0, t0, t1\n\t"                                       \
          "add %[c0], %[c0], t6\n\tsltu t6, %[c0], t6\n\tadd t2, t2, t6\n\t"              \
          "add %[c1], %[c1], t2\n\tsltu t2, %[c1], t2\n\tadd %[c2], %[c2], t2\n\t"        \
          "mul t6, t3, t4\n\tmulhu t3, t3, t4\n\t"                                       \
          "add %[c0], %[c0], t5\n\tsltu t5, %[c0], t5\n\tadd t0, t0, t5\n\t"              \
          "add %[c1], %[c1], t0\n\tsltu t0, %[c1], t0\n\tadd %[c2], %[c2], t0\n\t"        \
          "add %[c0], %[c0], t6\n\tsltu t6, %[c0], t6\n\tadd t3, t3, t6\n\t"              \
          "add %[c1], %[c1], t3\n\tsltu t3, %[c1], t3\n\tadd %[c2], %[c2], t3"            \
          : [c0] "+r"(c0), [c1] "+r"(c1), [c2] "+r"(c2)                                  \
          : [px] "r"(x), [py] "r"(y), "m"(*(const uint32_t(*)[4])(x)),                    \
            "m"(*(const uint32_t(*)[4])((y) - 3))                                          \
          : "t0", "t1", "t2", "t3", "t4", "t5", "t6")
#else
#define MAC4(x, y)                                                               \
  do {                                                                           \
    MAC((x)[0], (y)[0]);                                                         \
    MAC((x)[1], (y)[-1]);                                                        \
    MAC((x)[2], (y)[-2]);                                                        \
    MAC((x)[3], (y)[-3]);                                                        \
  } while (0)
#endif

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
    for (const uint32_t *e_ = px_ + (l_ & ~(size_t)3); px_ != e_; px_ += 4, py_ -= 4) \
      MAC4(px_, py_);                                                \
  } while (0)

VC_HOT(mp) void vc_mpn_mul(uint32_t *r, const uint32_t *a, size_t an, const uint32_t *b, size_t bn)
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

VC_HOT(mp) void vc_mpn_sqr(uint32_t *r, const uint32_t *a, size_t n)
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

VC_HOT(mp) int vc_mpn_cmp(const uint32_t *a, const uint32_t *b, size_t n)
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

VC_HOT(mp) void vc_mpn_copy(uint32_t *r, const uint32_t *a, size_t n)
{
  if (r != a)
    for (size_t i = 0; i < n; i++)
      r[i] = a[i];
}

VC_HOT(mp) uint32_t vc_mpn_lshift(uint32_t *r, const uint32_t *a, size_t n, unsigned s)
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
