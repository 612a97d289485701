"""vexrun: build, run and report the vexcrypt SoC (simulation now, boards later)."""
