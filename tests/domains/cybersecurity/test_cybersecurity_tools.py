"""The security desk's tools: each one's answer and each of its error texts (a refusal
changes nothing), the manual's figures as the policy checks compute them, and five test
tasks worked by hand: the right path scores 1.0 however it is phrased, the lazy one 0."""

import pytest

from taubench.domains.cybersecurity.policy_rules import (
    due_date,
    latest_exception,
    overdue,
    regulator_deadline,
    sod_conflicts,
    still_needed,
)
from taubench.domains.fair_checks import reward_of


@pytest.fixture
def refused(no):
    """A refusal's text without its "Error: " prefix (it must change nothing)."""
    return lambda tool, **arguments: no(tool, **arguments).removeprefix("Error: ")


def verified(ok, employee_id: str, number: str) -> None:
    assert ok("verify_caller", employee_id=employee_id, callback_number=number).startswith("Callback connected at")


# ---------------------------------------------------------------- the data
def test_the_books_are_near_the_briefs_size(tools):
    db = tools.db
    assert 540 <= len(db.employees) <= 600 and 850 <= len(db.assets) <= 950
    assert len(db.findings) >= 3500 and len(db.incidents) >= 450 and len(db.access_requests) >= 1000
    assert len(db.controls) >= 110 and sum(len(control.evidence) for control in db.controls.values()) >= 500
    assert len({employee.email for employee in db.employees.values()}) == len(db.employees)
    assert len({asset.hostname for asset in db.assets.values()}) == len(db.assets)
    riveras = [employee.employee_id for employee in db.employees.values() if employee.name == "Sam Rivera"]
    assert riveras[:2] == ["E1002", "E1003"]


def test_no_filler_grant_breaks_a_segregation_rule(tools):
    db = tools.db
    for request in db.access_requests.values():
        if request.status in ("granted", "pending") and request.request_id >= "AR-61000":
            assert not sod_conflicts(db, request.employee_id, request.system_id, request.role), request


# ---------------------------------------------------------------- reads
def test_employees_are_found_by_email_and_their_callback_number_is_never_shown(ok, refused):
    assert ok("find_employee", email="S.Rivera@tessaly.io") == {
        "employee_id": "E1003",
        "name": "Sam Rivera",
        "department": "Sales",
        "title": "Account Executive",
    }
    assert refused("find_employee", email="sam@tessaly.io") == "No employee has the e-mail address sam@tessaly.io"
    employee = ok("get_employee", employee_id="E1016")
    assert "callback_number" not in employee and employee["manager_id"] == "E1020"
    assert employee["access"] == [
        {
            "request_id": "AR-60001",
            "system_id": "SYS-ERP",
            "role": "ap_clerk",
            "status": "granted",
            "requested_on": "2024-06-03",
        }
    ]


def test_assets_are_searched_by_hostname_prefix_or_owner(ok, refused):
    found = ok("search_assets", hostname="FIN-DB-01")
    assert [asset["hostname"] for asset in found] == ["fin-db-01", "fin-db-01-dr"]
    assert [asset["asset_id"] for asset in ok("search_assets", owner_id="E1001")] == [
        "AST-3001",
        "AST-3002",
        "AST-3003",
    ]
    assert ok("search_assets", owner_id="E1001", hostname="ws-") == [ok("get_asset", asset_id="AST-3003")]
    assert refused("search_assets") == "Give an owner id, a hostname or both"
    assert refused("search_assets", owner_id="E9") == "Employee E9 not found"
    assert ok("get_asset", asset_id="AST-3090")["encrypted"] is False


def test_findings_are_listed_oldest_first_and_filtered_by_status(ok, refused):
    listed = ok("list_findings", asset_id="AST-3001")
    assert [f["finding_id"] for f in listed] == [
        "FND-50004",
        "FND-50005",
        "FND-50003",
        "FND-50006",
        "FND-50002",
        "FND-50001",
    ]
    assert [f["finding_id"] for f in ok("list_findings", asset_id="AST-3001", status="excepted")] == ["FND-50005"]
    assert refused("list_findings", asset_id="AST-3001", status="closed") == (
        'status must be "open", "remediated", "excepted" or ""'
    )


