# ruff: noqa: E501  (the task designs are prose: one sentence a line reads best)
"""Writes the advertising domain's ``tasks.json`` and ``split_tasks.json`` from the task
designs below: each design's gold actions are run on the generated database, and the figures
the agent must say (CTR, CPC, CPA, ROAS, new dates) are computed from what those actions
showed, rounded half up as the desk manual says. Run it after changing the generator or a
design: ``.venv/bin/python tests/domains/advertising/build_tasks.py``."""

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any, Callable, Optional

from taubench.domains.advertising.generate import database
from taubench.domains.advertising.models import AdvertisingDB
from taubench.domains.advertising.tools import AdvertisingTools
from taubench.domains.arithmetic import calculate
from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src" / "taubench" / "domains" / "advertising" / "data"
WEEK = ("2025-10-14", "2025-10-20")
YESTERDAY = ("2025-10-20", "2025-10-20")


def who(account: str, user: str) -> tuple:
    return ("get_ad_account", {"account_id": account, "user_id": user})


def campaigns(account: str) -> tuple:
    return ("list_campaigns", {"account_id": account}, ["account_id"])


def stats(level: str, entity: str, span: tuple[str, str]) -> tuple:
    return ("get_stats", {"level": level, "entity_id": entity, "date_from": span[0], "date_to": span[1]})


def cents(value: Decimal) -> str:
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def metric(name: str, shown: dict[str, Any]) -> tuple[str, str]:
    """A figure of rule 19 from a stats observation, and the arithmetic that gives it."""
    spend, revenue = repr(shown["spend"]), repr(shown["revenue"])
    clicks, impressions, conversions = shown["clicks"], shown["impressions"], shown["conversions"]
    expression, value = {
        "ctr": (f"{clicks} / {impressions} * 100", Decimal(clicks) * 100 / Decimal(impressions)),
        "cpc": (f"{spend} / {clicks}", Decimal(spend) / Decimal(clicks)),
        "cpa": (f"{spend} / {conversions}", Decimal(spend) / Decimal(conversions) if conversions else Decimal(0)),
        "roas": (f"{revenue} / {spend}", Decimal(revenue) / Decimal(spend)),
    }[name]
    figure = cents(value)
    if float(calculate(expression, "")) != float(figure):
        raise ValueError(f"{name} {figure} is a rounding tie for calculate: {expression}")
    return figure, expression


def said(figure: str) -> Callable[[list], tuple[list[str], dict]]:
    return lambda seen: ([figure], {})


def measured(*wanted: tuple[int, str]) -> Callable[[list], tuple[list[str], dict]]:
    """Figures of rule 19 from the observations of the gold steps at these indexes."""

    def compute(seen: list) -> tuple[list[str], dict]:
        figures, arithmetic = [], {}
        for index, name in wanted:
            figure, expression = metric(name, json.loads(seen[index]))
            figures.append(figure)
            arithmetic[figure] = expression
        return figures, arithmetic

    return compute


def spent(index: int) -> Callable[[list], tuple[list[str], dict]]:
    return lambda seen: ([cents(Decimal(repr(json.loads(seen[index])["spend"])))], {})


def field(index: int, *path: str) -> Callable[[list], tuple[list[str], dict]]:
    def compute(seen: list) -> tuple[list[str], dict]:
        value: Any = json.loads(seen[index])
        for key in path:
            value = value[int(key)] if isinstance(value, list) else value[key]
        return [str(value)], {}

    return compute


def both(*parts: Callable[[list], tuple[list[str], dict]]) -> Callable[[list], tuple[list[str], dict]]:
    def compute(seen: list) -> tuple[list[str], dict]:
        figures, arithmetic = [], {}
        for part in parts:
            more, why = part(seen)
            figures += more
            arithmetic.update(why)
        return figures, arithmetic

    return compute


def fixed(figures: list[str], arithmetic: Optional[dict] = None) -> Callable[[list], tuple[list[str], dict]]:
    return lambda seen: (figures, arithmetic or {})


VERIFY = "When the agent asks who you are, give your ad account id and your user id."
YES = "Say yes when the agent reads back a change."

