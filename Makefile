# senjo — everything a fresh machine needs, from Python 3.11 and make alone.
# The Python 3.11 the .venv is built with: the fastest one here (tools/pick_python.py),
# unless given (`make PYTHON=python3.11`).
PYTHON ?= $$(python3 tools/pick_python.py)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

NATIVE := src/senjo/native.json
# The packages native.PACKAGES and the modules native.MODULES compiles with mypyc
# (senjo/native.py; keep the two in step): rebuilt when any of them changes.
NATIVE_SOURCES := $(wildcard src/senjo/engine/*.py src/senjo/dice/*.py src/senjo/dice/*/*.py src/senjo/space/*.py \
                    src/senjo/systems/gurps/*.py src/senjo/systems/coc/*.py) \
                  src/senjo/scenario/battle.py src/senjo/sim/aggregate.py src/senjo/sim/coc.py \
                  src/senjo/sim/gurps.py src/senjo/sim/seeds.py src/senjo/native.py src/senjo/build_native.py

.PHONY: demo test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,dask]'
	$(BIN)/python -m senjo.sim.fast_gurps.compiled
	$(BIN)/python -m compileall -q src/senjo
	touch $(STAMP)

## The engine compiled to C (two to three times as fast); pure Python if that fails.
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python -m senjo.build_native

## The main job: a narrated GURPS duel, played out by the AI.
demo: $(STAMP) $(NATIVE)
	$(BIN)/senjo run examples/gurps/duel.yaml

## The test job: lint, strict typing, and the test suite: on the sources (with the
## docstring examples), then again on the compiled engine (senjo.native), which is how
## senjo runs (tests/test_native.py compares the two forms; it runs in the first pass).
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict

unit: $(STAMP) $(NATIVE)
	$(BIN)/pytest
	SENJO_PURE=0 $(BIN)/pytest tests --deselect tests/test_native.py

bench: $(STAMP) $(NATIVE)
	$(BIN)/python benchmarks/dice.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/sim.py
	$(BIN)/python benchmarks/startup.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache $(NATIVE)
	find src -name '*.so' -delete
