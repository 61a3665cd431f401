"""The insurer's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing."""

from datetime import date

from taubench.domains.fair_checks import reward_of
from taubench.domains.insurance.underwriting import young_driver_surcharge


def test_policyholders_are_found_by_name_birth_date_and_zip_and_namesakes_stay_apart(ok, no):
    assert (
        ok("find_policyholder", name="laura castillo", date_of_birth="1984-07-19", zip_code="60614")["policyholder_id"]
        == "PH-1001"
    )
    assert (
        ok("find_policyholder", name="Laura Castillo", date_of_birth="1991-02-03", zip_code="60614")["policyholder_id"]
        == "PH-1002"
    )
    assert (
        ok("find_policyholder", name="Laura Castillo", date_of_birth="1984-07-19", zip_code="60622")["policyholder_id"]
        == "PH-1044"
    )
    assert ok("find_policyholder", name="Daniel Reyes", date_of_birth="1979-11-02", zip_code="78745")["policies"] == [
        "AU-771204-1"
    ]
    message = "Error: No policyholder matches that name, date of birth and ZIP code"
    assert no("find_policyholder", name="Laura Castillo", date_of_birth="1984-07-19", zip_code="60618") == message


def test_a_policy_term_its_claims_and_a_claim_file_are_read(ok):
    policy = ok("get_policy", policy_id="AU-310482-4")
    assert policy["renewal_of"] == "AU-310482-3" and policy["endorsements"] == ["rental_standard", "full_glass"]
    assert [vehicle["model"] for vehicle in policy["vehicles"]] == ["Civic", "CR-V"]
    assert [claim["claim_id"] for claim in ok("list_claims", policy_id="AU-981152-1")] == ["CL-61032", "CL-61033"]
    claim_file = ok("get_claim", claim_id="CL-61035")
    assert [payment["amount"] for payment in claim_file["payments"]] == [3200.0, 1450.75] and claim_file[
        "inspections"
    ] == []


def test_coverage_names_the_part_the_limit_and_the_deductible_in_force(ok, no):
    glass = ok("check_coverage", policy_id="AU-310482-4", loss_type="glass", loss_date="2025-03-30")
    assert (glass["coverage"], glass["deductible"], glass["within_term"]) == ("comprehensive", 0.0, True)
    old_term = ok("check_coverage", policy_id="AU-310482-4", loss_type="collision", loss_date="2025-03-12")
    assert not old_term["within_term"]
    flood = ok("check_coverage", policy_id="HO-731150-1", loss_type="flood", loss_date="2025-03-27")
    assert (flood["coverage"], flood["limit"]) == (None, 0.0)
    backup = ok("check_coverage", policy_id="HO-205577-1", loss_type="water_backup", loss_date="2025-03-22")
    assert (backup["limit"], backup["deductible"]) == (10000.0, 1000.0)
    assert no("check_coverage", policy_id="HO-205577-1", loss_type="glass", loss_date="2025-03-22") == (
        "Error: Loss type 'glass' does not apply to home policies"
    )
    assert no("check_coverage", policy_id="HO-205577-1", loss_type="fire", loss_date="March 3") == (
        "Error: Loss date must be a date written YYYY-MM-DD"
    )


def test_repair_shops_are_searched_by_zip_area_and_billing_shows_the_grace_period(ok):
    assert [shop["shop_id"] for shop in ok("search_repair_shops", zip_code="60614", network_only=True)][:2] == [
        "RS-101",
        "RS-102",
    ]
    assert "RS-103" in [shop["shop_id"] for shop in ok("search_repair_shops", zip_code="60614", network_only=False)]
    billing = ok("get_billing", policy_id="HO-552190-1")
    assert (billing["billing_status"], billing["amount_due"], billing["grace_ends"]) == (
        "in_grace",
        412.5,
        "2025-04-04",
    )


def test_a_claim_is_filed_on_the_term_of_the_loss_with_its_deductible(ok, tools):
    claim = ok(
        "file_claim",
        policy_id="AU-310482-4",
        loss_type="hail",
        loss_date="2025-03-28",
        estimate=3400,
        police_report="",
        vehicle_id="V-310482-2",
    )
    assert (claim["claim_id"], claim["status"], claim["deductible"], claim["reported_date"]) == (
        "CL-70001",
        "open",
        500.0,
        "2025-04-01",
    )
    assert claim["adjuster"] == "Priya Venkataraman" and tools.db.next_claim_number == 70002
    home = ok(
        "file_claim",
        policy_id="HO-205577-1",
        loss_type="water_backup",
        loss_date="2025-03-22",
        estimate=13500,
        police_report="",
    )
    assert (home["coverage"], home["limit"], home["vehicle_id"]) == ("water_backup", 10000.0, None)