def test_incidents_systems_tickets_and_controls_are_read(ok):
    assert ok("get_incident", incident_id="INC-8120")["asset_ids"] == ["AST-3080", "AST-3081"]
    system = ok("get_system", system_id="SYS-BANK")
    assert [rule["rule_id"] for rule in system["sod_rules"]] == ["SOD-03", "SOD-05"]
    assert ok("get_ticket", ticket_id="RITM-20412")["approved_by"] == "E1024"
    control = ok("get_control", control_id="CTL-107")
    assert control["audit_period"] == ["2025-01-01", "2025-03-31"] and control["required_items"] == 12


# ---------------------------------------------------------------- writes
def test_the_callback_connects_only_to_the_number_on_file(ok, refused, tools):
    assert refused("verify_caller", employee_id="E1010", callback_number="415-555-0190") == (
        "The number given is not the callback number on file for E1010"
    )
    verified(ok, "E1010", "(415) 555 0111")
    assert tools.db.employees["E1010"].verified
    disabled = next(e.employee_id for e in tools.db.employees.values() if e.status == "disabled")
    assert refused("verify_caller", employee_id=disabled, callback_number="1") == (
        f"Employee {disabled} is disabled: no callback can be placed"
    )


def test_an_incident_is_reported_with_the_privacy_office_told_when_personal_data_may_be_involved(ok, refused):
    incident = ok(
        "report_incident",
        category="malware",
        severity="SEV2",
        reporter_id="E1027",
        asset_ids=["AST-3100"],
        personal_data=True,
    )
    assert incident["incident_id"] == "INC-8500" and incident["privacy_notified_at"] == "2025-04-15 10:00"
    assert [entry["event"] for entry in incident["timeline"]] == ["opened as SEV2 malware", "privacy office notified"]
    base = {"category": "phishing", "severity": "SEV3", "reporter_id": "E1002", "asset_ids": [], "personal_data": False}
    assert refused("report_incident", **{**base, "category": "spam"}).startswith("category must be one of phishing")
    assert refused("report_incident", **{**base, "severity": "high"}) == 'severity must be "SEV1", "SEV2" or "SEV3"'
    assert refused("report_incident", **{**base, "personal_data": "no"}) == "personal_data must be true or false"
    assert refused("report_incident", **{**base, "asset_ids": "AST-3010"}) == "asset_ids must be a list"
    assert refused("report_incident", **{**base, "asset_ids": ["AST-3010", "AST-3010"]}) == "An asset is listed twice"


def test_an_incident_changes_status_and_notifies_the_privacy_office(ok, refused):
    updated = ok("update_incident", incident_id="INC-8230", status="contained", notify_privacy=True)
    assert updated["privacy_notified_at"] == "2025-04-15 10:00" and updated["status"] == "contained"
    assert refused("update_incident", incident_id="INC-8230", status="contained", notify_privacy=True) == (
        "The privacy office was already notified at 2025-04-15 10:00"
    )
    assert refused("update_incident", incident_id="INC-8200", status="open") == "Incident INC-8200 is already open"
    assert refused("update_incident", incident_id="INC-8200", status="closed") == (
        'status must be "open", "contained" or "resolved"'
    )
    assert refused("update_incident", incident_id="INC-8200", status="resolved", notify_privacy="yes") == (
        "notify_privacy must be true or false"
    )
    ok("update_incident", incident_id="INC-8200", status="resolved")
    assert refused("update_incident", incident_id="INC-8200", status="open") == (
        "Incident INC-8200 is resolved and cannot be changed"
    )


def test_a_host_is_isolated_only_for_an_open_incident_it_is_linked_to(ok, refused, tools):
    assert refused("isolate_host", asset_id="AST-3060", incident_id="INC-8120") == (
        "Asset AST-3060 is not linked to incident INC-8120"
    )
    asset = ok("isolate_host", asset_id="AST-3080", incident_id="INC-8120", approved_by="E1005")
    assert (asset["status"], asset["isolated_for"], asset["isolation_approved_by"]) == ("isolated", "INC-8120", "E1005")
    assert refused("isolate_host", asset_id="AST-3080", incident_id="INC-8120") == (
        "Asset AST-3080 is already isolated (incident INC-8120)"
    )
    tools.db.incidents["INC-8251"].status = "resolved"
    assert refused("isolate_host", asset_id="AST-3011", incident_id="INC-8251") == "Incident INC-8251 is resolved"


