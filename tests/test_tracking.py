"""A two-job sweep, read back with the MLflow client: one parent run, two children."""

import json
from pathlib import Path

from conftest import ORACLES, run_cli
from mlflow.tracking import MlflowClient

from taubench.reporting.tracking import local_store


def test_multirun_records_a_parent_run_with_a_child_per_job(tmp_path):
    result = run_cli("--multirun", *ORACLES, "env=retail,airline", "task_ids=[0,1,2]", "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "taubench sweep: 2 runs" in result.stdout

    client = MlflowClient(tracking_uri=local_store(tmp_path)[0])
    experiment = client.get_experiment_by_name("taubench")
    runs = client.search_runs([experiment.experiment_id])
    parents = [run for run in runs if "mlflow.parentRunId" not in run.data.tags]
    assert len(parents) == 1 and parents[0].info.status == "FINISHED"
    parent = parents[0]
    assert parent.data.metrics["jobs_completed"] == 2
    children = sorted(
        (run for run in runs if run.data.tags.get("mlflow.parentRunId") == parent.info.run_id),
        key=lambda run: run.data.params["env.name"],
    )
    assert [run.data.params["env.name"] for run in children] == ["airline", "retail"]
    for child, scored in zip(children, (3, 2)):  # retail task 2 needs the NL judge
        assert child.info.status == "FINISHED"
        assert child.data.params["agent.name"] == "oracle" and child.data.params["task_ids"] == '["0", "1", "2"]'
        metrics = child.data.metrics
        assert metrics["average_reward"] == 1.0 and metrics["pass_hat_1"] == 1.0
        assert metrics["num_episodes"] == 3 and metrics["scored_episodes"] == scored
        assert metrics["unscored_episodes"] == 3 - scored and metrics["errors_total"] == 0
        artifacts = {artifact.path for artifact in client.list_artifacts(child.info.run_id)}
        assert artifacts == {"results.json", "resolved_config.yaml", "charts", "trajectories"}
        local = client.download_artifacts(child.info.run_id, "results.json", str(tmp_path / child.info.run_id))
        assert json.loads(open(local).read())["summary"]["num_episodes"] == 3


def test_the_experiment_opens_on_its_runs_and_a_run_is_named_and_curved_for_the_runs_table(tmp_path):
    """MLflow 3's UI opens an experiment tagged as model development on its runs table; the run
    is named by what differs between runs, and pass^k is one metric over k (a single curve)."""
    result = run_cli(*ORACLES, "env=mock", "num_trials=3", "max_steps=6", "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    client = MlflowClient(tracking_uri=local_store(tmp_path)[0])
    experiment = client.get_experiment_by_name("taubench")
    assert experiment.tags["mlflow.experimentKind"] == "custom_model_development"
    [run] = client.search_runs([experiment.experiment_id])
    assert run.info.run_name == "mock · oracle · oracle"
    params = run.data.params  # what was measured; how it was carried out stays in resolved_config.yaml
    assert {
        "env.name",
        "agent.name",
        "user.name",
        "model.name",
        "num_trials",
        "seed",
        "max_steps",
        "task_split",
    } <= set(params)
    assert not {"max_concurrency", "output_dir", "progress", "resume", "provider.api_base", "judge.api_key_env"} & set(
        params
    )
    assert not any(key.startswith(("tracking.", "dispatch.", "llm.")) for key in params)
    summary = json.loads(next(tmp_path.rglob("results.json")).read_text())["summary"]
    curve = {point.step: point.value for point in client.get_metric_history(run.info.run_id, "pass_hat_k")}
    assert curve == {int(k): round(value, 4) for k, value in summary["pass_hat_k"].items()} and sorted(curve) == [
        1,
        2,
        3,
    ]
    assert 0 < curve[1] < 1  # cut short at six steps, some tasks fail: the curve is not trivially flat at 1

    client.set_experiment_tag(experiment.experiment_id, "mlflow.experimentKind", "genai_development")
    again = run_cli(*ORACLES, "env=mock", "task_ids=[0]", "progress=false", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert (
        client.get_experiment_by_name("taubench").tags["mlflow.experimentKind"] == "genai_development"
    )  # a choice made by hand stays


def test_a_sweeps_runs_are_named_by_what_varies_and_its_view_plots_that_against_the_results(tmp_path):
    sweep = ("--multirun", *ORACLES, "env=mock,airline", "task_ids=[0,1,2]", "max_steps=8,40", "progress=false")
    result = run_cli(*sweep, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    client = MlflowClient(tracking_uri=local_store(tmp_path)[0])
    experiment = client.get_experiment_by_name("taubench")
    runs = client.search_runs([experiment.experiment_id])
    names = sorted(run.info.run_name for run in runs)
    assert names[:4] == [
        "airline · oracle · oracle · max_steps=40",
        "airline · oracle · oracle · max_steps=8",
        "mock · oracle · oracle · max_steps=40",
        "mock · oracle · oracle · max_steps=8",
    ]
    assert names[4].startswith("sweep ") and names[4].endswith(" · varying env, max_steps")

    # the runs table reads at a glance: four decimals in MLflow, every digit in results.json
    cut = next(run for run in runs if run.info.run_name == "mock · oracle · oracle · max_steps=8")
    exact = json.loads((Path(cut.data.tags["taubench.output_dir"]) / "results.json").read_text())["summary"][
        "average_reward"
    ]
    assert exact == 1 / 3 and cut.data.metrics["average_reward"] == 0.3333
    assert "usage/calls_agent" in cut.data.metrics and not any(key.startswith("calls_") for key in cut.data.metrics)

    # the view taubench.integrations.ui opens: the results' section first, the details folded after it, and
    # a parallel-coordinates chart of what the sweep varied against reward and pass^1 on top
    view = json.loads(json.loads(experiment.tags["mlflow.sharedViewState.results"])["state"])
    assert [(section["name"], section["display"]) for section in view["compareRunSections"]] == [
        ("Model metrics", True),
        ("errors", False),
        ("usage", False),
        ("labels", False),
        ("analysis", False),
        ("System metrics", False),
    ]
    first, *charts = view["compareRunCharts"]
    assert first["type"] == "PARALLEL" and first["selectedParams"] == ["env.name", "max_steps"]
    assert first["selectedMetrics"] == ["average_reward", "pass_hat_1"]
    assert [chart["metricKey"] for chart in charts][:3] == ["average_reward", "pass_hat_1", "pass_hat_2"]