def test_filing_refuses_what_the_claim_system_refuses(no):
    def file(**changes):
        arguments = {
            "policy_id": "AU-310482-4",
            "loss_type": "collision",
            "loss_date": "2025-03-20",
            "estimate": 1000,
            "police_report": "",
            "vehicle_id": "V-310482-1",
            **changes,
        }
        return no("file_claim", **arguments)

    assert file(loss_date="2025-04-02") == "Error: Loss date cannot be after today"
    assert file(loss_date="2025-03-12") == "Error: Loss date is outside this policy term"
    assert file(estimate=-5) == "Error: Estimate cannot be negative"
    assert file(estimate="a lot") == "Error: Estimate must be a number"
    assert file(police_report=None) == "Error: Police report must be a report number or an empty text"
    assert file(vehicle_id="V-1") == "Error: Auto claims need the id of a vehicle on this policy"
    assert (
        file(policy_id="HO-731150-1", loss_type="flood", vehicle_id=None)
        == "Error: The policy carries no coverage for that loss type"
    )
    assert file(policy_id="HO-731150-1", loss_type="fire") == "Error: Home and renters claims take no vehicle"


def test_documents_are_added_once_to_claims_still_taking_them(ok, no):
    assert ok("add_claim_document", claim_id="CL-61027", doc_type="photos")["documents"] == ["photos"]
    assert no("add_claim_document", claim_id="CL-61027", doc_type="photos") == (
        "Error: That document is already on file for this claim"
    )
    assert no("add_claim_document", claim_id="CL-61027", doc_type="selfie") == (
        "Error: Document type must be photos, police_report, repair_estimate, receipts or proof_of_ownership"
    )
    ok("withdraw_claim", claim_id="CL-61027")
    assert no("add_claim_document", claim_id="CL-61027", doc_type="receipts") == (
        "Error: Claim is withdrawn: it takes no more documents"
    )


def test_inspections_follow_the_shop_calendar(ok, no, tools):
    inspection = ok("schedule_inspection", claim_id="CL-61022", shop_id="RS-106", date="2025-04-03")
    assert inspection == {
        "inspection_id": "IN-40184",
        "claim_id": "CL-61022",
        "shop_id": "RS-106",
        "date": "2025-04-03",
        "status": "scheduled",
    }
    assert tools.db.claims["CL-61022"].inspections == ["IN-40184"]
    assert no("schedule_inspection", claim_id="CL-61022", shop_id="RS-106", date="2025-04-04") == (
        "Error: The claim already has an inspection scheduled"
    )
    assert no("schedule_inspection", claim_id="CL-61021", shop_id="RS-101", date="2025-04-03") == (
        "Error: No free inspection slot at that shop on that date"
    )
    assert no("schedule_inspection", claim_id="CL-61021", shop_id="RS-107", date="2025-04-05") == (
        "Error: The shop is closed on that date"
    )
    assert no("schedule_inspection", claim_id="CL-61021", shop_id="RS-107", date="2025-04-18") == (
        "Error: The shop is closed on that date"
    )
    assert no("schedule_inspection", claim_id="CL-61021", shop_id="RS-107", date="2025-04-01") == (
        "Error: Inspection date must be after today"
    )
    assert no("schedule_inspection", claim_id="CL-61021", shop_id="RS-107", date="next week") == (
        "Error: Inspection date must be a date written YYYY-MM-DD"
    )
    assert no("schedule_inspection", claim_id="CL-61026", shop_id="RS-107", date="2025-04-02") == (
        "Error: Only auto claims have inspections and rentals"
    )
    assert no("schedule_inspection", claim_id="CL-61024", shop_id="RS-106", date="2025-04-02") == (
        "Error: Claim is paid, not open or under review"
    )


