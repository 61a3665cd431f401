"""Writes ``data/tasks.json`` and ``data/split_tasks.json`` from the generated database: each
family of tasks picks its records by what the story needs (a pay application awaiting its
waiver, a permit inside its extension window, a task whose subcontractor's papers lapse before
its end), works its figures out with the desk's own tools on a fresh copy, and states the gold.
Run ``python -m taubench.domains.construction.taskbook`` after ``generate``."""

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Iterator

from taubench.domains.construction.models import ConstructionDB
from taubench.domains.construction.policy_rules import STAGE_OF, passed_stages
from taubench.domains.construction.tools import INSPECTIONS_OF, ConstructionTools
from taubench.domains.construction.workdays import cents, marked_up, working_days_between
from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).with_name("data")
RAW = json.loads((DATA / "db.json").read_text())
DB = ConstructionDB.model_validate(RAW)
TASKS: list[dict[str, Any]] = []
TEST_SHARE = 3  # every third task of a family goes to test


WORDS = {
    "egress_window": "an egress window in the basement",
    "countertop_upgrade": "quartz countertops instead of laminate",
    "extra_lighting": "extra recessed lights in the kitchen",
    "laundry_relocation": "moving the laundry hookups upstairs",
    "heated_floor": "a heated floor in the main bathroom",
    "deck_enlargement": "a bigger rear deck",
    "gas_line": "a gas line for the range",
    "attic_insulation": "thicker attic insulation",
    "basement_finish": "finishing the basement as a family room",
    "screened_porch": "a screened porch on the back",
    "heat_pump_upgrade": "a geothermal heat pump instead of the furnace",
}
REASONS = {
    "weather": "the wet spring held the crews up",
    "material_delay": "the lumber delivery came weeks late",
    "labour_shortage": "the trade crews are short-handed",
    "owner_hold": "you paused the work while your financing was sorted",
    "change_order_work": "the change order added work",
    "equipment_delay": "the heating equipment is back-ordered",
}


def money(value: float) -> str:
    return f"{value:.2f}"


def fresh() -> ConstructionTools:
    return ConstructionTools(ConstructionDB.model_validate(RAW))


