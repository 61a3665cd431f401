"""The τ-bench v1 environments end to end: where their data come from, the oracles solving
every task of every split, v1's episode and reward rules, and isolation between episodes."""

import hashlib
import json
import shutil
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import ORACLES, run_cli
from scripted_participants import ScriptedAgent, ScriptedUser

from taubench import run
from taubench.agents import AGENTS
from taubench.core.domain import DataError
from taubench.core.environment import Environment, Limits
from taubench.core.episode import run_episode
from taubench.core.evaluation import evaluate
from taubench.core.messages import AssistantMessage, ToolCall
from taubench.core.tasks import RewardType
from taubench.domains import DOMAINS, load_domain
from taubench.domains.v1 import V1TaskRecord, canonical
from taubench.execution.settings import parse_settings
from taubench.users import USERS

SPLITS = [("retail_v1", "test", 115), ("retail_v1", "train", 500), ("retail_v1", "dev", 20), ("airline_v1", "test", 50)]


@pytest.fixture(scope="module")
def data(shared):
    return shared / "data" / "tau_bench_v1"


@pytest.fixture(scope="module")
def retail_v1(data):
    return load_domain("retail_v1", data)


@pytest.fixture(scope="module")
def airline_v1(data):
    return load_domain("airline_v1", data)


def calls(*named_arguments):
    return AssistantMessage(
        tool_calls=[
            ToolCall(id=f"c{number}", name=name, arguments=arguments)
            for number, (name, arguments) in enumerate(named_arguments)
        ]
    )


# Where the data come from


def python_task_file(tasks: list[dict]) -> str:
    """A task list written the way τ-bench's ``tasks_<split>.py`` modules are (running it
    would need τ-bench installed)."""
    lines = ["from tau_bench.types import Action, Task", "", "TASKS_TEST = ["]
    for task in tasks:
        actions = "".join(f"\n            Action(name={a['name']!r}, kwargs={a['kwargs']!r})," for a in task["actions"])
        lines.append(
            f'    Task(\n        annotator="0",\n        user_id={task["user_id"]!r},\n'
            f"        instruction={task['instruction']!r},\n        actions=[{actions}\n        ],\n"
            f"        outputs={task['outputs']!r},\n    ),"
        )
    return "\n".join(lines + ["]", ""])


@pytest.fixture
def checkout(tmp_path, data):
    """The airline data laid out as in a τ-bench checkout."""
    folder = tmp_path / "tau-bench" / "tau_bench" / "envs" / "airline"
    (folder / "data").mkdir(parents=True)
    for table in ("flights", "reservations", "users"):
        (folder / "data" / f"{table}.json").symlink_to(data / "airline" / f"{table}.json")
    shutil.copy(data / "airline" / "policy.md", folder / "wiki.md")
    tasks = json.loads((data / "airline" / "tasks_test.json").read_text())
    (folder / "tasks_test.py").write_text(python_task_file(tasks))
    return tmp_path / "tau-bench"


def test_a_checkout_is_read_without_running_its_task_modules(checkout, airline_v1):
    domain = load_domain("airline_v1", checkout)
    assert domain.data_folder == checkout / "tau_bench" / "envs" / "airline"
    assert domain.checksums == airline_v1.checksums == dict(DOMAINS["airline_v1"].sha256)
    assert [t.model_dump() for t in domain.tasks_in("test").values()] == [
        t.model_dump() for t in airline_v1.tasks_in("test").values()
    ]


def test_the_data_folder_may_be_the_root_or_the_domain_folder(data, airline_v1):
    assert airline_v1.data_folder == data / "airline"
    assert load_domain("airline_v1", data / "airline").checksums == airline_v1.checksums


@pytest.fixture
def airline_copy(tmp_path, data):
    folder = tmp_path / "airline"
    shutil.copytree(data / "airline", folder)
    return folder


