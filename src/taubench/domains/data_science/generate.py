"""The data platform's database: a fixed cast (``data/cast.json``) that the tasks are written
around, the stored rows of its materialised datasets drawn from a seed, and seeded filler so
that look-ups have plenty to miss.

The cast: two Priya Ramans (a Growth analyst and a Payments product manager), two Marcus
Webbs (a Retention data scientist and a Finance analyst) and two Grace Mensahs (an ML
engineer and a Supply Chain analyst), so that a name alone never identifies anyone; a
departed analyst; an analyst holding an active PII grant on ``customers`` and a data
scientist whose grant there expired on 2025-01-20. The raw ``orders`` table (duplicated
order ids, a third of its discounts missing, a few extreme amounts) next to its stale
``orders_clean_v1`` and fresh ``orders_clean_v2``; ``customers``, whose ``email_hash`` is not
marked as personal data and whose "Islands" region has 6 customers; raw ``sessions`` and
``support_tickets`` with duplicates, nulls (the tickets' csat over 30% null) and outliers;
``marketing_spend``, 15 days behind a 7-day SLA; three modelling datasets (churn, lifetime
value, fraud), each with a leaked (post-outcome) column, two with a restricted one, churn's
with an unmarked email_hash too. Seven experiments: one ended
and significant (the brief's 412/10,300 against 487/10,250), one running to 2025-02-10, one
with an arm under 1,000 users, one whose secondary metric looks better than its primary, one
on a mean metric, one ended and flat, one planned to end today. Models: churn_model v3 in
production with v3.1 (short of the AUC margin), v4 (promotable) and v4.1 (a leaked feature)
in staging; ltv_model v2.1 (TPR gap over 5 points); fraud_model v8 still in development.
Eleven reports: drafts on fresh, stale and external-bound data, analysts with two drafts of
similar titles (so "my orders report" needs a question), and one already published.

Filler: about 330 employees from ``Population`` (a tenth of them namesakes), 310 catalogue
datasets (some with cleaned versions and their cleaning steps), 1,500 access grants, 140
ended experiments with their analyses, 210 models and 390 reports."""

import hashlib
import random
from datetime import date, timedelta
from typing import Any

from taubench.domains.data_science.models import (
    AccessGrant,
    Dataset,
    Employee,
    Experiment,
    Model,
    Report,
    Role,
    encode_rows,
)
from taubench.domains.data_science.stats import median, nearest_rank, two_sided_p, z_statistic
from taubench.domains.kit import Population, load_cast

SEED = 2402
TODAY = "2025-02-04"
REGIONS = ("North", "South", "East", "West", "Central")
TEAMS = (
    "Growth Analytics",
    "Retention",
    "Payments",
    "Checkout",
    "Search",
    "ML Platform",
    "Marketing Analytics",
    "Finance Reporting",
    "Support Insights",
    "Supply Chain",
    "Data Governance",
    "Experimentation",
)
SUBJECTS = {
    "sales": ("invoices", "refunds", "carts", "promotions", "price_changes", "store_visits"),
    "marketing": ("campaign_clicks", "email_sends", "ad_impressions", "referrals", "coupon_redemptions"),
    "product": ("page_views", "feature_flags", "app_installs", "search_queries", "wishlists"),
    "support": ("chat_transcripts_meta", "call_logs", "survey_responses", "returns_reasons"),
    "finance": ("ledger_entries", "payouts", "budgets", "vendor_payments", "tax_lines"),
    "people": ("headcount", "payroll_summary", "applicants", "training_hours"),
    "ml": ("propensity_features", "demand_features", "ranking_features", "embedding_index"),
}
MODEL_NAMES = ("propensity_model", "demand_forecast", "ranking_model", "reorder_model", "upsell_model", "eta_model")
METRICS = ("conversion", "add_to_cart", "signup", "retention_d7", "click_through")


