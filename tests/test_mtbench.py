"""The MT Bench export: in a run (export.formats=[mtbench]), later from a stored run
(python -m taubench mtbench), and the two lookups the HTTP API uses."""

import json
import re
from pathlib import Path

import jsonschema
import pytest
from conftest import ORACLES, run_cli
from mlflow.tracking import MlflowClient

from taubench import run as run_settings
from taubench.core.episode import EpisodeResult
from taubench.domains import load_domain
from taubench.execution.settings import ConfigError, parse_settings
from taubench.reporting import mtbench_export as mtbench
from taubench.reporting.mtbench_export import latest_scores_file, safe_model_name, scores_lines
from taubench.reporting.tracking import local_store
from taubench.testing.scripted_server import ScriptedServer
from taubench.users.llm import render_scenario

SCORES_KEYS = ["task-id", "prompt", "result", "truth", "score", "duration"]
SCORES_SCHEMA = {
    "type": "object",
    "properties": {
        "task-id": {"type": "string", "pattern": r"^task-\d+$"},
        "prompt": {"type": "string", "minLength": 1},
        "result": {"type": "string"},
        "truth": {"type": "string"},
        "score": {"type": "number", "minimum": 0, "maximum": 1},
        "duration": {"type": "number", "minimum": 0},
    },
    "required": SCORES_KEYS,
    "additionalProperties": False,
}
CHAT_ROLES = {"system", "user", "assistant", "tool"}
# retail: 0 and 1 pass, 4 is cut off by max_steps, 24 needs the NL judge (none: unscored);
# airline: 0, 1 and 24 pass, 4 is cut off
TASK_IDS = ["0", "1", "4", "24"]
UNSCORED = {"retail": {"24"}, "airline": set()}


def calls(pairs) -> str:
    return ",".join(f"{name}({json.dumps(arguments)})" for name, arguments in pairs)


def export_folders(data_dir: Path, env: str) -> list[Path]:
    return sorted(path for path in data_dir.iterdir() if re.fullmatch(rf"tau_bench_{env}_\d{{8}}_\d{{6}}", path.name))


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    """One oracle sweep over retail and airline, 2 trials, some episodes cut off, tracked."""
    cwd = tmp_path_factory.mktemp("sweep")
    result = run_cli(
        "--multirun",
        *ORACLES,
        "env=retail,airline",
        f"task_ids=[{','.join(TASK_IDS)}]",
        "num_trials=2",
        "max_steps=14",
        "progress=false",
        "export.formats=[mtbench]",
        f"export.data_dir={cwd / 'data'}",
        cwd=cwd,
    )
    assert result.returncode == 0, result.stderr
    runs = {}
    for results_file in cwd.glob("outputs/multirun/*/*/*/results.json"):
        document = json.loads(results_file.read_text(encoding="utf-8"))
        runs[document["config"]["env"]["name"]] = (results_file.parent, document)
    assert set(runs) == {"retail", "airline"}
    return cwd, result.stdout, runs


