# Two commands on a fresh Debian machine (as root): `make render`, `make test`.
# Each first runs scripts/setup.sh, which installs what is missing and nothing else.
PY := .venv/bin/python
QUALITY ?= l
CHAPTERS ?=

.PHONY: setup render test bench clean

setup:
	@bash scripts/setup.sh

render: setup
	$(PY) render.py render -q $(QUALITY) $(CHAPTERS)

test:  # the browser tests need Debian's chromium; rendering does not
	@bash scripts/setup.sh --with-browser
	$(PY) -m pytest

bench: setup
	$(PY) -m benchmarks -q $(QUALITY)

clean:
	rm -rf media/*/ media/.manim
