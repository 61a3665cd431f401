"""The coordination desk's tools. They check what the contractor's systems check: that records
exist and are in a state the change fits (a permit still in force, a pay application not yet
paid, a task not yet started), that an inspection belongs to its permit's type, that a task
starts on a working day after its predecessors end and that a subcontractor works the task's
trade. Who may ask for what, which papers a subcontractor needs, the order of inspections, the
thresholds of change orders and payments and when to refuse or hand off are the policy's, so the
agent's."""

from datetime import date, datetime, timedelta
from typing import Annotated, Literal, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.construction.models import (
    ChangeOrder,
    ChangeWork,
    ConstructionDB,
    Employee,
    ExtensionReason,
    Inspection,
    InspectionType,
    LienWaiver,
    Notice,
    NoticeType,
    PayApplication,
    Permit,
    PermitType,
    ProjectFile,
    Recipient,
    ScheduleTask,
    Subcontractor,
    Trade,
)
from taubench.domains.construction.workdays import (
    EXTENSION_DAYS,
    cents,
    end_of,
    is_working_day,
    marked_up,
    shift_working_days,
    working_days_between,
)
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

INSPECTIONS_OF: dict[PermitType, tuple[InspectionType, ...]] = {
    "building": ("footing", "foundation", "framing", "insulation", "final"),
    "plumbing": ("underground_plumbing", "rough_plumbing", "final"),
    "electrical": ("rough_electrical", "final"),
    "mechanical": ("rough_mechanical", "final"),
}


def site(address: str) -> str:
    return " ".join(address.lower().replace(".", "").replace(",", " ").split())


def successors_of(db: ConstructionDB, task: ScheduleTask) -> list[str]:
    """The ids of the tasks that wait, directly or through others, on ``task``, in schedule order."""
    waiting, found = [task.task_id], set()
    project_tasks = [other for other in db.schedule_tasks.values() if other.project_id == task.project_id]
    while waiting:
        current = waiting.pop()
        for other in project_tasks:
            if current in other.predecessors and other.task_id not in found:
                found.add(other.task_id)
                waiting.append(other.task_id)
    return [other.task_id for other in project_tasks if other.task_id in found]


