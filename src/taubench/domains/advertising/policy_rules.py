"""The desk manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json
import re
from datetime import date, timedelta
from typing import Any, Iterator, Optional

from taubench.domains.advertising.models import AdvertisingDB, Campaign, Experiment
from taubench.domains.advertising.tools import z_score
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[AdvertisingDB]
Step = GoldStep[AdvertisingDB]

RECORD_TABLES = ("campaigns", "ad_sets", "creatives", "experiments")
UNSCOPED = ("get_ad_account", "calculate", "transfer_to_human_agents")
LEVEL_TABLES = {"campaign": "campaigns", "ad_set": "ad_sets", "creative": "creatives"}
SPECIAL = ("housing", "employment", "credit")
ZIP = re.compile(r"\d{5}")
LOWEST_BUDGET = 5.0
MOST_EDITS = 4
LEARNING_SHARE = 0.5
SIGNIFICANT_Z = 1.96
LEAST_CONVERSIONS = 100
LONGEST_TEST, SHORTEST_TEST = 30, 7
MOST_ARMS, LEAST_SPLIT = 5, 10
FURTHEST_END_DAYS = 90
MOST_FREQUENCY = 3
LOWEST_BID_CAP, LOWEST_COST_CAP = 0.5, 1.0

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {}


def _campaign_of(db: AdvertisingDB, table: str, key: Any) -> Optional[Campaign]:
    """The campaign a record of a table belongs to (the campaign itself for a campaign)."""
    if not isinstance(key, str):
        return None
    if table == "campaigns":
        return db.campaigns.get(key)
    if table == "ad_sets" and key in db.ad_sets:
        return db.campaigns.get(db.ad_sets[key].campaign_id)
    if table == "creatives" and key in db.creatives:
        return _campaign_of(db, "ad_sets", db.creatives[key].ad_set_id)
    if table == "experiments" and key in db.experiments:
        return db.campaigns.get(db.experiments[key].campaign_id)
    return None


def _target(step: Step) -> tuple[str, Any]:
    """The table and key of the record a call names first."""
    arguments = step.arguments
    if "level" in arguments:
        return LEVEL_TABLES.get(arguments["level"], ""), arguments.get("entity_id")
    for table, argument in (
        ("experiments", "experiment_id"),
        ("creatives", "creative_id"),
        ("ad_sets", "ad_set_id"),
        ("campaigns", "campaign_id"),
    ):
        if argument in arguments:
            return table, arguments[argument]
    return "", None


def _account_of(step: Step) -> Optional[str]:
    if "account_id" in step.arguments:
        return step.arguments["account_id"]
    campaign = _campaign_of(step.before, *_target(step))
    return campaign.account_id if campaign else None


def _roles(trace: Trace, upto: int) -> dict[str, str]:
    """The verified caller's role on each account verified before step ``upto``."""
    roles = {}
    for step in trace.steps[:upto]:
        if step.name == "get_ad_account" and not step.error:
            roles[step.arguments["account_id"]] = json.loads(step.observation)["caller"]["role"]
    return roles


def _running_arms(db: AdvertisingDB) -> set[str]:
    return {arm.ad_set_id for test in db.experiments.values() if test.status == "running" for arm in test.arms}


def _conclusive(test: Experiment) -> bool:
    ranked = sorted(test.arms, key=lambda arm: (-(arm.conversions / arm.visitors if arm.visitors else 0), arm.arm))
    enough = all(arm.conversions >= LEAST_CONVERSIONS for arm in test.arms)
    return enough and z_score(ranked[0], ranked[1]) >= SIGNIFICANT_Z


def _days(test: Experiment) -> int:
    return (date.fromisoformat(test.planned_end) - date.fromisoformat(test.start_date)).days + 1


def _active_total(db: AdvertisingDB, account_id: str) -> float:
    return round(
        sum(c.daily_budget for c in db.campaigns.values() if c.account_id == account_id and c.status == "active"), 2
    )


@RULES.trace(1)
def caller_verified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        who="the account user",
        identifies=lambda step: [step.arguments["account_id"]] if step.name == "get_ad_account" else [],
        concerns=lambda step: [account] if step.name not in UNSCOPED and (account := _account_of(step)) else [],
    )


