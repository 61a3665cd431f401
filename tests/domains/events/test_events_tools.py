"""The events desk's tools: each one's answer, each of its error texts, and that a write
that fails changes nothing."""

import pytest

from taubench.domains.events.policy_rules import RULES
from taubench.domains.gold_trace import gold_trace


def last_payment(tools):
    return tools.db.payments[f"PAY{tools.db.next_payment_number - 1}"]


def test_an_attendee_is_found_by_the_buying_accounts_email_and_a_code(ok, no):
    found = ok("find_registration", email="PRIYA.RAMAN@northwind.io", confirmation_code="mlx7q2")
    assert found["holder_name"] == "Marcus Lee"
    message = "Error: No registration matches that email and confirmation code"
    assert no("find_registration", email="marcus.lee@northwind.io", confirmation_code="MLX7Q2") == message
    account = ok("get_attendee", attendee_id="A10001")
    assert [r["registration_id"] for r in account["registrations"]] == ["R20001", "R20002"]


def test_the_world_is_near_the_briefs_size_and_every_confirmed_hold_has_its_deposit(tools):
    db = tools.db
    sizes = {
        name: len(getattr(db, name)) for name in ("attendees", "registrations", "sessions", "venues", "announcements")
    }
    assert sizes == {"attendees": 2500, "registrations": 6000, "sessions": 1878, "venues": 81, "announcements": 897}
    confirmed = {hold.hold_id for hold in db.holds.values() if hold.status == "confirmed"}
    assert {deposit.hold_id for deposit in db.deposits.values()} == confirmed


def test_a_registrations_amounts_say_per_ticket_or_in_total(ok, tools, domain):
    """R20026 is 12 group tickets at 323.0 each plus 120.0 of fees for all twelve: the names
    the agent reads must say which amount is per ticket and which is the total."""
    group = ok("find_registration", email="samuel.osei@harborline.co", confirmation_code="SOS8D7")
    assert (group["quantity"], group["price_paid_per_ticket"], group["fees_paid_total"]) == (12, 323.0, 120.0)
    charges = [p.amount for p in tools.db.payments.values() if p.registration_id == "R20026"]
    assert charges == [323.0 * 12 + 120.0]
    cancel = next(
        s["function"] for s in domain.spec.toolkit.schemas() if s["function"]["name"] == "cancel_registration"
    )
    assert "price_paid_per_ticket times" in cancel["parameters"]["properties"]["refund_amount"]["description"]


def test_events_sessions_and_organizers_are_read(ok, no):
    summits = ok("search_events", name="data summit")
    assert [(e["event_id"], e["city"]) for e in summits] == [("E118", "Austin"), ("E101", "Austin"), ("E102", "Denver")]
    assert [e["event_id"] for e in ok("search_events", name="Data Summit", city="denver")] == ["E102"]
    details = ok("get_event", event_id="E110")
    assert [h["hold_id"] for h in details["holds"]] == ["H5001", "H5002", "H5003"]
    assert details["announcements"][0]["sent"] == "2025-08-12"
    second_day = ok("list_sessions", event_id="E101", day="2025-09-16")
    assert [s["session_id"] for s in second_day] == ["S103", "S108"]
    assert "E113" in [e["event_id"] for e in ok("verify_organizer", organizer_id="ORG03", pin="1958")]
    assert no("verify_organizer", organizer_id="ORG03", pin="0000") == "Error: PIN does not match"


def test_free_rooms_leave_out_held_rooms_and_small_ones(ok, no):
    dallas = [r["room_id"] for r in ok("search_rooms", city="Dallas", date="2025-10-14", min_capacity=275)]
    assert dallas[0] == "RM043" and not {"RM041", "RM042", "RM051"} & set(dallas)  # held or too small
    austin = ok("search_rooms", city="Austin", date="2025-09-15", min_capacity=990)
    assert [r["room_id"] for r in austin] == ["RM031"]
    message = "Error: Date '14/10/2025' is not YYYY-MM-DD"
    assert no("search_rooms", city="Dallas", date="14/10/2025", min_capacity=1) == message


