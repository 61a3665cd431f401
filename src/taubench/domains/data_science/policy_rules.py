"""The platform manual's numbered rules as checks over a task's gold trace (see gold_trace.py)."""

import json
from datetime import date
from typing import Any, Iterator, Optional

from taubench.domains.data_science.models import Column, DataScienceDB, Dataset, Employee
from taubench.domains.data_science.tools import rows_of
from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, records_named, said

Trace = GoldTrace[DataScienceDB]
Step = GoldStep[DataScienceDB]

SHARED = ("calculate", "transfer_to_human_agents")
PERMISSION = {
    "query_dataset": "query",
    "profile_column": "query",
    "apply_cleaning": "clean",
    "add_chart": "chart",
    "publish_report": "publish",
    "run_test": "test",
    "train_model": "train",
    "promote_model": "promote",
    "annotate_dataset": "annotate",
    "request_access": "request_access",
}
RECORD_TABLES = ("datasets", "experiments", "models", "reports", "employees")
ON_ROWS = ("query_dataset", "profile_column", "apply_cleaning", "add_chart")
PII_PURPOSES = ("model_training", "support_investigation", "regulatory")
STAGE = {"dedupe": 1, "impute": 2, "drop_column": 2, "cap_outliers": 3}
LEAST_GROUP = 10
MOST_ROWS = 500
MOST_NULL_SHARE = 0.30
LEAST_ARM = 1000
AUC_MARGIN = 0.01
MOST_TPR_GAP = 5.0

RULES = RuleBook()
CONVERSATIONAL: dict[int, str] = {
    22: "a causal claim is a sentence the agent does or does not say; the tasks that exercise it ask for the "
    "association's figures, which the grader checks, and leave the wording of the caveat to the agent",
}


def personal(column: Column) -> bool:
    """Personal data as the manual reads it: marked pii, or a hash of an identifier."""
    return column.pii or column.name.endswith("_hash")


def holds_personal(dataset: Dataset) -> bool:
    return dataset.sensitivity == "pii" or any(personal(column) for column in dataset.columns)


def _caller(trace: Trace, upto: int) -> Optional[Employee]:
    """The employee verified (an active one looked up) before step ``upto``."""
    found = None
    for step in trace.steps[:upto]:
        if step.name == "get_employee" and not step.error:
            employee = step.before.employees[step.arguments["employee_id"]]
            if employee.status == "active":
                found = employee
    return found


def _dataset(step: Step) -> Optional[Dataset]:
    key = step.arguments.get("dataset_id")
    return step.before.datasets.get(key) if isinstance(key, str) else None


def _rows(db: DataScienceDB, dataset_id: str) -> list[dict[str, Any]]:
    return rows_of(db, dataset_id)


def _observed(step: Step) -> Any:
    return json.loads(step.observation) if not step.error else None


@RULES.trace(1)
def employee_verified_first(trace: Trace) -> list[str]:
    def identifies(step: Step) -> list[str]:
        if step.name != "get_employee" or step.error:
            return []
        return ["caller"] if step.before.employees[step.arguments["employee_id"]].status == "active" else []

    return identified_first(
        trace,
        who="the employee",
        identifies=identifies,
        concerns=lambda step: ["caller"] if step.name not in ("get_employee", *SHARED) else [],
    )


