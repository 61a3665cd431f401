"""A Gymnasium environment over any domain, for training agents with reinforcement learning.

The learner is the agent. An episode is one task on a fresh database: ``reset`` returns the
conversation so far (the customer's opening), each ``step`` takes the agent's next message
(text for the customer, or tool calls) and returns the conversation after the tools and the
simulated customer have answered; the reward, the episode's as a run grades it, comes when
the episode ends (0 before). The customer is any user strategy with any model, chosen with
the same overrides as a run::

    import gymnasium, taubench.integrations.gym
    env = gymnasium.make("taubench/TauBench-v0", overrides=["env=airline", "user=llm", "user.model=gpt-4o"])
    conversation, info = env.reset(seed=7)  # or options={"task_id": "3"}
    conversation, reward, terminated, truncated, info = env.step({"content": "Could I have your user id?"})

Which task: ``options={"task_id": ...}`` names one; otherwise the env goes through its tasks in
passes, each visiting every task once in an order its random generator draws, so a seed fixes
the tasks that follow it (``reset(seed=s)`` starts a pass of its own). Observations are
chat-completions messages as the agent sees them (the customer's own tool calls hidden), so a
policy model can be called on them as they are. ``info`` holds the task id, whether the episode
can be graded (``gradable``) and, first, the policy and the tool schemas; at the end, the
termination, ``graded`` and the reward's components. An episode that could not be graded (a
task judged on NL assertions with no ``judge.model``, or a judge that failed) ends with reward
NaN and ``graded`` False: never a 0 that a learner would take for a failure.
"""

import json
import math
from typing import Any, Optional, Sequence, Union

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.spaces.utils import is_space_dtype_shape_equiv
    from gymnasium.vector.utils import batch_differing_spaces
except ImportError as exc:  # an extra, not a core dependency
    raise ImportError("taubench.integrations.gym needs Gymnasium: pip install 'taubench[gym]'") from exc

from taubench.agents.tool_calling import parse_tool_call, to_chat
from taubench.app.lifecycle import compose
from taubench.core.environment import Environment
from taubench.core.evaluation import evaluate
from taubench.core.messages import AssistantMessage, Message
from taubench.core.participants import EpisodeContext
from taubench.core.tasks import RewardType, Task
from taubench.execution.episode_runner import EpisodeRunner
from taubench.execution.preparation import checked
from taubench.models.client import ToolCallRequest
from taubench.models.spend import SpendMeter

ENV_ID = "taubench/TauBench-v0"
Action = Union[str, dict, AssistantMessage]
WORDS = tuple("order refund account please thanks booking when my the can you help change cancel".split())


class ChatSpace(spaces.Space):
    """A space of chat turns, the same for every domain (so one vector env may mix domains).
    Gymnasium's Dict wants the same keys in every element and its Text a fixed character set,
    while a chat message has optional keys and any Unicode text; so these spaces are ours, made
    to behave as Gymnasium's do: equal when of a kind, sampled from their seeded generator,
    batched into a Tuple as Gymnasium batches its Text and Sequence spaces."""

    def __init__(self, seed: Optional[int] = None):
        super().__init__(None, None, seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False  # a conversation has no fixed-size numeric form

    def _text(self) -> str:
        return " ".join(self.np_random.choice(WORDS, size=int(self.np_random.integers(1, 8))))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Conversation(ChatSpace):
    """A list of chat-completions messages (dicts with a ``role``)."""

    def contains(self, x: Any) -> bool:
        return isinstance(x, list) and all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in x)

    def sample(self, mask: Any = None, probability: Any = None) -> list[dict]:
        turns = int(self.np_random.integers(1, 4))
        return [{"role": ("user", "assistant")[turn % 2], "content": self._text()} for turn in range(2 * turns - 1)]


class AgentTurn(ChatSpace):
    """What the agent may do in a turn: a message's text, ``{"content": ..., "tool_calls":
    [{"name": ..., "arguments": {...} or "<json>"}]}``, or an ``AssistantMessage``. A call to a
    tool the domain lacks is a turn too: the agent is told so, as a model would be."""

    def contains(self, x: Any) -> bool:
        try:
            as_message(x, 0)
        except (TypeError, ValueError, KeyError):
            return False
        return True

    def sample(self, mask: Any = None, probability: Any = None) -> Union[str, dict]:
        if self.np_random.random() < 0.5:
            return self._text()
        return {"tool_calls": [{"name": "_".join(self.np_random.choice(WORDS, size=2)), "arguments": {}}]}


@batch_differing_spaces.register(Conversation)
@batch_differing_spaces.register(AgentTurn)
def _batch_differing(alike: Sequence[ChatSpace]) -> spaces.Tuple:
    """For ``observation_mode="different"``, which Gymnasium asks of every space type."""
    return spaces.Tuple(alike)


@is_space_dtype_shape_equiv.register(ChatSpace)
def _equivalent(space: ChatSpace, other: spaces.Space) -> bool:
    return space == other