def _shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _day(rng: random.Random, first: str, last: str) -> str:
    span = (date.fromisoformat(last) - date.fromisoformat(first)).days
    return _shift(first, rng.randint(0, span))


# the stored rows of the cast's materialised datasets


def orders(rng: random.Random) -> list[dict]:
    rows: list[dict] = []
    for number in range(1480):
        amount = round(rng.lognormvariate(4.2, 0.55), 2)
        if number % 150 == 77:
            amount = round(amount * rng.uniform(25, 40), 2)
        rows.append(
            {
                "order_id": f"O-{100001 + number}",
                "customer_id": f"C-{10001 + rng.randrange(1000)}",
                "order_date": _day(rng, "2024-08-01", TODAY),
                "region": rng.choice(REGIONS),
                "channel": rng.choices(("web", "app", "store", "marketplace"), (5, 3, 2, 1))[0],
                "amount": None if rng.random() < 0.04 else amount,
                "discount": None if rng.random() < 0.38 else round(rng.uniform(0, 30), 2),
                "status": rng.choices(("completed", "refunded", "cancelled"), (85, 8, 7))[0],
            }
        )
    rows.sort(key=lambda row: (row["order_date"], row["order_id"]))
    for _ in range(24):  # the same order loaded twice, later in the table
        copy = dict(rng.choice(rows[:1400]))
        rows.insert(rng.randint(rows.index(copy) + 1, len(rows)), copy)
    return rows


def customers(rng: random.Random, people: Population) -> list[dict]:
    rows = []
    islands = set(rng.sample(range(1000), 6))
    for number in range(1000):
        person = people.person("206", mail_domain="mail.example.com")
        region = "Islands" if number in islands else rng.choice(REGIONS)
        rows.append(
            {
                "customer_id": f"C-{10001 + number}",
                "email": person.email,
                "email_hash": hashlib.sha256(person.email.encode()).hexdigest()[:16],
                "region": region,
                "segment": rng.choices(("consumer", "small_business", "enterprise"), (70, 24, 6))[0],
                "signup_date": _day(rng, "2021-01-01", "2025-01-31"),
                "age_band": rng.choice(("18-24", "25-34", "35-44", "45-54", "55+")),
                "lifetime_value": round(rng.lognormvariate(5.3, 0.8), 2),
            }
        )
    return rows


def sessions(rng: random.Random) -> list[dict]:
    rows: list[dict] = []
    for number in range(1400):
        duration = round(rng.lognormvariate(5.4, 0.7))
        if number % 200 == 31:
            duration *= 30
        pages = rng.randint(1, 30)
        rows.append(
            {
                "session_id": f"S-{500001 + number}",
                "customer_id": f"C-{10001 + rng.randrange(1000)}",
                "session_date": _day(rng, "2025-01-01", "2025-02-03"),
                "device": rng.choices(("web", "ios", "android"), (5, 3, 3))[0],
                "pages": pages,
                "duration_sec": None if rng.random() < 0.07 else duration,
                "converted": rng.random() < 0.01 + 0.004 * pages,
            }
        )
    for _ in range(30):
        rows.insert(rng.randint(1, len(rows)), dict(rng.choice(rows)))
    return rows


def tickets(rng: random.Random) -> list[dict]:
    rows: list[dict] = []
    speed = {"low": 3.2, "normal": 2.9, "high": 2.5, "urgent": 2.0}
    for number in range(1080):
        priority = rng.choices(("low", "normal", "high", "urgent"), (3, 5, 2, 1))[0]
        hours = round(rng.lognormvariate(speed[priority], 0.8), 1)
        if number % 120 == 15:
            hours = round(hours * 40, 1)
        rows.append(
            {
                "ticket_id": f"T-{70001 + number}",
                "opened_on": _day(rng, "2024-11-01", "2025-02-03"),
                "category": rng.choice(("billing", "shipping", "returns", "account", "product")),
                "priority": priority,
                "channel": None if rng.random() < 0.05 else rng.choice(("email", "chat", "phone")),
                "resolution_hours": None if rng.random() < 0.12 else hours,
                "csat": None if rng.random() < 0.41 else rng.randint(1, 5),
            }
        )
    for _ in range(18):
        rows.insert(rng.randint(1, len(rows)), dict(rng.choice(rows)))
    return rows


