"""Automatic error identification against the scripted server's analyst (127.0.0.1): through
the CLI after a run, on a stored run with ``python -m taubench analysis``, and through the
package API; failing episodes come from the oracle cut short by ``max_steps`` and from the
scripted agent slipping on its last gold call."""

import json
from pathlib import Path

import pytest
from conftest import ORACLES, run_cli
from mlflow.tracking import MlflowClient

from taubench import run
from taubench.core.episode import EpisodeResult
from taubench.execution.settings import parse_settings
from taubench.models.client import LLMClient
from taubench.models.spec import ModelSpec
from taubench.reporting.analysis import main
from taubench.reporting.fault_attribution import ANALYSIS_FILE, SCHEMA_NAME, analyse, render_request
from taubench.reporting.tracking import local_store
from taubench.testing.scripted_server import Faults, ScriptedServer
from taubench.users.llm import render_scenario

# Airline with max_steps=6: tasks 0, 10, 11, 13, 15 finish, 7 and 12 are cut after part of
# their calls, 14 after all of its calls but before the closing message.
CUT_SHORT = ("env=airline", "task_ids=[0,7,10,11,12,13,14,15]", "max_steps=6", "progress=false")
NO_PAGES = ("tracking.charts=false", "tracking.trajectories_html=false")  # other post-run steps, not tested here
FREE = {"input": 0, "output": 0}


def analyst(server: ScriptedServer) -> tuple[str, ...]:
    return (
        "+provider.label_requests=true",  # the oracles call no model: only the analyst's calls are labelled
        "analysis.model=openai/scripted",
        f"analysis.api_base={server.url}",
        "analysis.pricing={input: 0, output: 0}",
    )


def episodes_of(run_dir: Path) -> list[EpisodeResult]:
    return [EpisodeResult.model_validate_json(line) for line in (run_dir / "episodes.jsonl").read_text().splitlines()]


def failed_in_order(episodes: list[EpisodeResult]) -> list[EpisodeResult]:
    failed = [episode for episode in episodes if episode.reward is not None and episode.reward != 1.0]
    return sorted(failed, key=lambda episode: (int(episode.task_id), episode.trial))


def rule_for_a_cut_short_oracle(episode: EpisodeResult, gold: list) -> str:
    """What the scripted analyst's rule gives for an oracle episode: its calls are the gold
    calls in order, all of them or the first few."""
    made = [(call.name, call.arguments) for call in episode.tool_calls]
    expected = [(action.name, action.arguments) for action in gold]
    assert made == expected[: len(made)], "the oracle made a call off the gold list"
    return "partial_goal" if len(made) < len(expected) else "other"


def test_a_run_with_an_analyst_attributes_each_failed_episode_and_records_it_in_mlflow(tmp_path, airline):
    with ScriptedServer(domains=()) as server:
        result = run_cli(
            *ORACLES,
            *CUT_SHORT,
            *NO_PAGES,
            *analyst(server),
            "num_trials=2",
            "max_concurrency=3",
            "output_dir=run",
            cwd=tmp_path,
        )
        requests = list(server.requests)
        answered = server.counts["analysis"]
    assert result.returncode == 0, result.stderr
    episodes = episodes_of(tmp_path / "run")
    failed = failed_in_order(episodes)
    assert len(episodes) == 16 and len(failed) == 6  # tasks 7, 12, 14 in both trials

    document = json.loads((tmp_path / "run" / ANALYSIS_FILE).read_text())
    entries = document["episodes"]
    assert [(entry["task_id"], entry["trial"]) for entry in entries] == [(e.task_id, e.trial) for e in failed]
    tasks = airline.tasks_in("base")
    for entry, episode in zip(entries, failed):
        assert entry["fault"] == "agent" and entry["error"] is None and entry["reward"] == 0.0
        assert entry["fault_type"] == rule_for_a_cut_short_oracle(episode, tasks[episode.task_id].gold_actions)
        assert entry["explanation"].startswith("(scripted)")
    by_type = {kind: sum(entry["fault_type"] == kind for entry in entries) for kind in document["agent_fault_types"]}
    assert (
        by_type
        == document["agent_fault_types"]
        == {"wrong_tool": 0, "wrong_argument": 0, "partial_goal": 4, "other": 2}
    )
    assert document["faults"] == {"agent": 6, "user": 0, "environment": 0}
    assert document["analysed"] == 6 and document["errors"] == 0 and document["model"] == "openai/scripted"
    assert (
        document["usage"]["calls"] == 6 and document["usage"]["cost"] == 0.0 and document["usage"]["prompt_tokens"] > 0
    )
    assert (
        "error analysis (openai/scripted): 6 failed episodes; agent 6 (wrong_tool 0, wrong_argument 0, partial_goal 4"
        in result.stdout
    )

    # one structured-output request per failed episode, holding what the model needs
    assert answered == len(requests) == 6
    for body in requests:
        schema = body["response_format"]["json_schema"]
        assert (
            body["response_format"]["type"] == "json_schema"
            and schema["name"] == SCHEMA_NAME
            and schema["strict"] is True
        )
        assert set(schema["schema"]["required"]) == {"fault", "fault_type", "explanation"}
    prompts = [body["messages"][-1]["content"] for body in requests]
    for episode in failed:
        assert render_request(episode, airline, tasks[episode.task_id]) in prompts
    assert all(
        airline.policy.strip()[:200] in prompt and '"termination_reason": "max_steps"' in prompt for prompt in prompts
    )

    client = MlflowClient(tracking_uri=local_store(tmp_path)[0])
    run_id = json.loads((tmp_path / "run" / "run.json").read_text())["mlflow_run_id"]
    metrics = client.get_run(run_id).data.metrics
    assert (
        metrics["analysis/faults_agent"] == 6
        and metrics["analysis/faults_user"] == 0
        and metrics["analysis/faults_environment"] == 0
    )
    assert metrics["analysis/agent_faults_partial_goal"] == 4 and metrics["analysis/agent_faults_other"] == 2
    assert (
        metrics["analysis/agent_faults_wrong_tool"] == 0
        and metrics["analysis/errors"] == 0
        and metrics["analysis/cost"] == 0.0
    )
    assert metrics["successes"] == 10  # the run's own metrics are still there
    assert ANALYSIS_FILE in {artifact.path for artifact in client.list_artifacts(run_id)}
    logged = client.download_artifacts(run_id, ANALYSIS_FILE, str(tmp_path / "download"))
    assert json.loads(Path(logged).read_text()) == document


