"""The ad platform's database: a fixed cast of advertiser accounts, campaigns, ad sets,
creatives and split tests that the tasks are written around (``data/cast.json``), plus
seeded filler accounts so that look-ups have plenty to miss, and the daily delivery figures
of every ad set that delivered in the weeks before today.

The cast: Brightside Realty and Brightside Realty Group, two housing advertisers with
look-alike names, where one Dana Whitfield is an admin of the first and an advertiser of the
second; a housing campaign hidden under the generic name "Q4 Promo"; Copperleaf Outfitters'
two campaigns both named "Spring Sale" (launched 2024 and 2025, the later one already edited
four times today), a retargeting campaign whose cart-abandoner ad set costs far more than its
target per conversion, a paused reach campaign and a campaign that ended on 2025-10-12; an
employment and a credit advertiser (with a non-credit events campaign targeting ZIP codes);
a brewery with alcohol creatives in an all-ages ad set, in a 21+ ad set, one rejected twice
and one rejected once; a gym whose reach campaign has had four budget edits today and whose
spending limit nearly binds; a coffee roaster with five split tests (one finished and
significant, one finished and not, one still running, one finished with an arm under 100
conversions, one that ran its full 30 days without a result); a dental group whose payment
failed; a bike shop with two "E-bike Test Rides" campaigns; and one Julian Park who works on
two accounts with two user ids.

Filler: about 340 more accounts drawn from ``Population`` (a tenth of the users namesakes of
someone before them, and some business names repeated with "Group" or "Co." added), with
their campaigns, ad sets, creatives, finished split tests, and three weeks of daily figures
for every ad set delivering today."""

import random
from datetime import date, timedelta
from typing import Any, Optional

from pydantic import BaseModel

from taubench.domains.advertising.models import AdAccount, Creative, Experiment, Targeting
from taubench.domains.kit import Population, load_cast

SEED = 2110
TODAY = "2025-10-21"
FILLER_ACCOUNTS = 340
FILLER_STATS_FROM = "2025-09-29"
YESTERDAY = "2025-10-20"


class StatProfile(BaseModel):
    """How a cast ad set delivered: daily figures drawn around these, from ``first`` to ``last``."""

    first: str
    last: str
    impressions: int  # a day, on average
    ctr: float  # percent of impressions clicked
    cvr: float  # percent of clicks converting
    cpc: float
    order_value: float  # revenue per conversion


class CastCampaign(BaseModel):
    campaign_id: str
    account_id: str
    name: str
    objective: str
    special_category: str
    status: str
    daily_budget: float
    budget_edits_today: int
    delivery_phase: str
    start_date: str
    end_date: Optional[str]
    target_cpa: Optional[float]


class CastAdSet(BaseModel):
    ad_set_id: str
    campaign_id: str
    name: str
    status: str
    targeting: Targeting
    bid_strategy: str
    bid_cap: Optional[float]
    frequency_cap: Optional[int]
    stats: Optional[StatProfile]


TRADES = {
    "none": [
        ("Coffee", "sales"),
        ("Outdoor Supply", "sales"),
        ("Pet Goods", "sales"),
        ("Bike Works", "leads"),
        ("Yoga Studio", "reach"),
        ("Bakery", "traffic"),
        ("Florist", "sales"),
        ("Auto Detailing", "leads"),
        ("Games", "awareness"),
        ("Tea House", "traffic"),
        ("Skincare", "sales"),
        ("Furniture", "sales"),
    ],
    "housing": [("Realty", "leads"), ("Property Management", "leads"), ("Home Builders", "leads")],
    "employment": [("Staffing", "leads"), ("Careers", "leads")],
    "credit": [("Credit Union", "leads"), ("Lending", "leads"), ("Card Services", "leads")],
}
WORDS = (
    "Alder",
    "Beacon",
    "Cobalt",
    "Driftwood",
    "Ember",
    "Foxglove",
    "Granite",
    "Harbor",
    "Ironbark",
    "Juniper",
    "Kingfisher",
    "Lantern",
    "Meridian",
    "Northstar",
    "Orchard",
    "Pinecrest",
    "Quarry",
    "Redwood",
    "Sable",
    "Thistle",
    "Upland",
    "Vantage",
    "Wildflower",
    "Yarrow",
)
CITIES = (
    "Austin, TX",
    "Denver, CO",
    "Portland, OR",
    "Columbus, OH",
    "Chicago, IL",
    "Tempe, AZ",
    "Seattle, WA",
    "Minneapolis, MN",
    "Raleigh, NC",
    "Nashville, TN",
    "Boise, ID",
    "Tucson, AZ",
    "Madison, WI",
    "Richmond, VA",
)
ZIPS = ("78704", "80205", "97214", "43201", "60614", "85281", "98103", "55407", "27601", "37206")
INTERESTS = (
    "coffee",
    "hiking",
    "pets",
    "cycling",
    "yoga",
    "baking",
    "gardening",
    "gaming",
    "home decor",
    "skincare",
    "running",
    "travel",
    "cooking",
    "music",
)
CAMPAIGN_NAMES = (
    "Fall Promo",
    "Always On",
    "Holiday Push",
    "New Arrivals",
    "Brand Awareness",
    "Retargeting",
    "Spring Sale",
    "Weekend Deals",
    "Local Launch",
    "Loyalty Offer",
)
GENERIC_NAMES = ("Q4 Promo", "Always On", "Local Launch", "Fall Promo")
AREAS = ("512", "303", "503", "614", "312", "480", "206", "612", "919", "615")


