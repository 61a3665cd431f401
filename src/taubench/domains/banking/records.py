"""What every bank tool stands on: looking records up by key (which gives the episode its
own copy), checking amounts and dates as the core system does, and posting to the ledger."""

from typing import Any

from taubench.domains.banking.models import Account, BankDB, Card, Customer, Dispute, Transaction
from taubench.toolkit import Toolkit


def cents(value: float) -> float:
    """Rounded to cents, and never -0.0."""
    return round(value + 0.0, 2)


def positive_amount(amount: Any) -> float:
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise ValueError("Amount must be a number greater than 0")
    if round(amount, 2) != amount:
        raise ValueError("Amount must be in whole cents")
    return float(amount)


def iso_date(value: Any, name: str) -> str:
    shaped = isinstance(value, str) and len(value) == 10 and value[4] == value[7] == "-"
    if not (shaped and value.replace("-", "").isdigit()):
        raise ValueError(f"{name} must be a date written YYYY-MM-DD")
    return value


class BankRecords(Toolkit):
    db: BankDB

    # Look-ups by key (each gives the episode its own copy of the record).
    def _customer(self, customer_id: str) -> Customer:
        if customer_id not in self.db.customers:
            raise ValueError("Customer not found")
        return self.db.customers[customer_id]

    def _account(self, account_id: str) -> Account:
        if account_id not in self.db.accounts:
            raise ValueError("Account not found")
        return self.db.accounts[account_id]

    def _open_account(self, account_id: str) -> Account:
        account = self._account(account_id)
        if account.status != "open":
            raise ValueError(f"Account {account_id} is {account.status}")
        return account

    def _card(self, card_id: str) -> Card:
        if card_id not in self.db.cards:
            raise ValueError("Card not found")
        return self.db.cards[card_id]

    def _transaction(self, transaction_id: str) -> Transaction:
        if transaction_id not in self.db.transactions:
            raise ValueError(f"Transaction {transaction_id} not found")
        return self.db.transactions[transaction_id]

    def _dispute(self, dispute_id: str) -> Dispute:
        if dispute_id not in self.db.disputes:
            raise ValueError("Dispute not found")
        return self.db.disputes[dispute_id]

    def _post(self, account: Account, description: str, amount: float, channel: str, **links: Any) -> Transaction:
        """Add a posted transaction to the account's ledger and move its balances."""
        entry = Transaction(
            transaction_id=f"T{self.db.next_transaction_number}",
            account_id=account.account_id,
            date=self.db.today,
            description=description,
            amount=cents(amount),
            channel=channel,
            status="posted",
            statement_date=None,
            **links,
        )
        self.db.next_transaction_number += 1
        self.db.transactions[entry.transaction_id] = entry
        account.balance = cents(account.balance + amount)
        account.available_balance = cents(account.available_balance + amount)
        return entry
