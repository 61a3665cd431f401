"""What one turn may carry: tool calls per turn, one call's size, one output's size. A turn past
a cap is refused before anything of it runs, the episode ends as the error of the side that
sent it with an excerpt (never the whole), and the run goes on with a small record. Doubles in
process for the agent and the user; a model agent through litellm and HTTP against a fake."""

import json

import pytest
from scripted_participants import ScriptedAgent
from test_model_replies import FixedReplies, completion

from taubench import run
from taubench.core.environment import EXCERPT_CHARS
from taubench.core.episode import run_episode
from taubench.core.messages import AssistantMessage, ToolCall, ToolMessage, UserMessage
from taubench.core.participants import MAX_TOOL_CALLS_PER_TURN, Limits
from taubench.execution.settings import ConfigError, parse_settings
from taubench.users import USERS

FLOOD = 2_000  # calls in one turn (the attack ran 200,000 executions in one episode)
HUGE = "x" * 10_000_000  # one argument of 10 MB


def calls(tool: str, count: int, **arguments) -> list[ToolCall]:
    return [ToolCall(id=f"{tool}_{n}", name=tool, arguments=arguments) for n in range(count)]


def agent_saying(*messages: AssistantMessage):
    return lambda context: ScriptedAgent(messages)


@pytest.mark.parametrize(
    "turn, said",
    [
        (
            calls("borrow_book", FLOOD, member_id="M1001", book_id="B203"),
            f"the agent made {FLOOD} tool calls in one turn, over the cap of 50",
        ),
        (calls("search_books", 1, title=HUGE), "the agent's call of 'search_books' is 10,000,"),
        (
            [
                *calls("find_member", 1, name="Maya Lopez", birth_date="1990-04-12"),
                *calls("search_books", 1, title=HUGE),
            ],
            "none of the turn's calls was run",
        ),
    ],
    ids=["2000-calls", "10MB-argument", "10MB-argument-after-a-good-call"],
)
def test_a_turn_over_a_cap_ends_the_episode_as_the_agents_error_before_any_of_it_runs(mock, turn, said):
    result = run_episode(mock, mock.tasks["0"], 0, 1, agent_saying(AssistantMessage(tool_calls=turn)), USERS["oracle"])
    assert (result.termination_reason, result.error.kind, result.error.type) == (
        "agent_error",
        "agent_error",
        "OverCap",
    )
    assert said in result.error.message and result.reward == 0.0
    assert [message.role for message in result.messages] == [
        "assistant",
        "user",
    ]  # the turn is not on record, nothing ran
    assert result.num_tool_errors == 0 and result.error.reply.startswith(
        f'{{"id":"{turn[-1].name}_0","name":"{turn[-1].name}"'
    )
    assert 0 < len(result.error.reply) <= EXCERPT_CHARS and len(result.error.message) < 400
    assert len(result.model_dump_json()) < 30_000  # the record holds nothing of the flood


def test_an_output_over_the_cap_ends_the_episode_with_the_outputs_before_it_kept(mock):
    turn = AssistantMessage(
        tool_calls=[
            *calls("find_member", 1, name="Maya Lopez", birth_date="1990-04-12"),
            *calls("search_books", 1, title="Harbor Lights"),
        ]
    )
    limits = Limits(max_steps=mock.rules.max_steps, max_observation_chars=60)  # the search's output is longer
    result = run_episode(mock, mock.tasks["0"], 0, 1, agent_saying(turn), USERS["oracle"], limits)
    assert (result.termination_reason, result.error.type) == ("agent_error", "OverCap")
    assert (
        "the output of 'search_books' for the agent is" in result.error.message
        and "over the cap of 60" in result.error.message
    )
    assert result.error.reply.startswith('[{"book_id": "B203", "title": "Harbor Lights"')  # its start, as the excerpt
    found, searched = result.tool_calls
    assert found.observation == "M1001" and searched.observation == ""  # the one over the cap is not kept


class FloodingUser:
    """The customer acts on their own side with too many calls at once (mock gives the user tools)."""

    def __init__(self, context):
        self.turns = 0

    def respond(self, trajectory):
        self.turns += 1
        if self.turns == 1:
            return UserMessage(content="hi")
        return UserMessage(content="", tool_calls=calls("show_library_card", MAX_TOOL_CALLS_PER_TURN + 1))


def test_the_users_own_calls_are_capped_too_and_are_the_users_error(mock):
    result = run_episode(
        mock, mock.tasks["15"], 0, 1, agent_saying(AssistantMessage(content="Please check your app.")), FloodingUser
    )
    assert (result.termination_reason, result.error.kind, result.error.type) == ("user_error", "user_error", "OverCap")
    assert result.error.message.startswith(f"the user made {MAX_TOOL_CALLS_PER_TURN + 1} tool calls in one turn")
    assert not any(isinstance(message, ToolMessage) for message in result.messages)


def test_a_model_whose_replies_flood_fails_its_episodes_and_the_run_goes_on_with_a_small_record(tmp_path):
    """Through litellm: one reply of 2,000 tool calls, one with a 10 MB argument, then plain text."""
    flood = [
        {
            "id": f"call_{n}",
            "type": "function",
            "function": {"name": "get_user_details", "arguments": '{"user_id": "x"}'},
        }
        for n in range(FLOOD)
    ]
    huge = [
        {
            "id": "call_huge",
            "type": "function",
            "function": {"name": "get_user_details", "arguments": json.dumps({"user_id": HUGE})},
        }
    ]
    replies = {0: {"content": None, "tool_calls": flood}, 1: {"content": None, "tool_calls": huge}}
    fake = FixedReplies(lambda n: completion(replies.get(n, {"content": "Done."})))
    try:
        config = {
            "env": {"name": "airline"},
            "agent": {"name": "tool_calling"},
            "user": {"name": "oracle"},
            "task_ids": ["0", "1", "2"],
            "model": {"name": "openai/x", "pricing": {"input": 0, "output": 0}},
            "provider": {"name": "fake", "api_base": fake.url},
            "max_concurrency": 1,
            "tracking": {"enabled": False},
            "progress": False,
            "output_dir": str(tmp_path / "run"),
        }
        report = run(parse_settings(config), base_dir=tmp_path)
    finally:
        fake.close()
    flooded, oversized, plain = sorted(report.episodes, key=lambda episode: episode.task_id)
    assert (
        flooded.error.message.startswith(f"the agent made {FLOOD} tool calls in one turn")
        and flooded.error.kind == "agent_error"
    )
    assert oversized.error.message.startswith("the agent's call of 'get_user_details' is 10,000,")
    assert plain.error is None and not report.failed and report.summary.num_episodes == 3
    assert report.results_file.stat().st_size < 200_000


@pytest.mark.parametrize("key", ["max_tool_calls_per_turn", "max_tool_call_chars", "max_observation_chars"])
def test_a_cap_below_one_is_refused_before_anything_runs_naming_the_key(key):
    with pytest.raises(ConfigError, match=rf"  {key}: Input should be greater than or equal to 1 \(got -5\)"):
        parse_settings({"env": {"name": "mock"}, "agent": {"name": "oracle"}, "user": {"name": "oracle"}, key: -5})
    assert (
        getattr(parse_settings({"env": {"name": "mock"}, "agent": {"name": "oracle"}, "user": {"name": "oracle"}}), key)
        >= 1
    )
