/* The cost hook of seed 004's native estimation (vexrun explore estimate, docs/explore.md): each
 * routine the public-key design space charges notes VC_COST(event, a, b) with its operand sizes
 * (a and b, as each event's line below says). Only a host build with -DVC_COST_HOOK counts them
 * (fw/test/fuzz/host_plat.c: the host oracle of `make -C fw host-oracle HOST_DEFS=-DVC_COST_HOOK=1` answers a
 * timed section's counts beside its cycles); everywhere else, the firmware included, the hook
 * is nothing. An event's model is its routine's own cycles: the routine less the events noted
 * inside it, so a call's estimate is the sum over every event it notes. */
#ifndef VEXCRYPT_COST_H
#define VEXCRYPT_COST_H

/* X(NAME, name): the events, by the name the host oracle answers with. */
#define VC_COST_EVENTS(X)                                                                          \
  X(MM, mm)                  /* a software Montgomery product: limbs; VC_COST_MM_FLAGS */        \
  X(MM_HIT, mm_hit)          /* ALGO1's intra-MM cache found M: limbs */                         \
  X(MM_MISS, mm_miss)        /* ... and stored it: limbs */                                      \
  X(MM_UNIT, mm_unit)        /* a product by the unit: limbs */                                  \
  X(INIT, init)              /* a set-up: limbs; R^2 in constant time | unit << 1 | a cache << 2 */ \
  X(NINV, ninv)              /* ALGO1's N' in the set-up: limbs */                               \
  X(EXP_VAR, exp_var)        /* vc_mp_modexp_var: limbs; exponent bits | method << 16 | unit << 20 */ \
  X(EXP_CT, exp_ct)          /* vc_mp_modexp: limbs; ebits | unit << 20 */                       \
  X(EXP_UNIT, exp_unit)      /* an exponentiation by the unit: limbs; exponent bits | ct << 16 */ \
  X(UNIT_SETUP, unit_setup)  /* the unit's modulus set up (its emulation notes): limbs */       \
  X(UNIT_XFER, unit_xfer)    /* an operand into or out of the unit: limbs; 0 in, 1 out */        \
  X(UNIT_MUL, unit_mul)      /* a product command: words at W; queued in a sequence (1) or waited */ \
  X(PRE_HIT, pre_hit)        /* the pre-ME cache found the result: limbs */                      \
  X(PRE_MISS, pre_miss)      /* ... or did not: limbs */                                         \
  X(LOOKUP, lookup)          /* the fixed window's table read whole: entries; limbs */           \
  X(FROM_LIMBS, from_limbs)  /* into Montgomery form in constant time: chunks; limbs */          \
  X(MUL, mul)                /* vc_mp_mul_var: limbs of a; of b */                               \
  X(SQR, sqr)                /* vc_mp_sqr_var: limbs */                                          \
  X(ADD, add)                /* vc_mp_add_var: limbs of a; of b */                               \
  X(SUB, sub)                /* vc_mp_sub_var: limbs of a; of b */                               \
  X(DIV, div)                /* vc_mp_divmod_var: limbs of a; of m */                            \
  X(FROM_BYTES, from_bytes)  /* bytes */                                                         \
  X(TO_BYTES, to_bytes)      /* bytes */                                                         \
  X(CRT, crt)                /* vc_mp_crt: limbs of p; of q */                                   \
  X(CRT_VAR, crt_var)        /* vc_mp_crt_var: VC_CRT_MRC or VC_CRT_SRC */                       \
  X(RSA_INIT, rsa_init)      /* a raw RSA operation's set-up: crt; private */                    \
  X(RSA_EXP, rsa_exp)        /* a raw RSA operation: crt; private | var << 1 */                  \
  X(RSA_BLOCK, rsa_block)    /* vc_rsa_block: blocks */

enum vc_cost_event {
#define VC_COST_ENUM(NAME, name) VC_COST_##NAME,
  VC_COST_EVENTS(VC_COST_ENUM)
#undef VC_COST_ENUM
  VC_COST_NEVENTS
};

/* A software product's b: the algorithm, its digit bits, dedicated squaring asked for (cfg.sqr),
 * the operands one pointer (a square), constant time. */
#define VC_COST_MM_FLAGS(cfg, square, ct) \
  ((cfg).algo | (uint32_t)(cfg).radix_bits << 3 | (uint32_t)(cfg).sqr << 9 | (uint32_t)(square) << 10 | (uint32_t)(ct) << 11)

#ifdef VC_COST_HOOK
void vc_cost(unsigned event, uint32_t a, uint32_t b);
/* acc = x^e R mod m (n limbs each, x < m, R = 2^(32 n); e: ebits bits): the result of the unit's
 * exponentiation sequence in Montgomery form, computed by the host (GMP) while the emulation
 * notes the sequence's products without computing them (the products are what the estimate
 * charges). An estimate should take a thousandth of the simulation: ~0.3 ms a 1,024-bit product
 * at W = 64 there, ~1.1 us by the library's product here, ~0.3 us by GMP's. */
void vc_cost_exp(uint32_t *acc, const uint32_t *x, const uint32_t *m, size_t n, const uint32_t *e, size_t ebits);
/* r = T = (a b + M m) / R, minus m when T >= m: the unit's product (n limbs, n even, GMP's
 * 64-bit limbs giving the same R and M), for the emulation's products at GMP's speed. */
void vc_cost_mont_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *m, size_t n);
#define VC_COST(event, a, b) vc_cost(VC_COST_##event, (uint32_t)(a), (uint32_t)(b))
#else
#define VC_COST(event, a, b) ((void)0)
#endif

#endif
