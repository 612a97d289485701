/* The Montgomery co-processor's driver (mont.h): the unit's commands through its CSRs and
 * window (_hw), their emulation on the mp code (_sw), the dispatching forms, and the fixed-window
 * exponentiation as one command sequence for both. */
#include "mont.h"

#include "vexcrypt/common.h"
#include "../src/mp/mpn.h"

#if VC_HAVE_MONT
#include <generated/mem.h>
#include "vc_csr.h"
#endif

#define MAX_W 5

/* vc_montu_background's hook. */
static int (*bg_fn)(void *);
static void *bg_arg;

/* vc_montu_epoch: bumped by every call that may write a slot or the modulus, in either form
 * (once a call: an exponentiation's products share one). */
static uint32_t epoch = 1;

void vc_montu_background(int (*fn)(void *), void *arg)
{
  bg_fn = fn;
  bg_arg = arg;
}

/* One form's session: the length set up (0: none; the unit works at VC_MONTU_RLIMBS of it), log2
 * of the slot stride in limbs, the slots, and the bits of a command word that name a slot beyond
 * them (their count is a power of two). Its programs (kept across setups, as the unit keeps
 * them): the program memory (_hw: a copy of what the driver wrote to the unit's), each program's
 * length (0: none, so after a reset every program is written to the unit before its first run)
 * and, per reference class, the largest index it uses plus one. */
struct session {
  size_t limbs;
  unsigned lg;
  size_t nslots;
  uint32_t bad_slots;
  uint32_t prog[VC_MONTU_PROG_WORDS];
  uint16_t prog_len[VC_MONTU_PROGS];
  uint8_t prog_need[VC_MONTU_PROGS][4];
};

/* log2 of the slot stride in limbs: 2^ceil(log2 words) W-bit words. */
static unsigned stride_log2(size_t limbs)
{
  unsigned lg = VC_MONTU_W == 64;
  while (((size_t)1 << lg) < limbs)
    lg++;
  return lg;
}

size_t vc_montu_slots(size_t limbs)
{
  if (limbs == 0 || limbs > VC_MONTU_MAX_LIMBS)
    return 0;
  size_t s = VC_MONTU_WORDS >> stride_log2(limbs);
  return s < VC_MONTU_MAX_SLOTS ? s : VC_MONTU_MAX_SLOTS;
}

static int setup_check(struct session *ss, size_t limbs, const uint32_t *m)
{
  epoch++;
  if (!m)
    return VC_ERR_NULL;
  if (vc_montu_slots(limbs) < 4)
    return VC_ERR_LENGTH;
  if (!(m[0] & 1) || !m[limbs - 1])
    return VC_ERR_MODULUS;
  ss->limbs = limbs;
  ss->lg = stride_log2(limbs);
  ss->nslots = vc_montu_slots(limbs);
  ss->bad_slots = (uint32_t)(0xFF & ~(ss->nslots - 1)) * 0x01010100u;
  return VC_OK;
}

/* -m0^-1 mod 2^32 by Newton's iteration (m0 odd: m0*m0 = 1 mod 8 gives three bits). */
static uint32_t ninv32(uint32_t m0)
{
  uint32_t inv = m0;
  for (int i = 0; i < 4; i++)
    inv *= 2 - m0 * inv;
  return -inv;
}

VC_HOT(mont) static int slots_ok(const struct session *ss, unsigned a, unsigned b, unsigned r)
{
  if (!ss->limbs)
    return VC_ERR_STATE;
  return a < ss->nslots && b < ss->nslots && r < ss->nslots ? VC_OK : VC_ERR_RANGE;
}

/* A product's slots: in range, the result not the modulus. */
VC_HOT(mont) static int mul_ok(const struct session *ss, unsigned r, unsigned a, unsigned b)
{
  int rc = slots_ok(ss, a, b, r);
  return rc ? rc : r == VC_MONTU_SLOT_N ? VC_ERR_RANGE : VC_OK;
}

/* A RUN of a loaded program: every slot it names in range, the bases it uses not slot 0 (so no
 * base plus index is the modulus slot). */