def run(actions: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    tools, results = fresh(), []
    for name, arguments in actions:
        results.append(getattr(tools, name)(**arguments))
    return results


def add(
    persona: str,
    reason: str,
    known: str,
    task_instructions: str,
    actions: list[tuple[str, dict[str, Any]]],
    rules: list[int],
    tags: list[str],
    communicate: list[str] | None = None,
    unknown: str | None = None,
    arithmetic: dict[str, str] | None = None,
    by_action: bool = False,
) -> None:
    number = str(len(TASKS))
    gold = [
        gold_action(number, index, name, arguments, [] if name == "transfer_to_human_agents" else None)
        for index, (name, arguments) in enumerate(actions)
    ]
    basis = ["DB"] + (["COMMUNICATE"] if communicate else []) + (["ACTION"] if by_action else [])
    task = task_record(
        number,
        "construction",
        persona=persona,
        reason=reason,
        known=known,
        unknown=unknown,
        instructions=task_instructions,
        actions=gold,
        say=communicate or [],
        basis=basis,
        rules=sorted(set(rules)),
        tags=sorted(set(tags)),
        arithmetic=arithmetic,
    )
    TASKS.append(task)


def project_of_sub_app(application_id: str) -> Any:
    return DB.projects[DB.pay_applications[application_id].project_id]


def pm_of(project_id: str) -> Any:
    return DB.employees[DB.projects[project_id].pm_id]


def client_known(project_id: str) -> str:
    project = DB.projects[project_id]
    client = DB.clients[project.client_id]
    return (
        f"You are {client.name}, the homeowner. Your project id is {project_id} and the site is "
        f"{project.address}, {project.city}."
    )


def pm_known(project_id: str) -> str:
    manager = pm_of(project_id)
    project = DB.projects[project_id]
    return (
        f"You are {manager.name}, a project manager at the contractor; your employee id is {manager.employee_id}. "
        f"You manage project {project_id} at {project.address}, {project.city}."
    )


def sub_known(sub_id: str) -> str:
    sub = DB.subcontractors[sub_id]
    return f"You call for {sub.company}; its trade licence number is {sub.licence_number}."


def net_of(application_id: str) -> float:
    application = DB.pay_applications[application_id]
    pct = DB.projects[application.project_id].retainage_pct
    return cents(application.amount - cents(application.amount * pct / 100))


def waiting_progress() -> Iterator[str]:
    """Progress applications awaiting payment with no waiver on file, of subs with only one."""
    open_ones: dict[str, list[str]] = {}
    for key, application in DB.pay_applications.items():
        if application.status == "submitted":
            open_ones.setdefault(application.sub_id, []).append(key)
    for key, application in DB.pay_applications.items():
        if (
            application.kind == "progress"
            and application.status == "submitted"
            and not application.lien_waivers
            and len(open_ones[application.sub_id]) == 1
            and DB.projects[application.project_id].status == "active"
        ):
            yield key


# ---- payments -------------------------------------------------------------------------------

PROGRESS = list(waiting_progress())
FIVE_PCT = [key for key in PROGRESS if project_of_sub_app(key).retainage_pct == 5.0]
TEN_PCT = [key for key in PROGRESS if project_of_sub_app(key).retainage_pct == 10.0]


def progress_release(application_id: str, persona: str, which: str = "") -> None:
    application = DB.pay_applications[application_id]
    net = net_of(application_id)
    project = project_of_sub_app(application_id)
    sub = DB.subcontractors[application.sub_id]
    add(
        persona,
        (
            "Your progress payment has not come and you want the money released."
            if which
            else f"Your progress pay application {application_id} for the project at {project.address} has not been "
            "paid and you want the money released."
        ),
        sub_known(sub.sub_id) + f" You have already sent a conditional lien waiver for {money(net)} dollars.",
        (
            f"Only when asked which one, say it is pay application {application_id}, for the job at {project.address}. "
            if which
            else ""
        )
        + "Give the waiver's amount when asked. Confirm when the agent reads the payment back. "
        "Ask how much will be paid.",
        [
            ("find_subcontractor", {"licence_number": sub.licence_number, "company": sub.company}),
            ("get_pay_application", {"pay_application_id": application_id}),
            ("find_project", {"project_id": project.project_id, "address": project.address}),
            ("record_lien_waiver", {"pay_application_id": application_id, "waiver_type": "conditional", "amount": net}),
            ("release_payment", {"pay_application_id": application_id}),
        ],
        [1, 2, 3, 15, 17],
        ["arithmetic"] + (["clarify"] if which else []),
        [money(net)],
    )


def wrong_waiver(application_id: str, persona: str, corrected: bool) -> None:
    application = DB.pay_applications[application_id]
    project = project_of_sub_app(application_id)
    sub = DB.subcontractors[application.sub_id]
    net = net_of(application_id)
    expression = f"{money(application.amount)} - {money(application.amount)} * {project.retainage_pct:g} / 100"
    actions: list[tuple[str, dict[str, Any]]] = [
        ("find_subcontractor", {"licence_number": sub.licence_number, "company": sub.company}),
        ("get_pay_application", {"pay_application_id": application_id}),
    ]
    if not corrected:
        actions.append(("find_project", {"project_id": project.project_id, "address": project.address}))
    if corrected:
        actions += [
            ("find_project", {"project_id": project.project_id, "address": project.address}),
            ("calculate", {"expression": expression}),
            ("record_lien_waiver", {"pay_application_id": application_id, "waiver_type": "conditional", "amount": net}),
            ("release_payment", {"pay_application_id": application_id}),
        ]
        follow = (
            "If the agent says the amount is wrong, ask what it must be; say your office has just e-mailed a corrected "
            "conditional waiver for exactly that amount, and ask for the payment to be released. Confirm when asked."
        )
    else:
        follow = (
            "If the agent says the amount is wrong, ask what it must be, say you will send a new waiver next week, and "
            "end the call. Do not agree to anything else today."
        )
    add(
        persona,
        f"You want your progress pay application {application_id} (project at {project.address}) paid.",
        sub_known(sub.sub_id)
        + f" You have sent a conditional lien waiver for the full {money(application.amount)} dollars you billed.",
        follow,
        actions,
        [1, 2, 15] + ([3, 17] if corrected else []),
        ["arithmetic", "fallback"] if corrected else ["arithmetic", "refusal"],
        [money(net)],
        arithmetic=None if corrected else {money(net): expression},
    )


FINALS = [
    key
    for key, application in DB.pay_applications.items()
    if application.kind == "final" and application.status == "submitted"
]


def final_release(application_id: str, persona: str, by_pm: bool, conditional_first: bool) -> None:
    application = DB.pay_applications[application_id]
    project = project_of_sub_app(application_id)
    sub = DB.subcontractors[application.sub_id]
    first: tuple[str, dict[str, Any]]
    if by_pm:
        first = ("get_employee", {"employee_id": project.pm_id})
        known = pm_known(project.project_id) + (
            f" The finish subcontractor, {sub.company}, has handed you an unconditional lien waiver for the full "
            f"{money(application.amount)} dollars of its final pay application {application_id}."
        )
    else:
        first = ("find_subcontractor", {"licence_number": sub.licence_number, "company": sub.company})
        waiver = "a conditional" if conditional_first else "an unconditional"
        known = sub_known(sub.sub_id) + (
            f" Your final pay application is {application_id}, for {money(application.amount)} dollars, on the "
            f"project at {project.address}. You have sent {waiver} lien waiver for the full amount."
        )
    follow = "Confirm when asked and ask how much is paid."
    if conditional_first:
        follow = (
            "If the agent says a conditional waiver is not enough, say your bookkeeper can e-mail an unconditional "
            "waiver for the full amount right now, and that it has been sent. Then confirm when asked and ask how much "
            "is paid."
        )
    add(
        persona,
        f"You want final pay application {application_id} released.",
        known,
        follow,
        [
            first,
            ("get_pay_application", {"pay_application_id": application_id}),
            ("find_project", {"project_id": project.project_id, "address": project.address}),
            (
                "record_lien_waiver",
                {"pay_application_id": application_id, "waiver_type": "unconditional", "amount": application.amount},
            ),
            ("release_payment", {"pay_application_id": application_id}),
        ],
        [1, 2, 3, 16, 17],
        ["fallback"] if conditional_first else [],
        [money(application.amount)],
    )


def not_your_money(application_id: str, caller_app: str, persona: str) -> None:
    mine = DB.pay_applications[caller_app]
    sub = DB.subcontractors[mine.sub_id]
    other = DB.pay_applications[application_id]
    add(
        persona,
        f"A partner firm asked you to chase its pay application {application_id}; you want it released today.",
        sub_known(sub.sub_id) + f" The application is for {money(other.amount)} dollars.",
        "Insist once that you are helping a friend. If the agent still declines, end the call politely.",
        [
            ("find_subcontractor", {"licence_number": sub.licence_number, "company": sub.company}),
            ("get_pay_application", {"pay_application_id": application_id}),
        ],
        [1, 2],
        ["refusal"],
        by_action=True,
    )


# ---- subcontractor assignment ---------------------------------------------------------------


def open_tasks(trade_name: str, county: str, managers: set[str] | None = None) -> Iterator[Any]:
    for task in DB.schedule_tasks.values():
        project = DB.projects[task.project_id]
        if (
            task.name == trade_name
            and task.status == "not_started"
            and task.sub_id is None
            and project.county == county
        ):
            if task.start > "2025-05-06" and task.end < "2025-09-30":
                yield task


def qualifies(sub_id: str, task: Any) -> bool:
    sub = DB.subcontractors[sub_id]
    papers = min(sub.licence_expires, sub.insurance_expires, sub.workers_comp_expires)
    return papers >= task.end and sub.gl_per_occurrence >= 1_000_000 and sub.gl_aggregate >= 2_000_000


def assign(task: Any, sub_id: str, persona: str, extra: list[int] | None = None) -> None:
    sub = DB.subcontractors[sub_id]
    project = DB.projects[task.project_id]
    add(
        persona,
        f"You want {sub.company} assigned to the {task.name.lower()} task on your project {project.project_id}.",
        pm_known(project.project_id),
        "Give the task and company names; you do not know any ids but your own and the project's. Confirm when asked.",
        [
            ("get_employee", {"employee_id": project.pm_id}),
            ("get_schedule", {"project_id": project.project_id}),
            ("search_subcontractors", {"trade": task.trade, "county": project.county}),
            ("assign_subcontractor", {"task_id": task.task_id, "sub_id": sub_id}),
        ],
        [1, 2, 3, 4, 5] + (extra or []),
        [],
    )


def assign_refused(task: Any, sub_id: str, figure: str, persona: str, fallback_to: str | None) -> None:
    sub = DB.subcontractors[sub_id]
    project = DB.projects[task.project_id]
    actions: list[tuple[str, dict[str, Any]]] = [
        ("get_employee", {"employee_id": project.pm_id}),
        ("get_schedule", {"project_id": project.project_id}),
        ("search_subcontractors", {"trade": task.trade, "county": project.county}),
    ]
    if fallback_to:
        pick = DB.subcontractors[fallback_to]
        actions.append(("assign_subcontractor", {"task_id": task.task_id, "sub_id": fallback_to}))
        follow = (
            f"If the agent says {sub.company} cannot be assigned, ask why and on what date or figure it fails; "
            f"then ask for the qualifying alternatives and choose {pick.company}. Confirm when asked."
        )
    else:
        follow = (
            f"If the agent says {sub.company} cannot be assigned, ask exactly which paper fails and the date or "
            "figure; say you will sort it out with them and end the call."
        )
    add(
        persona,
        f"You want {sub.company} on the {task.name.lower()} task of project {project.project_id}; they are available.",
        pm_known(project.project_id),
        follow,
        actions,
        [1, 2, 4, 5] + ([3] if fallback_to else []),
        ["refusal"] if not fallback_to else ["fallback"],
        [figure],
    )


# ---- inspections ----------------------------------------------------------------------------


def next_inspections(project_id: str) -> list[tuple[str, str]]:
    """The (permit, inspection) pairs the project could book now, by the build order."""
    carried, passed = passed_stages(DB, project_id)
    found: list[tuple[str, str]] = []
    booked = {
        (inspection.permit_id, inspection.inspection_type)
        for inspection in DB.inspections.values()
        if inspection.result in ("scheduled", "passed")
    }
    for key, permit in DB.permits.items():
        if permit.project_id != project_id or permit.status != "active":
            continue
        for kind in INSPECTIONS_OF[permit.permit_type]:
            earlier = [other for other in carried if STAGE_OF[other] < STAGE_OF[kind] and other not in passed]
            if not earlier and (key, kind) not in booked and kind not in passed:
                found.append((key, kind))
    return found


def permits_of(project_id: str) -> list[str]:
    return [key for key, permit in DB.permits.items() if permit.project_id == project_id]


def bookable(kind: str, on: str) -> Iterator[tuple[str, str]]:
    for project_id, project in DB.projects.items():
        if project.status != "active":
            continue
        for permit_id, inspection in next_inspections(project_id):
            if inspection == kind and DB.permits[permit_id].expires_on >= on:
                yield project_id, permit_id


def book(project_id: str, permit_id: str, kind: str, asked: str, day: str, persona: str, notify: bool) -> None:
    by_pm = notify
    actions: list[tuple[str, dict[str, Any]]] = [
        ("get_employee", {"employee_id": DB.projects[project_id].pm_id})
        if by_pm
        else ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
    ]
    if by_pm:
        actions.append(("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}))
    actions += [("list_inspections", {"permit_id": key}) for key in permits_of(project_id)]
    actions.append(("schedule_inspection", {"permit_id": permit_id, "inspection_type": kind, "date": day}))
    if notify:
        actions.append(
            ("send_notice", {"project_id": project_id, "recipients": ["client"], "notice_type": "inspection_booked"})
        )
    words = kind.replace("_", " ")
    tags = []
    if asked != day:
        tags.append("fallback")
        follow = (
            f"You would like {asked}. If the agent says that day is not possible, say {day} also works. "
            "Confirm when asked."
        )
    else:
        follow = "Confirm when asked."
    if notify:
        tags.append("compound")
        follow += " Once it is booked, ask the desk to send the homeowner an inspection notice."
    add(
        persona,
        f"You want the {words} inspection booked for {asked}.",
        pm_known(project_id) if by_pm else client_known(project_id),
        follow,
        actions,
        [1, 2, 3, 6, 7],
        tags,
    )


def out_of_order(project_id: str, kind: str, persona: str, missing: str = "") -> None:
    actions: list[tuple[str, dict[str, Any]]] = [
        ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address})
    ]
    carried, passed = passed_stages(DB, project_id)
    missing = missing or next(kind for kind in sorted(carried) if kind.startswith("rough") and kind not in passed)
    blocking = next(key for key in permits_of(project_id) if missing in INSPECTIONS_OF[DB.permits[key].permit_type])
    actions.append(("list_inspections", {"permit_id": blocking}))
    add(
        persona,
        f"The crew told you the house is ready, and you want the {kind.replace('_', ' ')} inspection booked for "
        "2025-05-09.",
        client_known(project_id),
        "If the agent says it cannot be booked yet, ask why, accept it and end the call.",
        actions,
        [1, 2, 6],
        ["refusal"],
        by_action=True,
    )


# ---- permits --------------------------------------------------------------------------------


def extension(project_id: str, permit_id: str, reason: str, persona: str, ask_which: bool) -> None:
    permit = DB.permits[permit_id]
    actions: list[tuple[str, dict[str, Any]]] = [
        ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
        ("get_permit", {"permit_id": permit_id}),
        ("request_permit_extension", {"permit_id": permit_id, "reason": reason}),
    ]
    after = (date.fromisoformat(permit.expires_on) + timedelta(days=180)).isoformat()
    add(
        persona,
        "You want the permit extended." if ask_which else f"You want your {permit.permit_type} permit extended.",
        client_known(project_id),
        (f"Only when asked which permit, say the {permit.permit_type} one. " if ask_which else "")
        + f"Why: {REASONS[reason]}. Confirm when asked and ask until when the permit then runs.",
        actions,
        [1, 2, 3, 8, 9],
        ["clarify"] if ask_which else [],
        [after],
        unknown=None,
    )


def extension_too_early(project_id: str, permit_id: str, persona: str) -> None:
    permit = DB.permits[permit_id]
    first = (date.fromisoformat(permit.expires_on) - timedelta(days=30)).isoformat()
    add(
        persona,
        f"You want to get ahead of things and extend your {permit.permit_type} permit now.",
        client_known(project_id),
        "If the agent says it is too early, ask from which day it can be filed, then end the call.",
        [
            ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
            ("get_permit", {"permit_id": permit_id}),
        ],
        [1, 9],
        ["refusal", "arithmetic"],
        [first],
        arithmetic={first: f"{permit.expires_on} + -30 days"},
    )


def already_extended(project_id: str, permit_id: str, persona: str) -> None:
    permit = DB.permits[permit_id]
    add(
        persona,
        f"Your {permit.permit_type} permit runs out soon and you want it extended.",
        client_known(project_id),
        "If the agent declines, ask until what day the permit runs, then end the call.",
        [
            ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
            ("get_permit", {"permit_id": permit_id}),
        ],
        [1, 9],
        ["refusal"],
        [permit.expires_on],
    )


def expired(project_id: str, permit_id: str, persona: str, inspection: str) -> None:
    permit = DB.permits[permit_id]
    add(
        persona,
        f"You want the {inspection.replace('_', ' ')} inspection of your {permit.permit_type} permit booked "
        "for 2025-05-13.",
        client_known(project_id),
        "If the agent says the permit can no longer be used, agree to be transferred.",
        [
            ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
            (
                "transfer_to_human_agents",
                {"summary": f"Client of {project_id} needs a new {permit.permit_type} permit: {permit_id} expired."},
            ),
        ],
        [1, 8, 20],
        ["refusal"],
        by_action=True,
    )


# ---- change orders --------------------------------------------------------------------------


def change_order(project_id: str, work: str, cost: float, days: int, persona: str, approve: bool) -> None:
    price = marked_up(cost)
    actions: list[tuple[str, dict[str, Any]]] = [
        ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
        ("submit_change_order", {"project_id": project_id, "work": work, "sub_cost": cost, "added_days": days}),
    ]
    if approve:
        actions.append(("record_client_approval", {"change_order_id": f"CO{DB.next_change_order_number}"}))
    add(
        persona,
        f"You want a change to your job: {WORDS[work]}.",
        client_known(project_id)
        + f" The subcontractor quoted you {money(cost)} dollars for it, and it adds {days} working days.",
        "Ask what you will be charged. "
        + ("Approve the change order right away on this call." if approve else "Say you will think before approving.")
        + " Confirm when asked.",
        actions,
        [1, 2, 3, 10, 11] + ([12] if approve else []),
        ["arithmetic"] + (["compound"] if approve else []),
        [money(price)],
        arithmetic={money(price): f"{money(cost)} + {money(cost)} * 15 / 100"},
    )


def change_order_too_big(project_id: str, work: str, cost: float, days: int, persona: str) -> None:
    project = DB.projects[project_id]
    limit = money(cents(project.contract_value * 0.10))
    figure = limit if days <= 10 else "10"
    add(
        persona,
        f"You want a change to your job: {WORDS[work]}.",
        client_known(project_id)
        + f" The subcontractor quoted {money(cost)} dollars for it, and it adds {days} working days.",
        "If the agent will not submit it, ask "
        + ("what the limit is that it goes over" if days <= 10 else "what it would have cost you")
        + ", then end the call.",
        [("find_project", {"project_id": project_id, "address": project.address})]
        + ([] if days <= 10 else [("calculate", {"expression": f"{money(cost)} + {money(cost)} * 15 / 100"})]),
        [1, 11],
        ["refusal", "arithmetic"] if days <= 10 else ["refusal"],
        [figure] if days <= 10 else [money(marked_up(cost))],
        arithmetic={limit: f"{money(project.contract_value)} * 10 / 100"} if days <= 10 else None,
    )


def change_order_by_pm(project_id: str, work: str, cost: float, days: int, persona: str) -> None:
    project = DB.projects[project_id]
    add(
        persona,
        f"You want to put a change order in for your client: {WORDS[work]}.",
        pm_known(project_id) + f" The subcontractor's cost is {money(cost)} dollars and it adds {days} working days.",
        "You approve it yourself as the project's PM. Ask the price. Confirm when asked.",
        [
            ("get_employee", {"employee_id": project.pm_id}),
            ("find_project", {"project_id": project_id, "address": project.address}),
            (
                "submit_change_order",
                {
                    "project_id": project_id,
                    "work": work,
                    "sub_cost": cost,
                    "added_days": days,
                    "pm_approved_by": project.pm_id,
                },
            ),
        ],
        [1, 2, 3, 10, 11],
        ["arithmetic"],
        [money(marked_up(cost))],
        arithmetic={money(marked_up(cost)): f"{money(cost)} + {money(cost)} * 15 / 100"},
    )


def approve_existing(order_id: str, persona: str, other: str = "") -> None:
    order = DB.change_orders[order_id]
    project = DB.projects[order.project_id]
    total = money(cents(project.contract_value + order.price))
    reads = [("get_change_order", {"change_order_id": key}) for key in sorted({order_id, other} - {""})]
    add(
        persona,
        "You want to approve your pending change order."
        if other
        else f"You have reviewed change order {order_id} ({WORDS[order.work]}) and want to approve it.",
        client_known(project.project_id),
        (f"Only when asked which one, say the one for {WORDS[order.work]}. " if other else "")
        + "Confirm when asked, then ask what your contract total comes to now.",
        [
            ("find_project", {"project_id": project.project_id, "address": project.address}),
            *reads,
            ("record_client_approval", {"change_order_id": order_id}),
        ],
        [1, 2, 3, 12],
        ["arithmetic"] + (["clarify"] if other else []),
        [total],
        arithmetic={total: f"{money(project.contract_value)} + {money(order.price)}"},
    )


def approve_by_pm(order_id: str, persona: str) -> None:
    order = DB.change_orders[order_id]
    project = DB.projects[order.project_id]
    add(
        persona,
        f"The homeowner told you on site that she is fine with change order {order_id}; you want it marked approved.",
        pm_known(project.project_id),
        "If the agent says only the client can approve it, accept that and end the call.",
        [
            ("get_employee", {"employee_id": project.pm_id}),
        ],
        [1, 12],
        ["refusal"],
        by_action=True,
    )


# ---- schedule -------------------------------------------------------------------------------


def moves(task: Any, new_start: str, asked: str, persona: str, note: str) -> None:
    project = DB.projects[task.project_id]
    tools = fresh()
    moved = tools.move_task(task.task_id, new_start)
    last = max(moved, key=lambda record: DB.schedule_tasks[record.task_id].end)
    slip = working_days_between(
        date.fromisoformat(DB.schedule_tasks[last.task_id].end), date.fromisoformat(last.end), DB.holidays
    )
    actions: list[tuple[str, dict[str, Any]]] = [
        ("get_employee", {"employee_id": project.pm_id}),
        ("get_schedule", {"project_id": project.project_id}),
        ("move_task", {"task_id": task.task_id, "new_start": new_start}),
    ]
    tags = ["arithmetic"]
    if slip > 5:
        actions.append(
            (
                "send_notice",
                {
                    "project_id": project.project_id,
                    "recipients": ["client", "project_manager"],
                    "notice_type": "schedule_delay",
                },
            )
        )
        tags.append("compound")
    if asked != new_start:
        tags.append("fallback")
    finish = last.end
    add(
        persona,
        f"{note} You want the {task.name.lower()} task of project {project.project_id} to start on {asked} instead.",
        pm_known(project.project_id),
        (f"If the agent says that day cannot be used, say {new_start} also works. " if asked != new_start else "")
        + "Confirm when asked, and ask on what day the job will now finish.",
        actions,
        [1, 2, 3, 13, 14],
        tags,
        [finish],
    )


def move_refused(task: Any, persona: str) -> None:
    project = DB.projects[task.project_id]
    add(
        persona,
        f"You want the {task.name.lower()} on your house pushed back two weeks, as you will be away.",
        client_known(project.project_id),
        "If the agent says only your project manager can move it, accept and end the call.",
        [
            ("find_project", {"project_id": project.project_id, "address": project.address}),
        ],
        [1, 2, 13],
        ["refusal"],
        by_action=True,
    )


def injury(project_id: str, persona: str, story: str) -> None:
    add(
        persona,
        story,
        pm_known(project_id),
        "You want help right now. Agree to be transferred.",
        [
            ("transfer_to_human_agents", {"summary": f"Site injury reported on project {project_id}."}),
        ],
        [19, 20],
        ["refusal"],
        by_action=True,
    )


def book_two(project_id: str, pairs: list[tuple[str, str]], day: str, persona: str, vague: bool) -> None:
    """A client books two inspections in one call, or (``vague``) asks for "the rough-in" and says
    which when asked; ``pairs`` are (permit, inspection)."""
    project = DB.projects[project_id]
    actions: list[tuple[str, dict[str, Any]]] = [
        ("find_project", {"project_id": project_id, "address": project.address})
    ]
    actions += [("list_inspections", {"permit_id": key}) for key in permits_of(project_id)]
    actions += [
        ("schedule_inspection", {"permit_id": permit_id, "inspection_type": kind, "date": day})
        for permit_id, kind in pairs
    ]
    words = [kind.replace("_", " ") for _, kind in pairs]
    if vague:
        reason = f"You want the rough-in inspection booked for {day}."
        follow = f"Only when asked which rough-in, say the {words[0]} one. Confirm when asked."
        tags = ["clarify"]
    else:
        reason = f"You want the {words[0]} and the {words[1]} inspections both booked for {day}."
        follow = "Confirm when asked. Also ask whether the crew may start at 06:00 to beat the heat."
        tags = ["compound"]
    add(persona, reason, client_known(project_id), follow, actions, [1, 2, 3, 6, 7] + ([] if vague else [18]), tags)


def extension_by_pm(project_id: str, permit_id: str, reason: str, persona: str) -> None:
    permit = DB.permits[permit_id]
    after = (date.fromisoformat(permit.expires_on) + timedelta(days=180)).isoformat()
    add(
        persona,
        f"You want the {permit.permit_type} permit of your project extended and the homeowner told.",
        pm_known(project_id),
        f"Why: {REASONS[reason]}. Confirm when asked; ask for a permit-extension notice to the client, and ask "
        "the new expiry date.",
        [
            ("get_employee", {"employee_id": DB.projects[project_id].pm_id}),
            ("find_project", {"project_id": project_id, "address": DB.projects[project_id].address}),
            ("get_permit", {"permit_id": permit_id}),
            ("request_permit_extension", {"permit_id": permit_id, "reason": reason}),
            ("send_notice", {"project_id": project_id, "recipients": ["client"], "notice_type": "permit_extended"}),
        ],
        [1, 2, 3, 8, 9],
        ["compound"],
        [after],
    )


def assign_two(project_id: str, picks: list[tuple[Any, str]], persona: str) -> None:
    project = DB.projects[project_id]
    actions: list[tuple[str, dict[str, Any]]] = [
        ("get_employee", {"employee_id": project.pm_id}),
        ("get_schedule", {"project_id": project_id}),
    ]
    for task, _ in picks:
        actions.append(("search_subcontractors", {"trade": task.trade, "county": project.county}))
    for task, sub_id in picks:
        actions.append(("assign_subcontractor", {"task_id": task.task_id, "sub_id": sub_id}))
    names = " and ".join(f"{DB.subcontractors[sub].company} on the {task.name.lower()}" for task, sub in picks)
    add(
        persona,
        f"You want two subcontractors booked on project {project_id}: {names}.",
        pm_known(project_id),
        "You know no ids but yours and the project's. Confirm when asked.",
        actions,
        [1, 2, 3, 4, 5],
        ["compound"],
    )


def final_by_pm_with_notice(application_id: str, persona: str) -> None:
    application = DB.pay_applications[application_id]
    project = project_of_sub_app(application_id)
    sub = DB.subcontractors[application.sub_id]
    add(
        persona,
        f"You want final pay application {application_id} released and the subcontractors told.",
        pm_known(project.project_id) + f" {sub.company} has handed you an unconditional lien waiver for the full "
        f"{money(application.amount)} dollars.",
        "Confirm when asked. Once paid, ask for a payment-released notice to the subcontractors, "
        "and ask what was paid.",
        [
            ("get_employee", {"employee_id": project.pm_id}),
            ("find_project", {"project_id": project.project_id, "address": project.address}),
            ("get_pay_application", {"pay_application_id": application_id}),
            (
                "record_lien_waiver",
                {"pay_application_id": application_id, "waiver_type": "unconditional", "amount": application.amount},
            ),
            ("release_payment", {"pay_application_id": application_id}),
            (
                "send_notice",
                {"project_id": project.project_id, "recipients": ["subcontractors"], "notice_type": "payment_released"},
            ),
        ],
        [1, 2, 3, 16, 17],
        ["compound"],
        [money(application.amount)],
    )


PERSONAS = [
    "A brisk, businesslike caller who gives facts only when asked.",
    "A friendly but anxious homeowner building their first house.",
    "An office manager at a trade firm who reads from a spreadsheet.",
    "A retired engineer who double-checks every figure.",
    "A busy project manager calling from a noisy site.",
    "A polite caller who apologises a lot and speaks slowly.",
]


def persona(index: int) -> str:
    return PERSONAS[index % len(PERSONAS)]


def not_authorised(employee_id: str, project_id: str, persona: str, request: str) -> None:
    employee = DB.employees[employee_id]
    add(
        persona,
        request,
        f"You are {employee.name} of the contractor's office; your employee id is {employee_id}. The job is project "
        f"{project_id} at {DB.projects[project_id].address}.",
        "If the agent says you are not the one who can ask for this, say you will pass it on and end the call.",
        [("get_employee", {"employee_id": employee_id})],
        [1, 2],
        ["refusal"],
        by_action=True,
    )


def build() -> None:
    counter = iter(range(1000))

    def who() -> str:
        return persona(next(counter))

    # payments
    for key in TEN_PCT[:2] + FIVE_PCT[:2]:
        progress_release(key, who())
    clarify_subs = [key for key in TEN_PCT[2:] if key not in PROGRESS[:0]]
    for key in clarify_subs[:0]:
        progress_release(key, who(), which="yes")
    for key in TEN_PCT[4:7]:
        wrong_waiver(key, who(), corrected=False)
    for key in TEN_PCT[7:8] + FIVE_PCT[2:3]:
        wrong_waiver(key, who(), corrected=True)
    final_release(FINALS[0], who(), by_pm=False, conditional_first=False)
    final_release(FINALS[1], who(), by_pm=True, conditional_first=False)
    final_release(FINALS[2], who(), by_pm=False, conditional_first=True)
    final_by_pm_with_notice(FINALS[3], who())
    not_your_money(TEN_PCT[9], TEN_PCT[10], who())
    not_your_money(TEN_PCT[11], TEN_PCT[12], who())
    # two open applications of one sub: which one?
    for sub_apps in TWO_OPEN[:3]:
        progress_release(sub_apps, who(), which="yes")

    # assignment
    lakeside = [task for task in open_tasks("Rough electrical", "Dane") if qualifies("S205", task)]
    assign(lakeside[0], "S205", who())
    plumbing = [task for task in open_tasks("Rough plumbing", "Dane") if qualifies("S207", task)]
    assign(plumbing[0], "S207", who())
    mechanical = [task for task in open_tasks("Rough mechanical", "Dane") if qualifies("S209", task)]
    assign(mechanical[0], "S209", who())
    badger = [task for task in lakeside if task.end > "2025-05-20"]
    assign_refused(badger[1], "S203", "2025-05-20", who(), None)
    assign_refused(badger[2], "S203", "2025-05-20", who(), "S205")
    assign_refused(lakeside[3], "S204", "1000000", who(), None)
    hartwell = [task for task in plumbing if task.end > "2025-04-15"]
    assign_refused(hartwell[1], "S206", "2025-04-15", who(), "S207")
    rock = [task for task in open_tasks("Rough electrical", "Rock")]
    rock_ok = [sub.sub_id for sub in DB.subcontractors.values() if sub.trade == "electrical" and sub.county == "Rock"]
    fallback_rock = next(sub for sub in rock_ok if qualifies(sub, rock[1]) and sub != "S202")
    assign_refused(rock[0], "S202", "2025-04-30", who(), None)
    assign_refused(rock[1], "S202", "2025-04-30", who(), fallback_rock)
    late_mech = [task for task in open_tasks("Rough mechanical", "Dane") if task.end > "2025-06-10"]
    assign_refused(late_mech[1], "S208", "2025-06-10", who(), None)
    both = next(
        project_id
        for project_id in DB.projects
        if any(task.project_id == project_id for task in lakeside[4:])
        and any(task.project_id == project_id for task in mechanical[1:])
    )
    assign_two(
        both,
        [
            (next(task for task in lakeside if task.project_id == both), "S205"),
            (next(task for task in mechanical if task.project_id == both), "S209"),
        ],
        who(),
    )
    both2 = next(
        project_id
        for project_id in DB.projects
        if project_id != both
        and any(task.project_id == project_id for task in lakeside[4:])
        and any(task.project_id == project_id for task in plumbing[1:])
    )
    assign_two(
        both2,
        [
            (next(task for task in lakeside if task.project_id == both2), "S205"),
            (next(task for task in plumbing if task.project_id == both2), "S207"),
        ],
        who(),
    )

    both3 = next(
        project_id
        for project_id in DB.projects
        if project_id not in (both, both2)
        and any(task.project_id == project_id for task in lakeside[4:])
        and any(task.project_id == project_id for task in mechanical[1:])
    )
    assign_two(
        both3,
        [
            (next(task for task in lakeside if task.project_id == both3), "S205"),
            (next(task for task in mechanical if task.project_id == both3), "S209"),
        ],
        who(),
    )

    # inspections
    used: set[str] = set()

    def pick(kinds: tuple[str, ...], on: str) -> tuple[str, str, str]:
        project_id, permit_id, kind = next(
            (*pair, kind) for kind in kinds for pair in bookable(kind, on) if pair[0] not in used
        )
        used.add(project_id)
        return project_id, permit_id, kind

    plain: list[tuple[tuple[str, ...], str]] = [
        (("footing",), "2025-05-08"),
        (("foundation",), "2025-05-09"),
        (("insulation",), "2025-05-14"),
    ]
    for kinds, day in plain:
        project_id, permit_id, kind = pick(kinds, day)
        book(project_id, permit_id, kind, day, day, who(), notify=False)
    notified: list[tuple[tuple[str, ...], str]] = [
        (("framing", "insulation"), "2025-05-12"),
        (("foundation",), "2025-05-15"),
        (("rough_plumbing",), "2025-05-14"),
    ]
    for kinds, day in notified:
        project_id, permit_id, kind = pick(kinds, day)
        book(project_id, permit_id, kind, day, day, who(), notify=True)
    moved_days: list[tuple[tuple[str, ...], str, str]] = [
        (("final",), "2025-05-11", "2025-05-12"),
        (("underground_plumbing",), "2025-05-18", "2025-05-19"),
        (("rough_electrical",), "2025-05-26", "2025-05-27"),
    ]
    for kinds, asked, day in moved_days:
        project_id, permit_id, kind = pick(kinds, day)
        book(project_id, permit_id, kind, asked, day, who(), notify=False)
    rough_two = [project_id for project_id in DB.projects if project_id not in used and rough_ins(project_id) >= 2]
    for project_id in rough_two[:2] + rough_two[4:6]:
        used.add(project_id)
        pairs = [
            pair
            for pair in next_inspections(project_id)
            if pair[1].startswith("rough") and DB.permits[pair[0]].expires_on >= "2025-05-16"
        ]
        book_two(project_id, pairs[:1], "2025-05-13", who(), vague=True)
    for project_id in rough_two[2:4]:
        used.add(project_id)
        pairs = [
            pair
            for pair in next_inspections(project_id)
            if pair[1].startswith("rough") and DB.permits[pair[0]].expires_on >= "2025-05-16"
        ]
        book_two(project_id, pairs[:2], "2025-05-16", who(), vague=False)
    waiting = [project_id for project_id in DB.projects if project_id not in used and framing_blocked(project_id)]
    out_of_order(waiting[0], "framing", who())
    before_underground = [
        project_id
        for project_id in DB.projects
        if project_id not in used
        and project_id not in waiting
        and any(kind == "underground_plumbing" for _, kind in next_inspections(project_id))
        and any(DB.permits[key].permit_type == "electrical" for key in permits_of(project_id))
    ]
    out_of_order(before_underground[0], "rough_electrical", who(), missing="underground_plumbing")

    # permits
    window = extension_window_permits()
    extension(window[0][0], window[0][1], "material_delay", who(), ask_which=True)
    extension(window[1][0], window[1][1], "equipment_delay", who(), ask_which=True)
    extension(window[2][0], window[2][1], "weather", who(), ask_which=True)
    extension(window[3][0], window[3][1], "owner_hold", who(), ask_which=True)
    extension_by_pm(window[4][0], window[4][1], "labour_shortage", who())
    extension_by_pm(window[5][0], window[5][1], "change_order_work", who())
    early = too_early_permits()
    extension_too_early(early[0][0], early[0][1], who())
    extension_too_early(early[1][0], early[1][1], who())
    done_once = [
        (permit.project_id, key)
        for key, permit in DB.permits.items()
        if permit.status == "active" and permit.extended and DB.projects[permit.project_id].status == "active"
    ]
    already_extended(done_once[0][0], done_once[0][1], who())
    lapsed = expired_permits()
    expired(lapsed[0][0], lapsed[0][1], who(), lapsed[0][2])
    expired(lapsed[1][0], lapsed[1][1], who(), lapsed[1][2])

    # change orders
    active = [key for key, project in DB.projects.items() if project.status == "active" and key not in used]
    change_order(active[0], "egress_window", 3800.0, 2, who(), approve=True)
    change_order(active[1], "heated_floor", 2460.0, 1, who(), approve=True)
    change_order(active[2], "extra_lighting", 1730.0, 0, who(), approve=False)
    change_order(active[8], "gas_line", 1185.5, 1, who(), approve=True)
    big = active[3]
    change_order_too_big(big, "basement_finish", cents(DB.projects[big].contract_value * 0.095), 8, who())
    change_order_too_big(active[4], "screened_porch", 9800.0, 14, who())
    pm_big = active[5]
    change_order_by_pm(pm_big, "heat_pump_upgrade", cents(DB.projects[pm_big].contract_value * 0.12), 6, who())
    awaiting = [
        key
        for key, order in DB.change_orders.items()
        if order.status == "awaiting_client" and DB.projects[order.project_id].status == "active"
    ]
    approve_existing(awaiting[0], who())
    approve_existing(awaiting[1], who())
    approve_by_pm(awaiting[2], who())
    pairs_of: dict[str, list[str]] = {}
    for key in awaiting[3:]:
        pairs_of.setdefault(DB.change_orders[key].project_id, []).append(key)
    doubles = [
        keys
        for keys in pairs_of.values()
        if len(keys) == 2 and DB.change_orders[keys[0]].work != DB.change_orders[keys[1]].work
    ]
    approve_existing(doubles[0][1], who(), other=doubles[0][0])
    approve_existing(doubles[1][0], who(), other=doubles[1][1])

    # schedule
    moves_done = 0
    for task in DB.schedule_tasks.values():
        if task.name == "Framing" and task.status == "not_started" and task.start < "2025-05-20" and moves_done < 2:
            new = (date.fromisoformat(task.start) + timedelta(days=14)).isoformat()
            while date.fromisoformat(new).weekday() == 6 or new in DB.holidays:
                new = (date.fromisoformat(new) + timedelta(days=1)).isoformat()
            moves(task, new, new, who(), "The lumber yard pushed your delivery back two weeks.")
            moves_done += 1
    short = next(
        task
        for task in DB.schedule_tasks.values()
        if task.name == "Drywall" and task.status == "not_started" and "2025-05-20" < task.start < "2025-06-15"
    )
    new = (date.fromisoformat(short.start) + timedelta(days=3)).isoformat()
    while date.fromisoformat(new).weekday() == 6 or new in DB.holidays:
        new = (date.fromisoformat(new) + timedelta(days=1)).isoformat()
    moves(short, new, new, who(), "The drywall crew is finishing another job.")
    sunday_task = next(
        task
        for task in DB.schedule_tasks.values()
        if task.name == "Roofing" and task.status == "not_started" and "2025-05-12" < task.start < "2025-06-01"
    )
    moves(sunday_task, "2025-06-02", "2025-06-01", who(), "The roofer asked for a later start.")
    memorial = next(
        task
        for task in DB.schedule_tasks.values()
        if task.name == "Insulation" and task.status == "not_started" and "2025-05-10" < task.start < "2025-05-20"
    )
    moves(memorial, "2025-05-22", "2025-05-22", who(), "The insulation order is late.")
    client_move = next(
        task for task in DB.schedule_tasks.values() if task.name == "Drywall" and task.status == "not_started"
    )
    move_refused(client_move, who())
    injury(active[6], who(), "A framer fell from a ladder on your site an hour ago and was taken to urgent care.")
    injury(active[7], who(), "A trench wall collapsed on your site this morning; a labourer hurt his leg.")
    other_pm = next(key for key in ("E102", "E103") if key != DB.projects[client_move.project_id].pm_id)
    not_authorised(
        other_pm,
        client_move.project_id,
        who(),
        f"A colleague is on leave and you want the {client_move.name.lower()} of project {client_move.project_id} "
        "pushed back one week.",
    )
    final_open = FINALS[4]
    not_authorised(
        "E150",
        DB.pay_applications[final_open].project_id,
        who(),
        f"You want final pay application {final_open} released today; the subcontractor keeps calling you.",
    )


def rough_ins(project_id: str) -> int:
    return sum(
        1
        for permit_id, kind in next_inspections(project_id)
        if kind.startswith("rough") and DB.permits[permit_id].expires_on >= "2025-05-16"
    )


def framing_blocked(project_id: str) -> bool:
    carried, passed = passed_stages(DB, project_id)
    rough = {kind for kind in carried if kind.startswith("rough")}
    return (
        DB.projects[project_id].status == "active"
        and "underground_plumbing" in passed
        and len(rough - passed) == 1
        and "framing" not in passed
        and all(DB.permits[key].status == "active" for key in permits_of(project_id))
    )


def extension_window_permits() -> list[tuple[str, str]]:
    found = []
    for key, permit in DB.permits.items():
        project = DB.projects[permit.project_id]
        active = [other for other in permits_of(project.project_id) if DB.permits[other].status == "active"]
        if (
            permit.status == "active"
            and not permit.extended
            and "2025-05-06" <= permit.expires_on <= "2025-06-05"
            and project.status == "active"
            and len(active) >= 2
        ):
            found.append((project.project_id, key))
    return found


def too_early_permits() -> list[tuple[str, str]]:
    return [
        (permit.project_id, key)
        for key, permit in DB.permits.items()
        if permit.status == "active"
        and not permit.extended
        and "2025-06-20" <= permit.expires_on <= "2025-08-31"
        and DB.projects[permit.project_id].status == "active"
    ]


def expired_permits() -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    for key, permit in DB.permits.items():
        if permit.status == "expired" and DB.projects[permit.project_id].status == "active":
            held = {inspection.inspection_type for inspection in DB.inspections.values() if inspection.permit_id == key}
            kind = next(kind for kind in INSPECTIONS_OF[permit.permit_type] if kind not in held)
            found.append((permit.project_id, key, kind))
    return found


def two_open() -> list[str]:
    open_ones: dict[str, list[str]] = {}
    for key, application in DB.pay_applications.items():
        if application.status == "submitted":
            open_ones.setdefault(application.sub_id, []).append(key)
    return [
        keys[0]
        for keys in open_ones.values()
        if len(keys) == 2
        and all(
            DB.pay_applications[key].kind == "progress" and not DB.pay_applications[key].lien_waivers for key in keys
        )
        and all(DB.projects[DB.pay_applications[key].project_id].status == "active" for key in keys)
    ]


TWO_OPEN = two_open()


def split() -> dict[str, list[str]]:
    ids = [task["id"] for task in TASKS]
    test = [key for index, key in enumerate(ids) if index % TEST_SHARE == 2]
    return {"base": ids, "train": [key for key in ids if key not in test], "test": test}


if __name__ == "__main__":
    build()
    for task in TASKS:
        run([(action["name"], action["arguments"]) for action in task["evaluation_criteria"]["actions"]])
    write_task_files(DATA, TASKS, split())
    print(len(TASKS), "tasks")
