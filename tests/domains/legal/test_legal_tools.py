"""The law firm desk's tools: each one's answer, each of its error texts, that a write that
fails changes nothing, and five test tasks worked by hand: an equivalent solution scores 1
and the lazy shortcut scores 0."""

import pytest

from taubench.domains.fair_checks import reward_of

NDA = {
    "party_one": "Marchetti Bakeworks LLC",
    "party_two": "Corvid Analytics LLC",
    "effective_date": "2025-03-01",
    "term_months": "24",
    "purpose": "A software pilot",
}


def test_clients_are_found_by_name_and_birth_date_and_the_two_daniel_okafors_stay_apart(ok, no):
    assert ok("find_client", name="daniel okafor", date_of_birth="1978-06-12")["matters"] == ["M-2001"]
    assert ok("find_client", name="Daniel Okafor", date_of_birth="1985-09-30")["matters"] == ["M-2002"]
    message = "Error: No client matches that name and date of birth"
    assert no("find_client", name="Daniel Okafor", date_of_birth="1978-06-13") == message
    client = ok("get_client", client_id="CL-1023")
    assert client["authorized_contacts"] == ["Amira Haddad"] and client["matters"] == ["M-2023"]


def test_a_matter_file_holds_its_documents_invoices_and_trust_ledger(ok):
    file = ok("get_matter", matter_id="M-2040")
    assert (file["client_name"], file["attorney_name"]) == ("Octavia Brennan", "Miriam Castellano")
    assert [invoice["status"] for invoice in file["invoices"]] == ["paid", "approved", "approved", "awaiting_approval"]
    assert [line["kind"] for line in file["trust_ledger"]] == ["deposit", "invoice_payment"]
    assert file["trust_ledger"][0]["amount"] == 2750.0 and file["matter"]["trust_balance"] == 1850.0
    assert ok("get_matter", matter_id="M-2015")["matter"]["engagement_letter"] == "sent"
    document = ok("get_document", document_id="D-3053")
    assert document["fields"]["party_two"] == "Pellucid Labs Inc." and document["status"] == "final"
    docket = ok("get_docket", matter_id="M-2037")
    assert [entry["entry_id"] for entry in docket] == ["DK-7001"]


def test_the_conflict_check_ignores_case_punctuation_and_company_suffixes(ok, no):
    hits = ok("run_conflict_check", names=["Lakeview Properties Inc.", "Amos Tull"])
    assert [(hit["searched"], hit["client_id"], hit["matched"]) for hit in hits] == [
        ("Lakeview Properties Inc.", "CL-1050", "Lakeview Properties, LLC")
    ]
    assert ok("run_conflict_check", names=["ilse brandauer"])[0]["client_id"] == "CL-1051"
    assert ok("run_conflict_check", names=["Sunridge Property Group"]) == []
    assert no("run_conflict_check", names=[]) == "Error: Give at least one name to check"
    assert no("run_conflict_check", names=["Amos Tull", " "]) == "Error: Each name must be a non-empty text"


def test_references_rank_the_overruled_case_first_and_name_what_replaced_it(ok, no):
    hits = ok("search_references", jurisdiction="IL", topic="llc_formation", keyword="veil piercing")
    assert [(hit["citation_id"], hit["status"]) for hit in hits[:3]] == [
        ("REF-4008", "overruled"),
        ("REF-4009", "overruled"),
        ("REF-4010", "good_law"),
    ]
    assert ok("get_reference", citation_id="REF-4009")["superseded_by"] == "REF-4010"
    assert no("search_references", jurisdiction="IL", topic="wills", keyword=" ") == (
        "Error: Keyword must have at least one word"
    )
    assert no("search_references", jurisdiction="FL", topic="wills", keyword="will") == (
        "Error: No references for that jurisdiction and topic"
    )


def test_templates_of_a_jurisdiction_and_type_carry_their_fields_and_witnesses(ok, no):
    wills = ok("list_templates", jurisdiction="TX", doc_type="simple_will")
    assert [(t["template_id"], t["witnesses"], t["notarized"]) for t in wills] == [("TPL-TX-WILL", 2, True)]
    agreements = ok("list_templates", jurisdiction="IL", doc_type="llc_operating_agreement")
    assert [template["template_id"] for template in agreements] == ["TPL-IL-OA1", "TPL-IL-OAM"]
    assert no("list_templates", jurisdiction="IL", doc_type="prenup") == (
        "Error: No template for that jurisdiction and document type"
    )