@pytest.mark.parametrize("env", ["retail", "airline"])
def test_a_run_exports_scores_and_trajectories_matching_its_results(sweep, env, retail, airline):
    cwd, stdout, runs = sweep
    domain = {"retail": retail, "airline": airline}[env]
    _, document = runs[env]
    (folder,) = export_folders(cwd / "data", env)
    unscored = UNSCORED[env]
    left_out = f", {len(unscored)} not scored (trajectory only)" if unscored else ""
    assert (
        f"taubench: MT-Bench export: {len(TASK_IDS) - len(unscored)} scored tasks{left_out} in {folder.resolve()}\n"
        in stdout
    )

    by_task: dict[str, list[dict]] = {}
    for episode in document["episodes"]:
        by_task.setdefault(episode["task_id"], []).append(episode)
    assert {len(trials) for trials in by_task.values()} == {2}
    rewards = {episode["reward"] for episode in document["episodes"]}
    assert 0.0 in rewards and 1.0 in rewards  # the run mixes passes and failures

    scores_file = folder / "oracle_scores.jsonl"
    lines = scores_file.read_text(encoding="utf-8").splitlines()
    scores = {}
    for line in lines:
        entry = json.loads(line)
        jsonschema.validate(entry, SCORES_SCHEMA)
        assert list(entry) == SCORES_KEYS
        scores[entry["task-id"]] = entry
    assert list(scores) == [f"task-{task_id}" for task_id in TASK_IDS if task_id not in unscored]  # split order
    for task_id in TASK_IDS:
        trials = sorted(by_task[task_id], key=lambda episode: episode["trial"])
        if task_id in unscored:
            assert all(episode["reward"] is None for episode in trials)
            continue
        entry = scores[f"task-{task_id}"]
        task = domain.tasks[task_id]
        assert entry["score"] == sum(episode["reward"] for episode in trials) / 2
        assert entry["duration"] == pytest.approx(sum(episode["duration_s"] for episode in trials), abs=1e-4)
        assert entry["truth"] == calls((action.name, action.arguments) for action in task.gold_actions)
        assert entry["result"] == calls((call["name"], call["arguments"]) for call in trials[0]["tool_calls"])
        assert entry["prompt"] == render_scenario(task.user_scenario)  # what the simulated user is given
        if entry["score"] == 0.0:  # cut off by max_steps: some or all of the gold calls, then no user stop
            assert entry["truth"].startswith(entry["result"])
        else:
            assert entry["result"] == entry["truth"]
    if env == "retail":  # 13 gold actions do not fit in 14 steps
        assert len(scores["task-4"]["result"]) < len(scores["task-4"]["truth"])

    trajectories = sorted(path.name for path in folder.glob("*_trajectory.jsonl"))
    assert trajectories == sorted(f"oracle_task{task_id}_trajectory.jsonl" for task_id in TASK_IDS)
    for task_id in TASK_IDS:
        messages = read_jsonl(folder / f"oracle_task{task_id}_trajectory.jsonl")
        assert {message["role"] for message in messages} <= CHAT_ROLES
        assert messages[0] == {"role": "system", "content": domain.policy}
        assert [m["role"] for m in messages[1:]] == [m["role"] for m in by_task[task_id][0]["messages"]]
        call_ids = set()
        for message in messages:
            for call in message.get("tool_calls") or []:
                assert call["type"] == "function" and isinstance(json.loads(call["function"]["arguments"]), dict)
                call_ids.add(call["id"])
            if message["role"] == "tool":
                assert message["tool_call_id"] in call_ids and set(message) == {
                    "role",
                    "tool_call_id",
                    "name",
                    "content",
                }


def test_the_export_folder_is_an_mlflow_artifact_of_each_run(sweep):
    cwd, _, _ = sweep
    client = MlflowClient(tracking_uri=local_store(cwd)[0])
    experiment = client.get_experiment_by_name("taubench")
    children = [run for run in client.search_runs([experiment.experiment_id]) if "mlflow.parentRunId" in run.data.tags]
    assert sorted(run.data.params["env.name"] for run in children) == ["airline", "retail"]
    for run in children:
        (folder,) = export_folders(cwd / "data", run.data.params["env.name"])
        logged = {artifact.path for artifact in client.list_artifacts(run.info.run_id, "mtbench")}
        assert logged == {f"mtbench/{path.name}" for path in folder.iterdir()}
        local = client.download_artifacts(run.info.run_id, "mtbench/oracle_scores.jsonl", str(cwd / run.info.run_id))
        assert Path(local).read_bytes() == (folder / "oracle_scores.jsonl").read_bytes()


