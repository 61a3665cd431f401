"""Five test-split tasks worked by hand from the manual and the caller's words: the right actions
score 1.0 however the agent orders or phrases them, and the lazy shortcut scores 0."""

import pytest

from taubench.domains.fair_checks import reward_of


def call(name, **arguments):
    return ("assistant", name, arguments)


def visit(domain, participant_id, study_day):
    db = domain.new_toolkit().db
    return next(
        v.visit_id for v in db.visits.values() if v.participant_id == participant_id and v.study_day == study_day
    )


OWEN = call("verify_staff", staff_id="ST4102", site_id="S104")


@pytest.fixture(scope="module")
def tasks(domain):
    return domain.tasks


def test_1_alt_of_131_is_above_three_times_the_uln_of_40(domain, tasks):
    """CT-201 allows ALT up to 3.0 x ULN; D.W.'s screening ALT is 131 U/L with ULN 40: the limit is
    120, so he is not randomized, and the caller asked for the limit."""
    task = tasks["1"]
    screening = visit(domain, "P1002", 0)
    reads = [
        OWEN,
        call("get_participant", participant_id="P1002"),  # another valid way to reach the record
        call("get_protocol", study_id="CT-201"),
        call("get_lab_results", participant_id="P1002", visit_id=screening),
    ]
    assert reward_of(domain, task, reads, "Not eligible: ALT 131 is above the limit of 120 U/L (3 x 40).") == 1.0
    assert reward_of(domain, task, reads, "Not eligible: his ALT of 131 is too high.") == 0.0
    lazy = [*reads, call("enroll_participant", participant_id="P1002")]
    assert reward_of(domain, task, lazy, "Randomized. Note the limit would be 120.") == 0.0


def test_16_day_43_window_runs_2025_08_23_to_2025_08_29(domain, tasks):
    """Randomized 2025-07-15: Day 43's target is 2025-08-26, +/-3 days. The preferred 2025-08-22 is
    outside; of 2025-08-25 and 2025-08-27 the earlier, 2025-08-25, is booked."""
    task = tasks["16"]
    me = call("verify_participant", participant_id="P1017", dob="1966-12-05")
    day43 = visit(domain, "P1017", 43)
    right = [
        me,
        call("get_participant", participant_id="P1017"),
        call("list_visits", participant_id="P1017"),
        call("schedule_visit", visit_id=day43, date="2025-08-25"),
    ]
    assert reward_of(domain, task, right, "Your window is 2025-08-23 to 2025-08-29; booked 2025-08-25.") == 1.0
    preferred = [
        me,
        call("list_visits", participant_id="P1017"),
        call("schedule_visit", visit_id=day43, date="2025-08-22"),
    ]
    assert reward_of(domain, task, preferred, "Window 2025-08-23 to 2025-08-29; booked your 2025-08-22.") == 0.0
    unverified = right[1:]
    assert reward_of(domain, task, unverified, "Window 2025-08-23 to 2025-08-29; booked 2025-08-25.") == 0.0


def test_20_the_only_k318_lot_in_date_expires_2025_09_03(domain, tasks):
    """O.R.'s Day 57 (target 2025-09-04, window 2025-09-01 to 2025-09-07) dispenses a K318 kit; S122's
    lots expire 2025-08-29 and 2025-09-03, so the preferred 2025-09-05 has no kit: 2025-09-02."""
    task = tasks["20"]
    lena = call("verify_staff", staff_id="ST4302", site_id="S122")
    day57 = visit(domain, "P1020", 57)
    reads = [
        lena,
        call("get_participant", participant_id="P1020"),
        call("list_visits", participant_id="P1020"),
        call("get_site_inventory", site_id="S122"),
    ]
    right = [*reads, call("schedule_visit", visit_id=day57, date="2025-09-02")]
    assert reward_of(domain, task, right, "Booked for 2025-09-02, before lot LOT131 expires.") == 1.0
    lazy = [*reads, call("schedule_visit", visit_id=day57, date="2025-09-05")]
    assert reward_of(domain, task, lazy, "Booked for his preferred 2025-09-05.") == 0.0
    unverified = right[1:]  # the booking itself right, but the caller never identified
    assert reward_of(domain, task, unverified, "Booked for 2025-09-02.") == 0.0


