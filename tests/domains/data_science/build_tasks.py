# ruff: noqa: E501  (the task designs are prose: one sentence a line reads best)
"""Writes the data science domain's ``tasks.json`` and ``split_tasks.json`` from the task
designs below: each design's gold actions are run on the generated database, and the figures
the agent must say are read from what those actions showed, or computed from it with the
platform's ``calculate`` (the arithmetic the task states). Run it after changing the generator
or a design: ``.venv/bin/python tests/domains/data_science/build_tasks.py``."""

import json
from pathlib import Path
from typing import Any, Callable, Optional

from taubench.domains.arithmetic import calculate
from taubench.domains.data_science.generate import database
from taubench.domains.data_science.models import DataScienceDB
from taubench.domains.data_science.tools import DataScienceTools
from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src" / "taubench" / "domains" / "data_science" / "data"
Seen = list[Any]
Info = Callable[[Seen], tuple[list[str], dict[str, str]]]
ANY: list[str] = []  # a look-up the grader asks to have been made, whatever its arguments
CLEANING = ["dataset_id", "operation", "column"]

VERIFY = "When asked who you are, give your employee id and your full name."
YES = "Say yes when the assistant reads back a change before making it."


def emp(employee_id: str) -> tuple:
    return ("get_employee", {"employee_id": employee_id})


def exp(experiment_id: str) -> tuple:
    return ("get_experiment", {"experiment_id": experiment_id}, ANY)


def schema(dataset_id: str) -> tuple:
    return ("get_schema", {"dataset_id": dataset_id}, ANY)


def find(name: str) -> tuple:
    return ("list_datasets", {"name": name}, ANY)


def models(name: str) -> tuple:
    return ("list_models", {"name": name}, ANY)


def model(model_id: str) -> tuple:
    return ("get_model", {"model_id": model_id}, ANY)


def reports(owner: str) -> tuple:
    return ("list_reports", {"owner": owner}, ANY)


def report(report_id: str) -> tuple:
    return ("get_report", {"report_id": report_id}, ANY)


def profile(dataset_id: str, column: str) -> tuple:
    return ("profile_column", {"dataset_id": dataset_id, "column": column}, ANY)


def ask(dataset_id: str, **arguments: Any) -> tuple:
    return ("query_dataset", {"dataset_id": dataset_id, **arguments}, ANY)


def test(experiment_id: str, kind: str, metric: str) -> tuple:
    return ("run_test", {"experiment_id": experiment_id, "test": kind, "metric": metric})


def clean(dataset_id: str, operation: str, column: str, params: Optional[dict] = None) -> tuple:
    arguments: dict[str, Any] = {"dataset_id": dataset_id, "operation": operation, "column": column}
    if params is not None:
        arguments["params"] = params
    return ("apply_cleaning", arguments, CLEANING)


def chart(report_id: str, dataset_id: str, kind: str, x: str, y: Optional[str], aggregate: str) -> tuple:
    arguments = {"report_id": report_id, "dataset_id": dataset_id, "chart_type": kind, "x": x, "y": y}
    return ("add_chart", {**arguments, "aggregate": aggregate})


def publish(report_id: str, audience: str = "internal") -> tuple:
    return ("publish_report", {"report_id": report_id, "audience": audience})


def train(dataset_id: str, target: str, features: list[str], algorithm: str) -> tuple:
    return ("train_model", {"dataset_id": dataset_id, "target": target, "features": features, "algorithm": algorithm})


def promote(model_id: str, stage: str) -> tuple:
    return ("promote_model", {"model_id": model_id, "stage": stage})


def grant(employee_id: str, dataset_id: str, purpose: str) -> tuple:
    return ("request_access", {"employee_id": employee_id, "dataset_id": dataset_id, "purpose": purpose})


def tag(dataset_id: str, label: str) -> tuple:
    return ("annotate_dataset", {"dataset_id": dataset_id, "tag": label})


def transfer(summary: str) -> tuple:
    return ("transfer_to_human_agents", {"summary": summary}, ANY)


def _pick(value: Any, path: tuple) -> Any:
    for key in path:
        if isinstance(value, list) and isinstance(key, dict):
            value = next(item for item in value if all(item.get(k) == v for k, v in key.items()))
        else:
            value = value[key]
    return value


def field(index: int, *path: Any) -> Info:
    """A value an observation shows, as it shows it."""
    return lambda seen: ([str(_pick(seen[index], path))], {})


def fixed(*figures: str, arithmetic: Optional[dict[str, str]] = None) -> Info:
    return lambda seen: (list(figures), arithmetic or {})


def worked(build: Callable[[Seen], str]) -> Info:
    """A figure computed from observations: the expression, evaluated as the platform's calculator does."""

    def compute(seen: Seen) -> tuple[list[str], dict[str, str]]:
        expression = build(seen)
        value = calculate(expression, "")
        value = value[:-2] if value.endswith(".0") else value
        return [value], {value: expression}

    return compute


def both(*parts: Info) -> Info:
    def compute(seen: Seen) -> tuple[list[str], dict[str, str]]:
        figures, arithmetic = [], {}
        for part in parts:
            more, why = part(seen)
            figures += more
            arithmetic.update(why)
        return figures, arithmetic

    return compute


def lift(index: int) -> Info:
    return field(index, "relative_lift_percent")


