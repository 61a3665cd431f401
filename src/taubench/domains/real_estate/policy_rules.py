"""The real-estate desk's numbered policy rules as checks over a task's gold trace (see
gold_trace.py). Rule 3 governs only what is said (rule 22's fair-housing half too); of rule 2
what a trace can show is checked: a change names only records a look-up showed."""

import json
from datetime import datetime, timedelta
from typing import Iterator

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import RuleBook, hand_offs, identified_first, looked_up_before_change, owner_of, records_named
from taubench.domains.real_estate.desk import saved_search_key
from taubench.domains.real_estate.models import Client, Listing, Offer, RealEstateDB, SearchPreferences, TourSlot

Trace = GoldTrace[RealEstateDB]
Step = GoldStep[RealEstateDB]

MAX_TOURS_PER_DAY = 4
TOUR_GAP = timedelta(minutes=45)
NOTICE = timedelta(hours=24)
AGREEMENT_TERM_DAYS = (30, 180)
COMPENSATION_PCT = 2.5
EARNEST_SHARE = (0.01, 0.03)
OFFER_LIFE = (timedelta(hours=24), timedelta(hours=72))
CLOSING_DAYS = {"mortgage": (30, 60), "cash": (14, 60)}
INCOME_TIMES_RENT = 3
ADULTS_PER_BEDROOM = 2
MAX_HOLD_DAYS = 5
PRE_APPROVAL_SHARE = 0.8  # a pre-approval covers a price of its amount / 0.8 (20 percent down)
SHARED_ONLY = ("cities", "min_price", "max_price")  # what a co-client may not change alone
RECORD_TABLES = ("clients", "listings", "tour_slots", "tours", "offers", "documents", "rental_applications")
UNIDENTIFIED_READS = {
    "get_agent",
    "find_client",
    "search_listings",
    "list_tour_slots",
    "list_listing_documents",
    "calculate",
}

RULES = RuleBook()
CONVERSATIONAL = {
    3: "fair-housing answers are what is said (and not said), not tool calls",
}


