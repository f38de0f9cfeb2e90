# Two commands on a fresh Debian machine (as root): `make render`, `make test`.
# Each first runs scripts/setup.sh, which installs what is missing and nothing else.
PY := .venv/bin/python
QUALITY ?= l
CHAPTERS ?=

.PHONY: setup setup-dev render package test layouts lint bench clean

setup:  # what rendering needs
	@bash scripts/setup.sh

setup-dev:  # also the browsers, the test tools and Dask, for the tests, checks and benchmark
	@bash scripts/setup.sh --with-browser

render: setup
	$(PY) render.py render -q $(QUALITY) $(CHAPTERS)

package: setup  # the whole lecture at 1080p60, then one zip of it to hand on: media/attention-lecture-1080p60.zip
	$(PY) render.py render -q h
	$(PY) render.py package -q h

test: setup-dev
	$(PY) -m ruff format --check .
	$(PY) -m ruff check .
	$(PY) -m pytest -n auto --dist loadgroup --durations=25  # a worker per core (tests/conftest.py groups the tests); the 25 slowest listed

layouts: setup-dev  # every chapter with every corpus example (the suite runs a third of these)
	$(PY) -m tests.corpus.layout_sweep $(CHAPTERS)

lint: setup-dev  # `ruff format .` rewrites what --check reports
	$(PY) -m ruff format --check .
	$(PY) -m ruff check .

bench: setup-dev
	$(PY) -m benchmarks -q $(QUALITY)

clean:
	rm -rf media/*/ media/.manim
