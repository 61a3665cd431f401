"""The data platform's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing; then worked tasks, each solved another valid way (scores 1) and by a
lazy shortcut (scores 0)."""

from taubench.domains.data_science.stats import median, nearest_rank, two_sided_p, welch_statistic, z_statistic
from taubench.domains.fair_checks import reward_of


def test_an_employee_shows_role_permissions_and_live_grants(ok):
    view = ok("get_employee", employee_id="EMP-1007")
    assert (view["employee"]["name"], view["employee"]["role"]) == ("Hannah Lindqvist", "analyst")
    assert "clean" in view["permissions"] and "test" not in view["permissions"]
    assert [grant["grant_id"] for grant in view["grants"]] == ["GR-50001"]
    assert ok("get_employee", employee_id="EMP-1008")["grants"] == []  # expired on 2025-01-20
    namesake = ok("get_employee", employee_id="EMP-1002")["employee"]
    assert (namesake["name"], namesake["role"]) == ("Priya Raman", "product_manager")


def test_datasets_are_listed_by_domain_sensitivity_or_name(ok, no):
    names = [(d["dataset_id"], d["name"], d["version"]) for d in ok("list_datasets", name="orders")]
    assert names == [("DS-101", "orders", 1), ("DS-102", "orders_clean_v1", 2), ("DS-103", "orders_clean_v2", 3)]
    assert all(d["sensitivity"] == "pii" for d in ok("list_datasets", sensitivity="pii", domain="sales"))
    assert no("list_datasets") == "Error: Give a domain, a sensitivity or part of a name"
    assert no("list_datasets", sensitivity="secret") == "Error: Sensitivity must be public, internal or pii"


def test_a_schema_shows_freshness_and_the_whole_lineage(ok):
    view = ok("get_schema", dataset_id="DS-107")
    assert (view["days_since_refresh"], view["dataset"]["freshness_sla_days"]) == (15, 7)
    lineage = ok("get_schema", dataset_id="DS-102")["lineage"]
    assert [entry["dataset_id"] for entry in lineage] == ["DS-101", "DS-102", "DS-103"]
    hashed = next(c for c in ok("get_schema", dataset_id="DS-104")["dataset"]["columns"] if c["name"] == "email_hash")
    assert hashed["pii"] is False  # the trap: a hash of an email is still personal data


def test_queries_filter_group_aggregate_sort_and_limit(ok):
    regions = ok("query_dataset", dataset_id="DS-104", group_by=["region"], sort="-n")
    assert regions["rows"][0]["n"] >= regions["rows"][-1]["n"] == 6 and regions["matched_rows"] == 1000
    urgent = ok(
        "query_dataset",
        dataset_id="DS-106",
        filters=[{"column": "priority", "op": "=", "value": "urgent"}],
        aggregates=["count", "median:resolution_hours", "count_distinct:category", "min:opened_on"],
    )
    row = urgent["rows"][0]
    assert row["n"] == row["count"] == urgent["matched_rows"] and row["count_distinct_category"] == 5
    listed = ok("query_dataset", dataset_id="DS-107", filters=[{"column": "channel", "op": "in", "value": ["email"]}])
    assert (listed["returned"], listed["truncated"], listed["matched_rows"]) == (52, False, 52)
    few = ok("query_dataset", dataset_id="DS-105", limit=5, filters=[{"column": "duration_sec", "op": "is_null"}])
    assert few["returned"] == 5 and few["truncated"] and all(r["duration_sec"] is None for r in few["rows"])
    big = ok("query_dataset", dataset_id="DS-101", filters=[{"column": "amount", "op": ">", "value": 1000}])
    assert big["matched_rows"] > 0 and all(row["amount"] > 1000 for row in big["rows"])


def test_a_query_is_refused_when_malformed(no):
    cases = {
        "Limit must be a whole number from 1 to 1000": {"limit": 5000},
        "Each filter must be {column, op, value} with op one of =, !=, >, >=, <, <=, in, is_null, not_null": {
            "filters": [{"column": "region", "op": "like", "value": "W"}]
        },
        "The in filter takes a list of values": {"filters": [{"column": "region", "op": "in", "value": "West"}]},
        "Filter on region compares a text column with 5": {"filters": [{"column": "region", "op": ">", "value": 5}]},
        'Aggregates are "count" or "<fn>:<column>" with fn one of sum, avg, min, max, median, count_distinct': {
            "aggregates": ["total:amount"]
        },
        "sum needs a numeric column; region is text": {"aggregates": ["sum:region"]},
        "Cannot sort by revenue: not a column of the result": {"sort": "-revenue"},
        "Column colour is not in dataset DS-101": {"group_by": ["colour"]},
    }
    for message, arguments in cases.items():
        assert no("query_dataset", dataset_id="DS-101", **arguments) == f"Error: {message}"
    assert no("query_dataset", dataset_id="DS-108") == "Error: Dataset DS-108 has no stored rows"


