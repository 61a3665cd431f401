"""The policy's numbered rules as checks over each task's gold trace: the report card runs
every gold trace through them (check 7), so a task whose gold breaks a rule is caught."""

from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, owner_of, records_named

MOST_BOOKED = 2

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}  # rule number -> why no call shows it (none here)


def _customer_of(step: GoldStep) -> str | None:
    return owner_of(step, "customer_id", ("jobs", "job_id"))


@RULES.trace(1)
def customer_identified_first(trace: GoldTrace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: [step.observation] if step.name == "find_customer" else [],
        concerns=lambda step: [customer] if step.kind in ("read", "write") and (customer := _customer_of(step)) else [],
        who="the customer",
    )


@RULES.trace(2)
def changes_read_back(trace: GoldTrace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, ("customers", "services", "jobs")))


@RULES.each(3, "book_job")
def booked_a_day_ahead(step: GoldStep, trace: GoldTrace) -> Iterator[str]:
    if step.arguments["drop_off"] <= step.before.today:
        yield f"book_job for {step.arguments['drop_off']}, not after today"


@RULES.each(4, "book_job")
def two_bookings_at_most(step: GoldStep, trace: GoldTrace) -> Iterator[str]:
    booked = [
        job
        for job in step.before.jobs.values()
        if job.customer_id == step.arguments["customer_id"] and job.status == "booked"
    ]
    if len(booked) >= MOST_BOOKED:
        yield f"book_job with {len(booked)} jobs already booked"


@RULES.each(5, "cancel_job")
def cancelled_before_the_day(step: GoldStep, trace: GoldTrace) -> Iterator[str]:
    if step.before.jobs[step.arguments["job_id"]].drop_off <= step.before.today:
        yield f"cancel_job of {step.arguments['job_id']} on or after its drop-off day"


@RULES.trace(6)
def warranty_goes_to_staff(trace: GoldTrace) -> list[str]:
    return hand_offs(trace)
