"""The data science domain's database: a company data platform's employees (with roles whose
permissions are data), its catalogue of datasets (schema, sensitivity, freshness, lineage), the
stored rows of the datasets that are materialised, access grants, cleaning steps, A/B
experiments and their analyses, trained models and reports with their charts."""

import json
from typing import Annotated, ClassVar, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RecordId, RefersTo, Unordered

Cell = Union[bool, int, float, str, None]
Row = dict[str, Cell]
Sensitivity = Literal["public", "internal", "pii"]
Stage = Literal["development", "staging", "production", "archived"]


class Role(BaseModel):
    role: str
    permissions: Annotated[list[str], Unordered()]  # query, clean, chart, publish, test, train, promote, ...


class Employee(BaseModel):
    employee_id: str
    name: str
    team: str
    role: Annotated[str, RefersTo("roles")]
    status: Literal["active", "departed"]


class Column(BaseModel):
    name: str
    type: Literal["number", "text", "date", "bool"]
    pii: bool  # marked as personal data in the catalogue
    restricted: bool  # a protected attribute (age band, gender): never a model feature
    post_outcome: bool  # recorded only after the outcome a model predicts: a leak if used as a feature
    auc_gain: float = 0.0  # what the column adds to a model's holdout AUC as a feature (modelling datasets)
    tpr_shift: float = 0.0  # points it moves the first group's TPR by, as a feature (modelling datasets)


class Target(BaseModel):
    """A column a model can be trained to predict on a modelling dataset, and what such a model scores."""

    column: str
    model_name: str
    base_auc: float  # holdout AUC with no feature's gain, logistic regression
    groups: Annotated[list[str], Ordered("the first group is the one feature shifts move")]
    base_tpr: Annotated[list[float], Ordered("the TPR of each group, in the order of groups")]


class Dataset(BaseModel):
    dataset_id: str
    name: str
    domain: str  # sales, marketing, product, support, finance, people, ml
    owner: Annotated[str, RefersTo("employees")]
    sensitivity: Sensitivity
    key: Optional[str]  # the column that identifies a row
    columns: Annotated[list[Column], Ordered("the table's column order")]
    freshness_sla_days: int  # the most days the data may be behind
    last_refresh: str  # the day the data are as of
    version: int
    root: Annotated[str, RefersTo("datasets")]  # the raw dataset of its lineage (itself when raw)
    parent: Annotated[Optional[str], RefersTo("datasets")]  # the version it was made from
    steps: Annotated[list[str], Ordered("the cleaning steps since the raw data, first to last")]
    row_count: int
    materialised: bool  # its rows are stored and can be queried
    targets: Annotated[list[Target], Unordered()]
    tags: Annotated[list[str], Unordered()]


class StoredTable(BaseModel):
    """A materialised dataset's rows as the platform stores them: one JSON array a row, its
    values in the order of the dataset's columns (like a JSON-lines file)."""

    noun: ClassVar[str] = "Stored table"

    dataset_id: Annotated[str, RefersTo("datasets")]
    rows: Annotated[list[str], Ordered("the stored row order")]


def encode_rows(columns: list[str], rows: list[Row]) -> list[str]:
    return [json.dumps([row.get(name) for name in columns], separators=(",", ":")) for row in rows]


def decode_rows(columns: list[str], lines: list[str]) -> list[Row]:
    return [dict(zip(columns, json.loads(line))) for line in lines]


class AccessGrant(BaseModel):
    noun: ClassVar[str] = "Access grant"

    grant_id: str
    employee_id: Annotated[str, RefersTo("employees")]
    dataset_id: Annotated[str, RefersTo("datasets")]
    purpose: str
    status: Literal["active", "pending", "revoked"]
    requested_on: str
    expires_on: str  # the last day it is valid


class CleaningStep(BaseModel):
    noun: ClassVar[str] = "Cleaning step"

    step_id: str
    dataset_id: Annotated[str, RefersTo("datasets")]  # the version cleaned
    output_id: Annotated[str, RefersTo("datasets")]  # the version it made
    operation: str
    column: str
    params: dict[str, Union[int, float, str]]
    applied_on: str
    rows_changed: int


class Arm(BaseModel):
    arm: str  # "A" (control), "B", ...
    users: int
    counts: dict[str, int]  # proportion metric -> users who converted on it
    means: dict[str, float]  # mean metric -> the mean per user
    sds: dict[str, float]  # mean metric -> its standard deviation per user


