"""The hotel desk's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing."""

from importlib import import_module

import pytest

from taubench.core.tasks import GoldAction
from taubench.domains.gold_trace import gold_trace


def test_guests_are_found_by_loyalty_number_and_zip_and_namesakes_stay_apart(ok, no):
    assert ok("find_guest", loyalty_number="lk70884215", zip_code="98109")["guest_id"] == "G1004"
    assert ok("find_guest", loyalty_number="LK70884302", zip_code="98109")["guest_id"] == "G1005"
    assert ok("find_guest", loyalty_number="LK33019465", zip_code="78702")["guest_id"] == "G1023"
    message = "Error: No guest matches that loyalty number and ZIP code"
    assert no("find_guest", loyalty_number="LK33019456", zip_code="78702") == message
    assert ok("get_guest", guest_id="G1006")["cards"][0]["expires"] == "2025-12"


def test_reservations_hotels_availability_and_cases_are_read(ok, no):
    assert [booking["confirmation"] for booking in ok("list_reservations", guest_id="G1017")] == [
        "LK-500118",
        "LK-500129",
        "LK-500130",
        "LK-500124",
    ]
    booking = ok("get_reservation", confirmation="LK-500101")
    assert (booking["guest_name"], booking["nightly_rates"], booking["total"]) == (
        "Priya Raman",
        [186.15, 186.15, 211.65],
        665.7,
    )
    assert [hotel["property_id"] for hotel in ok("find_hotels", city="denver")] == ["P01", "P02"]
    assert ok("find_hotels", city="Atlantis") == []
    found = ok("search_availability", property_id="P01", room_type="KG", check_in="2025-12-12", check_out="2025-12-14")
    assert (found["rooms_left"], found["flexible_rates"], found["member_rates"]) == (5, [219.0, 219.0], [197.1, 197.1])
    assert (found["advance_purchase_rates"], found["award_points"]) == ([186.15, 186.15], 50000)
    assert (
        ok("search_availability", property_id="P01", room_type="KG", check_in="2025-12-11", check_out="2025-12-12")[
            "rooms_left"
        ]
        == 0
    )
    assert (
        no("search_availability", property_id="P01", room_type="XX", check_in="2025-12-12", check_out="2025-12-14")
        == "Error: Larkspur Denver Union Station has no room type 'XX'"
    )
    assert (
        no("search_availability", property_id="P01", room_type="KG", check_in="2025-12-01", check_out="2025-12-03")
        == "Error: Check-in cannot be before today"
    )
    assert (
        no("search_availability", property_id="P01", room_type="KG", check_in="2025-12-12", check_out="2025-12-12")
        == "Error: A stay must be 1 to 30 nights, check-out after check-in"
    )
    assert (
        no("search_availability", property_id="P01", room_type="KG", check_in="soon", check_out="2025-12-12")
        == "Error: Check-in must be a date written YYYY-MM-DD"
    )
    assert [case["case_id"] for case in ok("list_feedback_cases", guest_id="G1014")] == ["FC-3007", "FC-3008"]


