"""The operations desk's tools: who is calling, fields, sensors, the forecast, labels,
applicators, machines and stock (reads); spray jobs, irrigation, harvest, loads, stock
adjustments, services and scouting reports (writes). The label, weather, water, nitrogen and
service limits are the agent's judgement under the manual (``data/policy.md``); the tools
check only what the farm system would."""

import re
from datetime import date as Date
from datetime import datetime, timedelta
from typing import Optional

from pydantic import BaseModel

from taubench.core.toolkit import tool
from taubench.domains.agriculture.models import (
    AgricultureDB,
    Application,
    Applicator,
    Equipment,
    Farm,
    Field,
    ForecastDay,
    HarvestLoad,
    IrrigationEvent,
    Person,
    Product,
    ScoutingReport,
    SensorReading,
    StockEntry,
)
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

TIME = re.compile(r"[0-2]\d:[0-5]\d")
STANDARD_MOISTURE = {"corn": 15.5, "soybeans": 13.0, "wheat": 13.5}
SERVICE_INTERVAL_HOURS = 250


class Caller(BaseModel):
    person: Person
    farm: Farm  # the farm whose access code was given


class SprayRecord(BaseModel):
    application: Application
    product_name: str
    phi_clear_date: str  # the first day a harvest may start after this application
    reentry_date: str  # the day and time the re-entry interval runs out (applied jobs only)
    reentry_time: str


class Machine(BaseModel):
    equipment: Equipment
    hours_since_service: int


def dry_bushels(wet_bu: float, moisture_pct: float, standard: float) -> float:
    """Wet bushels shrunk to the crop's standard moisture, to a tenth of a bushel, half up."""
    scaled = wet_bu * (100 - moisture_pct) * 10 / (100 - standard)
    return int(scaled + 0.5 + 1e-9) / 10