_Static_assert(VC_MONTU_SLOT_N == 0, "run_ok keeps the modulus slot below every base");
VC_HOT(mont) static int run_ok(const struct session *ss, uint32_t cmd)
{
  unsigned prog = cmd >> 4 & 0xF;
  const uint8_t *need = ss->prog_need[prog];
  if (!ss->prog_len[prog])
    return VC_ERR_PARAM;
  if (need[VC_MONTU_ABS] > ss->nslots)
    return VC_ERR_RANGE;
  for (unsigned c = VC_MONTU_P; c <= VC_MONTU_OUT; c++) {
    unsigned base = cmd >> (8 * c) & 0xFF;          /* P: field a, Q: b, OUT: r */
    if (need[c] && (!base || base + need[c] > ss->nslots))
      return VC_ERR_RANGE;
  }
  return VC_OK;
}

/* A command word: a defined op (MUL, ADD, SUB: bits 1, 3, 4 of 0x1A), its slots as a
 * product's, on the word at once; or a RUN. */
VC_HOT(mont) static int cmd_ok(const struct session *ss, uint32_t cmd)
{
  if (!ss->limbs)
    return VC_ERR_STATE;
  if ((cmd & 0xF) == VC_MONTU_RUN)
    return run_ok(ss, cmd);
  if ((cmd & 0xF0) || !((0x1Au >> (cmd & 0xF)) & 1))
    return VC_ERR_PARAM;
  return cmd & ss->bad_slots || !(cmd >> 24) ? VC_ERR_RANGE : VC_OK;
}

/* Program prog = words (n), END on the last, into the session's program memory: *changed says
 * whether it differs from the one loaded there (the unit needs writing). */
static int program_set(struct session *ss, unsigned prog, const uint32_t *words, size_t n, int *changed)
{
  if (!words)
    return VC_ERR_NULL;
  if (prog >= VC_MONTU_PROGS)
    return VC_ERR_PARAM;
  size_t at = (size_t)prog * VC_MONTU_PROG_BLOCK;
  if (!n || n > VC_MONTU_PROG_WORDS - at)
    return VC_ERR_LENGTH;
  /* Loaded as it is: its words were checked then. A caller's END on the last word, which the
   * comparison would not see, makes it differ (and the check below refuses it). */
  *changed = ss->prog_len[prog] != n || (words[n - 1] & 0x80);
  for (size_t i = 0; i < n && !*changed; i++)
    *changed = ss->prog[at + i] != (words[i] | (i == n - 1 ? 0x80u : 0));
  if (!*changed)
    return VC_OK;
  uint8_t need[4] = {0};
  for (size_t i = 0; i < n; i++) {
    uint32_t w = words[i];
    if ((w & 0xF0) || !((0x1Au >> (w & 0xF)) & 1))
      return VC_ERR_PARAM;
    if ((w >> 24) == VC_MONTU_REF(VC_MONTU_ABS, VC_MONTU_SLOT_N))
      return VC_ERR_RANGE;
    for (unsigned f = 8; f < 32; f += 8) {
      unsigned ref = w >> f & 0xFF, c = ref >> 6;
      if ((ref & 63) + 1u > need[c])
        need[c] = (uint8_t)((ref & 63) + 1);
    }
  }
  for (unsigned q = 0; q < VC_MONTU_PROGS; q++) {    /* programs the new one overwrites */
    size_t qa = (size_t)q * VC_MONTU_PROG_BLOCK;
    if (q != prog && qa < at + n && at < qa + ss->prog_len[q])
      ss->prog_len[q] = 0;
  }
  for (size_t i = 0; i < n; i++)
    ss->prog[at + i] = words[i] | (i == n - 1 ? 0x80u : 0);
  ss->prog_len[prog] = (uint16_t)n;
  for (int c = 0; c < 4; c++)
    ss->prog_need[prog][c] = need[c];
  return VC_OK;
}

/* Table size 2^w of the exponentiation at this length: the widest that fits. */
static unsigned exp_width(size_t limbs)
{
  size_t n = vc_montu_slots(limbs);
  unsigned w = 1;
  while (w < MAX_W && ((size_t)2 << w) + 2 <= n)
    w++;
  return w;
}

