"""The logistics desk's tools: the screens of Cascade Line Freight's operations desk. They check
what the dispatch, billing and warehouse systems check (existence, status, a date on the
calendar, a truck's payload, stock that cannot go below zero, a claim no larger than its
invoice); who may act, windows, limits, fees owed, hours of service and the hazmat pairing
are the policy's, so the agent's job."""

from datetime import date

from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.logistics.models import (
    AccountView,
    Adjustment,
    Claim,
    ClaimType,
    ConsigneeShipment,
    Driver,
    Employee,
    Incident,
    IncidentCategory,
    InventoryRow,
    LogisticsDB,
    ReasonCode,
    RouteDetails,
    RouteSummary,
    Severity,
    Shipment,
    Stop,
    Window,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

REDIRECT_FEE = 25.0
RESIDENTIAL_SURCHARGE = 5.0
FREE_STORAGE_DAYS = 3
STORAGE_PER_DAY = 15.0
STOP_HOURS = 0.5  # driving and on-duty time one added stop takes
WINDOWS = ("08-10", "10-12", "12-14", "14-16", "16-18")
CHANGEABLE = ("booked", "in_transit", "held", "exception")


def cents(value: float) -> float:
    return round(value + 1e-9, 2)


class LogisticsTools(RecordDesk):
    db: LogisticsDB

    def _today(self) -> str:
        return self.db.now[:10]

    def _open(self, tracking_number: str) -> Shipment:
        shipment = self._get("shipments", tracking_number)
        if shipment.status not in CHANGEABLE and shipment.status != "out_for_delivery":
            raise ValueError(f"Shipment is {shipment.status}")
        return shipment

    def _future(self, value: str, label: str) -> str:
        day = a_date(value, label).isoformat()
        if day <= self._today():
            raise ValueError(f"{label} must be after today ({self._today()})")
        return day

    @tool("read")
    def find_account(self, account_number: str, billing_zip: str) -> AccountView:
        """Identify a shipper's contact: the account with this number and billing zip, with its
        shipments' tracking numbers.

        Args:
            account_number: The shipper's account number, e.g. "AC10001".
            billing_zip: The account's billing zip code.
        """
        number = account_number.strip().upper() if isinstance(account_number, str) else account_number
        account = self._get("accounts", number)
        if account.billing_zip != str(billing_zip).strip():
            raise ValueError("Billing zip does not match the account")
        shipped = [s.tracking_number for s in self._of("shipments", "account_number", account.account_number)]
        return AccountView(account=account, shipments=shipped)

    @tool("read")
    def find_consignee_shipments(self, name: str, phone: str) -> list[ConsigneeShipment]:
        """Identify a consignee: the shipments addressed to this name at this phone number,
        in the data's order, with each one's shipper.

        Args:
            name: The consignee's full name.
            phone: The consignee's phone number, e.g. "503-555-0142".
        """
        wanted, number = name.strip().lower(), phone.strip()
        found = [
            ConsigneeShipment(
                tracking_number=s.tracking_number,
                shipper=self.db.accounts[s.account_number].company,
                status=s.status,
                delivery_date=s.delivery_date,
            )
            for s in self.db.shipments.values()
            if s.consignee_name.lower() == wanted and s.consignee_phone == number
        ]
        if not found:
            raise ValueError("No shipment is addressed to that name and phone")
        return found

    @tool("read")
    def verify_employee(self, employee_id: str, pin: str) -> Employee:
        """Identify a member of staff by employee id and PIN; the answer gives their role.

        Args:
            employee_id: The employee id, e.g. "EMP104".
            pin: Their 4-digit PIN.
        """
        employee = self._get("employees", employee_id)
        if employee.pin != str(pin).strip():
            raise ValueError("PIN does not match")
        return employee

    @tool("read")
    def track_shipment(self, tracking_number: str) -> Shipment:
        """A shipment's full record: shipper account, consignee, address, weight, service,
        status, declared value, hazmat class, delivery day and window, reschedules, charges.

        Args:
            tracking_number: The 10-digit tracking number, e.g. "7100000001".
        """
        return self._get("shipments", tracking_number)

    @tool("read")
    def list_routes(self, terminal: str, date: str) -> list[RouteSummary]:
        """The delivery routes leaving a terminal on a day, by route id.

        Args:
            terminal: The terminal's id, e.g. "PDX".
            date: The day, YYYY-MM-DD.
        """
        self._get("terminals", terminal)
        day = a_date(date, "Date").isoformat()
        found = [r for r in self.db.routes.values() if r.terminal == terminal and r.date == day]
        return [
            RouteSummary(route_id=r.route_id, driver_id=r.driver_id, vehicle_id=r.vehicle_id, load_lb=r.load_lb)
            for r in sorted(found, key=lambda r: r.route_id)
        ]

    @tool("read")
    def get_route(self, route_id: str) -> RouteDetails:
        """A route: its terminal, day, driver, truck (payload and placard), load and stops in order.

        Args:
            route_id: The route's id, e.g. "R1204".
        """
        route = self._get("routes", route_id)
        return RouteDetails(route=route, vehicle=self.db.vehicles[route.vehicle_id])

    @tool("read")
    def get_driver(self, driver_id: str) -> Driver:
        """A driver: hazmat endorsement and hours of service (driving today, on duty today,
        on duty over the last 8 days, today's plan included).

        Args:
            driver_id: The driver's id, e.g. "D031".
        """
        return self._get("drivers", driver_id)

    @tool("read")
    def get_inventory(self, sku: str, warehouse_id: str) -> InventoryRow:
        """The stock of one SKU in one warehouse: location, on-hand quantity, unit cost.

        Args:
            sku: The SKU, e.g. "SKU-40112".
            warehouse_id: The warehouse's terminal id, e.g. "PDX".
        """
        self._get("terminals", warehouse_id)
        return self._get("inventory", f"{sku}@{warehouse_id}")

    @tool("read")
    def get_claim(self, claim_id: str) -> Claim:
        """A cargo claim: its shipment, type, amount, invoice value, filing day and status.

        Args:
            claim_id: The claim's id, e.g. "CL5001".
        """
        return self._get("claims", claim_id)

    @tool("write")
    def reschedule_delivery(self, tracking_number: str, date: str, window: Window) -> Shipment:
        """Move a shipment's delivery to another day and 2-hour window.

        Args:
            tracking_number: The shipment's tracking number.
            date: The new delivery day, YYYY-MM-DD, after today.
            window: 08-10, 10-12, 12-14, 14-16 or 16-18.
        """
        shipment = self._open(tracking_number)
        day = self._future(date, "Delivery date")
        if window not in WINDOWS:
            raise ValueError(f"Window must be one of {', '.join(WINDOWS)}")
        if shipment.delivery_date == day and shipment.delivery_window == window:
            raise ValueError("The shipment is already booked for that day and window")
        shipment.delivery_date, shipment.delivery_window = day, window
        shipment.reschedule_count += 1
        if shipment.status in ("held", "out_for_delivery"):
            shipment.status, shipment.hold_until = "in_transit", None
        return shipment

    @tool("write")
    def redirect_shipment(self, tracking_number: str, address: str, zip: str, residential: bool) -> Shipment:
        """Send a shipment to another address. Adds the redirect fee to the shipper's bill:
        25.00, plus 5.00 when the new address is a residence.

        Args:
            tracking_number: The shipment's tracking number.
            address: The new street address: number and street only, as the caller gives it
                (e.g. "145 SE Baker St"); the city follows from the zip.
            zip: The new address's 5-digit zip code.
            residential: True when the new address is a residence.
        """
        shipment = self._open(tracking_number)
        zip = str(zip).strip()
        if not (len(zip) == 5 and zip.isdigit()):
            raise ValueError("Zip must be 5 digits")
        address = str(address).strip()
        if shipment.address == address and shipment.zip == zip:
            raise ValueError("The shipment already goes to that address")
        fee = REDIRECT_FEE + (RESIDENTIAL_SURCHARGE if residential else 0.0)
        shipment.address, shipment.zip, shipment.residential = address, zip, bool(residential)
        shipment.extra_charges = cents(shipment.extra_charges + fee)
        shipment.route_id = None
        if shipment.status == "held":
            shipment.status, shipment.hold_until = "in_transit", None
        return shipment

    @tool("write")
    def hold_at_terminal(self, tracking_number: str, until: str) -> Shipment:
        """Hold a shipment at its terminal until a day. Storage is added to the bill: the first
        3 days (counted from today) are free, then 15.00 a day.

        Args:
            tracking_number: The shipment's tracking number.
            until: The last day of the hold, YYYY-MM-DD, after today.
        """
        shipment = self._open(tracking_number)
        day = self._future(until, "Hold end")
        days = (date.fromisoformat(day) - date.fromisoformat(self._today())).days
        storage = STORAGE_PER_DAY * max(0, days - FREE_STORAGE_DAYS)
        shipment.status, shipment.hold_until = "held", day
        shipment.delivery_date, shipment.delivery_window, shipment.route_id = None, None, None
        shipment.extra_charges = cents(shipment.extra_charges + storage)
        return shipment

    @tool("write")
    def return_to_shipper(self, tracking_number: str) -> Shipment:
        """Send a shipment back to its shipper; the return is billed at its freight charge
        again (added to the bill).

        Args:
            tracking_number: The shipment's tracking number.
        """
        shipment = self._open(tracking_number)
        shipment.status = "returning"
        shipment.delivery_date, shipment.delivery_window, shipment.route_id, shipment.hold_until = (
            None,
            None,
            None,
            None,
        )
        shipment.extra_charges = cents(shipment.extra_charges + shipment.freight_charge)
        return shipment

    @tool("write")
    def assign_to_route(self, tracking_number: str, route_id: str) -> RouteDetails:
        """Put a shipment on a delivery route as a new stop: after the planned stops, the stops
        added today in tracking-number order. The route's load grows by the shipment's weight
        and its driver's hours by half an hour of driving and of on-duty time.

        Args:
            tracking_number: The shipment's tracking number.
            route_id: The route's id.
        """
        shipment = self._open(tracking_number)
        route = self._get("routes", route_id)
        if shipment.route_id == route_id:
            raise ValueError("The shipment is already on that route")
        if route.terminal != shipment.terminal:
            raise ValueError("The route leaves from another terminal")
        if route.date < self._today():
            raise ValueError("The route has already run")
        vehicle = self.db.vehicles[route.vehicle_id]
        if route.load_lb + shipment.weight_lb > vehicle.payload_lb:
            raise ValueError(f"Load would exceed the truck's payload of {vehicle.payload_lb:g} lb")
        driver = self.db.drivers[route.driver_id]
        stop_id = self._new_id("ST", "next_stop_number")
        self.db.stops[stop_id] = Stop(
            stop_id=stop_id,
            route_id=route_id,
            zip=shipment.zip,
            address=shipment.address,
            tracking_numbers=[tracking_number],
        )
        planned = [stop for stop in route.stops if not self.db.stops[stop].tracking_numbers]
        added = sorted(
            [stop for stop in route.stops if stop not in planned] + [stop_id],
            key=lambda stop: self.db.stops[stop].tracking_numbers[0],
        )
        route.stops = planned + added  # added stops go last, by tracking number, whatever order they came in
        route.load_lb = cents(route.load_lb + shipment.weight_lb)
        driver.driving_hours_today += STOP_HOURS
        driver.on_duty_hours_today += STOP_HOURS
        driver.on_duty_hours_8_days += STOP_HOURS
        shipment.route_id, shipment.delivery_date = route_id, route.date
        if shipment.status == "held":
            shipment.status, shipment.hold_until = "in_transit", None
        return RouteDetails(route=route, vehicle=vehicle)

    @tool("write")
    def adjust_inventory(
        self, sku: str, warehouse_id: str, delta: int, reason_code: ReasonCode, count_ref: str = ""
    ) -> InventoryRow:
        """Correct the on-hand quantity of a SKU in a warehouse and record the adjustment.

        Args:
            sku: The SKU.
            warehouse_id: The warehouse's terminal id.
            delta: Units to add (positive) or remove (negative).
            reason_code: damaged, found, miscount or shrink.
            count_ref: The cycle-count reference, e.g. "CC-88120"; empty when none.
        """
        self._get("terminals", warehouse_id)
        row = self._get("inventory", f"{sku}@{warehouse_id}")
        if not isinstance(delta, int) or isinstance(delta, bool) or delta == 0:
            raise ValueError("Delta must be a whole number other than 0")
        if row.on_hand + delta < 0:
            raise ValueError(f"On-hand cannot go below zero (on hand: {row.on_hand})")
        if reason_code not in ("damaged", "found", "miscount", "shrink"):
            raise ValueError("Reason code must be damaged, found, miscount or shrink")
        reference = count_ref.strip().upper() or None
        adjustment_id = self._new_id("ADJ", "next_adjustment_number")
        self.db.adjustments[adjustment_id] = Adjustment(
            adjustment_id=adjustment_id,
            row_id=row.row_id,
            delta=delta,
            reason_code=reason_code,
            count_ref=reference,
            date=self._today(),
        )
        row.on_hand += delta
        return row

    @tool("write")
    def log_incident(
        self, category: IncidentCategory, severity: Severity, tracking_number: str = "", route_id: str = ""
    ) -> Incident:
        """Record an incident against one shipment or one route: give exactly one of the two.

        Args:
            category: crash, hazmat_release, cargo_damage, theft or delay.
            severity: minor or recordable.
            tracking_number: The shipment concerned, if the incident is a shipment's.
            route_id: The route concerned, if the incident happened on a route.
        """
        if bool(tracking_number) == bool(route_id):
            raise ValueError("Give exactly one of tracking_number and route_id")
        subject = self._get("shipments", tracking_number) if tracking_number else self._get("routes", route_id)
        if category not in ("crash", "hazmat_release", "cargo_damage", "theft", "delay"):
            raise ValueError("Category must be crash, hazmat_release, cargo_damage, theft or delay")
        if severity not in ("minor", "recordable"):
            raise ValueError("Severity must be minor or recordable")
        incident_id = self._new_id("IN", "next_incident_number")
        incident = Incident(
            incident_id=incident_id,
            subject_id=tracking_number or subject.route_id,
            category=category,
            severity=severity,
            date=self._today(),
        )
        self.db.incidents[incident_id] = incident
        return incident

    @tool("write")
    def file_cargo_claim(
        self, tracking_number: str, claim_type: ClaimType, amount: float, invoice_value: float
    ) -> Claim:
        """File a cargo claim for a shipment.

        Args:
            tracking_number: The shipment's tracking number.
            claim_type: visible_damage, concealed_damage or loss.
            amount: The USD amount claimed, at most the invoice value.
            invoice_value: The USD value on the shipper's commercial invoice for the goods concerned.
        """
        shipment = self._get("shipments", tracking_number)
        if claim_type not in ("visible_damage", "concealed_damage", "loss"):
            raise ValueError("Claim type must be visible_damage, concealed_damage or loss")
        invoice, claimed = an_amount(invoice_value, "Invoice value"), an_amount(amount, "Amount")
        if claimed <= 0 or claimed > invoice:
            raise ValueError("Amount must be above 0 and at most the invoice value")
        if claim_type == "loss" and shipment.status == "delivered":
            raise ValueError("A delivered shipment cannot be claimed as lost")
        if claim_type != "loss" and shipment.status not in ("delivered", "exception", "held"):
            raise ValueError("Damage can be claimed only on a delivered, held or exception shipment")
        claim_id = self._new_id("CL", "next_claim_number")
        claim = Claim(
            claim_id=claim_id,
            tracking_number=tracking_number,
            claim_type=claim_type,
            amount=claimed,
            invoice_value=invoice,
            filed=self._today(),
            status="open",
        )
        self.db.claims[claim_id] = claim
        return claim

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
