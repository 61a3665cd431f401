"""The desk manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json
from datetime import date, timedelta
from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.insurance.models import InsuranceDB
from taubench.domains.insurance.underwriting import MAX_RENTAL_DAYS, RENTAL_TIERS, young_driver_surcharge
from taubench.domains.kit import (
    RuleBook,
    hand_offs,
    identified_first,
    looked_up_before_change,
    owner_of,
    records_named,
    said,
)

Trace = GoldTrace[InsuranceDB]
Step = GoldStep[InsuranceDB]

RECORD_TABLES = ("policies", "claims", "repair_shops")
UNSCOPED = ("find_policyholder", "search_repair_shops", "calculate", "transfer_to_human_agents")
REPORTING_DAYS = {"auto": 30, "home": 60, "renters": 60}
TOTAL_LOSS_SHARE = 0.75
EARLY_LOSS_DAYS = 30
FREQUENT_CLAIMS = 3
INSPECTION_WINDOW = 10  # business days after today
LOWEST_DEDUCTIBLE_WITH_CLAIMS = 500

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _policy_of(step: Step) -> str | None:
    """The policy term a call acts on: named, or the one of the claim it names."""
    return owner_of(step, "policy_id", ("claims", "claim_id"))


def _verified(trace: Trace, upto: int) -> dict[str, dict]:
    """Policyholders the lookups before step ``upto`` verified, by id."""
    found = {}
    for step in trace.steps[:upto]:
        if step.name == "find_policyholder" and not step.error:
            holder = json.loads(step.observation)
            found[holder["policyholder_id"]] = holder
    return found


def _opened(step: Step) -> str:
    """The id of the claim a successful file_claim opened."""
    return json.loads(step.observation)["claim_id"]


def _years_before(day: str, years: int) -> str:
    when = date.fromisoformat(day)
    return when.replace(year=when.year - years, day=28 if (when.month, when.day) == (2, 29) else when.day).isoformat()


def _claims_of_caller(step: Step, policy_id: str, since: str, before: str) -> list[str]:
    """Claims with loss dates in [since, before) on any term of any named insured of the policy."""
    holders = step.before.policies[policy_id].named_insureds
    terms = {term for holder in holders for term in step.before.policyholders[holder].policies}
    return [
        claim.claim_id
        for claim in step.before.claims.values()
        if claim.policy_id in terms and since <= claim.loss_date < before
    ]


def _business_days_after(today: str, day: str, holidays: list[str]) -> int | None:
    """How many business days after today the day is; None when it is not a business day."""
    target = date.fromisoformat(day)
    if target.weekday() >= 5 or day in holidays:
        return None
    count, current = 0, date.fromisoformat(today)
    while current < target:
        current += timedelta(days=1)
        count += current.weekday() < 5 and current.isoformat() not in holidays
    return count


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    """Nothing about a policy before a policyholder is verified (which policies that caller may
    touch is rule 2's)."""
    return identified_first(
        trace,
        who="any policyholder",
        identifies=lambda step: list(step.before.policies) if step.name == "find_policyholder" else [],
        concerns=lambda step: [policy_id] if step.name not in UNSCOPED and (policy_id := _policy_of(step)) else [],
    )


@RULES.trace(3)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


@RULES.trace(2)
def named_insureds_only(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        policy_id = _policy_of(step)
        if step.name in UNSCOPED or policy_id not in step.before.policies:
            continue
        if not set(step.before.policies[policy_id].named_insureds) & set(_verified(trace, index)):
            violations.append(f"{step.name} on {policy_id}, of which no verified caller is a named insured")
    return violations


@RULES.each(4, "file_claim", done=True)
def term_of_the_loss(step: Step, trace: Trace) -> Iterator[str]:
    term = step.before.policies[step.arguments["policy_id"]]
    if not term.term_start <= step.arguments["loss_date"] <= term.term_end:
        yield f"file_claim on {term.policy_id} for a loss outside its term"


@RULES.trace(5)
def premium_decides_cover(trace: Trace) -> list[str]:
    violations = []
    for step in trace.done("file_claim"):
        policy = step.before.policies[step.arguments["policy_id"]]
        if policy.billing_status != "paid" and policy.due_date and step.arguments["loss_date"] > policy.due_date:
            violations.append(f"file_claim on {policy.policy_id} while its premium is {policy.billing_status}")
    violations += [
        f"make_payment on lapsed {step.arguments['policy_id']}"
        for step in trace.calls("make_payment")
        if step.before.policies[step.arguments["policy_id"]].billing_status == "lapsed"
    ]
    return violations


@RULES.each(6, "file_claim", done=True)
def reporting_windows(step: Step, trace: Trace) -> Iterator[str]:
    line = step.before.policies[step.arguments["policy_id"]].line
    late = (date.fromisoformat(step.before.today) - date.fromisoformat(step.arguments["loss_date"])).days
    if late > REPORTING_DAYS[line]:
        yield f"{line} loss filed {late} days after it happened"


@RULES.each(7, "file_claim", done=True)
def flood_and_water_backup(step: Step, trace: Trace) -> Iterator[str]:
    policy = step.before.policies[step.arguments["policy_id"]]
    loss_type = step.arguments["loss_type"]
    if loss_type == "flood" or (loss_type == "water_backup" and "water_backup" not in policy.endorsements):
        yield f"{step.arguments['loss_type']} filed on {policy.policy_id}"


@RULES.each(8, "file_claim", done=True)
def theft_needs_police_report(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["loss_type"] == "theft" and not step.arguments["police_report"].strip():
        yield f"theft filed on {step.arguments['policy_id']} without a police report"


@RULES.each(9, "file_claim", done=True)
def payout_estimates(step: Step, trace: Trace) -> Iterator[str]:
    """A task about what a claim may pay carries the estimate for each claim it files."""
    if 9 not in trace.task.policy_rules:
        return
    claim_id = _opened(step)
    claim = step.after.claims[claim_id]
    estimate = max(0.0, round(min(claim.estimate, claim.limit) - claim.deductible, 2))
    if not said(trace, estimate):
        yield f"payout estimate {estimate:g} of {claim_id} not in communicate_info"


@RULES.each(10, "file_claim", done=True)
def full_glass(step: Step, trace: Trace) -> Iterator[str]:
    claim_id = _opened(step)
    claim, policy = step.after.claims[claim_id], step.before.policies[step.arguments["policy_id"]]
    if claim.loss_type == "glass" and (claim.deductible == 0) != ("full_glass" in policy.endorsements):
        yield f"glass claim {claim_id} with deductible {claim.deductible:g}"


def _total_loss(trace: Trace, step: Step, claim_id: str) -> float | None:
    """The vehicle's actual cash value when the claim's estimate makes it a total loss."""
    claim = step.after.claims[claim_id]
    vehicles = step.after.policies[claim.policy_id].vehicles
    vehicle = next((vehicle for vehicle in vehicles if vehicle.vehicle_id == claim.vehicle_id), None)
    return (
        vehicle.actual_cash_value
        if vehicle and claim.estimate >= TOTAL_LOSS_SHARE * vehicle.actual_cash_value
        else None
    )


@RULES.trace(11)
def total_losses(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        claim_id = step.arguments.get("claim_id")
        if (
            step.name == "schedule_inspection"
            and claim_id in step.before.claims
            and _total_loss(trace, step, claim_id) is not None
        ):
            violations.append(f"shop inspection booked for total loss {claim_id}")
    for step in trace.done("file_claim"):
        claim_id = _opened(step)
        value = _total_loss(trace, step, claim_id)
        if value is not None and not said(trace, value):
            violations.append(f"actual cash value {value:g} of total loss {claim_id} not in communicate_info")
    return violations


def _indicators(step: Step) -> set[str]:
    policy = step.before.policies[step.arguments["policy_id"]]
    loss = step.arguments["loss_date"]
    found = set()
    if 0 <= (date.fromisoformat(loss) - date.fromisoformat(policy.inception_date)).days <= EARLY_LOSS_DAYS:
        found.add("early_loss")
    if len(_claims_of_caller(step, policy.policy_id, _years_before(loss, 3), loss)) >= FREQUENT_CLAIMS:
        found.add("claim_frequency")
    return found


@RULES.each(12, "file_claim", done=True)
def investigations(step: Step, trace: Trace) -> Iterator[str]:
    claim_id, indicators = _opened(step), _indicators(step)
    flags = [later for later in trace.calls("flag_for_siu") if later.arguments["claim_id"] == claim_id]
    if indicators and not any(flag.arguments["indicator"] in indicators for flag in flags):
        yield f"{claim_id} shows {sorted(indicators)} but is not referred"
    if indicators and not trace.calls("transfer_to_human_agents"):
        yield f"{claim_id} referred without a transfer to a human agent"
    yield from (
        f"{claim_id} referred for {flag.arguments['indicator']}, which does not apply"
        for flag in flags
        if flag.arguments["indicator"] not in indicators
    )


@RULES.each(13, "add_claim_document")
def documents(step: Step, trace: Trace) -> Iterator[str]:
    if (status := step.before.claims[step.arguments["claim_id"]].status) not in ("open", "under_review", "approved"):
        yield f"document added to {status} claim {step.arguments['claim_id']}"


@RULES.each(14, "schedule_inspection")
def inspections(step: Step, trace: Trace) -> Iterator[str]:
    shop = step.before.repair_shops[step.arguments["shop_id"]]
    policy = step.before.policies[step.before.claims[step.arguments["claim_id"]].policy_id]
    areas = {step.before.policyholders[holder].zip_code[:3] for holder in policy.named_insureds}
    ahead = _business_days_after(step.before.today, step.arguments["date"], step.before.holidays)
    if not shop.network or shop.zip_code[:3] not in areas:
        yield f"inspection at {shop.shop_id}, not an in-network shop in the policyholder's area"
    if ahead is None or not 1 <= ahead <= INSPECTION_WINDOW:
        yield f"inspection on {step.arguments['date']}, not 1 to {INSPECTION_WINDOW} business days ahead"


@RULES.each(15, "authorize_rental")
def rentals(step: Step, trace: Trace) -> Iterator[str]:
    claim = step.before.claims[step.arguments["claim_id"]]
    tiers = [RENTAL_TIERS[name] for name in step.before.policies[claim.policy_id].endorsements if name in RENTAL_TIERS]
    rate, days = step.arguments["daily_rate"], step.arguments["days"]
    if not tiers:
        yield f"rental on {claim.claim_id}, whose term has no rental endorsement"
    elif rate > tiers[0][0] or days > MAX_RENTAL_DAYS or rate * days > tiers[0][1]:
        yield f"rental of {days} days at {rate:g} on {claim.claim_id} is beyond the endorsement"


@RULES.each(16, "withdraw_claim")
def withdrawals(step: Step, trace: Trace) -> Iterator[str]:
    claim = step.before.claims[step.arguments["claim_id"]]
    if claim.status not in ("open", "under_review") or claim.payments or claim.siu_flag:
        yield (
            f"withdrawal of {claim.claim_id} ({claim.status}, {len(claim.payments)} payments, "
            f"referred: {claim.siu_flag})"
        )


@RULES.each(17, "add_driver")
def drivers(step: Step, trace: Trace) -> Iterator[str]:
    added = step.after.policies[step.arguments["policy_id"]].drivers[-1]
    born, today = date.fromisoformat(added.date_of_birth), date.fromisoformat(step.before.today)
    age = today.year - born.year - ((today.month, today.day) < (born.month, born.day))
    if added.annual_surcharge != young_driver_surcharge(age):
        yield f"driver {added.name} surcharged {added.annual_surcharge:g} at age {age}"
    if added.prorated_charge and not said(trace, added.prorated_charge):
        yield f"surcharge {added.prorated_charge:g} for {added.name} not in communicate_info"


@RULES.each(18, "change_deductible")
def deductibles(step: Step, trace: Trace) -> Iterator[str]:
    policy = step.before.policies[step.arguments["policy_id"]]
    coverage, amount = step.arguments["coverage"], step.arguments["amount"]
    if coverage in ("collision", "comprehensive") and amount < LOWEST_DEDUCTIBLE_WITH_CLAIMS:
        recent = _claims_of_caller(step, policy.policy_id, _years_before(step.before.today, 3), "9999-12-31")
        if recent:
            yield f"{coverage} deductible lowered to {amount:g} with claims {recent} in 36 months"
    if policy.line == "home":
        pair = "personal_property" if coverage == "dwelling" else "dwelling"
        if not any(
            other.arguments == {**step.arguments, "coverage": pair} for other in trace.calls("change_deductible")
        ):
            yield f"home {coverage} deductible changed without {pair}"


@RULES.each(19, "make_payment")
def payments(step: Step, trace: Trace) -> Iterator[str]:
    policy = step.before.policies[step.arguments["policy_id"]]
    holders = [step.before.policyholders[holder] for holder in policy.named_insureds]
    methods = {method.method_id for holder in holders for method in holder.payment_methods}
    if step.arguments["method_id"] not in methods or not 0 < step.arguments["amount"] <= policy.amount_due:
        amount, method = step.arguments["amount"], step.arguments["method_id"]
        yield f"make_payment of {amount} on {policy.policy_id} with {method}"


@RULES.each(20, "cancel_policy")
def cancellations(step: Step, trace: Trace) -> Iterator[str]:
    policy_id = step.arguments["policy_id"]
    open_claims = [
        claim.claim_id
        for claim in step.before.claims.values()
        if claim.policy_id == policy_id and claim.status in ("open", "under_review")
    ]
    if step.arguments["effective_date"] < step.before.today or open_claims:
        effective = step.arguments["effective_date"]
        yield f"cancel_policy of {policy_id} from {effective} with open claims {open_claims}"
    refund = step.after.policies[policy_id].cancellation
    if refund and not said(trace, refund.refund):
        yield f"refund {refund.refund:g} of {policy_id} not in communicate_info"


RULES.trace(21)(hand_offs)
