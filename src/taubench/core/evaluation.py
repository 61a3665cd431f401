"""Grading an episode by the task's ``reward_basis``, as τ²-bench does, within the rules of
the task's domain (``Rules``: which endings are graded, which database is judged, which
agent text counts as said to the user; τ-bench v1's domains differ from τ² there; in ours,
which tools identify the caller, without whom no database counts).

Every component is computed and kept, in the basis or not (ACTION and COMMUNICATE are
diagnostics unless the basis names them). A component in the basis that cannot be
evaluated in this run (no judge configured) leaves the episode *unscored*: its reward is
``None``, never a silent pass or fail.
"""

from typing import Any, Literal, Optional, Protocol, Sequence

from pydantic import BaseModel

from taubench.core.domain import BaseDomain, EndState, Sides
from taubench.core.figures import says
from taubench.core.identity import caller_identified, identifying_actions
from taubench.core.masking import MaskedText, mask_secrets
from taubench.core.messages import AssistantMessage, Message, ToolMessage, Usage, same_output, tool_calls_of
from taubench.core.renaming import Renaming
from taubench.core.tasks import EvaluationCriteria, GoldAction, RewardType, Task

GRADED_TERMINATIONS = ("user_stop", "terminate_tool", "agent_stop", "agent_handoff")  # τ²: the agent may end it too
NO_JUDGE = "no judge model configured (judge.model)"


class ComponentResult(BaseModel):
    """``status`` is ``passed``/``failed`` when evaluated, ``not_evaluated`` when it could not
    be (``note`` says why), ``not_run`` for a diagnostic τ²-bench does not run either."""

    status: Literal["passed", "failed", "not_evaluated", "not_run"]
    in_basis: bool
    note: Optional[str] = None
    details: dict[str, Any] = {}

    @property
    def reward(self) -> Optional[float]:
        return {"passed": 1.0, "failed": 0.0}.get(self.status)


class RewardInfo(BaseModel):
    reward: Optional[float]
    reward_basis: list[RewardType]
    components: dict[RewardType, ComponentResult] = {}
    note: Optional[MaskedText] = None  # masked: it can hold a provider's error text
    judge_usage: Optional[Usage] = None


class JudgeVerdict(BaseModel):
    met: bool
    results: list[dict[str, Any]]
    usage: Usage


class NLJudge(Protocol):
    """Decides whether a conversation meets natural-language expectations."""

    def judge(self, trajectory: Sequence[Message], assertions: list[str]) -> JudgeVerdict: ...


class ReplayMismatch(Exception):
    """Re-running the agent's write calls gave another output than the episode recorded."""


def evaluate(
    domain: BaseDomain,
    task: Task,
    trajectory: Sequence[Message],
    termination: Optional[str],  # None: not ended yet, so reward 0 as for any end not graded
    judge: Optional[NLJudge] = None,
    final_state: Optional[Sides] = None,
) -> RewardInfo:
    """``final_state``: the episode's toolkits, graded as they are where the rules say so (v1)."""
    criteria = task.evaluation_criteria
    basis = list(criteria.reward_basis) if criteria else []
    if termination not in GRADED_TERMINATIONS:
        return RewardInfo(
            reward=0.0, reward_basis=basis, note=f"episode ended with {termination}: reward 0, no checks run"
        )
    if criteria is None:
        return RewardInfo(reward=1.0, reward_basis=basis, note="task has no evaluation criteria")

    if domain.rules.grade_live_db:
        if final_state is None:
            raise ValueError(f"{domain.name} grades the episode's own database: pass final_state")
        agent_state = final_state
    else:
        agent_state = replay_writes(domain, task, trajectory)
    gold_end, agent_end = domain.gold_end_state(task), domain.end_state(agent_state, task)
    as_made = as_the_agent_made_it(gold_end, agent_end)
    identifying = identifying_actions(domain, task)  # ours: the gold's calls that identify the caller
    identified = bool(identifying) and caller_identified(domain, task, identifying, trajectory)
    components = {
        RewardType.DB: _identified(identifying, identified, _check_db(criteria, gold_end, agent_end)),
        RewardType.ENV_ASSERTION: _check_env_assertions(criteria, agent_state),
        RewardType.COMMUNICATE: _check_communicate(domain, task, trajectory, as_made),
        RewardType.ACTION: _check_actions(domain, task, trajectory, as_made, identifying, identified),
    }
    components[RewardType.NL_ASSERTION], judge_usage = _check_nl_assertions(criteria, trajectory, judge)
    for kind, component in components.items():
        component.in_basis = kind in basis

    rewards = [components[kind].reward for kind in basis]
    reward = None if None in rewards else float(all(rewards))
    unscored = [
        f"{kind.value} not evaluated, {components[kind].note}" for kind in basis if components[kind].reward is None
    ]
    note = "not scored: " + "; ".join(unscored) if unscored else None
    return RewardInfo(reward=reward, reward_basis=basis, components=components, note=note, judge_usage=judge_usage)


