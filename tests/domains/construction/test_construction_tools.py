"""The coordination desk's tools: each one's answer, each of its error texts, and that a write
that fails changes nothing. Records are picked from the seeded data by what a test needs."""

import pytest

from taubench.domains.construction.workdays import end_of, shift_working_days, working_days_between


def _first(table, predicate):
    return next(key for key, record in table.items() if predicate(record))


@pytest.fixture
def db(tools):
    return tools.db


def test_find_project_identifies_by_id_and_address(ok, no, db):
    project = db.projects["P1001"]
    found = ok("find_project", project_id="P1001", address=project.address.upper())
    assert found["client_id"] == project.client_id and set(found["permit_ids"]) >= {"BP5001"}
    assert no("find_project", project_id="P1001", address="1 Nowhere Rd") == (
        "Error: Address does not match the site of project P1001"
    )
    assert no("find_project", project_id="P9999", address="x") == "Error: Project P9999 not found"


def test_get_employee_and_subcontractor_look_ups(ok, no):
    assert ok("get_employee", employee_id="E101")["role"] == "project_manager"
    assert ok("get_subcontractor", sub_id="S202")["licence_expires"] == "2025-04-30"
    assert no("get_employee", employee_id="E999") == "Error: Employee E999 not found"


def test_find_subcontractor_needs_licence_and_company(ok, no):
    assert ok("find_subcontractor", licence_number="ec-204417", company="rivera electric")["sub_id"] == "S201"
    assert no("find_subcontractor", licence_number="EC-000000", company="Rivera Electric") == (
        "Error: No subcontractor holds licence EC-000000"
    )
    assert no("find_subcontractor", licence_number="EC-198830", company="Lakeside Electric Co") == (
        "Error: Licence EC-198830 is held by another company"
    )


def test_search_subcontractors_by_trade_and_county(ok):
    found = ok("search_subcontractors", trade="electrical", county="Rock")
    assert "S202" in [sub["sub_id"] for sub in found] and "S201" not in [sub["sub_id"] for sub in found]
    assert [sub["company"] for sub in found] == sorted(sub["company"] for sub in found)


def test_schedule_permit_inspection_and_record_reads(ok, db):
    schedule = ok("get_schedule", project_id="P1001")
    assert len(schedule) == 12 and schedule[4]["predecessors"] == [schedule[3]["task_id"]]
    assert ok("get_permit", permit_id="BP5001")["permit_type"] == "building"
    assert [held["inspection_type"] for held in ok("list_inspections", permit_id="EP5001")][-1] == "final"
    order = next(iter(db.change_orders))
    assert ok("get_change_order", change_order_id=order)["change_order_id"] == order
    assert ok("get_pay_application", pay_application_id="PA3001")["project_id"] == "P1001"


def _bookable(db, kind):
    from taubench.domains.construction.taskbook import bookable

    return next(bookable(kind, "2025-05-20"))


def test_schedule_inspection_books_and_refuses(ok, no, db):
    project_id, permit_id = _bookable(db, "footing")
    booked = ok("schedule_inspection", permit_id=permit_id, inspection_type="footing", date="2025-05-08")
    assert booked["result"] == "scheduled" and booked["inspection_id"] in db.inspections
    assert no("schedule_inspection", permit_id=permit_id, inspection_type="footing", date="2025-05-09") == (
        f"Error: The footing inspection of permit {permit_id} is already scheduled"
    )
    assert no("schedule_inspection", permit_id=permit_id, inspection_type="rough_electrical", date="2025-05-09") == (
        "Error: A building permit has no rough_electrical inspection"
    )
    assert no("schedule_inspection", permit_id=permit_id, inspection_type="foundation", date="2025-05-06") == (
        "Error: Inspections are booked from tomorrow on"
    )
    expires = db.permits[permit_id].expires_on
    assert no("schedule_inspection", permit_id=permit_id, inspection_type="foundation", date="2027-01-04") == (
        f"Error: Permit {permit_id} expires on {expires}, before 2027-01-04"
    )
    lapsed = _first(db.permits, lambda permit: permit.status == "expired")
    assert no("schedule_inspection", permit_id=lapsed, inspection_type="final", date="2025-05-08") == (
        f"Error: Permit {lapsed} is expired"
    )


