/* vexuart: LiteX simulator module connecting the SoC's simulated UART to stdin/stdout.
 *
 * Unlike LiteX's serial2console it is made for a program at the other end of a pipe: it reads
 * stdin only while its buffer has room (a long request is never overwritten), stops watching
 * stdin at end of file instead of spinning, and leaves the terminal settings alone.
 *
 * An idle firmware does not spin the host: before it waits for input it writes the count of
 * bytes it has read to the simulation control block (hw/simctrl, pads "simctrl"); when that is
 * every byte delivered here and none is buffered, no input is pending anywhere (not in the
 * UART's FIFO, not on its way), so the simulation blocks in poll() until stdin has some. The
 * model's time stands still meanwhile: the cycle bound counts no idle time, the host's wall
 * clock timeout still applies. Idle after stdin has ended, the firmware can never be given
 * another request: the simulation ends (status 0), as the host build's request server does at
 * end of input; a host killed without closing its session leaves no model spinning behind. */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <event2/event.h>

#include "error.h"
#include "modules.h"

#define RXBUF_SIZE 65536

struct session_s {
  char *tx, *tx_valid, *tx_ready;
  char *rx, *rx_valid, *rx_ready;
  char *sys_clk;
  char *idle_valid;
  uint32_t *idle_count;
  uint32_t delivered;         /* bytes handed to the SoC, modulo 2^32 */
  clk_edge_state_t edge;
  struct event *ev;
  int watching, eof;
  unsigned head, len;
  char buf[RXBUF_SIZE];
};

static struct event_base *base;

static void set_watch(struct session_s *s, int on)
{
  if (on && !s->watching && !s->eof)
    event_add(s->ev, NULL);
  else if (!on && s->watching)
    event_del(s->ev);
  s->watching = on && !s->eof;
}

static void on_stdin(int fd, short what, void *arg)
{
  struct session_s *s = arg;
  unsigned tail = (s->head + s->len) % RXBUF_SIZE;
  unsigned room = RXBUF_SIZE - s->len;
  unsigned chunk = tail + room > RXBUF_SIZE ? RXBUF_SIZE - tail : room;
  ssize_t n = read(fd, s->buf + tail, chunk);
  (void)what;
  if (n <= 0) {
    s->eof = 1;
    set_watch(s, 0);
    return;
  }
  s->len += (unsigned)n;
  if (s->len == RXBUF_SIZE)
    set_watch(s, 0);
}

static int vexuart_start(void *b)
{
  base = (struct event_base *)b;
  return RC_OK;
}

static int vexuart_new(void **sess, char *args)
{
  struct session_s *s = calloc(1, sizeof(*s));
  (void)args;
  if (!sess || !s)
    return RC_NOENMEM;
  s->ev = event_new(base, fileno(stdin), EV_READ | EV_PERSIST, on_stdin, s);
  set_watch(s, 1);
  *sess = s;
  return RC_OK;
}

static void *pad(struct pad_s *pads, const char *name)
{
  for (int i = 0; pads[i].name; i++)
    if (!strcmp(pads[i].name, name))
      return pads[i].signal;
  return NULL;
}

static int vexuart_add_pads(void *sess, struct pad_list_s *plist)
{
  struct session_s *s = sess;
  if (!s || !plist)
    return RC_INVARG;
  if (!strcmp(plist->name, "serial")) {
    s->rx = pad(plist->pads, "sink_data");
    s->rx_valid = pad(plist->pads, "sink_valid");
    s->rx_ready = pad(plist->pads, "sink_ready");
    s->tx = pad(plist->pads, "source_data");
    s->tx_valid = pad(plist->pads, "source_valid");
    s->tx_ready = pad(plist->pads, "source_ready");
  }
  if (!strcmp(plist->name, "simctrl")) {
    s->idle_valid = pad(plist->pads, "idle_valid");
    s->idle_count = pad(plist->pads, "idle_count");
  }
  if (!strcmp(plist->name, "sys_clk"))
    s->sys_clk = pad(plist->pads, "sys_clk");
  return RC_OK;
}

/* The firmware waits for input it has not been given: block until stdin has some (or ends). */
static void wait_input(struct session_s *s)
{
  struct pollfd p = {fileno(stdin), POLLIN, 0};
  fflush(stdout);
  while (poll(&p, 1, -1) < 0)
    ;
  on_stdin(p.fd, EV_READ, s);
}

static int vexuart_tick(void *sess, uint64_t time_ps)
{
  struct session_s *s = sess;
  (void)time_ps;
  if (!clk_pos_edge(&s->edge, *s->sys_clk))
    return RC_OK;
  *s->tx_ready = 1;
  if (*s->tx_valid) {
    putchar(*s->tx);
    if (*s->tx == '\n')
      fflush(stdout);
  }
  if (s->idle_valid && *s->idle_valid && *s->idle_count == s->delivered && !s->len) {
    if (s->eof) {
      fflush(stdout);
      exit(0);
    }
    wait_input(s);
  }
  *s->rx_valid = 0;
  if (*s->rx_ready && s->len) {
    *s->rx = s->buf[s->head];
    s->head = (s->head + 1) % RXBUF_SIZE;
    s->len--;
    s->delivered++;
    *s->rx_valid = 1;
    if (s->len <= RXBUF_SIZE / 2)
      set_watch(s, 1);
  }
  return RC_OK;
}

static int vexuart_close(void *sess)
{
  struct session_s *s = sess;
  fflush(stdout);
  if (s) {
    event_free(s->ev);
    free(s);
  }
  return RC_OK;
}

static struct ext_module_s ext_mod = {
  "vexuart", vexuart_start, vexuart_new, vexuart_add_pads, vexuart_close, vexuart_tick,
};

int litex_sim_ext_module_init(int (*register_module)(struct ext_module_s *))
{
  return register_module(&ext_mod);
}
