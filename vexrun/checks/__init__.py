"""Checks beyond known answers: the constant-time test in the simulated SoC (ct) and libFuzzer
runs of the firmware's C code on the host (fuzz)."""