/* Bits [pos, pos + w) of e (ebits bits; 0 above). */
VC_HOT(mont) static uint32_t window(const uint32_t *e, size_t ebits, size_t pos, unsigned w)
{
  uint32_t v = 0;
  for (unsigned j = 0; j < w; j++) {
    size_t i = pos + j;
    if (i < ebits)
      v |= ((e[i / 32] >> (i % 32)) & 1) << j;
  }
  return v;
}

/* The fixed window's command sequence (mont.h) on one form's product, unchecked (exp_width
 * keeps every slot in range): the table T[j] = X^j in slots 2 + j, then per window from the
 * top w squarings and a product by T[digit] (the first window: one * T[digit]). */
VC_HOT(mont) static int exp_seq(int (*mul)(unsigned, unsigned, unsigned), size_t limbs,
                                const uint32_t *e, size_t ebits)
{
  unsigned w = exp_width(limbs);
  const unsigned acc = VC_MONTU_SLOT_ACC, tab = VC_MONTU_SLOT_ONE;
  int rc = VC_OK;
  for (unsigned j = 2; j < (1u << w) && !rc; j++)
    rc = mul(tab + j, tab + j - 1, VC_MONTU_SLOT_X);
  size_t wins = (ebits + w - 1) / w;
  if (!rc)
    rc = mul(acc, tab, tab + (wins ? window(e, ebits, (wins - 1) * w, w) : 0));
  for (size_t i = wins; i-- > 1 && !rc;) {
    for (unsigned k = 0; k < w && !rc; k++)
      rc = mul(acc, acc, acc);
    if (!rc)
      rc = mul(acc, acc, tab + window(e, ebits, (i - 1) * w, w));
  }
  return rc;
}

/* Left-to-right square-and-multiply on slot X (public exponents: the bits decide the
 * sequence): a square per bit below the top one (the first is X * X) and a product per one
 * bit; e = 0 or 1: one * one or one * X. */
VC_HOT(mont) static int exp_var_seq(int (*mul)(unsigned, unsigned, unsigned), const uint32_t *e,
                                    size_t ebits)
{
  const unsigned acc = VC_MONTU_SLOT_ACC, x = VC_MONTU_SLOT_X, one = VC_MONTU_SLOT_ONE;
  if (ebits < 2)
    return mul(acc, one, ebits ? x : one);
  int rc = VC_OK;
  for (size_t i = ebits - 1; i-- > 0 && !rc;) {
    rc = i == ebits - 2 ? mul(acc, x, x) : mul(acc, acc, acc);
    if (!rc && (e[i / 32] >> (i % 32) & 1))
      rc = mul(acc, acc, x);
  }
  return rc;
}

/* ---- the emulation ---- */
/* In the cost build (fw/src/cost.h) the emulation stands for the unit: it notes each transfer
 * and product command, which vexrun/explore charges at the golden model's latency. */

static struct session sw;
static uint32_t emu[VC_MONTU_WORDS];

static uint32_t *emu_slot(unsigned slot)
{
  return emu + ((size_t)slot << sw.lg);
}

/* x (limbs limbs) into an emulated slot, the padding limb 0. */
static void emu_put(uint32_t *p, const uint32_t *x)
{
  epoch++;
  vc_mpn_copy(p, x, sw.limbs);
  vc_mpn_zero(p + sw.limbs, VC_MONTU_RLIMBS(sw.limbs) - sw.limbs);
}

int vc_montu_setup_sw(size_t limbs, const uint32_t *m)
{
  VC_COST(UNIT_SETUP, limbs, 0);
  int rc = setup_check(&sw, limbs, m);
  if (!rc)
    emu_put(emu_slot(VC_MONTU_SLOT_N), m);
  return rc;
}

/* Slot `slot` of the emulated memory, or NULL with *rc set (a NULL buffer x, a bad slot). */
static uint32_t *emu_xfer(unsigned slot, const void *x, int *rc)
{
  *rc = x ? slots_ok(&sw, slot, slot, slot) : VC_ERR_NULL;
  return *rc ? NULL : emu_slot(slot);
}