def test_the_court_calendar_moves_a_deadline_off_weekends_and_holidays(ok, no):
    saturday = ok("compute_deadline", trigger_date="2025-02-01", days=21)
    assert (saturday["period_ends"], saturday["due_date"], saturday["business_days_from_today"]) == (
        "2025-02-22",
        "2025-02-24",
        4,
    )
    holiday = ok("compute_deadline", trigger_date="2025-01-18", days=30)
    assert (holiday["period_ends"], holiday["due_date"], holiday["business_days_from_today"]) == (
        "2025-02-17",
        "2025-02-18",
        0,
    )
    assert (
        no("compute_deadline", trigger_date="Feb 1", days=21) == "Error: Trigger date must be a date written YYYY-MM-DD"
    )
    assert (
        no("compute_deadline", trigger_date="2025-02-01", days=0) == "Error: Days must be a whole number from 1 to 365"
    )


def test_open_slots_of_a_practice_area_come_earliest_first(ok, no):
    slots = ok("list_consultation_slots", practice_area="landlord_tenant")
    assert (slots[0]["attorney_id"], slots[0]["attorney_name"]) == ("AT-103", "Priscilla Ngata")
    assert [slot["start"] for slot in slots] == sorted(slot["start"] for slot in slots)
    assert min(slot["start"] for slot in slots if slot["attorney_id"] == "AT-104") > "2025-03-07"
    assert no("list_consultation_slots", practice_area="tax") == (
        "Error: Practice area must be family, landlord_tenant, business_formation, estate or litigation"
    )


def test_a_new_matter_opens_in_intake_with_the_least_loaded_attorney(ok, no, tools):
    new = f"M-{tools.db.next_matter_number}"
    matter = ok(
        "open_matter", client_id="CL-1007", matter_type="landlord_tenant", jurisdiction="CA", adverse_parties=["X Co."]
    )
    assert (matter["matter_id"], matter["attorney_id"], matter["status"], matter["engagement_letter"]) == (
        new,
        "AT-104",
        "intake",
        "sent",
    )
    assert tools.db.clients["CL-1007"].matters == [new]
    message = "Error: Matter type must be family, landlord_tenant, business_formation, estate or litigation"
    assert no("open_matter", client_id="CL-1007", matter_type="tax", jurisdiction="CA", adverse_parties=[]) == message
    assert no("open_matter", client_id="CL-1007", matter_type="estate", jurisdiction="FL", adverse_parties=[]) == (
        "Error: The firm practices only in IL, NY, CA and TX"
    )
    assert no("open_matter", client_id="CL-1007", matter_type="estate", jurisdiction="CA", adverse_parties=[""]) == (
        "Error: Adverse parties must be a list of names"
    )


def test_a_document_is_drafted_only_from_a_template_of_the_matter_with_every_field(ok, no, tools):
    new = f"D-{tools.db.next_document_number}"
    document = ok(
        "create_document", matter_id="M-2011", template_id="TPL-IL-MNDA", fields={**NDA, "purpose": " A pilot. "}
    )
    assert (document["document_id"], document["status"], document["fields"]["purpose"]) == (
        new,
        "draft",
        "A pilot",
    )
    assert document["access"] == [{"name": "Lena Marchetti", "email": "lena@marchettibakeworks.example"}]
    assert no("create_document", matter_id="M-2042", template_id="TPL-NY-WILL", fields={}) == "Error: Matter is closed"
    assert no("create_document", matter_id="M-2011", template_id="TPL-NY-MNDA", fields=NDA) == (
        "Error: Template is for NY; the matter is in IL"
    )
    assert no("create_document", matter_id="M-2011", template_id="TPL-IL-MNDA", fields="all of them") == (
        "Error: Fields must map each required field to its value"
    )
    missing = {key: value for key, value in NDA.items() if key != "purpose"}
    assert no("create_document", matter_id="M-2011", template_id="TPL-IL-MNDA", fields=missing) == (
        "Error: Missing required fields: purpose"
    )
    assert no("create_document", matter_id="M-2011", template_id="TPL-IL-MNDA", fields={**NDA, "notes": "x"}) == (
        "Error: Fields not on the template: notes"
    )
    assert no("create_document", matter_id="M-2011", template_id="TPL-IL-MNDA", fields={**NDA, "purpose": " . "}) == (
        "Error: Fields left empty: purpose"
    )


