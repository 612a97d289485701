/* The Montgomery co-processor (hw/mont/, a bus peripheral, MONT=1): Montgomery products
 * A*B/R mod N, R = 2^(32 VC_MONTU_RLIMBS(limbs)), on operands resident in the unit's operand
 * memory and named by slot, and a modular exponentiation driven by the CPU on resident operands. As _hw (the
 * unit), _sw (an emulation of its memory and commands on the mp code, bit-exact: the host
 * build's form and the self-test's reference) and dispatching forms (vc_accel_on(VC_ACCEL_MONT),
 * read once per call). Registers, window layout and timing: hw/mont/README.md.
 *
 * Preconditions, stated once:
 *  - vc_montu_setup comes first; the other calls work at its length (limbs) and modulus until
 *    the next setup. Slots are numbered at that length: 0 .. vc_montu_slots(limbs) - 1; slot
 *    VC_MONTU_SLOT_N holds the modulus.
 *  - A product's result is A*B/R mod N, fully reduced, when A*B < R*N (e.g. A, B < N).
 *  - The unit's memory and the emulation's are apart: one computation uses one form throughout
 *    (do not change vc_accel_off in the middle). Not for trap handlers (no state is saved).
 * -N^-1 mod 2^W is computed by the driver (Newton's iteration in vc_montu_setup) and written to
 * the unit's ninv register: cheaper than the unit's NINV command and its poll.
 * The unit's word is W = VC_MONTU_W bits (32 or 64, the build's MONT_W): operands are limbs of 32
 * bits either way, the unit works on them rounded up to whole words, VC_MONTU_RLIMBS(limbs)
 * limbs, and R is 2^32 to that power (at W = 64 an odd number of limbs gets one more: DSA's
 * 160-bit q has R = 2^192 there, 2^160 at W = 32). Loads write the padding limb as 0.
 *
 * Errors: VC_ERR_NULL (a NULL pointer), VC_ERR_PARAM (an undefined command), VC_ERR_LENGTH (limbs 0 or above VC_MONTU_MAX_LIMBS, or
 * fewer than 4 slots at that length), VC_ERR_MODULUS (m even or its top limb 0), VC_ERR_STATE
 * (no setup yet), VC_ERR_RANGE (a slot out of range, or the modulus slot as a result),
 * VC_ERR_HW (the unit flagged an error on a command since the setup, or a command did not end
 * within VC_MONTU_POLLS status reads).
 * The _hw products go through the unit's command queue: an exponentiation writes the next
 * command while the current one runs; every _hw call returns with the unit idle. */
#ifndef VEXCRYPT_DRIVERS_MONT_H
#define VEXCRYPT_DRIVERS_MONT_H

#include <stddef.h>
#include <stdint.h>

#include "accel.h"

/* The unit's geometry (soc.h in MONT=1 builds; else the SoC's defaults for the emulation, whose
 * word a host build may set with -DVC_MONTU_W=64). */
#if VC_HAVE_MONT
#define VC_MONTU_W MONT_W
#define VC_MONTU_MAX_BITS MONT_MAX_BITS
#else
#ifndef VC_MONTU_W
#define VC_MONTU_W 32
#endif
#define VC_MONTU_MAX_BITS 4096
#endif
#if VC_MONTU_W != 32 && VC_MONTU_W != 64
#error "fw/drivers/mont: the driver supports the unit's W = 32 and 64"
#endif
#define VC_MONTU_WORD_LIMBS (VC_MONTU_W / 32)
#define VC_MONTU_MAX_LIMBS (VC_MONTU_MAX_BITS / 32)
#define VC_MONTU_WORDS (8 * VC_MONTU_MAX_LIMBS)   /* operand memory: 8 slots of MAX_BITS */
#define VC_MONTU_MAX_SLOTS 256                    /* the CSRs' 8-bit slot fields */
/* Status reads before a wait gives up (VC_ERR_HW): the longest legal wait, a full queue of
 * RUNs of 512 products at 4096 bits and W = 32 (5 x 17 M cycles), at about 20 cycles a read. */
#define VC_MONTU_POLLS (1u << 23)

/* The unit's free-running counters, modulo 2^32: the cycles it has spent computing commands and
 * the commands it has started. Read before and after a call, the differences split the call's
 * cycles into the unit's busy time and the CPU's (issuing, polling, its own work), with nothing
 * added to the call. _hw only (the emulation takes no unit time). VC_ERR_NULL. */
