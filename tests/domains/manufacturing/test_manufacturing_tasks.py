"""Five test-split tasks worked by hand from the manual and the caller's words: the right
actions score 1.0 however the agent orders or phrases them, and the lazy shortcut scores 0."""

from taubench.domains.fair_checks import reward_of


def call(name, **arguments):
    return ("assistant", name, arguments)


def gold(task):
    return [(action.requestor, action.name, action.arguments) for action in task.gold_actions]


def test_1_a_shift_at_6_13_percent_scrap_needs_a_scrap_ncr(domain):
    """505 good and 33 scrap: 33 / 538 = 6.13% > 5%, so the operator's entry comes with a
    SCRAP-HIGH NCR for 33 parts on WO31003's open lot LT60003 (rules 5 and 6)."""
    task = domain.tasks["1"]
    dana, order = call("get_employee", employee_id="E2001"), call("get_work_order", wo_id="WO31003")
    entry = call(
        "record_production",
        employee_id="E2001",
        wo_id="WO31003",
        date="2025-03-24",
        shift=3,
        good_qty=505,
        scrap_qty=33,
    )
    ncr = call("create_ncr", employee_id="E2001", lot_id="LT60003", defect_code="SCRAP-HIGH", quantity=33)
    assert reward_of(domain, task, [dana, order, entry, ncr], "Recorded; scrap was 6.13% so NCR opened.") == 1.0
    assert reward_of(domain, task, [dana, order, entry, ncr], "Recorded; scrap was about 6.1%.") == 0.0
    assert reward_of(domain, task, [dana, order, entry], "Recorded; scrap was 6.13%.") == 0.0


def test_6_a_shift_entry_is_too_late_48_hours_after_the_shift_closed(domain):
    """Shift 1 of 2025-03-23 closed at 15:00 that day; the window closed 48 hours later, at
    15:00 today, half an hour before the call (rule 4)."""
    task = domain.tasks["6"]
    carla = call("get_employee", employee_id="E2019")
    refused = "That shift's entry window closed at 15:00 today (2025-03-25); it needs a paper correction."
    assert reward_of(domain, task, [carla, call("get_work_order", wo_id="WO31001")], refused) == 1.0
    lazy = [
        carla,
        call(
            "record_production",
            employee_id="E2019",
            wo_id="WO31001",
            date="2025-03-23",
            shift=1,
            good_qty=610,
            scrap_qty=9,
        ),
    ]
    assert reward_of(domain, task, lazy, "Recorded, although the window closed at 15:00.") == 0.0


def test_43_material_goes_first_to_expire_first_out_not_from_the_named_lot(domain):
    """316L bar lots: ML9010 expires 2025-03-31 (40 kg), ML9012 is held, ML9011 expires
    2025-05-15. So 40 kg from ML9010 and 60 from ML9011, in either order (rule 16); 1300 kg
    in all stays under the 1980 kg bill plus 2% (rule 17)."""
    task = domain.tasks["43"]
    head = [call("get_employee", employee_id="E2020"), call("list_material_lots", material="316L bar 100mm")]
    first = call("issue_material", wo_id="WO31006", material_lot_id="ML9010", kg=40)
    rest = call("issue_material", wo_id="WO31006", material_lot_id="ML9011", kg=60)
    assert reward_of(domain, task, [*head, first, rest], "Issued 40 kg from ML9010 and 60 kg from ML9011.") == 1.0
    assert reward_of(domain, task, [*head, rest, first], "Issued 60 kg from ML9011 and 40 kg from ML9010.") == 1.0
    lazy = call("issue_material", wo_id="WO31006", material_lot_id="ML9011", kg=100)
    assert reward_of(domain, task, [*head, lazy], "Issued 100 kg from ML9011 as asked.") == 0.0