def test_the_verdicts_are_shown_on_the_failed_episodes_pages(tmp_path):
    with ScriptedServer(domains=()) as server:
        result = run_cli(
            *ORACLES, *CUT_SHORT, *analyst(server), "tracking.charts=false", "output_dir=run", cwd=tmp_path
        )
    assert result.returncode == 0, result.stderr
    pages = tmp_path / "run" / "trajectories"
    document = json.loads((tmp_path / "run" / ANALYSIS_FILE).read_text())
    verdicts = {entry["task_id"]: entry for entry in document["episodes"]}
    assert set(verdicts) == {"7", "12", "14"}
    for task_id in ("0", "7", "10", "11", "12", "13", "14", "15"):
        page = (pages / f"task-{task_id}_trial-0.html").read_text()
        if task_id in verdicts:
            entry = verdicts[task_id]
            assert f"<th>error analysis</th><td>agent / {entry['fault_type']}: {entry['explanation']}</td>" in page
        else:  # a success is not analysed
            assert "error analysis" not in page
    index = (pages / "index.html").read_text()  # a fault column, the verdict of each failed episode
    assert "<th>fault</th>" in index
    for task_id, entry in verdicts.items():
        row = index[index.index(f'">{task_id}</a>') :].split("</tr>")[0]
        assert f">agent / {entry['fault_type']}</td>" in row


def test_unusable_answers_are_recorded_as_errors_and_the_run_completes(tmp_path):
    with ScriptedServer(domains=(), faults=Faults(malformed_attribution=1.0)) as server:
        result = run_cli(
            *ORACLES, *CUT_SHORT, *analyst(server), "tracking.enabled=false", "output_dir=run", cwd=tmp_path
        )
        broken = server.faults_injected["malformed_attribution"]
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "run" / "results.json").read_text())["summary"]["successes"] == 5
    document = json.loads((tmp_path / "run" / ANALYSIS_FILE).read_text())
    assert broken == document["analysed"] == document["errors"] == 3
    assert [entry["task_id"] for entry in document["episodes"]] == ["7", "12", "14"]
    for entry in document["episodes"]:
        assert entry["fault"] is None and entry["fault_type"] is None
        assert entry["error"].startswith("unusable answer (") and "Invalid JSON" in entry["error"]
    assert document["faults"] == {"agent": 0, "user": 0, "environment": 0}
    assert document["usage"]["calls"] == 3  # the answers were paid for, usable or not
    assert "3 without a usable answer" in result.stdout


