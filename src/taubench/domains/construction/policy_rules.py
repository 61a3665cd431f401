"""The coordination desk's numbered policy rules as checks over a task's gold trace (see
gold_trace.py). Rule 18 (site hours) governs only what is said."""

import json
from datetime import date
from typing import Iterator, Optional

from taubench.domains.construction.models import ConstructionDB, PayApplication
from taubench.domains.construction.tools import successors_of
from taubench.domains.construction.workdays import (
    business_days_after,
    cents,
    is_business_day,
    is_working_day,
    marked_up,
    working_days_between,
)
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[ConstructionDB]
Step = GoldStep[ConstructionDB]

CUTOFF = "15:00"
EXTENSION_WINDOW_DAYS = 30
PM_SHARE = 0.10
PM_DAYS = 10
SLIP_NOTICE_DAYS = 5
GL_PER_OCCURRENCE, GL_AGGREGATE = 1_000_000.0, 2_000_000.0
STAGES = [
    ("footing",),
    ("foundation",),
    ("underground_plumbing",),
    ("rough_electrical", "rough_plumbing", "rough_mechanical"),
    ("framing",),
    ("insulation",),
    ("final",),
]
STAGE_OF = {kind: index for index, kinds in enumerate(STAGES) for kind in kinds}
INSPECTED_BY = {
    "building": ("footing", "foundation", "framing", "insulation", "final"),
    "plumbing": ("underground_plumbing", "rough_plumbing", "final"),
    "electrical": ("rough_electrical", "final"),
    "mechanical": ("rough_mechanical", "final"),
}
ANYONE = "an identified caller"
IDENTIFYING = {"find_project", "find_subcontractor", "get_employee"}
UNTIED = IDENTIFYING | {"search_subcontractors", "get_subcontractor", "calculate", "transfer_to_human_agents"}
TABLES = ("projects", "subcontractors", "schedule_tasks", "permits", "change_orders", "pay_applications")
CLIENT_WRITES = {"schedule_inspection", "request_permit_extension", "submit_change_order", "record_client_approval"}
SUB_WRITES = {"record_lien_waiver", "release_payment"}

RULES = RuleBook()
CONVERSATIONAL = {18: "site hours are what the desk says when asked; no tool call carries them"}


def project_of(step: Step) -> Optional[str]:
    """The project a call acts on: named, or the project of the record it names."""
    db, arguments = step.before, step.arguments
    if "project_id" in arguments:
        return arguments["project_id"]
    for table, argument in (
        ("permits", "permit_id"),
        ("schedule_tasks", "task_id"),
        ("change_orders", "change_order_id"),
        ("pay_applications", "pay_application_id"),
    ):
        record = getattr(db, table).get(str(arguments.get(argument)))
        if record is not None:
            return record.project_id
    return None


def _identified(step: Step) -> list[str]:
    if step.error or step.name not in IDENTIFYING:
        return []
    found = json.loads(step.observation)
    if step.name == "find_project":
        return [found["project_id"]]
    if step.name == "find_subcontractor":
        return [found["sub_id"]]
    return [found["employee_id"]] if found["role"] == "project_manager" else []


def _anyone_identified(step: Step) -> list[str]:
    """What a step establishes for rule 1: who the caller is, and that someone is identified
    (a read may follow any identification; whose records a change may touch is rule 2's)."""
    ids = _identified(step)
    return [*ids, ANYONE] if ids else []


def caller(trace: Trace) -> tuple[str, str]:
    """Who the caller is: ("client", project), ("sub", sub id) or ("pm", employee id), by the
    first successful identification; ("", "") when none."""
    for step in trace.steps:
        ids = _identified(step)
        if ids:
            kind = {"find_project": "client", "find_subcontractor": "sub", "get_employee": "pm"}[step.name]
            return kind, ids[0]
    return "", ""


def _concerns(step: Step) -> list[str]:
    if step.name in UNTIED or step.kind not in ("read", "write"):
        return []
    project_id = project_of(step)
    if project_id is None or project_id not in step.before.projects:
        return []
    if step.kind == "read":
        return [ANYONE]
    tied = [project_id, step.before.projects[project_id].pm_id]
    application = step.before.pay_applications.get(str(step.arguments.get("pay_application_id")))
    if application is not None:
        tied.append(application.sub_id)
    task = step.before.schedule_tasks.get(str(step.arguments.get("task_id")))
    if task is not None and task.sub_id:
        tied.append(task.sub_id)
    return tied


@RULES.trace(1)
def caller_identified_first(trace: Trace) -> list[str]:
    return identified_first(trace, identifies=_anyone_identified, concerns=_concerns)


