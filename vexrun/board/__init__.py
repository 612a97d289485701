"""Boards: the open FPGA flow (bitstreams, out-of-context synthesis, cost tables), the LiteX
BIOS serial boot, sessions and bench-board runs over a serial port, loading, the board table."""