def test_review_tiers_set_the_fee_and_the_return_day(ok, no):
    rush = ok("request_attorney_review", document_id="D-3016", tier="rush")
    assert rush["status"] == "in_review" and rush["review"] == {
        "tier": "rush",
        "fee": 300.0,
        "requested_on": "2025-02-18",
        "due": "2025-02-20",
    }
    assert no("request_attorney_review", document_id="D-3016", tier="standard") == (
        "Error: Document is in_review; only a draft can be sent for review"
    )
    assert no("request_attorney_review", document_id="D-3045", tier="express") == "Error: Tier must be standard or rush"
    standard = ok("request_attorney_review", document_id="D-3045", tier="standard")["review"]
    assert (standard["fee"], standard["due"]) == (150.0, "2025-02-25")


def test_a_consultation_takes_an_open_slot_of_that_attorney_after_today(ok, no, tools):
    first, second = ok("list_consultation_slots", practice_area="landlord_tenant")[:2]
    assert first["attorney_id"] == second["attorney_id"] == "AT-103"
    slot = ok("schedule_consultation", client_id="CL-1047", attorney_id="AT-103", slot_id=first["slot_id"])
    assert (slot["status"], slot["client_id"]) == ("booked", "CL-1047")
    assert no("schedule_consultation", client_id="CL-1003", attorney_id="AT-103", slot_id=first["slot_id"]) == (
        "Error: That slot is already booked"
    )
    assert no("schedule_consultation", client_id="CL-1003", attorney_id="AT-104", slot_id=second["slot_id"]) == (
        "Error: That slot belongs to another attorney"
    )
    tools.db.consultation_slots[second["slot_id"]].start = "2025-02-18 15:00"
    assert no("schedule_consultation", client_id="CL-1003", attorney_id="AT-103", slot_id=second["slot_id"]) == (
        "Error: That slot is not after today"
    )


def test_sharing_adds_a_reader_once(ok, no):
    shared = ok("share_document", document_id="D-3020", person_name=" Priya Raman ", email="Priya@Ledger.example")
    assert shared["access"][-1] == {"name": "Priya Raman", "email": "priya@ledger.example"}
    assert no("share_document", document_id="D-3020", person_name="Priya", email="priya@ledger.example") == (
        "Error: That address already has access to the document"
    )
    assert no("share_document", document_id="D-3020", person_name="", email="a@b.example") == (
        "Error: Give the recipient's name"
    )
    assert no("share_document", document_id="D-3020", person_name="Al", email="al at example") == (
        "Error: Give a valid e-mail address"
    )


def test_docket_entries_need_a_known_event_a_future_day_and_a_rule(ok, no, tools):
    new = f"DK-{tools.db.next_docket_number}"
    entry = ok(
        "add_docket_deadline", matter_id="M-2001", event="answer_due", due_date="2025-02-24", rule="FRCP 12(a)(1)(A)(i)"
    )
    assert (entry["entry_id"], entry["added_on"]) == (new, "2025-02-18")

    def docket(**changes):
        arguments = {
            "matter_id": "M-2001",
            "event": "hearing",
            "due_date": "2025-04-02",
            "rule": "Court notice",
            **changes,
        }
        return no("add_docket_deadline", **arguments)

    assert docket(event="answer_due", due_date="2025-02-24") == "Error: That event is already docketed on that date"
    assert docket(matter_id="M-2042") == "Error: Matter is closed"
    assert docket(event="trial") == "Error: Event must be answer_due, motion_response_due, hearing or filing_deadline"
    assert docket(due_date="April 2") == "Error: Due date must be a date written YYYY-MM-DD"
    assert docket(due_date="2025-02-18") == "Error: Due date must be after today"
    assert docket(rule=" ") == "Error: Give the rule the date comes from"


def test_trust_pays_an_invoice_up_to_its_balance_and_what_trust_holds(ok, no, tools):
    first = ok("apply_trust_funds", invoice_id="INV-5004", amount=380)
    assert (first["status"], first["balance"]) == ("paid", 0.0) and tools.db.matters["M-2041"].trust_balance == 120.0
    assert no("apply_trust_funds", invoice_id="INV-5004", amount=1) == "Error: Invoice is already paid"
    assert (
        no("apply_trust_funds", invoice_id="INV-5005", amount=200) == "Error: Trust holds only 120.00 for this matter"
    )
    assert no("apply_trust_funds", invoice_id="INV-5005", amount=300) == (
        "Error: Amount must be more than 0 and at most the invoice balance of 275.25"
    )
    assert no("apply_trust_funds", invoice_id="INV-5005", amount="all") == "Error: Amount must be a number"
    partial = ok("apply_trust_funds", invoice_id="INV-5005", amount=120)
    assert (partial["status"], partial["balance"]) == ("approved", 155.25)


