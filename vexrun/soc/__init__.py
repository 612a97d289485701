"""Running the simulated SoC: builds (model, firmware, host library), the firmware's protocol
over a transport, simulation sessions, runs of suites and the oracle, result files."""
