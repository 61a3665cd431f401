"""The space domain's tools: the mission-operations console of Kestrel Earth Imaging. They
check what the ground segment checks (existence, a window's owner and booking, a booking's
purpose and time, propellant physically on board, a request's status); who may command what,
conjunction tiers, the propellant reserve, the storm rule, the contact limits, licences and
imaging conditions are the policy's, so the agent's job."""

from datetime import datetime, timedelta
from typing import Optional

from pydantic import BaseModel

from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents
from taubench.domains.space.models import (
    Alarm,
    AnomalyReport,
    Booking,
    Conjunction,
    ImagingRequest,
    KpBin,
    Maneuver,
    Operator,
    OperatorProfile,
    Spacecraft,
    SpaceDB,
    TelemetryReading,
)

PROPELLANT_PER_MS = 0.12  # kg of propellant per m/s of delta-v
PURPOSES = ("anomaly", "maneuver", "downlink", "imaging")
MODES = ("nominal", "safe", "maintenance")
SEVERITIES = ("yellow", "red")
CLOCK = "%Y-%m-%d %H:%M"


class WindowView(BaseModel):
    """A contact window as the scheduling screen shows it: with its station's licence and booking."""

    window_id: str
    station_id: str
    station_name: str
    licensed_planes: list[str]
    start: str
    end: str
    max_elevation_deg: float
    booking_id: Optional[str]
    booked_purpose: Optional[str]


def _moment(value: str, label: str) -> datetime:
    try:
        return datetime.strptime(value, CLOCK)
    except (TypeError, ValueError):
        raise ValueError(f"{label} must be written YYYY-MM-DD HH:MM (UTC)") from None


def _profile(operator: Operator) -> OperatorProfile:
    return OperatorProfile.model_validate(operator.model_dump(exclude={"pin"}))


