# Legacy Ledger: `make run` serves the app with a demo; `make test` runs every test.
# Both set up what they need first: a virtualenv (.venv) on Python 3.12+ and its packages.

SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

# Django 6 needs Python 3.12 or newer: take the version .python-version pins (pyenv), then
# any python3.13 / python3.12 / python3 on the PATH that is new enough.
PYTHON_VERSION := $(shell cat .python-version 2>/dev/null)
BASE_PYTHON := $(shell for c in "$$(pyenv root 2>/dev/null)/versions/$(PYTHON_VERSION)/bin/python" \
	"$$HOME/.pyenv/versions/$(PYTHON_VERSION)/bin/python" python3.13 python3.12 python3; do \
	if command -v "$$c" >/dev/null 2>&1 && "$$c" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	command -v "$$c"; break; fi; done)

.PHONY: run test test-fast test-database lint lint-imports bench load check-python venv clean

# pytest keeps each test module's rewritten bytecode (__pycache__, ignored by git) so that a run
# does not compile every test again: a machine that says not to write bytecode is overruled here.
unexport PYTHONDONTWRITEBYTECODE
# The test runs share the machine's cores (pytest-xdist); WORKERS=1 runs in one process.
WORKERS ?= auto

check-python:
	@if [ -z "$(BASE_PYTHON)" ]; then \
		echo "Legacy Ledger needs Python 3.12 or newer (Django 6). Install it (e.g. 'pyenv install $(PYTHON_VERSION)') and run make again." >&2; \
		exit 1; fi

$(VENV)/.run-installed: requirements.txt | check-python
	@[ -x $(PY) ] && $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' || { rm -rf $(VENV); "$(BASE_PYTHON)" -m venv $(VENV); }
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

$(VENV)/.test-installed: requirements-test.txt requirements.txt $(VENV)/.run-installed
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	@touch $@

venv: $(VENV)/.run-installed

# Browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
/usr/bin/chromium:
	@echo "Installing Debian's chromium for the browser tests..."
	@if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; fi

run: $(VENV)/.run-installed
	@mkdir -p var
	DJANGO_DEBUG=1 $(PY) manage.py migrate --no-input
	DJANGO_DEBUG=1 $(PY) manage.py load_demo
	@echo ""
	@echo "Legacy Ledger is at http://$(HOST):$(PORT)/  (log in as demo with the password above; Ctrl-C stops it)"
	@echo ""
	DJANGO_DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# The layers (pyproject.toml [tool.importlinter]): the rules import no Django, the read side no views.
lint-imports: $(VENV)/.test-installed
	$(VENV)/bin/lint-imports

# The code's style (ruff, pyproject.toml [tool.ruff]) and the layers.
lint: lint-imports
	$(VENV)/bin/ruff check .

# Every test, each tier (docs/contributing.md): the lint, then rules, views, the slow whole-app
# checks and the browser tests. With DATABASE_URL set (PostgreSQL), the same suite runs there.
test: lint /usr/bin/chromium
	$(PY) -m pytest -n $(WORKERS) --dist worksteal $(PYTEST_ARGS)

# The inner loop: everything but the slow whole-app checks and the browser tests.
test-fast: lint
	$(PY) -m pytest -n $(WORKERS) --dist worksteal -m "not slow and not browser" $(PYTEST_ARGS)

# What can depend on the database (every test that uses one) but the browser tests, which see
# the same pages whatever the database: CI's run on PostgreSQL.
test-database: lint-imports
	$(PY) -m pytest -n $(WORKERS) --dist worksteal -m "database and not browser" $(PYTEST_ARGS)

bench: $(VENV)/.test-installed
	$(PY) bench/journal_bench.py
	$(PY) bench/write_bench.py
	$(PY) bench/paired_bench.py
	$(PY) bench/servers.py
	$(PY) bench/uploads.py
	$(PY) bench/bg_stats_bench.py

# How many game nights one gunicorn app server holds (simulated tables; minutes).
load: $(VENV)/.test-installed
	$(PY) bench/load.py

clean:
	rm -rf $(VENV) var .pytest_cache .hypothesis
