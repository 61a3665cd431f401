"""Telecom's dual control in the episode loop: the oracle user makes the customer's gold calls
on the phone when the agent hands over, each call is recorded with its requestor and the
episode with the task's labels; the scripted server plays a telecom customer who looks at
the phone first, then follows the agent (a dry run scores as the oracle does); and the user
simulators that cannot act say so before a run starts."""

import json

import pytest
from conftest import run_cli

from taubench import run
from taubench.domains import load_domain
from taubench.domains.telecom.probes import ACCOUNT_LOOKS, PHONE_LOOKS
from taubench.execution.settings import ConfigError, parse_settings
from taubench.testing.scripted_server import ScriptedServer


@pytest.fixture(scope="module")
def telecom():
    return load_domain("telecom")


def _episodes(tmp_path) -> dict:
    document = json.loads(next(tmp_path.rglob("results.json")).read_text())
    return {episode["task_id"]: episode for episode in document["episodes"]}


def test_the_oracles_fix_the_phone_together_and_the_records_say_whose_call_it_was(tmp_path, telecom):
    oracles = ("agent=oracle", "user=oracle")
    result = run_cli("env=telecom", *oracles, "end_index=10", "tracking.enabled=false", "progress=false", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    episodes = _episodes(tmp_path)
    assert len(episodes) == 10
    for task_id, episode in episodes.items():
        assert episode["reward"] == 1.0
        gold = telecom.tasks[task_id].gold_actions
        assert [(call["requestor"], call["name"]) for call in episode["tool_calls"]] == [
            (a.requestor, a.name) for a in gold
        ]
        assert episode["task_labels"] == telecom.tasks[task_id].labels
        assert int(episode["task_labels"]["num_issues"]) == task_id.count("|") + 1


def _sample(telecom) -> list[str]:
    """Every fifth base task, and those whose SIM is both out and locked (told apart only by
    reseating it): 30 of the 114."""
    base = telecom.splits["base"]
    return [task_id for n, task_id in enumerate(base) if n % 5 == 0 or ("lock_sim" in task_id and "unseat" in task_id)]


def _without_looks(calls: list[tuple]) -> list[tuple]:
    """The calls after the customer's looks at the phone (and the SIM reseat that may follow
    them) and the agent's looks at the account."""
    phone = len(PHONE_LOOKS) + (calls[len(PHONE_LOOKS)][1] == "reseat_sim_card") * 2
    rest = calls[phone:]
    account = [n for n, call in enumerate(rest) if call[0] == "assistant"][: len(ACCOUNT_LOOKS)]
    assert [rest[n][1] for n in account] == [name for name, _ in ACCOUNT_LOOKS]
    return [call for n, call in enumerate(rest) if n not in account]


def test_a_scripted_dry_run_scores_as_the_oracle_does(tmp_path, telecom):
    sample = _sample(telecom)
    with ScriptedServer(domains=["telecom"]) as server:
        settings = parse_settings(
            {
                "env": {"name": "telecom"},
                "agent": {"name": "tool_calling"},
                "user": {"name": "llm"},
                "model": {"name": "openai/scripted", "pricing": {"input": 0, "output": 0}},
                "provider": {"name": "scripted", "api_base": server.url, "label_requests": True},
                "task_ids": sample,
                "tracking": {"enabled": False},
                "progress": False,
                "output_dir": str(tmp_path / "run"),
            }
        )
        report = run(settings, base_dir=tmp_path)
    assert [episode.task_id for episode in report.episodes] == sample
    for episode in report.episodes:
        assert episode.reward == 1.0, (episode.task_id, episode.reward_info)
        calls = [(call.requestor, call.name, call.arguments) for call in episode.tool_calls]
        assert [call[:2] for call in calls[: len(PHONE_LOOKS)]] == [("user", name) for name, _ in PHONE_LOOKS]
        gold = [(a.requestor, a.name, a.arguments) for a in telecom.tasks[episode.task_id].gold_actions]
        assert _without_looks(calls) == gold


def test_user_simulators_without_tools_are_refused_for_telecom():
    config = {"env": {"name": "telecom"}, "agent": {"name": "oracle"}, "user": {"name": "verify"}}
    with pytest.raises(ConfigError, match="cannot use the tools telecom gives the user; allowed: oracle, llm"):
        parse_settings(config)