def test_a_column_profile_counts_nulls_duplicates_and_percentiles(ok):
    keys = ok("profile_column", dataset_id="DS-101", column="order_id")
    assert (keys["rows"], keys["distinct"], keys["duplicates"], keys["median"]) == (1504, 1480, 24, None)
    hours = ok("profile_column", dataset_id="DS-106", column="resolution_hours")
    assert hours["p01"] <= hours["median"] <= hours["p99"] < hours["maximum"] and 10 < hours["null_percent"] < 15
    assert ok("profile_column", dataset_id="DS-106", column="csat")["null_percent"] > 30


def test_the_platform_arithmetic():
    assert nearest_rank([5, 1, 4, 2, 3], 1) == 1 and nearest_rank([5, 1, 4, 2, 3], 99) == 5
    assert median([3, 1, 2]) == 2 and median([4, 1, 2, 3]) == 2.5
    assert z_statistic((412, 487), (10300, 10250)) == 2.63 and two_sided_p(2.63) == 0.0085
    assert welch_statistic((4.1, 4.62), (22.0, 23.5), (5200, 5150)) == 1.16
    assert z_statistic((0, 0), (10, 10)) == 0.0 and welch_statistic((1.0, 1.0), (0.0, 0.0), (5, 5)) == 0.0


def test_cleaning_writes_a_new_version_and_keeps_the_old(ok, tools):
    made = ok("apply_cleaning", dataset_id="DS-106", operation="dedupe", column="ticket_id")
    assert (made["dataset_id"], made["name"], made["version"], made["parent"], made["row_count"]) == (
        "DS-601",
        "support_tickets_clean_v1",
        2,
        "DS-106",
        1080,
    )
    step = next(step for step in tools.db.cleaning_steps.values() if step.output_id == "DS-601")
    assert tools.db.datasets["DS-106"].row_count == 1098 and (step.operation, step.rows_changed) == ("dedupe", 18)
    filled = ok(
        "apply_cleaning",
        dataset_id="DS-601",
        operation="impute",
        column="channel",
        params={"method": "constant", "value": "unknown"},
    )
    assert filled["steps"] == ["dedupe:ticket_id", "impute:channel"]
    mean = ok(
        "apply_cleaning", dataset_id="DS-602", operation="impute", column="resolution_hours", params={"method": "mean"}
    )
    assert mean["name"] == "support_tickets_clean_v3"
    dropped = ok("apply_cleaning", dataset_id="DS-603", operation="drop_column", column="csat")
    assert "csat" not in [column["name"] for column in dropped["columns"]]
    capped = ok(
        "apply_cleaning",
        dataset_id="DS-604",
        operation="cap_outliers",
        column="resolution_hours",
        params={"lower_percentile": 1, "upper_percentile": 99},
    )
    top = ok("profile_column", dataset_id=capped["dataset_id"], column="resolution_hours")
    assert top["maximum"] == top["p99"]