@RULES.trace(2)
def role_permits(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name not in PERMISSION or step.error:
            continue
        caller = _caller(trace, index)
        allowed = step.before.roles[caller.role].permissions if caller else []
        if PERMISSION[step.name] not in allowed:
            violations.append(f"{step.name} for a caller whose role lacks {PERMISSION[step.name]}")
    return violations


@RULES.trace(3)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


@RULES.trace(4)
def pii_needs_a_grant(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        dataset = _dataset(step)
        if step.name not in ON_ROWS or step.error or dataset is None or dataset.sensitivity != "pii":
            continue
        caller = _caller(trace, index)
        held = caller is not None and any(
            grant.employee_id == caller.employee_id
            and grant.dataset_id == dataset.dataset_id
            and grant.status == "active"
            and grant.expires_on >= step.before.today
            for grant in step.before.access_grants.values()
        )
        if not held:
            violations.append(f"{step.name} on {dataset.dataset_id} without an active grant")
    return violations


@RULES.trace(5)
def access_requests(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name != "request_access" or step.error:
            continue
        caller = _caller(trace, index)
        dataset = step.before.datasets[step.arguments["dataset_id"]]
        if caller is None or step.arguments["employee_id"] != caller.employee_id:
            violations.append("access requested for someone other than the caller")
        if dataset.sensitivity == "pii" and (
            step.arguments["purpose"] not in PII_PURPOSES or (caller and caller.role == "product_manager")
        ):
            violations.append(f"a pii grant on {dataset.dataset_id} for {step.arguments['purpose']}")
        if not said(trace, _observed(step)["grant_id"]):
            violations.append("the new grant's id not in communicate_info")
    return violations


@RULES.trace(6)
def no_personal_rows(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        dataset = _dataset(step)
        if dataset is None or step.error:
            continue
        if step.name == "query_dataset" and holds_personal(dataset):
            columns = {column.name: column for column in dataset.columns}
            named = list(step.arguments.get("group_by") or [])
            named += [f.get("column") for f in step.arguments.get("filters") or []]
            named += [spec.partition(":")[2] for spec in step.arguments.get("aggregates") or []]
            if not step.arguments.get("group_by") and not step.arguments.get("aggregates"):
                violations.append(f"rows of {dataset.dataset_id}, which holds personal data")
            if any(name in columns and personal(columns[name]) for name in named):
                violations.append(f"a personal column of {dataset.dataset_id} grouped, filtered or aggregated")
        if step.name == "annotate_dataset" and step.arguments["tag"] == "pii_unflagged":
            if not any(column.name.endswith("_hash") and not column.pii for column in dataset.columns):
                violations.append(f"{dataset.dataset_id} tagged pii_unflagged without an unmarked hash column")
    return violations


@RULES.trace(7)
def small_groups(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        dataset = _dataset(step)
        if dataset is None or step.error or not holds_personal(dataset):
            continue
        if step.name == "query_dataset":
            for row in _observed(step)["rows"]:
                if row.get("n", LEAST_GROUP) < LEAST_GROUP:
                    figures = [value for key, value in row.items() if key != "n" and isinstance(value, (int, float))]
                    if any(said(trace, value) for value in figures):
                        violations.append(f"a figure of a group of {row['n']} said")
        if step.name == "add_chart" and _observed(step)["charts"][-1]["smallest_group"] < LEAST_GROUP:
            violations.append(f"a chart of {dataset.dataset_id} with a group under {LEAST_GROUP}")
    return violations


@RULES.each(8, "query_dataset")
def row_limit(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments.get("limit", 100) > MOST_ROWS:
        yield f"a query with limit {step.arguments['limit']}"
    listed = not step.arguments.get("group_by") and not step.arguments.get("aggregates")
    if listed and not step.error and _observed(step)["truncated"]:
        yield f"a partial list of {step.arguments['dataset_id']}'s rows"


@RULES.each(9, "apply_cleaning", done=True)
def cleaning_order(step: Step, trace: Trace) -> Iterator[str]:
    dataset = step.before.datasets[step.arguments["dataset_id"]]
    stage = STAGE[step.arguments["operation"]]
    done = [STAGE[applied.split(":")[0]] for applied in dataset.steps]
    if any(earlier > stage for earlier in done):
        yield f"{step.arguments['operation']} after a later step on {dataset.dataset_id}"
    if stage > 1 and dataset.key:
        keys = [row.get(dataset.key) for row in _rows(step.before, dataset.dataset_id)]
        if len(keys) != len(set(keys)):
            yield f"{step.arguments['operation']} on {dataset.dataset_id} before its duplicates were removed"


@RULES.each(10, "apply_cleaning", done=True)
def null_handling(step: Step, trace: Trace) -> Iterator[str]:
    operation, column = step.arguments["operation"], step.arguments["column"]
    if operation not in ("impute", "drop_column"):
        return
    dataset = step.before.datasets[step.arguments["dataset_id"]]
    rows = _rows(step.before, dataset.dataset_id)
    share = sum(row.get(column) is None for row in rows) / len(rows)
    if operation == "drop_column" and share <= MOST_NULL_SHARE:
        yield f"{column} dropped with {share:.0%} nulls"
    if operation == "impute":
        kind = next(c.type for c in dataset.columns if c.name == column)
        wanted = {"method": "median"} if kind == "number" else {"method": "constant", "value": "unknown"}
        if share > MOST_NULL_SHARE or step.arguments.get("params") != wanted:
            yield f"{column} imputed with {step.arguments.get('params')} at {share:.0%} nulls"
    for earlier in dataset.columns:
        if earlier.name == column:
            break
        if any(row.get(earlier.name) is None for row in rows):
            yield f"nulls of {column} handled before those of {earlier.name}"


@RULES.each(11, "apply_cleaning", done=True)
def outlier_caps(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments["operation"] == "cap_outliers":
        if step.arguments.get("params") != {"lower_percentile": 1, "upper_percentile": 99}:
            yield f"outliers capped at {step.arguments.get('params')}"
        column = step.arguments["column"]
        if any(row.get(column) is None for row in _rows(step.before, step.arguments["dataset_id"])):
            yield f"outliers of {column} capped while it still has nulls"


@RULES.each(12, "run_test", done=True)
def test_after_the_end(step: Step, trace: Trace) -> Iterator[str]:
    experiment = step.before.experiments[step.arguments["experiment_id"]]
    if experiment.planned_end >= step.before.today:
        yield f"{experiment.experiment_id} tested before its planned end {experiment.planned_end} had passed"


@RULES.each(13, "run_test", done=True)
def arms_large_enough(step: Step, trace: Trace) -> Iterator[str]:
    experiment = step.before.experiments[step.arguments["experiment_id"]]
    if min(arm.users for arm in experiment.arms) < LEAST_ARM:
        yield f"{experiment.experiment_id} tested with an arm under {LEAST_ARM} users"


@RULES.each(14, "run_test", done=True)
def primary_metric(step: Step, trace: Trace) -> Iterator[str]:
    experiment = step.before.experiments[step.arguments["experiment_id"]]
    if step.arguments["metric"] != experiment.primary_metric:
        yield f"{experiment.experiment_id} tested on {step.arguments['metric']}, not {experiment.primary_metric}"


@RULES.each(15, "run_test", done=True)
def lift_reported(step: Step, trace: Trace) -> Iterator[str]:
    lift = _observed(step)["relative_lift_percent"]
    if not said(trace, lift):
        yield f"the relative lift {lift} of {step.arguments['experiment_id']} not in communicate_info"


def _bad_features(db: DataScienceDB, dataset_id: str, features: list[str]) -> list[str]:
    columns = {column.name: column for column in db.datasets[dataset_id].columns}
    return [
        name
        for name in features
        if name in columns and (personal(columns[name]) or columns[name].restricted or columns[name].post_outcome)
    ]


@RULES.trace(16)
def clean_features(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        if step.error:
            continue
        if step.name == "train_model":
            bad = _bad_features(step.before, step.arguments["dataset_id"], step.arguments["features"])
        elif step.name == "promote_model" and step.arguments["stage"] in ("staging", "production"):
            model = step.before.models[step.arguments["model_id"]]
            bad = _bad_features(step.before, model.dataset_id, model.features)
        else:
            continue
        violations += [f"{step.name} with the feature {name}" for name in bad]
    return violations


def _to_production(trace: Trace) -> Iterator[tuple[Step, Any]]:
    for step in trace.done("promote_model"):
        if step.arguments["stage"] == "production":
            yield step, step.before.models[step.arguments["model_id"]]


@RULES.trace(17)
def auc_margin(trace: Trace) -> list[str]:
    violations = []
    for step, model in _to_production(trace):
        live = [m for m in step.before.models.values() if m.name == model.name and m.stage == "production"]
        if live and model.holdout_auc < round(live[0].holdout_auc + AUC_MARGIN, 3):
            violations.append(f"{model.model_id} promoted with AUC {model.holdout_auc}")
    return violations


@RULES.trace(18)
def tpr_gap(trace: Trace) -> list[str]:
    return [
        f"{model.model_id} promoted with a TPR gap over {MOST_TPR_GAP} points"
        for _, model in _to_production(trace)
        if max(model.group_tpr) - min(model.group_tpr) > MOST_TPR_GAP
    ]


@RULES.trace(19)
def newest_version(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        dataset = _dataset(step)
        if step.name not in ("query_dataset", "add_chart") or dataset is None:
            continue
        newest = max(d.version for d in step.before.datasets.values() if d.root == dataset.root)
        if dataset.version != newest:
            violations.append(f"{step.name} on {dataset.dataset_id}, not the newest version of its lineage")
    return violations


def _stale(db: DataScienceDB, dataset_id: str) -> bool:
    dataset = db.datasets[dataset_id]
    days = (date.fromisoformat(db.today) - date.fromisoformat(dataset.last_refresh)).days
    return days > dataset.freshness_sla_days


@RULES.trace(20)
def fresh_when_published(trace: Trace) -> list[str]:
    violations = []
    for step in trace.steps:
        if step.error:
            continue
        if step.name == "publish_report":
            report = step.before.reports[step.arguments["report_id"]]
            violations += [
                f"{report.report_id} published on stale {chart.dataset_id}"
                for chart in report.charts
                if _stale(step.before, chart.dataset_id)
            ]
        if step.name == "annotate_dataset" and step.arguments["tag"] == "stale":
            dataset = step.before.datasets[step.arguments["dataset_id"]]
            if not _stale(step.before, dataset.dataset_id):
                violations.append(f"{dataset.dataset_id} tagged stale within its SLA")
            elif not said(trace, dataset.last_refresh):
                violations.append(f"the last refresh {dataset.last_refresh} of {dataset.dataset_id} not said")
    return violations


@RULES.trace(21)
def internal_only(trace: Trace) -> list[str]:
    violations = [
        f"{step.arguments['report_id']} published to an external audience"
        for step in trace.done("publish_report")
        if step.arguments["audience"] != "internal"
    ]
    if 21 in trace.task.policy_rules and "refusal" in trace.task.tags and not trace.calls("transfer_to_human_agents"):
        violations.append("an external publication not handed to governance")
    return violations


RULES.trace(23)(hand_offs)