def test_buying_charges_the_days_price_or_one_discount_plus_fees(ok, tools):
    hiro = {
        "attendee_id": "A10021",
        "payment_method_id": "PM10021-1",
        "holder_name": "Hiro Tanaka",
        "holder_email": "hiro.tanaka@kumo.tech",
    }
    bought = ok("buy_tickets", event_id="E102", ticket_type="vip", quantity=1, promo_code="data20", **hiro)
    assert (bought["registration_id"], bought["price_paid_per_ticket"], bought["discount"]) == (
        "R21640",
        559.2,
        "promo",
    )
    assert bought["promo_code"] == "DATA20" and last_payment(tools).amount == 571.7
    samuel = {
        "attendee_id": "A10010",
        "payment_method_id": "PM10010-1",
        "holder_name": "Samuel Osei",
        "holder_email": "samuel.osei@harborline.co",
    }
    group = ok("buy_tickets", event_id="E113", ticket_type="standard", quantity=12, group_rate=True, **samuel)
    assert (group["price_paid_per_ticket"], group["fees_paid_total"]) == (126.65, 72.0)
    assert group["confirmation_code"] != bought["confirmation_code"]
    early = ok("buy_tickets", event_id="E102", ticket_type="standard", quantity=1, **hiro)
    assert (early["price_paid_per_ticket"], early["discount"]) == (279.0, "early_bird")


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"event_id": "E108"}, "Error: Event is not on sale (status: sold_out)"),
        ({"quantity": 0}, "Error: Quantity must be a whole number of at least 1"),
        ({"payment_method_id": "PM10001-1"}, "Error: Payment method is not on file for this attendee"),
        ({"ticket_type": "day_pass"}, "Error: Event has no day_pass tickets"),
        ({"ticket_type": "vip", "quantity": 3}, "Error: Only 2 vip tickets left"),
        ({"promo_code": "DATA20", "group_rate": True}, "Error: A promo code cannot be combined with the group rate"),
        ({"group_rate": True}, "Error: The group rate needs 10 or more tickets"),
        ({"promo_code": "NOPE"}, "Error: Promo code is not valid for this event"),
        ({"promo_code": "SPRING10"}, "Error: Promo code expired on 2025-05-31"),
    ],
)
def test_a_refused_purchase_changes_nothing(no, changes, message):
    order = {
        "event_id": "E102",
        "attendee_id": "A10024",
        "ticket_type": "standard",
        "quantity": 1,
        "payment_method_id": "PM10024-1",
        "holder_name": "Ahmed Karim",
        "holder_email": "ahmed.karim@solvent.io",
    }
    assert no("buy_tickets", **{**order, **changes}) == message


def test_cancelling_frees_tickets_and_seats_and_refunds_what_is_given(ok, no, tools):
    message = "Error: Refund must be between 0 and the 361.5 paid"
    assert no("cancel_registration", registration_id="R20024", refund_amount=400) == message
    cancelled = ok("cancel_registration", registration_id="R20024", refund_amount=174.5)
    assert (cancelled["status"], cancelled["refund_amount"], cancelled["sessions"]) == ("cancelled", 174.5, [])
    assert "S102" in tools.db.registrations["R20023"].sessions and tools.db.sessions["S102"].waitlist == ["R20126"]
    assert last_payment(tools).kind == "refund" and tools.db.events["E101"].ticket_types[0].sold == 511
    message = "Error: Registration is cancelled"
    assert no("cancel_registration", registration_id="R20024", refund_amount=0) == message


def test_a_ticket_is_transferred_by_name_on_the_same_account(ok, no):
    ben = {"new_name": "Ben Carter", "new_email": "ben.carter@edgeworks.net"}
    moved = ok("transfer_ticket", registration_id="R20013", **ben)
    assert (moved["holder_name"], moved["transfers_used"], moved["attendee_id"]) == ("Ben Carter", 1, "A10013")
    message = "Error: The ticket is already held by that email"
    again = {"new_name": "B", "new_email": "BEN.carter@edgeworks.net"}
    assert no("transfer_ticket", registration_id="R20013", **again) == message
    message = "Error: Only a single-ticket registration can be transferred"
    assert no("transfer_ticket", registration_id="R20026", new_name="A B", new_email="a@b.co") == message