def test_a_stored_run_exports_the_same_files_later(sweep, tmp_path):
    cwd, _, runs = sweep
    for env, argument in (("retail", lambda run_dir: run_dir), ("airline", lambda run_dir: run_dir / "results.json")):
        run_dir, _ = runs[env]
        later = run_cli(
            str(argument(run_dir)),
            "--data-dir",
            str(tmp_path / "later"),
            cwd=tmp_path,
            timeout=120,
            seed_store=False,
            module="taubench.integrations.mtbench",
        )
        assert later.returncode == 0, later.stderr
        (in_run,) = export_folders(cwd / "data", env)
        (exported,) = export_folders(tmp_path / "later", env)
        assert f"in {exported.resolve()}" in later.stdout
        assert sorted(path.name for path in exported.iterdir()) == sorted(path.name for path in in_run.iterdir())
        for path in in_run.iterdir():
            assert (exported / path.name).read_bytes() == path.read_bytes(), path.name


def test_a_second_export_in_the_same_second_gets_a_later_sorting_name(sweep, tmp_path):
    _, _, runs = sweep
    run_dir, _ = runs["airline"]
    first = mtbench.export_stored_run(run_dir, tmp_path, "tau_bench_airline")
    second = mtbench.export_stored_run(run_dir, tmp_path, "tau_bench_airline")
    assert first.folder != second.folder and first.folder.exists()
    if second.folder.name.startswith(first.folder.name):  # same second: a counter
        assert second.folder.name == first.folder.name + "_01"
    assert sorted([second.folder.name, first.folder.name]) == [first.folder.name, second.folder.name]
    assert latest_scores_file(tmp_path, "oracle", "airline") == (second.folder / "oracle_scores.jsonl").resolve()


def test_trials_aggregate_to_the_mean_of_scored_trials_shown_from_the_first_scored(sweep, tmp_path, retail):
    """Trial 0 unscored, trial 1 failed, trial 2 passed: score 0.5, trajectory of trial 1."""
    _, _, runs = sweep
    _, document = runs["retail"]
    failed = EpisodeResult.model_validate(next(e for e in document["episodes"] if e["task_id"] == "4"))
    passed = EpisodeResult.model_validate(next(e for e in document["episodes"] if e["task_id"] == "0"))
    episodes = [
        passed.model_copy(update={"task_id": "4", "trial": 2, "reward": 1.0, "duration_s": 0.5}),
        failed.model_copy(update={"trial": 1, "reward": 0.0, "duration_s": 0.25}),
        failed.model_copy(update={"trial": 0, "reward": None, "duration_s": 1.0, "messages": failed.messages[:1]}),
    ]
    folder = mtbench.new_export_folder(tmp_path, "mix")
    export = mtbench.write_export(episodes, retail.tasks_in("base"), retail.policy, "some/model_x", folder)
    assert export.model == "some-model-x" and export.scored_tasks == 1 and export.unscored_tasks == []
    (line,) = read_jsonl(export.folder / "some-model-x_scores.jsonl")
    assert line["task-id"] == "task-4" and line["score"] == 0.5 and line["duration"] == 1.75
    assert line["result"] == calls((call.name, call.arguments) for call in failed.tool_calls)
    trajectory = read_jsonl(export.folder / "some-model-x_task4_trajectory.jsonl")
    assert len(trajectory) == len(failed.messages) + 1


def test_a_run_through_the_llm_path_names_files_safely_and_scores_its_calls(tmp_path, airline):
    """The scripted server plays the agent by the ground truth under model openai/scripted."""
    with ScriptedServer(domains=("airline",)) as server:
        result = run_cli(
            "env=airline",
            "model=scripted",
            f"provider.api_base={server.url}",
            "task_ids=[1,4]",
            "tracking.enabled=false",
            "progress=false",
            "export.formats=[mtbench]",
            "export.dataset_name=tau_bench_air",
            cwd=tmp_path,
        )
    assert result.returncode == 0, result.stderr
    (folder,) = (tmp_path / "data").iterdir()  # export.data_dir defaults to data/ where the command started
    assert re.fullmatch(r"tau_bench_air_\d{8}_\d{6}", folder.name)
    assert sorted(path.name for path in folder.iterdir()) == [
        "openai-scripted_scores.jsonl",
        "openai-scripted_task1_trajectory.jsonl",
        "openai-scripted_task4_trajectory.jsonl",
    ]
    lines = read_jsonl(folder / "openai-scripted_scores.jsonl")
    assert [line["task-id"] for line in lines] == ["task-1", "task-4"]
    for line in lines:
        task = airline.tasks[line["task-id"].removeprefix("task-")]
        assert line["score"] == 1.0 and line["result"] == line["truth"]
        assert line["truth"] == calls((action.name, action.arguments) for action in task.gold_actions)
    assert (
        latest_scores_file(tmp_path / "data", "openai_scripted", "air")
        == (folder / "openai-scripted_scores.jsonl").resolve()
    )