def test_a_booking_is_priced_by_plan_and_guaranteed_with_a_valid_card(ok, no, tools):
    booking = ok(
        "create_reservation",
        guest_id="G1010",
        property_id="P01",
        room_type="KG",
        check_in="2025-12-18",
        check_out="2025-12-20",
        rate_plan="member",
        rooms=2,
        card_id="CC-1010-1",
    )
    assert (booking["confirmation"], booking["nightly_rates"], booking["room_total"]) == (
        "LK-500200",
        [170.1, 197.1],
        734.4,
    )
    assert (booking["tax"], booking["total"], tools.db.next_confirmation_number) == (102.82, 837.22, 500201)
    args = dict(
        guest_id="G1006",
        property_id="P06",
        room_type="KG",
        check_in="2026-01-09",
        check_out="2026-01-11",
        rate_plan="flexible",
        rooms=1,
        card_id="CC-1006-2",
    )
    assert no("create_reservation", **{**args, "rate_plan": "corporate"}) == (
        "Error: Rate plan must be flexible, member, advance_purchase or award"
    )
    assert no("create_reservation", **{**args, "rooms": 0}) == ("Error: Rooms must be a whole number of at least 1")
    assert no("create_reservation", **{**args, "card_id": "CC-1001-1"}) == (
        "Error: No card with that id on the guest's profile"
    )
    tools.db.guests["G1006"].cards[0].expires = "2025-11"
    assert no("create_reservation", **{**args, "card_id": "CC-1006-1"}) == "Error: The card has expired"
    assert no("create_reservation", **{**args, "rooms": 26}) == (
        "Error: Not enough rooms of that type free for those nights"
    )
    not_enrolled = {**args, "guest_id": "G1007", "card_id": "CC-1007-1", "rate_plan": "award"}
    assert no("create_reservation", **not_enrolled) == "Error: Award stays are for loyalty members only"
    assert no("create_reservation", **{**args, "rate_plan": "award", "check_out": "2026-01-13"}) == (
        "Error: Not enough points: the stay needs 100000 and the guest has 64300"
    )


def test_an_award_booking_takes_its_points_with_every_fifth_night_free(ok, tools):
    booking = ok(
        "create_reservation",
        guest_id="G1001",
        property_id="P07",
        room_type="KG",
        check_in="2026-02-10",
        check_out="2026-02-15",
        rate_plan="award",
        rooms=1,
        card_id="CC-1001-1",
    )
    assert (booking["points_redeemed"], booking["total"], tools.db.guests["G1001"].points) == (100000, 0.0, 112500)


def test_a_change_keeps_the_booked_rate_of_kept_nights_and_reprices_the_rest(ok, no):
    booking = ok(
        "modify_reservation", confirmation="LK-500125", check_in="2025-12-17", check_out="2025-12-20", room_type="QN"
    )
    assert (booking["nightly_rates"], booking["total"]) == ([139.0, 139.0, 189.0], 532.38)
    assert ok(
        "modify_reservation", confirmation="LK-500125", check_in="2025-12-17", check_out="2025-12-18", room_type="KG"
    )["nightly_rates"] == [179.0]
    assert (
        no(
            "modify_reservation",
            confirmation="LK-500125",
            check_in="2025-12-17",
            check_out="2025-12-18",
            room_type="KG",
        )
        == "Error: Nothing to change: the dates and room type are the same"
    )
    assert (
        no(
            "modify_reservation",
            confirmation="LK-500110",
            check_in="2025-12-10",
            check_out="2025-12-12",
            room_type="KG",
        )
        == "Error: Not enough rooms of that type free for those nights"
    )
    assert (
        no(
            "modify_reservation",
            confirmation="LK-500122",
            check_in="2025-12-04",
            check_out="2025-12-05",
            room_type="QN",
        )
        == "Error: Award stays cannot be changed: cancel and book again"
    )
    assert (
        no(
            "modify_reservation",
            confirmation="LK-500108",
            check_in="2025-12-12",
            check_out="2025-12-15",
            room_type="QN",
        )
        == "Error: Reservation is cancelled, not confirmed"
    )


def test_cancelling_charges_by_plan_and_deadline(ok, no, tools):
    assert ok("cancel_reservation", confirmation="LK-500102")["cancellation_fee"] == 215.46
    assert ok("cancel_reservation", confirmation="LK-500129")["cancellation_fee"] == 499.32
    assert ok("cancel_reservation", confirmation="LK-500103")["cancellation_fee"] == 0.0
    assert ok("cancel_reservation", confirmation="LK-500101")["cancellation_fee"] == 665.7
    ok("cancel_reservation", confirmation="LK-500122")
    assert tools.db.guests["G1001"].points == 237500  # 50000 spent, 25000 back after the deadline
    assert no("cancel_reservation", confirmation="LK-500102") == ("Error: Reservation is cancelled, not confirmed")