class SpaceTools(RecordDesk):
    db: SpaceDB

    def _now(self) -> datetime:
        return datetime.strptime(self.db.now, CLOCK)

    def _span(self, start: Optional[str], end: Optional[str], hours: int) -> tuple[str, str]:
        first = _moment(start, "Start") if start else self._now()
        last = _moment(end, "End") if end else first + timedelta(hours=hours)
        if last < first:
            raise ValueError("End must not be before start")
        return first.strftime(CLOCK), last.strftime(CLOCK)

    @tool("read")
    def verify_operator(self, operator_id: str, pin: str) -> OperatorProfile:
        """Verify a caller: their operator id and PIN. Returns their profile (team, certification
        level and the last day it is valid).

        Args:
            operator_id: The operator's id, e.g. "OP-104".
            pin: The four-digit PIN the caller gives.
        """
        operator: Operator = self._get("operators", operator_id)
        if operator.pin != str(pin).strip():
            raise ValueError("PIN does not match")
        return _profile(operator)

    @tool("read")
    def find_operator(self, name: str) -> list[OperatorProfile]:
        """Find operators by full name (any case), e.g. to look up a maneuver's second approver.
        Several people may share a name.

        Args:
            name: First and last name, e.g. "Tomas Brandt".
        """
        wanted = " ".join(name.lower().split())
        found = [_profile(o) for o in self.db.operators.values() if o.name.lower() == wanted]
        if not found:
            raise ValueError(f"No operator named {name}")
        return found

    @tool("read")
    def get_operator(self, operator_id: str) -> OperatorProfile:
        """An operator's profile by id: team, certification level and validity.

        Args:
            operator_id: The operator's id, e.g. "OP-104".
        """
        return _profile(self._get("operators", operator_id))

    @tool("read")
    def get_spacecraft(self, sc_id: str) -> Spacecraft:
        """A spacecraft's status: plane, orbit, mode, propellant, battery charge, payload health.

        Args:
            sc_id: The spacecraft's id, e.g. "SAT-17".
        """
        return self._get("spacecraft", sc_id)

    @tool("read")
    def get_telemetry(
        self, sc_id: str, parameter: str, start: Optional[str] = None, end: Optional[str] = None
    ) -> list[TelemetryReading]:
        """A spacecraft's samples of one telemetry parameter, oldest first, each with its limit
        state (nominal, yellow or red). Without start and end: the 24 hours before now.

        Args:
            sc_id: The spacecraft's id.
            parameter: e.g. "battery_temp_c", "bus_voltage_v", "wheel_speed_rpm", "tank_pressure_bar".
            start: From, YYYY-MM-DD HH:MM UTC (optional).
            end: To, YYYY-MM-DD HH:MM UTC (optional).
        """
        self._get("spacecraft", sc_id)
        limits = self._get("parameters", parameter)
        if start is None and end is None:
            last = self._now()
            first, last_text = (last - timedelta(hours=24)).strftime(CLOCK), last.strftime(CLOCK)
        else:
            first, last_text = self._span(start, end, 24)
        readings = []
        for sample in self.db.telemetry.values():
            if sample.sc_id == sc_id and sample.parameter == parameter and first <= sample.time <= last_text:
                value = sample.value
                state = (
                    "red"
                    if value < limits.red_low or value > limits.red_high
                    else "yellow"
                    if value < limits.yellow_low or value > limits.yellow_high
                    else "nominal"
                )
                readings.append(
                    TelemetryReading(
                        sample_id=sample.sample_id, time=sample.time, value=value, unit=limits.unit, state=state
                    )
                )
        return sorted(readings, key=lambda r: (r.time, r.sample_id))

    @tool("read")
    def list_alarms(self, sc_id: str) -> list[Alarm]:
        """A spacecraft's limit alarms, open and acknowledged, oldest first.

        Args:
            sc_id: The spacecraft's id.
        """
        self._get("spacecraft", sc_id)
        return sorted(self._of("alarms", "sc_id", sc_id), key=lambda a: (a.raised_at, a.alarm_id))

    @tool("read")
    def list_contact_windows(
        self, sc_id: str, start: Optional[str] = None, end: Optional[str] = None
    ) -> list[WindowView]:
        """A spacecraft's ground-station contact windows that start in a period, by start time,
        with each station's licence and any booking. Without start and end: the 48 hours from now.

        Args:
            sc_id: The spacecraft's id.
            start: From, YYYY-MM-DD HH:MM UTC (optional).
            end: To, YYYY-MM-DD HH:MM UTC (optional).
        """
        self._get("spacecraft", sc_id)
        first, last = self._span(start, end, 48)
        views = []
        for window in self._of("contact_windows", "sc_id", sc_id):
            if first <= window.start <= last:
                station = self.db.ground_stations[window.station_id]
                booking = self.db.bookings[window.booking_id] if window.booking_id else None
                views.append(
                    WindowView(
                        window_id=window.window_id,
                        station_id=station.station_id,
                        station_name=station.name,
                        licensed_planes=sorted(station.licensed_planes),
                        start=window.start,
                        end=window.end,
                        max_elevation_deg=window.max_elevation_deg,
                        booking_id=window.booking_id,
                        booked_purpose=booking.purpose if booking else None,
                    )
                )
        return sorted(views, key=lambda v: (v.start, v.window_id))

    @tool("read")
    def list_conjunctions(self, sc_id: str) -> list[Conjunction]:
        """A spacecraft's conjunction events (close approaches screened by the catalogue), by
        time of closest approach: the other object, miss distance, probability of collision (Pc).

        Args:
            sc_id: The spacecraft's id.
        """
        self._get("spacecraft", sc_id)
        return sorted(self._of("conjunctions", "sc_id", sc_id), key=lambda c: (c.tca, c.event_id))

    @tool("read")
    def get_space_weather(self, start: str, end: str) -> list[KpBin]:
        """The forecast planetary K index in 3-hour bins whose start falls in a period.

        Args:
            start: From, YYYY-MM-DD HH:MM UTC.
            end: To, YYYY-MM-DD HH:MM UTC.
        """
        first, last = self._span(start, end, 0)
        return [b for b in sorted(self.db.space_weather.values(), key=lambda b: b.start) if first <= b.start <= last]

    @tool("read")
    def get_imaging_request(self, request_id: str) -> ImagingRequest:
        """A customer's imaging request: target, priority, cloud forecast, status, its tasked
        spacecraft and the contact its images come down in.

        Args:
            request_id: e.g. "IMG-50012".
        """
        return self._get("imaging_requests", request_id)

    @tool("read")
    def list_imaging_requests(self, sc_id: str) -> list[ImagingRequest]:
        """The imaging requests tasked to a spacecraft, in any status, by request id.

        Args:
            sc_id: The spacecraft's id.
        """
        self._get("spacecraft", sc_id)
        return sorted(self._of("imaging_requests", "sc_id", sc_id), key=lambda r: r.request_id)

    @tool("write")
    def book_contact(self, window_id: str, sc_id: str, purpose: str, operator_id: str) -> Booking:
        """Book a ground-station contact window for a spacecraft.

        Args:
            window_id: The window, e.g. "W-20015".
            sc_id: The spacecraft the window is for.
            purpose: "anomaly", "maneuver", "downlink" or "imaging".
            operator_id: The verified operator making the booking.
        """
        window = self._get("contact_windows", window_id)
        self._get("spacecraft", sc_id)
        self._get("operators", operator_id)
        if purpose not in PURPOSES:
            raise ValueError(f"Purpose must be one of {', '.join(PURPOSES)}")
        if window.sc_id != sc_id:
            raise ValueError(f"Window {window_id} is for {window.sc_id}, not {sc_id}")
        if window.booking_id is not None:
            raise ValueError(f"Window {window_id} is already booked ({window.booking_id})")
        if window.start <= self.db.now:
            raise ValueError(f"Window {window_id} has already started")
        window = self.db.contact_windows[window_id]
        booking_id = self._new_id("BK-", "next_booking_number")
        booking = Booking(
            booking_id=booking_id,
            window_id=window_id,
            sc_id=sc_id,
            purpose=purpose,
            status="active",
            booked_by=operator_id,
        )
        self.db.bookings[booking_id] = booking
        window.booking_id = booking_id
        return booking

    @tool("write")
    def release_contact(self, booking_id: str) -> Booking:
        """Release a booked contact, freeing its window.

        Args:
            booking_id: The booking, e.g. "BK-7012".
        """
        booking: Booking = self._get("bookings", booking_id)
        if booking.status != "active":
            raise ValueError(f"Booking {booking_id} is already released")
        for maneuver in self.db.maneuvers.values():
            if maneuver.booking_id == booking_id and maneuver.status == "planned":
                raise ValueError(f"Booking {booking_id} carries planned maneuver {maneuver.maneuver_id}")
        for request in self.db.imaging_requests.values():
            if request.booking_id == booking_id and request.status == "scheduled":
                raise ValueError(f"Booking {booking_id} carries scheduled imaging request {request.request_id}")
        booking = self.db.bookings[booking_id]
        booking.status = "released"
        self.db.contact_windows[booking.window_id].booking_id = None
        return booking

    @tool("write")
    def schedule_maneuver(
        self,
        sc_id: str,
        delta_v_ms: float,
        execute_at: str,
        booking_id: str,
        operator_id: str,
        approver_id: str,
        event_id: Optional[str] = None,
    ) -> Maneuver:
        """Plan a burn, uplinked in a booked maneuver contact; its propellant (0.12 kg per m/s) is
        reserved at once. Give the conjunction for a collision-avoidance burn; leave it out for
        station-keeping.

        Args:
            sc_id: The spacecraft.
            delta_v_ms: The burn's size in m/s.
            execute_at: When it executes, YYYY-MM-DD HH:MM UTC, inside the booked contact.
            booking_id: The active maneuver booking of this spacecraft the command goes up in.
            operator_id: The verified operator planning it.
            approver_id: The second operator approving it.
            event_id: The conjunction it avoids, e.g. "CJ-40007" (optional).
        """
        spacecraft: Spacecraft = self._get("spacecraft", sc_id)
        if event_id is not None:
            event: Conjunction = self._get("conjunctions", event_id)
            if event.sc_id != sc_id:
                raise ValueError(f"Conjunction {event_id} is not {sc_id}'s")
            if event.status != "open":
                raise ValueError(f"Conjunction {event_id} is already {event.status}")
        booking: Booking = self._get("bookings", booking_id)
        if booking.sc_id != sc_id or booking.status != "active" or booking.purpose != "maneuver":
            raise ValueError(f"Booking {booking_id} is not an active maneuver contact of {sc_id}")
        moment = _moment(execute_at, "Execute time").strftime(CLOCK)
        window = self.db.contact_windows[booking.window_id]
        if not window.start <= moment <= window.end:
            raise ValueError(f"Execute time must fall inside the booked contact ({window.start} to {window.end})")
        self._get("operators", operator_id)
        self._get("operators", approver_id)
        if approver_id == operator_id:
            raise ValueError("The approver must be someone other than the planner")
        if not delta_v_ms > 0:
            raise ValueError("Delta-v must be positive")
        needed = round(delta_v_ms * PROPELLANT_PER_MS, 2)
        if needed > spacecraft.propellant_kg:
            raise ValueError(
                f"Not enough propellant: the burn needs {needed} kg and {sc_id} has {spacecraft.propellant_kg} kg"
            )
        spacecraft = self.db.spacecraft[sc_id]
        spacecraft.propellant_kg = round(spacecraft.propellant_kg - needed, 2)
        if event_id is not None:
            self.db.conjunctions[event_id].status = "mitigated"
        maneuver_id = self._new_id("MN-", "next_maneuver_number")
        maneuver = Maneuver(
            maneuver_id=maneuver_id,
            sc_id=sc_id,
            event_id=event_id,
            delta_v_ms=delta_v_ms,
            propellant_kg=needed,
            execute_at=moment,
            booking_id=booking_id,
            planned_by=operator_id,
            approver_id=approver_id,
            status="planned",
        )
        self.db.maneuvers[maneuver_id] = maneuver
        return maneuver

    @tool("write")
    def set_mode(self, sc_id: str, mode: str) -> Spacecraft:
        """Command a spacecraft's mode.

        Args:
            sc_id: The spacecraft.
            mode: "nominal", "safe" or "maintenance".
        """
        spacecraft: Spacecraft = self._get("spacecraft", sc_id)
        if mode not in MODES:
            raise ValueError(f"Mode must be one of {', '.join(MODES)}")
        if spacecraft.mode == mode:
            raise ValueError(f"{sc_id} is already in {mode} mode")
        spacecraft = self.db.spacecraft[sc_id]
        spacecraft.mode = mode  # type: ignore[assignment]
        return spacecraft

    @tool("write")
    def file_anomaly_report(self, sc_id: str, parameter: str, severity: str, operator_id: str) -> AnomalyReport:
        """File an anomaly report on a spacecraft's telemetry parameter; the engineering team
        follows it up.

        Args:
            sc_id: The spacecraft.
            parameter: The telemetry parameter, e.g. "battery_temp_c".
            severity: "yellow" or "red": the limit crossed.
            operator_id: The verified operator filing it.
        """
        self._get("spacecraft", sc_id)
        self._get("parameters", parameter)
        self._get("operators", operator_id)
        if severity not in SEVERITIES:
            raise ValueError("Severity must be yellow or red")
        report_id = self._new_id("AR-", "next_report_number")
        report = AnomalyReport(
            report_id=report_id,
            sc_id=sc_id,
            parameter=parameter,
            severity=severity,
            filed_by=operator_id,
            filed_at=self.db.now,
            status="open",
        )
        self.db.anomaly_reports[report_id] = report
        return report

    @tool("write")
    def schedule_imaging(self, request_id: str, booking_id: str) -> ImagingRequest:
        """Schedule a pending imaging request on its tasked spacecraft, its images coming down in
        a booked imaging or downlink contact of that spacecraft.

        Args:
            request_id: The imaging request.
            booking_id: The active imaging or downlink booking of the request's spacecraft.
        """
        request: ImagingRequest = self._get("imaging_requests", request_id)
        if request.status != "pending":
            raise ValueError(f"Imaging request {request_id} is {request.status}, not pending")
        booking: Booking = self._get("bookings", booking_id)
        if (
            booking.sc_id != request.sc_id
            or booking.status != "active"
            or booking.purpose not in ("imaging", "downlink")
        ):
            raise ValueError(f"Booking {booking_id} is not an active imaging or downlink contact of {request.sc_id}")
        if self.db.spacecraft[booking.sc_id].mode != "nominal":
            raise ValueError(f"{booking.sc_id} is not in nominal mode and cannot be tasked")
        request = self.db.imaging_requests[request_id]
        request.status = "scheduled"
        request.booking_id = booking_id
        return request

    @tool("write")
    def cancel_imaging(self, request_id: str) -> ImagingRequest:
        """Cancel a pending or scheduled imaging request.

        Args:
            request_id: The imaging request.
        """
        request: ImagingRequest = self._get("imaging_requests", request_id)
        if request.status not in ("pending", "scheduled"):
            raise ValueError(f"Imaging request {request_id} is already {request.status}")
        request = self.db.imaging_requests[request_id]
        request.status = "cancelled"
        return request

    @tool("write")
    def acknowledge_alarm(self, alarm_id: str, operator_id: str, report_id: Optional[str] = None) -> Alarm:
        """Acknowledge an open limit alarm, citing the anomaly report filed for it.

        Args:
            alarm_id: e.g. "AL-6003".
            operator_id: The verified operator acknowledging it.
            report_id: The anomaly report filed on the alarm's spacecraft and parameter (optional).
        """
        alarm: Alarm = self._get("alarms", alarm_id)
        self._get("operators", operator_id)
        if alarm.status != "open":
            raise ValueError(f"Alarm {alarm_id} is already acknowledged")
        if report_id is not None:
            report: AnomalyReport = self._get("anomaly_reports", report_id)
            if (report.sc_id, report.parameter) != (alarm.sc_id, alarm.parameter):
                raise ValueError(f"Report {report_id} is not on {alarm.sc_id}'s {alarm.parameter}")
        alarm = self.db.alarms[alarm_id]
        alarm.status = "acknowledged"
        alarm.report_id = report_id
        alarm.acknowledged_by = operator_id
        return alarm

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
