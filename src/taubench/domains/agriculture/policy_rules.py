"""The desk manual's numbered rules (``data/policy.md``) as checks over a task's gold trace."""

import math
from datetime import date, datetime, timedelta
from typing import Iterator, Optional

from taubench.domains.agriculture.models import AgricultureDB
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[AgricultureDB]
Step = GoldStep[AgricultureDB]

MAX_WIND_MPH = 10
SPRAY_RAIN_MM = 2
IRRIGATION_TRIGGER_PCT = 50
IRRIGATION_RAIN_MM = 12
CORN_N_CAP = 180
SERVICE_HOURS = 250

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _next_day(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def farm_of(step: Step) -> Optional[str]:
    """The farm a call concerns: named, or the farm of the field, machine or application it names."""
    db, arguments = step.before, step.arguments
    if "farm_id" in arguments:
        return arguments["farm_id"]
    if (field := db.fields.get(str(arguments.get("field_id")))) is not None:
        return field.farm_id
    if (machine := db.equipment.get(str(arguments.get("equipment_id")))) is not None:
        return machine.farm_id
    if (application := db.applications.get(str(arguments.get("application_id")))) is not None:
        return db.fields[application.field_id].farm_id
    return None


def caller_role(trace: Trace, before: Step) -> Optional[str]:
    """The role of the caller verified before this step."""
    role = None
    for step in trace.steps:
        if step is before:
            break
        if step.name == "verify_caller" and not step.error:
            role = step.before.people[step.arguments["person_id"].strip().upper()].role
    return role


def _verified_farms(step: Step) -> list[str]:
    if step.name != "verify_caller" or step.error:
        return []
    return list(step.before.people[step.arguments["person_id"].strip().upper()].farm_ids)


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=_verified_farms,
        concerns=lambda step: [farm] if step.name != "verify_caller" and (farm := farm_of(step)) else [],
        who="a caller of that farm",
    )


CHANGED = {  # the existing records each write changes, by the tables its arguments name them in
    "record_application": ("applications",),
    "schedule_irrigation": ("fields",),
    "schedule_harvest": ("fields",),
    "schedule_maintenance": ("equipment",),
    "adjust_inventory": ("farms", "products"),
}


@RULES.trace(2)
def changes_read_back(trace: Trace) -> list[str]:
    """What a change is read back from: the agent has seen every existing record it changes."""
    return looked_up_before_change(trace, lambda step: records_named(step, CHANGED.get(step.name, ())))


@RULES.each(3, "adjust_inventory", "schedule_maintenance")
def crew_leads_do_not_touch_stock_or_services(step: Step, trace: Trace) -> Iterator[str]:
    draw_down = step.name == "adjust_inventory" and step.arguments.get("application_id") is not None
    if not draw_down and caller_role(trace, step) not in ("owner", "manager"):
        yield f"{step.name} for a caller who is not an owner or manager"


