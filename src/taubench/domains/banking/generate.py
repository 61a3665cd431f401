"""The bank's database: the cast the tasks are written around (``data/cast.json``) with the
ordinary history of their accounts, plus seeded filler so that every look-up has near misses
to avoid.

The cast: three Maria Gonzalez (C1002 shares C1001's ZIP, C1003 her birth date), Grace Liu
and a near namesake (C1013: another birth date and ZIP), Carlos Mendez and a namesake one ZIP
away (C1021), the twins Ethan and Evan Walsh (Ethan, like Kevin O'Brien, has no bank app on
his phone), Tyler Brooks, an authorized user with a card (K30020) on his mother Linda's
account, David and Susan Kim's joint account, payees added three days ago (P40060),
yesterday (P40010) and today (P40050, P40065), Lucy Adams's internet and phone bills from one
biller, and the overdraft fees, duplicate postings, held check deposits, disputes and stop
payment the tasks turn on. A second stream (``_Builder.grow``, its own seed, drawn after the
first) brings the sizes toward the brief without moving a record of the first.
"""

import random
from datetime import date, timedelta
from itertools import count
from typing import Any, Literal, Optional

from pydantic import BaseModel

from taubench.domains.banking.bank_calendar import add_business_days, add_months
from taubench.domains.banking.models import Account, Alert, Card, Payee
from taubench.domains.kit import Population, load_cast

SEED = 20250708
GROWTH_SEED = SEED + 1  # the second stream (_Builder.grow), drawn after the first
# The second stream's ids: apart from the first stream's and from those tools mint (next_*_number).
NEW_CUSTOMERS = range(1411, 1671)
FIRST_NEW_TRANSACTION, FIRST_NEW_CARD, FIRST_NEW_DISPUTE, FIRST_NEW_STOP, FIRST_NEW_ALERT = (
    600001,
    33000,
    8001,
    9001,
    20001,
)
CAST_WOMEN = {
    "Aisha",
    "Emily",
    "Fatima",
    "Grace",
    "Hannah",
    "Linda",
    "Lucy",
    "Maria",
    "Nadia",
    "Olivia",
    "Priya",
    "Sofia",
    "Susan",
}  # the cast's first names that are women's, for the population's namesakes
TODAY = "2025-07-08"
HOLIDAYS = [
    "2025-01-01",
    "2025-01-20",
    "2025-02-17",
    "2025-05-26",
    "2025-06-19",
    "2025-07-04",
    "2025-09-01",
    "2025-10-13",
    "2025-11-11",
    "2025-11-27",
    "2025-12-25",
]
HISTORY_START = "2025-03-01"

FIRST = [
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "Wei",
    "Elizabeth",
    "Ahmed",
    "Barbara",
    "Carlos",
    "Susan",
    "Thomas",
    "Jessica",
    "Raj",
    "Sarah",
    "Kwame",
    "Karen",
    "Yuki",
    "Nancy",
    "Mateo",
    "Lisa",
    "Ivan",
    "Betty",
    "Andre",
    "Sandra",
    "Hiroshi",
    "Ashley",
    "Omar",
    "Dorothy",
    "Luis",
    "Kimberly",
    "Tariq",
]
LAST = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Nguyen",
    "Patel",
    "Wilson",
    "Anderson",
    "Taylor",
    "Thomas",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Kowalski",
    "Harris",
    "Clark",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "Okoro",
    "Hernandez",
    "Khan",
    "Schneider",
]
ZIPS = [
    "60614",
    "60615",
    "98103",
    "30307",
    "10027",
    "94110",
    "02134",
    "77002",
    "55408",
    "85004",
    "11215",
    "92101",
    "97205",
    "80205",
    "20001",
    "02127",
    "60607",
    "29401",
    "75201",
    "44102",
    "37203",
    "48201",
    "33139",
    "78704",
]
MERCHANTS = [
    "WHOLE HARVEST MARKET",
    "SHELL OIL 5512",
    "CITYLINE TRANSIT",
    "BLUE BOTTLE COFFEE",
    "AMAZON MKTPLACE",
    "TARGET 0421",
    "WALGREENS 7720",
    "NETFLIX.COM",
    "SPOTIFY USA",
    "HOME DEPOT 3301",
    "UBER TRIP",
    "CHIPOTLE 1180",
    "BEST BUY 0098",
    "TRADER JOES 552",
    "COSTCO WHSE 0741",
    "DELTA AIR LINES",
]
BILLERS = ["VERIZON WIRELESS", "STATE FARM INSURANCE", "CITY WATER UTILITY", "XFINITY", "GEICO AUTO", "PLANET FITNESS"]
EMPLOYERS = ["ACME LOGISTICS PAYROLL", "NORTHWIND HEALTH PAYROLL", "CONTOSO LTD PAYROLL", "FABRIKAM INC PAYROLL"]
BANKS = [
    "Harbor Federal Credit Union",
    "Great Lakes Bank",
    "Pacific Commerce Bank",
    "First Prairie Bank",
    "Summit Savings",
]