def _outcome(passed: bool, **details: Any) -> ComponentResult:
    return ComponentResult(status="passed" if passed else "failed", in_basis=False, details=details)


def _check_db(criteria: EvaluationCriteria, gold: EndState, agent: EndState) -> ComponentResult:
    if criteria.actions is None and criteria.env_assertions is None:
        return ComponentResult(status="passed", in_basis=False, note="the task defines no end state to compare")
    return _outcome(gold.hash == agent.hash, gold_db_hash=gold.hash, agent_db_hash=agent.hash)


def _identified(identifying: list[GoldAction], identified: bool, db: ComponentResult) -> ComponentResult:
    """Ours: a database left for a caller the agent never identified does not count
    (``taubench.core.identity``)."""
    if not identifying or identified or db.status != "passed":
        return db
    note = f"the caller was never identified as the task's gold identifies them ({identifying[0].name})"
    return ComponentResult(
        status="failed", in_basis=db.in_basis, note=note, details={**db.details, "identified": False}
    )


def as_the_agent_made_it(gold: EndState, agent: EndState) -> Renaming:
    """Each new id the gold made renamed to the id of the agent's record that holds the same
    (ours only: elsewhere no record is renamed and this renames nothing)."""
    made = {name: new_id for new_id, name in agent.names.items()}
    return Renaming(
        {new_id: made[name] for new_id, name in gold.names.items() if name in made and made[name] != new_id}
    )


def replay_writes(domain: BaseDomain, task: Task, trajectory: Sequence[Message]) -> Sides:
    """The final state as τ²-bench grades it: fresh toolkits, set up as the task says, re-run
    every write call of the trajectory on its requestor's side, and each output must equal
    the one the episode recorded."""
    sides = domain.new_sides(task)
    recorded = {(m.requestor, m.tool_call_id): m for m in trajectory if isinstance(m, ToolMessage)}
    for message in trajectory:
        for requestor, call in tool_calls_of(message):
            toolkit = sides.of(requestor)
            if toolkit is None or toolkit.tool_kinds().get(call.name) != "write" or call.invalid_arguments is not None:
                continue  # calls with unreadable arguments never reached the tools
            output = toolkit.invoke(call.name, call.arguments).content
            expected = recorded[requestor, call.id].content if (requestor, call.id) in recorded else None
            if not same_output(output, expected):
                raise ReplayMismatch(f"replaying {call.name} (call {call.id}) gave a different output")
    return sides


def _check_env_assertions(criteria: EvaluationCriteria, state: Sides) -> ComponentResult:
    assertions = criteria.env_assertions or []
    if not assertions:
        return _outcome(True)
    checks = []
    for assertion in assertions:
        value = getattr(state.of(assertion.env_type), assertion.func_name)(**assertion.arguments)
        checks.append({"func_name": assertion.func_name, "met": value == assertion.assert_value})
    return _outcome(all(check["met"] for check in checks), checks=checks)