@RULES.trace(2)
def analysts_read_only(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.kind != "write" or step.name in UNSCOPED:
            continue
        role = _roles(trace, index).get(_account_of(step) or "")
        if role not in ("admin", "advertiser"):
            violations.append(f"{step.name} for a caller whose role is {role}")
    return violations


@RULES.trace(3)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


@RULES.each(4, "update_budget", done=True)
def budget_floor(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["daily_budget"] < LOWEST_BUDGET:
        yield f"daily budget {step.arguments['daily_budget']} below {LOWEST_BUDGET}"


@RULES.each(5, "update_budget", done=True)
def budget_edits(step: Step, trace: Trace) -> Iterator[str]:
    campaign = step.before.campaigns[step.arguments["campaign_id"]]
    if campaign.budget_edits_today >= MOST_EDITS:
        yield f"edit number {campaign.budget_edits_today + 1} today of {campaign.campaign_id}'s budget"


@RULES.each(6, "update_budget", done=True)
def learning_warned(step: Step, trace: Trace) -> Iterator[str]:
    old = step.before.campaigns[step.arguments["campaign_id"]].daily_budget
    if abs(step.arguments["daily_budget"] - old) > LEARNING_SHARE * old and not said(trace, "learning"):
        yield f"budget of {step.arguments['campaign_id']} changed from {old:g} without the learning warning"


@RULES.trace(7)
def spending_limit(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        raised = step.name == "update_budget" and (
            step.arguments["daily_budget"] > step.before.campaigns[step.arguments["campaign_id"]].daily_budget
        )
        resumed = step.name == "resume_delivery" and step.arguments.get("level") == "campaign"
        if step.error or not (raised or resumed):
            continue
        account = step.after.accounts[_account_of(step) or ""]
        total = _active_total(step.after, account.account_id)
        if total > account.spending_limit:
            violations.append(
                f"{account.account_id}'s active daily budgets reach {total:g}, over {account.spending_limit:g}"
            )
    return violations


@RULES.trace(8)
def failed_payment(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        account_id = _account_of(step)
        if step.kind != "write" or account_id not in step.before.accounts:
            continue
        if step.before.accounts[account_id].payment_status != "failed":
            continue
        raise_ = step.name == "update_budget" and (
            step.arguments["daily_budget"] > step.before.campaigns[step.arguments["campaign_id"]].daily_budget
        )
        if raise_ or step.name == "resume_delivery":
            violations.append(f"{step.name} on {account_id}, whose payment failed")
    return violations


@RULES.each(9, "update_targeting", done=True)
def special_categories(step: Step, trace: Trace) -> Iterator[str]:
    ad_set = step.after.ad_sets[step.arguments["ad_set_id"]]
    campaign = step.before.campaigns[ad_set.campaign_id]
    if campaign.special_category not in SPECIAL:
        return
    aim = ad_set.targeting
    if (aim.age_min, aim.age_max, aim.genders, aim.lookalike) != (18, 65, "all", False):
        yield f"{campaign.special_category} ad set {ad_set.ad_set_id} narrowed by age, gender or lookalike"
    if aim.radius_miles < 15 or any(ZIP.fullmatch(place) for place in aim.locations):
        yield f"{campaign.special_category} ad set {ad_set.ad_set_id} targets ZIP codes or under 15 miles"


def _alcohol_step(step: Step) -> Optional[str]:
    """The creative an alcohol-creative submission or resumption names."""
    creative_id = step.arguments.get("creative_id") or (
        step.arguments.get("entity_id") if step.arguments.get("level") == "creative" else None
    )
    creative = step.before.creatives.get(creative_id) if isinstance(creative_id, str) else None
    return creative_id if creative is not None and creative.restricted_category == "alcohol" else None


@RULES.trace(10)
def alcohol_21_plus(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        if step.name not in ("submit_creative", "resume_delivery") or step.error:
            continue
        creative_id = _alcohol_step(step)
        if creative_id is None:
            continue
        ad_set = step.before.ad_sets[step.before.creatives[creative_id].ad_set_id]
        if ad_set.targeting.age_min < 21:
            violations.append(f"alcohol creative {creative_id} run in {ad_set.ad_set_id} reaching ages under 21")
    return violations


@RULES.each(11, "submit_creative", done=True)
def twice_rejected(step: Step, trace: Trace) -> Iterator[str]:
    creative = step.before.creatives[step.arguments["creative_id"]]
    if creative.rejections >= 2:
        yield f"{creative.creative_id} resubmitted after {creative.rejections} rejections"


@RULES.each(12, "update_targeting", done=True)
def frequency_caps(step: Step, trace: Trace) -> Iterator[str]:
    ad_set = step.after.ad_sets[step.arguments["ad_set_id"]]
    objective = step.before.campaigns[ad_set.campaign_id].objective
    if objective in ("reach", "awareness") and (ad_set.frequency_cap or 99) > MOST_FREQUENCY:
        yield f"{objective} ad set {ad_set.ad_set_id} with frequency cap {ad_set.frequency_cap}"


@RULES.each(13, "update_bid", done=True)
def bid_caps(step: Step, trace: Trace) -> Iterator[str]:
    strategy, cap = step.arguments["strategy"], float(step.arguments.get("bid_cap") or 0)
    target = step.before.campaigns[step.before.ad_sets[step.arguments["ad_set_id"]].campaign_id].target_cpa
    if strategy == "bid_cap" and cap < LOWEST_BID_CAP:
        yield f"bid cap {cap} below {LOWEST_BID_CAP}"
    if strategy == "cost_cap" and (cap < LOWEST_COST_CAP or (target is not None and cap > 2 * target)):
        yield f"cost cap {cap} outside 1.00 to twice the target {target}"


@RULES.each(14, "set_end_date", done=True)
def end_dates(step: Step, trace: Trace) -> Iterator[str]:
    furthest = (date.fromisoformat(step.before.today) + timedelta(days=FURTHEST_END_DAYS)).isoformat()
    if step.arguments["end_date"] > furthest:
        yield f"end date {step.arguments['end_date']} after {furthest}"


@RULES.trace(15)
def arms_left_alone(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        table, key = _target(step)
        if step.kind == "write" and table == "ad_sets" and step.name != "conclude_experiment":
            if key in _running_arms(step.before):
                violations.append(f"{step.name} on {key}, an arm of a running experiment")
    return violations


@RULES.each(16, "create_experiment", done=True)
def new_experiments(step: Step, trace: Trace) -> Iterator[str]:
    arms, days = step.arguments["arms"], step.arguments["days"]
    if not 2 <= len(arms) <= MOST_ARMS or not SHORTEST_TEST <= days <= LONGEST_TEST:
        yield f"experiment of {len(arms)} arms over {days} days"
    if any(arm["split"] < LEAST_SPLIT for arm in arms):
        yield f"an arm under {LEAST_SPLIT}% of traffic"


@RULES.each(17, "conclude_experiment", done=True)
def conclusions(step: Step, trace: Trace) -> Iterator[str]:
    test = step.before.experiments[step.arguments["experiment_id"]]
    winner = step.arguments["winner"]
    past = test.planned_end < step.before.today
    if winner is not None:
        leader = min(test.arms, key=lambda arm: (-(arm.conversions / arm.visitors), arm.arm))
        if not past or not _conclusive(test) or winner != leader.ad_set_id:
            yield f"{test.experiment_id} concluded with {winner}, not a significant leader past its end"
    elif not past or _conclusive(test) or _days(test) < LONGEST_TEST:
        yield f"{test.experiment_id} closed as inconclusive before running {LONGEST_TEST} days"


@RULES.each(18, "extend_experiment", done=True)
def extensions(step: Step, trace: Trace) -> Iterator[str]:
    test = step.before.experiments[step.arguments["experiment_id"]]
    days = step.arguments["days"]
    if test.planned_end < step.before.today and _conclusive(test):
        yield f"{test.experiment_id} extended though it can be concluded"
    if days > 7 or _days(test) + days > LONGEST_TEST:
        yield f"{test.experiment_id} extended by {days} days beyond the allowed length"
    new_end = step.after.experiments[test.experiment_id].planned_end
    if not said(trace, new_end):
        yield f"new planned end {new_end} of {test.experiment_id} not in communicate_info"


@RULES.trace(19)
def figures_reported(trace: Trace) -> list[str]:
    if 19 not in trace.task.policy_rules:
        return []
    violations = [
        f"stats up to {step.arguments['date_to']}, after yesterday"
        for step in trace.calls("get_stats")
        if step.arguments["date_to"] >= step.before.today
    ]
    if not trace.calls("get_stats") or not trace.task.communicate_info:
        violations.append("a reporting task without figures read and said")
    return violations


@RULES.trace(20)
def billing_to_humans(trace: Trace) -> list[str]:
    if 20 in trace.task.policy_rules and not trace.calls("transfer_to_human_agents"):
        return ["a billing question not transferred"]
    return []


RULES.trace(21)(hand_offs)
