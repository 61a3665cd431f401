"""Tallyhouse Bookkeeping's database: the hand-written cast (``data/cast.json``) plus seeded
filler clients, so that look-ups have namesakes, similar vendors and a year of history to
sift.

The cast is what the tasks are built around:

- Brightwater Bakery (CL1001): the two vendors named Acme Supply Co (Portland and Tacoma,
  different TINs), each with an open bill; Cedar Flour Mill's purchase orders (a bill 4% over
  one, a bill within the tolerance of another), its invoice CF-10442 paid in October, and its
  CF-10501 entered twice (the copy entered later has the later date); a 1099 designer close
  to the 600.00 line; a refrigeration vendor with no W-9; a packaging vendor whose W-9 left
  the TIN blank; November bank lines that match entries, one that is 7 days from its entry,
  and two bank fees no entry records (35.00, 145.00).
- Pinecrest Landscaping (CL1002): a 6,200.00 bill above a staff member's limit, two fuel
  bills from one vendor (one due today), a tree service with no W-9, customers near their
  credit limits (two named Oakridge), and budget lines to change by less and more than 10%.
  Its staff member Maria Lopez shares her name with the owner of Maria Lopez Studio.
- Maria Lopez Studio (CL1003): two vendors named Quinn Rivera (one with no W-9), a second
  shooter paid 560.00 this year, a camera rental bill of the same amount 17 days before a new one.
- Copperline Electric (CL1004): Metro Wire Supply and Metro Wire & Cable; MW-5501 entered
  twice (the copy entered later has the earlier date); software posted to office supplies;
  its tax calendar.
- Riverside Pediatric Therapy (CL1005) and Riverside Therapy Group (CL1006): two owners
  named Grace Kim; a discount that ends tomorrow; a consultant with a blank TIN; a bill the
  vendor cancelled; a payroll line with no entry and one 3 days from its entry.

Every cast client also gets the filler's January-October history (deposits and expenses with
their matched bank lines), so trial balances and budget reports have a year behind them."""

from datetime import date, timedelta
from typing import Any

from taubench.domains.accounting.models import (
    Account,
    BankLine,
    Bill,
    BudgetLine,
    Client,
    Customer,
    Invoice,
    JournalEntry,
    PurchaseOrder,
    Receipt,
    Vendor,
)
from taubench.domains.kit import Population, load_cast