def test_upgrades_move_up_a_category_at_the_booked_rates(ok, no):
    booking = ok("upgrade_room", confirmation="LK-500111", room_type="DK")
    assert (booking["room_type"], booking["upgraded_from"], booking["nightly_rates"]) == (
        "DK",
        "KG",
        [189.0, 189.0, 189.0],
    )
    assert no("upgrade_room", confirmation="LK-500112", room_type="AK") == (
        "Error: AK is not a higher room category than QN"
    )
    assert no("upgrade_room", confirmation="LK-500149", room_type="DK") == (
        "Error: Not enough rooms of that type free for those nights"
    )


def test_points_pay_a_cash_booking_when_the_balance_covers_it(ok, no, tools):
    booking = ok("redeem_points", confirmation="LK-500119")
    assert (booking["rate_plan"], booking["points_redeemed"], booking["total"]) == ("award", 100000, 0.0)
    assert tools.db.guests["G1001"].points == 112500 and tools.db.next_entry_number > 90001
    assert no("redeem_points", confirmation="LK-500101") == (
        "Error: Only flexible and member bookings can be paid with points, not advance_purchase"
    )
    assert no("redeem_points", confirmation="LK-500120") == (
        "Error: Not enough points: the stay needs 50000 and the guest has 38200"
    )
    assert no("redeem_points", confirmation="LK-500113") == ("Error: Award stays are for loyalty members only")


def test_requests_are_noted_and_a_pet_posts_its_fee(ok, no, tools):
    request = ok("add_request", confirmation="LK-500123", request_type="pet", quantity=2)
    assert request == {
        "request_id": f"RQ-{tools.db.next_request_number - 1}",
        "confirmation": "LK-500123",
        "request_type": "pet",
        "quantity": 2,
        "status": "requested",
    }
    assert tools.db.reservations["LK-500123"].folio[-1].amount == 75.0
    assert no("add_request", confirmation="LK-500108", request_type="crib", quantity=1) == (
        "Error: Reservation is cancelled: requests are for upcoming or current stays"
    )
    assert no("add_request", confirmation="LK-500123", request_type="butler", quantity=1).startswith(
        "Error: Request type must be one of crib, rollaway"
    )
    assert no("add_request", confirmation="LK-500123", request_type="crib", quantity=0) == (
        "Error: Quantity must be a whole number of at least 1"
    )


def test_late_checkout_is_set_once_with_its_charge(ok, no):
    booking = ok("grant_late_checkout", confirmation="LK-500114", checkout_time="13:00", charge=60)
    assert booking["late_checkout"] == "13:00" and booking["folio"][-1]["amount"] == 60.0
    assert no("grant_late_checkout", confirmation="LK-500114", checkout_time="14:00", charge=0) == (
        "Error: Late checkout is already set to 13:00"
    )
    assert no("grant_late_checkout", confirmation="LK-500132", checkout_time="17:00", charge=0) == (
        "Error: Checkout time must be 12:00, 13:00, 14:00, 15:00 or 16:00"
    )
    assert no("grant_late_checkout", confirmation="LK-500132", checkout_time="12:00", charge=-5) == (
        "Error: Charge cannot be negative"
    )
    assert no("grant_late_checkout", confirmation="LK-500132", checkout_time="12:00", charge="free") == (
        "Error: Charge must be a number"
    )
    assert no("grant_late_checkout", confirmation="LK-500115", checkout_time="12:00", charge=0) == (
        "Error: Reservation is checked_out: late checkout is for upcoming or current stays"
    )


def test_preferences_are_replaced_from_the_list(ok, no):
    assert ok("update_preferences", guest_id="G1017", preferences=["extra_pillows", "quiet_room"])["preferences"] == [
        "extra_pillows",
        "quiet_room",
    ]
    assert no("update_preferences", guest_id="G1017", preferences=["ocean_view"]).startswith(
        "Error: Preferences must be a list drawn from quiet_room"
    )
    assert no("update_preferences", guest_id="G1017", preferences=["quiet_room", "quiet_room"]) == (
        "Error: A preference is listed twice"
    )


