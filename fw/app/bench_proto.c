/* Suite proto: what the protocols cost in the SoC (seed 003's SSL figures, seed 004's Table 1).
 * Both peers run in this firmware and talk in memory, so a run needs no network and its figures
 * do not move with a peer: the TLS engine's client and server (tls.h) shake hands with mutual
 * authentication over the fixed PKI of kat.h (vexrun/vectors/pki.py: a CA and two leaves per
 * key kind), each side's cycles (every engine call it makes) and steps timed apart; then the
 * record layer alone seals and opens a payload in records of the largest size. Every case runs
 * on the build's accelerators ("hw") and off them ("sw"), in one binary (the CBC records, which
 * no unit serves, off them only).
 *
 * Also S/MIME (both sides of seed 003's message) and IKEv1 (both peers, main and quick mode).
 *
 * Without "all" (a quick run) only the P-256 handshake, RSA-1024's S/MIME and IKE, and the
 * 20,480-byte payload (seed 003's energy case) run; with it, the RSA-1024 and RSA-2048
 * handshakes, RSA-2048's S/MIME and IKE, and 1 MiB too, the 1 MiB payload once (64 records)
 * rather than `runs` times. */
#include <string.h>

#include "accel.h"
#include "app.h"
#include "bench_pk.h"
#include "ike_pair.h"
#include "kat.h"
#include "platform.h"
#include "vexcrypt/cms.h"
#include "vexcrypt/hash.h"
#include "vexcrypt/tls.h"

#define HS_ROUNDS 16               /* flights a handshake may take before it is called stuck */
#define ONE_PASS_BYTES 65536       /* payloads above this are measured once */

/* A peer of the handshake: [0] the server, [1] the client (kat_pki's order). */
static struct peer {
  vc_tls t;
  vc_tls_config cfg;
  vc_rsa_priv rsa;
  vc_drbg rng;
  struct app_steps steps;
  uint64_t cycles;                 /* its engine's calls, this handshake */
} peers[2];
static const char *const side_names[2] = {"server", "client"};
static uint8_t wire[VC_TLS_OUT_CAP];

static const struct kat_pki *pki_find(const char *kind)
{
  for (size_t i = 0; i < KAT_PKI_N; i++)
    if (!strcmp(kat_pki[i].kind, kind))
      return &kat_pki[i];
  return NULL;
}

/* A case's start: *off keeps the accelerators' state to restore; a software case ("sw") turns
 * them all off. */
static void impl_begin(int sw, uint32_t *off)
{
  *off = vc_accel_off;
  if (sw)
    vc_accel_off = ~0u;
}

#define BY(p, call)                                  \
  do {                                               \
    uint64_t t0_ = plat_cycles();                    \
    rc = (call);                                     \
    (p)->cycles += plat_elapsed(t0_, plat_cycles()); \
  } while (0)

/* One handshake from vc_tls_init to both sides open, the flights relayed in memory. */
static int handshake(void)
{
  int rc;
  for (int i = 0; i < 2; i++) {
    BY(&peers[i], vc_tls_init(&peers[i].t, &peers[i].cfg));
    if (rc)
      return rc;
  }
  for (int round = 0; round < HS_ROUNDS; round++) {
    size_t moved = 0;
    for (int from = 1; from >= 0; from--) {          /* the client speaks first */
      struct peer *a = &peers[from], *b = &peers[1 - from];
      size_t n, used;
      BY(a, vc_tls_take(&a->t, wire, sizeof(wire), &n));
      if (rc)
        return rc;
      moved += n;
      for (size_t off = 0; off < n; off += used) {
        BY(b, vc_tls_feed(&b->t, wire + off, n - off, &used));
        if (rc)
          return rc;
        if (!used)
          return VC_ERR_PROTO;
      }
    }
    if (!moved)
      return vc_tls_state(&peers[0].t) == VC_TLS_OPEN && vc_tls_state(&peers[1].t) == VC_TLS_OPEN
               ? VC_OK : VC_ERR_PROTO;
  }
  return VC_ERR_PROTO;
}