def as_message(action: Action, turn: int) -> AssistantMessage:
    """The agent's action as the message the environment executes; tool calls are parsed as
    the tool-calling agent parses a model's (unparsable arguments become an error observation)."""
    if isinstance(action, AssistantMessage):
        return action
    if isinstance(action, str):
        return AssistantMessage(content=action)
    if not isinstance(action, dict) or not set(action) <= {"content", "tool_calls"}:
        raise ValueError(
            "an action is a message's text or {'content': ..., 'tool_calls': [{'name': ..., 'arguments': ...}]}"
        )
    calls = []
    for number, call in enumerate(action.get("tool_calls") or [], start=1):
        arguments = call.get("arguments", {})
        written = arguments if isinstance(arguments, str) else json.dumps(arguments)
        calls.append(
            parse_tool_call(
                ToolCallRequest(id=call.get("id") or f"gym_call_{turn}_{number}", name=call["name"], arguments=written)
            )
        )
    return AssistantMessage(content=action.get("content"), tool_calls=calls or None)


def needs_judge(task: Task) -> bool:
    """A task without criteria is never judged (``evaluate`` gives it reward 1)."""
    criteria = task.evaluation_criteria
    return criteria is not None and RewardType.NL_ASSERTION in criteria.reward_basis and bool(criteria.nl_assertions)


class TauBenchEnv(gymnasium.Env):
    """One task per episode (see the module's docstring for which). ``overrides`` are a run's
    (``env=``, ``task_split=``, ``task_ids=``, ``user=``, ``user.model=``, ``judge.model=``,
    ``max_steps=``, ...); the agent side is the caller's, so no agent model is needed. A pickled
    env (a vector env's worker, Ray, a copy) carries its overrides and random state, not an
    episode in progress (that holds live model clients): the copy starts at ``reset``."""

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, overrides: Sequence[str] = ()):
        self.overrides = tuple(overrides)
        # the agent side is the caller's; the customer's and the judge's keys are checked now
        self.settings = compose(["agent=oracle", *self.overrides, "tracking.enabled=false", "progress=false"])
        self.domain, self.tasks = checked(self.settings)
        self.participants = EpisodeRunner(
            self.settings, self.domain, SpendMeter()
        )  # the customer, the judge, the limits
        self.observation_space, self.action_space = Conversation(), AgentTurn()
        self.ungradable = (
            {task.id for task in self.tasks if needs_judge(task)} if self.participants.judge is None else set()
        )
        if self.ungradable:
            gymnasium.logger.warn(
                f"{len(self.ungradable)} of the {len(self.tasks)} tasks are graded on NL assertions "
                "and no judge.model is set: their episodes end with reward NaN and info['graded'] False "
                "(set judge.model to grade them)"
            )
        self.episodes = 0
        self.order: list[int] = []  # the task indices left in this pass, in their drawn order
        self.task = self.tasks[0]
        self.context: Optional[EpisodeContext] = None
        self.environment: Optional[Environment] = None

    def __getstate__(self) -> dict:
        return {
            "overrides": self.overrides,
            "episodes": self.episodes,
            "order": self.order,
            "np_random": self._np_random,
        }

    def __setstate__(self, state: dict) -> None:
        type(self).__init__(self, state["overrides"])
        self.episodes, self.order, self._np_random = state["episodes"], state["order"], state["np_random"]

    @property
    def trajectory(self) -> list[Message]:
        """The whole conversation, both sides' tool calls included."""
        return list(self.environment.trajectory) if self.environment else []

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None:
            self.order = []  # a seed starts a pass of its own
        task_id = (options or {}).get("task_id")
        if task_id is not None and str(task_id) not in {task.id for task in self.tasks}:
            raise ValueError(f"task_id {task_id!r} is not among this environment's {len(self.tasks)} tasks")
        if task_id is not None:
            self.task = next(t for t in self.tasks if t.id == str(task_id))
        else:
            if not self.order:
                self.order = [int(i) for i in self.np_random.permutation(len(self.tasks))]
            self.task = self.tasks[self.order.pop(0)]
        self.episodes += 1
        self.context = EpisodeContext(
            task=self.task,
            domain=self.domain.name,
            policy=self.domain.policy,
            tools=self.domain.spec.toolkit.schemas(),
            user_tools=tuple(self.domain.spec.user_toolkit.schemas()) if self.domain.spec.user_toolkit else (),
            trial=self.episodes,
            seed=int(self.np_random.integers(0, 2**31 - 1)),
            limits=self.participants.limits,
        )
        self.environment = Environment(
            self.domain, self.task, self.participants.make_user(self.context), self.participants.limits
        )
        self.environment.reset()
        info = {
            "task_id": self.task.id,
            "gradable": self.task.id not in self.ungradable,
            "policy": self.domain.policy,
            "tools": self.context.tools,
        }
        return to_chat(self.environment.trajectory), info

    def step(self, action: Action):
        if self.environment is None or self.environment.done:
            raise RuntimeError("the episode is over (or never started): call reset()")
        self.environment.step(as_message(action, self.environment.agent_turns + 1))
        observation = to_chat(self.environment.trajectory)
        info: dict = {"task_id": self.task.id}
        if not self.environment.done:
            return observation, 0.0, False, False, info
        grade = evaluate(
            self.domain,
            self.task,
            self.environment.trajectory,
            self.environment.termination,
            self.participants.judge,
            final_state=self.environment.sides,
        )
        info.update(
            termination=self.environment.termination,
            graded=grade.reward is not None,
            reward_info=grade.model_dump(mode="json"),
        )
        truncated = self.environment.termination in ("max_steps", "too_many_errors")
        return observation, math.nan if grade.reward is None else grade.reward, not truncated, truncated, info


gymnasium.register(id=ENV_ID, entry_point=TauBenchEnv)