class CastCustomer(BaseModel):
    """A cast customer as written: the generator draws their phone and app enrolment."""

    customer_id: str
    name: str
    birth_date: str
    zip_code: str
    tax_id_last4: str
    segment: Literal["standard", "premier"]
    app_enrolled: bool
    courtesy_waivers: list[str]


class CastTransaction(BaseModel):
    """A cast ledger entry, named by a key: its id is the counter's next when it is posted."""

    key: str
    account_id: str
    date: str
    description: str
    amount: float
    channel: str
    status: str
    card_id: Optional[str] = None
    check_number: Optional[int] = None
    payee_id: Optional[str] = None
    fee_for: Optional[str] = None  # the key of the item an overdraft fee is for


class HeldDeposit(BaseModel):
    """A check deposit (by key) whose hold schedule the account shows."""

    account_id: str
    deposit: str


class CastDispute(BaseModel):
    dispute_id: str
    account_id: str
    transactions: list[str]  # keys
    reason: str
    opened_on: str
    status: str


class CastStopPayment(BaseModel):
    stop_id: str
    account_id: str
    check_number: int
    amount: float
    placed_on: str
    fee: str  # the key of its fee


CAST_SECTIONS: dict[str, type[BaseModel]] = {
    "customers": CastCustomer,
    "accounts": Account,
    "cards": Card,
    "payees": Payee,
    "transactions": CastTransaction,
    "held_deposits": HeldDeposit,
    "disputes": CastDispute,
    "stop_payments": CastStopPayment,
    "alerts": Alert,
}
LINKS = ("card_id", "check_number", "payee_id")  # a cast entry's links to other records, as written


def _statement_dates(last: str) -> list[str]:
    return [add_months(last, -months) for months in range(5, -1, -1)]


def _statement_of(day: str, last: str) -> str | None:
    """The first statement on or after the day, if one has been cut."""
    return next((cut for cut in _statement_dates(last) if cut >= day), None)


