/* vexpty: LiteX simulator module putting the SoC's simulated UART on a pseudo-terminal, so that
 * the host talks to the simulated SoC exactly as to a board's serial port (a tty device opened
 * with pyserial): vexrun's serial path (LiteX BIOS serial boot, the benchmark runs) is tested
 * against the simulation with the code that drives a board.
 *
 * At start it prints "[vexpty] uart on /dev/pts/N" on stdout and writes the name to the file
 * "uart.pty" in the current folder. It keeps the terminal side open itself (raw, no echo), so
 * clients may open and close the port at will without a hang-up, and bytes the SoC sends before
 * a client opens the port wait in the terminal's buffer, as a board's would in its adapter.
 * Flow control both ways: the SoC's receiver is fed only while it is ready; the SoC's
 * transmitter is held (tx_ready low) while neither the terminal nor this module can take more,
 * so nothing is lost and the simulation never blocks on the host.
 *
 * The line's pace: bytes reach the SoC in bursts of at most "rx_burst" bytes, one burst every
 * "rx_gap" cycles (module arguments in sim_config.js; default 1 byte every 512 cycles), as a
 * real line delivers one byte per 10 bit times (4340 cycles at 115200 baud and 50 MHz).
 * Software written for a real line depends on it: the LiteX BIOS takes each received byte in an
 * interrupt (about 300 cycles) into a 128-byte ring, and its handler spins while the ring is full,
 * so a serial boot fed one byte per cycle, or per 256, loses bytes (the BIOS answers E). Bursts
 * that fit the UART's FIFO cost one interrupt each: sim/build.py gives the serial build a 64-byte
 * FIFO and 48-byte bursts every 4096 cycles, 85 cycles a byte on average. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <event2/event.h>

#include "error.h"
#include "modules.h"

#define RXBUF_SIZE 65536
#define TXBUF_SIZE 65536

struct session_s {
  char *tx, *tx_valid, *tx_ready;
  char *rx, *rx_valid, *rx_ready;
  char *sys_clk;
  clk_edge_state_t edge;
  int master, slave;
  struct event *ev;
  int watching;
  unsigned head, len;            /* host -> SoC */
  char buf[RXBUF_SIZE];
  unsigned txlen;                /* SoC -> host, not yet taken by the terminal */
  unsigned idle;                 /* cycles since the last attempt to hand bytes over */
  unsigned rx_gap, rx_burst;     /* the line's pace: a burst of rx_burst bytes every rx_gap cycles */
  unsigned rx_wait, rx_sent;     /* cycles left in the current window, bytes delivered in it */
  char txbuf[TXBUF_SIZE];
};

static struct event_base *base;

static void set_watch(struct session_s *s, int on)
{
  if (on && !s->watching)
    event_add(s->ev, NULL);
  else if (!on && s->watching)
    event_del(s->ev);
  s->watching = on;
}

static void on_master(int fd, short what, void *arg)
{
  struct session_s *s = arg;
  unsigned tail = (s->head + s->len) % RXBUF_SIZE;
  unsigned room = RXBUF_SIZE - s->len;
  unsigned chunk = tail + room > RXBUF_SIZE ? RXBUF_SIZE - tail : room;
  ssize_t n = read(fd, s->buf + tail, chunk);
  (void)what;
  if (n <= 0)        /* EAGAIN, or EIO while no client has the port open: nothing to take */
    return;
  s->len += (unsigned)n;
  if (s->len == RXBUF_SIZE)
    set_watch(s, 0);
}

static void flush_tx(struct session_s *s)
{
  if (!s->txlen)
    return;
  ssize_t n = write(s->master, s->txbuf, s->txlen);
  if (n > 0) {
    memmove(s->txbuf, s->txbuf + n, s->txlen - (unsigned)n);
    s->txlen -= (unsigned)n;
  }
}

static int vexpty_start(void *b)
{
  base = (struct event_base *)b;
  return RC_OK;
}

