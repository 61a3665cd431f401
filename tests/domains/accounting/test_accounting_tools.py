"""The bookkeeping client desk's tools: each one's answer, each of its error texts, and that a
write that fails changes nothing; then five test tasks worked by hand, each scored for a
correct solution done another way and for a lazy shortcut."""

from taubench.domains.fair_checks import reward_of

NOV = {"date_from": "2025-11-01", "date_to": "2025-11-18"}


def test_the_client_record_names_its_users_roles_and_calendar(ok, no):
    bakery = ok("get_client", client_code="CL1001")
    assert bakery["lock_date"] == "2025-10-31"
    assert [(u["user_id"], u["role"]) for u in bakery["users"]] == [
        ("U2001", "owner"),
        ("U2002", "controller"),
        ("U2003", "staff"),
    ]
    assert {"form": "1099-NEC (2025)", "due": "2026-01-31", "status": "open"} in bakery["tax_deadlines"]
    assert no("get_client", client_code="CL9999") == "Error: Client CL9999 not found"
    owners = [u["user_id"] for code in ("CL1005", "CL1006") for u in ok("get_client", client_code=code)["users"]]
    assert owners[0] == "U2041" and "U2051" in owners  # two owners named Grace Kim


def test_vendors_and_customers_are_searched_by_part_of_the_name(ok, no):
    acmes = ok("search_vendors", client_code="CL1001", name="acme")
    assert [(v["vendor_id"], v["city"], v["tin_last4"]) for v in acmes] == [
        ("V30001", "Portland", "4417"),
        ("V30002", "Tacoma", "8820"),
    ]
    assert ok("search_vendors", client_code="CL1001", name="Northside")[0]["w9_on_file"] is False
    assert no("search_vendors", client_code="CL1001", name=" ") == "Error: Give part of the vendor's name"
    oakridge = ok("search_customers", client_code="CL1002", name="Oakridge")
    assert [(c["customer_id"], c["credit_limit"], c["open_balance"]) for c in oakridge] == [
        ("CU40011", 20000.0, 17350.0),
        ("CU40013", 25000.0, 6400.0),
    ]
    assert no("search_customers", client_code="CL1002", name="") == "Error: Give part of the customer's name"
    assert no("search_customers", client_code="CL0000", name="Oak") == "Error: Client CL0000 not found"


def test_bills_and_purchase_orders_are_read(ok, no):
    cedar = ok("list_vendor_bills", vendor_id="V30003")
    assert [b["bill_id"] for b in cedar][:3] == ["B50007", "B50008", "B50009"]
    assert no("list_vendor_bills", vendor_id="V1") == "Error: Vendor V1 not found"
    bill = ok("get_bill", bill_id="B50003")
    assert (bill["terms"], bill["due_date"], bill["discount_until"]) == ("2/10 net 30", "2025-12-12", "2025-11-22")
    assert no("get_bill", bill_id="B1") == "Error: Bill B1 not found"
    order = ok("get_purchase_order", po_id="PO7004")
    assert (order["amount"], order["received_total"], len(order["receipts"])) == (1200.0, 1100.0, 1)
    assert no("get_purchase_order", po_id="PO1") == "Error: Purchase order PO1 not found"


def test_bank_lines_entries_and_reports_are_read(ok, no):
    unmatched = ok("list_bank_lines", client_code="CL1001", unmatched_only=True, **NOV)
    assert [line["bank_line_id"] for line in unmatched] == ["BL80001", "BL80003", "BL80002", "BL80004", "BL80005"]
    assert len(ok("list_bank_lines", client_code="CL1001", **NOV)) == 5
    message = "Error: Start date must be a date written YYYY-MM-DD"
    assert no("list_bank_lines", client_code="CL1001", date_from="Nov 1", date_to="2025-11-18") == message
    entries = ok("list_journal_entries", client_code="CL1001", **NOV)
    assert [e["entry_id"] for e in entries] == ["JE60001", "JE60003", "JE60002"]
    balance = ok("get_trial_balance", client_code="CL1004", period="2025-10")
    assert balance["through"] == "2025-10-31" and balance["total_debit"] == balance["total_credit"] == 38429.44
    error = "Error: Period must be a month written YYYY-MM"
    assert no("get_trial_balance", client_code="CL1004", period="October") == error
    report = ok("get_budget_vs_actual", client_code="CL1002", year=2025)
    assert {row["account"]: row["remaining"] for row in report["rows"]}["6050"] == 2.25
    assert no("get_budget_vs_actual", client_code="CL1002", year=2024) == "Error: Client CL1002 has no budget for 2024"