def test_41_an_issue_past_2_percent_of_the_bill_carries_the_reason(domain):
    """WO31008: 700 parts x 1.1 kg = 770 kg bill, 760 issued; 40 more makes 800 kg, over
    785.4 (2%) and under 847 (10%), so the caller's reason goes with it, from ML9004, the
    first bar lot to expire that is neither held nor expired (rules 16 and 17)."""
    task = domain.tasks["41"]
    assert reward_of(domain, task, gold(task), "Issued 40 kg from ML9004 for scrap replacement.") == 1.0
    lazy = [
        call("get_employee", employee_id="E2007"),
        call("issue_material", wo_id="WO31008", material_lot_id="ML9004", kg=40),
    ]
    assert reward_of(domain, task, lazy, "Issued 40 kg from ML9004.") == 0.0
    oldest = [
        call("get_employee", employee_id="E2007"),
        call("issue_material", wo_id="WO31008", material_lot_id="ML9003", kg=40, reason="scrap_replacement"),
    ]
    assert reward_of(domain, task, oldest, "Issued 40 kg from ML9003.") == 0.0


def test_53_a_stop_under_5_minutes_stays_in_run_time(domain):
    """L05, shift 3 of 2025-03-24: stops of 35 and 3 minutes; only the 35 is downtime, so
    availability is 445 / 480 = 92.71% and OEE 2.5 x 151 / 480 = 78.65% (rule 12)."""
    task = domain.tasks["53"]
    rita = call("get_employee", employee_id="E2010")
    publish = call("publish_oee_report", line_id="L05", date="2025-03-24", shift=3)
    assert reward_of(domain, task, [rita, publish], "Published: OEE 78.65%, availability 92.71%.") == 1.0
    assert reward_of(domain, task, [rita, publish], "Published: OEE 78.65%, availability 92.08%.") == 0.0
    wrong_shift = call("publish_oee_report", line_id="L05", date="2025-03-24", shift=2)
    assert reward_of(domain, task, [rita, wrong_shift], "Published: OEE 78.65%, availability 92.71%.") == 0.0


def test_15_g_1040_not_g_104_was_overdue_on_the_day_of_measurement(domain):
    """LT60022's pin bore was measured on 2025-03-20 with G-1040, due 2025-03-18: no release;
    hold (gauge_overdue) and a GAUGE-CAL NCR for all 600 parts, in either order (rules 8, 10)."""
    task = domain.tasks["15"]
    tom = call("get_employee", employee_id="E2004")
    hold = call("hold_lot", employee_id="E2004", lot_id="LT60022", reason="gauge_overdue")
    ncr = call("create_ncr", employee_id="E2004", lot_id="LT60022", defect_code="GAUGE-CAL", quantity=600)
    said = "G-1040 fell due on 2025-03-18, before the measurement: held, NCR opened."
    assert reward_of(domain, task, [tom, ncr, hold], said) == 1.0
    lazy = [tom, call("get_gauge", gauge_id="G-104"), call("release_lot", employee_id="E2004", lot_id="LT60022")]
    assert reward_of(domain, task, lazy, "G-104 is due 2025-06-30, so released; G-1040 was due 2025-03-18.") == 0.0


def test_32_the_bracket_order_is_asked_about_not_guessed(domain):
    """Two open BR-2210 orders for Halvorsen (WO31001 on L01, WO31002 on L02): the caller means
    the one planned for cell 2; moving WO31001 instead scores 0 (rule 2)."""
    task = domain.tasks["32"]
    olga = call("get_employee", employee_id="E2024")
    right = call("reschedule_work_order", wo_id="WO31002", line_id="L10", start_date="2025-03-28")
    assert reward_of(domain, task, [olga, right], "Moved WO31002 to L10 from 2025-03-28.") == 1.0
    guessed = call("reschedule_work_order", wo_id="WO31001", line_id="L10", start_date="2025-03-28")
    assert reward_of(domain, task, [olga, guessed], "Moved WO31001 to L10 from 2025-03-28.") == 0.0