def spend(rng: random.Random) -> list[dict]:
    rows: list[dict] = []
    for week in range(52):
        for channel in ("search", "social", "display", "email"):
            cost = round(rng.uniform(800, 6000), 2)
            clicks = round(cost * rng.uniform(0.8, 2.5))
            rows.append(
                {
                    "row_id": f"MS-{len(rows) + 1:04d}",
                    "week": _shift("2024-01-15", 7 * week),
                    "channel": channel,
                    "spend": cost,
                    "clicks": clicks,
                    "signups": round(clicks * rng.uniform(0.01, 0.06)),
                }
            )
    return rows


def cleaned(rows: list[dict], up_to: str, drop: bool, cap: bool) -> list[dict]:
    """The cast's cleaned orders as the pipeline made them: deduped on order_id, the discount
    column dropped (v2), missing amounts filled with the median, amounts capped at the 1st and
    99th percentiles (v2), over the orders placed up to a day."""
    seen, kept = set(), []
    for row in rows:
        if row["order_date"] <= up_to and row["order_id"] not in seen:
            seen.add(row["order_id"])
            kept.append({key: value for key, value in row.items() if not (drop and key == "discount")})
    amounts = [row["amount"] for row in kept if row["amount"] is not None]
    middle = median(amounts)
    for row in kept:
        if row["amount"] is None:
            row["amount"] = middle
    if cap:
        low, high = nearest_rank(amounts, 1), nearest_rank(amounts, 99)
        for row in kept:
            row["amount"] = min(max(row["amount"], low), high)
    return kept


class Book:
    def __init__(self) -> None:
        self.tables: dict[str, dict[str, Any]] = {
            name: {}
            for name in (
                "roles",
                "employees",
                "datasets",
                "tables",
                "access_grants",
                "cleaning_steps",
                "experiments",
                "analyses",
                "models",
                "reports",
            )
        }
        self.chart = 1
        self.step = 90001
        self.analysis = 9001

    def __getitem__(self, table: str) -> dict[str, Any]:
        return self.tables[table]


def cast(book: Book, rng: random.Random, people: Population) -> None:
    loaded = load_cast(
        __package__,
        {
            "roles": Role,
            "employees": Employee,
            "datasets": Dataset,
            "grants": AccessGrant,
            "experiments": Experiment,
            "models": Model,
            "reports": Report,
        },
    )
    for role in loaded["roles"]:
        book["roles"][role.role] = role.model_dump()
    for employee in loaded["employees"]:
        book["employees"][employee.employee_id] = employee.model_dump()
        first, last = employee.name.split(" ", 1)
        people.know(first, last, "F")
    for dataset in loaded["datasets"]:
        book["datasets"][dataset.dataset_id] = dataset.model_dump()
    raw = orders(rng)
    stored = {
        "DS-101": raw,
        "DS-102": cleaned(raw, "2024-11-18", drop=False, cap=False),
        "DS-103": cleaned(raw, "2025-02-03", drop=True, cap=True),
        "DS-104": customers(rng, people),
        "DS-105": sessions(rng),
        "DS-106": tickets(rng),
        "DS-107": spend(rng),
    }
    base = book["datasets"]["DS-101"]["columns"]
    book["datasets"]["DS-102"]["columns"] = [dict(column) for column in base]
    book["datasets"]["DS-103"]["columns"] = [dict(column) for column in base if column["name"] != "discount"]
    for dataset_id, rows in stored.items():
        book["datasets"][dataset_id]["row_count"] = len(rows)
        names = [column["name"] for column in book["datasets"][dataset_id]["columns"]]
        book["tables"][dataset_id] = {"dataset_id": dataset_id, "rows": encode_rows(names, rows)}
    for output, operations in (("DS-102", ("dedupe", "impute")), ("DS-103", ("dedupe", "drop_column", "impute"))):
        for operation in operations:
            record_step(book, "DS-101", output, operation, "2024-11-18" if output == "DS-102" else "2025-02-03")
    record_step(book, "DS-101", "DS-103", "cap_outliers", "2025-02-03")
    for grant in loaded["grants"]:
        book["access_grants"][grant.grant_id] = grant.model_dump()
    for experiment in loaded["experiments"]:
        book["experiments"][experiment.experiment_id] = experiment.model_dump()
    for model in loaded["models"]:
        book["models"][model.model_id] = model.model_dump()
    for report in loaded["reports"]:
        record = report.model_dump()
        for chart in record["charts"]:
            rows = stored[chart["dataset_id"]]
            counted = [
                row
                for row in rows
                if row[chart["x"]] is not None and (chart["y"] is None or row[chart["y"]] is not None)
            ]
            sizes: dict[Any, int] = {}
            for row in counted:
                sizes[row[chart["x"]]] = sizes.get(row[chart["x"]], 0) + 1
            chart.update(n=len(counted), groups=len(sizes), smallest_group=min(sizes.values()))
            book.chart = max(book.chart, int(chart["chart_id"][3:]) + 1)
        book["reports"][report.report_id] = record