def test_cleaning_is_refused_when_it_cannot_be_done(no):
    cases = {
        "Operation must be dedupe, impute, drop_column or cap_outliers": ("DS-106", "trim", "category", None),
        "dedupe takes no params": ("DS-106", "dedupe", "ticket_id", {"method": "median"}),
        "Column order_id has no duplicate values": ("DS-103", "dedupe", "order_id", None),
        "The key column cannot be dropped": ("DS-106", "drop_column", "ticket_id", None),
        "Column category has no nulls to fill": ("DS-106", "impute", "category", {"method": "median"}),
        "Column channel is not numeric: fill it with a constant": ("DS-106", "impute", "channel", {"method": "median"}),
        'Impute takes {"method": "median"}, {"method": "mean"} or {"method": "constant", "value": ...}': (
            "DS-106",
            "impute",
            "csat",
            {"method": "mode"},
        ),
        "Column channel is not numeric": ("DS-106", "cap_outliers", "channel", {"lower_percentile": 1}),
        "cap_outliers takes {lower_percentile, upper_percentile}": ("DS-106", "cap_outliers", "csat", {"lower": 1}),
        "Percentiles must satisfy 0 <= lower < upper <= 100": (
            "DS-106",
            "cap_outliers",
            "csat",
            {"lower_percentile": 99, "upper_percentile": 1},
        ),
        "No value of csat lies outside those percentiles": (
            "DS-106",
            "cap_outliers",
            "csat",
            {"lower_percentile": 0, "upper_percentile": 100},
        ),
        "Column mood is not in dataset DS-106": ("DS-106", "dedupe", "mood", None),
        "Dataset DS-108 has no stored rows": ("DS-108", "dedupe", "customer_id", None),
    }
    for message, (dataset_id, operation, column, params) in cases.items():
        arguments = {"dataset_id": dataset_id, "operation": operation, "column": column, "params": params}
        assert no("apply_cleaning", **arguments) == f"Error: {message}"


def test_an_experiment_is_tested_on_the_metric_it_measures(ok, no, tools):
    assert ok("get_experiment", experiment_id="EXP-303")["arms"][1]["users"] == 863
    result = ok("run_test", experiment_id="EXP-301", test="z_test", metric="conversion")
    assert (result["relative_lift_percent"], result["absolute_difference"], result["p_value"]) == (18.78, 0.75, 0.0085)
    assert tools.db.experiments["EXP-301"].status == "analysed"
    means = ok("run_test", experiment_id="EXP-305", test="t_test", metric="revenue_per_user")
    assert (means["relative_lift_percent"], means["statistic"]) == (12.68, 1.16)
    assert no("run_test", experiment_id="EXP-301", test="chi_square", metric="conversion") == (
        "Error: Test must be z_test or t_test"
    )
    assert no("run_test", experiment_id="EXP-301", test="z_test", metric="bounce") == (
        "Error: Metric bounce is not measured by experiment EXP-301"
    )
    assert no("run_test", experiment_id="EXP-301", test="z_test", metric="revenue_per_user") == (
        "Error: z_test compares proportions; revenue_per_user is a mean metric: use t_test"
    )
    assert no("run_test", experiment_id="EXP-301", test="t_test", metric="conversion") == (
        "Error: t_test compares means; conversion is a proportion metric: use z_test"
    )
    tools.db.experiments["EXP-302"].arms[1].users = 0
    assert no("run_test", experiment_id="EXP-302", test="z_test", metric="retention_d7") == (
        "Error: An arm has no users yet"
    )


def test_models_are_listed_and_shown_with_production(ok, no):
    churn = [(m["version"], m["stage"]) for m in ok("list_models", name="churn")]
    assert ("v3", "production") in churn and ("v3.1", "staging") in churn and ("v4.1", "staging") in churn
    view = ok("get_model", model_id="MDL-702")
    assert (view["production_model_id"], view["production_auc"], view["model"]["holdout_auc"]) == (
        "MDL-701",
        0.84,
        0.844,
    )
    assert no("list_models", name=" ") == "Error: Give part of a model's name"


def test_training_looks_up_the_precomputed_scores(ok, no):
    made = ok(
        "train_model",
        dataset_id="DS-108",
        target="churned",
        features=["region", "days_since_last_order", "tenure_months"],
        algorithm="gradient_boosting",
    )
    assert (made["model_id"], made["version"], made["holdout_auc"], made["group_tpr"], made["stage"]) == (
        "MDL-1101",
        "v5",
        0.806,
        [74.5, 74.0],
        "development",
    )
    assert made["features"] == ["days_since_last_order", "region", "tenure_months"]
    base = {"dataset_id": "DS-108", "target": "churned", "algorithm": "random_forest", "features": ["orders_90d"]}
    cases = {
        "Dataset DS-108 has no modelling target revenue": {"target": "revenue"},
        "Algorithm must be logistic_regression, random_forest or gradient_boosting": {"algorithm": "svm"},
        "Features must be a non-empty list of distinct columns": {"features": []},
        "Column shoe_size is not in dataset DS-108": {"features": ["shoe_size"]},
        "The target cannot be a feature": {"features": ["orders_90d", "churned"]},
    }
    for message, changed in cases.items():
        assert no("train_model", **{**base, **changed}) == f"Error: {message}"


