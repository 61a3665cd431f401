"""A loaded domain's probe cases (tests/tool_probe.py), the same for the tests and the
recorders, and how ours are compared with a reference's recorded answers."""

import json

from tool_probe import observation_digest, probe_cases


def cases_for(domain) -> list[dict]:
    toolkit = domain.spec.toolkit
    kinds = toolkit.tool_kinds()
    tasks = [task for split in domain.splits for task in domain.tasks_in(split).values()]  # v1 numbers each split anew
    gold = [[(action.name, action.arguments) for action in task.gold_actions] for task in tasks]
    return probe_cases(toolkit.schemas(), gold, {name for name, kind in kinds.items() if kind == "write"})


def differences(domain, cases: list[dict], expected: dict, skip_tools: set[str] = frozenset()) -> tuple[list[str], int]:
    """Each case run through our tools on a fresh database, against the recorded answers:
    the first call that answers differently, or a final database that differs, per case;
    and how many calls were compared."""
    found, compared = [], 0
    for case in cases:
        if any(call["name"] in skip_tools for call in case["calls"]):
            continue
        reference = expected[case["id"]]
        toolkit = domain.new_toolkit()
        for call, (digest, length, error, text) in zip(case["calls"], reference["calls"]):
            result = toolkit.invoke(call["name"], json.loads(json.dumps(call["arguments"])))
            compared += 1
            if (observation_digest(result.content), len(result.content), result.error) != (digest, length, error):
                said = text if text is not None else f"({length} characters, error={error})"
                found.append(
                    f"{case['id']}: {call['name']}({call['arguments']})\n"
                    f"    ours:      {result.content[:300]!r} error={result.error}"
                    f"\n    reference: {said!r}"
                )
                break
        else:
            if domain.db_hash(toolkit.db) != reference["db_hash"]:
                found.append(f"{case['id']}: the final database differs from the reference's")
    return found, compared