int vc_montu_load_sw(unsigned slot, const uint32_t *x)
{
  int rc;
  uint32_t *p = emu_xfer(slot, x, &rc);
  VC_COST(UNIT_XFER, sw.limbs, 0);
  if (p)
    emu_put(p, x);
  return rc;
}

int vc_montu_store_sw(unsigned slot, uint32_t *x)
{
  int rc;
  uint32_t *p = emu_xfer(slot, x, &rc);
  VC_COST(UNIT_XFER, sw.limbs, 1);
  if (p)
    vc_mpn_copy(x, p, sw.limbs);
  return rc;
}

/* The unit's result: T = (A*B + M*N)/R, minus N when T >= N (T does not depend on the word
 * size of the reduction: M = -A*B/N mod R; the padding limb is 0). r may be a or b. */
static void emu_product(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  size_t n = VC_MONTU_RLIMBS(sw.limbs);
  const uint32_t *m = emu_slot(VC_MONTU_SLOT_N);
#ifdef VC_COST_HOOK
  if (n % 2 == 0) {
    vc_cost_mont_mul(r, a, b, m, n);
    return;
  }
#endif
  uint32_t t[VC_MONTU_MAX_LIMBS], q[VC_MONTU_MAX_LIMBS];
  uint32_t hi = vc_mpn_mont_mul(t, a, b, m, n, ninv32(m[0]), q);
  if (hi || vc_mpn_cmp(t, m, n) >= 0)
    vc_mpn_sub_n(t, t, m, n);
  vc_mpn_copy(r, t, n);
}

static int emu_mul(unsigned r, unsigned a, unsigned b)
{
  emu_product(emu_slot(r), emu_slot(a), emu_slot(b));
  return VC_OK;
}

/* Words at W of the session's length: a product command's size. */
#define SW_WORDS (VC_MONTU_RLIMBS(sw.limbs) / VC_MONTU_WORD_LIMBS)

int vc_montu_mul_sw(unsigned r, unsigned a, unsigned b)
{
  VC_COST(UNIT_MUL, SW_WORDS, 0);
  int rc = mul_ok(&sw, r, a, b);
  epoch++;
  return rc ? rc : emu_mul(r, a, b);
}

/* A checked MUL, ADD or SUB. The unit's ADD and SUB: A + B minus N when that is at least N;
 * A - B plus N when it borrows. */
VC_HOT(mont) static void emu_cmd(unsigned op, unsigned r, unsigned a, unsigned b)
{
  if (op == VC_MONTU_MUL) {
    emu_mul(r, a, b);
    return;
  }
  uint32_t t[VC_MONTU_MAX_LIMBS];
  size_t n = VC_MONTU_RLIMBS(sw.limbs);
  const uint32_t *m = emu_slot(VC_MONTU_SLOT_N);
  if (op == VC_MONTU_ADD) {
    if (vc_mpn_add_n(t, emu_slot(a), emu_slot(b), n) || vc_mpn_cmp(t, m, n) >= 0)
      vc_mpn_sub_n(t, t, m, n);
  } else if (vc_mpn_sub_n(t, emu_slot(a), emu_slot(b), n)) {
    vc_mpn_add_n(t, t, m, n);
  }
  vc_mpn_copy(emu_slot(r), t, n);
}

/* A program's words as the unit's sequencer runs them: each reference resolved against the
 * bases (class 0: base 0). */
VC_HOT(mont) static void emu_run(uint32_t cmd)
{
  const unsigned base[4] = {0, cmd >> 8 & 0xFF, cmd >> 16 & 0xFF, cmd >> 24};
  const uint32_t *w = sw.prog + (cmd >> 4 & 0xF) * VC_MONTU_PROG_BLOCK;
  unsigned slot[3];
  do {
    for (unsigned f = 0; f < 3; f++) {
      unsigned ref = *w >> (8 + 8 * f) & 0xFF;
      slot[f] = base[ref >> 6] + (ref & 63);
    }
    emu_cmd(*w & 0xF, slot[2], slot[0], slot[1]);
  } while (!(*w++ & 0x80));
}