def _shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def _days(first: str, last: str) -> list[str]:
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    return [(start + timedelta(days=n)).isoformat() for n in range((end - start).days + 1)]


class Book:
    """The database as it is built, table by table, in insertion order."""

    def __init__(self) -> None:
        self.accounts: dict[str, dict] = {}
        self.campaigns: dict[str, dict] = {}
        self.ad_sets: dict[str, dict] = {}
        self.creatives: dict[str, dict] = {}
        self.daily_stats: dict[str, dict] = {}
        self.experiments: dict[str, dict] = {}
        self.next_stat = 100001

    def stats(self, rng: random.Random, ad_set_id: str, profile: StatProfile) -> None:
        for day in _days(profile.first, profile.last):
            impressions = round(profile.impressions * rng.uniform(0.8, 1.2))
            clicks = round(impressions * profile.ctr / 100 * rng.uniform(0.85, 1.15))
            conversions = round(clicks * profile.cvr / 100 * rng.uniform(0.7, 1.3))
            spend = round(clicks * profile.cpc * rng.uniform(0.9, 1.1), 2)
            revenue = round(conversions * profile.order_value * rng.uniform(0.9, 1.1), 2)
            stat_id = f"DS-{self.next_stat}"
            self.next_stat += 1
            self.daily_stats[stat_id] = {
                "stat_id": stat_id,
                "ad_set_id": ad_set_id,
                "date": day,
                "impressions": impressions,
                "clicks": clicks,
                "conversions": conversions,
                "spend": spend,
                "revenue": revenue,
            }


def cast(book: Book, rng: random.Random, people: Population) -> None:
    """The records the tasks are written around (accounts ACT-1001 to ACT-1011)."""
    loaded = load_cast(
        __package__,
        {
            "accounts": AdAccount,
            "campaigns": CastCampaign,
            "ad_sets": CastAdSet,
            "creatives": Creative,
            "experiments": Experiment,
        },
    )
    for account in loaded["accounts"]:
        book.accounts[account.account_id] = account.model_dump()
        for user in account.users:
            first, last = user.name.split(" ", 1)
            people.know(first, last, "F")
    for campaign in loaded["campaigns"]:
        book.campaigns[campaign.campaign_id] = {**campaign.model_dump(), "ad_sets": []}
    for ad_set in loaded["ad_sets"]:
        record = ad_set.model_dump(exclude={"stats"})
        book.ad_sets[ad_set.ad_set_id] = {**record, "creatives": []}
        book.campaigns[ad_set.campaign_id]["ad_sets"].append(ad_set.ad_set_id)
        if ad_set.stats is not None:
            book.stats(rng, ad_set.ad_set_id, ad_set.stats)
    for creative in loaded["creatives"]:
        book.creatives[creative.creative_id] = creative.model_dump()
        book.ad_sets[creative.ad_set_id]["creatives"].append(creative.creative_id)
    for experiment in loaded["experiments"]:
        book.experiments[experiment.experiment_id] = experiment.model_dump()


