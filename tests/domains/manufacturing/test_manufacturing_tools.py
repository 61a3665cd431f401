"""The plant desk's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing; plus the OEE and scheduling arithmetic the policy states."""

from taubench.domains.manufacturing.shifts import closed, oee, run_finish, within_shift


def test_people_lines_and_work_orders_are_looked_up(ok, no):
    assert ok("get_employee", employee_id="E2007")["home_line"] == "L07"
    assert ok("get_employee", employee_id="E2002")["name"] == ok("get_employee", employee_id="E2007")["name"]
    assert ok("get_employee", employee_id="E2011")["status"] == "inactive"
    assert no("get_employee", employee_id="E9999") == "Error: Employee E9999 not found"
    line = ok("get_line", line_id="L05")
    assert (line["ideal_cycle_min"], line["changeover_min"], sorted(line["qualified_parts"])) == (
        2.5,
        120,
        ["HS-3100", "MF-5500", "SH-1150"],
    )
    assert ok("get_line", line_id="L09")["status"] == "down"
    assert ok("get_work_order", wo_id="WO31013")["due_date"] == "2025-04-01"
    open_brackets = ok("list_work_orders", part_number="br-2210", status="released")
    assert [order["wo_id"] for order in open_brackets] == ["WO31002"]
    assert [o["wo_id"] for o in ok("list_work_orders", line_id="L04", status="released")] == ["WO31010", "WO31013"]
    assert no("list_work_orders") == "Error: Give a line or a part number"
    assert no("list_work_orders", line_id="L04", status="late") == (
        "Error: Status must be released, in_progress or closed"
    )


def test_a_shift_report_gives_what_oee_is_computed_from(ok, no):
    report = ok("get_shift_report", line_id="L01", date="2025-03-24", shift=1)
    assert (report["total_count"], report["good_count"], report["closed"]) == (760, 722, True)
    assert [event["minutes"] for event in report["downtime"]] == [45, 3, 15, 4]
    assert ok("get_shift_report", line_id="L04", date="2025-03-25", shift=2)["closed"] is False
    night = ok("get_shift_report", line_id="L05", date="2025-03-24", shift=3)
    assert (night["start"], night["end"]) == ("23:00", "07:00")
    assert no("get_shift_report", line_id="L01", date="2025-03-24", shift=4) == "Error: Shift must be 1, 2 or 3"
    assert no("get_shift_report", line_id="L01", date="2025-03-25", shift=3) == (
        "Error: No shift 3 scheduled on L01 on 2025-03-25"
    )


def test_oee_counts_short_stops_against_performance():
    figures = oee(480, [45, 3, 15, 4], 0.5, 760, 722)
    assert figures == {"availability": 87.5, "performance": 90.48, "quality": 95.0, "oee": 75.21}
    assert oee(480, [], 1.0, 430, 400)["oee"] == 83.33
    assert closed("2025-03-24", 3, "2025-03-25", "15:30") and not closed("2025-03-25", 2, "2025-03-25", "15:30")
    assert within_shift(3, "23:40", "00:25") and not within_shift(1, "14:50", "15:10")
    assert run_finish("2025-03-28", 120 + 4000 * 2.5) == "2025-04-04"
    assert run_finish("2025-03-27", 1440) == "2025-03-27" and run_finish("2025-03-27", 1441) == "2025-03-28"


def test_lots_ncrs_gauges_and_material_are_looked_up(ok, no):
    lot = ok("get_lot", lot_id="LT60022")
    assert [i["gauge_id"] for i in lot["inspections"]] == ["G-1040", "G-104"]
    assert ok("get_gauge", gauge_id="G-1040")["calibration_due"] == "2025-03-18"
    assert ok("get_gauge", gauge_id="G-104")["calibration_due"] == "2025-06-30"
    assert ok("get_ncr", ncr_id="NCR7014")["quantity"] == 240
    assert no("get_ncr", ncr_id="NCR1") == "Error: NCR NCR1 not found"
    bars = ok("list_material_lots", material="4140 bar 40mm")
    assert [m["material_lot_id"] for m in bars] == ["ML9001", "ML9002", "ML9003", "ML9004", "ML9005"]
    assert no("list_material_lots", material="unobtainium") == "Error: No material lots of unobtainium"


def test_production_is_recorded_once_per_order_and_shift(ok, no):
    entry = ok(
        "record_production",
        employee_id="E2009",
        wo_id="WO31001",
        date="2025-03-25",
        shift=1,
        good_qty=640,
        scrap_qty=20,
    )
    assert (entry["entry_id"], entry["line_id"]) == ("PE5101", "L01")
    assert ok("get_work_order", wo_id="WO31001")["qty_good"] == 1922 + 640
    again = no(
        "record_production", employee_id="E2009", wo_id="WO31001", date="2025-03-25", shift=1, good_qty=1, scrap_qty=0
    )
    assert again == "Error: Shift 1 of 2025-03-25 is already recorded for WO31001 (PE5101)"
    args = dict(employee_id="E2009", wo_id="WO31001", date="2025-03-24", shift=2)
    assert no("record_production", **args, good_qty=0, scrap_qty=0) == (
        "Error: Nothing to record: good_qty and scrap_qty are both 0"
    )
    assert no("record_production", **args, good_qty=-1, scrap_qty=0) == (
        "Error: good_qty must be a whole number of at least 0"
    )
    closed_order = dict(args, wo_id="WO30950")
    assert no("record_production", **closed_order, good_qty=5, scrap_qty=0) == "Error: Work order WO30950 is closed"


