"""The HR service center's tools: the look-ups of ``records.py``, and here the writes: PTO and
leave requests, manager decisions, requisition approval and posting, internal applications,
interviews, contact changes, pay change requests, HR cases and shift assignments. They check
what the HR system checks (existence, status, dates, overlaps, double bookings); who may ask
for what, limits, rest, overtime, consent, notice and when to refuse or hand off are the
policy's, so the agent's."""

import re

from taubench.core.toolkit import tool
from taubench.domains.hr.models import (
    Address,
    Application,
    Case,
    EmergencyContact,
    Employee,
    Interview,
    LeaveRequest,
    PayChange,
    PtoRequest,
    Requisition,
    Shift,
)
from taubench.domains.hr.records import HrRecords
from taubench.domains.hr.workdays import day, is_workday, workdays
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

HOURS_PER_WORKDAY = 8
LEAVE_TYPES = ("fmla", "medical", "bereavement")
CASE_TYPES = ("harassment", "discrimination", "safety", "withholding_review", "payroll_error", "benefits")
PAY_REASONS = ("merit", "promotion", "market_adjustment", "retention")
INTERVIEWABLE = ("screen", "interview")


class HrTools(HrRecords):
    def _span(self, start_date: str, end_date: str) -> int:
        """The workdays of a request that starts after today; refuses an empty or reversed span."""
        first, last = day(start_date, "start_date"), day(end_date, "end_date")
        if first < day(self.db.today):
            raise ValueError("start_date is in the past")
        if last < first:
            raise ValueError("end_date is before start_date")
        count = workdays(start_date, end_date, self.db.holidays)
        if count == 0:
            raise ValueError("The dates cover no workday")
        return count

    @tool("write")
    def submit_pto_request(self, employee_id: str, start_date: str, end_date: str, hours: float) -> PtoRequest:
        """Submit a PTO request for an employee; it waits for their manager's decision.

        Args:
            employee_id: The employee taking the time off.
            start_date: The first day off, YYYY-MM-DD.
            end_date: The last day off, YYYY-MM-DD (the same day for a single day).
            hours: The PTO hours charged: 8 per full workday, 4 for a half day.
        """
        self._active(employee_id)
        count = self._span(start_date, end_date)
        if start_date == self.db.today:
            raise ValueError("PTO must start after today")
        if not isinstance(hours, (int, float)) or isinstance(hours, bool) or not 0 < hours <= HOURS_PER_WORKDAY * count:
            raise ValueError(
                f"hours must be more than 0 and at most {HOURS_PER_WORKDAY} per workday ({count} workdays)"
            )
        for other in self.db.pto_requests.values():
            if (
                other.employee_id == employee_id
                and other.status in ("pending", "approved")
                and other.start_date <= end_date
                and start_date <= other.end_date
            ):
                raise ValueError(f"Overlaps PTO request {other.request_id}")
        request = PtoRequest(
            request_id=self._new_id("P", "next_pto_number"),
            employee_id=employee_id,
            start_date=start_date,
            end_date=end_date,
            hours=round(float(hours), 2),
            status="pending",
            submitted_on=self.db.today,
            decided_by=None,
        )
        self.db.pto_requests[request.request_id] = request
        return request

    @tool("write")
    def decide_pto_request(self, request_id: str, decision: str, manager_id: str) -> PtoRequest:
        """Record a manager's decision on a pending PTO request.

        Args:
            request_id: The request's id, e.g. "P5012".
            decision: "approved" or "denied".
            manager_id: The employee id of the manager (or delegate) deciding.
        """
        request = self._get("pto_requests", request_id)
        if decision not in ("approved", "denied"):
            raise ValueError("decision must be approved or denied")
        self._active(manager_id)
        if manager_id == request.employee_id:
            raise ValueError("An employee cannot decide their own request")
        if request.status != "pending":
            raise ValueError(f"Request is {request.status}, not pending")
        request.status, request.decided_by = decision, manager_id
        return request

    @tool("write")
    def submit_leave_request(self, employee_id: str, leave_type: str, start_date: str, end_date: str) -> LeaveRequest:
        """File a leave of absence for an employee.

        Args:
            employee_id: The employee taking the leave.
            leave_type: "fmla", "medical" (the company's own medical leave) or "bereavement".
            start_date: The first day of leave, YYYY-MM-DD.
            end_date: The last day of leave, YYYY-MM-DD.
        """
        self._active(employee_id)
        if leave_type not in LEAVE_TYPES:
            raise ValueError(f"leave_type must be one of {', '.join(LEAVE_TYPES)}")
        count = self._span(start_date, end_date)
        for other in self.db.leave_requests.values():
            if (
                other.employee_id == employee_id
                and other.status in ("submitted", "approved")
                and other.start_date <= end_date
                and start_date <= other.end_date
            ):
                raise ValueError(f"Overlaps leave {other.leave_id}")
        leave = LeaveRequest(
            leave_id=self._new_id("LV", "next_leave_number"),
            employee_id=employee_id,
            leave_type=leave_type,
            start_date=start_date,
            end_date=end_date,
            workdays=count,
            status="submitted",
            submitted_on=self.db.today,
        )
        self.db.leave_requests[leave.leave_id] = leave
        return leave

    @tool("write")
    def approve_requisition(self, requisition_id: str, approver_id: str) -> Requisition:
        """Record the approval of a requisition awaiting approval, so it can be posted.

        Args:
            requisition_id: The requisition's id.
            approver_id: The employee id of the leader approving it.
        """
        requisition = self._get("requisitions", requisition_id)
        self._active(approver_id)
        if requisition.status != "awaiting_approval":
            raise ValueError(f"Requisition is {requisition.status}, not awaiting approval")
        if approver_id == requisition.hiring_manager_id:
            raise ValueError("The hiring manager cannot approve their own requisition")
        requisition.status, requisition.approved_by = "approved", approver_id
        return requisition

    @tool("write")
    def post_requisition(self, requisition_id: str, internal_start: str, external_start: str) -> Requisition:
        """Post an approved requisition: open to employees from internal_start, to everyone
        from external_start.

        Args:
            requisition_id: The requisition's id.
            internal_start: The day the internal posting opens, YYYY-MM-DD.
            external_start: The day the external posting opens, YYYY-MM-DD.
        """
        requisition = self._get("requisitions", requisition_id)
        if requisition.status != "approved":
            raise ValueError(f"Requisition is {requisition.status}; only an approved requisition can be posted")
        inside, outside = day(internal_start, "internal_start"), day(external_start, "external_start")
        if inside < day(self.db.today):
            raise ValueError("internal_start is in the past")
        if not (is_workday(inside, self.db.holidays) and is_workday(outside, self.db.holidays)):
            raise ValueError("Postings open on workdays only")
        if outside <= inside:
            raise ValueError("external_start must be after internal_start")
        requisition.status, requisition.internal_start, requisition.external_start = (
            "posted",
            internal_start,
            external_start,
        )
        return requisition

    @tool("write")
    def submit_internal_application(self, requisition_id: str, employee_id: str) -> Application:
        """Apply an employee to a posted requisition as an internal candidate.

        Args:
            requisition_id: The requisition's id.
            employee_id: The applying employee's id.
        """
        requisition = self._get("requisitions", requisition_id)
        employee = self._active(employee_id)
        if requisition.status != "posted" or (requisition.internal_start or "9999") > self.db.today:
            raise ValueError("Requisition is not open for applications")
        if any(
            application.requisition_id == requisition_id and application.employee_id == employee_id
            for application in self.db.applications.values()
        ):
            raise ValueError("Employee has already applied to this requisition")
        application = Application(
            application_id=self._new_id("A", "next_application_number"),
            requisition_id=requisition_id,
            candidate_name=employee.name,
            employee_id=employee_id,
            stage="applied",
            applied_on=self.db.today,
        )
        self.db.applications[application.application_id] = application
        return application

    @tool("write")
    def schedule_interview(self, application_id: str, interviewer_id: str, date: str, time: str) -> Interview:
        """Book an interview of a candidate with one interviewer; the application moves to the
        interview stage.

        Args:
            application_id: The application's id, e.g. "A20417".
            interviewer_id: The interviewer's employee id.
            date: The interview day, YYYY-MM-DD.
            time: The start time, HH:MM on a 24-hour clock, e.g. "14:00".
        """
        application = self._get("applications", application_id)
        self._active(interviewer_id)
        if application.stage not in INTERVIEWABLE:
            raise ValueError(f"Application is at stage {application.stage} and cannot be interviewed")
        if interviewer_id == application.employee_id:
            raise ValueError("A candidate cannot interview themselves")
        when = day(date, "date")
        if when <= day(self.db.today) or not is_workday(when, self.db.holidays):
            raise ValueError("Interviews are booked on a future workday only")
        if not isinstance(time, str) or not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", time):
            raise ValueError("time must be HH:MM on a 24-hour clock")
        for other in self.db.interviews.values():
            if other.status == "scheduled" and other.date == date and other.time == time:
                if other.interviewer_id == interviewer_id:
                    raise ValueError(f"Interviewer is already booked then ({other.interview_id})")
                if other.application_id == application_id:
                    raise ValueError(f"The candidate already has an interview then ({other.interview_id})")
        interview = Interview(
            interview_id=self._new_id("I", "next_interview_number"),
            application_id=application_id,
            interviewer_id=interviewer_id,
            date=date,
            time=time,
            status="scheduled",
        )
        self.db.interviews[interview.interview_id] = interview
        application.stage = "interview"
        return interview

    @tool("write")
    def update_contact_info(
        self,
        employee_id: str,
        phone: str = "",
        street: str = "",
        city: str = "",
        state: str = "",
        zip: str = "",
        emergency_name: str = "",
        emergency_relationship: str = "",
        emergency_phone: str = "",
    ) -> Employee:
        """Change an employee's phone, home address and/or emergency contact. Leave a group
        empty to keep it; an address needs all four parts, an emergency contact all three.

        Args:
            employee_id: The employee's id.
            phone: The new phone number, e.g. "614-555-0182"; empty to keep.
            street: The new street address, e.g. "22 Elm St Apt 4"; empty to keep the address.
            city: The new city.
            state: The new state, two letters, e.g. "OH".
            zip: The new 5-digit zip code.
            emergency_name: The new emergency contact's full name; empty to keep the contact.
            emergency_relationship: Their relationship to the employee, e.g. "spouse".
            emergency_phone: Their phone number.
        """
        employee = self._active(employee_id)
        phone, street, city, state, zip, emergency_name, emergency_relationship, emergency_phone = (
            "" if value is None else value
            for value in (phone, street, city, state, zip, emergency_name, emergency_relationship, emergency_phone)
        )  # an argument sent as null is left as it is, like an empty one
        address = [street, city, state, zip]
        contact = [emergency_name, emergency_relationship, emergency_phone]
        if not all(isinstance(value, str) for value in [phone, *address, *contact]):
            raise ValueError("Every contact field must be text")
        if not phone and not any(address) and not any(contact):
            raise ValueError("Nothing to change")
        if any(address) and not all(address):
            raise ValueError("An address needs street, city, state and zip")
        if any(address) and not (re.fullmatch(r"[A-Z]{2}", state) and re.fullmatch(r"\d{5}", zip)):
            raise ValueError("state must be two capital letters and zip five digits")
        if any(contact) and not all(contact):
            raise ValueError("An emergency contact needs a name, a relationship and a phone")
        if phone:
            employee.phone = phone
        if any(address):
            employee.address = Address(street=street, city=city, state=state, zip=zip)
        if any(contact):
            employee.emergency_contact = EmergencyContact(
                name=emergency_name, relationship=emergency_relationship, phone=emergency_phone
            )
        return employee

    @tool("write")
    def submit_pay_change(
        self, employee_id: str, requested_by: str, new_pay: float, effective_date: str, reason: str
    ) -> PayChange:
        """Submit a change of an employee's base pay; it is routed for approval to the
        requester's own manager.

        Args:
            employee_id: The employee whose pay changes.
            requested_by: The employee id of the manager asking for it.
            new_pay: The new base pay in the job's pay basis (USD a year, or USD an hour).
            effective_date: The first day of the pay period it takes effect, YYYY-MM-DD.
            reason: "merit", "promotion", "market_adjustment" or "retention".
        """
        employee = self._active(employee_id)
        requester = self._active(requested_by)
        if requested_by == employee_id:
            raise ValueError("An employee cannot request their own pay change")
        if reason not in PAY_REASONS:
            raise ValueError(f"reason must be one of {', '.join(PAY_REASONS)}")
        if not isinstance(new_pay, (int, float)) or isinstance(new_pay, bool) or new_pay <= 0:
            raise ValueError("new_pay must be a positive amount")
        if effective_date not in self.db.pay_period_starts or effective_date <= self.db.today:
            raise ValueError("effective_date must be the first day of a coming pay period")
        if requester.manager_id is None:
            raise ValueError("The requester has no manager to approve the change")
        change = PayChange(
            change_id=self._new_id("PC", "next_pay_change_number"),
            employee_id=employee_id,
            requested_by=requested_by,
            current_pay=employee.base_pay,
            new_pay=round(float(new_pay), 2),
            effective_date=effective_date,
            reason=reason,
            status="pending_approval",
            approver_id=requester.manager_id,
            submitted_on=self.db.today,
        )
        self.db.pay_changes[change.change_id] = change
        return change

    @tool("write")
    def open_case(self, employee_id: str, case_type: str) -> Case:
        """Open an HR case for an employee, to be worked by the specialist team.

        Args:
            employee_id: The employee the case is opened for.
            case_type: "harassment", "discrimination", "safety", "withholding_review",
                "payroll_error" or "benefits".
        """
        self._get("employees", employee_id)
        if case_type not in CASE_TYPES:
            raise ValueError(f"case_type must be one of {', '.join(CASE_TYPES)}")
        case = Case(
            case_id=self._new_id("C", "next_case_number"),
            employee_id=employee_id,
            case_type=case_type,
            status="open",
            opened_on=self.db.today,
        )
        self.db.cases[case.case_id] = case
        return case

    @tool("write")
    def assign_shift(self, shift_id: str, employee_id: str, overtime_approved_by: str = "") -> Shift:
        """Give a shift that has not started to an employee: an open shift picked up or
        assigned, or a colleague's shift taken over in a swap. Closes the open swap request on
        that shift.

        Args:
            shift_id: The shift's id, e.g. "S14021".
            employee_id: The employee who will work it.
            overtime_approved_by: The employee id of the manager approving the overtime this
                shift makes; empty when it makes none.
        """
        shift = self._get("shifts", shift_id)
        self._active(employee_id)
        self._hourly(employee_id)
        if overtime_approved_by:
            self._active(overtime_approved_by)
            if overtime_approved_by == employee_id:
                raise ValueError("An employee cannot approve their own overtime")
        if shift.start <= self.db.now:
            raise ValueError(f"Shift {shift_id} has already started")
        if shift.employee_id == employee_id:
            raise ValueError(f"Employee {employee_id} already works shift {shift_id}")
        for other in self.db.shifts.values():
            if other.employee_id == employee_id and other.start < shift.end and shift.start < other.end:
                raise ValueError(f"Overlaps the employee's shift {other.shift_id}")
        closed = [
            request.swap_id
            for request in self.db.swap_requests.values()
            if request.shift_id == shift_id and request.status == "open"
        ]
        for swap_id in closed:
            self.db.swap_requests[swap_id].status = "completed"
        shift.employee_id, shift.status, shift.overtime_approved_by = (
            employee_id,
            "scheduled",
            overtime_approved_by or None,
        )
        return shift

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
