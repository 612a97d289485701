/* Multiplication and squaring on the carry-less multiply unit (hw/clmul/, fw/drivers/clmul.h),
 * then the fast NIST reduction. A product loads a and b into the unit (n/2 instructions each,
 * two words per instruction) and reads the 2n-1 words of the unreduced product in ascending
 * order, so the unit sums each of its n^2 word products once; a square spreads each half word
 * of a to the even bits (SPREAD), two instructions per word. Constant time: the instruction
 * sequence and the unit's timing depend on n only.
 *
 * _hw issues the instructions; _sw runs the same sequence on the unit's C emulation (the host
 * build's form, and the self-test's reference); the unprefixed forms dispatch (accel.h). */
#include "gf2m_internal.h"

/* The sequences, for OP = the instruction or the emulation (funct3, funct7, rs1, rs2); n = 6
 * or 8, known at compile time. */
/* The operands are loaded before the first instruction: VexRiscv holds a CFU instruction while
 * a load ahead of it is in the pipeline (2 cycles each when they alternate). */
#define LOAD(OP, a, b, n)                                                              \
  do {                                                                                 \
    uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5];         \
    uint32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5];         \
    uint32_t a6 = n > 6 ? a[6] : 0, a7 = n > 6 ? a[7] : 0;                              \
    uint32_t b6 = n > 6 ? b[6] : 0, b7 = n > 6 ? b[7] : 0;                              \
    __asm__ volatile("" : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(a4), "+r"(a5)); \
    __asm__ volatile("" : "+r"(b0), "+r"(b1), "+r"(b2), "+r"(b3), "+r"(b4), "+r"(b5)); \
    if (n > 6)                                                                         \
      __asm__ volatile("" : "+r"(a6), "+r"(a7), "+r"(b6), "+r"(b7));                   \
    OP(VC_CFU_LEN, n, 0, 0);                                                           \
    OP(VC_CFU_LDA, 0, a0, a1);                                                         \
    OP(VC_CFU_LDB, 0, b0, b1);                                                         \
    OP(VC_CFU_LDA, 2, a2, a3);                                                         \
    OP(VC_CFU_LDB, 2, b2, b3);                                                         \
    OP(VC_CFU_LDA, 4, a4, a5);                                                         \
    OP(VC_CFU_LDB, 4, b4, b5);                                                         \
    if (n > 6) {                                                                       \
      OP(VC_CFU_LDA, 6, a6, a7);                                                       \
      OP(VC_CFU_LDB, 6, b6, b7);                                                       \
    }                                                                                  \
  } while (0)

#define PROD(OP, c, k) c[k] = OP(VC_CFU_PROD, k, 0, 0)
#define PRODUCT(OP, c, n)                                                     \
  do {                                                                        \
    PROD(OP, c, 0); PROD(OP, c, 1); PROD(OP, c, 2); PROD(OP, c, 3);           \
    PROD(OP, c, 4); PROD(OP, c, 5); PROD(OP, c, 6); PROD(OP, c, 7);           \
    PROD(OP, c, 8); PROD(OP, c, 9); PROD(OP, c, 10);                          \
    if (n > 6) {                                                              \
      PROD(OP, c, 11); PROD(OP, c, 12); PROD(OP, c, 13); PROD(OP, c, 14);     \
    }                                                                         \
  } while (0)

#define SPREAD2(OP, c, a, i)                          \
  do {                                                \
    uint32_t w_ = a[i];                               \
    c[2 * (i)] = OP(VC_CFU_SPREAD, 0, w_, 0);         \
    c[2 * (i) + 1] = OP(VC_CFU_SPREAD, 1, w_, 0);     \
  } while (0)
/* a's top word has at most 16 bits (m - 32 (n - 1) is 3 or 9): one SPREAD. */
#define SQUARE(OP, c, a, n)                                                   \
  do {                                                                        \
    SPREAD2(OP, c, a, 0); SPREAD2(OP, c, a, 1); SPREAD2(OP, c, a, 2);         \
    SPREAD2(OP, c, a, 3); SPREAD2(OP, c, a, 4);                               \
    if (n > 6) {                                                              \
      SPREAD2(OP, c, a, 5); SPREAD2(OP, c, a, 6);                             \
    }                                                                         \
    c[2 * n - 2] = OP(VC_CFU_SPREAD, 0, a[n - 1], 0);                         \
  } while (0)

#define FIELD(f, body6, body8)                 \
  do {                                         \
    uint32_t c[2 * VC_GF2M_WORDS - 1];         \
    if (f->m == 163) {                         \
      body6;                                   \
      gf2m_reduce163(r, c);                    \
    } else {                                   \
      body8;                                   \
      gf2m_reduce233(r, c);                    \
    }                                          \
  } while (0)

#define SW(f3, f7, x, y) vc_cfu_sw(f3, f7, x, y)

void vc_gf2m_mul_clmul_sw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  FIELD(f, { LOAD(SW, a, b, 6); PRODUCT(SW, c, 6); }, { LOAD(SW, a, b, 8); PRODUCT(SW, c, 8); });
}

void vc_gf2m_sqr_clmul_sw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  FIELD(f, SQUARE(SW, c, a, 6), SQUARE(SW, c, a, 8));
}

#if VC_HAVE_CLMUL
/* One function per field, in the hot group of the binary-field ladder (internal.h), so a
 * curve's working set stays small in the 4 KiB instruction cache. */
#define HW VC_CFU_HW
static VC_HOT(gf2m) VC_NOINLINE void mul163(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t c[11];
  LOAD(HW, a, b, 6);
  PRODUCT(HW, c, 6);
  gf2m_reduce163(r, c);
}

static VC_HOT(gf2m) VC_NOINLINE void mul233(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint32_t c[15];
  LOAD(HW, a, b, 8);
  PRODUCT(HW, c, 8);
  gf2m_reduce233(r, c);
}

static VC_HOT(gf2m) VC_NOINLINE void sqr163(uint32_t *r, const uint32_t *a)
{
  uint32_t c[11];
  SQUARE(HW, c, a, 6);
  gf2m_reduce163(r, c);
}

static VC_HOT(gf2m) VC_NOINLINE void sqr233(uint32_t *r, const uint32_t *a)
{
  uint32_t c[15];
  SQUARE(HW, c, a, 8);
  gf2m_reduce233(r, c);
}

VC_HOT(gf2m) void vc_gf2m_mul_clmul_hw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
  if (f->m == 163)
    mul163(r, a, b);
  else
    mul233(r, a, b);
}

VC_HOT(gf2m) void vc_gf2m_sqr_clmul_hw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
  if (f->m == 163)
    sqr163(r, a);
  else
    sqr233(r, a);
}
#endif

VC_HOT(gf2m) void vc_gf2m_mul_clmul(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b)
{
#if VC_HAVE_CLMUL
  if (vc_accel_on(VC_ACCEL_CLMUL)) {
    if (f->m == 163)
      mul163(r, a, b);
    else
      mul233(r, a, b);
    return;
  }
#endif
  vc_gf2m_mul_clmul_sw(f, r, a, b);
}

VC_HOT(gf2m) void vc_gf2m_sqr_clmul(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a)
{
#if VC_HAVE_CLMUL
  if (vc_accel_on(VC_ACCEL_CLMUL)) {
    if (f->m == 163)
      sqr163(r, a);
    else
      sqr233(r, a);
    return;
  }
#endif
  vc_gf2m_sqr_clmul_sw(f, r, a);
}
