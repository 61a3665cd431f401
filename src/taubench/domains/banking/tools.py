"""The banking domain's tools: the contact center's view of customers, accounts, cards,
payees and disputes, and the changes it can make. The tools check what the core banking
system checks (existence, status, ownership of payees, available funds, checks already
paid); the policy's judgement (verification tiers, limits, windows, waivers) is the agent's."""

from typing import Annotated

from taubench.core.markers import Unordered
from taubench.core.toolkit import tool
from taubench.domains.banking.bank_calendar import add_business_days, add_months, business_days_between, security_code
from taubench.domains.banking.models import Alert, Card, Customer, Dispute, Payee, StopPayment, Transaction
from taubench.domains.banking.records import BankRecords, cents, positive_amount
from taubench.domains.kit import a_date
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

STOP_PAYMENT_FEE = 30.0
STOP_PAYMENT_MONTHS = 6
SHIPPING_BUSINESS_DAYS = {"standard": 7, "expedited": 2}
CARD_YEARS = 4
PROVISIONAL_CREDIT_BUSINESS_DAYS = 10
LIABILITY_BUSINESS_DAYS, PROMPT_LIABILITY, LATE_LIABILITY = 2, 50.0, 500.0
DISPUTABLE_CHANNELS = ("card", "ach", "external_transfer", "atm")
DISPUTE_REASONS = ("unauthorized", "duplicate", "not_received", "wrong_amount")
ALERT_TYPES = ("low_balance", "large_transaction")
REPLACEMENT_REASONS = ("lost", "stolen", "damaged", "compromised")
WAIVER_REASONS = ("courtesy", "bank_error", "premier_benefit")


