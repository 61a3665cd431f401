"""The security desk's numbered policy rules as checks over a task's gold trace (see
gold_trace.py). The manual's figures (due dates, exception caps, the regulator deadline) are
computed here once, and the tool tests hold them to the cast."""

from datetime import date, timedelta
from typing import Iterator, Optional

from taubench.domains.cybersecurity.models import Asset, Employee, Finding, SecurityDB
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[SecurityDB]
Step = GoldStep[SecurityDB]

DESK = "E1000"
RESPONDERS = ("soc_analyst", "ir_lead")
MFA_TICKET_DAYS = 7
SLA_DAYS = ((9.0, 15), (7.0, 30), (4.0, 90), (0.0, 180))
EXPLOITED_EXPOSED_DAYS = 14
EXCEPTION_DAYS = {"low": 90, "medium": 90, "high": 60, "critical": 30}
REGULATOR_HOURS = 72
FREE_STEPS = ("find_employee", "verify_caller", "calculate", "transfer_to_human_agents")
READ_BACK_TABLES = ("employees", "assets", "findings", "incidents", "tickets", "controls", "systems")
SEVERITY_OF = {
    "ransomware": ("SEV1",),
    "data_exfiltration": ("SEV1",),
    "malware": ("SEV2",),
    "account_compromise": ("SEV1", "SEV2"),
    "phishing": ("SEV2", "SEV3"),
    "suspicious_activity": ("SEV3",),
    "lost_device": ("SEV2", "SEV3"),
}

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def days_after(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def rating(cvss: float) -> str:
    return "critical" if cvss >= 9.0 else "high" if cvss >= 7.0 else "medium" if cvss >= 4.0 else "low"


def due_date(finding: Finding, asset: Asset) -> str:
    """Rule 8: the detection date plus the days of the finding's rating, or 14 for a
    known-exploited finding on an internet-facing asset."""
    if finding.known_exploited and asset.internet_facing:
        return days_after(finding.detected_on, EXPLOITED_EXPOSED_DAYS)
    return days_after(finding.detected_on, next(days for floor, days in SLA_DAYS if finding.cvss >= floor))


def overdue(finding: Finding, asset: Asset, today: str) -> bool:
    if finding.status == "open":
        return due_date(finding, asset) < today
    return finding.status == "excepted" and (finding.exception_expires or "") < today


def latest_exception(finding: Finding, asset: Asset, today: str) -> Optional[str]:
    """Rule 9: the last day an exception may run to, or None when none is allowed."""
    level = rating(finding.cvss)
    if asset.internet_facing and (level == "critical" or finding.known_exploited):
        return None
    return days_after(today, EXCEPTION_DAYS[level])


def regulator_deadline(opened_at: str) -> str:
    """Rule 16: 72 hours after the incident was opened, as "YYYY-MM-DD HH:MM"."""
    return f"{days_after(opened_at[:10], REGULATOR_HOURS // 24)} {opened_at[11:]}"


def _today(db: SecurityDB) -> str:
    return db.now[:10]


def _caller(trace: Trace, upto: Step) -> Optional[Employee]:
    """The employee the latest successful callback before the step verified."""
    found: Optional[Employee] = None
    for step in trace.steps:
        if step is upto:
            break
        if step.name == "verify_caller" and not step.error:
            found = step.after.employees[step.arguments["employee_id"]]
    return found


def _responder(employee: Optional[Employee]) -> bool:
    return employee is not None and employee.security_role in RESPONDERS


def _by_desk(step: Step) -> bool:
    return step.name == "report_incident" and step.arguments.get("reporter_id") == DESK


@RULES.trace(1)
def callback_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: ["caller"] if step.name == "verify_caller" else [],
        concerns=lambda step: [] if step.name in FREE_STEPS or _by_desk(step) else ["caller"],
    )


@RULES.trace(2)
def read_back_first(trace: Trace) -> list[str]:
    return looked_up_before_change(
        trace,
        lambda step: (
            []
            if step.name == "verify_caller" or _by_desk(step)
            else [name for name in records_named(step, READ_BACK_TABLES) if name != step.arguments.get("requested_by")]
        ),
    )