CAST_STEPS = {
    "dedupe": ("order_id", {}),
    "drop_column": ("discount", {}),
    "impute": ("amount", {"method": "median"}),
    "cap_outliers": ("amount", {"lower_percentile": 1, "upper_percentile": 99}),
}


def record_step(book: Book, source: str, output: str, operation: str, day: str, changed: int = 0) -> None:
    column, params = CAST_STEPS.get(operation, ("value", {}))
    step_id = f"CS-{book.step}"
    book.step += 1
    book["cleaning_steps"][step_id] = {
        "step_id": step_id,
        "dataset_id": source,
        "output_id": output,
        "operation": operation,
        "column": column,
        "params": params,
        "applied_on": day,
        "rows_changed": changed,
    }


def filler_people(book: Book, rng: random.Random, people: Population) -> list[str]:
    roles = ("analyst", "data_scientist", "product_manager", "ml_engineer", "data_steward")
    ids = []
    for number in range(330):
        person = people.person("415")
        employee_id = f"EMP-{1100 + number}"
        book["employees"][employee_id] = {
            "employee_id": employee_id,
            "name": person.name,
            "team": rng.choice(TEAMS),
            "role": rng.choices(roles, (10, 6, 5, 3, 2))[0],
            "status": "departed" if rng.random() < 0.04 else "active",
        }
        ids.append(employee_id)
    return ids


