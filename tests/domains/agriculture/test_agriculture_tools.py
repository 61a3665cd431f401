"""The farm-operations desk's tools: each one's answer, each of its error texts, and that a
write that fails changes nothing (``no`` checks it). One domain per module, a fresh toolkit
per test."""

from taubench.domains.agriculture.tools import dry_bushels


def test_callers_are_verified_by_id_and_farm_code_and_namesakes_stay_apart(ok, no):
    caller = ok("verify_caller", person_id="acc-2042", farm_code="FC-3190")
    assert (caller["person"]["name"], caller["farm"]["farm_id"]) == ("Dale Brenner", "F03")
    assert caller["farm"]["environmental_lead"] == "Renata Voss"
    assert (
        no("verify_caller", person_id="ACC-2099", farm_code="FC-7741")
        == "Error: No caller matches that id and farm code"
    )
    assert no("verify_caller", person_id="ACC-0000", farm_code="FC-7741") == "Error: Person ACC-0000 not found"


def test_the_world_has_the_briefs_shape_and_two_fields_called_north_40(tools):
    db = tools.db
    assert len(db.farms) == 60 and len(db.fields) >= 450 and len(db.products) == 150
    assert len(db.applications) + len(db.irrigation_events) + len(db.harvest_loads) > 4000
    north = [f.farm_id for f in db.fields.values() if f.name == "North 40" and f.farm_id in ("F01", "F03")]
    assert north == ["F01", "F03"]
    assert sum(person.name == "Dale Brenner" for person in db.people.values()) >= 2
    assert max(int(key[3:]) for key in db.applications) < db.next_application_number


def test_fields_sensors_and_forecast_are_read_in_order(ok, no):
    names = [field["name"] for field in ok("list_fields", farm_id="F01")]
    assert names == ["North 40", "Creek Bottom", "South Quarter", "Home Place", "Quarry Wheat"]
    assert ok("get_field", field_id="FLD1003")["water_allocation_mm"] == 250.0
    readings = ok("get_sensor_readings", field_id="FLD1002", start="2025-07-20", end="2025-07-21")
    assert [(r["date"], r["soil_moisture_pct"]) for r in readings][-1] == ("2025-07-21", 58.0)
    assert len(readings) == 2
    days = ok("get_forecast", farm_id="F03", start="2025-07-23", end="2025-07-24")
    assert [(d["date"], d["rain_mm"]) for d in days] == [("2025-07-23", 9.0), ("2025-07-24", 8.0)]
    assert (
        no("get_forecast", farm_id="F03", start="2025-07-24", end="2025-07-23") == "Error: Start must not be after end"
    )
    assert no("get_sensor_readings", field_id="FLD1002", start="July 1", end="2025-07-21") == (
        "Error: Start must be a date written YYYY-MM-DD"
    )
    assert no("get_field", field_id="FLD9") == "Error: Field FLD9 not found"
    assert no("list_fields", farm_id="F99") == "Error: Farm F99 not found"


def test_labels_history_harvests_applicators_machines_and_stock(ok, no):
    label = ok("get_product", product_id="P221")
    assert (sorted(label["states"]), sorted(label["crops"])) == (["OR", "WA"], ["apples", "peaches"])
    history = ok("get_application_history", field_id="FLD1003", season="2025")
    assert [(h["application"]["application_id"], h["reentry_date"], h["reentry_time"]) for h in history] == [
        ("APP1005", "2025-07-23", "08:00")
    ]
    block7 = ok("get_application_history", field_id="FLD1020", season="2025")
    assert block7[0]["phi_clear_date"] == "2025-07-26"
    loads = ok("get_harvest_records", field_id="FLD1002", season="2024")
    assert [load["dry_bu"] for load in loads] == [4010.7, 3862.2, 3581.5]
    assert ok("get_applicator", applicator_id="AP12")["licence_expiry"] == "2025-06-30"
    assert ok("get_equipment", equipment_id="EQ001")["hours_since_service"] == 260
    assert [m["equipment"]["equipment_id"] for m in ok("list_equipment", farm_id="F03")] == ["EQ010", "EQ011"]
    stock = ok("get_inventory", farm_id="F02")
    assert [(s["product_id"], s["quantity"]) for s in stock] == [("P220", 120.0), ("P222", 900.0)]
    assert no("get_product", product_id="P1") == "Error: Product P1 not found"
    assert no("get_equipment", equipment_id="EQ9") == "Error: Equipment EQ9 not found"
    assert no("get_applicator", applicator_id="AP9") == "Error: Applicator AP9 not found"