static const struct hs_case {
  const char *cipher, *kind;       /* OpenSSL's name of the suite; the PKI's key kind */
  uint32_t suite;
  unsigned id;
} hs_cases[] = {
  {"ECDHE-ECDSA-AES128-GCM-SHA256", "p256", VC_TLS_ECDHE_ECDSA_AES128_GCM, VC_TLS_ID_ECDHE_ECDSA_AES128_GCM},
  {"DHE-RSA-AES256-SHA", "rsa1024", VC_TLS_DHE_RSA_AES256_CBC, VC_TLS_ID_DHE_RSA_AES256_CBC},
  {"DHE-RSA-AES256-SHA", "rsa2048", VC_TLS_DHE_RSA_AES256_CBC, VC_TLS_ID_DHE_RSA_AES256_CBC},
};

static void peer_setup(int i, const struct kat_pki *k, uint32_t suite)
{
  struct peer *p = &peers[i];
  memset(&p->cfg, 0, sizeof(p->cfg));
  p->cfg.role = i ? VC_TLS_CLIENT : VC_TLS_SERVER;
  p->cfg.suites = suite;
  p->cfg.cert = k->cert[i];
  p->cfg.certlen = k->certlen[i];
  if (k->ec[i]) {
    p->cfg.ec_key = k->ec[i];
  } else {
    pk_rsa_key(&p->rsa, &k->rsa[i]);
    p->cfg.rsa_key = &p->rsa;
  }
  p->cfg.ca = k->ca;
  p->cfg.calen = k->calen;
  p->cfg.require_client_cert = 1;
  p->cfg.rng = &p->rng;
  p->cfg.step = app_step;
  p->cfg.step_arg = &p->steps;
}

/* One side of a two-peer case over the runs: its cycles, its phases' (IKE's main and quick
 * mode) and its steps', each run's, for the medians its record reports. */
static struct side_runs {
  uint64_t total[APP_MAX_RUNS], phase[2][APP_MAX_RUNS], steps[APP_STEPS][APP_MAX_RUNS];
  struct app_steps names;
} sides_runs[2];

static void side_note(struct side_runs *sr, uint32_t r, uint64_t total, const uint64_t phase[2],
                      const struct app_steps *st)
{
  sr->total[r] = total;
  for (int p = 0; p < 2; p++)
    sr->phase[p][r] = phase ? phase[p] : 0;
  for (size_t i = 0; i < APP_STEPS; i++)
    sr->steps[i][r] = st->s[i].cycles;
  sr->names = *st;
}

/* A side's record: its head (written by the caller after json_begin), then the measurement, the
 * phases when named, the steps. */
static void side_record(struct side_runs *sr, const char *const phases[2], int ok, uint32_t runs,
                        struct tally *t)
{
  struct bench_result res = {.ok = ok};
  uint64_t sorted[APP_MAX_RUNS];
  memcpy(res.raw, sr->total, runs * sizeof(sr->total[0]));
  memcpy(sorted, sr->total, runs * sizeof(sorted[0]));
  res.cycles = median_u64(sorted, runs);
  json_measure(&res, runs);
  for (int p = 0; phases && p < 2; p++) {
    memcpy(sorted, sr->phase[p], runs * sizeof(sorted[0]));
    json_u64(phases[p], median_u64(sorted, runs));
  }
  for (size_t i = 0; i < APP_STEPS && sr->names.s[i].name; i++)
    sr->names.s[i].cycles = median_u64(sr->steps[i], runs);
  json_steps("steps", &sr->names);
  json_close(&res, t);
}

static void head(const char *prim, const char *op, const char *key, const char *side, int sw)
{
  json_begin();
  json_str("suite", "proto");
  json_str("prim", prim);
  json_str("op", op);
  json_str("key", key);
  json_str("side", side);
  json_str("impl", sw ? "sw" : "hw");
}

