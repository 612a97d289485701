# vexcrypt — the two commands: `make sim` and `make test`. Both install what is missing first.
# Options (make VAR=value): CPU, CLMUL, MONT, SUITES, RUNS, SIZES, ALL, MAX_CYCLES, TRACE,
# TRACE_BEGIN, TRACE_END. `make help` lists them.
SHELL  := /bin/bash
VENV   := .venv
VEXRUN := $(VENV)/bin/vexrun
PYTEST := $(VENV)/bin/python -m pytest

CPU         ?= full
CLMUL       ?= 0
MONT        ?= 0
SUITES      ?= selftest,hash,block,stream
RUNS        ?= 3
SIZES       ?=
MAX_CYCLES  ?= 1000000000
ALL         ?= 0
TRACE       ?= 0
TRACE_BEGIN ?= 0
TRACE_END   ?= 200000

CONFIG_ARGS := --cpu-variant $(CPU) --clmul $(CLMUL) --mont $(MONT)
SIM_ARGS    := $(CONFIG_ARGS) --suites $(SUITES) --runs $(RUNS) --max-cycles $(MAX_CYCLES) \
               $(if $(SIZES),--sizes $(SIZES)) $(if $(filter 1,$(ALL)),--all) \
               $(if $(filter 1,$(TRACE)),--trace --trace-begin $(TRACE_BEGIN) --trace-end $(TRACE_END))

.PHONY: help setup sim bench test test-host test-sim test-cocotb oracle report clean distclean
.DEFAULT_GOAL := help

help:
	@echo "make sim     build what changed, run the quick self-test and the symmetric benchmarks in the simulated SoC,"
	@echo "             print the table (about 1 minute on a rerun)"
	@echo "make test    host tests, SoC simulation tests (the full self-test), oracle tests, cocotb RTL tests"
	@echo "             (about 20 minutes)"
	@echo "make bench   the long benchmark sweep (about 90 minutes); writes docs/performance*.md and the README's figures"
	@echo "make oracle  JSON-lines oracle on stdin/stdout (see README)"
	@echo "make report  table of the newest saved result"
	@echo "options: CPU=full|full+cfu|standard|lite|minimal CLMUL=0|1 MONT=0|1 RUNS=3 SIZES=64,1024 ALL=1"
	@echo "         SUITES=selftest,hash,block,stream (more: selftest_full mp pk ec; vexrun sim --help)"
	@echo "         MAX_CYCLES=1000000000 TRACE=1 TRACE_BEGIN=0 TRACE_END=200000"

setup:
	@scripts/setup-env

sim: setup
	@$(VEXRUN) sim $(SIM_ARGS)

bench: setup
	@$(VEXRUN) bench $(CONFIG_ARGS) --runs $(RUNS) --publish docs

oracle: setup
	@$(VEXRUN) oracle $(CONFIG_ARGS)

report: setup
	@$(VEXRUN) report

test: setup
	@$(PYTEST) -q tests cocotb-tests

test-host: setup
	@$(PYTEST) -q tests -m "not sim"

test-sim: setup
	@$(PYTEST) -q tests -m sim

test-cocotb: setup
	@$(PYTEST) -q cocotb-tests

clean:
	rm -rf build

distclean: clean
	rm -rf $(VENV) results
