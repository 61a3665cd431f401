"""The workshop's records: customers, the services it sells, and repair jobs."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo


class Customer(BaseModel):
    customer_id: str
    name: str
    phone: str


class Service(BaseModel):
    service_id: str
    name: str
    price: float  # USD


class Job(BaseModel):
    job_id: str
    customer_id: Annotated[str, RefersTo("customers")]
    service_id: Annotated[str, RefersTo("services")]
    drop_off: str  # YYYY-MM-DD: the day the bike is brought in and worked on
    price: float  # USD, the service's price when booked
    status: Literal["booked", "cancelled", "done"]


class WorkshopDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the workshop's fixed "now"; tools never read a clock
    next_job_number: int  # new job ids come from here
    customers: dict[str, Customer]
    services: dict[str, Service]
    jobs: dict[str, Job]
