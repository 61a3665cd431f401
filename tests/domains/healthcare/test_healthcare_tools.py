"""The healthcare desk's tools: each one's answer, each of its error texts, and that a write
that fails changes nothing."""

from taubench.domains.fair_checks import reward_of


def test_namesakes_are_told_apart_by_zip_and_phone(ok):
    found = ok("find_patient", last_name="gonzalez", dob="1984-06-02")
    told_apart = [(p["patient_id"], p["zip"], p["phone_last4"]) for p in found]
    assert told_apart == [("P10001", "60616", "0147"), ("P10002", "60647", "0193")]
    assert [p["first_name"] for p in ok("find_patient", last_name="Park", dob="2012-09-14")] == ["Ethan", "Evan"]
    assert ok("find_patient", last_name="Gonzalez", dob="1984-06-03") == []


def test_patient_provider_plan_and_pharmacy_records_are_read(ok, no):
    harold = ok("get_patient", patient_id="P10007")
    assert harold["proxies"][0] == {
        "name": "Susan Whitfield-Ames",
        "relation": "child",
        "scope": "all",
        "expires": "2025-02-28",
    }
    assert ok("get_provider", provider_id="DR140")["licensed_states"] == ["IL"]
    cardiologists = ok("search_providers", specialty="cardiology", plan_id="PL-HSA1", clinic_id="CL2")
    assert [p["provider_id"] for p in cardiologists][:1] == ["DR111"]
    assert all(p["clinic_id"] == "CL2" and "PL-HSA1" in p["plans_in_network"] for p in cardiologists)
    assert (
        no("search_providers", specialty="cardiology", clinic_id="CL9") == "Error: Clinic CL9 not found"
    )  # no empty list
    plans = ok("list_plans")
    assert len(plans) == 12 and next(p for p in plans if p["plan_id"] == "PL-PPO3")["contract_end"] == "2024-12-31"
    assert [p["pharmacy_id"] for p in ok("list_pharmacies", zip="60202")] == ["PH3", "PH9"]
    assert len(ok("list_pharmacies")) == 10


def test_slots_appointments_referrals_and_prescriptions_are_listed_in_order(ok, no):
    week = {"date_from": "2025-03-11", "date_to": "2025-03-19"}
    assert [s["slot_id"] for s in ok("list_open_slots", provider_id="DR101", **week)] == [
        "S20001",
        "S20002",
        "S20003",
        "S20004",
    ]
    assert [s["slot_id"] for s in ok("list_open_slots", provider_id="DR101", mode="telehealth", **week)] == ["S20004"]
    assert [a["appointment_id"] for a in ok("list_appointments", patient_id="P10019")] == ["A100017", "A100018"]
    assert [r["referral_id"] for r in ok("list_referrals", patient_id="P10008")] == ["RF30001"]
    assert [rx["rx_id"] for rx in ok("list_prescriptions", patient_id="P10014")] == ["RX40001", "RX40002", "RX40003"]


def test_booking_takes_the_slot_and_a_referral_visit(tools, ok, no):
    booked = ok(
        "book_appointment", patient_id="P10008", slot_id="S20015", visit_type="follow_up", referral_id="RF30001"
    )
    assert booked["appointment_id"] == "A300001" and tools.db.next_appointment_number == 300002
    assert (booked["date"], booked["time"], booked["specialty"]) == ("2025-03-14", "09:30", "cardiology")
    assert tools.db.slots["S20015"].status == "taken" and tools.db.referrals["RF30001"].visits_used == 2
    assert (
        no("book_appointment", patient_id="P10008", slot_id="S20015", visit_type="new")
        == "Error: Slot is already taken"
    )
    assert (
        no("book_appointment", patient_id="P10001", slot_id="S20035", visit_type="new") == "Error: Slot is in the past"
    )