def test_promotion_follows_the_pipeline_and_archives_the_old_production(ok, no, tools):
    assert ok("promote_model", model_id="MDL-703", stage="production")["stage"] == "production"
    assert tools.db.models["MDL-701"].stage == "archived"
    assert ok("promote_model", model_id="MDL-708", stage="staging")["stage"] == "staging"
    assert (
        no("promote_model", model_id="MDL-702", stage="live") == "Error: Stage must be staging, production or archived"
    )
    assert no("promote_model", model_id="MDL-702", stage="staging") == "Error: Model MDL-702 is already in staging"
    assert no("promote_model", model_id="MDL-705", stage="staging") == "Error: Only a development model goes to staging"
    assert no("promote_model", model_id="MDL-709", stage="production") == (
        "Error: Only a staging model goes to production"
    )
    assert ok("promote_model", model_id="MDL-702", stage="archived")["stage"] == "archived"


def test_reports_are_listed_charted_and_published(ok, no):
    assert [r["report_id"] for r in ok("list_reports", owner="EMP-1007")] == ["RPT-405", "RPT-408", "RPT-411"]
    assert ok("get_report", report_id="RPT-401")["charts"][0]["dataset_id"] == "DS-103"
    charted = ok(
        "add_chart", report_id="RPT-405", dataset_id="DS-104", chart_type="bar", x="region", y=None, aggregate="count"
    )
    assert (charted["charts"][0]["n"], charted["charts"][0]["groups"], charted["charts"][0]["smallest_group"]) == (
        1000,
        6,
        6,
    )
    published = ok("publish_report", report_id="RPT-405", audience="internal")
    assert (published["status"], published["published_on"]) == ("published", "2025-02-04")
    chart = {"report_id": "RPT-408", "dataset_id": "DS-106", "chart_type": "bar", "x": "category"}
    cases = {
        "Chart type must be bar, line, pie or histogram": {"chart_type": "radar", "y": None, "aggregate": "count"},
        "Aggregate must be count, sum, average or median": {"y": None, "aggregate": "mode"},
        "A count chart takes no y column": {"y": "csat", "aggregate": "count"},
        "A sum chart needs a numeric y column": {"y": None, "aggregate": "sum"},
        "Column priority is not numeric": {"y": "priority", "aggregate": "sum"},
        "Report RPT-407 is published: its charts cannot change": {
            "report_id": "RPT-407",
            "y": None,
            "aggregate": "count",
        },
    }
    for message, changed in cases.items():
        assert no("add_chart", **{**chart, **changed}) == f"Error: {message}"
    assert no("publish_report", report_id="RPT-401", audience="press") == "Error: Audience must be internal or external"
    assert (
        no("publish_report", report_id="RPT-407", audience="internal") == "Error: Report RPT-407 is already published"
    )
    assert no("publish_report", report_id="RPT-408", audience="internal") == (
        "Error: A report needs at least one chart to be published"
    )
    assert no("list_reports", owner="EMP-0000") == "Error: Employee EMP-0000 not found"


def test_access_is_requested_for_90_days_pending_on_pii(ok, no, tools):
    internal = ok("request_access", employee_id="EMP-1001", dataset_id="DS-105", purpose="reporting")
    assert (internal["grant_id"], internal["status"], internal["expires_on"]) == ("GR-52001", "active", "2025-05-05")
    pii = ok("request_access", employee_id="EMP-1008", dataset_id="DS-104", purpose="model_training")
    assert pii["status"] == "pending"
    public = next(d.dataset_id for d in tools.db.datasets.values() if d.sensitivity == "public")
    assert no("request_access", employee_id="EMP-1001", dataset_id=public, purpose="reporting") == (
        f"Error: Dataset {public} is public: no grant is needed"
    )
    assert no("request_access", employee_id="EMP-1010", dataset_id="DS-105", purpose="reporting") == (
        "Error: Employee EMP-1010 has left the company"
    )
    assert no("request_access", employee_id="EMP-1001", dataset_id="DS-106", purpose="a quick look") == (
        "Error: Purpose must be one of reporting, experimentation, model_training, support_investigation, regulatory"
    )
    assert no("request_access", employee_id="EMP-1007", dataset_id="DS-104", purpose="regulatory") == (
        "Error: Employee EMP-1007 already holds grant GR-50001 on DS-104"
    )