static void bench_handshake(const struct hs_case *c, int sw, const struct run_opts *o, struct tally *t)
{
  const struct kat_pki *k = pki_find(c->kind);
  int ok = 1;
  uint32_t off;
  if (!k)
    return;
  impl_begin(sw, &off);
  for (int i = 0; i < 2; i++)
    peer_setup(i, k, c->suite);
  for (uint32_t r = 0; r < o->runs; r++) {        /* every run, failed or not: its record's raw[] */
    for (int i = 0; i < 2; i++) {
      pk_seed_rng(&peers[i].rng, side_names[i]);
      memset(&peers[i].steps, 0, sizeof(peers[i].steps));
      peers[i].cycles = 0;
    }
    ok &= handshake() == VC_OK && vc_tls_suite(&peers[0].t) == c->id && vc_tls_suite(&peers[1].t) == c->id;
    for (int i = 0; i < 2; i++)
      side_note(&sides_runs[i], r, peers[i].cycles, NULL, &peers[i].steps);
  }
  vc_accel_off = off;
  for (int i = 1; i >= 0; i--) {
    head("tls", "handshake", c->kind, side_names[i], sw);
    json_str("cipher", c->cipher);
    side_record(&sides_runs[i], NULL, ok, o->runs, t);
  }
}

/* IKEv1 (seed 003 §5): main mode with RSA signatures and one quick mode, both peers here
 * (ike_pair.h), DES and HMAC-SHA-1 as the seed counts them, group 2 with the RSA-1024 keys and
 * group 14 with the RSA-2048 ones (the PKI's client key the initiator's, the server's the
 * responder's). "messages": SHA-256 of the nine messages, which the host's model rebuilds. */
static const char *const ike_side_names[2] = {"initiator", "responder"};
static const struct {
  const char *kind;
  unsigned group;
} ike_cases[] = {{"rsa1024", 2}, {"rsa2048", 14}};

static int ike_run(const struct kat_pki *k, unsigned group, uint8_t digest[32])
{
  for (int i = 0; i < 2; i++) {
    struct ike_side *s = &ike_sides[i];
    memset(&s->ike, 0, sizeof(s->ike));
    memset(&s->steps, 0, sizeof(s->steps));
    s->rc = 0;
    s->phase1 = s->quick = 0;
    pk_rsa_key(&s->key, &k->rsa[1 - i]);
    uint8_t pattern[16];
    bench_key(pattern, sizeof(pattern));        /* the cookies: its first and second 8 bytes */
    memcpy(s->cfg.cookie, pattern + 8 * i, 8);
    s->cfg.spi = 0x1000u << i;
    str_fmt((char *)s->id, sizeof(s->id), "%s.vexcrypt.example", ike_side_names[i]);
    s->cfg.idlen = strlen((const char *)s->id);
    pk_seed_rng(&s->rng, ike_side_names[i]);
  }
  ike_pair(VC_IKE_DES, VC_IKE_SHA1, group, 0, 16, 1);
  size_t n = ike_exchange(0, 0);
  vc_sha256_ctx h;
  vc_sha256_init(&h);
  for (size_t m = 0; m < n; m++)
    vc_sha256_update(&h, ike_msgs[m], ike_msglens[m]);
  vc_sha256_final(&h, digest);
  return n == IKE_MSGS && !ike_sides[0].rc && !ike_sides[1].rc && vc_ike_state(&ike_sides[0].ike) == VC_IKE_DONE &&
         vc_ike_state(&ike_sides[1].ike) == VC_IKE_DONE;
}