SEED = 20251118
NOW = "2025-11-18 09:30"
TODAY = NOW[:10]
FILLER_CLIENTS = 294  # with the six of the cast: 300
STATES = [
    ("Portland", "OR"),
    ("Boise", "ID"),
    ("Santa Fe", "NM"),
    ("Dayton", "OH"),
    ("Columbus", "OH"),
    ("Tacoma", "WA"),
    ("Spokane", "WA"),
    ("Tucson", "AZ"),
    ("Madison", "WI"),
    ("Asheville", "NC"),
]
PLACES = [
    "Riverside",
    "Oakridge",
    "Harbor",
    "Summit",
    "Cedar",
    "Maple",
    "Granite",
    "Bluebird",
    "Northstar",
    "Willow",
    "Copper",
    "Juniper",
    "Lakeshore",
    "Redwood",
    "Prairie",
    "Foxglove",
    "Ironwood",
    "Silverline",
]
TRADES = [
    ("Bakery", "4000", ["5000", "6450", "6700"]),
    ("Coffee Roasters", "4000", ["5000", "6450", "6000"]),
    ("Landscaping", "4100", ["6050", "6500", "6000"]),
    ("Electric", "4100", ["6050", "6550", "6650"]),
    ("Plumbing", "4100", ["6050", "6500", "6600"]),
    ("Dental", "4100", ["6450", "6550", "6400"]),
    ("Physical Therapy", "4100", ["6450", "6400", "6000"]),
    ("Yoga Studio", "4100", ["6450", "6000", "6700"]),
    ("Bookshop", "4000", ["5000", "6450", "6000"]),
    ("Design Studio", "4100", ["6550", "6650", "6000"]),
    ("Auto Repair", "4100", ["5000", "6500", "6700"]),
    ("Catering", "4000", ["5000", "6050", "6300"]),
]
SUFFIXES = {"llc": "LLC", "s_corp": "Inc", "c_corp": "Corp", "partnership": "Partners", "sole_proprietor": ""}
VENDOR_FIRMS = [
    "Acme Supply Co",
    "Summit Office Products",
    "Valley Electric Utility",
    "Pioneer Insurance Agency",
    "Brightline Internet",
    "Keystone Property Management",
    "Northwest Restaurant Supply",
    "Granite Fleet Services",
    "Clearview Software",
    "Harbor Freight Lines",
    "Pacific Paper Goods",
    "Redline Equipment Rental",
]
TERMS = ["net 30", "net 30", "net 15", "2/10 net 30", "1/10 net 30", "net 45"]
# what each cast budget line had spent by the end of October (the tasks' budget figures follow from these)
SPENT_THROUGH_OCTOBER = {
    "CL1001": {"5000": 121940.0, "6000": 4212.4, "6500": 6458.04, "6700": 11630.55},
    "CL1002": {"6000": 6120.0, "6050": 8997.75, "6500": 9410.3, "6550": 2115.0},
    "CL1003": {"6000": 1960.0, "6650": 2870.45},
    "CL1004": {"6000": 2847.86, "6050": 14655.2, "6550": 4833.33, "6650": 3108.54},
    "CL1005": {"6000": 3412.18, "6400": 11020.0},
}
CAST_WOMEN = {"Dana", "Priya", "Maria", "Alicia", "Grace", "Lena"}  # the cast's namesakes are drawn with their sex
NEXT_BILL, NEXT_ENTRY, NEXT_INVOICE = 60001, 100001, 80001  # above every seeded id: new records' numbers
ORDERED = [
    "Supplies order",
    "Shop equipment",
    "Packaging stock",
    "Replacement parts",
    "Uniforms and linens",
    "Printed materials",
    "Cleaning supplies",
]
NET_DAYS = {"due on receipt": 0, "net 15": 15, "net 30": 30, "net 45": 45, "2/10 net 30": 30, "1/10 net 30": 30}