def test_datasets_are_tagged_once(ok, no):
    assert ok("annotate_dataset", dataset_id="DS-104", tag="pii_unflagged")["tags"] == ["pii_unflagged"]
    assert no("annotate_dataset", dataset_id="DS-102", tag="superseded") == (
        "Error: Dataset DS-102 is already tagged superseded"
    )
    assert no("annotate_dataset", dataset_id="DS-102", tag="old") == (
        "Error: Tag must be one of stale, duplicates_found, high_nulls, pii_unflagged, superseded, deprecated"
    )


# worked tasks: another valid way scores 1, a lazy shortcut scores 0


def _calls(*steps):
    return [("assistant", name, arguments) for name, arguments in steps]


def test_task_1_a_product_manager_gets_the_rates_not_the_test(domain):
    task = domain.tasks["1"]
    looked = [("get_employee", {"employee_id": "EMP-1006"}), ("get_experiment", {"experiment_id": "EXP-301"})]
    assert (
        reward_of(domain, task, _calls(*looked), "You may not run tests. B converts at 4.75%, 0.75 points over A.")
        == 1.0
    )
    tested = _calls(*looked, ("run_test", {"experiment_id": "EXP-301", "test": "z_test", "metric": "conversion"}))
    assert reward_of(domain, task, tested, "B converts at 4.75%, 0.75 points over A.") == 0.0
    unverified = _calls(("get_experiment", {"experiment_id": "EXP-301"}))
    assert reward_of(domain, task, unverified, "B converts at 4.75%, 0.75 points over A.") == 0.0


def test_task_4_the_primary_metric_not_the_prettier_one(domain):
    task = domain.tasks["4"]
    looked = [("get_employee", {"employee_id": "EMP-1012"}), ("get_experiment", {"experiment_id": "EXP-304"})]
    right = _calls(*looked, ("run_test", {"experiment_id": "EXP-304", "test": "z_test", "metric": "add_to_cart"}))
    assert reward_of(domain, task, right, "Add-to-cart lift 3.39%, p 0.22: not significant.") == 1.0
    prettier = _calls(*looked, ("run_test", {"experiment_id": "EXP-304", "test": "z_test", "metric": "conversion"}))
    assert reward_of(domain, task, prettier, "Conversion lift is significant; add-to-cart lift 3.39%.") == 0.0


def test_task_10_the_pipeline_in_order_step_by_step(domain):
    task = domain.tasks["10"]
    steps = [
        ("get_employee", {"employee_id": "EMP-1007"}),
        ("get_schema", {"dataset_id": "DS-106"}),
        ("list_datasets", {"domain": "support"}),
        ("profile_column", {"dataset_id": "DS-106", "column": "csat"}),
        ("apply_cleaning", {"dataset_id": "DS-106", "operation": "dedupe", "column": "ticket_id", "params": None}),
        (
            "apply_cleaning",
            {
                "dataset_id": "DS-601",
                "operation": "impute",
                "column": "channel",
                "params": {"method": "constant", "value": "unknown"},
            },
        ),
        (
            "apply_cleaning",
            {
                "dataset_id": "DS-602",
                "operation": "impute",
                "column": "resolution_hours",
                "params": {"method": "median"},
            },
        ),
        ("apply_cleaning", {"dataset_id": "DS-603", "operation": "drop_column", "column": "csat"}),
    ]
    cap = (
        "apply_cleaning",
        {
            "dataset_id": "DS-604",
            "operation": "cap_outliers",
            "column": "resolution_hours",
            "params": {"lower_percentile": 1, "upper_percentile": 99},
        },
    )
    assert reward_of(domain, task, _calls(*steps, cap), "Final version: support_tickets_clean_v5.") == 1.0
    imputed = list(steps)
    imputed[-1] = (
        "apply_cleaning",
        {"dataset_id": "DS-603", "operation": "impute", "column": "csat", "params": {"method": "median"}},
    )
    assert reward_of(domain, task, _calls(*imputed, cap), "Final version: support_tickets_clean_v5.") == 0.0
    undeduped = [
        ("get_employee", {"employee_id": "EMP-1007"}),
        (
            "apply_cleaning",
            {
                "dataset_id": "DS-106",
                "operation": "impute",
                "column": "channel",
                "params": {"method": "constant", "value": "unknown"},
            },
        ),
        (
            "apply_cleaning",
            {
                "dataset_id": "DS-601",
                "operation": "impute",
                "column": "resolution_hours",
                "params": {"method": "median"},
            },
        ),
        ("apply_cleaning", {"dataset_id": "DS-602", "operation": "drop_column", "column": "csat"}),
        (
            "apply_cleaning",
            {
                "dataset_id": "DS-603",
                "operation": "cap_outliers",
                "column": "resolution_hours",
                "params": {"lower_percentile": 1, "upper_percentile": 99},
            },
        ),
    ]
    assert reward_of(domain, task, _calls(*undeduped), "Final version: support_tickets_clean_v4.") == 0.0


