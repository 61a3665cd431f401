"""The advertising domain's database: a self-serve ad platform's advertiser accounts (with
their users and roles), campaigns, ad sets, creatives, the daily delivery figures of each ad
set, and split tests (experiments) between ad sets of one campaign."""

from typing import Annotated, ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import Ordered, RefersTo, Unordered

Role = Literal["admin", "advertiser", "analyst"]
Category = Literal["none", "housing", "employment", "credit"]
Objective = Literal["sales", "leads", "traffic", "reach", "awareness"]
Strategy = Literal["lowest_cost", "cost_cap", "bid_cap"]
Gender = Literal["all", "female", "male"]


class AccountUser(BaseModel):
    user_id: str
    name: str
    role: Role  # admin and advertiser may change campaigns; analyst only reads


class AdAccount(BaseModel):
    noun: ClassVar[str] = "Ad account"

    account_id: str
    business_name: str
    spending_limit: float  # the most the account's active campaigns may budget a day, together
    payment_status: Literal["in_good_standing", "failed"]
    verification: Literal["verified", "pending"]
    special_categories: Annotated[list[Category], Unordered()]  # the categories the business declared
    users: Annotated[list[AccountUser], Unordered()]


class Campaign(BaseModel):
    campaign_id: str
    account_id: Annotated[str, RefersTo("accounts")]
    name: str
    objective: Objective
    special_category: Category  # declared on the campaign; the name may not show it
    status: Literal["active", "paused", "ended"]
    daily_budget: float
    budget_edits_today: int
    delivery_phase: Literal["learning", "stable"]
    start_date: str
    end_date: Optional[str]  # the last day it delivers; None: runs until paused
    target_cpa: Optional[float]  # the advertiser's cost-per-conversion goal, sales and leads campaigns
    ad_sets: Annotated[list[Annotated[str, RefersTo("ad_sets")]], Unordered()]


class Targeting(BaseModel):
    locations: Annotated[list[str], Unordered()]  # cities ("Austin, TX") or ZIP codes ("78704")
    radius_miles: int  # around each location
    age_min: int
    age_max: int  # 65 means 65 and over
    genders: Gender
    interests: Annotated[list[str], Unordered()]
    lookalike: bool  # also reach people who resemble the advertiser's customers


class AdSet(BaseModel):
    ad_set_id: str
    campaign_id: Annotated[str, RefersTo("campaigns")]
    name: str
    status: Literal["active", "paused"]
    targeting: Targeting
    bid_strategy: Strategy
    bid_cap: Optional[float]  # the cap of a cost_cap or bid_cap strategy
    frequency_cap: Optional[int]  # most impressions per person in 7 days; None: no cap
    creatives: Annotated[list[Annotated[str, RefersTo("creatives")]], Unordered()]


class Creative(BaseModel):
    creative_id: str
    ad_set_id: Annotated[str, RefersTo("ad_sets")]
    name: str
    format: Literal["image", "video", "carousel"]
    restricted_category: Literal["none", "alcohol"]
    review_status: Literal["draft", "pending_review", "approved", "rejected"]
    rejections: int  # how many times review has rejected it
    rejection_reason: Optional[str]
    status: Literal["active", "paused"]


class DailyStat(BaseModel):
    noun: ClassVar[str] = "Daily stat"

    stat_id: str
    ad_set_id: Annotated[str, RefersTo("ad_sets")]
    date: str
    impressions: int
    clicks: int
    conversions: int
    spend: float
    revenue: float


class Arm(BaseModel):
    arm: str  # "A", "B", ... in the order of the arms' ad set ids
    ad_set_id: Annotated[str, RefersTo("ad_sets")]
    split: int  # percent of the test's traffic
    visitors: int
    conversions: int


class Experiment(BaseModel):
    experiment_id: str
    campaign_id: Annotated[str, RefersTo("campaigns")]
    variable: Literal["creative", "audience", "bid_strategy"]
    status: Literal["running", "concluded", "inconclusive"]
    start_date: str
    planned_end: str  # the last day of the test
    arms: Annotated[list[Arm], Ordered("arm A first, as labelled")]
    winner: Annotated[Optional[str], RefersTo("ad_sets")]  # the winning arm's ad set


# What some tools answer: views over the records, not stored


class AccountView(BaseModel):
    account: AdAccount
    caller: AccountUser
    active_daily_budget_total: float  # the daily budgets of the account's active campaigns, summed


class StatsSummary(BaseModel):
    entity_id: str
    date_from: str
    date_to: str
    days_with_delivery: int
    impressions: int
    clicks: int
    conversions: int
    spend: float
    revenue: float


class ArmResult(BaseModel):
    arm: str
    ad_set_id: str
    split: int
    visitors: int
    conversions: int
    conversion_rate_percent: float


class ExperimentReport(BaseModel):
    experiment: Experiment
    days_planned: int  # start to planned end, both included
    past_planned_end: bool  # today is after the planned end
    arms: Annotated[list[ArmResult], Ordered("arm A first")]
    leader: str  # the arm with the highest conversion rate
    runner_up: str
    z_score: float  # two-proportion z-test of the leader against the runner-up


class AdvertisingDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the platform's fixed "now"; tools never read a clock
    next_experiment_number: int
    accounts: dict[str, AdAccount]
    campaigns: dict[str, Campaign]
    ad_sets: dict[str, AdSet]
    creatives: dict[str, Creative]
    daily_stats: dict[str, DailyStat]
    experiments: dict[str, Experiment]
