/* vexcrypt binary fields GF(2^m) with the NIST reduction polynomials (FIPS 186-4, D.1.3):
 *   GF(2^163): f(z) = z^163 + z^7 + z^6 + z^3 + 1
 *   GF(2^233): f(z) = z^233 + z^74 + 1
 * and three algorithm sets:
 *   basic         seed 001's basic set: multiply by shift-and-add, square by
 *                 self-multiplication, invert by the extended Euclidean algorithm;
 *   affine-table  seed 001's optimized set as it describes it: multiply by table look-up (the
 *                 comb, whose table holds b times every 4-bit polynomial), square by table
 *                 look-up (sqr_tab_var), invert by the almost-inverse algorithm (variable time);
 *   optimized     this project's: multiply by the comb, square by spreading the bits with shifts
 *                 and masks, invert by Itoh-Tsujii (constant time).
 * The affine-table and optimized sets reduce word by word for the NIST polynomials.
 *
 * Elements are VC_GF2M_WORDS little-endian 32-bit words, polynomial basis (bit i of word j is
 * the coefficient of z^(32j+i)); words beyond the field's and bits at or above m are zero
 * (a precondition of every operation, not checked, that every operation keeps). Outputs may
 * alias inputs. Unless named _var, operations are constant time.
 *
 * vc_gf2m_mul and vc_gf2m_sqr are the entry points; in the optimized set, a build with the
 * carry-less multiply unit (hw/clmul/) multiplies and squares on it unless it is turned off
 * (fw/drivers/accel.h; the request option "impl":"sw"), else by the comb and the spreading. The
 * Montgomery ladder's products by x and sqrt(b) take the same path (gf2m_internal.h). The
 * dispatching forms count their calls in vc_gf2m_stats (the benchmark splits a protocol's cost
 * by operation with these counts). */
#ifndef VEXCRYPT_GF2M_H
#define VEXCRYPT_GF2M_H

#include "vexcrypt/common.h"

#define VC_GF2M_WORDS 8                       /* enough for m <= 256 */
typedef uint32_t vc_gf2m[VC_GF2M_WORDS];

typedef struct {
  uint16_t m;                                 /* degree */
  uint16_t words;                             /* ceil(m / 32) */
  uint16_t k[3];                              /* f = z^m + z^k[0] (+ z^k[1] + z^k[2]) + 1;
                                                 unused terms are 0 */
} vc_gf2m_field;

extern const vc_gf2m_field vc_gf2m_163, vc_gf2m_233;

typedef enum { VC_EC_BASIC = 0, VC_EC_OPTIMIZED = 1, VC_EC_AFFINE_TABLE = 2, VC_EC_NSETS } vc_ec_set;

/* Byte strings: big-endian, exactly (m + 7) / 8 bytes. from_bytes: VC_ERR_RANGE when a bit at
 * or above m is set. */
int vc_gf2m_from_bytes(const vc_gf2m_field *f, vc_gf2m r, const uint8_t *in, size_t len);
int vc_gf2m_to_bytes(const vc_gf2m_field *f, const vc_gf2m a, uint8_t *out, size_t len);
size_t vc_gf2m_bytes(const vc_gf2m_field *f);

void vc_gf2m_add(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
int vc_gf2m_is_zero(const vc_gf2m_field *f, const vc_gf2m a);
int vc_gf2m_equal(const vc_gf2m_field *f, const vc_gf2m a, const vc_gf2m b);
/* Trace Tr(a) = a + a^2 + ... + a^(2^(m-1)) (0 or 1). */
int vc_gf2m_trace(const vc_gf2m_field *f, const vc_gf2m a);
/* A solution z of z^2 + z = a (the half-trace; m is odd): VC_ERR_RANGE when Tr(a) = 1,
 * VC_ERR_PARAM for a set outside vc_ec_set. */
int vc_gf2m_solve_quadratic(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m z, const vc_gf2m a);

/* The algorithm variants. */
void vc_gf2m_mul_shiftadd(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
void vc_gf2m_mul_comb(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
void vc_gf2m_sqr_spread(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
void vc_gf2m_sqr_tab_var(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
/* On the carry-less multiply unit (hw/clmul/): the dispatching forms use the instructions when
 * the build has the unit and it is not turned off (fw/drivers/accel.h), else the _sw forms,
 * which run the same sequence on the unit's C emulation. */
void vc_gf2m_mul_clmul(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
void vc_gf2m_sqr_clmul(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
void vc_gf2m_mul_clmul_sw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
void vc_gf2m_sqr_clmul_sw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
/* The instructions themselves: defined in builds with the unit only (VC_HAVE_CLMUL). */
void vc_gf2m_mul_clmul_hw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
void vc_gf2m_sqr_clmul_hw(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
/* Inverses: VC_ERR_NOINV for a = 0 (r untouched). */
int vc_gf2m_inv_euclid_var(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
int vc_gf2m_inv_almost_var(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);
int vc_gf2m_inv_itoh(const vc_gf2m_field *f, vc_gf2m r, const vc_gf2m a);

/* Dispatching forms: the algorithm set picks the variant (basic: shiftadd, shiftadd(a, a),
 * euclid_var; affine-table: comb (never the unit), sqr_tab_var, almost_var; optimized: comb or
 * the unit, spread or the unit, itoh). vc_gf2m_inv returns VC_ERR_PARAM for a set outside
 * vc_ec_set; mul and sqr return nothing and run the optimized form for one. */
void vc_gf2m_mul(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m r, const vc_gf2m a, const vc_gf2m b);
void vc_gf2m_sqr(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m r, const vc_gf2m a);
int vc_gf2m_inv(const vc_gf2m_field *f, vc_ec_set set, vc_gf2m r, const vc_gf2m a);

/* Calls of the dispatching forms since the last reset (not thread safe; statistics only). */
typedef struct { uint32_t mul, sqr, inv; } vc_gf2m_counts;
extern vc_gf2m_counts vc_gf2m_stats;

#endif