def test_a_bill_is_recorded_on_the_vendors_terms(tools, ok, no):
    bill = ok(
        "record_bill",
        client_code="CL1001",
        vendor_id="V30001",
        number="AS-8010",
        bill_date="2025-11-14",
        amount=8450,
        po_id="PO7002",
    )
    assert (bill["bill_id"], bill["status"], bill["due_date"], bill["discount_until"]) == (
        "B60001",
        "open",
        "2025-12-14",
        "2025-11-24",
    )
    assert tools.db.purchase_orders["PO7002"].status == "billed" and tools.db.next_bill_number == 60002
    held = ok(
        "record_bill",
        client_code="CL1001",
        vendor_id="V30003",
        number="CF-10620",
        bill_date="2025-11-12",
        amount=4160.0,
        po_id="PO7001",
        hold_reason="differs_from_po",
    )
    assert (held["status"], held["hold_reason"]) == ("on_hold", "differs_from_po")
    same = {"client_code": "CL1001", "number": "X-1", "amount": 10.0}
    message = "Error: Vendor V30011 is not a vendor of client CL1001"
    assert no("record_bill", vendor_id="V30011", bill_date="2025-11-14", **same) == message
    assert no("record_bill", vendor_id="V30001", bill_date="2025-10-31", **same) == (
        "Error: Bill date 2025-10-31 is in a locked period: the books are closed through 2025-10-31"
    )
    assert no("record_bill", vendor_id="V30001", bill_date="2025-11-19", **same) == (
        "Error: Bill date 2025-11-19 is after today"
    )
    rest = {"client_code": "CL1001", "vendor_id": "V30001", "bill_date": "2025-11-14"}
    assert no("record_bill", number=" ", amount=5.0, **rest) == "Error: The vendor's invoice number is required"
    assert no("record_bill", number="X-2", amount=0, **rest) == "Error: Amount must be more than zero"
    assert no("record_bill", number="X-2", amount="12", **rest) == "Error: Amount must be a number"
    message = "Error: Purchase order PO7001 is with another vendor"
    assert no("record_bill", number="X-2", amount=5.0, po_id="PO7001", **rest) == message
    message = "Error: Purchase order PO7002 is billed, not open"
    assert no("record_bill", number="X-2", amount=5.0, po_id="PO7002", **rest) == message
    message = "Error: Only a bill for a purchase order is held for a mismatch"
    assert no("record_bill", number="X-2", amount=5.0, hold_reason="differs_from_po", **rest) == message


def test_approval_and_payment_follow_the_bills_status(tools, ok, no):
    assert no("approve_bill", bill_id="B50003", approver_id="U2011") == (
        "Error: User U2011 is not a user of client CL1001"
    )
    assert ok("approve_bill", bill_id="B50003", approver_id="U2002")["approved_by"] == "U2002"
    assert no("approve_bill", bill_id="B50003", approver_id="U2002") == "Error: Bill B50003 is approved, not open"
    assert no("schedule_payment", bill_id="B50002", pay_date="2025-12-01", method="ach") == (
        "Error: Bill B50002 is open, not approved"
    )
    assert no("schedule_payment", bill_id="B50003", pay_date="2025-11-18", method="ach") == (
        "Error: Pay date must be after today"
    )
    assert no("schedule_payment", bill_id="B50003", pay_date="2025-11-23", method="ach", take_discount=True) == (
        "Error: The discount ended 2025-11-22"
    )
    message = "Error: The vendor's TIN is on file: no backup withholding applies"
    assert no("schedule_payment", bill_id="B50003", pay_date="2025-11-22", method="ach", backup_withholding=True) == (
        message
    )
    paid = ok("schedule_payment", bill_id="B50003", pay_date="2025-11-22", method="ach", take_discount=True)
    assert paid["status"] == "scheduled" and paid["payment"]["discount"] == 46.0
    assert paid["payment"]["net_amount"] == 2254.0
    assert no("schedule_payment", bill_id="B50005", pay_date="2025-12-05", method="ach", take_discount=True) == (
        "Error: Bill B50005 has no early-payment discount (net 30)"
    )
    ok("approve_bill", bill_id="B50006", approver_id="U2002")
    withheld = ok(
        "schedule_payment",
        bill_id="B50006",
        pay_date="2025-11-23",
        method="ach",
        take_discount=True,
        backup_withholding=True,
    )["payment"]
    assert (withheld["discount"], withheld["backup_withholding"], withheld["net_amount"]) == (12.5, 297.0, 940.5)
    assert tools.db.bills["B50006"].status == "scheduled"