def test_29_the_pneumonia_admission_is_serious_and_day_57_is_missed(domain, tasks):
    """An admission is serious (hospitalization); 19 hours since awareness, so on time, no late
    deviation. Day 57's window (2025-07-26 to 2025-08-01) has closed: a missed_visit deviation. The
    two writes in either order score the same."""
    task = tasks["29"]
    marsh = call("verify_staff", staff_id="ST4101", site_id="S104")
    event = call(
        "report_adverse_event",
        participant_id="P1024",
        term="pneumonia",
        onset_date="2025-07-27",
        seriousness=["hospitalization"],
        severity="severe",
        related="not_related",
        site_aware_at="2025-08-11 14:00",
    )
    missed = call("log_deviation", participant_id="P1024", category="missed_visit", visit_id=visit(domain, "P1024", 57))
    reads = [marsh, call("get_participant", participant_id="P1024"), call("list_visits", participant_id="P1024")]
    assert reward_of(domain, task, [*reads, missed, event], "Reported as AE8908; Day 57 logged missed.") == 1.0
    not_serious = (event[0], event[1], {**event[2], "seriousness": []})
    assert reward_of(domain, task, [*reads, not_serious, missed], "Reported as AE8908; Day 57 missed.") == 0.0
    assert reward_of(domain, task, [*reads, event], "Reported as AE8908.") == 0.0


def test_47_withdrawal_with_follow_up_and_225_dollars_paid(domain, tasks):
    """U.M.'s Day 57 (standard, $75) and Day 85 (extended, $150) are completed and unpaid, both
    within 90 days: $225. She withdraws and agrees to follow-up when asked."""
    task = tasks["47"]
    me = call("verify_participant", participant_id="P1035", dob="1971-02-02")
    pays = [call("record_stipend", participant_id="P1035", visit_id=visit(domain, "P1035", day)) for day in (57, 85)]
    leave = call("withdraw_participant", participant_id="P1035", reason="participant_decision", follow_up_consent=True)
    seen = [me, call("list_visits", participant_id="P1035")]
    assert reward_of(domain, task, [*seen, leave, *pays], "Withdrawn; $225 paid for your last two visits.") == 1.0
    never_asked = (leave[0], leave[1], {**leave[2], "follow_up_consent": False})
    assert reward_of(domain, task, [*seen, *pays, never_asked], "Withdrawn; 225 paid.") == 0.0
    assert reward_of(domain, task, [*seen, *pays, leave], "Withdrawn and paid.") == 0.0


def test_38_emergency_unblinding_is_filed_then_handed_to_the_medical_monitor(domain, tasks):
    task = tasks["38"]
    amara = call("verify_staff", staff_id="ST4201", site_id="S117")
    request = call("request_unblinding", participant_id="P1017", requested_by="ST4201", reason="medical_emergency")
    transfer = call("transfer_to_human_agents", summary="Emergency unblinding of P1017: medical monitor please.")
    seen = [amara, call("get_participant", participant_id="P1017")]
    assert reward_of(domain, task, [*seen, request, transfer], "Filed; transferring you to the medical monitor.") == 1.0
    assert reward_of(domain, task, [*seen, request], "Filed; the medical monitor will call you.") == 0.0


def test_13_a_coordinator_without_the_consent_duty_is_turned_away(domain, tasks):
    task = tasks["13"]
    rachel = call("verify_staff", staff_id="ST4103", site_id="S104")
    assert (
        reward_of(domain, task, [rachel], "Your delegation log has no consent duty; a delegated colleague must call.")
        == 1.0
    )
    lazy = [rachel, call("record_consent", participant_id="P1016", version=4, signed_date="2025-08-12")]
    assert reward_of(domain, task, lazy, "Recorded.") == 0.0
    assert reward_of(domain, task, [], "A delegated colleague must call.") == 0.0  # never identified the caller


def test_54_fourteen_usable_kits_cover_twelve_so_nothing_is_ordered(domain, tasks):
    """S104's only K522 lot (14 kits, 2026-01-31) covers the 12 kits its dispensing visits need
    through 2025-08-25: no order, whatever the pharmacist would like."""
    task = tasks["54"]
    dev = call("verify_staff", staff_id="ST4104", site_id="S104")
    seen = [dev, call("get_site_inventory", site_id="S104")]
    assert reward_of(domain, task, seen, "No order is due: 14 usable kits cover the next two weeks.") == 1.0
    lazy = [*seen, call("order_kits", site_id="S104", kit_type="K522", quantity=20)]
    assert reward_of(domain, task, lazy, "Ordered 20; you had 14 usable.") == 0.0