def test_assign_subcontractor(ok, no, db):
    task_id = _first(db.schedule_tasks, lambda task: task.trade == "electrical" and task.status == "not_started")
    assert ok("assign_subcontractor", task_id=task_id, sub_id="S205")["sub_id"] == "S205"
    assert no("assign_subcontractor", task_id=task_id, sub_id="S205") == (
        f"Error: Subcontractor S205 is already assigned to task {task_id}"
    )
    assert no("assign_subcontractor", task_id=task_id, sub_id="S206") == (
        "Error: Subcontractor S206 works plumbing, not electrical"
    )
    assert no("assign_subcontractor", task_id="T10001", sub_id="S205") == "Error: Task T10001 is done"


def test_move_task_shifts_successors_by_working_days(ok, no, db):
    task_id = _first(
        db.schedule_tasks,
        lambda task: task.name == "Framing" and task.status == "not_started" and task.start > "2025-05-10",
    )
    task = db.schedule_tasks[task_id]
    old = {key: record.start for key, record in db.schedule_tasks.items() if record.project_id == task.project_id}
    from datetime import date

    new_start = shift_working_days(date.fromisoformat(task.start), 6, db.holidays).isoformat()
    moved = ok("move_task", task_id=task_id, new_start=new_start)
    assert moved[0]["task_id"] == task_id and moved[0]["start"] == new_start
    for record in moved[1:]:
        shifted = working_days_between(
            date.fromisoformat(old[record["task_id"]]), date.fromisoformat(record["start"]), db.holidays
        )
        assert shifted == 6
        assert (
            record["end"]
            == end_of(date.fromisoformat(record["start"]), record["duration_days"], db.holidays).isoformat()
        )
    assert (
        no("move_task", task_id=task_id, new_start=new_start) == f"Error: Task {task_id} already starts on {new_start}"
    )
    assert no("move_task", task_id=task_id, new_start="2025-06-01") == "Error: 2025-06-01 is not a working day"
    assert no("move_task", task_id=task_id, new_start="2025-05-26") == "Error: 2025-05-26 is not a working day"
    assert (
        no("move_task", task_id=task_id, new_start="2025-05-05")
        == "Error: A task can only be moved to a day after today"
    )
    assert no("move_task", task_id="T10001", new_start="2025-06-02") == "Error: Task T10001 has already started"
    predecessor = task.predecessors[0]
    end = db.schedule_tasks[predecessor].end
    assert no("move_task", task_id=task_id, new_start=end) == (
        f"Error: Task {task_id} cannot start before its predecessor {predecessor} ends on {end}"
    )


def test_submit_change_order_prices_with_markup(ok, no, db):
    project_id = _first(db.projects, lambda project: project.status == "active")
    pm = db.projects[project_id].pm_id
    order = ok("submit_change_order", project_id=project_id, work="egress_window", sub_cost=8200, added_days=2)
    assert order["price"] == 9430.0 and order["status"] == "awaiting_client" and order["pm_approved_by"] is None
    assert (
        ok(
            "submit_change_order",
            project_id=project_id,
            work="basement_finish",
            sub_cost=100,
            added_days=12,
            pm_approved_by=pm,
        )["pm_approved_by"]
        == pm
    )
    closed = _first(db.projects, lambda project: project.status == "closed")
    arguments = {"project_id": project_id, "work": "gas_line", "sub_cost": 100, "added_days": 0}
    assert no("submit_change_order", **{**arguments, "project_id": closed}) == f"Error: Project {closed} is closed"
    assert no("submit_change_order", **{**arguments, "sub_cost": 0}) == "Error: Sub cost must be more than zero"
    assert no("submit_change_order", **{**arguments, "added_days": -1}) == "Error: Added days cannot be negative"
    assert no("submit_change_order", **{**arguments, "pm_approved_by": "E150"}) == (
        f"Error: Employee E150 is not the project manager of {project_id}"
    )


