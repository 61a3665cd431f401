"""The advertising domain's tools: the advertiser-support desk's view of the ad platform. They
check what the platform checks (records exist, states allow the change, arguments are well
formed, experiment arms belong to the campaign); categories, limits, roles, windows and when
to hand off are the policy's, so the agent's job."""

import math
from datetime import date, timedelta
from typing import Annotated, Any, Optional

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.advertising.models import (
    AccountView,
    AdSet,
    AdvertisingDB,
    Arm,
    ArmResult,
    Campaign,
    Creative,
    Experiment,
    ExperimentReport,
    StatsSummary,
)
from taubench.domains.kit import RecordDesk, a_date, an_amount
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

LEVELS = {"campaign": "campaigns", "ad_set": "ad_sets", "creative": "creatives"}
STRATEGIES = ("lowest_cost", "cost_cap", "bid_cap")
VARIABLES = ("creative", "audience", "bid_strategy")
LOWEST_SYSTEM_BUDGET = 1.0
LEARNING_CHANGE = 0.5  # a budget change of more than half restarts learning


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rate(conversions: int, visitors: int) -> float:
    return conversions / visitors if visitors else 0.0


def z_score(first: Arm, second: Arm) -> float:
    """Two-proportion z-test (pooled) of the first arm's conversion rate against the second's."""
    visitors = first.visitors + second.visitors
    if not first.visitors or not second.visitors:
        return 0.0
    pooled = (first.conversions + second.conversions) / visitors
    spread = math.sqrt(pooled * (1 - pooled) * (1 / first.visitors + 1 / second.visitors))
    if spread == 0:
        return 0.0
    return round((_rate(first.conversions, first.visitors) - _rate(second.conversions, second.visitors)) / spread, 2)