def test_mfa_is_reset_against_an_approved_ticket_for_that_employee(ok, refused, tools):
    assert refused("reset_mfa", employee_id="E1016", approval_ticket="RITM-20411") == (
        "Ticket RITM-20411 is not an MFA-reset ticket for E1016"
    )
    assert refused("reset_mfa", employee_id="E1022", approval_ticket="RITM-20414") == (
        "Ticket RITM-20414 is pending, not approved"
    )
    assert ok("reset_mfa", employee_id="E1016", approval_ticket="RITM-20416")["mfa_devices"] == []
    assert tools.db.tickets["RITM-20416"].status == "used"
    tools.db.employees["E1003"].status = "disabled"
    assert refused("reset_mfa", employee_id="E1003", approval_ticket="RITM-20411") == "Employee E1003 is disabled"


def test_a_password_reset_is_forced_once(ok, refused, tools):
    assert ok("force_password_reset", employee_id="E1022")["password_reset_required"] is True
    assert refused("force_password_reset", employee_id="E1022") == "A password reset is already pending for E1022"
    tools.db.employees["E1026"].status = "disabled"
    assert refused("force_password_reset", employee_id="E1026") == "Employee E1026 is disabled"


def test_leavers_are_disabled_at_five_and_compromised_accounts_at_once(ok, refused):
    assert ok("disable_account", employee_id="E1018", reason="leaver", effective_on="2025-04-18")["disable_at"] == (
        "2025-04-18 17:00"
    )
    overdue_leaver = ok("disable_account", employee_id="E1021", reason="leaver", effective_on="2025-04-15")
    assert (overdue_leaver["status"], overdue_leaver["disable_at"]) == ("disabled", "2025-04-15 10:00")
    assert refused("disable_account", employee_id="E1021", reason="leaver", effective_on="2025-04-15") == (
        "Employee E1021 is already disabled"
    )
    assert refused("disable_account", employee_id="E1028", reason="compromise", effective_on="2025-04-16") == (
        "A compromised account is disabled at once: effective_on must be 2025-04-15"
    )
    assert refused("disable_account", employee_id="E1028", reason="fired", effective_on="2025-04-15") == (
        'reason must be "leaver" or "compromise"'
    )
    assert refused("disable_account", employee_id="E1030", reason="leaver", effective_on="2025-04-14") == (
        "effective_on cannot be before today (2025-04-15)"
    )
    assert ok("disable_account", employee_id="E1028", reason="compromise", effective_on="2025-04-15")["status"] == (
        "disabled"
    )


def test_an_exception_is_recorded_against_an_open_finding(ok, refused, tools):
    excepted = ok(
        "request_exception",
        finding_id="FND-50042",
        requested_by="E1025",
        expires="2025-05-31",
        approval_ticket="RITM-20450",
    )
    assert (excepted["status"], excepted["exception_ticket"]) == ("excepted", "RITM-20450")
    assert refused("request_exception", finding_id="FND-50042", requested_by="E1025", expires="2025-05-31") == (
        "Finding FND-50042 is excepted, not open"
    )
    assert refused("request_exception", finding_id="FND-50041", requested_by="E1025", expires="2025-04-15") == (
        "expires must be after today"
    )
    assert (
        refused(
            "request_exception",
            finding_id="FND-50041",
            requested_by="E1025",
            expires="2025-05-01",
            approval_ticket="RITM-20451",
        )
        == "Ticket RITM-20451 is not a risk-acceptance ticket for FND-50041"
    )
    tools.db.tickets["RITM-20451"].status = "pending"
    assert (
        refused(
            "request_exception",
            finding_id="FND-50045",
            requested_by="E1025",
            expires="2025-05-01",
            approval_ticket="RITM-20451",
        )
        == "Ticket RITM-20451 is pending, not approved"
    )