def test_record_client_approval_adds_to_the_contract(ok, no, db):
    order_id = _first(db.change_orders, lambda order: order.status == "awaiting_client")
    order = db.change_orders[order_id]
    before = db.projects[order.project_id].contract_value
    assert ok("record_client_approval", change_order_id=order_id)["status"] == "approved"
    assert db.projects[order.project_id].contract_value == round(before + order.price, 2)
    assert (
        no("record_client_approval", change_order_id=order_id) == f"Error: Change order {order_id} is already approved"
    )


def test_request_permit_extension(ok, no, db):
    permit_id = _first(db.permits, lambda permit: permit.status == "active" and not permit.extended)
    expires = db.permits[permit_id].expires_on
    extended = ok("request_permit_extension", permit_id=permit_id, reason="weather")
    assert extended["extended"] is True and extended["expires_on"] > expires
    assert no("request_permit_extension", permit_id=permit_id, reason="owner_hold") == (
        f"Error: Permit {permit_id} has already been extended"
    )
    closed = _first(db.permits, lambda permit: permit.status == "closed")
    assert no("request_permit_extension", permit_id=closed, reason="weather") == f"Error: Permit {closed} is closed"


def test_send_notice(ok, no):
    notice = ok(
        "send_notice", project_id="P1001", recipients=["project_manager", "client"], notice_type="schedule_delay"
    )
    assert notice["recipients"] == ["client", "project_manager"] and notice["sent_on"] == "2025-05-06"
    assert no("send_notice", project_id="P1001", recipients=[], notice_type="schedule_delay") == (
        "Error: Name at least one recipient"
    )
    assert no("send_notice", project_id="P1001", recipients=["client", "client"], notice_type="change_order") == (
        "Error: A recipient is named twice"
    )


def test_lien_waivers_and_payment_with_retainage(ok, no, db):
    key = _first(
        db.pay_applications,
        lambda application: (
            application.status == "submitted"
            and application.kind == "progress"
            and not application.lien_waivers
            and db.projects[application.project_id].retainage_pct == 10.0
        ),
    )
    amount = db.pay_applications[key].amount
    assert no("release_payment", pay_application_id=key) == f"Error: No lien waiver is on file for {key}"
    assert no("record_lien_waiver", pay_application_id=key, waiver_type="conditional", amount=0) == (
        "Error: Waiver amount must be more than zero"
    )
    ok("record_lien_waiver", pay_application_id=key, waiver_type="conditional", amount=round(amount * 0.9, 2))
    assert no("record_lien_waiver", pay_application_id=key, waiver_type="conditional", amount=5) == (
        f"Error: A conditional waiver is already on file for {key}"
    )
    paid = ok("release_payment", pay_application_id=key)
    assert paid["paid_amount"] == round(amount - round(amount * 0.10, 2), 2) and paid["status"] == "paid"
    assert no("release_payment", pay_application_id=key) == f"Error: Pay application {key} is already paid"
    assert no("record_lien_waiver", pay_application_id=key, waiver_type="unconditional", amount=5) == (
        f"Error: Pay application {key} is already paid"
    )


def test_final_payment_is_paid_in_full(ok, db):
    key = _first(
        db.pay_applications, lambda application: application.kind == "final" and application.status == "submitted"
    )
    amount = db.pay_applications[key].amount
    ok("record_lien_waiver", pay_application_id=key, waiver_type="unconditional", amount=amount)
    assert ok("release_payment", pay_application_id=key)["paid_amount"] == amount