def test_task_32_the_staging_churn_model_misses_the_margin(domain):
    task = domain.tasks["32"]
    assert task.communicate_info == ["0.6"]
    looked = [("get_employee", {"employee_id": "EMP-1005"}), ("list_models", {"name": "churn_model"})]
    assert (
        reward_of(domain, task, _calls(*looked), "v3.1 falls 0.6 AUC points short of 0.85; it stays in staging.") == 1.0
    )
    shipped = _calls(*looked, ("promote_model", {"model_id": "MDL-702", "stage": "production"}))
    assert reward_of(domain, task, shipped, "Promoted; it was 0.6 points short.") == 0.0
    assert reward_of(domain, task, _calls(*looked), "It is 0.006 short.") == 0.0


def test_task_43_charts_come_from_the_newest_cleaned_orders(domain):
    task = domain.tasks["43"]
    looked = [
        ("get_employee", {"employee_id": "EMP-1004"}),
        ("list_reports", {"owner": "EMP-1004"}),
        ("list_datasets", {"name": "orders"}),
        ("get_schema", {"dataset_id": "DS-101"}),
    ]
    publish = ("publish_report", {"report_id": "RPT-406", "audience": "internal"})
    newest = {"report_id": "RPT-406", "dataset_id": "DS-103", "chart_type": "bar", "x": "channel", "y": "amount"}
    right = _calls(*looked, ("add_chart", {**newest, "aggregate": "sum"}), publish)
    assert reward_of(domain, task, right, "Charted from orders_clean_v2 and published.") == 1.0
    raw = _calls(*looked, ("add_chart", {**newest, "dataset_id": "DS-101", "aggregate": "sum"}), publish)
    assert reward_of(domain, task, raw, "Charted from the raw orders and published.") == 0.0


def test_task_16_a_group_of_six_is_never_shared(domain):
    task = domain.tasks["16"]
    overall = task.communicate_info[0]
    looked = [
        ("get_employee", {"employee_id": "EMP-1007"}),
        ("list_datasets", {"name": "customers"}),
        ("get_schema", {"dataset_id": "DS-104"}),
    ]
    total = ("query_dataset", {"dataset_id": "DS-104", "aggregates": ["avg:lifetime_value"]})
    assert reward_of(domain, task, _calls(*looked, total), f"Islands has too few customers; overall {overall}.") == 1.0
    assert reward_of(domain, task, _calls(*looked), "Islands has too few customers to share.") == 0.0


def test_task_3_the_earliest_day_and_the_small_arm(domain):
    task = domain.tasks["3"]
    assert task.communicate_info == ["2025-02-05", "863"]
    looked = [
        ("get_employee", {"employee_id": "EMP-1012"}),
        ("get_experiment", {"experiment_id": "EXP-303"}),
        ("get_experiment", {"experiment_id": "EXP-307"}),
    ]
    said = "EXP-307 can be tested from 2025-02-05; EXP-303's arm B has only 863 users."
    assert reward_of(domain, task, _calls(*looked), said) == 1.0
    assert reward_of(domain, task, _calls(*looked), "EXP-307 ends 2025-02-04; arm B has 863 users.") == 0.0
    early = _calls(*looked, ("run_test", {"experiment_id": "EXP-307", "test": "z_test", "metric": "signup"}))
    assert reward_of(domain, task, early, said) == 0.0