VC_HOT(mont) int vc_montu_cmd_sw(uint32_t cmd)
{
  int rc = cmd_ok(&sw, cmd);
  if (rc)
    return rc;
  epoch++;
  if ((cmd & 0xF) == VC_MONTU_RUN)
    emu_run(cmd);
  else
    emu_cmd(cmd & 0xF, cmd >> 24, cmd >> 8 & 0xFF, cmd >> 16 & 0xFF);
  return VC_OK;
}

int vc_montu_program_sw(unsigned prog, const uint32_t *words, size_t n)
{
  int changed;
  return program_set(&sw, prog, words, n, &changed);
}

/* A product of an exponentiation's sequence: queued on the unit. The cost build notes it only
 * and has the host compute the sequence's result (emu_exp; cost.h vc_cost_exp). */
static int emu_seq_mul(unsigned r, unsigned a, unsigned b)
{
  VC_COST(UNIT_MUL, SW_WORDS, 1);
#ifdef VC_COST_HOOK
  (void)r, (void)a, (void)b;
  return VC_OK;
#else
  return emu_mul(r, a, b);
#endif
}

/* rc: the sequence's. In the cost build, slot ACC then gets the result its products would leave:
 * X^e R^(1 - e), from X out of Montgomery form (X * 1 / R). */
static int emu_exp(int rc, const uint32_t *e, size_t ebits)
{
#ifdef VC_COST_HOOK
  if (!rc) {
    uint32_t x[VC_MONTU_MAX_LIMBS], one[VC_MONTU_MAX_LIMBS] = {1};
    emu_product(x, emu_slot(VC_MONTU_SLOT_X), one);
    vc_cost_exp(emu_slot(VC_MONTU_SLOT_ACC), x, emu_slot(VC_MONTU_SLOT_N), VC_MONTU_RLIMBS(sw.limbs), e, ebits);
  }
#else
  (void)e, (void)ebits;
#endif
  return rc;
}

int vc_montu_wait_sw(void)
{
  return sw.limbs ? VC_OK : VC_ERR_STATE;
}

int vc_montu_exp_sw(const uint32_t *e, size_t ebits)
{
  if (!e && ebits)
    return VC_ERR_NULL;
  epoch++;
  return sw.limbs ? emu_exp(exp_seq(emu_seq_mul, sw.limbs, e, ebits), e, ebits) : VC_ERR_STATE;
}

int vc_montu_exp_var_sw(const uint32_t *e, size_t ebits)
{
  if (!e && ebits)
    return VC_ERR_NULL;
  epoch++;
  return sw.limbs ? emu_exp(exp_var_seq(emu_seq_mul, e, ebits), e, ebits) : VC_ERR_STATE;
}

/* ---- the unit ---- */

#if VC_HAVE_MONT
_Static_assert(CSR_MONT_COMMAND_OP_OFFSET == 0 && CSR_MONT_COMMAND_A_OFFSET == 8 &&
                   CSR_MONT_COMMAND_B_OFFSET == 16 && CSR_MONT_COMMAND_R_OFFSET == 24,
               "vc_montu_word's format is the command register's");
static struct session hw;

static volatile uint32_t *hw_slot(unsigned slot)
{
  return (volatile uint32_t *)MONT_BASE + ((size_t)slot << hw.lg);
}

/* Waits until every queued command ended: VC_ERR_HW on an error flag (any command's since the
 * setup) or after VC_MONTU_POLLS status reads. */
VC_HOT(mont) static int hw_wait(void)
{
  for (uint32_t i = 0; i < VC_MONTU_POLLS; i++) {
    uint32_t st = mont_status_read();
    if (st & (1u << CSR_MONT_STATUS_DONE_OFFSET))
      return st >> CSR_MONT_STATUS_ERR_OFFSET ? VC_ERR_HW : VC_OK;
  }
  return VC_ERR_HW;
}

/* Commands the unit's queue takes without a status read: the free entries the last read saw,
 * less the commands written since (the driver is the queue's only writer, and it only drains
 * meanwhile). A status read costs about as much as a 256-bit addition on the unit. */