static void bench_ike(const char *kind, unsigned group, int sw, const struct run_opts *o, struct tally *t)
{
  static const char *const phases[2] = {"phase1", "quick"};
  const struct kat_pki *k = pki_find(kind);
  uint8_t digest[32];
  int ok = 1;
  uint32_t off;
  if (!k)
    return;
  impl_begin(sw, &off);
  for (uint32_t r = 0; r < o->runs; r++) {
    ok &= ike_run(k, group, digest);
    for (int i = 0; i < 2; i++) {
      uint64_t ph[2] = {ike_sides[i].phase1, ike_sides[i].quick};
      side_note(&sides_runs[i], r, ph[0] + ph[1], ph, &ike_sides[i].steps);
    }
  }
  vc_accel_off = off;
  for (int i = 0; i < 2; i++) {
    head("ike", "exchange", kind, ike_side_names[i], sw);
    json_u64("group", group);
    json_str("cipher", "des");
    json_bytes("messages", digest, sizeof(digest));
    side_record(&sides_runs[i], phases, ok, o->runs, t);
  }
}

/* S/MIME (seed 003 Figs 2 and 3) on its 2,092-byte text/plain message (vexrun/models/cms.py's
 * message()): the client's key signs (a detached SignedData carrying its certificate), the
 * receiver verifies it under the CA; the signed message (the content and its signature's DER: the MIME wrapping
 * aside) is enveloped with des-ede3-cbc for the server, who opens it. Seed 003's sender signs
 * then envelopes, its receiver opens then verifies. */
#define SMIME_BYTES 2092
#define SMIME_SIG_CAP (VC_TLS_CERT_CAP + VC_MP_MAX_BITS / 8 + VC_CMS_OVERHEAD)
#define SMIME_SIGNED_CAP (SMIME_BYTES + SMIME_SIG_CAP)
static struct smime_ctx {
  uint8_t msg[SMIME_BYTES], sig[SMIME_SIG_CAP], signed_msg[SMIME_SIGNED_CAP], opened[SMIME_SIGNED_CAP];
  uint8_t env[SMIME_SIGNED_CAP + 16 + VC_MP_MAX_BITS / 8 + VC_TLS_CERT_CAP + VC_CMS_OVERHEAD];
  size_t siglen, signedlen, envlen, openedlen;
  vc_rsa_priv key[2];              /* the server's, the client's */
  vc_drbg rng;
  struct app_steps steps;
  vc_cms_opts opts;
  const struct kat_pki *k;
} sm;

static void smime_message(uint8_t *out)
{
  static const char head[] = "Content-Type: text/plain; charset=us-ascii\r\n\r\n";
  size_t n = sizeof(head) - 1, end = SMIME_BYTES - 2;
  memcpy(out, head, n);
  for (unsigned i = 0; n < end; i++) {
    char line[96];
    str_fmt(line, sizeof(line), "Line %u%u%u of the S/MIME test message: the quick brown fox jumps over the lazy dog.\r\n",
            i / 100, i / 10 % 10, i % 10);
    size_t l = strlen(line) < end - n ? strlen(line) : end - n;
    memcpy(out + n, line, l);
    n += l;
  }
  memcpy(out + n, "\r\n", 2);
}

static int smime_sign(void *arg)
{
  (void)arg;
  return vc_cms_sign(sm.k->cert[1], sm.k->certlen[1], &sm.key[1], sm.msg, SMIME_BYTES, 0, sm.sig, sizeof(sm.sig),
                     &sm.siglen, &sm.opts);
}

static int smime_verify(void *arg)
{
  (void)arg;
  return vc_cms_verify(sm.sig, sm.siglen, sm.msg, SMIME_BYTES, sm.k->ca, sm.k->calen, 0, &sm.opts);
}

static int smime_encrypt(void *arg)
{
  (void)arg;
  return vc_cms_encrypt(sm.k->cert[0], sm.k->certlen[0], VC_CMS_DES3, &sm.rng, sm.signed_msg, sm.signedlen, sm.env,
                        sizeof(sm.env), &sm.envlen, &sm.opts);
}

static int smime_decrypt(void *arg)
{
  (void)arg;
  int rc = vc_cms_decrypt(sm.env, sm.envlen, sm.k->cert[0], sm.k->certlen[0], &sm.key[0], &sm.rng, sm.opened,
                          sizeof(sm.opened), &sm.openedlen, &sm.opts);
  if (rc)
    return rc;
  return sm.openedlen == sm.signedlen && !memcmp(sm.opened, sm.signed_msg, sm.signedlen) ? VC_OK : VC_ERR_VERIFY;
}