def test_an_upgrade_charges_the_difference_and_a_downgrade_nothing(ok, no, tools):
    upgraded = ok("change_ticket_type", registration_id="R20005", ticket_type="vip", payment_method_id="PM10004-1")
    assert (upgraded["ticket_type"], upgraded["price_paid_per_ticket"], last_payment(tools).amount) == (
        "vip",
        1199.0,
        700.0,
    )
    payments = tools.db.next_payment_number
    arguments = {"ticket_type": "standard", "payment_method_id": "PM10025-1"}
    downgraded = ok("change_ticket_type", registration_id="R20029", **arguments)
    assert (downgraded["price_paid_per_ticket"], tools.db.next_payment_number) == (895.0, payments)
    arguments = {"ticket_type": "vip", "payment_method_id": "PM10004-1"}
    message = "Error: Registration already has vip tickets"
    assert no("change_ticket_type", registration_id="R20005", **arguments) == message
    message = "Error: Registration holds VIP-only sessions: drop them first"
    arguments = {"ticket_type": "standard", "payment_method_id": "PM10014-1"}
    assert no("change_ticket_type", registration_id="R20014", **arguments) == message


def test_sessions_take_seats_and_a_freed_seat_goes_to_the_waitlist(ok, no, tools):
    assert "S103" in ok("enroll_session", registration_id="R20001", session_id="S103")["sessions"]
    assert tools.db.sessions["S103"].enrolled == 32
    for session_id, message in [
        ("S103", "Error: Registration is already enrolled in this session"),
        ("S102", "Error: Session is full"),
        ("S107", "Error: Session is for VIP ticket holders only"),
        ("S201", "Error: Session belongs to another event"),
    ]:
        assert no("enroll_session", registration_id="R20001", session_id=session_id) == message
    assert ok("drop_session", registration_id="R20024", session_id="S102")["sessions"] == []
    assert "S102" in tools.db.registrations["R20023"].sessions
    message = "Error: Registration is not enrolled in this session"
    assert no("drop_session", registration_id="R20024", session_id="S102") == message


def test_a_full_sessions_waitlist_holds_twenty(ok, no):
    assert ok("join_waitlist", registration_id="R20004", session_id="S202")["waitlist"][-1] == "R20004"
    for session_id, message in [
        ("S202", "Error: Registration is already on the waitlist"),
        ("S201", "Error: Waitlist is full (20 waiting)"),
        ("S204", "Error: Session has open seats: enrol instead"),
        ("S205", "Error: Registration is already enrolled in this session"),
    ]:
        assert no("join_waitlist", registration_id="R20004", session_id=session_id) == message


def test_accommodations_are_recorded_once(ok, no):
    recorded = ok("request_accommodation", registration_id="R20009", kind="live_captioning")
    assert recorded["accommodations"] == ["live_captioning"]
    message = "Error: live_captioning is already requested for this registration"
    assert no("request_accommodation", registration_id="R20009", kind="live_captioning") == message


def test_room_holds_last_48_hours_and_never_double_book(ok, no):
    held = ok("hold_room", event_id="E110", room_id="RM021", dates=["2025-11-19", "2025-11-18"])
    assert held == {
        "hold_id": "H5201",
        "event_id": "E110",
        "room_id": "RM021",
        "dates": ["2025-11-18", "2025-11-19"],
        "status": "held",
        "expires": "2025-08-28 10:00",
        "total_rate": 10400.0,
    }
    for room_id, dates, message in [
        ("RM021", ["2025-11-19"], "Error: Room is already held on 2025-11-19"),
        ("RM021", [], "Error: Give at least one date to hold"),
    ]:
        assert no("hold_room", event_id="E101", room_id=room_id, dates=dates) == message
    assert ok("release_hold", hold_id="H5201")["status"] == "released"
    assert no("release_hold", hold_id="H5201") == "Error: Hold is released, not active"


def test_a_hold_shows_its_room_and_the_deposit_that_confirmed_it(ok, no):
    spruce = ok("get_hold", hold_id="H5001")
    assert (spruce["venue_name"], spruce["room"]["name"], spruce["room"]["capacity"]) == (
        "Mile High Conference Center",
        "Spruce Room",
        200,
    )
    assert spruce["deposit"] is None
    great_hall = ok("get_hold", hold_id="H5003")
    assert (great_hall["deposit"]["amount"], great_hall["deposit"]["organizer_id"]) == (1950.0, "ORG02")