def test_voids_leave_paid_and_scheduled_bills_alone(tools, ok, no):
    assert no("void_bill", bill_id="B50009", reason="duplicate", voided_by="U2031") == (
        "Error: User U2031 is not a user of client CL1001"
    )
    assert ok("void_bill", bill_id="B50009", reason="duplicate", voided_by="U2002")["void_reason"] == (
        "duplicate (by U2002)"
    )
    assert no("void_bill", bill_id="B50007", reason="duplicate", voided_by="U2002") == (
        "Error: Bill B50007 is paid and cannot be voided"
    )
    ok("void_bill", bill_id="B50011", reason="entered_in_error", voided_by="U2013")
    assert tools.db.purchase_orders["PO7011"].status == "open"  # its only bill is void: the order is open again


def test_a_w9_goes_on_file_once(ok, no):
    blank = ok("record_w9", vendor_id="V30023", tin_type="SSN")
    assert (blank["w9_on_file"], blank["tin_last4"]) == (True, None)
    assert ok("record_w9", vendor_id="V30023", tin_type="SSN", tin_last4="1234")["tin_last4"] == "1234"
    assert no("record_w9", vendor_id="V30023", tin_type="SSN", tin_last4="9999") == (
        "Error: Vendor V30023 already has a W-9 with a TIN on file"
    )
    assert no("record_w9", vendor_id="V30005", tin_type="EIN", tin_last4="64o2") == (
        "Error: The TIN's last 4 must be 4 digits"
    )


def test_bank_lines_match_entries_of_the_same_amount(ok, no):
    assert ok("match_bank_line", bank_line_id="BL80001", entry_id="JE60001")["matched_entry"] == "JE60001"
    assert no("match_bank_line", bank_line_id="BL80001", entry_id="JE60002") == (
        "Error: Bank line BL80001 is already matched to JE60001"
    )
    assert no("match_bank_line", bank_line_id="BL80003", entry_id="JE60051") == (
        "Error: Entry JE60051 belongs to another client"
    )
    assert no("match_bank_line", bank_line_id="BL80004", entry_id="JE60001") == (
        "Error: Entry JE60001 is already matched to bank line BL80001"
    )
    assert no("match_bank_line", bank_line_id="BL80003", entry_id="JE60003") == (
        "Error: Entry JE60003 moves -880.00 in 1010"
    )


def test_journal_entries_balance_in_the_open_period(tools, ok, no):
    fee = [{"account": "6100", "debit": 35}, {"account": "1010", "credit": 35}]
    entry = ok(
        "post_journal_entry",
        client_code="CL1001",
        entry_date="2025-11-12",
        lines=fee,
        memo="ACCOUNT SERVICE CHARGE",
        posted_by="U2003",
    )
    assert entry["entry_id"] == "JE100001" and tools.db.next_entry_number == 100002
    assert ok("match_bank_line", bank_line_id="BL80002", entry_id="JE100001")["matched_entry"] == "JE100001"
    base = {"client_code": "CL1001", "posted_by": "U2002", "memo": "m"}
    assert no("post_journal_entry", entry_date="2025-11-12", lines=fee, **{**base, "posted_by": "U2041"}) == (
        "Error: User U2041 is not a user of client CL1001"
    )
    assert no("post_journal_entry", entry_date="2025-10-31", lines=fee, **base) == (
        "Error: Entry date 2025-10-31 is in a locked period: the books are closed through 2025-10-31"
    )
    day = {"entry_date": "2025-11-12"}
    assert no("post_journal_entry", lines=fee[:1], **day, **base) == "Error: An entry needs at least two lines"
    assert no("post_journal_entry", lines="6100 35", **day, **base) == "Error: The entry lines must be a list"
    assert no("post_journal_entry", lines=[{"debit": 5}, {"credit": 5}], **day, **base) == (
        "Error: Each of the entry lines must be written as in the example"
    )
    assert no("post_journal_entry", lines=[{"account": "9999", "debit": 5}, fee[1]], **day, **base) == (
        "Error: Account 9999 is not in the chart of accounts"
    )
    assert no("post_journal_entry", lines=[{"account": "6100", "debit": 5, "credit": 5}, fee[1]], **day, **base) == (
        "Error: Each line needs either a debit or a credit, more than zero"
    )
    assert no("post_journal_entry", lines=[{"account": "6100", "debit": 36}, fee[1]], **day, **base) == (
        "Error: Entry does not balance: debits 36.00, credits 35.00"
    )
    assert no("post_journal_entry", lines=fee, **day, **{**base, "memo": " "}) == "Error: A memo is required"


