# Maw — the two commands a fresh machine needs:
#   make serve   build the site (engine wheel, Pyodide, Sphinx) and serve it and the shared tables at
#                http://127.0.0.1:8000 (`make serve HOST=0.0.0.0` opens it to the local network)
#   make test    every test: engine, variants, CLI, site build, Pyodide under Node, headless Chromium
# Both install what they need: a virtual environment, the npm packages, Debian's chromium, and
# Debian's Pango and DejaVu fonts for the handouts' PDF.
# `make test` runs the tests in two processes (pytest-xdist), one per core of a small machine, in the
# order tests/conftest.py gives the files (xdist's own reorders them by their number of tests); it
# installs .lockvenv first, as it does .venv, so that no install runs inside the site build it tests.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HTML   := docs/_build/html
HANDOUTS := docs/_build/handouts
PORT   ?= 8000
HOST   ?= 127.0.0.1
DB     ?= tables.sqlite3

.PHONY: serve site handouts test play venv node chromium postgres pdf-libs wheel bench clean lockvenv

# The site and the tables (maw_server); scripts/serve.py serves the site alone, standard library only.
serve: site
	$(BIN)/python -m maw_server --port $(PORT) --bind $(HOST) --directory $(HTML) --db $(DB)

play: venv
	$(BIN)/maw-sim play spoil-five --players 5

venv: $(VENV)/.installed
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

node: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's chromium for the browser tests, installed only where it is missing.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# Debian's PostgreSQL for the test of several server processes sharing the tables
# (tests/test_server_postgres.py starts its own cluster in a temporary directory), installed only where missing.
postgres:
	@{ command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } || { \
	  echo "Installing Debian's PostgreSQL for the tests of the shared tables"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

# Debian's Pango (WeasyPrint lays text out with it) and DejaVu fonts (the suit signs and the long s)
# for the handouts' PDF, installed only where missing.
pdf-libs:
	@{ ldconfig -p | grep -q 'libpangoft2-1.0.so.0 ' && test -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf; } || { \
	  echo "Installing Debian's Pango and DejaVu fonts for the handouts' PDF"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core; }

# The lesson's handouts as one PDF (sphinx-simplepdf and WeasyPrint; only the handouts are read).
# The site's HTML build copies it in (docs/conf.py, html_extra_path), so `make site` builds it first.
handouts: venv pdf-libs
	$(BIN)/sphinx-build -E -W --keep-going -q -t handouts_pdf -b simplepdf docs $(HANDOUTS)

# The engine as a pure-Python wheel, for the site's Pyodide (pypa build with hatchling, offline);
# WHEEL_DIR elsewhere builds the same wheel without touching the site's dist/ (the Pyodide test).
WHEEL_DIR ?= dist
wheel: venv
	rm -rf $(WHEEL_DIR) && $(BIN)/python -m build --wheel --no-isolation --outdir $(WHEEL_DIR) . >/dev/null
	@ls $(WHEEL_DIR)/*.whl

# pyodide-cli and pyodide-lock need a Python of 3.12 or later: where one is found (on the PATH or
# under pyenv), .lockvenv holds them, and the build writes the site's own pyodide-lock.json with the
# engine in it; where none is, the build says so and the worker unpacks the engine's wheel itself.
LOCK_PYTHON ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python3) \
                           $(foreach p,python3.14 python3.13 python3.12,$(shell command -v $(p))))
lockvenv: .lockvenv/.installed
.lockvenv/.installed:
	@if [ -n "$(LOCK_PYTHON)" ]; then \
	  $(LOCK_PYTHON) -m venv .lockvenv && \
	  .lockvenv/bin/python -m pip install --quiet "pyodide-cli>=0.3" "pyodide-lock[wheel]>=0.1.0" pkginfo packaging && \
	  touch $@; \
	else echo "No Python 3.12 or later for pyodide-cli: the site is built without its own lock file"; fi

site: venv node wheel handouts lockvenv
	$(BIN)/python scripts/vendor_site.py
	$(BIN)/sphinx-build -W --keep-going -q -b html docs $(HTML)
	$(BIN)/python scripts/vendor_site.py --service-worker $(HTML)

test: venv node chromium postgres lockvenv
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder

bench: venv
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) .lockvenv node_modules dist $(HTML) $(HANDOUTS) docs/jupyter_execute
