"""A domain's report card: what it holds, whether it meets the bar for a domain people
publish numbers on (unless its ``BundledData`` says ``held_to_the_bar=False``), the sixteen
checks (``checks.py``, ``fair_checks.py``), which apply to every domain, and the oracle's
score as the seventeenth line."""

import re
import time
from collections import Counter
from typing import Optional

from pydantic import BaseModel

from taubench.agents.oracle import OracleAgent
from taubench.core.domain import BundledData, Domain, DomainSpec
from taubench.core.episode import run_episode
from taubench.domains import DOMAINS, load_domain
from taubench.domains.checks import CHECKS, RULE_TASKS, WRITE_TOOL_TASKS, Subject, thin_coverage
from taubench.users.oracle import OracleUser

TAG_SHARES: dict[str, float] = {
    "refusal": 0.20,
    "multi-write": 0.30,
    "compound": 0.20,
    "clarify": 0.15,
    "arithmetic": 0.15,
    "fallback": 0.10,
}


class Line(BaseModel):
    name: str
    passed: bool
    problems: list[str] = []


class ReportCard(BaseModel):
    domain: str
    facts: dict[str, str]
    bar: Optional[list[Line]]  # None: a domain for tests or examples, not held to the bar (held_to_the_bar=False)
    checks: list[Line]

    @property
    def passed(self) -> bool:
        return all(line.passed for line in [*(self.bar or []), *self.checks])

    def render(self) -> str:
        lines = [f"== {self.domain}: {'PASS' if self.passed else 'FAIL'}"]
        lines += [f"  {key:<22} {value}" for key, value in self.facts.items()]
        sections = [("bar", self.bar), ("checks", self.checks)] if self.bar is not None else [("checks", self.checks)]
        if self.bar is None:
            lines.append("  bar                    not applied (held_to_the_bar=False: a domain for tests or examples)")
        for title, entries in sections:
            lines.append(f"  {title}:")
            for number, line in enumerate(entries, 1):
                label = f"{number:>2}. " if title == "checks" else "  - "
                lines.append(f"   {label}{'pass' if line.passed else 'FAIL'}  {line.name}")
                lines += [f"          {problem}" for problem in line.problems[:8]]
                if len(line.problems) > 8:
                    lines.append(f"          ... and {len(line.problems) - 8} more")
        return "\n".join(lines)


def _share(count: int, total: int) -> str:
    return f"{count}/{total} ({count / total:.0%})" if total else "0/0"


def _mix(domain: Domain, kinds: dict[str, str]) -> Counter:
    tasks = [domain.tasks[task_id] for task_id in domain.splits.get("base", list(domain.tasks))]
    counted: Counter = Counter()
    for task in tasks:
        counted.update(set(task.tags))
        if sum(kinds.get(action.name) == "write" for action in task.gold_actions) >= 2:
            counted["multi-write"] += 1
    return counted