def test_invoices_are_issued_on_the_customers_terms(tools, ok, no):
    lines = [
        {"description": "Leaf removal", "quantity": 3, "unit_price": 450},
        {"description": "Gutter cleaning", "quantity": 1, "unit_price": 275},
    ]
    invoice = ok("create_invoice", client_code="CL1002", customer_id="CU40012", lines=lines)
    assert (invoice["invoice_id"], invoice["amount"], invoice["due_date"]) == ("IN80001", 1625.0, "2025-12-03")
    assert tools.db.customers["CU40012"].open_balance == 5825.0
    assert no("create_invoice", client_code="CL1002", customer_id="CU40051", lines=lines) == (
        "Error: Customer CU40051 is not a customer of client CL1002"
    )
    assert no("create_invoice", client_code="CL1002", customer_id="CU40012", lines=[]) == (
        "Error: An invoice needs at least one line"
    )
    blank = [{"description": " ", "quantity": 1, "unit_price": 5}]
    assert no("create_invoice", client_code="CL1002", customer_id="CU40012", lines=blank) == (
        "Error: Each line needs a description"
    )
    free = [{"description": "Visit", "quantity": 1, "unit_price": 0}]
    assert no("create_invoice", client_code="CL1002", customer_id="CU40012", lines=free) == (
        "Error: Quantity and unit price must be more than zero"
    )


def test_budget_lines_are_changed_in_place(ok, no):
    line = ok("update_budget", client_code="CL1002", year=2025, account="6500", amount=13000, changed_by="U2013")
    assert (line["amount"], line["last_changed_by"]) == (13000.0, "U2013")
    assert no("update_budget", client_code="CL1002", year=2025, account="6700", amount=1.0, changed_by="U2013") == (
        "Error: Client CL1002 has no 2025 budget line for account 6700"
    )
    assert no("update_budget", client_code="CL1002", year=2025, account="65", amount=1.0, changed_by="U2013") == (
        "Error: Account 65 not found"
    )
    assert no("update_budget", client_code="CL1002", year=2025, account="6500", amount=-1, changed_by="U2013") == (
        "Error: A budget cannot be negative"
    )
    assert no("update_budget", client_code="CL1002", year=2025, account="6500", amount=1.0, changed_by="U2001") == (
        "Error: User U2001 is not a user of client CL1002"
    )


def test_the_shared_tools_are_offered(ok):
    assert ok("calculate", expression="8450 * 0.02") == "169.0"
    assert ok("transfer_to_human_agents", summary="Owner asks a tax question") == "Transfer successful"


# Five test tasks worked by hand from the policy and the caller's words (see the report).


def _gold(domain, task_id):
    return [("assistant", a.name, dict(a.arguments)) for a in domain.tasks[task_id].gold_actions]


def test_task_1_the_portland_acme_bill_paid_with_its_discount(domain):
    task = domain.tasks["1"]
    gold = _gold(domain, "1")
    closing = "Approved; 2,254.00 goes out by ACH on 2025-11-22, after the 46.00 discount."
    assert reward_of(domain, task, gold, closing) == 1.0
    other_way = [
        *gold[:3],
        ("assistant", "search_vendors", {"client_code": "CL1001", "name": "acme supply co"}),
        *gold[3:],
    ]
    assert reward_of(domain, task, other_way, closing) == 1.0  # another search on the way changes nothing
    no_discount = [
        *gold[:4],
        ("assistant", "schedule_payment", {"bill_id": "B50003", "pay_date": "2025-12-12", "method": "ach"}),
    ]
    assert reward_of(domain, task, no_discount, "Paid on the due date, 2,300.00.") == 0.0


def test_task_13_bank_fee_booked_then_matched_in_any_order(domain):
    task = domain.tasks["13"]
    gold = _gold(domain, "13")
    reads, matches, fee = gold[:3], gold[3:5], gold[5:]
    assert reward_of(domain, task, [*reads, *fee, *reversed(matches)], "Done.") == 1.0
    lazy_memo = [*reads, *matches, ("assistant", fee[0][1], {**fee[0][2], "memo": "Bank fee"}), fee[1]]
    assert reward_of(domain, task, lazy_memo, "Done.") == 0.0


