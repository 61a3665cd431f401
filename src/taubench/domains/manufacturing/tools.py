"""The plant's operations desk: look-ups of people, lines, work orders, shifts, lots, gauges
and material, and the writes an MES takes: production and downtime entries, lot holds and
releases, NCRs and their dispositions, rescheduling, material issues and OEE reports. The
tools check what the plant's system checks (existence, status, quantities, clock times,
double entries); who may do what, release criteria, FIFO, limits and hand-offs are the
policy's, so the agent's."""

import re
from datetime import date as Day
from typing import Optional

from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date
from taubench.domains.manufacturing.models import (
    DefectCode,
    DowntimeEvent,
    Employee,
    Gauge,
    Line,
    Lot,
    ManufacturingDB,
    MaterialIssue,
    MaterialLot,
    Ncr,
    ProductionEntry,
    ShiftLog,
    ShiftReport,
    WorkOrder,
)
from taubench.domains.manufacturing.shifts import SHIFT_HOURS, closed, minutes_of, oee, run_finish, within_shift
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

HOLD_REASONS = ("out_of_spec", "gauge_overdue", "open_ncr", "customer_complaint")
DISPOSITIONS = ("scrap", "rework", "use_as_is", "repair")
ISSUE_REASONS = ("setup_loss", "scrap_replacement", "material_defect")
WO_STATUSES = ("released", "in_progress", "closed")
CLOCK = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def _count(value: object, what: str, least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{what} must be a whole number of at least {least}")
    return value


class ManufacturingTools(RecordDesk):
    db: ManufacturingDB

    def _shift(self, line_id: str, day: str, shift: int) -> ShiftLog:
        self._get("lines", line_id)
        a_date(day, "Date")
        if shift not in SHIFT_HOURS:
            raise ValueError("Shift must be 1, 2 or 3")
        log = self.db.shift_logs.get(f"{line_id}-{day}-{shift}")
        if log is None:
            raise ValueError(f"No shift {shift} scheduled on {line_id} on {day}")
        return log

    def _open_order(self, wo_id: str) -> WorkOrder:
        order: WorkOrder = self._get("work_orders", wo_id)
        if order.status == "closed":
            raise ValueError(f"Work order {wo_id} is closed")
        return order

    def _report(self, line_id: str, date: str, shift: int) -> ShiftReport:
        log = self._shift(line_id, date, shift)
        entries = [e for e in self.db.production.values() if (e.line_id, e.date, e.shift) == (line_id, date, shift)]
        stops = sorted(
            (e for e in self.db.downtime.values() if (e.line_id, e.date, e.shift) == (line_id, date, shift)),
            key=lambda event: minutes_of(SHIFT_HOURS[shift][0], event.start),
        )
        return ShiftReport(
            shift_key=log.shift_key,
            line_id=line_id,
            date=date,
            shift=shift,
            start=SHIFT_HOURS[shift][0],
            end=SHIFT_HOURS[shift][1],
            closed=closed(date, shift, self.db.today, self.db.now),
            planned_min=log.planned_min,
            ideal_cycle_min=self.db.lines[line_id].ideal_cycle_min,
            production=entries,
            downtime=stops,
            total_count=sum(e.good_qty + e.scrap_qty for e in entries),
            good_count=sum(e.good_qty for e in entries),
            oee_published=log.oee_published,
        )

    # ---- reads ----

    @tool("read")
    def get_employee(self, employee_id: str) -> Employee:
        """An employee's record: name, role, home line, certifications and status. Identify every caller with it first.

        Args:
            employee_id: The employee id, e.g. "E2017".
        """
        return self._get("employees", employee_id)

    @tool("read")
    def get_line(self, line_id: str) -> Line:
        """A production line: the part numbers it is qualified to run, its ideal cycle time and changeover minutes.

        Args:
            line_id: The line id, e.g. "L05".
        """
        return self._get("lines", line_id)

    @tool("read")
    def get_work_order(self, wo_id: str) -> WorkOrder:
        """A work order: part, customer, line, quantities, dates, material on the bill of materials and status.

        Args:
            wo_id: The work order id, e.g. "WO31042".
        """
        return self._get("work_orders", wo_id)

    @tool("read")
    def list_work_orders(
        self, line_id: Optional[str] = None, status: Optional[str] = None, part_number: Optional[str] = None
    ) -> list[WorkOrder]:
        """Work orders matching every filter given, in work order order. Give a line or a part number.

        Args:
            line_id: Only this line's work orders.
            status: Only work orders in this status: released, in_progress or closed.
            part_number: Only work orders for this part number, e.g. "BR-2210".
        """
        if not line_id and not part_number:
            raise ValueError("Give a line or a part number")
        if line_id:
            self._get("lines", line_id)
        if status is not None and status not in WO_STATUSES:
            raise ValueError("Status must be released, in_progress or closed")
        return [
            order
            for order in self.db.work_orders.values()
            if (not line_id or order.line_id == line_id)
            and (status is None or order.status == status)
            and (not part_number or order.part_number == part_number.strip().upper())
        ]

    @tool("read")
    def get_shift_report(self, line_id: str, date: str, shift: int) -> ShiftReport:
        """One shift of one line: planned minutes, production entries, downtime events and counts.

        Args:
            line_id: The line id.
            date: The day the shift starts, YYYY-MM-DD (shift 3 runs 23:00 to 07:00 the next day).
            shift: 1 (07:00-15:00), 2 (15:00-23:00) or 3 (23:00-07:00).
        """
        return self._report(line_id, date, shift)

    @tool("read")
    def get_lot(self, lot_id: str) -> Lot:
        """A lot: work order, quantity, status, hold reason, NCRs and inspections (measurement, limits, gauge, Cpk).

        Args:
            lot_id: The lot id, e.g. "LT60412".
        """
        return self._get("lots", lot_id)

    @tool("read")
    def get_ncr(self, ncr_id: str) -> Ncr:
        """A nonconformance report: lot, defect code and class, quantity, status and disposition.

        Args:
            ncr_id: The NCR id, e.g. "NCR7120".
        """
        return self._get("ncrs", ncr_id)

    @tool("read")
    def get_gauge(self, gauge_id: str) -> Gauge:
        """A gauge: what it is, the last day of its calibration and its status.

        Args:
            gauge_id: The gauge id, e.g. "G-104".
        """
        return self._get("gauges", gauge_id)

    @tool("read")
    def list_material_lots(self, material: str) -> list[MaterialLot]:
        """The lots of one raw material, in order of receipt, with expiry, kilograms on hand and status.

        Args:
            material: The material as the bill of materials names it, e.g. "6061-T6 bar 50mm".
        """
        wanted = material.strip().lower()
        found = [lot for lot in self.db.material_lots.values() if lot.material.lower() == wanted]
        if not found:
            raise ValueError(f"No material lots of {material}")
        return sorted(found, key=lambda lot: (lot.received, lot.material_lot_id))

    # ---- writes ----

    @tool("write")
    def record_production(
        self, employee_id: str, wo_id: str, date: str, shift: int, good_qty: int, scrap_qty: int
    ) -> ProductionEntry:
        """Record a shift's good and scrapped parts against a work order, on the work order's line.

        Args:
            employee_id: Who is recording it.
            wo_id: The work order.
            date: The day the shift started, YYYY-MM-DD.
            shift: 1, 2 or 3.
            good_qty: Good parts made in the shift.
            scrap_qty: Parts scrapped in the shift.
        """
        self._get("employees", employee_id)
        order = self._open_order(wo_id)
        self._shift(order.line_id, date, shift)
        good, scrap = _count(good_qty, "good_qty"), _count(scrap_qty, "scrap_qty")
        if good + scrap == 0:
            raise ValueError("Nothing to record: good_qty and scrap_qty are both 0")
        for entry in self.db.production.values():
            if (entry.wo_id, entry.date, entry.shift) == (wo_id, date, shift):
                raise ValueError(f"Shift {shift} of {date} is already recorded for {wo_id} ({entry.entry_id})")
        entry = ProductionEntry(
            entry_id=self._new_id("PE", "next_entry_number"),
            wo_id=wo_id,
            line_id=order.line_id,
            date=date,
            shift=shift,
            good_qty=good,
            scrap_qty=scrap,
            recorded_by=employee_id,
        )
        self.db.production[entry.entry_id] = entry
        order.qty_good += good
        order.qty_scrap += scrap
        order.status = "in_progress"
        return entry

    @tool("write")
    def log_downtime(
        self, employee_id: str, line_id: str, date: str, shift: int, start: str, end: str, reason_code: str
    ) -> DowntimeEvent:
        """Log a stop of a line within one shift.

        Args:
            employee_id: Who is logging it.
            line_id: The line that stopped.
            date: The day the shift started, YYYY-MM-DD.
            shift: 1, 2 or 3.
            start: When the line stopped, HH:MM.
            end: When it ran again, HH:MM.
            reason_code: The reason code, e.g. "MECH", "TOOL", "GAUGE", "MAT", "CHG", "QUAL", "PWR".
        """
        self._get("employees", employee_id)
        self._shift(line_id, date, shift)
        if not CLOCK.match(str(start)) or not CLOCK.match(str(end)):
            raise ValueError("start and end must be clock times HH:MM")
        self._get("downtime_reasons", reason_code)
        if start == end or not within_shift(shift, start, end):
            raise ValueError(
                f"The stop must end after it starts, within shift {shift} ({'-'.join(SHIFT_HOURS[shift])})"
            )
        opening = SHIFT_HOURS[shift][0]
        first, last = minutes_of(opening, start), minutes_of(opening, start) + minutes_of(start, end)
        for other in self.db.downtime.values():
            if (other.line_id, other.date, other.shift) == (line_id, date, shift):
                begins = minutes_of(opening, other.start)
                if begins < last and first < begins + other.minutes:
                    raise ValueError(f"Overlaps downtime {other.event_id} ({other.start}-{other.end})")
        event = DowntimeEvent(
            event_id=self._new_id("DT", "next_event_number"),
            line_id=line_id,
            date=date,
            shift=shift,
            start=start,
            end=end,
            minutes=minutes_of(start, end),
            reason_code=reason_code,
            logged_by=employee_id,
        )
        self.db.downtime[event.event_id] = event
        return event

    @tool("write")
    def hold_lot(self, employee_id: str, lot_id: str, reason: str) -> Lot:
        """Put a lot on hold so that it cannot ship or move on.

        Args:
            employee_id: Who is placing the hold.
            lot_id: The lot.
            reason: out_of_spec, gauge_overdue, open_ncr or customer_complaint.
        """
        self._get("employees", employee_id)
        lot: Lot = self._get("lots", lot_id)
        if reason not in HOLD_REASONS:
            raise ValueError(f"Reason must be one of {', '.join(HOLD_REASONS)}")
        if lot.status == "on_hold":
            raise ValueError(f"Lot {lot_id} is already on hold ({lot.hold_reason})")
        lot.status, lot.hold_reason = "on_hold", reason
        return lot

    @tool("write")
    def release_lot(self, employee_id: str, lot_id: str) -> Lot:
        """Release a lot to ship.

        Args:
            employee_id: Who is releasing it.
            lot_id: The lot.
        """
        self._get("employees", employee_id)
        lot: Lot = self._get("lots", lot_id)
        if lot.status == "released":
            raise ValueError(f"Lot {lot_id} is already released")
        lot.status, lot.hold_reason = "released", None
        return lot

    @tool("write")
    def create_ncr(self, employee_id: str, lot_id: str, defect_code: str, quantity: int) -> Ncr:
        """Open a nonconformance report on a lot; its class follows from the defect code.

        Args:
            employee_id: Who raises it.
            lot_id: The lot affected.
            defect_code: The defect code, e.g. "DIM-OOS", "SURF", "BURR", "SCRAP-HIGH", "GAUGE-CAL".
            quantity: How many parts are affected.
        """
        self._get("employees", employee_id)
        lot: Lot = self._get("lots", lot_id)
        code: DefectCode = self._get("defect_codes", defect_code)
        if _count(quantity, "quantity", 1) > lot.quantity:
            raise ValueError(f"quantity exceeds the lot's {lot.quantity} parts")
        ncr = Ncr(
            ncr_id=self._new_id("NCR", "next_ncr_number"),
            lot_id=lot_id,
            defect_code=defect_code,
            defect_class=code.defect_class,
            quantity=quantity,
            status="open",
            disposition=None,
            concession_ref=None,
            raised_by=employee_id,
        )
        self.db.ncrs[ncr.ncr_id] = ncr
        lot.ncr_ids = sorted([*lot.ncr_ids, ncr.ncr_id])
        return ncr

    @tool("write")
    def disposition_ncr(
        self, employee_id: str, ncr_id: str, disposition: str, concession_ref: Optional[str] = None
    ) -> Ncr:
        """Decide what happens to the nonconforming parts and close the NCR.

        Args:
            employee_id: Who decides.
            ncr_id: The NCR.
            disposition: scrap, rework, use_as_is or repair.
            concession_ref: The customer's concession number, e.g. "CN-40211", where one is given.
        """
        self._get("employees", employee_id)
        ncr: Ncr = self._get("ncrs", ncr_id)
        if ncr.status == "closed":
            raise ValueError(f"NCR {ncr_id} is already closed ({ncr.disposition})")
        if disposition not in DISPOSITIONS:
            raise ValueError(f"Disposition must be one of {', '.join(DISPOSITIONS)}")
        if concession_ref is not None and not re.fullmatch(r"CN-\d{5}", concession_ref):
            raise ValueError("A concession number is CN- and five digits")
        ncr.status, ncr.disposition, ncr.concession_ref = "closed", disposition, concession_ref
        return ncr

    @tool("write")
    def reschedule_work_order(self, wo_id: str, line_id: str, start_date: str) -> WorkOrder:
        """Move a work order to a line and a start day; its projected finish is recomputed with the changeover.

        Args:
            wo_id: The work order.
            line_id: The line it will run on.
            start_date: The first day it runs, YYYY-MM-DD, today or later.
        """
        order = self._open_order(wo_id)
        line: Line = self._get("lines", line_id)
        if a_date(start_date, "Start date") < Day.fromisoformat(self.db.today):
            raise ValueError("Start date is in the past")
        if line.status == "down":
            raise ValueError(f"Line {line_id} is down")
        remaining = max(order.qty_planned - order.qty_good, 0)
        order.line_id, order.start_date = line_id, start_date
        order.projected_finish = run_finish(start_date, line.changeover_min + remaining * line.ideal_cycle_min)
        return order

    @tool("write")
    def issue_material(
        self, wo_id: str, material_lot_id: str, kg: float, reason: Optional[str] = None
    ) -> MaterialIssue:
        """Issue raw material from a material lot to a work order.

        Args:
            wo_id: The work order.
            material_lot_id: The material lot it comes from.
            kg: Kilograms issued.
            reason: Why more than the bill of materials is issued, where it is: setup_loss,
                scrap_replacement or material_defect.
        """
        order = self._open_order(wo_id)
        lot: MaterialLot = self._get("material_lots", material_lot_id)
        if lot.material != order.material:
            raise ValueError(f"{material_lot_id} is {lot.material}; {wo_id} takes {order.material}")
        if lot.status == "on_hold":
            raise ValueError(f"Material lot {material_lot_id} is on hold")
        if isinstance(kg, bool) or not isinstance(kg, (int, float)) or kg <= 0:
            raise ValueError("kg must be more than 0")
        kg = round(float(kg), 2)
        if kg > lot.kg_on_hand:
            raise ValueError(f"Only {lot.kg_on_hand} kg on hand in {material_lot_id}")
        if reason is not None and reason not in ISSUE_REASONS:
            raise ValueError(f"Reason must be one of {', '.join(ISSUE_REASONS)}")
        issue = MaterialIssue(
            issue_id=self._new_id("MI", "next_issue_number"),
            wo_id=wo_id,
            material_lot_id=material_lot_id,
            kg=kg,
            reason=reason,
        )
        self.db.material_issues[issue.issue_id] = issue
        lot.kg_on_hand = round(lot.kg_on_hand - kg, 2)
        order.kg_issued = round(order.kg_issued + kg, 2)
        return issue

    @tool("write")
    def publish_oee_report(self, line_id: str, date: str, shift: int) -> dict[str, float]:
        """Publish a shift's OEE report (availability, performance, quality and OEE in percent).

        Args:
            line_id: The line.
            date: The day the shift started, YYYY-MM-DD.
            shift: 1, 2 or 3.
        """
        log = self._shift(line_id, date, shift)
        if log.oee_published is not None:
            raise ValueError(f"The OEE report of {log.shift_key} is already published ({log.oee_published}%)")
        report = self._report(line_id, date, shift)
        figures = oee(
            report.planned_min,
            [event.minutes for event in report.downtime],
            report.ideal_cycle_min,
            report.total_count,
            report.good_count,
        )
        if report.total_count == 0:
            raise ValueError(f"No production recorded for {log.shift_key}")
        self.db.shift_logs[log.shift_key].oee_published = figures["oee"]
        return figures

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
