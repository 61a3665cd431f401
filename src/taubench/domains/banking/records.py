"""What every bank tool stands on: the kit's look-ups by key (which give the episode its own
copy), checking amounts and dates as the core system does, and posting to the ledger."""

from typing import Any

from taubench.domains.banking.models import Account, BankDB, Transaction
from taubench.domains.kit import RecordDesk


def cents(value: float) -> float:
    """Rounded to cents, and never -0.0."""
    return round(value + 0.0, 2)


def positive_amount(amount: Any) -> float:
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise ValueError("Amount must be a number greater than 0")
    if round(amount, 2) != amount:
        raise ValueError("Amount must be in whole cents")
    return float(amount)


class BankRecords(RecordDesk):
    db: BankDB

    def _open_account(self, account_id: str) -> Account:
        account = self._get("accounts", account_id)
        if account.status != "open":
            raise ValueError(f"Account {account_id} is {account.status}")
        return account

    def _post(self, account: Account, description: str, amount: float, channel: str, **links: Any) -> Transaction:
        """Add a posted transaction to the account's ledger and move its balances."""
        entry = Transaction(
            transaction_id=self._new_id("T", "next_transaction_number"),
            account_id=account.account_id,
            date=self.db.today,
            description=description,
            amount=cents(amount),
            channel=channel,
            status="posted",
            statement_date=None,
            **links,
        )
        self.db.transactions[entry.transaction_id] = entry
        account.balance = cents(account.balance + amount)
        account.available_balance = cents(account.available_balance + amount)
        return entry