def test_task_25_a_controller_cannot_raise_a_budget_line_by_more_than_10_percent(domain):
    task = domain.tasks["25"]
    gold = _gold(domain, "25")
    assert reward_of(domain, task, gold, "The most you can set it to is 8,800.00; Tom can approve 9,500.") == 1.0
    raise_it = [
        *gold,
        (
            "assistant",
            "update_budget",
            {"client_code": "CL1002", "year": 2025, "account": "6000", "amount": 9500.0, "changed_by": "U2013"},
        ),
    ]
    assert reward_of(domain, task, raise_it, "Raised to 9,500.") == 0.0
    assert reward_of(domain, task, gold, "Only the owner can do that.") == 0.0  # the figure is what shows the reason


def test_task_46_the_copy_entered_later_is_voided_not_the_later_dated(domain):
    task = domain.tasks["46"]
    gold = _gold(domain, "46")
    assert reward_of(domain, task, gold, "B50032 is void.") == 1.0
    by_date = [
        *gold[:3],
        ("assistant", "void_bill", {"bill_id": "B50031", "reason": "duplicate", "voided_by": "U2032"}),
    ]
    assert reward_of(domain, task, by_date, "B50031 is void.") == 0.0


def test_task_11_withholding_is_taken_after_the_discount(domain):
    task = domain.tasks["11"]
    gold = _gold(domain, "11")
    closing = "Kettle & Co gets 940.50: the 1% discount is 12.50 and 297.00 is withheld."
    assert reward_of(domain, task, gold, closing) == 1.0
    skipped = {**gold[-1][2], "backup_withholding": False}
    lazy = [*gold[:-1], ("assistant", "schedule_payment", skipped)]
    assert reward_of(domain, task, lazy, "Kettle & Co gets 1,237.50 after the 12.50 discount.") == 0.0


def test_task_43_one_invoice_issued_the_other_refused_with_the_credit_left(domain):
    task = domain.tasks["43"]
    gold = _gold(domain, "43")
    closing = "Northgate's invoice is out; Little Oaks has only 350.00 of credit left, so that one waits."
    searches = [
        ("assistant", "search_customers", {"client_code": "CL1005", "name": "little oaks"}),
        ("assistant", "search_customers", {"client_code": "CL1005", "name": "northgate school"}),
    ]
    issued = {**gold[-1][2], "lines": [{"description": "Speech therapy sessions", "quantity": 12.0, "unit_price": 95}]}
    assert reward_of(domain, task, [gold[0], *searches, ("assistant", "create_invoice", issued)], closing) == 1.0
    second = {
        "client_code": "CL1005",
        "customer_id": "CU40052",
        "lines": [{"description": "Speech therapy sessions", "quantity": 4, "unit_price": 95.0}],
    }
    both = [*gold, ("assistant", "create_invoice", second)]
    assert reward_of(domain, task, both, "Both invoices are out.") == 0.0
    assert reward_of(domain, task, gold, "Little Oaks is over its limit.") == 0.0


def _broken(domain, task_id, number, **changes):
    """The rules a task's gold trace breaks once gold call ``number`` takes these arguments."""
    from taubench.domains.accounting.policy_rules import RULES
    from taubench.domains.gold_trace import gold_trace

    task = domain.tasks[task_id]
    actions = [action.model_copy(deep=True) for action in task.evaluation_criteria.actions]
    actions[number].arguments = {key: value for key, value in {**actions[number].arguments, **changes}.items()}
    criteria = task.evaluation_criteria.model_copy(update={"actions": actions})
    trace = gold_trace(domain, task.model_copy(update={"evaluation_criteria": criteria}))
    return {rule for rule, check in RULES.items() if check(trace)}


def test_the_policy_checks_catch_a_gold_trace_that_breaks_them(domain):
    assert _broken(domain, "11", 4, backup_withholding=False) == {9, 11}  # the net said is no longer the net paid
    assert _broken(domain, "20", 4, pay_date="2025-12-11", take_discount=False) == {9}
    assert _broken(domain, "3", 4, hold_reason=None) == {6}
    assert _broken(domain, "8", 3, bill_id="B50008") == {5}  # the first-entered copy voided
    assert _broken(domain, "24", 2, amount=14000.0) == {15}  # a controller's change above 10%
    assert _broken(domain, "13", 3, bank_line_id="BL80004", entry_id="JE60003") == {13}  # 7 days apart