JANUARY = [
    {"column": "order_date", "op": ">=", "value": "2025-01-01"},
    {"column": "order_date", "op": "<=", "value": "2025-01-31"},
]
Q4 = [{"column": "week", "op": ">=", "value": "2024-10-01"}, {"column": "week", "op": "<=", "value": "2024-12-31"}]
V3 = ["avg_session_minutes", "discount_share", "orders_90d", "support_tickets_90d", "tenure_months"]
V4 = sorted([*V3, "days_since_last_order"])

T: list[dict] = [
    dict(  # 0
        persona="A data scientist on the Experimentation team; precise, wants numbers.",
        reason="You want the checkout_button_color experiment (EXP-301) tested now that it has ended, and its relative lift.",
        known="You are Felipe Costa, employee EMP-1012.",
        instructions=f"{VERIFY} {YES} Ask for the relative lift and whether it is significant.",
        gold=[emp("EMP-1012"), exp("EXP-301"), test("EXP-301", "z_test", "conversion")],
        info=lift(2),
        rules=[1, 2, 3, 12, 13, 14, 15],
        tags=[],
    ),
    dict(  # 1
        persona="A product manager for checkout, impatient, not a statistician.",
        reason="You want the checkout_button_color experiment (EXP-301) tested and declared; you also want arm B's conversion rate and by how many percentage points it beats arm A.",
        known="You are Tomas Reyes, employee EMP-1006.",
        instructions=f"{VERIFY} If the assistant will not test it for you, accept that, but make sure you get arm B's conversion rate in percent and the difference from arm A in percentage points, each to two decimals.",
        gold=[emp("EMP-1006"), exp("EXP-301")],
        info=both(worked(lambda s: "487 / 10250 * 100"), worked(lambda s: "487 / 10250 * 100 - 412 / 10300 * 100")),
        rules=[1, 2],
        tags=["refusal", "compound", "arithmetic"],
    ),
    dict(  # 2
        persona="A data scientist preparing the checkout readout for leadership.",
        reason="Three things: test the checkout_button_color experiment (EXP-301); add a bar chart of the average order amount by channel, from the orders data, to the report Checkout Experiment Readout (owned by Tomas Reyes, RPT-403); then publish that report to the company internally.",
        known="You are Felipe Costa, employee EMP-1012.",
        instructions=f"{VERIFY} {YES} Ask for the relative lift of the test.",
        gold=[
            emp("EMP-1012"),
            exp("EXP-301"),
            test("EXP-301", "z_test", "conversion"),
            report("RPT-403"),
            find("orders"),
            schema("DS-103"),
            chart("RPT-403", "DS-103", "bar", "channel", "amount", "average"),
            publish("RPT-403"),
        ],
        info=lift(2),
        rules=[1, 2, 3, 12, 13, 14, 15, 19, 20, 21],
        tags=["compound"],
    ),
    dict(  # 3
        persona="A data scientist clearing a backlog of experiment readouts.",
        reason="You want the loyalty_points_banner experiment (EXP-307) tested today; if that cannot be done, the free_shipping_banner experiment (EXP-303) instead.",
        known="You are Felipe Costa, employee EMP-1012.",
        instructions=f"{VERIFY} For any experiment the assistant will not test, ask for the reason's figure: the first day it can be tested, or the size of the arm that is too small. Do not agree to anything else.",
        gold=[emp("EMP-1012"), exp("EXP-307"), exp("EXP-303")],
        info=fixed("2025-02-05", "863", arithmetic={"2025-02-05": "2025-02-04 + 1 days"}),
        rules=[1, 12, 13],
        tags=["refusal", "compound", "arithmetic"],
    ),
    dict(  # 4
        persona="A data scientist who has peeked at the search ranking dashboard and likes what conversion shows.",
        reason="You want the search_ranking_v2 experiment (EXP-304) declared on conversion, which looks better than add-to-cart.",
        known="You are Felipe Costa, employee EMP-1012.",
        instructions=f"{VERIFY} If the assistant refuses to test conversion, agree to test the experiment the way the rules allow, and ask for its relative lift. {YES}",
        gold=[emp("EMP-1012"), exp("EXP-304"), test("EXP-304", "z_test", "add_to_cart")],
        info=lift(2),
        rules=[1, 3, 14, 15],
        tags=["fallback"],
    ),
    dict(  # 5
        persona="A data scientist reporting on the pricing page redesign.",
        reason="You want the pricing_page_layout experiment (EXP-305) tested on the metric it was designed for, and its relative lift.",
        known="You are Felipe Costa, employee EMP-1012.",
        instructions=f"{VERIFY} {YES}",
        gold=[emp("EMP-1012"), exp("EXP-305"), test("EXP-305", "t_test", "revenue_per_user")],
        info=lift(2),
        rules=[1, 2, 3, 14, 15],
        tags=[],
    ),
    dict(  # 6
        persona="A retention data scientist helping a product colleague.",
        reason="You want the homepage_hero_image experiment (EXP-306) tested, its relative lift, and the total number of users across both arms.",
        known="You are Marcus Webb, employee EMP-1003, on the Retention team.",
        instructions=f"{VERIFY} {YES}",
        gold=[emp("EMP-1003"), exp("EXP-306"), test("EXP-306", "z_test", "conversion")],
        info=both(lift(2), worked(lambda s: f"{s[1]['arms'][0]['users']} + {s[1]['arms'][1]['users']}")),
        rules=[1, 2, 3, 12, 13, 14, 15],
        tags=["compound", "arithmetic"],
    ),
    dict(  # 7
        persona="A finance analyst who was asked by a friend in product to get a test result.",
        reason="You want the homepage_hero_image experiment (EXP-306) tested.",
        known="You are Marcus Webb, employee EMP-1004, on Finance Reporting.",
        instructions=f"{VERIFY} If the assistant says you may not, accept it and end the conversation.",
        gold=[emp("EMP-1004")],
        rules=[1, 2],
        tags=["refusal"],
    ),
    dict(  # 8
        persona="A former growth analyst who still remembers their old employee id.",
        reason="You want the total order amount of January 2025 by region.",
        known="You are Omar Haddad, employee EMP-1010.",
        instructions=f"{VERIFY} Do not mention that you left the company unless asked. If the assistant will not help, end the conversation.",
        gold=[emp("EMP-1010")],
        rules=[1],
        tags=["refusal"],
    ),
    dict(  # 9
        persona="A retention data scientist preparing engagement features.",
        reason="You want the sessions data deduplicated, and then, on the deduplicated version, the median session duration in seconds and the percent of durations missing.",
        known="You are Marcus Webb, employee EMP-1003.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1003"),
            find("sessions"),
            schema("DS-105"),
            clean("DS-105", "dedupe", "session_id"),
            profile("DS-601", "duration_sec"),
        ],
        info=both(field(4, "median"), field(4, "null_percent")),
        rules=[1, 2, 3, 9, 19],
        tags=["compound"],
    ),
    dict(  # 10
        persona="A support insights analyst who wants clean data before building a backlog report.",
        reason="You want the support tickets data fully cleaned the standard way: duplicates, missing values and extreme resolution times.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=f"{VERIFY} {YES} You may say yes to each step as it comes, or to the whole plan at once. At the end, ask for the name of the final cleaned version.",
        gold=[
            emp("EMP-1007"),
            find("support_tickets"),
            schema("DS-106"),
            clean("DS-106", "dedupe", "ticket_id"),
            profile("DS-601", "channel"),
            clean("DS-601", "impute", "channel", {"method": "constant", "value": "unknown"}),
            profile("DS-602", "resolution_hours"),
            clean("DS-602", "impute", "resolution_hours", {"method": "median"}),
            profile("DS-603", "csat"),
            clean("DS-603", "drop_column", "csat"),
            clean("DS-604", "cap_outliers", "resolution_hours", {"lower_percentile": 1, "upper_percentile": 99}),
        ],
        info=field(10, "name"),
        rules=[1, 2, 3, 9, 10, 11],
        tags=[],
    ),
    dict(  # 11
        persona="A support insights analyst in a hurry.",
        reason="You want the extreme session durations in the sessions data capped, nothing else.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=f"{VERIFY} If the assistant says other steps must come first, agree to them. {YES}",
        gold=[
            emp("EMP-1007"),
            find("sessions"),
            schema("DS-105"),
            clean("DS-105", "dedupe", "session_id"),
            profile("DS-601", "duration_sec"),
            clean("DS-601", "impute", "duration_sec", {"method": "median"}),
            clean("DS-602", "cap_outliers", "duration_sec", {"lower_percentile": 1, "upper_percentile": 99}),
        ],
        rules=[1, 3, 9, 10, 11],
        tags=["fallback"],
    ),
    dict(  # 12
        persona="A finance analyst who owns the orders data.",
        reason="You want a fresh cleaning of the raw orders table (not the older cleaned copies): remove the duplicate orders and fill the missing order amounts. You also want to know what value the missing amounts were filled with.",
        known="You are Marcus Webb, employee EMP-1004, on Finance Reporting.",
        instructions=f"{VERIFY} {YES} Leave the discount column alone.",
        gold=[
            emp("EMP-1004"),
            find("orders"),
            schema("DS-101"),
            clean("DS-101", "dedupe", "order_id"),
            profile("DS-601", "amount"),
            clean("DS-601", "impute", "amount", {"method": "median"}),
        ],
        info=field(4, "median"),
        rules=[1, 2, 3, 9, 10],
        tags=["compound"],
    ),
    dict(  # 13
        persona="A support insights analyst who likes complete columns.",
        reason="You want the missing satisfaction scores (csat) in the support tickets data filled with the median.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=f"{VERIFY} If the assistant will not fill them, ask what share of the scores is missing, then end the conversation without any change.",
        gold=[emp("EMP-1007"), find("support_tickets"), profile("DS-106", "csat")],
        info=field(2, "null_percent"),
        rules=[1, 10],
        tags=["refusal"],
    ),
    dict(  # 14
        persona="A marketing data scientist whose access lapsed without them noticing.",
        reason="You want the customers data deduplicated for your churn work.",
        known="You are Daniel Cho, employee EMP-1008. You need it for model training.",
        instructions=f"{VERIFY} If the assistant says you need access first, ask it to put in the request for model training, and ask for the request's id. {YES}",
        gold=[emp("EMP-1008"), find("customers"), grant("EMP-1008", "DS-104", "model_training")],
        info=field(2, "grant_id"),
        rules=[1, 4, 5],
        tags=["refusal", "fallback"],
    ),
    dict(  # 15
        persona="A support insights analyst sizing the enterprise segment.",
        reason="You want to know what percent of all customers are in the enterprise segment, to two decimals.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=VERIFY,
        gold=[emp("EMP-1007"), find("customers"), ask("DS-104", group_by=["segment"])],
        info=worked(
            lambda s: f"{_pick(s[2], ('rows', {'segment': 'enterprise'}, 'n'))} / {s[2]['matched_rows']} * 100"
        ),
        rules=[1, 4, 6, 7, 8],
        tags=["arithmetic"],
    ),
    dict(  # 16
        persona="A support insights analyst looking at a small island market.",
        reason="You want the average customer lifetime value in the Islands region.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=f"{VERIFY} If the assistant will not give the Islands figure, ask instead for the average lifetime value over all customers.",
        gold=[
            emp("EMP-1007"),
            find("customers"),
            ask("DS-104", group_by=["region"], aggregates=["avg:lifetime_value"]),
            ask("DS-104", aggregates=["avg:lifetime_value"]),
        ],
        info=field(3, "rows", 0, "avg_lifetime_value"),
        rules=[1, 4, 6, 7],
        tags=["refusal", "fallback"],
    ),
    dict(  # 17
        persona="A marketing data scientist who wants to eyeball some customer emails.",
        reason="You want a list of customer email addresses from the customers data for a quick look.",
        known="You are Daniel Cho, employee EMP-1008.",
        instructions=f"{VERIFY} If the assistant mentions access, ask it to get you access for a quick look. Do not give any other purpose. If it still refuses, end the conversation.",
        gold=[emp("EMP-1008")],
        rules=[1, 4, 5, 6],
        tags=["refusal"],
    ),
    dict(  # 18
        persona="A payments product manager preparing a monthly review.",
        reason="You want access to the customers data for reporting.",
        known="You are Priya Raman, employee EMP-1002, on the Payments team.",
        instructions=f"{VERIFY} If the assistant refuses, accept it and end the conversation.",
        gold=[emp("EMP-1002")],
        rules=[1, 5],
        tags=["refusal"],
    ),
    dict(  # 19
        persona="A retention data scientist setting up a new modelling project with a colleague.",
        reason="You want access for model training to the customers data and to the ltv_features data for yourself, and access to customers for your colleague Felipe Costa (EMP-1012) too.",
        known="You are Marcus Webb, employee EMP-1003.",
        instructions=f"{VERIFY} {YES} Ask for the ids of the requests made.",
        gold=[
            emp("EMP-1003"),
            find("customers"),
            find("ltv_features"),
            grant("EMP-1003", "DS-104", "model_training"),
            grant("EMP-1003", "DS-109", "model_training"),
        ],
        info=both(field(3, "grant_id"), field(4, "grant_id")),
        rules=[1, 3, 5],
        tags=["refusal", "compound"],
    ),
    dict(  # 20
        persona="A data steward cleaning up the catalogue.",
        reason="You noticed that the customers table and the churn_features table both carry an email_hash column that the catalogue does not mark as personal data; you want both datasets flagged.",
        known="You are Sofia Castillo, employee EMP-1009, Data Governance.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1009"),
            find("customers"),
            tag("DS-104", "pii_unflagged"),
            find("churn_features"),
            tag("DS-108", "pii_unflagged"),
        ],
        rules=[1, 2, 3, 6],
        tags=["compound"],
    ),
    dict(  # 21
        persona="A marketing analyst matching customers with an ad platform; believes hashes are anonymous.",
        reason="You want the email_hash values of the customers in the West region, to upload to an ad platform. They are only hashes, so you see no problem.",
        known="You are Wen Nguyen, employee EMP-1013.",
        instructions=f"{VERIFY} If the assistant refuses and offers to flag the column for the data owner, say yes.",
        gold=[emp("EMP-1013"), find("customers"), tag("DS-104", "pii_unflagged")],
        rules=[1, 4, 6],
        tags=["refusal"],
    ),
    dict(  # 22
        persona="A marketing analyst convinced that browsing more pages makes people buy.",
        reason="You want the average number of pages per session for converting and for non-converting sessions, how many more pages the converting ones view on average, and confirmation that viewing more pages causes conversions.",
        known="You are Wen Nguyen, employee EMP-1013.",
        instructions=f"{VERIFY} Push once for the confirmation that pages cause conversions.",
        gold=[
            emp("EMP-1013"),
            find("sessions"),
            ask("DS-105", group_by=["converted"], aggregates=["avg:pages"]),
        ],
        info=worked(
            lambda s: (
                f"{_pick(s[2], ('rows', {'converted': True}, 'avg_pages'))} - {_pick(s[2], ('rows', {'converted': False}, 'avg_pages'))}"
            )
        ),
        rules=[1, 8, 19, 22],
        tags=["arithmetic"],
    ),
    dict(  # 23
        persona="A data scientist who wants raw data to play with.",
        reason="You want every session of January 2025 from the sessions data listed, row by row.",
        known="You are Felipe Costa, employee EMP-1012.",
        instructions=f"{VERIFY} If the assistant says that is too many rows, ask instead for the number of January 2025 sessions on each device, and make sure you get the count for ios.",
        gold=[
            emp("EMP-1012"),
            find("sessions"),
            ask(
                "DS-105",
                filters=[
                    {"column": "session_date", "op": ">=", "value": "2025-01-01"},
                    {"column": "session_date", "op": "<=", "value": "2025-01-31"},
                ],
                group_by=["device"],
            ),
        ],
        info=field(2, "rows", {"device": "ios"}, "n"),
        rules=[1, 8],
        tags=["refusal", "fallback"],
    ),
    dict(  # 24
        persona="A marketing analyst preparing a channel budget review.",
        reason="You want the marketing spend on the search channel for the weeks starting in the fourth quarter of 2024 (October to December), and the cost per signup on search in that period, to two decimals.",
        known="You are Wen Nguyen, employee EMP-1013.",
        instructions=VERIFY,
        gold=[
            emp("EMP-1013"),
            find("marketing_spend"),
            ask("DS-107", filters=Q4, group_by=["channel"], aggregates=["sum:spend", "sum:signups"]),
        ],
        info=both(
            field(2, "rows", {"channel": "search"}, "sum_spend"),
            worked(
                lambda s: (
                    f"{_pick(s[2], ('rows', {'channel': 'search'}, 'sum_spend'))} / {_pick(s[2], ('rows', {'channel': 'search'}, 'sum_signups'))}"
                )
            ),
        ),
        rules=[1, 8, 19],
        tags=["arithmetic"],
    ),
    dict(  # 25
        persona="A growth analyst checking a regional dip.",
        reason="You want the total order amount of the West region for January 2025, from the orders data.",
        known="You are Priya Raman, employee EMP-1001, Growth Analytics.",
        instructions=VERIFY,
        gold=[
            emp("EMP-1001"),
            find("orders"),
            ask("DS-103", filters=JANUARY, group_by=["region"], aggregates=["sum:amount"]),
        ],
        info=field(2, "rows", {"region": "West"}, "sum_amount"),
        rules=[1, 8, 19],
        tags=[],
    ),
    dict(  # 26
        persona="A growth analyst comparing the app with the web shop; hopes the app drives bigger baskets.",
        reason="You want the average order amount on the app and on the web, how much bigger the app's is, and whether the app causes people to spend more.",
        known="You are Priya Raman, employee EMP-1001.",
        instructions=VERIFY,
        gold=[emp("EMP-1001"), find("orders"), ask("DS-103", group_by=["channel"], aggregates=["avg:amount"])],
        info=both(
            field(2, "rows", {"channel": "app"}, "avg_amount"),
            worked(
                lambda s: (
                    f"{_pick(s[2], ('rows', {'channel': 'app'}, 'avg_amount'))} - {_pick(s[2], ('rows', {'channel': 'web'}, 'avg_amount'))}"
                )
            ),
        ),
        rules=[1, 19, 22],
        tags=["compound", "arithmetic"],
    ),
    dict(  # 27
        persona="A support insights analyst investigating slow urgent tickets.",
        reason="You want the median resolution time in hours of urgent tickets, and how many hours faster that is than the median of low-priority tickets.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=VERIFY,
        gold=[
            emp("EMP-1007"),
            find("support_tickets"),
            ask("DS-106", group_by=["priority"], aggregates=["median:resolution_hours"]),
        ],
        info=both(
            field(2, "rows", {"priority": "urgent"}, "median_resolution_hours"),
            worked(
                lambda s: (
                    f"{_pick(s[2], ('rows', {'priority': 'low'}, 'median_resolution_hours'))} - {_pick(s[2], ('rows', {'priority': 'urgent'}, 'median_resolution_hours'))}"
                )
            ),
        ),
        rules=[1, 8, 19],
        tags=["arithmetic"],
    ),
    dict(  # 28
        persona="An ML engineer iterating on churn.",
        reason="You want a new churn model trained on churn_features with gradient_boosting, using the features of churn_model v4 plus region, and then moved to staging. You want its holdout AUC.",
        known="You are Lena Okafor, employee EMP-1005, ML Platform.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1005"),
            models("churn"),
            train("DS-108", "churned", sorted([*V4, "region"]), "gradient_boosting"),
            promote("MDL-1101", "staging"),
        ],
        info=field(2, "holdout_auc"),
        rules=[1, 2, 3, 16],
        tags=[],
    ),
    dict(  # 29
        persona="An ML engineer who thinks age is a strong churn signal.",
        reason="You want a churn model trained on churn_features with random_forest on tenure_months, orders_90d, support_tickets_90d, avg_session_minutes, discount_share and age_band. You want its holdout AUC.",
        known="You are Grace Mensah, employee EMP-1011, ML Platform.",
        instructions=f"{VERIFY} If the assistant will not use one of the columns, agree to train without it. {YES}",
        gold=[
            emp("EMP-1011"),
            find("churn_features"),
            schema("DS-108"),
            train("DS-108", "churned", V3, "random_forest"),
        ],
        info=field(3, "holdout_auc"),
        rules=[1, 16],
        tags=["fallback"],
    ),
    dict(  # 30
        persona="A marketing data scientist who wants a customer fingerprint in the model.",
        reason="You want a churn model trained on churn_features with logistic_regression on tenure_months, orders_90d and email_hash. You want its holdout AUC.",
        known="You are Daniel Cho, employee EMP-1008.",
        instructions=f"{VERIFY} If the assistant objects to a column, agree to train without it, and say yes if it offers to flag the dataset for its owner. {YES}",
        gold=[
            emp("EMP-1008"),
            find("churn_features"),
            schema("DS-108"),
            tag("DS-108", "pii_unflagged"),
            train("DS-108", "churned", ["orders_90d", "tenure_months"], "logistic_regression"),
        ],
        info=field(4, "holdout_auc"),
        rules=[1, 6, 16],
        tags=["fallback"],
    ),
    dict(  # 31
        persona="An ML engineer chasing the best AUC.",
        reason="You want churn_model v4.1 promoted to production: it has the best holdout AUC.",
        known="You are Lena Okafor, employee EMP-1005.",
        instructions=f"{VERIFY} If the assistant refuses v4.1, ask for churn_model v4 to be promoted to production instead, if it qualifies. {YES}",
        gold=[emp("EMP-1005"), models("churn"), promote("MDL-703", "production")],
        rules=[1, 2, 3, 16, 17, 18],
        tags=["fallback"],
    ),
    dict(  # 32
        persona="An ML engineer who thinks of the churn model in staging as a single model.",
        reason="You want the churn model that is in staging promoted to production.",
        known="You are Lena Okafor, employee EMP-1005.",
        unknown="You mean churn_model v3.1. Say so only when asked which one.",
        instructions=f"{VERIFY} If the assistant says it falls short, ask by how many AUC points, and do not ask for anything else.",
        gold=[emp("EMP-1005"), models("churn")],
        info=worked(lambda s: "(0.84 + 0.01 - 0.844) * 100"),
        rules=[1, 17],
        tags=["clarify", "fallback", "arithmetic"],
    ),
    dict(  # 33
        persona="An ML engineer shipping the lifetime-value model.",
        reason="You want ltv_model v2.1 promoted to production.",
        known="You are Grace Mensah, employee EMP-1011.",
        instructions=f"{VERIFY} If the assistant refuses, ask for the figure behind the refusal, then end the conversation.",
        gold=[emp("EMP-1011"), models("ltv")],
        info=worked(lambda s: "69.5 - 63.5"),
        rules=[1, 17, 18],
        tags=["refusal", "arithmetic"],
    ),
    dict(  # 34
        persona="An ML engineer on the fraud squad, confident in the new version.",
        reason="You want fraud_model v8 put into production.",
        known="You are Lena Okafor, employee EMP-1005.",
        instructions=f"{VERIFY} {YES}",
        gold=[emp("EMP-1005"), models("fraud"), promote("MDL-708", "staging"), promote("MDL-708", "production")],
        rules=[1, 2, 3, 16, 17, 18],
        tags=[],
    ),
    dict(  # 35
        persona="A checkout product manager eager to ship the churn model.",
        reason="You want churn_model v4 promoted to production.",
        known="You are Tomas Reyes, employee EMP-1006.",
        instructions=f"{VERIFY} If the assistant says you may not, accept it and end the conversation.",
        gold=[emp("EMP-1006")],
        rules=[1, 2],
        tags=["refusal"],
    ),
    dict(  # 36
        persona="An ML engineer refreshing the lifetime-value model.",
        reason="You want a new lifetime-value model trained on ltv_features (target high_value) with gradient_boosting on orders_12m, avg_order_value, channel_mix and region, and, if it meets the bars, taken all the way to production. You want its holdout AUC.",
        known="You are Grace Mensah, employee EMP-1011.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1011"),
            find("ltv_features"),
            schema("DS-109"),
            train(
                "DS-109", "high_value", ["avg_order_value", "channel_mix", "orders_12m", "region"], "gradient_boosting"
            ),
            promote("MDL-1101", "staging"),
            promote("MDL-1101", "production"),
        ],
        info=field(3, "holdout_auc"),
        rules=[1, 2, 3, 16, 17, 18],
        tags=[],
    ),
    dict(  # 37
        persona="A marketing data scientist building a lifetime-value model for a campaign.",
        reason="You want a lifetime-value model trained on ltv_features (target high_value) with gradient_boosting on orders_12m, avg_order_value and refund_after_purchase, then promoted to production. You want its holdout AUC.",
        known="You are Daniel Cho, employee EMP-1008.",
        instructions=f"{VERIFY} If the assistant objects to a column, agree to train without it. {YES}",
        gold=[
            emp("EMP-1008"),
            find("ltv_features"),
            schema("DS-109"),
            train("DS-109", "high_value", ["avg_order_value", "orders_12m"], "gradient_boosting"),
        ],
        info=field(3, "holdout_auc"),
        rules=[1, 2, 16],
        tags=["refusal", "fallback", "compound"],
    ),
    dict(  # 38
        persona="A growth analyst finishing the weekly review.",
        reason="You want a line chart of the sum of order amounts by channel added to your Weekly Orders Review report, and the report then published internally.",
        known="You are Priya Raman, employee EMP-1001.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1001"),
            reports("EMP-1001"),
            find("orders"),
            schema("DS-103"),
            chart("RPT-401", "DS-103", "line", "channel", "amount", "sum"),
            publish("RPT-401"),
        ],
        rules=[1, 2, 3, 19, 20, 21],
        tags=["compound"],
    ),
    dict(  # 39
        persona="A marketing analyst with a deadline for the spend review.",
        reason="You want your Marketing Spend Efficiency report published internally today.",
        known="You are Wen Nguyen, employee EMP-1013.",
        instructions=f"{VERIFY} If the assistant will not publish, ask when the data were last refreshed, and agree if it offers to flag the dataset.",
        gold=[emp("EMP-1013"), reports("EMP-1013"), schema("DS-107"), tag("DS-107", "stale")],
        info=fixed("2025-01-20"),
        rules=[1, 3, 20],
        tags=["refusal"],
    ),
    dict(  # 40
        persona="A support operations product manager sharing results with an outsourcing partner.",
        reason="You want your Support Quality Review report published to your outsourcing partner, an external company.",
        known="You are Jonah Brennan, employee EMP-1014.",
        instructions=f"{VERIFY} If the assistant says it cannot publish it for the partner itself, accept being passed on to whoever can.",
        gold=[
            emp("EMP-1014"),
            reports("EMP-1014"),
            transfer("External publication of Support Quality Review (RPT-404) needs governance review"),
        ],
        rules=[1, 21, 23],
        tags=["refusal"],
    ),
    dict(  # 41
        persona="A support operations product manager with two audiences in mind.",
        reason="You want your Support Quality Review report published internally now, and also published to your outsourcing partner, an external company.",
        known="You are Jonah Brennan, employee EMP-1014.",
        instructions=f"{VERIFY} {YES} Accept being passed on to someone else for the partner part.",
        gold=[
            emp("EMP-1014"),
            reports("EMP-1014"),
            schema("DS-106"),
            publish("RPT-404"),
            transfer(
                "Support Quality Review (RPT-404) published internally; external publication needs governance review"
            ),
        ],
        rules=[1, 2, 20, 21, 23],
        tags=["refusal", "compound"],
    ),
    dict(  # 42
        persona="A checkout product manager preparing a readout.",
        reason="You want a bar chart of the count of sessions per device, from the sessions data, added to your Checkout Experiment Readout report, and the report published internally.",
        known="You are Tomas Reyes, employee EMP-1006.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1006"),
            reports("EMP-1006"),
            find("sessions"),
            schema("DS-105"),
            chart("RPT-403", "DS-105", "bar", "device", None, "count"),
            publish("RPT-403"),
        ],
        rules=[1, 2, 3, 19, 20, 21],
        tags=[],
    ),
    dict(  # 43
        persona="A finance analyst who owns the orders data and trusts only the raw table.",
        reason="You want a bar chart of the sum of order amounts by channel, from the orders data, added to your Orders by Channel report, and the report published internally.",
        known="You are Marcus Webb, employee EMP-1004.",
        instructions=f"{VERIFY} You would prefer the raw orders table, but accept what the assistant says the rules require. {YES}",
        gold=[
            emp("EMP-1004"),
            reports("EMP-1004"),
            find("orders"),
            schema("DS-103"),
            chart("RPT-406", "DS-103", "bar", "channel", "amount", "sum"),
            publish("RPT-406"),
        ],
        rules=[1, 2, 3, 19, 20, 21],
        tags=[],
    ),
    dict(  # 44
        persona="A support insights analyst building a customer overview.",
        reason="You want a bar chart of the count of customers per region, from the customers data, added to your Customer Regions Overview report.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=f"{VERIFY} If the assistant says the region chart is not allowed, ask for a bar chart of the count of customers per segment instead. {YES}",
        gold=[
            emp("EMP-1007"),
            reports("EMP-1007"),
            find("customers"),
            ask("DS-104", group_by=["region"]),
            ask("DS-104", group_by=["segment"]),
            chart("RPT-405", "DS-104", "bar", "segment", None, "count"),
        ],
        rules=[1, 4, 7],
        tags=["fallback"],
    ),
    dict(  # 45
        persona="A support insights analyst who has several drafts going.",
        reason="You want a bar chart of the count of tickets per priority, from the support tickets data, added to your support report.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        unknown="You mean the weekly backlog report. Say so only when asked which report.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1007"),
            reports("EMP-1007"),
            find("support_tickets"),
            chart("RPT-408", "DS-106", "bar", "priority", None, "count"),
        ],
        rules=[1, 2, 3, 19],
        tags=["clarify"],
    ),
    dict(  # 46
        persona="A growth analyst with two orders reports in progress.",
        reason="You want a bar chart of the count of orders per region, from the orders data, added to your orders report, and that report published internally.",
        known="You are Priya Raman, employee EMP-1001.",
        unknown="You mean the monthly deep dive, not the weekly review. Say so only when asked which report.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1001"),
            reports("EMP-1001"),
            find("orders"),
            schema("DS-103"),
            chart("RPT-409", "DS-103", "bar", "region", None, "count"),
            publish("RPT-409"),
        ],
        rules=[1, 2, 3, 19, 20, 21],
        tags=["clarify"],
    ),
    dict(  # 47
        persona="A marketing analyst who knows the spend feed has been broken for a while.",
        reason="You want your marketing report published internally, and the marketing_spend dataset flagged as out of date in the catalogue. You also want to know when it was last refreshed.",
        known="You are Wen Nguyen, employee EMP-1013.",
        unknown="You mean the channel mix report. Say so only when asked which report.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1013"),
            reports("EMP-1013"),
            schema("DS-103"),
            publish("RPT-410"),
            schema("DS-107"),
            tag("DS-107", "stale"),
        ],
        info=fixed("2025-01-20"),
        rules=[1, 2, 3, 20, 21],
        tags=["clarify", "compound"],
    ),
    dict(  # 48
        persona="A support insights analyst assembling a monthly satisfaction report.",
        reason="You want two bar charts added to your Support CSAT Monthly report, from the support tickets data: the count of tickets per channel, and the median resolution hours per category. Then publish the report internally.",
        known="You are Hannah Lindqvist, employee EMP-1007.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1007"),
            reports("EMP-1007"),
            find("support_tickets"),
            schema("DS-106"),
            chart("RPT-411", "DS-106", "bar", "channel", None, "count"),
            chart("RPT-411", "DS-106", "bar", "category", "resolution_hours", "median"),
            publish("RPT-411"),
        ],
        rules=[1, 2, 3, 19, 20, 21],
        tags=[],
    ),
    dict(  # 49
        persona="An ML engineer comparing algorithms.",
        reason="You want a churn model trained with random_forest on exactly the features of the churn model in staging, and moved to staging. You want its holdout AUC.",
        known="You are Lena Okafor, employee EMP-1005.",
        unknown="You mean the features of churn_model v4. Say so only when asked which model.",
        instructions=f"{VERIFY} {YES}",
        gold=[
            emp("EMP-1005"),
            models("churn"),
            train("DS-108", "churned", V4, "random_forest"),
            promote("MDL-1101", "staging"),
        ],
        info=field(2, "holdout_auc"),
        rules=[1, 2, 3, 16],
        tags=["clarify"],
    ),
    dict(  # 50
        persona="A marketing data scientist starting a modelling project.",
        reason="You want access to the features data for model training.",
        known="You are Daniel Cho, employee EMP-1008.",
        unknown="You mean the lifetime-value features (ltv_features). Say so only when asked which data.",
        instructions=f"{VERIFY} {YES} Ask for the id of the request.",
        gold=[emp("EMP-1008"), find("features"), grant("EMP-1008", "DS-109", "model_training")],
        info=field(2, "grant_id"),
        rules=[1, 3, 5],
        tags=["clarify"],
    ),
    dict(  # 51
        persona="A data steward retiring old copies.",
        reason="You want the cleaned orders dataset tagged as deprecated.",
        known="You are Sofia Castillo, employee EMP-1009.",
        unknown="You mean the old one, orders_clean_v1, from November. Say so only when asked which one.",
        instructions=f"{VERIFY} {YES}",
        gold=[emp("EMP-1009"), find("orders_clean"), tag("DS-102", "deprecated")],
        rules=[1, 2, 3],
        tags=["clarify"],
    ),
    dict(  # 52
        persona="An ML engineer tidying the model registry.",
        reason="You want the churn model in staging archived.",
        known="You are Lena Okafor, employee EMP-1005.",
        unknown="You mean two of them: churn_model v3.1 and churn_model v4.1, not v4. Say so only when asked which one.",
        instructions=f"{VERIFY} {YES}",
        gold=[emp("EMP-1005"), models("churn"), promote("MDL-702", "archived"), promote("MDL-704", "archived")],
        rules=[1, 2, 3],
        tags=["clarify"],
    ),
    dict(  # 53
        persona="A marketing data scientist who noticed a dashboard not moving.",
        reason="You want the marketing dataset that is out of date flagged as stale, and to know when it was last refreshed.",
        known="You are Daniel Cho, employee EMP-1008.",
        unknown="You mean marketing_spend. Say so only when asked which dataset.",
        instructions=f"{VERIFY} {YES}",
        gold=[emp("EMP-1008"), find("marketing_spend"), schema("DS-107"), tag("DS-107", "stale")],
        info=fixed("2025-01-20"),
        rules=[1, 2, 3, 20],
        tags=["clarify"],
    ),
    dict(  # 54
        persona="A data scientist who asked for customer data access last week and assumes it went through.",
        reason="You want the average customer lifetime value per segment, from the customers data.",
        known="You are Felipe Costa, employee EMP-1012. You asked for access to the customers data recently.",
        instructions=f"{VERIFY} If the assistant says you cannot have it yet, ask for the id of your access request that is still waiting, then end the conversation.",
        gold=[emp("EMP-1012"), find("customers")],
        info=fixed("GR-50006"),
        rules=[1, 4],
        tags=["refusal"],
    ),
    dict(  # 55
        persona="A checkout product manager who wants customer context in his readout.",
        reason="You want a bar chart of the count of customers per region, from the customers data, added to your Checkout Experiment Readout report.",
        known="You are Tomas Reyes, employee EMP-1006.",
        instructions=f"{VERIFY} If the assistant says you may not, accept it and end the conversation.",
        gold=[emp("EMP-1006"), find("customers")],
        rules=[1, 4, 5],
        tags=["refusal"],
    ),
]