typedef struct {
  uint32_t busy, commands;
} vc_montu_counts;
int vc_montu_counters_hw(vc_montu_counts *c);

/* The exponentiation's slots: the modulus, the result, the table's first two entries. */
enum { VC_MONTU_SLOT_N = 0, VC_MONTU_SLOT_ACC = 1, VC_MONTU_SLOT_ONE = 2, VC_MONTU_SLOT_X = 3 };

/* Slots at `limbs` limbs (stride: W-bit words, 2^ceil(log2 words)), at most VC_MONTU_MAX_SLOTS; 0
 * when limbs is 0 or above VC_MONTU_MAX_LIMBS. */
size_t vc_montu_slots(size_t limbs);

/* The limbs the unit works at for operands of `limbs` limbs: limbs rounded up to whole W-bit
 * words. R = 2^(32 VC_MONTU_RLIMBS(limbs)). */
#define VC_MONTU_RLIMBS(limbs) (((limbs) + VC_MONTU_WORD_LIMBS - 1) & ~(size_t)(VC_MONTU_WORD_LIMBS - 1))

/* Length 32*limbs bits, modulus m (limbs limbs, odd, m[limbs-1] != 0) into slot
 * VC_MONTU_SLOT_N, ninv = -m^-1 mod 2^W. */
int vc_montu_setup_hw(size_t limbs, const uint32_t *m);
int vc_montu_setup_sw(size_t limbs, const uint32_t *m);
int vc_montu_setup(size_t limbs, const uint32_t *m);

/* Operand transfers: x (limbs limbs) into slot `slot`, and slot `slot` out to x. */
int vc_montu_load_hw(unsigned slot, const uint32_t *x);
int vc_montu_load_sw(unsigned slot, const uint32_t *x);
int vc_montu_load(unsigned slot, const uint32_t *x);
int vc_montu_store_hw(unsigned slot, uint32_t *x);
int vc_montu_store_sw(unsigned slot, uint32_t *x);
int vc_montu_store(unsigned slot, uint32_t *x);

/* Slot r = slot a * slot b / R mod N (r may be a, b or another slot; not VC_MONTU_SLOT_N). */
int vc_montu_mul_hw(unsigned r, unsigned a, unsigned b);
int vc_montu_mul_sw(unsigned r, unsigned a, unsigned b);
int vc_montu_mul(unsigned r, unsigned a, unsigned b);

/* Command streams, for programs of field operations on resident operands (P-256's point
 * formulas): vc_montu_cmd queues a command word, vc_montu_word(op, r, a, b) in the unit's own
 * format: slot r = a * b / R (VC_MONTU_MUL), a + b or a - b mod N (VC_MONTU_ADD, VC_MONTU_SUB;
 * fully reduced for A, B < N), the slots as for vc_montu_mul; it returns while the unit
 * computes (the emulation computes at once). vc_montu_wait returns once every queued command
 * ended. Read results (vc_montu_store) only after vc_montu_wait. A command's cycles depend on
 * the length only, never on the operands or the slots. VC_ERR_PARAM for another op. */
enum { VC_MONTU_MUL = 1, VC_MONTU_ADD = 3, VC_MONTU_SUB = 4 };
static inline uint32_t vc_montu_word(unsigned op, unsigned r, unsigned a, unsigned b)
{
  return op | a << 8 | b << 16 | r << 24;
}

/* Programs: command sequences stored in the unit (_sw: in the emulation) and run by one command,
 * vc_montu_run_word(prog, out, p, q), queued with vc_montu_cmd like any other (P-256's point
 * formulas: the CPU issues one command for tens). Program prog (0 .. VC_MONTU_PROGS - 1) is
 * stored from entry VC_MONTU_PROG_BLOCK * prog of the unit's program memory; a longer one runs on
 * into the next blocks, and loading a program there unloads it. Its words are
 * vc_montu_word(op, r, a, b) with op MUL, ADD or SUB and each slot a reference
 * VC_MONTU_REF(class, index): slot index (0 .. 63) itself (VC_MONTU_ABS; never written as slot
 * VC_MONTU_SLOT_N), or the run's base slot P, Q or OUT plus index. vc_montu_program loads words
 * 0 .. n - 1 (the unit's own copy is written only where it differs: loading the same program
 * again costs no bus write); a run checks that every slot the program names is in range at
 * the length set up, and that the bases it uses are not the modulus slot. A run's cycles are
 * its commands' and RUN_START (hw/mont/README.md), whatever the bases' values.
 * Errors: VC_ERR_NULL, VC_ERR_LENGTH (n 0, or past the memory's end), VC_ERR_PARAM (prog out of
 * range, a word's op or its bits 7:4 not 0), VC_ERR_RANGE (a word writes slot VC_MONTU_SLOT_N),
 * VC_ERR_HW (the unit busy past VC_MONTU_POLLS status reads); a run: VC_ERR_PARAM (no program
 * loaded there), VC_ERR_RANGE (a slot out of range). */