def _check_communicate(
    domain: BaseDomain, task: Task, trajectory: Sequence[Message], as_made: Renaming
) -> ComponentResult:
    """Each required figure must be said in some agent text (``taubench.core.figures``: in the
    originals' domains a substring of the text with its commas removed, in ours whole
    tokens); in ours, a new record's id the gold made is looked for as the id the agent's
    record holding the same got."""
    said = domain.rules.text_with_tool_calls_is_said
    texts = [
        m.content
        for m in trajectory
        if isinstance(m, AssistantMessage) and m.content is not None and m.has_text and (said or not m.tool_calls)
    ]
    found = {
        info: any(says(text, as_made.apply(info), domain.fair_grading) for text in texts)
        for info in task.communicate_info
    }
    return _outcome(all(found.values()), found=found)


def _check_actions(
    domain: BaseDomain,
    task: Task,
    trajectory: Sequence[Message],
    as_made: Renaming,
    identifying: list[GoldAction],
    identified: bool,
) -> ComponentResult:
    """Each gold action must be among the calls made (either side's); in our domains, list
    arguments declared ``Unordered`` compare in any order, a new record's id the gold made as
    the id of the agent's record that holds the same, and the call that identifies the caller
    by whom it identified (any way the policy allows)."""
    calls = [
        (requestor, call) for m in trajectory for requestor, call in tool_calls_of(m) if call.invalid_arguments is None
    ]
    kinds = {
        **(domain.spec.user_toolkit.tool_kinds() if domain.spec.user_toolkit else {}),
        **domain.spec.toolkit.tool_kinds(),
    }

    def matches(gold: GoldAction) -> bool:
        if any(gold is action for action in identifying):  # in ours: by whom they identified, as the DB check asks
            return identified
        toolkit = domain.spec.user_toolkit if gold.requestor == "user" else domain.spec.toolkit
        wanted = toolkit.in_canonical_order(gold.name, as_made.apply(gold.arguments)) if toolkit else gold.arguments
        return any(
            _call_matches(
                gold,
                wanted,
                call.name,
                toolkit.in_canonical_order(call.name, call.arguments) if toolkit else call.arguments,
            )
            for _, call in calls
        )

    checks = [
        {"action_id": gold.action_id, "name": gold.name, "tool_kind": kinds.get(gold.name), "matched": matches(gold)}
        for gold in task.gold_actions
    ]
    return _outcome(all(check["matched"] for check in checks), checks=checks)


def _call_matches(gold: GoldAction, wanted: dict[str, Any], name: str, arguments: dict[str, Any]) -> bool:
    """Same name, and equal arguments over ``compare_args`` (or, when that is unset, over
    the call's own argument names); a key absent on both sides is ignored."""
    if name != gold.name:
        return False
    keys = gold.compare_args if gold.compare_args is not None else arguments.keys()
    return {k: arguments[k] for k in keys if k in arguments} == {k: wanted[k] for k in keys if k in wanted}


def _check_nl_assertions(
    criteria: EvaluationCriteria, trajectory: Sequence[Message], judge: Optional[NLJudge]
) -> tuple[ComponentResult, Optional[Usage]]:
    assertions = criteria.nl_assertions or []
    if RewardType.NL_ASSERTION not in criteria.reward_basis:
        note = "not in the reward basis; the judge is only consulted for tasks graded on it"
        return ComponentResult(status="not_run", in_basis=False, note=note), None
    if not assertions:
        return _outcome(True), None
    if judge is None:
        return ComponentResult(status="not_evaluated", in_basis=True, note=NO_JUDGE), None
    try:
        verdict = judge.judge(trajectory, assertions)
    except Exception as exc:  # a judge failure leaves the task unscored, never failed
        return ComponentResult(
            status="not_evaluated", in_basis=True, note=f"judge failed: {mask_secrets(str(exc))}"
        ), None
    return _outcome(verdict.met, results=verdict.results), verdict.usage
