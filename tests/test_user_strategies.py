"""The user simulators beyond ``llm`` (react, verify, reflection, human), end to end: the
native tool-calling agent on the scripted server, or the oracle agent through the CLI."""

import json
import re
from types import SimpleNamespace

import pytest
from conftest import run_cli
from test_llm_path import scripted_run

from taubench.agents.oracle import DONE
from taubench.core.environment import GREETING
from taubench.execution.settings import ConfigError
from taubench.testing.scripted_customer import SCRIPTED_REFLECTION, SCRIPTED_THOUGHT
from taubench.testing.scripted_server import Faults, FixedUsage, ScriptedServer
from taubench.users.llm import NOTE_PREFIX, render_scenario
from taubench.users.verify import SUPERVISOR_MARKER

TASKS = ["1", "3", "8"]  # airline tasks with two to four gold actions; two user turns each


def user_turns(report):
    return [m for episode in report.episodes for m in episode.messages if m.role == "user"]


def last_text(request: dict) -> str:
    return request["messages"][-1].get("content") or ""


@pytest.mark.parametrize("strategy, calls_per_turn", [("react", 1), ("verify", 2), ("reflection", 2)])
def test_each_model_user_solves_tasks_with_the_native_agent(tmp_path, strategy, calls_per_turn):
    with ScriptedServer(domains=("airline",)) as server:
        report = scripted_run(server, tmp_path, user={"name": strategy}, task_ids=TASKS)
    assert [episode.reward for episode in report.episodes] == [1.0] * len(TASKS)
    turns = user_turns(report)
    assert len(turns) == 2 * len(TASKS) and all(turn.usage.calls == calls_per_turn for turn in turns)
    assert report.summary.usage["user"].calls == server.counts["user"] + server.counts["supervisor"]


def test_react_thoughts_stay_on_record_and_never_reach_the_agent(tmp_path):
    with ScriptedServer(domains=("airline",)) as server:
        report = scripted_run(server, tmp_path, user={"name": "react"}, task_ids=TASKS)
    assert [episode.reward for episode in report.episodes] == [1.0] * len(TASKS)
    turns = user_turns(report)
    assert all(turn.thoughts == SCRIPTED_THOUGHT for turn in turns)
    assert [turn.content for turn in turns[1::2]] == ["###STOP###"] * len(TASKS)  # the token alone, as the reply
    assert all("[task airline:" in turn.content and "Thought" not in turn.content for turn in turns[::2])
    agent_requests = json.dumps([request for request in server.requests if request.get("tools")])
    assert "scripted thought" not in agent_requests and "User Response" not in agent_requests


def test_rejected_candidates_are_written_again_and_every_call_is_paid_for(tmp_path):
    """The supervisor rejects the first two candidates of every turn: three generations and
    three reviews per turn, all in that turn's usage; the retries carry the reason."""
    usage = FixedUsage(prompt_tokens=100, completion_tokens=10)
    with ScriptedServer(domains=("airline",), verifier_rejects=2, usage=usage) as server:
        report = scripted_run(server, tmp_path, user={"name": "verify"}, task_ids=TASKS)
    assert [episode.reward for episode in report.episodes] == [1.0] * len(TASKS)
    for turn in user_turns(report):
        assert [draft.accepted for draft in turn.drafts] == [False, False, True]
        assert turn.usage.calls == 6 and turn.usage.prompt_tokens == 600 and turn.usage.completion_tokens == 60
        assert turn.content == turn.drafts[-1].content
    assert server.counts["user"] == server.counts["supervisor"] == 3 * 2 * len(TASKS)
    notes = [last_text(r) for r in server.requests if last_text(r).startswith(NOTE_PREFIX)]
    assert len(notes) == 2 * 2 * len(TASKS) and all(
        "A reviewer stopped that message: scripted rejection." in n for n in notes
    )


