/* The oracle server's request path (app/util.c oracle_request) on whole request lines, with the
 * primitives' op tables: the parser, every op's argument checks and the calls they make, and
 * one answer line per request (never an error after a partial answer). Key generation is left
 * out: a 4096-bit RSA key takes minutes under the sanitizers; so are repeats over 3, each one
 * more answer with the call made twice. */
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "fuzz.h"

static char line[4097];

static const struct op_table tables[] = {
  {oracle_ops, &oracle_nops},
  {oracle_pk_ops, &oracle_pk_nops},
  {oracle_ec_ops, &oracle_ec_nops},
  {oracle_x509_ops, &oracle_x509_nops},
  {oracle_tls_ops, &oracle_tls_nops},
  {oracle_ike_ops, &oracle_ike_nops},
  {oracle_cms_ops, &oracle_cms_nops},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size >= sizeof(line) || memchr(data, 0, size))
    return 0;    /* io_getline's lines have no NUL and fit the buffer */
  memcpy(line, data, size);
  line[size] = 0;
  if (strstr(line, "keygen"))
    return 0;
  const char *rep = strstr(line, "\"repeat\"");
  if (rep) {
    long n = strtol(rep + 8 + strspn(rep + 8, " \t:"), NULL, 10);
    if (n > 3 && n <= 1000)
      return 0;
  }
  host_quiet = 1;
  host_lines = 0;
  oracle_request(line, tables, sizeof(tables) / sizeof(tables[0]));
  FZ_CHECK(host_lines == 1);
  return 0;
}
