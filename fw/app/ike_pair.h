/* Both peers of an IKEv1 exchange (vexcrypt/ike.h) in memory, for the oracle's ike op
 * (oracle_ike.c, which defines them) and suite proto (bench_proto.c): set each side's key, id,
 * cookie, SPI and DRBG, ike_pair fills the rest of both configurations (each side's peer key, its
 * step table), ike_exchange runs main mode and one quick mode. */
#ifndef VEXCRYPT_APP_IKE_PAIR_H
#define VEXCRYPT_APP_IKE_PAIR_H

#include "app.h"
#include "vexcrypt/ike.h"

#define IKE_MSGS 9              /* main mode's six messages, quick mode's three */

struct ike_side {
  vc_ike ike;
  vc_ike_config cfg;
  vc_rsa_priv key;
  vc_rsa_pub pub;               /* the other side's key */
  vc_drbg rng;
  uint8_t id[VC_IKE_MAX_ID];
  int rc;                       /* the first error of its calls */
  uint64_t phase1, quick;       /* its calls' cycles in each phase */
  struct app_steps steps;
};
extern struct ike_side ike_sides[2];            /* [0] the initiator, [1] the responder */
extern uint8_t ike_msgs[IKE_MSGS][VC_IKE_MSG_CAP];
extern size_t ike_msglens[IKE_MSGS];

void ike_pair(unsigned cipher, unsigned hash, unsigned group, size_t xbits, size_t nonce_len, uint32_t msgid);
/* Message k goes from ike_sides[k % 2] to the other (one bit of message `tamper` - 1 flipped at
 * byte tamper_at, or its last, in transit; 0: none). Returns the messages made. */
size_t ike_exchange(uint32_t tamper, uint32_t tamper_at);

#endif
