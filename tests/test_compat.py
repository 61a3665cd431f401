"""Coming from τ-bench: ``python -m taubench run`` takes run.py's command lines (translated option by
option into the overrides of the same run, which it prints and runs), writes run.py's results
file; MT Benchmark's request runs from a file (``python -m taubench mtbench run``) and over the
API (``POST /mtbench/runs``)."""

import asyncio
import json
import re
import shlex
from datetime import datetime
from pathlib import Path

import httpx
import pytest
from conftest import run_cli
from dialogflow_cx_fake import FakeCX, RestServer

import taubench.integrations.mtbench_request as mtbench_request
from taubench.domains import load_domain
from taubench.execution.overrides import hydra_value
from taubench.execution.preflight import strategy_options
from taubench.integrations.http_api.policy import compose_settings
from taubench.integrations.http_api.server import REQUEST_FILE, TOKEN_VARIABLE, ApiSettings, create_app
from taubench.integrations.mtbench import main as mtbench_main
from taubench.integrations.tau_bench_run import CompatError, translate
from taubench.integrations.tau_bench_run import main as run_main
from taubench.reporting.v1_results import run_file_name
from taubench.testing.scripted_server import ScriptedServer
from taubench.users.oracle import opening_request

V1 = Path(__file__).resolve().parents[2] / "shared" / "data" / "tau_bench_v1"
DATA = f"--data-dir {V1}"
COMMON = ["env=retail_v1", f"env.data_dir={V1}"]
SEEDS = {  # the four command lines, each with the overrides of the same run
    "--agent-strategy tool-calling --env retail --model gpt-4o --model-provider openai --user-model gpt-4o "
    "--user-model-provider openai --user-strategy llm --max-concurrency 10 --task-ids 2 4 6": [
        *COMMON,
        "agent=tool_calling",
        "model=gpt4o",
        "user=llm",
        "user.model=gpt-4o",
        "task_ids=[2,4,6]",
        "seed=10",
        "max_concurrency=10",
        "export.formats=[v1]",
    ],
    "--agent-strategy tool-calling --env retail --model deepinfra/meta-llama/Llama-3.3-70B-Instruct "
    "--model-provider deepinfra "
    "--user-model deepinfra/meta-llama/Llama-3.3-70B-Instruct --user-model-provider deepinfra": [
        *COMMON,
        "agent=tool_calling",
        "model=deepinfra/llama-3.3-70b",
        "user.model=deepinfra/meta-llama/Llama-3.3-70B-Instruct",
        "seed=10",
        "max_concurrency=1",
        "export.formats=[v1]",
    ],
    "--env retail --agent_strategy decibel --agent_id 0f4e-uuid --project_id my-project --start_index 0 --end_index -1 "
    "--user_model gemini-1.5-pro": [
        *COMMON,
        "agent=dialogflow_cx",
        "agent.agent_id=0f4e-uuid",
        "agent.project=my-project",
        "user.model=gemini/gemini-1.5-pro",
        "user.pricing={input:1.25,output:5.0}",
        "seed=10",
        "max_concurrency=1",
        "export.formats=[v1]",
    ],
    "--model openai/gpt-4o --task-ids 1 2 3": [
        *COMMON,
        "agent=tool_calling",
        "model=gpt4o",
        "user.model=gpt-4o",
        "task_ids=[1,2,3]",
        "seed=10",
        "max_concurrency=1",
        "export.formats=[v1]",
    ],
}


def overrides(line: str) -> list[str]:
    return translate(shlex.split(f"{DATA} {line}")).overrides


def composed(line: str):
    settings = compose_settings(overrides(line))
    strategy_options(settings)  # the agent's and user's own options are accepted too
    return settings


@pytest.mark.parametrize("line", SEEDS)
def test_each_seed_command_becomes_the_overrides_of_the_same_run_and_composes(line):
    assert overrides(line) == SEEDS[line]
    composed(line)