T: list[dict] = [
    dict(
        persona="A leasing manager at a property company, direct and in a hurry.",
        reason="You want the Riverside Lofts Leasing ads in Austin to reach only women aged 25 to 40 living within 5 miles of the building.",
        known="You are Owen Pike, user U-5002 on ad account ACT-1001 (Brightside Realty).",
        instructions=f"{VERIFY} If the agent says this cannot be done, ask what the smallest radius allowed would be, then say you will think about it and end the call without any change.",
        gold=[who("ACT-1001", "U-5002"), campaigns("ACT-1001"), ("get_ad_set", {"ad_set_id": "AS-30001"})],
        info=said("15"),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 9],
        tags=["refusal"],
    ),
    dict(
        persona="A marketing coordinator at a real-estate agency; believes the Q4 Promo is an ordinary promotion.",
        reason="You want the ad set of the Q4 Promo campaign narrowed to the ZIP codes 78704 and 78745 and to ages 25 to 54.",
        known="You are Owen Pike, user U-5002 on ad account ACT-1001. The Q4 Promo advertises a new condominium development.",
        instructions=f"{VERIFY} If the agent refuses, ask instead to tighten the radius around Austin to 15 miles. {YES}",
        gold=[
            who("ACT-1001", "U-5002"),
            campaigns("ACT-1001"),
            ("get_ad_set", {"ad_set_id": "AS-30003"}),
            ("update_targeting", {"ad_set_id": "AS-30003", "radius_miles": 15}, ["ad_set_id", "radius_miles"]),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 9],
        tags=["refusal", "fallback"],
    ),
    dict(
        persona="A data analyst at a property company; polite, expects to be able to make small changes.",
        reason="You want the daily budget of Riverside Lofts Leasing raised to 150 dollars, and you want to know how much that campaign spent yesterday.",
        known="You are Mia Laurent, user U-5003 on ad account ACT-1001.",
        instructions=f"{VERIFY} If the agent will not change the budget, accept it, but make sure you get yesterday's spend.",
        gold=[who("ACT-1001", "U-5003"), campaigns("ACT-1001"), stats("campaign", "CMP-20001", YESTERDAY)],
        info=spent(2),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 2, 19],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="An e-commerce marketer at an outdoor retailer; brief.",
        reason="You want the Spring Sale campaign paused.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        unknown="There are two campaigns called Spring Sale; you mean the one launched this year, in March 2025. Say so only if asked which one.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1003", "U-5011"),
            campaigns("ACT-1003"),
            ("pause_delivery", {"level": "campaign", "entity_id": "CMP-20011"}),
        ],
        basis=["DB"],
        rules=[1, 3],
        tags=["clarify"],
    ),
    dict(
        persona="An e-commerce marketer preparing a weekly report.",
        reason="You want the return on ad spend (ROAS) of the Spring Sale campaign over the last 7 days.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        unknown="You mean the older Spring Sale, the one launched in 2024. Say so only if asked which one.",
        instructions=VERIFY,
        gold=[who("ACT-1003", "U-5011"), campaigns("ACT-1003"), stats("campaign", "CMP-20010", WEEK)],
        info=measured((2, "roas")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 19],
        tags=["clarify", "arithmetic"],
    ),
    dict(
        persona="The owner of an outdoor retailer, numbers-driven.",
        reason="In Trail Gear Retargeting, you want any ad set whose cost per conversion over the last 7 days is more than double your 25 dollar target paused, and the campaign's daily budget cut from 300 to 200 dollars.",
        known="You are Rafael Ortiz, user U-5010 on ad account ACT-1003.",
        instructions=f"{VERIFY} Ask what the cost per conversion of the ad set that gets paused was. {YES}",
        gold=[
            who("ACT-1003", "U-5010"),
            campaigns("ACT-1003"),
            stats("ad_set", "AS-30014", WEEK),
            stats("ad_set", "AS-30015", WEEK),
            ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30014"}),
            ("update_budget", {"campaign_id": "CMP-20012", "daily_budget": 200}),
        ],
        info=measured((2, "cpa")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 4, 19],
        tags=["arithmetic"],
    ),
    dict(
        persona="A junior analyst at an outdoor retailer, careful with numbers.",
        reason="You want the click-through rate and the cost per click of the Trail Gear Retargeting campaign over the last 7 days.",
        known="You are Priya Raman, user U-5012 on ad account ACT-1003.",
        instructions=VERIFY,
        gold=[who("ACT-1003", "U-5012"), campaigns("ACT-1003"), stats("campaign", "CMP-20012", WEEK)],
        info=measured((2, "ctr"), (2, "cpc")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 2, 19],
        tags=["arithmetic"],
    ),
    dict(
        persona="The owner of an outdoor retailer gearing up for the holidays.",
        reason="You want the daily budget of Trail Gear Retargeting raised to 1200 dollars.",
        known="You are Rafael Ortiz, user U-5010 on ad account ACT-1003.",
        instructions=f"{VERIFY} If the full amount is not possible, accept the most that is. {YES}",
        gold=[
            who("ACT-1003", "U-5010"),
            campaigns("ACT-1003"),
            ("calculate", {"expression": "1500 - 670 + 300"}),
            ("update_budget", {"campaign_id": "CMP-20012", "daily_budget": 1130}),
        ],
        info=fixed(["1130", "learning"], {"1130": "1500 - 670 + 300"}),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 6, 7],
        tags=["fallback", "arithmetic"],
    ),
    dict(
        persona="An e-commerce marketer who has been tuning budgets all morning.",
        reason="You want the daily budget of this year's Spring Sale campaign (launched in March 2025) raised to 250 dollars.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        instructions=f"{VERIFY} If the agent cannot do it today, ask on which date you could.",
        gold=[who("ACT-1003", "U-5011"), campaigns("ACT-1003")],
        info=fixed(["2025-10-22"], {"2025-10-22": "2025-10-21 + 1 days"}),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 5],
        tags=["refusal"],
    ),
    dict(
        persona="The head of a staffing agency who wants young warehouse workers.",
        reason="You want the Warehouse Hiring Fall ads shown only to people aged 18 to 35, and a lookalike audience switched on.",
        known="You are Marcus Bell, user U-5030 on ad account ACT-1004.",
        instructions=f"{VERIFY} If refused, ask what age range you are allowed to use, then end the call without changes.",
        gold=[who("ACT-1004", "U-5030"), campaigns("ACT-1004"), ("get_ad_set", {"ad_set_id": "AS-30020"})],
        info=said("65"),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 9],
        tags=["refusal"],
    ),
    dict(
        persona="A recruiter at a staffing agency.",
        reason="For Driver Recruiting, you want the ads to target the ZIP codes 45402 and 45410 with a 10-mile radius.",
        known="You are Tanya Osei, user U-5031 on ad account ACT-1004. The drivers should live around Dayton and Kettering, Ohio.",
        instructions=f"{VERIFY} If that is not allowed, ask to add Kettering, OH as a second city instead, keeping whatever radius is allowed. {YES}",
        gold=[
            who("ACT-1004", "U-5031"),
            campaigns("ACT-1004"),
            ("get_ad_set", {"ad_set_id": "AS-30021"}),
            (
                "update_targeting",
                {"ad_set_id": "AS-30021", "locations": ["Dayton, OH", "Kettering, OH"]},
                ["ad_set_id", "locations"],
            ),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 9],
        tags=["refusal", "fallback"],
    ),
    dict(
        persona="The marketing lead of a credit union.",
        reason="You want ZIP code 60614 added to the targeting of the Auto Loan Rates ad set, and ZIP code 60622 added to the Community Events ad set.",
        known="You are Harriet Vo, user U-5040 on ad account ACT-1005.",
        instructions=f"{VERIFY} If one of the two cannot be done, have the other done anyway. {YES}",
        gold=[
            who("ACT-1005", "U-5040"),
            campaigns("ACT-1005"),
            ("get_ad_set", {"ad_set_id": "AS-30031"}),
            (
                "update_targeting",
                {"ad_set_id": "AS-30031", "locations": ["60614", "60618", "60622"]},
                ["ad_set_id", "locations"],
            ),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 9],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="A bakery owner running a seasonal promotion.",
        reason="You want Pumpkin Bread Week to run until 2025-11-02 instead of ending on 2025-10-26, and its daily budget raised from 30 to 40 dollars.",
        known="You are Julian Park, user U-5100 on ad account ACT-1011 (Parkside Bakery).",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1011", "U-5100"),
            campaigns("ACT-1011"),
            ("set_end_date", {"campaign_id": "CMP-20090", "end_date": "2025-11-02"}),
            ("update_budget", {"campaign_id": "CMP-20090", "daily_budget": 40}),
        ],
        basis=["DB"],
        rules=[1, 3, 7],
        tags=["compound"],
    ),
    dict(
        persona="The owner of a craft brewery, new to the platform.",
        reason="You want the new Pumpkin Ale pour video (creative CR-50040) sent for review so it can run.",
        known="You are Nora Quinlan, user U-5050 on ad account ACT-1006.",
        instructions=f"{VERIFY} Agree to whatever change the agent says the ad set needs first. {YES}",
        gold=[
            who("ACT-1006", "U-5050"),
            ("get_creative", {"creative_id": "CR-50040"}),
            ("get_ad_set", {"ad_set_id": "AS-30040"}),
            ("update_targeting", {"ad_set_id": "AS-30040", "age_min": 21}),
            ("submit_creative", {"creative_id": "CR-50040"}),
        ],
        basis=["DB"],
        rules=[1, 3, 10, 11],
        tags=[],
    ),
    dict(
        persona="A brewery's marketing assistant.",
        reason="You want the Hazy IPA carousel (creative CR-50042) running again, and the Oktoberfest stein photo (creative CR-50043) sent for review once more; you edited it.",
        known="You are Eli Brandt, user U-5051 on ad account ACT-1006.",
        instructions=f"{VERIFY} Accept being transferred if the agent says it must. {YES}",
        gold=[
            who("ACT-1006", "U-5051"),
            ("get_creative", {"creative_id": "CR-50042"}),
            ("get_ad_set", {"ad_set_id": "AS-30041"}),
            ("resume_delivery", {"level": "creative", "entity_id": "CR-50042"}),
            ("get_creative", {"creative_id": "CR-50043"}),
            (
                "transfer_to_human_agents",
                {"summary": "Creative CR-50043 rejected twice; advertiser wants it reviewed again"},
                [],
            ),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 10, 11, 21],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="A brewery's marketing assistant who fixed an ad.",
        reason="You shortened the text on the Dry cider launch image (creative CR-50044) and want it reviewed again. You also want to know why it was rejected.",
        known="You are Eli Brandt, user U-5051 on ad account ACT-1006.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1006", "U-5051"),
            ("get_creative", {"creative_id": "CR-50044"}),
            ("get_ad_set", {"ad_set_id": "AS-30041"}),
            ("submit_creative", {"creative_id": "CR-50044"}),
        ],
        basis=["DB"],
        rules=[1, 3, 10, 11],
        tags=[],
    ),
    dict(
        persona="A gym owner who wants everybody in town to see the membership drive.",
        reason="You want people to see the Fall Membership Drive ads up to 5 times a week, and the campaign to end on 2025-12-15 instead of 2025-11-30.",
        known="You are Sasha Ivanova, user U-5060 on ad account ACT-1007.",
        instructions=f"{VERIFY} If 5 is too many, take the highest number allowed. {YES}",
        gold=[
            who("ACT-1007", "U-5060"),
            campaigns("ACT-1007"),
            ("get_ad_set", {"ad_set_id": "AS-30050"}),
            ("update_targeting", {"ad_set_id": "AS-30050", "frequency_cap": 3}),
            ("set_end_date", {"campaign_id": "CMP-20050", "end_date": "2025-12-15"}),
        ],
        basis=["DB"],
        rules=[1, 3, 12],
        tags=["fallback", "compound"],
    ),
    dict(
        persona="A gym's marketing manager juggling two campaigns.",
        reason="You want the daily budget of Fall Membership Drive raised from 90 to 110 dollars, and Class Pass Promo raised from 120 to 150 dollars.",
        known="You are Ben Ortega, user U-5061 on ad account ACT-1007.",
        instructions=f"{VERIFY} If one cannot be done today, ask when it can, and have the other done. {YES}",
        gold=[
            who("ACT-1007", "U-5061"),
            campaigns("ACT-1007"),
            ("update_budget", {"campaign_id": "CMP-20051", "daily_budget": 150}),
        ],
        info=fixed(["2025-10-22"], {"2025-10-22": "2025-10-21 + 1 days"}),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 5, 7],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="A gym owner opening a spin studio.",
        reason="You want the paused Spin Studio Launch campaign running again, with each person seeing its ads at most 2 times a week.",
        known="You are Sasha Ivanova, user U-5060 on ad account ACT-1007.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1007", "U-5060"),
            campaigns("ACT-1007"),
            ("get_ad_set", {"ad_set_id": "AS-30052"}),
            ("update_targeting", {"ad_set_id": "AS-30052", "frequency_cap": 2}),
            ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20052"}),
        ],
        basis=["DB"],
        rules=[1, 3, 7, 12],
        tags=["compound"],
    ),
    dict(
        persona="A gym's marketing manager with an ambitious plan.",
        reason="You want the Spin Studio Launch campaign resumed and the daily budget of Class Pass Promo raised to 250 dollars.",
        known="You are Ben Ortega, user U-5061 on ad account ACT-1007.",
        instructions=f"{VERIFY} Resuming Spin Studio Launch matters most; if the budget cannot go that high, accept the most that fits. {YES}",
        gold=[
            who("ACT-1007", "U-5061"),
            campaigns("ACT-1007"),
            ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20052"}),
            ("calculate", {"expression": "400 - 90 - 100"}),
            ("update_budget", {"campaign_id": "CMP-20051", "daily_budget": 210}),
        ],
        info=fixed(["210", "learning"], {"210": "400 - 90 - 100"}),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 6, 7],
        tags=["fallback", "arithmetic", "compound"],
    ),
    dict(
        persona="The founder of a coffee roaster, decisive.",
        reason="The creative test on Subscription Boxes (experiment EXP-701) finished on Sunday. If it has a clear winner, you want it closed with that winner, and the Subscription Boxes daily budget raised by 20 percent.",
        known="You are Imani Brooks, user U-5070 on ad account ACT-1008.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1008", "U-5070"),
            ("get_experiment", {"experiment_id": "EXP-701"}),
            ("conclude_experiment", {"experiment_id": "EXP-701", "winner": "AS-30061"}),
            campaigns("ACT-1008"),
            ("calculate", {"expression": "200 * 1.2"}),
            ("update_budget", {"campaign_id": "CMP-20060", "daily_budget": 240}),
        ],
        basis=["DB"],
        rules=[1, 3, 17],
        tags=["compound"],
    ),
    dict(
        persona="A performance marketer at a coffee roaster.",
        reason="You want the audience test on Subscription Boxes (experiment EXP-702) concluded with whichever audience won.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        instructions=f"{VERIFY} If there is no winner, accept the longest extension the agent offers and ask for the new end date. {YES}",
        gold=[
            who("ACT-1008", "U-5071"),
            ("get_experiment", {"experiment_id": "EXP-702"}),
            ("extend_experiment", {"experiment_id": "EXP-702", "days": 7}),
        ],
        info=fixed(["2025-10-24"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 18],
        tags=["fallback"],
    ),
    dict(
        persona="A performance marketer at a coffee roaster, impatient.",
        reason="Arm B of the bid-strategy test on Cold Brew Launch (experiment EXP-703) looks better; you want the test concluded now with B as the winner, and the lowest-cost ad set (AS-30066) paused.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        instructions=f"{VERIFY} If the agent refuses, ask when the test can be concluded, then end the call.",
        gold=[who("ACT-1008", "U-5071"), ("get_experiment", {"experiment_id": "EXP-703"})],
        info=fixed(["2025-10-26"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 15, 17],
        tags=["refusal"],
    ),
    dict(
        persona="The founder of a coffee roaster.",
        reason="The creative test on Espresso Gear (experiment EXP-704) ended on 2025-10-19. You want it concluded with the winner; if that is not possible, extended by a week.",
        known="You are Imani Brooks, user U-5070 on ad account ACT-1008.",
        instructions=f"{VERIFY} If a full week is not allowed, take what is, and ask for the new end date. {YES}",
        gold=[
            who("ACT-1008", "U-5070"),
            ("get_experiment", {"experiment_id": "EXP-704"}),
            ("calculate", {"expression": "30 - 26"}),
            ("extend_experiment", {"experiment_id": "EXP-704", "days": 4}),
        ],
        info=fixed(["2025-10-23"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 17, 18],
        tags=["fallback", "arithmetic"],
    ),
    dict(
        persona="A performance marketer at a coffee roaster, ready to move on.",
        reason="The audience test on Gift Cards (experiment EXP-705) ran its full month without a result. You want it closed, and a new 14-day audience test started between the same two ad sets, split evenly.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1008", "U-5071"),
            ("get_experiment", {"experiment_id": "EXP-705"}),
            ("conclude_experiment", {"experiment_id": "EXP-705", "winner": None}),
            (
                "create_experiment",
                {
                    "campaign_id": "CMP-20063",
                    "variable": "audience",
                    "arms": [{"ad_set_id": "AS-30070", "split": 50}, {"ad_set_id": "AS-30071", "split": 50}],
                    "days": 14,
                },
            ),
        ],
        basis=["DB"],
        rules=[1, 3, 16, 18],
        tags=["compound"],
    ),
    dict(
        persona="A performance marketer at a coffee roaster launching a decaf line.",
        reason="You want a 14-day creative test across the three ad sets of the Decaf Line campaign, split as evenly as possible, and Decaf Line's daily budget raised from 90 to 120 dollars.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1008", "U-5071"),
            campaigns("ACT-1008"),
            ("calculate", {"expression": "100 / 3"}),
            ("calculate", {"expression": "100 - 33 - 33"}),
            (
                "create_experiment",
                {
                    "campaign_id": "CMP-20064",
                    "variable": "creative",
                    "arms": [
                        {"ad_set_id": "AS-30072", "split": 34},
                        {"ad_set_id": "AS-30073", "split": 33},
                        {"ad_set_id": "AS-30074", "split": 33},
                    ],
                    "days": 14,
                },
            ),
            ("update_budget", {"campaign_id": "CMP-20064", "daily_budget": 120}),
        ],
        basis=["DB"],
        rules=[1, 3, 7, 16],
        tags=["compound"],
    ),
    dict(
        persona="The founder of a coffee roaster who likes long tests.",
        reason="You want a 45-day audience test on Decaf Line between the expecting-parents ad set and the coffee-lovers ad set, 60 percent to expecting parents and 40 percent to coffee lovers, and Decaf Line set to end on 2025-12-31.",
        known="You are Imani Brooks, user U-5070 on ad account ACT-1008.",
        instructions=f"{VERIFY} If 45 days is too long, take the longest allowed. {YES}",
        gold=[
            who("ACT-1008", "U-5070"),
            campaigns("ACT-1008"),
            ("get_ad_set", {"ad_set_id": "AS-30073"}),
            ("get_ad_set", {"ad_set_id": "AS-30074"}),
            (
                "create_experiment",
                {
                    "campaign_id": "CMP-20064",
                    "variable": "audience",
                    "arms": [{"ad_set_id": "AS-30073", "split": 60}, {"ad_set_id": "AS-30074", "split": 40}],
                    "days": 30,
                },
            ),
            ("set_end_date", {"campaign_id": "CMP-20064", "end_date": "2025-12-31"}),
        ],
        basis=["DB"],
        rules=[1, 3, 14, 16],
        tags=["fallback", "compound"],
    ),
    dict(
        persona="A marketing analyst at a coffee roaster who sits in on every test review.",
        reason="You want the creative test on Subscription Boxes (experiment EXP-701) concluded with its winner, and the winning arm's conversion rate.",
        known="You are Gwen Holloway, user U-5072 on ad account ACT-1008.",
        instructions=f"{VERIFY} If the agent will not conclude it for you, accept that, but get the conversion rate.",
        gold=[who("ACT-1008", "U-5072"), ("get_experiment", {"experiment_id": "EXP-701"})],
        info=field(1, "arms", "1", "conversion_rate_percent"),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 2, 17],
        tags=["refusal"],
    ),
    dict(
        persona="The practice manager of a dental group, unaware of any billing problem.",
        reason="You want the Invisalign Consults daily budget raised from 70 to 100 dollars and the Teeth Whitening campaign resumed.",
        known="You are Colin Mercer, user U-5080 on ad account ACT-1009.",
        instructions=f"{VERIFY} If the agent says neither can be done, ask why, then end the call.",
        gold=[who("ACT-1009", "U-5080")],
        info=said("failed"),
        basis=["DB", "COMMUNICATE", "ACTION"],
        rules=[1, 8],
        tags=["refusal"],
    ),
    dict(
        persona="The practice manager of a dental group cutting costs.",
        reason="You want Invisalign Consults paused for now, and you want Teeth Whitening running again instead.",
        known="You are Colin Mercer, user U-5080 on ad account ACT-1009.",
        instructions=f"{VERIFY} If only one can be done, have that one done, and ask why the other cannot. {YES}",
        gold=[
            who("ACT-1009", "U-5080"),
            campaigns("ACT-1009"),
            ("pause_delivery", {"level": "campaign", "entity_id": "CMP-20070"}),
        ],
        info=said("failed"),
        basis=["DB", "COMMUNICATE", "ACTION"],
        rules=[1, 3, 8],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="The owner of a bike shop, upset about fake clicks.",
        reason="You believe bots clicked the E-bike Test Rides ads last week and you want a refund of the 340 dollars they cost you.",
        known="You are Ayla Demir, user U-5090 on ad account ACT-1010.",
        instructions=f"{VERIFY} Accept a transfer if offered.",
        gold=[
            who("ACT-1010", "U-5090"),
            ("transfer_to_human_agents", {"summary": "Invalid-traffic refund request for E-bike Test Rides"}, []),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 20, 21],
        tags=["refusal"],
    ),
    dict(
        persona="The owner of a bike shop who suspects click fraud.",
        reason="You want the cost per click of the test rides campaign over the last 7 days, and then a refund for clicks you think came from bots.",
        known="You are Ayla Demir, user U-5090 on ad account ACT-1010.",
        unknown="You mean the main E-bike Test Rides campaign, not the retargeting one. Say so only if asked.",
        instructions=f"{VERIFY} Accept a transfer if offered, after you have the cost per click.",
        gold=[
            who("ACT-1010", "U-5090"),
            campaigns("ACT-1010"),
            (*stats("campaign", "CMP-20080", WEEK), []),
            ("transfer_to_human_agents", {"summary": "Click-fraud refund request on CMP-20080"}, []),
        ],
        info=measured((2, "cpc")),
        basis=["DB", "COMMUNICATE", "ACTION"],
        rules=[1, 19, 20, 21],
        tags=["refusal", "compound", "arithmetic", "clarify"],
    ),
    dict(
        persona="An analyst at a bike shop who wants to help the owner.",
        reason="You want the E-bike Test Rides - Retargeting campaign paused, and you want to know how many clicks it got yesterday.",
        known="You are Rohan Mehta, user U-5091 on ad account ACT-1010.",
        instructions=f"{VERIFY} If the agent will not pause it, accept that, but get the clicks.",
        gold=[who("ACT-1010", "U-5091"), campaigns("ACT-1010"), stats("campaign", "CMP-20081", YESTERDAY)],
        info=field(2, "clicks"),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 2, 19],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="The owner of an outdoor retailer bringing back a good campaign.",
        reason="You want the Fall Hiking Boots campaign, which ended on 2025-10-12, running again until 2026-02-28.",
        known="You are Rafael Ortiz, user U-5010 on ad account ACT-1003.",
        instructions=f"{VERIFY} If that end date is too far, take the latest allowed and ask what it is. {YES}",
        gold=[
            who("ACT-1003", "U-5010"),
            campaigns("ACT-1003"),
            ("set_end_date", {"campaign_id": "CMP-20014", "end_date": "2026-01-19"}),
            ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20014"}),
        ],
        info=fixed(["2026-01-19"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 7, 14],
        tags=["fallback"],
    ),
    dict(
        persona="An e-commerce marketer at an outdoor retailer.",
        reason="You want the Fall Hiking Boots campaign, which has ended, running again through 2025-11-30.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1003", "U-5011"),
            campaigns("ACT-1003"),
            ("set_end_date", {"campaign_id": "CMP-20014", "end_date": "2025-11-30"}),
            ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20014"}),
        ],
        basis=["DB"],
        rules=[1, 3, 7, 14],
        tags=[],
    ),
    dict(
        persona="The owner of an outdoor retailer who likes to control bids.",
        reason="In Trail Gear Retargeting, you want the product-viewers ad set on a cost cap of 20 dollars, and the cart-abandoners ad set on a bid cap of 0.30 dollars.",
        known="You are Rafael Ortiz, user U-5010 on ad account ACT-1003.",
        instructions=f"{VERIFY} If a cap you asked for is not allowed, take the nearest allowed value. {YES}",
        gold=[
            who("ACT-1003", "U-5010"),
            campaigns("ACT-1003"),
            ("get_ad_set", {"ad_set_id": "AS-30014"}),
            ("get_ad_set", {"ad_set_id": "AS-30015"}),
            ("update_bid", {"ad_set_id": "AS-30015", "strategy": "cost_cap", "bid_cap": 20}),
            ("update_bid", {"ad_set_id": "AS-30014", "strategy": "bid_cap", "bid_cap": 0.5}),
        ],
        basis=["DB"],
        rules=[1, 3, 13],
        tags=["compound", "fallback"],
    ),
    dict(
        persona="An e-commerce marketer at an outdoor retailer.",
        reason="You want the Spring Sale daily budget raised by 20 percent.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        unknown="You mean the older Spring Sale, launched in 2024. Say so only if asked which one.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1003", "U-5011"),
            campaigns("ACT-1003"),
            ("calculate", {"expression": "150 * 1.2"}),
            ("update_budget", {"campaign_id": "CMP-20010", "daily_budget": 180}),
        ],
        basis=["DB"],
        rules=[1, 3, 7],
        tags=["clarify"],
    ),
    dict(
        persona="An e-commerce marketer at an outdoor retailer who dislikes cost caps.",
        reason="You want the core ad set of this year's Spring Sale (launched March 2025) back on plain lowest-cost bidding, with no cap.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1003", "U-5011"),
            campaigns("ACT-1003"),
            ("get_ad_set", {"ad_set_id": "AS-30012"}),
            ("update_bid", {"ad_set_id": "AS-30012", "strategy": "lowest_cost"}),
        ],
        basis=["DB"],
        rules=[1, 3, 13],
        tags=[],
    ),
    dict(
        persona="A realtor who works with two related agencies and mixes up her logins.",
        reason="You want the daily budget of Lakeshore Condos raised from 90 to 110 dollars.",
        known="You are Dana Whitfield. You have two logins: user U-5001 on ad account ACT-1001 (Brightside Realty) and user U-5021 on ad account ACT-1002 (Brightside Realty Group).",
        instructions="When first asked who you are, give ACT-1001 and U-5001. If the agent cannot find Lakeshore Condos there, give your other login. "
        + YES,
        gold=[
            who("ACT-1001", "U-5001"),
            campaigns("ACT-1001"),
            who("ACT-1002", "U-5021"),
            campaigns("ACT-1002"),
            ("update_budget", {"campaign_id": "CMP-20004", "daily_budget": 110}),
        ],
        basis=["DB"],
        rules=[1, 3, 7],
        tags=["clarify"],
    ),
    dict(
        persona="The broker-owner of a realty firm.",
        reason="You want Riverside Lofts Leasing to end on 2025-12-31, and the Q4 Promo daily budget raised from 80 to 100 dollars.",
        known="You are Dana Whitfield, user U-5001 on ad account ACT-1001.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1001", "U-5001"),
            campaigns("ACT-1001"),
            ("set_end_date", {"campaign_id": "CMP-20001", "end_date": "2025-12-31"}),
            ("update_budget", {"campaign_id": "CMP-20002", "daily_budget": 100}),
        ],
        basis=["DB"],
        rules=[1, 3, 7],
        tags=["compound"],
    ),
    dict(
        persona="A leasing manager reviving a summer campaign for a fall open house.",
        reason="You want the Summer Open House campaign, which ended in August, running again until 2025-11-15, and its audience changed to ages 30 to 55.",
        known="You are Owen Pike, user U-5002 on ad account ACT-1001.",
        instructions=f"{VERIFY} If the age change is refused, still have the campaign restarted. {YES}",
        gold=[
            who("ACT-1001", "U-5002"),
            campaigns("ACT-1001"),
            ("set_end_date", {"campaign_id": "CMP-20003", "end_date": "2025-11-15"}),
            ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20003"}),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 9, 14],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="A recruiter at a staffing agency who heard lookalikes work well.",
        reason="You want a lookalike audience switched on for Warehouse Hiring Fall.",
        known="You are Tanya Osei, user U-5031 on ad account ACT-1004.",
        instructions=f"{VERIFY} If that is not allowed, ask to add the interests forklift operation and logistics to the ad set instead. {YES}",
        gold=[
            who("ACT-1004", "U-5031"),
            campaigns("ACT-1004"),
            ("get_ad_set", {"ad_set_id": "AS-30020"}),
            (
                "update_targeting",
                {"ad_set_id": "AS-30020", "interests": ["forklift operation", "logistics", "warehouse jobs"]},
                ["ad_set_id", "interests"],
            ),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 9],
        tags=["refusal", "fallback"],
    ),
    dict(
        persona="The marketing lead of a credit union preparing a board report.",
        reason="You want the cost per lead (cost per conversion) of Auto Loan Rates over the last 14 days.",
        known="You are Harriet Vo, user U-5040 on ad account ACT-1005.",
        instructions=VERIFY,
        gold=[
            who("ACT-1005", "U-5040"),
            campaigns("ACT-1005"),
            stats("campaign", "CMP-20030", ("2025-10-07", "2025-10-20")),
        ],
        info=measured((2, "cpa")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 19],
        tags=["arithmetic"],
    ),
    dict(
        persona="The head of a staffing agency checking on hiring costs.",
        reason="You want the cost per conversion of Warehouse Hiring Fall over the last 7 days, and the Driver Recruiting campaign paused because the roles are filled.",
        known="You are Marcus Bell, user U-5030 on ad account ACT-1004.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1004", "U-5030"),
            campaigns("ACT-1004"),
            stats("campaign", "CMP-20020", WEEK),
            ("pause_delivery", {"level": "campaign", "entity_id": "CMP-20021"}),
        ],
        info=measured((2, "cpa")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 19],
        tags=["compound", "arithmetic"],
    ),
    dict(
        persona="The owner of a craft brewery who does not know creative ids.",
        reason="You want the Hazy IPA ad in Taproom Fall Releases running again.",
        known="You are Nora Quinlan, user U-5050 on ad account ACT-1006.",
        unknown="There are two Hazy IPA ads; you mean the still image, not the carousel. Say so only if asked which one.",
        instructions=f"{VERIFY} Agree to whatever change the agent says is needed first. {YES}",
        gold=[
            who("ACT-1006", "U-5050"),
            campaigns("ACT-1006"),
            ("get_ad_set", {"ad_set_id": "AS-30040"}),
            ("get_ad_set", {"ad_set_id": "AS-30041"}),
            ("get_creative", {"creative_id": "CR-50045"}),
            ("update_targeting", {"ad_set_id": "AS-30040", "age_min": 21}),
            ("resume_delivery", {"level": "creative", "entity_id": "CR-50045"}),
        ],
        basis=["DB"],
        rules=[1, 3, 10],
        tags=["clarify"],
    ),
    dict(
        persona="The founder of a coffee roaster trimming weak audiences.",
        reason="You want the gifting and the students ad sets of Subscription Boxes paused, and you want to know what Subscription Boxes spent yesterday.",
        known="You are Imani Brooks, user U-5070 on ad account ACT-1008.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1008", "U-5070"),
            campaigns("ACT-1008"),
            ("list_experiments", {"campaign_id": "CMP-20060"}),
            ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30064"}),
            ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30065"}),
            stats("campaign", "CMP-20060", YESTERDAY),
        ],
        info=spent(5),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 15, 19],
        tags=["compound"],
    ),
    dict(
        persona="A marketing analyst at a coffee roaster.",
        reason="You want the ROAS of Subscription Boxes over the last 7 days, and the campaign set to end on 2025-12-31.",
        known="You are Gwen Holloway, user U-5072 on ad account ACT-1008.",
        instructions=f"{VERIFY} If the agent will not change the end date for you, accept that, but get the ROAS.",
        gold=[who("ACT-1008", "U-5072"), campaigns("ACT-1008"), stats("campaign", "CMP-20060", WEEK)],
        info=measured((2, "roas")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 2, 19],
        tags=["refusal", "compound", "arithmetic"],
    ),
    dict(
        persona="A leasing manager whose building is under renovation.",
        reason="You want the Riverside Lofts Leasing daily budget cut to 3 dollars while the lobby is renovated.",
        known="You are Owen Pike, user U-5002 on ad account ACT-1001.",
        instructions=f"{VERIFY} If 3 dollars is too low, take the lowest budget allowed rather than a pause. {YES}",
        gold=[
            who("ACT-1001", "U-5002"),
            campaigns("ACT-1001"),
            ("update_budget", {"campaign_id": "CMP-20001", "daily_budget": 5}),
        ],
        info=fixed(["learning"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 4, 6],
        tags=["fallback"],
    ),
    dict(
        persona="A gym's marketing manager planning for the holidays.",
        reason="You want Class Pass Promo's daily budget raised from 120 to 200 dollars and the campaign set to end on 2025-12-31.",
        known="You are Ben Ortega, user U-5061 on ad account ACT-1007.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1007", "U-5061"),
            campaigns("ACT-1007"),
            ("update_budget", {"campaign_id": "CMP-20051", "daily_budget": 200}),
            ("set_end_date", {"campaign_id": "CMP-20051", "end_date": "2025-12-31"}),
        ],
        info=fixed(["learning"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 6, 7],
        tags=["compound"],
    ),
    dict(
        persona="The admin of a realty group's ad account.",
        reason="For Lakeshore Condos, you want the ads shown to women only, and the radius around Austin widened from 15 to 30 miles.",
        known="You are Lena Brooks, user U-5022 on ad account ACT-1002.",
        instructions=f"{VERIFY} If one change is refused, have the other made. {YES}",
        gold=[
            who("ACT-1002", "U-5022"),
            campaigns("ACT-1002"),
            ("update_targeting", {"ad_set_id": "AS-30005", "radius_miles": 30}, ["ad_set_id", "radius_miles"]),
        ],
        basis=["DB", "ACTION"],
        rules=[1, 3, 9],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="The marketing lead of a credit union who wants cheap auctions.",
        reason="You want the Auto Loan Rates ad set on a bid cap of 0.40 dollars, and the Community Events daily budget raised from 40 to 50 dollars.",
        known="You are Harriet Vo, user U-5040 on ad account ACT-1005.",
        instructions=f"{VERIFY} If 0.40 is not allowed, take the nearest allowed cap. {YES}",
        gold=[
            who("ACT-1005", "U-5040"),
            campaigns("ACT-1005"),
            ("get_ad_set", {"ad_set_id": "AS-30030"}),
            ("update_bid", {"ad_set_id": "AS-30030", "strategy": "bid_cap", "bid_cap": 0.5}),
            ("update_budget", {"campaign_id": "CMP-20031", "daily_budget": 50}),
        ],
        basis=["DB"],
        rules=[1, 3, 7, 13],
        tags=["fallback", "compound"],
    ),
    dict(
        persona="A bakery owner whose oven broke.",
        reason="You want the Pumpkin Bread Week daily budget lowered to 4 dollars until the oven is repaired.",
        known="You are Julian Park, user U-5100 on ad account ACT-1011.",
        instructions=f"{VERIFY} If 4 dollars is not allowed, take the lowest budget that is. {YES}",
        gold=[
            who("ACT-1011", "U-5100"),
            campaigns("ACT-1011"),
            ("update_budget", {"campaign_id": "CMP-20090", "daily_budget": 5}),
        ],
        info=fixed(["learning"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 4, 6],
        tags=["fallback"],
    ),
    dict(
        persona="The owner of an outdoor retailer starting holiday reach ads.",
        reason="You want the paused Holiday Gift Guide campaign resumed, with its ads shown to each person up to 6 times a week.",
        known="You are Rafael Ortiz, user U-5010 on ad account ACT-1003.",
        instructions=f"{VERIFY} If 6 is too many, take the most allowed. {YES}",
        gold=[
            who("ACT-1003", "U-5010"),
            campaigns("ACT-1003"),
            ("get_ad_set", {"ad_set_id": "AS-30016"}),
            ("update_targeting", {"ad_set_id": "AS-30016", "frequency_cap": 3}),
            ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20013"}),
        ],
        basis=["DB"],
        rules=[1, 3, 7, 12],
        tags=["fallback"],
    ),
    dict(
        persona="A performance marketer at a coffee roaster who does not remember experiment ids.",
        reason="You want the test on Subscription Boxes extended by 5 days.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        unknown="Subscription Boxes has two tests; you mean the audience test. Say so only if asked which one.",
        instructions=f"{VERIFY} Ask for the new end date. {YES}",
        gold=[
            who("ACT-1008", "U-5071"),
            campaigns("ACT-1008"),
            ("list_experiments", {"campaign_id": "CMP-20060"}),
            ("get_experiment", {"experiment_id": "EXP-702"}),
            ("extend_experiment", {"experiment_id": "EXP-702", "days": 5}),
        ],
        info=fixed(["2025-10-22"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 18],
        tags=["clarify"],
    ),
    dict(
        persona="A leasing manager preparing a monthly review.",
        reason="You want to know how much Q4 Promo has spent since it started on 2025-10-01 (through yesterday) and its cost per conversion over that period.",
        known="You are Owen Pike, user U-5002 on ad account ACT-1001.",
        instructions=VERIFY,
        gold=[
            who("ACT-1001", "U-5002"),
            campaigns("ACT-1001"),
            stats("campaign", "CMP-20002", ("2025-10-01", "2025-10-20")),
        ],
        info=both(spent(2), measured((2, "cpa"))),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 19],
        tags=["arithmetic"],
    ),
    dict(
        persona="A performance marketer at a coffee roaster.",
        reason="You want the cost-cap ad set of Cold Brew Launch (AS-30067) moved to a cost cap of 20 dollars, and Cold Brew Launch's daily budget raised from 150 to 180 dollars.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        instructions=f"{VERIFY} If the cap cannot be changed now, ask until when, and have the budget changed anyway. {YES}",
        gold=[
            who("ACT-1008", "U-5071"),
            campaigns("ACT-1008"),
            ("list_experiments", {"campaign_id": "CMP-20061"}),
            ("update_budget", {"campaign_id": "CMP-20061", "daily_budget": 180}),
        ],
        info=fixed(["2025-10-26"]),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 7, 15],
        tags=["refusal", "compound"],
    ),
    dict(
        persona="An e-commerce marketer at an outdoor retailer with a new ad ready.",
        reason="You want the Trail Gear winter carousel (creative CR-50012) sent for review.",
        known="You are Keiko Tanaka, user U-5011 on ad account ACT-1003.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1003", "U-5011"),
            ("get_creative", {"creative_id": "CR-50012"}),
            ("submit_creative", {"creative_id": "CR-50012"}),
        ],
        basis=["DB"],
        rules=[1, 3, 11],
        tags=[],
    ),
    dict(
        persona="A performance marketer at a coffee roaster.",
        reason="You want the creative test on Subscription Boxes (experiment EXP-701) concluded with its winner, and the winning arm's conversion rate.",
        known="You are Theo Marchetti, user U-5071 on ad account ACT-1008.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1008", "U-5071"),
            ("get_experiment", {"experiment_id": "EXP-701"}),
            ("conclude_experiment", {"experiment_id": "EXP-701", "winner": "AS-30061"}),
        ],
        info=field(1, "arms", "1", "conversion_rate_percent"),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 3, 17],
        tags=[],
    ),
    dict(
        persona="The owner of a bike shop pausing spend for the winter.",
        reason="You want the test rides campaign paused.",
        known="You are Ayla Demir, user U-5090 on ad account ACT-1010.",
        unknown="You mean the retargeting one, E-bike Test Rides - Retargeting. Say so only if asked which one.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1010", "U-5090"),
            campaigns("ACT-1010"),
            ("pause_delivery", {"level": "campaign", "entity_id": "CMP-20081"}),
        ],
        basis=["DB"],
        rules=[1, 3],
        tags=["clarify"],
    ),
    dict(
        persona="A junior analyst at an outdoor retailer.",
        reason="You want the click-through rate of the Spring Sale campaign yesterday.",
        known="You are Priya Raman, user U-5012 on ad account ACT-1003.",
        unknown="You mean this year's Spring Sale, launched in March 2025. Say so only if asked which one.",
        instructions=VERIFY,
        gold=[who("ACT-1003", "U-5012"), campaigns("ACT-1003"), stats("campaign", "CMP-20011", YESTERDAY)],
        info=measured((2, "ctr")),
        basis=["DB", "COMMUNICATE"],
        rules=[1, 2, 19],
        tags=["clarify", "arithmetic"],
    ),
    dict(
        persona="The broker-owner of a realty firm.",
        reason="You want the radius of the Riverside Lofts Leasing ad set changed to 25 miles.",
        known="You are Dana Whitfield, user U-5001 on ad account ACT-1001.",
        unknown="Riverside has two ad sets; you mean the Round Rock one. Say so only if asked which one.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            who("ACT-1001", "U-5001"),
            campaigns("ACT-1001"),
            ("get_ad_set", {"ad_set_id": "AS-30002"}),
            ("update_targeting", {"ad_set_id": "AS-30002", "radius_miles": 25}),
        ],
        basis=["DB"],
        rules=[1, 3, 9],
        tags=["clarify"],
    ),
]