def test_a_finding_is_remediated_with_a_rescan_after_its_detection(ok, refused):
    assert refused("mark_remediated", finding_id="FND-50001", rescan_date="2025-04-16") == (
        "rescan_date cannot be after today"
    )
    assert refused("mark_remediated", finding_id="FND-50001", rescan_date="2025-04-02") == (
        "rescan_date must be after the detection date (2025-04-02)"
    )
    assert ok("mark_remediated", finding_id="FND-50005", rescan_date="2025-04-13")["exception_expires"] is None
    assert refused("mark_remediated", finding_id="FND-50006", rescan_date="2025-04-13") == (
        "Finding FND-50006 was already remediated (rescan 2025-03-03)"
    )


def test_an_access_request_waits_for_its_approvers(ok, refused, tools):
    request = ok(
        "submit_access_request",
        employee_id="E1025",
        system_id="SYS-CLOUD",
        role="cloud_admin",
        requested_by="E1025",
        approver_ids=["E1014", "E1011"],
    )
    assert (request["request_id"], request["status"], request["approver_ids"]) == (
        "AR-63000",
        "pending",
        ["E1011", "E1014"],
    )
    base = {"employee_id": "E1017", "system_id": "SYS-ERP", "role": "gl_viewer", "requested_by": "E1017"}
    assert refused("submit_access_request", **base, approver_ids=[]) == "approver_ids must be a non-empty list"
    assert refused("submit_access_request", **base, approver_ids=["E1020", "E1020"]) == "An approver is listed twice"
    assert refused("submit_access_request", **{**base, "role": "root"}, approver_ids=["E1020"]) == (
        "SYS-ERP has no role root"
    )
    assert refused("submit_access_request", **base, approver_ids=["E1017"]) == "No one may approve their own access"
    assert (
        refused("submit_access_request", **{**base, "employee_id": "E1016", "role": "ap_clerk"}, approver_ids=["E1020"])
        == "E1016 already has ap_clerk on SYS-ERP (granted, AR-60001)"
    )
    tools.db.employees["E1017"].status = "disabled"
    assert refused("submit_access_request", **base, approver_ids=["E1020"]) == "Employee E1017 is disabled"


def test_evidence_is_attached_once_with_its_date(ok, refused):
    control = ok("attach_evidence", control_id="CTL-107", evidence_ref="DOC-45110", dated="2025-02-27")
    assert control["evidence"][-1] == {
        "evidence_id": "EV-9000",
        "evidence_ref": "DOC-45110",
        "dated": "2025-02-27",
        "attached_on": "2025-04-15",
    }
    assert refused("attach_evidence", control_id="CTL-107", evidence_ref="DOC-45110", dated="2025-02-27") == (
        "DOC-45110 is already attached to CTL-107"
    )
    assert refused("attach_evidence", control_id="CTL-107", evidence_ref="review.pdf", dated="2025-02-27") == (
        'evidence_ref must be a document number such as "DOC-44120"'
    )
    assert refused("attach_evidence", control_id="CTL-107", evidence_ref="DOC-1", dated="2025-05-01") == (
        "dated cannot be after today"
    )


# ---------------------------------------------------------------- the manual's figures
def test_the_manuals_figures_from_the_cast(tools):
    db = tools.db
    finding, asset = db.findings["FND-50001"], db.assets["AST-3001"]
    assert due_date(finding, asset) == "2025-04-17" and not overdue(finding, asset, "2025-04-15")
    assert due_date(db.findings["FND-50030"], db.assets["AST-3030"]) == "2025-04-22"  # known-exploited, exposed: 14
    assert latest_exception(db.findings["FND-50030"], db.assets["AST-3030"], "2025-04-15") is None
    assert latest_exception(db.findings["FND-50010"], db.assets["AST-3002"], "2025-04-15") == "2025-05-15"
    mine = [f for f in db.findings.values() if db.assets[f.asset_id].owner_id == "E1001"]
    assert sorted(f.finding_id for f in mine if overdue(f, db.assets[f.asset_id], "2025-04-15")) == [
        "FND-50003",
        "FND-50004",
        "FND-50005",
        "FND-50012",
        "FND-50013",
    ]
    assert regulator_deadline("2025-04-14 08:30") == "2025-04-17 08:30"
    assert sod_conflicts(db, "E1028", "SYS-BANK", "payment_approver") == ["SOD-03"]
    assert sod_conflicts(db, "E1024", "SYS-CLOUD", "cloud_admin") == ["SOD-07"]
    assert still_needed(db, "CTL-107") == 8 and still_needed(db, "CTL-104") == 4