def _plus(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def trade_service(trade: str) -> str:
    return f"{trade} services"


def _dump(records: list[Any], key: str) -> dict[str, Any]:
    return {getattr(record, key): record.model_dump() for record in records}


def database() -> dict[str, Any]:
    cast = load_cast(
        __package__,
        {
            "chart_of_accounts": Account,
            "clients": Client,
            "vendors": Vendor,
            "customers": Customer,
            "purchase_orders": PurchaseOrder,
            "receipts": Receipt,
            "bills": Bill,
            "invoices": Invoice,
            "bank_lines": BankLine,
            "journal_entries": JournalEntry,
            "budgets": BudgetLine,
        },
    )
    people = Population(SEED, TODAY)
    rng = people.rng
    for client in cast["clients"]:
        for user in client.users:
            first, _, last = user.name.partition(" ")
            people.know(first, last, "F" if first in CAST_WOMEN else "M")
    clients: list[Client] = list(cast["clients"])
    vendors: list[Vendor] = list(cast["vendors"])
    customers: list[Customer] = list(cast["customers"])
    orders: list[PurchaseOrder] = list(cast["purchase_orders"])
    receipts: list[Receipt] = list(cast["receipts"])
    bills: list[Bill] = list(cast["bills"])
    invoices: list[Invoice] = list(cast["invoices"])
    lines: list[BankLine] = list(cast["bank_lines"])
    entries: list[JournalEntry] = list(cast["journal_entries"])
    budgets: list[BudgetLine] = list(cast["budgets"])
    numbers = {"user": 3000, "vendor": 31000, "customer": 41000, "po": 7100, "rc": 9100, "bill": 51000}
    numbers |= {"invoice": 71000, "line": 81000, "entry": 61000}

    def next_id(kind: str, prefix: str) -> str:
        numbers[kind] += 1
        return f"{prefix}{numbers[kind]}"

    def book(client: Client, month: int, account: str, amount: float, description: str) -> None:
        """One cash entry of the month (money in for a revenue account, else out) and its matched bank line."""
        day = f"2025-{month:02d}-{rng.randint(2, 26):02d}"
        entry_id = next_id("entry", "JE")
        money_in = account.startswith("4")
        if money_in:
            legs = [("1010", amount, 0.0), (account, 0.0, amount)]
            memo = f"Deposit {date.fromisoformat(day).strftime('%B')} sales"
        else:
            legs = [(account, amount, 0.0), ("1010", 0.0, amount)]
            memo = f"{accounts[account]} {date.fromisoformat(day).strftime('%B')}"
        entries.append(
            JournalEntry.model_validate(
                {
                    "entry_id": entry_id,
                    "client_code": client.client_code,
                    "date": day,
                    "memo": memo,
                    "lines": [{"account": a, "debit": d, "credit": c} for a, d, c in legs],
                    "posted_by": "system",
                }
            )
        )
        lines.append(
            BankLine(
                bank_line_id=next_id("line", "BL"),
                client_code=client.client_code,
                account="1010",
                date=_plus(day, rng.randint(0, 3)),
                amount=amount if money_in else -amount,
                description=description,
                matched_entry=entry_id,
            )
        )

    def history(client: Client, revenue: str, expenses: list[str]) -> None:
        """January to October: a monthly deposit and expense, each entry matched to its bank line."""
        base = rng.randint(8, 40) * 500
        for month in range(1, 11):
            book(client, month, revenue, round(base * rng.uniform(0.8, 1.2), 2), "DEPOSIT")
            account = rng.choice(expenses)
            amount = round(base * rng.uniform(0.8, 1.2) * rng.uniform(0.05, 0.3), 2)
            book(client, month, account, amount, f"ACH DEBIT {accounts[account].upper()}")

    def cast_history(client: Client, revenue: str, spent: dict[str, float]) -> None:
        """A cast client's January to October: each budget line spent to the stated total through October
        (the tenths drawn, October taking what is left), and deposits half again as large."""
        monthly = sum(spent.values()) / 10
        shares = {
            account: [round(total / 10 * rng.uniform(0.9, 1.1), 2) for _ in range(9)]
            for account, total in spent.items()
        }
        for month in range(1, 11):
            book(client, month, revenue, round(monthly * 1.5 * rng.uniform(0.85, 1.15), 2), "DEPOSIT")
            for account, total in spent.items():
                amount = shares[account][month - 1] if month < 10 else round(total - sum(shares[account]), 2)
                book(client, month, account, amount, f"ACH DEBIT {accounts[account].upper()}")

    def more_expenses(client: Client, expenses: list[str]) -> None:
        """A filler client's second expense of each month, January to October, matched like the first."""
        for month in range(1, 11):
            account = rng.choice(expenses)
            day = f"2025-{month:02d}-{rng.randint(2, 26):02d}"
            amount = round(rng.uniform(40, 2500), 2)
            entry_id = next_id("entry", "JE")
            entries.append(
                JournalEntry.model_validate(
                    {
                        "entry_id": entry_id,
                        "client_code": client.client_code,
                        "date": day,
                        "memo": f"{accounts[account]} {date.fromisoformat(day).strftime('%B')}",
                        "lines": [
                            {"account": account, "debit": amount, "credit": 0.0},
                            {"account": "1010", "debit": 0.0, "credit": amount},
                        ],
                        "posted_by": "system",
                    }
                )
            )
            lines.append(
                BankLine(
                    bank_line_id=next_id("line", "BL"),
                    client_code=client.client_code,
                    account="1010",
                    date=_plus(day, rng.randint(0, 3)),
                    amount=-amount,
                    description=f"CHECK {rng.randint(1000, 9999)}",
                    matched_entry=entry_id,
                )
            )

    accounts = {account.account: account.name for account in cast["chart_of_accounts"]}
    cast_trades = {"CL1001": 0, "CL1002": 2, "CL1003": 9, "CL1004": 3, "CL1005": 6, "CL1006": 6}
    for client in cast["clients"]:
        _, revenue, expenses = TRADES[cast_trades[client.client_code]]
        if client.client_code in SPENT_THROUGH_OCTOBER:
            cast_history(client, revenue, SPENT_THROUGH_OCTOBER[client.client_code])
        else:
            history(client, revenue, expenses)

    used_names = {client.name for client in clients}
    for index in range(FILLER_CLIENTS):
        trade, revenue, expenses = TRADES[index % len(TRADES)]
        city, state = STATES[rng.randrange(len(STATES))]
        entity = rng.choice(list(SUFFIXES))
        name = f"{rng.choice(PLACES)} {trade} {SUFFIXES[entity]}".strip()
        while name in used_names:
            name = f"{rng.choice(PLACES)} {rng.choice(PLACES)} {trade} {SUFFIXES[entity]}".strip()
        used_names.add(name)
        code = f"CL{1007 + index}"
        domain = name.split()[0].lower() + trade.split()[0].lower() + ".example"
        users = []
        for role in ["owner", "controller", "staff", "staff"][: rng.randint(2, 4)]:
            person = people.person("555", ages=(22, 70), mail_domain=domain)
            users.append({"user_id": next_id("user", "U"), "name": person.name, "role": role, "email": person.email})
        lock = "2025-09-30" if rng.random() < 0.1 else "2025-10-31"
        last4 = f"{rng.randint(0, 9999):04d}"
        client = Client.model_validate(
            {
                "client_code": code,
                "name": name,
                "entity_type": entity,
                "city": city,
                "state": state,
                "fiscal_year_end": "12-31",
                "lock_date": lock,
                "users": users,
                "bank_accounts": [{"account": "1010", "bank": f"{city} Community Bank", "last4": last4}],
                "tax_deadlines": [
                    {"form": "941 (Q3 2025)", "due": "2025-10-31", "status": "filed"},
                    {"form": "941 (Q4 2025)", "due": "2026-02-02", "status": "open"},
                    {"form": "1099-NEC (2025)", "due": "2026-01-31", "status": "open"},
                ],
            }
        )
        clients.append(client)
        first_entry = len(entries)
        history(client, revenue, expenses)
        more_expenses(client, expenses)
        spent = {account: 0.0 for account in expenses}
        for entry in entries[first_entry:]:
            for leg in entry.lines:
                if leg.account in spent:
                    spent[leg.account] += leg.debit
        for account in expenses:  # the year's budget: ten months' spending over twelve, give or take, in 500s
            budget = max(500.0, round(spent[account] * 1.2 * rng.uniform(0.85, 1.25) / 500) * 500.0)
            budgets.append(
                BudgetLine(
                    budget_id=f"{code}-2025-{account}",
                    client_code=code,
                    year=2025,
                    account=account,
                    amount=budget,
                )
            )
        own_vendors = []
        for firm in rng.sample(VENDOR_FIRMS, 2) + [None]:
            vendor_city, vendor_state = STATES[rng.randrange(len(STATES))]
            if firm is None:
                person = people.person("555")
                vendor_name, tin_type, eligible = person.name, "SSN", True
            else:
                vendor_name, tin_type, eligible = firm, "EIN", False
            has_w9 = rng.random() < 0.9
            vendor = Vendor(
                vendor_id=next_id("vendor", "V"),
                client_code=code,
                name=vendor_name,
                city=vendor_city,
                state=vendor_state,
                terms=rng.choice(TERMS),
                w9_on_file=has_w9,
                tin_type=tin_type if has_w9 else None,
                tin_last4=f"{rng.randint(0, 9999):04d}" if has_w9 and rng.random() < 0.95 else None,
                eligible_1099=eligible,
                paid_this_year=float(rng.randint(0, 400) * 50),
            )
            vendors.append(vendor)
            own_vendors.append(vendor)
        for vendor in own_vendors:
            for number in range(rng.randint(3, 5)):
                day = f"2025-{rng.randint(8, 11):02d}-{rng.randint(1, 28):02d}"
                day = min(day, "2025-11-14")
                status = "paid" if day < "2025-10-20" else rng.choice(["open", "approved", "paid"])
                amount = round(rng.uniform(80, 9000), 2)
                discount = {"2/10 net 30": 10, "1/10 net 30": 10}.get(vendor.terms)
                paid = {"pay_date": min(_plus(day, 20), "2025-11-17"), "method": "ach", "discount": 0.0}
                paid |= {"backup_withholding": 0.0, "net_amount": amount}
                bills.append(
                    Bill.model_validate(
                        {
                            "bill_id": next_id("bill", "B"),
                            "client_code": code,
                            "vendor_id": vendor.vendor_id,
                            "number": f"{vendor.name[:2].upper()}-{1000 + 37 * number + rng.randint(0, 30)}",
                            "date": day,
                            "amount": amount,
                            "terms": vendor.terms,
                            "due_date": _plus(day, NET_DAYS[vendor.terms]),
                            "discount_until": _plus(day, discount) if discount else None,
                            "entered_on": _plus(day, rng.randint(1, 3)),
                            "status": status,
                            "approved_by": users[0]["user_id"] if status != "open" else None,
                            "payment": paid if status == "paid" else None,
                        }
                    )
                )
        for number, what in enumerate(rng.sample(ORDERED, 3)):
            amount = float(rng.randint(10, 120) * 50)
            received = amount if rng.random() < 0.8 else round(amount * rng.uniform(0.5, 0.95), 2)
            order = PurchaseOrder(
                po_id=next_id("po", "PO"),
                client_code=code,
                vendor_id=own_vendors[number % 2].vendor_id,
                date=f"2025-{rng.randint(8, 11):02d}-{rng.randint(1, 12):02d}",
                description=what,
                amount=amount,
                status="open" if number == 0 else rng.choice(["billed", "closed"]),
            )
            orders.append(order)
            receipts.append(
                Receipt(receipt_id=next_id("rc", "RC"), po_id=order.po_id, date=_plus(order.date, 4), amount=received)
            )
        for _ in range(2):
            person = people.person("555")
            terms = rng.choice(["net 15", "net 30", "due on receipt"])
            limit = float(rng.randint(4, 40) * 1000)
            customer = Customer(
                customer_id=next_id("customer", "CU"),
                client_code=code,
                name=f"{person.last} {rng.choice(['Holdings', 'Family Dental', 'Properties', 'Cafe', 'Academy'])}",
                city=city,
                terms=terms,
                credit_limit=limit,
                open_balance=0.0,
            )
            for month in (rng.randint(7, 9), rng.randint(10, 11)):
                day = f"2025-{month:02d}-{rng.randint(1, 14):02d}"
                amount = float(rng.randint(2, 40) * 75)
                open_invoice = month >= 10 and rng.random() < 0.6
                invoices.append(
                    Invoice(
                        invoice_id=next_id("invoice", "IN"),
                        client_code=code,
                        customer_id=customer.customer_id,
                        date=day,
                        terms=terms,
                        due_date=_plus(day, NET_DAYS[terms]),
                        lines=[{"description": trade_service(trade), "quantity": 1.0, "unit_price": amount}],
                        amount=amount,
                        status="open" if open_invoice else "paid",
                    )
                )
                customer.open_balance = round(customer.open_balance + (amount if open_invoice else 0.0), 2)
            customers.append(customer)

    assert numbers["bill"] < NEXT_BILL and numbers["entry"] < NEXT_ENTRY and numbers["invoice"] < NEXT_INVOICE
    return {
        "now": NOW,
        "next_bill_number": NEXT_BILL,
        "next_entry_number": NEXT_ENTRY,
        "next_invoice_number": NEXT_INVOICE,
        "chart_of_accounts": _dump(cast["chart_of_accounts"], "account"),
        "clients": _dump(clients, "client_code"),
        "vendors": _dump(vendors, "vendor_id"),
        "customers": _dump(customers, "customer_id"),
        "purchase_orders": _dump(orders, "po_id"),
        "receipts": _dump(receipts, "receipt_id"),
        "bills": _dump(bills, "bill_id"),
        "invoices": _dump(invoices, "invoice_id"),
        "bank_lines": _dump(lines, "bank_line_id"),
        "journal_entries": _dump(entries, "entry_id"),
        "budgets": _dump(budgets, "budget_id"),
    }