def test_when_every_candidate_is_rejected_verify_sends_the_last(tmp_path):
    with ScriptedServer(domains=("airline",), verifier_rejects=99) as server:
        report = scripted_run(server, tmp_path, user={"name": "verify", "max_attempts": 2}, task_ids=["1"])
    for turn in user_turns(report):
        assert [draft.accepted for draft in turn.drafts] == [False, False]
        assert turn.content == turn.drafts[-1].content and turn.usage.calls == 4
    assert report.episodes[0].reward == 1.0


def test_reflection_revises_a_rejected_reply_and_the_revision_is_reviewed(tmp_path):
    with ScriptedServer(domains=("airline",), verifier_rejects=1) as server:
        report = scripted_run(server, tmp_path, user={"name": "reflection"}, task_ids=TASKS)
    assert [episode.reward for episode in report.episodes] == [1.0] * len(TASKS)
    for turn in user_turns(report):
        first, revision = turn.drafts
        assert (first.accepted, first.reflection) == (False, None)
        assert (revision.accepted, revision.reflection) == (True, SCRIPTED_REFLECTION)
        assert turn.content == revision.content and turn.usage.calls == 4  # reply, review, reflection, review
    assert server.counts["reflection"] == 2 * len(TASKS) and server.counts["supervisor"] == 4 * len(TASKS)


def test_when_no_revision_is_accepted_reflection_sends_the_first_reply(tmp_path):
    with ScriptedServer(domains=("airline",), verifier_rejects=99) as server:
        report = scripted_run(server, tmp_path, user={"name": "reflection", "max_attempts": 3}, task_ids=["1"])
    for turn in user_turns(report):
        assert [draft.accepted for draft in turn.drafts] == [False, False, False]
        assert turn.content == turn.drafts[0].content and turn.usage.calls == 6
    assert report.episodes[0].reward == 1.0


def test_malformed_react_answers_are_asked_again_and_the_episode_recovers(tmp_path):
    with ScriptedServer(domains=("airline",), faults=Faults(malformed_user_reply=0.3, seed=5)) as server:
        report = scripted_run(
            server, tmp_path, user={"name": "react"}, task_ids=["0", "1", "3", "8", "12"], max_concurrency=1
        )
    assert [episode.reward for episode in report.episodes] == [1.0] * 5
    injected = server.faults_injected["malformed_user_reply"]
    turns = user_turns(report)
    assert injected > 0 and sum(turn.usage.corrections for turn in turns) == injected
    for turn in turns:
        rejected = [draft for draft in turn.drafts if not draft.accepted]
        assert len(rejected) == turn.usage.corrections == turn.usage.calls - 1
        assert all('there is no "User Response:" part' in draft.reason for draft in rejected)
    notes = [last_text(r) for r in server.requests if last_text(r).startswith(NOTE_PREFIX)]
    assert len(notes) == injected and all("was not sent" in note for note in notes)


def test_a_react_user_that_never_answers_readably_is_a_user_error_and_the_run_goes_on(tmp_path):
    with ScriptedServer(domains=("airline",), faults=Faults(malformed_user_reply=1.0)) as server:
        report = scripted_run(server, tmp_path, user={"name": "react", "max_reasks": 1}, task_ids=["1", "3"])
    assert [episode.termination_reason for episode in report.episodes] == ["user_error"] * 2
    assert {episode.error.type for episode in report.episodes} == {"UserFormatError"}
    assert "2 answers in a row had no readable 'User Response:' part" in report.episodes[0].error.message
    assert report.summary.errors.get("user_error") == 2 and report.results_file.exists()
    assert server.counts["user"] == 2 * 2 and server.counts["agent"] == 0


def two_server_run(tmp_path, user: dict, answer):
    """The agent on the scripted server, the user's model a script: ``answer(request, turn)``
    writes the user side (``turn``: how many customer turns came before; the agent's texts
    are the user-role messages of the customer's view, re-ask notes aside)."""

    def script(request: dict) -> str:
        agent_texts = [
            m for m in request["messages"] if m["role"] == "user" and not m["content"].startswith(NOTE_PREFIX)
        ]
        return answer(request, len(agent_texts) - 1)

    with ScriptedServer(domains=("airline",)) as agent_server, ScriptedServer(script=script) as user_server:
        user = {
            "model": "openai/scripted-user",
            "api_base": user_server.url,
            "pricing": {"input": 0, "output": 0},
            **user,
        }
        return scripted_run(agent_server, tmp_path, user=user, task_ids=["1"]), user_server