def test_a_refund_leaves_the_trust_by_check(ok, no, tools):
    line = ok("refund_trust", matter_id="M-2054", amount=612.4)
    assert (line["kind"], line["amount"], line["invoice_id"]) == ("refund", 612.4, None)
    assert tools.db.matters["M-2054"].trust_balance == 0.0
    assert no("refund_trust", matter_id="M-2055", amount=1000.01) == (
        "Error: Amount must be more than 0 and at most the trust balance of 1000.00"
    )


# ---- five test tasks worked by hand -------------------------------------------------------


def _calls(*calls):
    return [("assistant", name, arguments) for name, arguments in calls]


@pytest.mark.parametrize("task_id", ["11", "14", "35", "44", "47"])
def test_the_worked_tasks_are_in_the_test_split(domain, task_id):
    assert task_id in domain.splits["test"]


def test_task_11_rush_review_cannot_beat_the_filing_so_it_goes_to_the_attorney(domain):
    """Wendell Prasad files on 2025-02-19; rush returns 2025-02-20: no review, a transfer, the day said."""
    task = domain.tasks["11"]
    verify = ("find_client", {"name": "Wendell Prasad", "date_of_birth": "1982-11-11"})
    transfer = ("transfer_to_human_agents", {"summary": "Review needed before a 2025-02-19 filing"})
    right = _calls(verify, ("get_matter", {"matter_id": "M-2016"}), transfer)
    assert reward_of(domain, task, right, "Even a rush review would be back only on 2025-02-20.") == 1.0
    lazy = _calls(verify, ("request_attorney_review", {"document_id": "D-3016", "tier": "rush"}))
    assert reward_of(domain, task, right[:2], "Even a rush review would be back only on 2025-02-20.") == 0.0
    assert reward_of(domain, task, lazy, "Rush review booked; it will be back 2025-02-20.") == 0.0


def test_task_14_a_conflict_hit_under_another_company_suffix_stops_the_intake(domain):
    """Lakeview Properties Inc. is the firm's client Lakeview Properties, LLC: transfer, open nothing."""
    task = domain.tasks["14"]
    verify = ("find_client", {"name": "Tobias Wren", "date_of_birth": "1990-11-03"})
    check = ("run_conflict_check", {"names": ["Lakeview Properties Inc."]})
    transfer = ("transfer_to_human_agents", {"summary": "Conflict hit; conflicts attorney needed"})
    assert reward_of(domain, task, _calls(verify, check, transfer), "Transferring you now.") == 1.0
    opened = ("open_matter", {"client_id": "CL-1004", "matter_type": "landlord_tenant", "jurisdiction": "NY"})
    lazy = _calls(verify, (opened[0], {**opened[1], "adverse_parties": ["Lakeview Properties Inc."]}))
    assert reward_of(domain, task, lazy, "Your matter is open.") == 0.0
    unchecked = _calls(verify, transfer)
    assert reward_of(domain, task, unchecked, "Transferring you now.") == 0.0


def test_task_35_a_deadline_inside_three_business_days_is_not_docketed_by_the_desk(domain):
    """Served 2025-01-30 in federal court: 21 days is Thursday 2025-02-20, 2 business days away."""
    task = domain.tasks["35"]
    verify = ("find_client", {"name": "Ruben Castaneda", "date_of_birth": "1976-07-17"})
    transfer = ("transfer_to_human_agents", {"summary": "Answer due 2025-02-20"})
    matter = ("get_matter", {"matter_id": "M-2034"})
    right = _calls(verify, matter, ("compute_deadline", {"trigger_date": "2025-01-30", "days": 21}), transfer)
    assert reward_of(domain, task, right, "Your answer is due 2025-02-20; I am transferring you.") == 1.0
    docketed = ("add_docket_deadline", {"matter_id": "M-2034", "event": "answer_due", "due_date": "2025-02-20"})
    lazy = _calls(verify, (docketed[0], {**docketed[1], "rule": "FRCP 12(a)(1)(A)(i)"}))
    assert reward_of(domain, task, lazy, "Docketed for 2025-02-20.") == 0.0


