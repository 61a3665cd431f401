"""taubench.integrations.gym: the oracle plays through the Gymnasium interface (observations in, actions
out) and scores as it does in a run; the customer inside ``step`` can be any strategy and
model (here the LLM user on the scripted server). The env passes Gymnasium's own checker,
runs in its sync and async vector envs, pickles, and never passes off a non-grade as a 0."""

import math
import pickle
import warnings
from types import SimpleNamespace

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import SyncVectorEnv

from taubench.agents.oracle import OracleAgent
from taubench.integrations.gym import ENV_ID, TauBenchEnv, needs_judge
from taubench.testing.scripted_server import ScriptedServer


def play(env, task_id: str) -> tuple[float, dict, int]:
    """The oracle as a learner would act: from the environment's conversation, one action a step."""
    observation, info = env.reset(options={"task_id": task_id})
    assert observation[-1]["role"] == "user" and info["task_id"] == task_id and info["tools"]
    oracle, steps = OracleAgent(env.unwrapped.context), 0
    while True:
        message = oracle.respond(env.unwrapped.trajectory)
        action = {
            "content": message.content,
            "tool_calls": [{"name": c.name, "arguments": c.arguments} for c in message.tool_calls or []],
        }
        assert env.action_space.contains(action)
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert env.observation_space.contains(observation)
        if terminated or truncated:
            return reward, info, steps
        assert reward == 0.0


def test_the_oracle_playing_through_the_gym_scores_every_task_as_in_a_run():
    env = gymnasium.make(ENV_ID, overrides=["env=mock", "user=oracle"])
    assert env.spec.disable_env_checker is False  # Gymnasium's passive checker watches every call
    assert len(env.unwrapped.tasks) >= 10
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for task_id in [task.id for task in env.unwrapped.tasks]:
            reward, info, steps = play(env, task_id)
            assert reward == 1.0 and info["graded"], (task_id, info["reward_info"])
            assert info["termination"] == "user_stop" and steps >= 1
    assert not [str(warning.message) for warning in caught]


@pytest.mark.filterwarnings("ignore:.*graded on NL assertions")  # retail's, without a judge
def test_gymnasiums_own_checker_passes_on_several_domains():
    for domain in ("mock", "retail", "airline", "telecom", "healthcare", "banking"):
        env = gymnasium.make(ENV_ID, overrides=[f"env={domain}", "user=oracle"])
        check_env(env.unwrapped)  # seeded resets reproducible, spaces, a sampled step, returned types


def test_a_seed_fixes_the_tasks_that_follow_and_each_pass_visits_every_task_once():
    env = TauBenchEnv(["env=mock", "user=oracle"])
    every = sorted(task.id for task in env.tasks)

    def two_passes(seed: int) -> list[str]:
        return [env.reset(seed=seed)[1]["task_id"]] + [env.reset()[1]["task_id"] for _ in range(2 * len(every) - 1)]

    first = two_passes(5)
    assert two_passes(5) == first and two_passes(6) != first
    assert sorted(first[: len(every)]) == every == sorted(first[len(every) :])
    assert first[: len(every)] != first[len(every) :]  # each pass its own order
    assert env.reset(seed=5, options={"task_id": "3"})[1]["task_id"] == "3"


def test_a_pickled_env_goes_on_as_the_original_and_an_episode_in_progress_is_not_carried():
    env = TauBenchEnv(["env=mock", "user=oracle"])
    env.reset(seed=1)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.overrides == env.overrides
    assert [copy.reset()[1]["task_id"] for _ in range(5)] == [env.reset()[1]["task_id"] for _ in range(5)]
    with pytest.raises(RuntimeError, match="call reset"):
        pickle.loads(pickle.dumps(env)).step("Hello")


def oracle_turns(tasks: dict, task_ids, conversations) -> tuple:
    """The oracle's next turn in each sub-environment, from what a learner sees: the task id
    and the conversation (in an agent-only domain, every tool result is the agent's)."""
    return tuple(
        OracleAgent(SimpleNamespace(task=tasks[task_id])).turn(
            sum(message["role"] == "tool" for message in conversation)
        )
        for task_id, conversation in zip(task_ids, conversations)
    )


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("domain", ["mock", "airline", "healthcare"])
def test_a_vector_env_plays_several_tasks_at_once(mode, domain):
    overrides = [f"env={domain}", "user=oracle"]
    tasks = {task.id: task for task in TauBenchEnv(overrides).tasks}
    kwargs = {"shared_memory": False} if mode == "async" else {}  # as for any Gymnasium Sequence or Graph space
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode=mode, vector_kwargs=kwargs, overrides=overrides)
    try:
        conversations, infos = envs.reset(seed=0)
        assert len(set(infos["task_id"])) == 3 and all(infos["gradable"])
        ended: list = []
        for _ in range(60):
            conversations, rewards, terminated, truncated, step_infos = envs.step(
                oracle_turns(tasks, infos["task_id"], conversations)
            )
            ended += [
                (infos["task_id"][i], rewards[i], step_infos["graded"][i])
                for i in range(3)
                if terminated[i] or truncated[i]
            ]
            infos = step_infos  # after an end, the next step resets that env (Gymnasium's next-step autoreset)
            if len(ended) >= 7:
                break
    finally:
        envs.close()
    assert len(ended) >= 7 and len({task_id for task_id, _, _ in ended}) >= 5
    assert all(reward == 1.0 and graded for _, reward, graded in ended), ended


def test_a_vector_env_may_mix_domains():
    envs = SyncVectorEnv(
        [lambda: TauBenchEnv(["env=mock", "user=oracle"]), lambda: TauBenchEnv(["env=airline", "user=oracle"])]
    )
    different = SyncVectorEnv(
        [lambda: TauBenchEnv(["env=mock", "user=oracle"]), lambda: TauBenchEnv(["env=airline", "user=oracle"])],
        observation_mode="different",
    )
    for vector in (envs, different):
        conversations, infos = vector.reset(seed=3)
        assert len(conversations) == 2 and vector.observation_space.contains(conversations)
        assert vector.action_space.contains(vector.action_space.sample())


def test_an_episode_that_cannot_be_graded_says_so_and_is_never_a_zero():
    with pytest.warns(UserWarning, match="1 of the 2 tasks are graded on NL assertions and no judge.model is set"):
        env = gymnasium.make(ENV_ID, overrides=["env=retail", "task_ids=[0,2]", "user=oracle"])
    assert env.reset(options={"task_id": "2"})[1]["gradable"] is False
    reward, info, _ = play(env, "2")
    assert math.isnan(reward) and info["graded"] is False and info["reward_info"]["reward"] is None
    assert env.reset(options={"task_id": "0"})[1]["gradable"] is True
    reward, info, _ = play(env, "0")
    assert reward == 1.0 and info["graded"] is True


def test_a_model_plays_the_customer_inside_step(tmp_path):
    with ScriptedServer(domains=["airline"]) as server:
        env = TauBenchEnv(
            [
                "env=airline",
                "task_ids=[0,1]",
                "user=llm",
                "user.model=openai/scripted",
                f"user.api_base={server.url}",
                "user.pricing={input: 0, output: 0}",
                "+provider.label_requests=true",  # the customer's requests say who asks
            ]
        )
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


def test_a_task_without_criteria_needs_no_judge():
    """As evaluate grades it: reward 1 with no judge (no shipped task has none)."""
    task = TauBenchEnv(["env=mock", "user=oracle"]).tasks[0]
    assert not needs_judge(task.model_copy(update={"evaluation_criteria": None}))