def test_answers_breaking_the_schema_rules_are_errors_naming_the_rule(tmp_path, airline):
    """The JSON parses but says what the schema forbids: each becomes that episode's error."""
    answers = {
        "7": {"fault": "agent", "fault_type": None, "explanation": "no type"},
        "12": {"fault": "user", "fault_type": "wrong_tool", "explanation": "a type for the user"},
        "14": {"fault": "judge", "fault_type": None, "explanation": "not a fault"},
    }

    tasks = airline.tasks_in("base")

    def answer(body: dict) -> str:
        prompt = body["messages"][-1]["content"]
        return json.dumps(
            next(answers[task_id] for task_id in answers if render_scenario(tasks[task_id].user_scenario) in prompt)
        )

    config = {
        "env": {"name": "airline"},
        "agent": {"name": "oracle"},
        "user": {"name": "oracle"},
        "task_ids": ["0", "7", "12", "14"],
        "max_steps": 6,
        "tracking": {"enabled": False},
        "progress": False,
        "output_dir": str(tmp_path / "run"),
    }
    report = run(parse_settings(config), base_dir=tmp_path)
    with ScriptedServer(script=answer) as server:
        client = LLMClient(ModelSpec(model="openai/scripted", api_base=server.url, pricing=FREE))
        result = analyse(report.episodes, airline, tasks, client, concurrency=2)
    errors = {entry.task_id: entry.error for entry in result.episodes}
    assert "fault_type is required for an agent fault" in errors["7"]
    assert "fault_type must be null for a user fault" in errors["12"]
    assert "fault: Input should be 'agent', 'user' or 'environment'" in errors["14"]
    assert result.errors == result.analysed == 3 and sum(result.faults.values()) == 0


def test_a_wrong_argument_of_the_agent_is_attributed_to_the_agent(tmp_path, airline):
    """The scripted agent changes an argument of its last gold call; the run fails the task
    for real (graded as usual), and the analysis through the package API names the slip."""
    with ScriptedServer(domains=("airline",), agent_slip="wrong_argument") as server:
        config = {
            "env": {"name": "airline"},
            "agent": {"name": "tool_calling"},
            "user": {"name": "llm"},
            "model": {"name": "openai/scripted", "pricing": FREE},
            "provider": {"name": "scripted", "api_base": server.url, "label_requests": True},
            "task_ids": ["7", "11"],
            "tracking": {"enabled": False},
            "progress": False,
            "output_dir": str(tmp_path / "run"),
        }
        report = run(parse_settings(config), base_dir=tmp_path)
        client = LLMClient(ModelSpec(model="openai/scripted", api_base=server.url, pricing=FREE, label_requests=True))
        result = analyse(report.episodes, airline, airline.tasks_in("base"), client, concurrency=2)
    tasks = airline.tasks_in("base")
    for episode in report.episodes:
        gold = tasks[episode.task_id].gold_actions
        last = episode.tool_calls[-1]
        assert episode.reward == 0.0 and last.name == gold[-1].name and last.arguments != gold[-1].arguments
    assert [(entry.task_id, entry.fault, entry.fault_type) for entry in result.episodes] == [
        ("7", "agent", "wrong_argument"),
        ("11", "agent", "wrong_argument"),
    ]
    assert result.agent_fault_types["wrong_argument"] == 2 and result.usage.cost == 0.0


def test_the_stored_run_command_analyses_a_run_and_logs_to_its_mlflow_run(tmp_path, airline):
    """A run without analysis, in which the scripted agent called a tool no gold action uses;
    then ``python -m taubench analysis`` on its directory, from where the store is."""
    with ScriptedServer(domains=("airline",), agent_slip="wrong_tool") as server:
        result = run_cli(
            "env=airline",
            "model=scripted",
            f"provider.api_base={server.url}",
            "task_ids=[7,11,12]",
            "progress=false",
            *NO_PAGES,
            "output_dir=run",
            cwd=tmp_path,
        )
        assert result.returncode == 0, result.stderr
        command = run_cli(
            "run",
            "--model",
            "openai/scripted",
            "--api-base",
            server.url,
            "--label-requests",
            "--concurrency",
            "2",
            cwd=tmp_path,
            timeout=300,
            seed_store=False,
            module="taubench.reporting.analysis",
        )
    assert command.returncode == 0, command.stderr
    run_id = json.loads((tmp_path / "run" / "run.json").read_text())["mlflow_run_id"]
    assert f"logged to MLflow run {run_id}" in command.stdout
    document = json.loads((tmp_path / "run" / ANALYSIS_FILE).read_text())
    tasks = airline.tasks_in("base")
    for entry, episode in zip(document["episodes"], failed_in_order(episodes_of(tmp_path / "run"))):
        stray = episode.tool_calls[-1].name
        assert stray not in {action.name for action in tasks[episode.task_id].gold_actions}
        assert (entry["task_id"], entry["fault"], entry["fault_type"]) == (episode.task_id, "agent", "wrong_tool")
        assert stray in entry["explanation"]
    assert [entry["task_id"] for entry in document["episodes"]] == ["7", "11", "12"]
    assert document["usage"]["cost"] is None  # no price given for openai/scripted: unknown, not $0

    client = MlflowClient(tracking_uri=local_store(tmp_path)[0])
    logged = client.get_run(run_id)
    assert logged.info.status == "FINISHED"
    assert (
        logged.data.metrics["analysis/agent_faults_wrong_tool"] == 3
        and logged.data.metrics["analysis/faults_agent"] == 3
    )
    assert logged.data.metrics["analysis/errors"] == 0 and "analysis/cost" not in logged.data.metrics
    assert ANALYSIS_FILE in {artifact.path for artifact in client.list_artifacts(run_id)}


