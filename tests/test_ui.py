"""``python -m taubench ui``: the MLflow UI over the runs of the current folder, at an address
that opens on the experiment's runs table; refused, saying why, where no run was recorded."""

import json

import pytest
from conftest import ORACLES, run_cli, serving_ui


@pytest.mark.long
def test_the_ui_serves_this_folders_runs_at_an_address_that_opens_on_the_runs_table(tmp_path):
    recorded = run_cli(*ORACLES, "env=mock", "task_ids=[0]", "progress=false", cwd=tmp_path)
    assert recorded.returncode == 0, recorded.stderr
    with serving_ui(tmp_path) as (root, address, api, log, processes):
        # MLflow's command and one server process, no job runner: what one reader needs (MLflow's
        # default is five more: four workers under the server, and the runner of its GenAI jobs)
        assert len(processes) == 2 and "-m mlflow ui" in processes[0], processes
        assert "-m uvicorn" in processes[1] and processes[1].endswith("--workers 1 mlflow.server.fastapi_app:app")
        experiment = api.get("/experiments/get-by-name", params={"experiment_name": "taubench"}).json()["experiment"]
        experiment_page = f"{root}/#/experiments/{experiment['experiment_id']}"
        assert address == f"{experiment_page}/runs?viewStateShareKey=results&workflowType=machine_learning"
        [run] = api.post("/runs/search", json={"experiment_ids": [experiment["experiment_id"]]}).json()["runs"]
        assert run["info"]["run_name"] == "mock · oracle · oracle"  # the store of this folder's run
        # an evaluation, so the UI opens a sweep's parent on its jobs
        assert {"key": "mlflow.runType", "value": "evaluation"} in run["data"]["tags"]
        # the view the address names is the experiment's, and its columns are the run's results
        view = json.loads(
            json.loads({tag["key"]: tag["value"] for tag in experiment["tags"]}["mlflow.sharedViewState.results"])[
                "state"
            ]
        )
        logged = {metric["key"] for metric in run["data"]["metrics"]}
        assert {"average_reward", "pass_hat_1", "cost_total"} <= {
            c.removeprefix("metrics.`")[:-1] for c in view["selectedColumns"]
        } & logged
    assert "Warning" not in log.read_text()  # MLflow's own deprecation notices are not ours to print


@pytest.mark.parametrize(
    "command", [["taubench.integrations.ui"], ["taubench", "ui"]]
)  # python -m taubench ui = taubench ui
def test_the_ui_says_there_is_nothing_to_show_where_no_run_was_recorded(tmp_path, command):
    result = run_cli(*command[1:], cwd=tmp_path, seed_store=False, module=command[0])
    assert result.returncode == 2
    assert f"no runs recorded under {tmp_path.resolve() / 'mlruns'} yet" in result.stderr