def test_a_rental_is_authorized_once_per_claim(ok, no):
    rental = ok("authorize_rental", claim_id="CL-61020", daily_rate=30, days=25)["rental"]
    assert rental == {"daily_rate": 30.0, "days": 25, "total": 750.0, "authorized_on": "2025-04-01"}
    assert no("authorize_rental", claim_id="CL-61020", daily_rate=30, days=1) == (
        "Error: A rental is already authorized on this claim"
    )
    assert no("authorize_rental", claim_id="CL-61021", daily_rate=0, days=3) == "Error: Daily rate must be more than 0"
    assert no("authorize_rental", claim_id="CL-61021", daily_rate=40, days=2.5) == (
        "Error: Days must be a whole number of at least 1"
    )


def test_withdrawing_a_claim_cancels_its_inspections(ok, no, tools):
    assert ok("withdraw_claim", claim_id="CL-61023")["status"] == "withdrawn"
    assert tools.db.inspections["IN-40003"].status == "cancelled"
    assert no("withdraw_claim", claim_id="CL-61023") == "Error: Claim is withdrawn, not open or under review"


def test_a_claim_is_referred_to_investigations_once(ok, no):
    claim = ok("flag_for_siu", claim_id="CL-61022", indicator="claim_frequency")
    assert (claim["siu_flag"], claim["siu_indicator"], claim["status"]) == (True, "claim_frequency", "under_review")
    assert no("flag_for_siu", claim_id="CL-61022", indicator="early_loss") == (
        "Error: The claim is already referred to investigations"
    )
    assert no("flag_for_siu", claim_id="CL-61021", indicator="hunch") == (
        "Error: Indicator must be early_loss, claim_frequency or date_mismatch"
    )


def test_a_young_driver_is_surcharged_for_the_rest_of_the_term(ok, no):
    policy = ok(
        "add_driver",
        policy_id="AU-771204-1",
        name="Mateo Reyes",
        date_of_birth="2008-01-15",
        license_number="t48213377",
    )
    assert policy["drivers"][-1]["license_number"] == "T48213377" and policy["drivers"][-1]["prorated_charge"] == 340.93
    assert (policy["amount_due"], policy["due_date"], policy["annual_premium"]) == (340.93, "2025-04-22", 2076.0)
    adult = ok(
        "add_driver", policy_id="AU-771204-1", name="Ana Reyes", date_of_birth="1980-02-02", license_number="R12345678"
    )
    assert adult["drivers"][-1]["annual_surcharge"] == 0.0 and adult["amount_due"] == 340.93

    def add(**changes):
        arguments = {
            "policy_id": "AU-771204-1",
            "name": "Kid Reyes",
            "date_of_birth": "2009-06-12",
            "license_number": "P90061244",
            **changes,
        }
        return no("add_driver", **arguments)

    assert add() == "Error: Drivers must be at least 16 years old"
    assert add(license_number="12345678") == "Error: License number must be a letter followed by 7 to 12 digits"
    assert (
        add(license_number="T48213377", date_of_birth="2008-01-15")
        == "Error: A driver with that license number is already on the policy"
    )
    assert add(policy_id="HO-205577-1") == "Error: Drivers are added to auto policies only"
    assert add(policy_id="AU-310482-3") == "Error: Policy is expired"
    assert add(date_of_birth="15/01/2008") == "Error: Date of birth must be a date written YYYY-MM-DD"


def test_a_deductible_changes_from_tomorrow_and_old_losses_keep_the_old_one(ok, no):
    coverage = ok("change_deductible", policy_id="AU-281193-1", coverage="comprehensive", amount=500)["coverages"][2]
    assert coverage == {
        "coverage": "comprehensive",
        "limit": 50000.0,
        "deductible": 500.0,
        "deductible_effective": "2025-04-02",
        "prior_deductible": 1000.0,
    }
    assert (
        ok("check_coverage", policy_id="AU-281193-1", loss_type="hail", loss_date="2025-03-31")["deductible"] == 1000.0
    )
    assert no("change_deductible", policy_id="AU-281193-1", coverage="comprehensive", amount=500) == (
        "Error: That is already the deductible"
    )
    assert no("change_deductible", policy_id="AU-281193-1", coverage="collision", amount=750) == (
        "Error: Deductible for collision must be one of 250, 500, 1000, 2000"
    )
    assert no("change_deductible", policy_id="AU-281193-1", coverage="liability", amount=500) == (
        "Error: The policy has no coverage of that name with a deductible"
    )