static void bench_smime(const char *kind, int sw, const struct run_opts *o, struct tally *t)
{
  static const struct {
    const char *op, *side;
    bench_fn fn;
  } ops[] = {{"sign", "sender", smime_sign}, {"verify", "receiver", smime_verify},
             {"encrypt", "sender", smime_encrypt}, {"decrypt", "receiver", smime_decrypt}};
  uint32_t off;
  if (!(sm.k = pki_find(kind)))
    return;
  for (int i = 0; i < 2; i++)
    pk_rsa_key(&sm.key[i], &sm.k->rsa[i]);
  smime_message(sm.msg);
  sm.opts = (vc_cms_opts){.step = app_step, .step_arg = &sm.steps};
  impl_begin(sw, &off);
  for (size_t c = 0; c < BENCH_N(ops); c++) {
    int ok = 1;
    for (uint32_t r = 0; r < o->runs; r++) {
      memset(&sm.steps, 0, sizeof(sm.steps));
      pk_seed_rng(&sm.rng, "vexcrypt/proto/smime");
      uint64_t t0 = plat_cycles();
      ok &= plat_call(ops[c].fn, NULL) == VC_OK;
      side_note(&sides_runs[0], r, plat_elapsed(t0, plat_cycles()), NULL, &sm.steps);
    }
    if (c == 0) {                  /* the signed message the sender envelopes */
      memcpy(sm.signed_msg, sm.msg, SMIME_BYTES);
      memcpy(sm.signed_msg + SMIME_BYTES, sm.sig, sm.siglen);
      sm.signedlen = SMIME_BYTES + sm.siglen;
    }
    head("smime", ops[c].op, kind, ops[c].side, sw);
    json_u64("bytes", c < 2 ? SMIME_BYTES : sm.signedlen);
    if (c == 0)
      json_bytes("out", sm.sig, sm.siglen);
    if (c == 2)
      json_bytes("out", sm.env, sm.envlen);
    if (c == 3)
      json_bytes("out", sm.opened, sm.openedlen);
    side_record(&sides_runs[0], NULL, ok, o->runs, t);
  }
  vc_accel_off = off;
}

/* The record layer: a payload sealed in records of VC_TLS_MAX_PLAIN bytes by the client's write
 * direction and opened by a copy of it (the server's read side), from a fixed master secret and
 * randoms (bench_key, bench_iv, bench_fill) and CBC's explicit IVs drawn from the DRBG seeded
 * with "vexcrypt/proto/record", so the host can rebuild the last record. */
static struct rec_ctx {
  vc_tls_dir wr, rd, unused;
  vc_drbg rng;
  uint8_t plain[VC_TLS_MAX_PLAIN], rec[VC_TLS_IN_CAP], last[32];
  uint64_t seal, open;
  uint32_t records;
} rx;

static int record_pass(unsigned id, uint32_t bytes)
{
  uint8_t master[48], crand[32], srand[32];
  int rc;
  bench_key(master, sizeof(master));
  bench_iv(crand, sizeof(crand));
  bench_fill(srand, sizeof(srand));
  if ((rc = vc_tls_keys(master, id, crand, srand, &rx.wr, &rx.unused)))
    return rc;
  rx.rd = rx.wr;
  pk_seed_rng(&rx.rng, "vexcrypt/proto/record");
  rx.seal = rx.open = 0;
  rx.records = 0;
  for (uint32_t done = 0; done < bytes; rx.records++) {
    size_t len = bytes - done < VC_TLS_MAX_PLAIN ? bytes - done : VC_TLS_MAX_PLAIN, n, ptlen;
    const uint8_t *pt;
    uint64_t t0 = plat_cycles();
    rc = vc_tls_record_seal(&rx.wr, &rx.rng, 23, rx.plain, len, rx.rec, sizeof(rx.rec), &n);
    uint64_t t1 = plat_cycles();
    if (rc)
      return rc;
    vc_sha256(rx.rec, n, rx.last);
    uint64_t t2 = plat_cycles();
    rc = vc_tls_record_open(&rx.rd, rx.rec, n, &pt, &ptlen);
    uint64_t t3 = plat_cycles();
    if (rc || ptlen != len || memcmp(pt, rx.plain, len))
      return rc ? rc : VC_ERR_VERIFY;
    rx.seal += plat_elapsed(t0, t1);
    rx.open += plat_elapsed(t2, t3);
    done += (uint32_t)len;
  }
  return VC_OK;
}