def test_what_is_not_given_is_run_py_s_default():
    settings = composed("--model gpt-4o")
    roles = (settings.env.name, settings.agent.name, settings.user.name, settings.user.model)
    assert roles == ("retail_v1", "tool_calling", "llm", "gpt-4o")
    assert (settings.task_split, settings.task_ids, settings.start_index, settings.end_index) == ("test", None, 0, None)
    assert (settings.num_trials, settings.seed, settings.shuffle, settings.max_concurrency) == (1, 10, False, 1)
    assert (settings.model.name, settings.model.temperature, settings.export.formats, settings.export.v1_dir) == (
        "gpt-4o",
        0.0,
        ["v1"],
        Path("results"),
    )


OPTIONS = [  # (option and value, the override it becomes)
    ("--env airline", "env=airline_v1"),
    ("--agent-strategy act", "agent=act"),
    ("--agent-strategy react", "agent=react"),
    (
        f"--agent-strategy few-shot --few-shot-displays-path {V1}/few_shot/MockRetailDomainEnv-few_shot.jsonl",
        f"agent.examples_path={V1}/few_shot/MockRetailDomainEnv-few_shot.jsonl",
    ),
    ("--model-provider anthropic --model claude-3-5-sonnet-20241022", "model=claude-3-5-sonnet-20241022"),
    ("--model-provider deepinfra --model meta-llama/Llama-3.3-70B-Instruct", "model=deepinfra/llama-3.3-70b"),
    ("--model-provider openai --model gpt-4o-mini", "model=gpt4o-mini"),
    ("--model-provider openai --model my-finetune", "model.name=openai/my-finetune"),
    ("--model-provider azure --model gpt-4o", "model.name=azure/gpt-4o"),
    ("--user-model gpt-4o-mini", "user.model=gpt-4o-mini"),
    (
        "--user-model claude-3-5-sonnet-20241022 --user-model-provider anthropic",
        "user.model=anthropic/claude-3-5-sonnet-20241022",
    ),
    ("--user-strategy react", "user=react"),
    ("--user-strategy verify", "user=verify"),
    ("--user-strategy reflection", "user=reflection"),
    ("--temperature 0.7", "model.temperature=0.7"),
    ("--task-split dev", "task_split=dev"),
    ("--task-ids 5", "task_ids=[5]"),
    ("--start-index 3", "start_index=3"),
    ("--end-index 20", "end_index=20"),
    ("--num-trials 4", "num_trials=4"),
    ("--seed 7", "seed=7"),
    ("--shuffle 1", "shuffle=true"),
    ("--shuffle 0", "shuffle=false"),
    ("--max-concurrency 8", "max_concurrency=8"),
    ("--log-dir my_results", "export.v1_dir=my_results"),
    ("-- judge.model=openai/gpt-4.1 progress=false", "judge.model=openai/gpt-4.1"),
]


@pytest.mark.parametrize("option, override", OPTIONS, ids=[" ".join(option.split()[:4])[-60:] for option, _ in OPTIONS])
def test_each_option_becomes_its_override_in_either_spelling(option, override):
    line = option if "--model " in option else f"--model gpt-4o {option}"
    underscored = re.sub(r"--(\w[\w-]*)", lambda found: "--" + found[1].replace("-", "_"), line)
    assert override in overrides(line)
    assert overrides(underscored) == overrides(line)


def test_the_user_model_taken_from_a_config_brings_its_prices_and_the_unknown_combination_fails():
    assert "user.pricing={input:3.0,output:15.0,cached_input:0.3}" in overrides(
        "--model gpt-4o --user-model claude-3-5-sonnet-20241022 --user-model-provider anthropic"
    )
    settings = composed("--model gpt-4o --temperature 0.5 --end-index 20 --user-strategy verify --log-dir logs")
    name = run_file_name(settings, datetime(2026, 11, 25, 10, 20, 30))
    assert name == "tool-calling-gpt-4o-0.5_range_0-20_user-gpt-4o-verify_1125102030.json"


