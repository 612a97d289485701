"""Inputs with known answers: readers of the installed vector packages (kat_*), the firmware's
generated known-answer tables (katgen), the deterministic keys (pkdata), vector files, fuzz seeds."""