def test_missing_or_incomplete_data_say_which_files_are_expected_where(tmp_path, airline_copy):
    with pytest.raises(
        DataError, match="retail_v1 reads the original τ-bench data from env.data_dir, which is not set"
    ):
        load_domain("retail_v1")
    (airline_copy / "tasks_test.json").unlink()
    (airline_copy / "reservations.json").unlink()
    with pytest.raises(
        DataError,
        match=f"the airline_v1 data in {airline_copy} are incomplete; missing reservations.json, tasks_test.json",
    ):
        load_domain("airline_v1", tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(DataError) as raised:
        load_domain("retail_v1", empty)
    message = str(raised.value)
    assert "no retail_v1 data there" in message
    assert "tau_bench/envs/retail/data/orders.json" in message and "tau_bench/envs/retail/tasks_dev.py" in message
    assert (
        "orders.json, products.json, users.json, policy.md, tasks_test.json, tasks_train.json, tasks_dev.json"
        in message
    )


def test_altered_or_malformed_data_are_refused(airline_copy):
    tasks_file = airline_copy / "tasks_test.json"
    tasks = json.loads(tasks_file.read_text())
    tasks[0]["outputs"] = ["255"]
    tasks_file.write_text(json.dumps(tasks))
    with pytest.raises(
        DataError,
        match=r"airline_v1 data altered: .*tasks_test.json\n.*content of the task list(.|\n)*expected a2359cd5",
    ):
        load_domain("airline_v1", airline_copy)
    assert load_domain("airline_v1", airline_copy, verify_checksums=False).tasks_in("test")["0"].communicate_info == [
        "255"
    ]
    tasks_file.write_text('{"user_id": "not a list"}')
    with pytest.raises(DataError, match="tasks_test.json is not a τ-bench v1 task list"):
        load_domain("airline_v1", airline_copy, verify_checksums=False)


# The oracles, through the package API and the command line


@pytest.mark.parametrize("env, split, size", SPLITS)
def test_the_oracles_solve_every_task_of_every_split(env, split, size, data, tmp_path, request):
    domain = request.getfixturevalue(env)
    settings = parse_settings(
        {
            "env": {"name": env, "data_dir": str(data)},
            "agent": {"name": "oracle"},
            "user": {"name": "oracle"},
            "task_split": split,
            "output_dir": str(tmp_path),
            "progress": False,
            "tracking": {"enabled": False},
        }
    )
    report = run(settings, base_dir=tmp_path)
    assert len(report.episodes) == size and report.summary.average_reward == 1.0
    tasks = domain.tasks_in(split)
    for episode in report.episodes:
        task = tasks[episode.task_id]
        assert episode.error is None and episode.reward == 1.0, (episode.task_id, episode.reward_info.model_dump())
        transfers = task.gold_actions and task.gold_actions[-1].name == "transfer_to_human_agents"
        assert episode.termination_reason == ("terminate_tool" if transfers else "user_stop")
        components = episode.reward_info.components
        assert episode.reward_info.reward_basis == [RewardType.DB, RewardType.COMMUNICATE]
        assert components[RewardType.DB].details["gold_db_hash"] == components[RewardType.DB].details["agent_db_hash"]
        assert components[RewardType.COMMUNICATE].details["found"] == {output: True for output in task.communicate_info}


def test_the_command_line_runs_v1_airline(data, tmp_path):
    result = run_cli(*ORACLES, "env=airline_v1", f"env.data_dir={data}", "tracking.enabled=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "taubench airline_v1 (test): agent=oracle user=oracle" in result.stdout
    assert "average reward  1.000" in result.stdout and "terminate_tool 4, user_stop 46" in result.stdout
    results = json.loads(next(tmp_path.rglob("results.json")).read_text())
    assert results["data"]["sha256"] == dict(DOMAINS["airline_v1"].sha256)
    assert (results["config"]["max_steps"], results["config"]["max_errors"]) == (30, None)  # v1's own limits
    transferred = results["episodes"][13]
    assert (
        transferred["termination_reason"] == "terminate_tool"
        and transferred["messages"][-1]["content"] == "Transfer successful"
    )


@pytest.mark.parametrize(
    "overrides, expected",
    [
        (["env=retail_v1"], "retail_v1 reads the original τ-bench data from env.data_dir, which is not set"),
        (["env=airline_v1", "env.data_dir={empty}"], "no airline_v1 data there; expected either a τ-bench checkout"),
        (
            ["env=airline_v1", "env.data_dir={data}", "task_split=train"],
            "task_split: unknown airline_v1 split 'train'; allowed: test",
        ),
        (
            ["env=retail_v1", "env.data_dir={data}", "task_ids=[115]"],
            "task_ids: '115' not in retail_v1 split 'test' (115 tasks)",
        ),
    ],
)
def test_the_command_line_explains_bad_v1_settings(overrides, expected, data, tmp_path):
    (tmp_path / "empty").mkdir()
    arguments = [item.format(data=data, empty=tmp_path / "empty") for item in overrides]
    result = run_cli(*ORACLES, *arguments, "tracking.enabled=false", cwd=tmp_path)
    assert result.returncode == 2 and expected in result.stderr, result.stderr


# v1's episode and reward rules


def test_a_transfer_ends_the_episode_and_the_database_is_graded_at_once(airline_v1):
    task = airline_v1.tasks_in("test")["13"]  # the ground truth is a transfer, nothing else
    transfer = ("transfer_to_human_agents", {"summary": "wants a nonstop flight"})
    env = Environment(airline_v1, task, ScriptedUser(["I want to change my flight."]))
    env.reset()
    results = env.step(calls(transfer, ("get_user_details", {"user_id": "james_lee_6136"})))
    assert [m.content for m in results] == ["Transfer successful"] and env.termination == "terminate_tool"
    assert env.evaluate().reward == 1.0
    env = Environment(airline_v1, task, ScriptedUser(["I want to change my flight."]))
    env.reset()
    env.step(calls(("cancel_reservation", {"reservation_id": "XEWRD9"}), transfer))
    graded = env.evaluate()
    assert graded.reward == 0.0 and graded.components[RewardType.DB].status == "failed"
    with pytest.raises(ValueError, match="grades the episode's own database"):
        evaluate(airline_v1, task, env.trajectory, "terminate_tool")


def test_only_stop_ends_a_v1_conversation(airline_v1):
    env = Environment(
        airline_v1, airline_v1.tasks_in("test")["13"], ScriptedUser(["hi", "###TRANSFER###", "bye ###STOP###"])
    )
    env.reset()
    env.step(AssistantMessage(content="How can I help?"))
    assert not env.done
    env.step(AssistantMessage(content="Anything else?"))
    assert env.termination == "user_stop"


def test_outputs_count_only_in_what_is_said_to_the_user(airline_v1):
    task = airline_v1.tasks_in("test")["44"]  # the agent must tell the user "4"; the ground truth only reads
    assert task.communicate_info == ["4"]

    def graded(*messages):
        env = Environment(airline_v1, task, ScriptedUser(["How many bags?"] + ["thanks ###STOP###"] * len(messages)))
        env.reset()
        for message in messages:
            env.step(message)
        return env.evaluate()

    alongside = AssistantMessage(
        content="You may take 4 bags.", tool_calls=[ToolCall(id="t", name="think", arguments={"thought": "4"})]
    )
    result = graded(alongside, AssistantMessage(content="Is there anything else?"))
    assert result.reward == 0.0 and result.components[RewardType.COMMUNICATE].details["found"] == {"4": False}
    assert result.components[RewardType.DB].status == "passed"
    assert graded(AssistantMessage(content="You may take 4 bags.")).reward == 1.0


def test_commas_are_removed_from_what_the_agent_says(airline_v1):
    task = V1TaskRecord(user_id="u", actions=[], instruction="Ask the total.", outputs=["1093.34"]).as_task("t")
    env = Environment(airline_v1, task, ScriptedUser(["What is the total?", "ok ###STOP###"]))
    env.reset()
    env.step(AssistantMessage(content="The total is $1,093.34."))
    assert env.evaluate().reward == 1.0


def test_a_tool_returning_no_observation_crashes_the_episode_as_in_v1(airline_v1):
    certificate = ("send_certificate", {"user_id": "mia_li_3668", "amount": 50})
    agent = ScriptedAgent([calls(certificate, certificate, certificate), calls(certificate)])
    result = run_episode(airline_v1, airline_v1.tasks_in("test")["0"], 0, 1, lambda context: agent, USERS["oracle"])
    assert result.error.kind == "unexpected_error" and result.error.type == "ToolCrash"
    assert result.reward == 0.0


# v1's episode limits: 30 agent turns, no tool-error limit


def settings_of(env, data, **overrides):
    return parse_settings(
        {
            "env": {"name": env, "data_dir": str(data)},
            "agent": {"name": "oracle"},
            "user": {"name": "oracle"},
            **overrides,
        }
    )


def test_each_benchmark_runs_under_its_own_limits_unless_the_run_sets_them(data):
    assert (settings_of("airline_v1", data).max_steps, settings_of("airline_v1", data).max_errors) == (30, None)
    assert (settings_of("retail", None).max_steps, settings_of("retail", None).max_errors) == (200, 10)
    overridden = settings_of("retail_v1", data, max_steps=60, max_errors=5)
    assert (overridden.max_steps, overridden.max_errors) == (60, 5)


def looping(turns):
    """An agent that looks the same thing up ``turns`` times, then says something."""
    lookup = calls(("get_user_details", {"user_id": "nobody"}))  # an error every time
    return ScriptedAgent([lookup] * (turns - 1) + [AssistantMessage(content="Anything else?")])


def test_a_v1_episode_ends_after_30_agent_turns_whatever_the_tool_errors(airline_v1):
    task = airline_v1.tasks_in("test")["13"]
    result = run_episode(airline_v1, task, 0, 1, lambda context: looping(31), lambda context: ScriptedUser(["hi"] * 3))
    assert result.termination_reason == "max_steps" and result.reward == 0.0
    assert sum(message.role == "assistant" for message in result.messages) == 1 + 30  # the greeting, then 30 turns
    assert sum(call.error for call in result.tool_calls) == 30  # no error limit in v1


def test_a_stop_in_the_answer_to_the_last_turn_still_ends_the_conversation(airline_v1):
    task = V1TaskRecord(user_id="u", actions=[], instruction="Say hi.", outputs=[]).as_task("t")
    result = run_episode(
        airline_v1, task, 0, 1, lambda context: looping(30), lambda context: ScriptedUser(["hi", "bye ###STOP###"])
    )
    assert result.termination_reason == "user_stop" and result.reward == 1.0  # v1 checks done before its loop runs out


def test_a_v1_run_may_set_tau2_style_limits(airline_v1):
    task = airline_v1.tasks_in("test")["13"]
    result = run_episode(
        airline_v1,
        task,
        0,
        1,
        lambda context: looping(31),
        lambda context: ScriptedUser(["hi"]),
        limits=Limits(max_steps=30, max_errors=3),
    )
    assert result.termination_reason == "too_many_errors" and len(result.tool_calls) == 3


# Isolation


def test_records_reached_by_iteration_are_shared_and_read_only(retail_v1):
    db = retail_v1.fresh_db()
    user_id, user = next(iter(db["users"].items()))
    with pytest.raises(TypeError, match="read-only"):
        user["email"] = "someone@example.com"
    with pytest.raises(TypeError, match="read-only"):
        user["orders"].append("#W0")
    db["users"][user_id]["email"] = "someone@example.com"  # a lookup by key gives the episode its own copy
    assert retail_v1.fresh_db()["users"][user_id]["email"] != "someone@example.com"


def test_concurrent_episodes_leave_the_shared_data_untouched(retail_v1, shared):
    initial = json.loads((shared / "fixtures" / "tau_bench_v1_gt_replay.json").read_text())["splits"]["retail/test"]
    tasks = [retail_v1.tasks_in("test")[str(number)] for number in range(6)] * 4  # tasks 0-5 act on the same customer

    def one(task):
        return run_episode(retail_v1, task, 0, 1, AGENTS["oracle"], USERS["oracle"])

    with ThreadPoolExecutor(8) as pool:
        episodes = list(pool.map(one, tasks))
    assert [episode.reward for episode in episodes] == [1.0] * len(tasks)
    for episode in episodes:
        expected = [
            action["sha256"] for action in initial["tasks"][int(episode.task_id)]["actions"] if "sha256" in action
        ]
        assert [hashlib.sha256(call.observation.encode()).hexdigest() for call in episode.tool_calls] == expected
    whole = hashlib.sha256(str(canonical(retail_v1.fresh_db())).encode()).hexdigest()
    assert whole == initial["initial_data_hash"]