@RULES.each(4, "schedule_application", done=True)
def crop_and_state_on_label(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    field, product = db.fields[step.arguments["field_id"]], db.products[step.arguments["product_id"]]
    if field.crop not in product.crops or db.farms[field.farm_id].state not in product.states:
        yield f"{product.product_id} scheduled on {field.crop} in {db.farms[field.farm_id].state}"


@RULES.each(5, "schedule_application", done=True)
def rate_within_label(step: Step, trace: Trace) -> Iterator[str]:
    product = step.before.products[step.arguments["product_id"]]
    if step.arguments["rate"] > product.max_rate_per_acre:
        yield f"rate {step.arguments['rate']} over the label's {product.max_rate_per_acre}"


@RULES.each(6, "schedule_application", done=True)
def season_count(step: Step, trace: Trace) -> Iterator[str]:
    db, arguments = step.before, step.arguments
    product = db.products[arguments["product_id"]]
    count = sum(
        a.field_id == arguments["field_id"]
        and a.product_id == product.product_id
        and a.status != "cancelled"
        and a.date[:4] == arguments["date"][:4]
        for a in db.applications.values()
    )
    if count >= product.max_apps_per_season:
        yield f"{product.product_id} scheduled a {count + 1}th time on {arguments['field_id']}"


@RULES.each(7, "schedule_application", done=True)
def restricted_use_needs_a_licence(step: Step, trace: Trace) -> Iterator[str]:
    db, arguments = step.before, step.arguments
    applicator = db.applicators[arguments["applicator_id"]]
    if db.products[arguments["product_id"]].restricted_use and applicator.licence_expiry < arguments["date"]:
        yield f"restricted-use product with {applicator.applicator_id}, licence expired {applicator.licence_expiry}"


@RULES.each(8, "schedule_application", done=True)
def spray_weather(step: Step, trace: Trace) -> Iterator[str]:
    db, day = step.before, step.arguments["date"]
    farm_id = db.fields[step.arguments["field_id"]].farm_id
    days = {f.date: f for f in db.forecast.values() if f.farm_id == farm_id}
    if day not in days:
        yield f"application on {day}, outside the forecast"
        return
    after = days[_next_day(day)].rain_mm if _next_day(day) in days else 0
    if days[day].max_wind_mph > MAX_WIND_MPH or max(days[day].rain_mm, after) >= SPRAY_RAIN_MM:
        yield f"application on {day} with wind {days[day].max_wind_mph} mph or rain forecast"


def earliest_harvest(db: AgricultureDB, field_id: str) -> Optional[str]:
    dates = [
        (date.fromisoformat(a.date) + timedelta(days=db.products[a.product_id].phi_days)).isoformat()
        for a in db.applications.values()
        if a.field_id == field_id and a.status != "cancelled"
    ]
    return max(dates) if dates else None


@RULES.each(9, "schedule_harvest", done=True)
def pre_harvest_interval(step: Step, trace: Trace) -> Iterator[str]:
    earliest = earliest_harvest(step.before, step.arguments["field_id"])
    if earliest and step.arguments["date"] < earliest:
        yield f"harvest on {step.arguments['date']} before the PHI ends on {earliest}"


def reopens(db: AgricultureDB, field_id: str) -> Optional[datetime]:
    applied = [a for a in db.applications.values() if a.field_id == field_id and a.status == "applied"]
    if not applied:
        return None
    last = max(applied, key=lambda a: (a.date, a.applied_time or ""))
    finished = datetime.fromisoformat(f"{last.date}T{last.applied_time or '00:00'}")
    return finished + timedelta(hours=db.products[last.product_id].rei_hours)


@RULES.each(10, "create_scouting_report", "schedule_application", "schedule_harvest", done=True)
def re_entry_interval(step: Step, trace: Trace) -> Iterator[str]:
    opens = reopens(step.before, step.arguments["field_id"])
    if opens is None:
        return
    if step.name == "create_scouting_report" and opens > datetime.fromisoformat(step.before.now):
        yield f"scouting visit before the field reopens at {opens.isoformat()}"
    if step.name != "create_scouting_report" and step.arguments["date"] < opens.date().isoformat():
        yield f"{step.name} on {step.arguments['date']}, before the field reopens on {opens.date().isoformat()}"


def latest_moisture(db: AgricultureDB, field_id: str) -> Optional[float]:
    readings = [r for r in db.sensor_readings.values() if r.field_id == field_id]
    return max(readings, key=lambda r: r.date).soil_moisture_pct if readings else None


@RULES.each(11, "schedule_irrigation", done=True)
def irrigation_trigger(step: Step, trace: Trace) -> Iterator[str]:
    level = latest_moisture(step.before, step.arguments["field_id"])
    if level is None or level >= IRRIGATION_TRIGGER_PCT:
        yield f"irrigation at soil moisture {level}"


def rain_over_two_days(db: AgricultureDB, farm_id: str, day: str) -> float:
    return sum(f.rain_mm for f in db.forecast.values() if f.farm_id == farm_id and f.date in (day, _next_day(day)))


@RULES.each(12, "schedule_irrigation", done=True)
def rain_skip(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    rain = rain_over_two_days(db, db.fields[step.arguments["field_id"]].farm_id, step.arguments["date"])
    if rain >= IRRIGATION_RAIN_MM:
        yield f"irrigation with {rain} mm of rain forecast"


@RULES.each(13, "schedule_irrigation", done=True)
def season_allocation(step: Step, trace: Trace) -> Iterator[str]:
    field = step.before.fields[step.arguments["field_id"]]
    if field.water_used_mm + step.arguments["depth_mm"] > field.water_allocation_mm + 1e-9:
        yield f"irrigation past the allocation of {field.field_id}"


def nitrogen_so_far(db: AgricultureDB, field_id: str, season: str) -> float:
    return sum(
        (a.actual_rate if a.actual_rate is not None else a.planned_rate)
        * db.products[a.product_id].nitrogen_lb_per_unit
        for a in db.applications.values()
        if a.field_id == field_id and a.status != "cancelled" and a.date[:4] == season
    )


@RULES.each(14, "schedule_application", done=True)
def corn_nitrogen_cap(step: Step, trace: Trace) -> Iterator[str]:
    db, arguments = step.before, step.arguments
    if db.fields[arguments["field_id"]].crop != "corn":
        return
    added = arguments["rate"] * db.products[arguments["product_id"]].nitrogen_lb_per_unit
    if added and nitrogen_so_far(db, arguments["field_id"], arguments["date"][:4]) + added > CORN_N_CAP + 1e-9:
        yield f"nitrogen on {arguments['field_id']} past {CORN_N_CAP} lb/acre"


def most_nitrogen_product(db: AgricultureDB, field_id: str, product_id: str) -> float:
    """Rule 14's most that may go on, rounded down to a tenth of a unit."""
    room = CORN_N_CAP - nitrogen_so_far(db, field_id, db.season)
    return math.floor(room / db.products[product_id].nitrogen_lb_per_unit * 10 + 1e-9) / 10


@RULES.each(15, "schedule_application", done=True)
def organic_inputs(step: Step, trace: Trace) -> Iterator[str]:
    db = step.before
    if db.fields[step.arguments["field_id"]].organic and not db.products[step.arguments["product_id"]].organic_listed:
        yield f"{step.arguments['product_id']} on an organic field"


@RULES.each(16, "schedule_application", done=True)
def machines_in_service(step: Step, trace: Trace) -> Iterator[str]:
    machine = step.before.equipment[step.arguments["equipment_id"]]
    if machine.engine_hours - machine.last_service_hours >= SERVICE_HOURS:
        yield f"overdue machine {machine.equipment_id} put on an application"


@RULES.each(17, "record_application", done=True)
def stock_drawn_down(step: Step, trace: Trace) -> Iterator[str]:
    application = step.after.applications[step.arguments["application_id"]]
    farm_id = step.before.fields[application.field_id].farm_id
    used = round((application.actual_rate or 0) * application.acres, 2)
    if not any(
        s.name == "adjust_inventory"
        and not s.error
        and s.arguments.get("farm_id") == farm_id
        and s.arguments.get("product_id") == application.product_id
        and abs(s.arguments.get("delta", 0) + used) < 0.005
        and s.arguments.get("application_id") == application.application_id
        for s in trace.steps
    ):
        yield f"{application.application_id} recorded without a draw-down of {used}"


@RULES.each(18, "record_harvest_load", done=True)
def dry_bushels_told(step: Step, trace: Trace) -> Iterator[str]:
    load = next(load for key, load in step.after.harvest_loads.items() if key not in step.before.harvest_loads)
    if not said(trace, load.dry_bu):
        yield f"dry bushels {load.dry_bu} of the new load not said"


@RULES.trace(19)
def spills_go_to_the_environmental_lead(trace: Trace) -> list[str]:
    """A hand-off ends the agent's part; the caller is told the farm's environmental lead."""
    violations = hand_offs(trace)
    if trace.calls("transfer_to_human_agents"):
        codes = [s.arguments["farm_code"].strip().upper() for s in trace.steps if _verified_farms(s)]
        farms = [farm for farm in trace.steps[0].before.farms.values() if farm.farm_code in codes]
        violations += [
            f"{farm.environmental_lead} not told" for farm in farms if not said(trace, farm.environmental_lead)
        ]
    return violations
