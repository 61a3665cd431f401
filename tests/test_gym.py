"""taubench.gym: the oracle plays through the Gymnasium interface (observations in, actions
out) and scores as it does in a run; the customer inside ``step`` can be any strategy and
model (here the LLM user on the scripted server)."""

import gymnasium
import pytest

from taubench.agents.oracle import OracleAgent
from taubench.gym import ENV_ID, TauBenchEnv
from taubench.scripted_server import ScriptedServer


def play(env, task_id: str) -> tuple[float, dict, int]:
    """The oracle as a learner would act: from the environment's conversation, one action a step."""
    observation, info = env.reset(options={"task_id": task_id})
    assert observation[-1]["role"] == "user" and info["task_id"] == task_id and info["tools"]
    oracle, steps = OracleAgent(env.unwrapped.context), 0
    while True:
        message = oracle.respond(env.unwrapped.trajectory)
        action = {"content": message.content, "tool_calls": [{"name": c.name, "arguments": c.arguments} for c in message.tool_calls or []]}
        assert env.action_space.contains(action)
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert env.observation_space.contains(observation)
        if terminated or truncated:
            return reward, info, steps
        assert reward == 0.0


def test_the_oracle_playing_through_the_gym_scores_every_task_as_in_a_run():
    env = gymnasium.make(ENV_ID, overrides=["env=mock", "user=oracle"])
    graded = [task.id for task in env.unwrapped.tasks if "NL_ASSERTION" not in task.evaluation_criteria.reward_basis]
    assert len(graded) >= 10
    for task_id in graded:
        reward, info, steps = play(env, task_id)
        assert reward == 1.0, (task_id, info["reward_info"])
        assert info["termination"] == "user_stop" and steps >= 1


def test_a_model_plays_the_customer_inside_step(tmp_path):
    with ScriptedServer(domains=["airline"]) as server:
        env = TauBenchEnv(["env=airline", "task_ids=[0,1]", "user=llm", "user.model=openai/scripted", f"user.api_base={server.url}",
                           "user.pricing={input: 0, output: 0}"])  # fmt: skip
        results = [play(env, task_id) for task_id in ("0", "1")]
        user_calls = server.counts["user"]
    assert [reward for reward, _, _ in results] == [1.0, 1.0]
    assert user_calls >= 4


def test_text_actions_and_bad_ones():
    env = TauBenchEnv(["env=mock", "user=oracle"])
    env.reset(seed=3)
    assert not env.action_space.contains({"text": "hi"}) and env.action_space.contains(env.action_space.sample())
    with pytest.raises(ValueError, match="an action is a message's text"):
        env.step({"text": "hi"})
    observation, reward, *_ = env.step({"tool_calls": [{"name": "no_such_tool", "arguments": "{}"}]})
    assert observation[-1]["role"] == "tool" and "no_such_tool" in observation[-1]["content"] and reward == 0.0
    with pytest.raises(ValueError, match="task_id 'nope' is not among this environment's"):
        env.reset(options={"task_id": "nope"})


def test_a_customer_model_without_its_key_is_refused_before_any_episode(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(Exception, match="OPENAI_API_KEY is not set"):
        TauBenchEnv(["env=mock", "user=llm", "user.model=gpt-4o"])
