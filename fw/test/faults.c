/* Test firmware for the harness itself: announces itself like the real firmware, then on the
 * request line "trap", "ecall" or "hang" executes an illegal instruction, an environment
 * call, or loops forever, so the tests see the trap report and the cycle bound; on "plain" it
 * removes the application's trap report first, for the platform's own. */
#include <stdint.h>

#include "app.h"

int main(void)
{
  static char line[64];
  plat_set_trap_handler(app_trap);
  plat_init();
  io_puts("\n");
  json_begin();
  json_bool("ready", 1);
  json_str("fw", "faults");
  json_u64("max_input", 0);
  json_end();
  for (;;) {
    io_getline(line, sizeof(line));
    if (line[0] == 'p')
      plat_set_trap_handler(NULL);
    if (line[0] == 't' || line[0] == 'p')
      __asm__ volatile(".word 0x00000000");   /* all-zero: a defined illegal instruction */
    else if (line[0] == 'e')
      __asm__ volatile("ecall");
    else if (line[0] == 'h')
      for (;;)
        __asm__ volatile("");
  }
}
