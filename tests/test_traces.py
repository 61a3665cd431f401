"""Every episode is an MLflow trace of its run: read back through MLflow's client and checked
against the run's results.json (episode by episode: tags, feedback, spans, session)."""

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import ORACLES, run_cli
from mlflow import MlflowClient

from taubench.reporting.tracking import local_store
from taubench.testing.scripted_server import Faults, FixedUsage, ScriptedServer


def traces_of_the_run(cwd: Path, filter_string: str | None = None) -> tuple[MlflowClient, str, list]:
    client = MlflowClient(local_store(cwd)[0])
    experiment = client.get_experiment_by_name("taubench").experiment_id
    (run,) = client.search_runs([experiment])
    traces = client.search_traces(
        locations=[experiment], run_id=run.info.run_id, filter_string=filter_string, max_results=500
    )
    return client, run.info.run_id, list(traces)


def results_of(cwd: Path) -> dict:
    return json.loads(next((cwd / "outputs").rglob("results.json")).read_text())


def shown(observation: str):
    """An observation as a span's outputs give it back: MLflow reads a JSON text as its value."""
    try:
        return json.loads(observation)
    except ValueError:
        return observation


def feedback_of(trace) -> dict:
    return {assessment.name: assessment for assessment in trace.info.assessments}


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory) -> Path:
    """Mock, two trials, cut at 10 steps: some episodes succeed, the others end at the limit
    (traced on request: by default a run with no model is not)."""
    cwd = tmp_path_factory.mktemp("traced")
    result = run_cli(
        "env=mock", *ORACLES, "num_trials=2", "max_steps=10", "tracking.traces=true", "progress=false", cwd=cwd
    )
    assert result.returncode == 0, result.stderr
    return cwd


def test_each_episode_is_one_trace_tagged_and_graded_as_results_json_says(oracle_run):
    _, _, traces = traces_of_the_run(oracle_run)
    episodes = results_of(oracle_run)["episodes"]
    by_episode = {(t.info.tags["taubench.task_id"], int(t.info.tags["taubench.trial"])): t for t in traces}
    assert len(traces) == len(episodes) == 36 and set(by_episode) == {(e["task_id"], e["trial"]) for e in episodes}
    outcomes, components = Counter(), 0
    for episode in episodes:
        trace = by_episode[episode["task_id"], episode["trial"]]
        tags = trace.info.tags
        assert tags["taubench.termination"] == episode["termination_reason"]
        outcome = "success" if episode["reward"] == 1.0 else "failure"
        assert tags["taubench.outcome"] == outcome
        assert trace.info.state.value == ("OK" if outcome == "success" else "ERROR")  # a failed episode looks failed
        assert trace.info.response_preview.startswith(f"[{outcome} · reward {episode['reward']:g}] ")  # in every list
        outcomes[outcome] += 1
        assert tags["mlflow.traceName"] == f"task {episode['task_id']} · trial {episode['trial']}"
        assert "mlflow.trace.session" not in trace.info.trace_metadata  # trials are not turns of one session
        feedback = feedback_of(trace)
        assert feedback["reward"].value == episode["reward"]
        assert trace.info.assessments[0].name == "reward"  # first: the traces list shows the first few as columns
        evaluated = {
            k: c for k, c in episode["reward_info"]["components"].items() if c["status"] in ("passed", "failed")
        }
        assert all(feedback[kind].value == (component["status"] == "passed") for kind, component in evaluated.items())
        components += len(evaluated)
        root = trace.data.spans[0]
        assert root.parent_id is None and root.outputs["reward"] == episode["reward"]
        assert root.status.status_code == ("OK" if outcome == "success" else "ERROR")
        if outcome == "failure":
            assert root.status.description.startswith("failed: reward 0")
        assert len(root.inputs["messages"]) == len(episode["messages"])
    assert outcomes["success"] and outcomes["failure"] and components  # so the checks above can fail


def test_spans_follow_the_conversation_with_each_tool_call_and_whose_it_was(oracle_run):
    _, _, traces = traces_of_the_run(oracle_run)
    episodes = {(e["task_id"], e["trial"]): e for e in results_of(oracle_run)["episodes"]}
    user_side_calls = 0
    for trace in traces:
        episode = episodes[trace.info.tags["taubench.task_id"], int(trace.info.tags["taubench.trial"])]
        children = trace.data.spans[1:]
        spoken = [m for m in episode["messages"] if m["role"] in ("assistant", "user")]
        assert [s.name.split(" · ")[0] for s in children if s.span_type == "CHAT_MODEL"] == [
            "agent" if m["role"] == "assistant" else "user" for m in spoken
        ]
        tools = [s for s in children if s.span_type == "TOOL"]
        assert [
            (s.attributes["taubench.requestor"], s.inputs, s.outputs, s.status.status_code == "ERROR") for s in tools
        ] == [
            (call["requestor"], call["arguments"], shown(call["observation"]), call["error"])
            for call in episode["tool_calls"]
        ]
        user_side_calls += sum(s.attributes["taubench.requestor"] == "user" for s in tools)
        starts = [s.start_time_ns for s in children]
        assert starts == sorted(starts)
    assert user_side_calls  # mock's tasks 14-17: the customer acts on their own side


