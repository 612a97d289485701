/* The application's trap report (app.h): the JSON line the host detects a trap by. */
#include "app.h"

void app_trap(const struct plat_trap *t)
{
  io_puts("\n");
  json_begin();
  json_bool("trap", 1);
  json_u64("cause", t->cause);
  json_str("name", t->name);
  json_hex32("mepc", t->epc);
  json_hex32("mtval", t->tval);
  json_hex32("sp", t->sp);
  json_end();
}
