"""Writes the accounting domain's ``data/tasks.json`` and ``split_tasks.json`` from the task
list below, after running every task's gold actions on a fresh toolkit: each must succeed, and
every figure the agent must say is read from what the gold calls showed (or follows by the
task's stated arithmetic). Run it from the repository root:
``.venv/bin/python tests/domains/accounting/build_tasks.py``."""

from pathlib import Path
from typing import Any

from taubench.domains import DOMAINS
from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/accounting/data"
Calls = list[tuple[str, dict[str, Any]]]

CALLERS = {
    "dana": ("Dana Whitcomb", "U2001", "CL1001", "Brightwater Bakery"),
    "marcus": ("Marcus Lee", "U2002", "CL1001", "Brightwater Bakery"),
    "priya": ("Priya Nair", "U2003", "CL1001", "Brightwater Bakery"),
    "tom": ("Tom Reyes", "U2011", "CL1002", "Pinecrest Landscaping"),
    "maria_p": ("Maria Lopez", "U2012", "CL1002", "Pinecrest Landscaping"),
    "kevin": ("Kevin Osei", "U2013", "CL1002", "Pinecrest Landscaping"),
    "maria_s": ("Maria Lopez", "U2021", "CL1003", "Maria Lopez Studio"),
    "ben": ("Ben Carter", "U2022", "CL1003", "Maria Lopez Studio"),
    "sam": ("Sam Whitfield", "U2031", "CL1004", "Copperline Electric"),
    "alicia": ("Alicia Grant", "U2032", "CL1004", "Copperline Electric"),
    "devon": ("Devon Park", "U2033", "CL1004", "Copperline Electric"),
    "grace": ("Grace Kim", "U2041", "CL1005", "Riverside Pediatric Therapy"),
    "omar": ("Omar Haddad", "U2042", "CL1005", "Riverside Pediatric Therapy"),
    "lena": ("Lena Fischer", "U2043", "CL1005", "Riverside Pediatric Therapy"),
    "peter": ("Peter Novak", "U2052", "CL1006", "Riverside Therapy Group"),
}
NEW_BILL, NEW_ENTRY, NEW_INVOICE = "B60001", "JE100001", "IN80001"
NOV = {"date_from": "2025-11-01", "date_to": "2025-11-18"}

TASKS: list[dict[str, Any]] = []


def client(code: str) -> tuple[str, dict[str, Any]]:
    return ("get_client", {"client_code": code})


def vendors(code: str, name: str) -> tuple[str, dict[str, Any]]:
    return ("search_vendors", {"client_code": code, "name": name})


def bills_of(vendor_id: str) -> tuple[str, dict[str, Any]]:
    return ("list_vendor_bills", {"vendor_id": vendor_id})


def add(
    who: str,
    persona: str,
    reason: str,
    instructions: str,
    actions: Calls,
    say: list[str] | None = None,
    tags: tuple[str, ...] = (),
    rules: tuple[int, ...] = (),
    arithmetic: dict[str, str] | None = None,
    unknown: str | None = None,
    known: str | None = None,
    action_basis: dict[int, list[str]] | None = None,
) -> None:
    name, user_id, code, company = CALLERS[who]
    TASKS.append(
        {
            "who": (name, user_id, code, company),
            "persona": persona,
            "reason": reason,
            "known": known or f"You are {name}, user id {user_id}, at {company}, client code {code}.",
            "unknown": unknown,
            "instructions": instructions,
            "actions": actions,
            "say": say or [],
            "tags": list(tags),
            "rules": sorted({1, *rules}),
            "arithmetic": arithmetic or {},
            "action_basis": action_basis,
        }
    )


