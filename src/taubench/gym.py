"""A Gymnasium environment over any domain, for training agents with reinforcement learning.

The learner is the agent. An episode is one task on a fresh database: ``reset`` returns the
conversation so far (the customer's opening), each ``step`` takes the agent's next message
(text for the customer, or tool calls) and returns the conversation after the tools and the
simulated customer have answered; the reward, the episode's as a run grades it, comes when
the episode ends (0 before). The customer is any user strategy with any model, chosen with
the same overrides as a run::

    import gymnasium, taubench.gym
    env = gymnasium.make("taubench/TauBench-v0", overrides=["env=airline", "user=llm", "user.model=gpt-4o"])
    conversation, info = env.reset(options={"task_id": "3"})
    conversation, reward, terminated, truncated, info = env.step({"content": "Could I have your user id?"})

Observations are chat-completions messages as the agent sees them (the customer's own tool
calls hidden), so a policy model can be called on them as they are. ``info`` holds the task
id, the tool schemas (first observation) and, at the end, the termination and the reward's
components."""

import json
from typing import Any, Optional, Sequence, Union

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as exc:  # an extra, not a core dependency
    raise ImportError("taubench.gym needs Gymnasium: pip install 'taubench[gym]'") from exc

from taubench.agents.tool_calling import parse_tool_call, to_chat
from taubench.domains import load_domain
from taubench.environment import Environment
from taubench.evaluation import evaluate
from taubench.llm import SpendMeter, ToolCallRequest
from taubench.messages import AssistantMessage, Message
from taubench.participants import EpisodeContext
from taubench.runner import EpisodeRunner
from taubench.settings import check_models, parse_settings, select_tasks

ENV_ID = "taubench/TauBench-v0"
Action = Union[str, dict, AssistantMessage]


class Conversation(spaces.Space):
    """A list of chat-completions messages (dicts with a ``role``)."""

    def contains(self, x: Any) -> bool:
        return isinstance(x, list) and all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in x)


class AgentTurn(spaces.Space):
    """What the agent may do in a turn: a message's text, ``{"content": ..., "tool_calls":
    [{"name": ..., "arguments": {...} or "<json>"}]}``, or an ``AssistantMessage``."""

    def contains(self, x: Any) -> bool:
        try:
            as_message(x, 0)
        except (TypeError, ValueError):
            return False
        return True

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        return str(self.np_random.choice(["Hello, how can I help you?", "Could you tell me more?", "Thank you."]))


def as_message(action: Action, turn: int) -> AssistantMessage:
    """The agent's action as the message the environment executes; tool calls are parsed as
    the tool-calling agent parses a model's (unparsable arguments become an error observation)."""
    if isinstance(action, AssistantMessage):
        return action
    if isinstance(action, str):
        return AssistantMessage(content=action)
    if not isinstance(action, dict) or not set(action) <= {"content", "tool_calls"}:
        raise ValueError("an action is a message's text or {'content': ..., 'tool_calls': [{'name': ..., 'arguments': ...}]}")
    calls = []
    for number, call in enumerate(action.get("tool_calls") or [], start=1):
        arguments = call.get("arguments", {})
        written = arguments if isinstance(arguments, str) else json.dumps(arguments)
        calls.append(parse_tool_call(ToolCallRequest(id=call.get("id") or f"gym_call_{turn}_{number}", name=call["name"], arguments=written)))
    return AssistantMessage(content=action.get("content"), tool_calls=calls or None)


class TauBenchEnv(gymnasium.Env):
    """One task per episode, in split order unless ``reset(options={"task_id": ...})`` names one.
    ``overrides`` are a run's (``env=``, ``task_split=``, ``task_ids=``, ``user=``, ``user.model=``,
    ``judge.model=``, ``max_steps=``, ...); the agent side is the caller's, so no agent model is needed."""

    metadata = {"render_modes": []}

    def __init__(self, overrides: Sequence[str] = ()):
        from hydra import compose, initialize_config_module
        from omegaconf import OmegaConf

        with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
            config = OmegaConf.to_container(compose(config_name="config", overrides=["agent=oracle", *overrides]), resolve=True)
        self.settings = parse_settings({**config, "tracking": {"enabled": False}, "progress": False})
        check_models(self.settings)  # the customer's and the judge's keys, before anything runs
        self.domain = load_domain(self.settings.env.name, self.settings.env.data_dir, self.settings.env.verify_checksums)
        self.tasks = select_tasks(self.settings, self.domain)
        self.meter = SpendMeter()
        self.participants = EpisodeRunner(self.settings, self.domain, self.meter)  # the customer, the judge, the limits
        self.observation_space, self.action_space = Conversation(), AgentTurn()
        self.episodes = 0
        self.task = self.tasks[0]
        self.context: Optional[EpisodeContext] = None
        self.environment: Optional[Environment] = None

    @property
    def trajectory(self) -> list[Message]:
        """The whole conversation, both sides' tool calls included."""
        return list(self.environment.trajectory) if self.environment else []

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        task_id = (options or {}).get("task_id")
        if task_id is not None and str(task_id) not in {task.id for task in self.tasks}:
            raise ValueError(f"task_id {task_id!r} is not among this environment's {len(self.tasks)} tasks")
        self.task = next(t for t in self.tasks if t.id == str(task_id)) if task_id is not None else self.tasks[self.episodes % len(self.tasks)]
        self.episodes += 1
        episode_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self.context = EpisodeContext(
            task=self.task, domain=self.domain.name, policy=self.domain.policy, tools=self.domain.spec.toolkit.schemas(),
            user_tools=tuple(self.domain.spec.user_toolkit.schemas()) if self.domain.spec.user_toolkit else (),
            trial=self.episodes, seed=episode_seed, limits=self.participants.limits,
        )  # fmt: skip
        self.environment = Environment(self.domain, self.task, self.participants.make_user(self.context), self.participants.limits)
        self.environment.reset()
        info = {"task_id": self.task.id, "policy": self.domain.policy, "tools": self.context.tools}
        return to_chat(self.environment.trajectory), info

    def step(self, action: Action):
        if self.environment is None or self.environment.done:
            raise RuntimeError("the episode is over (or never started): call reset()")
        self.environment.step(as_message(action, self.environment.agent_turns + 1))
        observation = to_chat(self.environment.trajectory)
        info: dict = {"task_id": self.task.id}
        if not self.environment.done:
            return observation, 0.0, False, False, info
        grade = evaluate(self.domain, self.task, self.environment.trajectory, self.environment.termination,
                         self.participants.judge, final_state=self.environment.sides)  # fmt: skip
        info.update(termination=self.environment.termination, reward_info=grade.model_dump(mode="json"))
        truncated = self.environment.termination in ("max_steps", "too_many_errors")
        return observation, float(grade.reward or 0.0), not truncated, truncated, info


gymnasium.register(id=ENV_ID, entry_point=TauBenchEnv, disable_env_checker=True)