def test_a_missing_key_of_the_analyst_stops_the_run_before_it_starts_and_the_command_too(tmp_path, monkeypatch, capsys):
    result = run_cli(*ORACLES, "env=airline", "task_ids=[0]", "analysis.model=gpt-4o", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        "analysis.model: the environment variable OPENAI_API_KEY is not set (needed by the analysis model gpt-4o)"
        in result.stderr
    )
    result = run_cli(
        *ORACLES,
        "env=airline",
        "task_ids=[0]",
        "analysis.model=openai/x",
        "analysis.api_key_env=ANALYST_KEY",
        cwd=tmp_path,
    )
    assert (
        result.returncode == 2
        and "analysis.api_key_env: the environment variable ANALYST_KEY is not set" in result.stderr
    )
    assert not list(tmp_path.rglob("episodes.jsonl"))  # nothing ran

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        main(["run", "--model", "gpt-4o"])
    assert stopped.value.code == 2
    assert "--model: the environment variable OPENAI_API_KEY is not set" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["nowhere", "--model", "openai/x", "--api-base", "http://127.0.0.1:9/v1"])
    assert stopped.value.code == 2
    assert "taubench analysis: nowhere: no such run directory" in capsys.readouterr().err


def test_a_v1_results_file_is_analysed_with_the_original_commands_flags(tmp_path, shared):
    """τ-bench's ``auto_error_identification.py --env airline --platform openai --results-path F
    --max-concurrency 16 --output-path D --max-num-failed-results 10``, as ``taubench.reporting.analysis``."""
    historical = shared / "data/tau_bench_v1/historical/gpt-4o-airline.json"
    recorded = json.loads(historical.read_text())
    failed = [result for result in recorded if result["reward"] <= 1e-3][:10]  # the original's rule, truncated
    with ScriptedServer(domains=(), default_caller="analysis") as server:  # τ-bench's flags cannot label a request
        command = run_cli(
            "--env",
            "airline",
            "--platform",
            "openai",
            "--model",
            "scripted",
            "--base-url",
            server.url,
            "--results-path",
            str(historical),
            "--data-dir",
            str(shared / "data/tau_bench_v1"),
            "--max-concurrency",
            "16",
            "--output-path",
            "analysis",
            "--max-num-failed-results",
            "10",
            cwd=tmp_path,
            timeout=300,
            seed_store=False,
            module="taubench.reporting.analysis",
            env={"OPENAI_API_KEY": "sk-scripted"},
        )
        assert server.counts["analysis"] == 10
    assert command.returncode == 0, command.stderr
    assert "error analysis (openai/scripted): 10 failed episodes" in command.stdout
    ours = json.loads((tmp_path / "analysis" / ANALYSIS_FILE).read_text())
    assert [(entry["task_id"], entry["trial"]) for entry in ours["episodes"]] == sorted(
        ((str(result["task_id"]), result["trial"]) for result in failed), key=lambda key: (int(key[0]), key[1])
    )
    original = json.loads((tmp_path / "analysis" / "fault_analysis.json").read_text())
    authors = original["fault_assignment_analysis"]
    assert len(authors) == 10 and {entry["author"] for entry in authors} <= {"user", "agent", "environment"}
    assert {entry["task_id"] for entry in authors} == {result["task_id"] for result in failed}
    types = {entry["fault_type"] for entry in original["fault_type_analysis"]}
    assert types and types <= {"called_wrong_tool", "used_wrong_tool_argument", "goal_partially_completed", "other"}
    assert len(original["fault_type_analysis"]) == sum(entry["author"] == "agent" for entry in authors)


def test_the_v1_flags_refuse_what_they_cannot_do_saying_why(tmp_path, shared):
    historical = shared / "data/tau_bench_v1/historical/gpt-4o-airline.json"
    common = (
        "--env",
        "airline",
        "--results-path",
        str(historical),
        "--data-dir",
        str(shared / "data/tau_bench_v1"),
        "--output-path",
        "analysis",
    )
    no_model = run_cli(
        *common, "--platform", "openai", cwd=tmp_path, seed_store=False, module="taubench.reporting.analysis"
    )
    assert no_model.returncode == 2 and "--model: name the analyst model" in no_model.stderr
    completion = run_cli(
        *common,
        "--platform",
        "outlines",
        "--model",
        "m",
        cwd=tmp_path,
        seed_store=False,
        module="taubench.reporting.analysis",
    )
    assert completion.returncode == 2 and "completion-only platform" in completion.stderr
    assert not (tmp_path / "analysis").exists()