# 0
add(
    "marcus",
    "The bakery's controller, brisk and organised.",
    "A bill from Acme Supply Co in Portland just came in for the sheet pans and racks on purchase order PO7002:"
    " invoice AS-8010, dated 2025-11-14, $8,450.00. You want it entered, approved by you and paid.",
    "Give the bill's details when asked. Ask how much will actually go out and how much the discount saves."
    " Confirm when the agent reads the changes back.",
    [
        client("CL1001"),
        vendors("CL1001", "Acme"),
        bills_of("V30001"),
        ("get_purchase_order", {"po_id": "PO7002"}),
        (
            "record_bill",
            {
                "client_code": "CL1001",
                "vendor_id": "V30001",
                "number": "AS-8010",
                "bill_date": "2025-11-14",
                "amount": 8450.0,
                "po_id": "PO7002",
            },
        ),
        ("approve_bill", {"bill_id": NEW_BILL, "approver_id": "U2002"}),
        ("schedule_payment", {"bill_id": NEW_BILL, "pay_date": "2025-11-24", "method": "ach", "take_discount": True}),
    ],
    say=["169", "8281"],
    tags=("compound", "arithmetic"),
    rules=(2, 4, 5, 6, 8, 9, 18),
)
# 1
add(
    "marcus",
    "The bakery's controller, in a hurry between deliveries.",
    "You want the Acme Supply bill that is waiting for approval approved by you and paid.",
    "Just say 'the Acme Supply bill'. Only if the agent asks which Acme Supply, say it is the Portland one"
    " (invoice AS-7902). Ask what will be paid and when. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Acme Supply"),
        bills_of("V30001"),
        ("approve_bill", {"bill_id": "B50003", "approver_id": "U2002"}),
        ("schedule_payment", {"bill_id": "B50003", "pay_date": "2025-11-22", "method": "ach", "take_discount": True}),
    ],
    say=["46", "2254"],
    tags=("clarify", "arithmetic"),
    rules=(2, 4, 8, 9, 18),
)
# 2
add(
    "priya",
    "The bakery's office assistant, eager to clear the pile before the owner is back.",
    "You want to approve Cedar Flour Mill's invoice CF-10588 yourself so it can be paid this week. The payables"
    " list shows it as bill B50010.",
    "Insist once that you usually handle bills. If the agent says you cannot, ask what the most is that you"
    " may approve, then thank them and end the call.",
    [client("CL1001"), ("get_bill", {"bill_id": "B50010"})],
    say=["5000"],
    tags=("refusal",),
    rules=(2,),
    arithmetic={"5000": "5000"},
)
# 3
add(
    "marcus",
    "The bakery's controller, annoyed at a vendor's pricing.",
    "Cedar Flour Mill's invoice CF-10620 for the bread flour on purchase order PO7001 came in: dated 2025-11-12,"
    " $4,160.00. Enter it.",
    "If the agent says the bill cannot go through as usual, ask by how much it is off. Agree to what the"
    " agent proposes under the firm's rules. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Cedar Flour"),
        bills_of("V30003"),
        ("get_purchase_order", {"po_id": "PO7001"}),
        (
            "record_bill",
            {
                "client_code": "CL1001",
                "vendor_id": "V30003",
                "number": "CF-10620",
                "bill_date": "2025-11-12",
                "amount": 4160.0,
                "po_id": "PO7001",
                "hold_reason": "differs_from_po",
            },
        ),
    ],
    say=["160"],
    tags=("fallback", "arithmetic"),
    rules=(5, 6, 18),
    arithmetic={"160": "4160 - 4000"},
)
# 4
add(
    "priya",
    "The bakery's office assistant, careful with paperwork.",
    "Cedar Flour Mill's invoice CF-10655 for the rye and spelt flour on purchase order PO7003 arrived: dated"
    " 2025-11-13, $2,520.00. You want it entered so Marcus can approve it.",
    "You know the order was for $2,500 and a bag or two were short. Do not ask for approval or payment."
    " Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Cedar Flour"),
        bills_of("V30003"),
        ("get_purchase_order", {"po_id": "PO7003"}),
        (
            "record_bill",
            {
                "client_code": "CL1001",
                "vendor_id": "V30003",
                "number": "CF-10655",
                "bill_date": "2025-11-13",
                "amount": 2520.0,
                "po_id": "PO7003",
            },
        ),
    ],
    rules=(5, 6, 18),
)
# 5
add(
    "marcus",
    "The bakery's controller, double-checking a delivery.",
    "Acme Supply Co in Portland sent invoice AS-8023 for the proofing baskets on purchase order PO7004: dated"
    " 2025-11-15, $1,200.00, the full order. Enter it.",
    "If the agent raises a problem, ask by how much the bill is off and accept what the rules say to do."
    " Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Acme"),
        bills_of("V30001"),
        ("get_purchase_order", {"po_id": "PO7004"}),
        (
            "record_bill",
            {
                "client_code": "CL1001",
                "vendor_id": "V30001",
                "number": "AS-8023",
                "bill_date": "2025-11-15",
                "amount": 1200.0,
                "po_id": "PO7004",
                "hold_reason": "differs_from_receipts",
            },
        ),
    ],
    say=["100"],
    tags=("fallback", "arithmetic"),
    rules=(4, 5, 6, 18),
    arithmetic={"100": "1200 - 1100"},
)
# 6
add(
    "priya",
    "The bakery's office assistant, working through a stack of mail.",
    "You found Cedar Flour Mill's invoice CF-10442 for $3,380.00, dated 2025-11-03, in the mail and want it entered.",
    "If the agent will not enter it, ask which bill already covers it, note the id and end the call.",
    [client("CL1001"), vendors("CL1001", "Cedar Flour"), bills_of("V30003")],
    say=["B50007"],
    tags=("refusal",),
    rules=(5,),
)
# 7
add(
    "priya",
    "The bakery's office assistant, a little rushed.",
    "You want Acme Supply's invoice T-5534 entered: $615.00, dated 2025-11-14.",
    "Say only 'Acme Supply' at first. If asked which one, it is the Acme Supply Co in Tacoma. If the agent will"
    " not enter it, ask which bill it clashes with and end the call.",
    [client("CL1001"), vendors("CL1001", "Acme"), bills_of("V30002")],
    say=["B50002"],
    tags=("refusal", "clarify"),
    rules=(4, 5),
)
# 8
add(
    "marcus",
    "The bakery's controller, tidying the payables.",
    "Cedar Flour Mill's invoice CF-10501 got entered twice. You want the extra copy voided and the invoice"
    " approved by you and paid.",
    "Let the agent work out which copy goes. Ask on what day the payment will go out. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Cedar Flour"),
        bills_of("V30003"),
        ("void_bill", {"bill_id": "B50009", "reason": "duplicate", "voided_by": "U2002"}),
        ("approve_bill", {"bill_id": "B50008", "approver_id": "U2002"}),
        ("schedule_payment", {"bill_id": "B50008", "pay_date": "2025-12-04", "method": "ach"}),
    ],
    say=["2025-12-04"],
    tags=("compound",),
    rules=(2, 3, 5, 8, 9, 18),
)
# 9
add(
    "priya",
    "The bakery's office assistant; the refrigeration company keeps calling about its money.",
    "You want Northside Refrigeration's bill NR-330 paid as soon as possible.",
    "You do not have any tax form from Northside and do not know their tax id. If the agent says the payment"
    " has to wait, accept it and end the call.",
    [client("CL1001"), vendors("CL1001", "Northside")],
    tags=("refusal",),
    rules=(10,),
    action_basis={1: ["client_code"]},
)
# 10
add(
    "marcus",
    "The bakery's controller, who finally got the paperwork from the refrigeration company.",
    "Northside Refrigeration sent its W-9 and you want its bill NR-330 paid.",
    "The W-9 has the EIN box checked and the number ends in 6402. Ask whether anything else needs to be filed"
    " for this vendor at year end, and when. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Northside"),
        bills_of("V30005"),
        ("record_w9", {"vendor_id": "V30005", "tin_type": "EIN", "tin_last4": "6402"}),
        ("schedule_payment", {"bill_id": "B50005", "pay_date": "2025-12-05", "method": "ach"}),
    ],
    say=["2026-01-31"],
    tags=("compound",),
    rules=(2, 8, 10, 12, 18),
)
# 11
add(
    "marcus",
    "The bakery's controller, watching cash closely this month.",
    "You want Kettle & Co Packaging's bill KC-2291 approved by you and paid.",
    "Ask exactly how much Kettle & Co will receive and how much is held back, and why. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Kettle"),
        bills_of("V30006"),
        ("approve_bill", {"bill_id": "B50006", "approver_id": "U2002"}),
        (
            "schedule_payment",
            {
                "bill_id": "B50006",
                "pay_date": "2025-11-23",
                "method": "ach",
                "take_discount": True,
                "backup_withholding": True,
            },
        ),
    ],
    say=["12.50", "297", "940.50"],
    tags=("arithmetic",),
    rules=(2, 9, 10, 11, 18),
)
# 12
add(
    "priya",
    "The bakery's office assistant; the designer prefers paper checks.",
    "You want Rosa Delgado Design's invoice RD-1107 approved by you and paid by check.",
    "Ask whether the bakery will owe Rosa any tax form for the year, and when it is due. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Rosa"),
        bills_of("V30004"),
        ("approve_bill", {"bill_id": "B50004", "approver_id": "U2003"}),
        ("schedule_payment", {"bill_id": "B50004", "pay_date": "2025-11-22", "method": "check"}),
    ],
    say=["2026-01-31"],
    tags=("compound",),
    rules=(2, 8, 12, 18),
)
# 13
add(
    "priya",
    "The bakery's office assistant, doing the November bank reconciliation.",
    "On the checking account you want three things reconciled: the Acme Supply payment that cleared on"
    " 2025-11-03, the weekend market deposit that cleared on 2025-11-10, and the $35.00 service charge the bank"
    " took on 2025-11-12, which nobody has booked.",
    "Leave everything else on the statement alone for now. Confirm when asked.",
    [
        client("CL1001"),
        ("list_bank_lines", {"client_code": "CL1001", **NOV, "unmatched_only": True}),
        ("list_journal_entries", {"client_code": "CL1001", **NOV}),
        ("match_bank_line", {"bank_line_id": "BL80001", "entry_id": "JE60001"}),
        ("match_bank_line", {"bank_line_id": "BL80003", "entry_id": "JE60002"}),
        (
            "post_journal_entry",
            {
                "client_code": "CL1001",
                "entry_date": "2025-11-12",
                "lines": [{"account": "1010", "credit": 35.0}, {"account": "6100", "debit": 35.0}],
                "memo": "ACCOUNT SERVICE CHARGE",
                "posted_by": "U2003",
            },
        ),
        ("match_bank_line", {"bank_line_id": "BL80002", "entry_id": NEW_ENTRY}),
    ],
    tags=("compound",),
    rules=(3, 13, 18),
)
# 14
add(
    "priya",
    "The bakery's office assistant, finishing the reconciliation.",
    "Check 1043 for $880.00 cleared on 2025-11-14. You want it matched to the entry for the oven repair.",
    "If the agent will not match it, ask what date the oven repair entry carries, then end the call.",
    [
        client("CL1001"),
        ("list_bank_lines", {"client_code": "CL1001", **NOV, "unmatched_only": True}),
        ("list_journal_entries", {"client_code": "CL1001", **NOV}),
    ],
    say=["2025-11-07"],
    tags=("refusal",),
    rules=(13,),
)
# 15
add(
    "priya",
    "The bakery's office assistant.",
    "The bank charged a $145.00 international wire fee on 2025-11-15. You want it booked and matched.",
    "If the agent says you cannot, ask up to what amount you could book a bank fee yourself, then end the call.",
    [client("CL1001"), ("list_bank_lines", {"client_code": "CL1001", **NOV, "unmatched_only": True})],
    say=["100"],
    tags=("refusal",),
    rules=(3, 13),
    arithmetic={"100": "100"},
)
# 16
add(
    "marcus",
    "The bakery's controller, closing out the bank items Priya could not.",
    "The bank charged a $145.00 international wire fee on 2025-11-15 that nobody has booked. You want it booked"
    " and reconciled.",
    "Nothing else. Confirm when asked.",
    [
        client("CL1001"),
        ("list_bank_lines", {"client_code": "CL1001", **NOV, "unmatched_only": True}),
        ("list_journal_entries", {"client_code": "CL1001", **NOV}),
        (
            "post_journal_entry",
            {
                "client_code": "CL1001",
                "entry_date": "2025-11-15",
                "lines": [{"account": "6100", "debit": 145.0}, {"account": "1010", "credit": 145.0}],
                "memo": "INTL WIRE FEE",
                "posted_by": "U2002",
            },
        ),
        ("match_bank_line", {"bank_line_id": "BL80005", "entry_id": NEW_ENTRY}),
    ],
    rules=(3, 13, 18),
)
# 17
add(
    "dana",
    "The bakery's owner, planning a holiday campaign.",
    "You want to know how much of this year's advertising budget is left, and then raise the 2025 advertising"
    " budget to $7,500.00.",
    "Ask for the amount left first; then ask for the raise. Confirm when asked.",
    [
        client("CL1001"),
        ("get_budget_vs_actual", {"client_code": "CL1001", "year": 2025}),
        (
            "update_budget",
            {"client_code": "CL1001", "year": 2025, "account": "6000", "amount": 7500.0, "changed_by": "U2001"},
        ),
    ],
    say=["1787.60"],
    tags=("compound",),
    rules=(3, 15, 18),
)
# 18
add(
    "marcus",
    "The bakery's controller, preparing a note for the partners.",
    "You want to know by how much the checking account balance in the books grew during October (from the end"
    " of September to the end of October).",
    "You want one figure, to the cent. End the call once you have it.",
    [
        client("CL1001"),
        ("get_trial_balance", {"client_code": "CL1001", "period": "2025-09"}),
        ("get_trial_balance", {"client_code": "CL1001", "period": "2025-10"}),
    ],
    say=["10325.87"],
    tags=("arithmetic",),
    rules=(),
    arithmetic={"10325.87": "66598.31 - 56272.44"},
)
# 19
add(
    "maria_p",
    "Pinecrest's office staffer, trying to help the crew get their plants paid for.",
    "You want to approve Greenleaf Nursery's invoice GN-8812 yourself.",
    "If the agent says no, ask what the most is that you could approve, and end the call.",
    [client("CL1002"), vendors("CL1002", "Greenleaf"), bills_of("V30011")],
    say=["5000"],
    tags=("refusal",),
    rules=(2,),
    arithmetic={"5000": "5000"},
)
# 20
add(
    "kevin",
    "Pinecrest's controller, who likes to hold cash as long as possible.",
    "You want Greenleaf Nursery's invoice GN-8812 approved by you and paid on its due date, 2025-12-11.",
    "Ask for the due date first. If the agent explains that paying later loses a discount, ask how much you would"
    " lose and then agree to the agent's date. Ask how much will go out. Confirm when asked.",
    [
        client("CL1002"),
        vendors("CL1002", "Greenleaf"),
        bills_of("V30011"),
        ("approve_bill", {"bill_id": "B50011", "approver_id": "U2013"}),
        ("schedule_payment", {"bill_id": "B50011", "pay_date": "2025-11-21", "method": "ach", "take_discount": True}),
    ],
    say=["124", "6076"],
    tags=("fallback", "arithmetic"),
    rules=(2, 8, 9, 18),
)
# 21
add(
    "maria_p",
    "Pinecrest's office staffer, sending out the fall invoices.",
    "You want to invoice Oakridge for the fall cleanup: 2 visits at $1,500.00 each.",
    "Say only 'Oakridge' at first. If asked which, it is the homeowners' association (Oakridge HOA). If the agent"
    " will not issue it, ask how much could still be invoiced to them, and end the call.",
    [client("CL1002"), ("search_customers", {"client_code": "CL1002", "name": "Oakridge"})],
    say=["2650"],
    tags=("refusal", "clarify", "arithmetic"),
    rules=(16,),
    arithmetic={"2650": "20000 - 17350"},
)
# 22
add(
    "maria_p",
    "Pinecrest's office staffer, sending out the fall invoices.",
    "You want to invoice Maple Court Apartments for two things: Leaf removal, 3 visits at $450.00, and Gutter"
    " cleaning, 1 at $275.00.",
    "Use those descriptions exactly: 'Leaf removal' and 'Gutter cleaning'. Ask for the invoice total and its due"
    " date. Confirm when asked.",
    [
        client("CL1002"),
        ("search_customers", {"client_code": "CL1002", "name": "Maple Court"}),
        (
            "create_invoice",
            {
                "client_code": "CL1002",
                "customer_id": "CU40012",
                "lines": [
                    {"description": "Leaf removal", "quantity": 3, "unit_price": 450.0},
                    {"description": "Gutter cleaning", "quantity": 1, "unit_price": 275.0},
                ],
            },
        ),
    ],
    say=["1625", "2025-12-03"],
    rules=(16, 18),
)
# 23
add(
    "maria_p",
    "Pinecrest's office staffer.",
    "You want to invoice Oakridge for a tree removal job: one line, 'Tree removal', 1 at $1,800.00.",
    "Say only 'Oakridge' at first. If asked which, it is Oakridge Homes Inc, the builder in Eagle. Confirm when asked.",
    [
        client("CL1002"),
        ("search_customers", {"client_code": "CL1002", "name": "Oakridge"}),
        (
            "create_invoice",
            {
                "client_code": "CL1002",
                "customer_id": "CU40013",
                "lines": [{"description": "Tree removal", "quantity": 1, "unit_price": 1800.0}],
            },
        ),
    ],
    tags=("clarify",),
    rules=(16, 18),
)
# 24
add(
    "kevin",
    "Pinecrest's controller, planning winter equipment work.",
    "You want the 2025 repairs and maintenance budget raised from $12,000.00 to $13,000.00.",
    "Confirm when asked.",
    [
        client("CL1002"),
        ("get_budget_vs_actual", {"client_code": "CL1002", "year": 2025}),
        (
            "update_budget",
            {"client_code": "CL1002", "year": 2025, "account": "6500", "amount": 13000.0, "changed_by": "U2013"},
        ),
    ],
    rules=(3, 15, 18),
)
# 25
add(
    "kevin",
    "Pinecrest's controller, pushing for more spring advertising.",
    "You want the 2025 advertising budget raised from $8,000.00 to $9,500.00.",
    "If the agent says you cannot, ask what the highest amount is that you could set it to yourself; do not take"
    " that amount now, say you will talk to Tom, and end the call.",
    [client("CL1002"), ("get_budget_vs_actual", {"client_code": "CL1002", "year": 2025})],
    say=["8800"],
    tags=("refusal", "arithmetic"),
    rules=(15,),
    arithmetic={"8800": "8000 + 8000 * 10 / 100"},
)
# 26
add(
    "tom",
    "Pinecrest's owner, rebalancing the year's budget.",
    "You want two 2025 budget changes: advertising up from $8,000.00 to $9,500.00, and repairs and maintenance"
    " down from $12,000.00 to $10,500.00.",
    "Confirm when asked.",
    [
        client("CL1002"),
        ("get_budget_vs_actual", {"client_code": "CL1002", "year": 2025}),
        (
            "update_budget",
            {"client_code": "CL1002", "year": 2025, "account": "6000", "amount": 9500.0, "changed_by": "U2011"},
        ),
        (
            "update_budget",
            {"client_code": "CL1002", "year": 2025, "account": "6500", "amount": 10500.0, "changed_by": "U2011"},
        ),
    ],
    tags=("compound",),
    rules=(3, 15, 18),
)
# 27
add(
    "maria_p",
    "Pinecrest's office staffer; the tree service finally sent its paperwork.",
    "Luis Ortega Tree Service sent its W-9, and you want their invoice LO-57 paid.",
    "The W-9 has the SSN box checked, ending in 5120. Ask whether Pinecrest owes any tax form for Luis at year"
    " end and when. Confirm when asked.",
    [
        client("CL1002"),
        vendors("CL1002", "Ortega"),
        bills_of("V30013"),
        ("record_w9", {"vendor_id": "V30013", "tin_type": "SSN", "tin_last4": "5120"}),
        ("schedule_payment", {"bill_id": "B50014", "pay_date": "2025-12-12", "method": "ach"}),
    ],
    say=["2026-01-31"],
    tags=("compound",),
    rules=(2, 8, 10, 12, 18),
)
# 28
add(
    "maria_p",
    "Pinecrest's office staffer, helping out at a friend's studio.",
    "You want a camera repair bill entered for Maria Lopez Studio.",
    "You think your user id works for any client you help. If the agent will not go ahead, end the call.",
    [client("CL1003")],
    tags=("refusal",),
    rules=(),
    known="You are Maria Lopez, user id U2012. You give the client code CL1003 (Maria Lopez Studio).",
    action_basis={0: ["client_code"]},
)
# 29
add(
    "maria_s",
    "A photographer who runs her own studio, friendly and quick.",
    "Lumen Camera Rentals sent invoice LR-4410, dated 2025-11-16, for $780.00. You want it entered, approved by"
    " you and paid on the due date.",
    "You rent the same kit every few weeks, so the amount is usually the same. Confirm when asked.",
    [
        client("CL1003"),
        vendors("CL1003", "Lumen"),
        bills_of("V30021"),
        (
            "record_bill",
            {
                "client_code": "CL1003",
                "vendor_id": "V30021",
                "number": "LR-4410",
                "bill_date": "2025-11-16",
                "amount": 780.0,
            },
        ),
        ("approve_bill", {"bill_id": NEW_BILL, "approver_id": "U2021"}),
        ("schedule_payment", {"bill_id": NEW_BILL, "pay_date": "2025-12-01", "method": "ach"}),
    ],
    rules=(2, 5, 8, 18),
)
# 30
add(
    "ben",
    "The studio's assistant, getting ready for year end.",
    "You want to know whether the studio has to send Jordan Pike, your second shooter, a 1099 for 2025.",
    "Ask how much more the studio could pay Jordan this year before a 1099 is needed. End the call then.",
    [client("CL1003"), vendors("CL1003", "Jordan")],
    say=["40"],
    tags=("arithmetic",),
    rules=(12,),
    arithmetic={"40": "600 - 560"},
)
# 31
add(
    "alicia",
    "Copperline's controller, cleaning up November's coding.",
    "Devon posted the $1,200.00 design software licences to office supplies (account 6350) on 2025-11-05. They"
    " belong in software subscriptions (account 6550). You want it corrected.",
    "If asked for a memo, say: Reclass design software to subscriptions. Confirm when asked.",
    [
        client("CL1004"),
        ("list_journal_entries", {"client_code": "CL1004", **NOV}),
        (
            "post_journal_entry",
            {
                "client_code": "CL1004",
                "entry_date": "2025-11-18",
                "lines": [{"account": "6550", "debit": 1200.0}, {"account": "6350", "credit": 1200.0}],
                "memo": "Reclass design software to subscriptions",
                "posted_by": "U2032",
            },
        ),
    ],
    rules=(3, 14, 18),
)
# 32
add(
    "alicia",
    "Copperline's controller; an October utility bill slipped through.",
    "October's electricity, $640.00, was never recorded and is still unpaid. You want an entry dated 2025-10-31:"
    " debit 6700 utilities, credit 2000 accounts payable.",
    "If the agent cannot use October 31, accept the date the agent proposes under the rules and ask which date"
    " it will carry. Confirm when asked.",
    [
        client("CL1004"),
        (
            "post_journal_entry",
            {
                "client_code": "CL1004",
                "entry_date": "2025-11-01",
                "lines": [{"account": "6700", "debit": 640.0}, {"account": "2000", "credit": 640.0}],
                "memo": "Adjustment for 2025-10",
                "posted_by": "U2032",
            },
        ),
    ],
    say=["2025-11-01"],
    tags=("fallback",),
    rules=(3, 7, 14, 18),
    arithmetic={"2025-11-01": "2025-10-31 + 1 days"},
)
# 33
add(
    "sam",
    "Copperline's owner, who found a mistake in last year's books.",
    "Last year's profit was overstated by $2,500.00. You want an entry posted today straight to retained earnings"
    " to fix it.",
    "Insist once. If the agent offers to pass you to an accountant, accept.",
    [client("CL1004"), ("transfer_to_human_agents", {"summary": "Owner asks for a prior-year correction to 3200"})],
    tags=("refusal",),
    rules=(14, 17),
    action_basis={0: ["client_code"], 1: []},
)
# 34
add(
    "peter",
    "The therapy group's office staffer, who wants to fix a coding mistake before the owner notices.",
    "A $300.00 charge for scheduling software was booked to office supplies (account 6350) this month; you want"
    " an entry that moves it to software subscriptions (account 6550).",
    "If the agent will not post it for you, say you will ask Grace, and end the call.",
    [client("CL1006")],
    tags=("refusal",),
    rules=(3, 14),
    action_basis={0: ["client_code"]},
)
# 35
add(
    "sam",
    "Copperline's owner, thinking about taxes after buying a new work van.",
    "Two questions: when the fourth-quarter 941 is due, and whether Copperline can deduct the whole van this year.",
    "Ask the date first. For the van, accept being passed to an accountant.",
    [client("CL1004"), ("transfer_to_human_agents", {"summary": "Owner asks whether a van can be fully deducted"})],
    say=["2026-02-02"],
    tags=("refusal", "compound"),
    rules=(17,),
    action_basis={0: ["client_code"], 1: []},
)
# 36
add(
    "devon",
    "Copperline's office staffer, filling in the office wall calendar.",
    "You want two dates: when the company's 2025 S-corporation return is due, and when the 1099-NEC forms are due.",
    "End the call once you have both dates.",
    [client("CL1004")],
    say=["2026-03-16", "2026-01-31"],
    tags=("compound",),
    rules=(12, 17),
)
# 37
add(
    "alicia",
    "Copperline's controller, preparing for a budget meeting.",
    "You want the combined amount in the books for software subscriptions and travel from January through the"
    " end of October.",
    "You want one figure to the cent. End the call then.",
    [client("CL1004"), ("get_trial_balance", {"client_code": "CL1004", "period": "2025-10"})],
    say=["7941.87"],
    tags=("arithmetic",),
    rules=(),
    arithmetic={"7941.87": "4833.33 + 3108.54"},
)
# 38
add(
    "sam",
    "Copperline's owner, who hates going over budget.",
    "You want to know by how much the 2025 software budget is over, and then set that budget to $5,000.00.",
    "Ask the first question first. Confirm the change when asked.",
    [
        client("CL1004"),
        ("get_budget_vs_actual", {"client_code": "CL1004", "year": 2025}),
        (
            "update_budget",
            {"client_code": "CL1004", "year": 2025, "account": "6550", "amount": 5000.0, "changed_by": "U2031"},
        ),
    ],
    say=["33.33"],
    tags=("compound",),
    rules=(3, 15, 18),
)
# 39
add(
    "grace",
    "The owner of a pediatric therapy practice, calling from her car.",
    "You want Kidsplay Equipment's invoice KP-121 approved by you and paid.",
    "At first give the client code CL1006 by mistake. If the agent says your user id is not on that client, say"
    " your practice is Riverside Pediatric Therapy and give CL1005. Confirm when asked.",
    [
        client("CL1006"),
        client("CL1005"),
        vendors("CL1005", "Kidsplay"),
        bills_of("V30052"),
        ("approve_bill", {"bill_id": "B50054", "approver_id": "U2041"}),
        ("schedule_payment", {"bill_id": "B50054", "pay_date": "2025-12-14", "method": "ach"}),
    ],
    tags=("clarify", "fallback"),
    rules=(2, 8, 18),
    known="You are Grace Kim, user id U2041, owner of Riverside Pediatric Therapy (client code CL1005).",
)
# 40
add(
    "lena",
    "The practice's office manager, doing the November bank reconciliation.",
    "You want the November checking lines reconciled: the Medicaid deposit, the payroll service charge that"
    " matches its entry, and the monthly maintenance fee, which nobody has booked.",
    "Ask whether anything is left unmatched and why. Confirm when asked.",
    [
        client("CL1005"),
        ("list_bank_lines", {"client_code": "CL1005", **NOV, "unmatched_only": True}),
        ("list_journal_entries", {"client_code": "CL1005", **NOV}),
        ("match_bank_line", {"bank_line_id": "BL80052", "entry_id": "JE60051"}),
        ("match_bank_line", {"bank_line_id": "BL80054", "entry_id": "JE60052"}),
        (
            "post_journal_entry",
            {
                "client_code": "CL1005",
                "entry_date": "2025-11-17",
                "lines": [{"account": "6100", "debit": 18.0}, {"account": "1010", "credit": 18.0}],
                "memo": "MONTHLY MAINTENANCE FEE",
                "posted_by": "U2043",
            },
        ),
        ("match_bank_line", {"bank_line_id": "BL80051", "entry_id": NEW_ENTRY}),
    ],
    say=["1150"],
    tags=("compound",),
    rules=(3, 13, 18),
)
# 41
add(
    "omar",
    "The practice's controller, squeezing every discount.",
    "You want Therapy Source's invoice TS-9931 approved by you and paid.",
    "Ask when it goes out, the discount and the amount paid. Confirm when asked.",
    [
        client("CL1005"),
        vendors("CL1005", "Therapy Source"),
        bills_of("V30051"),
        ("approve_bill", {"bill_id": "B50051", "approver_id": "U2042"}),
        ("schedule_payment", {"bill_id": "B50051", "pay_date": "2025-11-19", "method": "ach", "take_discount": True}),
    ],
    say=["63", "3087"],
    tags=("arithmetic",),
    rules=(2, 9, 18),
)
# 42
add(
    "omar",
    "The practice's controller.",
    "You want Hannah Cole Consulting's invoice HC-22 approved by you and paid.",
    "Ask how much Hannah will actually receive, how much is held back, and whether any year-end form is needed"
    " for her and when. Confirm when asked.",
    [
        client("CL1005"),
        vendors("CL1005", "Hannah Cole"),
        bills_of("V30053"),
        ("approve_bill", {"bill_id": "B50052", "approver_id": "U2042"}),
        (
            "schedule_payment",
            {"bill_id": "B50052", "pay_date": "2025-12-03", "method": "ach", "backup_withholding": True},
        ),
    ],
    say=["216", "684", "2026-01-31"],
    tags=("arithmetic",),
    rules=(2, 8, 11, 12, 18),
)
# 43
add(
    "lena",
    "The practice's office manager, billing the schools.",
    "You want two invoices for speech therapy: Northgate School District, 12 sessions at $95.00, and Little Oaks"
    " Preschool, 4 sessions at $95.00. Each invoice has one line, 'Speech therapy sessions'.",
    "If one cannot be issued, ask how much could still be invoiced to that customer, and leave it at that."
    " Confirm when asked.",
    [
        client("CL1005"),
        ("search_customers", {"client_code": "CL1005", "name": "Northgate"}),
        ("search_customers", {"client_code": "CL1005", "name": "Little Oaks"}),
        (
            "create_invoice",
            {
                "client_code": "CL1005",
                "customer_id": "CU40051",
                "lines": [{"description": "Speech therapy sessions", "quantity": 12, "unit_price": 95.0}],
            },
        ),
    ],
    say=["350"],
    tags=("compound", "refusal", "arithmetic"),
    rules=(16, 18),
    arithmetic={"350": "3000 - 2650"},
)
# 44
add(
    "omar",
    "The practice's controller, sorting out an equipment order.",
    "Kidsplay Equipment cancelled the order behind invoice KP-118 and sent a new invoice, KP-125, dated"
    " 2025-11-17, for $1,980.00. You want KP-118 voided and KP-125 entered.",
    "Confirm when asked.",
    [
        client("CL1005"),
        vendors("CL1005", "Kidsplay"),
        bills_of("V30052"),
        ("void_bill", {"bill_id": "B50053", "reason": "vendor_cancelled", "voided_by": "U2042"}),
        (
            "record_bill",
            {
                "client_code": "CL1005",
                "vendor_id": "V30052",
                "number": "KP-125",
                "bill_date": "2025-11-17",
                "amount": 1980.0,
            },
        ),
    ],
    tags=("compound",),
    rules=(3, 5, 18),
)
# 45
add(
    "lena",
    "The practice's office manager.",
    "Kidsplay Equipment cancelled the order behind invoice KP-118; you want that bill voided.",
    "If the agent will not do it for you, say you will ask Omar, and end the call.",
    [client("CL1005")],
    tags=("refusal",),
    rules=(3,),
    action_basis={0: ["client_code"]},
)
# 46
add(
    "alicia",
    "Copperline's controller, reviewing the payables list.",
    "Metro Wire Supply's invoice MW-5501 shows up twice in the payables. You want the extra one removed.",
    "Let the agent decide which copy goes under the rules. Confirm when asked.",
    [
        client("CL1004"),
        vendors("CL1004", "Metro Wire Supply"),
        bills_of("V30031"),
        ("void_bill", {"bill_id": "B50032", "reason": "duplicate", "voided_by": "U2032"}),
    ],
    rules=(3, 5, 18),
)
# 47
add(
    "maria_s",
    "The photographer; her makeup artist is waiting to be paid.",
    "You want Quinn Rivera's invoice QR-14 approved by you and paid.",
    "Say only 'Quinn Rivera' at first. If asked which, it is the makeup artist in Santa Fe. You have Quinn's W-9"
    " in hand: the SSN box is checked but the number is left blank ('applied for'). Ask how much Quinn will"
    " receive and how much is held back. Confirm when asked.",
    [
        client("CL1003"),
        vendors("CL1003", "Quinn Rivera"),
        bills_of("V30023"),
        ("record_w9", {"vendor_id": "V30023", "tin_type": "SSN"}),
        ("approve_bill", {"bill_id": "B50021", "approver_id": "U2021"}),
        (
            "schedule_payment",
            {"bill_id": "B50021", "pay_date": "2025-11-23", "method": "ach", "backup_withholding": True},
        ),
    ],
    say=["84", "266"],
    tags=("clarify", "arithmetic"),
    rules=(2, 4, 8, 10, 11, 18),
)
# 48
add(
    "devon",
    "Copperline's office staffer, entering the week's bills.",
    "You want a Metro Wire bill entered: invoice MWC-301, dated 2025-11-17, $1,480.00.",
    "Say only 'Metro Wire' at first. If asked which, it is Metro Wire & Cable in Springfield. Confirm when asked.",
    [
        client("CL1004"),
        vendors("CL1004", "Metro Wire"),
        bills_of("V30032"),
        (
            "record_bill",
            {
                "client_code": "CL1004",
                "vendor_id": "V30032",
                "number": "MWC-301",
                "bill_date": "2025-11-17",
                "amount": 1480.0,
            },
        ),
    ],
    tags=("clarify",),
    rules=(5, 18),
)
# 49
add(
    "kevin",
    "Pinecrest's controller; the trucks have been thirsty this year.",
    "You want to know how much is left in the 2025 auto and fuel budget, and then raise that budget by $900.00,"
    " to $9,900.00.",
    "Ask the first question first. Confirm the change when asked.",
    [
        client("CL1002"),
        ("get_budget_vs_actual", {"client_code": "CL1002", "year": 2025}),
        (
            "update_budget",
            {"client_code": "CL1002", "year": 2025, "account": "6050", "amount": 9900.0, "changed_by": "U2013"},
        ),
    ],
    say=["2.25"],
    tags=("compound",),
    rules=(3, 15, 18),
)
# 50
add(
    "dana",
    "The bakery's owner, back from a trade show.",
    "You want Cedar Flour Mill's invoice CF-10588 approved by you and paid.",
    "Ask how much will be paid and what the discount is. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Cedar Flour"),
        bills_of("V30003"),
        ("approve_bill", {"bill_id": "B50010", "approver_id": "U2001"}),
        ("schedule_payment", {"bill_id": "B50010", "pay_date": "2025-11-22", "method": "ach", "take_discount": True}),
    ],
    say=["138", "6762"],
    tags=("arithmetic",),
    rules=(2, 9, 18),
)
# 51
add(
    "priya",
    "The bakery's office assistant, who found a late invoice in a drawer.",
    "Rosa Delgado Design's invoice RD-1098 for $275.00, dated 2025-10-29, never got entered. You want it entered.",
    "If the agent cannot use the invoice's own date, accept the date the rules give and ask what date it will"
    " carry. Confirm when asked.",
    [
        client("CL1001"),
        vendors("CL1001", "Rosa"),
        bills_of("V30004"),
        (
            "record_bill",
            {
                "client_code": "CL1001",
                "vendor_id": "V30004",
                "number": "RD-1098",
                "bill_date": "2025-11-01",
                "amount": 275.0,
            },
        ),
    ],
    say=["2025-11-01"],
    tags=("fallback",),
    rules=(5, 7, 18),
    arithmetic={"2025-11-01": "2025-10-31 + 1 days"},
)
# 52
add(
    "kevin",
    "Pinecrest's controller, catching up on fuel bills.",
    "You want the Tri-County Fuel bill approved by you and paid.",
    "Say only 'the Tri-County Fuel bill'. If asked which, it is the one dated 2025-11-03. Ask when it will be"
    " paid. Confirm when asked.",
    [
        client("CL1002"),
        vendors("CL1002", "Tri-County"),
        bills_of("V30012"),
        ("approve_bill", {"bill_id": "B50012", "approver_id": "U2013"}),
        ("schedule_payment", {"bill_id": "B50012", "pay_date": "2025-11-19", "method": "ach"}),
    ],
    say=["2025-11-19"],
    tags=("clarify",),
    rules=(2, 8, 18),
)