class _Builder:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.db: dict[str, Any] = {
            "today": TODAY,
            "holidays": HOLIDAYS,
            "next_transaction_number": 0,
            "next_card_number": 0,
            "next_dispute_number": 7101,
            "next_stop_number": 8101,
            "next_alert_number": 9501,
            "customers": {},
            "accounts": {},
            "transactions": {},
            "cards": {},
            "payees": {},
            "disputes": {},
            "stop_payments": {},
            "alerts": {},
            "app_enrolments": {},
        }
        self.transaction_number = 500001
        self.keys: dict[str, str] = {}

    def customer(
        self,
        customer_id: str,
        name: str,
        born: str,
        zip_code: str,
        tax4: str,
        segment: str,
        app: bool,
        waivers: list[str],
    ) -> None:
        phone = f"({self.rng.randint(201, 989)}) 555-{self.rng.randint(100, 999):03d}{self.rng.randint(0, 9)}"
        self.db["customers"][customer_id] = {
            "customer_id": customer_id,
            "name": name,
            "birth_date": born,
            "zip_code": zip_code,
            "tax_id_last4": tax4,
            "phone": phone,
            "segment": segment,
            "app_enrolled": app,
            "verified_by_code": False,
            "courtesy_waivers": waivers,
            "account_ids": [],
            "card_ids": [],
        }
        if app:
            enrolled = (date(2021, 1, 4) + timedelta(days=self.rng.randint(0, 1500))).isoformat()
            self.db["app_enrolments"][customer_id] = {
                "customer_id": customer_id,
                "secret": f"{self.rng.getrandbits(64):016x}",
                "enrolled_on": enrolled,
            }

    def account(
        self,
        account_id: str,
        kind: str,
        nickname: str,
        last4: str,
        owners: list[str],
        status: str,
        balance: float,
        available: float,
        limit: float | None,
        statement: str,
    ) -> None:
        self.db["accounts"][account_id] = {
            "account_id": account_id,
            "type": kind,
            "nickname": nickname,
            "last4": last4,
            "owner_ids": owners,
            "status": status,
            "balance": balance,
            "available_balance": available,
            "credit_limit": limit,
            "holds": [],
            "last_statement_date": statement,
        }
        for owner in owners:
            self.db["customers"][owner]["account_ids"].append(account_id)

    def card(
        self, card_id: str, account_id: str, holder: str, kind: str, last4: str, status: str, expires: str
    ) -> None:
        self.db["cards"][card_id] = {
            "card_id": card_id,
            "account_id": account_id,
            "cardholder_id": holder,
            "kind": kind,
            "last4": last4,
            "status": status,
            "expires": expires,
            "arrives_by": None,
            "closed_reason": None,
            "noticed_on": None,
            "liability_cap": None,
            "replacement_card_id": None,
        }
        self.db["customers"][holder]["card_ids"].append(card_id)

    def payee(self, payee_id: str, customer_id: str, name: str, bank: str, last4: str, added: str) -> None:
        self.db["payees"][payee_id] = {
            "payee_id": payee_id,
            "customer_id": customer_id,
            "name": name,
            "bank_name": bank,
            "account_last4": last4,
            "added_on": added,
        }

    def transaction(
        self,
        account_id: str,
        day: str,
        description: str,
        amount: float,
        channel: str,
        status: str = "posted",
        **links: Any,
    ) -> str:
        transaction_id = f"T{self.transaction_number}"
        self.transaction_number += 1
        statement = (
            _statement_of(day, self.db["accounts"][account_id]["last_statement_date"]) if status == "posted" else None
        )
        self.db["transactions"][transaction_id] = {
            "transaction_id": transaction_id,
            "account_id": account_id,
            "date": day,
            "description": description,
            "amount": round(amount, 2),
            "channel": channel,
            "status": status,
            "statement_date": statement,
            "card_id": links.get("card_id"),
            "check_number": links.get("check_number"),
            "payee_id": links.get("payee_id"),
            "fee_for": links.get("fee_for"),
            "dispute_id": None,
        }
        return transaction_id

    def history(self, account_id: str, count: int) -> None:
        """Ordinary activity before today: pay, bills, card spending, the odd check."""
        account = self.db["accounts"][account_id]
        cards = [card["card_id"] for card in self.db["cards"].values() if card["account_id"] == account_id]
        start = date.fromisoformat(HISTORY_START)
        for _ in range(count):
            day = (start + timedelta(days=self.rng.randint(0, 125))).isoformat()
            roll = self.rng.random()
            if account["type"] == "savings":
                self.transaction(account_id, day, "Interest payment", self.rng.randint(50, 900) / 100, "adjustment")
            elif account["type"] == "credit_card":
                card = cards[0] if cards else None
                merchant, amount = self.rng.choice(MERCHANTS), -self.rng.randint(500, 25000) / 100
                self.transaction(account_id, day, merchant, amount, "card", card_id=card)
            elif roll < 0.15:
                self.transaction(
                    account_id, day, self.rng.choice(EMPLOYERS), self.rng.randint(120000, 420000) / 100, "ach"
                )
            elif roll < 0.35:
                self.transaction(account_id, day, self.rng.choice(BILLERS), -self.rng.randint(2500, 30000) / 100, "ach")
            elif roll < 0.42:
                number = self.rng.randint(100, 4999)
                amount = -self.rng.randint(2000, 90000) / 100
                self.transaction(account_id, day, f"Check {number}", amount, "check", check_number=number)
            elif roll < 0.5:
                self.transaction(
                    account_id, day, "ATM withdrawal", -float(self.rng.choice([40, 60, 100, 200, 300])), "atm"
                )
            else:
                card = self.rng.choice(cards) if cards else None
                channel = "card" if card else "ach"
                merchant, amount = self.rng.choice(MERCHANTS), -self.rng.randint(300, 18000) / 100
                self.transaction(account_id, day, merchant, amount, channel, card_id=card)

    def cast(self, cast: dict[str, list]) -> None:
        for person in cast["customers"]:
            self.customer(
                person.customer_id,
                person.name,
                person.birth_date,
                person.zip_code,
                person.tax_id_last4,
                person.segment,
                person.app_enrolled,
                person.courtesy_waivers,
            )
        for account in cast["accounts"]:
            self.account(
                account.account_id,
                account.type,
                account.nickname,
                account.last4,
                account.owner_ids,
                account.status,
                account.balance,
                account.available_balance,
                account.credit_limit,
                account.last_statement_date,
            )
        for card in cast["cards"]:
            self.card(
                card.card_id, card.account_id, card.cardholder_id, card.kind, card.last4, card.status, card.expires
            )
        for payee in cast["payees"]:
            self.payee(
                payee.payee_id, payee.customer_id, payee.name, payee.bank_name, payee.account_last4, payee.added_on
            )
        for account_id in self.db["accounts"]:
            self.history(account_id, 6)
        for entry in cast["transactions"]:
            links = {name: value for name in LINKS if (value := getattr(entry, name)) is not None}
            if entry.fee_for:
                links["fee_for"] = self.keys[entry.fee_for]
            self.keys[entry.key] = self.transaction(
                entry.account_id, entry.date, entry.description, entry.amount, entry.channel, entry.status, **links
            )
        for held in cast["held_deposits"]:
            self.hold(held.account_id, held.deposit)
        for dispute in cast["disputes"]:
            self.dispute(
                dispute.dispute_id,
                dispute.account_id,
                [self.keys[key] for key in dispute.transactions],
                dispute.reason,
                dispute.opened_on,
                dispute.status,
            )
        for stop in cast["stop_payments"]:
            self.stop(
                stop.stop_id, stop.account_id, stop.check_number, stop.amount, stop.placed_on, self.keys[stop.fee]
            )
        for alert in cast["alerts"]:
            self.alert(alert.alert_id, alert.account_id, alert.alert_type, alert.threshold)

    def hold(self, account_id: str, key: str) -> None:
        """A check deposit's schedule: 275.00 on the next business day, the rest up to 6,725.00
        on the second, anything above on the seventh; only what is still held is listed."""
        deposit = self.db["transactions"][self.keys[key]]
        amount, day = deposit["amount"], deposit["date"]
        first, second = min(275.0, amount), min(amount, 6725.0) - min(275.0, amount)
        schedule = [(1, first), (2, second), (7, round(amount - first - second, 2))]
        releases = [
            {"on": on, "amount": round(part, 2)}
            for offset, part in schedule
            if part > 0 and (on := add_business_days(day, offset, HOLIDAYS)) > TODAY
        ]
        self.db["accounts"][account_id]["holds"].append(
            {"transaction_id": deposit["transaction_id"], "deposited_on": day, "amount": amount, "releases": releases}
        )

    def dispute(
        self, dispute_id: str, account_id: str, transaction_ids: list[str], reason: str, opened: str, status: str
    ) -> None:
        for transaction_id in transaction_ids:
            self.db["transactions"][transaction_id]["dispute_id"] = dispute_id
        amount = round(-sum(self.db["transactions"][t]["amount"] for t in transaction_ids), 2)
        self.db["disputes"][dispute_id] = {
            "dispute_id": dispute_id,
            "account_id": account_id,
            "transaction_ids": transaction_ids,
            "amount": amount,
            "reason": reason,
            "opened_on": opened,
            "provisional_credit_due_on": add_business_days(opened, 10, HOLIDAYS),
            "status": status,
            "provisional_credit": 0.0,
            "provisional_credit_on": None,
        }

    def stop(self, stop_id: str, account_id: str, number: int, amount: float, placed: str, fee: str) -> None:
        self.db["stop_payments"][stop_id] = {
            "stop_id": stop_id,
            "account_id": account_id,
            "check_number": number,
            "amount": amount,
            "placed_on": placed,
            "expires_on": add_months(placed, 6),
            "fee_transaction_id": fee,
        }

    def filler(self) -> None:
        rng = self.rng
        people: list[tuple[str, str, str]] = []
        for number in range(1101, 1411):
            if people and rng.random() < 0.12:  # a namesake of someone already there: another birth date or ZIP
                name, born, zip_code = rng.choice(people)
                if rng.random() < 0.5:
                    born = f"{born[:8]}{(int(born[8:]) % 28) + 1:02d}"
                else:
                    zip_code = rng.choice(ZIPS)
            else:
                name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
                born = f"{rng.randint(1945, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                zip_code = rng.choice(ZIPS)
            if any(person == (name, born, zip_code) for person in people):
                continue
            people.append((name, born, zip_code))
            customer_id = f"C{number}"
            segment = "premier" if rng.random() < 0.18 else "standard"
            waivers = [f"2025-0{rng.randint(1, 6)}-{rng.randint(1, 28):02d}"] if rng.random() < 0.1 else []
            self.customer(
                customer_id, name, born, zip_code, f"{rng.randint(0, 9999):04d}", segment, rng.random() < 0.85, waivers
            )
            base = 21000 + (number - 1101) * 3
            checking = f"A{base}"
            balance = rng.randint(2000, 1800000) / 100
            self.account(
                checking,
                "checking",
                "Premier Checking" if segment == "premier" else "Everyday Checking",
                f"{rng.randint(0, 9999):04d}",
                [customer_id],
                "open",
                balance,
                balance,
                None,
                "2025-06-30",
            )
            self.card(
                f"K{31000 + (number - 1101) * 2}",
                checking,
                customer_id,
                "debit",
                f"{rng.randint(0, 9999):04d}",
                rng.choice(["active"] * 12 + ["locked"]),
                f"202{rng.randint(6, 9)}-{rng.randint(1, 12):02d}",
            )
            self.history(checking, rng.randint(5, 9))
            if rng.random() < 0.45:
                savings = f"A{base + 1}"
                amount = rng.randint(10000, 6000000) / 100
                self.account(
                    savings,
                    "savings",
                    "Savings",
                    f"{rng.randint(0, 9999):04d}",
                    [customer_id],
                    "open",
                    amount,
                    amount,
                    None,
                    "2025-06-30",
                )
                self.history(savings, 2)
            if rng.random() < 0.35:
                card_account = f"A{base + 2}"
                limit = float(rng.choice([1500, 2500, 5000, 8000, 12000]))
                owed = -rng.randint(0, int(limit * 60)) / 100
                last = f"2025-06-{rng.randint(5, 27):02d}"
                self.account(
                    card_account,
                    "credit_card",
                    "Cash Back Mastercard",
                    f"{rng.randint(0, 9999):04d}",
                    [customer_id],
                    "open",
                    owed,
                    round(limit + owed, 2),
                    limit,
                    last,
                )
                card_last4 = self.db["accounts"][card_account]["last4"]
                self.card(
                    f"K{31001 + (number - 1101) * 2}",
                    card_account,
                    customer_id,
                    "credit",
                    card_last4,
                    "active",
                    f"2028-{rng.randint(1, 12):02d}",
                )
                self.history(card_account, rng.randint(3, 6))
            for index in range(rng.choice([0, 1, 1, 2, 2, 3])):
                added = (date(2021, 1, 1) + timedelta(days=rng.randint(0, 1640))).isoformat()
                self.payee(
                    f"P{41000 + (number - 1101) * 4 + index}",
                    customer_id,
                    f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                    rng.choice(BANKS),
                    f"{rng.randint(0, 9999):04d}",
                    added,
                )
            if rng.random() < 0.8:
                alert_type = rng.choice(["low_balance", "large_transaction"])
                self.alert(
                    f"AL{9100 + number - 1101}", checking, alert_type, float(rng.choice([50, 100, 250, 500, 1000]))
                )
            self._filler_cases(customer_id, checking)

    def _filler_cases(self, customer_id: str, checking: str) -> None:
        """Some filler customers carry a dispute or a stop payment, as real books do."""
        if self.rng.random() < 0.12:
            self._disputed_charge(checking, f"D{len(self.db['disputes']) + 7004}")
        if self.rng.random() < 0.08:
            self._stopped_check(checking, f"S{len(self.db['stop_payments']) + 8001}")

    def _disputed_charge(self, checking: str, dispute_id: str) -> None:
        rng = self.rng
        day = f"2025-0{rng.randint(4, 6)}-{rng.randint(1, 28):02d}"
        charge = self.transaction(checking, day, rng.choice(MERCHANTS), -rng.randint(1500, 60000) / 100, "card")
        opened = add_business_days(day, rng.randint(3, 20), HOLIDAYS)
        self.dispute(
            dispute_id,
            checking,
            [charge],
            rng.choice(["unauthorized", "duplicate", "not_received"]),
            min(opened, TODAY),
            "resolved" if opened < "2025-06-01" else "open",
        )

    def _stopped_check(self, checking: str, stop_id: str) -> None:
        rng = self.rng
        placed = f"2025-0{rng.randint(1, 6)}-{rng.randint(1, 28):02d}"
        number = rng.randint(100, 4999)
        fee = self.transaction(checking, placed, f"Stop payment fee, check {number}", -30.0, "fee")
        self.stop(stop_id, checking, number, rng.randint(5000, 300000) / 100, placed, fee)

    def grow(self, cast: dict[str, list]) -> None:
        """The second stream (toward the brief's sizes): more customers, each with accounts,
        cards, payees, alerts, now and then disputes and stop payments, and a fuller ledger.
        It draws after the first stream from its own seed and numbers its records apart from
        the first stream's and from the ids tools mint, so no earlier record moves; no new
        customer has an earlier customer's name, birth date and ZIP all three."""
        population = Population(GROWTH_SEED, TODAY)
        for person in cast["customers"]:
            first, last = person.name.split(" ", 1)
            population.know(first, last, "F" if first in CAST_WOMEN else "M")
        rng = self.rng = population.rng
        self.transaction_number = FIRST_NEW_TRANSACTION
        taken = {(c["name"], c["birth_date"], c["zip_code"]) for c in self.db["customers"].values()}
        disputes, stops, alerts = count(FIRST_NEW_DISPUTE), count(FIRST_NEW_STOP), count(FIRST_NEW_ALERT)
        for number in NEW_CUSTOMERS:
            # a name and birth date (the bank writes phones its own way: customer() draws them)
            person, zip_code = population.person("000", ages=(21, 80)), rng.choice(ZIPS)
            if (person.name, person.birth_date, zip_code) in taken:
                continue
            taken.add((person.name, person.birth_date, zip_code))
            customer_id, segment = f"C{number}", "premier" if rng.random() < 0.18 else "standard"
            waivers = [f"2025-0{rng.randint(1, 6)}-{rng.randint(1, 28):02d}"] if rng.random() < 0.1 else []
            self.customer(
                customer_id,
                person.name,
                person.birth_date,
                zip_code,
                f"{rng.randint(0, 9999):04d}",
                segment,
                rng.random() < 0.85,
                waivers,
            )
            base, card = 21000 + (number - 1101) * 3, FIRST_NEW_CARD + (number - NEW_CUSTOMERS.start) * 2
            checking, balance = f"A{base}", rng.randint(2000, 1800000) / 100
            self.account(
                checking,
                "checking",
                "Premier Checking" if segment == "premier" else "Everyday Checking",
                f"{rng.randint(0, 9999):04d}",
                [customer_id],
                "open",
                balance,
                balance,
                None,
                "2025-06-30",
            )
            self.card(
                f"K{card}",
                checking,
                customer_id,
                "debit",
                f"{rng.randint(0, 9999):04d}",
                rng.choice(["active"] * 12 + ["locked"]),
                f"202{rng.randint(6, 9)}-{rng.randint(1, 12):02d}",
            )
            self.history(checking, rng.randint(28, 45))
            for alert_type in rng.sample(["low_balance", "large_transaction"], rng.randint(1, 2)):
                self.alert(f"AL{next(alerts)}", checking, alert_type, float(rng.choice([50, 100, 250, 500, 1000])))
            if rng.random() < 0.45:
                amount = rng.randint(10000, 6000000) / 100
                self.account(
                    f"A{base + 1}",
                    "savings",
                    "Savings",
                    f"{rng.randint(0, 9999):04d}",
                    [customer_id],
                    "open",
                    amount,
                    amount,
                    None,
                    "2025-06-30",
                )
                self.history(f"A{base + 1}", rng.randint(4, 8))
            if rng.random() < 0.35:
                limit = float(rng.choice([1500, 2500, 5000, 8000, 12000]))
                owed, last4 = -rng.randint(0, int(limit * 60)) / 100, f"{rng.randint(0, 9999):04d}"
                self.account(
                    f"A{base + 2}",
                    "credit_card",
                    "Cash Back Mastercard",
                    last4,
                    [customer_id],
                    "open",
                    owed,
                    round(limit + owed, 2),
                    limit,
                    f"2025-06-{rng.randint(5, 27):02d}",
                )
                self.card(
                    f"K{card + 1}",
                    f"A{base + 2}",
                    customer_id,
                    "credit",
                    last4,
                    "active",
                    f"2028-{rng.randint(1, 12):02d}",
                )
                self.history(f"A{base + 2}", rng.randint(15, 30))
                if rng.random() < 0.6:
                    self.alert(
                        f"AL{next(alerts)}", f"A{base + 2}", "large_transaction", float(rng.choice([250, 500, 1000]))
                    )
            for index in range(rng.choice([1, 2, 2, 3, 3, 4])):
                added = (date(2021, 1, 1) + timedelta(days=rng.randint(0, 1650))).isoformat()
                self.payee(
                    f"P{41000 + (number - 1101) * 4 + index}",
                    customer_id,
                    f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                    rng.choice(BANKS),
                    f"{rng.randint(0, 9999):04d}",
                    added,
                )
            for _ in range(rng.choice([0, 0, 1, 1, 2])):
                self._disputed_charge(checking, f"D{next(disputes)}")
            if rng.random() < 0.5:
                self._stopped_check(checking, f"S{next(stops)}")

    def alert(self, alert_id: str, account_id: str, alert_type: str, threshold: float) -> None:
        self.db["alerts"][alert_id] = {
            "alert_id": alert_id,
            "account_id": account_id,
            "alert_type": alert_type,
            "threshold": threshold,
        }


def database() -> dict[str, Any]:
    cast = load_cast(__package__, CAST_SECTIONS)
    builder = _Builder()
    builder.cast(cast)
    builder.filler()
    next_transaction_number = builder.transaction_number
    builder.grow(cast)
    db = builder.db
    db["next_transaction_number"] = next_transaction_number
    db["next_card_number"] = 32000
    db["transactions"] = dict(sorted(db["transactions"].items(), key=lambda item: int(item[0][1:])))
    return db
