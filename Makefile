# `make run` and `make test` set everything up on a fresh machine (a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STORE := $(CURDIR)/mlruns

export LITELLM_LOCAL_MODEL_COST_MAP := True
export MLFLOW_DISABLE_TELEMETRY := true

.PHONY: install run test ui clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[test]"
	touch $@

# The main job: the oracle self-check on every τ² retail and airline task, offline.
run: install
	$(PY) -m taubench --multirun env=retail,airline agent=oracle user=oracle

test: install
	$(PY) -m pytest -q

# The MLflow UI over the embedded store, on http://127.0.0.1:5000
ui: install
	$(PY) -m mlflow ui --backend-store-uri sqlite:///$(STORE)/mlflow.db --default-artifact-root $(STORE)/artifacts --host 127.0.0.1 --port 5000

clean:
	rm -rf $(VENV) outputs mlruns