def filler_datasets(book: Book, rng: random.Random, staff: list[str]) -> list[str]:
    ids = []
    number = 201
    while number < 511:
        domain = rng.choice(list(SUBJECTS))
        subject = rng.choice(SUBJECTS[domain])
        name = f"{subject}_{rng.choice(('daily', 'weekly', 'raw', 'events', 'snapshot'))}"
        sensitivity = rng.choices(("public", "internal", "pii"), (1, 6, 2))[0]
        refreshed = _day(rng, "2024-12-01", TODAY)
        columns = [
            {"name": "id", "type": "text", "pii": False, "restricted": False, "post_outcome": False},
            {"name": "recorded_on", "type": "date", "pii": False, "restricted": False, "post_outcome": False},
            {"name": "value", "type": "number", "pii": False, "restricted": False, "post_outcome": False},
        ]
        if sensitivity == "pii":
            columns.append({"name": "email", "type": "text", "pii": True, "restricted": False, "post_outcome": False})
        root = f"DS-{number}"
        versions = 1 + (rng.random() < 0.3) + (rng.random() < 0.15)
        parent = None
        for version in range(1, versions + 1):
            dataset_id = f"DS-{number}"
            steps = ["dedupe:id", "impute:value"][: version - 1]
            book["datasets"][dataset_id] = {
                "dataset_id": dataset_id,
                "name": name if version == 1 else f"{name}_clean_v{version - 1}",
                "domain": domain,
                "owner": rng.choice(staff),
                "sensitivity": sensitivity,
                "key": "id",
                "columns": columns,
                "freshness_sla_days": rng.choice((1, 1, 2, 7, 30)),
                "last_refresh": refreshed,
                "version": version,
                "root": root,
                "parent": parent,
                "steps": steps,
                "row_count": rng.randint(2000, 900000),
                "materialised": False,
                "targets": [],
                "tags": [],
            }
            if parent is not None:
                book["cleaning_steps"][f"CS-{book.step}"] = {
                    "step_id": f"CS-{book.step}",
                    "dataset_id": parent,
                    "output_id": dataset_id,
                    "operation": steps[-1].split(":")[0],
                    "column": steps[-1].split(":")[1],
                    "params": {"method": "median"} if steps[-1].startswith("impute") else {},
                    "applied_on": refreshed,
                    "rows_changed": rng.randint(1, 500),
                }
                book.step += 1
            ids.append(dataset_id)
            parent = dataset_id
            number += 1
    return ids


def filler_grants(book: Book, rng: random.Random, staff: list[str], datasets: list[str]) -> None:
    shared = [d for d in datasets if book["datasets"][d]["sensitivity"] != "public"]
    for number in range(1500):
        requested = _day(rng, "2024-06-01", "2025-02-03")
        dataset_id = rng.choice(shared)
        pii = book["datasets"][dataset_id]["sensitivity"] == "pii"
        grant_id = f"GR-{50101 + number}"
        book["access_grants"][grant_id] = {
            "grant_id": grant_id,
            "employee_id": rng.choice(staff),
            "dataset_id": dataset_id,
            "purpose": rng.choice(("reporting", "experimentation", "model_training", "support_investigation")),
            "status": rng.choices(("active", "pending", "revoked"), (8, 1 if pii else 0, 1))[0],
            "requested_on": requested,
            "expires_on": _shift(requested, 90),
        }


def filler_experiments(book: Book, rng: random.Random, staff: list[str]) -> None:
    """Ended experiments, most analysed: one analysis per metric, the primary first."""
    for number in range(140):
        experiment_id = f"EXP-{401 + number}"
        start = _day(rng, "2024-03-01", "2024-12-15")
        metrics = rng.sample(METRICS, 3)
        arms: list[dict[str, Any]] = []
        for arm in "AB":
            users = rng.randint(1500, 20000)
            counts = {metric: round(users * rng.uniform(0.03, 0.09)) for metric in metrics}
            arms.append({"arm": arm, "users": users, "counts": counts, "means": {}, "sds": {}})
        analysed = rng.random() < 0.85
        record: dict[str, Any] = {
            "experiment_id": experiment_id,
            "name": f"{rng.choice(('homepage', 'checkout', 'search', 'email', 'app', 'pricing'))}_test_{number + 1}",
            "owner": rng.choice(staff),
            "status": "analysed" if analysed else "ended",
            "start_date": start,
            "planned_end": _shift(start, rng.choice((14, 21, 28))),
            "primary_metric": metrics[0],
            "proportion_metrics": sorted(metrics),
            "mean_metrics": [],
            "arms": arms,
            "analyses": [],
        }
        for metric in metrics if analysed else ():
            analysis_id = f"AN-{book.analysis}"
            book.analysis += 1
            successes = (arms[0]["counts"][metric], arms[1]["counts"][metric])
            users_ = (arms[0]["users"], arms[1]["users"])
            rates = (successes[0] / users_[0], successes[1] / users_[1])
            statistic = z_statistic(successes, users_)
            book["analyses"][analysis_id] = {
                "analysis_id": analysis_id,
                "experiment_id": experiment_id,
                "test": "z_test",
                "metric": metric,
                "run_on": _shift(record["planned_end"], rng.randint(1, 10)),
                "arms": [
                    {"arm": arm["arm"], "users": arm["users"], "value": round(100 * rate, 2)}
                    for arm, rate in zip(arms, rates)
                ],
                "absolute_difference": round(100 * (rates[1] - rates[0]), 2),
                "relative_lift_percent": round(100 * (rates[1] - rates[0]) / rates[0], 2),
                "statistic": statistic,
                "p_value": two_sided_p(statistic),
            }
            record["analyses"].append(analysis_id)
        book["experiments"][experiment_id] = record


