"""The episode protocol (greeting, routing, stop tokens, limits, error kinds) and database
isolation between sequential and concurrent episodes, on the mock domain (the protocol does
not depend on retail's data); driving an episode by hand, on airline."""

import json
import threading

import pytest
from scripted_participants import ScriptedAgent, ScriptedUser

from taubench.agents import AGENTS
from taubench.core.environment import GREETING, Environment, Limits
from taubench.core.episode import run_episode
from taubench.core.messages import AssistantMessage, ToolCall
from taubench.core.pristine import db_hash
from taubench.users import USERS


def call(tool, **arguments):
    return AssistantMessage(tool_calls=[ToolCall(id=f"c{id(arguments)}", name=tool, arguments=arguments)])


def test_episode_opens_with_the_greeting_and_the_users_request(mock):
    env = Environment(mock, mock.tasks["0"], ScriptedUser(["I want to borrow a book."]))
    opening = env.reset()
    assert [(m.role, m.content) for m in opening] == [("assistant", GREETING), ("user", "I want to borrow a book.")]
    assert env.steps == 1 and not env.done


def test_tool_calls_go_to_the_database_and_text_goes_to_the_user(mock):
    env = Environment(mock, mock.tasks["0"], ScriptedUser(["hello", "thanks ###STOP###"]))
    env.reset()
    results = env.step(call("find_member", name="Nobody", birth_date="2000-01-01"))
    assert [(m.role, m.content, m.error) for m in results] == [
        ("tool", "Error: No member with that name and date of birth", True)
    ]
    reply = env.step(AssistantMessage(content="Anything else?"))
    assert reply[0].content == "thanks ###STOP###"
    assert env.termination == "user_stop"


@pytest.mark.parametrize("token", ["###STOP###", "###TRANSFER###", "###OUT-OF-SCOPE###"])
def test_any_stop_token_ends_the_episode(mock, token):
    env = Environment(mock, mock.tasks["0"], ScriptedUser(["hi", f"ok {token} bye"]))
    env.reset()
    env.step(AssistantMessage(content="Hello"))
    assert env.termination == "user_stop"


def test_max_steps_ends_the_episode_but_never_between_a_call_and_its_result(mock):
    env = Environment(mock, mock.tasks["0"], ScriptedUser(["hi"]), Limits(max_steps=2))
    env.reset()  # step 1: the user's opening
    results = env.step(call("get_member", member_id="nobody"))  # step 2 is a call: it still gets its result
    assert results and env.termination == "max_steps"
    assert env.steps == 3


def test_tool_errors_are_counted_over_the_episode(mock):
    env = Environment(mock, mock.tasks["0"], ScriptedUser(["hi", "go on"]), Limits(max_errors=2))
    env.reset()
    env.step(call("get_member", member_id="nobody"))
    env.step(AssistantMessage(content="Let me check again"))
    env.step(call("list_loans", member_id="nope"))
    assert env.termination == "too_many_errors"


def test_a_failing_agent_is_recorded_with_the_partial_trajectory(mock):
    class BrokenAgent:
        def __init__(self, context):
            self.turns = 0

        def respond(self, trajectory):
            self.turns += 1
            if self.turns == 2:
                raise RuntimeError("model exploded")
            return call("get_member", member_id="nobody")

    result = run_episode(mock, mock.tasks["0"], 0, 1, BrokenAgent, USERS["oracle"])
    assert result.termination_reason == "agent_error"
    assert result.error.kind == "agent_error" and "model exploded" in result.error.message
    assert [m.role for m in result.messages] == ["assistant", "user", "assistant", "tool"]
    assert result.reward == 0.0


def test_an_empty_agent_message_is_an_agent_error(mock):
    result = run_episode(
        mock, mock.tasks["0"], 0, 1, lambda context: ScriptedAgent([AssistantMessage(content="  ")]), USERS["oracle"]
    )
    assert result.error.kind == "agent_error"
    assert "neither text nor tool calls" in result.error.message


def test_a_failing_user_simulator_is_a_user_error(mock):
    class BrokenUser:
        def __init__(self, context):
            pass

        def respond(self, trajectory):
            raise ConnectionError("simulator down")

    result = run_episode(mock, mock.tasks["0"], 0, 1, AGENTS["oracle"], BrokenUser)
    assert result.termination_reason == "user_error"
    assert result.error.type == "ConnectionError"
    assert [m.content for m in result.messages] == [GREETING]


def test_writes_of_one_episode_never_reach_the_next(mock):
    pristine = db_hash(mock.new_toolkit().db)
    agent = ScriptedAgent([call("renew_loan", loan_id="L3001"), AssistantMessage(content="Done")])
    result = run_episode(mock, mock.tasks["0"], 0, 1, lambda context: agent, USERS["oracle"])
    assert '"renewals": 1' in result.messages[3].content
    after = mock.new_toolkit()
    assert after.db.loans["L3001"].renewals == 0
    assert db_hash(after.db) == pristine


def test_concurrent_episodes_each_see_a_pristine_database(mock):
    """Eight threads renew the same loan at once; each sees only its own renewal."""
    barrier = threading.Barrier(8)
    observations = [None] * 8

    def episode(slot):
        env = Environment(mock, mock.tasks["0"], ScriptedUser(["hi"]))
        env.reset()
        barrier.wait()
        env.step(call("renew_loan", loan_id="L3001"))
        observations[slot] = env.trajectory[-1].content

    threads = [threading.Thread(target=episode, args=(slot,)) for slot in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(observations)) == 1, "an episode saw another episode's renewal"
    assert json.loads(observations[0])["renewals"] == 1
    assert mock.new_toolkit().db.loans["L3001"].renewals == 0


def test_an_episode_can_be_driven_by_hand_through_reset_step_evaluate(airline):
    task = airline.tasks["8"]
    env = Environment(airline, task, ScriptedUser(["I want to book a flight.", "Thanks! ###STOP###"]))
    observation = env.reset()
    assert observation[-1].content == "I want to book a flight."
    for number, action in enumerate(task.gold_actions):
        env.step(AssistantMessage(tool_calls=[ToolCall(id=str(number), name=action.name, arguments=action.arguments)]))
    env.step(AssistantMessage(content="Your reservation is booked."))
    assert env.done and env.termination == "user_stop"
    assert env.evaluate().reward == 1.0
