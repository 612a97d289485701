"""Simulation control: the firmware's exit status, the cycle bound and the waveform window of
the Verilator model (vexsim_ctrl.v), its LiteX wrapper (core.py) and its model (model.py)."""