# 53
add(
    "omar",
    "The practice's controller, clearing the week's payables.",
    "You want the Kidsplay Equipment bill approved by you and paid.",
    "Say only 'the Kidsplay bill'. If asked which, it is the one for $860.00 (the other one is being sorted out"
    " with the vendor). Ask on what day it will be paid. Confirm when asked.",
    [
        client("CL1005"),
        vendors("CL1005", "Kidsplay"),
        bills_of("V30052"),
        ("approve_bill", {"bill_id": "B50054", "approver_id": "U2042"}),
        ("schedule_payment", {"bill_id": "B50054", "pay_date": "2025-12-14", "method": "ach"}),
    ],
    say=["2025-12-14"],
    tags=("clarify",),
    rules=(2, 8, 18),
)
# 54
add(
    "alicia",
    "Copperline's controller, paying suppliers before a long weekend.",
    "You want the approved Metro Wire bill paid.",
    "Say only 'Metro Wire' at first. If asked which, it is Metro Wire & Cable in Springfield. Ask when the payment"
    " goes out. Confirm when asked.",
    [
        client("CL1004"),
        vendors("CL1004", "Metro Wire"),
        bills_of("V30032"),
        ("schedule_payment", {"bill_id": "B50033", "pay_date": "2025-11-19", "method": "ach"}),
    ],
    say=["2025-11-19"],
    tags=("clarify",),
    rules=(2, 8, 18),
)