class AdvertisingTools(RecordDesk):
    db: AdvertisingDB

    def _entity(self, level: str, entity_id: str) -> Any:
        if level not in LEVELS:
            raise ValueError("Level must be campaign, ad_set or creative")
        return self._get(LEVELS[level], entity_id)

    def _ended(self, campaign: Campaign) -> bool:
        return campaign.status == "ended" or (campaign.end_date is not None and campaign.end_date < self.db.today)

    @tool("read")
    def get_ad_account(self, account_id: str, user_id: str) -> AccountView:
        """Verify a caller and show their ad account: business, spending limit, payment status,
        verification, declared special ad categories, every user with their role, and the
        daily budgets of its active campaigns summed.

        Args:
            account_id: The ad account id, e.g. "ACT-1001".
            user_id: The caller's user id on that account, e.g. "U-5012".
        """
        account = self._get("accounts", account_id)
        caller = next((user for user in account.users if user.user_id == user_id), None)
        if caller is None:
            raise ValueError(f"User {user_id} is not a user of ad account {account_id}")
        total = sum(
            campaign.daily_budget
            for campaign in self._of("campaigns", "account_id", account_id)
            if campaign.status == "active"
        )
        return AccountView(account=account, caller=caller, active_daily_budget_total=round(total, 2))

    @tool("read")
    def list_campaigns(self, account_id: str, status: Optional[str] = None) -> list[Campaign]:
        """An ad account's campaigns in the order of their ids, optionally of one status.

        Args:
            account_id: The ad account id.
            status: active, paused or ended; null for all.
        """
        self._get("accounts", account_id)
        if status is not None and status not in ("active", "paused", "ended"):
            raise ValueError("Status must be active, paused or ended")
        campaigns = self._of("campaigns", "account_id", account_id)
        return [campaign for campaign in campaigns if status is None or campaign.status == status]

    @tool("read")
    def get_ad_set(self, ad_set_id: str) -> AdSet:
        """An ad set: status, targeting, bid strategy and cap, frequency cap and its creatives.

        Args:
            ad_set_id: The ad set id, e.g. "AS-30001".
        """
        return self._get("ad_sets", ad_set_id)

    @tool("read")
    def get_creative(self, creative_id: str) -> Creative:
        """A creative: format, restricted category, review status, rejections and delivery status.

        Args:
            creative_id: The creative id, e.g. "CR-50001".
        """
        return self._get("creatives", creative_id)

    @tool("read")
    def get_stats(self, level: str, entity_id: str, date_from: str, date_to: str) -> StatsSummary:
        """Delivery totals of a campaign (all its ad sets) or an ad set over a date range, both
        days included: impressions, clicks, conversions, spend and revenue. Figures are final
        up to yesterday.

        Args:
            level: campaign or ad_set.
            entity_id: The campaign or ad set id.
            date_from: YYYY-MM-DD, the first day counted.
            date_to: YYYY-MM-DD, the last day counted, not after today.
        """
        if level not in ("campaign", "ad_set"):
            raise ValueError("Stats are kept for campaign or ad_set levels")
        entity = self._entity(level, entity_id)
        first, last = a_date(date_from, "Date from"), a_date(date_to, "Date to")
        if first > last:
            raise ValueError("Date from must not be after date to")
        if date_to > self.db.today:
            raise ValueError("Date to cannot be after today")
        ad_sets = set(entity.ad_sets) if level == "campaign" else {entity_id}
        rows = [
            row for row in self.db.daily_stats.values() if row.ad_set_id in ad_sets and date_from <= row.date <= date_to
        ]
        return StatsSummary(
            entity_id=entity_id,
            date_from=date_from,
            date_to=date_to,
            days_with_delivery=len({row.date for row in rows}),
            impressions=sum(row.impressions for row in rows),
            clicks=sum(row.clicks for row in rows),
            conversions=sum(row.conversions for row in rows),
            spend=round(sum(row.spend for row in rows), 2),
            revenue=round(sum(row.revenue for row in rows), 2),
        )

    @tool("read")
    def get_experiment(self, experiment_id: str) -> ExperimentReport:
        """A split test with each arm's conversion rate, the leading arm, the runner-up and the
        z-score of the leader against the runner-up (two-proportion z-test).

        Args:
            experiment_id: The experiment id, e.g. "EXP-701".
        """
        experiment = self._get("experiments", experiment_id)
        ranked = sorted(experiment.arms, key=lambda arm: (-_rate(arm.conversions, arm.visitors), arm.arm))
        days = (date.fromisoformat(experiment.planned_end) - date.fromisoformat(experiment.start_date)).days + 1
        return ExperimentReport(
            experiment=experiment,
            days_planned=days,
            past_planned_end=experiment.planned_end < self.db.today,
            arms=[
                ArmResult(
                    arm=arm.arm,
                    ad_set_id=arm.ad_set_id,
                    split=arm.split,
                    visitors=arm.visitors,
                    conversions=arm.conversions,
                    conversion_rate_percent=round(100 * _rate(arm.conversions, arm.visitors), 2),
                )
                for arm in experiment.arms
            ],
            leader=ranked[0].arm,
            runner_up=ranked[1].arm,
            z_score=z_score(ranked[0], ranked[1]),
        )

    @tool("read")
    def list_experiments(self, campaign_id: str) -> list[Experiment]:
        """A campaign's split tests, running and closed, in the order of their ids.

        Args:
            campaign_id: The campaign id.
        """
        self._get("campaigns", campaign_id)
        return self._of("experiments", "campaign_id", campaign_id)

    @tool("write")
    def update_budget(self, campaign_id: str, daily_budget: float) -> Campaign:
        """Set a campaign's daily budget. Counts as one of today's budget edits; a change of
        more than half the current budget, up or down, puts delivery back into learning.

        Args:
            campaign_id: The campaign id, e.g. "CMP-20001".
            daily_budget: The new daily budget, USD.
        """
        campaign = self._get("campaigns", campaign_id)
        amount = an_amount(daily_budget, "Daily budget")
        if self._ended(campaign):
            raise ValueError("Campaign has ended: its budget cannot be changed")
        if amount < LOWEST_SYSTEM_BUDGET:
            raise ValueError("Daily budget must be at least 1.00")
        if amount == campaign.daily_budget:
            raise ValueError("That is already the daily budget")
        if abs(amount - campaign.daily_budget) > LEARNING_CHANGE * campaign.daily_budget:
            campaign.delivery_phase = "learning"
        campaign.daily_budget = amount
        campaign.budget_edits_today += 1
        return campaign

    @tool("write")
    def update_targeting(
        self,
        ad_set_id: str,
        locations: Annotated[Optional[list[str]], Unordered()] = None,
        radius_miles: Optional[int] = None,
        age_min: Optional[int] = None,
        age_max: Optional[int] = None,
        genders: Optional[str] = None,
        interests: Annotated[Optional[list[str]], Unordered()] = None,
        lookalike: Optional[bool] = None,
        frequency_cap: Optional[int] = None,
    ) -> AdSet:
        """Change an ad set's audience and frequency cap. Leave out (null) what stays as it is.

        Args:
            ad_set_id: The ad set id.
            locations: Cities ("Austin, TX") or ZIP codes ("78704") the ad set reaches; at least one.
            radius_miles: Miles around each location, 1 to 50.
            age_min: Youngest age reached, 13 to 65.
            age_max: Oldest age reached, 13 to 65 (65 means 65 and over).
            genders: all, female or male.
            interests: Interest keywords; an empty list removes them all.
            lookalike: true to also reach people resembling the advertiser's customers.
            frequency_cap: Most impressions per person in 7 days, 1 to 20; 0 removes the cap.
        """
        ad_set = self._get("ad_sets", ad_set_id)
        current = ad_set.targeting
        new = current.model_copy()
        if locations is not None:
            if not isinstance(locations, list) or not locations or not all(isinstance(x, str) for x in locations):
                raise ValueError("Locations must be a list of at least one city or ZIP code")
            new.locations = sorted(set(locations))
        if radius_miles is not None:
            if not _whole(radius_miles) or not 1 <= radius_miles <= 50:
                raise ValueError("Radius must be a whole number of miles from 1 to 50")
            new.radius_miles = radius_miles
        for value in (age_min, age_max):
            if value is not None and (not _whole(value) or not 13 <= value <= 65):
                raise ValueError("Ages must be whole numbers from 13 to 65")
        new.age_min = current.age_min if age_min is None else age_min
        new.age_max = current.age_max if age_max is None else age_max
        if new.age_min > new.age_max:
            raise ValueError("The youngest age cannot be above the oldest")
        if genders is not None:
            if genders not in ("all", "female", "male"):
                raise ValueError("Genders must be all, female or male")
            new.genders = genders
        if interests is not None:
            if not isinstance(interests, list) or not all(isinstance(x, str) for x in interests):
                raise ValueError("Interests must be a list of keywords")
            new.interests = sorted(set(interests))
        if lookalike is not None:
            if not isinstance(lookalike, bool):
                raise ValueError("Lookalike must be true or false")
            new.lookalike = lookalike
        cap = ad_set.frequency_cap
        if frequency_cap is not None:
            if not _whole(frequency_cap) or not 0 <= frequency_cap <= 20:
                raise ValueError("Frequency cap must be a whole number from 0 to 20")
            cap = frequency_cap or None
        if new == current and cap == ad_set.frequency_cap:
            raise ValueError("Nothing to change: the ad set already has that targeting")
        ad_set.targeting, ad_set.frequency_cap = new, cap
        return ad_set

    @tool("write")
    def update_bid(self, ad_set_id: str, strategy: str, bid_cap: Optional[float] = None) -> AdSet:
        """Set an ad set's bid strategy: lowest_cost (no cap), cost_cap (average cost per
        result kept near the cap) or bid_cap (no auction bid above the cap).

        Args:
            ad_set_id: The ad set id.
            strategy: lowest_cost, cost_cap or bid_cap.
            bid_cap: USD; required for cost_cap and bid_cap, null for lowest_cost.
        """
        ad_set = self._get("ad_sets", ad_set_id)
        if strategy not in STRATEGIES:
            raise ValueError("Strategy must be lowest_cost, cost_cap or bid_cap")
        if strategy == "lowest_cost":
            if bid_cap is not None:
                raise ValueError("lowest_cost takes no bid cap")
            cap = None
        else:
            if bid_cap is None:
                raise ValueError("cost_cap and bid_cap need a bid cap")
            cap = an_amount(bid_cap, "Bid cap")
            if cap <= 0:
                raise ValueError("Bid cap must be more than 0")
        if (strategy, cap) == (ad_set.bid_strategy, ad_set.bid_cap):
            raise ValueError("The ad set already bids that way")
        ad_set.bid_strategy, ad_set.bid_cap = strategy, cap
        return ad_set

    @tool("write")
    def pause_delivery(self, level: str, entity_id: str) -> Campaign | AdSet | Creative:
        """Stop a campaign, an ad set or a creative from delivering.

        Args:
            level: campaign, ad_set or creative.
            entity_id: Its id.
        """
        entity = self._entity(level, entity_id)
        if isinstance(entity, Campaign) and self._ended(entity):
            raise ValueError("Campaign has ended: there is nothing to pause")
        if entity.status == "paused":
            raise ValueError(f"{entity_id} is already paused")
        entity.status = "paused"
        return entity

    @tool("write")
    def resume_delivery(self, level: str, entity_id: str) -> Campaign | AdSet | Creative:
        """Let a paused campaign, ad set or creative deliver again. A campaign past its end date
        needs a new end date first; a creative must be approved.

        Args:
            level: campaign, ad_set or creative.
            entity_id: Its id.
        """
        entity = self._entity(level, entity_id)
        if isinstance(entity, Campaign) and self._ended(entity):
            raise ValueError(f"Campaign ended on {entity.end_date}: set a new end date first")
        if isinstance(entity, Creative) and entity.review_status != "approved":
            raise ValueError(f"Creative is {entity.review_status}: only approved creatives run")
        if entity.status == "active":
            raise ValueError(f"{entity_id} is already active")
        entity.status = "active"
        return entity

    @tool("write")
    def set_end_date(self, campaign_id: str, end_date: str) -> Campaign:
        """Set the last day a campaign delivers. A campaign that had ended becomes paused, to
        be resumed.

        Args:
            campaign_id: The campaign id.
            end_date: YYYY-MM-DD, today or later and not before the campaign's start.
        """
        campaign = self._get("campaigns", campaign_id)
        a_date(end_date, "End date")
        if end_date < self.db.today or end_date < campaign.start_date:
            raise ValueError("End date must be today or later and not before the start date")
        if end_date == campaign.end_date:
            raise ValueError("That is already the end date")
        if campaign.status == "ended":
            campaign.status = "paused"
        campaign.end_date = end_date
        return campaign

    @tool("write")
    def submit_creative(self, creative_id: str) -> Creative:
        """Send a draft or rejected creative (after the advertiser's edits) to ad review.

        Args:
            creative_id: The creative id.
        """
        creative = self._get("creatives", creative_id)
        if creative.review_status not in ("draft", "rejected"):
            raise ValueError(f"Creative is {creative.review_status}: only drafts and rejected creatives are submitted")
        creative.review_status, creative.rejection_reason = "pending_review", None
        return creative

    @tool("write")
    def create_experiment(
        self, campaign_id: str, variable: str, arms: Annotated[list[dict], Unordered()], days: int
    ) -> Experiment:
        """Start a split test today between ad sets of one campaign. Arms are labelled A, B, ...
        in the order of their ad set ids; a test of N days runs today and the N - 1 days after.

        Args:
            campaign_id: The campaign id.
            variable: What the arms differ in: creative, audience or bid_strategy.
            arms: One object per arm: {"ad_set_id": "AS-30001", "split": 50}, split in whole
                percent of the test's traffic, the splits adding up to 100.
            days: How long the test runs, in days.
        """
        campaign = self._get("campaigns", campaign_id)
        if variable not in VARIABLES:
            raise ValueError("Variable must be creative, audience or bid_strategy")
        if not isinstance(arms, list) or not all(
            isinstance(arm, dict) and set(arm) == {"ad_set_id", "split"} and _whole(arm["split"]) for arm in arms
        ):
            raise ValueError('Each arm must be {"ad_set_id": ..., "split": whole percent}')
        if len(arms) < 2:
            raise ValueError("An experiment needs at least 2 arms")
        ids = [arm["ad_set_id"] for arm in arms]
        if len(set(ids)) != len(ids):
            raise ValueError("Each ad set can be one arm only")
        for ad_set_id in ids:
            if ad_set_id not in campaign.ad_sets:
                raise ValueError(f"Ad set {ad_set_id} is not in campaign {campaign_id}")
        if sum(arm["split"] for arm in arms) != 100 or any(arm["split"] < 1 for arm in arms):
            raise ValueError("Splits must be at least 1 percent each and add up to 100")
        if not _whole(days) or days < 1:
            raise ValueError("Days must be a whole number of at least 1")
        if campaign.status != "active" or self._ended(campaign):
            raise ValueError("Experiments run on active campaigns only")
        busy = {
            arm.ad_set_id
            for experiment in self.db.experiments.values()
            if experiment.status == "running"
            for arm in experiment.arms
        }
        if busy & set(ids):
            raise ValueError("An ad set is already an arm of a running experiment")
        start = date.fromisoformat(self.db.today)
        experiment = Experiment(
            experiment_id=self._new_id("EXP-", "next_experiment_number"),
            campaign_id=campaign_id,
            variable=variable,
            status="running",
            start_date=self.db.today,
            planned_end=(start + timedelta(days=days - 1)).isoformat(),
            arms=[
                Arm(
                    arm=chr(ord("A") + index), ad_set_id=arm["ad_set_id"], split=arm["split"], visitors=0, conversions=0
                )
                for index, arm in enumerate(sorted(arms, key=lambda arm: arm["ad_set_id"]))
            ],
            winner=None,
        )
        self.db.experiments[experiment.experiment_id] = experiment
        return experiment

    def _running(self, experiment_id: str) -> Experiment:
        experiment = self._get("experiments", experiment_id)
        if experiment.status != "running":
            raise ValueError(f"Experiment is {experiment.status}, not running")
        return experiment

    @tool("write")
    def extend_experiment(self, experiment_id: str, days: int) -> Experiment:
        """Move a running experiment's planned end later by a number of days.

        Args:
            experiment_id: The experiment id.
            days: Days added to the planned end, a whole number of at least 1.
        """
        experiment = self._running(experiment_id)
        if not _whole(days) or days < 1:
            raise ValueError("Days must be a whole number of at least 1")
        experiment.planned_end = (date.fromisoformat(experiment.planned_end) + timedelta(days=days)).isoformat()
        return experiment

    @tool("write")
    def conclude_experiment(self, experiment_id: str, winner: Optional[str]) -> Experiment:
        """Close a running experiment. With a winner (an arm's ad set id), the other arms' ad
        sets are paused; with null, it is closed as inconclusive and nothing is paused.

        Args:
            experiment_id: The experiment id.
            winner: The winning arm's ad set id, or null to close it as inconclusive.
        """
        experiment = self._running(experiment_id)
        if winner is None:
            experiment.status = "inconclusive"
            return experiment
        self._get("ad_sets", winner)
        if winner not in [arm.ad_set_id for arm in experiment.arms]:
            raise ValueError(f"{winner} is not an arm of this experiment")
        for arm in experiment.arms:
            if arm.ad_set_id != winner:
                self.db.ad_sets[arm.ad_set_id].status = "paused"
        experiment.status, experiment.winner = "concluded", winner
        return experiment

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