static uint32_t credit;

static inline uint32_t hw_space(void)
{
  return mont_status_read() >> CSR_MONT_STATUS_SPACE_OFFSET & ((1u << CSR_MONT_STATUS_SPACE_SIZE) - 1);
}

/* While the queue is full, the caller's slices between status reads (vc_montu_background;
 * bounded: its work ends). */
VC_HOT(mont) VC_NOINLINE static void hw_fill(void)
{
  while (bg_fn && !(credit = hw_space()))
    if (bg_fn(bg_arg) <= 0)
      bg_fn = NULL;
}

/* Queues a command word (unchecked) once the queue has room: it starts when the one running
 * ends, so the CPU prepares the next commands while the unit computes. The waiting loop itself
 * stays bare: a test of the hook in it costs a W = 64 product tens of cycles. */
VC_HOT(mont) static int hw_issue(uint32_t cmd)
{
  if (!credit && bg_fn)
    hw_fill();
  for (uint32_t i = 0; !credit; i++) {
    if (i == VC_MONTU_POLLS)
      return VC_ERR_HW;
    credit = hw_space();
  }
  credit--;
  mont_command_write(cmd);
  return VC_OK;
}

VC_HOT(mont) static int hw_queue(unsigned r, unsigned a, unsigned b)
{
  return hw_issue(vc_montu_word(VC_MONTU_MUL, r, a, b));
}

/* x (limbs limbs) into a slot of the window, the padding limb 0. */
static void hw_put(volatile uint32_t *p, const uint32_t *x)
{
  epoch++;
  size_t i = 0;
  for (; i < hw.limbs; i++)
    p[i] = x[i];
  for (; i < VC_MONTU_RLIMBS(hw.limbs); i++)
    p[i] = 0;
}

int vc_montu_setup_hw(size_t limbs, const uint32_t *m)
{
  int rc = setup_check(&hw, limbs, m);
  if (rc)
    return rc;
  if (mont_status_read() & (1u << CSR_MONT_STATUS_BUSY_OFFSET))
    (void)hw_wait();                   /* a command left running (a timeout); the write clears its flags */
  mont_modulus_write((uint32_t)(32 * limbs) << CSR_MONT_MODULUS_LEN_OFFSET |
                     (uint32_t)VC_MONTU_SLOT_N << CSR_MONT_MODULUS_N_OFFSET);
#if VC_MONTU_W == 64
  /* One more Newton step from the 32-bit inverse doubles its bits. */
  uint64_t m0 = m[0] | (uint64_t)(limbs > 1 ? m[1] : 0) << 32, inv = (uint32_t)-ninv32(m[0]);
  mont_ninv_write(-(inv * (2 - m0 * inv)));
#else
  mont_ninv_write(ninv32(m[0]));
#endif
  hw_put(hw_slot(VC_MONTU_SLOT_N), m);
  return VC_OK;
}

/* Slot `slot` in the window, or NULL with *rc set (a NULL buffer x, a bad slot). */
static volatile uint32_t *hw_xfer(unsigned slot, const void *x, int *rc)
{
  *rc = x ? slots_ok(&hw, slot, slot, slot) : VC_ERR_NULL;
  return *rc ? NULL : hw_slot(slot);
}

int vc_montu_load_hw(unsigned slot, const uint32_t *x)
{
  int rc;
  volatile uint32_t *p = hw_xfer(slot, x, &rc);
  if (p)
    hw_put(p, x);
  return rc;
}

int vc_montu_store_hw(unsigned slot, uint32_t *x)
{
  int rc;
  volatile uint32_t *p = hw_xfer(slot, x, &rc);
  for (size_t i = 0; p && i < hw.limbs; i++)
    x[i] = p[i];
  return rc;
}

VC_HOT(mont) int vc_montu_mul_hw(unsigned r, unsigned a, unsigned b)
{
  int rc = mul_ok(&hw, r, a, b);
  return rc ? rc : (rc = hw_queue(r, a, b)) ? rc : (epoch++, hw_wait());
}

