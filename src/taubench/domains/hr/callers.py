"""Who is calling at each step of a gold trace, for the policy checks: the caller is the last
active employee record verified before the step."""

import json
from typing import Optional

from taubench.domains.gold_trace import GoldTrace


def callers(trace: GoldTrace) -> list[Optional[str]]:
    """For each step, the caller verified (on an active record) before it, if any."""
    caller: Optional[str] = None
    found: list[Optional[str]] = []
    for step in trace.steps:
        found.append(caller)
        if step.name == "verify_employee" and not step.error and json.loads(step.observation)["status"] == "active":
            caller = json.loads(step.observation)["employee_id"]
    return found
