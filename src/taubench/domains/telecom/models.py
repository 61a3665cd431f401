"""The telecom agent database as τ²-bench models it (``db.toml``).

Field order is interface: observations are dumps of these models in declaration order and
the DB hash covers every field. Every model forbids unknown keys, as τ²'s do. Dates and
datetimes are real ``date``/``datetime`` values: a dump keeps them as objects, so the hash
(``default=str``) writes a datetime with a space (``2025-01-15 10:30:00``), as τ² does.
Tools assign without re-validation, so a field keeps whatever Python value a tool stored.
"""

from datetime import date, datetime
from typing import Optional

from pydantic import BaseModel, ConfigDict


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Plan(_Record):
    plan_id: str
    name: str
    data_limit_gb: float
    price_per_month: float
    data_refueling_price_per_gb: float


class Address(_Record):
    street: str
    city: str
    state: str
    zip_code: str


class PaymentMethod(_Record):
    method_type: str
    account_number_last_4: str
    expiration_date: str


class Customer(_Record):
    customer_id: str
    full_name: str
    date_of_birth: str
    email: str
    phone_number: str
    address: Address
    account_status: str
    payment_methods: list[PaymentMethod] = []
    line_ids: list[str] = []
    bill_ids: list[str] = []
    created_at: datetime
    last_extension_date: Optional[date] = None
    goodwill_credit_used_this_year: float = 0.0


class Line(_Record):
    line_id: str
    phone_number: str
    status: str  # Active | Suspended | Pending Activation | Closed
    plan_id: str
    device_id: Optional[str] = None
    data_used_gb: float = 0.0
    data_refueling_gb: float = 0.0
    roaming_enabled: bool = False
    contract_end_date: Optional[date] = None
    last_plan_change_date: Optional[date] = None
    last_sim_replacement_date: Optional[date] = None
    suspension_start_date: Optional[date] = None


class LineItem(_Record):
    description: str
    amount: float
    date: date
    item_type: str  # Plan Charge | Overage | Fee | Credit | Payment | Charge


class Bill(_Record):
    bill_id: str
    customer_id: str
    period_start: date
    period_end: date
    issue_date: date
    total_due: float
    due_date: date
    line_items: list[LineItem] = []
    status: str  # Draft | Issued | Awaiting Payment | Paid | Overdue | Disputed


class Device(_Record):
    device_id: str
    device_type: str
    model: str
    imei: Optional[str] = None
    is_esim_capable: bool
    activated: bool = False
    activation_date: Optional[datetime] = None
    last_esim_transfer_date: Optional[datetime] = None


class TelecomDB(_Record):
    plans: list[Plan]
    customers: list[Customer]
    lines: list[Line]
    bills: list[Bill]
    devices: list[Device]


def lookup(records: list, key: str, value: object, kind: str):
    """The record whose ``key`` equals ``value``; τ²'s error text names the kind and id."""
    for record in records:
        if getattr(record, key) == value:
            return record
    raise ValueError(f"{kind} with ID {value} not found")