# ---------------------------------------------------------------- five test tasks worked by hand
def call(tool, **arguments):
    return ("assistant", tool, arguments)


def test_9_the_finance_db_is_the_primary_scanned_after_the_fix(domain):
    """Dana patched 'the finance DB' on 2025-04-12; asked, she means fin-db-01, last scanned 2025-04-13."""
    task = domain.tasks["9"]
    right = [
        call("verify_caller", employee_id="E1001", callback_number="415 555 0142"),
        call("get_asset", asset_id="AST-3001"),
        call("mark_remediated", finding_id="FND-50001", rescan_date="2025-04-13"),
    ]
    assert reward_of(domain, task, right, "Closed FND-50001 on fin-db-01 with the 2025-04-13 scan.") == 1.0
    wrong_host = [right[0], call("mark_remediated", finding_id="FND-50010", rescan_date="2025-04-06")]
    assert reward_of(domain, task, wrong_host, "Closed.") == 0.0
    unverified = right[1:]
    assert reward_of(domain, task, unverified, "Closed FND-50001.") == 0.0


def test_11_five_of_danas_findings_are_overdue(domain):
    """Due dates: FND-50003 5.9 on 2025-01-05 + 90 = 2025-04-05; FND-50004 3.7 on 2024-09-30 + 180 =
    2025-03-29; FND-50005's exception ended 2025-04-10; FND-50012 7.4 on 2025-02-28 + 30 = 2025-03-30;
    FND-50013 6.5 on 2025-01-10 + 90 = 2025-04-10. Not overdue: the 9.8s (2025-04-17, 2025-04-18),
    FND-50002 (internal, 2025-04-19), FND-50011 (2025-05-30), FND-50014 (2025-05-01)."""
    task = domain.tasks["11"]
    right = [call("verify_caller", employee_id="E1001", callback_number="415-555-0142")]
    assert reward_of(domain, task, right, "The 9.8 is due 2025-04-17, and 5 of your findings are overdue.") == 1.0
    assert reward_of(domain, task, right, "Due 2025-04-17; 4 are overdue (the expired exception is excepted).") == 0.0
    assert reward_of(domain, task, [], "Due 2025-04-17; 5 overdue.") == 0.0


def test_21_a_phishing_payload_means_sev2_a_password_reset_and_isolation(domain):
    task = domain.tasks["21"]
    verify = call("verify_caller", employee_id="E1022", callback_number="512-555-0137")
    report = call(
        "report_incident",
        category="phishing",
        severity="SEV2",
        reporter_id="E1022",
        asset_ids=["AST-3020"],
        personal_data=False,
    )
    isolate = call("isolate_host", asset_id="AST-3020", incident_id="INC-8500")
    reset = call("force_password_reset", employee_id="E1022")
    assert reward_of(domain, task, [verify, report, isolate, reset], "Opened INC-8500, isolated, reset.") == 1.0
    sev3 = [verify, call("report_incident", **{**report[2], "severity": "SEV3"}), reset]
    assert reward_of(domain, task, sev3, "Logged as SEV3.") == 0.0
    assert reward_of(domain, task, [verify, report, reset], "Opened INC-8500; password reset.") == 0.0


def test_26_only_the_workstation_is_isolated_without_the_ir_leads_approval(domain):
    task = domain.tasks["26"]
    verify = call("verify_caller", employee_id="E1004", callback_number="415-555-0161")
    right = [verify, call("isolate_host", asset_id="AST-3081", incident_id="INC-8120", approved_by="")]
    assert reward_of(domain, task, right, "ws-lbrennan is isolated; db-orders-01 needs an IR lead's approval.") == 1.0
    both = [*right, call("isolate_host", asset_id="AST-3080", incident_id="INC-8120")]
    assert reward_of(domain, task, both, "Both isolated.") == 0.0


