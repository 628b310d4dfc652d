# senjo — everything a fresh machine needs, from Python 3.11 and make alone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## The main job: a few dice rolls, then (once the engine lands) a narrated duel.
demo: $(STAMP)
	$(BIN)/senjo roll --system gurps '3d6<=11'
	$(BIN)/senjo roll --system coc 'CCB<=65'
	$(BIN)/senjo roll --lang en '2D6+1'

## The test job: lint, strict typing, and the test suite.
test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict

unit: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/dice.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