def test_task_11_capping_waits_for_dedupe_and_nulls(domain):
    task = domain.tasks["11"]
    looked = [
        ("get_employee", {"employee_id": "EMP-1007"}),
        ("list_datasets", {"domain": "product"}),
        ("get_schema", {"dataset_id": "DS-105"}),
        ("profile_column", {"dataset_id": "DS-105", "column": "duration_sec"}),
    ]
    cap = {
        "operation": "cap_outliers",
        "column": "duration_sec",
        "params": {"lower_percentile": 1, "upper_percentile": 99},
    }
    right = _calls(
        *looked,
        ("apply_cleaning", {"dataset_id": "DS-105", "operation": "dedupe", "column": "session_id", "params": {}}),
        (
            "apply_cleaning",
            {"dataset_id": "DS-601", "operation": "impute", "column": "duration_sec", "params": {"method": "median"}},
        ),
        ("apply_cleaning", {"dataset_id": "DS-602", **cap}),
    )
    assert reward_of(domain, task, right, "Deduplicated, filled and capped.") == 1.0
    at_once = _calls(*looked, ("apply_cleaning", {"dataset_id": "DS-105", **cap}))
    assert reward_of(domain, task, at_once, "Capped.") == 0.0
    unfilled = _calls(
        *looked,
        ("apply_cleaning", {"dataset_id": "DS-105", "operation": "dedupe", "column": "session_id"}),
        ("apply_cleaning", {"dataset_id": "DS-601", **cap}),
    )
    assert reward_of(domain, task, unfilled, "Deduplicated and capped.") == 0.0


def test_task_33_the_tpr_gap_keeps_ltv_in_staging(domain):
    task = domain.tasks["33"]
    looked = [("get_employee", {"employee_id": "EMP-1011"}), ("list_models", {"name": "ltv"})]
    assert reward_of(domain, task, _calls(*looked), "The TPR gap is 6 points (63.5 vs 69.5), over 5.") == 1.0
    shipped = _calls(*looked, ("promote_model", {"model_id": "MDL-706", "stage": "production"}))
    assert reward_of(domain, task, shipped, "Promoted despite a 6 point gap.") == 0.0
    assert reward_of(domain, task, _calls(*looked), "The gap is too large to promote.") == 0.0


def test_task_36_train_then_staging_then_production(domain):
    task = domain.tasks["36"]
    assert task.communicate_info == ["0.79"]
    looked = [
        ("get_employee", {"employee_id": "EMP-1011"}),
        ("list_datasets", {"domain": "ml"}),
        ("get_schema", {"dataset_id": "DS-109"}),
    ]
    features = ["region", "orders_12m", "channel_mix", "avg_order_value"]
    trained = (
        "train_model",
        {"dataset_id": "DS-109", "target": "high_value", "features": features, "algorithm": "gradient_boosting"},
    )
    steps = [
        ("promote_model", {"model_id": "MDL-1101", "stage": "staging"}),
        ("promote_model", {"model_id": "MDL-1101", "stage": "production"}),
    ]
    assert reward_of(domain, task, _calls(*looked, trained, *steps), "AUC 0.79; now in production.") == 1.0
    skipped = _calls(*looked, trained, steps[1])
    assert reward_of(domain, task, skipped, "AUC 0.79; now in production.") == 0.0
    unverified = _calls(*looked[1:], trained, *steps)
    assert reward_of(domain, task, unverified, "AUC 0.79; now in production.") == 0.0


def test_task_46_the_monthly_orders_report_not_the_weekly(domain):
    task = domain.tasks["46"]
    looked = [
        ("get_employee", {"employee_id": "EMP-1001"}),
        ("list_reports", {"owner": "EMP-1001"}),
        ("list_datasets", {"name": "orders"}),
        ("get_schema", {"dataset_id": "DS-103"}),
    ]
    count = {"dataset_id": "DS-103", "chart_type": "bar", "x": "region", "y": None, "aggregate": "count"}
    right = _calls(
        *looked,
        ("add_chart", {"report_id": "RPT-409", **count}),
        ("publish_report", {"report_id": "RPT-409", "audience": "internal"}),
    )
    assert reward_of(domain, task, right, "Added and published.") == 1.0
    weekly = _calls(
        *looked,
        ("add_chart", {"report_id": "RPT-401", **count}),
        ("publish_report", {"report_id": "RPT-401", "audience": "internal"}),
    )
    assert reward_of(domain, task, weekly, "Added and published.") == 0.0


def test_task_54_a_pending_grant_is_not_access(domain):
    task = domain.tasks["54"]
    looked = [("get_employee", {"employee_id": "EMP-1012"}), ("list_datasets", {"name": "customers"})]
    assert reward_of(domain, task, _calls(*looked), "GR-50006 still awaits the owner's approval.") == 1.0
    answered = _calls(*looked, ("query_dataset", {"dataset_id": "DS-104", "group_by": ["segment"]}))
    assert reward_of(domain, task, answered, "Here are the averages per segment.") == 0.0
