"""``python -m taubench`` as a user runs it: config printing, bad configs, a real run."""

import json
import re
from importlib.util import find_spec

import pytest
import yaml
from conftest import ORACLES, run_cli

from taubench.__main__ import COMMANDS
from taubench.domains import DOMAINS


@pytest.mark.parametrize(
    "overrides, expected",
    [
        (
            ["env=retial"],
            [
                "env=retial: no such option of 'env'; did you mean env=retail or env=retail_v1?",
                "options: retail, airline",
            ],
        ),
        (
            ["agent=nope"],
            [
                "agent=nope: no such option of 'agent'",
                "options: a2a, act, custom, dialogflow_cx, few_shot, oracle, react, tool_calling",
            ],
        ),
        (["agent=tool-calling"], ["did you mean agent=tool_calling?"]),
        (
            ["model=gpt-4o"],
            ["did you mean model=gpt4o or model=gpt4o-mini? (or model.name=gpt-4o for any model string litellm knows)"],
        ),
        (["--multirun", "env=retail,airlin"], ["env=airlin: no such option of 'env'; did you mean env=airline"]),
        (["num_trails=3"], ["num_trails: not a known setting; did you mean num_trials?"]),
        (["trackng.enabled=false"], ["trackng: not a known setting; did you mean tracking?"]),
        (["task_ids=[999]"], ["task_ids: '999' not in retail split 'base' (114 tasks); allowed ids: 0-113"]),
        (["env=airline", "task_split=test", "task_ids=[0]"], ["task_ids: '0' not in airline split 'test'"]),
        (["max_concurrency=-2"], ["max_concurrency: Input should be greater than or equal to 1 (got -2)"]),
        (["num_trials=0"], ["num_trials: Input should be greater than or equal to 1 (got 0)"]),
        (["task_split=dev"], ["task_split: unknown retail split 'dev'; allowed: base, train, test"]),
        (["start_index=120"], ["start_index/end_index", "0 <= start_index < end_index <= 114"]),
        (["max_concurency=3"], ["max_concurency: not a known setting; did you mean max_concurrency?"]),
        (
            ["agent.max_correctons=3"],
            ["Could not override 'agent.max_correctons'", "not in struct"],
        ),  # Hydra's, below the top
        (["+max_concurency=3"], ["max_concurency: not a known setting"]),
        (["agent.name=nope"], ["agent.name: unknown agent 'nope'; allowed: oracle"]),
        (["env.name=retial"], ["env.name: unknown domain 'retial'; allowed: retail, airline"]),
    ],
)
def test_bad_configs_fail_at_once_naming_the_key_and_allowed_values(tmp_path, overrides, expected):
    result = run_cli(*overrides, cwd=tmp_path, seed_store=False)
    assert result.returncode != 0
    for text in expected:
        assert text in result.stderr
    assert not list(tmp_path.rglob("results.json")) and not (tmp_path / "mlruns").exists()


def test_a_sweep_is_checked_whole_before_its_first_job(tmp_path):
    result = run_cli("--multirun", *ORACLES, "env=retail,airline", "task_ids=[60]", cwd=tmp_path, seed_store=False)
    assert result.returncode == 2
    assert "sweep job #1 of 2 (agent=oracle user=oracle env=airline task_ids=[60])" in result.stderr
    assert "allowed ids: 0-49" in result.stderr
    assert not list(tmp_path.rglob("results.json")) and not (tmp_path / "mlruns").exists()