def filler_models(book: Book, rng: random.Random, datasets: list[str]) -> int:
    ml = [d for d in datasets if book["datasets"][d]["domain"] == "ml"] or datasets
    number = 801
    for name in MODEL_NAMES:
        for major in range(1, rng.randint(34, 40)):
            if number >= 1011:
                break
            model_id = f"MDL-{number}"
            number += 1
            book["models"][model_id] = {
                "model_id": model_id,
                "name": name,
                "version": f"v{major}",
                "dataset_id": rng.choice(ml),
                "target": "label",
                "features": sorted(rng.sample(("f_recency", "f_frequency", "f_value", "f_tenure", "f_region"), 3)),
                "algorithm": rng.choice(("logistic_regression", "random_forest", "gradient_boosting")),
                "holdout_auc": round(rng.uniform(0.68, 0.9), 3),
                "groups": ["group_1", "group_2"],
                "group_tpr": [round(rng.uniform(65, 85), 1), round(rng.uniform(65, 85), 1)],
                "stage": "archived",
                "trained_on": _day(rng, "2023-01-01", "2025-01-31"),
            }
        live = [m for m in book["models"].values() if m["name"] == name]
        live[-1]["stage"] = "production"
    return number


def filler_reports(book: Book, rng: random.Random, staff: list[str], datasets: list[str]) -> None:
    for number in range(390):
        report_id = f"RPT-{501 + number}"
        published = rng.random() < 0.8
        charts: list[dict[str, Any]] = []
        for _ in range(rng.randint(1, 2)):
            size = rng.randint(200, 50000)
            groups = rng.randint(2, 8)
            charts.append(
                {
                    "chart_id": f"CH-{book.chart}",
                    "dataset_id": rng.choice(datasets),
                    "chart_type": rng.choice(("bar", "line", "pie")),
                    "x": "recorded_on",
                    "y": "value",
                    "aggregate": rng.choice(("sum", "average", "count")),
                    "n": size,
                    "groups": groups,
                    "smallest_group": max(10, size // (groups * 3)),
                }
            )
            book.chart += 1
            if charts[-1]["aggregate"] == "count":
                charts[-1]["y"] = None
        book["reports"][report_id] = {
            "report_id": report_id,
            "title": " ".join(
                (rng.choice(("Weekly", "Monthly", "Quarterly")), rng.choice(TEAMS), rng.choice(("Review", "Digest")))
            ),
            "owner": rng.choice(staff),
            "status": "published" if published else "draft",
            "audience": "internal" if published else None,
            "published_on": _day(rng, "2024-06-01", "2025-02-03") if published else None,
            "charts": charts,
        }


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    people = Population(SEED, TODAY)
    book = Book()
    cast(book, rng, people)
    staff = filler_people(book, rng, people)
    datasets = filler_datasets(book, rng, staff)
    filler_grants(book, rng, staff, datasets)
    filler_experiments(book, rng, staff)
    next_model = filler_models(book, rng, datasets)
    filler_reports(book, rng, staff, datasets)
    return {
        "today": TODAY,
        "next_dataset_number": 601,
        "next_grant_number": 52001,
        "next_step_number": book.step,
        "next_analysis_number": book.analysis,
        "next_model_number": max(next_model, 1101),
        "next_chart_number": book.chart,
        **book.tables,
    }