static void bench_record(const char *cipher, unsigned id, uint32_t bytes, int sw, const struct run_opts *o,
                         struct tally *t)
{
  struct bench_result res[2];
  uint32_t runs = bytes > ONE_PASS_BYTES ? 1 : o->runs, off;
  uint64_t sorted[APP_MAX_RUNS];
  int ok = 1;
  impl_begin(sw, &off);
  bench_fill(rx.plain, sizeof(rx.plain));
  for (uint32_t r = 0; r < runs; r++) {
    ok &= record_pass(id, bytes) == VC_OK;
    res[0].raw[r] = rx.seal;
    res[1].raw[r] = rx.open;
  }
  vc_accel_off = off;
  for (int i = 0; i < 2; i++) {
    res[i].ok = ok;
    res[i].instret = 0;
    res[i].has_insn = 0;
    memcpy(sorted, res[i].raw, runs * sizeof(sorted[0]));
    res[i].cycles = median_u64(sorted, runs);
    json_begin();
    json_str("suite", "proto");
    json_str("prim", "record");
    json_str("op", i ? "open" : "seal");
    json_str("cipher", cipher);
    json_u64("bytes", bytes);
    json_str("impl", sw ? "sw" : "hw");
    json_measure(&res[i], runs);
    json_u64("records", rx.records);
    if (!i)
      json_bytes("last", rx.last, sizeof(rx.last));
    json_close(&res[i], t);
  }
}

static void bench_proto(const struct run_opts *o, struct tally *t)
{
  static const uint32_t sizes[] = {20480, 1048576};
  int impls = vc_accel_present() ? 2 : 1;       /* "hw" only where the build has a unit */
  for (size_t i = 0; i < (o->all ? BENCH_N(hs_cases) : 1); i++)
    for (int sw = 2 - impls; sw < 2; sw++) {
      if (bench_group(o))
        bench_handshake(&hs_cases[i], sw, o, t);
      bench_group_end();
    }
  for (size_t i = 0; i < (o->all ? BENCH_N(ike_cases) : 1); i++)   /* the RSA keys: IKE and S/MIME */
    for (int sw = 2 - impls; sw < 2; sw++) {
      if (bench_group(o))
        bench_ike(ike_cases[i].kind, ike_cases[i].group, sw, o, t);
      bench_group_end();
      if (bench_group(o))
        bench_smime(ike_cases[i].kind, sw, o, t);
      bench_group_end();
    }
  for (size_t s = 0; s < (o->all ? BENCH_N(sizes) : 1); s++)
    for (size_t i = 0; i < 2; i++)              /* hs_cases[0] and [1]: each cipher suite once */
      for (int sw = i ? 1 : 2 - impls; sw < 2; sw++) {   /* no unit serves CBC's AES and HMAC */
        if (bench_group(o))
          bench_record(hs_cases[i].cipher, hs_cases[i].id, sizes[s], sw, o, t);
        bench_group_end();
      }
}

const struct suite suite_proto = {"proto",
  "protocols, both peers in the SoC: TLS 1.2 handshakes with mutual authentication (P-256; all: RSA-1024/2048 "
  "DHE), S/MIME and IKEv1 (RSA-1024; all: 2048) per side and step, the TLS record layer over 20,480 B (all: "
  "1 MiB), on the units and off",
  bench_proto};