def test_the_stored_run_export_refuses_what_is_not_a_finished_run(sweep, tmp_path, capsys, monkeypatch):
    _, _, runs = sweep
    monkeypatch.chdir(tmp_path)  # where a default export would go
    unfinished = tmp_path / "unfinished"
    unfinished.mkdir()
    (unfinished / "episodes.jsonl").write_text("")
    cases = [
        ([str(tmp_path / "missing")], "no such run directory"),
        ([str(tmp_path)], "not a taubench run directory"),
        ([str(unfinished)], "the run is unfinished (no results.json yet)"),
        ([str(runs["retail"][0]), "--dataset-name", "../elsewhere"], "--dataset-name: not a usable folder name"),
    ]
    for argv, message in cases:
        with pytest.raises(SystemExit) as stopped:
            mtbench.main(argv)
        assert stopped.value.code == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


def test_export_settings_are_checked_before_a_run():
    base = {"env": {"name": "retail"}, "agent": {"name": "oracle"}, "user": {"name": "oracle"}}
    with pytest.raises(ConfigError, match=r"export\.formats\.0: unknown export format 'csv'; allowed: mtbench"):
        parse_settings(base | {"export": {"formats": ["csv"]}})
    for name in ("../x", "a/b", "..", ""):
        with pytest.raises(ConfigError, match=r"export\.dataset_name: not a usable folder name"):
            parse_settings(base | {"export": {"dataset_name": name}})


@pytest.mark.parametrize(
    "model, safe",
    [
        ("openai/gpt-4o", "openai-gpt-4o"),
        ("a/b_c", "a-b-c"),
        ("../x", "..-x"),  # no separator left: one plain name
        ("..", "--"),
        (".", "-"),
        ("claude-3.5", "claude-3.5"),
        ("hosted_vllm/meta-llama/Llama-3.3-70B-Instruct", "hosted-vllm-meta-llama-Llama-3.3-70B-Instruct"),
        ("ünï côde", "-n--c-de"),
    ],
)
def test_safe_model_name(model, safe):
    assert safe_model_name(model) == safe


def test_safe_model_name_refuses_an_empty_name():
    with pytest.raises(ValueError, match="empty"):
        safe_model_name("")