def test_task_44_a_closed_matter_pays_its_approved_invoice_before_the_refund(domain):
    """1,102.40 in trust, 245.15 approved and unpaid: pay it, then refund 857.25, under the 1,000 limit."""
    task = domain.tasks["44"]
    verify = ("find_client", {"name": "Adaeze Nwosu", "date_of_birth": "1967-11-30"})
    matter = ("get_matter", {"matter_id": "M-2042"})
    pay = ("apply_trust_funds", {"invoice_id": "INV-5006", "amount": 245.15})
    right = _calls(verify, matter, pay, ("refund_trust", {"matter_id": "M-2042", "amount": 857.25}))
    assert reward_of(domain, task, right, "Your refund is 857.25.") == 1.0  # the subtraction in the head
    assert reward_of(domain, task, right[1:], "Your refund is 857.25.") == 0.0  # unverified
    over_limit = _calls(verify, ("transfer_to_human_agents", {"summary": "refund 1102.40"}))
    assert reward_of(domain, task, over_limit, "1102.40 is over our limit.") == 0.0
    whole = _calls(verify, ("refund_trust", {"matter_id": "M-2042", "amount": 1102.4}))
    assert reward_of(domain, task, whole, "Your refund is 1102.40.") == 0.0


def test_a_research_answer_needs_the_verified_caller_and_the_successor_followed(domain):
    """Task 29: CA custody relocation; Albright (REF-4005) is superseded by Solano (REF-4006).
    The search words are the agent's own; skipping verification or the successor scores 0."""
    task = domain.tasks["29"]
    verify = ("find_client", {"name": "Ines Carvalho", "date_of_birth": "1988-03-01"})
    matter = ("get_matter", {"matter_id": "M-2027"})
    search = ("search_references", {"jurisdiction": "CA", "topic": "custody", "keyword": "relocating parent move"})
    chain = [("get_reference", {"citation_id": key}) for key in ("REF-4005", "REF-4006")]
    answer = "Albright was superseded; the leading case is In re Marriage of Solano."
    assert reward_of(domain, task, _calls(verify, matter, search, *chain), answer) == 1.0
    assert reward_of(domain, task, _calls(matter, search, *chain), answer) == 0.0
    assert reward_of(domain, task, _calls(verify, matter, search), answer) == 0.0
    albright = "The leading case is In re Marriage of Albright."
    assert reward_of(domain, task, _calls(verify, matter, search, chain[0]), albright) == 0.0


def test_task_47_two_matters_mean_asking_which_invoice(domain):
    """Philippa Grange's estate invoice INV-5012 (330.00) leaves 1670 in that matter's trust."""
    task = domain.tasks["47"]
    verify = ("find_client", {"name": "Philippa Grange", "date_of_birth": "1964-07-07"})
    matter = ("get_matter", {"matter_id": "M-2046"})
    right = _calls(verify, matter, ("apply_trust_funds", {"invoice_id": "INV-5012", "amount": 330}))
    assert reward_of(domain, task, right, "Paid; 1,670.00 is left in trust for the estate matter.") == 1.0
    wrong = _calls(verify, ("apply_trust_funds", {"invoice_id": "INV-5013", "amount": 1140}))
    assert reward_of(domain, task, wrong, "Paid; 1670 is left.") == 0.0


def test_task_56_a_namesake_naming_the_other_okafors_matter_gets_nothing_done(domain):
    """The 1985 Daniel Okafor's record holds M-2002 only: M-2001's invoice is not his to pay."""
    task = domain.tasks["56"]
    verify = ("find_client", {"name": "Daniel Okafor", "date_of_birth": "1985-09-30"})
    assert reward_of(domain, task, _calls(verify), "That matter is not on your record.") == 1.0
    pay = ("apply_trust_funds", {"invoice_id": "INV-5008", "amount": 1275.0})
    assert reward_of(domain, task, _calls(pay), "Paid.") == 0.0
    assert reward_of(domain, task, _calls(verify, pay), "Paid.") == 0.0
    assert reward_of(domain, task, [], "I cannot help with that matter.") == 0.0


def test_skipping_the_identity_check_scores_0_even_when_the_writes_are_right(domain):
    """Task 42: Octavia Brennan's two approved invoices, paid without verifying her first."""
    task = domain.tasks["42"]
    matter = ("get_matter", {"matter_id": "M-2040"})
    pays = [
        ("apply_trust_funds", {"invoice_id": key, "amount": amount})
        for key, amount in (("INV-5001", 640), ("INV-5002", 415.5))
    ]
    verified = ("find_client", {"name": "octavia brennan", "date_of_birth": "1985-08-27"})
    assert reward_of(domain, task, _calls(verified, matter, *pays), "794.50 is left in trust.") == 1.0
    assert reward_of(domain, task, _calls(matter, *pays), "794.50 is left in trust.") == 0.0
    unapproved = ("apply_trust_funds", {"invoice_id": "INV-5003", "amount": 300})
    assert reward_of(domain, task, _calls(verified, matter, *pays, unapproved), "494.50 is left.") == 0.0