def test_premium_is_taken_with_a_method_on_file_up_to_the_amount_due(ok, no):
    billing = ok("make_payment", policy_id="AU-190388-1", amount=500, method_id="PM-1024-2")
    assert (billing["amount_due"], billing["billing_status"], billing["payments"][-1]["method"]) == (
        360.4,
        "paid",
        "bank account 1276",
    )
    settled = ok("make_payment", policy_id="HO-552190-1", amount=412.5, method_id="PM-1003-1")
    assert (settled["billing_status"], settled["amount_due"], settled["due_date"]) == ("paid", 0.0, None)
    assert no("make_payment", policy_id="AU-190388-1", amount=400, method_id="PM-1024-1") == (
        "Error: Amount must be more than 0 and at most the 360.4 due"
    )
    assert no("make_payment", policy_id="AU-190388-1", amount=100, method_id="PM-1001-1") == (
        "Error: No payment method with that id on file for the policy's named insureds"
    )
    assert no("make_payment", policy_id="RE-640113-1", amount=60, method_id="PM-1005-1") == (
        "Error: The policy is not in force: premium cannot be taken on it"
    )


def test_cancelling_refunds_the_unearned_premium_less_the_fee_and_the_unpaid_balance(ok, no, tools):
    cancellation = ok("cancel_policy", policy_id="AU-282051-1", effective_date="2025-04-15")
    assert cancellation == {
        "effective_date": "2025-04-15",
        "unearned_premium": 611.78,
        "fee": 25.0,
        "balance_offset": 362.5,
        "refund": 224.28,
        "refund_payment_id": "PY-901215",
    }
    assert tools.db.policies["AU-282051-1"].status == "cancelled" and tools.db.payments["PY-901215"].amount == 224.28
    assert no("cancel_policy", policy_id="AU-282051-1", effective_date="2025-04-20") == "Error: Policy is cancelled"
    assert no("cancel_policy", policy_id="RE-941177-1", effective_date="2025-03-01") == (
        "Error: Effective date must be between today and the end of the term"
    )
    assert no("cancel_policy", policy_id="RE-941177-1", effective_date="soon") == (
        "Error: Effective date must be a date written YYYY-MM-DD"
    )


def test_the_shared_tools_are_named_after_the_toolkit(ok, tools):
    assert ok("calculate", expression="8700 - 1000") == "7700.0"
    assert ok("transfer_to_human_agents", summary="late report") == "Transfer successful"
    assert (
        tools.invoke("calculate", {}).content
        == "Error: InsuranceTools.calculate() missing 1 required positional argument: 'expression'"
    )


def test_every_auto_term_lists_who_drives_it_and_the_people_are_of_age(domain):
    """Data that reads wrong to a person: a car policy nobody drives (AU-480077-1 and -2 had
    none), a policyholder since the age of 13, a driver of 21 without the young-driver surcharge."""
    db = domain.fresh_db()
    driverless = [
        policy_id for policy_id, policy in db.policies.items() if policy.line == "auto" and not policy.drivers
    ]
    assert driverless == []
    assert [driver.name for driver in db.policies["AU-480077-2"].drivers] == ["Carla Mendes"]
    minors = [
        policy_id
        for policy_id, policy in db.policies.items()
        if age(db.policyholders[policy.named_insureds[0]].date_of_birth, policy.inception_date) < 18
    ]
    assert minors == []
    unsurcharged = [
        (policy_id, driver.name)
        for policy_id, policy in db.policies.items()
        for driver in policy.drivers
        if driver.annual_surcharge != young_driver_surcharge(age(driver.date_of_birth, policy.term_start))
    ]
    assert unsurcharged == []


def age(born: str, on: str) -> int:
    birth, day = date.fromisoformat(born), date.fromisoformat(on)
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def test_a_refusal_is_graded_by_the_reason_a_correct_agent_gives(domain):
    task = domain.tasks["1"]  # the loss falls in the term before the renewal that added rental cover
    identify = next(action for action in task.gold_actions if action.name == "find_policyholder")
    claim = [
        ("assistant", identify.name, identify.arguments),
        ("assistant", "file_claim", task.gold_actions[-1].arguments),
    ]
    assert reward_of(domain, task, claim, "Claim CL-70001 is filed; your policy has no rental cover.") == 0.0
    assert (
        reward_of(domain, task, claim, "The term that covers the accident ended 2025-03-14, before the rental cover.")
        == 1.0
    )