def test_a_disputed_charge_is_reversed_once(ok, no, tools):
    charge = next(line.charge_id for line in tools.db.reservations["LK-500115"].folio if line.kind == "minibar")
    booking = ok("dispute_charge", confirmation="LK-500115", charge_id=charge)
    assert booking["folio"][-1]["amount"] == -38.5 and booking["folio"][-1]["kind"] == "reversal"
    assert no("dispute_charge", confirmation="LK-500115", charge_id=charge) == (
        "Error: That charge has already been reversed"
    )
    reversal = booking["folio"][-1]["charge_id"]
    assert no("dispute_charge", confirmation="LK-500115", charge_id=reversal) == (
        "Error: Credits and reversals cannot be disputed"
    )
    assert no("dispute_charge", confirmation="LK-500115", charge_id="CH-1") == (
        "Error: No charge with that id on this folio"
    )
    assert no("dispute_charge", confirmation="LK-500101", charge_id="CH-1") == (
        "Error: Reservation is confirmed: only stays with a folio have charges to dispute"
    )


def test_compensation_goes_to_points_or_the_folio_and_closing_ends_a_case(ok, no, tools):
    case = ok("issue_compensation", case_id="FC-3001", kind="credit", amount=122.5)
    assert case["compensation"][0]["amount"] == 122.5 and tools.db.reservations["LK-500118"].folio[-1].amount == -122.5
    case = ok("issue_compensation", case_id="FC-3002", kind="points", amount=2500)
    assert case["compensation"][0]["kind"] == "points"
    assert tools.db.guests["G1012"].points == 24600
    assert no("issue_compensation", case_id="FC-3007", kind="voucher", amount=5) == (
        "Error: Kind must be points or credit"
    )
    assert no("issue_compensation", case_id="FC-3007", kind="credit", amount=0) == ("Error: Amount must be more than 0")
    assert no("issue_compensation", case_id="FC-3007", kind="points", amount=2500.5) == (
        "Error: Points must be a whole number"
    )
    assert no("issue_compensation", case_id="FC-3009", kind="points", amount=2500) == (
        "Error: The guest is not enrolled in the loyalty programme: points cannot be given"
    )
    assert ok("close_feedback_case", case_id="FC-3001")["closed_on"] == "2025-12-02"
    assert no("close_feedback_case", case_id="FC-3001") == "Error: Feedback case is already closed"


def test_points_activity_lists_a_guests_ledger_oldest_first(ok):
    activity = ok("get_points_activity", guest_id="G2001")
    assert [(e["kind"], e["points"], e["confirmation"]) for e in activity] == [
        ("earn", 3582, "LK-500153"),
        ("bonus", 895, "LK-500153"),
    ]
    assert ok("get_points_activity", guest_id="G1007") == []  # not enrolled


def test_every_stays_tier_bonus_is_its_share_of_the_base_points(tools):
    """Silver 10%, gold 25%, platinum 50% of a stay's base points, rounded down, on a line of its own."""
    ledger = list(tools.db.loyalty_ledger.values())
    bonus = {e.confirmation: e.points for e in ledger if e.kind == "bonus"}
    share = {"silver": 0.10, "gold": 0.25, "platinum": 0.50}
    wrong = [
        e.confirmation
        for e in ledger
        if e.kind == "earn"
        and e.confirmation
        and bonus.get(e.confirmation, 0) != int(e.points * share.get(tools.db.guests[e.guest_id].tier, 0) + 1e-6)
    ]
    assert wrong == [] and len(bonus) > 300