def _targeting(rng: random.Random, category: str) -> dict[str, Any]:
    if category != "none":
        return {
            "locations": [rng.choice(CITIES)],
            "radius_miles": rng.choice([15, 20, 25, 30]),
            "age_min": 18,
            "age_max": 65,
            "genders": "all",
            "interests": sorted(rng.sample(INTERESTS, 1)),
            "lookalike": False,
        }
    young = rng.choice([18, 18, 21, 25, 30])
    return {
        "locations": sorted(rng.sample(ZIPS, 2)) if rng.random() < 0.2 else [rng.choice(CITIES)],
        "radius_miles": rng.choice([5, 10, 15, 25, 40]),
        "age_min": young,
        "age_max": rng.choice([45, 55, 65, 65]),
        "genders": rng.choice(["all", "all", "all", "female", "male"]),
        "interests": sorted(rng.sample(INTERESTS, rng.randint(1, 3))),
        "lookalike": rng.random() < 0.25,
    }


def filler(book: Book, rng: random.Random, people: Population) -> None:
    numbers = {"account": 1100, "campaign": 21000, "ad_set": 31000, "creative": 60000, "user": 6000}
    names: list[str] = []
    for _ in range(FILLER_ACCOUNTS):
        roll = rng.random()
        category = "housing" if roll < 0.08 else "employment" if roll < 0.13 else "credit" if roll < 0.18 else "none"
        trade, objective = rng.choice(TRADES[category])
        if names and rng.random() < 0.1:
            business = rng.choice(names) + rng.choice([" Group", " Co.", ""])
        else:
            business = f"{rng.choice(WORDS)} {trade}"
        names.append(business)
        account_id = f"ACT-{numbers['account']}"
        numbers["account"] += 1
        users = []
        for role in ["admin", *rng.sample(["advertiser", "advertiser", "analyst"], rng.randint(0, 2))]:
            person = people.person(rng.choice(AREAS))
            users.append({"user_id": f"U-{numbers['user']}", "name": person.name, "role": role})
            numbers["user"] += 1
        book.accounts[account_id] = {
            "account_id": account_id,
            "business_name": business,
            "spending_limit": float(rng.choice([250, 400, 500, 750, 1000, 1500, 2500])),
            "payment_status": "failed" if rng.random() < 0.05 else "in_good_standing",
            "verification": "pending" if rng.random() < 0.05 else "verified",
            "special_categories": [] if category == "none" else [category],
            "users": users,
        }
        for _ in range(rng.randint(2, 4)):
            campaign_id = f"CMP-{numbers['campaign']}"
            numbers["campaign"] += 1
            filler_campaign(book, rng, numbers, account_id, campaign_id, category, objective)