def test_cfg_job_prints_the_resolved_config(tmp_path):
    result = run_cli("--cfg", "job", "--resolve", "env=airline", "num_trials=3", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    config = yaml.safe_load(result.stdout)
    assert config["env"]["name"] == "airline" and config["num_trials"] == 3
    assert {"agent", "user", "model", "provider", "judge", "tracking", "max_steps"} <= set(config)


def test_a_run_prints_its_summary_and_writes_every_episode(tmp_path):
    result = run_cli(
        *ORACLES,
        "env=airline",
        "task_ids=[0,1,8]",
        "num_trials=2",
        "max_concurrency=3",
        "tracking.enabled=false",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "taubench airline (base): agent=oracle user=oracle" in result.stdout
    assert "average reward  1.000" in result.stdout
    assert "pass^1          1.000" in result.stdout and "pass^2          1.000" in result.stdout
    # the progress in a log (stderr is not a terminal): plain lines, the last with the running success rate
    assert (
        "\r" not in result.stderr
        and "airline: 6/6 episodes [" in result.stderr
        and "success 6/6 (100.0%)" in result.stderr
    )
    results_file = next(tmp_path.rglob("results.json"))
    results = json.loads(results_file.read_text())
    assert [(e["task_id"], e["trial"]) for e in results["episodes"]] == [
        (t, trial) for trial in (0, 1) for t in ("0", "1", "8")
    ]
    episode = results["episodes"][2]
    assert {
        "task_id",
        "trial",
        "reward",
        "reward_info",
        "termination_reason",
        "messages",
        "tool_calls",
        "usage",
        "started_at",
        "duration_s",
    } <= set(episode)
    assert episode["tool_calls"][-1]["name"] == "book_reservation"
    assert results["summary"]["pass_hat_k"] == {"1": 1.0, "2": 1.0}
    streamed = (results_file.parent / "episodes.jsonl").read_text().splitlines()
    assert len(streamed) == 6


def test_the_summary_of_a_run_with_judge_only_tasks_says_how_to_score_them(tmp_path):
    result = run_cli(*ORACLES, "env=retail", "task_ids=[2,5]", "tracking.enabled=false", "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "NOT SCORED      1 episodes of 1 tasks: 2" in result.stdout
    assert (
        "to score them, add judge.model=<a litellm model> (τ²-bench's: gpt-4.1-2025-04-14) to the command"
        in result.stdout
    )
    scored = run_cli(*ORACLES, "env=retail", "task_ids=[5]", "tracking.enabled=false", "progress=false", cwd=tmp_path)
    assert "NOT SCORED" not in scored.stdout and "to score them" not in scored.stdout


def test_help_says_what_the_command_does_its_options_and_the_other_commands(tmp_path):
    result = run_cli("--help", cwd=tmp_path, seed_store=False)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert text.startswith("python -m taubench [--multirun]") and "graded by the database it leaves" in text
    assert (
        f"env: {', '.join(sorted(DOMAINS))}" in text
        and "user: custom, human, llm, oracle, react, reflection, verify" in text
    )
    assert "judge.model=gpt-4.1-2025-04-14" in text and 'eval "$(python -m taubench -sc install=bash)"' in text
    assert re.findall(r"^taubench (\w+) ", text, flags=re.MULTILINE) == list(COMMANDS)  # each, once, in order
    assert all(find_spec(module) for module in COMMANDS.values())
    completion = run_cli(
        "-sc", "install=bash", cwd=tmp_path, seed_store=False
    )  # Hydra's flag and its value pass through
    assert completion.returncode == 0 and "hydra_bash_completion" in completion.stdout


@pytest.mark.parametrize(
    "arguments",
    [
        ["env=retial"],
        ["env=mock", "task_ids=[0,3]", *ORACLES, "tracking.enabled=false", "progress=false", "output_dir=out"],
    ],
)
def test_a_command_the_suite_forks_answers_as_one_in_a_fresh_interpreter(tmp_path, monkeypatch, arguments):
    """The suite forks its commands from a process that has done the imports (``forked_cli``);
    in a fresh interpreter the same command exits the same and says the same."""
    forked = run_cli(*arguments, cwd=tmp_path / "forked")
    monkeypatch.setenv("TAUBENCH_TESTS_REAL_PROCESSES", "1")
    fresh = run_cli(*arguments, cwd=tmp_path / "fresh")
    assert forked.returncode == fresh.returncode and forked.stderr == fresh.stderr

    def said(result, folder):
        return re.sub(r"duration +\S+ s", "duration", result.stdout.replace(str(tmp_path / folder), "HERE"))

    assert said(forked, "forked") == said(fresh, "fresh")
