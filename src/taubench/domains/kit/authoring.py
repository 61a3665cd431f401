"""A task as ``tasks.json`` holds it (τ²-bench's task format, with our ``policy_rules``, ``tags``,
``revision`` and optional ``arithmetic``), built in one place for every domain's
task-authoring script: the scripts say what differs (who calls, what the gold does, what
must be said), and the record's shape and key order are the kit's, as is the layout of the
two files they write."""

import json
from pathlib import Path
from typing import Any, Optional, Sequence


def gold_action(
    task_id: str, index: int, name: str, arguments: dict[str, Any], compare_args: Optional[Sequence[str]] = None
) -> dict[str, Any]:
    """One gold call (``<task>_<index>``); ``compare_args``: the arguments the ACTION check
    compares (all of them when None, none when empty)."""
    action: dict[str, Any] = {"action_id": f"{task_id}_{index}", "name": name, "arguments": arguments, "info": None}
    if compare_args is not None:
        action["compare_args"] = list(compare_args)
    return action


def task_record(
    task_id: str,
    domain: str,
    *,
    persona: Optional[str],
    reason: str,
    known: Optional[str],
    unknown: Optional[str],
    instructions: str,
    actions: list[dict[str, Any]],
    say: Sequence[str],
    basis: Sequence[str],
    rules: Sequence[int],
    tags: Sequence[str],
    arithmetic: Optional[Any] = None,
) -> dict[str, Any]:
    """The task's record: the simulated customer's scenario, the gold calls (``gold_action``),
    what must be said, the reward basis, the policy rules it exercises and its tags."""
    record: dict[str, Any] = {
        "id": task_id,
        "user_scenario": {
            "persona": persona,
            "instructions": {
                "domain": domain,
                "reason_for_call": reason,
                "known_info": known,
                "unknown_info": unknown,
                "task_instructions": instructions,
            },
        },
        "initial_state": None,
        "evaluation_criteria": {
            "actions": actions,
            "communicate_info": list(say),
            "nl_assertions": None,
            "reward_basis": list(basis),
        },
        "policy_rules": list(rules),
        "tags": list(tags),
        "revision": 1,
    }
    if arithmetic:
        record["arithmetic"] = arithmetic
    return record


def task_files(tasks: list[dict[str, Any]], split: dict[str, list[str]]) -> dict[str, str]:
    """The text of ``tasks.json`` and ``split_tasks.json``, laid out alike in every domain."""
    return {
        "tasks.json": json.dumps(tasks, indent=1, ensure_ascii=False) + "\n",
        "split_tasks.json": json.dumps(split, indent=1, ensure_ascii=False) + "\n",
    }


def write_task_files(folder: Path, tasks: list[dict[str, Any]], split: dict[str, list[str]]) -> None:
    """Write a domain's ``tasks.json`` and ``split_tasks.json`` into its data folder."""
    for name, text in task_files(tasks, split).items():
        (folder / name).write_text(text, encoding="utf-8")


def failing_gold_calls(domain_name: str, tasks: list[dict[str, Any]]) -> list[str]:
    """Each gold call of these records that fails when replayed on a fresh database, as
    ``<task> <tool> <error>``: what a script checks before it writes them."""
    from taubench.domains import load_domain  # the registry imports every domain, kit included

    domain = load_domain(domain_name)
    failures = []
    for task in tasks:
        tools = domain.new_toolkit()
        for action in task["evaluation_criteria"]["actions"]:
            result = tools.invoke(action["name"], action["arguments"])
            if result.error:
                failures.append(f"{task['id']} {action['name']} {result.content}")
    return failures