def test_a_held_room_is_confirmed_by_a_quarter_of_its_rate_paid_by_its_organizer(ok, no):
    confirmed = ok("confirm_hold", hold_id="H5002", organizer_id="ORG02", deposit=1550)
    assert confirmed["hold"]["status"] == "confirmed"
    assert confirmed["deposit"] == {
        "deposit_id": "DEP6037",
        "hold_id": "H5002",
        "organizer_id": "ORG02",
        "amount": 1550.0,
        "date": "2025-08-26",
    }
    assert ok("get_hold", hold_id="H5002")["deposit"]["deposit_id"] == "DEP6037"
    for hold_id, organizer_id, deposit, message in [
        ("H5001", "ORG04", 750, "Error: Organizer does not run this event"),
        ("H5002", "ORG02", 1550, "Error: Hold is confirmed; only a held room can be confirmed"),
        ("H5010", "ORG61", 2050, "Error: Hold is expired; only a held room can be confirmed"),
        ("H5001", "ORG02", 300, "Error: Deposit must be 750.0 (25% of the 3000.0 total rate)"),
        ("H5001", "ORG02", "750", "Error: Deposit must be 750.0 (25% of the 3000.0 total rate)"),
    ]:
        assert no("confirm_hold", hold_id=hold_id, organizer_id=organizer_id, deposit=deposit) == message


def test_a_hold_past_its_48_hours_cannot_be_confirmed(no, tools):
    tools.db.now = "2025-08-27 15:00"  # H5001 ran to 2025-08-27 15:00
    message = "Error: Hold expired at 2025-08-27 15:00"
    assert no("confirm_hold", hold_id="H5001", organizer_id="ORG02", deposit=750) == message


def test_the_confirmation_rule_catches_a_room_too_small_and_an_unsaid_deposit(domain):
    """Rule 18 over a gold path that confirms the Spruce Room (200 seats; Green Energy Summit
    needs 440) without saying its deposit."""
    task = domain.tasks["58"].model_copy(deep=True)
    task.evaluation_criteria.actions[-1].arguments.update(hold_id="H5001", deposit=750)
    violations = RULES[18](gold_trace(domain, task))
    assert violations == [
        "confirmed H5001 of RM024 seating 200, below 440",
        "the deposit 750.0 is not in communicate_info",
    ]
    del task.evaluation_criteria.actions[0]  # no verification of the organizer
    assert RULES[2](gold_trace(domain, task)) == ["confirm_hold on ORG02 before the event's organizer was identified"]


def test_the_read_back_rule_catches_a_change_to_a_record_no_look_up_showed(domain):
    """Rule 3's checkable half over task 34's gold path without its look-up of the event."""
    task = domain.tasks["34"].model_copy(deep=True)
    del task.evaluation_criteria.actions[1]
    assert RULES[3](gold_trace(domain, task)) == ["release_hold changes H5001 before any look-up showed it"]


def test_announcements_go_from_the_events_organizer_with_a_matching_template(ok, no):
    sent = ok(
        "send_announcement",
        event_id="E112",
        organizer_id="ORG04",
        audience="vip_holders",
        kind="schedule",
        template_id="TPL-SCH-2",
    )
    assert (sent["announcement_id"], sent["sent"], sent["recipients"]) == ("AN7401", "2025-08-26", 21)
    notice = {"event_id": "E112", "audience": "all_registrants", "kind": "safety"}
    for organizer_id, template_id, message in [
        ("ORG03", "TPL-SAF-1", "Error: Organizer does not run this event"),
        ("ORG04", "TPL-MKT-1", "Error: Template is a marketing template, not safety"),
    ]:
        arguments = {"organizer_id": organizer_id, "template_id": template_id, **notice}
        assert no("send_announcement", **arguments) == message


def test_the_shared_tools_are_offered(ok):
    assert ok("calculate", expression="299 / 2") == "149.5"
    assert ok("transfer_to_human_agents", summary="chargeback") == "Transfer successful"