def test_booking_refuses_referrals_that_cannot_cover_the_visit(no):
    def book(patient, slot, referral):
        return no("book_appointment", patient_id=patient, slot_id=slot, visit_type="new", referral_id=referral)

    assert book("P10001", "S20016", "RF9") == "Error: Referral RF9 not found"
    assert book("P10001", "S20016", "RF30001") == "Error: Referral belongs to another patient"
    assert book("P10020", "S20019", "RF30005") == "Error: Referral is expired, not active"
    assert book("P10001", "S20002", "RF30007") == "Error: Referral is for another specialty"
    assert book("P10007", "S20018", "RF30004") == "Error: Referral has no visits left"


def test_a_patient_cannot_be_booked_twice_at_the_same_time(tools, ok, no):
    ok("book_appointment", patient_id="P10001", slot_id="S20002", visit_type="follow_up")
    tools.db.slots["S20019"].time = "09:30"  # another provider, the same moment
    message = "Error: Patient already has an appointment at that time"
    assert no("book_appointment", patient_id="P10001", slot_id="S20019", visit_type="new") == message


def test_rescheduling_moves_to_a_slot_of_the_same_provider(tools, ok, no):
    moved = ok("reschedule_appointment", appointment_id="A100017", new_slot_id="S20021")
    assert (moved["date"], moved["time"], moved["reschedule_count"]) == ("2025-03-25", "09:30", 1)
    assert tools.db.slots["S20098"].status == "open" and tools.db.slots["S20021"].status == "taken"
    message = "Error: New slot is with another provider"
    assert no("reschedule_appointment", appointment_id="A100017", new_slot_id="S20022") == message
    message = "Error: Appointment is completed, not booked"
    assert no("reschedule_appointment", appointment_id="A100001", new_slot_id="S20002") == message


def test_cancelling_charges_the_late_fee_inside_24_hours_unless_waived(tools, ok, no):
    early = ok("cancel_appointment", appointment_id="A100023", reason="illness")
    assert (early["status"], early["fee_charged"]) == ("cancelled", 0.0) and tools.db.slots["S20101"].status == "open"
    message = "Error: No late fee applies to waive"
    assert no("cancel_appointment", appointment_id="A100002", reason="illness", waive_late_fee=True) == message
    late = ok("cancel_appointment", appointment_id="A100012", reason="schedule_conflict")
    assert late["fee_charged"] == 50.0 and tools.db.patients["P10012"].balance == 85.0
    waived = ok("cancel_appointment", appointment_id="A100022", reason="illness", waive_late_fee=True)
    assert waived["fee_charged"] == 0.0 and tools.db.patients["P10024"].last_late_fee_waiver == "2025-03-10"
    message = "Error: Appointment is cancelled, not booked"
    assert no("cancel_appointment", appointment_id="A100022", reason="illness") == message


def test_cancelling_a_referral_visit_gives_the_visit_back(tools, ok):
    ok("cancel_appointment", appointment_id="A100006", reason="patient_request")
    assert tools.db.referrals["RF30003"].visits_used == 0


def test_a_refill_uses_a_refill_and_goes_to_the_pharmacy_named(ok, no):
    rx = ok("request_refill", rx_id="RX40007", pharmacy_id="PH4")
    assert (rx["refills_left"], rx["last_fill"], rx["pharmacy_id"]) == (0, "2025-03-10", "PH4")
    assert no("request_refill", rx_id="RX40007", pharmacy_id="PH4") == "Error: No refills left"
    assert no("request_refill", rx_id="RX40014", pharmacy_id="PH10") == "Error: Prescription is discontinued"