VC_HOT(mont) int vc_montu_cmd_hw(uint32_t cmd)
{
  int rc = cmd_ok(&hw, cmd);
  return rc ? rc : (rc = hw_issue(cmd), epoch++, rc);
}

int vc_montu_program_hw(unsigned prog, const uint32_t *words, size_t n)
{
  const uint32_t busy = 1u << CSR_MONT_STATUS_BUSY_OFFSET;
  if (mont_status_read() & busy) {    /* the unit drops program writes while busy */
    (void)hw_wait();
    if (mont_status_read() & busy)
      return VC_ERR_HW;
  }
  int changed, rc = program_set(&hw, prog, words, n, &changed);
  if (rc || !changed)
    return rc;
  const uint32_t *w = hw.prog + (size_t)prog * VC_MONTU_PROG_BLOCK;
  mont_prog_addr_write((uint32_t)prog * VC_MONTU_PROG_BLOCK);
  for (size_t i = 0; i < n; i++)
    mont_prog_data_write(w[i]);
  return VC_OK;
}

int vc_montu_counters_hw(vc_montu_counts *c)
{
  if (!c)
    return VC_ERR_NULL;
  c->busy = mont_busy_cycles_read();
  c->commands = mont_commands_read();
  return VC_OK;
}

int vc_montu_wait_hw(void)
{
  return hw.limbs ? hw_wait() : VC_ERR_STATE;
}

VC_HOT(mont) int vc_montu_exp_hw(const uint32_t *e, size_t ebits)
{
  if (!e && ebits)
    return VC_ERR_NULL;
  epoch++;
  int rc = hw.limbs ? exp_seq(hw_queue, hw.limbs, e, ebits) : VC_ERR_STATE;
  return rc ? rc : hw_wait();
}

VC_HOT(mont) int vc_montu_exp_var_hw(const uint32_t *e, size_t ebits)
{
  if (!e && ebits)
    return VC_ERR_NULL;
  epoch++;
  int rc = hw.limbs ? exp_var_seq(hw_queue, e, ebits) : VC_ERR_STATE;
  return rc ? rc : hw_wait();
}

#define PICK(call_hw, call_sw) (vc_accel_on(VC_ACCEL_MONT) ? (call_hw) : (call_sw))
#else
#define PICK(call_hw, call_sw) (call_sw)
#endif

uint32_t vc_montu_epoch(void)
{
  return epoch << 1 | PICK(1u, 0u);
}

int vc_montu_setup(size_t limbs, const uint32_t *m)
{
  return PICK(vc_montu_setup_hw(limbs, m), vc_montu_setup_sw(limbs, m));
}

int vc_montu_load(unsigned slot, const uint32_t *x)
{
  return PICK(vc_montu_load_hw(slot, x), vc_montu_load_sw(slot, x));
}

int vc_montu_store(unsigned slot, uint32_t *x)
{
  return PICK(vc_montu_store_hw(slot, x), vc_montu_store_sw(slot, x));
}

VC_HOT(mont) int vc_montu_mul(unsigned r, unsigned a, unsigned b)
{
  return PICK(vc_montu_mul_hw(r, a, b), vc_montu_mul_sw(r, a, b));
}

int vc_montu_program(unsigned prog, const uint32_t *words, size_t n)
{
  return PICK(vc_montu_program_hw(prog, words, n), vc_montu_program_sw(prog, words, n));
}

VC_HOT(mont) int vc_montu_cmd(uint32_t cmd)
{
  return PICK(vc_montu_cmd_hw(cmd), vc_montu_cmd_sw(cmd));
}

int vc_montu_wait(void)
{
  return PICK(vc_montu_wait_hw(), vc_montu_wait_sw());
}

int vc_montu_exp(const uint32_t *e, size_t ebits)
{
  return PICK(vc_montu_exp_hw(e, ebits), vc_montu_exp_sw(e, ebits));
}

int vc_montu_exp_var(const uint32_t *e, size_t ebits)
{
  return PICK(vc_montu_exp_var_hw(e, ebits), vc_montu_exp_var_sw(e, ebits));
}
