"""The real-estate desk's numbered policy rules as checks over a task's gold trace (see
gold_trace.py). Rule 3 governs only what is said (rule 22's fair-housing half too); of rule 2
what a trace can show is checked: a change names only records a look-up showed."""

import json
from datetime import datetime, timedelta

from taubench.domains.gold_trace import GoldStep, GoldTrace
from taubench.domains.kit import hand_offs, identified_first, looked_up_before_change, records_named
from taubench.domains.real_estate.desk import saved_search_key

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
UNIDENTIFIED_READS = {"get_agent", "find_client", "search_listings", "list_tour_slots", "list_listing_documents",
                      "calculate"}  # fmt: skip


def _moment(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M")


def _client_of(step: GoldStep) -> str | None:
    """The client a call acts for: named, or the holder of the tour or offer it names."""
    if "client_id" in step.arguments:
        return step.arguments["client_id"]
    for table, key in (("tours", "tour_id"), ("offers", "offer_id"), ("rental_applications", "application_id")):
        record = getattr(step.before, table).get(step.arguments.get(key))
        if record is not None:
            return record.client_id
    return None


def _today(step: GoldStep) -> str:
    return step.before.now[:10]


def client_identified_first(trace: GoldTrace) -> list[str]:
    return identified_first(
        trace,
        identifies=lambda step: json.loads(step.observation) if step.name == "find_client" else [],
        concerns=lambda step: [client] if step.kind in ("read", "write") and step.name not in UNIDENTIFIED_READS
        and (client := _client_of(step)) else [],
        who="the client",
    )  # fmt: skip


def changes_read_back(trace: GoldTrace) -> list[str]:
    return looked_up_before_change(trace, lambda step: records_named(step, RECORD_TABLES))


def _slot(step: GoldStep):
    return step.before.tour_slots[step.arguments["slot_id"]]


def agreement_and_agent_for_sale_tours(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("schedule_tour"):
        slot = _slot(step)
        agreement = step.before.clients[step.arguments["client_id"]].buyer_agreement
        if step.before.listings[slot.listing_id].listing_type != "sale":
            continue
        if agreement is None or agreement.expires_on < slot.date:
            violations.append(f"tour of sale listing {slot.listing_id} on {slot.date} without an agreement in force")
        agent = step.before.agents.get(step.before.clients[step.arguments["client_id"]].agent_id or "")
        if agent is None or slot.date in agent.days_off:
            violations.append(f"tour of sale listing {slot.listing_id} on {slot.date}, a day the client's agent is off")
    return violations


def agreement_terms(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("sign_buyer_agreement"):
        agreement = step.before.clients[step.arguments["client_id"]].buyer_agreement
        if agreement is not None and agreement.expires_on >= _today(step):
            violations.append("a new agreement while one is in force")
        if not AGREEMENT_TERM_DAYS[0] <= step.arguments["term_days"] <= AGREEMENT_TERM_DAYS[1]:
            violations.append(f"agreement term of {step.arguments['term_days']} days")
        if step.arguments["compensation_pct"] != COMPENSATION_PCT:
            violations.append(f"agreement compensation of {step.arguments['compensation_pct']} percent")
    return violations


def tenant_notice_and_hours(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("schedule_tour"):
        slot = _slot(step)
        if step.before.listings[slot.listing_id].occupancy != "tenant_occupied":
            continue
        if _moment(f"{slot.date} {slot.time}") < _moment(step.before.now) + NOTICE or not "10:00" <= slot.time <= "17:30":
            violations.append(f"tenant-occupied {slot.listing_id} toured at {slot.date} {slot.time}")
    return violations


def daily_tour_limits(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("schedule_tour"):
        slot, client = _slot(step), step.arguments["client_id"]
        same_day = [tour for tour in step.before.tours.values()
                    if tour.client_id == client and tour.status == "scheduled" and tour.date == slot.date]  # fmt: skip
        if len(same_day) >= MAX_TOURS_PER_DAY:
            violations.append(f"a tour on {slot.date} for {client}, who has {len(same_day)} already")
        start = _moment(f"{slot.date} {slot.time}")
        if any(abs(_moment(f"{tour.date} {tour.time}") - start) < TOUR_GAP for tour in same_day):
            violations.append(f"a tour at {slot.date} {slot.time} within 45 minutes of another")
    return violations


def own_tours_and_moves(trace: GoldTrace) -> list[str]:
    violations = []
    for index, step in enumerate(trace.steps):
        if step.name == "schedule_tour" and step.before.listings[_slot(step).listing_id].status != "active":
            violations.append(f"a tour of inactive listing {_slot(step).listing_id}")
        if step.name == "cancel_tour":
            tour = step.before.tours[step.arguments["tour_id"]]
            if any(later.name == "schedule_tour" and later.arguments["client_id"] == tour.client_id
                   and later.before.tour_slots[later.arguments["slot_id"]].listing_id == tour.listing_id
                   for later in trace.steps[index + 1 :]):  # fmt: skip
                violations.append(f"{step.arguments['tour_id']} cancelled before the new tour was booked")
    return violations


def offer_by_listing_status(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_offer"):
        listing = step.before.listings[step.arguments["listing_id"]]
        regular = listing.status == "active" and not step.arguments["backup"]
        backup = listing.status == "pending" and listing.accepts_backup_offers and step.arguments["backup"]
        if listing.listing_type != "sale" or not (regular or backup):
            violations.append(f"offer on {listing.status} {listing.listing_id} (backup {step.arguments['backup']})")
    return violations


def _covers(client, kind: str, amount: float, today: str) -> bool:
    return any(letter.kind == kind and letter.expires_on >= today and letter.amount >= amount for letter in client.financing)


def financing_covers(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_offer"):
        client, arguments = step.before.clients[step.arguments["client_id"]], step.arguments
        if arguments["financing"] == "mortgage":
            covered = _covers(client, "pre_approval", arguments["loan_amount"], _today(step))
        else:
            covered = _covers(client, "proof_of_funds", arguments["price"], _today(step))
        if not covered:
            violations.append(f"{arguments['financing']} offer of {arguments['price']} not covered by financing on file")
    return violations


def earnest_money_range(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_offer"):
        price, earnest = step.arguments["price"], step.arguments["earnest_money"]
        if not round(price * EARNEST_SHARE[0], 2) <= earnest <= round(price * EARNEST_SHARE[1], 2):
            violations.append(f"earnest money {earnest} on a price of {price}")
    return violations


def offer_and_closing_dates(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_offer"):
        now, arguments = _moment(step.before.now), step.arguments
        if not OFFER_LIFE[0] <= _moment(arguments["expires_at"]) - now <= OFFER_LIFE[1]:
            violations.append(f"offer expiring at {arguments['expires_at']}")
        days = (datetime.strptime(arguments["closing_date"], "%Y-%m-%d") - now.replace(hour=0, minute=0)).days
        low, high = CLOSING_DAYS[arguments["financing"]]
        if not low <= days <= high:
            violations.append(f"{arguments['financing']} closing {days} days out")
    return violations


def financing_contingency(trace: GoldTrace) -> list[str]:
    return [f"{step.arguments['financing']} offer with contingencies {step.arguments['contingencies']}"
            for step in trace.calls("submit_offer")
            if ("financing" in step.arguments["contingencies"]) != (step.arguments["financing"] == "mortgage")]  # fmt: skip


def disclosures_first(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_offer"):
        listing, client = step.before.listings[step.arguments["listing_id"]], step.arguments["client_id"]
        required = {"seller_disclosure"}
        required |= {"lead_paint_disclosure"} if listing.year_built < 1978 else set()
        required |= {"hoa_documents"} if listing.hoa_fee > 0 else set()
        for document in step.before.documents.values():
            if document.listing_id == listing.listing_id and document.doc_type in required and client not in document.sent_to:
                violations.append(f"offer on {listing.listing_id} before {document.doc_type} was sent")
    return violations


def _live(offer, now: str) -> bool:
    if offer.status == "submitted":
        return offer.expires_at > now
    return offer.status == "countered" and (offer.counter_expires_at or "") > now


def one_live_offer(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_offer"):
        client, listing = step.arguments["client_id"], step.arguments["listing_id"]
        live = [offer.offer_id for offer in step.before.offers.values()
                if offer.client_id == client and offer.listing_id == listing and _live(offer, step.before.now)]  # fmt: skip
        if live:
            violations.append(f"a new offer on {listing} while {live[0]} is live")
    return violations


def withdraw_only_before_acceptance(trace: GoldTrace) -> list[str]:
    return [f"withdrawal of {step.arguments['offer_id']}, which is {offer.status}" for step in trace.calls("withdraw_offer")
            if (offer := step.before.offers[step.arguments["offer_id"]]).status not in ("submitted", "countered")]  # fmt: skip


def counters_in_time_and_covered(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("accept_counter_offer"):
        offer = step.before.offers[step.arguments["offer_id"]]
        client = step.before.clients[offer.client_id]
        if not (offer.counter_expires_at or "") > step.before.now:
            violations.append(f"counter of {offer.offer_id} accepted after it lapsed")
        if offer.financing == "mortgage":
            covered = _covers(client, "pre_approval", offer.loan_amount + offer.counter_price - offer.price, _today(step))
        else:
            covered = _covers(client, "proof_of_funds", offer.counter_price, _today(step))
        if not covered:
            violations.append(f"counter of {offer.offer_id} accepted without financing covering it")
    return violations


def rental_qualification(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("submit_rental_application"):
        client, listing = step.before.clients[step.arguments["client_id"]], step.before.listings[step.arguments["listing_id"]]
        if client.monthly_income < INCOME_TIMES_RENT * listing.price:
            violations.append(f"application with income {client.monthly_income} on rent {listing.price}")
        if step.arguments["adults"] > ADULTS_PER_BEDROOM * listing.beds:
            violations.append(f"{step.arguments['adults']} adults in {listing.beds} bedrooms")
        open_here = (client.client_id, listing.listing_id, "submitted")
        if any((application.client_id, application.listing_id, application.status) == open_here
               for application in step.before.rental_applications.values()):  # fmt: skip
            violations.append(f"a second open application on {listing.listing_id}")
    return violations


def holds_for_approved_applicants(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("place_rental_hold"):
        application = step.before.rental_applications[step.arguments["application_id"]]
        if application.status != "approved":
            violations.append(f"a hold on {application.status} application {application.application_id}")
        if step.arguments["days"] > MAX_HOLD_DAYS:
            violations.append(f"a hold of {step.arguments['days']} days")
        if any(hold.client_id == application.client_id and hold.status == "active" for hold in step.before.holds.values()):
            violations.append(f"a second active hold for {application.client_id}")
    return violations


def _saved_search(db, client_id: str):
    key = saved_search_key(db, client_id)
    return None if key is None else db.search_preferences[key]


def _meets(listing, search) -> bool:
    facts = {"no_hoa": listing.hoa_fee == 0, "built_1978_or_later": listing.year_built >= 1978,
             "vacant": listing.occupancy == "vacant", "two_baths": listing.baths >= 2}  # fmt: skip
    return (listing.status == "active" and listing.listing_type == search.listing_type and listing.city in search.cities
            and search.min_price <= listing.price <= search.max_price and listing.beds >= search.min_beds
            and (not search.property_types or listing.property_type in search.property_types)
            and all(facts[need] for need in search.must_haves))  # fmt: skip


def searches_honour_preferences(trace: GoldTrace) -> list[str]:
    """In a task served from the saved search, every listing acted on meets it."""
    if 21 not in trace.task.policy_rules:
        return []
    violations = []
    for step in trace.writes:
        if step.name == "schedule_tour":
            listing_id = _slot(step).listing_id
        elif step.name in ("submit_offer", "submit_rental_application"):
            listing_id = step.arguments["listing_id"]
        else:
            continue
        search = _saved_search(step.before, step.arguments["client_id"])
        if search is None or not _meets(step.before.listings[listing_id], search):
            violations.append(f"{step.name} on {listing_id}, which the saved search does not match")
    return violations


def qualifying_ceiling(client, listing_type: str, today: str) -> float | None:
    """The highest saved price a client qualifies for today (None: a buyer with no letter in force)."""
    if listing_type == "rental":
        return client.monthly_income / INCOME_TIMES_RENT
    covered = [letter.amount / PRE_APPROVAL_SHARE if letter.kind == "pre_approval" else letter.amount
               for letter in client.financing if letter.expires_on >= today]  # fmt: skip
    return max(covered, default=None)


def ceilings_within_qualification(trace: GoldTrace) -> list[str]:
    violations = []
    for step in trace.calls("update_search_preferences"):
        if step.arguments.get("max_price") is None:
            continue
        client = step.before.clients[step.arguments["client_id"]]
        search = _saved_search(step.before, client.client_id)
        listing_type = search.listing_type if search else step.arguments["listing_type"]
        limit = qualifying_ceiling(client, listing_type, _today(step))
        unchanged = search is not None and step.arguments["max_price"] == search.max_price
        if (limit is None and not unchanged) or (limit is not None and step.arguments["max_price"] > limit + 0.005):
            violations.append(f"ceiling {step.arguments['max_price']} for {client.client_id}, who qualifies for {limit}")
    return violations


def shared_changes_by_both(trace: GoldTrace) -> list[str]:
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
            violations.append(f"shared search of {sorted(both)} changed in its cities or prices without both identified")
    return violations


RULES = {
    1: client_identified_first,
    2: changes_read_back,
    4: agreement_and_agent_for_sale_tours,
    5: agreement_terms,
    6: tenant_notice_and_hours,
    7: daily_tour_limits,
    8: own_tours_and_moves,
    9: offer_by_listing_status,
    10: financing_covers,
    11: earnest_money_range,
    12: offer_and_closing_dates,
    13: financing_contingency,
    14: disclosures_first,
    15: one_live_offer,
    16: withdraw_only_before_acceptance,
    17: counters_in_time_and_covered,
    18: rental_qualification,
    19: holds_for_approved_applicants,
    20: hand_offs,
    21: searches_honour_preferences,
    22: ceilings_within_qualification,
    23: shared_changes_by_both,
}
CONVERSATIONAL = {
    3: "fair-housing answers are what is said (and not said), not tool calls",
}