@RULES.trace(3)
def who_may_ask(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        if step.name == "verify_caller" or _by_desk(step) or step.error:
            continue
        db, arguments, caller = step.before, step.arguments, _caller(trace, step)
        if caller is None:
            violations.append(f"{step.name} with no verified caller")
            continue
        me, responder = caller.employee_id, _responder(caller)
        allowed = True
        if step.name == "report_incident":
            allowed = arguments["reporter_id"] == me
        elif step.name == "force_password_reset":
            allowed = arguments["employee_id"] == me or responder
        elif step.name == "disable_account":
            target = db.employees[arguments["employee_id"]]
            if arguments["reason"] == "leaver":
                allowed = target.manager_id == me or caller.department == "People"
            else:
                allowed = responder or target.employee_id == me
        elif step.name in ("request_exception", "mark_remediated"):
            asset = db.assets[db.findings[arguments["finding_id"]].asset_id]
            allowed = asset.owner_id == me and arguments.get("requested_by", me) == me
        elif step.name == "submit_access_request":
            target = db.employees[arguments["employee_id"]]
            allowed = arguments["requested_by"] == me and me in (target.employee_id, target.manager_id)
        elif step.name == "attach_evidence":
            allowed = db.controls[arguments["control_id"]].owner_id == me
        if not allowed:
            violations.append(f"{step.name} {arguments} asked by {me}, who may not")
    return violations


@RULES.each(4, "reset_mfa")
def mfa_reset_ticket(step: Step, trace: Trace) -> Iterator[str]:
    db, caller = step.before, _caller(trace, step)
    employee, ticket = db.employees[step.arguments["employee_id"]], db.tickets[step.arguments["approval_ticket"]]
    if caller is None or caller.employee_id != employee.employee_id:
        yield f"MFA reset of {employee.employee_id} for someone else"
    if ticket.approved_by != employee.manager_id or ticket.status != "approved":
        yield f"ticket {ticket.ticket_id} not approved by {employee.manager_id}"
    if ticket.created_on < days_after(_today(db), -MFA_TICKET_DAYS):
        yield f"ticket {ticket.ticket_id} created {ticket.created_on}, over {MFA_TICKET_DAYS} days ago"


@RULES.trace(5)
def failed_callbacks(trace: Trace) -> list[str]:
    """The desk's own report is made only for a caller no callback verified (the failures are
    not gold calls: a gold call never fails), and it is all that is done."""
    desk_reports = [step for step in trace.writes if _by_desk(step)]
    if not desk_reports:
        return []
    violations = []
    expected = {"category": "suspicious_activity", "severity": "SEV3", "asset_ids": [], "personal_data": False}
    if len(desk_reports) != 1 or any(desk_reports[0].arguments[key] != value for key, value in expected.items()):
        violations.append("the desk's report is not one SEV3 suspicious_activity with no assets or personal data")
    others = [step.name for step in trace.writes if not _by_desk(step)]
    if others:
        violations.append(f"{others} for a caller whose callback failed")
    return violations


@RULES.each(6, "disable_account")
def leavers_at_five(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["reason"] != "leaver":
        return
    employee, today = step.before.employees[step.arguments["employee_id"]], _today(step.before)
    if employee.last_day is None:
        yield f"leaver disablement of {employee.employee_id}, who has no last day on record"
    elif step.arguments["effective_on"] != max(employee.last_day, today):
        yield f"leaver {employee.employee_id} disabled from {step.arguments['effective_on']} ({employee.last_day})"


@RULES.each(7, "disable_account")
def compromised_accounts(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["reason"] != "compromise":
        return
    employee = step.before.employees[step.arguments["employee_id"]]
    wanted = "SEV1" if employee.privileged else "SEV2"
    reports = [
        s for s in trace.writes if s.name == "report_incident" and s.arguments["category"] == "account_compromise"
    ]
    if not any(s.arguments["severity"] == wanted for s in reports):
        yield f"compromised account {employee.employee_id} disabled without a {wanted} account_compromise incident"
    if wanted == "SEV1" and not trace.calls("transfer_to_human_agents"):
        yield f"privileged account {employee.employee_id} compromised and not handed to the IR lead"


@RULES.each(8, "request_exception")
def no_exception_when_overdue(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    finding = db.findings[step.arguments["finding_id"]]
    if overdue(finding, db.assets[finding.asset_id], _today(db)):
        yield f"exception for {finding.finding_id}, overdue since {due_date(finding, db.assets[finding.asset_id])}"


@RULES.each(9, "request_exception")
def exception_tiers(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    finding = db.findings[step.arguments["finding_id"]]
    latest = latest_exception(finding, db.assets[finding.asset_id], _today(db))
    if latest is None:
        yield f"exception for {finding.finding_id}, which may never have one"
    elif step.arguments["expires"] > latest:
        yield f"exception for {finding.finding_id} to {step.arguments['expires']}, after {latest}"
    ticket_id = step.arguments.get("approval_ticket", "")
    if rating(finding.cvss) in ("high", "critical"):
        ticket = db.tickets.get(ticket_id)
        approver = db.employees.get(ticket.approved_by or "") if ticket else None
        if approver is None or approver.security_role != "ciso":
            yield f"exception for {finding.finding_id} without the CISO's ticket"
    elif ticket_id:
        yield f"ticket {ticket_id} given for a {rating(finding.cvss)} finding"


@RULES.each(10, "mark_remediated")
def rescan_after_fix(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    asset = db.assets[db.findings[step.arguments["finding_id"]].asset_id]
    if step.arguments["rescan_date"] != asset.last_scan:
        yield f"{step.arguments['finding_id']} closed on {step.arguments['rescan_date']}, last scan {asset.last_scan}"


@RULES.each(11, "report_incident")
def severity_by_category(step: Step, trace: Trace) -> Iterator[str]:
    arguments = step.arguments
    allowed = SEVERITY_OF[arguments["category"]]
    if arguments["category"] == "lost_device":
        exposed = any(not step.before.assets[a].encrypted for a in arguments["asset_ids"])
        allowed = ("SEV2",) if exposed else ("SEV3",)
    if arguments["severity"] not in allowed:
        yield f"{arguments['category']} reported as {arguments['severity']}"


@RULES.trace(12)
def sev1_to_ir(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name == "report_incident" and step.arguments["severity"] == "SEV1":
            if not any(s.name == "transfer_to_human_agents" for s in trace.steps[index + 1 :]):
                violations.append("a SEV1 incident not handed to the IR lead")
    return violations


@RULES.each(13, "report_incident", done=True)
def phishing_response(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["category"] != "phishing":
        return
    reporter = step.arguments["reporter_id"]
    reset = any(s.arguments.get("employee_id") == reporter for s in trace.calls("force_password_reset"))
    isolated = any(s.arguments["asset_id"] in step.arguments["asset_ids"] for s in trace.calls("isolate_host"))
    if step.arguments["severity"] == "SEV3" and (reset or isolated):
        yield "a SEV3 phishing report with a password reset or an isolation"
    if step.arguments["severity"] == "SEV2" and not (reset or isolated):
        yield "a SEV2 phishing report with neither a password reset nor an isolation"


@RULES.each(14, "report_incident", done=True)
def lost_device_reset(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["category"] != "lost_device":
        return
    for asset_id in step.arguments["asset_ids"]:
        owner = step.before.assets[asset_id].owner_id
        if not any(s.arguments.get("employee_id") == owner for s in trace.calls("force_password_reset")):
            yield f"lost device {asset_id} without a password reset for {owner}"


@RULES.each(15, "isolate_host")
def isolation_tiers(step: Step, trace: Trace) -> Iterator[str]:
    db, caller = step.before, _caller(trace, step)
    asset, approver = db.assets[step.arguments["asset_id"]], step.arguments.get("approved_by", "")
    if asset.kind == "server":
        allowed = _responder(caller)
    else:
        allowed = _responder(caller) or (caller is not None and caller.employee_id == asset.owner_id)
    if not allowed:
        yield f"isolation of {asset.hostname} asked by someone who may not"
    needs_ir = asset.kind == "server" and asset.criticality == "high"
    approved_by_ir = bool(approver) and db.employees[approver].security_role == "ir_lead"
    if needs_ir != approved_by_ir:
        yield f"isolation of {asset.hostname} ({asset.kind}, {asset.criticality}) approved by {approver or 'no one'}"


@RULES.trace(16)
def privacy_office(trace: Trace) -> list[str]:
    violations = []
    for step in trace.writes:
        if step.error or step.name not in ("report_incident", "update_incident"):
            continue
        if step.name == "report_incident":
            exposed = any(step.before.assets[a].holds_personal_data for a in step.arguments["asset_ids"])
            if exposed and not step.arguments["personal_data"]:
                violations.append("a report on hosts with personal data without notifying the privacy office")
            new = [i for key, i in step.after.incidents.items() if key not in step.before.incidents]
            incident = new[0] if new else None
            notified = step.arguments["personal_data"]
        else:
            before = step.before.incidents[step.arguments["incident_id"]]
            exposed = any(step.before.assets[a].holds_personal_data for a in before.asset_ids)
            if exposed and not before.privacy_notified_at and not step.arguments.get("notify_privacy"):
                violations.append(f"{before.incident_id} changed without notifying the privacy office")
            incident, notified = before, bool(step.arguments.get("notify_privacy"))
        if notified and incident is not None and not said(trace, regulator_deadline(incident.opened_at)[:10]):
            violations.append(f"regulator deadline {regulator_deadline(incident.opened_at)} not told")
    return violations


@RULES.each(17, "update_incident")
def status_changes(step: Step, trace: Trace) -> Iterator[str]:
    incident, caller = step.before.incidents[step.arguments["incident_id"]], _caller(trace, step)
    if step.arguments["status"] == incident.status:
        return
    if incident.severity == "SEV1":
        yield f"{incident.incident_id} (SEV1) changed by the desk"
    elif incident.severity == "SEV2" and not _responder(caller):
        yield f"{incident.incident_id} (SEV2) changed for someone who is not a responder"
    elif incident.severity == "SEV3" and not (
        _responder(caller) or (caller is not None and caller.employee_id == incident.reporter_id)
    ):
        yield f"{incident.incident_id} (SEV3) changed for someone who is neither its reporter nor a responder"


@RULES.each(18, "submit_access_request")
def access_approvers(step: Step, trace: Trace) -> Iterator[str]:
    db, arguments = step.before, step.arguments
    employee, system = db.employees[arguments["employee_id"]], db.systems[arguments["system_id"]]
    privileged = next(entry.privileged for entry in system.roles if entry.role == arguments["role"])
    wanted = {employee.manager_id} | ({system.owner_id} if privileged else set())
    if set(arguments["approver_ids"]) != wanted:
        yield f"approvers {arguments['approver_ids']} for {arguments['role']}, not {sorted(w for w in wanted if w)}"


def sod_conflicts(db: SecurityDB, employee_id: str, system_id: str, role: str) -> list[str]:
    """Rule 19: the SoD rules a role would break with what the employee holds or has pending."""
    held = {
        (r.system_id, r.role)
        for r in db.access_requests.values()
        if r.employee_id == employee_id and r.status in ("granted", "pending")
    }
    found = []
    for rule in db.sod_rules.values():
        pair_a, pair_b = (rule.system_a, rule.role_a), (rule.system_b, rule.role_b)
        if ((system_id, role) == pair_a and pair_b in held) or ((system_id, role) == pair_b and pair_a in held):
            found.append(rule.rule_id)
    return found


@RULES.each(19, "submit_access_request")
def segregation_of_duties(step: Step, trace: Trace) -> Iterator[str]:
    arguments = step.arguments
    for rule_id in sod_conflicts(step.before, arguments["employee_id"], arguments["system_id"], arguments["role"]):
        yield f"{arguments['role']} for {arguments['employee_id']} breaks {rule_id}"


def still_needed(db: SecurityDB, control_id: str) -> int:
    """Rule 20: the dated items a control still needs for the audit period."""
    first, last = db.audit_period
    control = db.controls[control_id]
    return max(control.required_items - sum(first <= item.dated <= last for item in control.evidence), 0)


@RULES.trace(20)
def audit_evidence(trace: Trace) -> list[str]:
    violations: list[str] = []
    controls: list[tuple[str, SecurityDB]] = []
    for step in trace.calls("attach_evidence"):
        first, last = step.before.audit_period
        if not first <= step.arguments["dated"] <= last:
            violations.append(f"evidence dated {step.arguments['dated']}, outside the audit period")
        if not step.error:
            controls.append((step.arguments["control_id"], step.after))
    for control_id, db in controls[-1:]:
        if not said(trace, still_needed(db, control_id)):
            violations.append(f"the {still_needed(db, control_id)} items {control_id} still needs not told")
    return violations


@RULES.trace(21)
def hand_off_ends_it(trace: Trace) -> list[str]:
    return hand_offs(trace)