def _bar(domain: Domain, subject: Subject, tables: dict[str, int], words: int) -> list[Line]:
    kinds = domain.spec.toolkit.tool_kinds()  # the bar counts the agent's tools
    agent_tools = [name for name in kinds if name not in ("calculate", "transfer_to_human_agents")]
    reads = sum(kinds[name] == "read" for name in agent_tools)
    writes = sum(kinds[name] == "write" for name in agent_tools)
    sizes = sorted(tables.values(), reverse=True)
    base = domain.splits.get("base", [])
    train, test = set(domain.splits.get("train", [])), set(domain.splits.get("test", []))
    mix = _mix(domain, kinds)
    rules = subject.numbered_rules
    thin = thin_coverage(subject, WRITE_TOOL_TASKS, RULE_TASKS)
    identity = domain.rules.identity_tools
    identifying = sum(any(a.name in identity for a in task.gold_actions) for task in domain.tasks.values())

    def line(name: str, passed: bool, problem: str = "") -> Line:
        return Line(name=name, passed=passed, problems=[] if passed else [problem])

    return [
        line(
            "12-20 agent tools, >= 5 read and >= 5 write",
            12 <= len(agent_tools) <= 20 and reads >= 5 and writes >= 5,
            f"{len(agent_tools)} tools, {reads} read, {writes} write",
        ),
        line(
            ">= 3 entity types, >= 300 primary entities, >= 1,000 transactional records",
            len(sizes) >= 3 and sizes[0] >= 1000 and sizes[1] >= 300,
            f"tables {tables}",
        ),
        line(
            "policy of 800-1,500 words with >= 15 numbered rules",
            800 <= words <= 1500 and len(rules) >= 15,
            f"{words} words, {len(rules)} numbered rules",
        ),
        line(
            ">= 50 tasks in base; train and test split it",
            len(base) >= 50 and train | test == set(base) and not train & test,
            f"{len(base)} in base, train {len(train)}, test {len(test)}, overlap {len(train & test)}",
        ),
        *[
            line(f">= {share:.0%} {tag}", mix[tag] >= share * len(base), f"{_share(mix[tag], len(base))}")
            for tag, share in TAG_SHARES.items()
        ],
        Line(
            name=f"each write tool in >= {WRITE_TOOL_TASKS} tasks, each numbered rule in >= {RULE_TASKS}",
            passed=not thin,
            problems=thin,
        ),
        line(
            "identity tools named (a skipped verification scores 0), in >= half the tasks",
            bool(identity) and set(identity) <= set(kinds) and identifying * 2 >= len(domain.tasks),
            f"Rules(identity_tools={identity}): {identifying} of {len(domain.tasks)} tasks call one",
        ),
    ]


def _oracle(domain: Domain) -> list[str]:
    problems = []
    for task in domain.tasks.values():
        result = run_episode(domain, task, 0, 0, OracleAgent, OracleUser)
        if result.reward != 1.0:
            problems.append(f"task {task.id}: oracle reward {result.reward} ({result.termination_reason})")
    return problems


def report_card(name: str, held_to_the_bar: Optional[bool] = None) -> ReportCard:
    """``held_to_the_bar``: None applies the bar as the domain's data say."""
    started = time.perf_counter()
    spec = DOMAINS[name]
    if not isinstance(spec, DomainSpec) or not isinstance(spec.data, BundledData):
        raise ValueError(f"{name} is not one of ours: its fidelity is checked against the original, not by this card")
    domain = load_domain(name)
    assert isinstance(domain, Domain)  # what a spec with bundled data loads
    subject = Subject(domain)
    db = domain.fresh_db()
    tables = {table: len(getattr(db, table)) for table in domain._pristine.tables}
    words = len(re.findall(r"\w+", domain.policy))
    agent_kinds = Counter(spec.toolkit.tool_kinds().values())
    user_tools = len(spec.user_toolkit.tool_kinds()) if spec.user_toolkit else 0
    combos = {tuple(sorted({action.name for action in task.gold_actions})) for task in domain.tasks.values()}
    mix = _mix(domain, subject.kinds)
    base = len(domain.splits.get("base", list(domain.tasks)))
    kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(agent_kinds.items()))
    facts = {
        "tools": f"{sum(agent_kinds.values())} for the agent ({kinds})"
        + (f", {user_tools} for the user" if user_tools else ""),
        "records": ", ".join(f"{table} {count}" for table, count in tables.items()),
        "policy": f"{words} words, {len(subject.numbered_rules)} numbered rules",
        "tasks": f"{len(domain.tasks)}; splits "
        + ", ".join(f"{split} {len(ids)}" for split, ids in domain.splits.items()),
        "task mix (base)": ", ".join(f"{tag} {_share(mix[tag], base)}" for tag in TAG_SHARES),
        "tool combinations": str(len(combos)),
    }
    checks = [Line(name=title, passed=not (found := check(subject)), problems=found) for title, check in CHECKS]
    oracle = _oracle(domain)
    checks.append(Line(name="the oracle scores 1.0 on every task", passed=not oracle, problems=oracle))
    applies = spec.data.held_to_the_bar if held_to_the_bar is None else held_to_the_bar
    bar = _bar(domain, subject, tables, words) if applies else None
    facts["checked in"] = f"{time.perf_counter() - started:.1f} s"
    return ReportCard(domain=name, facts=facts, bar=bar, checks=checks)