REFUSED = [  # (command line, what the message says)
    ("--model gpt-4o --no-such-option 3", "--no-such-option: not an option of τ-bench's run.py"),
    ("--model gpt-4o --model-provider together", "did you mean --model-provider together_ai?"),
    ("--model gpt-4o --model-provider google", "did you mean --model-provider gemini?"),
    (
        "--model meta-llama/Llama-3.3-70B-Instruct",
        "litellm cannot route it to a provider; nearest valid forms: "
        "python -m taubench model=anyscale/llama-3.3-70b; --model deepinfra/meta-llama/Llama-3.3-70B-Instruct;",
    ),
    ("--model gpt-4o --env telecom", "argument --env: invalid choice: 'telecom'"),
    ("--agent-strategy tool-calling", "--model is required with --agent-strategy tool-calling"),
    ("--agent-strategy decibel --agent_id a1", "needs --project_id"),
    (
        "--agent-strategy decibel --agent_id a1 --project_id p1 --model gpt-4o",
        "--model: the decibel agent is a Dialogflow CX",
    ),
    ("--model gpt-4o --agent_id a1", "--agent_id is an option of --agent-strategy decibel only"),
    ("--model gpt-4o --agent-strategy few-shot", "--few-shot-displays-path goes with --agent-strategy few-shot"),
    ("--model gpt-4o --few-shot-displays-path x.jsonl", "--few-shot-displays-path goes with --agent-strategy few-shot"),
    ("--model gpt-4o --end-index -2", "--end-index -2: allowed: -1 (to the end)"),
    ("--model gpt-4o --shuffle 2", "argument --shuffle: invalid choice: 2"),
    ("--model gpt-4o --task-ids two", "argument --task-ids/--task_ids: invalid int value: 'two'"),
]


@pytest.mark.parametrize("line, message", REFUSED, ids=[message[:30] for _, message in REFUSED])
def test_what_cannot_run_is_refused_with_what_to_write(line, message):
    with pytest.raises(CompatError, match=re.escape(message)):
        overrides(line)


def test_the_v1_data_are_this_folder_when_it_is_a_checkout_else_the_error_says_how_to_give_them(tmp_path, capsys):
    (tmp_path / "tau_bench" / "envs" / "retail").mkdir(parents=True)
    assert f"env.data_dir={tmp_path}" in translate(["--model", "gpt-4o"], cwd=tmp_path).overrides
    with pytest.raises(
        CompatError, match=r"give --data-dir <a τ-bench checkout.*\(the setting env.data_dir of .*=airline_v1\)"
    ):
        translate(["--model", "gpt-4o", "--env", "airline"], cwd=tmp_path)
    assert (
        run_main(["--model", "gpt-4o", "--model-provider", "nope", "--data-dir", str(V1)]) == 2
    )  # refused before anything ran
    assert "taubench run: --model-provider 'nope': not one of litellm's" in capsys.readouterr().err


def test_run_py_s_command_runs_the_printed_command_s_run_and_writes_run_py_s_results_file(tmp_path):
    """The first seed command, the scripted server standing in for OpenAI; then the Hydra
    command it printed: the same episodes, and the same v1 results file."""
    line = f"{next(iter(SEEDS))} {DATA}"
    with ScriptedServer(domains=("retail_v1",), data_dirs={"retail_v1": V1}) as server:
        stand_in = {"OPENAI_API_BASE": server.url, "OPENAI_API_KEY": "stand-in"}
        (tmp_path / "old").mkdir()
        quick = ["progress=false", "tracking.charts=false", "tracking.trajectories_html=false"]
        quick.append("+provider.label_requests=true")  # the stand-in tells agent from user by the label
        old = run_cli(
            *shlex.split(line),
            "--",
            *quick,
            cwd=tmp_path / "old",
            env=stand_in,
            module="taubench.integrations.tau_bench_run",
        )
        assert old.returncode == 0, old.stderr
        printed = re.search(r"the same run as: (.*)", old.stderr)[1]
        assert "--env retail is the original τ-bench (v1) retail" in old.stderr and "successor" in old.stderr
        (tmp_path / "new").mkdir()
        new = run_cli(*shlex.split(printed)[3:], cwd=tmp_path / "new", env=stand_in)
        assert new.returncode == 0, new.stderr
    runs = [
        json.loads(next((tmp_path / side / "outputs").rglob("results.json")).read_text()) for side in ("old", "new")
    ]
    assert [_episodes(run) for run in runs][0] == _episodes(runs[1]) and len(runs[0]["episodes"]) == 3
    assert all(run["summary"]["average_reward"] == 1.0 for run in runs)
    hydra_overrides = [
        (next((tmp_path / side / "outputs").rglob("overrides.yaml"))).read_text() for side in ("old", "new")
    ]
    assert hydra_overrides[0] == hydra_overrides[1]  # the same run, as Hydra recorded it
    name = "tool-calling-gpt-4o-0.0_range_0--1_user-gpt-4o-llm_*.json"
    v1 = [json.loads(next((tmp_path / side / "results").glob(name)).read_text()) for side in ("old", "new")]
    assert [_v1_episodes(items) for items in v1][0] == _v1_episodes(v1[1])
    assert sorted(item["task_id"] for item in v1[0]) == [2, 4, 6]
    assert next((tmp_path / "old" / "mlruns").rglob(name))  # and an artifact of the MLflow run