class BankTools(BankRecords):
    """The contact center's tools."""

    # Reads
    @tool("read")
    def find_customer(self, name: str, birth_date: str, zip_code: str) -> str:
        """Find a customer's id from their full name, date of birth and home ZIP code (tier-1
        identification). All three must match.

        Args:
            name: The customer's full name, e.g. "Maria Gonzalez".
            birth_date: Their date of birth, YYYY-MM-DD.
            zip_code: The 5-digit ZIP code of their home address.
        """
        wanted = (str(name).strip().lower(), birth_date, str(zip_code).strip())
        for customer in self.db.customers.values():
            if (customer.name.lower(), customer.birth_date, customer.zip_code) == wanted:
                return customer.customer_id
        raise ValueError("No customer matches that name, date of birth and ZIP code")

    @tool("read")
    def get_customer(self, customer_id: str) -> Customer:
        """A customer's profile: contact, segment, whether the bank app is enrolled on their
        phone, tier-2 verification in this conversation, courtesy fee waivers granted, and
        the ids of the accounts they own and the cards issued to them.

        Args:
            customer_id: The customer's id, e.g. "C1001".
        """
        return self._get("customers", customer_id)

    @tool("read")
    def get_account(self, account_id: str) -> dict:
        """An account: type, owners, status, balance and available balance, check deposits on
        hold, last statement date, and its alerts, disputes and stop payments. A credit
        card's balance is negative (the amount owed) and its available balance is the credit
        left.

        Args:
            account_id: The account's id, e.g. "A20001".
        """
        account = self._get("accounts", account_id)
        return {
            **account.model_dump(warnings=False),
            "alerts": [alert.model_dump() for alert in self._of("alerts", "account_id", account_id)],
            "disputes": [dispute.dispute_id for dispute in self._of("disputes", "account_id", account_id)],
            "stop_payments": [stop.model_dump() for stop in self._of("stop_payments", "account_id", account_id)],
        }

    @tool("read")
    def list_transactions(self, account_id: str, date_from: str, date_to: str) -> list[Transaction]:
        """An account's transactions dated from date_from to date_to (both included), newest
        first. Amounts below 0 left the account.

        Args:
            account_id: The account's id.
            date_from: The first day, YYYY-MM-DD.
            date_to: The last day, YYYY-MM-DD.
        """
        self._get("accounts", account_id)
        start, end = a_date(date_from, "date_from").isoformat(), a_date(date_to, "date_to").isoformat()
        if start > end:
            raise ValueError("date_from must not be after date_to")
        found = [t for t in self._of("transactions", "account_id", account_id) if start <= t.date <= end]
        return sorted(found, key=lambda t: (t.date, int(t.transaction_id[1:])), reverse=True)

    @tool("read")
    def get_card(self, card_id: str) -> Card:
        """A card: the account it draws on, its cardholder, status and expiry; for a replacement
        its delivery date; for a closed card why, when that was noticed, and its replacement.

        Args:
            card_id: The card's id, e.g. "K30001".
        """
        return self._get("cards", card_id)

    @tool("read")
    def list_payees(self, customer_id: str) -> list[Payee]:
        """The external payees a customer has saved, with the date each was added, oldest first.

        Args:
            customer_id: The customer's id.
        """
        self._get("customers", customer_id)
        return self._of("payees", "customer_id", customer_id)

    @tool("read")
    def get_dispute(self, dispute_id: str) -> Dispute:
        """A dispute: the transactions and amount disputed, when it was opened, its provisional
        credit due date (the 10th business day after opening), its status and any provisional
        credit given.

        Args:
            dispute_id: The dispute's id, e.g. "D7001".
        """
        return self._get("disputes", dispute_id)

    # Writes
    @tool("write")
    def verify_code(self, customer_id: str, code: str) -> str:
        """Check the 6-digit security code the customer reads from the bank app on their
        phone; a match records tier-2 verification for this conversation.

        Args:
            customer_id: The customer's id.
            code: The 6 digits the customer read out, as text, e.g. "042917".
        """
        customer = self._get("customers", customer_id)
        if customer_id not in self.db.app_enrolments:
            raise ValueError("Customer has no bank app enrolled: no security code can be checked")
        if str(code).strip() != security_code(self.db.app_enrolments[customer_id].secret, self.db.today):
            raise ValueError("Security code does not match")
        customer.verified_by_code = True
        return f"Security code verified: {customer.name} ({customer_id}) is verified at tier 2 for this conversation"

    @tool("write")
    def transfer_internal(self, from_account_id: str, to_account_id: str, amount: float) -> list[Transaction]:
        """Move money between two accounts at this bank, today. Paying a credit card from a
        checking or savings account is an internal transfer to the card's account.

        Args:
            from_account_id: The account the money leaves (checking or savings).
            to_account_id: The account it goes to.
            amount: USD, in cents at most, e.g. 500 or 120.45.
        """
        source, target = self._open_account(from_account_id), self._open_account(to_account_id)
        amount = positive_amount(amount)
        if from_account_id == to_account_id:
            raise ValueError("The two accounts must differ")
        if source.type == "credit_card":
            raise ValueError("Transfers cannot be drawn from a credit card account")
        if amount > source.available_balance:
            raise ValueError(f"Amount exceeds the available balance of {source.available_balance:.2f}")
        if target.type == "credit_card" and amount > -target.balance:
            raise ValueError(f"Amount exceeds the {-target.balance:.2f} owed on the card")
        out = self._post(source, f"Transfer to {target.nickname} ...{target.last4}", -amount, "transfer")
        back = self._post(target, f"Transfer from {source.nickname} ...{source.last4}", amount, "transfer")
        return [out, back]

    @tool("write")
    def send_external_transfer(self, from_account_id: str, payee_id: str, amount: float) -> Transaction:
        """Send money today to a saved external payee of one of the account's owners.

        Args:
            from_account_id: The checking or savings account the money leaves.
            payee_id: The payee's id, e.g. "P40001".
            amount: USD, in cents at most.
        """
        source = self._open_account(from_account_id)
        payee = self._get("payees", payee_id)
        amount = positive_amount(amount)
        if source.type == "credit_card":
            raise ValueError("Transfers cannot be drawn from a credit card account")
        if payee.customer_id not in source.owner_ids:
            raise ValueError("The payee does not belong to an owner of this account")
        if amount > source.available_balance:
            raise ValueError(f"Amount exceeds the available balance of {source.available_balance:.2f}")
        return self._post(source, f"Transfer to {payee.name}", -amount, "external_transfer", payee_id=payee_id)

    @tool("write")
    def lock_card(self, card_id: str) -> Card:
        """Lock an active card: every new purchase and withdrawal with it is declined.

        Args:
            card_id: The card's id.
        """
        card = self._get("cards", card_id)
        if card.status != "active":
            raise ValueError(f"Only an active card can be locked; this one is {card.status}")
        card.status = "locked"
        return card

    @tool("write")
    def replace_card(self, card_id: str, reason: str, noticed_on: str, ship_speed: str) -> list[Card]:
        """Close a card for good and order its replacement with a new number, shipped in 7
        business days (standard) or 2 (expedited). Returns the closed card (for a lost or
        stolen one, with the customer's liability cap under card rules: 50.00 when reported
        within 2 business days after it was noticed, else 500.00) and the replacement.

        Args:
            card_id: The card to replace.
            reason: "lost", "stolen", "damaged" or "compromised" (its number was misused).
            noticed_on: The day the customer noticed the loss, theft, damage or misuse, YYYY-MM-DD.
            ship_speed: "standard" or "expedited".
        """
        card = self._get("cards", card_id)
        noticed_on = a_date(noticed_on, "noticed_on").isoformat()
        if card.status not in ("active", "locked"):
            raise ValueError(f"Card cannot be replaced: it is {card.status}")
        if reason not in REPLACEMENT_REASONS:
            raise ValueError('reason must be "lost", "stolen", "damaged" or "compromised"')
        if noticed_on > self.db.today:
            raise ValueError("noticed_on cannot be after today")
        if ship_speed not in SHIPPING_BUSINESS_DAYS:
            raise ValueError('ship_speed must be "standard" or "expedited"')
        new_id = self._new_id("K", "next_card_number")
        replacement = Card(
            card_id=new_id,
            account_id=card.account_id,
            cardholder_id=card.cardholder_id,
            kind=card.kind,
            last4=f"{int(new_id[1:]) * 7919 % 10000:04d}",
            status="ordered",
            expires=f"{int(self.db.today[:4]) + CARD_YEARS}{self.db.today[4:7]}",
            arrives_by=add_business_days(self.db.today, SHIPPING_BUSINESS_DAYS[ship_speed], self.db.holidays),
            closed_reason=None,
            noticed_on=None,
            liability_cap=None,
            replacement_card_id=None,
        )
        self.db.cards[replacement.card_id] = replacement
        card.status, card.closed_reason, card.noticed_on = "closed", reason, noticed_on
        card.replacement_card_id = replacement.card_id
        if reason in ("lost", "stolen"):
            late = business_days_between(noticed_on, self.db.today, self.db.holidays) > LIABILITY_BUSINESS_DAYS
            card.liability_cap = LATE_LIABILITY if late else PROMPT_LIABILITY
        self._get("customers", card.cardholder_id).card_ids.append(replacement.card_id)
        return [card, replacement]

    @tool("write")
    def open_dispute(self, transaction_ids: Annotated[list[str], Unordered()], reason: str) -> Dispute:
        """Open one dispute over one or more posted debits of the same account (card, ACH,
        external transfer or ATM; not checks, fees or transfers between own accounts).

        Args:
            transaction_ids: The disputed transactions' ids, e.g. ["T500123", "T500131"].
            reason: "unauthorized", "duplicate", "not_received" or "wrong_amount".
        """
        if not isinstance(transaction_ids, list) or not transaction_ids:
            raise ValueError("transaction_ids must be a non-empty list")
        if len(set(map(str, transaction_ids))) != len(transaction_ids):
            raise ValueError("A transaction is listed twice")
        if reason not in DISPUTE_REASONS:
            raise ValueError(f"reason must be one of {', '.join(DISPUTE_REASONS)}")
        entries = [self._get("transactions", transaction_id) for transaction_id in transaction_ids]
        if len({entry.account_id for entry in entries}) > 1:
            raise ValueError("All disputed transactions must be on one account")
        for entry in entries:
            if entry.status != "posted" or entry.amount >= 0:
                raise ValueError(f"Transaction {entry.transaction_id} is not a posted debit")
            if entry.channel not in DISPUTABLE_CHANNELS:
                raise ValueError(f"Transaction {entry.transaction_id} is a {entry.channel} item and cannot be disputed")
            if entry.dispute_id is not None:
                raise ValueError(f"Transaction {entry.transaction_id} is already in dispute {entry.dispute_id}")
        dispute = Dispute(
            dispute_id=self._new_id("D", "next_dispute_number"),
            account_id=entries[0].account_id,
            transaction_ids=list(transaction_ids),
            amount=cents(-sum(entry.amount for entry in entries)),
            reason=reason,
            opened_on=self.db.today,
            provisional_credit_due_on=add_business_days(
                self.db.today, PROVISIONAL_CREDIT_BUSINESS_DAYS, self.db.holidays
            ),
            status="open",
            provisional_credit=0.0,
            provisional_credit_on=None,
        )
        self.db.disputes[dispute.dispute_id] = dispute
        for entry in entries:
            entry.dispute_id = dispute.dispute_id
        return dispute

    @tool("write")
    def issue_provisional_credit(self, dispute_id: str) -> Dispute:
        """Credit the disputed amount to the account while an open dispute is investigated.

        Args:
            dispute_id: The dispute's id.
        """
        dispute = self._get("disputes", dispute_id)
        if dispute.status != "open":
            raise ValueError("The dispute is resolved")
        if dispute.provisional_credit:
            raise ValueError(f"Provisional credit was already given on {dispute.provisional_credit_on}")
        account = self._open_account(dispute.account_id)
        self._post(account, f"Provisional credit, dispute {dispute_id}", dispute.amount, "adjustment")
        dispute.provisional_credit, dispute.provisional_credit_on = dispute.amount, self.db.today
        return dispute

    @tool("write")
    def place_stop_payment(self, account_id: str, check_number: int, amount: float) -> StopPayment:
        """Stop a check not yet paid, for 6 months. The 30.00 USD stop-payment fee is charged
        to the account at once.

        Args:
            account_id: The checking account the check is drawn on.
            check_number: The check's number.
            amount: The check's amount, USD.
        """
        account = self._open_account(account_id)
        amount = positive_amount(amount)
        if account.type != "checking":
            raise ValueError("Stop payments are placed on checking accounts only")
        if isinstance(check_number, bool) or not isinstance(check_number, int) or check_number <= 0:
            raise ValueError("check_number must be a positive whole number")
        for entry in self._of("transactions", "account_id", account_id):
            if entry.check_number == check_number and entry.channel == "check":
                raise ValueError(f"Check {check_number} was already paid on {entry.date}")
        for stop in self._of("stop_payments", "account_id", account_id):
            if stop.check_number == check_number and stop.expires_on >= self.db.today:
                raise ValueError(f"A stop payment on check {check_number} is already in force until {stop.expires_on}")
        fee = self._post(account, f"Stop payment fee, check {check_number}", -STOP_PAYMENT_FEE, "fee")
        stop = StopPayment(
            stop_id=self._new_id("S", "next_stop_number"),
            account_id=account_id,
            check_number=check_number,
            amount=amount,
            placed_on=self.db.today,
            expires_on=add_months(self.db.today, STOP_PAYMENT_MONTHS),
            fee_transaction_id=fee.transaction_id,
        )
        self.db.stop_payments[stop.stop_id] = stop
        return stop

    @tool("write")
    def set_alert(self, account_id: str, alert_type: str, threshold: float) -> Alert:
        """Set an account alert sent to the customer's phone, replacing the threshold of an
        existing alert of the same type.

        Args:
            account_id: The account's id.
            alert_type: "low_balance" (the balance falls below the threshold) or
                "large_transaction" (a single transaction above the threshold).
            threshold: USD.
        """
        self._open_account(account_id)
        if alert_type not in ALERT_TYPES:
            raise ValueError('alert_type must be "low_balance" or "large_transaction"')
        threshold = positive_amount(threshold)
        same = [
            alert.alert_id for alert in self._of("alerts", "account_id", account_id) if alert.alert_type == alert_type
        ]
        if same:
            alert = self.db.alerts[same[0]]
            alert.threshold = threshold
            return alert
        alert = Alert(
            alert_id=self._new_id("AL", "next_alert_number"),
            account_id=account_id,
            alert_type=alert_type,
            threshold=threshold,
        )
        self.db.alerts[alert.alert_id] = alert
        return alert

    @tool("write")
    def waive_fee(self, customer_id: str, transaction_id: str, reason: str) -> Transaction:
        """Waive a fee charged to an account the customer owns: the fee is refunded in full.
        A courtesy waiver is recorded on the customer.

        Args:
            customer_id: The customer asking (an owner of the account).
            transaction_id: The fee's transaction id.
            reason: "courtesy", "bank_error" (the fee should not have been charged) or
                "premier_benefit" (a fee premier customers do not pay).
        """
        customer, fee = self._get("customers", customer_id), self._get("transactions", transaction_id)
        if reason not in WAIVER_REASONS:
            raise ValueError('reason must be "courtesy", "bank_error" or "premier_benefit"')
        if fee.channel != "fee":
            raise ValueError(f"Transaction {transaction_id} is not a fee")
        if fee.status == "waived":
            raise ValueError(f"Fee {transaction_id} was already waived")
        account = self._get("accounts", fee.account_id)
        if customer_id not in account.owner_ids:
            raise ValueError("Customer does not own the account charged")
        fee.status = "waived"
        account.balance = cents(account.balance - fee.amount)
        account.available_balance = cents(account.available_balance - fee.amount)
        if reason == "courtesy":
            customer.courtesy_waivers.append(self.db.today)
        return fee

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
