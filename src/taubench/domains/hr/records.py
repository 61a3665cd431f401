"""The HR service center's look-ups: verifying a caller, the company directory, employee
records, PTO accounts, leave eligibility, requisitions, applications, interview calendars and
the plants' shift schedules. They show what the HR system holds; who may be told what is the
policy's, so the agent's."""

from datetime import timedelta

from taubench.core.toolkit import tool
from taubench.domains.hr.models import (
    Application,
    DirectoryEntry,
    Employee,
    HrDB,
    Interview,
    LeaveEligibility,
    PtoAccount,
    Requisition,
    Schedule,
)
from taubench.domains.hr.shift_time import age_on, week_hours, week_of
from taubench.domains.hr.workdays import completed_months, day, month_end
from taubench.domains.kit import RecordDesk

ACCRUAL_TIERS = ((6, 13.33), (3, 10.0), (0, 6.67))  # completed years of service -> hours a month


def accrual_per_month(years: int) -> float:
    return next(hours for least, hours in ACCRUAL_TIERS if years >= least)


class HrRecords(RecordDesk):
    db: HrDB

    def _active(self, employee_id: str) -> Employee:
        employee = self._get("employees", employee_id)
        if employee.status != "active":
            raise ValueError(f"Employee {employee_id} is not active")
        return employee

    def _hourly(self, employee_id: str) -> Employee:
        employee = self._get("employees", employee_id)
        if employee.pay_basis != "hourly":
            raise ValueError(f"Employee {employee_id} is salaried and works no shifts")
        return employee

    @staticmethod
    def _entry(employee: Employee) -> DirectoryEntry:
        return DirectoryEntry(**{name: getattr(employee, name) for name in DirectoryEntry.model_fields})

    @tool("read")
    def verify_employee(self, employee_id: str, birth_date: str) -> DirectoryEntry:
        """Verify a caller: their employee id must match their date of birth. Gives their
        directory entry (status, title, department, level, access role, manager).

        Args:
            employee_id: The caller's employee id, e.g. "E1004".
            birth_date: The caller's date of birth, YYYY-MM-DD.
        """
        employee = self._get("employees", employee_id)
        if employee.birth_date != birth_date:
            raise ValueError("Employee id and date of birth do not match")
        return self._entry(employee)

    @tool("read")
    def find_employees(self, query: str) -> list[DirectoryEntry]:
        """Search the company directory by employee id or by name (any part, any case). The
        directory shows no personal details: no pay, birth date, address or leave.

        Args:
            query: An employee id such as "E1004", or a name or part of one.
        """
        wanted = str(query).strip().lower()
        if len(wanted) < 2:
            raise ValueError("Give an employee id or at least two letters of a name")
        return [
            self._entry(employee)
            for employee in self.db.employees.values()
            if employee.employee_id.lower() == wanted or wanted in employee.name.lower()
        ]

    @tool("read")
    def get_employee(self, employee_id: str) -> Employee:
        """An employee's full HR record: role, reporting line, hire dates, pay, hours, PTO
        balance, warnings, contact details and emergency contact.

        Args:
            employee_id: The employee's id.
        """
        return self._get("employees", employee_id)

    @tool("read")
    def get_pto_account(self, employee_id: str) -> PtoAccount:
        """An employee's PTO balance (hours, accruals to date included), their accrual tier and
        their pending and approved requests that are not over yet.

        Args:
            employee_id: The employee's id.
        """
        employee = self._get("employees", employee_id)
        years = completed_months(employee.hire_date, self.db.today) // 12
        requests = [
            request
            for request in self._of("pto_requests", "employee_id", employee_id)
            if request.status in ("pending", "approved") and request.end_date >= self.db.today
        ]
        return PtoAccount(
            employee_id=employee_id,
            balance_hours=employee.pto_balance,
            hire_date=employee.hire_date,
            completed_years_of_service=years,
            accrual_hours_per_month=accrual_per_month(years),
            next_accrual_date=month_end(self.db.today),
            open_requests=requests,
        )

    @tool("read")
    def get_leave_eligibility(self, employee_id: str) -> LeaveEligibility:
        """The facts leave eligibility turns on: service on this record and on an earlier one
        (rehires), hours worked in the last 12 months, the company's headcount within 75 miles
        of the employee's office, and their leave requests.

        Args:
            employee_id: The employee's id.
        """
        employee = self._get("employees", employee_id)
        prior = self.db.employees.get(employee.prior_employee_id or "")
        return LeaveEligibility(
            employee_id=employee_id,
            hire_date=employee.hire_date,
            months_of_service=completed_months(employee.hire_date, employee.termination_date or self.db.today),
            prior_employee_id=prior.employee_id if prior else None,
            prior_hire_date=prior.hire_date if prior else None,
            prior_termination_date=prior.termination_date if prior else None,
            prior_months_of_service=completed_months(prior.hire_date, prior.termination_date or self.db.today)
            if prior
            else 0,
            hours_last_12_months=employee.hours_last_12_months,
            employees_within_75_miles=self.db.offices[employee.office_id].employees_within_75_miles,
            leaves=self._of("leave_requests", "employee_id", employee_id),
        )

    @tool("read")
    def search_requisitions(self, department: str = "", location: str = "") -> list[Requisition]:
        """Job requisitions by department and/or location, in id order, with their pay range,
        the job code's pay band, status and posting dates.

        Args:
            department: Part of the department's name, e.g. "Maintenance"; may be empty.
            location: An office's city or state, e.g. "Dayton" or "OH"; may be empty.
        """
        department, location = (str(value or "").strip().lower() for value in (department, location))
        if not department and not location:
            raise ValueError("Give a department or a location")
        found = []
        for requisition in self.db.requisitions.values():
            office = self.db.offices[requisition.office_id]
            if department and department not in requisition.department.lower():
                continue
            if location and location not in (office.city.lower(), office.state.lower()):
                continue
            found.append(requisition)
        return found

    @tool("read")
    def list_applications(self, requisition_id: str) -> list[Application]:
        """The candidates who applied to a requisition, with their stage, oldest first.

        Args:
            requisition_id: The requisition's id, e.g. "R801".
        """
        self._get("requisitions", requisition_id)
        return self._of("applications", "requisition_id", requisition_id)

    @tool("read")
    def list_interviews(self, employee_id: str) -> list[Interview]:
        """The interviews an employee is booked to conduct from today on, by date and time.

        Args:
            employee_id: The interviewer's employee id.
        """
        self._get("employees", employee_id)
        booked = [
            interview
            for interview in self._of("interviews", "interviewer_id", employee_id)
            if interview.status == "scheduled" and interview.date >= self.db.today
        ]
        return sorted(booked, key=lambda interview: (interview.date, interview.time))

    @tool("read")
    def get_schedule(self, employee_id: str, week_start: str) -> Schedule:
        """An hourly employee's workweek, Monday to Sunday: their shifts (a shift counts in the
        week it starts) and scheduled hours, whether they are under 18, the week's open shifts
        at their site in their job code, and the open swap requests on their shifts of the
        week or on colleagues' shifts of the week that they accepted.

        Args:
            employee_id: The employee's id.
            week_start: The Monday the week starts, YYYY-MM-DD.
        """
        employee = self._hourly(employee_id)
        if day(week_start, "week_start").weekday() != 0:
            raise ValueError("week_start must be a Monday")
        week = week_of(self.db.shifts.values(), week_start)
        theirs = [shift for shift in week if shift.employee_id == employee_id]
        week_ids = {shift.shift_id for shift in week}
        own_ids = {shift.shift_id for shift in theirs}
        requests = [
            request
            for request in self.db.swap_requests.values()
            if request.status == "open"
            and (request.shift_id in own_ids or (employee_id in request.accepted_by and request.shift_id in week_ids))
        ]
        return Schedule(
            employee_id=employee_id,
            name=employee.name,
            job_code=employee.job_code,
            office_id=employee.office_id,
            under_18=age_on(employee.birth_date, self.db.today) < 18,
            week_start=week_start,
            week_end=(day(week_start) + timedelta(days=6)).isoformat(),
            scheduled_hours=week_hours(theirs, week_start),
            shifts=theirs,
            open_shifts=[
                shift
                for shift in week
                if shift.status == "open"
                and shift.office_id == employee.office_id
                and shift.job_code == employee.job_code
            ],
            swap_requests=requests,
        )
