"""The workshop's database: the cast the tasks are written around (``data/cast.json``: two
customers named Jonas Weber told apart by phone, one with a brake service booked; Aiko
Tanaka with two jobs booked, the most the policy allows; Rosa Marin, whose tune-up is done
and who calls about it; Priya Shah, whose job is booked for today), plus seeded filler
customers and jobs, two of them filling 2026-05-13. Rewrite data/db.json with
``python -m taubench.domains generate bike_workshop``."""

import random
from typing import Any

from bike_workshop.models import Customer, Job, Service
from taubench.domains.kit import load_cast

SEED = 11
TODAY = "2026-05-12"
FIRST = ["Lea", "Marco", "Nina", "Oskar", "Petra", "Quinn", "Ravi", "Sofia"]
LAST = ["Albers", "Bauer", "Castro", "Dietz", "Engel", "Frank"]


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, {"customers": Customer, "services": Service, "jobs": Job})
    customers = {customer.customer_id: customer.model_dump() for customer in cast["customers"]}
    services = {service.service_id: service.model_dump() for service in cast["services"]}
    jobs = {job.job_id: job.model_dump() for job in cast["jobs"]}
    for number in range(201, 207):
        customer_id = f"C{number}"
        customers[customer_id] = {
            "customer_id": customer_id,
            "name": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "phone": f"555-{rng.randint(200, 999):04d}",
        }
    days = ["2026-05-13", "2026-05-13", "2026-04-28", "2026-05-20"]
    for number, (customer_id, day) in enumerate(zip(sorted(customers)[-4:], days), start=len(jobs) + 501):
        service = services[rng.choice(sorted(services))]
        jobs[f"J{number}"] = {
            "job_id": f"J{number}",
            "customer_id": customer_id,
            "service_id": service["service_id"],
            "drop_off": day,
            "price": service["price"],
            "status": "done" if day < TODAY else "booked",
        }
    return {
        "today": TODAY,
        "next_job_number": 501 + len(jobs),
        "customers": customers,
        "services": services,
        "jobs": jobs,
    }