def _episodes(run: dict) -> list:
    return sorted(
        (item["task_id"], item["reward"], [said["content"] for said in item["messages"]]) for item in run["episodes"]
    )


def _v1_episodes(items: list) -> list:
    return sorted((item["task_id"], item["reward"], item["traj"]) for item in items)


def test_the_decibel_command_runs_the_dialogflow_cx_agent_and_writes_run_py_s_results_file(tmp_path):
    """The third seed command against the local Dialogflow CX fake, the scripted server as the
    customer (its model and endpoint given after --, as for any setting of python -m taubench)."""
    domain = load_domain("retail_v1", V1)
    tasks = [domain.tasks_in("test")[task_id] for task_id in ("2", "4")]
    openings = {
        f"{opening_request(task.user_scenario.instructions)} [task retail_v1:test/{task.id}]": task for task in tasks
    }
    fake = FakeCX(domain, openings)
    cx = RestServer(fake)
    try:
        with ScriptedServer(domains=("retail_v1",), data_dirs={"retail_v1": V1}) as server:
            ran = run_cli(
                *shlex.split(
                    f"--env retail --agent_strategy decibel --agent_id a1 --project_id p1 --start_index 0 "
                    f"--end_index -1 --user_model openai/scripted {DATA}"
                ),
                "--",
                f"agent.api_endpoint={cx.endpoint}",
                "agent.transport=rest",
                f"user.api_base={server.url}",
                "user.pricing={input:0,output:0}",
                "+provider.label_requests=true",
                "task_ids=[2,4]",
                "tracking.enabled=false",
                "progress=false",
                "llm.max_attempts=2",
                "llm.initial_backoff=0.01",
                "episode_retries=0",
                cwd=tmp_path,
                module="taubench.integrations.tau_bench_run",
                timeout=120,
            )
    finally:
        cx.close()
    assert ran.returncode == 0, ran.stderr
    assert "agent=dialogflow_cx agent.agent_id=a1 agent.project=p1" in ran.stderr
    results = json.loads(next((tmp_path / "outputs").rglob("results.json")).read_text())
    assert [(episode["task_id"], episode["reward"]) for episode in results["episodes"]] == [("2", 1.0), ("4", 1.0)]
    (v1_file,) = (tmp_path / "results").glob("decibel-none-0.0_range_0--1_user-scripted-llm_*.json")
    assert [item["reward"] for item in json.loads(v1_file.read_text())] == [1.0, 1.0]


MT_REQUEST = {"dataset_name": "tau_bench", "model_name": "gpt-4o", "subsets": ["retail", "airline"], "task_ids": [1, 2]}


def test_an_mt_benchmark_request_becomes_one_run_per_subset():
    request = mtbench_request.parse_request(MT_REQUEST)
    runs, label = mtbench_request.run_overrides(request, any_model_string=False)
    assert runs == {subset: [f"env={subset}", "model=gpt4o", "task_ids=[1,2]"] for subset in ("retail", "airline")}
    assert label == "gpt-4o"
    single = mtbench_request.parse_request({**MT_REQUEST, "subsets": "retail", "model_name": "scripted"})
    scripted = ({"retail": ["env=retail", "model=scripted", "task_ids=[1,2]"]}, "openai/scripted")
    assert mtbench_request.run_overrides(single, any_model_string=False) == scripted
    any_string = single.model_copy(update={"model_name": "openai/my-model"})
    assert mtbench_request.run_overrides(any_string, any_model_string=True) == (
        {"retail": ["env=retail", "model.name=openai/my-model", "task_ids=[1,2]"]},
        "openai/my-model",
    )