def test_the_ui_filters_find_the_failed_episodes_of_a_task(oracle_run):
    episodes = results_of(oracle_run)["episodes"]
    failed = Counter(e["task_id"] for e in episodes if e["reward"] != 1.0)
    task_id = failed.most_common(1)[0][0]
    _, _, found = traces_of_the_run(
        oracle_run, f"tags.`taubench.task_id` = '{task_id}' AND tags.`taubench.outcome` = 'failure'"
    )
    assert len(found) == failed[task_id]
    _, _, failed_state = traces_of_the_run(oracle_run, "trace.status = 'ERROR'")  # the README's filter
    assert len(failed_state) == sum(e["reward"] != 1.0 for e in episodes)
    _, _, scored_one = traces_of_the_run(oracle_run, "feedback.reward = '1.0'")
    assert len(scored_one) == sum(e["reward"] == 1.0 for e in episodes)


def test_model_calls_carry_the_messages_they_answered_tokens_and_cost_and_tool_errors_show(tmp_path):
    """The scripted server as agent and customer, with broken tool-call arguments now and then."""
    usage = FixedUsage(prompt_tokens=1000, completion_tokens=100)
    with ScriptedServer(domains=("mock",), faults=Faults(malformed_tool_call=0.3, seed=3), usage=usage) as server:
        result = run_cli(
            "env=mock",
            "model=scripted",
            f"provider.api_base={server.url}",
            "model.pricing={input: 2, output: 8}",
            "task_ids=[0,1,2,3,4,5]",
            "progress=false",
            cwd=tmp_path,
        )
    assert result.returncode == 0, result.stderr
    _, _, traces = traces_of_the_run(tmp_path)
    episodes = {(e["task_id"], e["trial"]): e for e in results_of(tmp_path)["episodes"]}
    calls = 0
    for trace in traces:
        episode = episodes[trace.info.tags["taubench.task_id"], int(trace.info.tags["taubench.trial"])]
        models = [s for s in trace.data.spans if s.span_type == "CHAT_MODEL"]
        spoken = [m for m in episode["messages"] if m["role"] in ("assistant", "user")]
        assert len(models) == len(spoken)
        for span, message in zip(models, spoken):
            assert span.outputs["content"] == (message["content"] or "")
            if not message["usage"]:  # the agent's fixed greeting: no model was asked
                assert "mlflow.chat.tokenUsage" not in span.attributes
                continue
            calls += 1
            assert (
                span.attributes["mlflow.chat.tokenUsage"]["input_tokens"] == message["usage"]["prompt_tokens"] == 1000
            )
            assert (
                span.attributes["mlflow.llm.cost"]["total_cost"] == pytest.approx(message["usage"]["cost"])
                and message["usage"]["cost"] > 0
            )
            assert span.end_time_ns - span.start_time_ns == pytest.approx(message["usage"]["seconds"] * 1e9, abs=1e3)
        agent_calls = [s for s in models if s.name.startswith("agent")]
        opening = next(m for m in episode["messages"] if m["role"] == "user")  # the customer answers the greeting
        assert agent_calls[0].inputs["messages"] == [] and agent_calls[1].inputs["messages"][0] == {
            "role": "user",
            "content": opening["content"],
        }
        assert trace.info.tags["taubench.tool_errors"] == str(episode["num_tool_errors"])
    assert calls == server.counts["agent"] + server.counts["user"]
    assert server.faults_injected["malformed_tool_call"] > 0
    _, _, with_errors = traces_of_the_run(tmp_path, "tags.`taubench.tool_errors` != '0'")
    assert len(with_errors) == sum(e["num_tool_errors"] > 0 for e in episodes.values()) > 0


@pytest.mark.parametrize("setting", ["tracking.traces=false", "tracking.traces=auto"])
def test_tracing_can_be_turned_off_and_a_run_without_a_model_has_none_by_default(tmp_path, setting):
    result = run_cli("env=mock", *ORACLES, "task_ids=[0,1]", setting, "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    _, _, traces = traces_of_the_run(tmp_path)
    assert traces == []


def test_what_the_data_say_about_a_task_tags_its_traces(tmp_path):
    """τ² telecom's labels (issue category, number of sub-issues, persona), to filter by."""
    result = run_cli("env=telecom", *ORACLES, "end_index=2", "tracking.traces=true", "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    _, _, traces = traces_of_the_run(tmp_path)
    labels = {e["task_id"]: e["task_labels"] for e in results_of(tmp_path)["episodes"]}
    assert len(traces) == 2 and all(labels.values())
    for trace in traces:
        expected = {f"taubench.{label}": value for label, value in labels[trace.info.tags["taubench.task_id"]].items()}
        assert expected.items() <= trace.info.tags.items()