def test_an_application_is_scheduled_and_refused_for_what_the_system_checks(ok, no, tools):
    number = tools.db.next_application_number
    job = ok(
        "schedule_application",
        field_id="FLD1004",
        product_id="P202",
        rate=10,
        date="2025-07-25",
        applicator_id="AP11",
        equipment_id="EQ002",
    )
    assert (job["application_id"], job["status"], job["acres"]) == (f"APP{number}", "scheduled", 72.0)
    common = {"field_id": "FLD1004", "product_id": "P202", "applicator_id": "AP11"}
    assert no("schedule_application", **common, rate=0, date="2025-07-25", equipment_id="EQ002") == (
        "Error: Rate must be more than 0"
    )
    assert no("schedule_application", **common, rate=10, date="2025-07-21", equipment_id="EQ002") == (
        "Error: Date must not be before today (2025-07-22)"
    )
    assert no("schedule_application", **common, rate=10, date="2025-07-25", equipment_id="EQ010") == (
        "Error: Equipment EQ010 is not on the field's farm"
    )
    assert (
        no(
            "schedule_application",
            field_id="FLD1004",
            product_id="P202",
            rate=10,
            date="2025-07-25",
            applicator_id="AP13",
            equipment_id="EQ002",
        )
        == "Error: Applicator AP13 does not work on the field's farm"
    )


def test_an_application_is_recorded_once_and_not_ahead_of_its_day(ok, no):
    done = ok("record_application", application_id="APP1001", actual_rate=9.5)
    assert (done["status"], done["actual_rate"], done["applied_time"]) == ("applied", 9.5, "07:00")
    assert no("record_application", application_id="APP1003", actual_rate=3) == (
        "Error: Application APP1003 is applied, not scheduled"
    )
    assert no("record_application", application_id="APP1002", actual_rate=0) == "Error: Actual rate must be more than 0"
    assert no("record_application", application_id="APP1", actual_rate=5) == "Error: Application APP1 not found"


def test_a_job_of_an_earlier_day_is_recorded_with_its_finishing_time(ok, no):
    assert no("record_application", application_id="APP1002", actual_rate=14) == (
        "Error: Say when the job of 2025-07-21 finished (HH:MM)"
    )
    assert no("record_application", application_id="APP1002", actual_rate=14, finished_time="6.30pm") == (
        "Error: Finished time must be written HH:MM"
    )
    assert no("record_application", application_id="APP1001", actual_rate=10, finished_time="09:00") == (
        "Error: Finished time must not be later than now"
    )
    assert (
        ok("record_application", application_id="APP1002", actual_rate=14, finished_time="18:30")["applied_time"]
        == "18:30"
    )


def test_a_future_job_cannot_be_recorded(ok, no):
    future = ok(
        "schedule_application",
        field_id="FLD1002",
        product_id="P202",
        rate=10,
        date="2025-07-25",
        applicator_id="AP11",
        equipment_id="EQ002",
    )
    assert no("record_application", application_id=future["application_id"], actual_rate=10) == (
        f"Error: Application {future['application_id']} is scheduled for 2025-07-25, after today"
    )


def test_irrigation_adds_to_the_water_used(ok, no, tools):
    event = ok("schedule_irrigation", field_id="FLD1001", date="2025-07-23", depth_mm=25)
    assert (event["depth_mm"], event["status"]) == (25.0, "scheduled")
    assert tools.db.fields["FLD1001"].water_used_mm == 205.0
    assert (
        no("schedule_irrigation", field_id="FLD1001", date="2025-07-23", depth_mm=0)
        == "Error: Depth must be more than 0"
    )
    assert no("schedule_irrigation", field_id="FLD1005", date="2025-07-23", depth_mm=10) == (
        "Error: Field FLD1005 has no irrigation system"
    )