def test_downtime_is_a_stop_within_one_shift(ok, no):
    args = dict(employee_id="E2021", line_id="L04", date="2025-03-24", shift=3)
    event = ok("log_downtime", **args, start="23:40", end="00:25", reason_code="MECH")
    assert (event["event_id"], event["minutes"]) == ("DT8101", 45)
    assert no("log_downtime", **args, start="00:00", end="00:30", reason_code="PWR") == (
        "Error: Overlaps downtime DT8101 (23:40-00:25)"
    )
    assert no("log_downtime", **args, start="2am", end="02:30", reason_code="PWR") == (
        "Error: start and end must be clock times HH:MM"
    )
    assert no("log_downtime", **args, start="02:00", end="02:30", reason_code="LUNCH") == (
        "Error: Downtime reason LUNCH not found"
    )
    assert no("log_downtime", **args, start="06:50", end="07:20", reason_code="PWR") == (
        "Error: The stop must end after it starts, within shift 3 (23:00-07:00)"
    )


def test_holds_and_releases(ok, no):
    assert ok("hold_lot", employee_id="E2004", lot_id="LT60022", reason="gauge_overdue")["status"] == "on_hold"
    assert no("hold_lot", employee_id="E2004", lot_id="LT60022", reason="out_of_spec") == (
        "Error: Lot LT60022 is already on hold (gauge_overdue)"
    )
    assert no("hold_lot", employee_id="E2004", lot_id="LT60021", reason="bad").startswith(
        "Error: Reason must be one of "
    )
    released = ok("release_lot", employee_id="E2004", lot_id="LT60020")
    assert (released["status"], released["hold_reason"]) == ("released", None)
    assert no("release_lot", employee_id="E2004", lot_id="LT60020") == "Error: Lot LT60020 is already released"


def test_ncrs_are_opened_and_dispositioned(ok, no):
    ncr = ok("create_ncr", employee_id="E2016", lot_id="LT60046", defect_code="DIM-OOS", quantity=320)
    assert (ncr["ncr_id"], ncr["defect_class"], ncr["status"]) == ("NCR7101", "A", "open")
    assert ok("get_lot", lot_id="LT60046")["ncr_ids"] == ["NCR7101"]
    assert no("create_ncr", employee_id="E2016", lot_id="LT60046", defect_code="DENT", quantity=3) == (
        "Error: Defect code DENT not found"
    )
    assert no("create_ncr", employee_id="E2016", lot_id="LT60046", defect_code="BURR", quantity=321) == (
        "Error: quantity exceeds the lot's 320 parts"
    )
    done = ok(
        "disposition_ncr", employee_id="E2008", ncr_id="NCR7011", disposition="use_as_is", concession_ref="CN-40211"
    )
    assert (done["status"], done["concession_ref"]) == ("closed", "CN-40211")
    assert no("disposition_ncr", employee_id="E2008", ncr_id="NCR7011", disposition="scrap") == (
        "Error: NCR NCR7011 is already closed (use_as_is)"
    )
    assert no("disposition_ncr", employee_id="E2008", ncr_id="NCR7012", disposition="bin").startswith(
        "Error: Disposition must be one of "
    )
    assert no(
        "disposition_ncr", employee_id="E2008", ncr_id="NCR7012", disposition="repair", concession_ref="40211"
    ) == ("Error: A concession number is CN- and five digits")


def test_a_move_recomputes_the_projected_finish(ok, no):
    moved = ok("reschedule_work_order", wo_id="WO31013", line_id="L10", start_date="2025-03-28")
    assert (moved["line_id"], moved["projected_finish"]) == ("L10", "2025-03-28")
    assert ok("reschedule_work_order", wo_id="WO31013", line_id="L05", start_date="2025-03-28")["projected_finish"] == (
        "2025-04-04"
    )
    assert (
        no("reschedule_work_order", wo_id="WO31009", line_id="L09", start_date="2025-03-26")
        == "Error: Line L09 is down"
    )
    assert no("reschedule_work_order", wo_id="WO31009", line_id="L05", start_date="2025-03-24") == (
        "Error: Start date is in the past"
    )


def test_material_is_issued_from_a_lot_of_the_right_material(ok, no):
    issue = ok("issue_material", wo_id="WO31003", material_lot_id="ML9004", kg=260)
    assert (issue["issue_id"], issue["kg"], issue["reason"]) == ("MI41574", 260.0, None)
    assert ok("get_work_order", wo_id="WO31003")["kg_issued"] == 1760.0
    assert (
        no("issue_material", wo_id="WO31003", material_lot_id="ML9004", kg=1) == "Error: Only 0.0 kg on hand in ML9004"
    )
    assert no("issue_material", wo_id="WO31003", material_lot_id="ML9020", kg=1) == (
        "Error: ML9020 is 6061-T6 plate 12mm; WO31003 takes 4140 bar 40mm"
    )
    assert (
        no("issue_material", wo_id="WO31003", material_lot_id="ML9002", kg=1) == "Error: Material lot ML9002 is on hold"
    )
    assert no("issue_material", wo_id="WO31003", material_lot_id="ML9005", kg=0) == "Error: kg must be more than 0"
    assert no("issue_material", wo_id="WO31003", material_lot_id="ML9005", kg=5, reason="extra").startswith(
        "Error: Reason must be one of "
    )


def test_an_oee_report_is_published_once(ok, no):
    figures = ok("publish_oee_report", line_id="L06", date="2025-03-24", shift=2)
    assert figures == {"availability": 93.75, "performance": 91.56, "quality": 98.06, "oee": 84.17}
    assert no("publish_oee_report", line_id="L06", date="2025-03-24", shift=2) == (
        "Error: The OEE report of L06-2025-03-24-2 is already published (84.17%)"
    )
    assert no("publish_oee_report", line_id="L02", date="2025-03-24", shift=2) == (
        "Error: No production recorded for L02-2025-03-24-2"
    )