class Experiment(BaseModel):
    experiment_id: str
    name: str
    owner: Annotated[str, RefersTo("employees")]
    status: Literal["running", "ended", "analysed"]
    start_date: str
    planned_end: str  # the last day users are exposed
    primary_metric: str
    proportion_metrics: Annotated[list[str], Unordered()]
    mean_metrics: Annotated[list[str], Unordered()]
    arms: Annotated[list[Arm], Ordered("control A first")]
    analyses: Annotated[list[Annotated[str, RefersTo("analyses")]], Unordered()]


class ArmResult(BaseModel):
    arm: str
    users: int
    value: float  # a proportion metric's rate in percent, or a mean metric's mean


class Analysis(BaseModel):
    analysis_id: str
    experiment_id: Annotated[str, RefersTo("experiments")]
    test: Literal["z_test", "t_test"]
    metric: str
    run_on: str
    arms: Annotated[list[ArmResult], Ordered("control A first")]
    absolute_difference: float  # B minus A, in the metric's unit (points for rates)
    relative_lift_percent: float  # (B - A) / A, in percent
    statistic: float  # z (or Welch's t, read on the normal curve)
    p_value: float  # two-sided


class Model(BaseModel):
    model_id: str
    name: str
    version: str
    dataset_id: Annotated[str, RefersTo("datasets")]
    target: str
    features: Annotated[list[str], Unordered()]
    algorithm: str
    holdout_auc: float
    groups: Annotated[list[str], Ordered("as the target's groups")]
    group_tpr: Annotated[list[float], Ordered("the TPR in percent of each group, in the order of groups")]
    stage: Stage
    trained_on: str


class Chart(BaseModel):
    chart_id: Annotated[str, RecordId()]
    dataset_id: Annotated[str, RefersTo("datasets")]
    chart_type: str
    x: str
    y: Optional[str]
    aggregate: str
    n: int  # the rows behind the chart
    groups: int
    smallest_group: int


class Report(BaseModel):
    report_id: str
    title: str
    owner: Annotated[str, RefersTo("employees")]
    status: Literal["draft", "published"]
    audience: Optional[Literal["internal", "external"]]
    published_on: Optional[str]
    charts: Annotated[list[Chart], Unordered()]  # the report lays them out by type


# What some tools answer: views over the records, not stored


class EmployeeView(BaseModel):
    employee: Employee
    permissions: Annotated[list[str], Unordered()]
    grants: Annotated[list[AccessGrant], Unordered()]  # active and pending, unexpired


class DatasetSummary(BaseModel):
    dataset_id: str
    name: str
    domain: str
    sensitivity: Sensitivity
    version: int
    root: str
    last_refresh: str
    materialised: bool


class SchemaView(BaseModel):
    dataset: Dataset
    days_since_refresh: int
    lineage: Annotated[list[DatasetSummary], Ordered("by version")]  # every version of its raw dataset


class QueryResult(BaseModel):
    dataset_id: str
    matched_rows: int  # rows passing the filters
    returned: int
    truncated: bool  # more rows or groups than the limit
    rows: Annotated[list[Row], Ordered("as sorted")]


class ColumnProfile(BaseModel):
    dataset_id: str
    column: str
    type: str
    rows: int
    nulls: int
    null_percent: float
    distinct: int
    duplicates: int  # non-null values repeating an earlier one
    minimum: Cell = None
    maximum: Cell = None
    mean: Optional[float] = None
    median: Optional[float] = None
    p01: Optional[float] = None
    p99: Optional[float] = None


class ModelView(BaseModel):
    model: Model
    production_model_id: Optional[str]  # the model of the same name now in production
    production_auc: Optional[float]


class DataScienceDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str
    next_dataset_number: int
    next_grant_number: int
    next_step_number: int
    next_analysis_number: int
    next_model_number: int
    next_chart_number: int
    roles: dict[str, Role]
    employees: dict[str, Employee]
    datasets: dict[str, Dataset]
    tables: dict[str, StoredTable]
    access_grants: dict[str, AccessGrant]
    cleaning_steps: dict[str, CleaningStep]
    experiments: dict[str, Experiment]
    analyses: dict[str, Analysis]
    models: dict[str, Model]
    reports: dict[str, Report]