@RULES.each(2, *CLIENT_WRITES, *SUB_WRITES, "assign_subcontractor", "move_task", "send_notice")
def caller_may_ask(step: Step, trace: Trace) -> Iterator[str]:
    kind, who = caller(trace)
    project_id = project_of(step) or ""
    project = step.before.projects.get(project_id)
    if kind == "client" and (step.name not in CLIENT_WRITES or who != project_id):
        yield f"{step.name} on {project_id} for a client of {who}"
    if kind == "sub":
        application = step.before.pay_applications.get(str(step.arguments.get("pay_application_id")))
        if step.name not in SUB_WRITES or application is None or application.sub_id != who:
            yield f"{step.name} for subcontractor {who}"
    if kind == "pm" and (project is None or project.pm_id != who):
        yield f"{step.name} on {project_id} for {who}, not its PM"
    if not kind:
        yield f"{step.name} for an unidentified caller"


@RULES.trace(3)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, TABLES))


@RULES.each(4, "assign_subcontractor")
def papers_in_order(step: Step, trace: Trace) -> Iterator[str]:
    task = step.before.schedule_tasks[step.arguments["task_id"]]
    sub = step.before.subcontractors[step.arguments["sub_id"]]
    for paper in ("licence_expires", "insurance_expires", "workers_comp_expires"):
        if getattr(sub, paper) < task.end:
            yield f"{sub.sub_id}'s {paper} {getattr(sub, paper)} is before the task's end {task.end}"
    if sub.gl_per_occurrence < GL_PER_OCCURRENCE or sub.gl_aggregate < GL_AGGREGATE:
        yield f"{sub.sub_id}'s liability limits are below the minimum"


@RULES.each(5, "assign_subcontractor")
def sub_of_the_county(step: Step, trace: Trace) -> Iterator[str]:
    task = step.before.schedule_tasks[step.arguments["task_id"]]
    sub = step.before.subcontractors[step.arguments["sub_id"]]
    if sub.county != step.before.projects[task.project_id].county:
        yield f"{sub.sub_id} of {sub.county} county on a project elsewhere"


def passed_stages(db: ConstructionDB, project_id: str) -> tuple[set[str], set[str]]:
    """The inspection types the project's permits carry, and those that have passed."""
    carried: set[str] = set()
    passed: set[str] = set()
    permits = {key for key, permit in db.permits.items() if permit.project_id == project_id}
    for key in permits:
        carried |= {kind for kind in INSPECTED_BY[db.permits[key].permit_type] if kind != "final"}
    for inspection in db.inspections.values():
        if inspection.permit_id in permits and inspection.result == "passed":
            passed.add(inspection.inspection_type)
    return carried, passed


@RULES.each(6, "schedule_inspection")
def inspections_in_order(step: Step, trace: Trace) -> Iterator[str]:
    permit = step.before.permits[step.arguments["permit_id"]]
    carried, passed = passed_stages(step.before, permit.project_id)
    stage = STAGE_OF[step.arguments["inspection_type"]]
    waiting = sorted(kind for kind in carried if STAGE_OF[kind] < stage and kind not in passed)
    if waiting:
        yield f"{step.arguments['inspection_type']} booked before {', '.join(waiting)} passed"


@RULES.each(7, "schedule_inspection")
def inspection_day(step: Step, trace: Trace) -> Iterator[str]:
    today, hour = date.fromisoformat(step.before.now[:10]), step.before.now[11:]
    earliest = business_days_after(today, 1 if hour < CUTOFF else 2, step.before.holidays)
    day = date.fromisoformat(step.arguments["date"])
    if not is_business_day(day, step.before.holidays) or day < earliest:
        yield f"an inspection on {day}"


@RULES.each(8, "schedule_inspection", "request_permit_extension")
def permits_in_force(step: Step, trace: Trace) -> Iterator[str]:
    permit = step.before.permits[step.arguments["permit_id"]]
    if permit.status != "active" or step.arguments.get("date", "") > permit.expires_on:
        yield f"{step.name} on permit {permit.permit_id}, {permit.status} until {permit.expires_on}"


@RULES.each(9, "request_permit_extension")
def extension_window(step: Step, trace: Trace) -> Iterator[str]:
    permit = step.before.permits[step.arguments["permit_id"]]
    left = (date.fromisoformat(permit.expires_on) - date.fromisoformat(step.before.now[:10])).days
    if permit.extended or not 0 <= left <= EXTENSION_WINDOW_DAYS:
        yield f"extension of {permit.permit_id} {left} days before expiry"


@RULES.each(10, "submit_change_order", done=True)
def change_order_priced_and_said(step: Step, trace: Trace) -> Iterator[str]:
    price = marked_up(step.arguments["sub_cost"])
    if not said(trace, price):
        yield f"change order price {price} not said"


def needs_pm(db: ConstructionDB, project_id: str, sub_cost: float, added_days: int) -> bool:
    return marked_up(sub_cost) > PM_SHARE * db.projects[project_id].contract_value or added_days > PM_DAYS