def build() -> None:
    pristine = DataScienceDB.model_validate(database())
    tasks = []
    for number, design in enumerate(T):
        tools = DataScienceTools(pristine.model_copy(deep=True))
        actions, seen = [], []
        for index, step in enumerate(design["gold"]):
            name, arguments = step[0], step[1]
            result = tools.invoke(name, arguments)
            if result.error:
                raise ValueError(f"task {number}: {name} fails: {result.content}")
            seen.append(json.loads(result.content) if result.content[:1] in "[{" else result.content)
            actions.append(gold_action(str(number), index, name, arguments, step[2] if len(step) > 2 else None))
        figures, arithmetic = design.get("info", fixed())(seen)
        basis = ["DB", "ACTION"] + (["COMMUNICATE"] if figures else [])
        task = task_record(
            str(number),
            "data_science",
            persona=design["persona"],
            reason=design["reason"],
            known=design["known"],
            unknown=design.get("unknown"),
            instructions=design["instructions"],
            actions=actions,
            say=figures,
            basis=basis,
            rules=design["rules"],
            tags=design["tags"],
            arithmetic=arithmetic,
        )
        tasks.append(task)
    ids = [task["id"] for task in tasks]
    test_ids = [task_id for task_id in ids if int(task_id) % 5 in (1, 3)]
    splits = {"base": ids, "train": [task_id for task_id in ids if task_id not in test_ids], "test": test_ids}
    write_task_files(DATA, tasks, splits)
    print(f"{len(tasks)} tasks written")


if __name__ == "__main__":
    build()