def test_records_requests_charge_the_copy_fee_and_are_due_in_30_days(tools, ok, no):
    paper = ok(
        "create_records_request",
        patient_id="P10017",
        record_types=["visit_notes", "imaging"],
        recipient="Dr. Elena Vasquez",
        delivery_format="paper",
    )
    assert (paper["request_id"], paper["fee"], paper["due"], paper["status"]) == ("RR6001", 9.0, "2025-04-09", "open")
    mine = {"patient_id": "P10017", "recipient": "patient"}
    assert ok("create_records_request", record_types=["imaging"], delivery_format="electronic", **mine)["fee"] == 6.5
    assert tools.db.patients["P10017"].balance == 15.5 and tools.db.next_request_number == 6003
    message = "Error: List each record type once, at least one"
    assert no("create_records_request", record_types=[], delivery_format="paper", **mine) == message
    assert no("create_records_request", record_types=["imaging", "imaging"], delivery_format="paper", **mine) == message
    nobody = {"patient_id": "P10017", "record_types": ["imaging"], "recipient": " ", "delivery_format": "paper"}
    assert no("create_records_request", **nobody) == "Error: Recipient is required"


def test_contact_details_are_checked_and_changed(ok, no):
    patient = ok("update_contact_info", patient_id="P10008", address="1720 Ridge Ave, Evanston IL", zip="60201")
    assert (patient["address"], patient["zip"], patient["phone"]) == (
        "1720 Ridge Ave, Evanston IL",
        "60201",
        "773-555-0178",
    )
    assert (
        ok("update_contact_info", patient_id="P10008", phone="847-555-0100", email="d@example.com")["email"]
        == "d@example.com"
    )
    assert no("update_contact_info", patient_id="P10008") == "Error: Nothing to change"
    assert (
        no("update_contact_info", patient_id="P10008", phone="8475550100") == "Error: Phone must look like NNN-NNN-NNNN"
    )
    assert no("update_contact_info", patient_id="P10008", email="d.example.com") == "Error: Email address is not valid"
    assert no("update_contact_info", patient_id="P10008", zip="6020") == "Error: Zip must be 5 digits"


def test_insurance_is_replaced(ok, no):
    patient = ok("update_insurance", patient_id="P10018", plan_id="PL-HSA1", member_id="SHP-559301174")
    assert (patient["plan_id"], patient["member_id"]) == ("PL-HSA1", "SHP-559301174")
    assert (
        no("update_insurance", patient_id="P10018", plan_id="PL-PPO1", member_id=" ") == "Error: Member id is required"
    )


def test_a_referral_is_requested_from_the_pcp_unless_one_is_still_open(tools, ok, no):
    referral = ok("request_referral", patient_id="P10007", specialty="cardiology")
    assert (referral["referral_id"], referral["referred_by"], referral["status"]) == ("RF32001", "DR102", "requested")
    assert referral["visits_authorized"] == 0 and tools.db.next_referral_number == 32002
    message = "Error: Referral RF32001 for that specialty is still requested"
    assert no("request_referral", patient_id="P10007", specialty="cardiology") == message
    message = "Error: Referral RF30001 for that specialty is still active"
    assert no("request_referral", patient_id="P10008", specialty="cardiology") == message
    assert ok("request_referral", patient_id="P10020", specialty="dermatology")["status"] == "requested"
    tools.db.patients["P10009"].pcp_id = None
    message = "Error: Patient has no primary care provider on file"
    assert no("request_referral", patient_id="P10009", specialty="neurology") == message


def test_the_shared_tools_are_offered(ok):
    assert ok("calculate", expression="(46 - 10) * 0.25") == "9.0"
    assert ok("transfer_to_human_agents", summary="Caller reports chest pain") == "Transfer successful"


def test_a_refusal_is_graded_by_the_reason_a_correct_agent_gives(domain):
    task = domain.tasks["16"]  # the atorvastatin is too early: the agent must say from when
    identify = next(action for action in task.gold_actions if action.name == "find_patient")
    refill = [
        ("assistant", identify.name, identify.arguments),
        ("assistant", "request_refill", {"rx_id": "RX40001", "pharmacy_id": "PH9"}),
    ]
    assert reward_of(domain, task, refill, "Your lisinopril is on its way; the atorvastatin is too early.") == 0.0
    assert reward_of(domain, task, refill, "The atorvastatin can be filled from 2025-03-29.") == 1.0