OPENING = "I want to cancel a booking. [task airline:1]"


@pytest.mark.parametrize(
    "layout, thoughts",
    [
        ("Thought: notes\nUser Response: {reply}", "notes"),
        ("**Thought:**\nnotes\n\n**User Response:**\n{reply}\n", "notes"),
        ("## User Response:\n{reply}", None),
        ("A preamble.\nthought: notes\nuser response: {reply}", "A preamble.\nnotes"),
    ],
)
def test_react_answers_are_read_in_their_usual_layouts(tmp_path, layout, thoughts):
    def answer(request, turn):
        return layout.format(reply=OPENING if turn == 0 else "###STOP###")

    report, _ = two_server_run(tmp_path, {"name": "react"}, answer)
    opening, closing = user_turns(report)
    assert (opening.content, opening.thoughts, closing.content) == (OPENING, thoughts, "###STOP###")
    assert report.episodes[0].reward == 1.0


def test_an_end_token_anywhere_ends_the_conversation_even_unlabelled(tmp_path):
    def answer(request, turn):
        return f"Thought: notes\nUser Response: {OPENING}" if turn == 0 else "All done here, so ###TRANSFER### I guess"

    report, user_server = two_server_run(tmp_path, {"name": "react"}, answer)
    assert user_turns(report)[-1].content == "###TRANSFER###" and user_server.total_requests == 2


@pytest.mark.parametrize(
    "verdict, accepted, reason",
    [
        ('```json\n{"accept": false, "reason": "invents a booking id"}\n```', False, "invents a booking id"),
        ('{"accept": "no", "reason": "stops too early"}', False, "stops too early"),
        ("Yes. It fits the scenario.", True, "It fits the scenario."),
        ("**REJECT**: the customer would not know that", False, "the customer would not know that"),
        ("I am not sure.", True, "unreadable verdict: 'I am not sure.'"),
    ],
)
def test_the_supervisor_verdict_is_read_robustly(tmp_path, verdict, accepted, reason):
    def answer(request, turn):
        if SUPERVISOR_MARKER in request["messages"][0]["content"]:
            return verdict
        return OPENING if turn == 0 else "###STOP###"

    report, _ = two_server_run(tmp_path, {"name": "verify", "max_attempts": 1}, answer)
    drafts = [draft for turn in user_turns(report) for draft in turn.drafts]
    assert [(draft.accepted, draft.reason) for draft in drafts] == [(accepted, reason)] * 2
    assert report.episodes[0].reward == 1.0  # one attempt: the candidate is sent either way


def test_only_the_sent_message_enters_the_simulators_history(tmp_path):
    def answer(request, turn):
        messages = request["messages"]
        if SUPERVISOR_MARKER in messages[0]["content"]:
            return (
                '{"accept": false, "reason": "a draft"}' if "(draft)" in messages[1]["content"] else '{"accept": true}'
            )
        if turn == 0:
            return OPENING if messages[-1]["content"].startswith(NOTE_PREFIX) else f"(draft) {OPENING}"
        return "###STOP###"

    report, user_server = two_server_run(tmp_path, {"name": "verify"}, answer)
    opening, closing = user_turns(report)
    assert opening.content == OPENING and [d.content for d in opening.drafts] == [f"(draft) {OPENING}", OPENING]
    later = user_server.requests[4:]  # after the opening turn: two candidates, two reviews
    assert later and all("(draft)" not in json.dumps(request) for request in later)
    assert [m["content"] for m in later[0]["messages"] if m["role"] == "assistant"] == [OPENING]
    assert report.episodes[0].reward == 1.0