@RULES.each(11, "submit_change_order")
def pm_thresholds(step: Step, trace: Trace) -> Iterator[str]:
    arguments = step.arguments
    project = step.before.projects[arguments["project_id"]]
    approver = arguments.get("pm_approved_by")
    if needs_pm(step.before, project.project_id, arguments["sub_cost"], arguments["added_days"]):
        if approver != project.pm_id or caller(trace) != ("pm", project.pm_id):
            yield f"a change order over the PM thresholds on {project.project_id} without its PM"
    elif approver is not None:
        yield "an approving PM named on a change order that needs none"


@RULES.each(12, "record_client_approval")
def client_approves(step: Step, trace: Trace) -> Iterator[str]:
    project_id = project_of(step)
    if caller(trace) != ("client", project_id):
        yield f"approval of {step.arguments['change_order_id']} not given by the client of {project_id}"


@RULES.each(13, "move_task")
def pm_moves(step: Step, trace: Trace) -> Iterator[str]:
    project = step.before.projects[project_of(step) or ""]
    if caller(trace) != ("pm", project.pm_id):
        yield f"task {step.arguments['task_id']} moved without its PM"
    if not is_working_day(date.fromisoformat(step.arguments["new_start"]), step.before.holidays):
        yield f"a move to {step.arguments['new_start']}"


def finish_slip(step: Step) -> int:
    """How many working days a move put the project's last task later."""
    task = step.before.schedule_tasks[step.arguments["task_id"]]
    chain = [task.task_id, *successors_of(step.before, task)]
    last = max(chain, key=lambda key: step.before.schedule_tasks[key].end)
    old, new = step.before.schedule_tasks[last].end, step.after.schedule_tasks[last].end
    return working_days_between(date.fromisoformat(old), date.fromisoformat(new), step.before.holidays)


@RULES.trace(14)
def delay_notices(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("move_task"):
        project_id = project_of(step)
        notified = [
            later
            for later in trace.done("send_notice")
            if later.arguments["project_id"] == project_id
            and later.arguments["notice_type"] == "schedule_delay"
            and {"client", "project_manager"} <= set(later.arguments["recipients"])
        ]
        if (finish_slip(step) > SLIP_NOTICE_DAYS) != bool(notified):
            violations.append(f"move of {step.arguments['task_id']}: slip {finish_slip(step)}, notices {len(notified)}")
    return violations


def net_amount(db: ConstructionDB, application: PayApplication) -> float:
    if application.kind == "final":
        return application.amount
    return cents(
        application.amount - cents(application.amount * db.projects[application.project_id].retainage_pct / 100)
    )


@RULES.each(15, "record_lien_waiver", "release_payment", done=True)
def progress_waivers(step: Step, trace: Trace) -> Iterator[str]:
    application = step.after.pay_applications[step.arguments["pay_application_id"]]
    if application.kind != "progress":
        return
    waivers = [waiver for waiver in application.lien_waivers if waiver.waiver_type == "conditional"]
    if step.name == "record_lien_waiver" and (
        step.arguments["waiver_type"] != "conditional"
        or step.arguments["amount"] != net_amount(step.before, application)
    ):
        yield f"a waiver on progress application {application.pay_application_id} not for its net amount"
    if step.name == "release_payment" and not any(
        waiver.amount == net_amount(step.before, application) for waiver in waivers
    ):
        yield f"progress application {application.pay_application_id} paid without a conditional waiver of its net"


@RULES.each(16, "record_lien_waiver", "release_payment", done=True)
def final_payments(step: Step, trace: Trace) -> Iterator[str]:
    application = step.after.pay_applications[step.arguments["pay_application_id"]]
    if application.kind != "final":
        return
    if step.before.projects[application.project_id].status != "substantially_complete":
        yield f"final application {application.pay_application_id} handled before substantial completion"
    if not any(
        waiver.waiver_type == "unconditional" and waiver.amount == application.amount
        for waiver in application.lien_waivers
    ):
        yield f"final application {application.pay_application_id} without an unconditional waiver in full"


@RULES.each(17, "release_payment", done=True)
def payment_requested_and_said(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.pay_applications[step.arguments["pay_application_id"]]
    if caller(trace) not in (("sub", application.sub_id), ("pm", step.before.projects[application.project_id].pm_id)):
        yield f"payment of {application.pay_application_id} not asked by its sub or PM"
    paid = step.after.pay_applications[application.pay_application_id].paid_amount or 0.0
    if not said(trace, paid):
        yield f"payment of {paid} not said"


@RULES.trace(19)
def safety_goes_to_the_officer(trace: Trace) -> list[str]:
    violations = []
    for step in trace.calls("transfer_to_human_agents"):
        summary = step.arguments.get("summary", "").lower()
        if any(word in summary for word in ("injur", "accident", "unsafe")) and trace.writes:
            violations.append("a write in a call about a site injury")
    return violations


@RULES.trace(20)
def hand_off_ends_the_call(trace: Trace) -> list[str]:
    return hand_offs(trace)