def build() -> None:
    domain = DOMAINS["accounting"].load()
    tasks, failures = [], []
    for index, spec in enumerate(TASKS):
        toolkit = domain.new_toolkit()
        for name, arguments in spec["actions"]:
            result = toolkit.invoke(name, arguments)
            if result.error:
                failures.append(f"task {index}: {name} {arguments}: {result.content}")
        basis = ["DB"]
        if spec["say"]:
            basis.append("COMMUNICATE")
        task_id = str(index)
        actions = [
            gold_action(
                task_id,
                number,
                name,
                arguments,
                None if spec["action_basis"] is None else spec["action_basis"].get(number, sorted(arguments)),
            )
            for number, (name, arguments) in enumerate(spec["actions"])
        ]
        if spec["action_basis"] is not None:
            basis.append("ACTION")
        tasks.append(
            task_record(
                task_id,
                "accounting",
                persona=spec["persona"],
                reason=spec["reason"],
                known=spec["known"],
                unknown=spec["unknown"],
                instructions=spec["instructions"],
                actions=actions,
                say=spec["say"],
                basis=basis,
                rules=spec["rules"],
                tags=spec["tags"],
                arithmetic=spec["arithmetic"],
            )
        )
    if failures:
        raise SystemExit("\n".join(failures))
    ids = [task["id"] for task in tasks]
    test = [i for i in ids if int(i) % 3 == 1]
    train = [i for i in ids if i not in test]
    split = {"base": ids, "train": train, "test": test}
    write_task_files(DATA, tasks, split)
    print(f"{len(tasks)} tasks written")


if __name__ == "__main__":
    build()
