"""Tasks that start from a set-up state, and users who act on their own side (the mock's
library app): what each party sees, what is graded, and which simulators may play them."""

import dataclasses
import json

import pytest
from conftest import run_cli

from taubench.agents.oracle import OracleAgent
from taubench.core.domain import apply_initial_state
from taubench.core.episode import run_episode
from taubench.core.tasks import InitialState
from taubench.execution.settings import ConfigError, parse_settings
from taubench.testing.scripted_server import ScriptedServer
from taubench.users.oracle import OracleUser


def test_a_task_starts_from_its_initial_state_on_both_sides(mock):
    overdue = mock.new_sides(mock.tasks["16"])
    assert overdue.agent.invoke("list_loans", {"member_id": "M1001"}).content.count('"due_date": "2026-02-20"') == 1
    assert mock.new_toolkit().db.loans["L3001"].due_date == "2026-03-05"  # the shared records are untouched
    signed_in = mock.new_sides(mock.tasks["17"])
    assert signed_in.user.invoke("show_library_card", {}).content == "Samir Haddad, member M1005"
    assert signed_in.user.reminders_enabled()


def test_a_setup_that_cannot_run_says_which_step(mock):
    broken = InitialState.model_validate(
        {"initialization_actions": [{"env_type": "user", "func_name": "log_in", "arguments": {}}]}
    )
    with pytest.raises(ValueError, match="initialization action log_in: no such method on the user's side"):
        apply_initial_state(mock.new_sides(), broken)
    with pytest.raises(ValueError, match="message history"):
        InitialState.model_validate({"message_history": [{"role": "user", "content": "hi"}]})


def test_the_agent_never_sees_the_users_own_calls_and_the_user_sees_only_its_own(tmp_path, mock):
    with ScriptedServer(domains=["mock"]) as server:
        result = run_cli(
            "env=mock",
            "model=scripted",
            f"provider.api_base={server.url}",
            "task_ids=[15]",
            "tracking.enabled=false",
            "progress=false",
            cwd=tmp_path,
        )
        requests = list(server.requests)
    assert result.returncode == 0, result.stderr
    episode = json.loads(next(tmp_path.rglob("results.json")).read_text())["episodes"][0]
    assert episode["reward"] == 1.0
    assert [call["requestor"] for call in episode["tool_calls"]] == ["assistant"] * 3 + ["user"]
    agent_views = [
        r["messages"] for r in requests if any(t["function"]["name"] == "renew_loan" for t in r.get("tools", []))
    ]
    user_views = [
        r["messages"]
        for r in requests
        if any(t["function"]["name"] == "set_due_date_reminders" for t in r.get("tools", []))
    ]
    assert agent_views and user_views
    assert "set_due_date_reminders" not in json.dumps(agent_views) and "Due-date reminders on" not in json.dumps(
        agent_views
    )
    last_user_view = json.dumps(user_views[-1])
    assert "Due-date reminders on" in last_user_view and "renew_loan" not in last_user_view
    assert "tools of your own" in user_views[0][0]["content"]


def test_only_simulators_that_can_use_the_users_tools_may_play_such_a_domain():
    config = {"env": {"name": "mock"}, "agent": {"name": "oracle"}, "user": {"name": "react"}}
    with pytest.raises(
        ConfigError, match="user: user simulator 'react' cannot use the tools mock gives the user; allowed: oracle, llm"
    ):
        parse_settings(config)
    assert parse_settings({**config, "user": {"name": "oracle"}}).user.name == "oracle"
    assert parse_settings({**config, "env": {"name": "retail"}}).user.name == "react"


def test_the_users_side_is_graded_too(mock):
    """A user who does not do their part leaves the app as it was: the DB check compares
    both sides' databases."""
    task = mock.tasks["15"]
    full = run_episode(mock, task, 0, 0, OracleAgent, OracleUser)
    assert full.reward == 1.0 and full.reward_info.components["DB"].status == "passed"
    agent_part_only = task.model_copy(
        update={"evaluation_criteria": task.evaluation_criteria.model_copy(update={"actions": task.gold_actions[:-1]})}
    )
    passive_user = run_episode(
        mock, task, 0, 0, OracleAgent, lambda context: OracleUser(dataclasses.replace(context, task=agent_part_only))
    )
    assert [call.requestor for call in passive_user.tool_calls] == ["assistant"] * 3
    assert passive_user.reward == 0.0 and passive_user.reward_info.components["DB"].status == "failed"
    gold, predicted = (
        passive_user.reward_info.components["DB"].details[key] for key in ("gold_db_hash", "agent_db_hash")
    )
    assert gold.split("+")[0] == predicted.split("+")[0] and gold.split("+")[1] != predicted.split("+")[1]


def test_the_episode_page_shows_the_users_own_calls_with_their_results(mock):
    from taubench.reporting.trajectory_page import PageContext, render_page

    episode = run_episode(mock, mock.tasks["15"], 0, 0, OracleAgent, OracleUser)
    page = render_page(episode, PageContext(run_title="mock", models={"agent": "oracle", "user": "oracle"}))
    user_bubbles = page.split('<div class="bubble user">')[1:]
    acting = next(bubble for bubble in user_bubbles if "set_due_date_reminders" in bubble)
    assert "Due-date reminders on" in acting and "bubble orphan" not in page
    assert page.count("no result recorded") == 0