enum { VC_MONTU_RUN = 5, VC_MONTU_PROGS = 16, VC_MONTU_PROG_BLOCK = 32 };
enum { VC_MONTU_PROG_WORDS = VC_MONTU_PROGS * VC_MONTU_PROG_BLOCK };
enum { VC_MONTU_ABS, VC_MONTU_P, VC_MONTU_Q, VC_MONTU_OUT };
#define VC_MONTU_REF(cls, index) ((unsigned)(cls) << 6 | (unsigned)(index))
static inline uint32_t vc_montu_run_word(unsigned prog, unsigned out, unsigned p, unsigned q)
{
  return vc_montu_word(VC_MONTU_RUN | prog << 4, out, p, q);
}
int vc_montu_program_hw(unsigned prog, const uint32_t *words, size_t n);
int vc_montu_program_sw(unsigned prog, const uint32_t *words, size_t n);
int vc_montu_program(unsigned prog, const uint32_t *words, size_t n);
int vc_montu_cmd_hw(uint32_t cmd);
int vc_montu_cmd_sw(uint32_t cmd);
int vc_montu_cmd(uint32_t cmd);
int vc_montu_wait_hw(void);
int vc_montu_wait_sw(void);
int vc_montu_wait(void);
/* Work for the CPU while it waits on the unit: while a command waits for room in the queue, the
 * driver calls fn(arg) between its status reads, one slice of the caller's work a call, until
 * fn returns 0 or less (done; the hook is then dropped). NULL: none. Only the unit waits (the
 * emulation computes at once), and a slice adds to the wait it runs in: keep slices shorter
 * than the queue's commands. vc_montu_wait runs none (its loop stays bare). */
void vc_montu_background(int (*fn)(void *), void *arg);
/* A number (never 0) that changes whenever the modulus or a slot may change, in the form the
 * dispatching functions pick now: while it stays the same, what a caller left in a slot is
 * still there (RSA's R^2, from the context's set-up to the exponentiation). */
uint32_t vc_montu_epoch(void);

/* Slot VC_MONTU_SLOT_ACC = X^e in Montgomery form, from X = slot VC_MONTU_SLOT_X and
 * one = R mod N in slot VC_MONTU_SLOT_ONE (both in Montgomery form, below N); e: ebits bits in
 * ceil(ebits/32) limbs (ebits 0: the result is one). Fixed window of w bits, the widest with
 * 2^w table entries in slots 2 .. 2^w + 1 (w <= 5): the command sequence depends on ebits and
 * limbs only; a secret window's value picks the table slot, which the unit's timing does not
 * depend on. Uses every slot from 1 to 2^w + 1. */
int vc_montu_exp_hw(const uint32_t *e, size_t ebits);
int vc_montu_exp_sw(const uint32_t *e, size_t ebits);
int vc_montu_exp(const uint32_t *e, size_t ebits);
/* The same result by left-to-right square-and-multiply, for public exponents only (variable
 * time: the exponent's bits decide the sequence); ebits is e's bit length (bit ebits - 1 set,
 * or ebits 0). ebits - 1 products plus one per one bit below the top, where
 * the fixed window always multiplies (cheaper for short exponents such as RSA's e). Uses slots
 * VC_MONTU_SLOT_ACC, ONE and X only. */
int vc_montu_exp_var_hw(const uint32_t *e, size_t ebits);
int vc_montu_exp_var_sw(const uint32_t *e, size_t ebits);
int vc_montu_exp_var(const uint32_t *e, size_t ebits);

#endif