class ConstructionTools(RecordDesk):
    db: ConstructionDB

    def _today(self) -> date:
        return datetime.strptime(self.db.now, "%Y-%m-%d %H:%M").date()

    @tool("read")
    def find_project(self, project_id: str, address: str) -> ProjectFile:
        """A project's file, when the site address given matches the project's: how a homeowner
        client is identified.

        Args:
            project_id: The project's id, e.g. "P1001".
            address: The site's street address, e.g. "418 Juniper Ln" (any case).
        """
        project = self._get("projects", project_id)
        if site(address) != site(project.address):
            raise ValueError(f"Address does not match the site of project {project_id}")
        return ProjectFile(
            **project.model_dump(),
            permit_ids=[key for key, permit in self.db.permits.items() if permit.project_id == project_id],
            change_order_ids=[key for key, order in self.db.change_orders.items() if order.project_id == project_id],
            pay_application_ids=[
                key for key, application in self.db.pay_applications.items() if application.project_id == project_id
            ],
        )

    @tool("read")
    def get_employee(self, employee_id: str) -> Employee:
        """One of the contractor's employees, with their role: how a project manager is identified.

        Args:
            employee_id: The employee id, e.g. "E101".
        """
        return self._get("employees", employee_id)

    @tool("read")
    def find_subcontractor(self, licence_number: str, company: str) -> Subcontractor:
        """The subcontractor holding this trade licence, when the company name matches: how a
        subcontractor is identified.

        Args:
            licence_number: The state trade licence number, e.g. "EC-204417".
            company: The company's name, e.g. "Rivera Electric" (any case).
        """
        wanted = licence_number.strip().upper()
        sub = next((sub for sub in self.db.subcontractors.values() if sub.licence_number == wanted), None)
        if sub is None:
            raise ValueError(f"No subcontractor holds licence {licence_number}")
        if site(company) != site(sub.company):
            raise ValueError(f"Licence {licence_number} is held by another company")
        return sub

    @tool("read")
    def search_subcontractors(self, trade: Trade, county: str) -> list[Subcontractor]:
        """The subcontractors of a trade based in a county, by company name.

        Args:
            trade: The trade, e.g. "electrical".
            county: The county, e.g. "Dane".
        """
        found = [
            sub
            for sub in self.db.subcontractors.values()
            if sub.trade == trade and sub.county.lower() == county.strip().lower()
        ]
        return sorted(found, key=lambda sub: (sub.company, sub.sub_id))

    @tool("read")
    def get_subcontractor(self, sub_id: str) -> Subcontractor:
        """A subcontractor's record: trade, licence, liability insurance and workers' comp.

        Args:
            sub_id: The subcontractor's id, e.g. "S301".
        """
        return self._get("subcontractors", sub_id)

    @tool("read")
    def get_schedule(self, project_id: str) -> list[ScheduleTask]:
        """A project's schedule: its tasks in order, with predecessors, dates and assigned subs.

        Args:
            project_id: The project's id.
        """
        self._get("projects", project_id)
        return self._of("schedule_tasks", "project_id", project_id)

    @tool("read")
    def get_permit(self, permit_id: str) -> Permit:
        """A permit: its type, issue date, last passed inspection, expiry and extension.

        Args:
            permit_id: The permit's id, e.g. "BP5001".
        """
        return self._get("permits", permit_id)

    @tool("read")
    def list_inspections(self, permit_id: str) -> list[Inspection]:
        """A permit's inspections, booked and held, in the order they were booked.

        Args:
            permit_id: The permit's id.
        """
        self._get("permits", permit_id)
        return self._of("inspections", "permit_id", permit_id)

    @tool("read")
    def get_change_order(self, change_order_id: str) -> ChangeOrder:
        """A change order: its work, cost, price, added days and approvals.

        Args:
            change_order_id: The change order's id, e.g. "CO2001".
        """
        return self._get("change_orders", change_order_id)

    @tool("read")
    def get_pay_application(self, pay_application_id: str) -> PayApplication:
        """A subcontractor's pay application, with the lien waivers received against it.

        Args:
            pay_application_id: The pay application's id, e.g. "PA3001".
        """
        return self._get("pay_applications", pay_application_id)

    @tool("write")
    def schedule_inspection(self, permit_id: str, inspection_type: InspectionType, date: str) -> Inspection:
        """Book an inspection of a permit with the building department.

        Args:
            permit_id: The permit's id.
            inspection_type: The inspection, e.g. "framing"; it must be one of the permit's type.
            date: The day, YYYY-MM-DD.
        """
        permit = self._get("permits", permit_id)
        day = a_date(date, "Inspection date")
        if permit.status != "active":
            raise ValueError(f"Permit {permit_id} is {permit.status}")
        if inspection_type not in INSPECTIONS_OF[permit.permit_type]:
            raise ValueError(f"A {permit.permit_type} permit has no {inspection_type} inspection")
        if day <= self._today():
            raise ValueError("Inspections are booked from tomorrow on")
        if date > permit.expires_on:
            raise ValueError(f"Permit {permit_id} expires on {permit.expires_on}, before {date}")
        for held in self._of("inspections", "permit_id", permit_id):
            if held.inspection_type == inspection_type and held.result in ("scheduled", "passed"):
                raise ValueError(f"The {inspection_type} inspection of permit {permit_id} is already {held.result}")
        number = self._new_id("I", "next_inspection_number")
        inspection = Inspection(
            inspection_id=number, permit_id=permit_id, inspection_type=inspection_type, date=date, result="scheduled"
        )
        self.db.inspections[number] = inspection
        return inspection

    @tool("write")
    def assign_subcontractor(self, task_id: str, sub_id: str) -> ScheduleTask:
        """Assign a subcontractor to a schedule task (replacing any assigned before).

        Args:
            task_id: The task's id, e.g. "T10001".
            sub_id: The subcontractor's id.
        """
        task = self._get("schedule_tasks", task_id)
        sub = self._get("subcontractors", sub_id)
        if task.status == "done":
            raise ValueError(f"Task {task_id} is done")
        if sub.trade != task.trade:
            raise ValueError(f"Subcontractor {sub_id} works {sub.trade}, not {task.trade}")
        if task.sub_id == sub_id:
            raise ValueError(f"Subcontractor {sub_id} is already assigned to task {task_id}")
        task.sub_id = sub_id
        return task

    @tool("write")
    def move_task(self, task_id: str, new_start: str) -> list[ScheduleTask]:
        """Move a task that has not started to a new start day; every task waiting on it moves by
        the same number of working days. Returns the moved tasks, the task first.

        Args:
            task_id: The task's id.
            new_start: The new first working day, YYYY-MM-DD.
        """
        task = self._get("schedule_tasks", task_id)
        day = a_date(new_start, "New start")
        holidays = self.db.holidays
        if task.status != "not_started":
            raise ValueError(f"Task {task_id} has already started")
        if not is_working_day(day, holidays):
            raise ValueError(f"{new_start} is not a working day")
        if day <= self._today():
            raise ValueError("A task can only be moved to a day after today")
        if new_start == task.start:
            raise ValueError(f"Task {task_id} already starts on {new_start}")
        for predecessor in task.predecessors:
            before = self.db.schedule_tasks[predecessor]
            if before.end >= new_start:
                raise ValueError(
                    f"Task {task_id} cannot start before its predecessor {predecessor} ends on {before.end}"
                )
        shift = working_days_between(date.fromisoformat(task.start), day, holidays)
        moved = []
        for key in [task_id, *successors_of(self.db, task)]:
            record = self.db.schedule_tasks[key]
            start = shift_working_days(date.fromisoformat(record.start), shift, holidays)
            if key == task_id:
                start = day
            record.start, record.end = start.isoformat(), end_of(start, record.duration_days, holidays).isoformat()
            moved.append(record)
        return moved

    @tool("write")
    def submit_change_order(
        self,
        project_id: str,
        work: ChangeWork,
        sub_cost: float,
        added_days: int,
        pm_approved_by: Optional[str] = None,
    ) -> ChangeOrder:
        """Put a change order in writing for the client's approval. Its price is worked out from
        the subcontractor's cost.

        Args:
            project_id: The project's id.
            work: The kind of work, one of the manual's change-order work codes, e.g. "egress_window".
            sub_cost: The subcontractor's price for the work, USD.
            added_days: The working days the work adds to the schedule (0 when none).
            pm_approved_by: The employee id of the project manager who approved it, when one must.
        """
        project = self._get("projects", project_id)
        cost = an_amount(sub_cost, "Sub cost")
        if project.status == "closed":
            raise ValueError(f"Project {project_id} is closed")
        if cost <= 0:
            raise ValueError("Sub cost must be more than zero")
        if added_days < 0:
            raise ValueError("Added days cannot be negative")
        if pm_approved_by is not None and pm_approved_by != project.pm_id:
            raise ValueError(f"Employee {pm_approved_by} is not the project manager of {project_id}")
        number = self._new_id("CO", "next_change_order_number")
        order = ChangeOrder(
            change_order_id=number,
            project_id=project_id,
            work=work,
            sub_cost=cost,
            price=marked_up(cost),
            added_days=added_days,
            pm_approved_by=pm_approved_by,
            submitted_on=self._today().isoformat(),
            status="awaiting_client",
            approved_on=None,
        )
        self.db.change_orders[number] = order
        return order

    @tool("write")
    def record_client_approval(self, change_order_id: str) -> ChangeOrder:
        """Record the client's written approval of a change order; its price joins the contract value.

        Args:
            change_order_id: The change order's id.
        """
        order = self._get("change_orders", change_order_id)
        if order.status != "awaiting_client":
            raise ValueError(f"Change order {change_order_id} is already approved")
        project = self._get("projects", order.project_id)
        order.status, order.approved_on = "approved", self._today().isoformat()
        project.contract_value = cents(project.contract_value + order.price)
        return order

    @tool("write")
    def request_permit_extension(self, permit_id: str, reason: ExtensionReason) -> Permit:
        """File a permit's one written extension with the building department: 180 more days.

        Args:
            permit_id: The permit's id.
            reason: Why the work needs more time, one of the manual's extension reasons, e.g. "weather".
        """
        permit = self._get("permits", permit_id)
        if permit.status != "active":
            raise ValueError(f"Permit {permit_id} is {permit.status}")
        if permit.extended:
            raise ValueError(f"Permit {permit_id} has already been extended")
        expires = date.fromisoformat(permit.expires_on) + timedelta(days=EXTENSION_DAYS)
        permit.expires_on, permit.extended, permit.extension_reason = expires.isoformat(), True, reason
        return permit

    @tool("write")
    def send_notice(
        self, project_id: str, recipients: Annotated[list[Recipient], Unordered()], notice_type: NoticeType
    ) -> Notice:
        """Send a project notice and log it.

        Args:
            project_id: The project's id.
            recipients: Who receives it: any of "client", "project_manager", "subcontractors",
                "building_department".
            notice_type: One of "schedule_delay", "inspection_booked", "change_order",
                "payment_released", "permit_extended".
        """
        self._get("projects", project_id)
        if not recipients:
            raise ValueError("Name at least one recipient")
        if len(set(recipients)) != len(recipients):
            raise ValueError("A recipient is named twice")
        number = self._new_id("N", "next_notice_number")
        notice = Notice(
            notice_id=number,
            project_id=project_id,
            notice_type=notice_type,
            recipients=list(recipients),
            sent_on=self._today().isoformat(),
        )
        self.db.notices[number] = notice
        return notice

    @tool("write")
    def record_lien_waiver(
        self, pay_application_id: str, waiver_type: Literal["conditional", "unconditional"], amount: float
    ) -> PayApplication:
        """Record a lien waiver received from the subcontractor against a pay application.

        Args:
            pay_application_id: The pay application's id.
            waiver_type: "conditional" or "unconditional".
            amount: The amount the waiver covers, USD.
        """
        application = self._get("pay_applications", pay_application_id)
        value = an_amount(amount, "Waiver amount")
        if application.status != "submitted":
            raise ValueError(f"Pay application {pay_application_id} is already paid")
        if value <= 0:
            raise ValueError("Waiver amount must be more than zero")
        if any(waiver.waiver_type == waiver_type for waiver in application.lien_waivers):
            raise ValueError(f"A {waiver_type} waiver is already on file for {pay_application_id}")
        number = self._new_id("W", "next_waiver_number")
        application.lien_waivers.append(
            LienWaiver(
                waiver_id=number,
                waiver_type=waiver_type,
                amount=value,
                received_on=self._today().isoformat(),
            )
        )
        return application

    @tool("write")
    def release_payment(self, pay_application_id: str) -> PayApplication:
        """Pay a pay application. A progress payment holds back the project's retainage; a final
        payment is paid in full.

        Args:
            pay_application_id: The pay application's id.
        """
        application = self._get("pay_applications", pay_application_id)
        project = self._get("projects", application.project_id)
        if application.status != "submitted":
            raise ValueError(f"Pay application {pay_application_id} is already paid")
        if not application.lien_waivers:
            raise ValueError(f"No lien waiver is on file for {pay_application_id}")
        held = cents(application.amount * project.retainage_pct / 100) if application.kind == "progress" else 0.0
        application.status, application.paid_on = "paid", self._today().isoformat()
        application.paid_amount = cents(application.amount - held)
        return application

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