class AgricultureTools(RecordDesk):
    """The farm-operations desk."""

    db: AgricultureDB

    @property
    def _today(self) -> str:
        return self.db.now[:10]

    def _not_past(self, value: str, what: str) -> str:
        day = a_date(value, what).isoformat()
        if day < self._today:
            raise ValueError(f"{what} must not be before today ({self._today})")
        return day

    def _span(self, start: str, end: str) -> tuple[str, str]:
        first, last = a_date(start, "Start").isoformat(), a_date(end, "End").isoformat()
        if first > last:
            raise ValueError("Start must not be after end")
        return first, last

    @tool("read")
    def verify_caller(self, person_id: str, farm_code: str) -> Caller:
        """Verify who is calling: their account id (owners, managers) or employee id (crew leads)
        and the access code of the farm they are calling about.

        Args:
            person_id: The account id (e.g. "ACC-2041") or employee id (e.g. "EMP-310").
            farm_code: The farm's access code, e.g. "FC-7741".
        """
        person = self._get("people", person_id.strip().upper() if isinstance(person_id, str) else person_id)
        code = farm_code.strip().upper() if isinstance(farm_code, str) else ""
        for farm_id in person.farm_ids:
            farm = self.db.farms[farm_id]
            if farm.farm_code == code:
                return Caller(person=person, farm=farm)
        raise ValueError("No caller matches that id and farm code")

    @tool("read")
    def list_fields(self, farm_id: str) -> list[Field]:
        """The farm's fields, in field-number order.

        Args:
            farm_id: The farm id, e.g. "F07".
        """
        self._get("farms", farm_id)
        return self._of("fields", "farm_id", farm_id)

    @tool("read")
    def get_field(self, field_id: str) -> Field:
        """One field: acres, crop and variety, planting date, available water, irrigation,
        organic status, season water allocation and use, scheduled harvest.

        Args:
            field_id: The field id, e.g. "FLD1004".
        """
        return self._get("fields", field_id)

    @tool("read")
    def get_sensor_readings(self, field_id: str, start: str, end: str) -> list[SensorReading]:
        """The field's daily sensor readings between two dates (both included), oldest first: soil
        moisture as a percent of available water, rain and the day's high.

        Args:
            field_id: The field id.
            start: First day, YYYY-MM-DD.
            end: Last day, YYYY-MM-DD.
        """
        self._get("fields", field_id)
        first, last = self._span(start, end)
        found = [r for r in self._of("sensor_readings", "field_id", field_id) if first <= r.date <= last]
        return sorted(found, key=lambda reading: reading.date)

    @tool("read")
    def get_forecast(self, farm_id: str, start: str, end: str) -> list[ForecastDay]:
        """The farm's daily forecast between two dates (both included): the day's strongest
        wind in mph and its rain in mm.

        Args:
            farm_id: The farm id.
            start: First day, YYYY-MM-DD.
            end: Last day, YYYY-MM-DD.
        """
        self._get("farms", farm_id)
        first, last = self._span(start, end)
        found = [f for f in self._of("forecast", "farm_id", farm_id) if first <= f.date <= last]
        return sorted(found, key=lambda day: day.date)

    @tool("read")
    def get_product(self, product_id: str) -> Product:
        """A product's label: crops and states it is registered for, the maximum rate per acre
        and applications per season, re-entry (REI) hours, pre-harvest (PHI) days, restricted
        use, organic listing and nitrogen content.

        Args:
            product_id: The product code, e.g. "P214".
        """
        return self._get("products", product_id)

    @tool("read")
    def get_application_history(self, field_id: str, season: str) -> list[SprayRecord]:
        """The field's applications (scheduled, applied, cancelled) in one season, by date, each
        with its product's name, the day its pre-harvest interval clears and, once applied, the
        time its re-entry interval runs out.

        Args:
            field_id: The field id.
            season: The year, e.g. "2025".
        """
        self._get("fields", field_id)
        found = [a for a in self._of("applications", "field_id", field_id) if a.date[:4] == str(season)]
        found.sort(key=lambda application: (application.date, application.application_id))
        return [self._spray_record(application) for application in found]

    def _spray_record(self, application: Application) -> SprayRecord:
        product = self.db.products[application.product_id]
        clear = Date.fromisoformat(application.date) + timedelta(days=product.phi_days)
        day, time = "", ""
        if application.applied_time:
            finished = datetime.fromisoformat(f"{application.date}T{application.applied_time}")
            day, time = (finished + timedelta(hours=product.rei_hours)).isoformat(timespec="minutes").split("T")
        return SprayRecord(
            application=application,
            product_name=product.name,
            phi_clear_date=clear.isoformat(),
            reentry_date=day,
            reentry_time=time,
        )

    @tool("read")
    def get_harvest_records(self, field_id: str, season: str) -> list[HarvestLoad]:
        """The field's harvest loads in one season, by date: wet bushels, moisture and dry
        bushels at the crop's standard moisture.

        Args:
            field_id: The field id.
            season: The year, e.g. "2025".
        """
        self._get("fields", field_id)
        found = [h for h in self._of("harvest_loads", "field_id", field_id) if h.date[:4] == str(season)]
        return sorted(found, key=lambda load: (load.date, load.load_id))

    @tool("read")
    def get_applicator(self, applicator_id: str) -> Applicator:
        """A licensed applicator: licence number, its expiry and the farms they work on.

        Args:
            applicator_id: The applicator id, e.g. "AP12".
        """
        return self._get("applicators", applicator_id)

    @tool("read")
    def list_equipment(self, farm_id: str) -> list[Machine]:
        """The farm's machines, each with its engine hours since its last service.

        Args:
            farm_id: The farm id.
        """
        self._get("farms", farm_id)
        return [self._machine(e) for e in self._of("equipment", "farm_id", farm_id)]

    @tool("read")
    def get_equipment(self, equipment_id: str) -> Machine:
        """One machine: engine hours, hours at and date of its last service, a booked service,
        and its hours since the last service.

        Args:
            equipment_id: The machine id, e.g. "EQ031".
        """
        return self._machine(self._get("equipment", equipment_id))

    @staticmethod
    def _machine(equipment: Equipment) -> Machine:
        return Machine(equipment=equipment, hours_since_service=equipment.engine_hours - equipment.last_service_hours)

    @tool("read")
    def get_inventory(self, farm_id: str) -> list[StockEntry]:
        """The farm's stock of products on hand, in product order.

        Args:
            farm_id: The farm id.
        """
        self._get("farms", farm_id)
        return sorted(self._of("inventory", "farm_id", farm_id), key=lambda entry: entry.product_id)

    @tool("write")
    def schedule_application(
        self, field_id: str, product_id: str, rate: float, date: str, applicator_id: str, equipment_id: str
    ) -> Application:
        """Schedule a product application on a whole field.

        Args:
            field_id: The field id.
            product_id: The product code.
            rate: The rate per acre, in the product's label unit.
            date: The day of the application, YYYY-MM-DD, today or later.
            applicator_id: The applicator who will apply it.
            equipment_id: The machine that will apply it.
        """
        field = self._get("fields", field_id)
        self._get("products", product_id)
        applicator = self._get("applicators", applicator_id)
        machine = self._get("equipment", equipment_id)
        amount = an_amount(rate, "Rate")
        if amount <= 0:
            raise ValueError("Rate must be more than 0")
        day = self._not_past(date, "Date")
        if machine.farm_id != field.farm_id:
            raise ValueError(f"Equipment {equipment_id} is not on the field's farm")
        if field.farm_id not in applicator.farm_ids:
            raise ValueError(f"Applicator {applicator_id} does not work on the field's farm")
        application = Application(
            application_id=self._new_id("APP", "next_application_number"),
            field_id=field_id,
            product_id=product_id,
            date=day,
            applied_time=None,
            planned_rate=amount,
            actual_rate=None,
            acres=field.acres,
            applicator_id=applicator_id,
            equipment_id=equipment_id,
            status="scheduled",
        )
        self.db.applications[application.application_id] = application
        return application

    @tool("write")
    def record_application(
        self, application_id: str, actual_rate: float, finished_time: Optional[str] = None
    ) -> Application:
        """Record a scheduled application as applied, at the rate actually put on.

        Args:
            application_id: The application id, e.g. "APP30412".
            actual_rate: The rate per acre actually applied, in the product's unit.
            finished_time: When the job finished, HH:MM on its scheduled day; leave it out for
                a job of today that has just finished (it is then now). Needed for an earlier day.
        """
        application = self._get("applications", application_id)
        amount = an_amount(actual_rate, "Actual rate")
        if amount <= 0:
            raise ValueError("Actual rate must be more than 0")
        if application.status != "scheduled":
            raise ValueError(f"Application {application_id} is {application.status}, not scheduled")
        if application.date > self._today:
            raise ValueError(f"Application {application_id} is scheduled for {application.date}, after today")
        if finished_time is None:
            if application.date < self._today:
                raise ValueError(f"Say when the job of {application.date} finished (HH:MM)")
            finished_time = self.db.now[11:16]
        if not isinstance(finished_time, str) or not TIME.fullmatch(finished_time) or int(finished_time[:2]) > 23:
            raise ValueError("Finished time must be written HH:MM")
        if application.date == self._today and finished_time > self.db.now[11:16]:
            raise ValueError("Finished time must not be later than now")
        application.status = "applied"
        application.actual_rate = amount
        application.applied_time = finished_time
        return application

    @tool("write")
    def schedule_irrigation(self, field_id: str, date: str, depth_mm: float) -> IrrigationEvent:
        """Schedule an irrigation of a whole field; its depth counts against the season allocation.

        Args:
            field_id: The field id.
            date: The day, YYYY-MM-DD, today or later.
            depth_mm: The depth of water to apply, in mm.
        """
        field = self._get("fields", field_id)
        depth = an_amount(depth_mm, "Depth")
        if depth <= 0:
            raise ValueError("Depth must be more than 0")
        day = self._not_past(date, "Date")
        if field.irrigation == "none":
            raise ValueError(f"Field {field_id} has no irrigation system")
        event = IrrigationEvent(
            event_id=self._new_id("IRR", "next_irrigation_number"),
            field_id=field_id,
            date=day,
            depth_mm=depth,
            status="scheduled",
        )
        self.db.irrigation_events[event.event_id] = event
        field.water_used_mm = round(field.water_used_mm + depth, 2)
        return event

    @tool("write")
    def schedule_harvest(self, field_id: str, date: str) -> Field:
        """Set (or move) the day the field's harvest starts.

        Args:
            field_id: The field id.
            date: The first harvest day, YYYY-MM-DD, today or later.
        """
        field = self._get("fields", field_id)
        field.harvest_date = self._not_past(date, "Date")
        return field

    @tool("write")
    def record_harvest_load(self, field_id: str, date: str, wet_bu: float, moisture_pct: float) -> HarvestLoad:
        """Record a grain load off a field; the system works out its dry bushels at the crop's
        standard moisture (corn 15.5%, soybeans 13%, wheat 13.5%).

        Args:
            field_id: The field id.
            date: The day the load came off, YYYY-MM-DD.
            wet_bu: The load's wet bushels at the scale.
            moisture_pct: Its moisture in percent.
        """
        field = self._get("fields", field_id)
        day = a_date(date, "Date").isoformat()
        wet = an_amount(wet_bu, "Wet bushels")
        moisture = an_amount(moisture_pct, "Moisture")
        if field.crop not in STANDARD_MOISTURE:
            raise ValueError(f"Field {field_id} grows {field.crop}, which is not sold by the bushel")
        if wet <= 0:
            raise ValueError("Wet bushels must be more than 0")
        if not 0 < moisture < 40:
            raise ValueError("Moisture must be between 0 and 40 percent")
        if day > self._today:
            raise ValueError("A load cannot be dated after today")
        load = HarvestLoad(
            load_id=self._new_id("LD", "next_load_number"),
            field_id=field_id,
            date=day,
            wet_bu=wet,
            moisture_pct=moisture,
            dry_bu=dry_bushels(wet, moisture, STANDARD_MOISTURE[field.crop]),
        )
        self.db.harvest_loads[load.load_id] = load
        return load

    @tool("write")
    def adjust_inventory(
        self,
        farm_id: str,
        product_id: str,
        delta: float,
        reason: Optional[str] = None,
        application_id: Optional[str] = None,
    ) -> StockEntry:
        """Change a farm's stock of a product: a delivery (positive), a write-off or count
        correction (negative), or the draw-down of a recorded application.

        Args:
            farm_id: The farm id.
            product_id: The product code.
            delta: The change, in the product's unit (negative to draw down).
            reason: Why, e.g. "delivery"; not needed for an application's draw-down.
            application_id: For a draw-down, the application it was used on (the log then
                names it, whatever the reason says).
        """
        self._get("farms", farm_id)
        self._get("products", product_id)
        if application_id is not None:
            application = self._get("applications", application_id)
            if application.product_id != product_id or self.db.fields[application.field_id].farm_id != farm_id:
                raise ValueError(f"Application {application_id} is not of this product on this farm")
        change = an_amount(delta, "Delta")
        if change == 0:
            raise ValueError("Delta must not be 0")
        if application_id is None and (not isinstance(reason, str) or not reason.strip()):
            raise ValueError("A reason is required")
        key = f"{farm_id}-{product_id}"
        on_hand = self.db.inventory[key].quantity if key in self.db.inventory else 0.0
        if on_hand + change < 0:
            raise ValueError(f"Stock cannot go below zero: {on_hand:g} on hand")
        if key not in self.db.inventory:
            self.db.inventory[key] = StockEntry(
                stock_id=key, farm_id=farm_id, product_id=product_id, quantity=0, log=[]
            )
        entry = self.db.inventory[key]
        entry.quantity = round(on_hand + change, 2)
        why = f"application {application_id}" if application_id is not None else str(reason).strip()
        entry.log = sorted([*entry.log, f"{change:g} {why}"])
        return entry

    @tool("write")
    def schedule_maintenance(self, equipment_id: str, date: str, service: str) -> Machine:
        """Book a service for a machine.

        Args:
            equipment_id: The machine id.
            date: The service day, YYYY-MM-DD, today or later.
            service: What is to be done, e.g. "250-hour service".
        """
        machine = self._get("equipment", equipment_id)
        day = self._not_past(date, "Date")
        if not isinstance(service, str) or not service.strip():
            raise ValueError("Say what service is to be done")
        if machine.booked_service is not None:
            raise ValueError(f"Equipment {equipment_id} already has a service booked: {machine.booked_service}")
        machine.booked_service = f"{day}: {service.strip()}"
        return self._machine(machine)

    @tool("write")
    def create_scouting_report(
        self, field_id: str, pest: str, severity: str, note: Optional[str] = None
    ) -> ScoutingReport:
        """Log a scouting report for a visit made today.

        Args:
            field_id: The field id.
            pest: The pest, weed or disease seen, e.g. "corn rootworm".
            severity: low, moderate or high.
            note: What the scout saw, in a sentence (optional).
        """
        self._get("fields", field_id)
        if severity not in ("low", "moderate", "high"):
            raise ValueError("Severity must be low, moderate or high")
        if not isinstance(pest, str) or not pest.strip():
            raise ValueError("Name the pest, weed or disease")
        report = ScoutingReport(
            report_id=self._new_id("SR", "next_report_number"),
            field_id=field_id,
            date=self._today,
            pest=pest.strip().lower(),
            severity=severity,
            note=(note or "").strip(),
        )
        self.db.scouting_reports[report.report_id] = report
        return report

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