def _moment(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M")


def _client_of(step: Step) -> str | None:
    """The client a call acts for: named, or the holder of the tour or offer it names."""
    return owner_of(
        step, "client_id", ("tours", "tour_id"), ("offers", "offer_id"), ("rental_applications", "application_id")
    )


def _today(step: Step) -> str:
    return step.before.now[:10]


@RULES.trace(1)
def client_identified_first(trace: Trace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: json.loads(step.observation) if step.name == "find_client" else [],
        concerns=lambda step: (
            [client]
            if step.kind in ("read", "write") and step.name not in UNIDENTIFIED_READS and (client := _client_of(step))
            else []
        ),
        who="the client",
    )


@RULES.trace(2)
def changes_read_back(trace: Trace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


def _slot(step: Step) -> TourSlot:
    return step.before.tour_slots[step.arguments["slot_id"]]


@RULES.each(4, "schedule_tour")
def agreement_and_agent_for_sale_tours(step: Step, trace: Trace) -> Iterator[str]:
    slot = _slot(step)
    agreement = step.before.clients[step.arguments["client_id"]].buyer_agreement
    if step.before.listings[slot.listing_id].listing_type != "sale":
        return
    if agreement is None or agreement.expires_on < slot.date:
        yield f"tour of sale listing {slot.listing_id} on {slot.date} without an agreement in force"
    agent = step.before.agents.get(step.before.clients[step.arguments["client_id"]].agent_id or "")
    if agent is None or slot.date in agent.days_off:
        yield f"tour of sale listing {slot.listing_id} on {slot.date}, a day the client's agent is off"


@RULES.each(5, "sign_buyer_agreement")
def agreement_terms(step: Step, trace: Trace) -> Iterator[str]:
    agreement = step.before.clients[step.arguments["client_id"]].buyer_agreement
    if agreement is not None and agreement.expires_on >= _today(step):
        yield "a new agreement while one is in force"
    if not AGREEMENT_TERM_DAYS[0] <= step.arguments["term_days"] <= AGREEMENT_TERM_DAYS[1]:
        yield f"agreement term of {step.arguments['term_days']} days"
    if step.arguments["compensation_pct"] != COMPENSATION_PCT:
        yield f"agreement compensation of {step.arguments['compensation_pct']} percent"


@RULES.each(6, "schedule_tour")
def tenant_notice_and_hours(step: Step, trace: Trace) -> Iterator[str]:
    slot = _slot(step)
    if step.before.listings[slot.listing_id].occupancy != "tenant_occupied":
        return
    if _moment(f"{slot.date} {slot.time}") < _moment(step.before.now) + NOTICE or not "10:00" <= slot.time <= "17:30":
        yield f"tenant-occupied {slot.listing_id} toured at {slot.date} {slot.time}"


@RULES.each(7, "schedule_tour")
def daily_tour_limits(step: Step, trace: Trace) -> Iterator[str]:
    slot, client = _slot(step), step.arguments["client_id"]
    same_day = [
        tour
        for tour in step.before.tours.values()
        if tour.client_id == client and tour.status == "scheduled" and tour.date == slot.date
    ]
    if len(same_day) >= MAX_TOURS_PER_DAY:
        yield f"a tour on {slot.date} for {client}, who has {len(same_day)} already"
    start = _moment(f"{slot.date} {slot.time}")
    if any(abs(_moment(f"{tour.date} {tour.time}") - start) < TOUR_GAP for tour in same_day):
        yield f"a tour at {slot.date} {slot.time} within 45 minutes of another"


@RULES.trace(8)
def own_tours_and_moves(trace: Trace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name == "schedule_tour" and step.before.listings[_slot(step).listing_id].status != "active":
            violations.append(f"a tour of inactive listing {_slot(step).listing_id}")
        if step.name == "cancel_tour":
            tour = step.before.tours[step.arguments["tour_id"]]
            if any(
                later.name == "schedule_tour"
                and later.arguments["client_id"] == tour.client_id
                and later.before.tour_slots[later.arguments["slot_id"]].listing_id == tour.listing_id
                for later in trace.steps[index + 1 :]
            ):
                violations.append(f"{step.arguments['tour_id']} cancelled before the new tour was booked")
    return violations


@RULES.each(9, "submit_offer")
def offer_by_listing_status(step: Step, trace: Trace) -> Iterator[str]:
    listing = step.before.listings[step.arguments["listing_id"]]
    regular = listing.status == "active" and not step.arguments["backup"]
    backup = listing.status == "pending" and listing.accepts_backup_offers and step.arguments["backup"]
    if listing.listing_type != "sale" or not (regular or backup):
        yield f"offer on {listing.status} {listing.listing_id} (backup {step.arguments['backup']})"


def _covers(client: Client, kind: str, amount: float, today: str) -> bool:
    return any(
        letter.kind == kind and letter.expires_on >= today and letter.amount >= amount for letter in client.financing
    )


@RULES.each(10, "submit_offer")
def financing_covers(step: Step, trace: Trace) -> Iterator[str]:
    client, arguments = step.before.clients[step.arguments["client_id"]], step.arguments
    if arguments["financing"] == "mortgage":
        covered = _covers(client, "pre_approval", arguments["loan_amount"], _today(step))
    else:
        covered = _covers(client, "proof_of_funds", arguments["price"], _today(step))
    if not covered:
        yield f"{arguments['financing']} offer of {arguments['price']} not covered by financing on file"


@RULES.each(11, "submit_offer")
def earnest_money_range(step: Step, trace: Trace) -> Iterator[str]:
    price, earnest = step.arguments["price"], step.arguments["earnest_money"]
    if not round(price * EARNEST_SHARE[0], 2) <= earnest <= round(price * EARNEST_SHARE[1], 2):
        yield f"earnest money {earnest} on a price of {price}"


@RULES.each(12, "submit_offer")
def offer_and_closing_dates(step: Step, trace: Trace) -> Iterator[str]:
    now, arguments = _moment(step.before.now), step.arguments
    if not OFFER_LIFE[0] <= _moment(arguments["expires_at"]) - now <= OFFER_LIFE[1]:
        yield f"offer expiring at {arguments['expires_at']}"
    days = (datetime.strptime(arguments["closing_date"], "%Y-%m-%d") - now.replace(hour=0, minute=0)).days
    low, high = CLOSING_DAYS[arguments["financing"]]
    if not low <= days <= high:
        yield f"{arguments['financing']} closing {days} days out"


@RULES.each(13, "submit_offer")
def financing_contingency(step: Step, trace: Trace) -> Iterator[str]:
    if ("financing" in step.arguments["contingencies"]) != (step.arguments["financing"] == "mortgage"):
        yield f"{step.arguments['financing']} offer with contingencies {step.arguments['contingencies']}"


@RULES.each(14, "submit_offer")
def disclosures_first(step: Step, trace: Trace) -> Iterator[str]:
    listing, client = step.before.listings[step.arguments["listing_id"]], step.arguments["client_id"]
    required = {"seller_disclosure"}
    required |= {"lead_paint_disclosure"} if listing.year_built < 1978 else set()
    required |= {"hoa_documents"} if listing.hoa_fee > 0 else set()
    for document in step.before.documents.values():
        if (
            document.listing_id == listing.listing_id
            and document.doc_type in required
            and client not in document.sent_to
        ):
            yield f"offer on {listing.listing_id} before {document.doc_type} was sent"


def _live(offer: Offer, now: str) -> bool:
    if offer.status == "submitted":
        return offer.expires_at > now
    return offer.status == "countered" and (offer.counter_expires_at or "") > now


@RULES.each(15, "submit_offer")
def one_live_offer(step: Step, trace: Trace) -> Iterator[str]:
    client, listing = step.arguments["client_id"], step.arguments["listing_id"]
    live = [
        offer.offer_id
        for offer in step.before.offers.values()
        if offer.client_id == client and offer.listing_id == listing and _live(offer, step.before.now)
    ]
    if live:
        yield f"a new offer on {listing} while {live[0]} is live"


@RULES.each(16, "withdraw_offer")
def withdraw_only_before_acceptance(step: Step, trace: Trace) -> Iterator[str]:
    if (offer := step.before.offers[step.arguments["offer_id"]]).status not in ("submitted", "countered"):
        yield f"withdrawal of {step.arguments['offer_id']}, which is {offer.status}"


@RULES.each(17, "accept_counter_offer")
def counters_in_time_and_covered(step: Step, trace: Trace) -> Iterator[str]:
    offer = step.before.offers[step.arguments["offer_id"]]
    client = step.before.clients[offer.client_id]
    if not (offer.counter_expires_at or "") > step.before.now:
        yield f"counter of {offer.offer_id} accepted after it lapsed"
    # the tool refuses an offer without a counter, and no gold trace tries
    assert offer.counter_price is not None, f"{offer.offer_id} has no counter"
    if offer.financing == "mortgage":
        covered = _covers(client, "pre_approval", offer.loan_amount + offer.counter_price - offer.price, _today(step))
    else:
        covered = _covers(client, "proof_of_funds", offer.counter_price, _today(step))
    if not covered:
        yield f"counter of {offer.offer_id} accepted without financing covering it"


@RULES.each(18, "submit_rental_application")
def rental_qualification(step: Step, trace: Trace) -> Iterator[str]:
    client, listing = (
        step.before.clients[step.arguments["client_id"]],
        step.before.listings[step.arguments["listing_id"]],
    )
    if client.monthly_income < INCOME_TIMES_RENT * listing.price:
        yield f"application with income {client.monthly_income} on rent {listing.price}"
    if step.arguments["adults"] > ADULTS_PER_BEDROOM * listing.beds:
        yield f"{step.arguments['adults']} adults in {listing.beds} bedrooms"
    open_here = (client.client_id, listing.listing_id, "submitted")
    if any(
        (application.client_id, application.listing_id, application.status) == open_here
        for application in step.before.rental_applications.values()
    ):
        yield f"a second open application on {listing.listing_id}"


@RULES.each(19, "place_rental_hold")
def holds_for_approved_applicants(step: Step, trace: Trace) -> Iterator[str]:
    application = step.before.rental_applications[step.arguments["application_id"]]
    if application.status != "approved":
        yield f"a hold on {application.status} application {application.application_id}"
    if step.arguments["days"] > MAX_HOLD_DAYS:
        yield f"a hold of {step.arguments['days']} days"
    if any(hold.client_id == application.client_id and hold.status == "active" for hold in step.before.holds.values()):
        yield f"a second active hold for {application.client_id}"


RULES.trace(20)(hand_offs)


def _saved_search(db: RealEstateDB, client_id: str) -> SearchPreferences | None:
    key = saved_search_key(db, client_id)
    return None if key is None else db.search_preferences[key]


def _meets(listing: Listing, search: SearchPreferences) -> bool:
    facts = {
        "no_hoa": listing.hoa_fee == 0,
        "built_1978_or_later": listing.year_built >= 1978,
        "vacant": listing.occupancy == "vacant",
        "two_baths": listing.baths >= 2,
    }
    return (
        listing.status == "active"
        and listing.listing_type == search.listing_type
        and listing.city in search.cities
        and search.min_price <= listing.price <= search.max_price
        and listing.beds >= search.min_beds
        and (not search.property_types or listing.property_type in search.property_types)
        and all(facts[need] for need in search.must_haves)
    )


@RULES.each(21, "schedule_tour", "submit_offer", "submit_rental_application")
def searches_honour_preferences(step: Step, trace: Trace) -> Iterator[str]:
    """In a task served from the saved search, every listing acted on meets it."""
    if 21 not in trace.task.policy_rules:
        return
    listing_id = _slot(step).listing_id if step.name == "schedule_tour" else step.arguments["listing_id"]
    search = _saved_search(step.before, step.arguments["client_id"])
    if search is None or not _meets(step.before.listings[listing_id], search):
        yield f"{step.name} on {listing_id}, which the saved search does not match"


def qualifying_ceiling(client: Client, listing_type: str, today: str) -> float | None:
    """The highest saved price a client qualifies for today (None: a buyer with no letter in force)."""
    if listing_type == "rental":
        return client.monthly_income / INCOME_TIMES_RENT
    covered = [
        letter.amount / PRE_APPROVAL_SHARE if letter.kind == "pre_approval" else letter.amount
        for letter in client.financing
        if letter.expires_on >= today
    ]
    return max(covered, default=None)


@RULES.each(22, "update_search_preferences")
def ceilings_within_qualification(step: Step, trace: Trace) -> Iterator[str]:
    if step.arguments.get("max_price") is None:
        return
    client = step.before.clients[step.arguments["client_id"]]
    search = _saved_search(step.before, client.client_id)
    listing_type = search.listing_type if search else step.arguments["listing_type"]
    limit = qualifying_ceiling(client, listing_type, _today(step))
    unchanged = search is not None and step.arguments["max_price"] == search.max_price
    if (limit is None and not unchanged) or (limit is not None and step.arguments["max_price"] > limit + 0.005):
        yield f"ceiling {step.arguments['max_price']} for {client.client_id}, who qualifies for {limit}"


@RULES.trace(23)
def shared_changes_by_both(trace: Trace) -> list[str]:
    violations = []
    found: set[str] = set()
    for step in trace.steps:
        if step.name == "find_client" and not step.error:
            found |= set(json.loads(step.observation))
        if step.name != "update_search_preferences":
            continue
        search = _saved_search(step.before, step.arguments["client_id"])
        both = {search.client_id, search.co_client_id} if search is not None and search.co_client_id else set()
        if both and not both <= found and any(step.arguments.get(field) is not None for field in SHARED_ONLY):
            violations.append(
                f"shared search of {sorted(both)} changed in its cities or prices without both identified"
            )
    return violations
