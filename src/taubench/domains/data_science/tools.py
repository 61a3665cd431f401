"""The data science domain's tools: the analytics assistant's view of the company data
platform. They check what the platform checks (records exist, columns and types fit, a stage
change follows the pipeline, a report is still a draft); grants, privacy, cleaning order,
test timing, promotion bars and publishing are the policy's, so the agent's job."""

from datetime import date, timedelta
from typing import Annotated, Any, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.data_science.models import (
    AccessGrant,
    Analysis,
    ArmResult,
    Chart,
    CleaningStep,
    ColumnProfile,
    DataScienceDB,
    Dataset,
    DatasetSummary,
    EmployeeView,
    Experiment,
    Model,
    ModelView,
    QueryResult,
    Report,
    Row,
    SchemaView,
    StoredTable,
    decode_rows,
    encode_rows,
)
from taubench.domains.data_science.stats import median, nearest_rank, two_sided_p, welch_statistic, z_statistic
from taubench.domains.kit import RecordDesk
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

OPERATIONS = ("dedupe", "impute", "drop_column", "cap_outliers")
FILTER_OPS = ("=", "!=", ">", ">=", "<", "<=", "in", "is_null", "not_null")
AGGREGATES = ("sum", "avg", "min", "max", "median", "count_distinct")
ALGORITHMS = {"logistic_regression": 0.0, "random_forest": 0.01, "gradient_boosting": 0.02}
CHART_TYPES = ("bar", "line", "pie", "histogram")
CHART_AGGREGATES = ("count", "sum", "average", "median")
PURPOSES = ("reporting", "experimentation", "model_training", "support_investigation", "regulatory")
TAGS = ("stale", "duplicates_found", "high_nulls", "pii_unflagged", "superseded", "deprecated")
GRANT_DAYS = 90
MOST_ROWS = 1000


def rows_of(db: DataScienceDB, dataset_id: str) -> list[Row]:
    """A materialised dataset's rows as records (read, never changed: the table is shared)."""
    table = dict.get(db.tables, dataset_id)
    if table is None:
        return []
    dataset: Dataset = dict.__getitem__(db.datasets, dataset_id)
    return decode_rows([column.name for column in dataset.columns], table.rows)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _order(value: Any) -> tuple:
    """Sorting key that puts nulls last."""
    return (value is None, value if value is not None else 0)


def _matches(value: Any, op: str, wanted: Any) -> bool:
    if op == "is_null":
        return value is None
    if op == "not_null":
        return value is not None
    if op == "in":
        return value in wanted
    if op == "=":
        return value == wanted
    if op == "!=":
        return value != wanted
    if value is None:
        return False
    return {">": value > wanted, ">=": value >= wanted, "<": value < wanted, "<=": value <= wanted}[op]


