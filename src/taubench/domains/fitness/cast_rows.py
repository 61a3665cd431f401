"""The shapes of the cast's rows that are not whole records (``data/cast.json``): what the
generator completes into records (a member's fields that differ from the defaults, a class
without its duration, a package with its sessions' slots), each validated before it does."""

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.domains.fitness.models import ActivityType, ClassType, Freeze, Goal, Tier


class CastMember(BaseModel):
    """A member: the fields that differ from the generator's defaults."""

    model_config = ConfigDict(extra="forbid")

    member_id: str
    name: str
    birth_date: str
    weight_kg: float
    zip_code: Optional[str] = None
    home_club: Optional[str] = None
    tier: Optional[Tier] = None
    contract: Optional[Literal["monthly", "annual"]] = None
    contract_end: Optional[str] = None
    next_billing_date: Optional[str] = None
    status: Optional[Literal["active", "frozen", "cancelled"]] = None
    parq_yes: Optional[bool] = None
    physician_clearance: Optional[bool] = None
    injuries: Optional[list[str]] = None
    logging_since: Optional[str] = None
    freezes: Optional[list[Freeze]] = None
    goals: Optional[list[Goal]] = None


class CastClass(BaseModel):
    """A class; ``full``: every place taken by filler members."""

    class_id: str
    club_id: str
    class_type: ClassType
    start: str
    capacity: int
    instructor: str
    full: bool


class CastBooking(BaseModel):
    booking_id: str
    member_id: str
    class_id: str
    status: Literal["booked", "waitlisted", "attended", "late_cancel", "no_show", "cancelled"]


class CastActivity(BaseModel):
    member_id: str
    activity_type: ActivityType
    date: str
    start_time: str
    duration_min: int
    distance_km: Optional[float]
    avg_hr: Optional[int]
    source: Literal["watch", "app", "desk"]


class CastTrainer(BaseModel):
    trainer_id: str
    name: str
    club_id: str


class CastPackage(BaseModel):
    """A PT package with the slots of its completed and its booked sessions."""

    package_id: str
    member_id: str
    trainer_id: str
    purchased: str
    sessions_total: int
    price: float
    completed: list[str]
    booked: list[str]


class CastMeasurement(BaseModel):
    member_id: str
    date: str
    weight_kg: Optional[float]
    body_fat_pct: Optional[float]
    waist_cm: Optional[float]
    source: Literal["scale", "app", "desk", "trainer"]
