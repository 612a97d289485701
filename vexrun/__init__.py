"""vexrun: the host side of vexcrypt, in rooms by role.

  cli.py, commands.py  the command line (cli parses and dispatches, commands calls the rooms)
  env.py               paths, one-line errors, the tools' environment and versions
  soc/                 running the simulated SoC: builds, the firmware's protocol, sessions, runs, results
  board/               boards: the FPGA flow, serial boot, bench-board, load, the board table
  suites/              each benchmark suite's host side: checks, progress, tables, page sections
  vectors/             known-answer readers and the firmware's generated tables, vector files, fuzz seeds
  checks/              the constant-time test and the fuzz runs
  pages/               the one publisher: pages, README blocks and tables from the data in docs/
  models/              independent pure-Python models written from the specifications
  native/              the firmware's C library on the host through ctypes (tests, the bad-input table)
"""