class DataScienceTools(RecordDesk):
    db: DataScienceDB

    # look-ups the tools share

    def _column(self, dataset: Dataset, column: Any) -> Any:
        found = next((c for c in dataset.columns if c.name == column), None)
        if found is None:
            raise ValueError(f"Column {column} is not in dataset {dataset.dataset_id}")
        return found

    def _rows(self, dataset: Dataset) -> list[Row]:
        if not dataset.materialised or dataset.dataset_id not in self.db.tables:
            raise ValueError(f"Dataset {dataset.dataset_id} has no stored rows")
        return rows_of(self.db, dataset.dataset_id)

    def _lineage(self, root: str) -> list[Dataset]:
        return sorted((d for d in self.db.datasets.values() if d.root == root), key=lambda d: d.version)

    def _summary(self, dataset: Dataset) -> DatasetSummary:
        return DatasetSummary(**dataset.model_dump(include=set(DatasetSummary.model_fields)))

    # reads

    @tool("read")
    def get_employee(self, employee_id: str) -> EmployeeView:
        """An employee: name, team, role and status, what their role permits, and their access
        grants that are active or pending and not expired.

        Args:
            employee_id: The employee id, e.g. "EMP-1001".
        """
        employee = self._get("employees", employee_id)
        grants = [
            grant
            for grant in self._of("access_grants", "employee_id", employee_id)
            if grant.status in ("active", "pending") and grant.expires_on >= self.db.today
        ]
        permissions = self.db.roles[employee.role].permissions
        return EmployeeView(employee=employee, permissions=permissions, grants=grants)

    @tool("read")
    def list_datasets(
        self, domain: Optional[str] = None, sensitivity: Optional[str] = None, name: Optional[str] = None
    ) -> list[DatasetSummary]:
        """Datasets of the catalogue, in the order of their ids, filtered by any of: business
        domain, sensitivity, part of the name. At least one filter is needed.

        Args:
            domain: sales, marketing, product, support, finance, people or ml; null for any.
            sensitivity: public, internal or pii; null for any.
            name: Part of the dataset's name, e.g. "orders"; null for any.
        """
        if domain is None and sensitivity is None and not name:
            raise ValueError("Give a domain, a sensitivity or part of a name")
        if sensitivity is not None and sensitivity not in ("public", "internal", "pii"):
            raise ValueError("Sensitivity must be public, internal or pii")
        return [
            self._summary(dataset)
            for dataset in self.db.datasets.values()
            if (domain is None or dataset.domain == domain)
            and (sensitivity is None or dataset.sensitivity == sensitivity)
            and (not name or str(name).lower() in dataset.name.lower())
        ]

    @tool("read")
    def get_schema(self, dataset_id: str) -> SchemaView:
        """A dataset's catalogue entry: owner, sensitivity, key, columns (type, PII, restricted,
        post-outcome flags), freshness SLA, last refresh and the days since, version, cleaning
        steps, tags, modelling targets, and every version of its lineage.

        Args:
            dataset_id: The dataset id, e.g. "DS-101".
        """
        dataset = self._get("datasets", dataset_id)
        days = (date.fromisoformat(self.db.today) - date.fromisoformat(dataset.last_refresh)).days
        lineage = [self._summary(version) for version in self._lineage(dataset.root)]
        return SchemaView(dataset=dataset, days_since_refresh=days, lineage=lineage)

    @tool("read")
    def query_dataset(
        self,
        dataset_id: str,
        filters: Optional[list[dict]] = None,
        group_by: Optional[list[str]] = None,
        aggregates: Optional[list[str]] = None,
        sort: Optional[str] = None,
        limit: int = 100,
    ) -> QueryResult:
        """Query a materialised dataset. Without group_by or aggregates it returns rows; with
        them, one row per group holding the group's columns, its row count n and each aggregate
        (named like "sum_amount"). Nulls are skipped by aggregates.

        Args:
            dataset_id: The dataset id.
            filters: Conditions all rows must meet, each {"column": ..., "op": ..., "value": ...};
                op is =, !=, >, >=, <, <=, in (value a list), is_null or not_null (no value).
            group_by: Columns to group by, in the order they appear in the result.
            aggregates: Each "count" or "<fn>:<column>", fn one of sum, avg, min, max, median,
                count_distinct; e.g. ["avg:amount"]. Sums and averages are rounded to cents.
            sort: An output column to sort by, "-" in front for descending, e.g. "-n".
            limit: The most rows or groups returned, 1 to 1000.
        """
        dataset = self._get("datasets", dataset_id)
        rows = self._rows(dataset)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MOST_ROWS:
            raise ValueError("Limit must be a whole number from 1 to 1000")
        conditions = []
        for condition in filters or []:
            if not isinstance(condition, dict) or "column" not in condition or condition.get("op") not in FILTER_OPS:
                raise ValueError("Each filter must be {column, op, value} with op one of " + ", ".join(FILTER_OPS))
            column = self._column(dataset, condition["column"])
            value, op = condition.get("value"), condition["op"]
            if op == "in" and not isinstance(value, list):
                raise ValueError("The in filter takes a list of values")
            if op in (">", ">=", "<", "<=") and (column.type == "number") != _number(value):
                raise ValueError(f"Filter on {column.name} compares a {column.type} column with {value!r}")
            conditions.append((column.name, op, value))
        matched = [row for row in rows if all(_matches(row.get(c), op, v) for c, op, v in conditions)]
        groups = [self._column(dataset, column).name for column in group_by or []]
        wanted: list[tuple[str, Optional[str]]] = []
        for spec in aggregates or []:
            if spec == "count":
                wanted.append(("count", None))
                continue
            fn, _, name = str(spec).partition(":")
            if fn not in AGGREGATES or not name:
                raise ValueError('Aggregates are "count" or "<fn>:<column>" with fn one of ' + ", ".join(AGGREGATES))
            column = self._column(dataset, name)
            if fn in ("sum", "avg", "median") and column.type != "number":
                raise ValueError(f"{fn} needs a numeric column; {name} is {column.type}")
            wanted.append((fn, name))
        if groups or wanted:
            buckets: dict[tuple, list[Row]] = {}
            for row in matched:
                buckets.setdefault(tuple(row.get(column) for column in groups), []).append(row)
            output = []
            for key in sorted(buckets, key=lambda key: tuple(_order(value) for value in key)):
                members = buckets[key]
                record: Row = dict(zip(groups, key))
                record["n"] = len(members)
                for fn, over in wanted:
                    if over is None:
                        record["count"] = len(members)
                        continue
                    values = [row[over] for row in members if row.get(over) is not None]
                    record[f"{fn}_{over}"] = self._aggregate(fn, values)
                output.append(record)
        else:
            output = [dict(row) for row in matched]
        if sort is not None:
            field, descending = str(sort).lstrip("-"), str(sort).startswith("-")
            if output and field not in output[0]:
                raise ValueError(f"Cannot sort by {field}: not a column of the result")
            present = [row for row in output if row.get(field) is not None]
            present.sort(key=lambda row: _order(row.get(field)), reverse=descending)
            output = present + [row for row in output if row.get(field) is None]
        return QueryResult(
            dataset_id=dataset_id,
            matched_rows=len(matched),
            returned=min(limit, len(output)),
            truncated=len(output) > limit,
            rows=output[:limit],
        )

    @staticmethod
    def _aggregate(fn: str, values: list) -> Any:
        if fn == "count_distinct":
            return len(set(values))
        if not values:
            return None
        if fn == "sum":
            return round(sum(values), 2)
        if fn == "avg":
            return round(sum(values) / len(values), 2)
        if fn == "median":
            return median(values)
        return min(values) if fn == "min" else max(values)

    @tool("read")
    def profile_column(self, dataset_id: str, column: str) -> ColumnProfile:
        """One column of a materialised dataset: rows, nulls (and their percent), distinct and
        duplicate values; for numbers also min, max, mean, median and the 1st and 99th
        percentiles (nearest rank).

        Args:
            dataset_id: The dataset id.
            column: The column's name.
        """
        dataset = self._get("datasets", dataset_id)
        rows = self._rows(dataset)
        found = self._column(dataset, column)
        values = [row.get(found.name) for row in rows]
        present = [value for value in values if value is not None]
        profile = ColumnProfile(
            dataset_id=dataset_id,
            column=found.name,
            type=found.type,
            rows=len(values),
            nulls=len(values) - len(present),
            null_percent=round(100 * (len(values) - len(present)) / len(values), 2) if values else 0.0,
            distinct=len(set(present)),
            duplicates=len(present) - len(set(present)),
        )
        if present:
            profile.minimum, profile.maximum = min(present, key=_order), max(present, key=_order)
        numbers = [value for value in present if isinstance(value, (int, float)) and not isinstance(value, bool)]
        if found.type == "number" and numbers:
            profile.mean = round(sum(numbers) / len(numbers), 2)
            profile.median = median(numbers)
            profile.p01, profile.p99 = nearest_rank(numbers, 1), nearest_rank(numbers, 99)
        return profile

    @tool("read")
    def get_experiment(self, experiment_id: str) -> Experiment:
        """An A/B experiment: owner, status, start and planned end, its primary metric, the
        proportion and mean metrics it measures, each arm's users, counts and means, and the
        analyses run on it.

        Args:
            experiment_id: The experiment id, e.g. "EXP-301".
        """
        return self._get("experiments", experiment_id)

    @tool("read")
    def list_models(self, name: str) -> list[Model]:
        """Models whose name contains the text, in the order of their ids, with version, stage,
        features and scores.

        Args:
            name: Part of the model's name, e.g. "churn".
        """
        if not isinstance(name, str) or not name.strip():
            raise ValueError("Give part of a model's name")
        return [model for model in self.db.models.values() if name.lower() in model.name.lower()]

    @tool("read")
    def get_model(self, model_id: str) -> ModelView:
        """A model: dataset, target, features, algorithm, holdout AUC, TPR of each group, stage;
        and the model of the same name now in production, with its holdout AUC.

        Args:
            model_id: The model id, e.g. "MDL-701".
        """
        model = self._get("models", model_id)
        live = self._production(model.name)
        return ModelView(
            model=model,
            production_model_id=live.model_id if live else None,
            production_auc=live.holdout_auc if live else None,
        )

    def _production(self, name: str) -> Optional[Model]:
        return next((m for m in self.db.models.values() if m.name == name and m.stage == "production"), None)

    @tool("read")
    def list_reports(self, owner: str) -> list[Report]:
        """An employee's reports, drafts and published, in the order of their ids.

        Args:
            owner: The owner's employee id.
        """
        self._get("employees", owner)
        return self._of("reports", "owner", owner)

    @tool("read")
    def get_report(self, report_id: str) -> Report:
        """A report: title, owner, status, audience and its charts (dataset, type, x, y,
        aggregate, n, groups and the smallest group's size).

        Args:
            report_id: The report id, e.g. "RPT-401".
        """
        return self._get("reports", report_id)

    # writes

    @tool("write")
    def apply_cleaning(self, dataset_id: str, operation: str, column: str, params: Optional[dict] = None) -> Dataset:
        """Clean a materialised dataset into a new version (the version cleaned is kept as it
        is): the new version's name, rows and steps are returned.

        Args:
            dataset_id: The version to clean.
            operation: dedupe (keep the first row of each value of the column), impute (fill the
                column's nulls), drop_column (remove the column) or cap_outliers (clip values to
                percentiles).
            column: The column the operation works on.
            params: impute: {"method": "median"}, {"method": "mean"} or {"method": "constant",
                "value": ...}; cap_outliers: {"lower_percentile": 1, "upper_percentile": 99};
                null for dedupe and drop_column.
        """
        dataset = self._get("datasets", dataset_id)
        rows = self._rows(dataset)
        if operation not in OPERATIONS:
            raise ValueError("Operation must be dedupe, impute, drop_column or cap_outliers")
        found = self._column(dataset, column)
        params = dict(params or {})
        new_rows = [dict(row) for row in rows]
        columns = list(dataset.columns)
        if operation in ("dedupe", "drop_column") and params:
            raise ValueError(f"{operation} takes no params")
        if operation == "dedupe":
            seen: set = set()
            kept = []
            for row in new_rows:
                if row.get(column) in seen and row.get(column) is not None:
                    continue
                seen.add(row.get(column))
                kept.append(row)
            changed = len(new_rows) - len(kept)
            if not changed:
                raise ValueError(f"Column {column} has no duplicate values")
            new_rows = kept
        elif operation == "drop_column":
            if column == dataset.key:
                raise ValueError("The key column cannot be dropped")
            for row in new_rows:
                row.pop(column, None)
            columns = [c for c in columns if c.name != column]
            changed = len(new_rows)
        elif operation == "impute":
            fill = self._fill(found, params, [row.get(column) for row in new_rows])
            changed = 0
            for row in new_rows:
                if row.get(column) is None:
                    row[column] = fill
                    changed += 1
        else:
            low, high = self._bounds(found, params, [row.get(column) for row in new_rows])
            changed = 0
            for row in new_rows:
                value = row.get(column)
                if isinstance(value, (int, float)) and not low <= value <= high:
                    row[column] = low if value < low else high
                    changed += 1
            if not changed:
                raise ValueError(f"No value of {column} lies outside those percentiles")
        lineage = self._lineage(dataset.root)
        number = self._new_id("DS-", "next_dataset_number")
        root_name = self.db.datasets[dataset.root].name
        made = dataset.model_copy(
            update={
                "dataset_id": number,
                "name": f"{root_name}_clean_v{len(lineage)}",
                "columns": columns,
                "version": max(version.version for version in lineage) + 1,
                "parent": dataset_id,
                "steps": [*dataset.steps, f"{operation}:{column}"],
                "row_count": len(new_rows),
                "tags": [],
            },
            deep=True,
        )
        self.db.datasets[number] = made
        self.db.tables[number] = StoredTable(dataset_id=number, rows=encode_rows([c.name for c in columns], new_rows))
        step_id = self._new_id("CS-", "next_step_number")
        self.db.cleaning_steps[step_id] = CleaningStep(
            step_id=step_id,
            dataset_id=dataset_id,
            output_id=number,
            operation=operation,
            column=column,
            params=params,
            applied_on=self.db.today,
            rows_changed=changed,
        )
        return made

    @staticmethod
    def _fill(found: Any, params: dict, values: list) -> Any:
        present = [value for value in values if value is not None]
        if len(present) == len(values):
            raise ValueError(f"Column {found.name} has no nulls to fill")
        method = params.get("method")
        if method == "constant" and set(params) == {"method", "value"}:
            return params["value"]
        if method in ("median", "mean") and set(params) == {"method"}:
            if found.type != "number":
                raise ValueError(f"Column {found.name} is not numeric: fill it with a constant")
            return median(present) if method == "median" else round(sum(present) / len(present), 2)
        raise ValueError(
            'Impute takes {"method": "median"}, {"method": "mean"} or {"method": "constant", "value": ...}'
        )

    @staticmethod
    def _bounds(found: Any, params: dict, values: list) -> tuple[float, float]:
        if found.type != "number":
            raise ValueError(f"Column {found.name} is not numeric")
        if set(params) != {"lower_percentile", "upper_percentile"}:
            raise ValueError("cap_outliers takes {lower_percentile, upper_percentile}")
        low, high = params["lower_percentile"], params["upper_percentile"]
        if not (_number(low) and _number(high)):
            raise ValueError("cap_outliers takes {lower_percentile, upper_percentile}")
        if not 0 <= low < high <= 100:
            raise ValueError("Percentiles must satisfy 0 <= lower < upper <= 100")
        present = [value for value in values if value is not None]
        return nearest_rank(present, low), nearest_rank(present, high)

    @tool("write")
    def run_test(self, experiment_id: str, test: str, metric: str) -> Analysis:
        """Run a two-sided test of arm B against control A on one metric of an experiment and
        record it as an analysis: each arm's value, the difference, the relative lift, the
        statistic and the p-value. An ended experiment becomes analysed.

        Args:
            experiment_id: The experiment id.
            test: z_test (two proportions, for proportion metrics) or t_test (Welch, for mean
                metrics).
            metric: The metric tested, one the experiment measures.
        """
        experiment = self._get("experiments", experiment_id)
        if test not in ("z_test", "t_test"):
            raise ValueError("Test must be z_test or t_test")
        if metric not in experiment.proportion_metrics and metric not in experiment.mean_metrics:
            raise ValueError(f"Metric {metric} is not measured by experiment {experiment_id}")
        proportion = metric in experiment.proportion_metrics
        if test == "z_test" and not proportion:
            raise ValueError(f"z_test compares proportions; {metric} is a mean metric: use t_test")
        if test == "t_test" and proportion:
            raise ValueError(f"t_test compares means; {metric} is a proportion metric: use z_test")
        control, treated = experiment.arms[0], experiment.arms[1]
        if not control.users or not treated.users:
            raise ValueError("An arm has no users yet")
        users = (control.users, treated.users)
        if proportion:
            counts = (control.counts[metric], treated.counts[metric])
            rates = (counts[0] / users[0], counts[1] / users[1])
            values = (round(100 * rates[0], 2), round(100 * rates[1], 2))
            difference, lift = 100 * (rates[1] - rates[0]), (rates[1] - rates[0]) / rates[0] if rates[0] else 0.0
            statistic = z_statistic(counts, users)
        else:
            means = (control.means[metric], treated.means[metric])
            values = (means[0], means[1])
            difference, lift = means[1] - means[0], (means[1] - means[0]) / means[0] if means[0] else 0.0
            statistic = welch_statistic(means, (control.sds[metric], treated.sds[metric]), users)
        analysis_id = self._new_id("AN-", "next_analysis_number")
        analysis = Analysis(
            analysis_id=analysis_id,
            experiment_id=experiment_id,
            test=test,
            metric=metric,
            run_on=self.db.today,
            arms=[
                ArmResult(arm=arm.arm, users=arm.users, value=value) for arm, value in zip((control, treated), values)
            ],
            absolute_difference=round(difference, 2),
            relative_lift_percent=round(100 * lift, 2),
            statistic=statistic,
            p_value=two_sided_p(statistic),
        )
        self.db.analyses[analysis_id] = analysis
        experiment.analyses = sorted([*experiment.analyses, analysis_id])
        if experiment.status == "ended":
            experiment.status = "analysed"
        return analysis

    @tool("write")
    def train_model(
        self, dataset_id: str, target: str, features: Annotated[list[str], Unordered()], algorithm: str
    ) -> Model:
        """Train a model on a modelling dataset: its holdout AUC and per-group TPR are looked up
        from the platform's precomputed results for that dataset version, feature set and
        algorithm. The model is registered in development as the next major version of the
        target's model name.

        Args:
            dataset_id: The modelling dataset.
            target: The column to predict, one of the dataset's modelling targets.
            features: The columns used as features.
            algorithm: logistic_regression, random_forest or gradient_boosting.
        """
        dataset = self._get("datasets", dataset_id)
        spec = next((t for t in dataset.targets if t.column == target), None)
        if spec is None:
            raise ValueError(f"Dataset {dataset_id} has no modelling target {target}")
        if algorithm not in ALGORITHMS:
            raise ValueError("Algorithm must be logistic_regression, random_forest or gradient_boosting")
        if not isinstance(features, list) or not features or len(set(features)) != len(features):
            raise ValueError("Features must be a non-empty list of distinct columns")
        columns = [self._column(dataset, feature) for feature in features]
        if target in features:
            raise ValueError("The target cannot be a feature")
        auc = round(min(0.99, spec.base_auc + ALGORITHMS[algorithm] + sum(c.auc_gain for c in columns)), 3)
        tpr = [round(spec.base_tpr[0] + sum(c.tpr_shift for c in columns), 1), *spec.base_tpr[1:]]
        majors = [
            int(model.version.lstrip("v").split(".")[0])
            for model in self.db.models.values()
            if model.name == spec.model_name
        ]
        model_id = self._new_id("MDL-", "next_model_number")
        model = Model(
            model_id=model_id,
            name=spec.model_name,
            version=f"v{max(majors, default=0) + 1}",
            dataset_id=dataset_id,
            target=target,
            features=sorted(features),
            algorithm=algorithm,
            holdout_auc=auc,
            groups=list(spec.groups),
            group_tpr=tpr,
            stage="development",
            trained_on=self.db.today,
        )
        self.db.models[model_id] = model
        return model

    @tool("write")
    def promote_model(self, model_id: str, stage: str) -> Model:
        """Move a model along the pipeline: development to staging, staging to production (the
        model of the same name in production is archived), or any stage to archived.

        Args:
            model_id: The model id.
            stage: staging, production or archived.
        """
        model = self._get("models", model_id)
        if stage not in ("staging", "production", "archived"):
            raise ValueError("Stage must be staging, production or archived")
        if model.stage == stage:
            raise ValueError(f"Model {model_id} is already in {stage}")
        if stage == "staging" and model.stage != "development":
            raise ValueError("Only a development model goes to staging")
        if stage == "production" and model.stage != "staging":
            raise ValueError("Only a staging model goes to production")
        if stage == "production":
            live = self._production(model.name)
            if live is not None:
                self.db.models[live.model_id].stage = "archived"
        model.stage = stage
        return model

    @tool("write")
    def add_chart(
        self, report_id: str, dataset_id: str, chart_type: str, x: str, y: Optional[str], aggregate: str
    ) -> Report:
        """Add a chart to the end of a draft report: the aggregate of y for each value of x, over
        a materialised dataset. The chart records n (the rows behind it), its number of groups
        and the smallest group's size.

        Args:
            report_id: The report id.
            dataset_id: The dataset charted.
            chart_type: bar, line, pie or histogram.
            x: The column whose values are the groups.
            y: The numeric column aggregated; null with count.
            aggregate: count, sum, average or median.
        """
        report = self._get("reports", report_id)
        dataset = self._get("datasets", dataset_id)
        rows = self._rows(dataset)
        if report.status != "draft":
            raise ValueError(f"Report {report_id} is published: its charts cannot change")
        if chart_type not in CHART_TYPES:
            raise ValueError("Chart type must be bar, line, pie or histogram")
        if aggregate not in CHART_AGGREGATES:
            raise ValueError("Aggregate must be count, sum, average or median")
        self._column(dataset, x)
        if aggregate == "count":
            if y is not None:
                raise ValueError("A count chart takes no y column")
        else:
            if y is None:
                raise ValueError(f"A {aggregate} chart needs a numeric y column")
            if self._column(dataset, y).type != "number":
                raise ValueError(f"Column {y} is not numeric")
        counted = [row for row in rows if row.get(x) is not None and (y is None or row.get(y) is not None)]
        sizes: dict[Any, int] = {}
        for row in counted:
            sizes[row[x]] = sizes.get(row[x], 0) + 1
        chart_id = self._new_id("CH-", "next_chart_number")
        report.charts.append(
            Chart(
                chart_id=chart_id,
                dataset_id=dataset_id,
                chart_type=chart_type,
                x=x,
                y=y,
                aggregate=aggregate,
                n=len(counted),
                groups=len(sizes),
                smallest_group=min(sizes.values(), default=0),
            )
        )
        return report

    @tool("write")
    def publish_report(self, report_id: str, audience: str) -> Report:
        """Publish a draft report to an audience.

        Args:
            report_id: The report id.
            audience: internal (the company) or external (partners, customers, the public).
        """
        report = self._get("reports", report_id)
        if audience not in ("internal", "external"):
            raise ValueError("Audience must be internal or external")
        if report.status == "published":
            raise ValueError(f"Report {report_id} is already published")
        if not report.charts:
            raise ValueError("A report needs at least one chart to be published")
        report.status, report.audience, report.published_on = "published", audience, self.db.today
        return report

    @tool("write")
    def request_access(self, employee_id: str, dataset_id: str, purpose: str) -> AccessGrant:
        """Request an access grant for an employee on a dataset, valid 90 days. A grant on an
        internal dataset is active at once; one on a PII dataset waits (pending) for the
        dataset owner's approval.

        Args:
            employee_id: The employee the grant is for.
            dataset_id: The dataset.
            purpose: reporting, experimentation, model_training, support_investigation or regulatory.
        """
        employee = self._get("employees", employee_id)
        dataset = self._get("datasets", dataset_id)
        if employee.status != "active":
            raise ValueError(f"Employee {employee_id} has left the company")
        if dataset.sensitivity == "public":
            raise ValueError(f"Dataset {dataset_id} is public: no grant is needed")
        if purpose not in PURPOSES:
            raise ValueError("Purpose must be one of " + ", ".join(PURPOSES))
        for grant in self._of("access_grants", "employee_id", employee_id):
            if grant.dataset_id == dataset_id and grant.status != "revoked" and grant.expires_on >= self.db.today:
                raise ValueError(f"Employee {employee_id} already holds grant {grant.grant_id} on {dataset_id}")
        grant_id = self._new_id("GR-", "next_grant_number")
        grant = AccessGrant(
            grant_id=grant_id,
            employee_id=employee_id,
            dataset_id=dataset_id,
            purpose=purpose,
            status="pending" if dataset.sensitivity == "pii" else "active",
            requested_on=self.db.today,
            expires_on=(date.fromisoformat(self.db.today) + timedelta(days=GRANT_DAYS)).isoformat(),
        )
        self.db.access_grants[grant_id] = grant
        return grant

    @tool("write")
    def annotate_dataset(self, dataset_id: str, tag: str) -> Dataset:
        """Tag a dataset in the catalogue so that everyone sees it.

        Args:
            dataset_id: The dataset id.
            tag: stale, duplicates_found, high_nulls, pii_unflagged, superseded or deprecated.
        """
        dataset = self._get("datasets", dataset_id)
        if tag not in TAGS:
            raise ValueError("Tag must be one of " + ", ".join(TAGS))
        if tag in dataset.tags:
            raise ValueError(f"Dataset {dataset_id} is already tagged {tag}")
        dataset.tags = sorted([*dataset.tags, tag])
        return dataset

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
