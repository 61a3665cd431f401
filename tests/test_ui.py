"""``python -m taubench.ui``: the MLflow UI over the runs of the current folder, at an address
that opens on the experiment's runs table; refused, saying why, where no run was recorded."""

import json
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import ORACLES, _cli_environment, free_port, run_cli


@pytest.mark.long
def test_the_ui_serves_this_folders_runs_at_an_address_that_opens_on_the_runs_table(tmp_path):
    recorded = run_cli(*ORACLES, "env=mock", "task_ids=[0]", "progress=false", cwd=tmp_path)
    assert recorded.returncode == 0, recorded.stderr
    port = free_port()
    ui = subprocess.Popen(
        [sys.executable, "-m", "taubench.ui", "--port", str(port)], cwd=tmp_path, env=_cli_environment(None),
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        line = ui.stdout.readline()
        address = line.rsplit(" ", 1)[-1].strip()
        api = f"http://127.0.0.1:{port}/api/2.0/mlflow"
        for _ in range(600):  # the server starts in a few seconds; the loop ends at the first answer
            try:
                with urllib.request.urlopen(f"{api}/experiments/get-by-name?experiment_name=taubench", timeout=5) as answer:
                    experiment = json.load(answer)["experiment"]
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the MLflow UI never answered")
        experiment_page = f"http://127.0.0.1:{port}/#/experiments/{experiment['experiment_id']}"
        assert address == f"{experiment_page}/runs?viewStateShareKey=results&workflowType=machine_learning"
        query = json.dumps({"experiment_ids": [experiment["experiment_id"]]}).encode()
        request = urllib.request.Request(f"{api}/runs/search", data=query, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            [run] = json.load(answer)["runs"]
        assert run["info"]["run_name"] == "mock · oracle · oracle"  # the store of this folder's run
        # an evaluation, so the UI opens a sweep's parent on its jobs
        assert {"key": "mlflow.runType", "value": "evaluation"} in run["data"]["tags"]
        # the view the address names is the experiment's, and its columns are the run's results
        view = json.loads(json.loads({tag["key"]: tag["value"] for tag in experiment["tags"]}["mlflow.sharedViewState.results"])["state"])
        logged = {metric["key"] for metric in run["data"]["metrics"]}
        assert {"average_reward", "pass_hat_1", "cost_total"} <= {c.removeprefix("metrics.`")[:-1] for c in view["selectedColumns"]} & logged
    finally:
        subprocess.run(["pkill", "-TERM", "-g", str(ui.pid)], check=False)
        ui.wait(timeout=30)
        ui.stdout.close()


@pytest.mark.parametrize("command", [["taubench.ui"], ["taubench", "ui"]])  # python -m taubench ui = taubench ui
def test_the_ui_says_there_is_nothing_to_show_where_no_run_was_recorded(tmp_path, command):
    result = run_cli(*command[1:], cwd=tmp_path, seed_store=False, module=command[0])
    assert result.returncode == 2
    assert f"no runs recorded under {tmp_path.resolve() / 'mlruns'} yet" in result.stderr