def test_the_supervisor_sees_the_conversation_with_its_real_roles(tmp_path):
    def answer(request, turn):
        if SUPERVISOR_MARKER in request["messages"][0]["content"]:
            return '{"accept": true}'
        return OPENING if turn == 0 else "###STOP###"

    _, user_server = two_server_run(tmp_path, {"name": "verify"}, answer)
    reviews = [r["messages"] for r in user_server.requests if SUPERVISOR_MARKER in r["messages"][0]["content"]]
    assert len(reviews) == 2
    assert reviews[0][0]["content"].endswith(f"<conversation>\nAgent: {GREETING}\n</conversation>")
    assert f"\nAgent: {GREETING}\nCustomer: {OPENING}\nAgent: " in reviews[1][0]["content"]
    assert reviews[1][1] == {
        "role": "user",
        "content": "The customer's next message:\n<message>\n###STOP###\n</message>",
    }


def test_a_person_plays_the_customer_at_the_terminal(tmp_path, airline):
    result = run_cli(
        "agent=oracle",
        "user=human",
        "env=airline",
        "task_ids=[8]",
        "max_concurrency=1",
        "tracking.enabled=false",
        "progress=false",
        cwd=tmp_path,
        input="I would like to book a flight.\n\n",
    )
    assert result.returncode == 0, result.stderr
    (episode,) = json.loads(next(tmp_path.rglob("results.json")).read_text())["episodes"]
    assert [m["content"] for m in episode["messages"] if m["role"] == "user"] == [
        "I would like to book a flight.",
        "###STOP###",
    ]
    assert episode["reward"] == 1.0 and episode["usage"]["user"]["calls"] == 0 and episode["usage"]["user"]["cost"] == 0
    title = "airline task 8, trial 0"
    scenario = render_scenario(airline.tasks["8"].user_scenario)
    out = result.stdout
    assert out.index(scenario) < out.index(
        f"[{title}] agent: {GREETING}\n[{title}] you: I would like to book a flight.\n"
    )
    assert out.index(f"[{title}] you: I would like to book a flight.") < out.index(
        f"[{title}] agent: {DONE}\n[{title}] you: \n"
    )


def test_end_of_input_stops_and_concurrent_prompts_do_not_interleave(tmp_path, airline):
    result = run_cli(
        "agent=oracle",
        "user=human",
        "env=airline",
        "task_ids=[1,3,8]",
        "max_concurrency=3",
        "tracking.enabled=false",
        "progress=false",
        cwd=tmp_path,
        input="",
    )
    assert result.returncode == 0, result.stderr
    episodes = json.loads(next(tmp_path.rglob("results.json")).read_text())["episodes"]
    for episode in episodes:
        assert [m["content"] for m in episode["messages"] if m["role"] == "user"] == ["###STOP###"]
        assert episode["termination_reason"] == "user_stop"
        title = f"airline task {episode['task_id']}, trial 0"
        scenario = render_scenario(airline.tasks[episode["task_id"]].user_scenario)
        assert re.search(
            rf"=== {re.escape(title)}: you are the customer ===\n{re.escape(scenario)}\n\(one line per message[^\n]*\n"
            rf"\[{re.escape(title)}\] agent: {re.escape(GREETING)}\n\[{re.escape(title)}\] you: \n",
            result.stdout,
        )


@pytest.mark.parametrize(
    "user, message",
    [
        ({"name": "react", "max_reasks": -1}, "user.max_reasks: Input should be greater than or equal to 0"),
        ({"name": "verify", "max_attempt": 3}, "user.max_attempt: not a known setting"),
        ({"name": "reflection", "max_attempts": 0}, "user.max_attempts: Input should be greater than or equal to 1"),
        ({"name": "human", "max_attempts": 2}, "user.max_attempts: not an option of user 'human' (it takes none)"),
    ],
)
def test_bad_options_are_refused_naming_the_key(tmp_path, user, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        scripted_run(SimpleNamespace(url="http://127.0.0.1:9/v1"), tmp_path, user=user)


def test_the_cli_names_a_bad_user_option(tmp_path):
    result = run_cli("env=airline", "model=scripted", "user=verify", "user.max_attempts=zero", cwd=tmp_path)
    assert result.returncode == 2
    assert "user.max_attempts: Input should be a valid integer" in result.stderr
