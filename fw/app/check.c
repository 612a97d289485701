/* The self-tests' bookkeeping (app.h), shared by selftest.c and selftest_*.c: a primitive's
 * vector count, its first failing vector and its report line. */
#include "app.h"

void check_result(struct check *c, int pass, const char *label)
{
  c->vectors++;
  if (!pass && !c->failed++)
    c->first = label;
}

void check_report(const struct check *c, struct tally *t)
{
  json_begin();
  json_str("suite", "selftest");
  json_str("prim", c->name);
  json_u64("vectors", c->vectors);
  json_u64("failed", c->failed);
  json_bool("ok", c->failed == 0 && c->vectors > 0);
  if (c->failed)
    json_str("error", c->first);
  else if (!c->vectors)
    json_str("error", "no vectors");
  json_end();
  if (c->failed || !c->vectors)
    t->fail++;
  else
    t->pass++;
}

int selftest_spread(size_t j, size_t n)
{
  return j == 0 || j == n / 2 || j + 1 == n;
}