static int vexpty_new(void **sess, char *args)
{
  struct session_s *s = calloc(1, sizeof(*s));
  struct termios t;
  const char *name;
  FILE *f;
  const char *a;
  if (!sess || !s)
    return RC_NOENMEM;
  s->rx_gap = 512;
  s->rx_burst = 1;
  if (args && (a = strstr(args, "\"rx_gap\"")) && (a = strchr(a, ':')))
    s->rx_gap = (unsigned)strtoul(a + 1, NULL, 10);
  if (args && (a = strstr(args, "\"rx_burst\"")) && (a = strchr(a, ':')))
    s->rx_burst = (unsigned)strtoul(a + 1, NULL, 10);
  if (s->rx_burst < 1)
    s->rx_burst = 1;
  s->master = posix_openpt(O_RDWR | O_NOCTTY);
  if (s->master < 0 || grantpt(s->master) || unlockpt(s->master) || !(name = ptsname(s->master))) {
    eprintf("vexpty: cannot create a pseudo-terminal: %s\n", strerror(errno));
    return RC_ERROR;
  }
  s->slave = open(name, O_RDWR | O_NOCTTY);
  if (s->slave < 0 || tcgetattr(s->slave, &t)) {
    eprintf("vexpty: cannot open %s: %s\n", name, strerror(errno));
    return RC_ERROR;
  }
  cfmakeraw(&t);
  tcsetattr(s->slave, TCSANOW, &t);
  fcntl(s->master, F_SETFL, fcntl(s->master, F_GETFL) | O_NONBLOCK);
  if ((f = fopen("uart.pty", "w"))) {
    fprintf(f, "%s\n", name);
    fclose(f);
  }
  printf("[vexpty] uart on %s\n", name);
  fflush(stdout);
  s->ev = event_new(base, s->master, EV_READ | EV_PERSIST, on_master, s);
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

static int vexpty_add_pads(void *sess, struct pad_list_s *plist)
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
  if (!strcmp(plist->name, "sys_clk"))
    s->sys_clk = pad(plist->pads, "sys_clk");
  return RC_OK;
}

static int vexpty_tick(void *sess, uint64_t time_ps)
{
  struct session_s *s = sess;
  (void)time_ps;
  if (!clk_pos_edge(&s->edge, *s->sys_clk))
    return RC_OK;
  if (*s->tx_valid && *s->tx_ready) {      /* the byte offered while we were ready is ours */
    s->txbuf[s->txlen++] = *s->tx;
    if (*s->tx == '\n' || s->txlen == TXBUF_SIZE)
      flush_tx(s);
  } else if (s->txlen && ++s->idle >= 256) {  /* a pause: hand over the rest (e.g. an ack byte) */
    s->idle = 0;
    flush_tx(s);
  }
  *s->tx_ready = s->txlen < TXBUF_SIZE;
  *s->rx_valid = 0;
  if (s->rx_wait)
    s->rx_wait--;
  else
    s->rx_sent = 0;                        /* no burst window open: a new one may start */
  if (s->rx_sent < s->rx_burst && *s->rx_ready && s->len) {
    if (s->rx_sent++ == 0)
      s->rx_wait = s->rx_gap;              /* a window of rx_gap cycles for rx_burst bytes */
    *s->rx = s->buf[s->head];
    s->head = (s->head + 1) % RXBUF_SIZE;
    s->len--;
    *s->rx_valid = 1;
    if (s->len <= RXBUF_SIZE / 2)
      set_watch(s, 1);
  }
  return RC_OK;
}

static int vexpty_close(void *sess)
{
  struct session_s *s = sess;
  if (s) {
    flush_tx(s);
    event_free(s->ev);
    close(s->slave);
    close(s->master);
    free(s);
  }
  return RC_OK;
}

static struct ext_module_s ext_mod = {
  "vexpty", vexpty_start, vexpty_new, vexpty_add_pads, vexpty_close, vexpty_tick,
};

int litex_sim_ext_module_init(int (*register_module)(struct ext_module_s *))
{
  return register_module(&ext_mod);
}