def build() -> None:
    pristine = AdvertisingDB.model_validate(database())
    tasks = []
    for number, design in enumerate(T):
        tools = AdvertisingTools(pristine.model_copy(deep=True))
        actions, seen = [], []
        for index, step in enumerate(design["gold"]):
            name, arguments = step[0], step[1]
            result = tools.invoke(name, arguments)
            if result.error:
                raise ValueError(f"task {number}: {name} fails: {result.content}")
            seen.append(result.content)
            actions.append(gold_action(str(number), index, name, arguments, step[2] if len(step) > 2 else None))
        figures, arithmetic = design.get("info", fixed([]))(seen)
        tasks.append(
            task_record(
                str(number),
                "advertising",
                persona=design["persona"],
                reason=design["reason"],
                known=design["known"],
                unknown=design.get("unknown"),
                instructions=design["instructions"],
                actions=actions,
                say=figures,
                basis=design["basis"],
                rules=design["rules"],
                tags=design["tags"],
                arithmetic=arithmetic,
            )
        )
    ids = [task["id"] for task in tasks]
    test = [task_id for task_id in ids if int(task_id) % 5 in (1, 3)]
    splits = {"base": ids, "train": [task_id for task_id in ids if task_id not in test], "test": test}
    write_task_files(DATA, tasks, splits)
    print(f"{len(tasks)} tasks written")


if __name__ == "__main__":
    build()
