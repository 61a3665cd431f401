"""Five test-split tasks worked by hand from the manual and the customer's words: the right
actions score 1.0 however the agent phrases them, and the lazy shortcut scores 0."""

from taubench.domains.fair_checks import reward_of

HOLLIS = ("assistant", "verify_caller", {"person_id": "ACC-2041", "farm_code": "FC-7741"})


def spray(field, product, rate, day, applicator, machine):
    arguments = {"field_id": field, "product_id": product, "rate": rate, "date": day}
    return ("assistant", "schedule_application", arguments | {"applicator_id": applicator, "equipment_id": machine})


def test_17_the_nitrogen_cap_leaves_8_9_gallons(domain):
    """148.3 lb N/acre so far (25 gal UAN x 3.54 + 130 lb urea x 0.46); 12 gal would add 42.48.
    (180 - 148.3) / 3.54 = 8.95, rounded down to a tenth: 8.9 gal."""
    task = domain.tasks["17"]
    right = [HOLLIS, spray("FLD1004", "P204", 8.9, "2025-07-25", "AP11", "EQ002")]
    assert reward_of(domain, task, right, "Booked: UAN 32 at 8.9 gal/acre on Home Place on 2025-07-25.") == 1.0
    asked = [HOLLIS, spray("FLD1004", "P204", 12, "2025-07-25", "AP11", "EQ002")]
    assert reward_of(domain, task, asked, "Booked at 12 gal, 8.9 would be the cap.") == 0.0
    rounded_up = [HOLLIS, spray("FLD1004", "P204", 9.0, "2025-07-25", "AP11", "EQ002")]
    assert reward_of(domain, task, rounded_up, "Booked at 9 gal/acre, about 8.95 allowed.") == 0.0


def test_9_peaches_sprayed_on_the_19th_cannot_be_picked_before_the_26th(domain):
    task = domain.tasks["9"]
    priya = ("assistant", "verify_caller", {"person_id": "ACC-3307", "farm_code": "FC-5528"})
    assert reward_of(domain, task, [priya], "Not today: the earliest harvest start is 2025-07-26.") == 1.0
    assert reward_of(domain, task, [priya], "Not today: Block 7 was sprayed on 2025-07-19.") == 0.0
    lazy = [priya, ("assistant", "schedule_harvest", {"field_id": "FLD1020", "date": "2025-07-22"})]
    assert reward_of(domain, task, lazy, "Booked, and note 2025-07-26 is when the PHI clears.") == 0.0


def test_1_a_crew_lead_records_the_job_but_logs_no_delivery(domain):
    task = domain.tasks["1"]
    gold = [("assistant", action.name, action.arguments) for action in task.gold_actions]
    assert (
        reward_of(domain, task, gold, "Recorded; it used 581 gal. A delivery must come from an owner or manager.")
        == 1.0
    )
    delivery = (
        "assistant",
        "adjust_inventory",
        {"farm_id": "F01", "product_id": "P204", "delta": 500, "reason": "delivery"},
    )
    assert reward_of(domain, task, [*gold, delivery], "Recorded (581 gal used), and the delivery is in.") == 0.0
    no_draw_down = [call for call in gold if call[1] != "adjust_inventory"]
    assert reward_of(domain, task, no_draw_down, "Recorded: 581 gal.") == 0.0


def test_13_creek_bottom_at_58_percent_is_not_irrigated(domain):
    task = domain.tasks["13"]
    assert reward_of(domain, task, [HOLLIS], "The latest reading is 58% of available water: no irrigation yet.") == 1.0
    lazy = [HOLLIS, ("assistant", "schedule_irrigation", {"field_id": "FLD1002", "date": "2025-07-23", "depth_mm": 25})]
    assert reward_of(domain, task, lazy, "Done; moisture was 58%.") == 0.0


def test_5_a_lapsed_licence_means_another_applicator(domain):
    task = domain.tasks["5"]
    right = [HOLLIS, spray("FLD1004", "P201", 32, "2025-07-22", "AP11", "EQ002")]
    assert reward_of(domain, task, right, "Gary's licence expired on 2025-06-30, so Rosa Delgado will apply it.") == 1.0
    lazy = [HOLLIS, spray("FLD1004", "P201", 32, "2025-07-22", "AP12", "EQ002")]
    assert reward_of(domain, task, lazy, "Booked with Gary; his licence shows 2025-06-30.") == 0.0


def test_the_rule_checks_compute_the_manuals_figures(tools):
    """What the policy checks compute from the seeded cast: the figures the tasks turn on."""
    from datetime import datetime

    from taubench.domains.agriculture.policy_rules import (
        earliest_harvest,
        latest_moisture,
        most_nitrogen_product,
        nitrogen_so_far,
        rain_over_two_days,
        reopens,
    )

    db = tools.db
    assert round(nitrogen_so_far(db, "FLD1004", "2025"), 2) == 148.3
    assert most_nitrogen_product(db, "FLD1004", "P204") == 8.9
    assert most_nitrogen_product(db, "FLD1001", "P204") == 5.8
    assert earliest_harvest(db, "FLD1020") == "2025-07-26"
    assert earliest_harvest(db, "FLD1022") == "2025-08-05"
    assert reopens(db, "FLD1003") == datetime(2025, 7, 23, 8, 0)
    assert latest_moisture(db, "FLD1002") == 58.0 and latest_moisture(db, "FLD1001") == 42.0
    assert rain_over_two_days(db, "F03", "2025-07-23") == 17.0