def test_missing_stay_points_are_posted_once_as_base_and_bonus(ok, no, tools):
    posted = ok("post_stay_points", confirmation="LK-500152", base_points=6870, bonus_points=1717)
    assert [(e["entry_id"], e["kind"], e["points"], e["date"]) for e in posted] == [
        ("LE-91246", "earn", 6870, "2025-12-02"),
        ("LE-91247", "bonus", 1717, "2025-12-02"),
    ]
    assert tools.db.guests["G2001"].points == 41200 + 8587
    assert no("post_stay_points", confirmation="LK-500152", base_points=1, bonus_points=0) == (
        "Error: Points for this stay are already posted"
    )
    assert len(ok("post_stay_points", confirmation="LK-500155", base_points=5180, bonus_points=0)) == 1
    assert no("post_stay_points", confirmation="LK-500156", base_points=1, bonus_points=0) == (
        "Error: Reservation is confirmed: points post only for checked-out stays"
    )
    award = next(key for key, b in tools.db.reservations.items() if (b.status, b.rate_plan) == ("checked_out", "award"))
    assert no("post_stay_points", confirmation=award, base_points=1, bonus_points=0) == (
        "Error: Award stays earn no points"
    )
    assert no("post_stay_points", confirmation="LK-500141", base_points=1, bonus_points=0) == (
        "Error: The guest is not enrolled in the loyalty programme: points cannot be given"
    )
    for base, bonus in ((0, 0), (100, -1), (100.5, 0), (True, 0)):
        assert no("post_stay_points", confirmation="LK-500162", base_points=base, bonus_points=bonus) == (
            "Error: Points must be whole numbers: the base at least 1, the bonus at least 0"
        )


@pytest.mark.parametrize(
    ("rule", "task_id", "extra", "said", "violation"),
    [
        (
            21,
            "60",
            ("post_stay_points", {"confirmation": "LK-500152", "base_points": 6870, "bonus_points": 0}),
            None,
            "LK-500152 posted 6870 + 0; due (6870, 1717)",
        ),
        (21, "62", None, ["17500"], "a task about points earned says no stay's points"),
        (
            22,
            "61",
            ("post_stay_points", {"confirmation": "LK-500154", "base_points": 6615, "bonus_points": 661}),
            None,
            "points of LK-500154 posted after the claim window closed",
        ),
        (
            22,
            "61",
            None,
            ["5698"],
            "a refused points claim says neither the window's end nor the points already posted",
        ),
        (
            23,
            "64",
            ("issue_compensation", {"case_id": "FC-3011", "kind": "credit", "amount": 114.5}),
            None,
            "issue_compensation on FC-3011, which the hotel may answer until 2025-12-03 08:30",
        ),
        (23, "64", None, ["2025-12-03"], "FC-3011: the hotel's answer due 2025-12-03 08:30 is not in communicate_info"),
    ],
)
def test_a_points_or_response_time_rule_catches_a_gold_trace_that_breaks_it(
    domain, rule, task_id, extra, said, violation
):
    """Each new rule's check, on a task made to break it: a call added to the gold, or a figure left unsaid."""
    task = domain.tasks[task_id].model_copy(deep=True)
    if extra:  # in place of the gold's own call of that tool, if it has one
        actions, call = task.evaluation_criteria.actions, GoldAction(action_id="x", name=extra[0], arguments=extra[1])
        same = next((index for index, action in enumerate(actions) if action.name == extra[0]), len(actions))
        actions[same : same + 1] = [call]
    if said is not None:
        task.evaluation_criteria.communicate_info = said
    rules = import_module("taubench.domains.hospitality.policy_rules").RULES
    assert rules[rule](gold_trace(domain, domain.tasks[task_id])) == []
    assert violation in rules[rule](gold_trace(domain, task))


def test_the_shared_tools_are_named_after_the_toolkit(ok):
    assert ok("calculate", expression="189 * 1.14") == "215.46"
    assert ok("transfer_to_human_agents", summary="12 rooms: groups desk") == "Transfer successful"