def test_latest_scores_file_picks_the_newest_and_never_leaves_the_data_dir(tmp_path):
    data = (tmp_path / "data").resolve()
    for folder, files in {
        "tau_bench_retail_20250101_120000": ["gpt-4o", "openai-gpt-4o"],
        "tau_bench_retail_20250101_120000_01": ["openai-gpt-4o"],
        "tau_bench_retail_20240101_000000": ["openai-gpt-4o", "claude"],
        "tau_bench_retail_v1_20990101_000000": ["openai-gpt-4o"],  # another subset, though it globs alike
        "tau_bench_retail_latest": ["openai-gpt-4o"],  # not an export's name
    }.items():
        (data / folder).mkdir(parents=True)
        for model in files:
            (data / folder / f"{model}_scores.jsonl").write_text(f'{{"task-id": "task-1", "folder": "{folder}"}}\n')
    assert (
        latest_scores_file(data, "openai/gpt-4o", "retail")
        == data / "tau_bench_retail_20250101_120000_01/openai-gpt-4o_scores.jsonl"
    )
    assert (
        latest_scores_file(data, "openai_gpt-4o", "retail")
        == data / "tau_bench_retail_20250101_120000_01/openai-gpt-4o_scores.jsonl"
    )
    assert latest_scores_file(data, "gpt-4o", "retail") == data / "tau_bench_retail_20250101_120000/gpt-4o_scores.jsonl"
    assert latest_scores_file(data, "claude", "retail") == data / "tau_bench_retail_20240101_000000/claude_scores.jsonl"
    assert (
        latest_scores_file(data, "openai/gpt-4o", "retail_v1")
        == data / "tau_bench_retail_v1_20990101_000000/openai-gpt-4o_scores.jsonl"
    )
    assert latest_scores_file(data, "gpt-4o", "airline") is None
    assert latest_scores_file(tmp_path / "nowhere", "gpt-4o", "retail") is None
    assert latest_scores_file(data, "", "retail") is None

    # outside data_dir: a scores file one level up, reachable only by escaping
    (tmp_path / "tau_bench_x_20250101_000000").mkdir()
    (tmp_path / "tau_bench_x_20250101_000000" / "m_scores.jsonl").write_text("{}\n")
    (tmp_path / "secret_scores.jsonl").write_text("{}\n")
    for model, subset in [
        ("m", "../tau_bench_x"),
        ("m", "x_20250101_000000/.."),
        ("../../etc/passwd", "retail"),
        ("../secret", "retail"),
        ("..", "retail"),
        ("m", "../.."),
        ("m", "*"),
        ("m", "x"),
    ]:
        assert latest_scores_file(data, model, subset) is None, (model, subset)
    # a symbolic link inside data_dir that points out of it is found, but never read through
    (data / "tau_bench_x_20250101_000000").symlink_to(tmp_path / "tau_bench_x_20250101_000000")
    linked = latest_scores_file(data, "m", "x")
    assert linked == data / "tau_bench_x_20250101_000000" / "m_scores.jsonl"
    with pytest.raises(OSError, match="tau_bench_x_20250101_000000 is a symbolic link"):
        scores_lines(linked, None, data)


def test_scores_lines_match_task_ids_exactly(tmp_path):
    path = tmp_path / "m_scores.jsonl"
    lines = [json.dumps({"task-id": f"task-{task_id}", "score": 1.0}) + "\n" for task_id in ("1", "11", "21", "111")]
    path.write_text("".join(lines))
    assert scores_lines(path, None) == ("".join(lines), [])
    assert scores_lines(path, "1") == (lines[0], [])
    assert scores_lines(path, "11") == (lines[1], [])
    assert scores_lines(path, "5") == ("", [])


def test_a_v1_run_exports_its_instructions_as_prompts(shared, tmp_path):
    """τ-bench v1 tasks: the instruction is the prompt as it is; the transfer is a gold call."""
    data = shared / "data" / "tau_bench_v1"
    settings = parse_settings(
        {
            "env": {"name": "airline_v1", "data_dir": str(data)},
            "agent": {"name": "oracle"},
            "user": {"name": "oracle"},
            "task_ids": [12, 13],
            "output_dir": str(tmp_path / "run"),
            "progress": False,
            "tracking": {"enabled": False},
        }
    )
    report = run_settings(settings, base_dir=tmp_path)
    export = mtbench.export_stored_run(report.output_dir, tmp_path / "data")
    assert re.fullmatch(r"tau_bench_airline_v1_\d{8}_\d{6}", export.folder.name)
    tasks = load_domain("airline_v1", data).tasks_in("test")
    lines = read_jsonl(export.folder / "oracle_scores.jsonl")
    assert [line["task-id"] for line in lines] == ["task-12", "task-13"]
    for line in lines:
        task = tasks[line["task-id"].removeprefix("task-")]
        assert line["prompt"] == task.user_scenario.instructions and line["score"] == 1.0
        assert line["result"] == line["truth"] == calls((action.name, action.arguments) for action in task.gold_actions)
    transfer = tasks["13"].gold_actions[-1]
    assert lines[1]["truth"].endswith(f"transfer_to_human_agents({json.dumps(transfer.arguments)})")