@pytest.mark.parametrize(
    "change, message",
    [
        ({"dataset_name": "gsm8k"}, "dataset_name: 'gsm8k' is not this benchmark; allowed: tau_bench"),
        ({"subsets": "shopping"}, "subsets: unknown environment 'shopping'; allowed: retail, airline"),
        ({"subsets": []}, "subsets: empty"),
        ({"num_trials": 3}, "num_trials: not a known field; allowed: dataset_name, model_name, subsets, task_ids"),
    ],
)
def test_a_request_that_cannot_run_is_refused_naming_the_field(change, message, tmp_path, capsys):
    with pytest.raises(mtbench_request.RequestProblem, match=re.escape(message)):
        mtbench_request.parse_request({**MT_REQUEST, **change})
    (tmp_path / "request.json").write_text(json.dumps({**MT_REQUEST, **change}))
    with pytest.raises(SystemExit) as exited:
        mtbench_main(["run", "--input", str(tmp_path / "request.json")])
    assert exited.value.code == 2 and message in capsys.readouterr().err


def test_the_command_line_runs_each_subset_as_python_m_taubench_exporting_where_scores_reads(
    tmp_path, monkeypatch, capsys
):
    started = []
    monkeypatch.setattr(mtbench_request.subprocess, "run", lambda command: started.append(command) or _Exited(1))
    (tmp_path / "request.json").write_text(json.dumps(MT_REQUEST))
    assert (
        mtbench_main(["run", "--input", str(tmp_path / "request.json"), "--data-dir", "exports", "progress=false"]) == 1
    )
    assert [command[1:] for command in started] == [
        [
            "-m",
            "taubench",
            f"env={subset}",
            "model=gpt4o",
            "task_ids=[1,2]",
            "export.formats=[mtbench]",
            "export.data_dir=exports",
            "progress=false",
        ]
        for subset in ("retail", "airline")
    ]
    said = capsys.readouterr()
    assert "subset airline: failed (exit 1)" in said.out
    assert "subset retail (τ²-bench's retail, not τ-bench v1's retail_v1): python -m taubench env=retail" in said.err


class _Exited:
    def __init__(self, returncode: int):
        self.returncode = returncode


def test_the_api_takes_the_request_and_scores_answers_by_the_name_it_was_given(tmp_path, monkeypatch):
    """POST /mtbench/runs starts each subset's run as POST /runs would (the processes are not
    started here); GET /scores finds a config's scores by the config's name too."""
    monkeypatch.setattr(
        "taubench.integrations.http_api.server.RunBook._run", lambda self, run_id, overrides, folder: None
    )
    exported = tmp_path / "data" / "tau_bench_mock_20261125_100000"
    exported.mkdir(parents=True)
    (exported / "openai-scripted_scores.jsonl").write_text('{"task-id": "task-0", "score": 1.0}\n')
    app = create_app(ApiSettings(data_dir=tmp_path / "data", runs_dir=tmp_path / "runs"), base_dir=tmp_path)

    async def scenario():
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://api", timeout=60
        ) as client:
            request = {"dataset_name": "tau_bench", "model_name": "scripted", "subsets": "mock", "task_ids": [0, 1]}
            return (
                await client.post("/mtbench/runs", json=request),
                await client.post("/mtbench/runs", json={**request, "model_name": "openai/my-model"}),
                await client.post("/mtbench/runs", json={**request, "dataset_name": "mmlu"}),
                await client.get("/scores", params={"model": "scripted", "subset": "mock"}),
            )

    started, unknown_model, other_dataset, scores = asyncio.run(scenario())
    assert started.status_code == 202, started.text
    (run,) = started.json()["runs"]
    assert (run["subset"], run["status"], run["created"]) == ("mock", "queued", True)
    assert run["scores"] == "/scores?model=openai%2Fscripted&subset=mock"
    record = json.loads((tmp_path / "runs" / run["id"] / REQUEST_FILE).read_text())
    assert record["overrides"] == ["env=mock", "model=scripted", "task_ids=[0,1]"] and record["episodes_planned"] == 2
    assert unknown_model.status_code == 422
    assert "model_name: 'openai/my-model' is not one of this server's model configs" in unknown_model.text
    assert other_dataset.status_code == 422 and "allowed: tau_bench" in other_dataset.text
    assert scores.status_code == 200 and scores.text == '{"task-id": "task-0", "score": 1.0}\n'
    monkeypatch.setenv(TOKEN_VARIABLE, "secret")
    refused = asyncio.run(
        _post(app, "/mtbench/runs", {"dataset_name": "tau_bench", "model_name": "scripted", "subsets": "mock"})
    )
    assert refused.status_code == 401  # starting runs needs the token, as POST /runs does


