"""A loaded domain's probe cases (tests/tool_probe.py), the same for the tests and the recorders."""

from tool_probe import probe_cases


def cases_for(domain) -> list[dict]:
    toolkit = domain.spec.toolkit
    kinds = toolkit.tool_kinds()
    tasks = [task for split in domain.splits for task in domain.tasks_in(split).values()]  # v1 numbers each split anew
    gold = [[(action.name, action.arguments) for action in task.gold_actions] for task in tasks]
    return probe_cases(toolkit.schemas(), gold, {name for name, kind in kinds.items() if kind == "write"})