def test_44_the_review_passes_for_nikhil_and_refuses_leah_under_sod_01(domain):
    """CTL-104 needs 6 items dated in Q1: 2025-01-15 and 2025-02-14 are, 2024-12-20 is not; with
    the review of 2025-03-28 that is 3, so 3 more are needed."""
    task = domain.tasks["44"]
    verify = call("verify_caller", employee_id="E1020", callback_number="415-555-0193")
    submit = call(
        "submit_access_request",
        employee_id="E1017",
        system_id="SYS-ERP",
        role="gl_viewer",
        requested_by="E1020",
        approver_ids=["E1020"],
    )
    attach = call("attach_evidence", control_id="CTL-104", evidence_ref="DOC-44871", dated="2025-03-28")
    said = "Nikhil's request is in; Leah's is refused under SOD-01; the control needs 3 more items."
    assert reward_of(domain, task, [verify, attach, submit], said) == 1.0
    leah = call(
        "submit_access_request",
        employee_id="E1016",
        system_id="SYS-ERP",
        role="vendor_master",
        requested_by="E1020",
        approver_ids=["E1020"],
    )
    assert reward_of(domain, task, [verify, submit, leah, attach], said) == 0.0
    assert reward_of(domain, task, [verify, submit, attach], "Done; Leah refused under SOD-01; 4 more needed.") == 0.0


# ---------------------------------------------------------------- lazy shortcuts elsewhere
def test_0_the_cfos_mfa_is_not_reset_for_someone_else(domain):
    task = domain.tasks["0"]
    hector = call("verify_caller", employee_id="E1012", callback_number="628-555-0102")
    assert reward_of(domain, task, [hector], "Marcus must call himself; Elena Vance must approve a new ticket.") == 1.0
    lazy = [hector, call("reset_mfa", employee_id="E1010", approval_ticket="RITM-20418")]
    assert reward_of(domain, task, lazy, "Done; Elena Vance should know.") == 0.0


def test_40_a_leaver_is_not_disabled_before_her_last_day(domain):
    task = domain.tasks["40"]
    adrian = call("verify_caller", employee_id="E1019", callback_number="646-555-0109")
    right = [adrian, call("disable_account", employee_id="E1018", reason="leaver", effective_on="2025-04-18")]
    assert reward_of(domain, task, right, "Scheduled for 17:00 on 2025-04-18.") == 1.0
    now = [adrian, call("disable_account", employee_id="E1018", reason="leaver", effective_on="2025-04-15")]
    assert reward_of(domain, task, now, "Done today.") == 0.0
    unverified = right[1:]
    assert reward_of(domain, task, unverified, "Scheduled.") == 0.0


def test_6_an_impostor_is_logged_and_helped_with_nothing(domain):
    task = domain.tasks["6"]
    logged = call(
        "report_incident",
        category="suspicious_activity",
        severity="SEV3",
        reporter_id="E1000",
        asset_ids=[],
        personal_data=False,
    )
    assert reward_of(domain, task, [logged], "I cannot verify you, so I cannot help today.") == 1.0
    helped = [logged, call("force_password_reset", employee_id="E1010")]
    assert reward_of(domain, task, helped, "Logged, and I reset the password.") == 0.0


def test_28_a_refusal_graded_by_actions_needs_the_incident_looked_up(domain):
    task = domain.tasks["28"]
    caleb = call("verify_caller", employee_id="E1022", callback_number="512-555-0137")
    assert reward_of(domain, task, [caleb, call("get_incident", incident_id="INC-8210")], "Only the SOC can.") == 1.0
    assert reward_of(domain, task, [caleb], "Only the SOC can.") == 0.0
    closed = [caleb, call("update_incident", incident_id="INC-8210", status="resolved")]
    assert reward_of(domain, task, [*closed, call("get_incident", incident_id="INC-8210")], "Resolved.") == 0.0


def test_the_task_script_writes_the_tasks_byte_for_byte():
    from pathlib import Path

    from taubench.domains.cybersecurity import write_tasks
    from taubench.domains.kit import task_files

    data = Path(write_tasks.__file__).parent / "data"
    assert (data / "tasks.json").read_text(encoding="utf-8") == task_files(write_tasks.TASKS, {})["tasks.json"]