async def _post(app, path: str, body: dict) -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://api", timeout=60) as client:
        return await client.post(path, json=body)


@pytest.mark.parametrize(
    "value", ["ollama/llama3:8b", "~/tau", "1234", "true", "x,y", "it's", "a\\'b", "C:\\x\\", "/my data/x"]
)
def test_values_reach_the_run_as_typed(value):
    from hydra.core.override_parser.overrides_parser import OverridesParser

    assert OverridesParser.create().parse_override(f"key={hydra_value(value)}").value() == value


def test_a_numeric_agent_id_stays_text():
    settings = composed("--agent-strategy decibel --agent_id 1234 --project_id 42")
    assert (settings.agent.model_extra["agent_id"], settings.agent.model_extra["project"]) == ("1234", "42")


RUNPOD_KEY = "sk-IrR7TESTKEY0123456789abcdef"
KEYED_MODEL = f"runpod/fs6nm1iy1wadmu/{RUNPOD_KEY}/Team-ACE/ToolACE-8B"  # the RunPod recipe's seed form


def test_a_model_string_carrying_a_key_is_refused_by_every_entry_point_without_repeating_it(tmp_path, capsys):
    """run.py's translation, the MT request on the command line and over the API, and POST
    /runs: each refuses the old RunPod form and says how to give the key, never printing it."""
    assert run_main(["--data-dir", str(V1), "--model", KEYED_MODEL]) == 2
    assert run_main(["--data-dir", str(V1), "--model", "gpt-4o", "--user-model", KEYED_MODEL]) == 2
    (tmp_path / "request.json").write_text(json.dumps({**MT_REQUEST, "model_name": KEYED_MODEL}))
    with pytest.raises(SystemExit) as exited:
        mtbench_main(["run", "--input", str(tmp_path / "request.json")])
    said = capsys.readouterr()
    assert exited.value.code == 2 and said.err.count("refused (and not repeated here)") == 3
    app = create_app(ApiSettings(data_dir=tmp_path / "data", runs_dir=tmp_path / "runs"), base_dir=tmp_path)
    mt_request = asyncio.run(_post(app, "/mtbench/runs", {**MT_REQUEST, "model_name": KEYED_MODEL}))
    run_request = asyncio.run(_post(app, "/runs", {"overrides": ["env=mock", f"model.name={KEYED_MODEL}"]}))
    assert mt_request.status_code == run_request.status_code == 422
    assert "refused (and not repeated here)" in mt_request.text
    assert RUNPOD_KEY[:8] not in said.out + said.err + mt_request.text + run_request.text
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_a_provider_other_than_the_one_the_models_prefix_names_is_taken_and_said():
    line = "--model deepinfra/meta-llama/Llama-3.3-70B-Instruct --model-provider together_ai --user-model gpt-4o"
    translation = translate(shlex.split(f"{DATA} {line}"))
    assert "model.name=together_ai/deepinfra/meta-llama/Llama-3.3-70B-Instruct" in translation.overrides
    (note,) = [note for note in translation.notes if note.startswith("--model ")]
    assert "own prefix names the provider deepinfra" in note and "give --model-provider deepinfra" in note
    same = translate(
        shlex.split(f"{DATA} --model deepinfra/meta-llama/Llama-3.3-70B-Instruct --model-provider deepinfra")
    )
    assert not [
        note for note in same.notes if note.startswith("--model ")
    ]  # the prefix is the provider: nothing to say