def test_harvests_and_loads(ok, no):
    assert ok("schedule_harvest", field_id="FLD1021", date="2025-07-24")["harvest_date"] == "2025-07-24"
    assert (
        no("schedule_harvest", field_id="FLD1021", date="2025-07-01")
        == "Error: Date must not be before today (2025-07-22)"
    )
    load = ok("record_harvest_load", field_id="FLD1005", date="2025-07-22", wet_bu=2310, moisture_pct=15.1)
    assert load["dry_bu"] == 2267.3
    assert dry_bushels(12400, 21, 15.5) == 11592.9  # the brief's figure, at corn's standard moisture
    args = {"date": "2025-07-22", "wet_bu": 100, "moisture_pct": 15}
    assert no("record_harvest_load", field_id="FLD1020", **args) == (
        "Error: Field FLD1020 grows peaches, which is not sold by the bushel"
    )
    assert no("record_harvest_load", field_id="FLD1005", date="2025-07-22", wet_bu=0, moisture_pct=15) == (
        "Error: Wet bushels must be more than 0"
    )
    assert no("record_harvest_load", field_id="FLD1005", date="2025-07-22", wet_bu=100, moisture_pct=45) == (
        "Error: Moisture must be between 0 and 40 percent"
    )
    assert no("record_harvest_load", field_id="FLD1005", date="2025-07-23", wet_bu=100, moisture_pct=15) == (
        "Error: A load cannot be dated after today"
    )


def test_stock_moves_with_a_reason_and_never_below_zero(ok, no):
    entry = ok("adjust_inventory", farm_id="F01", product_id="P202", delta=-570, application_id="APP1001")
    assert (entry["quantity"], entry["log"]) == (230.0, ["-570 application APP1001"])
    assert no("adjust_inventory", farm_id="F01", product_id="P204", delta=-5, application_id="APP1001") == (
        "Error: Application APP1001 is not of this product on this farm"
    )
    fresh = ok("adjust_inventory", farm_id="F04", product_id="P231", delta=50, reason="delivery")
    assert (fresh["stock_id"], fresh["quantity"]) == ("F04-P231", 50.0)
    assert (
        no("adjust_inventory", farm_id="F01", product_id="P202", delta=0, reason="count")
        == "Error: Delta must not be 0"
    )
    assert (
        no("adjust_inventory", farm_id="F01", product_id="P202", delta=5, reason=" ") == "Error: A reason is required"
    )
    assert no("adjust_inventory", farm_id="F01", product_id="P202", delta=-1000, reason="count") == (
        "Error: Stock cannot go below zero: 230 on hand"
    )


def test_services_are_booked_once(ok, no):
    machine = ok("schedule_maintenance", equipment_id="EQ004", date="2025-07-23", service="250-hour service")
    assert machine["equipment"]["booked_service"] == "2025-07-23: 250-hour service"
    assert no("schedule_maintenance", equipment_id="EQ011", date="2025-07-24", service="oil change") == (
        "Error: Equipment EQ011 already has a service booked: 2025-07-25: 250-hour service"
    )
    assert no("schedule_maintenance", equipment_id="EQ010", date="2025-07-24", service="") == (
        "Error: Say what service is to be done"
    )


def test_scouting_reports(ok, no):
    report = ok(
        "create_scouting_report", field_id="FLD1002", pest="Gray Leaf Spot", severity="low", note="lower leaves"
    )
    assert (report["pest"], report["date"]) == ("gray leaf spot", "2025-07-22")
    assert no("create_scouting_report", field_id="FLD1002", pest="aphid", severity="severe") == (
        "Error: Severity must be low, moderate or high"
    )
    assert no("create_scouting_report", field_id="FLD1002", pest=" ", severity="low") == (
        "Error: Name the pest, weed or disease"
    )


def test_shared_tools_are_offered(ok):
    assert ok("calculate", expression="-9.5 * 60") == "-570.0"