def filler_campaign(
    book: Book, rng: random.Random, numbers: dict[str, int], account_id: str, campaign_id: str, category: str, goal: str
) -> None:
    status = rng.choices(["active", "paused", "ended"], [6, 2, 2])[0]
    start = people_day(rng, "2024-01-08", "2025-10-14")
    end: Optional[str] = None
    if status == "ended":
        end = people_day(rng, max(start, "2025-01-01"), "2025-10-19") if start < "2025-10-19" else "2025-10-19"
        start = min(start, end)
    elif rng.random() < 0.4:
        end = people_day(rng, "2025-10-25", "2026-01-31")
    objective = goal if rng.random() < 0.7 else rng.choice(["sales", "leads", "traffic", "reach", "awareness"])
    name = rng.choice(GENERIC_NAMES) if category != "none" and rng.random() < 0.3 else rng.choice(CAMPAIGN_NAMES)
    budget = float(rng.choice([10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 120, 150, 200]))
    book.campaigns[campaign_id] = {
        "campaign_id": campaign_id,
        "account_id": account_id,
        "name": name,
        "objective": objective,
        "special_category": category,
        "status": status,
        "daily_budget": budget,
        "budget_edits_today": rng.choices([0, 1, 2, 4], [12, 3, 1, 1])[0] if status == "active" else 0,
        "delivery_phase": "learning" if rng.random() < 0.15 else "stable",
        "start_date": start,
        "end_date": end,
        "target_cpa": float(rng.choice([15, 20, 25, 30, 40, 60])) if objective in ("sales", "leads") else None,
        "ad_sets": [],
    }
    ad_sets = []
    for index in range(rng.randint(1, 4)):
        ad_set_id = f"AS-{numbers['ad_set']}"
        numbers["ad_set"] += 1
        ad_sets.append(ad_set_id)
        strategy = rng.choices(["lowest_cost", "cost_cap", "bid_cap"], [7, 2, 1])[0]
        reach = objective in ("reach", "awareness")
        book.ad_sets[ad_set_id] = {
            "ad_set_id": ad_set_id,
            "campaign_id": campaign_id,
            "name": f"{name} - set {index + 1}",
            "status": "active" if rng.random() < 0.85 else "paused",
            "targeting": _targeting(rng, category),
            "bid_strategy": strategy,
            "bid_cap": None if strategy == "lowest_cost" else float(rng.choice([0.75, 1.5, 12, 20, 35])),
            "frequency_cap": rng.choice([1, 2, 3]) if reach else None,
            "creatives": [],
        }
        book.campaigns[campaign_id]["ad_sets"].append(ad_set_id)
        for number in range(rng.randint(1, 2)):
            creative_id = f"CR-{numbers['creative']}"
            numbers["creative"] += 1
            review = rng.choices(["approved", "pending_review", "rejected", "draft"], [14, 2, 1, 1])[0]
            rejections = 0 if review in ("approved", "draft") else rng.choice([0, 1, 1, 2])
            if review == "rejected":
                rejections = max(1, rejections)
            book.creatives[creative_id] = {
                "creative_id": creative_id,
                "ad_set_id": ad_set_id,
                "name": f"{name} {rng.choice(['image', 'video', 'carousel'])} {number + 1}",
                "format": rng.choice(["image", "video", "carousel"]),
                "restricted_category": "none",
                "review_status": review,
                "rejections": rejections,
                "rejection_reason": "Misleading claim" if review == "rejected" else None,
                "status": "active" if review == "approved" and rng.random() < 0.9 else "paused",
            }
            book.ad_sets[ad_set_id]["creatives"].append(creative_id)
        if status == "active" and book.ad_sets[ad_set_id]["status"] == "active":
            book.stats(
                rng,
                ad_set_id,
                StatProfile(
                    first=max(FILLER_STATS_FROM, start),
                    last=YESTERDAY,
                    impressions=rng.choice([800, 1500, 3000, 6000, 12000]),
                    ctr=rng.choice([0.4, 0.8, 1.1, 1.5, 2.0]),
                    cvr=0.0 if objective in ("reach", "awareness", "traffic") else rng.choice([1.0, 2.0, 3.5, 5.0]),
                    cpc=rng.choice([0.3, 0.5, 0.8, 1.2, 2.0]),
                    order_value=rng.choice([25.0, 45.0, 80.0, 150.0]) if objective == "sales" else 0.0,
                ),
            )
    if len(ad_sets) >= 2 and rng.random() < 0.35 and start < "2025-09-01":
        filler_experiment(book, rng, campaign_id, ad_sets[:2], start)


def people_day(rng: random.Random, first: str, last: str) -> str:
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    return (start + timedelta(days=rng.randint(0, max(0, (end - start).days)))).isoformat()


def filler_experiment(book: Book, rng: random.Random, campaign_id: str, ad_sets: list[str], after: str) -> None:
    experiment_id = f"EXP-{401 + len(book.experiments) - 5}"
    begin = people_day(rng, max(after, "2025-01-06"), "2025-08-25")
    days = rng.choice([7, 14, 21, 28])
    arms: list[dict[str, Any]] = []
    for index, ad_set_id in enumerate(ad_sets):
        visitors = rng.randint(2000, 12000)
        arms.append(
            {
                "arm": "AB"[index],
                "ad_set_id": ad_set_id,
                "split": 50,
                "visitors": visitors,
                "conversions": round(visitors * rng.uniform(0.01, 0.04)),
            }
        )
    conclusive = rng.random() < 0.6
    book.experiments[experiment_id] = {
        "experiment_id": experiment_id,
        "campaign_id": campaign_id,
        "variable": rng.choice(["creative", "audience", "bid_strategy"]),
        "status": "concluded" if conclusive else "inconclusive",
        "start_date": begin,
        "planned_end": _shift(begin, days - 1),
        "arms": arms,
        "winner": max(arms, key=lambda arm: arm["conversions"] / arm["visitors"])["ad_set_id"] if conclusive else None,
    }


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    people = Population(SEED, TODAY)
    book = Book()
    cast(book, rng, people)
    filler(book, rng, people)
    return {
        "today": TODAY,
        "next_experiment_number": 706,
        "accounts": book.accounts,
        "campaigns": book.campaigns,
        "ad_sets": book.ad_sets,
        "creatives": book.creatives,
        "daily_stats": book.daily_stats,
        "experiments": book.experiments,
    }
